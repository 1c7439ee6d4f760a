"""The quick reference through the keys (R-REF-1, R-MOD-1, R-ART-1): F2 opens it from Home
and from inside a dialog, letters only filter, enter on a numbered line opens the roll
dialog at the line's difficulty, stat and label (the GM picks who rolls, a player's seat
rolls for its own character), and the roll it makes is the line's. Reads at 80x24 and
scrolls at 40x12."""

from textual.widgets import Input, OptionList, Select

from strange_tui.campaign.model.events import RollMade
from strange_tui.campaign.model.terms import Stat
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.common.impossible import ImpossibleRoll
from strange_tui.tui.home.campaigns import CampaignsScreen
from strange_tui.tui.home.help import SECTIONS, HelpScreen, section_rows
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.home.reference import CharacterChooser, ReferenceScreen
from strange_tui.tui.rolls.roll import RollDialog
from tests.tui.test_layout import screen_lines

MARA, JUN = "mara-quist", "jun-okafor"


def notices(app: StrangeApp) -> list[str]:
    return [notice.message for notice in app._notifications]


def seen(app: StrangeApp) -> str:
    """The screen as the player reads it, one string."""
    return "\n".join(screen_lines(app))


def roll_form(app: StrangeApp) -> tuple[str, int, Stat, str]:
    """The roll dialog's character, difficulty, stat and task, as its fields show them."""
    dialog = app.screen
    assert isinstance(dialog, RollDialog)
    return (
        dialog.character_id,
        dialog.query_one("#difficulty", Select).value,
        dialog.query_one("#stat", Select).value,
        dialog.query_one("#label", Input).value,
    )


async def roll_die(pilot, die: str) -> RollMade:
    """Type the d20 in 'Your die' (ctrl+f) and roll: the journal's last event. A roll that
    cannot succeed asks first; the player says yes (y)."""
    await pilot.press("ctrl+f", *die, "enter")
    await pilot.pause()
    if isinstance(pilot.app.screen, ImpossibleRoll):
        await pilot.press("y")
        await pilot.pause()
    event = pilot.app.session.journal()[-1]
    assert isinstance(event, RollMade)
    return event


async def test_r_ref_1_glass_from_home_opens_a_roll_at_10_and_rolls_it(demo_app):
    """F2 on Home; "glass" leaves the glass line (10, under Climbing · Might); enter asks
    the GM who rolls (three PCs); Mara: the roll dialog at Impossible 10, Might, with the
    line as its task and target 30; her 19 fails, logged at difficulty 10."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(demo_app.screen, ReferenceScreen)
        assert "Difficulty" in seen(demo_app) and "0 Routine, no roll: anyone manages it" in seen(
            demo_app
        )
        await pilot.press(*"glass")
        await pilot.pause()
        text = seen(demo_app)
        assert "Climbing · Might" in text and " 10 a sheer pane of glass" in text
        assert "enter: roll at difficulty 10, Might" in text
        assert "stonework" not in text and "Routine" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, CharacterChooser)
        assert "Who rolls? Difficulty 10" in seen(demo_app)
        await pilot.press("enter")  # Mara, the first of the party.
        await pilot.pause()
        assert roll_form(demo_app) == (MARA, 10, Stat.MIGHT, "Climbing: a sheer pane of glass")
        assert "target 30" in seen(demo_app)  # The odds under the form.
        event = await roll_die(pilot, "19")
        assert (event.character, event.difficulty, event.stat) == (MARA, 10, Stat.MIGHT)
        assert (event.die, event.success) == (19, False)
        assert event.label == "Climbing: a sheer pane of glass"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)  # The reference closed for the roll.


async def test_f2_opens_it_inside_a_dialog_and_letters_only_filter(demo_app):
    """In the roll dialog (its task field focused) F2 opens the reference over it without
    typing; letters that are keys elsewhere (r, q, ?, !) only filter; a line to read does
    nothing but say so; F2 again (or escape) goes back to the dialog as it was."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", *"Search", "f2")
        await pilot.pause()
        assert isinstance(demo_app.screen, ReferenceScreen)
        journal = len(demo_app.session.journal())
        await pilot.press(*"rq?!")
        await pilot.pause()
        assert isinstance(demo_app.screen, ReferenceScreen)
        assert demo_app.screen.query_one("#query", Input).value == "rq?!"
        assert "Nothing matches" in seen(demo_app)
        for _ in range(4):
            await pilot.press("backspace")
        await pilot.press(*"minor fire", "enter")
        await pilot.pause()
        text = seen(demo_app)
        assert "Hazards" in text and "minor fire: 3 damage each round" in text
        assert "to read: this line sets no difficulty" in text
        assert isinstance(demo_app.screen, ReferenceScreen)
        assert any("sets no difficulty" in notice for notice in notices(demo_app))
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(demo_app.screen, RollDialog)
        assert demo_app.screen.query_one("#label", Input).value == "Search"
        await pilot.press("f2", "escape")
        await pilot.pause()
        assert isinstance(demo_app.screen, RollDialog)
        assert len(demo_app.session.journal()) == journal  # Nothing was rolled.


