"""Questions that travel to a player's seat (campaign.prompts) and their answers there:
initiative rolled at each seat (R-CMB-1), a defense asked of a PC (R-CMB-3), an intrusion
offered to a PC (R-XP-1); what each leaves in the log; an NPC's health in words."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.combat import (
    AddNpcs,
    Defend,
    EndCombat,
    RollInitiative,
    StartCombat,
)
from strange_tui.campaign.commands.rolls.intrusion import GmIntrusion
from strange_tui.campaign.commands.table.questions import (
    AskDefense,
    AskInitiative,
    CastInitiative,
    OfferIntrusion,
    WithdrawPrompt,
)
from strange_tui.campaign.model.encounter import health_word
from strange_tui.campaign.model.events import (
    CharacterCreated,
    DamageTaken,
    InitiativeCast,
    InitiativeRolled,
    IntrusionAccepted,
    IntrusionRefused,
    PromptClosed,
    PromptRaised,
    RollMade,
    TrackShifted,
    XpAwarded,
    check_batch,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character, npc


def run(store: Store, command, dice=None):
    """Decide ``command`` on the store's state and apply it as one transaction."""
    return store.apply(decide(store.state, command, dice))


def said(store: Store, events) -> str:
    """The log's line for one command's events."""
    return command_sentence(events, store.state.names())


def refused(store: Store, command, reason: str) -> None:
    """``command`` is refused with ``reason`` and nothing changes."""
    before = store.state
    with pytest.raises(RuleViolation, match=reason):
        run(store, command)
    assert store.state == before


def kinds(events) -> list[type]:
    return [type(event) for event in events]


def one_step(store: Store, events) -> bool:
    """Whether ``events`` are the store's last command: one batch (one journal entry, one
    undo step)."""
    check_batch(events)
    return store.last_command == events


def asked(store: Store) -> list[tuple[str, str, str]]:
    """The open questions: (kind, PC, NPC)."""
    return [(p.kind, p.character, p.npc) for p in store.state.prompts]


def table(*ids: str, **changes) -> Store:
    """The PCs (Mara and Jun by default) in a fight with a level-3 thug (initiative and
    defense: difficulty 3, target 9), initiative not rolled yet."""
    store = Store(Campaign(name="Test"))
    for id_ in ids or ("mara", "jun"):
        store.dispatch(CharacterCreated(character=character(id_, **changes)))
    run(store, StartCombat())
    run(store, AddNpcs(name="Thug", level=3))
    return store


def thugs_turn(store: Store) -> Store:
    """Every PC fails initiative (a 2): the thug acts first."""
    pcs = [c.id for c in store.state.encounter.combatants.values() if c.pc]
    run(store, RollInitiative(dice={pc: 2 for pc in pcs}))
    assert store.state.encounter.active.id == "thug"
    return store


def debilitated(store: Store, who: str) -> Store:
    store.dispatch(TrackShifted(character=who, steps=2, reason="a fall"))
    return store


# R-CMB-1: initiative rolled at each player's seat.


def test_r_cmb_1_the_gm_asks_each_pc_who_can_act_not_a_debilitated_one():
    """R-CMB-1, R-DMG-4: Tess, debilitated since the fight began, makes no roll."""
    store = debilitated(table("mara", "jun", "tess"), "tess")
    events = run(store, AskInitiative())
    assert kinds(events) == [PromptRaised, PromptRaised]
    assert asked(store) == [("initiative", "mara", ""), ("initiative", "jun", "")]
    assert said(store, events) == "The GM calls for initiative: Mara and Jun roll at their seats."
    refused(store, AskInitiative(), "Every PC who can act has rolled or been asked already.")
    refused(store, CastInitiative(character="tess", by="tess"), "Tess is debilitated")


def test_r_cmb_1_one_pc_asked_reads_in_the_singular():
    store = table("mara")
    events = run(store, AskInitiative())
    assert said(store, events) == "The GM calls for initiative: Mara rolls at their seat."


