"""The roll dialog through the keys: a roll and a reroll are one command each, a typed d20
works for the reroll too, and the log tells both."""

import io

from rich.console import Console
from textual.widgets import Static

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.translation import Translate
from strange_tui.campaign.model.events import ClockAdvanced, RollMade, RollRerolled, XpAwarded
from strange_tui.rules.translation import HOUR
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.home.log import LogScreen
from strange_tui.tui.rolls.roll import RollDialog
from tests.tui.conftest import character_state

MARA = "mara-quist"


async def tab_to(pilot, widget_id: str) -> None:
    """Tab through the form until ``widget_id`` has the focus (keys only)."""
    for _ in range(30):
        if pilot.app.focused is not None and pilot.app.focused.id == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"#{widget_id} never took the focus")


def give_xp(demo, amount: int) -> None:
    CampaignFolder(demo).open().dispatch(XpAwarded(character=MARA, amount=amount))


async def test_r_xp_2_a_reroll_with_your_own_d20_is_one_step_and_logged(demo, demo_app):
    """Type 4 (a failure at difficulty 3), ctrl+r with 15 typed: 1 XP spent, the 15 stands,
    the reroll is one undo step and the log shows the first roll, the reroll and the result."""
    give_xp(demo, 1)
    async with demo_app.run_test(size=(100, 40)) as pilot:
        xp = character_state(demo_app, MARA).xp
        await pilot.press("r", *"Climb")
        await tab_to(pilot, "die")
        await pilot.press("4", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, RollDialog)
        first = demo_app.session.journal()[-1]
        assert isinstance(first, RollMade) and (first.die, first.success) == (4, False)
        await pilot.press("1", "5", "ctrl+r")
        await pilot.pause()
        reroll = demo_app.session.journal()[-1]
        assert isinstance(reroll, RollRerolled) and (reroll.die, reroll.success) == (15, True)
        assert character_state(demo_app, MARA).xp == xp - 1
        result = str(demo_app.screen.query_one("#result").render())
        assert "d20: 15" in result and "from 4" in result and "Success" in result
        await pilot.press("escape", "ctrl+z")
        await pilot.pause()
        assert demo_app.session.journal()[-1] == first
        assert character_state(demo_app, MARA).xp == xp
        await pilot.press("ctrl+y", "l")
        await pilot.pause()
        assert isinstance(demo_app.screen, LogScreen)
        log = demo_app.screen.query_one("#events")
        newest = str(log.get_option_at_index(0).prompt)
        assert "reroll Climb: 4, then 15" in newest and "15 stands: success" in newest


async def test_r_task_6_the_app_marks_the_die_it_rolled(demo_app):
    async with demo_app.run_test(size=(100, 40)) as pilot:
        await pilot.press("r", *"Look around", "enter", "enter")  # To the die, then roll.
        await pilot.pause()
        assert "rolled by the app" in str(demo_app.screen.query_one("#result").render())


async def test_one_roll_is_one_undo_step_and_undo_says_what_it_undid(demo_app):
    async with demo_app.run_test(size=(100, 40)) as pilot:
        before = demo_app.session.state
        await pilot.press("r", *"Jump the gap")
        await tab_to(pilot, "die")
        await pilot.press("1", "2", "enter", "escape")
        await pilot.pause()
        messages = []
        demo_app.notify = lambda message, **_: messages.append(message)
        await pilot.press("ctrl+z")
        assert demo_app.session.state == before
        assert messages and messages[0].startswith("Undid: Mara Quist rolled 12 for Jump the gap")


# The effects of a translation move the roll the player sees (R-TR-6..8).


def translate_mara(demo, die: int, on_failure: str = "no translation", wait: int = 0) -> None:
    """Mara alone to Ruk with ``die`` (difficulty 4, target 12), then ``wait`` seconds."""
    store = CampaignFolder(demo).open()
    command = Translate(destination="ruk", recursion_difficulty=4, initiator=MARA, die=die,
                        on_failure=on_failure)  # fmt: skip
    store.apply(decide(store.state, command))
    if wait:
        store.dispatch(ClockAdvanced(seconds=wait))


