"""Hypothesis strategies for random play.

- ``proposals``: events of every kind proposed blindly; the rules refuse many of them.
- ``valid_event(state, rolls)``: an event of one of the kinds whose preconditions hold in
  ``state``, built so that the rules accept it (``rolls``: rolls made so far, to reroll).
- ``valid_command(state, rolls)``: one to four such events, each valid after the ones
  before it: what one command may make.
- ``random_play(data, store)``: a game played in ``store`` with ``st.data()``: valid
  commands (which the store must accept), blind proposals, undo and redo; it counts, by
  kind, the events that the store accepted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, get_args

from hypothesis import strategies as st
from msgspec.structs import replace

from strange_tui.campaign.model.encounter import (
    MAX_ACTIONS,
    Combatant,
    action_spent,
    actions_allowed,
)
from strange_tui.campaign.model.events import (
    AbilityUsed,
    ActionGranted,
    ActionTaken,
    AdvancementBought,
    AdvancementStep,
    AnyEvent,
    ArmorChanged,
    ArtifactDropped,
    ArtifactGained,
    ArtifactUsed,
    ChallengeEnded,
    ChallengeStarted,
    CharacterCreated,
    ChaseEnded,
    ChaseRolled,
    ChaseStarted,
    ClockAdvanced,
    CombatEnded,
    CombatStarted,
    ConditionAdded,
    ConditionRemoved,
    ContestRolled,
    CraftingAttempted,
    CypherGained,
    CypherUsed,
    DamageTaken,
    DifficultyRevealed,
    Drawn,
    Healed,
    HunterCreated,
    HunterDamaged,
    HunterRolled,
    HunterStabilised,
    HunterWorsened,
    IdentifyAttempted,
    InitiativeCast,
    InitiativeRolled,
    IntrusionAccepted,
    IntrusionRefused,
    LastingMended,
    Listed,
    MovedInFight,
    NotesEdited,
    NpcFled,
    NpcHealthChanged,
    NpcsAdded,
    OracleAsked,
    OrderChanged,
    PointsSpent,
    PromptClosed,
    PromptRaised,
    RecoveryDieShown,
    RecoveryDieTakenBack,
    RecoveryRolled,
    RollMade,
    RollRerolled,
    SceneEnded,
    SceneStarted,
    SceneWritten,
    SettingsChanged,
    StepTakenBack,
    TensionSet,
    TrackShifted,
    TraitsRead,
    TranslationMade,
    TurnAdvanced,
    Unlisted,
    WaitTriggered,
    WeaknessTaken,
    XpAwarded,
    XpSpent,
)
from strange_tui.campaign.model.events.character import BOONS
from strange_tui.campaign.model.folds import armor
from strange_tui.campaign.model.folds.advancement import step_problem
from strange_tui.campaign.model.folds.artifacts import MAX_ARTIFACTS_CARRIED
from strange_tui.campaign.model.folds.character import MAX_CYPHERS_CARRIED
from strange_tui.campaign.model.folds.hunters import worsening_kind
from strange_tui.campaign.model.folds.rolls import full_cost, make_reroll, make_roll
from strange_tui.campaign.model.folds.translation import HINDRANCES, recursion_of
from strange_tui.campaign.model.hunters import Challenge, DamageType, HunterWound, Vital
from strange_tui.campaign.model.prompts import PromptKind, ask_of, open_prompt
from strange_tui.campaign.model.reduce import reduce
from strange_tui.campaign.model.state import Artifact, Campaign, Character, Cypher, Settings
from strange_tui.campaign.model.story import StoryItem
from strange_tui.campaign.model.traits import Trait
from strange_tui.campaign.store import Store
from strange_tui.content.effects import ArmorBonus, DamageBonus, Timed
from strange_tui.rules import RuleViolation
from strange_tui.rules.chase import chase_outcome
from strange_tui.rules.combat import CONDITIONS, Condition
from strange_tui.rules.crafting import crafting_time, materials
from strange_tui.rules.cyphers import IDENTIFY_MINUTES, depleted, identify_difficulties
from strange_tui.rules.damage import apply_damage
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.oracle import LIKELIHOODS
from strange_tui.rules.pools import Pool, Stat
from strange_tui.rules.track import DamageTrack, can_act, can_move
from strange_tui.rules.translation import HOUR, MINUTE, ROUND
from tests.campaign.builders import challenge, character, hunter, npc

IDS = ("mara", "jun")
"""The PCs every Strange game starts with."""
NEWCOMERS = ("ana", "bo")
NPC_IDS = ("guard", "hound", "swarm")
PROMPT_KINDS: tuple[str, ...] = get_args(PromptKind)
HUNTER_IDS = ("ash", "bea")
CHALLENGE_IDS = ("door", "climb")
RECURSIONS = ("earth", "ardeyn", "ruk")
FOCI = ("Is Licensed to Carry", "Wields Two Weapons", "Shapes Matter")
SKILLS = ("Guns", "Lore", "Stealth")
ABILITIES = ("Onslaught", "Bash")
CYPHERS = ("Stim", "Key")
ARTIFACTS = ("Spinner", "Lens")
DEPLETIONS = ((1, 20), (2, 10), (1, 6), (1, 100), (0, 0), (1, 0))
"""R-ART-1: 1 in 1d20, 1-2 in 1d10, 1 in 1d6, 1 in 1d100, never, automatic."""
STEPS: tuple[str, ...] = get_args(AdvancementStep)
VITALS: tuple[str, ...] = get_args(Vital)
DAMAGE_TYPES: tuple[str, ...] = get_args(DamageType)
SPLITS = tuple(  # R-ADV-1: the ways to divide 4 points among the pools.
    {stat: n for stat, n in zip(Stat, (m, s, 4 - m - s), strict=True) if n}
    for m in range(5)
    for s in range(5 - m)
)
CONSEQUENCES = ("", "taxing", *HINDRANCES)

who = st.sampled_from(IDS)
stats = st.sampled_from(list(Stat))
settings = st.builds(
    Settings,
    allowed_foci=st.lists(st.sampled_from(FOCI), unique=True, max_size=2).map(tuple),
    starting_cyphers=st.integers(0, 3),
    theme_follows_recursion=st.booleans(),
    house_rules=st.lists(st.sampled_from(["gritty", "no intrusions"]), unique=True,
                         max_size=1).map(tuple),
)  # fmt: skip
conditions = st.builds(Condition, name=st.sampled_from(sorted(CONDITIONS)),
                       rounds=st.integers(0, 3))  # fmt: skip
WAITS = st.just(Condition(name="waiting", rounds=0, note="the door opens"))
npcs = st.builds(lambda id_, level, armor: npc(id_, level, armor=armor),
                 st.sampled_from(NPC_IDS), st.integers(1, 5), st.integers(0, 2))  # fmt: skip
blind_rolls = st.builds(RollMade, character=who, stat=stats, difficulty=st.integers(0, 10),
                        effort=st.integers(0, 1), assets=st.integers(0, 2),
                        die=st.none() | st.integers(1, 20), success=st.booleans(),
                        cost=st.integers(0, 4))  # fmt: skip

# What a player can type into notes: any text but control characters (line breaks and tabs
# are fine); the limits refuse the rest (tests/campaign/test_limits.py).
NOTES = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc",)) | st.sampled_from("\n\t"),
    max_size=40,
)


def tag(kind: type) -> str:
    """The ``kind`` an event class writes in the journal."""
    return kind.__struct_config__.tag


ALL_KINDS: tuple[type, ...] = get_args(AnyEvent)

WARD = Trait(name="Ward", effects=(ArmorBonus(value=1),))
FURY = Trait(name="Fury", action=True, cost=2, pool="might",
             effects=(Timed(minutes=1, effects=(DamageBonus(value=2, attacks="melee"),)),))


# Blind proposals, every kind; many are refused (unknown ids, no fight, wrong recorded
# results...), which is what the properties over them want too.
proposals = st.one_of(
    st.builds(SettingsChanged, settings=settings),
    st.builds(CharacterCreated, character=st.sampled_from(IDS + NEWCOMERS).map(character)),
    st.builds(DamageTaken, character=who, amount=st.integers(0, 15), stat=stats,
              armor=st.integers(0, 2), ambient=st.booleans()),
    st.builds(PointsSpent, character=who, stat=stats, amount=st.integers(0, 8)),
    st.builds(Healed, character=who, stat=stats, amount=st.integers(0, 8)),
    st.builds(TrackShifted, character=who, steps=st.integers(-1, 1)),
    st.builds(LastingMended, character=who, healed=st.dictionaries(stats, st.integers(0, 3))),
    blind_rolls,
    st.builds(RollRerolled, character=who, roll=blind_rolls, die=st.integers(1, 20),
              success=st.booleans(), refund=st.integers(0, 2)),
    st.builds(IntrusionAccepted, character=who, given_to=st.none() | who),
    st.builds(IntrusionRefused, character=who),
    st.builds(XpAwarded, character=who, amount=st.integers(1, 5)),
    st.builds(XpSpent, character=who, amount=st.integers(1, 3)),
    st.builds(AdvancementBought, character=who,
              step=st.sampled_from(["effort", "recovery", "armor", "edge"]),
              edge=st.none() | stats),
    st.builds(ArmorChanged, character=who, armor=st.sampled_from(["", *armor.CATEGORIES])),
    st.builds(AbilityUsed, character=who, ability=st.sampled_from(["Fury", "Ward"]),
              stat=st.none() | stats, cost=st.integers(0, 4)),
    st.builds(TraitsRead, character=who, traits=st.just((WARD,))),
    st.builds(ContestRolled, first=who, second=who, first_die=st.integers(1, 20),
              second_die=st.integers(1, 20), winner=who),
    st.builds(CypherGained, character=who,
              cypher=st.builds(Cypher, name=st.sampled_from(CYPHERS),
                               level=st.integers(1, 6), occultic=st.booleans())),
    st.builds(CypherUsed, character=who, index=st.integers(0, 2),
              name=st.sampled_from(CYPHERS)),
    st.builds(ArtifactGained, character=who,
              artifact=st.builds(Artifact, name=st.sampled_from(ARTIFACTS),
                                 level=st.integers(1, 6), identified=st.booleans())),
    st.builds(ArtifactUsed, character=who, index=st.integers(0, 2),
              name=st.sampled_from(ARTIFACTS), die=st.integers(0, 20), spent=st.booleans()),
    st.builds(RecoveryRolled, character=who, die=st.integers(1, 6), bonus=st.just(1),
              allocation=st.dictionaries(stats, st.integers(0, 4), max_size=2),
              track_step=st.booleans(), clock=st.sampled_from([0, 600, 3600])),
    st.builds(ClockAdvanced, seconds=st.integers(1, 90_000)),
    st.builds(NotesEdited, character=who, notes=st.text(max_size=40)),  # Blind: may be refused.
    st.builds(CombatStarted, pcs=st.lists(who, unique=True, min_size=1).map(tuple)),
    st.builds(NpcsAdded, npcs=st.lists(npcs, max_size=2, unique_by=lambda n: n.id).map(tuple)),
    st.builds(InitiativeRolled, pcs=st.permutations(IDS).map(tuple),
              dice=st.dictionaries(who, st.integers(1, 20)),
              succeeded=st.lists(who, unique=True).map(tuple)),
    st.builds(OrderChanged, order=st.permutations(("mara", "jun", "guard")).map(tuple)),
    st.just(TurnAdvanced()),
    st.builds(NpcHealthChanged,
              targets=st.lists(st.sampled_from(NPC_IDS), unique=True, min_size=1).map(tuple),
              amount=st.integers(-10, 5), ignore_armor=st.booleans()),
    st.builds(NpcFled, npc=st.sampled_from(NPC_IDS), name=st.just("Guard")),
    st.builds(ConditionAdded,
              targets=st.lists(st.sampled_from(IDS + NPC_IDS), unique=True,
                               min_size=1, max_size=2).map(tuple),
              condition=conditions),
    st.builds(ConditionRemoved, target=st.sampled_from(IDS + NPC_IDS),
              name=st.sampled_from(sorted(CONDITIONS))),
    st.builds(CombatEnded, rounds=st.integers(0, 5)),
    st.builds(InitiativeCast, character=who, die=st.integers(0, 20), app_rolled=st.booleans()),
    st.builds(PromptRaised, prompt=st.sampled_from(PROMPT_KINDS), character=who,
              npc=st.sampled_from(("", *NPC_IDS)), stat=stats,
              what=st.sampled_from(["", "the rope snaps"])),
    st.builds(PromptClosed, prompt=st.integers(1, 40), withdrawn=st.booleans()),
    st.builds(DifficultyRevealed, prompts=st.lists(st.integers(1, 40), min_size=1,
                                                  max_size=3).map(tuple)),
    st.builds(OracleAsked, question=st.sampled_from(["Is it locked?", ""]),
              likelihood=st.sampled_from(LIKELIHOODS), die=st.integers(1, 20)),
    st.builds(Drawn, table=st.sampled_from(["creature", "intrusion", "target"]),
              result=st.sampled_from(["AI Zombie", "Bad luck: the rope frays"]),
              dice=st.lists(st.integers(1, 20), max_size=3).map(tuple),
              character=st.sampled_from(("", *IDS))),
    st.builds(SceneWritten, text=st.sampled_from(["We reach the lighthouse.", ""])),
    st.builds(TensionSet, tension=st.integers(1, 9), was=st.integers(1, 9)),
    st.builds(SceneStarted, expected=st.just("The keeper lets us in."), die=st.integers(1, 20),
              tension=st.integers(1, 9)),
    st.builds(SceneEnded, went=st.sampled_from(["well", "mixed", "badly"])),
    st.builds(Listed, list=st.sampled_from(["threads", "people"]),
              item=st.builds(StoryItem, id=st.sampled_from(["keeper", "alys"]),
                             name=st.just("Alys"))),
    st.builds(Unlisted, list=st.sampled_from(["threads", "people"]),
              id=st.sampled_from(["keeper", "alys"])),
    st.builds(WaitTriggered, character=who, trigger=st.just("the door opens")),
    st.builds(MovedInFight, character=who, distance=st.sampled_from(["immediate", "long"]),
              difficult=st.booleans()),
    st.builds(ActionTaken, character=who),
    st.builds(ActionGranted, character=who, source=st.sampled_from(["", "Again and Again"])),
    st.builds(ChaseStarted, character=who, quarry=st.just("the courier"),
              level=st.integers(1, 4), flees=st.booleans()),
    st.builds(ChaseRolled, character=who, success=st.booleans(), successes=st.integers(0, 3),
              failures=st.integers(0, 3), needed=st.integers(1, 4)),
    st.builds(ChaseEnded, character=who, quarry=st.just("the courier"),
              outcome=st.sampled_from(["won", "lost", "abandoned"])),
    st.builds(CraftingAttempted, character=who, item=st.just("Bow"), level=st.integers(0, 9),
              success=st.booleans(), materials=st.just((3, 2, 1)),
              seconds=st.sampled_from([0, 3600, 86_400])),
    st.builds(TranslationMade, destination=st.sampled_from(RECURSIONS), initiator=who,
              helpers=st.lists(who, unique=True, max_size=1).map(tuple),
              die=st.none() | st.integers(1, 20), success=st.booleans(),
              arrived=st.booleans(), trance=st.sampled_from([600, 4 * HOUR]),
              acclimation=st.sampled_from([0, HOUR])),
    st.builds(HunterCreated, hunter=st.sampled_from(HUNTER_IDS).map(hunter)),
    st.builds(HunterRolled, hunter=st.sampled_from(HUNTER_IDS), cr=st.integers(1, 32),
              dice=st.lists(st.integers(1, 6), min_size=2, max_size=3).map(tuple),
              challenge=st.none() | st.sampled_from(CHALLENGE_IDS)),
    st.builds(HunterDamaged, hunter=st.sampled_from(HUNTER_IDS), vital=st.sampled_from(VITALS),
              kinds=st.lists(st.sampled_from(DAMAGE_TYPES), max_size=2).map(tuple)),
    st.builds(ChallengeStarted, challenge=st.sampled_from(CHALLENGE_IDS).map(challenge)),
    st.builds(ChallengeEnded, challenge=st.sampled_from(CHALLENGE_IDS)),
)  # fmt: skip


# Valid events: for each kind, when it can happen (``when(state, rolls)``) and how to build
# one the rules accept (``build(draw, state, rolls)``).

Rolls = Sequence[RollMade]
When = Callable[[Campaign, Rolls], bool]
Build = Callable[[Any, Campaign, Rolls], AnyEvent]
MAKERS: dict[type, tuple[When, Build]] = {}


def maker(kind: type, when: When) -> Callable[[Build], Build]:
    def register(build: Build) -> Build:
        MAKERS[kind] = (when, build)
        return build

    return register


def strange(state: Campaign) -> bool:
    return state.ruleset == "strange"


def hunting(state: Campaign) -> bool:
    return state.ruleset == "hunters"


def alive(who: Character) -> bool:
    return who.track is not DamageTrack.DEAD


def pcs(state: Campaign, test: Callable[[Character], bool] = lambda _: True) -> list[str]:
    return sorted(cid for cid, c in state.characters.items() if test(c))


def any_pc(test: Callable[[Character], bool] = lambda _: True) -> When:
    return lambda state, rolls: any(test(c) for c in state.characters.values())  # pcs(), unsorted


def pick(draw, state: Campaign, test: Callable[[Character], bool] = lambda _: True) -> Character:
    return state.characters[chosen(draw, pcs(state, test))]


@cache
def _index(size: int) -> st.SearchStrategy[int]:
    return st.integers(0, size - 1)


def chosen(draw, elements: Sequence[Any]) -> Any:
    """``draw(st.sampled_from(elements))``, the same choice (one integer below the length,
    none for a single element) without a new strategy each time: building and validating a
    sampled_from per draw cost a tenth of the random games' CPU."""
    if len(elements) == 1:
        return elements[0]
    if not elements:
        return draw(st.sampled_from(elements))  # Hypothesis's own refusal.
    return elements[draw(_index(len(elements)))]


