"""Help is kept between opens at every seat (made once, then pointed at the screen it is
called from), and what it shows is what a Help made anew for the same screens shows: at a
player's seat its keys follow the seat and the screens open (another character's sheet, a
roll dialog, Home), at the GM's every key."""

import io

from rich.console import Console
from textual.containers import VerticalScroll
from textual.widgets import Static

from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.home.help import SECTIONS, HelpScreen
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.home.reference import ReferenceScreen
from strange_tui.tui.rolls.roll import RollDialog

MARA, JUN = "mara-quist", "jun-okafor"
SIZE = (80, 24)


def help_text(screen: HelpScreen) -> list[str]:
    """Help as it reads: its title, then each section (marked when highlighted)."""
    out = [screen.query_one("#help", VerticalScroll).border_title or ""]
    for index in range(len(SECTIONS)):
        section = screen.query_one(f"#section-{index}", Static)
        text = io.StringIO()
        Console(file=text, width=120, color_system=None).print(section.content)
        out.append(("* " if section.has_class("-current") else "") + text.getvalue())
    return out


async def kept_and_fresh(app: StrangeApp, pilot) -> tuple[HelpScreen, list[str], list[str]]:
    """F1 over the screens open (the kept Help's text), then a Help made anew over the
    same screens (its text); both closed again."""
    under = app.screen
    await pilot.press("f1")  # ? would be typed into a dialog's field.
    await pilot.pause()
    kept = app.screen
    assert isinstance(kept, HelpScreen)
    shown = help_text(kept)
    await pilot.press("question_mark")
    await pilot.pause()
    assert app.screen is under
    await app.push_screen(HelpScreen(app.screen_stack))
    await pilot.pause()
    fresh = help_text(app.screen)  # type: ignore[arg-type]
    app.pop_screen()
    await pilot.pause()
    assert app.screen is under
    return kept, shown, fresh


async def test_a_players_help_is_kept_and_follows_the_screens_open(demo):
    """At Mara's seat: her sheet, Home, Jun's sheet (none of its actions hers), the quick
    reference over it and then over Home (Help at the same section, the sheet's keys hers
    again), her roll dialog, her sheet: the same Help each time, reading as one made anew."""
    app = StrangeApp(campaign_path=demo, saves=demo.parent, seat=MARA)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        first, shown, fresh = await kept_and_fresh(app, pilot)
        assert shown == fresh
        seen = [shown]
        for keys, screen in (
            (["escape"], HomeScreen),
            (["down", "enter"], SheetScreen),
            (["f2"], ReferenceScreen),
            (["f2", "escape", "f2"], ReferenceScreen),
            (["f2", "r"], RollDialog),
            (["escape", "up", "enter"], SheetScreen),
        ):
            await pilot.press(*keys)
            await pilot.pause()
            assert type(app.screen) is screen, keys
            help_screen, shown, fresh = await kept_and_fresh(app, pilot)
            assert help_screen is first
            assert shown == fresh, keys
            seen.append(shown)
        sheet = 1 + next(i for i, s in enumerate(SECTIONS) if s.title == "Character sheet")
        # Jun's sheet offers Mara fewer keys than her own; the reference over it, then
        # over Home: Help at the same section, only the sheet's keys changed.
        assert seen[2][sheet] != seen[0][sheet]
        assert seen[3][0] == seen[4][0]
        assert seen[4][sheet] != seen[3][sheet]
        assert seen[6] == seen[0]


async def test_the_gms_help_is_kept_and_reads_as_one_made_anew(demo):
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first, shown, fresh = await kept_and_fresh(app, pilot)
        assert shown == fresh
        for keys in (["enter"], ["r"], ["escape", "escape", "l"], ["escape"]):
            await pilot.press(*keys)
            await pilot.pause()
            help_screen, shown, fresh = await kept_and_fresh(app, pilot)
            assert help_screen is first
            assert shown == fresh, keys


async def test_the_kept_help_goes_with_the_campaign(demo):
    """Another campaign opened: Help is made anew for it (its seat's keys, its state)."""
    app = StrangeApp(campaign_path=demo, saves=demo.parent, seat=MARA)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first, _, _ = await kept_and_fresh(app, pilot)
        app.use_session(app.session_for(demo))
        await pilot.pause()
        again, shown, fresh = await kept_and_fresh(app, pilot)
        assert again is not first
        assert shown == fresh
