"""The character sheet's commands (TakeDamage, SpendPoints, Heal, Rest, GainCypher,
UseCypher, DiscardCypher, EditNotes): their events, refusals, one undo step each, and
previews that say exactly what applying the command does. No UI."""

import random

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character import (
    ChangeArmor,
    DiscardCypher,
    EditNotes,
    GainCypher,
    Heal,
    Rest,
    SpendPoints,
    TakeDamage,
    UseCypher,
    discard_pick,
    sheet_facts,
    suggested_split,
)
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.events import (
    ArmorChanged,
    CharacterCreated,
    ClockAdvanced,
    CypherGained,
    CypherUsed,
    DamageTaken,
    Healed,
    NotesEdited,
    PointsSpent,
    RecoveryRolled,
    SettingsChanged,
)
from strange_tui.campaign.model.state import Campaign, Character, Cypher, Settings
from strange_tui.campaign.store import Store
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Pool, Stat
from strange_tui.rules.track import DamageTrack
from tests.campaign.builders import character


def log_line(store: Store) -> str:
    """The log's line for the last command."""
    from strange_tui.campaign.narrate.log import command_sentence

    return command_sentence(store.last_command, store.state.names())


def store_of(*people: Character) -> Store:
    """A store holding ``people`` (Mara and Jun as the builders make them by default)."""
    store = Store(Campaign(name="Test"))
    for who in people or (character("mara"), character("jun")):
        store.dispatch(CharacterCreated(character=who))
    return store


def mara(**changes) -> Character:
    """Mara: Might 12 (Edge 1), Speed 10 (Edge 1), Intellect 8, Armor 1, tier 1."""
    return character("mara", **changes)


def at(who: Character, **currents: int) -> Character:
    """``who`` with some pools at the given current points."""
    pools = who.pools
    for name, current in currents.items():
        stat = Stat(name)
        pools = pools.replace(stat, pools[stat].with_current(current))
    return replace(who, pools=pools)


def run(store: Store, command, dice=None):
    """Apply ``command`` as the app does: decide, then one transaction."""
    return store.apply(decide(store.state, command, dice))


def pools_and_track(state: Campaign, character_id: str = "mara"):
    who = state.characters[character_id]
    lines = {stat.value: who.pools[stat].current for stat in Stat}
    if who.pools.luck is not None:
        lines["luck"] = who.pools.luck.current
    return lines, who.track


def shown(after) -> tuple[dict[str, int], DamageTrack]:
    """What a preview's PoolsAfter says the pools and track will be."""
    return {line.name: line.after for line in after.pools}, after.track_after


def assert_one_undo_step(store: Store, events, before: Campaign) -> None:
    """The command's events are one step: undo gives them all back and the state returns."""
    assert store.undo() == events
    assert store.state == before


# --- R-DMG-1..3: taking damage -------------------------------------------------------


def test_r_dmg_1_armor_counts_against_physical_damage():
    store = store_of(mara())
    events = run(store, TakeDamage(character="mara", amount=5))
    (hit,) = events
    assert isinstance(hit, DamageTaken) and (hit.amount, hit.armor) == (5, 1)
    assert store.state.characters["mara"].pools.might.current == 12 - 4


def test_r_dmg_1_ambient_damage_and_speed_damage_ignore_armor():
    store = store_of(mara())
    ambient = preview(store.state, TakeDamage(character="mara", amount=5, ambient=True))
    assert (ambient.armor, ambient.blocked, ambient.taken) == (0, 0, 5)
    speed = preview(store.state, TakeDamage(character="mara", amount=5, stat=Stat.SPEED))
    assert (speed.armor, speed.taken) == (0, 5)
    (hit,) = run(store, TakeDamage(character="mara", amount=5, ambient=True))
    assert (hit.armor, hit.ambient) == (0, True)
    assert store.state.characters["mara"].pools.might.current == 7


def test_r_dmg_2_the_preview_shows_the_spill_over_and_the_pools_after():
    """Might 3: 20 damage, Armor 1 stops 1; 19 spill: Might 3, Speed 10, Intellect 6."""
    store = store_of(at(mara(), might=3))
    command = TakeDamage(character="mara", amount=20, source="a fall")
    seen = preview(store.state, command)
    assert (seen.blocked, seen.taken, seen.lost) == (1, 19, 0)
    assert seen.spill == ((Stat.MIGHT, 3), (Stat.SPEED, 10), (Stat.INTELLECT, 6))
    assert seen.emptied == (Stat.MIGHT, Stat.SPEED)
    run(store, command)
    assert shown(seen.after) == pools_and_track(store.state)
    assert shown(seen.after) == (
        {"might": 0, "speed": 0, "intellect": 2},
        DamageTrack.DEBILITATED,
    )


