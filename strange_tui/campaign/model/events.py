"""Events: past-tense facts, each tagged with its ``kind``, numbered, and stamped with the
in-game time. Dice values travel inside the events, so a replay never rolls again."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from collections.abc import Iterable, Sequence
from typing import Annotated, Literal

from msgspec import Meta, Struct, field

from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.hunters import Challenge, DamageType, Hunter, Vital
from strange_tui.campaign.model.prompts import PromptKind
from strange_tui.campaign.model.state import (
    ArmorCategory,
    Character,
    Cypher,
    FocusKit,
    Id,
    Name,
    Place,
    Points,
    Settings,
    Small,
    Text,
)
from strange_tui.rules.combat import Condition
from strange_tui.rules.oracle import Likelihood
from strange_tui.rules.pools import Stat

Die20 = Annotated[int, Meta(ge=1, le=20)]
Die6 = Annotated[int, Meta(ge=1, le=6)]
Seconds = Annotated[int, Meta(ge=0, le=10**9)]
Steps = Annotated[int, Meta(ge=-3, le=3)]


class Event(
    Struct,
    frozen=True,
    kw_only=True,
    omit_defaults=True,
    forbid_unknown_fields=True,
    tag_field="kind",
):
    """Base of every event: its number in the campaign, the in-game second it happened, and
    the command it belongs to."""

    seq: Annotated[int, Meta(ge=0)] = 0
    at: Annotated[int, Meta(ge=0, le=10**12)] = 0
    batch: Annotated[int, Meta(ge=0)] = 0
    """0 for the first (or only) event of a command; the seq of that first event for the
    others, so the journal, undo and the log treat a command's events as one."""
    origin: Annotated[str, Meta(max_length=200)] = ""
    """The window that made the command (on its first event): ``host:pid``."""
    seat: Annotated[str, Meta(max_length=200)] = ""
    """The player's seat that sent the command (on its first event; "" for the GM's): only
    that seat, or the GM's, may take it back."""


class SettingsChanged(Event, tag="settings_changed"):
    """The GM changed the campaign's settings (allowed foci, house rules...)."""

    settings: Settings


class CharacterCreated(Event, tag="character_created"):
    """A new character joined the party."""

    character: Character


class DamageTaken(Event, tag="damage_taken"):
    """A character took a hit (R-DMG-1..3): ``armor`` is the Armor that counted."""

    character: Id
    amount: Points
    stat: Stat = Stat.MIGHT
    armor: Small = 0
    ambient: bool = False
    source: Text = ""
    spill: dict[Stat, Points] | None = None
    """R-DMG-2: the points each pool took after Armor, as the rules split the hit (reduce
    checks it), so the log can say where the damage went; None in journals written before
    it was recorded."""


class PointsSpent(Event, tag="points_spent"):
    """A character paid points from a pool, some perhaps from Luck (R-EFF-6, R-POOL-1)."""

    character: Id
    stat: Stat
    amount: Points
    from_luck: Points = 0
    reason: Text = ""
    armor_hours: Small = 0
    """R-CMB-6: the points pay for this many hours of wearing armor unpracticed (Might,
    never more than the pool holds)."""


class Healed(Event, tag="healed"):
    """Points came back to a pool other than by a recovery roll (an ability, a cypher)."""

    character: Id
    stat: Stat
    amount: Points
    reason: Text = ""


class TrackShifted(Event, tag="track_shifted"):
    """An effect moved a character on the damage track directly (R-DMG-3): + is down."""

    character: Id
    steps: Steps
    reason: Text = ""


