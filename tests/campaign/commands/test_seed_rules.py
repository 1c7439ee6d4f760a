"""The seeds' own sentences, through the commands: damage to other pools (R-DMG-1), who may
act in a translation (R-TR-1, R-SPEC-5, R-DMG-4), the Hunters' disabled (R-HUN-8)."""

import re

import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.combat import AddNpcs, Defend
from strange_tui.campaign.store import Store
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.pools import Stat
from tests.campaign.builders import campaign, character, fighting, npc


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def blast_store(**npc_changes) -> Store:
    """Mara (Armor 1, Intellect 8) against a level-3 foe that acts first."""
    foe = npc("thug", level=3, **{"damage": 4, **npc_changes})
    return Store(fighting(campaign(character("mara")), foe, succeeded=()))


def test_r_dmg_1_a_psychic_blast_lands_on_intellect_and_armor_does_not_stop_it():
    """Seed 000: "a psychic blast may reduce your intellect pool". A failed defense against
    4 Intellect damage takes 4 from Intellect, Armor 1 notwithstanding."""
    store = blast_store()
    command = Defend(character="mara", npc="thug", pool=Stat.INTELLECT)
    shown = preview(store.state, command)
    assert (shown.pool, shown.armor, shown.taken) == (Stat.INTELLECT, 0, 4)
    made, hit = run(store, command, PlayerDice([2]))
    assert (hit.stat, hit.armor, hit.amount) == (Stat.INTELLECT, 0, 4)
    mara = store.state.characters["mara"]
    assert (mara.pools.might.current, mara.pools.intellect.current) == (12, 4)


def test_r_dmg_1_a_creatures_attack_names_its_pool_and_the_defense_takes_it():
    """A poison that makes you clumsy: the NPC's attack hits Speed unless the GM picks."""
    store = blast_store(attack_pool=Stat.SPEED)
    made, hit = run(store, Defend(character="mara", npc="thug"), PlayerDice([2]))
    assert (hit.stat, hit.armor) == (Stat.SPEED, 0)
    assert store.state.characters["mara"].pools.speed.current == 6
    physical = preview(store.state, Defend(character="mara", npc="thug", pool=Stat.MIGHT))
    assert (physical.pool, physical.armor, physical.taken) == (Stat.MIGHT, 1, 3)


def test_r_dmg_1_npcs_from_the_packs_bring_their_attacks_pool():
    store = Store(fighting(campaign(character("mara"))))
    (added,) = run(store, AddNpcs(name="Elder Thing", level=8, attack_pool=Stat.INTELLECT))
    assert added.npcs[0].attack_pool is Stat.INTELLECT


@pytest.mark.parametrize("pool", [Stat.MIGHT, Stat.SPEED, Stat.INTELLECT])
def test_r_dmg_2_the_hit_spills_from_its_own_pool_in_the_order(pool):
    """A hit larger than its pool spills over: Might, Speed, Intellect, skipping its own."""
    store = blast_store(damage=30)
    made, hit = run(store, Defend(character="mara", npc="thug", pool=pool), PlayerDice([2]))
    assert next(iter(hit.spill)) is pool


def translating(**tracks) -> Store:
    """Mara (a Vector), Jun (a Paradox) and Tess (a Spinner), on the damage tracks given."""
    from strange_tui.campaign.model.events import CharacterCreated
    from strange_tui.campaign.model.state import Campaign
    from strange_tui.rules.track import DamageTrack

    store = Store(Campaign(name="Test"))
    for who, kind in (("mara", "Vector"), ("jun", "Paradox"), ("tess", "Spinner")):
        track = DamageTrack[tracks.get(who, "hale").upper()]
        store.dispatch(CharacterCreated(character=character(who, type=kind, track=track)))
    return store


def test_r_spec_5_an_impaired_initiator_ignores_a_natural_19s_effect_on_translation():
    """Seed 003: "An impaired character ignores minor and major effect results": the 19
    succeeds, but acclimation stays and no focus task is eased."""
    from strange_tui.campaign.commands.translation import Translate, outcome_of

    store = translating(mara="impaired")
    before = store.state
    events = run(store, Translate(destination="ruk", recursion_difficulty=3,
                                  initiator="mara", die=19))  # fmt: skip
    (made,) = events
    assert made.success and made.eased_for == 0 and made.acclimation > 0
    special = outcome_of(before, store.state, events).special
    assert special == "A natural 19, but an impaired initiator ignores its effect."


@pytest.mark.parametrize(("track", "role"), [("debilitated", "easers"), ("dead", "hasteners"),
                                             ("debilitated", "helpers")])  # fmt: skip