def test_r_dmg_3_each_pool_emptied_moves_the_track_one_step_down():
    store = store_of(at(mara(), might=1))
    seen = preview(store.state, TakeDamage(character="mara", amount=2))
    assert (seen.after.track_before, seen.after.track_after) == (
        DamageTrack.HALE,
        DamageTrack.IMPAIRED,
    )
    run(store, TakeDamage(character="mara", amount=2))
    assert store.state.characters["mara"].track is DamageTrack.IMPAIRED


def test_r_dmg_3_damage_past_every_pool_is_lost_and_the_pc_dies():
    store = store_of(at(mara(), might=1, speed=1, intellect=1))
    seen = preview(store.state, TakeDamage(character="mara", amount=10, ambient=True))
    assert seen.lost == 7 and seen.after.track_after is DamageTrack.DEAD
    run(store, TakeDamage(character="mara", amount=10, ambient=True))
    assert pools_and_track(store.state) == shown(seen.after)


def test_r_dmg_4_a_dead_pc_takes_no_more_damage_and_nothing_is_below_one():
    store = store_of(mara(track=DamageTrack.DEAD), character("jun"))
    with pytest.raises(RuleViolation, match="dead is dead"):
        preview(store.state, TakeDamage(character="mara", amount=3))
    with pytest.raises(RuleViolation, match="1 or more"):
        decide(store.state, TakeDamage(character="jun", amount=0))
    with pytest.raises(RuleViolation):
        decide(store.state, TakeDamage(character="nobody", amount=3))


def test_r_dmg_2_damage_is_one_undo_step():
    store = store_of(at(mara(), might=2))
    before = store.state
    events = run(store, TakeDamage(character="mara", amount=9))
    assert_one_undo_step(store, events, before)


# --- R-EFF-6, R-POOL-1: spending points ----------------------------------------------


def test_r_eff_6_spending_points_you_do_not_have_is_refused():
    store = store_of(mara())
    command = SpendPoints(character="mara", stat=Stat.INTELLECT, amount=9)
    with pytest.raises(RuleViolation, match="Intellect has 8"):
        preview(store.state, command)
    before = store.state
    with pytest.raises(RuleViolation):
        run(store, command)
    assert store.state == before


def test_r_eff_6_spending_to_zero_moves_the_track_and_the_preview_says_so():
    store = store_of(mara())
    command = SpendPoints(character="mara", stat=Stat.INTELLECT, amount=8, reason="a push")
    seen = preview(store.state, command)
    assert (seen.from_pool, seen.from_luck) == (8, 0)
    (spent,) = run(store, command)
    assert isinstance(spent, PointsSpent) and spent.reason == "a push"
    assert shown(seen.after) == pools_and_track(store.state)
    assert seen.after.track_after is DamageTrack.IMPAIRED


def test_r_pool_1_luck_is_spent_first_when_the_player_chooses():
    lucky = replace(mara(), pools=replace(mara().pools, luck=Pool(current=3, maximum=3)))
    store = store_of(lucky)
    command = SpendPoints(character="mara", stat=Stat.MIGHT, amount=5, from_luck=2)
    seen = preview(store.state, command)
    assert (seen.from_pool, seen.from_luck) == (3, 2)
    before = store.state
    events = run(store, command)
    assert shown(seen.after) == pools_and_track(store.state)
    assert shown(seen.after)[0] == {"might": 9, "speed": 10, "intellect": 8, "luck": 1}
    assert_one_undo_step(store, events, before)


def test_r_pool_1_no_luck_pool_no_luck_spent():
    store = store_of(mara())
    with pytest.raises(RuleViolation, match="Luck"):
        preview(store.state, SpendPoints(character="mara", stat=Stat.MIGHT, amount=2, from_luck=1))


# --- Healing --------------------------------------------------------------------------