def shown_preview(app) -> str:
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(app.screen.query_one("#preview", Static).content)
    return "\n".join(" ".join(line.split()) for line in console.export_text().splitlines())


async def test_r_tr_7_slowed_reactions_raise_a_speed_roll_in_the_dialog(demo, demo_app):
    """A failed translation with slowed reactions, an hour of acclimation later: Mara's
    Speed roll shows the effect on its own line and Demanding 3 → Difficult 4; a 10 fails."""
    translate_mara(demo, 2, "slowed reactions", wait=HOUR)
    async with demo_app.run_test(size=(100, 40)) as pilot:
        await pilot.press("r", *"Dodge the cart")
        await tab_to(pilot, "stat")
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        shown = shown_preview(demo_app)
        assert "Effects Slowed reactions +1 (until" in shown
        assert "Demanding 3 → Difficult 4" in shown and "target 12" in shown
        await tab_to(pilot, "die")
        await pilot.press("1", "0", "enter")
        await pilot.pause()
        made = demo_app.session.journal()[-1]
        assert isinstance(made, RollMade) and (made.hindrances, made.success) == (1, False)


async def test_r_tr_6_a_focus_task_after_a_19_is_eased_in_the_dialog(demo, demo_app):
    translate_mara(demo, 19)
    async with demo_app.run_test(size=(100, 40)) as pilot:
        await pilot.press("r", *"Shoot the lock")
        await tab_to(pilot, "focus_task")
        await pilot.press("space")
        await pilot.pause()
        shown = shown_preview(demo_app)
        assert "Effects Translated on a 19 -1 (until" in shown
        assert "Demanding 3 → Standard 2" in shown and "target 6" in shown


async def test_r_tr_8_a_focus_ability_is_refused_while_acclimating(demo, demo_app):
    translate_mara(demo, 15)
    async with demo_app.run_test(size=(100, 40)) as pilot:
        entries = len(demo_app.session.journal())
        await pilot.press("r", *"Careful shot")
        await tab_to(pilot, "focus_ability")
        await pilot.press("space")
        await pilot.pause()
        assert "is acclimating until" in shown_preview(demo_app)
        await tab_to(pilot, "die")
        await pilot.press("1", "2", "enter")
        await pilot.pause()
        assert len(demo_app.session.journal()) == entries  # refused, nothing recorded


async def test_the_roll_dialog_opens_again_as_new_after_a_roll(demo, demo_app):
    """Kept between opens, the dialog comes back as a fresh one: the task, the
    difficulty and the Effort typed last time are gone, the result too, and Roll rolls."""
    async with demo_app.run_test(size=(100, 40)) as pilot:
        await pilot.press("r", *"Climb")
        await tab_to(pilot, "difficulty")
        await pilot.press("enter", "down", "down", "enter")  # Demanding 3 -> Difficult... 5
        await pilot.press("ctrl+f", "1", "7", "enter")
        await pilot.pause()
        first = demo_app.screen
        assert isinstance(first, RollDialog) and first.rolled is not None
        assert str(first.query_one("#roll").label) == "Done"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        again = demo_app.screen
        assert again is first  # The same dialog, not made again...
        assert again.rolled is None  # ...but as a new one.
        assert again.query_one("#label").value == ""
        assert again.query_one("#difficulty").value == 3
        assert str(again.query_one("#roll").label) == "Roll"
        assert "Demanding 3" in shown_preview(demo_app)
        assert not again.query_one("#result").has_class("-shown")
        await pilot.press(*"Jump", "ctrl+f", "1", "5", "enter")
        await pilot.pause()
        rolls = [e for e in demo_app.session.journal() if isinstance(e, RollMade)]
        assert [(r.label, r.difficulty, r.die) for r in rolls[-2:]][-1] == ("Jump", 3, 15)
