"""The log reads like a recap: one test per thing the table read badly.

Each builds real events through the commands (or writes the event an older journal holds)
and reads the sentence the log, the CLI recap and Home show."""

import msgspec
import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.character import TakeDamage
from strange_tui.campaign.commands.combat import (
    AddCondition,
    AddNpcs,
    DamageNpcs,
    Defend,
    EndCombat,
    NextTurn,
    RollInitiative,
    StartCombat,
)
from strange_tui.campaign.model.events import (
    AnyEvent,
    CharacterCreated,
    ClockAdvanced,
    CombatEnded,
    DamageTaken,
    HunterWorsened,
    InitiativeRolled,
    IntrusionAccepted,
    IntrusionRefused,
    NotesEdited,
    NpcHealthChanged,
    PointsSpent,
    RecoveryRolled,
    RollMade,
    RollRerolled,
    SettingsChanged,
    TrackShifted,
    TurnAdvanced,
    WeaknessTaken,
    batches,
)
from strange_tui.campaign.model.folds.rolls import make_roll
from strange_tui.campaign.model.state import Campaign, Settings
from strange_tui.campaign.narrate.log import command_sentence, names_of, noteworthy, sentence
from strange_tui.campaign.narrate.words import time_left, where_in
from strange_tui.campaign.store import Store
from strange_tui.rules.combat import Condition
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character, with_pool


def run(store: Store, command, dice=None) -> tuple[AnyEvent, ...]:
    return store.apply(decide(store.state, command, dice))


def line(store: Store, events) -> str:
    """The log's line for one command, with the names the log uses."""
    return command_sentence(events, names_of(store.state, store.journal()))


def party(*people) -> Store:
    store = Store(Campaign(name="Test"))
    for who in people or (character("mara"), character("jun")):
        store.dispatch(CharacterCreated(character=who))
    return store


def test_bug_1_spill_over_says_where_the_damage_went():
    """Mara (Might 2, Speed 10, Armor 1) takes 4 from the thug: 3 get through, 2 empty
    Might and 1 spills to Speed: the line says so, not "4 might damage"."""
    store = party(with_pool(character("mara"), Stat.MIGHT, 2))
    events = run(store, TakeDamage(character="mara", amount=4, source="the thug"))
    assert events[0].spill == {Stat.MIGHT: 2, Stat.SPEED: 1}
    assert line(store, events) == (
        "Mara took 3 damage from the thug (4, less Armor 1): 2 Might, 1 Speed."
    )
    # One pool, no Armor: the short form, the pool named as the sheet writes it.
    events = run(store, TakeDamage(character="mara", amount=3, stat=Stat.INTELLECT))
    assert line(store, events) == "Mara took 3 Intellect damage."
    # Armor that stops it all.
    events = run(store, TakeDamage(character="mara", amount=1, source="a slap"))
    assert line(store, events) == "Mara's Armor 1 stopped all 1 damage from a slap."


def test_r_dmg_1_the_damage_line_says_what_landed_then_why():
    """Armor 1 against a hit of 4 on a full Might pool: the line says 3 landed (the hit
    less the Armor), never 'took 4'; with no Armor the hit is what landed."""
    store = party()
    events = run(store, TakeDamage(character="mara", amount=4, source="the thug"))
    assert line(store, events) == "Mara took 3 Might damage from the thug (4, less Armor 1)."
    events = run(store, TakeDamage(character="mara", amount=2, stat=Stat.SPEED))
    assert line(store, events) == "Mara took 2 Speed damage."


def test_bug_1_reduce_checks_the_recorded_split_and_old_journals_still_read():
    store = party(with_pool(character("mara"), Stat.MIGHT, 2))
    (hit,) = decide(store.state, TakeDamage(character="mara", amount=4))
    with pytest.raises(RuleViolation, match="Where the hit's damage went"):
        store.dispatch(replace(hit, spill={Stat.MIGHT: 3}))
    # A journal written before the split was recorded: it decodes and reads as it did.
    old = msgspec.json.decode(
        b'{"kind": "damage_taken", "character": "mara", "amount": 4, "armor": 1}',
        type=AnyEvent,
    )
    assert isinstance(old, DamageTaken) and old.spill is None
    assert sentence(old, {"mara": "Mara"}) == "Mara took 3 Might damage (4, less Armor 1)."
    store.dispatch(old)  # Unchecked, as before.


def test_bug_1_a_failed_defense_records_where_the_npcs_damage_went():
    mara = with_pool(character("mara"), Stat.MIGHT, 2)
    store = party(mara)
    run(store, StartCombat())
    run(store, AddNpcs(name="Brute", level=4))
    run(store, RollInitiative(dice={"mara": 2}))
    events = run(store, Defend(character="mara", npc="brute", die=5))
    assert line(store, events).endswith(
        "Mara took 3 damage from Brute (4, less Armor 1): 2 Might, 1 Speed."
    )