def test_r_dmg_4_a_debilitated_or_dead_character_takes_no_part_in_a_translation(track, role):
    """Seed 003: "A debilitated character may not take any actions other than to move"."""
    from strange_tui.campaign.commands.translation import Translate
    from strange_tui.rules.errors import RuleViolation

    store = translating(tess=track)
    command = Translate(destination="ruk", recursion_difficulty=3, initiator="mara", die=15,
                        **{role: ("tess",)})  # fmt: skip
    with pytest.raises(RuleViolation, match=f"Tess is {track} and cannot hasten, ease or help"):
        decide(store.state, command)


@pytest.mark.parametrize(
    ("kind", "said"),
    [("wounding", "Ash is disabled (0 health) and cannot act."), ("crippling", "Ash is dead.")],
)
def test_r_hun_8_a_disabled_or_dead_hunter_rolls_nothing(kind, said):
    """Seed 004: at 0 a hunter is "otherwise unable to act"; all crippling or worse: dead."""
    from msgspec.structs import replace

    from strange_tui.campaign.commands.hunters.roll import HunterRoll
    from strange_tui.campaign.model.hunters import HunterWound
    from tests.campaign.builders import hunter, hunters_campaign

    down = hunter("ash", vitals={"health": 2, "resolve": 10, "lucidity": 10, "aura": 10},
                  wounds=(HunterWound(vital="health", kind=kind, points=2, at=0),))  # fmt: skip
    state = hunters_campaign(down)
    state = replace(state, clock=replace(state.clock, seconds=60))
    from strange_tui.rules.errors import RuleViolation

    with pytest.raises(RuleViolation, match=f"^{re.escape(said)}$"):
        decide(state, HunterRoll(hunter="ash", skill="Firearms", values=(6, 6)))
    fine = hunters_campaign(hunter("ash"))
    assert decide(fine, HunterRoll(hunter="ash", skill="Firearms", values=(6, 6)))


def test_r_dmg_3_an_effect_moves_a_pc_down_or_up_the_track_directly():
    """Seed 000: rare poisons and massive traumas move a PC down the track directly."""
    from strange_tui.campaign.commands.character import ShiftTrack
    from strange_tui.campaign.model.events import CharacterCreated
    from strange_tui.campaign.model.state import Campaign
    from strange_tui.campaign.narrate.log import command_sentence
    from strange_tui.rules.errors import RuleViolation
    from strange_tui.rules.track import DamageTrack

    store = Store(Campaign(name="Test"))
    store.dispatch(CharacterCreated(character=character("mara")))
    down = ShiftTrack(character="mara", steps=2, reason="a rare poison")
    shown = preview(store.state, down)
    assert (shown.before, shown.after) == ("hale", "debilitated")
    run(store, down)
    mara = store.state.characters["mara"]
    assert mara.track is DamageTrack.DEBILITATED and mara.pools == character("mara").pools
    assert command_sentence(store.last_command, store.state.names()) == (
        "Mara moved 2 steps down the damage track (a rare poison).")  # fmt: skip
    run(store, ShiftTrack(character="mara", steps=-1, reason="a healing touch"))
    assert store.state.characters["mara"].track is DamageTrack.IMPAIRED
    with pytest.raises(RuleViolation, match="1 to 3 steps"):
        decide(store.state, ShiftTrack(character="mara", steps=0))
    run(store, ShiftTrack(character="mara", steps=2))
    with pytest.raises(RuleViolation, match="dead is dead"):
        decide(store.state, ShiftTrack(character="mara", steps=-1))


def test_r_task_2_a_complementary_action_gives_2_to_the_die_and_the_log_says_so():
    """Seed 003: "Two characters attempting different but complementary actions both gain
    +2 bonus"; each marks their own roll so."""
    from strange_tui.campaign.commands.rolls.roll import Roll
    from strange_tui.campaign.model.events import CharacterCreated
    from strange_tui.campaign.model.state import Campaign

    store = Store(Campaign(name="Test"))
    store.dispatch(CharacterCreated(character=character("mara")))
    lift = Roll(character="mara", label="Lift the beam", difficulty=4, helper="complementary")
    assert preview(store.state, lift).odds.bonus == 2
    (made,) = run(store, Roll(**{**_fields(lift), "die": 10}))  # 10 + 2 reaches 12.
    assert (made.bonus, made.success, made.label) == (
        2, True, "Lift the beam (complementary action)")  # fmt: skip


def _fields(command) -> dict:
    import msgspec

    return msgspec.structs.asdict(command)


