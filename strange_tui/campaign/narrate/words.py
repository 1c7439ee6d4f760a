"""The words every sentence of the log shares: durations, counts, lists, a stat's name, a
player's own words set inside a sentence, and the mark of a die the app rolled."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from strange_tui.rules.pools import Stat

Who = Callable[[str], str]
"""The name a sentence gives an id (a character, an NPC, a challenge)."""

APP_DIE = " (the app's die)"
"""After a die the app rolled, where the player typed none: the table knows it was no
physical die."""


def die_as_fell(die: int, bonus: int = 0, app_rolled: bool = False) -> str:
    """A d20 as it fell, then what a bonus made of it: '19', '19, +1: 20', '5 (the app's
    die), −1: 4'. The natural die comes first: its face is what brings a special result
    (R-SPEC-1..5), the total only what meets the target."""
    app = APP_DIE if app_rolled else ""
    if not bonus:
        return f"{die}{app}"
    sign = "+" if bonus > 0 else "−"
    return f"{die}{app}, {sign}{abs(bonus)}: {die + bonus}"


def duration(seconds: int) -> str:
    """'2 h 10 min', '10 min', '1 round'."""
    if seconds < 60:
        return "1 round" if seconds <= 6 else f"{seconds} s"
    hours, minutes = divmod(seconds // 60, 60)
    days, hours = divmod(hours, 24)
    parts = [
        f"{days} d" if days else "",
        f"{hours} h" if hours else "",
        f"{minutes} min" if minutes else "",
    ]
    return " ".join(part for part in parts if part)


def time_left(seconds: int) -> str:
    """What is left of a wait, in the unit it runs in: '1 round left', '40 s left', '3 min
    left', '2 h left'. Past a minute it rounds up to the minute, so it never reads as over
    while it runs ('2 min left' at 61 s)."""
    seconds = max(seconds, 1)
    if seconds > 60:
        seconds = -(-seconds // 60) * 60
    return f"{duration(seconds)} left"


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """'1 round', '2 rounds', '1 time', '3 times' (``nouns`` when the plural is not +s)."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


ON_WORLDS = frozenset({"earth"})
"""The recursions one is *on*, a planet (Earth); one is *in* every other (Ardeyn, Ruk)."""


def where_in(recursion: str) -> str:
    """Where one is, as a sentence says it: 'on Earth', 'in Ardeyn', 'in Ruk (the Docks)'."""
    first = recursion.split(maxsplit=1)[0].strip(",.;:").lower() if recursion.strip() else ""
    return f"{'on' if first in ON_WORLDS else 'in'} {recursion}"


def listed(items: Sequence[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def stat_name(stat: Stat) -> str:
    """'Might', as the sheet writes it."""
    return stat.value.title()


def a_or_an(word: str) -> str:
    """'a Tough', 'an Intelligent'."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def inline(text: str) -> str:
    """A player's words set inside a sentence: without the final period they may have
    typed (the sentence puts its own)."""
    text = text.strip()
    return text[:-1] if text.endswith(".") and not text.endswith("..") else text


def stop(text: str) -> str:
    """``text`` ended once: '.' unless it already ends with a stop of its own."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?", "…")) else text + "."
