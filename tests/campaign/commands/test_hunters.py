"""The Hunters' commands (R-HUN-1..8): the events each makes, what each refuses, its
preview, and one undo step each; without the UI."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.hunters import (
    CreateHunter,
    DamageHunter,
    EndChallenge,
    HunterRoll,
    PassTime,
    StabiliseHunter,
    StartChallenge,
    hunter_view,
    read_modifiers,
    roll_outcome,
)
from strange_tui.campaign.model.events import (
    ChallengeEnded,
    ChallengeStarted,
    ClockAdvanced,
    HunterCreated,
    HunterDamaged,
    HunterRolled,
    HunterStabilised,
    HunterWorsened,
)
from strange_tui.campaign.model.hunters import Hunter
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.log import sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.errors import RuleViolation

DAY = 86_400


def hunt(*commands) -> Store:
    """A Hunters campaign with Rowan (Firearms 4, Keen eyes 2, Shotgun 3) and ``commands``."""
    store = Store(Campaign(name="Night Watch", ruleset="hunters"))
    rowan = CreateHunter(
        name="Rowan",
        skills={"Firearms": 4, "Dodge": 2},
        traits={"Keen eyes": 2},
        equipment={"Shotgun": 3},
    )
    for command in (rowan, *commands):
        run(store, command)
    return store


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def one_undo_step(store: Store, events) -> None:
    """The command's events come back as one undo step, and the state before it returns."""
    before = store.state
    assert store.undo() == tuple(events)
    assert store.state.seq == before.seq - len(events)
    store.redo()
    assert store.state == before


# -- CreateHunter --------------------------------------------------------------------------


def test_r_hun_1_create_hunter_makes_one_hunter_created_with_an_id_from_the_name():
    store = hunt()
    rowan = store.state.hunters["rowan"]
    assert rowan.skills == {"Firearms": 4, "Dodge": 2} and rowan.equipment == {"Shotgun": 3}
    assert rowan.vitals == {"health": 10, "resolve": 10, "lucidity": 10, "aura": 10}
    shown = preview(store.state, CreateHunter(name=" Rowan ", vitals={"health": 12}))
    assert (shown.hunter.id, shown.hunter.name, shown.hunter.vitals["health"]) == (
        "rowan-2",
        "Rowan",
        12,
    )
    events = run(store, CreateHunter(name="Rowan"))
    assert [type(e) for e in events] == [HunterCreated] and events[0].hunter.id == "rowan-2"
    one_undo_step(store, events)


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (CreateHunter(name="  "), "needs a name"),
        (CreateHunter(name="A", skills={"Firearms": 11}), r"Skills give 0 to \+10"),
        (CreateHunter(name="A", traits={"Keen eyes": 6}), r"Traits give 0 to \+5"),
        (CreateHunter(name="A", equipment={"Shotgun": 6}), r"Equipment give 0 to \+5"),
        (CreateHunter(name="A", vitals={"health": 0}), "from 1 to 100"),
        (CreateHunter(name="A", vitals={"luck": 5}), "vital statistics are"),
    ],
)
def test_r_hun_1_create_hunter_refuses_points_out_of_range(command, reason):
    store = hunt()
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, command)
    with pytest.raises(RuleViolation, match=reason):
        preview(store.state, command)


def test_r_hun_1_the_hunters_actions_belong_to_hunters_campaigns():
    """Time passing belongs to both (``commands.clock.PassTime``)."""
    strange = Campaign(name="Not a hunt")
    for command in (
        CreateHunter(name="Rowan"),
        StartChallenge(name="Vault"),
        StabiliseHunter(hunter="rowan"),
    ):
        with pytest.raises(RuleViolation, match="Strange campaign"):
            decide(strange, command)


# -- HunterRoll ----------------------------------------------------------------------------


def test_r_hun_1_r_hun_5_the_roll_preview_gives_exact_odds_by_degree():
    """Firearms 4 + Keen eyes 2 + Shotgun 3 - 4 for the situation = +5; Dodge 2 + 1 = +3
    against CR 10: 7/12 to succeed, 5/12 for one degree, 1/6 for two (sums 7..9, 10..12)."""
    store = hunt()
    roll = HunterRoll(
        hunter="rowan", skill="Firearms", trait="Keen eyes", equipment="Shotgun", situation=-4
    )
    shown = preview(store.state, roll)
    assert (shown.dice, shown.bonus, shown.cr, shown.cr_name) == (2, 5, 10, "average")
    shown = preview(store.state, HunterRoll(hunter="rowan", skill="Dodge", situation=1))
    assert (shown.bonus, shown.cr) == (3, 10)
    assert shown.p_success == pytest.approx(7 / 12)
    assert shown.p_degrees == pytest.approx({1: 5 / 12, 2: 1 / 6})
    assert shown.challenge is None


