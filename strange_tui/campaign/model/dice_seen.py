"""Which steps showed a die: a die once seen stays seen. Undo at a player's seat never takes
back a step whose die the player saw (a roll, an attack, a defense, a save, an initiative
die, a translation, a contest, a chase's or a hunter's roll, a recovery die shown before
the rest, a recovery roll, the oracle, a draw from a table, a cypher or an artifact's
die); only the GM's seat may, and the log keeps a trace of it (``StepTakenBack``)."""

from __future__ import annotations

from collections.abc import Sequence

from strange_tui.campaign.model.events import (
    AnyEvent,
    ArtifactUsed,
    ContestRolled,
    CypherUsed,
    Drawn,
    HunterRolled,
    InitiativeCast,
    InitiativeRolled,
    OracleAsked,
    RecoveryDieShown,
    RecoveryRolled,
    RollMade,
    RollRerolled,
    SceneStarted,
    StepTakenBack,
    TranslationMade,
)

REFUSED = "Only the GM can take back a roll once its die is seen."
"""What a player's seat is told when its undo would take back a die it has seen."""


def dice_shown(event: AnyEvent) -> tuple[int, ...]:
    """The faces ``event`` shows, in order (none: it rolled no die, an automatic success)."""
    match event:
        case RollMade(die=int() as die) | RollRerolled(die=die) | RecoveryRolled(die=die):
            return (die,)
        case RecoveryDieShown():
            return (event.die,)
        case OracleAsked():
            return tuple(d for d in (event.die, event.event_die) if d is not None)
        case SceneStarted():
            return (event.die,)
        case ContestRolled():
            return (event.first_die, event.second_die)
        case InitiativeRolled():
            return tuple(event.dice.values())
        case InitiativeCast() | ArtifactUsed():
            return (event.die,) if event.die else ()
        case CypherUsed():
            return (event.vanished,) if event.vanished else ()
        case TranslationMade():
            return tuple(d for d in (event.die, event.reroll) if d is not None)
        case HunterRolled() | Drawn():
            return tuple(event.dice)
    return ()


def shows_a_die(events: Sequence[AnyEvent]) -> bool:
    """Whether a step (one command's events) rolled a die that was seen."""
    return any(dice_shown(event) for event in events)


def is_trace(events: Sequence[AnyEvent]) -> bool:
    """Whether a step is only the trace of a step taken back (never a step to undo)."""
    return bool(events) and all(isinstance(event, StepTakenBack) for event in events)


def _noun(event: AnyEvent) -> tuple[str, str]:
    """Whose roll ``event`` is (a character's or a hunter's id, or '') and what it is."""
    match event:
        case RollMade(attack=True):
            return event.character, "attack roll"
        case RollMade() if event.label.startswith("Defend against"):
            return event.character, "defense roll"
        case RollMade():
            return event.character, f"{event.stat.value} roll"
        case RollRerolled():
            return event.character, "reroll"
        case RecoveryRolled():
            return event.character, "recovery roll"
        case RecoveryDieShown():
            return event.character, "recovery die"
        case ContestRolled():
            return event.first, "contest"
        case InitiativeCast():
            return event.character, "initiative roll"
        case InitiativeRolled():
            return "", "initiative rolls"
        case TranslationMade():
            return event.initiator, "translation roll"
        case HunterRolled():
            return event.hunter, "roll"
        case ArtifactUsed():
            return event.character, "artifact's depletion roll"
        case CypherUsed():
            return event.character, "roll for a vanished cypher"
        case OracleAsked():
            return "", "question to the oracle"
        case Drawn():
            return event.character, "draw from a table"
        case SceneStarted():
            return "", "scene's die"
    return "", "roll"  # pragma: no cover


def taken_back(events: Sequence[AnyEvent], made_at: str) -> StepTakenBack:
    """The trace of ``events`` (a step whose die was seen, made at the seat ``made_at``)
    taken back by the GM: whose roll it was and what, in words ("defense roll (die 9)")."""
    first = next(event for event in events if dice_shown(event))
    character, noun = _noun(first)
    dice = dice_shown(first)
    faces = ", ".join(str(d) for d in dice)
    return StepTakenBack(
        character=character or None,
        made_at=made_at or None,
        what=f"{noun} ({'die' if len(dice) == 1 else 'dice'} {faces})",
        step=events[0].seq,
    )
