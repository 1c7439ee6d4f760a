"""R-CMB-2: a weapon on the sheet knows whether it is a gun: its pack entry says so, or
the player's Gun box in an attack with it, remembered for the next attack."""

from msgspec.structs import replace

from strange_tui.campaign.commands import preview
from strange_tui.campaign.commands.combat import Attack, weapons_of
from strange_tui.campaign.model.events import ActionTaken
from strange_tui.content.loader import Content
from tests.campaign.builders import character
from tests.campaign.commands.test_combat import run, sheet_fight, to_turn

GENERIC = "Medium ranged weapon"


def test_r_cmb_2_the_packs_guns_are_flagged_and_its_bows_are_not():
    """The pack says which of its entries are guns (data, not names in the code): the
    three sizes of gun and the rifles; never a bow, a dart or a blowgun."""
    pack = Content().kind("weapons")
    guns = {wid for wid, weapon in pack.items() if weapon.gun}
    assert guns == {"light-gun", "medium-gun", "heavy-gun", "light-rifle", "rifle"}
    assert all(pack[wid].ranged for wid in guns)
    carried = ("Heavy pistol", "Revolver", "Shotgun", "Hunting rifle", "Derringer",
               "Crossbow", "Blowgun", "Throwing dart", GENERIC)  # fmt: skip
    mara = character("mara", equipment=carried)
    flags = {w.name: w.gun for w in weapons_of(mara, Content()) if not w.unarmed}
    assert flags == {
        "Heavy pistol": True,
        "Revolver": True,
        "Shotgun": True,
        "Hunting rifle": True,
        "Derringer": True,
        "Crossbow": False,
        "Blowgun": False,
        "Throwing dart": False,
        GENERIC: False,
    }


def test_r_cmb_2_the_sheet_remembers_the_gun_box_for_a_weapon_the_pack_leaves_open():
    """A generic medium ranged weapon may be a bow or a pistol: the first attack with its
    Gun box ticked makes it a gun on the sheet (Gunner's +1 counts from then on, with no
    box to tick); an attack with the box cleared makes it no gun again."""
    mara = character("mara", abilities=("Gunner",), equipment=(GENERIC,))
    store = sheet_fight(mara)
    (weapon, _) = weapons_of(store.state.characters["mara"], Content())
    assert (weapon.name, weapon.ranged, weapon.gun) == (GENERIC, True, False)
    (made, _, spent) = run(store, Attack(character="mara", target="thug",
                                         weapon=replace(weapon, gun=True), die=12))  # fmt: skip
    assert (made.weapon, made.gun) == (GENERIC, True) and isinstance(spent, ActionTaken)
    to_turn(store, "mara", 2)  # R-CMB-8: one attack a turn.
    assert store.state.characters["mara"].guns == (GENERIC,)
    (remembered, _) = weapons_of(store.state.characters["mara"], Content())
    assert remembered.gun
    shown = preview(store.state, Attack(character="mara", target="thug", weapon=remembered))
    assert ("Gunner", 1) in shown.parts
    run(store, Attack(character="mara", target="thug", weapon=replace(weapon, gun=False), die=12))
    assert store.state.characters["mara"].guns == ()


def test_r_cmb_2_a_melee_weapon_or_bare_hands_leave_the_sheets_guns_alone():
    mara = character("mara", equipment=("Combat knife",), guns=("Combat knife",))
    store = sheet_fight(mara)
    (knife, fists) = weapons_of(store.state.characters["mara"], Content())
    assert not knife.gun  # A gun is ranged: the sheet's word does not make a knife one.
    for round_, weapon in enumerate((knife, fists), start=1):
        to_turn(store, "mara", round_)  # R-CMB-8: one attack a turn.
        (made, *_) = run(store, Attack(character="mara", target="thug", weapon=weapon, die=12))
    assert made.weapon == "" and store.state.characters["mara"].guns == ("Combat knife",)