def test_r_hun_1_a_roll_with_typed_dice_is_one_hunter_rolled_and_one_undo_step():
    store = hunt()
    roll = HunterRoll(hunter="rowan", skill="Firearms", cr=10, values=(6, 5))
    events = run(store, roll)
    (event,) = events
    assert isinstance(event, HunterRolled)
    assert (event.dice, event.bonus, event.cr, event.label, event.challenge) == (
        (6, 5),
        4,
        10,
        "Firearms",
        None,
    )
    outcome = roll_outcome(store.state, event)
    assert (outcome.total, outcome.success, outcome.degrees, outcome.fumbled) == (
        15,
        True,
        2,
        False,
    )
    assert outcome.challenge_left is None
    one_undo_step(store, events)


def test_r_hun_1_double_ones_fail_whatever_the_bonus():
    store = hunt()
    (event,) = run(store, HunterRoll(hunter="rowan", skill="Firearms", cr=4, values=(1, 1)))
    outcome = roll_outcome(store.state, event)
    assert (outcome.success, outcome.fumbled, outcome.degrees) == (False, True, 0)


def test_r_hun_1_r_hun_5_the_log_says_whether_a_roll_succeeded_and_its_degrees():
    """Rowan's Firearms 4 against CR 10: 6+5 makes 15, two degrees; 3+2 makes 9, a
    failure; double 1s fail whatever the bonus. The log says it as the roll dialog does."""
    store = hunt()
    said = []
    for values, cr in (((6, 5), 10), ((3, 2), 10), ((1, 1), 4)):
        (event,) = run(store, HunterRoll(hunter="rowan", skill="Firearms", cr=cr, values=values))
        said.append(sentence(event, store.state.names()))
    assert said == [
        "Rowan rolled 15 (6+5 +4) for Firearms against CR 10: success, 2 degrees.",
        "Rowan rolled 9 (3+2 +4) for Firearms against CR 10: failure.",
        "Rowan rolled 6 (1+1 +4) for Firearms against CR 4: failure (double 1s).",
    ]


def test_r_hun_1_the_app_rolls_three_dice_for_the_inhuman():
    store = hunt()
    (event,) = run(store, HunterRoll(hunter="rowan", dice=3), PlayerDice([2, 3, 4]))
    assert event.dice == (2, 3, 4) and event.label == "a check"


@pytest.mark.parametrize(
    ("roll", "reason"),
    [
        (HunterRoll(hunter="rowan", values=(3,)), "Type 2 dice"),
        (HunterRoll(hunter="rowan", values=(3, 4, 5)), "Type 2 dice"),
        (HunterRoll(hunter="rowan", values=(3, 9)), "1 to 6"),
        (HunterRoll(hunter="rowan", dice=5), "2d6"),
        (HunterRoll(hunter="rowan", cr=33), "1 to 32"),
        (HunterRoll(hunter="rowan", situation=5), r"-4 to \+4"),
        (HunterRoll(hunter="rowan", skill="Archery"), "no skill 'Archery'"),
        (HunterRoll(hunter="nobody"), "No hunter"),
        (HunterRoll(hunter="rowan", challenge="vault"), "No challenge"),
    ],
)
def test_r_hun_1_r_hun_4_a_roll_refuses_what_the_rules_do_not_allow(roll, reason):
    store = hunt()
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, roll)
    assert store.state.seq == 1


def test_r_hun_7_flaws_from_trauma_count_against_the_roll():
    store = hunt(DamageHunter(hunter="rowan", kind="traumatic"))
    shown = preview(store.state, HunterRoll(hunter="rowan", skill="Firearms"))
    assert shown.bonus == 4 - 1