class RollMade(Event, tag="roll_made"):
    """A task was attempted, with its full breakdown and its natural die (none if automatic).

    ``success`` and ``cost`` are what the rules made of it; reduce checks them.
    """

    character: Id
    stat: Stat
    difficulty: Annotated[int, Meta(ge=0, le=10)]
    label: Text = ""
    skill: Literal["", "trained", "specialized"] = ""
    inability: bool = False
    assets: Annotated[int, Meta(ge=0, le=2)] = 0
    effort: Small = 0
    damage_effort: Small = 0
    hindrances: Small = 0
    bonus: Annotated[int, Meta(ge=-30, le=30)] = 0
    ability_cost: Points = 0
    from_luck: Points = 0
    attack: bool = False
    die: Die20 | None = None
    success: bool = False
    cost: Points = 0
    effect: Text = ""
    eased: Small = 0
    """Situational steps easing the task (R-TR-6: a focus task after a 19 or 20)."""
    app_rolled: bool = False
    """The app rolled the die (the player typed none): the log says so (R-TASK-6)."""
    circumstances: tuple[Text, ...] = ()
    """R-CIR-1, R-CIR-2: the circumstances' labels ('partial cover', 'dim light'); their
    steps are in ``hindrances`` and ``eased``."""
    support: Literal["", "task", "xp", "intrusion"] = ""
    """R-CIR-1: what let an attack through darkness, invisibility or dense mist."""
    target: Id | None = None
    """An attack's (first) foe: the fight remembers the round's attacks on it (R-CIR-3)."""
    ranged: bool = False
    """An attack with a ranged weapon (else melee)."""


class RollRerolled(Event, tag="roll_rerolled"):
    """R-XP-2: 1 XP rerolled ``roll`` (the roll as it was made); the better die stands.

    ``refund`` is what a natural 20 that now stands gives back (R-SPEC-4)."""

    character: Id
    roll: RollMade
    die: Die20
    success: bool = False
    refund: Points = 0
    app_rolled: bool = False
    """The app rolled the new die (the player typed none)."""


class WeaknessTaken(Event, tag="weakness_taken"):
    """R-WEAK-1: a weakness of 1 in ``weak`` (whose Edge is 0) for +1 Edge in ``edge``."""

    character: Id
    weak: Stat
    edge: Stat


class IntrusionAccepted(Event, tag="intrusion_accepted"):
    """R-XP-1: the GM intruded; the character takes 2 XP and gives 1 to ``given_to``."""

    character: Id
    given_to: Id | None = None
    what: Text = ""


class IntrusionRefused(Event, tag="intrusion_refused"):
    """R-XP-1: the player refused the intrusion, paying 1 XP."""

    character: Id
    what: Text = ""


class XpAwarded(Event, tag="xp_awarded"):
    """The GM awarded XP (discoveries, intrusions...)."""

    character: Id
    amount: Annotated[int, Meta(ge=1, le=100)]
    reason: Text = ""


class XpSpent(Event, tag="xp_spent"):
    """A player spent XP (R-XP-2: 1 XP rerolls a roll)."""

    character: Id
    amount: Annotated[int, Meta(ge=1, le=100)]
    reason: Text = ""


AdvancementStep = Literal["pools", "edge", "effort", "skill", "armor", "recovery", "ability"]


class AdvancementBought(Event, tag="advancement_bought"):
    """R-ADV-1: a character bought one of the tier's advancement steps for 4 XP."""

    character: Id
    step: AdvancementStep
    pools: dict[Stat, Annotated[int, Meta(ge=0, le=4)]] = field(default_factory=dict)
    edge: Stat | None = None
    skill: Name | None = None
    ability: Name | None = None
    tier_abilities: tuple[Name, ...] = ()
    """The abilities the new tier brings, when this step raises the tier: the type's
    chosen ones and the focus's."""
    improved_edge: Stat | None = None
    """The Edge (at 0) that Improved Edge raises to 1, when the new tier brings it."""


class ArmorChanged(Event, tag="armor_changed"):
    """R-CMB-6: a character put on armor of ``armor``'s category, or took it off ("")."""

    character: Id
    armor: ArmorCategory | Literal[""] = ""


class CypherGained(Event, tag="cypher_gained"):
    """A character picked up a cypher (R-CYP-1 may put them over the limit)."""

    character: Id
    cypher: Cypher


class CypherUsed(Event, tag="cypher_used"):
    """A character used (or discarded) the cypher at ``index`` on their sheet."""

    character: Id
    index: Annotated[int, Meta(ge=0, le=100)]
    name: Name
    discarded: bool = False


class RecoveryRolled(Event, tag="recovery_rolled"):
    """R-REC-1..3: a rest and its recovery roll; ``clock`` is how far the rest moved time."""

    character: Id
    die: Die6
    bonus: Small
    allocation: dict[Stat, Points] = field(default_factory=dict)
    track_step: bool = False
    clock: Seconds = 0