def test_r_rec_3_healing_a_pool_from_zero_lifts_the_track_in_the_preview_too():
    """The old dialog's preview left the track alone; reduce lifts it. Now they agree."""
    store = store_of(at(mara(track=DamageTrack.IMPAIRED), intellect=0))
    command = Heal(character="mara", stat=Stat.INTELLECT, amount=3, reason="a cypher")
    seen = preview(store.state, command)
    assert seen.after.track_after is DamageTrack.HALE
    (healed,) = run(store, command)
    assert isinstance(healed, Healed)
    assert shown(seen.after) == pools_and_track(store.state)


def test_healing_stops_at_the_maximum_and_the_preview_says_what_is_lost():
    store = store_of(at(mara(), might=10))
    seen = preview(store.state, Heal(character="mara", stat=Stat.MIGHT, amount=5))
    assert (seen.restored, seen.wasted) == (2, 3)
    before = store.state
    events = run(store, Heal(character="mara", stat=Stat.MIGHT, amount=5))
    assert shown(seen.after) == pools_and_track(store.state)
    assert_one_undo_step(store, events, before)


def test_r_dmg_4_the_dead_are_not_healed():
    store = store_of(mara(track=DamageTrack.DEAD))
    with pytest.raises(RuleViolation, match="dead is dead"):
        decide(store.state, Heal(character="mara", stat=Stat.MIGHT, amount=1))


# --- R-REC-1..3: resting --------------------------------------------------------------


def test_r_rec_1_a_rest_records_the_typed_die_the_bonus_and_the_division():
    store = store_of(at(mara(), might=4, speed=7))
    command = Rest(character="mara", die=4, allocation={Stat.MIGHT: 3, Stat.SPEED: 2})
    seen = preview(store.state, command)
    assert (seen.die, seen.bonus, seen.points) == (4, 1, 5)
    assert seen.restored == ((Stat.MIGHT, 3), (Stat.SPEED, 2))
    (rolled,) = run(store, command)
    assert isinstance(rolled, RecoveryRolled)
    assert (rolled.die, rolled.bonus) == (4, 1)
    assert rolled.allocation == {Stat.MIGHT: 3, Stat.SPEED: 2}
    assert shown(seen.after) == pools_and_track(store.state)


def test_r_rec_1_tough_and_recovery_advancements_add_to_the_roll():
    store = store_of(at(mara(tier=2, recovery_bonus=3), might=1))
    seen = preview(store.state, Rest(character="mara", die=6))
    assert (seen.bonus, seen.points) == (5, 11)


def test_r_rec_1_the_app_rolls_when_no_die_is_typed_and_the_suggested_division_is_used():
    store = store_of(at(mara(track=DamageTrack.IMPAIRED), might=2, intellect=0))
    (rolled,) = run(store, Rest(character="mara"), PlayerDice([3]))
    assert (rolled.die, rolled.bonus) == (3, 1)
    # Intellect (at 0, it lifts the track) first, then the emptiest: Might.
    assert rolled.allocation == {Stat.INTELLECT: 4}
    assert store.state.characters["mara"].track is DamageTrack.HALE


def test_r_rec_1_the_suggested_division_fills_pools_at_zero_first_never_past_maximum():
    who = at(mara(), might=11, speed=0, intellect=7)
    assert suggested_split(who, 5) == {Stat.SPEED: 5, Stat.MIGHT: 0, Stat.INTELLECT: 0}
    assert suggested_split(who, 13) == {Stat.SPEED: 10, Stat.INTELLECT: 1, Stat.MIGHT: 1}


def test_r_rec_1_more_points_divided_than_rolled_is_refused():
    store = store_of(at(mara(), might=1))
    with pytest.raises(RuleViolation, match="gave only 5"):
        preview(store.state, Rest(character="mara", die=4, allocation={Stat.MIGHT: 6}))
    with pytest.raises(RuleViolation, match="d6"):
        preview(store.state, Rest(character="mara", die=7))


def test_r_rec_2_four_rests_a_day_each_moving_the_clock_by_its_length():
    store = store_of(mara())
    start = store.state.clock.seconds
    seen = []
    for die in (1, 2, 3, 4):
        look = preview(store.state, Rest(character="mara", die=die))
        seen.append((look.number, look.label, look.seconds))
        run(store, Rest(character="mara", die=die))
    assert seen == [
        (1, "one action", 6),
        (2, "ten minutes", 600),
        (3, "one hour", 3600),
        (4, "ten hours", 36000),
    ]
    assert store.state.clock.seconds - start == 6 + 600 + 3600 + 36000
    assert store.state.characters["mara"].rests_today == 0  # A new day begins.