def luck(who: Character) -> int:
    return who.pools.luck.current if who.pools.luck is not None else 0


def free(taken, ids: Sequence[str]) -> list[str]:
    return [id_ for id_ in ids if id_ not in taken]


@maker(SettingsChanged, lambda state, rolls: True)
def _settings(draw, state, rolls):
    return SettingsChanged(settings=draw(settings))


@maker(CharacterCreated,
       lambda state, rolls: strange(state) and bool(free(state.characters, NEWCOMERS)))  # fmt: skip
def _created(draw, state, rolls):
    id_ = chosen(draw, free(state.characters, NEWCOMERS))
    new = character(id_, skills={"Guns": "trained", "Lore": "inability"})
    if draw(st.booleans()):  # The Lucky descriptor's pool (R-POOL-1).
        new = replace(new, pools=replace(new.pools, luck=Pool(current=3, maximum=3)))
    return CharacterCreated(character=new)


@maker(DamageTaken, any_pc())
def _damage(draw, state, rolls):
    pc = pick(draw, state)
    hit = DamageTaken(character=pc.id, amount=draw(st.integers(0, 15)), stat=draw(stats),
                      armor=chosen(draw, [0, pc.armor]), ambient=draw(st.booleans()),
                      source=chosen(draw, ["", "club"]),
                      lasting=chosen(draw, ["", "", "lasting", "permanent"]))  # fmt: skip
    if draw(st.booleans()):  # Older journals did not record where the points went.
        return hit
    landed = apply_damage(pc.pools, pc.track, hit.amount, stat=hit.stat, armor=hit.armor,
                          ambient=hit.ambient)  # fmt: skip
    return replace(hit, spill=dict(landed.applied))


