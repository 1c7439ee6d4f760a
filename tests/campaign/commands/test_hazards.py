"""Hazards (R-HAZ-1) and objects to attack (R-HAZ-2) as commands: ambient damage that Armor
does not stop, per-round hazards that burn at each of the holder's turns until taken off,
falls by the foot; objects with Armor by hardness that never take a turn. Mara and Jun
(Might 12, Armor 1) against a level-3 thug with Armor 2."""

import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.combat import (
    AddCondition,
    AddNpcs,
    AddObject,
    ApplyHazard,
    Attack,
    NextTurn,
    RemoveCondition,
    RollInitiative,
    StartCombat,
    WeaponUsed,
)
from strange_tui.campaign.model.events import (
    CharacterCreated,
    ConditionAdded,
    DamageTaken,
    NpcHealthChanged,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.errors import RuleViolation
from tests.campaign.builders import character

MACE = WeaponUsed(name="Mace", category="medium", damage=4)


def run(store: Store, command):
    return store.apply(decide(store.state, command))


def party() -> Store:
    store = Store(Campaign(name="Test"))
    for who in (character("mara"), character("jun")):
        store.dispatch(CharacterCreated(character=who))
    return store


def thug_fight() -> Store:
    """Mara (15), the thug (Armor 2), Jun (5): Mara's turn."""
    store = party()
    run(store, StartCombat())
    run(store, AddNpcs(name="Thug", level=3, armor=2))
    store.apply(decide(store.state, RollInitiative(dice={"mara": 15, "jun": 5})))
    return store


def might(store: Store, who: str) -> int:
    return store.state.characters[who].pools.might.current


def line(store: Store, events) -> str:
    return command_sentence(events, store.state.names())


# R-HAZ-1


def test_r_haz_1_a_hazard_out_of_a_fight_is_ambient_damage_to_each_dealt_once():
    store = party()
    shown = preview(store.state, ApplyHazard(targets=("mara", "jun"), hazard="major-fire"))
    assert [(t.name, t.damage, t.after) for t in shown.targets] == [
        ("Mara", 6, "M6 S10 I8, hale"),
        ("Jun", 6, "M6 S10 I8, hale"),
    ]
    assert not shown.per_round and "Armor does not count" in shown.notes[0]
    events = run(store, ApplyHazard(targets=("mara", "jun"), hazard="major-fire"))
    assert [type(e) for e in events] == [DamageTaken, DamageTaken]
    assert all(e.ambient and e.armor == 0 and e.amount == 6 for e in events)
    assert (might(store, "mara"), might(store, "jun")) == (6, 6)  # Armor 1 did nothing.
    assert line(store, events) == (
        "Major fire burns Mara: 6 (ambient), 6 Might. Major fire burns Jun: 6 (ambient), 6 Might."
    )


def test_r_haz_1_in_a_fight_a_fire_burns_at_each_of_its_holders_turns_until_taken_off():
    store = thug_fight()
    events = run(store, ApplyHazard(targets=("mara", "thug"), hazard="minor-fire"))
    hit, npcs, stays = events
    assert isinstance(hit, DamageTaken) and hit.ambient and hit.amount == 3
    assert isinstance(npcs, NpcHealthChanged) and npcs.ignore_armor and npcs.amount == -3
    assert isinstance(stays, ConditionAdded)
    assert (stays.condition.name, stays.condition.rounds, stays.condition.damage) == (
        "minor fire",
        0,
        3,
    )
    assert might(store, "mara") == 9
    assert store.state.encounter.combatants["thug"].health == 6  # Its Armor 2 did nothing.
    # The thug's turn begins: it burns again.
    events = run(store, NextTurn())
    assert line(store, events) == "Next turn. Minor fire burns Thug: 3 (ambient)."
    assert store.state.encounter.combatants["thug"].health == 3
    run(store, NextTurn())  # Jun's turn: he is not in it.
    assert might(store, "jun") == 12
    events = run(store, NextTurn())  # Round 2, Mara's turn: 3 more.
    assert line(store, events) == "Next turn. Minor fire burns Mara: 3 (ambient), 3 Might."
    assert might(store, "mara") == 6
    run(store, RemoveCondition(targets=("mara",), name="minor fire"))
    run(store, NextTurn())  # The thug burns once more (to 0), then is out of the fight.
    assert store.state.encounter.combatants["thug"].defeated
    run(store, NextTurn())
    run(store, NextTurn())
    assert store.state.encounter.active.id == "mara" and might(store, "mara") == 6


def test_r_haz_1_a_fall_deals_1_per_10_feet():
    store = party()
    shown = preview(store.state, ApplyHazard(targets=("mara",), hazard="falling", feet=35))
    assert shown.damage == 3
    events = run(store, ApplyHazard(targets=("mara",), hazard="falling", feet=35))
    assert line(store, events) == "Mara fell 35 feet: 3 (ambient), 3 Might."
    with pytest.raises(RuleViolation, match="under 10 feet deals no damage"):
        decide(store.state, ApplyHazard(targets=("mara",), hazard="falling", feet=5))
    with pytest.raises(RuleViolation, match="not measured in feet"):
        decide(store.state, ApplyHazard(targets=("mara",), hazard="cold", feet=20))


def test_r_haz_1_electricity_may_cost_the_next_action_and_the_gm_is_told():
    shown = preview(party().state, ApplyHazard(targets=("mara",), hazard="electrocution"))
    assert shown.damage == 6
    assert any("next action is lost" in note for note in shown.notes)


def test_r_haz_1_hazards_are_the_gms_and_from_the_cheat_sheet():
    store = party()
    with pytest.raises(RuleViolation, match="Only the GM may apply a hazard"):
        decide(store.state, ApplyHazard(targets=("mara",), hazard="cold", by="mara"))
    with pytest.raises(RuleViolation, match="No hazard 'lava-bath'"):
        decide(store.state, ApplyHazard(targets=("mara",), hazard="lava-bath"))
    with pytest.raises(RuleViolation, match="Choose who"):
        decide(store.state, ApplyHazard(targets=(), hazard="cold"))


def test_r_haz_1_a_hazards_condition_comes_from_the_hazard_only():
    """A per-round hazard's condition carries its damage: a plain condition of that name
    would quietly stop the burning, so it is refused."""
    store = thug_fight()
    with pytest.raises(RuleViolation, match="Minor fire is a hazard: apply it as one"):
        decide(store.state, AddCondition(targets=("mara",), name="Minor fire"))


# R-HAZ-2


def test_r_haz_2_an_objects_armor_comes_from_its_hardness_and_its_health_from_its_level():
    store = thug_fight()
    shown = preview(store.state, AddObject(name="Vault door", level=4, hardness="very hard"))
    door = shown.object
    assert (door.armor, door.health, door.inanimate) == (2, 12, True)
    for hardness, armor in (("soft", 0), ("hard", 1), ("extremely hard", 3)):
        thing = preview(store.state, AddObject(name="Lock", level=2, hardness=hardness)).object
        assert thing.armor == armor
    with pytest.raises(RuleViolation, match="soft, hard, very hard or extremely hard"):
        decide(store.state, AddObject(name="Lock", level=2, hardness="squishy"))


def test_r_haz_2_an_attack_on_an_object_counts_its_armor_and_it_never_takes_a_turn():
    store = thug_fight()
    run(store, AddObject(name="Vault door", level=4, hardness="very hard"))
    events = run(store, Attack(character="mara", target="vault-door", weapon=MACE, die=18))
    # A level-4 door: a roll of 18 hits (+2 damage on 18): 4 + 2 - Armor 2 = 4.
    assert store.state.encounter.combatants["vault-door"].health == 12 - 4, events
    order = []
    for _ in range(4):
        run(store, NextTurn())
        order.append(store.state.encounter.active.id)
    assert order == ["thug", "jun", "mara", "thug"]


def test_r_haz_2_an_object_does_not_set_initiative():
    store = party()
    run(store, StartCombat())
    run(store, AddObject(name="Door", level=6))
    with pytest.raises(RuleViolation, match="Add an NPC first"):
        preview(store.state, RollInitiative())
    run(store, AddNpcs(name="Thug", level=3))
    assert preview(store.state, RollInitiative()).difficulty == 3
    run(store, RollInitiative(dice={"mara": 2, "jun": 2}))
    assert store.state.encounter.order == ("thug", "mara", "jun", "door")
