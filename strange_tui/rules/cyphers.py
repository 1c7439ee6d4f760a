"""How many cyphers a character can carry (R-CYP-1); identifying cyphers and artifacts,
and an artifact's depletion (R-ART-1, R-ART-2)."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from strange_tui.rules.errors import RuleViolation

OCCULTIC_WEIGHT = 2
ANOETIC_WEIGHT = 1


def cypher_load(occultic: Sequence[bool]) -> int:
    """R-CYP-1: cyphers carried against the limit; an occultic cypher counts as two.

    ``occultic`` has one flag per cypher carried.
    """
    return sum(OCCULTIC_WEIGHT if flag else ANOETIC_WEIGHT for flag in occultic)


def over_limit(occultic: Sequence[bool], limit: int) -> int:
    """R-CYP-1: how far the carried cyphers are over the type's limit (0 when within)."""
    return max(0, cypher_load(occultic) - limit)


def cyphers_to_discard(occultic: Sequence[bool], limit: int, rng: random.Random) -> list[int]:
    """R-CYP-1: a random pick of cyphers (indices) to remove until the load fits the limit.

    The app offers this pick to the GM, who may choose otherwise.
    """
    load = cypher_load(occultic)
    discard: list[int] = []
    for index in rng.sample(range(len(occultic)), len(occultic)):
        if load <= limit:
            break
        discard.append(index)
        load -= cypher_load([occultic[index]])
    return sorted(discard)


# R-ART-1, R-ART-2: identifying cyphers and artifacts, and an artifact's depletion.

DEPLETION_DICE = (6, 10, 20, 100)
"""R-ART-1: the dice an artifact's depletion is rolled on."""
IDENTIFY_MINUTES = {"cypher": (15, 60), "artifact": (15, 180)}
"""R-ART-1, seed 003: identifying takes 15 minutes to an hour (a cypher), to three hours
(an artifact)."""
CYPHER_IDENTIFY_DIFFICULTIES = (1, 2)
"""R-ART-1: a cypher is identified by an Intellect task of difficulty 1 or 2 (the GM's
pick)."""
BLIND_USE_STEPS = 2
"""R-ART-2, seed 003: using an unidentified artifact is an Intellect task at its level + 2."""


def depletion_chance(depletion_in: int, die: int) -> float:
    """R-ART-1: the chance that a use is the artifact's last: ``depletion_in`` faces of a
    d``die`` (1 in 1d20: 5%); no die: 0 never depletes, 1 "automatic" (certain)."""
    if die == 0:
        return 1.0 if depletion_in else 0.0
    return min(depletion_in, die) / die


def depleted(face: int, depletion_in: int, die: int) -> bool:
    """R-ART-1: whether the depletion die's ``face`` makes this use the artifact's last
    (a face from 1 to ``depletion_in``); no die: only "automatic" depletes."""
    if die == 0:
        return depletion_in > 0
    return 1 <= face <= depletion_in


def depletion_words(depletion_in: int, die: int) -> str:
    """R-ART-1: '1 in 1d20', '1-2 in 1d10', 'never' (the CSRD's "—"), 'automatic'."""
    if die == 0:
        return "automatic" if depletion_in else "never"
    faces = "1" if depletion_in == 1 else f"1-{depletion_in}"
    return f"{faces} in 1d{die}"


def parse_depletion(text: str) -> tuple[int, int]:
    """R-ART-1: (``depletion_in``, die) from '1 in 1d20', '1-2 in d10', '—' or 'never',
    'automatic'; RuleViolation with the forms it takes otherwise."""
    words = text.strip().lower().replace("–", "-").replace(" ", "")
    if words in ("-", "—", "never", "none"):
        return (0, 0)
    if words in ("automatic", "auto", "once"):
        return (1, 0)
    match = _DEPLETION.match(words)
    if match is None:
        raise RuleViolation(_DEPLETION_FORMS)
    top, die = int(match.group(1) or 1), int(match.group(2))
    if die not in DEPLETION_DICE or not 1 <= top < die:
        raise RuleViolation(_DEPLETION_FORMS)
    return (top, die)


_DEPLETION = re.compile(r"^1(?:-(\d+))?in(?:1?d)?(\d+)$")
_DEPLETION_FORMS = (
    "Depletion reads '1 in 1d20' (or 1-2 in 1d10; a d6, d10, d20 or d100),"
    " 'never' or 'automatic'."
)


def identify_difficulties(item: str, level: int) -> tuple[int, ...]:
    """R-ART-1: the difficulties the Intellect task to identify ``item`` may have: a
    cypher 1 or 2 (the GM picks), an artifact its level."""
    return CYPHER_IDENTIFY_DIFFICULTIES if item == "cypher" else (min(level, 10),)


def use_difficulty(level: int, *, identified: bool, used_once: bool) -> int | None:
    """R-ART-2: the Intellect task a use of an artifact of ``level`` takes: its level the
    first time once identified, its level + 2 while unidentified; None: no task (an
    identified artifact used before)."""
    if not identified:
        return min(level + BLIND_USE_STEPS, 10)
    return None if used_once else level