@maker(PointsSpent, any_pc())
def _spent(draw, state, rolls):
    """Points for an action; or (R-CMB-6) the Might owed for hours in armor."""
    owed = armor.wear_costs(state)
    if owed and draw(st.booleans()):
        return chosen(draw, owed)
    pc = pick(draw, state)
    stat = draw(stats)
    here = pc.pools[stat].current
    amount = draw(st.integers(0, min(12, here + luck(pc))))
    from_luck = draw(st.integers(max(0, amount - here), min(luck(pc), amount)))
    return PointsSpent(character=pc.id, stat=stat, amount=amount, from_luck=from_luck)


@maker(Healed, any_pc(alive))
def _healed(draw, state, rolls):
    pc = pick(draw, state, alive)
    return Healed(character=pc.id, stat=draw(stats), amount=draw(st.integers(0, 8)))


def mending(who: Character) -> bool:
    return alive(who) and bool(who.scars.healing)


@maker(LastingMended, any_pc(mending))
def _mended(draw, state, rolls):
    pc = pick(draw, state, mending)
    stat, most = next((s, n) for s, n in pc.scars.lasting.items() if n)
    healed = {stat: draw(st.integers(0, most))}
    return LastingMended(character=pc.id, healed=healed, mending=draw(st.integers(0, 9999)))


@maker(TrackShifted, any_pc())
def _shifted(draw, state, rolls):
    pc = pick(draw, state)
    steps = draw(st.integers(-2 if alive(pc) else 0, 2))
    return TrackShifted(character=pc.id, steps=steps)


def can_roll(who: Character) -> bool:
    return can_act(who.track)


@maker(RollMade, any_pc(can_roll))
def _roll(draw, state, rolls):
    pc = pick(draw, state, can_roll)
    stat = draw(stats)
    effort = draw(st.integers(0, pc.effort))
    setup = RollMade(
        character=pc.id, stat=stat, difficulty=draw(st.integers(0, 10)),
        label=chosen(draw, ["", "climb"]),
        skill=chosen(draw, ["", "trained", "specialized"]),
        inability=draw(st.booleans()), assets=draw(st.integers(0, 2)), effort=effort,
        damage_effort=draw(st.integers(0, pc.effort - effort)),
        hindrances=draw(st.integers(0, 2)), bonus=draw(st.integers(-2, 2)),
        ability_cost=draw(st.integers(0, 3)), attack=draw(st.booleans()),
    )  # fmt: skip
    here = pc.pools[stat].current
    cost = full_cost(pc, setup)
    if cost > here + luck(pc):  # R-EFF-6: what the character cannot pay, they do not try.
        setup = replace(setup, effort=0, damage_effort=0, ability_cost=0)
        cost = full_cost(pc, setup)
    setup = replace(setup, from_luck=draw(st.integers(max(0, cost - here), min(luck(pc), cost))))
    return make_roll(pc, setup, PlayerDice([draw(st.integers(1, 20))]))


def rerollable(state: Campaign, rolls: Rolls) -> list[RollMade]:
    """R-XP-2: rolls with a die whose character is still here, alive, with 1 XP."""
    return [
        roll
        for roll in rolls
        if roll.die is not None
        and roll.character in state.characters
        and state.characters[roll.character].xp >= 1
        and alive(state.characters[roll.character])
    ]


@maker(RollRerolled, lambda state, rolls: bool(rerollable(state, rolls)))
def _reroll(draw, state, rolls):
    roll = chosen(draw, rerollable(state, rolls))
    die = draw(st.integers(1, 20))
    return make_reroll(state.characters[roll.character], roll, PlayerDice([die]))


@maker(IntrusionAccepted, any_pc())
def _accepted(draw, state, rolls):
    pc = pick(draw, state)
    others = [cid for cid in pcs(state) if cid != pc.id]
    given_to = chosen(draw, others) if others else None
    return IntrusionAccepted(character=pc.id, given_to=given_to)


def has_xp(who: Character) -> bool:
    return who.xp >= 1


@maker(IntrusionRefused, any_pc(has_xp))
def _refused(draw, state, rolls):
    return IntrusionRefused(character=pick(draw, state, has_xp).id)


def can_take_weakness(who: Character) -> bool:
    pools = [who.pools[stat] for stat in Stat]
    return not any(pool.weakness for pool in pools) and any(not pool.edge for pool in pools)


@maker(WeaknessTaken, any_pc(can_take_weakness))
def _weakness(draw, state, rolls):
    pc = pick(draw, state, can_take_weakness)
    weak = chosen(draw, [stat for stat in Stat if not pc.pools[stat].edge])
    edge = chosen(draw, [stat for stat in Stat if stat != weak])
    return WeaknessTaken(character=pc.id, weak=weak, edge=edge)


@maker(XpAwarded, any_pc())
def _awarded(draw, state, rolls):
    return XpAwarded(character=pick(draw, state).id, amount=draw(st.integers(1, 6)))


@maker(XpSpent, any_pc(has_xp))
def _xp_spent(draw, state, rolls):
    pc = pick(draw, state, has_xp)
    return XpSpent(character=pc.id, amount=draw(st.integers(1, min(5, pc.xp))))


def trainable(who: Character) -> list[str]:
    return [skill for skill in SKILLS if who.skills.get(skill) != "specialized"]


