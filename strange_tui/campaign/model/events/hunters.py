"""The Hunters' events: hunters, their rolls against a CR, damage by type, worsening and
stabilising, complex challenges (R-HUN)."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated

from msgspec import Meta

from strange_tui.campaign.model.events.base import Event
from strange_tui.campaign.model.hunters import Challenge, DamageType, Hunter, Vital
from strange_tui.campaign.model.state import Id, Text


class HunterCreated(Event, tag="hunter_created"):
    """A Hunters character joined."""

    hunter: Hunter


class HunterRolled(Event, tag="hunter_rolled"):
    """R-HUN-1, R-HUN-5, R-HUN-6: 2d6 (or more) + bonus against a CR; against a complex
    challenge, a success wears down its threshold."""

    hunter: Id
    cr: Annotated[int, Meta(ge=1, le=32)]
    dice: tuple[Annotated[int, Meta(ge=1, le=6)], ...]
    bonus: Annotated[int, Meta(ge=-50, le=50)] = 0
    label: Text = ""
    challenge: Id | None = None
    raised: bool = False
    """R-HUN-7: the attacker raised the damage type (the CR includes its +2)."""
    aiding: Id | None = None
    """R-HUN-9: a first-aid check on this hunter: it deals no damage (a success is followed
    by the stabilising, in the same step)."""


class HunterDamaged(Event, tag="hunter_damaged"):
    """R-HUN-7: points of damage, one type each, to a vital statistic."""

    hunter: Id
    vital: Vital
    kinds: tuple[DamageType, ...]
    source: Text = ""
    attacker: Id | None = None
    """R-HUN-7: the hunter whose roll dealt it (its degrees, its raised type)."""
    roll: Annotated[int, Meta(ge=0)] = 0
    """The seq of that roll (0: damage entered by hand)."""


class HunterWorsened(Event, tag="hunter_worsened"):
    """R-HUN-8: disabled and not stabilised, the mildest point of ``vital`` (wounding or
    traumatic) worsened one type a minute: ``kinds`` are the types that worsened, at the
    in-game seconds ``times``."""

    hunter: Id
    vital: Vital
    kinds: tuple[DamageType, ...]
    times: tuple[Annotated[int, Meta(ge=0, le=10**12)], ...]


class HunterStabilised(Event, tag="hunter_stabilised"):
    """R-HUN-8: a professional stabilised a disabled hunter's ``vital``: it stops worsening
    (until it takes damage again)."""

    hunter: Id
    vital: Vital
    by: Text = ""


class ChallengeStarted(Event, tag="challenge_started"):
    challenge: Challenge


class ChallengeEnded(Event, tag="challenge_ended"):
    challenge: Id