def test_r_cmb_1_each_die_cast_is_kept_and_the_last_sets_the_order_in_one_step():
    store = table()
    run(store, AskInitiative())
    first = run(store, CastInitiative(character="mara", die=15, by="mara"))
    assert kinds(first) == [InitiativeCast, PromptClosed]
    assert (first[0].die, first[0].app_rolled, first[1].prompt) == (15, False, first[0].seq - 2)
    assert one_step(store, first)
    fight = store.state.encounter
    assert (fight.cast, fight.round, fight.order) == ({"mara": 15}, 0, ("mara", "jun", "thug"))
    assert asked(store) == [("initiative", "jun", "")]
    assert said(store, first) == "Mara rolled 15 for initiative."
    refused(store, CastInitiative(character="mara", die=3, by="mara"),
            "Mara has rolled initiative already.")  # fmt: skip

    before = store.state
    last = run(store, CastInitiative(character="jun", by="jun"), PlayerDice([4]))
    assert kinds(last) == [InitiativeCast, PromptClosed, InitiativeRolled]
    assert one_step(store, last)
    cast, _, rolled = last
    assert (cast.die, cast.app_rolled) == (4, True)  # Jun typed no die: the app's, marked.
    assert (rolled.dice, rolled.succeeded, rolled.app_rolled) == (
        {"mara": 15, "jun": 4}, ("mara",), ("jun",))  # fmt: skip
    fight = store.state.encounter
    assert (fight.order, fight.round, fight.cast, fight.cast_by_app) == (
        ("mara", "thug", "jun"), 1, {}, ())  # fmt: skip
    assert store.state.prompts == ()
    assert said(store, last) == (
        "Jun rolled 4 (the app's die) for initiative."
        " Initiative: Mara 15, Jun 4 (the app's die) — Mara acts before the NPCs."
    )
    assert store.undo() == last  # The GM's seat: a die seen at a seat leaves a trace.
    assert replace(store.state, seq=before.seq) == before  # Jun's question is open again.
    assert asked(store) == [("initiative", "jun", "")]


def test_r_cmb_1_a_die_cast_unasked_counts_too():
    """A player may roll before the GM calls for it; nothing was asked, nothing closes."""
    store = table()
    events = run(store, CastInitiative(character="jun", die=11, by="jun"))
    assert kinds(events) == [InitiativeCast]
    assert store.state.encounter.cast == {"jun": 11}


def test_r_cmb_1_the_gms_roll_keeps_the_dice_cast_at_the_seats_and_rolls_the_rest():
    store = table()
    run(store, AskInitiative())
    run(store, CastInitiative(character="mara", by="mara"), PlayerDice([13]))
    refused(store, RollInitiative(dice={"mara": 3}), "Mara rolled initiative at their own seat")
    events = run(store, RollInitiative(), PlayerDice([9]))  # Jun is away: the app rolls.
    assert kinds(events) == [InitiativeRolled]
    (rolled,) = events
    assert (rolled.dice, rolled.succeeded, rolled.app_rolled) == (
        {"mara": 13, "jun": 9}, ("mara", "jun"), ("mara", "jun"))  # fmt: skip
    assert store.state.prompts == ()  # Jun's question ends with the order set.
    assert store.state.encounter.round == 1
    refused(store, CastInitiative(character="jun", die=5, by="jun"),
            "Initiative was rolled already")  # fmt: skip


def test_r_cmb_1_the_gm_types_the_absent_players_die():
    store = table()
    run(store, CastInitiative(character="mara", die=15, by="mara"))
    (rolled,) = run(store, RollInitiative(dice={"jun": 12}))
    assert (rolled.dice, rolled.app_rolled) == ({"mara": 15, "jun": 12}, ())


def test_r_cmb_1_an_automatic_initiative_needs_no_die():
    """Trained in Initiative against a level-1 NPC: difficulty 0, no roll (R-TASK-4)."""
    store = Store(Campaign(name="Test"))
    for id_ in ("mara", "jun"):
        store.dispatch(CharacterCreated(character=character(id_, skills={"Initiative": "trained"})))
    run(store, StartCombat())
    run(store, AddNpcs(name="Rat", level=1))
    refused(store, CastInitiative(character="mara", die=7, by="mara"), "No roll is needed")
    events = run(store, CastInitiative(character="mara", by="mara"))
    assert (events[0].die, said(store, events)) == (0, "Mara needs no roll for initiative.")
    (_, rolled) = run(store, CastInitiative(character="jun", by="jun"))
    assert (rolled.dice, rolled.succeeded) == ({}, ("mara", "jun"))


# R-CMB-3: a defense asked at the player's seat.


def test_r_cmb_3_the_players_defense_answers_the_question_and_the_hit_lands_in_one_step():
    store = thugs_turn(table())
    events = run(store, AskDefense(character="mara", npc="thug"))
    assert kinds(events) == [PromptRaised]
    assert asked(store) == [("defense", "mara", "thug")]
    assert said(store, events) == "Thug attacks Mara, who rolls a Speed defense."

    before = store.state
    answer = run(store, Defend(character="mara", npc="thug", die=3, by="mara"))
    assert kinds(answer) == [RollMade, DamageTaken, PromptClosed]
    assert one_step(store, answer)
    assert answer[-1].prompt == events[0].seq
    assert store.state.prompts == ()
    assert store.state.characters["mara"].pools.might.current == 12 - (3 - 1)  # Armor 1.
    assert said(store, answer) == (
        "Mara rolled 3 for Defend against Thug (Demanding 3, target 9): failure."
        " Mara took 2 Might damage from Thug (3, less Armor 1)."
    )
    assert store.undo() == answer  # The GM's seat: a die seen at a seat leaves a trace.
    assert replace(store.state, seq=before.seq) == before  # Open again, the hit taken back.
    assert asked(store) == [("defense", "mara", "thug")]
    redone = store.redo()  # Stamped anew: it still closes the question it answered.
    assert (kinds(redone), redone[-1].prompt, store.state.prompts) == (
        kinds(answer), events[0].seq, ())  # fmt: skip