class ClockAdvanced(Event, tag="clock_advanced"):
    """In-game time passed."""

    seconds: Annotated[int, Meta(ge=1, le=10**9)]
    reason: Text = ""
    new_day: bool = False
    """R-REC-2: a night passed (the clock reached the next morning): each character's
    recovery rolls start again."""


class NotesEdited(Event, tag="notes_edited"):
    """A character's notes (background, reminders) were rewritten."""

    character: Id
    notes: Text


class OracleAsked(Event, tag="oracle_asked"):
    """R-ORC-1..3: a yes/no question put to the oracle (solo play), how likely the player
    judged it, and the d20 that answered (the answer follows from both)."""

    question: Text
    likelihood: Likelihood
    die: Die20
    app_rolled: bool = False


class Drawn(Event, tag="drawn"):
    """A random draw from the packs' tables (solo play, or a GM short of ideas): a creature,
    a cypher, a complication, a scene prompt, an intrusion, an NPC's target."""

    table: Annotated[str, Meta(max_length=40)]
    result: Text
    """What was drawn, as the log says it ("Ai Zombie", "Bad luck: the gun jams")."""
    level: Annotated[int, Meta(ge=0, le=10)] = 0
    dice: tuple[Annotated[int, Meta(ge=1, le=100)], ...] = ()
    """The dice rolled for it, in order (the table's die, a level's die...)."""
    character: Id = ""
    """The character it concerns, if any (an intrusion's, an NPC's target)."""


class SceneWritten(Event, tag="scene_written"):
    """A note of the story in the player's words, between the rolls (the log keeps it in
    its place, so a session reads as a story)."""

    text: Text


class CombatStarted(Event, tag="combat_started"):
    """A fight begins; the party's PCs join it."""

    pcs: tuple[Id, ...]


class NpcsAdded(Event, tag="npcs_added"):
    """NPCs (or a swarm) join the fight."""

    npcs: tuple[Combatant, ...]


class InitiativeRolled(Event, tag="initiative_rolled"):
    """R-CMB-1: each PC's Speed roll (its die, or none if automatic) and who succeeded;
    ``pcs`` is the order the players chose among themselves."""

    pcs: tuple[Id, ...]
    dice: dict[Id, Die20] = field(default_factory=dict)
    succeeded: tuple[Id, ...] = ()
    app_rolled: tuple[Id, ...] = ()
    """The PCs whose die the app rolled (they typed none): the log says so."""


class OrderChanged(Event, tag="order_changed"):
    """The players reordered the PCs; the combat keeps this order."""

    order: tuple[Id, ...]


class TurnAdvanced(Event, tag="turn_advanced"):
    """The next combatant acts; past the last, a new round (conditions tick down)."""


class WaitTriggered(Event, tag="wait_triggered"):
    """R-ACT-1: a waiting PC's trigger came: the turn under way ends and the PC acts now,
    keeping that place in the order (the wait is over)."""

    character: Id
    trigger: Annotated[str, Meta(max_length=120)] = ""


class NpcHealthChanged(Event, tag="npc_health_changed"):
    """NPCs hit (negative, before Armor) or healed (positive), one or several at once."""

    targets: tuple[Id, ...]
    amount: Annotated[int, Meta(ge=-1000, le=1000)]
    ignore_armor: bool = False
    source: Text = ""


class ConditionAdded(Event, tag="condition_added"):
    """R-CMB-4: a condition with its duration in rounds (0: the rest of the combat)."""

    targets: tuple[Id, ...]
    condition: Condition


class ConditionRemoved(Event, tag="condition_removed"):
    target: Id
    name: Name


class InitiativeCast(Event, tag="initiative_cast"):
    """R-CMB-1: a PC rolled initiative at their own seat (``die`` 0: no roll was needed);
    once every PC has, InitiativeRolled sets the order."""

    character: Id
    die: Annotated[int, Meta(ge=0, le=20)] = 0
    app_rolled: bool = False


