"""Solo fights in the app, keys only: the initiative dialog asks no seats (there are none:
the app fills the GM's chair), and an NPC acts once a turn (a second d is refused)."""

from textual.widgets import Button

from strange_tui.campaign.model.events import Drawn
from strange_tui.tui.combat.initiative import InitiativeDialog
from tests.tui.test_combat import party_app
from tests.tui.test_layout import screen_lines
from tests.tui.test_solo_play import SIZE, journal, solo_app


def shown_text(app) -> str:
    """The screen's words, lines joined by a space (a hint wraps inside the border)."""
    return " ".join(" ".join(line.replace("█", " ").split()) for line in screen_lines(app))


async def open_initiative(app, pilot) -> InitiativeDialog:
    await pilot.press("c")
    await pilot.pause()
    await pilot.press("tab", "3", "tab", *"Thug", "enter")
    await pilot.press("i")
    await pilot.pause()
    assert isinstance(app.screen, InitiativeDialog)
    return app.screen


async def test_the_solo_initiative_dialog_offers_no_seats_to_ask(tmp_path):
    """N15: no "Ask each seat" button, no ctrl+o in the hint or the key bar; ctrl+o does
    nothing."""
    app = solo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_initiative(app, pilot)
        assert not dialog.query("#ask")
        shown = shown_text(app)
        assert "Type each PC's d20" in shown
        assert "Ask each seat" not in shown and "ctrl+o" not in shown and "^o" not in shown
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert app.screen is dialog and app.session.state.prompts == ()


async def test_with_a_gm_the_initiative_dialog_still_asks_each_seat(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_initiative(app, pilot)
        assert dialog.query_one("#ask", Button).label.plain == "Ask each seat"
        assert "ctrl+o asks each player's seat" in shown_text(app)


async def test_a_second_d_on_the_npcs_turn_is_refused_with_one_line(tmp_path):
    """N19: the thug's attack resolved, d again: one toast says it has acted; no second
    target is drawn."""
    app = solo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_initiative(app, pilot)
        await pilot.press("1", "5", "tab", "5", "tab", "1", "2", "enter", "n", "n")
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("ctrl+f", "2", "enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        drawn = [e for e in journal(app) if isinstance(e, Drawn)]
        await pilot.press("d")
        await pilot.pause()
        assert [e for e in journal(app) if isinstance(e, Drawn)] == drawn
        notes = [n.message for n in app._notifications]
        assert "Thug has acted this turn: an NPC acts once a turn (n)." in notes