def steps_left(who: Character, settings: Settings | None = None) -> list[str]:
    """R-ADV-1: the steps the rules allow this tier (a skill step needs a skill to train)."""
    return [
        step
        for step in STEPS
        if not step_problem(who, step, settings or Settings())
        and (step != "skill" or trainable(who))
    ]


def can_advance(state: Campaign, rolls: Rolls = ()) -> bool:
    return bool(advancers(state))


def advancers(state: Campaign) -> list[str]:
    return pcs(state, lambda who: bool(steps_left(who, state.settings)))


@maker(AdvancementBought, can_advance)
def _advance(draw, state, rolls):
    pc = state.characters[chosen(draw, advancers(state))]
    step = chosen(draw, steps_left(pc, state.settings))
    event = AdvancementBought(character=pc.id, step=step)
    if step == "pools":
        event = replace(event, pools=chosen(draw, SPLITS))
    elif step == "edge":
        event = replace(event, edge=draw(stats))
    elif step == "skill":
        event = replace(event, skill=chosen(draw, trainable(pc)))
    elif step == "ability":
        event = replace(event, ability=chosen(draw, ABILITIES))
    elif step in BOONS:
        event = replace(event, boon=chosen(draw, ["Ilse at the Estate", "a flat"]))
    return event


def armor_choices(state: Campaign, who: Character) -> list[str]:
    """R-CMB-6: the armor ``who`` may change into now (none while Might is owed)."""
    fits = []
    for category in ("", *armor.CATEGORIES):
        try:
            armor.put_on(who, category, state.settings, state.clock.seconds)
        except RuleViolation:
            continue
        fits.append(category)
    return fits


def can_change_armor(state: Campaign, rolls: Rolls = ()) -> bool:
    return strange(state) and any(armor_choices(state, c) for c in state.characters.values())


@maker(ContestRolled, lambda state, rolls: len(pcs(state, lambda c: can_act(c.track))) >= 2)
def _contest(draw, state, rolls):
    first, second = draw(st.permutations(pcs(state, lambda c: can_act(c.track))))[:2]
    a = draw(st.integers(1, 20))
    b = chosen(draw, [n for n in range(1, 21) if n != a])
    return ContestRolled(first=first, second=second, first_die=a, second_die=b,
                         winner=first if a > b else second)  # fmt: skip


@maker(TraitsRead, any_pc(lambda c: not c.traits))
def _traits_read(draw, state, rolls):
    pc = pick(draw, state, lambda c: not c.traits)
    return TraitsRead(character=pc.id, traits=chosen(draw, [(WARD,), (WARD, FURY)]))


@maker(AbilityUsed, any_pc(lambda c: bool(c.traits) and can_act(c.track)))
def _ability_used(draw, state, rolls):
    pc = pick(draw, state, lambda c: bool(c.traits) and can_act(c.track))
    trait = chosen(draw, pc.traits)
    lasting = tuple(e for t in trait.effects if isinstance(t, Timed) for e in t.effects)
    affordable = pc.pools.might.current >= 1
    return AbilityUsed(
        character=pc.id,
        ability=trait.name,
        stat=Stat.MIGHT if affordable else None,
        cost=1 if affordable else 0,
        effects=lasting,
        lasts=60 if lasting else 0,
    )


@maker(ArmorChanged, can_change_armor)
def _armor(draw, state, rolls):
    pc = chosen(draw, [c for c in state.characters.values() if armor_choices(state, c)])
    return ArmorChanged(character=pc.id, armor=chosen(draw, armor_choices(state, pc)))


@maker(CypherGained, any_pc(lambda c: len(c.cyphers) < MAX_CYPHERS_CARRIED))
def _gained(draw, state, rolls):
    pc = pick(draw, state, lambda c: len(c.cyphers) < MAX_CYPHERS_CARRIED)
    cypher = Cypher(name=chosen(draw, CYPHERS), level=draw(st.integers(1, 6)),
                    occultic=draw(st.booleans()), identified=draw(st.booleans()))  # fmt: skip
    return CypherGained(character=pc.id, cypher=cypher)


@maker(CypherUsed, any_pc(lambda c: bool(c.cyphers)))
def _used(draw, state, rolls):
    pc = pick(draw, state, lambda c: bool(c.cyphers))
    index = draw(st.integers(0, len(pc.cyphers) - 1))
    known = pc.cyphers[index].identified  # R-ART-1: an unidentified one is discarded, not used.
    return CypherUsed(character=pc.id, index=index, name=pc.cyphers[index].name,
                      discarded=not known or draw(st.booleans()))  # fmt: skip


@maker(ArtifactGained, any_pc(lambda c: len(c.artifacts) < MAX_ARTIFACTS_CARRIED))
def _artifact_gained(draw, state, rolls):
    pc = pick(draw, state, lambda c: len(c.artifacts) < MAX_ARTIFACTS_CARRIED)
    depletion_in, die = chosen(draw, DEPLETIONS)
    artifact = Artifact(name=chosen(draw, ARTIFACTS), level=draw(st.integers(1, 6)),
                        depletion_in=depletion_in, depletion_die=die,
                        identified=draw(st.booleans()))  # fmt: skip
    return ArtifactGained(character=pc.id, artifact=artifact)


def unknown_items(who: Character) -> list[tuple[str, int]]:
    """R-ART-1: (kind, index) of each cypher and artifact not yet identified."""
    return [("cypher", i) for i, c in enumerate(who.cyphers) if not c.identified] + [
        ("artifact", i) for i, a in enumerate(who.artifacts) if not a.identified
    ]


@maker(IdentifyAttempted, any_pc(lambda c: bool(unknown_items(c))))
def _identified(draw, state, rolls):
    """R-ART-1: the study's difficulty and minutes are the rule's."""
    pc = pick(draw, state, lambda c: bool(unknown_items(c)))
    item, index = chosen(draw, unknown_items(pc))
    held = pc.cyphers[index] if item == "cypher" else pc.artifacts[index]
    least, most = IDENTIFY_MINUTES[item]
    return IdentifyAttempted(
        character=pc.id, item=item, index=index, name=held.name,
        difficulty=chosen(draw, identify_difficulties(item, held.level)),
        success=draw(st.booleans()), seconds=60 * draw(st.integers(least, most)),
    )  # fmt: skip


def working(who: Character) -> list[int]:
    return [i for i, a in enumerate(who.artifacts) if not a.spent]


@maker(ArtifactUsed, any_pc(lambda c: bool(working(c))))
def _artifact_used(draw, state, rolls):
    """R-ART-1: a use that worked rolled its depletion die (when it has one)."""
    pc = pick(draw, state, lambda c: bool(working(c)))
    index = chosen(draw, working(pc))
    artifact = pc.artifacts[index]
    if not draw(st.integers(0, 3)):
        return ArtifactUsed(character=pc.id, index=index, name=artifact.name, worked=False)
    sides = artifact.depletion_die
    face = draw(st.integers(1, sides)) if sides else 0
    return ArtifactUsed(character=pc.id, index=index, name=artifact.name, die=face,
                        spent=depleted(face, artifact.depletion_in, sides),
                        app_rolled=draw(st.booleans()))  # fmt: skip


@maker(ArtifactDropped, any_pc(lambda c: bool(c.artifacts)))
def _artifact_dropped(draw, state, rolls):
    pc = pick(draw, state, lambda c: bool(c.artifacts))
    index = draw(st.integers(0, len(pc.artifacts) - 1))
    return ArtifactDropped(character=pc.id, index=index, name=pc.artifacts[index].name)


@maker(RecoveryRolled, any_pc(alive))
def _recovery(draw, state, rolls):
    """R-REC-1..3: d6 + the character's bonus, divided, or a step up the track."""
    pc = pick(draw, state, alive)
    bonus = pc.tier + pc.recovery_bonus
    # R-REC-1: the die shown for the rest, when one waits (a die shown is a die kept).
    die = pc.recovery_die if pc.recovery_die is not None else draw(st.integers(1, 6))
    step = pc.track is not DamageTrack.HALE and not pc.pools.zero_stats()
    track_step = step and draw(st.booleans())
    allocation = {}
    left = die + bonus
    for stat in Stat:
        points = 0 if track_step else draw(st.integers(0, left))
        if points:
            allocation[stat] = points
            left -= points
    rest = chosen(draw, [0, ROUND, 10 * MINUTE, HOUR, 10 * HOUR])
    return RecoveryRolled(character=pc.id, die=die, bonus=bonus, allocation=allocation,
                          track_step=track_step, clock=rest)  # fmt: skip