@pytest.mark.parametrize(
    ("miles", "unit", "seconds", "said"),
    [
        (6, "miles", 2 * 3600, "6 miles on foot on the road"),
        (45, "miles", 2 * 86400 + 2 * 3600, "45 miles on foot on the road"),
        (12, "miles rough", 86400, "12 miles on foot over rough ground"),
        (5, "miles rough", 3 * 3600, "5 miles on foot over rough ground"),
    ],
)
def test_r_move_1_travel_on_foot_moves_the_clock_by_the_pace_of_the_ground(
    miles, unit, seconds, said
):
    """Seed 003: 3 miles an hour and 20 a day on foot; 2 an hour and 12 a day on rough
    ground (a part of an hour counts whole)."""
    from strange_tui.campaign.commands.table.clock import PassTime
    from strange_tui.campaign.model.state import Campaign

    store = Store(Campaign(name="Test"))
    (advanced,) = run(store, PassTime(amount=miles, unit=unit))
    assert (advanced.seconds, advanced.reason) == (seconds, said)
    assert advanced.new_day == (seconds >= 86400)


def contest_store() -> Store:
    from strange_tui.campaign.model.events import CharacterCreated
    from strange_tui.campaign.model.state import Campaign

    store = Store(Campaign(name="Test"))
    for who in ("mara", "jun"):
        store.dispatch(CharacterCreated(character=character(who)))
    return store


def test_r_task_2_pc_against_pc_the_higher_roll_wins_an_advantage_adds_3():
    """Seed 003: "Both PCs roll, highest roll succeeds. Advantages/Disadvantages: +/- 3 on
    die roll." Mara 10 + 3 beats Jun's 12; the odds say so before; the log tells it."""
    from strange_tui.campaign.commands.rolls.contest import Contest
    from strange_tui.campaign.narrate.log import command_sentence

    store = contest_store()
    even = preview(store.state, Contest(first="mara", second="jun"))
    assert even.p_first == pytest.approx(0.5)
    edge = Contest(first="mara", second="jun", label="arm wrestling", first_bonus=3)
    assert preview(store.state, edge).p_first > 0.6
    before = store.state.characters
    (rolled,) = run(store, msgspec_replace(edge, first_die=10, second_die=12))
    assert rolled.winner == "mara" and store.state.characters == before
    assert command_sentence(store.last_command, store.state.names()) == (
        "Mara and Jun contested arm wrestling: Mara 10 + 3 = 13, Jun 12: Mara won.")  # fmt: skip


@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        ({"first_die": 10, "second_die": 10}, "A tie at 10: both roll again"),
        ({"second": "mara"}, "between two characters"),
        ({"first_bonus": 2}, r"advantage is \+3 or -3"),
        ({"first_die": 10}, "Type both dice, or neither"),
    ],
)
def test_r_task_2_what_no_contest_can_be_is_refused(change, refusal):
    from strange_tui.campaign.commands.rolls.contest import Contest
    from strange_tui.rules.errors import RuleViolation

    command = msgspec_replace(Contest(first="mara", second="jun"), **change)
    with pytest.raises(RuleViolation, match=refusal):
        decide(contest_store().state, command)


def msgspec_replace(command, **changes):
    from msgspec.structs import replace

    return replace(command, **changes)


def test_r_adv_1_a_boon_is_an_other_option_the_sheet_carries():
    """Seed 003's other options (familiarity, a contact, a home, a title or job, wealth, an
    artifact): one of a tier's four steps, what it is on the sheet, in the log."""
    from strange_tui.campaign.commands.character.advancement import BuyAdvancement
    from strange_tui.campaign.model.events import CharacterCreated
    from strange_tui.campaign.model.state import Campaign
    from strange_tui.campaign.narrate.log import command_sentence
    from strange_tui.rules.errors import RuleViolation

    store = Store(Campaign(name="Test"))
    store.dispatch(CharacterCreated(character=character("mara", xp=8)))
    with pytest.raises(RuleViolation, match="Say what the contact is"):
        decide(store.state, BuyAdvancement(character="mara", step="contact"))
    command = BuyAdvancement(character="mara", step="contact", boon="Ilse, a fixer at the Estate")
    assert "The sheet gains Contact: Ilse, a fixer at the Estate" in preview(store.state,
                                                                            command).changes  # fmt: skip
    run(store, command)
    mara = store.state.characters["mara"]
    assert (mara.boons, mara.xp, mara.advancements) == (
        ("Contact: Ilse, a fixer at the Estate",), 4, ("contact",))  # fmt: skip
    assert command_sentence(store.last_command, store.state.names()) == (
        "Mara advanced: a contact: Ilse, a fixer at the Estate (4 XP).")  # fmt: skip
    with pytest.raises(RuleViolation, match="already took an other option"):
        decide(store.state, BuyAdvancement(character="mara", step="home", boon="a flat"))