def test_r_rec_2_a_rest_may_leave_the_clock_alone():
    store = store_of(mara())
    start = store.state.clock.seconds
    (rolled,) = run(store, Rest(character="mara", die=2, advance_clock=False))
    assert rolled.clock == 0 and store.state.clock.seconds == start
    assert store.state.characters["mara"].rests_today == 1


def test_r_rec_3_a_recovery_roll_may_buy_a_step_up_the_track():
    store = store_of(at(mara(track=DamageTrack.DEBILITATED), might=3))
    command = Rest(character="mara", die=5, track_step=True)
    seen = preview(store.state, command)
    assert seen.can_step_up and seen.restored == ()
    assert seen.after.track_after is DamageTrack.IMPAIRED
    (rolled,) = run(store, command)
    assert rolled.track_step and rolled.allocation == {}
    assert shown(seen.after) == pools_and_track(store.state)


def test_r_rec_3_no_step_up_when_hale_or_with_a_pool_at_zero_or_with_points_divided():
    hale = store_of(mara())
    with pytest.raises(RuleViolation, match="already hale"):
        preview(hale.state, Rest(character="mara", die=3, track_step=True))
    empty = store_of(at(mara(track=DamageTrack.IMPAIRED), speed=0))
    assert not preview(empty.state, Rest(character="mara")).can_step_up
    with pytest.raises(RuleViolation, match="Speed above 0"):
        decide(empty.state, Rest(character="mara", die=3, track_step=True))
    with pytest.raises(RuleViolation, match="whole recovery roll"):
        Rest(character="mara", die=3, track_step=True, allocation={Stat.MIGHT: 1}).preview(
            empty.state
        )


def test_r_rec_1_a_dead_pc_cannot_rest():
    store = store_of(mara(track=DamageTrack.DEAD))
    with pytest.raises(RuleViolation, match=r"^Mara is dead, and dead is dead\.$"):
        preview(store.state, Rest(character="mara"))
    with pytest.raises(RuleViolation, match=r"^Mara is dead, and dead is dead\.$"):
        decide(store.state, Rest(character="mara", die=4))


def test_r_rec_1_a_rest_is_one_undo_step_clock_and_all():
    store = store_of(at(mara(), might=3))
    before = store.state
    events = run(store, Rest(character="mara", die=6))
    assert store.state.clock.seconds == before.clock.seconds + 6
    assert_one_undo_step(store, events, before)


def test_r_pool_1_a_rest_refreshes_luck_and_the_preview_says_so():
    tired = at(mara(), might=10)
    lucky = replace(tired, pools=replace(tired.pools, luck=Pool(current=0, maximum=3)))
    store = store_of(lucky)
    seen = preview(store.state, Rest(character="mara", die=1))
    assert seen.luck == 2
    run(store, Rest(character="mara", die=1))
    assert shown(seen.after) == pools_and_track(store.state)


# --- R-CYP-1: cyphers -------------------------------------------------------------------


def test_r_cyp_1_a_cypher_level_rolled_from_its_formula():
    store = store_of(mara())
    command = GainCypher(character="mara", name="Stim", formula="1d6+2", effect="Eases a task.")
    assert preview(store.state, command).level is None  # Rolled when gained.
    (gained,) = run(store, command, PlayerDice([4]))
    assert isinstance(gained, CypherGained)
    assert gained.cypher == Cypher(name="Stim", level=6, effect="Eases a task.")
    assert store.state.characters["mara"].cyphers == (gained.cypher,)


def test_r_cyp_1_a_typed_level_or_a_fixed_formula_needs_no_die():
    store = store_of(mara())
    assert preview(store.state, GainCypher(character="mara", name="X", formula="5")).level == 5
    (gained,) = run(store, GainCypher(character="mara", name="X", formula="1d6", level=3))
    assert gained.cypher.level == 3


