"""The app's own keys and lists, keys only: undo only where the campaign is shown,
q only where nothing is half-done, no key after q reaching a dying screen, the campaign
list's numbers after the journal, the theme kept between runs, ctrl+s in the new-hunter
dialog, no fight without a PC here, the first run's list."""

import asyncio
import shutil

from textual import events

from strange_tui.campaign.model.events import CharacterCreated, DamageTaken
from strange_tui.campaign.model.terms import Stat
from strange_tui.campaign.model.travel import Travel
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.combat.tracker import CombatScreen
from strange_tui.tui.creation.wizard import CreationScreen
from strange_tui.tui.home.campaigns import CampaignsScreen
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.hunters.home import HuntersHomeScreen
from tests.campaign.builders import character
from tests.config_file import config_file
from tests.tui.conftest import REPO_DEMO


def notices(app: StrangeApp) -> list[str]:
    return [notice.message for notice in app._notifications]


def hurt_mara(app: StrangeApp) -> None:
    """Another window (the CLI) hurts Mara: the campaign's last command."""
    store = CampaignFolder(app.session.path).open(origin="another window")
    store.dispatch(DamageTaken(character="mara-quist", amount=1, stat=Stat.MIGHT))


async def test_ctrl_z_in_the_creation_wizard_leaves_the_campaign_alone(demo_app):
    """Bug: ctrl+z inside the creation wizard undid the last campaign event, silently.
    In the wizard (a text field focused, or none) and in a dialog, ctrl+z and ctrl+y do not
    touch the campaign; on Home they do, and say what they undid."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = demo_app.session.state  # The demo's last command is Home's to undo.
        await pilot.press("n")  # The wizard: step 1 has a filter field focused.
        await pilot.pause()
        assert isinstance(demo_app.screen, CreationScreen)
        await pilot.press("ctrl+z", "ctrl+y", "ctrl+z")
        await pilot.press("enter", "ctrl+z")  # Step 2 (the type): a list, no text field.
        await pilot.pause()
        assert demo_app.session.state == before
        await pilot.press("escape", "escape", "y")  # Back to step 1, abandon: Home.
        await pilot.press("s", "ctrl+z")  # A dialog (rest) open: not the campaign's undo.
        await pilot.pause()
        assert demo_app.session.state == before
        await pilot.press("escape", "ctrl+z")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)
        assert demo_app.session.state != before
        assert notices(demo_app)[-1].startswith("Undid: ")


async def test_q_quits_only_from_home_and_the_campaign_list(demo_app):
    """Bug: q quit the whole app from wizard steps without a text field, without asking.
    In the wizard, the translation, combat, a sheet or the log, q quits nothing."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter", "q")  # Creation step 2: a list, no text field
        await pilot.pause()
        assert not demo_app.exiting and isinstance(demo_app.screen, CreationScreen)
        await pilot.press("escape", "escape", "y", "t", "enter", "q")  # Translation, roles
        await pilot.press("escape", "escape", "enter", "q", "escape", "l", "q", "escape")
        await pilot.pause()
        assert not demo_app.exiting and isinstance(demo_app.screen, HomeScreen)
        await pilot.press("o", "q")  # The campaign list quits.
        await pilot.pause()
        assert demo_app.exiting


