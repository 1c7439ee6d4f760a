"""Layout: every screen reads at 80x24 (its keys, with Help always there; every
column of the combat table; each creation step) and stays usable at 40x12 (Tab reaches
every field and button of every screen and dialog, and each comes into view)."""

import pytest
from msgspec.structs import replace
from textual.widgets import Checkbox, DataTable

from strange_tui.campaign.model.creation import Draft
from strange_tui.campaign.model.terms import Stat
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.creation.wizard import AbandonDialog, CreationScreen
from strange_tui.tui.home.campaigns import CampaignsScreen
from strange_tui.tui.home.help import HelpScreen
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.translation.wizard import TranslationScreen
from tests.tui.reach import VISITS, screen_lines, tab_through, visible  # noqa: F401 (shared)
from tests.tui.test_combat import THUG_AND_INITIATIVE, party_app


def key_bar_lines(app) -> list[str]:
    bar = app.screen.query_one(KeyBar)
    return screen_lines(app)[bar.region.y : bar.region.bottom]


async def test_key_bar_wraps_by_whole_keys_with_help_pinned_and_clicks_press(demo_app):
    """80x24: Home's keys on two lines, none cut, `? Help` at the right end; 40x12: two
    lines at most, the first keys kept, Help still there; a click presses the key."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = key_bar_lines(demo_app)
        assert len(lines) == 2
        text = " ".join(lines)
        for key in ("r Roll", "c Combat", "t Translate", "w Wait", "^z Undo", "q Quit"):
            assert key in text, key
        assert lines[-1].rstrip().endswith("? Help")
        bar = demo_app.screen.query_one(KeyBar)
        assert bar.shown_keys()[-1] == "question_mark"

        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        lines = key_bar_lines(demo_app)
        assert len(lines) == 2 and lines[-1].rstrip().endswith("? Help")
        shown = bar.shown_keys()
        assert shown[:3] == ["r", "s", "x"]  # The first bindings are kept first.
        assert "q" not in shown  # The last ones give way.
        for line in lines:  # Whole keys only: no line starts inside a key.
            assert line.startswith(" ") and not line.rstrip().endswith(" r")

        # A click on `? Help` opens Help.
        help_span = next(span for span in bar._spans if span[3] == "question_mark")
        await pilot.click(KeyBar, offset=(help_span[1] + 1, help_span[0]))
        await pilot.pause()
        assert isinstance(demo_app.screen, HelpScreen)


async def test_key_bar_shows_f1_for_help_where_a_text_box_takes_the_question_mark(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")  # The wizard's first step: its filter box has the focus.
        await pilot.pause()
        assert key_bar_lines(demo_app)[-1].rstrip().endswith("f1 Help")


async def test_key_bar_draws_keys_in_their_colour_and_what_they_do_in_the_bars(demo_app):
    """Like Textual's footer: the key stands out, its description reads as text."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = demo_app.screen.query_one(KeyBar)
        key_style = bar.get_component_rich_style("keybar--key")
        line = bar.render_lines(bar.region.reset_offset)[0]
        styles = {segment.text.strip(): segment.style for segment in line if segment.text.strip()}
        assert styles["r"].color == key_style.color and styles["r"].bold
        assert styles["Roll"].color != key_style.color and not styles["Roll"].bold


async def test_combat_table_shows_every_column_whole_at_80x24(tmp_path):
    """Name, level, health, track, Armor and conditions: no column cut, no sideways
    scroll, with the longest track word (debilitated) and a condition."""
    app = party_app(tmp_path, impaired=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE)
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        labels = [str(column.label) for column in table.columns.values()]
        assert labels == [" ", "Name", "Lvl", "Health", "Track", "Arm", "Conditions"]
        assert table.virtual_size.width <= table.scrollable_content_region.width
        text = "\n".join(screen_lines(app))
        for word in ("Conditions", "Track", "impaired", "M2 S10 I8", "9/9"):
            assert word in text, word
        assert "? Help" in "\n".join(key_bar_lines(app))


DRAFT = Draft(
    descriptor="tough", type="vector", focus="is-licensed-to-carry",
    bonus={Stat.MIGHT: 3, Stat.SPEED: 3}, edge_choice=1,
    abilities=("bash", "combat-prowess:melee", "improved-edge:might", "practiced-in-armor"),
    weapons=("heavy-ranged",), armor="medium", name="Rook Vance",
)  # fmt: skip