@maker(RecoveryDieShown, any_pc(lambda c: alive(c) and c.recovery_die is None))
def _recovery_die_shown(draw, state, rolls):
    """R-REC-1: the d6 of a PC's next rest, shown (the app's or typed) and kept."""
    pc = pick(draw, state, lambda c: alive(c) and c.recovery_die is None)
    return RecoveryDieShown(character=pc.id, die=draw(st.integers(1, 6)),
                            app_rolled=draw(st.booleans()))  # fmt: skip


@maker(RecoveryDieTakenBack, any_pc(lambda c: c.recovery_die is not None))
def _recovery_die_taken_back(draw, state, rolls):
    """The GM takes back a recovery die shown."""
    pc = pick(draw, state, lambda c: c.recovery_die is not None)
    return RecoveryDieTakenBack(character=pc.id, die=pc.recovery_die)


@maker(ClockAdvanced, lambda state, rolls: True)
def _clock(draw, state, rolls):
    """R-REC-2: a night may pass (a new day of recovery rolls); R-HUN-8: often whole
    minutes, in which the disabled worsen."""
    seconds = draw(st.sampled_from([60, 600]) | st.integers(1, 90_000))
    return ClockAdvanced(seconds=seconds, new_day=draw(st.booleans()))


@maker(NotesEdited, any_pc())
def _notes(draw, state, rolls):
    return NotesEdited(character=pick(draw, state).id, notes=draw(NOTES))


def no_fight(state: Campaign, rolls: Rolls = ()) -> bool:
    return strange(state) and state.encounter is None and bool(state.characters)


def in_fight(state: Campaign, rolls: Rolls = ()) -> bool:
    return state.encounter is not None


def standing_npcs(state: Campaign) -> list[Combatant]:
    return [c for c in state.encounter.npcs() if not c.defeated] if in_fight(state) else []


@maker(CombatStarted, no_fight)
def _started(draw, state, rolls):
    fighters = draw(st.lists(st.sampled_from(pcs(state)), unique=True, min_size=1))
    return CombatStarted(pcs=tuple(fighters))


def npc_room(state: Campaign, rolls: Rolls = ()) -> bool:
    return in_fight(state) and bool(free(state.encounter.combatants, NPC_IDS))


@maker(NpcsAdded, npc_room)
def _npcs(draw, state, rolls):
    ids = draw(st.lists(st.sampled_from(free(state.encounter.combatants, NPC_IDS)),
                        unique=True, min_size=1, max_size=2))  # fmt: skip
    added = tuple(
        npc(id_, draw(st.integers(1, 5)), armor=draw(st.integers(0, 2)), boss=draw(st.booleans()))
        for id_ in ids
    )
    return NpcsAdded(npcs=added)


@maker(InitiativeRolled, lambda state, rolls: bool(standing_npcs(state)))
def _initiative(draw, state, rolls):
    """R-CMB-1: each PC's Speed roll against the highest NPC level; the players' order.
    R-DMG-4: a debilitated or dead PC makes no roll."""
    fighters = draw(st.permutations([c.id for c in state.encounter.combatants.values() if c.pc]))
    target = 3 * max(c.level for c in standing_npcs(state))
    dice = {
        pc: draw(st.integers(1, 20)) for pc in fighters if can_act(state.characters[pc].track)
    }
    won = tuple(pc for pc in fighters if pc in dice and dice[pc] >= target)
    return InitiativeRolled(pcs=tuple(fighters), dice=dice, succeeded=won)


@maker(OrderChanged, in_fight)
def _order(draw, state, rolls):
    return OrderChanged(order=tuple(draw(st.permutations(state.encounter.order))))


@maker(TurnAdvanced, lambda state, rolls: in_fight(state) and state.encounter.round >= 1)
def _turn(draw, state, rolls):
    return TurnAdvanced()


def spent_turn(state: Campaign, who: str) -> bool:
    """R-CMB-8: ``who`` is the PC whose turn it is, with the turn's actions spent."""
    return in_fight(state) and action_spent(state.encounter, who) is not None


def free_move_left(state: Campaign) -> bool:
    """R-CMB-8: an immediate move still goes with one of the turn's actions."""
    return state.encounter.moved < actions_allowed(state.encounter)


def movers(state: Campaign, rolls: Rolls = ()) -> list[str]:
    """R-MOVE-2: the PCs of a fight who may move: not held; R-DMG-4: not dead, and a
    debilitated one only with Speed left; R-CMB-8: the PC whose turn it is, with the
    turn's actions spent, only while a free immediate move is left."""
    if not in_fight(state):
        return []
    return sorted(c.id for c in state.encounter.combatants.values()
                  if c.pc and not any(k.name == "held" for k in c.conditions)
                  and can_move(state.characters[c.id].track,
                               state.characters[c.id].pools.speed.current)
                  and (not spent_turn(state, c.id) or free_move_left(state)))  # fmt: skip


@maker(MovedInFight, lambda state, rolls: bool(movers(state)))
def _moved(draw, state, rolls):
    who = state.characters[chosen(draw, movers(state))]
    if spent_turn(state, who.id):  # R-CMB-8: only the immediate move that comes free.
        return MovedInFight(character=who.id, distance="immediate", difficult=False,
                            stumbled=draw(st.booleans()))  # fmt: skip
    far = ["immediate", "short", "long"] if can_act(who.track) else ["immediate"]
    return MovedInFight(character=who.id, distance=chosen(draw, far),
                        difficult=draw(st.booleans()), stumbled=draw(st.booleans()))  # fmt: skip


def waiting(state: Campaign, rolls: Rolls = ()) -> list[str]:
    """R-ACT-1: the PCs of a fight past initiative who wait for a trigger and can act."""
    if not in_fight(state) or not state.encounter.round:
        return []
    return sorted(c.id for c in state.encounter.combatants.values()
                  if c.pc and any(k.name == "waiting" for k in c.conditions)
                  and state.characters[c.id].track is not DamageTrack.DEAD)  # fmt: skip


def turn_pc(state: Campaign, rolls: Rolls = ()) -> list[str]:
    """R-CMB-8: the PC whose turn it is in a fight, if any."""
    active = state.encounter.active if in_fight(state) else None
    return [active.id] if active is not None and active.pc else []


def turn_pc_to_act(state: Campaign, rolls: Rolls = ()) -> list[str]:
    """R-CMB-8: the PC whose turn it is, while an action of the turn is left."""
    return [who for who in turn_pc(state) if not spent_turn(state, who)]


def turn_pc_to_grant(state: Campaign, rolls: Rolls = ()) -> list[str]:
    """R-CMB-8: the PC whose turn it is, while the turn may be granted another action."""
    return [who for who in turn_pc(state) if actions_allowed(state.encounter) < MAX_ACTIONS]


@maker(ActionTaken, turn_pc_to_act)
def _action_taken(draw, state, rolls):
    return ActionTaken(character=turn_pc(state)[0])


@maker(ActionGranted, turn_pc_to_grant)
def _action_granted(draw, state, rolls):
    return ActionGranted(character=turn_pc(state)[0], source=chosen(draw, ["", "Seize it"]))


@maker(WaitTriggered, lambda state, rolls: bool(waiting(state)))
def _wait_triggered(draw, state, rolls):
    return WaitTriggered(character=chosen(draw, waiting(state)), trigger="the door opens")


@maker(NpcHealthChanged, lambda state, rolls: in_fight(state) and bool(state.encounter.npcs()))
def _npc_health(draw, state, rolls):
    ids = [c.id for c in state.encounter.npcs()]
    targets = draw(st.lists(st.sampled_from(ids), unique=True, min_size=1))
    return NpcHealthChanged(targets=tuple(targets), amount=draw(st.integers(-12, 6)),
                            ignore_armor=draw(st.booleans()))  # fmt: skip


def fleeing(state: Campaign, rolls: Rolls = ()) -> list[str]:
    """R-NPC-3: the NPCs that may leave the fight: any but the one whose turn it is."""
    if not in_fight(state):
        return []
    active = state.encounter.active
    return sorted(c.id for c in state.encounter.npcs() if active is None or c.id != active.id)


@maker(NpcFled, lambda state, rolls: bool(fleeing(state)))
def _fled(draw, state, rolls):
    npc = chosen(draw, fleeing(state))
    return NpcFled(npc=npc, name=state.encounter.combatants[npc].name)


