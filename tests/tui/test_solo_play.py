"""Solo play in the app, keys only: the story journal (Home's j), the NPCs acting on their own
in a fight (d: the app chooses the target, the defense roll opens at once), the app's
intrusion brought to the one window (R-ORC-4), and the solo switch (GM settings, and a new
campaign made solo)."""

from textual.widgets import Checkbox, Select, TextArea

from strange_tui.campaign.model.events import (
    DamageTaken,
    Drawn,
    IntrusionAccepted,
    PromptRaised,
    RollMade,
    SceneWritten,
    SettingsChanged,
    TensionSet,
    batches,
)
from strange_tui.campaign.model.state import Settings
from strange_tui.rules.dice import PlayerDice
from strange_tui.tui.combat.tracker import CombatScreen
from strange_tui.tui.home.campaigns import CampaignsScreen
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.home.log import LogScreen
from strange_tui.tui.solo.scene import SceneDialog
from strange_tui.tui.table.answer import DefenseAnswer, IntrusionAnswer
from strange_tui.tui.table.settings import SettingsDialog
from tests.tui.test_combat import party_app
from tests.tui.test_layout import key_bar_lines, screen_lines, tab_through
from tests.tui.test_roll_dialog import tab_to

SIZE = (100, 40)


def solo_app(tmp_path, intrusions: str = "off"):
    """Mara, Jun and Tess with no GM: the app sits in the chair."""
    solo = SettingsChanged(settings=Settings(solo=True, solo_intrusions=intrusions))
    return party_app(tmp_path, events=(solo,))


def journal(app) -> list:
    return app.session.journal()


async def test_the_journal_writes_a_scene_note_and_the_log_shows_it_as_a_paragraph(tmp_path):
    """j on Home; letters that are keys elsewhere (q quits, d draws, l the log) only type;
    a first escape keeps the note (and says so); ctrl+s writes it: one event, in the log."""
    app = solo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, SceneDialog)
        await pilot.press(*"Quiet docks", "enter", "enter", *"Mara looks")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SceneDialog)  # Not lost to a stray escape.
        assert app.screen.query_one(TextArea).text == "Quiet docks\n\nMara looks"
        await pilot.press(*" around.", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        note = journal(app)[-1]
        assert isinstance(note, SceneWritten)
        assert note.text == "Quiet docks\n\nMara looks around."
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        shown = "\n".join(screen_lines(app))
        assert "Quiet docks" in shown and "Mara looks around." in shown
        # Escape twice drops a note not written: nothing goes to the log.
        await pilot.press("escape", "j", *"Never mind", "escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and journal(app)[-1] == note


async def test_an_npc_acts_on_its_own_in_a_solo_fight(tmp_path):
    """A thug joins; initiative (Mara 15, Tess 12 before it; Jun's 5 after); n n: the thug's
    turn, and the key bar says d lets the NPC act. d: the app chooses a PC (its die in the
    log) and that PC's defense roll opens here at once; ctrl+f 2 enter: it fails, the hit
    lands, the question is answered."""
    app = solo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("tab", "3", "tab", *"Thug", "enter")
        await pilot.press("i", "1", "5", "tab", "5", "tab", "1", "2", "enter")
        await pilot.pause()
        assert app.session.state.encounter.order == ("mara", "tess", "thug", "jun")
        await pilot.press("n", "n")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        bar = " ".join(key_bar_lines(app))
        assert "d NPC acts" in bar and "NPC attacks" not in bar
        await pilot.press("d")
        await pilot.pause()
        drawn, asked = journal(app)[-2:]
        assert isinstance(drawn, Drawn) and drawn.table == "target"
        assert isinstance(asked, PromptRaised) and asked.character == drawn.character
        assert isinstance(app.screen, DefenseAnswer)
        assert app.screen.prompt.character == drawn.character
        await pilot.press("ctrl+f", "2", "enter")
        await pilot.pause()
        # The step's roll, its hit, the question closed, and (R-TEN-4) tension when the hit
        # takes the PC down the damage track.
        step = [e for e in batches(journal(app))[-1] if not isinstance(e, TensionSet)]
        roll, hit = step[:2]
        assert isinstance(roll, RollMade) and roll.character == drawn.character
        assert isinstance(hit, DamageTaken) and hit.source == "Thug"
        assert app.session.state.prompts == ()


async def test_a_fight_with_a_gm_keeps_npc_attacks_on_d(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("tab", "3", "tab", *"Thug", "enter")
        await pilot.press("i", "1", "5", "tab", "5", "tab", "1", "2", "enter", "n", "n")
        await pilot.pause()
        bar = " ".join(key_bar_lines(app))
        assert "d NPC attacks" in bar and "NPC acts" not in bar


async def test_r_orc_4_the_apps_intrusion_comes_to_the_one_window(tmp_path, monkeypatch):
    """Mara rolls 14 (her own die); the app's check d20 shows 20, then it draws a kind and
    an example: the question comes to this window once the roll dialog closes, and ctrl+s
    accepts it (2 XP, 1 to Jun)."""
    monkeypatch.setattr(
        "strange_tui.campaign.commands.base.SeededDice", lambda: PlayerDice([20, 1, 1])
    )
    app = solo_app(tmp_path, intrusions="rare")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", *"Climb")
        await tab_to(pilot, "die")
        await pilot.press("1", "4", "enter")
        await pilot.pause()
        drawn, asked = journal(app)[-2:]
        assert isinstance(drawn, Drawn) and drawn.dice[0] == 20
        assert isinstance(asked, PromptRaised) and asked.prompt == "intrusion"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, IntrusionAnswer)
        assert asked.what.split(":")[0] in "\n".join(screen_lines(app))
        await pilot.press("ctrl+s")
        await pilot.pause()
        *_, accepted, _closed, tension = journal(app)
        assert isinstance(accepted, IntrusionAccepted) and accepted.what == asked.what
        assert isinstance(tension, TensionSet) and tension.tension == 6  # R-TEN-4.
        characters = app.session.state.characters
        assert (characters["mara"].xp, characters["jun"].xp) == (1, 1)


async def test_the_gm_settings_switch_solo_play_and_the_apps_intrusions(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, SettingsDialog)
        await tab_to(pilot, "solo")
        await pilot.press("space")
        await tab_to(pilot, "solo-intrusions")
        await pilot.press("enter", "down", "enter")  # rare -> often
        await pilot.pause()
        assert app.screen.query_one("#solo-intrusions", Select).value == "often"
        await pilot.press("ctrl+s")
        await pilot.pause()
        settings = app.session.state.settings
        assert (settings.solo, settings.solo_intrusions) == (True, "often")
        assert isinstance(journal(app)[-1], SettingsChanged)


async def test_a_new_campaign_made_solo_from_the_campaign_list(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        await pilot.press("n", *"Lone Road", "shift+tab", "space")
        assert app.screen.query_one("#solo", Checkbox).value
        await pilot.press("tab", "enter")
        await pilot.pause()
        state = app.session.state
        assert state.name == "Lone Road" and state.settings.solo


async def test_the_journal_and_the_settings_are_usable_at_40x12(tmp_path):
    app = solo_app(tmp_path)
    async with app.run_test(size=(40, 12)) as pilot:
        for key in ("j", "g"):
            await pilot.press(key)
            await pilot.pause()
            assert not await tab_through(pilot)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
