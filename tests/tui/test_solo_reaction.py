"""The reaction dialog (Home's f), keys only (R-NPC-1): the NPC, its level, the speaker and
their skill; the modifier in words and each reaction's exact odds before the die; the
reaction on screen, one step in the journal (the NPC met in the same step); typing never
rolls; 80x24 and 40x12."""

from strange_tui.campaign.model.abilities import skills_now
from strange_tui.campaign.model.events import Drawn, Listed
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.solo.reaction import ReactionDialog
from tests.tui.test_layout import screen_lines, tab_through

NAME = "Alys the keeper"
# From the name: the level's list, one up from 3; on past the speaker to the skill's
# list, one down from "No skill": Mara's first skill by name, Guns (trained).
LEVEL_2_GUNS = ["tab", "enter", "up", "enter", "tab", "tab", "enter", "down", "enter"]


def on_screen(app) -> str:
    return "\n".join(screen_lines(app))


async def test_r_npc_1_a_reaction_with_the_odds_first_and_your_own_d20(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = len(demo_app.session.journal())
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(demo_app.screen, ReactionDialog)
        await pilot.press(*NAME, "enter")  # Enter in the name goes to the die: no roll.
        await pilot.pause()
        assert len(demo_app.session.journal()) == before
        assert demo_app.focused.id == "die"
        demo_app.screen.query_one("#npc").focus()
        await pilot.press(*LEVEL_2_GUNS)
        await pilot.pause()
        screen = on_screen(demo_app)
        assert "+3 Mara Quist trained in Guns, +1 level 2: +4 in all" in screen
        assert "Hostile      5% 1" in screen and "Helpful     40% 13-20" in screen
        assert "Friendly    20% 9-12" in screen

        await pilot.press("ctrl+f", "9", "enter")
        await pilot.pause()
        journal = demo_app.session.journal()
        drawn, listed = journal[before:]
        assert isinstance(drawn, Drawn) and isinstance(listed, Listed)
        assert (drawn.table, drawn.result, drawn.dice, drawn.level, drawn.character) == (
            "reaction", f"{NAME}: friendly", (9,), 2, "mara-quist"
        )  # fmt: skip
        assert listed.item.name == NAME
        assert [p.name for p in demo_app.session.state.story.people][-1] == NAME
        screen = on_screen(demo_app)
        # N12: one space after the name (the badge's own padding).
        assert f"{NAME}: friendly" in screen and f"{NAME}:  friendly" not in screen
        assert "d20: 9 (your die) +4 = 13" in screen
        assert demo_app.session.describe((drawn, listed)).startswith(
            f"{NAME} (level 2) reacts to Mara Quist: friendly (d20 9)."
        )
        # Ready for the next NPC, the level and skill kept.
        assert demo_app.focused.id == "npc" and demo_app.focused.value == ""
        await pilot.press(*"Odo", "ctrl+s")  # ctrl+s rolls too; the app's die.
        await pilot.pause()
        odo = demo_app.session.journal()[-2]
        assert odo.result.startswith("Odo: ") and "(the app's die)" in on_screen(demo_app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)


async def test_r_npc_1_no_name_rolls_nothing_and_another_speaker_brings_their_own_skills(
    demo_app,
):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = len(demo_app.session.journal())
        await pilot.press("f", "ctrl+s")
        await pilot.pause()
        assert len(demo_app.session.journal()) == before, "no NPC named: no roll"
        dialog = demo_app.screen
        speaker = dialog.query_one("#speaker")
        others = [value for _, value in dialog.speakers()][1:]
        speaker.value = others[0]
        await pilot.pause()
        who = demo_app.session.state.characters[others[0]]
        offered = {str(value) for _, value in dialog.query_one("#skill")._options}
        assert offered == {"", *skills_now(who)}  # The sheet's, with its abilities' ones.
        assert set(who.skills) <= offered
        assert f"+0 {who.name} speaks with no skill" in on_screen(demo_app)


async def test_the_reaction_dialog_is_usable_at_40x12(demo_app):
    async with demo_app.run_test(size=(40, 12)) as pilot:
        await pilot.press("f", *NAME, "ctrl+s")
        await pilot.pause()
        hidden = await tab_through(pilot)
        assert not hidden, "\n".join(hidden)
