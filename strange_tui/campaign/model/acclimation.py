"""R-TR-8: a focus sleeps while its character acclimates after a translation (seed 003:
no focus can be accessed during acclimation): which of their traits sleep now, and why an
ability of theirs cannot be used yet."""

from __future__ import annotations

from strange_tui.campaign.model.state import Character, Clock


def asleep_now(character: Character, now: int | None) -> tuple[str, ...]:
    """R-TR-8: the traits of the focus the character is still acclimating to at ``now``
    (None: no time given, so none sleeps)."""
    asleep = character.travel.asleep
    return asleep.traits if now is not None and now < asleep.until else ()


def asleep_refusal(character: Character, name: str, now: int) -> str | None:
    """R-TR-8: why the ability ``name`` cannot be used at ``now`` (its focus sleeps while
    the character acclimates), or None."""
    if name not in asleep_now(character, now):
        return None
    today = f"Day {Clock(seconds=now).day}, "
    wakes = Clock(seconds=character.travel.asleep.until).label().removeprefix(today)
    return (
        f"{name} comes with {character.focus}, asleep while {character.name} acclimates"
        f" (until {wakes}): no focus ability can be used."
    )
