"""R-REC-1: the recovery die shown before a rest, kept on the character until the rest uses
it (a die shown is a die kept: the rest may not roll another), or the GM takes it back;
part of ``reduce``."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.model.events import RecoveryDieShown, RecoveryDieTakenBack
from strange_tui.campaign.model.state import Character
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.track import DamageTrack

RECOVERY_DIE_EVENTS = (RecoveryDieShown, RecoveryDieTakenBack)


def waiting_die(character: Character) -> str:
    """Why another recovery die may not be rolled: one shown waits for the rest."""
    return (
        f"{character.name}'s recovery die shows {character.recovery_die} already: the rest"
        " uses it (only the GM may take it back)."
    )


def fold_recovery_die(
    character: Character, event: RecoveryDieShown | RecoveryDieTakenBack
) -> Character:
    """A die shown waits on the character; the GM's take-back clears it."""
    if isinstance(event, RecoveryDieShown):
        if character.track is DamageTrack.DEAD:
            raise RuleViolation(f"{character.name} is dead, and dead is dead.")
        if character.recovery_die is not None:
            raise RuleViolation(waiting_die(character))
        return replace(character, recovery_die=event.die)
    if character.recovery_die != event.die:
        raise RuleViolation(f"No recovery die of {event.die} waits for {character.name}.")
    return replace(character, recovery_die=None)


def use_recovery_die(character: Character, die: int) -> Character:
    """R-REC-1: a rest spends the die shown for it; a rest with another die is refused
    (escape and a new roll would be a reroll the rules do not give)."""
    if character.recovery_die is None:
        return character
    if character.recovery_die != die:
        raise RuleViolation(waiting_die(character))
    return replace(character, recovery_die=None)
