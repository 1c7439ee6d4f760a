"""Circumstances in the roll, attack and defense dialogs (R-CIR-1, R-CIR-2), keys only:
picked by typing to filter, each a line of the preview with who gains, the difficulty
moved by their steps, darkness asking for support; and the GM's weapon distinctions
setting (R-WPN-1)."""

import re

from textual.widgets import Checkbox, Input, Select, SelectionList

from strange_tui.campaign.model.events import RollMade
from strange_tui.tui.combat.attack import AttackDialog, DefenseDialog
from strange_tui.tui.rolls.circumstances import CircumstancePicker
from strange_tui.tui.rolls.roll import RollDialog
from strange_tui.tui.table.settings import SettingsDialog
from tests.tui.conftest import character_state
from tests.tui.test_combat import THUG_AND_INITIATIVE, notices, shown
from tests.tui.test_layout import tab_through
from tests.tui.test_roll_dialog import tab_to

MARA = "mara-quist"
# In the picker: filter, down to the list, space ticks the first one found; ctrl+u (from
# the list) clears the filter for the next.
PARTIAL_COVER = [*"partial", "down", "space", "ctrl+u"]
DIM_LIGHT = [*"dim", "down", "space", "ctrl+u"]
DARKNESS = [*"darkness", "down", "space", "ctrl+u"]


def difficulties(preview: str) -> tuple[int, int]:
    """The difficulty the preview shows, before and after what moves it ('Demanding 3 →
    Difficult 4'; the same twice when nothing does)."""
    found = re.search(r"[A-Z][a-z]+ (\d+)(?: → [A-Z][a-z]+ (\d+))?", preview)
    assert found, preview
    return int(found[1]), int(found[2] or found[1])


def seen(app, selector: str) -> str:
    """What a widget shows, its wrapped lines joined (one space for each run of spaces)."""
    return " ".join(shown(app, selector).split())


def journal_rolls(app) -> list[RollMade]:
    return [e for e in app.session.journal() if isinstance(e, RollMade)]


async def test_r_cir_1_partial_cover_and_dim_light_make_an_attack_two_steps_harder(demo_app):
    """Mara shoots the thug: the plain attack, then the same with partial cover and dim
    light: both lines itemised with the target's advantage, the final difficulty 2 above;
    the roll is recorded with them."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "a")
        await pilot.pause()
        assert isinstance(demo_app.screen, AttackDialog)
        plain = shown(demo_app, "#preview")
        assert "cover" not in plain
        base, before = difficulties(plain)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(demo_app.screen, CircumstancePicker)
        await pilot.press(*PARTIAL_COVER, *DIM_LIGHT, "ctrl+s")
        await pilot.pause()
        assert isinstance(demo_app.screen, AttackDialog)
        preview = seen(demo_app, "#preview")
        assert "+1 partial cover, the target's advantage" in preview
        assert "+1 dim light, the target's advantage" in preview
        assert difficulties(preview) == (base, before + 2)
        line = str(demo_app.screen.query_one("#circumstances").label)
        assert "partial cover target +1" in line and "dim light target +1" in line
        await pilot.press("ctrl+f", "1", "9", "enter")
        await pilot.pause()
        made = journal_rolls(demo_app)[-1]
        assert (made.die, made.difficulty) == (19, base)
        assert tuple(made.circumstances) == ("partial cover", "dim light")


async def test_r_cir_1_the_same_two_make_a_defense_two_steps_easier(demo_app):
    """On the thug's turn Mara defends: partial cover and dim light favour her, the target:
    each line eases, the final difficulty 2 below the plain one."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "n", "n", "d")
        await pilot.pause()
        assert isinstance(demo_app.screen, DefenseDialog)
        base, before = difficulties(shown(demo_app, "#preview"))
        await pilot.press("ctrl+t", *PARTIAL_COVER, *DIM_LIGHT, "ctrl+s")
        await pilot.pause()
        preview = seen(demo_app, "#preview")
        assert "partial cover, the target's advantage −1" in preview
        assert "dim light, the target's advantage −1" in preview
        assert difficulties(preview) == (base, before - 2)
        await pilot.press("ctrl+f", "1", "enter")
        await pilot.pause()
        made = journal_rolls(demo_app)[-1]
        assert (made.die, made.difficulty) == (1, base)
        assert tuple(made.circumstances) == ("partial cover", "dim light")


