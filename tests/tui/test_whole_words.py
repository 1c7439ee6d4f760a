"""At 80x24 a long phrase wraps or is shortened by design, never cut by the panel's edge:
the combat order's conditions and pools, the defense's button that asks a seat, the roll's
die field, a creation step's skill choice and a party card's Luck, each read whole in the
widget that shows it."""

from __future__ import annotations

from msgspec.structs import replace
from textual.widgets import DataTable, Select

from strange_tui.rules.pools import Pool, Pools
from strange_tui.rules.track import DamageTrack
from strange_tui.tui.combat.defense import DefenseDialog
from strange_tui.tui.creation.wizard import CreationScreen
from strange_tui.tui.home.party import PartyList
from strange_tui.tui.rolls.intrusion import IntrusionDialog
from strange_tui.tui.rolls.roll import RollDialog
from tests.tui.reach import screen_lines
from tests.tui.test_combat import THUG_AND_INITIATIVE, party_app
from tests.tui.test_combat_actions import GUARD
from tests.tui.test_dialog_steps import PINNED
from tests.tui.test_layout import DRAFT

FRAME = set("─│╭╮╰╯┃━█▀▄▌▐▔▁▊▎▇▆▅▄▃▂ ▼")
"""Borders, scrollbars and a Select's arrow: not words."""


def words_in(app, widget) -> str:
    """What ``widget`` shows on screen, its lines' words joined by single spaces (a line
    wrapped in a cell or a panel reads on), borders left out."""
    region = widget.region
    lines = screen_lines(app)[region.y : region.bottom]
    words = [w for line in lines for w in line[region.x : region.right].split()]
    return " ".join(w for w in words if not set(w) <= FRAME)


def assert_whole(app, widget, *phrases: str) -> None:
    shown = words_in(app, widget)
    for phrase in phrases:
        assert phrase in shown, f"{phrase!r} not whole in: {shown}"


async def test_long_phrases_read_whole_at_80x24(demo_app, tmp_path):
    """The demo's fight: Mara Quist guards the stairs and the door, is pinned down and
    dazed, and pins the thug down: every condition reads whole, wrapped in its column, the
    note shortened at a word; her pools whole. The thug's attack on Tess Harrow: the
    button asks "the seat". The roll's die field, the Intelligent descriptor's skill
    choice, and an impaired card's Luck (a gauge of its own) read whole too."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, *GUARD, *"the stairs and the door", "enter")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*PINNED, "k", "down", "down", "enter", "ctrl+s")  # Dazed too.
        # The GM grants her a second action (R-CMB-8: guarding was the turn's): covering
        # fire pins the thug down.
        await pilot.press("g", "c", "enter", "ctrl+f", "1", "4", "enter", "enter")
        await pilot.pause()
        order = demo_app.screen.query_one(DataTable)
        mara = "guarding 1 (the stairs and…), pinned down 1, dazed 1"
        assert_whole(demo_app, order, mara, "pinned down 1 (Mara Quist)", "M11 S11 I5")

        await pilot.press("n", "n", "d", "enter", "down", "down", "enter")  # The thug: on Tess.
        await pilot.pause()
        assert isinstance(demo_app.screen, DefenseDialog)
        assert demo_app.screen.query_one("#pc", Select).value == "tess-harrow"
        assert_whole(demo_app, demo_app.screen.query_one("#ask"), "Ask the seat")
        await pilot.press("escape", "escape")
        await pilot.pause()

        await pilot.press("r")
        await pilot.pause()
        assert isinstance(demo_app.screen, RollDialog)
        die = demo_app.screen.query_one("#die")
        assert_whole(demo_app, die, "your d20, then enter · blank: the app rolls")
        await pilot.press("escape")
        await pilot.pause()

        draft = replace(DRAFT, descriptor="intelligent", step=6)
        await demo_app.push_screen(CreationScreen(draft))
        await pilot.pause()
        body = demo_app.screen.query_one("#body")
        assert_whole(demo_app, body, "Trained in one area of knowledge of the player's choice.")

    luck = Pools(
        might=Pool(current=12, maximum=12),
        speed=Pool(current=10, maximum=10),
        intellect=Pool(current=8, maximum=8),
        luck=Pool(current=3, maximum=3),
    )
    app = party_app(
        tmp_path, name="Tess Harrow-Quist", xp=13, track=DamageTrack.IMPAIRED, pools=luck
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        party = app.screen.query_one(PartyList)
        assert_whole(app, party, "Tess Harrow-Quist T1 XP 13 impaired", "Intel 8/8 Luck 3/3")


async def test_the_gm_s_intrusion_buttons_read_whole_at_80x24(demo_app):
    """The GM's intrusion dialog: the button that offers it at the player's seat says "the
    seat" (the title names whose), so Accept, Refuse and Cancel all read whole beside it."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i")
        await pilot.pause()
        dialog = demo_app.screen
        assert isinstance(dialog, IntrusionDialog)
        for button, words in (("#offer", "Offer at the seat"), ("#accept", "Accept (+2 XP)"),
                              ("#refuse", "Refuse (-1 XP)"), ("#cancel", "Cancel")):  # fmt: skip
            assert_whole(demo_app, dialog.query_one(button), words)


async def test_a_new_fight_s_header_stands_over_its_columns_at_80x24(demo_app):
    """Two thugs added, no initiative yet: each header starts where its column's cells do
    (the table drew its header once before it measured the rows, and kept it narrow)."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", *"thug", "tab", "tab", "tab", "backspace", "2", "ctrl+s")
        await pilot.pause()
        lines = screen_lines(demo_app)
        header = next(line for line in lines if "Conditions" in line)
        mara = next(line for line in lines if "Mara Quist" in line)
        thug = next(line for line in lines if "Thug 2" in line)
        assert header.index("Lvl") == mara.index("PC") == thug.index("3 ")
        assert header.index("Health") == mara.index("M11")


async def test_the_attack_s_weapon_reads_whole_at_80x24(demo_app):
    """The demo's Mara attacks the pack's thug: her weapon's name, size and damage read
    whole in its list (the second column of the form is the wider), as does the die's key."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", *"thug", "ctrl+s", "i", "1", "5", "enter", "8", "enter")
        await pilot.press("1", "2", "enter", "a")
        await pilot.pause()
        dialog = demo_app.screen
        assert_whole(demo_app, dialog.query_one("#weapon"), "Heavy pistol (medium 4)")
        assert "Your die ^f" in "\n".join(screen_lines(demo_app))


async def test_the_gm_settings_read_whole_with_recursions_named_at_80x24(demo_app):
    """The GM's settings: each house rule reads whole, and a focus's recursions are named
    as the packs name them ('Earth, Ruk', not 'earth, ruk')."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        shown = "\n".join(screen_lines(demo_app))
        assert "House rule: past the cypher limit, only warn (none vanishes)" in shown
        assert "Builds Robots  Earth, Ruk" in shown and "earth" not in shown