def test_r_cyp_1_occultic_cyphers_count_two_and_over_the_limit_a_die_picks_what_vanishes():
    """Seed 003: carrying more than the limit, random cyphers disappear at once until the
    load equals it. Old (1) and Ghost (occultic: 2) weigh 3 against 2: a d2 picks."""
    store = store_of(mara(cyphers=(Cypher(name="Old"),)))
    command = GainCypher(character="mara", name="Ghost", level=4, occultic=True)
    seen = preview(store.state, command)
    assert (seen.load, seen.load_after, seen.limit, seen.over_by) == (1, 3, 2, 1)
    assert not seen.warn_only
    gained, lost = run(store, command, PlayerDice([1]))
    assert (lost.name, lost.vanished, lost.discarded) == ("Old", 1, True)
    mara_now = store.state.characters["mara"]
    assert [c.name for c in mara_now.cyphers] == ["Ghost"]
    assert sheet_facts(mara_now).over_limit == 0
    assert "Old vanished (the die picked it: 1)" in log_line(store)
    store.undo()
    _, lost = run(store, command, PlayerDice([2]))  # The Ghost itself: Old fits alone.
    assert [c.name for c in store.state.characters["mara"].cyphers] == ["Old"]


def test_r_cyp_1_the_house_rule_warn_only_keeps_every_cypher():
    store = store_of(mara(cyphers=(Cypher(name="Old"),)))
    store.dispatch(SettingsChanged(settings=Settings(cypher_limit_warns=True)))
    command = GainCypher(character="mara", name="Ghost", level=4, occultic=True)
    assert preview(store.state, command).warn_only
    (gained,) = run(store, command)
    facts = sheet_facts(store.state.characters["mara"])
    assert (facts.cypher_load, facts.over_limit) == (3, 1)


def test_r_cyp_1_a_cypher_without_a_name_or_a_level_is_refused():
    store = store_of(mara())
    for bad, reason in [
        (GainCypher(character="mara", name=" "), "Name"),
        (GainCypher(character="mara", name="Own"), "level"),
        (GainCypher(character="mara", name="Own", formula="2d6"), "not a cypher level"),
        (GainCypher(character="mara", name="Own", level=0), "level runs"),
    ]:
        with pytest.raises(RuleViolation, match=reason):
            decide(store.state, bad)


def test_using_a_cypher_removes_it_in_one_step():
    carried = (Cypher(name="A"), Cypher(name="B"))
    store = store_of(mara(cyphers=carried))
    before = store.state
    seen = preview(store.state, UseCypher(character="mara", index=1))
    assert (seen.names, seen.load, seen.load_after) == (("B",), 2, 1)
    events = run(store, UseCypher(character="mara", index=1))
    (used,) = events
    assert isinstance(used, CypherUsed)
    assert (used.index, used.name, used.discarded) == (1, "B", False)
    assert store.state.characters["mara"].cyphers == (Cypher(name="A"),)
    assert_one_undo_step(store, events, before)
    with pytest.raises(RuleViolation, match="no cypher number 3"):
        decide(store.state, UseCypher(character="mara", index=2))


def test_r_cyp_1_discarding_several_cyphers_is_one_undo_step():
    carried = (Cypher(name="A"), Cypher(name="B", occultic=True), Cypher(name="C"))
    store = store_of(mara(cyphers=carried))
    before = store.state
    command = DiscardCypher(character="mara", indices=(0, 2))
    seen = preview(store.state, command)
    assert (seen.load, seen.load_after) == (4, 2)
    events = run(store, command)
    assert [e.name for e in events] == ["C", "A"] and all(e.discarded for e in events)
    assert events[1].batch == events[0].seq  # One command: one batch.
    assert store.state.characters["mara"].cyphers == (carried[1],)
    assert_one_undo_step(store, events, before)
    with pytest.raises(RuleViolation, match="once"):
        decide(store.state, DiscardCypher(character="mara", indices=(1, 1)))


def test_r_cyp_1_the_random_pick_brings_the_load_within_the_limit():
    carried = tuple(Cypher(name=n, occultic=n == "B") for n in "ABCD")
    store = store_of(mara(cyphers=carried))
    picks = discard_pick(store.state.characters["mara"], random.Random(7))
    run(store, DiscardCypher(character="mara", indices=picks))
    facts = sheet_facts(store.state.characters["mara"])
    assert facts.cypher_load <= facts.cypher_limit and facts.over_limit == 0
    assert discard_pick(store.state.characters["mara"]) == ()


# --- Notes and the sheet's facts --------------------------------------------------------


