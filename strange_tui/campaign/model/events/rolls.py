"""A roll and its reroll, and the GM intrusions a player accepts or refuses."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated, Literal

from msgspec import Meta

from strange_tui.campaign.model.events.base import Die20, Event
from strange_tui.campaign.model.state import Id, Points, Small, Text
from strange_tui.rules.pools import Stat


class RollMade(Event, tag="roll_made"):
    """A task was attempted, with its full breakdown and its natural die (none if automatic).

    ``success`` and ``cost`` are what the rules made of it; reduce checks them.
    """

    character: Id
    stat: Stat
    difficulty: Annotated[int, Meta(ge=0, le=10)]
    label: Text = ""
    skill: Literal["", "trained", "specialized"] = ""
    training: Text = ""
    """R-TASK-9: the skill on the sheet ``skill`` comes from ("Speed defense"); "" when
    the GM's seat granted it (or in an older journal): the log names it."""
    inability: bool = False
    assets: Annotated[int, Meta(ge=0, le=2)] = 0
    effort: Small = 0
    damage_effort: Small = 0
    hindrances: Small = 0
    bonus: Annotated[int, Meta(ge=-30, le=30)] = 0
    ability_cost: Points = 0
    from_luck: Points = 0
    attack: bool = False
    die: Die20 | None = None
    success: bool = False
    cost: Points = 0
    effect: Text = ""
    eased: Small = 0
    """Situational steps easing the task (R-TR-6: a focus task after a 19 or 20)."""
    app_rolled: bool = False
    """The app rolled the die (the player typed none): the log says so (R-TASK-6)."""
    circumstances: tuple[Text, ...] = ()
    """R-CIR-1, R-CIR-2: the circumstances' labels ('partial cover', 'dim light'); their
    steps are in ``hindrances`` and ``eased``."""
    support: Literal["", "task", "xp", "intrusion"] = ""
    """R-CIR-1: what let an attack through darkness, invisibility or dense mist."""
    target: Id | None = None
    """An attack's (first) foe: the fight remembers the round's attacks on it (R-CIR-3)."""
    ranged: bool = False
    """An attack with a ranged weapon (else melee)."""
    weapon: Text = ""
    """An attack's weapon, the item on the sheet ("": bare hands or an ability)."""
    gun: bool = False
    """That weapon was a gun (the pack's word or the player's): the sheet remembers it."""
    free_effort: Small = 0
    """R-ABL-1: levels of the Effort applied that an ability makes free (the first ones)."""
    impaired: bool = False
    """R-SPEC-5: the roller was impaired (no minor or major effect; 17 or more on an attack
    adds only +1 damage), so the log says what the die brought (journals written before it
    was recorded say False)."""
    special_damage: Small | None = None
    """R-SPEC-2..5: the damage a hit took from its natural die, as applied (0 when an
    effect was taken instead); None for a roll that is no hit, and in journals written
    before it was recorded."""


class ContestRolled(Event, tag="contest_rolled"):
    """R-TASK-2: two PCs against each other: both rolled, the higher total won (a tie was
    rolled again); ``first_bonus`` and ``second_bonus`` are each one's advantage (+3) or
    disadvantage (-3)."""

    first: Id
    second: Id
    first_die: Die20
    second_die: Die20
    winner: Id
    label: Text = ""
    first_bonus: Annotated[int, Meta(ge=-3, le=3)] = 0
    second_bonus: Annotated[int, Meta(ge=-3, le=3)] = 0
    app_rolled: bool = False


class RollRerolled(Event, tag="roll_rerolled"):
    """R-XP-2: 1 XP rerolled ``roll`` (the roll as it was made); the better die stands.

    ``refund`` is what a natural 20 that now stands gives back (R-SPEC-4)."""

    character: Id
    roll: RollMade
    die: Die20
    success: bool = False
    refund: Points = 0
    app_rolled: bool = False
    """The app rolled the new die (the player typed none)."""


class IntrusionAccepted(Event, tag="intrusion_accepted"):
    """R-XP-1: the GM intruded; the character takes 2 XP and gives 1 to ``given_to``."""

    character: Id
    given_to: Id | None = None
    what: Text = ""


class IntrusionRefused(Event, tag="intrusion_refused"):
    """R-XP-1: the player refused the intrusion, paying 1 XP."""

    character: Id
    what: Text = ""