class PromptRaised(Event, tag="prompt_raised"):
    """The table asks a player's seat for something: a defense roll against an NPC, an
    answer to a GM intrusion, an initiative roll. Its id is this event's seq."""

    prompt: PromptKind
    character: Id
    npc: Id = ""
    stat: Stat = Stat.SPEED
    what: Text = ""


class PromptClosed(Event, tag="prompt_closed"):
    """The prompt raised by event ``prompt`` was answered (or, ``withdrawn``, taken back by
    the GM)."""

    prompt: Annotated[int, Meta(ge=1)]
    withdrawn: bool = False


class CombatEnded(Event, tag="combat_ended"):
    """The fight is over; the summary stays in the log."""

    rounds: Points = 0
    dealt: Points = 0
    taken: Points = 0
    intrusions: Points = 0


class TranslationMade(Event, tag="translation_made"):
    """R-TR-1..9: a translation attempt, with its roles, dice, times and outcome.

    ``arrived`` says whether the participants ended in ``destination`` (a failure may
    still land them, with a consequence); ``foci`` are the foci taken on arrival."""

    destination: Name
    initiator: Id
    hasteners: tuple[Id, ...] = ()
    easers: tuple[Id, ...] = ()
    helpers: tuple[Id, ...] = ()
    likeness: bool = False
    difficulty: Annotated[int, Meta(ge=0, le=40)] = 0
    die: Die20 | None = None
    reroll: Die20 | None = None
    interrupted: bool = False
    success: bool = False
    arrived: bool = False
    trance: Seconds = 0
    acclimation: Seconds = 0
    eased_for: Seconds = 0
    consequence: Text = ""
    foci: dict[Id, Name] = field(default_factory=dict)
    kits: dict[Id, FocusKit] = field(default_factory=dict)
    """R-TR-8: what each participant's new focus gives them on arrival."""
    left: dict[Id, FocusKit] = field(default_factory=dict)
    """R-TR-8: what each participant's old focus takes with it (given back on return)."""
    place: Place = ""
    """R-TR-9: where they arrive (free text; '': the GM says later)."""
    leaving: Place = ""
    """R-TR-9: where they left their recursion from ('': as last noted)."""
    app_rolled: bool = False
    """The app rolled the die (or the paradox's reroll): the player typed none."""


class HunterCreated(Event, tag="hunter_created"):
    """A Hunters character joined."""

    hunter: Hunter


class HunterRolled(Event, tag="hunter_rolled"):
    """R-HUN-1, R-HUN-5, R-HUN-6: 2d6 (or more) + bonus against a CR; against a complex
    challenge, a success wears down its threshold."""

    hunter: Id
    cr: Annotated[int, Meta(ge=1, le=32)]
    dice: tuple[Annotated[int, Meta(ge=1, le=6)], ...]
    bonus: Annotated[int, Meta(ge=-50, le=50)] = 0
    label: Text = ""
    challenge: Id | None = None
    raised: bool = False
    """R-HUN-7: the attacker raised the damage type (the CR includes its +2)."""


class HunterDamaged(Event, tag="hunter_damaged"):
    """R-HUN-7: points of damage, one type each, to a vital statistic."""

    hunter: Id
    vital: Vital
    kinds: tuple[DamageType, ...]
    source: Text = ""
    attacker: Id | None = None
    """R-HUN-7: the hunter whose roll dealt it (its degrees, its raised type)."""
    roll: Annotated[int, Meta(ge=0)] = 0
    """The seq of that roll (0: damage entered by hand)."""


class HunterWorsened(Event, tag="hunter_worsened"):
    """R-HUN-8: disabled and not stabilised, the mildest point of ``vital`` (wounding or
    traumatic) worsened one type a minute: ``kinds`` are the types that worsened, at the
    in-game seconds ``times``."""

    hunter: Id
    vital: Vital
    kinds: tuple[DamageType, ...]
    times: tuple[Annotated[int, Meta(ge=0, le=10**12)], ...]


class HunterStabilised(Event, tag="hunter_stabilised"):
    """R-HUN-8: a professional stabilised a disabled hunter's ``vital``: it stops worsening
    (until it takes damage again)."""

    hunter: Id
    vital: Vital
    by: Text = ""