def test_r_cmb_3_the_gm_rolls_an_absent_players_defense_and_closes_the_question():
    store = thugs_turn(table())
    run(store, AskDefense(character="jun", npc="thug", stat=Stat.MIGHT))
    answer = run(store, Defend(character="jun", npc="thug", stat=Stat.MIGHT, die=18))
    assert kinds(answer) == [RollMade, PromptClosed]  # A success: no damage.
    assert store.state.prompts == ()


def test_r_cmb_3_asking_the_same_defense_twice_is_refused():
    store = thugs_turn(table())
    run(store, AskDefense(character="mara", npc="thug"))
    refused(store, AskDefense(character="mara", npc="thug"),
            "Mara is already asked for a defense roll.")  # fmt: skip
    run(store, AskDefense(character="jun", npc="thug"))  # Another PC may be asked.
    assert asked(store) == [("defense", "mara", "thug"), ("defense", "jun", "thug")]


def test_r_cmb_3_r_dmg_4_a_debilitated_pc_is_not_asked_the_hit_applies_directly():
    store = debilitated(thugs_turn(table()), "jun")
    refused(store, AskDefense(character="jun", npc="thug"),
            "Jun is debilitated and cannot defend: the attack hits. Apply the hit here")
    hit = run(store, Defend(character="jun", npc="thug"))
    assert kinds(hit) == [DamageTaken]
    assert store.state.prompts == ()


def test_r_cmb_3_the_question_names_the_defense_with_its_article():
    store = thugs_turn(table())
    events = run(store, AskDefense(character="mara", npc="thug", stat=Stat.INTELLECT))
    assert said(store, events) == "Thug attacks Mara, who rolls an Intellect defense."
    events = run(store, AskDefense(character="jun", npc="thug", stat=Stat.MIGHT))
    assert said(store, events) == "Thug attacks Jun, who rolls a Might defense."


def test_r_cmb_3_no_defense_is_asked_outside_the_npcs_turn():
    store = table()
    refused(store, AskDefense(character="mara", npc="thug"), "Roll initiative first.")


# R-XP-1: an intrusion offered at the player's seat.


def intrusion_table(xp: int = 0) -> Store:
    """Mara (with ``xp``) and Jun; the GM offered Mara an intrusion."""
    store = Store(Campaign(name="Test"))
    for id_ in ("mara", "jun"):
        store.dispatch(CharacterCreated(character=character(id_)))
    if xp:
        store.dispatch(XpAwarded(character="mara", amount=xp))
    run(store, OfferIntrusion(character="mara", what="  The rope snaps. "))
    return store


def test_r_xp_1_the_gm_offers_an_intrusion_the_player_accepts_it_at_the_seat():
    store = intrusion_table()
    (offer,) = store.last_command
    assert (offer.prompt, offer.what) == ("intrusion", "The rope snaps.")
    assert said(store, (offer,)) == "The GM offers Mara an intrusion: The rope snaps."
    before = store.state
    answer = run(store, GmIntrusion(character="mara", given_to="jun", by="mara"))
    assert kinds(answer) == [IntrusionAccepted, PromptClosed]
    assert one_step(store, answer)
    assert (answer[0].what, answer[1].prompt) == ("The rope snaps.", offer.seq)
    xp = {cid: c.xp for cid, c in store.state.characters.items()}
    assert xp == {"mara": 1, "jun": 1}  # 2 XP, one of them given to Jun.
    assert store.state.prompts == ()
    assert said(store, answer) == (
        "GM intrusion on Mara: The rope snaps. Accepted for 2 XP, giving 1 XP to Jun."
    )
    store.undo()
    assert store.state == before  # Undone at the seat: the offer is open again.


def test_r_xp_1_refused_at_the_seat_it_costs_1_xp():
    store = intrusion_table(xp=2)
    answer = run(store, GmIntrusion(character="mara", choice="refuse", by="mara"))
    assert kinds(answer) == [IntrusionRefused, PromptClosed]
    assert store.state.characters["mara"].xp == 1
    assert store.state.prompts == ()
    assert said(store, answer) == "Mara refused a GM intrusion (The rope snaps), paying 1 XP."