async def test_a_key_right_after_q_reaches_no_screen(demo_app):
    """Bug: a key typed right after q (before the app had gone) opened a dialog or a
    screen on an app being taken down: NoMatches (#die, #label, #status...) and a
    traceback on exit. A fast typist's burst: q then a key, both sent before the app
    handles either; and a change from another window waiting for the follow timer."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        hurt_mara(demo_app)  # The follow timer would redraw Home while it goes.
        for key in ("q", "s", "x", "l", "r", "i"):
            demo_app._driver.send_message(events.Key(key, key))
        await pilot.pause()
        await asyncio.sleep(0.4)
        assert demo_app.exiting
    assert demo_app._exception is None
    assert demo_app.return_code == 0


async def test_the_campaign_list_shows_the_journal_folded_in(demo):
    """Bug: the list read the snapshot only. After another window (or the CLI) added a
    character and an event, the list counts them: characters, clock, events."""
    store = CampaignFolder(demo).open(origin="the CLI")
    store.dispatch(CharacterCreated(character=character("rook")))
    state = store.state
    app = StrangeApp(saves=demo.parent)
    async with app.run_test(size=(120, 24)) as pilot:
        await pilot.pause()
        shown = str(app.screen.query_one("#list").get_option_at_index(0).prompt)
        assert len(state.characters) == 4 and "4 characters" in shown
        assert f"· {state.clock.label()} · {state.seq} events" in shown


async def test_the_chosen_theme_is_kept_after_a_restart(demo):
    """Bug: the theme chosen from the palette was lost at the next start. It is kept in
    the config file (written only then); a broken file is ignored with a warning; a
    recursion theme that follows the party still wins when that setting is on."""
    saves = demo.parent
    config = config_file()
    assert not config.exists()
    app = StrangeApp(saves=saves)  # The campaign list: no recursion to follow.
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not config.exists()  # Nothing changed yet: no file.
        await pilot.press("ctrl+p", *"theme", "enter")
        await pilot.pause()
        await pilot.press(*"daylight", "enter")
        await pilot.pause()
        assert app.theme == "daylight"
    assert config.read_text() == 'theme = "daylight"\n'
    again = StrangeApp(saves=saves)
    async with again.run_test(size=(80, 24)):
        assert again.theme == "daylight"
    following = StrangeApp(campaign_path=demo, saves=saves)  # Earth's theme wins.
    async with following.run_test(size=(80, 24)):
        assert following.theme == "earth"
    assert "daylight" in config.read_text()
    config.write_text("theme = [unclosed\n")
    broken = StrangeApp(saves=saves)
    async with broken.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert broken.theme == "earth"
        assert any(config.name in notice for notice in notices(broken))


async def test_ctrl_s_creates_a_hunter(tmp_path):
    """Bug: ctrl+s did nothing in the new-hunter dialog. It creates the hunter, from any
    field."""
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Night", ruleset="hunters")
    app = StrangeApp(campaign_path=folder.path, saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", *"Rowan", "tab", *"Firearms 4", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HuntersHomeScreen)
        hunters = app.session.state.hunters
        assert [h.name for h in hunters.values()] == ["Rowan"]


async def test_no_fight_starts_without_a_pc_here(tmp_path):
    """Bug: `c` with no PC able to fight logged "A fight began.". With every PC left in
    another recursion the fight is refused, said so, and nothing is logged."""
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Apart")
    store = folder.open()
    away = character("mara", travel=Travel(recursion="ardeyn"))
    store.dispatch(CharacterCreated(character=away))
    app = StrangeApp(campaign_path=folder.path, saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        entries = len(app.session.journal())
        await pilot.press("c")
        await pilot.pause()
        assert not isinstance(app.screen, CombatScreen)
        assert app.session.state.encounter is None
        assert len(app.session.journal()) == entries
        assert "No one to fight: every PC stayed in another recursion." in notices(app)


async def test_the_first_run_list_says_how_to_open_the_demo_and_start(tmp_path):
    """Bug: the empty campaign list said only "press n". It says how to open the demo (d,
    or `strange-tui demo`) and how to start a campaign; d opens the demo."""
    saves = tmp_path / "saves"
    app = StrangeApp(saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        shown = str(app.screen.query_one("#list").get_option_at_index(0).prompt)
        assert "press d" in shown and "strange-tui demo" in shown and "press n" in shown
        shutil.copytree(REPO_DEMO, saves / "demo")  # As d would make it, only quicker.
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.session.path == saves / "demo"


async def test_translation_shows_the_drawn_failure_and_escape_after_the_roll_loses_nothing(
    demo_app,
):
    """Bug: ctrl+r on the failure step jumped on without showing what it chose, and escape
    after the roll left with the roll kept, the failure step and the reroll out of reach.
    Now ctrl+r shows the choice (the app draws) and stays; the result names the drawn
    consequence; escape after the roll asks: u takes the whole translation back (one
    command) and returns to the roll with every choice kept, the failure step one escape
    away; enter keeps it."""
    from strange_tui.campaign.commands.translation import DRAW
    from strange_tui.tui.translation.wizard import RESULT, ROLL
    from tests.tui.test_translation import set_roles

    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = demo_app.session.state
        await pilot.press("t", *"ruk", "enter")
        await set_roles(pilot, mara=1, jun=0, tess=0)
        await pilot.press("ctrl+n", "ctrl+n", "ctrl+r")
        await pilot.pause()
        wizard = demo_app.screen
        assert wizard.step == 3 and wizard.on_failure == DRAW
        assert wizard.query_one("#failure").highlighted_id() == DRAW
        await pilot.press("enter", "3", "enter")
        await pilot.pause()
        assert wizard.step == RESULT
        made = demo_app.session.journal()[-1]
        assert not made.success and made.consequence
        # Each drawn consequence is named (one or several: the draw is the app's).
        drawn = [name for name, _ in wizard.outcome.consequence]
        said = next(n for n in notices(demo_app) if n.startswith("The app drew: "))
        assert drawn and all(name in said and name in made.consequence for name in drawn)
        await pilot.press("escape", "u")  # Take it back: nothing is half-kept.
        await pilot.pause()
        assert demo_app.screen is wizard and wizard.step == ROLL
        assert demo_app.session.state == before
        await pilot.press("escape")  # The failure step, as it was chosen.
        await pilot.pause()
        assert wizard.step == 3 and wizard.on_failure == DRAW
        await pilot.press(*"taxing", "enter", "3", "enter", "escape", "escape")
        await pilot.pause()
        assert wizard.step == RESULT and demo_app.screen is wizard  # escape, escape: stays
        await pilot.press("escape", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)
        made = demo_app.session.journal()[-1]
        assert (made.success, made.consequence) == (False, "taxing")
