"""The NPCs act on their own (solo play): on its turn the app chooses whom an NPC attacks, by
its stated policy (a die over the PCs who can defend, in the fight's order), records the
choice with its die, and asks that PC for the defense roll (R-CMB-3) in the same step; a
debilitated party is hit without a roll (R-DMG-4)."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.combat import Defend, NextTurn
from strange_tui.campaign.commands.solo.npcs import NpcAttacks
from strange_tui.campaign.model.events import DamageTaken, Drawn, PromptRaised
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack
from tests.campaign.builders import campaign, character, fighting, npc


def thugs_turn(*pcs, boss: bool = False) -> Store:
    """Mara, Jun and Tess (or ``pcs``) won initiative against a level-3 thug; the PCs have
    had their turns: it is the thug's."""
    members = pcs or ("mara", "jun", "tess")
    state = fighting(campaign(*members), npc("thug", level=3, boss=boss))
    store = Store(state)
    for _ in members:
        store.apply(decide(store.state, NextTurn()))
    assert store.state.encounter.active.id == "thug"
    return store


def test_the_app_chooses_the_npcs_target_with_a_die_and_asks_that_pc_to_defend():
    store = thugs_turn()
    # A d3 over Mara, Jun and Tess (the fight's order) shows 2: Jun.
    events = store.apply(decide(store.state, NpcAttacks(npc="thug"), PlayerDice([2])))
    drawn, asked = events
    assert isinstance(drawn, Drawn) and isinstance(asked, PromptRaised)
    assert (drawn.table, drawn.character, drawn.dice) == ("target", "jun", (2,))
    assert drawn.result == "Thug attacks Jun"
    assert (asked.prompt, asked.character, asked.npc, asked.stat) == (
        "defense",
        "jun",
        "thug",
        Stat.SPEED,
    )
    (prompt,) = store.state.prompts
    assert (prompt.kind, prompt.character, prompt.npc) == ("defense", "jun", "thug")
    line = command_sentence(events, store.state.names())
    # N21: the attack is said once (the draw says how the target was chosen).
    assert line == (
        "The app's die chooses the target (it shows 2). Thug attacks Jun, who rolls a Speed"
        " defense."
    )


@pytest.mark.parametrize(("die", "whom"), [(1, "mara"), (2, "jun"), (3, "tess")])
def test_each_face_of_the_die_picks_the_pc_at_that_place_in_the_order(die, whom):
    store = thugs_turn()
    drawn, _ = decide(store.state, NpcAttacks(npc="thug"), PlayerDice([die]))
    assert drawn.character == whom


def test_the_defense_answered_closes_the_question_r_cmb_3():
    store = thugs_turn()
    store.apply(decide(store.state, NpcAttacks(npc="thug"), PlayerDice([1])))
    events = store.apply(decide(store.state, Defend(character="mara", npc="thug", die=2)))
    assert isinstance(events[1], DamageTaken)
    assert store.state.prompts == ()


def test_a_pc_who_cannot_defend_is_passed_over_and_one_pc_left_needs_no_die():
    state = fighting(
        campaign("mara", character("jun", track=DamageTrack.DEBILITATED)),
        npc("thug", level=3),
        succeeded=("mara",),  # Jun, debilitated, rolls no initiative: he comes last.
    )
    store = Store(state)
    store.apply(decide(store.state, NextTurn()))
    drawn, asked = decide(store.state, NpcAttacks(npc="thug"), PlayerDice([]))
    assert (drawn.character, drawn.dice, asked.character) == ("mara", (), "mara")


def test_a_debilitated_party_is_hit_without_a_roll_r_dmg_4():
    store = thugs_turn("mara", "jun")
    state = store.state
    for cid in ("mara", "jun"):
        who = state.characters[cid]
        state = state.with_character(replace(who, track=DamageTrack.DEBILITATED))
    drawn, hit = decide(state, NpcAttacks(npc="thug"), PlayerDice([2]))
    assert drawn.character == "jun" and drawn.dice == (2,)
    assert isinstance(hit, DamageTaken) and (hit.character, hit.amount) == ("jun", 3)


def test_a_bosss_attack_needs_no_choice_its_level_holds_its_bonus():
    store = thugs_turn("mara", boss=True)
    _, asked = store.apply(decide(store.state, NpcAttacks(npc="thug"), PlayerDice([])))
    preview = decide(store.state, Defend(character="mara", npc="thug", die=20))
    assert preview[0].difficulty == 4  # Level 3, a boss: one step harder to defend.
    assert asked.character == "mara"


@pytest.mark.parametrize(
    ("npc_id", "turns", "reason"),
    [
        ("mara", 0, "is a PC"),
        ("ghost", 0, "No combatant 'ghost'"),
        ("thug", 1, "It is Mara's turn"),  # The round moved on.
    ],
)
def test_an_npc_acts_only_on_its_own_turn(npc_id, turns, reason):
    store = thugs_turn()
    for _ in range(turns):
        store.apply(decide(store.state, NextTurn()))
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, NpcAttacks(npc=npc_id), PlayerDice([1]))


def test_an_npc_whose_attack_waits_for_a_defense_does_not_attack_again():
    store = thugs_turn()
    store.apply(decide(store.state, NpcAttacks(npc="thug"), PlayerDice([3])))
    with pytest.raises(RuleViolation, match="Thug attacks Tess already"):
        decide(store.state, NpcAttacks(npc="thug"), PlayerDice([1]))


def test_only_the_gms_seat_runs_the_npcs():
    store = thugs_turn()
    with pytest.raises(RuleViolation, match="Only the GM may have an NPC act"):
        decide(store.state, NpcAttacks(npc="thug", by="mara"), PlayerDice([1]))


def test_an_npc_acts_once_a_turn_a_second_attack_after_the_defense_is_refused():
    """N19: the NPC's attack resolved, the same turn offers it no second action; its
    next turn (a round later) it acts again."""
    store = thugs_turn()
    store.apply(decide(store.state, NpcAttacks(npc="thug"), PlayerDice([1])))
    store.apply(decide(store.state, Defend(character="mara", npc="thug", die=20)))
    assert store.state.prompts == ()
    with pytest.raises(RuleViolation, match="^Thug has acted this turn: an NPC acts once a turn"):
        decide(store.state, NpcAttacks(npc="thug"), PlayerDice([2]))
    for _ in range(4):  # Mara, Jun, Tess, then the thug's turn again.
        store.apply(decide(store.state, NextTurn()))
    assert store.state.encounter.active.id == "thug"
    drawn, _ = decide(store.state, NpcAttacks(npc="thug"), PlayerDice([2]))
    assert drawn.character == "jun"


def test_a_debilitated_partys_hit_is_the_npcs_action_for_the_turn():
    store = thugs_turn("mara")
    who = store.state.characters["mara"]
    state = store.state.with_character(replace(who, track=DamageTrack.DEBILITATED))
    store = Store(state)
    store.apply(decide(store.state, NpcAttacks(npc="thug"), PlayerDice([])))
    with pytest.raises(RuleViolation, match="has acted this turn"):
        decide(store.state, NpcAttacks(npc="thug"), PlayerDice([]))
