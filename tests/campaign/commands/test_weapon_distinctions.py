"""Weapon distinctions, an optional campaign setting (R-WPN-1): the packs' weapons carry
them, and with the setting on attacks apply them, each as a line of the preview."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.combat import AddNpcs, Attack, WeaponUsed, weapons_of
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.model.events import ActionTaken, NpcHealthChanged, SettingsChanged
from strange_tui.content.loader import Content
from strange_tui.rules.errors import RuleViolation
from tests.campaign.builders import character
from tests.campaign.commands.test_combat import fight, run

SWORD = WeaponUsed(name="Sword", category="medium", damage=4, distinction="slashing")
RIFLE = WeaponUsed(
    name="Rifle",
    category="heavy",
    damage=6,
    ranged=True,
    range="long",
    distinction="armor-piercing",
)
KNIFE = WeaponUsed(name="Knife", category="light", damage=2, distinction="stabbing")
SPEAR = WeaponUsed(name="Spear", category="medium", damage=4, distinction="reaching")


def duel(armor: int = 0, distinctions: bool = True, level: int = 2):
    """Mara first against a thug (level 2, 20 health) with ``armor``; the optional rule
    on unless told otherwise (set by the GM's command)."""
    store = fight(
        AddNpcs(name="Thug", level=level, health=20, armor=armor), dice={"mara": 20, "jun": 1}
    )
    if distinctions:
        events = run(store, ChangeSettings(weapon_distinctions=True))
        assert isinstance(events[0], SettingsChanged)
    return store


def damage_of(store, attack: Attack, die: int) -> int:
    """The damage (before Armor) the attack's hit on ``die`` records."""
    events = decide(store.state, replace(attack, die=die))
    hits = [e for e in events if isinstance(e, NpcHealthChanged)]
    return -hits[0].amount if hits else 0


def test_r_wpn_1_the_setting_is_off_by_default_and_the_gm_turns_it_on():
    store = duel(distinctions=False)
    assert not store.state.settings.weapon_distinctions
    attack = Attack(character="mara", target="thug", weapon=SWORD)
    assert damage_of(store, attack, 12) == 4
    shown = preview(store.state, ChangeSettings(weapon_distinctions=True))
    assert shown.changes == ("Weapon distinctions apply to attacks",)
    run(store, ChangeSettings(weapon_distinctions=True))
    assert damage_of(store, attack, 12) == 5


def test_r_wpn_1_the_packs_weapons_carry_their_distinction_and_range():
    mara = character(
        "mara", equipment=("Combat knife", "Sword", "Spear", "Rifle", "Rapier", "Halberd", "Mace")
    )
    listed = {w.name: (w.category, w.distinction, w.range) for w in weapons_of(mara, Content())}
    assert listed == {
        "Combat knife": ("light", "stabbing", "immediate"),
        "Sword": ("medium", "slashing", "immediate"),
        "Spear": ("medium", "reaching", "immediate"),
        "Rifle": ("heavy", "armor-piercing", "long"),
        "Rapier": ("light", "stabbing", "immediate"),
        "Halberd": ("heavy", "reaching", "immediate"),
        "Mace": ("medium", "", "immediate"),
        "Unarmed": ("light", "", "immediate"),
    }


def test_r_wpn_1_slashing_against_armor_and_none():
    attack = Attack(character="mara", target="thug", weapon=SWORD)
    bare = duel(armor=0)
    assert preview(bare.state, attack).parts == (("Sword", 4), ("slashing against no Armor", 1))
    assert damage_of(bare, attack, 12) == 5
    armored = duel(armor=2)
    assert preview(armored.state, attack).parts == (("Sword", 4), ("slashing against Armor", -1))
    assert damage_of(armored, attack, 12) == 3
    run(armored, replace(attack, die=12))
    assert armored.state.encounter.combatants["thug"].health == 20 - 1  # 3 less Armor 2


def test_r_wpn_1_armor_piercing_ignores_1_armor_and_loses_1_against_none():
    attack = Attack(character="mara", target="thug", weapon=RIFLE)
    armored = duel(armor=2)
    shown = preview(armored.state, attack)
    assert shown.parts == (("Rifle", 6), ("armor-piercing against Armor", 1))
    assert shown.hits[0].damage == 5  # 6 less Armor 2 plus the 1 Armor ignored
    run(armored, replace(attack, die=12))
    assert armored.state.encounter.combatants["thug"].health == 15
    bare = duel(armor=0)
    assert preview(bare.state, attack).parts[-1] == ("armor-piercing against no Armor", -1)
    assert damage_of(bare, attack, 12) == 5


def test_r_wpn_1_stabbing_adds_on_17_and_more_and_takes_on_5_or_less():
    # A level 1 foe eased by the light knife is an automatic hit; partial cover makes it a
    # roll at 1 (target 3), so a 4 hits.
    store = duel(level=1)
    attack = Attack(character="mara", target="thug", weapon=KNIFE)
    shown = preview(store.state, replace(attack, circumstances=("partial-cover",)))
    assert shown.by_die == (
        ("stabbing, a natural 17 or more", 1),
        ("stabbing, a natural 5 or less", -1),
    )
    hits = {hit.die: hit.damage for hit in shown.hits}
    assert hits[None] == 2 and hits[17] == 2 + 1 + 1  # +1 special, +1 stabbing
    rolled = replace(attack, circumstances=("partial-cover",))
    assert damage_of(store, rolled, 4) == 1
    assert damage_of(store, rolled, 12) == 2
    assert damage_of(store, rolled, 17) == 4
    off = duel(level=1, distinctions=False)
    assert damage_of(off, rolled, 4) == 2 and preview(off.state, rolled).by_die == ()


def test_r_wpn_1_reaching_eases_unless_the_foe_has_reach_and_close_quarters_hinder():
    store = duel()
    attack = Attack(character="mara", target="thug", weapon=SPEAR)
    shown = preview(store.state, attack)
    assert shown.roll.odds.final_difficulty == 1
    assert shown.steps == (("reaching weapon", -1),)
    reach = preview(store.state, replace(attack, circumstances=("foe-has-reach",)))
    assert reach.roll.odds.final_difficulty == 2 and reach.steps == ()
    close = preview(store.state, replace(attack, circumstances=("close-quarters",)))
    assert close.roll.odds.final_difficulty == 3
    assert close.steps == (("reaching weapon in close quarters", 1),)
    (made, _, spent) = decide(store.state, replace(attack, circumstances=("close-quarters",),
                                                   die=9))  # fmt: skip
    assert isinstance(spent, ActionTaken)
    assert made.hindrances == 1 and made.circumstances == ("close quarters",)
    off = duel(distinctions=False)
    assert preview(off.state, attack).roll.odds.final_difficulty == 2


def test_r_wpn_1_an_area_attack_deals_each_foe_its_own_distinction_damage():
    store = fight(
        AddNpcs(name="Lout", level=2, health=20),
        AddNpcs(name="Brute", level=2, health=20, armor=1),
        dice={"mara": 20, "jun": 1},
    )
    run(store, ChangeSettings(weapon_distinctions=True))
    attack = Attack(
        character="mara", target="lout", others=("brute",), area=True, weapon=SWORD, die=12
    )
    events = run(store, attack)
    amounts = {e.targets: e.amount for e in events if isinstance(e, NpcHealthChanged)}
    assert amounts == {("lout",): -5, ("brute",): -3}


def test_r_wpn_1_pushing_a_ranged_weapon_past_long_range():
    store = duel()
    attack = Attack(character="mara", target="thug", weapon=RIFLE, circumstances=("pushed-500",))
    shown = preview(store.state, attack)
    assert shown.steps[0] == ("past long range, to 500 ft, the target's advantage", 4)
    assert shown.roll.odds.final_difficulty == 6
    with pytest.raises(RuleViolation, match="counts for ranged attacks only"):
        preview(store.state, replace(attack, weapon=SWORD))