def fight_with_guards() -> tuple[Store, list[tuple[AnyEvent, ...]]]:
    """Mara and Jun against two guards and a swarm of rats; the fight then ends."""
    store = party()
    lines = [run(store, StartCombat())]
    lines.append(run(store, AddNpcs(name="Guard", level=3, count=2)))
    lines.append(run(store, AddNpcs(name="Rats", level=1, count=4, swarm=True)))
    lines.append(run(store, RollInitiative(dice={"mara": 15, "jun": 5})))
    lines.append(run(store, DamageNpcs(targets=("guard", "guard-2"), amount=3)))
    lines.append(run(store, AddCondition(targets=("rats-swarm",), name="dazed", rounds=2)))
    lines.append(run(store, NextTurn()))
    lines.append(run(store, EndCombat()))
    return store, lines


def test_bug_2_npcs_are_named_not_their_ids_even_after_the_fight():
    store, lines = fight_with_guards()
    assert store.state.encounter is None  # The fight ended: its NPCs live in the journal.
    read = [line(store, events) for events in lines]
    assert "Guard 1 and Guard 2 each took 3 damage." in read
    assert "Rats swarm is dazed for 2 rounds." in read
    assert not any(id_ in text for text in read for id_ in ("guard-2", "rats-swarm"))
    # During the fight, the state alone knows them (the notification of a command).
    during = party()
    run(during, StartCombat())
    run(during, AddNpcs(name="Cultist", level=2))
    assert during.state.names()["cultist"] == "Cultist"
    # An NPC older than what the log reads keeps a readable name, not its id.
    assert sentence(NpcHealthChanged(targets=("guard-2",), amount=-1), {}) == (
        "Guard 2 was hit for 1."
    )


def test_r_dmg_5_an_npc_s_hit_says_what_landed_then_why():
    """Damage to NPCs of different Armor: each says what came off its health, then the hit
    less its Armor; an Armor of 0 says the hit alone; an ambient hit ignores Armor."""
    store = party()
    run(store, StartCombat())
    run(store, AddNpcs(name="Brute", level=4, armor=2, count=2))
    run(store, AddNpcs(name="Guard", level=3))
    run(store, RollInitiative(dice={"mara": 15, "jun": 5}))
    events = run(store, DamageNpcs(targets=("brute", "brute-2", "guard"), amount=5))
    assert line(store, events) == (
        "Brute 1 and Brute 2 each took 3 damage (5, less Armor 2); Guard took 5 damage."
    )
    events = run(store, DamageNpcs(targets=("brute",), amount=1))
    assert line(store, events) == "Brute 1 took 0 damage (1, less Armor 2)."
    events = run(store, DamageNpcs(targets=("brute",), amount=4, ignore_armor=True))
    assert line(store, events) == "Brute 1 took 4 damage (ignoring Armor)."


def test_bug_2_names_come_in_one_pass_over_the_journal():
    """names_of reads each event once (the log rebuilds it on every change)."""
    store, _ = fight_with_guards()
    seen = []

    def counted():
        for event in store.journal():
            seen.append(event.seq)
            yield event

    names = names_of(store.state, counted())
    assert len(seen) == len(store.journal())
    assert names["guard"] == "Guard 1" and names["mara"] == "Mara"


def test_bug_3_grammar_one_round_acts_and_plurals():
    store, lines = fight_with_guards()
    read = [line(store, events) for events in lines]
    assert "Initiative: Mara 15, Jun 5 — Mara acts before the NPCs." in read
    ended = CombatEnded(rounds=1, dealt=6, taken=0, intrusions=1)
    assert sentence(ended, {}) == (
        "The fight ended after 1 round: 6 damage dealt, 0 taken, 1 intrusion."
    )
    assert "after 2 rounds" in sentence(replace(ended, rounds=2), {})
    assert "no intrusions" in sentence(replace(ended, intrusions=0), {})
    dazed = sentence(
        replace(lines[5][0], condition=Condition(name="dazed", rounds=1)), names_of(store.state)
    )
    assert dazed.endswith("is dazed for 1 round.")
    worse = HunterWorsened(hunter="kit", vital="body", kinds=("wounding",), times=(60,))
    assert "worsened 1 time," in sentence(worse, {"kit": "Kit"})
    assert "moved 1 step down" in sentence(TrackShifted(character="mara", steps=1), {})
    assert "moved 2 steps up" in sentence(TrackShifted(character="mara", steps=-2), {})


def test_bug_4_initiative_dice_are_logged():
    event = InitiativeRolled(
        pcs=("mara", "jun", "tess"),
        dice={"mara": 14, "jun": 9, "tess": 3},
        succeeded=("mara", "jun"),
    )
    names = {"mara": "Mara", "jun": "Jun", "tess": "Tess"}
    assert sentence(event, names) == (
        "Initiative: Mara 14, Jun 9, Tess 3 — Mara and Jun act before the NPCs."
    )
    nobody = replace(event, succeeded=())
    assert sentence(nobody, names).endswith("— the NPCs act first.")
    auto = InitiativeRolled(pcs=("mara",), succeeded=("mara",))
    assert sentence(auto, names) == (
        "Initiative: Mara (no roll needed) — Mara acts before the NPCs."
    )