class ChallengeStarted(Event, tag="challenge_started"):
    challenge: Challenge


class ChallengeEnded(Event, tag="challenge_ended"):
    challenge: Id


QuarryLevel = Annotated[int, Meta(ge=1, le=10)]


class ChaseStarted(Event, tag="chase_started"):
    """R-CHASE-1: a long chase begins: ``character`` runs after (``flees``: from) a quarry
    of ``level``; as many Speed successes as the level win it."""

    character: Id
    quarry: Name
    level: QuarryLevel
    flees: bool = False


class ChaseRolled(Event, tag="chase_rolled"):
    """R-CHASE-1: the chase's Speed task (the RollMade before it, in the same command)
    counted as a success or a failure; the tallies after it (reduce checks them) let the
    log read without the state."""

    character: Id
    success: bool = False
    successes: Small = 0
    failures: Small = 0
    needed: QuarryLevel = 1


class ChaseEnded(Event, tag="chase_ended"):
    """R-CHASE-1: the chase is over: won or lost as the rule decides (reduce checks it), or
    abandoned (called off by the GM or the player)."""

    character: Id
    quarry: Name
    outcome: Literal["won", "lost", "abandoned"]


class CraftingAttempted(Event, tag="crafting_attempted"):
    """R-CRAFT-1: ``character`` tried to make ``item`` of ``level`` (the RollMade before it,
    in the same command, is the Intellect task); on ``success`` the item joins their
    equipment. ``training`` says what their training went to (easing the task, or instead
    the time or the materials); ``seconds`` is the crafting time the clock then moves (0:
    many years, more than play passes: the clock stays)."""

    character: Id
    item: Name
    level: Annotated[int, Meta(ge=0, le=10)]
    success: bool = False
    training: Literal["ease", "time", "materials"] = "ease"
    materials: tuple[Annotated[int, Meta(ge=1, le=10)], ...] = ()
    """The levels of material used (a level 3 item: 3, 2 and 1)."""
    seconds: Seconds = 0


AnyEvent = (
    SettingsChanged
    | CharacterCreated
    | DamageTaken
    | PointsSpent
    | Healed
    | TrackShifted
    | RollMade
    | RollRerolled
    | WeaknessTaken
    | IntrusionAccepted
    | IntrusionRefused
    | XpAwarded
    | XpSpent
    | AdvancementBought
    | ArmorChanged
    | CypherGained
    | CypherUsed
    | RecoveryRolled
    | ClockAdvanced
    | NotesEdited
    | CombatStarted
    | NpcsAdded
    | InitiativeRolled
    | OrderChanged
    | TurnAdvanced
    | WaitTriggered
    | NpcHealthChanged
    | ConditionAdded
    | ConditionRemoved
    | CombatEnded
    | OracleAsked
    | Drawn
    | SceneWritten
    | InitiativeCast
    | PromptRaised
    | PromptClosed
    | TranslationMade
    | HunterCreated
    | HunterRolled
    | HunterDamaged
    | HunterWorsened
    | HunterStabilised
    | ChallengeStarted
    | ChallengeEnded
    | ChaseStarted
    | ChaseRolled
    | ChaseEnded
    | CraftingAttempted
)


STORY_EVENTS = (OracleAsked, Drawn, SceneWritten)
"""Events that tell the story and change no number (the oracle, draws, scene notes)."""


def batches(events: Iterable[AnyEvent]) -> list[tuple[AnyEvent, ...]]:
    """Events grouped by the command that made them (a new group at each ``batch == 0``)."""
    groups: list[list[AnyEvent]] = []
    for event in events:
        if event.batch == 0 or not groups:
            groups.append([event])
        else:
            groups[-1].append(event)
    return [tuple(group) for group in groups]


def check_batch(events: Sequence[AnyEvent]) -> None:
    """ValueError unless ``events`` are one command's: the first has ``batch`` 0, the others
    name the first's seq."""
    head, *rest = events
    if head.batch != 0:
        raise ValueError(f"event {head.seq} belongs to command {head.batch}, not a new one")
    for event in rest:
        if event.batch != head.seq:
            raise ValueError(f"event {event.seq} does not belong to command {head.seq}")
