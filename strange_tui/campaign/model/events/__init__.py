"""Events: past-tense facts, each tagged, numbered, and stamped with the in-game time.

Each is tagged with its ``kind``. Dice values travel inside the events, so a replay never
rolls again.

Each area's events live in a module of their own (``events.combat``, ``events.hunters``...);
here is their union, ``AnyEvent``, which the files decode into, and the grouping of a
command's events. Import any event from here."""

from collections.abc import Iterable, Sequence

from strange_tui.campaign.model.events.base import Event
from strange_tui.campaign.model.events.character import (
    AbilityUsed,
    AdvancementBought,
    AdvancementStep,
    ArmorChanged,
    ArtifactDropped,
    ArtifactGained,
    ArtifactUsed,
    CharacterCreated,
    CypherGained,
    CypherUsed,
    DamageTaken,
    Healed,
    IdentifyAttempted,
    LastingMended,
    NotesEdited,
    PointsSpent,
    RecoveryRolled,
    TrackShifted,
    TraitsRead,
    WeaknessTaken,
    XpAwarded,
    XpSpent,
)
from strange_tui.campaign.model.events.chase import (
    ChaseEnded,
    ChaseRolled,
    ChaseStarted,
    QuarryLevel,
)
from strange_tui.campaign.model.events.combat import (
    ActionGranted,
    ActionTaken,
    CombatEnded,
    CombatStarted,
    ConditionAdded,
    ConditionRemoved,
    InitiativeRolled,
    MovedInFight,
    NpcFled,
    NpcHealthChanged,
    NpcsAdded,
    OrderChanged,
    TurnAdvanced,
    WaitTriggered,
)
from strange_tui.campaign.model.events.crafting import CraftingAttempted
from strange_tui.campaign.model.events.hunters import (
    ChallengeEnded,
    ChallengeStarted,
    HunterCreated,
    HunterDamaged,
    HunterRolled,
    HunterStabilised,
    HunterWorsened,
)
from strange_tui.campaign.model.events.recovery import RecoveryDieShown, RecoveryDieTakenBack
from strange_tui.campaign.model.events.rolls import (
    ContestRolled,
    IntrusionAccepted,
    IntrusionRefused,
    RollMade,
    RollRerolled,
)
from strange_tui.campaign.model.events.solo import (
    SOLO_EVENTS,
    STORY_EVENTS,
    Drawn,
    Listed,
    OracleAsked,
    SceneEnded,
    SceneStarted,
    SceneWritten,
    TensionSet,
    Unlisted,
)
from strange_tui.campaign.model.events.table import (
    ClockAdvanced,
    DifficultyRevealed,
    InitiativeCast,
    PromptClosed,
    PromptRaised,
    SettingsChanged,
    StepTakenBack,
)
from strange_tui.campaign.model.events.translation import TranslationMade

AnyEvent = (
    SettingsChanged
    | CharacterCreated
    | DamageTaken
    | PointsSpent
    | Healed
    | TrackShifted
    | LastingMended
    | RollMade
    | ContestRolled
    | RollRerolled
    | WeaknessTaken
    | IntrusionAccepted
    | IntrusionRefused
    | XpAwarded
    | XpSpent
    | AbilityUsed
    | AdvancementBought
    | TraitsRead
    | ArmorChanged
    | CypherGained
    | CypherUsed
    | ArtifactGained
    | IdentifyAttempted
    | ArtifactUsed
    | ArtifactDropped
    | RecoveryRolled
    | RecoveryDieShown
    | RecoveryDieTakenBack
    | ClockAdvanced
    | NotesEdited
    | CombatStarted
    | NpcsAdded
    | InitiativeRolled
    | OrderChanged
    | TurnAdvanced
    | WaitTriggered
    | MovedInFight
    | ActionTaken
    | ActionGranted
    | NpcHealthChanged
    | NpcFled
    | ConditionAdded
    | ConditionRemoved
    | CombatEnded
    | OracleAsked
    | Drawn
    | SceneWritten
    | TensionSet
    | SceneStarted
    | SceneEnded
    | Listed
    | Unlisted
    | InitiativeCast
    | PromptRaised
    | PromptClosed
    | DifficultyRevealed
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
    | StepTakenBack
)


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


__all__ = [
    "AbilityUsed",
    "AdvancementBought",
    "TraitsRead",
    "AdvancementStep",
    "AnyEvent",
    "ArmorChanged",
    "ArtifactDropped",
    "ArtifactGained",
    "ArtifactUsed",
    "ChallengeEnded",
    "ChallengeStarted",
    "CharacterCreated",
    "ChaseEnded",
    "ChaseRolled",
    "ChaseStarted",
    "ClockAdvanced",
    "CombatEnded",
    "CombatStarted",
    "ConditionAdded",
    "ConditionRemoved",
    "CraftingAttempted",
    "CypherGained",
    "CypherUsed",
    "DamageTaken",
    "Drawn",
    "Event",
    "Healed",
    "HunterCreated",
    "HunterDamaged",
    "HunterRolled",
    "HunterStabilised",
    "HunterWorsened",
    "IdentifyAttempted",
    "InitiativeCast",
    "InitiativeRolled",
    "IntrusionAccepted",
    "IntrusionRefused",
    "MovedInFight",
    "ActionTaken",
    "ActionGranted",
    "NotesEdited",
    "NpcFled",
    "NpcHealthChanged",
    "NpcsAdded",
    "OracleAsked",
    "OrderChanged",
    "PointsSpent",
    "PromptClosed",
    "DifficultyRevealed",
    "PromptRaised",
    "QuarryLevel",
    "RecoveryRolled",
    "RecoveryDieShown",
    "RecoveryDieTakenBack",
    "RollMade",
    "ContestRolled",
    "RollRerolled",
    "STORY_EVENTS",
    "SceneWritten",
    "SceneStarted",
    "SceneEnded",
    "SOLO_EVENTS",
    "Listed",
    "TensionSet",
    "Unlisted",
    "SettingsChanged",
    "StepTakenBack",
    "TrackShifted",
    "LastingMended",
    "TranslationMade",
    "TurnAdvanced",
    "WaitTriggered",
    "WeaknessTaken",
    "XpAwarded",
    "XpSpent",
    "batches",
    "check_batch",
]