def test_a_roll_the_journal_could_not_read_back_is_refused():
    """Bonuses are recorded within -50..+50; a roll below that is refused, not written."""
    store = Store(Campaign(name="Hunt", ruleset="hunters"))
    flawed = Hunter(id="wreck", name="Wreck", flaws={f"flaw {n}": 10 for n in range(6)})
    store.dispatch(HunterCreated(hunter=flawed))
    with pytest.raises(RuleViolation, match="cannot be recorded"):
        decide(store.state, HunterRoll(hunter="wreck", values=(3, 4)))


def test_r_hun_6_a_roll_against_a_challenge_wears_its_threshold_down_in_one_step():
    """CR 8, threshold 10, x1, every 5 minutes: 6 + 5 = 11 takes the remainder 3 off."""
    store = hunt(StartChallenge(name="Pick the vault", cr=8, threshold=10))
    clock = store.state.clock.seconds
    roll = HunterRoll(hunter="rowan", cr=20, challenge="pick-the-vault", values=(6, 5))
    shown = preview(store.state, roll)
    assert (shown.cr, shown.challenge) == (8, "Pick the vault")
    events = run(store, roll)
    assert events[0].cr == 8 and events[0].challenge == "pick-the-vault"
    vault = store.state.challenges["pick-the-vault"]
    assert (vault.remaining, vault.rolls) == (7, 1)
    assert store.state.clock.seconds == clock + 300
    assert roll_outcome(store.state, events[0]).challenge_left == 7
    one_undo_step(store, events)


# -- DamageHunter --------------------------------------------------------------------------


def test_r_hun_7_damage_by_degrees_starts_bruising_and_climbs_a_type_each_degree():
    """Three degrees with a +2 tool and a raised attack: traumatic, crippling, permanent."""
    store = hunt()
    damage = DamageHunter(hunter="rowan", vital="resolve", degrees=3, tool=2, raised=True)
    shown = preview(store.state, damage)
    assert shown.kinds == ("traumatic", "crippling", "permanent")
    assert (shown.vital, shown.left, shown.maximum, shown.condition) == ("resolve", 7, 10, "fine")
    events = run(store, damage)
    assert [type(e) for e in events] == [HunterDamaged]
    resolve = hunter_view(store.state.hunters["rowan"], store.state.clock.seconds).vitals[1]
    assert (resolve.left, resolve.damage) == (
        shown.left,
        {"traumatic": 1, "crippling": 1, "permanent": 1},
    )
    one_undo_step(store, events)


def test_r_hun_7_damage_of_one_chosen_type():
    store = hunt()
    (event,) = run(store, DamageHunter(hunter="rowan", degrees=2, kind="wounding"))
    assert event.kinds == ("wounding", "wounding") and event.vital == "health"
    assert preview(store.state, DamageHunter(hunter="rowan")).kinds == ("bruising",)


def test_r_hun_8_the_damage_preview_says_when_it_kills():
    store = hunt()
    shown = preview(store.state, DamageHunter(hunter="rowan", degrees=10, kind="crippling"))
    assert (shown.left, shown.condition) == (0, "dead")
    shown = preview(store.state, DamageHunter(hunter="rowan", degrees=10, kind="wounding"))
    assert shown.condition == "disabled"


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (DamageHunter(hunter="rowan", degrees=0), "Degrees from 1 to 20"),
        (DamageHunter(hunter="rowan", degrees=21), "Degrees from 1 to 20"),
        (DamageHunter(hunter="rowan", tool=11), "tool bonus 0 to 10"),
        (DamageHunter(hunter="rowan", kind="burning"), "damage types are"),
        (DamageHunter(hunter="rowan", vital="luck"), "vital statistics are"),
        (DamageHunter(hunter="nobody"), "No hunter"),
    ],
)
def test_r_hun_7_damage_refuses_what_the_rules_do_not_allow(damage, reason):
    store = hunt()
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, damage)


# -- StartChallenge, EndChallenge ----------------------------------------------------------


def test_r_hun_6_start_challenge_is_one_challenge_started():
    store = hunt()
    start = StartChallenge(name="Pick the vault", cr=8, threshold=12, multiplier=2, interval=6)
    assert preview(store.state, start).challenge.id == "pick-the-vault"
    events = run(store, start)
    assert [type(e) for e in events] == [ChallengeStarted]
    vault = store.state.challenges["pick-the-vault"]
    assert (vault.cr, vault.threshold, vault.remaining, vault.multiplier, vault.interval) == (
        8,
        12,
        12,
        2,
        6,
    )
    assert run(store, start)[0].challenge.id == "pick-the-vault-2"
    store.undo()
    one_undo_step(store, events)


