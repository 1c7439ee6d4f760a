"""A long chase as the log says it (R-CHASE-1): its roll reads as any roll, then its count:
'Chase: success 2 of 3.'"""

from __future__ import annotations

from strange_tui.campaign.model.events import AnyEvent, ChaseEnded, ChaseRolled, ChaseStarted
from strange_tui.campaign.narrate.words import Who

CHASE_EVENTS = (ChaseStarted, ChaseRolled, ChaseEnded)


def _count(count: int, noun: str, nouns: str) -> str:
    return f"{count} {noun if count == 1 else nouns}"


def chase_sentence(event: AnyEvent, who: Who) -> str:
    """One chase event as a sentence."""
    match event:
        case ChaseStarted():
            way = "from" if event.flees else "after"
            return (
                f"{who(event.character)} runs {way} {event.quarry} (level {event.level}):"
                f" needs {_count(event.level, 'success', 'successes')}."
            )
        case ChaseRolled():
            if event.success:
                return f"Chase: success {event.successes} of {event.needed}."
            return (
                f"Chase: failure ({_count(event.failures, 'failure', 'failures')} against"
                f" {event.successes} of {event.needed} successes)."
            )
        case ChaseEnded(outcome="won"):
            return f"{who(event.character)} wins the chase."
        case ChaseEnded(outcome="lost"):
            return f"{who(event.character)} loses the chase."
        case ChaseEnded():
            return f"The chase between {who(event.character)} and {event.quarry} is called off."
    return type(event).__name__  # pragma: no cover
