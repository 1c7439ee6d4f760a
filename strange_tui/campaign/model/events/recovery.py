"""R-REC-1: the d6 of a recovery roll, recorded when it is shown, before the player divides
its points (a die shown is a die kept): the rest uses it; only the GM takes it back."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from strange_tui.campaign.model.events.base import Die6, Event
from strange_tui.campaign.model.state import Id


class RecoveryDieShown(Event, tag="recovery_die_shown"):
    """R-REC-1: the d6 of a character's next recovery roll was shown (the app's, or the
    player's own die, typed): it waits on the character until the rest uses it."""

    character: Id
    die: Die6
    app_rolled: bool = False
    """The app rolled it (the player typed none)."""


class RecoveryDieTakenBack(Event, tag="recovery_die_taken_back"):
    """The GM took back the recovery die shown for a character's next rest: the next one
    is rolled anew."""

    character: Id
    die: Die6
