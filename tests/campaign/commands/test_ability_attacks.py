"""R-ABL-2 where the player acts: an action ability whose text makes an attack is rolled as
an attack (with a weapon carried: the weapon's damage and the ability's modifier, and what
its hit leaves on the foe); one whose text has no task is used at its cost with no roll,
its time kept."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character import UseAbility
from strange_tui.campaign.commands.combat import Attack, weapons_of
from strange_tui.campaign.model.events import (
    AbilityUsed,
    ClockAdvanced,
    ConditionAdded,
    NpcHealthChanged,
    RollMade,
)
from strange_tui.campaign.narrate.log import sentence
from strange_tui.campaign.store import Store
from strange_tui.content.loader import Content
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import campaign, character, fighting, npc

CONTENT = Content()


def basher(*abilities: str):
    """Mara (Might Edge 1) with a mace and a heavy pistol, and ``abilities``."""
    return character("mara", abilities=abilities or ("Bash",), equipment=("Mace", "Heavy pistol"))


def fight_with(who) -> Store:
    """Mara's turn against a level-2 guard (6 health, Armor 0)."""
    return Store(fighting(campaign(who), npc("guard", level=2)))


def named(weapons, name):
    return next(w for w in weapons if w.name == name)


def test_r_abl_2_bash_is_listed_with_each_melee_weapon_for_its_damage_less_one():
    """Bash ('a melee pummel for 1 less damage'): among Mara's weapons once for the mace
    (4 - 1) and once for bare hands (2 - 1), rolled with Might; never with the pistol."""
    weapons = weapons_of(basher(), CONTENT)
    bashes = [(w.name, w.damage, w.category, w.stat) for w in weapons if w.ability == "Bash"]
    assert bashes == [
        ("Bash (Mace)", 3, "medium", Stat.MIGHT),
        ("Bash (Unarmed)", 1, "light", Stat.MIGHT),
    ]


def test_r_abl_2_bash_hits_for_the_weapon_s_damage_less_one_and_dazes_the_foe():
    """Bash with the mace on a 15: the guard takes 3 (mace 4, Bash -1) and is dazed for a
    round (its tasks hindered); the roll pays Bash's 1 Might (Edge 1 takes it off)."""
    store = fight_with(basher())
    bash = named(weapons_of(store.state.characters["mara"], CONTENT), "Bash (Mace)")
    attack = Attack(character="mara", target="guard", weapon=bash, die=15)
    shown = preview(store.state, attack)
    assert shown.parts == (("Bash (Mace)", 3),)
    assert [hit.condition for hit in shown.hits] == ["dazed"] * len(shown.hits)
    events = decide(store.state, attack)
    (made,) = [e for e in events if isinstance(e, RollMade)]
    assert (made.stat, made.ability_cost, made.success) == (Stat.MIGHT, 1, True)
    (dealt,) = [e for e in events if isinstance(e, NpcHealthChanged)]
    (dazed,) = [e for e in events if isinstance(e, ConditionAdded)]
    assert dealt.amount == -3
    assert (dazed.targets, dazed.condition.name, dazed.condition.rounds) == (("guard",), "dazed", 1)
    store.apply(events)
    guard = store.state.encounter.combatants["guard"]
    assert (guard.health, [c.name for c in guard.conditions]) == (3, ["dazed"])
    assert guard.conditions[0].hinders == 1


def test_r_abl_2_a_missed_bash_leaves_no_daze():
    store = fight_with(basher())
    bash = named(weapons_of(store.state.characters["mara"], CONTENT), "Bash (Mace)")
    events = decide(store.state, Attack(character="mara", target="guard", weapon=bash, die=2))
    assert not [e for e in events if isinstance(e, ConditionAdded | NpcHealthChanged)]


def test_r_abl_2_an_ability_attack_with_a_weapon_it_cannot_take_is_refused():
    """Bash is a melee attack: one forged with the pistol is no attack Mara has."""
    store = fight_with(basher())
    weapons = weapons_of(store.state.characters["mara"], CONTENT)
    forged = replace(named(weapons, "Bash (Mace)"), name="Bash (Heavy pistol)", ranged=True)
    with pytest.raises(RuleViolation, match="has no attack 'Bash \\(Heavy pistol\\)'"):
        decide(store.state, Attack(character="mara", target="guard", weapon=forged, die=15))


def test_r_abl_2_a_weapon_ability_s_attack_counts_the_damage_bonuses_of_its_kind():
    """Lunge (hindered, +4 on a hit) with the mace while a minute of +2 on melee attacks
    runs (begun just before the fight): 4 + 4 + 2, one step hindered."""
    calm = Store(campaign(basher("Lunge", "Fury")))
    calm.apply(decide(calm.state, UseAbility(character="mara", ability="Fury")))
    store = Store(fighting(calm.state, npc("guard", level=2)))
    lunge = named(weapons_of(store.state.characters["mara"], CONTENT), "Lunge (Mace)")
    shown = preview(store.state, Attack(character="mara", target="guard", weapon=lunge))
    assert shown.parts == (("Lunge (Mace)", 8), ("Fury", 2))
    assert ("hindered", 1) in shown.steps


def test_r_abl_2_an_action_whose_text_has_no_task_is_used_at_its_cost_with_no_roll():
    """Resonance Field ('for a minute, you may defend with Intellect'): no roll to make;
    using it pays 1 Intellect, begins its minute (the sheet shows it in use), one log
    line; after the minute it is over."""
    store = Store(campaign(character("mara", abilities=("Resonance Field",))))
    use = UseAbility(character="mara", ability="Resonance Field")
    shown = preview(store.state, use)
    assert (shown.roll, shown.cost, shown.seconds, shown.problem) == ("", 1, 60, None)
    (used,) = decide(store.state, use)
    assert isinstance(used, AbilityUsed) and (used.cost, used.lasts) == (1, 60)
    assert sentence(used, {"mara": "Mara"}) == "Mara used Resonance Field: 1 Intellect for 1 min."
    store.apply([used])
    mara = store.state.characters["mara"]
    assert (mara.pools.intellect.current, [a.name for a in mara.active]) == (7, ["Resonance Field"])
    store.dispatch(ClockAdvanced(seconds=60))
    assert store.state.characters["mara"].active == ()


@pytest.mark.parametrize("ability", ["Scan", "Countermeasures", "Gather Intelligence"])
def test_r_abl_2_an_ability_the_csrd_gives_no_roll_is_used_without_one(ability):
    store = Store(campaign(character("mara", abilities=(ability,))))
    (used,) = decide(store.state, UseAbility(character="mara", ability=ability))
    assert isinstance(used, AbilityUsed) and used.cost == 2 + (ability == "Countermeasures") * 2


def test_r_abl_2_an_attack_that_names_light_thrown_weapons_takes_no_gun_nor_sword():
    """Quick Throw ('a thrown light-weapon attack'): of a sword, a medium gun and a knife,
    only the knife is thrown."""
    carried = ("Sword", "Medium gun", "Light ranged weapon")
    kit = character("kit", abilities=("Quick Throw",), equipment=carried)
    names = [w.name for w in weapons_of(kit, CONTENT) if w.ability]
    assert names == ["Quick Throw (Light ranged weapon)"]