@pytest.mark.parametrize(
    ("start", "reason"),
    [
        (StartChallenge(name=""), "A name"),
        (StartChallenge(name="Vault", threshold=0), "threshold from 1 to 1000"),
        (StartChallenge(name="Vault", cr=33), "1 to 32"),
        (StartChallenge(name="Vault", multiplier=4), "1, 2 or 3"),
    ],
)
def test_r_hun_6_start_challenge_refuses_what_the_rules_do_not_allow(start, reason):
    with pytest.raises(RuleViolation, match=reason):
        decide(hunt().state, start)


def test_r_hun_6_end_challenge_is_one_challenge_ended():
    store = hunt(StartChallenge(name="Vault"))
    assert preview(store.state, EndChallenge(challenge="vault")).challenge.name == "Vault"
    events = run(store, EndChallenge(challenge="vault"))
    assert [type(e) for e in events] == [ChallengeEnded] and not store.state.challenges
    with pytest.raises(RuleViolation, match="No challenge 'vault'"):
        decide(store.state, EndChallenge(challenge="vault"))
    one_undo_step(store, events)


# -- PassTime ------------------------------------------------------------------------------


def test_r_hun_7_pass_time_advances_the_clock_and_wounds_heal_with_it():
    store = hunt(
        DamageHunter(hunter="rowan", kind="wounding"),
        DamageHunter(hunter="rowan", kind="traumatic"),
    )
    rowan = hunter_view(store.state.hunters["rowan"], store.state.clock.seconds)
    assert rowan.flaws == 1
    assert [(h.kind, h.when_label) for h in rowan.healing] == [
        ("wounding", "Day 2, 08:00"),
        ("traumatic", "Day 8, 08:00"),
    ]
    shown = preview(store.state, PassTime(amount=1, unit="days"))
    assert (shown.seconds, shown.until) == (DAY, "Day 2, 08:00")
    events = run(store, PassTime(amount=1, unit="days"))
    assert [type(e) for e in events] == [ClockAdvanced] and events[0].seconds == DAY
    now = store.state.clock.seconds
    assert store.state.hunters["rowan"].damage("health", now) == {"traumatic": 1}
    one_undo_step(store, events)
    run(store, PassTime(amount=1, unit="weeks"))
    rowan = hunter_view(store.state.hunters["rowan"], store.state.clock.seconds)
    assert rowan.vitals[0].damage == {} and rowan.healing == () and rowan.flaws == 0


@pytest.mark.parametrize("amount", [0, 1001])
def test_r_hun_7_pass_time_refuses_amounts_out_of_range(amount):
    with pytest.raises(RuleViolation, match="From 1 to 1000"):
        decide(hunt().state, PassTime(amount=amount))


def test_r_hun_7_permanent_damage_never_heals():
    store = hunt(DamageHunter(hunter="rowan", kind="permanent"))
    (line,) = hunter_view(store.state.hunters["rowan"], store.state.clock.seconds).healing
    assert (line.when, line.when_label) == (None, "never")


# -- R-HUN-7: one interval per point, in turn ---------------------------------------------


def test_r_hun_7_points_of_one_type_heal_one_interval_each_in_turn():
    """Two bruises taken together: one heals after an hour, the other after two; a bruise
    taken half an hour later waits for the one before it."""
    store = hunt(DamageHunter(hunter="rowan", kind="bruising", degrees=2))
    (line,) = hunter_view(store.state.hunters["rowan"], store.state.clock.seconds).healing
    assert (line.kind, line.points, line.when_label, line.last_label) == (
        "bruising", 2, "Day 1, 09:00", "Day 1, 10:00",
    )  # fmt: skip
    run(store, PassTime(amount=1, unit="hours"))
    now = store.state.clock.seconds
    assert store.state.hunters["rowan"].damage("health", now) == {"bruising": 1}
    shown = preview(store.state, PassTime(amount=1, unit="hours"))
    assert shown.healed == ("Rowan, health: 1 bruising heal",)
    run(store, PassTime(amount=1, unit="hours"))
    assert store.state.hunters["rowan"].damage("health", store.state.clock.seconds) == {}

    store = hunt(DamageHunter(hunter="rowan", kind="bruising"))
    run(store, PassTime(amount=30, unit="minutes"))
    run(store, DamageHunter(hunter="rowan", kind="bruising"))
    (line,) = hunter_view(store.state.hunters["rowan"], store.state.clock.seconds).healing
    assert (line.points, line.when_label, line.last_label) == (2, "Day 1, 09:00", "Day 1, 10:00")