async def test_r_mod_1_changing_an_ability_s_nature_rolls_at_7_for_the_one_chosen(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2", *"modifying nature")
        await pilot.pause()
        assert " 7 a use close to the ability, but of another nature" in seen(demo_app)
        await pilot.press("enter", "down", "enter")  # Jun, the second.
        await pilot.pause()
        character, difficulty, _, label = roll_form(demo_app)
        assert (character, difficulty) == (JUN, 7)
        assert label == "Modifying an ability: a use close to the ability, but of another nature"
        assert "target 21" in seen(demo_app)
        event = await roll_die(pilot, "20")
        assert (event.character, event.difficulty, event.success) == (JUN, 7, False)


async def test_r_art_1_a_player_identifies_a_cypher_at_2_with_intellect(demo):
    """At Mara's seat enter rolls for Mara at once (no chooser): a harder cypher is an
    Intellect task at 2, and her 6 identifies it."""
    app = StrangeApp(campaign_path=demo, saves=demo.parent, seat=MARA)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("f2", *"cypher harder")
        await pilot.pause()
        text = seen(app)
        assert "Identifying cyphers and artifacts · Intellect" in text
        assert " 2 a cypher, a harder one to read: 15 minutes to an hour" in text
        await pilot.press("enter")
        await pilot.pause()
        character, difficulty, stat, _ = roll_form(app)
        assert (character, difficulty, stat) == (MARA, 2, Stat.INTELLECT)
        event = await roll_die(pilot, "6")
        assert (event.character, event.difficulty, event.success) == (MARA, 2, True)


async def test_the_arrows_skip_headings_and_reach_the_last_line_at_40x12(demo_app):
    """At 40x12 the list scrolls: down to the last line (objects' Armor 3) brings it into
    view with its note; up to the first brings back the first heading."""
    async with demo_app.run_test(size=(40, 12)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        screen = demo_app.screen
        options = screen.query_one("#lines", OptionList)
        for _ in range(20):
            await pilot.press("pagedown")
        await pilot.pause()
        assert options.highlighted == options.option_count - 1
        text = seen(demo_app)
        assert "extremely hard (diamond):" in text and "to read" in text
        for _ in range(20):
            await pilot.press("pageup")
        await pilot.pause()
        assert options.highlighted == 1  # The first line; 0 is its heading.
        assert "Difficulty" in seen(demo_app) and "enter: roll at" in seen(demo_app)


async def test_without_a_campaign_it_reads_and_says_a_roll_needs_one(tmp_path):
    app = StrangeApp(saves=tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        await pilot.press("f2", *"knowledge lost", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReferenceScreen)
        assert " 10 lore lost to the world, forgotten by all" in seen(app)
        assert any("Open a campaign" in notice for notice in notices(app))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)


async def test_the_palette_and_help_name_it(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p", *"quick reference")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, ReferenceScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(demo_app.screen, HelpScreen)
        assert "Quick reference" in seen(demo_app)
    everywhere = dict(section_rows(SECTIONS[0]))
    assert everywhere["f2"].startswith("Quick reference")
