"""Folding artifacts and identifying into a character's sheet (R-ART-1, R-ART-2): an
artifact gained, a cypher or an artifact studied, an artifact used (its depletion die) and
dropped; part of ``reduce`` (``folds.character`` hands these events here)."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.model.events import (
    ArtifactDropped,
    ArtifactGained,
    ArtifactUsed,
    IdentifyAttempted,
)
from strange_tui.campaign.model.state import Artifact, Character
from strange_tui.rules.cyphers import (
    DEPLETION_DICE,
    IDENTIFY_MINUTES,
    depleted,
    identify_difficulties,
)
from strange_tui.rules.errors import RuleViolation

MAX_ARTIFACTS_CARRIED = 50
"""No sheet carries more (as for cyphers): a runaway loop of gains stops here."""
ARTIFACT_EVENTS = (ArtifactGained, IdentifyAttempted, ArtifactUsed, ArtifactDropped)


def fold_artifact(
    character: Character, event: ArtifactGained | IdentifyAttempted | ArtifactUsed | ArtifactDropped
) -> Character:
    """R-ART-1, R-ART-2: ``event`` on ``character``'s artifacts (or, identifying, cyphers)."""
    match event:
        case ArtifactGained(artifact=artifact):
            if len(character.artifacts) >= MAX_ARTIFACTS_CARRIED:
                raise RuleViolation(
                    f"{character.name} cannot carry {MAX_ARTIFACTS_CARRIED} artifacts."
                )
            check_depletion(artifact)
            return replace(character, artifacts=(*character.artifacts, artifact))
        case IdentifyAttempted():
            return identify(character, event)
        case ArtifactUsed():
            return use(character, event)
        case ArtifactDropped(index=index, name=name):
            carried(character, index, name)
            return replace(
                character, artifacts=character.artifacts[:index] + character.artifacts[index + 1 :]
            )
    raise RuleViolation(f"Unknown event {type(event).__name__}.")  # pragma: no cover


def check_depletion(artifact: Artifact) -> None:
    """R-ART-1: a depletion the rules know: 1 to N of a d6, d10, d20 or d100 (N below the
    die), or no die: never (0) or automatic (1)."""
    die, faces = artifact.depletion_die, artifact.depletion_in
    fits = faces in (0, 1) if die == 0 else die in DEPLETION_DICE and 1 <= faces < die
    if not fits:
        raise RuleViolation(f"{artifact.name}'s depletion is not one the rules know.")


def carried(character: Character, index: int, name: str) -> Artifact:
    """The artifact at ``index``, which must be ``name``."""
    if index >= len(character.artifacts) or character.artifacts[index].name != name:
        raise RuleViolation(f"{character.name} does not carry the artifact {name!r}.")
    return character.artifacts[index]


def identify(character: Character, event: IdentifyAttempted) -> Character:
    """R-ART-1: the study's difficulty and time must be the rule's; a success identifies."""
    if event.item == "cypher":
        cyphers = character.cyphers
        if event.index >= len(cyphers) or cyphers[event.index].name != event.name:
            raise RuleViolation(f"{character.name} does not carry the cypher {event.name!r}.")
        item_level, known = cyphers[event.index].level, cyphers[event.index].identified
    else:
        artifact = carried(character, event.index, event.name)
        item_level, known = artifact.level, artifact.identified
    if known:
        raise RuleViolation(f"{event.name} is identified already.")
    if event.difficulty not in identify_difficulties(event.item, item_level):
        raise RuleViolation(f"Identifying {event.name} is not a task of that difficulty.")
    least, most = IDENTIFY_MINUTES[event.item]
    if not least * 60 <= event.seconds <= most * 60:
        raise RuleViolation(f"Identifying a {event.item} takes {least} to {most} minutes.")
    if not event.success:
        return character
    if event.item == "cypher":
        cyphers = list(character.cyphers)
        cyphers[event.index] = replace(cyphers[event.index], identified=True)
        return replace(character, cyphers=tuple(cyphers))
    return _with(character, event.index, identified=True)


def use(character: Character, event: ArtifactUsed) -> Character:
    """R-ART-1, R-ART-2: a spent artifact works no more; a use that worked rolled its
    depletion die (when it has one), and the face must say whether it was the last."""
    artifact = carried(character, event.index, event.name)
    if artifact.spent:
        raise RuleViolation(f"{artifact.name} is spent: it works no more.")
    if not event.worked:
        if event.die or event.spent:
            raise RuleViolation("A use that did not work rolls no depletion.")
        return character
    die = artifact.depletion_die
    if (die == 0) != (event.die == 0) or event.die > die:
        raise RuleViolation(f"{artifact.name}'s depletion is rolled on a d{die}, if at all.")
    if event.spent != depleted(event.die, artifact.depletion_in, die):
        raise RuleViolation("The depletion die's recorded result does not match the rules.")
    # An identified artifact's first use is behind it; a use unidentified is no such use.
    used_once = artifact.used_once or artifact.identified
    return _with(character, event.index, used_once=used_once, spent=event.spent)


def _with(character: Character, index: int, **changes: bool) -> Character:
    artifacts = list(character.artifacts)
    artifacts[index] = replace(artifacts[index], **changes)
    return replace(character, artifacts=tuple(artifacts))