async def test_creation_steps_read_at_80x24(demo_app):
    """Step 8's header is whole (no text cut at the panel's edge); step 10's cypher names
    never run into their level; every step shows its keys and Help."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        for step in range(12):
            await demo_app.push_screen(CreationScreen(draft_at(step)))
            await pilot.pause()
            text = "\n".join(screen_lines(demo_app))
            assert "Help" in "\n".join(key_bar_lines(demo_app)), step
            if step == 7:
                # The limit in words, wrapped at a word, and its count (held at the tick).
                assert "Choose up to 3 weapons (2 of any kind, 1" in text
                assert "│ light): 1 chosen." in text
                assert "you start in (enter)." in text  # Wrapped, not cut.
            if step == 9:
                for line in screen_lines(demo_app):
                    if "anoetic" in line or "occultic" in line:
                        name = line.split("│")[1].strip(" ✓").split("  ")[0]
                        assert not name.endswith(("1d6", "anoetic", "occultic")), line
            demo_app.pop_screen()
            await pilot.pause()


def draft_at(step: int) -> Draft:
    return replace(DRAFT, step=step)


async def close_to_home(pilot) -> None:
    while not isinstance(pilot.app.screen, HomeScreen):
        closing = pilot.app.screen
        await pilot.press("y" if isinstance(closing, AbandonDialog) else "escape")
        await pilot.pause()
        if isinstance(closing, CampaignsScreen):
            assert isinstance(pilot.app.screen, HomeScreen)
            break


HALF = len(VISITS) // 2
PARTS = {"translation": [], "first visits": VISITS[:HALF], "last visits": VISITS[HALF:]}
"""The test in three parts, each on a fresh demo, so that the test workers share it."""


@pytest.mark.parametrize("part", list(PARTS))
@pytest.mark.starts_first  # One of the longest: started first.
async def test_every_screen_and_dialog_is_reachable_at_40x12(demo_app, part):
    """Each screen and dialog opened from Home (and the sheet) opens at 40x12 without an
    exception, and Tab brings every field and button into view (the roll dialog's odds and
    buttons, the translation roles...); escape brings Home back, and nothing quits (the
    smallest size every screen is opened at; the largest: ``test_hostile_names``)."""
    hidden = []
    async with demo_app.run_test(size=(40, 12)) as pilot:
        if part == "translation":  # The wizard, step by step up to the roll.
            await pilot.press("t", *"ruk", "enter")
            for _step in range(4):
                hidden += await tab_through(pilot)
                await pilot.press("ctrl+n")
                await pilot.pause()
            assert isinstance(demo_app.screen, TranslationScreen)
            await close_to_home(pilot)
        sheet = None  # The sheet the dialogs of "enter" visits open over, once open.
        for keys in PARTS[part]:
            if sheet is not None and keys[0] != "enter":
                await close_to_home(pilot)
                sheet = None
            await pilot.press(*(keys[1:] if sheet is not None else keys))
            await pilot.pause()
            assert not isinstance(demo_app.screen, HomeScreen), keys
            hidden += await tab_through(pilot)
            if keys[0] != "enter":
                await close_to_home(pilot)
                continue
            sheet = next(s for s in demo_app.screen_stack if isinstance(s, SheetScreen))
            while demo_app.screen is not sheet:  # Back to the sheet for the next dialog.
                await pilot.press("escape")
                await pilot.pause()
        await close_to_home(pilot)
        assert demo_app.return_code is None
    assert not hidden, "\n".join(hidden)


async def test_every_creation_step_is_reachable_at_40x12(demo_app):
    hidden = []
    async with demo_app.run_test(size=(40, 12)) as pilot:
        for step in range(12):
            await demo_app.push_screen(CreationScreen(draft_at(step)))
            await pilot.pause()
            hidden += [f"step {step}: {name}" for name in await tab_through(pilot)]
            demo_app.pop_screen()
            await pilot.pause()
    assert not hidden, "\n".join(hidden)


@pytest.mark.starts_first  # One of the longest: started first.
async def test_combat_dialogs_are_reachable_at_40x12(tmp_path):
    app = party_app(tmp_path)
    hidden = []
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE)
        await pilot.pause()
        hidden += await tab_through(pilot)  # The tracker.
        for keys in (["a"], ["plus"], ["k"], ["n", "n", "d"]):  # Mara attacks; ...; the thug.
            await pilot.press(*keys)
            await pilot.pause()
            hidden += await tab_through(pilot)
            await pilot.press("escape")
            await pilot.pause()
    assert not hidden, "\n".join(hidden)


async def test_a_focused_checkbox_keeps_its_label_readable(demo_app):
    """A focused check box drew a tall border over its one row, hiding its
    label. Tab to each check box of the roll dialog: its label is on screen."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        seen = set()
        for _ in range(len(demo_app.screen.focus_chain)):
            await pilot.press("tab")
            await pilot.pause()
            box = demo_app.focused
            if isinstance(box, Checkbox):
                seen.add(box.id)
                rows = screen_lines(demo_app)[box.region.y : box.region.bottom]
                assert any(str(box.label) in row for row in rows), (box.id, rows)
        assert {"inability", "attack", "focus_task"} <= seen