def test_bug_5_a_die_the_app_rolled_is_marked_in_the_log():
    state = party().state
    mara = state.characters["mara"]
    setup = RollMade(character="mara", stat=Stat.SPEED, difficulty=2, label="Climb")
    typed = make_roll(mara, setup, PlayerDice([14]))
    assert "(the app's die)" not in sentence(typed, {"mara": "Mara"})
    app = replace(typed, app_rolled=True)
    assert sentence(app, {"mara": "Mara"}).startswith("Mara rolled 14 (the app's die) for Climb")
    failed = make_roll(mara, setup, PlayerDice([3]))
    reroll = RollRerolled(character="mara", roll=failed, die=12, success=True, app_rolled=True)
    assert "3, then 12 (the app's die); the 12 stands: success" in sentence(
        reroll, {"mara": "Mara"}
    )


def test_r_eff_1_a_roll_s_cost_names_its_pool_and_what_luck_paid():
    """'cost 2' said nothing of what was paid: the pool is named, and Luck's share."""
    paid = RollMade(character="mara", stat=Stat.SPEED, difficulty=2, label="Climb", die=14,
                    success=True, effort=1, cost=3)  # fmt: skip
    assert "; cost 3 Speed." in sentence(paid, {"mara": "Mara"})
    lucky = replace(paid, from_luck=1)
    assert "; cost 3 Speed (1 from Luck)." in sentence(lucky, {"mara": "Mara"})


def test_bug_6_turns_settings_and_notes_are_not_noteworthy():
    assert not noteworthy((TurnAdvanced(),))
    assert not noteworthy((SettingsChanged(settings=Settings()),))
    assert not noteworthy((NotesEdited(character="mara", notes="x"),))
    assert noteworthy((ClockAdvanced(seconds=600),))
    store, lines = fight_with_guards()
    kept = [command for command in batches(store.journal()) if noteworthy(command)]
    assert "Next turn." not in [line(store, command) for command in kept]


def test_bug_8_time_left_never_reads_as_over_while_it_runs():
    assert time_left(0) == "1 round left"
    assert time_left(60) == "1 min left"
    assert time_left(61) == "2 min left"
    assert time_left(2 * 3600) == "2 h left"
    assert time_left(2 * 3600 - 30) == "2 h left"


def test_a_timed_effect_reads_in_the_unit_it_runs_in():
    """A 1-round acclimation is '1 round left', not '1 min left'; seconds, minutes and
    hours read as they are."""
    assert time_left(6) == "1 round left"
    assert time_left(40) == "40 s left"
    assert time_left(3 * 60) == "3 min left"
    assert time_left(2 * 3600) == "2 h left"


def test_where_one_is_reads_on_earth_and_in_the_other_recursions():
    assert where_in("Earth") == "on Earth"
    assert where_in("Earth, the Glass Door") == "on Earth, the Glass Door"
    assert where_in("Ardeyn") == "in Ardeyn"
    assert where_in("Ruk (the Sky Docks)") == "in Ruk (the Sky Docks)"


def test_bug_9_stats_read_as_the_sheet_writes_them_and_no_doubled_stops():
    names = {"mara": "Mara", "jun": "Jun"}
    spent = PointsSpent(character="mara", stat=Stat.MIGHT, amount=3, reason="a push.")
    assert sentence(spent, names) == "Mara spent 3 Might on a push."
    weak = WeaknessTaken(character="mara", weak=Stat.INTELLECT, edge=Stat.SPEED)
    assert sentence(weak, names) == "Mara took a weakness in Intellect for +1 Speed Edge."
    rest = RecoveryRolled(character="mara", die=5, bonus=2,
                          allocation={Stat.SPEED: 6, Stat.MIGHT: 1}, clock=600)  # fmt: skip
    assert sentence(rest, names).endswith("(6 Speed, 1 Might).")
    accepted = IntrusionAccepted(character="mara", given_to="jun", what="The gun jams.")
    assert sentence(accepted, names) == (
        "GM intrusion on Mara: The gun jams. Accepted for 2 XP, giving 1 XP to Jun."
    )
    shout = replace(accepted, what="The floor gives way!")
    assert "The floor gives way! Accepted" in sentence(shout, names)
    refused = IntrusionRefused(character="jun", what="The floor gives way.")
    assert sentence(refused, names) == (
        "Jun refused a GM intrusion (The floor gives way), paying 1 XP."
    )
    unlabelled = make_roll(
        party().state.characters["mara"],
        RollMade(character="mara", stat=Stat.MIGHT, difficulty=1),
        PlayerDice([10]),
    )
    assert "for a Might task" in sentence(unlabelled, names)
    clever = CharacterCreated(character=character("jun", descriptor="Intelligent"))
    assert "joined the party: an Intelligent Vector" in sentence(clever, names)
    for text in (sentence(e, names) for e in (spent, weak, rest, accepted, refused)):
        assert ".." not in text and "!." not in text