def test_notes_are_rewritten_in_one_step_and_unchanged_notes_are_refused():
    store = store_of(mara())
    before = store.state
    events = run(store, EditNotes(character="mara", notes="Owes Jun a favour."))
    assert isinstance(events[0], NotesEdited)
    assert store.state.characters["mara"].notes == "Owes Jun a favour."
    with pytest.raises(RuleViolation, match="unchanged"):
        decide(store.state, EditNotes(character="mara", notes="Owes Jun a favour."))
    with pytest.raises(RuleViolation, match="at most"):
        decide(store.state, EditNotes(character="mara", notes="x" * 20_001))
    assert_one_undo_step(store, events, before)


def test_r_rec_2_r_cyp_1_the_sheet_facts():
    facts = sheet_facts(mara(rests_today=2, cyphers=(Cypher(name="A", occultic=True),)))
    assert (facts.next_rest_number, facts.next_rest_label, facts.next_rest_seconds) == (
        3,
        "one hour",
        3600,
    )
    assert (facts.cypher_load, facts.cypher_limit, facts.over_limit) == (2, 2, 0)
    assert facts.recovery_bonus == 1 and not facts.can_step_up and not facts.dead


# R-CMB-6: armor worn.


def test_r_cmb_6_putting_on_armor_unpracticed_adds_armor_and_takes_speed():
    """Light armor, not practiced: Armor 1 + 1 = 2; the Speed pool's maximum 10 - 2."""
    store = store_of(mara())
    before = store.state
    events = run(store, ChangeArmor(character="mara", armor="light"))
    assert [type(e) for e in events] == [ArmorChanged]
    who = store.state.characters["mara"]
    assert (who.armor, who.pools.speed.maximum, who.pools.speed.current) == (2, 8, 8)
    assert (who.worn.category, who.worn.might_per_hour, who.worn.speed_loss) == ("light", 1, 2)
    assert "light armor: Speed −2, 1 Might an hour" in sheet_facts_line(who)
    assert store.undo() == events and store.state == before


def sheet_facts_line(who: Character) -> str:
    facts = sheet_facts(who)
    return f"{facts.worn} armor: {facts.armor_costs}"


@pytest.mark.parametrize(("armor", "rating", "speed"), [("light", 1, 2), ("medium", 2, 3),
                                                        ("heavy", 3, 5)])  # fmt: skip
def test_r_cmb_6_each_category_s_armor_and_speed_loss(armor, rating, speed):
    store = store_of(mara())
    shown = preview(store.state, ChangeArmor(character="mara", armor=armor))
    assert (shown.armor_before, shown.armor_after) == (1, 1 + rating)
    assert (shown.speed_before, shown.speed_after) == (10, 10 - speed)
    run(store, ChangeArmor(character="mara", armor=armor))
    assert store.state.characters["mara"].pools.speed.maximum == 10 - speed


def test_r_cmb_6_practiced_in_armor_wears_it_for_nothing():
    store = store_of(mara(abilities=("Practiced in Armor",)))
    run(store, ChangeArmor(character="mara", armor="heavy"))
    who = store.state.characters["mara"]
    assert (who.armor, who.pools.speed.maximum, who.worn.might_per_hour) == (4, 10, 0)
    shown = preview(store.state, ChangeArmor(character="mara", armor=""))
    assert shown.practiced and shown.costs_before == "no cost"


def test_r_cmb_6_taking_armor_off_gives_the_speed_maximum_back():
    store = store_of(at(mara(), speed=4))
    run(store, ChangeArmor(character="mara", armor="heavy"))
    run(store, ChangeArmor(character="mara", armor=""))
    who = store.state.characters["mara"]
    assert (who.armor, who.worn, who.pools.speed.maximum, who.pools.speed.current) == (
        1, None, 10, 4)  # fmt: skip


def test_r_cmb_6_the_armor_worn_counts_against_a_hit():
    """R-DMG-1 with R-CMB-6: Armor 1 (Tough) + 2 (medium) stops 3 of a 5-point hit."""
    store = store_of(mara())
    run(store, ChangeArmor(character="mara", armor="medium"))
    shown = preview(store.state, TakeDamage(character="mara", amount=5))
    assert (shown.armor, shown.taken) == (3, 2)
    (hit,) = run(store, TakeDamage(character="mara", amount=5))
    assert hit.armor == 3 and store.state.characters["mara"].pools.might.current == 10