# -- R-HUN-3, R-HUN-4: defenses, situational modifiers, against a person ---------------------


def test_r_hun_3_the_roll_faces_a_persons_defense():
    """Default 4, the defender's bonuses 2: Low 6, Standard 9, High 12; unskilled, Low."""
    store = hunt()
    for defense, skill, cr in (("low", 1, 6), ("standard", 1, 9), ("high", 3, 12),
                               ("high", 0, 6)):  # fmt: skip
        roll = HunterRoll(hunter="rowan", cr=4, defense=defense, defense_bonus=2,
                          defense_skill=skill)  # fmt: skip
        shown = preview(store.state, roll)
        assert shown.cr == cr
        assert sum(part.value for part in shown.cr_parts) == cr
    shown = preview(store.state, HunterRoll(hunter="rowan", cr=4, defense="high",
                                            defense_bonus=2))  # fmt: skip
    assert [(p.label, p.value) for p in shown.cr_parts] == [
        ("default", 4), ("defense bonuses", 2), ("low defense (unskilled)", 0),
    ]  # fmt: skip
    (event,) = run(store, HunterRoll(hunter="rowan", cr=4, defense="standard", defense_bonus=2,
                                     defense_skill=1, values=(3, 4)))  # fmt: skip
    assert event.cr == 9
    with pytest.raises(RuleViolation, match="low, standard or high"):
        decide(store.state, HunterRoll(hunter="rowan", defense="sky"))


def test_r_hun_4_situational_modifiers_are_itemised_and_checked():
    """Firearms 4, distracted -1, tools +2, the GM's own -1: +4."""
    store = hunt()
    roll = HunterRoll(hunter="rowan", skill="Firearms", situation=-1,
                      modifiers={"distracted": -1, "tools": 2})  # fmt: skip
    shown = preview(store.state, roll)
    assert shown.bonus == 4
    assert [(p.label, p.value) for p in shown.bonus_parts] == [
        ("Firearms", 4), ("distracted", -1), ("tools", 2), ("situation", -1),
    ]  # fmt: skip
    (event,) = run(store, replace(roll, values=(3, 4)))
    assert event.bonus == 4
    with pytest.raises(RuleViolation, match=r"tools: \+5"):
        decide(store.state, HunterRoll(hunter="rowan", modifiers={"tools": 5}))
    assert read_modifiers("Distracted, no lighting, tools +2, -1") == (
        {"distracted": -1, "no lighting": -2, "tools": 2}, -1,
    )  # fmt: skip
    assert read_modifiers("interference") == ({"interference": -1}, 0)
    assert "say +1 or -1" in read_modifiers("a steak")


def test_r_hun_4_against_a_person_the_defenders_penalties_count_for_the_roller():
    store = hunt()
    roll = HunterRoll(hunter="rowan", skill="Firearms", against_person=True,
                      defender={"distracted": -1, "no lighting": -2})  # fmt: skip
    shown = preview(store.state, roll)
    assert shown.bonus == 4 + 3
    assert shown.bonus_parts[-1].value == 3
    # A defense makes it a roll against a person too.
    shown = preview(store.state, HunterRoll(hunter="rowan", cr=4, defense="standard",
                                            defense_skill=1, defender={"rushed": -1}))  # fmt: skip
    assert (shown.bonus, shown.cr) == (1, 7)
    with pytest.raises(RuleViolation, match="only against a person"):
        decide(store.state, HunterRoll(hunter="rowan", defender={"rushed": -1}))
    with pytest.raises(RuleViolation, match="unfavourable"):
        decide(store.state, HunterRoll(hunter="rowan", against_person=True,
                                       defender={"aid": 1}))  # fmt: skip


# -- R-HUN-7: the raised type belongs to the roll --------------------------------------------


