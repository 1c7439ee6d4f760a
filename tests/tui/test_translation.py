"""The translation wizard, keys only: roles, times, the roll, failure, arrival (R-TR)."""

from strange_tui.rules.translation import HOUR, MINUTE
from strange_tui.tui.screens.translation import TranslationScreen

MARA, JUN, TESS = "mara-quist", "jun-okafor", "tess-harrow"


async def set_roles(pilot, mara: int, jun: int, tess: int) -> None:
    """Each PC's role by its place in the list: 0 stays, 1 initiator, 2 hastener, 3 easer."""
    for index, role in enumerate((mara, jun, tess)):
        if index:
            await pilot.press("tab")
        await pilot.press("enter", *(["down"] * role), "enter")


async def test_earth_to_ardeyn_with_a_spinner_hastening_and_a_vector_easing(demo_app):
    """Jun initiates (a paradox: his failed 15 is rerolled as an 18), Tess hastens (10 min
    trance), Mara eases (1 round). The party arrives in Ardeyn with new foci, Earth's are
    remembered, the theme follows; back on Earth, Jun's Earth focus returns."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        state = demo_app.session.state
        start, earth_focus = state.clock.seconds, state.characters[JUN].focus
        await pilot.press("t", *"ardeyn", "enter")
        await set_roles(pilot, mara=3, jun=1, tess=2)
        await pilot.press("ctrl+n", "1", "5", "enter")
        await pilot.pause()
        assert demo_app.screen.awaiting_reroll
        await pilot.press("1", "8", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, TranslationScreen) and demo_app.screen.step == 4
        await pilot.press("enter", "down", "enter", "ctrl+n")  # Jun takes another focus
        await pilot.pause()
        state = demo_app.session.state
        assert state.recursion == "ardeyn" and demo_app.theme == "ardeyn"
        assert state.clock.seconds == start + 10 * MINUTE
        assert [e.label for e in state.active_effects()] == ["acclimating: no focus abilities"]
        record = state.translations[-1]
        assert set(record.participants) == {MARA, JUN, TESS} and record.success
        jun = state.characters[JUN]
        assert jun.foci["earth"] == earth_focus and jun.focus != earth_focus
        # Home, then back to Earth: Jun alone, a 20 (difficulty 5 + 1 for his translation).
        await pilot.press("t", *"earth", "enter")
        await set_roles(pilot, mara=0, jun=1, tess=0)
        await pilot.press("ctrl+n", "2", "0", "enter", "ctrl+n")
        await pilot.pause()
        state = demo_app.session.state
        assert state.recursion == "earth" and demo_app.theme == "earth"
        assert state.characters[JUN].focus == earth_focus
        assert any("focus tasks eased" in e.label for e in state.active_effects())


async def test_a_failed_translation_with_a_consequence(demo_app):
    """Mara alone to Ruk (difficulty 4, target 12) rolls a 3; the GM picks 'taxing':
    the party arrives, acclimation doubled (2 hours)."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t", *"ruk", "enter")
        await set_roles(pilot, mara=1, jun=0, tess=0)
        await pilot.press("ctrl+n", "3", "enter")
        await pilot.pause()
        assert demo_app.screen.step == 3
        await pilot.press(*"taxing", "enter")
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        state = demo_app.session.state
        assert state.recursion == "ruk"
        event = demo_app.session.journal()[-1]
        assert (event.success, event.arrived, event.consequence) == (False, True, "taxing")
        acclimating = [e for e in state.active_effects() if e.label.startswith("acclimating")]
        assert acclimating[0].until == state.clock.seconds + 2 * HOUR


async def test_no_translation_leaves_the_party_where_it_was(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        start = demo_app.session.state.clock.seconds
        await pilot.press("t", *"ruk", "enter")
        await set_roles(pilot, mara=1, jun=0, tess=0)
        await pilot.press("ctrl+n", "2", "enter", *"no translation", "enter")
        await pilot.pause()
        state = demo_app.session.state
        assert state.recursion == "earth" and state.clock.seconds == start + 4 * HOUR
        assert state.translations[-1].participants == (MARA,)


async def test_an_interrupted_trance_fails(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t", *"ruk", "enter")
        await set_roles(pilot, mara=1, jun=0, tess=0)
        await pilot.press("ctrl+n", "shift+tab", "enter", "tab", "enter")  # 'interrupted', roll
        await pilot.pause()
        assert demo_app.screen.step == 3 and not demo_app.screen.success


class TestTranslationSnapshots:
    def test_roles(self, demo_app, snap_compare):
        keys = ["t", *"ardeyn", "enter", "enter", "down", "down", "down", "enter"]
        keys += ["tab", "enter", "down", "enter", "tab", "enter", "down", "down", "enter"]
        assert snap_compare(demo_app, terminal_size=(80, 24), press=keys)

    def test_result(self, demo_app, snap_compare):
        keys = ["t", *"ruk", "enter", "enter", "down", "enter", "ctrl+n", "3", "enter"]
        assert snap_compare(demo_app, terminal_size=(80, 24), press=keys)