@maker(ConditionAdded, in_fight)
def _condition(draw, state, rolls):
    ids = sorted(state.encounter.combatants)
    targets = draw(st.lists(st.sampled_from(ids), unique=True, min_size=1, max_size=2))
    return ConditionAdded(targets=tuple(targets), condition=draw(conditions))


def conditions_on(state: Campaign) -> list[tuple[str, str]]:
    if not in_fight(state):
        return []
    return [
        (c.id, condition.name)
        for c in state.encounter.combatants.values()
        for condition in c.conditions
    ]


@maker(ConditionRemoved, lambda state, rolls: bool(conditions_on(state)))
def _uncondition(draw, state, rolls):
    target, name = chosen(draw, conditions_on(state))
    return ConditionRemoved(target=target, name=name)


@maker(CombatEnded, in_fight)
def _ended(draw, state, rolls):
    fight = state.encounter
    return CombatEnded(rounds=fight.round, dealt=fight.dealt, taken=fight.taken,
                       intrusions=fight.intrusions)  # fmt: skip


def before_initiative(state: Campaign) -> bool:
    return in_fight(state) and not state.encounter.round


def casters(state: Campaign) -> list[str]:
    """R-CMB-1: the PCs in a fight not yet in order who may still roll initiative at their
    seats (R-DMG-4: not one who cannot act)."""
    if not before_initiative(state):
        return []
    fight = state.encounter
    return sorted(c.id for c in fight.combatants.values()
                  if c.pc and c.id not in fight.cast and can_act(state.characters[c.id].track))


@maker(InitiativeCast, lambda state, rolls: bool(casters(state)))
def _cast(draw, state, rolls):
    """A die cast at a seat (0: no roll was needed), the player's or the app's."""
    return InitiativeCast(character=chosen(draw, casters(state)),
                          die=draw(st.integers(0, 20)), app_rolled=draw(st.booleans()))


def askable(state: Campaign) -> list[tuple[str, str, str]]:
    """(kind, PC, NPC) of each question the table may put to a seat now and has not: an
    intrusion to any PC; in a fight, before the order is set, initiative to each PC who
    has not rolled it, and on an NPC's turn its attack on a PC (R-CMB-3: a defense; the
    rules take one against any NPC there, the GM asks on the NPC's turn)."""
    if not strange(state):
        return []
    # A roll first (hypothesis favours the first choices): only a roll's difficulty can be
    # kept, and its reveal (R-TASK-8) waits on that.
    found = [(kind, pc, "") for pc in pcs(state) for kind in ("roll", "intrusion")]
    if in_fight(state):
        fight = state.encounter
        fighters = sorted(c.id for c in fight.combatants.values() if c.pc)
        if not fight.round:
            found += [("initiative", pc, "") for pc in fighters if pc not in fight.cast]
        elif fight.active is not None and not fight.active.pc:
            found += [("defense", pc, fight.active.id) for pc in fighters]
    return [(kind, pc, npc) for kind, pc, npc in found
            if not open_prompt(state.prompts, kind, pc, npc)]  # fmt: skip


@maker(PromptRaised, lambda state, rolls: bool(askable(state)))
def _asked(draw, state, rolls):
    kind, pc, npc_id = chosen(draw, askable(state))
    if kind == "roll":  # R-TASK-8: the GM's difficulty, shown or kept.
        return PromptRaised(prompt=kind, character=pc, stat=draw(stats), label="climb",
                            difficulty=draw(st.integers(0, 10)), secret=draw(st.booleans()))
    return PromptRaised(prompt=kind, character=pc, npc=npc_id, stat=draw(stats),
                        what=chosen(draw, ["", "the rope snaps"]) if npc_id == "" else "")


def kept_asks(state: Campaign) -> list[tuple[int, ...]]:
    """The open questions of each ask whose difficulty the GM keeps (R-TASK-8)."""
    asks: dict[int, list[int]] = {}
    for p in state.prompts:
        if p.kind == "roll" and p.secret:
            asks.setdefault(ask_of(p), []).append(p.id)
    return [tuple(ids) for _, ids in sorted(asks.items())]


@maker(DifficultyRevealed, lambda state, rolls: bool(kept_asks(state)))
def _revealed(draw, state, rolls):
    """R-TASK-8: the GM reveals a kept difficulty before every seat asked has rolled."""
    return DifficultyRevealed(prompts=chosen(draw, kept_asks(state)), label="climb")


@maker(PromptClosed, lambda state, rolls: bool(state.prompts))
def _closed(draw, state, rolls):
    """Answered, or (``withdrawn``) taken back by the GM."""
    prompt = chosen(draw, state.prompts)
    return PromptClosed(prompt=prompt.id, withdrawn=draw(st.booleans()))


@maker(OracleAsked, lambda state, rolls: True)
def _oracle(draw, state, rolls):
    return OracleAsked(question="Is the door guarded?", likelihood=chosen(draw, LIKELIHOODS),
                       die=draw(st.integers(1, 20)), app_rolled=draw(st.booleans()))


@maker(Drawn, lambda state, rolls: True)
def _drawn(draw, state, rolls):
    """A draw from a table; one about a character names one of the party."""
    character = chosen(draw, ("", *sorted(state.characters)))
    return Drawn(table=chosen(draw, ["creature", "cypher", "intrusion", "scene"]),
                 result="AI Zombie", level=draw(st.integers(0, 6)),
                 dice=tuple(draw(st.lists(st.integers(1, 20), max_size=3))), character=character)


@maker(SceneWritten, lambda state, rolls: True)
def _scene(draw, state, rolls):
    return SceneWritten(text=chosen(draw, ["We reach the lighthouse at dusk.", ""]))


@maker(TensionSet, lambda state, rolls: True)
def _tension(draw, state, rolls):
    """R-TEN-1: set by the player, or moved a step by play."""
    return TensionSet(tension=draw(st.integers(1, 9)), was=state.story.tension,
                      why=chosen(draw, ["", "a natural 1"]))


@maker(SceneStarted, lambda state, rolls: True)
def _scene_started(draw, state, rolls):
    return SceneStarted(expected="The keeper lets us in.", die=draw(st.integers(1, 20)),
                        tension=state.story.tension, app_rolled=draw(st.booleans()))


@maker(SceneEnded, lambda state, rolls: bool(state.story.scene))
def _scene_ended(draw, state, rolls):
    return SceneEnded(went=chosen(draw, ["well", "mixed", "badly"]))


STORY_NAMES = ("keeper", "alys", "the-lamp")


@maker(Listed, lambda state, rolls: True)
def _listed(draw, state, rolls):
    which = chosen(draw, ["threads", "people"])
    taken = {item.id for item in state.story.items(which)}
    # Past the three names, the first number not on the list (one taken off frees its own).
    another = next(f"another-{n}" for n in range(len(taken) + 1) if f"another-{n}" not in taken)
    free = [name for name in STORY_NAMES if name not in taken] or [another]
    name = chosen(draw, free)
    return Listed(list=which, item=StoryItem(id=name, name=name.title()))


@maker(Unlisted, lambda state, rolls: bool(state.story.threads or state.story.people))
def _unlisted(draw, state, rolls):
    which = "threads" if state.story.threads else "people"
    return Unlisted(list=which, id=chosen(draw, state.story.items(which)).id)


@maker(StepTakenBack, lambda state, rolls: False)
def _taken_back(draw, state, rolls):
    """The trace the GM's undo leaves of a die seen at a seat (it changes nothing). Alone it
    is no command (undo passes over it), so neither a blind proposal nor a command of its
    own: it follows a note of the story (FOLLOW_UPS)."""
    who = chosen(draw, (None, *sorted(state.characters)))
    return StepTakenBack(character=who, made_at=who, what="defense roll (die 9)",
                         step=draw(st.integers(0, state.seq)))


def chasing(state: Campaign, rolls: Rolls = ()) -> bool:
    """R-CHASE-1: a chase is under way and not yet decided by its rolls."""
    chase = state.chase
    return (chase is not None and not chase.outcome
            and not chase_outcome(chase.level, chase.successes, chase.failures))  # fmt: skip


def decided(state: Campaign, rolls: Rolls = ()) -> bool:
    """A chase is under way (its rolls may have decided it: only its end remains)."""
    return state.chase is not None and not state.chase.outcome


@maker(ChaseStarted, lambda state, rolls: no_fight(state) and not decided(state))
def _chase_started(draw, state, rolls):
    return ChaseStarted(character=chosen(draw, pcs(state)), quarry="the courier",
                        level=draw(st.integers(1, 4)), flees=draw(st.booleans()))  # fmt: skip


