"""Artifacts on the sheet and identifying (R-ART-1, R-ART-2), keys only: f opens the list;
n gains an artifact (its level, depletion, unidentified); i studies it (the Intellect task
at its level, the minutes pass on the clock); enter uses it (its first use's task, then the
depletion die, said once seen); a spent one stays on the sheet; a cypher gained
unidentified is refused its use until studied."""

from strange_tui.tui.character.artifact_tasks import IdentifyDialog, UseArtifactDialog
from strange_tui.tui.character.artifacts import ArtifactsDialog, GainArtifactDialog
from strange_tui.tui.character.sheet import SheetScreen
from tests.tui.reach import rendered, screen_lines, tab_through

MARA = "mara-quist"


def preview(app) -> str:
    return rendered(app.screen.query_one("#preview"))


def notes(app) -> list[str]:
    return [notice.message for notice in app._notifications]


def listed(app) -> str:
    return "\n".join(screen_lines(app))


async def gain_spinner(pilot, unknown: bool = True) -> None:
    """On the sheet: f, n, a level 3 Spinner (1 in 1d20), perhaps unidentified, ctrl+s."""
    await pilot.press("f", "n", *"Spinner", "tab", "enter", "down", "down", "enter")
    await pilot.press("tab", "tab", *"Spins a whirlwind", "tab")
    if unknown:
        await pilot.press("space")
    await pilot.pause()
    assert isinstance(pilot.app.screen, GainArtifactDialog)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_r_art_1_an_artifact_gained_studied_used_and_spent_by_keys(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, SheetScreen)
        await pilot.press("f", "n", *"Spinner", "tab", "enter", "down", "down", "enter")
        await pilot.press("tab", "tab", *"Spins a whirlwind", "tab", "space")
        await pilot.pause()
        assert "Spinner: level 3, depletion 1 in 1d20 (1 in 20: 5%), unidentified" in (
            preview(demo_app)
        )
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(demo_app.screen, ArtifactsDialog)
        assert "Spinner L3 · depletion 1 in 1d20 · unidentified" in listed(demo_app).replace(
            "  ", " "
        )

        await pilot.press("i")
        await pilot.pause()
        assert isinstance(demo_app.screen, IdentifyDialog)
        shown = preview(demo_app)
        for line in ("Study 15 minutes: the clock goes to Day 6, 09:36", "Demanding 3",
                     "60% target 9", "Cost 0 Intellect"):  # fmt: skip
            assert line in shown, line
        await pilot.press("1", "5")
        await pilot.pause()
        assert isinstance(demo_app.screen, IdentifyDialog)  # Typing never commits.
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, ArtifactsDialog)
        state = demo_app.session.state
        assert state.characters[MARA].artifacts[0].identified
        assert state.clock.label() == "Day 6, 09:36"
        assert any("identified the artifact Spinner" in n for n in notes(demo_app))

        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, UseArtifactDialog)
        shown = preview(demo_app)
        assert "Depletion 1 in 1d20 (1 in 20: 5% a use)" in shown
        assert "its first use once identified: an Intellect task at its level" in shown
        await pilot.press("1", "2", "enter")  # The task's d20; enter goes to the depletion die.
        await pilot.pause()
        assert demo_app.focused.id == "depletion"
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, ArtifactsDialog)
        assert "Depletion d20: 1: it works, but that was its last use." in notes(demo_app)
        spinner = demo_app.session.state.characters[MARA].artifacts[0]
        assert spinner.spent and spinner.used_once
        assert "· spent" in listed(demo_app)

        await pilot.press("enter")  # A spent one is not used again.
        await pilot.pause()
        assert isinstance(demo_app.screen, ArtifactsDialog)
        assert "Spinner is spent." in notes(demo_app)
        await pilot.press("escape")
        await pilot.pause()
        lists = rendered(demo_app.screen.query_one("#lists-body"))
        assert "Artifacts 1. Spinner L3 · depletion 1 in 1d20 · spent Spins a whirlwind" in lists


async def test_r_art_2_a_known_artifact_used_again_rolls_only_its_depletion(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await gain_spinner(pilot, unknown=False)
        await pilot.press("enter", "1", "5", "enter", "4", "enter")  # First use: the task.
        await pilot.pause()
        assert "Depletion d20: 4: it still works." in notes(demo_app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, UseArtifactDialog)
        assert not demo_app.screen.query("#die")  # No task now: the depletion die only.
        assert "none: it is known and was used before" in preview(demo_app)
        assert demo_app.focused.id == "depletion"
        await pilot.press("enter")  # Blank: the app rolls it.
        await pilot.pause()
        assert isinstance(demo_app.screen, ArtifactsDialog)
        assert any("Depletion d20:" in n and "(the app's die)" in n for n in notes(demo_app))
        await pilot.press("d")  # Let it go: one step, undone by ctrl+z on the sheet.
        await pilot.pause()
        assert demo_app.session.state.characters[MARA].artifacts == ()
        await pilot.press("escape", "ctrl+z")
        await pilot.pause()
        assert demo_app.session.state.characters[MARA].artifacts[0].name == "Spinner"


async def test_r_art_1_an_unidentified_cypher_is_refused_then_studied(fresh_app):
    async with fresh_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "g", "tab", *"Odd vial", "tab", "3", "tab", "space")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not fresh_app.session.state.characters["mara"].cyphers[0].identified
        assert "Odd vial L3 anoetic unidentified" in rendered(
            fresh_app.screen.query_one("#lists-body")
        )
        await pilot.press("u", "enter")
        await pilot.pause()
        assert any("Odd vial is not identified yet" in n for n in notes(fresh_app))
        await pilot.press("escape", "f")
        await pilot.pause()
        assert "Odd vial cypher L3 · unidentified" in listed(fresh_app).replace("  ", " ")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(fresh_app.screen, IdentifyDialog)
        await pilot.press(*["shift+tab"] * 6)  # From the die back to the difficulty.
        assert fresh_app.focused.id == "difficulty"
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert "Difficulty Standard 2" in preview(fresh_app)
        await pilot.press("tab", "enter", "down", "down", "down", "enter")  # An hour.
        await pilot.pause()
        assert "Study 60 minutes" in preview(fresh_app)
        await pilot.press("ctrl+f", "6", "enter")  # Target 6.
        await pilot.pause()
        mara = fresh_app.session.state.characters["mara"]
        assert mara.cyphers[0].identified
        assert fresh_app.session.state.clock.label() == "Day 1, 09:00"


async def test_r_art_1_the_dialogs_fit_80x24_and_escape_leaves_no_trace(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await gain_spinner(pilot)
        seq = demo_app.session.state.seq
        await pilot.press("i")
        await pilot.pause()
        assert not await tab_through(pilot)
        assert "ctrl+f your die · enter there identifies" in listed(demo_app)
        await pilot.press("escape", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, UseArtifactDialog)
        assert not await tab_through(pilot)
        assert "enter in the last die uses it" in listed(demo_app)
        await pilot.press("escape", "n")
        await pilot.pause()
        assert not await tab_through(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(demo_app.screen, ArtifactsDialog)
        assert demo_app.session.state.seq == seq
