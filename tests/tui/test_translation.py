"""The translation wizard, keys only: roles, times, foci, the failure's consequence, then
one key for the roll; a translation is one undo step; escape before the roll changes
nothing (R-TR)."""

import io

import pytest
from rich.console import Console
from textual.widgets import Static

from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.rules.translation import HOUR, MINUTE
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.translation.wizard import RESULT, ROLL, TranslationScreen
from tests.campaign.builders import character
from tests.tui.reach import screen_lines

MARA, JUN, TESS = "mara-quist", "jun-okafor", "tess-harrow"


async def set_roles(pilot, mara: int, jun: int, tess: int) -> None:
    """Each PC's role by its place in the list: 0 stays, 1 initiator, 2 hastener, 3 easer
    (from the list's top: a translation starts from the last one's roles)."""
    for index, role in enumerate((mara, jun, tess)):
        if index:
            await pilot.press("tab")
        await pilot.press("enter", "home", *(["down"] * role), "enter")


async def to_the_roll(pilot, where: str, failure: str, **roles: int) -> None:
    """Home → destination → roles → foci as offered → the failure's consequence → Roll."""
    await pilot.press("t", *where, "enter")
    await set_roles(pilot, **roles)
    await pilot.press("ctrl+n", "ctrl+n", *failure, "enter")
    await pilot.pause()


def result_text(app) -> str:
    return str(app.screen.query_one("#result", Static).content)


async def test_earth_to_ardeyn_with_a_spinner_hastening_and_a_vector_easing(demo_app):
    """Jun initiates (a paradox: his failed 15 is rerolled as an 18, typed in the same
    step), Tess hastens (10 min trance), Mara eases (1 round). The party arrives in Ardeyn
    with new foci, Earth's are remembered, the theme follows; back on Earth, Jun's Earth
    focus returns."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        state = demo_app.session.state
        start, earth_focus = state.clock.seconds, state.characters[JUN].focus
        await pilot.press("t", *"ardeyn", "enter")
        await set_roles(pilot, mara=3, jun=1, tess=2)
        await pilot.press("ctrl+n")  # Foci: Jun's picker first (the initiator)
        await pilot.press("enter", "down", "enter", "ctrl+n")  # Jun takes another focus
        await pilot.press(*"no translation", "enter")
        await pilot.pause()
        assert demo_app.screen.step == ROLL and demo_app.session.state == state
        await pilot.press("1", "5", "enter", "1", "8", "enter")  # the die, then the reroll
        await pilot.pause()
        assert isinstance(demo_app.screen, TranslationScreen) and demo_app.screen.step == RESULT
        shown = result_text(demo_app)
        assert "d20: 15, the paradox's free reroll: 18 — Success" in shown
        assert "The party is in Ardeyn" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)
        state = demo_app.session.state
        assert state.recursion == "ardeyn" and demo_app.theme == "ardeyn"
        assert state.clock.seconds == start + 10 * MINUTE
        assert [e.label for e in state.active_effects()] == ["acclimating: no focus abilities"]
        record = state.translations[-1]
        assert set(record.participants) == {MARA, JUN, TESS} and record.success
        jun = state.characters[JUN]
        assert jun.foci["earth"] == earth_focus and jun.focus != earth_focus
        made = demo_app.session.journal()[-1]
        assert (type(made).__name__, made.die, made.reroll) == ("TranslationMade", 15, 18)
        # Back to Earth: Jun alone, a 20 (difficulty 5 + 1 for his translation).
        await to_the_roll(pilot, "earth", "no translation", mara=0, jun=1, tess=0)
        await pilot.press("2", "0", "enter", "enter", "enter")  # die, (no reroll), close
        await pilot.pause()
        state = demo_app.session.state
        assert state.recursion == "earth" and demo_app.theme == "earth"
        assert state.characters[JUN].focus == earth_focus
        assert any("focus tasks eased" in e.label for e in state.active_effects())


async def test_a_translation_is_one_undo_step(demo_app):
    """Mara to Ruk with a level of Effort: the Intellect paid and the translation made are
    one command; one ctrl+z takes both back."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = demo_app.session.state
        entries = len(demo_app.session.journal())
        await pilot.press("t", *"ruk", "enter")
        await set_roles(pilot, mara=1, jun=0, tess=0)
        await pilot.press("tab", "enter", "down", "enter")  # Effort 1
        await pilot.press("ctrl+n", "ctrl+n", *"taxing", "enter", "1", "2", "enter")
        await pilot.pause()
        assert demo_app.screen.step == RESULT
        events = demo_app.session.journal()[entries:]
        assert [type(e).__name__ for e in events] == ["PointsSpent", "TranslationMade"]
        assert demo_app.session.state.recursion == "ruk"
        await pilot.press("enter", "ctrl+z")
        await pilot.pause()
        assert demo_app.session.state == before
        assert len(demo_app.session.journal()) == entries