async def test_r_cir_1_total_darkness_needs_support_and_1_xp_pays_for_it(demo_app):
    """Darkness: the preview says the attack misses without support and the Support choice
    appears; Enter in the die is refused and nothing is rolled; "spend 1 XP" chosen, the
    roll goes through and takes 1 XP off Mara."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "a")
        await pilot.pause()
        support = demo_app.screen.query_one("#support", Select)
        assert not support.display  # No circumstance needs it yet.
        xp, rolls = character_state(demo_app, MARA).xp, len(journal_rolls(demo_app))
        await pilot.press("ctrl+t", *DARKNESS, "ctrl+s")
        await pilot.pause()
        assert support.display
        assert "misses unless a supporting task succeeds" in seen(demo_app, "#preview")
        await pilot.press("ctrl+f", "1", "5", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, AttackDialog)
        assert len(journal_rolls(demo_app)) == rolls
        assert any("supporting task" in n for n in notices(demo_app)), notices(demo_app)
        # From the die back past Gun and Area to Support; its list: none, task, XP.
        await pilot.press("shift+tab", "shift+tab", "shift+tab")
        assert demo_app.focused is support
        await pilot.press("enter", "down", "down", "enter")
        await pilot.pause()
        assert support.value == "xp"
        assert "misses unless" not in shown(demo_app, "#preview")
        await pilot.press("ctrl+f", "1", "5", "enter")
        await pilot.pause()
        assert len(journal_rolls(demo_app)) == rolls + 1
        assert character_state(demo_app, MARA).xp == xp - 1


async def test_r_cir_1_a_task_in_dim_light_in_the_roll_dialog(demo_app):
    """A search in dim light: the roll dialog lists the line, Demanding 3 becomes 4, and
    the roll is recorded at 4 with it."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", *"Search the desk")
        await pilot.pause()
        assert difficulties(shown(demo_app, "#preview")) == (3, 3)
        await pilot.press("ctrl+t", *DIM_LIGHT, "ctrl+s")
        await pilot.pause()
        assert isinstance(demo_app.screen, RollDialog)
        preview = seen(demo_app, "#preview")
        assert "Circumstances dim light, the target's advantage +1" in preview
        assert difficulties(preview) == (3, 4)
        assert demo_app.focused.id == "label"  # The focus is back where it was.
        await pilot.press("ctrl+f", "1", "2", "enter")
        await pilot.pause()
        made = journal_rolls(demo_app)[-1]
        assert (made.label, made.difficulty, made.die) == ("Search the desk", 3, 12)
        assert tuple(made.circumstances) == ("dim light",)


async def test_r_cir_1_the_picker_filters_keeps_ticks_and_replaces_within_a_group(demo_app):
    """Typing filters; a tick stays while filtered away; a second lighting replaces the
    first and says so; escape leaves the dialog's circumstances as they were."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "ctrl+t")
        await pilot.pause()
        picker = demo_app.screen
        assert isinstance(picker, CircumstancePicker)
        options = picker.query_one(SelectionList)
        everything = options.option_count
        await pilot.press(*"mist")
        await pilot.pause()
        assert 0 < options.option_count < everything
        assert all("mist" in str(options.get_option_at_index(n).prompt)
                   for n in range(options.option_count))  # fmt: skip
        await pilot.press("ctrl+u", *DIM_LIGHT, *"cover")
        await pilot.pause()
        assert picker.chosen == ["dim-light"] and "dim-light" not in options._values
        await pilot.press("ctrl+u")
        await pilot.pause()
        assert options.selected == ["dim-light"]  # Still ticked, shown again.
        await pilot.press(*DARKNESS)
        await pilot.pause()
        assert picker.chosen == ["darkness"]
        assert "Total darkness replaces dim light" in seen(demo_app, "#picked")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(demo_app.screen, RollDialog)
        assert demo_app.screen.circumstances == ()
        assert "Circumstances" not in shown(demo_app, "#preview")


async def test_r_cir_1_picker_and_support_are_reachable_at_40x12(demo_app):
    """At 40x12 the picker's filter and list come into view; so does the attack dialog's
    Support choice when darkness asks for it."""
    async with demo_app.run_test(size=(40, 12)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "a", "ctrl+t")
        await pilot.pause()
        assert not await tab_through(pilot)
        await pilot.press(*DARKNESS, "ctrl+s")
        await pilot.pause()
        assert isinstance(demo_app.screen, AttackDialog)
        assert not await tab_through(pilot)
        assert demo_app.screen.query_one("#support", Select).display


async def test_r_wpn_1_the_gm_turns_weapon_distinctions_on(demo_app):
    """The settings dialog's check box, with its tooltip in plain words: space ticks it,
    ctrl+s saves it to the campaign."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        assert not demo_app.session.state.settings.weapon_distinctions
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(demo_app.screen, SettingsDialog)
        box = demo_app.screen.query_one("#weapon-distinctions", Checkbox)
        assert "armor-piercing" in str(box.tooltip) and "1 point of Armor" in str(box.tooltip)
        await tab_to(pilot, "weapon-distinctions")
        await pilot.press("space", "ctrl+s")
        await pilot.pause()
        assert not isinstance(demo_app.screen, SettingsDialog)
        assert demo_app.session.state.settings.weapon_distinctions


def test_the_picker_filter_types_every_letter():
    """Nothing in the picker takes a letter from the filter (no single-letter bindings)."""
    keys = {binding.key for binding in CircumstancePicker.BINDINGS}
    assert all(len(key) > 1 for key in keys)
    assert Input  # The filter is a plain Input: its own keys are its ctrl keys only.
