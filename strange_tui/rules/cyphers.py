"""How many cyphers a character can carry (R-CYP-1)."""

from __future__ import annotations

import random
from collections.abc import Sequence

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