async def test_escape_before_the_roll_changes_nothing(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = demo_app.session.state
        entries = len(demo_app.session.journal())
        await to_the_roll(pilot, "ruk", "taxing", mara=1, jun=0, tess=0)
        await pilot.press("1", "2")  # A die typed, not committed
        assert demo_app.screen.step == ROLL
        await pilot.press(*["escape"] * ROLL)
        await pilot.pause()
        assert demo_app.screen.step == 0
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)
        assert demo_app.session.state == before
        assert len(demo_app.session.journal()) == entries


async def test_a_failed_translation_with_a_consequence(demo_app):
    """Mara alone to Ruk (difficulty 4, target 12) rolls a 3; the GM picked 'taxing' before
    the roll: the party arrives, acclimation doubled (2 hours)."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await to_the_roll(pilot, "ruk", "taxing", mara=1, jun=0, tess=0)
        await pilot.press("3", "enter")
        await pilot.pause()
        assert demo_app.screen.step == RESULT
        assert "taxing: Acclimation takes twice as long." in result_text(demo_app)
        await pilot.press("enter")
        await pilot.pause()
        state = demo_app.session.state
        assert state.recursion == "ruk"
        event = demo_app.session.journal()[-1]
        assert (event.success, event.arrived, event.consequence) == (False, True, "taxing")
        acclimating = [e for e in state.active_effects() if e.label.startswith("acclimating")]
        assert acclimating[0].until == state.clock.seconds + 2 * HOUR


async def test_the_app_draws_the_consequence_when_asked(demo_app):
    """ctrl+r on the failure step: the app draws one if it fails (R-TR-7); the step shows
    that choice, enter goes on."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t", *"ruk", "enter")
        await set_roles(pilot, mara=1, jun=0, tess=0)
        await pilot.press("ctrl+n", "ctrl+n", "ctrl+r", "enter")
        await pilot.pause()
        assert demo_app.screen.step == ROLL
        await pilot.press("3", "enter")
        await pilot.pause()
        event = demo_app.session.journal()[-1]
        assert not event.success and event.consequence