@maker(ChaseRolled, chasing)
def _chase_rolled(draw, state, rolls):
    chase, success = state.chase, draw(st.booleans())
    return ChaseRolled(character=chase.character, success=success,
                       successes=chase.successes + success,
                       failures=chase.failures + (not success), needed=chase.level)  # fmt: skip


@maker(ChaseEnded, decided)
def _chase_ended(draw, state, rolls):
    chase = state.chase
    outcome = chase_outcome(chase.level, chase.successes, chase.failures) or "abandoned"
    return ChaseEnded(character=chase.character, quarry=chase.quarry, outcome=outcome)


@maker(CraftingAttempted, no_fight)
def _crafted(draw, state, rolls):
    """R-CRAFT-1: its materials and time are the level's (many years: the clock stays)."""
    level = draw(st.integers(0, 9))
    return CraftingAttempted(character=chosen(draw, pcs(state)), item="Bow",
                             level=level, success=draw(st.booleans()),
                             materials=materials(level),
                             seconds=crafting_time(level).least or 0)  # fmt: skip


@maker(TranslationMade, no_fight)
def _translation(draw, state, rolls):
    """R-TR-1..9: one role each, all from one recursion (those who stayed behind may
    translate on their own); an interrupted trance fails; no arriving where one is."""
    origin = chosen(draw, sorted({recursion_of(state, pc) for pc in pcs(state)}))
    party = draw(st.permutations([pc for pc in pcs(state) if recursion_of(state, pc) == origin]))
    party = party[: draw(st.integers(1, len(party)))]
    roles: dict[str, list[str]] = {"hasteners": [], "easers": [], "helpers": []}
    for pc in party[1:]:
        roles[chosen(draw, sorted(roles))].append(pc)
    destination = chosen(draw, RECURSIONS)
    interrupted = draw(st.booleans())
    die = draw(st.none() | st.integers(1, 20))
    return TranslationMade(
        destination=destination, initiator=party[0],
        **{role: tuple(ids) for role, ids in roles.items()},
        likeness=draw(st.booleans()), difficulty=draw(st.integers(0, 40)), die=die,
        interrupted=interrupted, success=not interrupted and draw(st.booleans()),
        arrived=destination != origin and draw(st.booleans()),
        trance=chosen(draw, [10 * MINUTE, 2 * HOUR, 4 * HOUR]),
        acclimation=chosen(draw, [0, ROUND, 10 * MINUTE, HOUR]),
        eased_for=chosen(draw, [0, HOUR]),
        consequence=chosen(draw, CONSEQUENCES),
        foci=draw(st.dictionaries(st.sampled_from(party), st.sampled_from(FOCI), max_size=2)),
        place=chosen(draw, ["", "the harbour"]),
        leaving=chosen(draw, ["", "a back room"]),
    )  # fmt: skip


@maker(HunterCreated,
       lambda state, rolls: hunting(state) and bool(free(state.hunters, HUNTER_IDS)))  # fmt: skip
def _hunter(draw, state, rolls):
    """Bea is frail (1 in each vital) and joins with a wound taken a minute ago: disabled,
    she worsens until stabilised (R-HUN-8), and random play disables her often."""
    id_ = chosen(draw, free(state.hunters, HUNTER_IDS))
    if id_ != "bea":
        return HunterCreated(hunter=hunter(id_))
    wound = HunterWound(vital="health", kind="wounding", points=1,
                        at=max(0, state.clock.seconds - 60))  # fmt: skip
    return HunterCreated(hunter=hunter(id_, vitals=FRAIL, wounds=(wound,)))


FRAIL = {"health": 1, "resolve": 1, "lucidity": 1, "aura": 1}


def has_hunters(state: Campaign, rolls: Rolls = ()) -> bool:
    return hunting(state) and bool(state.hunters)


@maker(HunterRolled, has_hunters)
def _hunter_roll(draw, state, rolls):
    """R-HUN-1, R-HUN-6: 2d6 (3d6, 4d6 for the inhuman) + bonus, perhaps on a challenge."""
    against: Challenge | None = None
    if state.challenges and draw(st.booleans()):
        against = state.challenges[chosen(draw, sorted(state.challenges))]
    return HunterRolled(
        hunter=chosen(draw, sorted(state.hunters)),
        cr=against.cr if against else draw(st.integers(1, 32)),
        dice=tuple(draw(st.lists(st.integers(1, 6), min_size=2, max_size=4))),
        bonus=draw(st.integers(-3, 6)), challenge=against.id if against else None,
    )  # fmt: skip


def unspent_hits(state: Campaign) -> list[str]:
    """R-HUN-7: hunters whose latest roll hit and has not dealt its damage yet."""
    return sorted(h.id for h in state.hunters.values()
                  if h.last_roll and h.last_roll.degrees and not h.last_roll.used)  # fmt: skip


@maker(HunterDamaged, has_hunters)
def _hunter_damage(draw, state, rolls):
    """By hand, or (R-HUN-7) from an attacker's unspent hit: as many points as degrees."""
    target = chosen(draw, sorted(state.hunters))
    vital = chosen(draw, VITALS)
    if unspent_hits(state) and draw(st.booleans()):
        attacker = state.hunters[chosen(draw, unspent_hits(state))]
        last = attacker.last_roll
        return HunterDamaged(hunter=target, vital=vital, attacker=attacker.id, roll=last.seq,
                             kinds=tuple(draw(st.lists(st.sampled_from(DAMAGE_TYPES),
                                                       min_size=last.degrees,
                                                       max_size=last.degrees))))  # fmt: skip
    return HunterDamaged(
        hunter=target, vital=vital,
        kinds=tuple(draw(st.lists(st.sampled_from(DAMAGE_TYPES), min_size=1, max_size=3))),
    )  # fmt: skip


def worsening_now(state: Campaign) -> list[tuple[str, str, str, int]]:
    """R-HUN-8: (hunter, vital, type, minute) for each vital that worsens at the clock's
    last whole minute, after its latest damage."""
    minute = state.clock.seconds - state.clock.seconds % 60
    found = []
    for h in state.hunters.values():
        for vital in VITALS:
            latest = max((w.at for w in h.wounds if w.vital == vital), default=-1)
            kind = worsening_kind(h, vital, minute)
            if kind and minute > latest:
                found.append((h.id, vital, kind, minute))
    return found


@maker(HunterWorsened, lambda state, rolls: hunting(state) and bool(worsening_now(state)))
def _worsened(draw, state, rolls):
    hid, vital, kind, minute = chosen(draw, worsening_now(state))
    return HunterWorsened(hunter=hid, vital=vital, kinds=(kind,), times=(minute,))


def needs_stabilising(state: Campaign) -> list[tuple[str, str]]:
    """R-HUN-8: the disabled hunters' vitals that worsen now."""
    now = state.clock.seconds
    return [(h.id, v) for h in state.hunters.values() for v in VITALS
            if worsening_kind(h, v, now)]  # fmt: skip


@maker(HunterStabilised, lambda state, rolls: hunting(state) and bool(needs_stabilising(state)))
def _stabilised(draw, state, rolls):
    hid, vital = chosen(draw, needs_stabilising(state))
    return HunterStabilised(hunter=hid, vital=vital, by=chosen(draw, ["", "a medic"]))


def challenge_room(state: Campaign, rolls: Rolls = ()) -> bool:
    return hunting(state) and bool(free(state.challenges, CHALLENGE_IDS))


@maker(ChallengeStarted, challenge_room)
def _challenge(draw, state, rolls):
    id_ = chosen(draw, free(state.challenges, CHALLENGE_IDS))
    threshold = draw(st.integers(1, 30))
    return ChallengeStarted(challenge=challenge(
        id_, cr=draw(st.integers(1, 32)), threshold=threshold, remaining=threshold,
        multiplier=draw(st.integers(1, 3)), interval=chosen(draw, [0, ROUND, HOUR]),
    ))  # fmt: skip


@maker(ChallengeEnded, lambda state, rolls: hunting(state) and bool(state.challenges))
def _challenge_ended(draw, state, rolls):
    return ChallengeEnded(challenge=chosen(draw, sorted(state.challenges)))