def test_r_hun_7_a_raised_type_costs_two_cr_on_the_roll_and_its_damage_follows_that_roll():
    """Rowan raises the type: CR 10 + 2. 6 + 6 + 4 = 16: two degrees, wounding then
    traumatic (a type above bruising). Bea takes it once."""
    store = hunt(CreateHunter(name="Bea"))
    roll = HunterRoll(hunter="rowan", skill="Firearms", raised=True)
    shown = preview(store.state, roll)
    assert shown.cr == 12 and shown.cr_parts[-1].label == "type raised" and shown.raised
    (rolled,) = run(store, replace(roll, values=(6, 6)))
    assert (rolled.cr, rolled.raised) == (12, True)
    assert roll_outcome(store.state, rolled).degrees == 2
    damage = DamageHunter(hunter="bea", attacker="rowan")
    shown = preview(store.state, damage)
    assert shown.kinds == ("wounding", "traumatic") and shown.source == "Rowan's Firearms"
    events = run(store, damage)
    (dealt,) = events
    assert (dealt.attacker, dealt.roll) == ("rowan", rolled.seq)
    assert store.state.hunters["rowan"].last_roll.used
    with pytest.raises(RuleViolation, match="no hit whose damage"):
        decide(store.state, damage)
    one_undo_step(store, events)
    # A miss deals nothing.
    run(store, HunterRoll(hunter="rowan", values=(1, 1)))
    with pytest.raises(RuleViolation, match="no hit whose damage"):
        decide(store.state, damage)


def test_r_hun_7_damage_from_a_roll_cannot_be_forged():
    """``reduce`` holds the link: the roll's seq, unspent, as many points as degrees."""
    store = hunt(CreateHunter(name="Bea"))
    (rolled,) = run(store, HunterRoll(hunter="rowan", skill="Firearms", values=(6, 6)))
    for forged in (
        HunterDamaged(hunter="bea", vital="health", kinds=("bruising",), attacker="rowan",
                      roll=rolled.seq + 5),
        HunterDamaged(hunter="bea", vital="health", kinds=("bruising",), attacker="rowan",
                      roll=rolled.seq),
    ):  # fmt: skip
        with pytest.raises(RuleViolation):
            store.dispatch(forged)


# -- R-HUN-8: the disabled worsen each minute until stabilised -------------------------------


def bea_disabled(*commands) -> Store:
    """Bea (Health 3) with three wounds: disabled, her mildest damage a wound."""
    return hunt(
        CreateHunter(name="Bea", vitals={"health": 3}),
        DamageHunter(hunter="bea", kind="wounding", degrees=3),
        *commands,
    )


def test_r_hun_8_a_disabled_hunter_worsens_each_minute_as_time_passes():
    store = bea_disabled()
    view = hunter_view(store.state.hunters["bea"], store.state.clock.seconds)
    assert (view.vitals[0].condition, view.vitals[0].worsening) == ("disabled", "wounding")
    two = PassTime(amount=2, unit="minutes")
    shown = preview(store.state, two)
    assert shown.worsened == (
        "Bea, health: 2 step(s) by Day 1, 08:02 (wounding → traumatic ×2); disabled",
    )
    events = run(store, two)
    assert [type(e) for e in events] == [ClockAdvanced, HunterWorsened]
    assert events[1].kinds == ("wounding", "wounding")
    assert events[1].times == (8 * 3600 + 60, 8 * 3600 + 120)
    now = store.state.clock.seconds
    assert store.state.hunters["bea"].damage("health", now) == {"wounding": 1, "traumatic": 2}
    one_undo_step(store, events)
    # Unstabilised, she dies of complications: three wounds, three traumas, all crippling.
    shown = preview(store.state, PassTime(amount=1, unit="hours"))
    assert shown.worsened[0].endswith("; dead")
    run(store, PassTime(amount=1, unit="hours"))
    now = store.state.clock.seconds
    assert store.state.hunters["bea"].damage("health", now) == {"crippling": 3}