def test_r_cmb_6_a_rest_pays_might_for_each_whole_hour_in_armor():
    """Medium armor unpracticed: 2 Might an hour. 3 h 10 min pass: the next rest pays 6
    Might for 3 h, in the same command; the 10 minutes carry over."""
    store = store_of(mara(), character("jun"))
    run(store, ChangeArmor(character="mara", armor="medium"))
    store.dispatch(ClockAdvanced(seconds=3 * 3600 + 600))
    command = Rest(character="jun", die=1)
    shown = preview(store.state, command)
    assert shown.armor_costs == ("Mara: 3 h in medium armor, 6 Might",)
    events = run(store, command)
    assert [type(e) for e in events] == [RecoveryRolled, PointsSpent]
    assert (events[1].character, events[1].amount, events[1].armor_hours) == ("mara", 6, 3)
    who = store.state.characters["mara"]
    assert who.pools.might.current == 6
    assert store.state.clock.seconds - who.worn.paid_until == 600 + 6  # The rest's round.


def test_r_cmb_6_the_hours_owed_are_paid_when_armor_comes_off():
    store = store_of(mara())
    run(store, ChangeArmor(character="mara", armor="heavy"))
    store.dispatch(ClockAdvanced(seconds=2 * 3600))
    with pytest.raises(RuleViolation, match="owes Might for 2 h in armor"):
        store.dispatch(ArmorChanged(character="mara", armor=""))
    shown = preview(store.state, ChangeArmor(character="mara", armor=""))
    assert (shown.owed_hours, shown.owed_might) == (2, 6)
    events = run(store, ChangeArmor(character="mara", armor=""))
    assert [type(e) for e in events] == [PointsSpent, ArmorChanged]
    assert store.state.characters["mara"].pools.might.current == 6


def test_r_cmb_6_the_might_owed_never_takes_more_than_the_pool_holds():
    store = store_of(at(mara(), might=4))
    run(store, ChangeArmor(character="mara", armor="heavy"))
    store.dispatch(ClockAdvanced(seconds=10 * 3600))
    run(store, ChangeArmor(character="mara", armor=""))
    who = store.state.characters["mara"]
    assert who.pools.might.current == 0 and who.track is DamageTrack.IMPAIRED


def test_r_cmb_6_the_csrd_reading_costs_speed_effort_instead():
    """The house rule: no Speed loss and no Might an hour; light armor adds 1 point to each
    level of Speed Effort (before Edge): 1 level costs 3 + 1 - Edge 1 = 3."""
    store = store_of(mara())
    store.dispatch(SettingsChanged(settings=Settings(house_rules=("csrd ARMOR",))))
    run(store, ChangeArmor(character="mara", armor="light"))
    who = store.state.characters["mara"]
    assert (who.pools.speed.maximum, who.worn.might_per_hour, who.worn.effort_extra) == (10, 0, 1)
    roll = Roll(character="mara", stat=Stat.SPEED, difficulty=3, effort=1, die=10)
    assert preview(store.state, roll).cost == 3
    run(store, roll)
    assert store.state.characters["mara"].pools.speed.current == 7
    might = Roll(character="mara", stat=Stat.MIGHT, difficulty=3, effort=1, die=10)
    assert preview(store.state, might).cost == 2  # Only Speed Effort costs more.


def test_r_cmb_6_changing_the_armor_rule_recosts_the_armor_worn():
    store = store_of(mara())
    run(store, ChangeArmor(character="mara", armor="heavy"))
    assert store.state.characters["mara"].pools.speed.maximum == 5
    store.dispatch(SettingsChanged(settings=Settings(house_rules=("CSRD armor",))))
    who = store.state.characters["mara"]
    assert (who.pools.speed.maximum, who.worn.effort_extra) == (10, 3)
    store.dispatch(SettingsChanged(settings=Settings()))
    assert store.state.characters["mara"].pools.speed.maximum == 5


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (ChangeArmor(character="mara", armor="mithril"), "light, medium or heavy"),
        (ChangeArmor(character="mara", armor=""), "already wears no armor"),
        (ChangeArmor(character="nobody", armor="light"), "No character 'nobody'"),
    ],
)
def test_r_cmb_6_armor_changes_are_refused_with_the_reason(command, reason):
    store = store_of(mara())
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, command)


def test_r_cmb_6_the_dead_wear_nothing_new():
    store = store_of(mara(track=DamageTrack.DEAD))
    with pytest.raises(RuleViolation, match="dead"):
        decide(store.state, ChangeArmor(character="mara", armor="light"))
