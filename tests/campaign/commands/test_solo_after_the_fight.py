"""R-ORC-4 after the last foe fell: an attack that brought down the last NPC standing
draws the app's intrusion from the kinds that still make sense once the fight is won (bad
luck, a complication, increased difficulty), never one that weakens the blow or lends the
foe luck or skill (seen in play: "your blow lands, but only grazes" after the last NPC
fell). While a foe stands, every kind may come, as before."""

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.combat import AddNpcs, Attack, RollInitiative, StartCombat
from strange_tui.campaign.commands.solo.intrusions import AFTER_THE_FIGHT, AppIntrusions
from strange_tui.campaign.model.events import Drawn
from strange_tui.rules.dice import SeededDice
from tests.campaign.commands.test_solo_intrusions import PACK, SEEDS, idea_of, run, solo_store


def fight_with(*npcs: AddNpcs):
    """Mara first, then the NPCs, then Jun, in a solo campaign whose app intrudes often."""
    store = solo_store("often")
    for command in (StartCombat(), *npcs, RollInitiative(dice={"mara": 15, "jun": 5})):
        store.apply(decide(store.state, command))
    return store


def test_r_orc_4_an_attack_that_felled_the_last_foe_proposes_no_blow_weakening_intrusion():
    """The check d20 shows 20 (proposed), the d3 3: increased difficulty, not the d6's 3
    (an opponent's luck or skill), and its first example."""
    store = fight_with(AddNpcs(name="Thug", level=3, health=2))
    events = run(store, Attack(character="mara", target="thug", die=15), 20, 3, 1)
    assert store.state.encounter.combatants["thug"].defeated
    (drawn,) = [e for e in events if isinstance(e, Drawn)]
    assert drawn.dice == (20, 3, 1)
    assert drawn.result == "Increased difficulty: increased difficulty number 1"


def test_r_orc_4_while_a_foe_stands_the_attack_draws_from_every_kind():
    store = fight_with(AddNpcs(name="Thug", level=3, health=2, count=2))
    events = run(store, Attack(character="mara", target="thug", die=15), 20, 3, 1)
    (drawn,) = [e for e in events if isinstance(e, Drawn)]
    assert drawn.result == "An opponent's luck or skill: an opponent's luck or skill number 1"


def test_r_orc_4_after_the_last_foe_fell_the_packs_examples_are_not_about_a_foe_fighting():
    """Over many seeds, with the built-in packs: kinds of AFTER_THE_FIGHT only, and no
    example tagged for an attack or a defense."""
    store = fight_with(AddNpcs(name="Thug", level=3, health=2))
    attack = Attack(character="mara", target="thug", die=15)
    ideas = []
    for seed in SEEDS:
        events = decide(store.state, attack, SeededDice(seed), AppIntrusions(PACK))
        ideas += [idea_of(e) for e in events if isinstance(e, Drawn) and e.table == "intrusion"]
    assert ideas, "some seed proposes one"
    assert {idea.kind for idea in ideas} <= set(AFTER_THE_FIGHT)
    assert not [idea.id for idea in ideas if {"attack", "defense"} & set(idea.tasks)]
    assert "partial-wounded-foe" not in {idea.id for idea in ideas}
