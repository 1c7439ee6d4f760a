"""What abilities do, in play and by keys only (R-ABL-1, R-ABL-2): an Armor bonus on the
sheet and in a defense, a defense training, an ability used from the sheet and from the
tracker with its cost after Edge and its timed effect, an attack ability's own damage;
each use is one undo step."""

from textual.widgets import DataTable

from strange_tui.campaign.commands.character.attacks import AbilitySheet, InUse
from strange_tui.campaign.model.abilities import armor_total
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.character.sheet_view import in_use_section
from strange_tui.tui.combat.attack import AttackDialog
from tests.campaign.builders import character
from tests.tui.test_combat import THUG_AND_INITIATIVE, party_app, shown

FULL = character("mara").pools
"""Mara's pools untouched (the fights' default leaves her Might at 2)."""


def mara(app):
    return app.session.state.characters["mara"]


async def test_r_abl_1_an_armor_bonus_counts_on_the_sheet_and_in_a_defense(tmp_path):
    """Mara (Tough: Armor 1) with an ability of +1 Armor: Armor 2 on the sheet, with its
    sources, and against the thug's 3 damage: 1 gets through."""
    app = party_app(tmp_path, abilities=("Ward",), pools=FULL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Mara's sheet, from Home.
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "Armor      2 (Tough 1 + Ward 1)" in shown(app, "#stats-body")
        await pilot.press("escape", *THUG_AND_INITIATIVE, "n", "n", "d")
        await pilot.pause()
        preview = shown(app, "#preview")
        assert "Armor        2 (Tough 1 + Ward 1)" in preview
        assert "On a failure 3 damage − Armor 2 = 1" in preview
        assert armor_total(mara(app)) == 2


async def test_r_abl_1_a_defense_training_shows_in_the_defense_preview(tmp_path):
    """An ability that trains Intellect defense: the defense dialog takes it from the
    sheet when Mara defends with Intellect, and the preview says where it comes from."""
    app = party_app(tmp_path, abilities=("Hard to Distract",), pools=FULL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "n", "n", "d")
        await pilot.pause()
        assert app.screen.query_one("#skill").selection == ""  # Speed: untrained.
        await pilot.press("ctrl+f", *["shift+tab"] * 4, "enter", "down", "enter")
        await pilot.pause()
        assert app.screen.query_one("#stat").selection.value == "intellect"
        assert app.screen.query_one("#skill").selection == "trained"
        preview = shown(app, "#preview")
        assert "Sheet        Hard to Distract: trained (Intellect defense)" in preview
        assert "Demanding 3 → Standard 2" in preview


async def test_r_abl_2_a_timed_ability_from_the_sheet_costs_its_points_and_lasts_a_minute(
    tmp_path,
):
    """Fury from Mara's sheet: 3 Might less her Edge of 1; her melee attacks then deal +2
    in the attack preview for one minute of game time (ten rounds), and then not; using
    it is one undo step."""
    app = party_app(tmp_path, abilities=("Fury",), pools=FULL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "escape", "enter", "b")
        await pilot.pause()
        assert "Fury: 2 Might (cost 3, Edge −1)" in shown(app, "#preview")
        await pilot.press("enter")
        await pilot.pause()
        assert (mara(app).pools.might.current, [a.name for a in mara(app).active]) == (
            10, ["Fury"])  # fmt: skip
        assert "Fury: +2 damage on melee attacks (1 min left)" in shown(app, "#lists-body")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert (mara(app).pools.might.current, mara(app).active) == (12, ())
        await pilot.press("b", "enter", "escape", "c", "a")
        await pilot.pause()
        assert not isinstance(app.screen, AttackDialog)  # R-CMB-8: Fury was the turn's action.
        await pilot.press("g", "a")  # The GM grants another.
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        assert "A hit    4 damage (Unarmed 2 + Fury 2)" in shown(app, "#preview")
        await pilot.press("escape", *["n"] * 4 * 9)  # Nine more rounds: 54 seconds in.
        await pilot.pause()
        assert [a.name for a in mara(app).active] == ["Fury"]
        # R-CMB-9: the tracker's Conditions column shows it with the rounds it has left.
        table = app.screen.query_one(DataTable)
        assert "Fury 1" in str(table.get_row("mara")[-1])
        await pilot.press(*["n"] * 4, "a")  # Round 11: the minute is over.
        await pilot.pause()
        assert "A hit    2 damage → Thug" in shown(app, "#preview")


async def test_r_abl_2_the_sheet_keeps_the_plus_of_a_cost_effort_adds_to(tmp_path):
    """Seen at 80x24: Shatter (2+ Intellect) read '0 Intellect' on a sheet with Intellect
    Edge 2, where the ability dialog said '0+'. The sheet's list keeps the '+' after Edge."""
    app = party_app(tmp_path, abilities=("Shatter", "Fury"), pools=FULL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Mara's sheet, from Home.
        await pilot.pause()
        listed = shown(app, "#lists-body")
        assert "• Shatter  2+ Intellect" in listed
        assert "• Fury  2 Might" in listed  # A cost with no '+' stays as it is.


async def test_r_abl_2_an_attack_ability_from_the_tracker_deals_its_own_damage(tmp_path):
    """Onslaught on Mara's turn: b, enter opens the attack with its force ray (4 damage,
    Intellect, 1 point); a 15 hits the thug (Armor 0) for 4; one ctrl+z takes it all back."""
    app = party_app(tmp_path, abilities=("Onslaught",), pools=FULL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "b")
        await pilot.pause()
        assert "Onslaught: 1 Intellect" in shown(app, "#preview")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        preview = shown(app, "#preview")
        assert "Cost     1 Intellect" in preview and "A hit    4 damage → Thug 5/9" in preview
        await pilot.press("ctrl+f", "1", "5", "enter")
        await pilot.pause()
        state = app.session.state
        assert (state.encounter.combatants["thug"].health, mara(app).pools.intellect.current) == (
            5, 7)  # fmt: skip
        await pilot.press("escape", "ctrl+z")
        await pilot.pause()
        state = app.session.state
        assert (state.encounter.combatants["thug"].health, mara(app).pools.intellect.current) == (
            9, 8)  # fmt: skip


def test_the_sheet_says_an_ability_s_time_left_in_its_own_unit():
    """The sheet's list of abilities in use says rounds, seconds or minutes as they are,
    rounded up (a round is '1 round left', never '1 min left'; 61 s is '2 min left')."""
    def left(seconds: int) -> str:
        use = InUse(name="Fury", effects=("+2 damage",), seconds_left=seconds)
        sheet = AbilitySheet(armor=0, armor_from=(), armor_maybe=(), attacks=(),
                             in_use=(use,), usable=())  # fmt: skip
        return in_use_section(sheet)[0].plain

    assert left(6) == "• Fury: +2 damage (1 round left)"
    assert left(61) == "• Fury: +2 damage (2 min left)"
    assert left(40) == "• Fury: +2 damage (40 s left)"
