"""Translation between recursions: roles, trance and acclimation times, the difficulty and
its modifiers, special results and the failure table (R-TR, RULES.md section 10)."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from collections.abc import Iterable, Sequence

import msgspec

from strange_tui.rules.errors import RuleViolation

ROUND = 6
MINUTE = 60
HOUR = 3600
DAY = 24 * HOUR
LIKENESS_STEPS = 3

# R-TR-7: the consequences of a failed translation (the GM picks, or the app draws one).
FAILURES: dict[str, str] = {
    "no translation": "The characters do not translate at all.",
    "altered destination": "They arrive somewhere of the GM's choosing.",
    "taxing": "Acclimation takes twice as long.",
    "blurred senses": "Perception tasks hindered for an hour after acclimation.",
    "slowed reactions": "Speed tasks hindered for an hour after acclimation.",
    "weak": "Might tasks hindered for an hour after acclimation.",
    "dull": "Intellect tasks hindered for an hour after acclimation.",
    "somewhat out of sync": "Every task hindered for an hour after acclimation.",
    "entirely out of sync": "Every task hindered by two steps for an hour after acclimation.",
    "memory failure": "Nothing of the first hour after arrival is remembered.",
    "adaptation failure": "Every task hindered for the whole stay in the recursion.",
    "greatly altered destination": "A dangerous place of the GM's choosing.",
    "interrupted translation": "They land in another recursion altogether.",
    "catastrophic failure": "Two results from this table.",
}


class Roles(msgspec.Struct, frozen=True, kw_only=True):
    """R-TR-1: one initiator, and any hasteners, easers and helpers (by character id)."""

    initiator: str
    hasteners: tuple[str, ...] = ()
    easers: tuple[str, ...] = ()
    helpers: tuple[str, ...] = ()

    def participants(self) -> tuple[str, ...]:
        return (self.initiator, *self.hasteners, *self.easers, *self.helpers)


def check_roles(roles: Roles) -> Roles:
    """Each character takes one role at most."""
    everyone = roles.participants()
    if len(set(everyone)) != len(everyone):
        raise RuleViolation("Each character takes one role in a translation, not two.")
    return roles


def trance_seconds(hastener_types: Iterable[str]) -> int:
    """R-TR-2: 4 hours alone; 2 hours with a hastener; 10 minutes if a spinner hastens."""
    kinds = [kind.lower() for kind in hastener_types]
    if "spinner" in kinds:
        return 10 * MINUTE
    return 2 * HOUR if kinds else 4 * HOUR


def acclimation_seconds(easer_types: Iterable[str]) -> int:
    """R-TR-2: 1 hour unassisted; 10 minutes with an easer; 1 round if a vector eases.
    (With no easer it is an hour, even when a spinner hastens: RULES.md's reading.)"""
    kinds = [kind.lower() for kind in easer_types]
    if "vector" in kinds:
        return ROUND
    return 10 * MINUTE if kinds else HOUR


class Record(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A past translation: when, who took part, where to."""

    at: int
    participants: tuple[str, ...]
    destination: str = ""
    success: bool = False


def too_often_steps(history: Sequence[Record], now: int, participants: Iterable[str]) -> int:
    """R-TR-3: +1 step for each participant-translation within the previous 24 in-game hours
    by anyone now in the trance (initiating, easing, hastening or helping); cumulative."""
    everyone = set(participants)
    return sum(
        len(everyone & set(record.participants))
        for record in history
        if now - DAY < record.at <= now
    )


def difficulty_parts(
    base: int, history: Sequence[Record], now: int, roles: Roles, *, likeness: bool
) -> list[tuple[str, int]]:
    """R-TR-1, R-TR-3, R-TR-4: the difficulty's parts, itemised."""
    parts = [("recursion", base)]
    if steps := too_often_steps(history, now, roles.participants()):
        parts.append(("translated within 24 hours", steps))
    if likeness:
        parts.append(("relying on a likeness", LIKENESS_STEPS))
    return parts


def special_effect(die: int | None) -> tuple[int, int]:
    """R-TR-6: (acclimation factor, seconds that tasks of the new focus are eased).
    A 19: no acclimation, focus tasks eased for an hour; a 20: the same for a day."""
    if die == 20:
        return 0, DAY
    if die == 19:
        return 0, HOUR
    return 1, 0


def paradox_reroll(initiator_type: str, first_success: bool, rerolled: bool) -> bool:
    """R-TR-5: a paradox initiator who fails gets one automatic reroll."""
    return initiator_type.lower() == "paradox" and not first_success and not rerolled