# Hypothesis draws the first of a list more often than the others: the kinds that wait on
# others (a fight's turns wait on initiative, which waits on NPCs; a turn's action waits on
# a PC's turn, an NPC's flight on a fight with NPCs...) come first, so every kind is played
# often; the kinds that are always possible come last.
FIRST = (HunterWorsened, HunterStabilised, ConditionRemoved, NpcHealthChanged, TurnAdvanced,
         ActionGranted, ActionTaken, InitiativeRolled, NpcsAdded, NpcFled, ConditionAdded,
         RollRerolled, AdvancementBought, CypherUsed, ChallengeEnded, HunterRolled,
         InitiativeCast, PromptClosed, DifficultyRevealed)  # fmt: skip
LAST = (CombatEnded, PromptRaised, OracleAsked, Drawn, SceneWritten, StepTakenBack,
        CharacterCreated, ClockAdvanced, SettingsChanged)  # fmt: skip
ORDER = (*FIRST, *(k for k in ALL_KINDS if k not in FIRST + LAST), *LAST)


def possible_kinds(state: Campaign, rolls: Rolls = ()) -> list[type]:
    """The kinds of event that can happen in ``state``, the rarer first (see ORDER)."""
    return [kind for kind in ORDER if kind in MAKERS and MAKERS[kind][0](state, rolls)]


def wait_story(draw, state: Campaign, rolls: Rolls) -> list[AnyEvent]:
    """R-ACT-1: a PC of a fight past initiative waits for a trigger, and it comes: a short,
    rare moment that random play would seldom meet by chance, told after a turn passes."""
    fighters = [c.id for c in state.encounter.combatants.values()
                if c.pc and state.characters[c.id].track is not DamageTrack.DEAD]  # fmt: skip
    if not fighters:
        return []
    who = chosen(draw, fighters)
    wait = ConditionAdded(targets=(who,), condition=draw(WAITS))
    return [wait, WaitTriggered(character=who, trigger="the door opens")]


def reveal_story(draw, state: Campaign, rolls: Rolls) -> list[AnyEvent]:
    """R-TASK-8: a roll asked with its difficulty kept, revealed by the GM: random play
    would seldom choose the reveal while the ask is open."""
    return [_revealed(draw, state, rolls)] if kept_asks(state) else []


def fight_story(draw, state: Campaign, rolls: Rolls) -> list[AnyEvent]:
    """A fight just begun: foes join it; mostly initiative is rolled (R-CMB-1), at times
    after a seat cast its die, and the first turn is told (``turn_story``); else the fight
    waits for initiative. Random play seldom chains these by chance, and the kinds of a
    fight under way (a turn passing, its action, an NPC fleeing...) wait on them."""
    steps = chosen(draw, [(_npcs, _initiative), (_npcs, _cast, _initiative), (_npcs,)])
    events: list[AnyEvent] = []
    for make in steps:
        if make is _cast and not casters(state):
            continue
        event = make(draw, state, rolls)
        state = reduce(state, stamped(event, state))
        events.append(event)
    return events + (turn_story(draw, state, rolls) if state.encounter.round else [])


def turn_story(draw, state: Campaign, rolls: Rolls) -> list[AnyEvent]:
    """After a turn passes (or initiative gives the first): the PC whose turn it is acts
    (R-CMB-8: the turn's action, and at times one more that the GM or an ability grants),
    or a PC waits for a trigger that comes."""
    acting = turn_pc_to_act(state)
    if not acting or draw(st.integers(0, 2)) == 2:  # Hypothesis favours the first choices.
        return wait_story(draw, state, rolls)
    who = acting[0]
    if not turn_pc_to_grant(state):
        return [ActionTaken(character=who)]
    granted = ActionGranted(character=who, source=chosen(draw, ["", "Again and Again"]))
    return chosen(draw, [
        [ActionTaken(character=who), granted, ActionTaken(character=who)],
        [granted, ActionTaken(character=who)],
        [ActionTaken(character=who)],
    ])  # fmt: skip


FOLLOW_UPS: dict[type, Callable[[Any, Campaign, Rolls], list[AnyEvent]]] = {
    CombatStarted: fight_story,
    InitiativeRolled: turn_story,
    TurnAdvanced: turn_story,
    PromptRaised: reveal_story,
    SceneWritten: lambda draw, state, rolls: [_taken_back(draw, state, rolls)],
}
"""After an event of these kinds a command may go on with a short story (each event of it
valid after the one before)."""


def stamped(event: AnyEvent, state: Campaign, batch: int = 0) -> AnyEvent:
    """``event`` numbered and timed to follow ``state``, as the store stamps it."""
    return replace(event, seq=state.seq + 1, at=state.clock.seconds, batch=batch)


@st.composite
def valid_event(draw, state: Campaign, rolls: Rolls = ()) -> AnyEvent:
    """An event that the rules accept in ``state``, of any kind that can happen there."""
    kind = chosen(draw, possible_kinds(state, rolls))
    event = MAKERS[kind][1](draw, state, rolls)
    assert isinstance(event, kind)
    return event


@st.composite
def valid_command(draw, state: Campaign, rolls: Rolls = (), max_size: int = 4) -> list[AnyEvent]:
    """One to ``max_size`` events, each accepted after the ones before: a command's."""
    events: list[AnyEvent] = []
    rolls = list(rolls)
    for _ in range(draw(st.integers(1, max_size))):
        made = [draw(valid_event(state, rolls))]
        story = FOLLOW_UPS.get(type(made[0]))
        for event in made:
            event = stamped(event, state, events[0].seq if events else 0)
            try:
                state = reduce(state, event)
            except RuleViolation as refused:
                raise AssertionError(f"valid_event made a refused {event!r}: {refused}") from None
            events.append(event)
            if isinstance(event, RollMade):
                rolls.append(event)
            if story is not None and not draw(st.integers(0, 3)):
                made += story(draw, state, rolls)
            story = None
    return events


REFUSED = XpAwarded(character="nobody", amount=1)
"""An event every state refuses: nobody is a character."""

RULESETS = st.sampled_from(["strange", "strange", "strange", "hunters"])
MOVES = st.sampled_from(["command"] * 6 + ["single", "blind", "blind", "undo", "redo"])


def set_up(store: Store) -> Store:
    """The party a random game starts with: two PCs, or a hunter in a Hunters campaign."""
    if hunting(store.state):
        store.dispatch(HunterCreated(hunter=hunter("ash")))
    else:
        for id_ in IDS:
            store.dispatch(CharacterCreated(character=character(id_)))
    return store


def start_store(ruleset: str = "strange", log=None, **options: int) -> Store:
    """A store (memory log unless given one) with the party of ``set_up``."""
    return set_up(Store(Campaign(name="Test", ruleset=ruleset), log, **options))


def rolls_of(store: Store) -> list[RollMade]:
    return [event for event in store.journal() if isinstance(event, RollMade)]


class Play:
    """What a random game did: commands the store accepted, kinds accepted and refused."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.accepted: Counter[str] = Counter()
        self.refused: Counter[str] = Counter()
        self.commands: list[tuple[AnyEvent, ...]] = []

    def apply(self, events: Sequence[AnyEvent], *, valid: bool) -> bool:
        try:
            done = self.store.apply(events)
        except RuleViolation as refused:
            if valid:
                raise AssertionError(f"the store refused a valid {events!r}: {refused}") from None
            self.refused.update(tag(type(event)) for event in events)
            return False
        self.accepted.update(tag(type(event)) for event in done)
        self.commands.append(done)
        return True


def blind(store: Store, event: AnyEvent) -> AnyEvent:
    """A blind proposal, its roll (if it is one) filled in by the rules when they can."""
    if isinstance(event, RollMade) and event.character in store.state.characters:
        try:
            return make_roll(store.state.characters[event.character], event,
                             PlayerDice([event.die or 1]))  # fmt: skip
        except RuleViolation:
            pass
    return event


def random_play(data, store: Store, max_moves: int = 30) -> Play:
    """Play in ``store``: mostly valid commands (the store must accept them), some blind
    proposals (it may refuse them), undo and redo."""
    play = Play(store)
    for _ in range(data.draw(st.integers(0, max_moves), label="moves")):
        move = data.draw(MOVES, label="move")
        if move == "undo" and store.can_undo:
            store.undo()
        elif move == "redo" and store.can_redo:
            store.redo()
        elif move == "blind":
            play.apply([blind(store, data.draw(proposals, label="proposal"))], valid=False)
        elif move in ("command", "single"):
            size = 4 if move == "command" else 1
            command = data.draw(valid_command(store.state, rolls_of(store), size), label=move)
            play.apply(command, valid=True)
    return play