def test_r_hun_8_a_stabilised_hunter_stops_worsening_until_hurt_again():
    store = bea_disabled()
    stabilise = StabiliseHunter(hunter="bea", stabiliser="Dr Vance")
    shown = preview(store.state, stabilise)
    assert (shown.vital, shown.damage, shown.worsening) == ("health", {"wounding": 3}, "wounding")
    events = run(store, stabilise)
    assert [type(e) for e in events] == [HunterStabilised]
    assert preview(store.state, PassTime(amount=1, unit="hours")).worsened == ()
    assert [type(e) for e in run(store, PassTime(amount=1, unit="hours"))] == [ClockAdvanced]
    view = hunter_view(store.state.hunters["bea"], store.state.clock.seconds)
    assert view.vitals[0].stable and view.vitals[0].worsening is None
    with pytest.raises(RuleViolation, match="already stabilised: it does not worsen"):
        decide(store.state, stabilise)
    with pytest.raises(RuleViolation, match="Rowan's health is not at 0"):
        decide(store.state, StabiliseHunter(hunter="rowan"))
    # A new wound needs a new stabilisation.
    run(store, DamageHunter(hunter="bea", kind="wounding"))
    assert hunter_view(store.state.hunters["bea"], store.state.clock.seconds).vitals[0].worsening


def test_r_hun_8_rolls_on_a_challenge_move_the_clock_and_the_disabled_worsen_with_it():
    store = bea_disabled(StartChallenge(name="Hold the door", cr=8, interval=300))
    events = run(store, HunterRoll(hunter="rowan", challenge="hold-the-door", values=(3, 4)))
    assert [type(e) for e in events] == [HunterRolled, HunterWorsened]
    assert len(events[1].kinds) == 5


def test_r_hun_8_reduce_refuses_a_worsening_the_rules_do_not_give():
    store = hunt(DamageHunter(hunter="rowan", kind="wounding"))
    run(store, PassTime(amount=5, unit="minutes"))
    minute = store.state.clock.seconds
    with pytest.raises(RuleViolation, match="does not worsen"):
        store.dispatch(HunterWorsened(hunter="rowan", vital="health", kinds=("wounding",),
                                      times=(minute,)))  # fmt: skip
    store = bea_disabled()
    with pytest.raises(RuleViolation, match="clock's minutes"):
        store.dispatch(HunterWorsened(hunter="bea", vital="health", kinds=("wounding",),
                                      times=(store.state.clock.seconds + 60,)))  # fmt: skip


def test_r_hun_8_disabled_with_bruising_mildest_says_not_worsening_and_when_time_helps():
    """Seed 004 ("Damaging Opponents"): only a Trauma or Wound as the lowest damage worsens.
    Bea at 0/12 with bruising 3 (the mildest), wounding 2, traumatic 2, crippling 2,
    permanent 3 does not worsen: stabilising and first aid are refused in plain words."""
    from strange_tui.campaign.commands.hunters import FirstAid, nothing_to_stabilise

    bea = CreateHunter(name="Bea Carrow", vitals={"health": 12})
    hits = [
        DamageHunter(hunter="bea-carrow", kind=kind, degrees=n)
        for kind, n in (
            ("permanent", 3),
            ("crippling", 2),
            ("traumatic", 2),
            ("wounding", 2),
            ("bruising", 3),
        )
    ]
    store = hunt(bea, *hits)
    view = hunter_view(store.state.hunters["bea-carrow"], store.state.clock.seconds)
    assert view.vitals[0].condition == "disabled" and view.vitals[0].worsening is None
    said = nothing_to_stabilise(store.state, "bea-carrow")
    assert said == (
        "Bea Carrow is disabled (Health 0/12) but not worsening: the mildest damage is"
        " bruising, and only wounding or traumatic worsens. Nothing to stabilise or tend:"
        " time heals bruising, a point an hour; Health is back to 1 at Day 1, 09:00."
    )
    for refused in (
        StabiliseHunter(hunter="bea-carrow"),
        FirstAid(hunter="rowan", patient="bea-carrow"),
    ):
        with pytest.raises(RuleViolation, match="but not worsening"):
            decide(store.state, refused)


def test_r_hun_7_the_damage_log_counts_the_points_of_each_type():
    """Ten points of wounding read '10 wounding'; by degrees, each type once with its count."""
    from strange_tui.campaign.narrate.hunters import kinds_counted

    store = hunt(CreateHunter(name="Sam Ortiz", vitals={"health": 10}))
    (event,) = run(store, DamageHunter(hunter="sam-ortiz", kind="wounding", degrees=10))
    assert sentence(event, store.state.names()) == ("Sam Ortiz took 10 health damage: 10 wounding.")
    assert kinds_counted(("bruising",) * 3 + ("wounding",) * 2) == "3 bruising, 2 wounding"