async def test_no_translation_leaves_the_party_where_it_was(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        start = demo_app.session.state.clock.seconds
        await to_the_roll(pilot, "ruk", "no translation", mara=1, jun=0, tess=0)
        await pilot.press("2", "enter", "escape", "enter")  # escape asks; enter keeps it
        await pilot.pause()
        state = demo_app.session.state
        assert state.recursion == "earth" and state.clock.seconds == start + 4 * HOUR
        assert state.translations[-1].participants == (MARA,)


async def test_an_interrupted_trance_fails(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await to_the_roll(pilot, "ruk", "no translation", mara=1, jun=0, tess=0)
        await pilot.press("shift+tab", "enter", "tab", "enter")  # 'interrupted', translate
        await pilot.pause()
        assert demo_app.screen.step == RESULT and not demo_app.screen.outcome.success
        assert "interrupted" in result_text(demo_app)
        event = demo_app.session.journal()[-1]
        assert (event.interrupted, event.die, event.arrived) == (True, None, False)


ROLES_KEYS = ["t", *"ardeyn", "enter", "enter", "down", "down", "down", "enter"]
ROLES_KEYS += ["tab", "enter", "down", "enter", "tab", "enter", "down", "down", "enter"]


class TestTranslationSnapshots:
    def test_destination(self, demo_app, snap_compare):
        assert snap_compare(demo_app, terminal_size=(80, 24), press=["t"])

    def test_foci(self, demo_app, snap_compare):
        assert snap_compare(demo_app, terminal_size=(80, 24), press=[*ROLES_KEYS, "ctrl+n"])

    def test_failure(self, demo_app, snap_compare):
        keys = [*ROLES_KEYS, "ctrl+n", "ctrl+n"]
        assert snap_compare(demo_app, terminal_size=(80, 24), press=keys)

    def test_roles(self, demo_app, snap_compare):
        assert snap_compare(demo_app, terminal_size=(80, 24), press=ROLES_KEYS)

    def test_roll(self, demo_app, snap_compare):
        """Everything chosen, the paradox's reroll field under the die's."""
        keys = [*ROLES_KEYS, "ctrl+n", "ctrl+n", *"taxing", "enter"]
        assert snap_compare(demo_app, terminal_size=(80, 24), press=keys)

    def test_result(self, demo_app, snap_compare):
        keys = ["t", *"ruk", "enter", "enter", "down", "enter", "ctrl+n", "ctrl+n"]
        keys += [*"taxing", "enter", "3", "enter"]
        assert snap_compare(demo_app, terminal_size=(80, 24), press=keys)


# What the rules do to the numbers the player sees (keys only).


def panel_text(app, selector: str = "#side") -> str:
    """The panel's renderable as plain text, one space between words."""
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(app.screen.query_one(selector).render())
    return "\n".join(" ".join(line.split()) for line in console.export_text().splitlines())


@pytest.fixture
def skilled_app(tmp_path) -> StrangeApp:
    """Mara (untrained, with her Earth focus's Gunner and Practiced with Guns), Jun (a
    paradox trained in Translation) and Tess."""
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Skilled")
    store = folder.open()
    for who in (
        character("mara", abilities=("Bash", "Gunner", "Practiced with Guns")),
        character("jun", type="Paradox", skills={"Translation": "trained"}),
        character("tess", type="Spinner"),
    ):
        store.dispatch(CharacterCreated(character=who))
    return StrangeApp(campaign_path=folder.path, saves=saves)


async def test_r_help_1_the_wizard_shows_the_training_a_helper_lends_and_its_odds(skilled_app):
    """Mara initiates to Ruk (difficulty 4), Jun (trained) helps: she rolls as trained,
    4 - 1 = 3, target 9 (60%), and the panel says who lent what; no +1."""
    async with skilled_app.run_test(size=(100, 40)) as pilot:
        await pilot.press("t", *"ruk", "enter")
        await set_roles(pilot, mara=1, jun=4, tess=0)
        await pilot.pause()
        side = panel_text(skilled_app)
        assert "Jun lends trained training" in side
        assert "-1 Jun's training, lent" in side
        assert "60% (Intellect: 3, target 9)" in panel_text(skilled_app, "#odds")  # Its own line.
        assert "Stay behind Tess" in side


@pytest.mark.starts_first  # One of the longest: started first.
async def test_r_tr_8_r_tr_9_foci_and_places_through_the_wizard(skilled_app):
    """To Ardeyn (Mara's Earth focus is not there): the foci step shows what leaves with
    Is Licensed to Carry and what Defends the Weak brings; the GM types where they arrive;
    the result and Home say so, and Tess, who stayed, is still in Earth."""
    async with skilled_app.run_test(size=(100, 40)) as pilot:
        await pilot.press("t", *"ardeyn", "enter")
        await set_roles(pilot, mara=1, jun=0, tess=0)
        await pilot.press("ctrl+n")
        await pilot.pause()
        side = panel_text(skilled_app)
        assert "Mara: Defends the Weak" in side
        for line in ("- Gunner", "- Practiced with Guns", "+ Courageous", "+ Warding Shield"):
            assert line in side
        assert "Arrive at where the GM says" in side
        await pilot.press("tab", "tab", *"the Lantern Gate")
        await pilot.pause()
        assert "Arrive at the Lantern Gate" in panel_text(skilled_app)
        await pilot.press("ctrl+n", *"no translation", "enter", "2", "0", "enter")
        await pilot.pause()
        shown = result_text(skilled_app)
        assert "The party is in Ardeyn, at the Lantern Gate" in shown
        assert "Mara takes Defends the Weak (-Gunner, -Practiced with Guns" in shown
        assert "Tess stays on Earth." in shown
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(skilled_app.screen, HomeScreen)
        where = str(skilled_app.screen.query_one("#where", Static).content)
        assert "Ardeyn · the Lantern Gate" in where
        assert "Tess: on Earth" in where
        mara = skilled_app.session.state.characters["mara"]
        assert mara.abilities == ("Bash", "Courageous", "Warding Shield")
        # Tess, left on Earth, translates alone to where the party is, and rejoins it.
        await pilot.press("t", *"ardeyn", "enter")
        await set_roles(pilot, mara=0, jun=0, tess=1)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert "From Earth" in panel_text(skilled_app)
        await pilot.press("ctrl+n", *"no translation", "enter", "2", "0", "enter", "enter")
        await pilot.pause()
        state = skilled_app.session.state
        assert state.recursion == "ardeyn" and state.characters["tess"].travel.recursion == ""
        assert "Tess" not in str(skilled_app.screen.query_one("#where", Static).content)


async def test_the_roles_help_is_a_row_of_its_own_under_the_difficulty(demo_app):
    """At the roles step the side panel's times help has its own label, so it never reads
    as part of the difficulty above it; the types are named as the rules write them."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t", *"ruk", "enter")
        await set_roles(pilot, mara=1, jun=2, tess=3)
        await pilot.pause()
        lines = [line.split("││")[-1] for line in screen_lines(demo_app)]
        trance = next(n for n, line in enumerate(lines) if "Trance: 4 h" in line)
        assert lines[trance].lstrip("│ ").startswith("Roles")
        assert "Difficulty" in "".join(lines[:trance])
        panel = " ".join(" ".join(lines[trance:]).replace("│", " ").split())
        assert "10 min if a Spinner hastens" in panel and "a spinner" not in panel


async def test_the_chosen_failure_says_what_it_does_before_the_roll(demo_app):
    """The list of consequences cuts each one's words short; once chosen, the side panel
    says it whole, so the roll is made knowing what a failure brings."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await to_the_roll(pilot, "ruk", "slowed", mara=1, jun=0, tess=0)
        lines = [line.split("││")[-1] for line in screen_lines(demo_app)]
        panel = " ".join(" ".join(lines).replace("│", " ").split())
        assert "If it fails slowed reactions: Speed tasks hindered for an hour" in panel