def test_r_xp_1_refusing_at_0_xp_is_impossible_and_the_offer_stays_open():
    store = intrusion_table(xp=0)
    refused(store, GmIntrusion(character="mara", choice="refuse", by="mara"),
            "Mara has no XP: refusing an intrusion costs 1.")  # fmt: skip
    assert asked(store) == [("intrusion", "mara", "")]
    run(store, GmIntrusion(character="mara", given_to="jun", by="mara"))
    assert store.state.prompts == ()


def test_r_xp_1_an_offer_in_few_words_or_none_still_reads_as_a_sentence():
    store = intrusion_table()
    events = run(store, OfferIntrusion(character="jun"))
    assert said(store, events) == "The GM offers Jun an intrusion."
    store.undo()
    events = run(store, OfferIntrusion(character="jun", what="the lights go out"))
    assert said(store, events) == "The GM offers Jun an intrusion: the lights go out."
    refused(store, OfferIntrusion(character="jun"), "Jun is already asked for an answer")


def test_r_xp_1_a_seat_answers_only_an_offered_intrusion():
    store = intrusion_table()
    refused(store, GmIntrusion(character="jun", given_to="mara", by="jun"),
            "There is no intrusion to answer: the GM offers one first.")  # fmt: skip


def test_the_gm_takes_back_a_question_and_it_can_no_longer_be_answered():
    store = intrusion_table()
    (offer,) = store.last_command
    events = run(store, WithdrawPrompt(prompt=offer.seq))
    assert events == (PromptClosed(prompt=offer.seq, withdrawn=True, seq=offer.seq + 1,
                                   at=offer.at),)  # fmt: skip
    assert store.state.prompts == ()
    assert said(store, events) == "The GM took back a question."
    refused(store, GmIntrusion(character="mara", given_to="jun", by="mara"),
            "There is no intrusion to answer")  # fmt: skip
    refused(store, WithdrawPrompt(prompt=offer.seq), "already answered \\(or taken back\\)")


def test_the_end_of_the_fight_drops_its_questions_but_not_an_intrusion_offer():
    store = table()
    run(store, OfferIntrusion(character="jun", what="A siren wails."))
    run(store, AskInitiative())
    assert len(store.state.prompts) == 3
    run(store, EndCombat())
    assert asked(store) == [("intrusion", "jun", "")]

    run(store, StartCombat())
    run(store, AddNpcs(name="Thug", level=3))
    thugs_turn(store)
    run(store, AskDefense(character="mara", npc="thug"))
    run(store, EndCombat())
    assert asked(store) == [("intrusion", "jun", "")]


# What the players' seats see of an NPC's health while the GM keeps the numbers.


@pytest.mark.parametrize(
    ("health", "max_health", "word"),
    [
        (7, 6, "unhurt"),
        (6, 6, "unhurt"),
        (5, 6, "hurt"),
        (4, 6, "hurt"),
        (3, 6, "badly hurt"),  # Half: badly hurt.
        (1, 6, "badly hurt"),
        (0, 6, "down"),
        (-2, 6, "down"),
        (3, 5, "hurt"),  # More than half of 5.
        (2, 5, "badly hurt"),
        (1, 1, "unhurt"),
    ],
)
def test_an_npcs_health_in_words(health, max_health, word):
    assert health_word(npc("guard", health=health, max_health=max_health)) == word


# What ``reduce`` itself refuses (a journal written by hand, another writer's stale event).


@pytest.mark.parametrize(
    ("event", "reason"),
    [
        (InitiativeCast(character="mara", die=9), "Mara has rolled initiative already."),
        (InitiativeCast(character="tess", die=9), "Tess is debilitated and cannot act"),
        (InitiativeCast(character="thug", die=9), "No PC 'thug' in this fight."),
        (PromptRaised(prompt="initiative", character="mara"), "Mara has rolled initiative"),
        (PromptRaised(prompt="defense", character="jun", npc="mara"), "No NPC 'mara'"),
        (PromptRaised(prompt="intrusion", character="nobody"), "No character 'nobody'"),
        (PromptClosed(prompt=999), "That question was already answered"),
    ],
)
def test_reduce_refuses_a_question_or_a_die_out_of_place(event, reason):
    """R-CMB-1: one die per PC, none from a PC who cannot act (R-DMG-4)."""
    store = debilitated(table("mara", "jun", "tess"), "tess")
    store.dispatch(InitiativeCast(character="mara", die=12))
    before = store.state
    with pytest.raises(RuleViolation, match=reason):
        store.dispatch(event)
    assert store.state == before


def test_reduce_refuses_a_die_once_the_order_is_set_and_a_fights_question_without_one():
    store = thugs_turn(table())
    with pytest.raises(RuleViolation, match="Initiative was rolled already"):
        store.dispatch(InitiativeCast(character="mara", die=12))
    run(store, EndCombat())
    with pytest.raises(RuleViolation, match="There is no fight under way."):
        store.dispatch(PromptRaised(prompt="defense", character="mara", npc="thug"))
