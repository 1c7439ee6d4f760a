"""R-ORC-4 in the dialog that rolled: in solo play the app's intrusion, drawn in the roll's
own step, is shown in the dialog's result area under the die, before the dialog closes (a
natural 1's free one with what it is; a proposal with how it is answered), in the roll
dialog and the attack dialog alike; and it fits the task (a Might push on a hatch draws no
scrambled download)."""

import pytest
from textual.widgets import Static

from strange_tui.campaign.model.events import Drawn, PromptRaised, RollMade
from strange_tui.content.loader import Content
from strange_tui.rules.dice import SeededDice
from strange_tui.tui.combat.attack import AttackDialog
from strange_tui.tui.rolls.roll import RollDialog
from strange_tui.tui.table.answer import IntrusionAnswer
from tests.tui.test_layout import screen_lines
from tests.tui.test_roll_dialog import tab_to
from tests.tui.test_solo_play import journal, solo_app

HATCH = "Pry open the lamp room hatch"
IDEAS = Content().load_all().kind("intrusions")


class AppDice:
    """The app's dice: ``first`` in order, then a seeded sequence."""

    def __init__(self, *first: int, seed: int = 3) -> None:
        self.first = list(first)
        self.rest = SeededDice(seed)

    def roll(self, sides: int) -> int:
        return self.first.pop(0) if self.first else self.rest.roll(sides)


def app_dice(monkeypatch, *first: int, seed: int = 3) -> None:
    monkeypatch.setattr(
        "strange_tui.campaign.commands.base.SeededDice", lambda: AppDice(*first, seed=seed)
    )


def result_of(app) -> str:
    return str(app.screen.query_one("#result", Static).render())


def drawn_intrusion(app) -> Drawn:
    (drawn,) = [e for e in journal(app) if isinstance(e, Drawn) and e.table == "intrusion"]
    return drawn


def idea_of(drawn: Drawn):
    """The built-in idea the draw names (its words, as the log has them)."""
    (idea,) = [i for i in IDEAS.values() if " ".join(i.text.split()).rstrip(".") in drawn.result]
    return idea


async def roll_the_hatch(pilot, die: str) -> None:
    """r on Home; the task's words (Might is the form's stat), the die typed, enter."""
    await pilot.press("r", *HATCH)
    await tab_to(pilot, "die")
    await pilot.press(*die, "enter")
    await pilot.pause()


@pytest.mark.starts_first  # One of the longest: started first.
async def test_r_orc_4_a_natural_1_shows_the_free_intrusion_in_the_roll_dialog(
    tmp_path, monkeypatch
):
    """A typed 1 on the hatch: the dialog stays open and its result says the free
    intrusion the app drew, its words in full; the idea is a Might one."""
    for seed in (3, 11):
        app_dice(monkeypatch, seed=seed)
        app = solo_app(tmp_path / str(seed))
        async with app.run_test(size=(80, 24)) as pilot:
            await roll_the_hatch(pilot, "1")
            assert isinstance(app.screen, RollDialog)
            roll = next(e for e in journal(app) if isinstance(e, RollMade))
            assert (roll.die, roll.stat.value, roll.label) == (1, "might", HATCH)
            drawn = drawn_intrusion(app)
            idea = idea_of(drawn)
            assert not idea.stats or "might" in idea.stats
            shown = " ".join(result_of(app).split())
            kind, _, words = drawn.result.partition(": ")
            assert f"Free intrusion (no XP): {kind} — {words}." in shown
            assert "The GM intrudes" not in shown
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, (RollDialog, IntrusionAnswer))


async def test_r_orc_4_the_apps_proposal_shows_in_the_roll_dialog_with_its_answer(
    tmp_path, monkeypatch
):
    """A typed 14; the app's check d20 shows 20: the proposal and how it is answered
    are in the result; closing the dialog brings its question."""
    app_dice(monkeypatch, 20)
    app = solo_app(tmp_path, intrusions="rare")
    async with app.run_test(size=(100, 40)) as pilot:
        await roll_the_hatch(pilot, "14")
        assert isinstance(app.screen, RollDialog)
        asked = next(e for e in journal(app) if isinstance(e, PromptRaised))
        kind, _, words = asked.what.partition(": ")
        shown = " ".join(result_of(app).split())
        assert f"The app proposes an intrusion: {kind} — {words} — " in shown
        assert "accept (+2 XP) or refuse (−1 XP)" in shown
        assert "The app proposes" in "\n".join(screen_lines(app))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, IntrusionAnswer)


async def test_r_orc_4_a_quiet_roll_shows_no_intrusion(tmp_path, monkeypatch):
    app_dice(monkeypatch, 5)  # The check d20: no proposal.
    app = solo_app(tmp_path, intrusions="rare")
    async with app.run_test(size=(100, 40)) as pilot:
        await roll_the_hatch(pilot, "14")
        shown = result_of(app)
        assert "d20: 14" in shown and "intrusion" not in shown.casefold()


async def test_r_orc_4_an_attacks_natural_1_shows_the_free_intrusion_in_its_dialog(
    tmp_path, monkeypatch
):
    """A solo fight: Mara attacks the thug on a typed 1; the attack dialog's result says
    the free intrusion, an attack's idea."""
    app = solo_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("tab", "3", "tab", *"Thug", "enter")
        await pilot.press("i", "1", "5", "tab", "5", "tab", "1", "2", "enter")
        await pilot.pause()
        app_dice(monkeypatch, seed=5)
        await pilot.press("a", "ctrl+f", "1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        drawn = drawn_intrusion(app)
        assert "attack" in idea_of(drawn).tasks
        kind, _, words = drawn.result.partition(": ")
        shown = " ".join(result_of(app).split())
        assert f"Free intrusion (no XP): {kind} — {words}." in shown
