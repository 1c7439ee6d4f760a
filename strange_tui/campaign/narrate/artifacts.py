"""Artifacts and identifying as the log says them (R-ART-1, R-ART-2): an artifact gained,
a cypher or an artifact studied, an artifact used (its depletion die) or let go. The
Intellect task before a study or a first use, and the time a study takes, are their own
events' sentences in the same line."""

from __future__ import annotations

from strange_tui.campaign.model.events import (
    AnyEvent,
    ArtifactDropped,
    ArtifactGained,
    ArtifactUsed,
    IdentifyAttempted,
)
from strange_tui.campaign.model.state import Artifact
from strange_tui.campaign.narrate.words import APP_DIE, Who
from strange_tui.rules.cyphers import depletion_words

ARTIFACT_EVENTS = (ArtifactGained, IdentifyAttempted, ArtifactUsed, ArtifactDropped)


def artifact_sentence(event: AnyEvent, who: Who) -> str:
    """One of these events as a sentence."""
    match event:
        case ArtifactGained(artifact=artifact):
            depletion = depletion_words(artifact.depletion_in, artifact.depletion_die)
            unknown = ", unidentified" if not artifact.identified else ""
            return (
                f"{who(event.character)} gained an artifact: {artifact.name} (level"
                f" {artifact.level}, depletion {depletion}{unknown})."
            )
        case IdentifyAttempted(success=True):
            return f"{who(event.character)} identified the {event.item} {event.name}."
        case IdentifyAttempted():
            return f"{who(event.character)} could not identify the {event.item} {event.name}."
        case ArtifactUsed():
            return use_sentence(event, who(event.character))
        case ArtifactDropped():
            return f"{who(event.character)} let go of the artifact {event.name}."
    return type(event).__name__  # pragma: no cover


def use_sentence(event: ArtifactUsed, name: str) -> str:
    """R-ART-1: 'Mara used the artifact Spinner: depletion die 7 (the app's die), it
    still works.'; on a face in its depletion range, it works, and that use was its last."""
    what = f"the artifact {event.name}"
    if not event.worked:
        return f"{name} could not make {what} work."
    if not event.die:
        if event.spent:
            return f"{name} used {what}: its one use; it is spent."
        return f"{name} used {what} (it never depletes)."
    rolled = f"depletion die {event.die}{APP_DIE if event.app_rolled else ''}"
    if event.spent:
        return f"{name} used {what}: {rolled}: it works, but that was its last use; it is spent."
    return f"{name} used {what}: {rolled}, it still works."


def artifact_words(artifact: Artifact) -> str:
    """R-ART-1, R-ART-2: what the sheet says of an artifact: 'L3 · depletion 1 in 1d20 ·
    unidentified' (or 'first use: a task', 'spent')."""
    depletion = depletion_words(artifact.depletion_in, artifact.depletion_die)
    parts = [f"L{artifact.level}", f"depletion {depletion}"]
    if artifact.spent:
        parts.append("spent")
    elif not artifact.identified:
        parts.append("unidentified")
    elif not artifact.used_once:
        parts.append("first use: a task")
    return " · ".join(parts)
