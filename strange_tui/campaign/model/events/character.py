"""The character's events: joining the party, damage, points spent and healed, the damage
track, XP and advancement, armor, cyphers, recovery rolls, weaknesses, notes."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated, Literal

from msgspec import Meta, field

from strange_tui.campaign.model.events.base import Die6, Event, Seconds, Steps
from strange_tui.campaign.model.state import (
    ArmorCategory,
    Artifact,
    Character,
    Cypher,
    Id,
    Name,
    Points,
    Small,
    Text,
)
from strange_tui.campaign.model.traits import Trait
from strange_tui.content.effects import TimedEffect
from strange_tui.rules.pools import Stat


class CharacterCreated(Event, tag="character_created"):
    """A new character joined the party."""

    character: Character


class DamageTaken(Event, tag="damage_taken"):
    """A character took a hit (R-DMG-1..3): ``armor`` is the Armor that counted."""

    character: Id
    amount: Points
    stat: Stat = Stat.MIGHT
    armor: Small = 0
    ambient: bool = False
    source: Text = ""
    spill: dict[Stat, Points] | None = None
    """R-DMG-2: the points each pool took after Armor, as the rules split the hit (reduce
    checks it), so the log can say where the damage went; None in journals written before
    it was recorded."""
    lasting: Literal["", "lasting", "permanent"] = ""
    """R-DMG-6: the points the hit takes stay off the pools past recovery rolls: lasting
    (they heal with days) or permanent (never)."""


class PointsSpent(Event, tag="points_spent"):
    """A character paid points from a pool, some perhaps from Luck (R-EFF-6, R-POOL-1)."""

    character: Id
    stat: Stat
    amount: Points
    from_luck: Points = 0
    reason: Text = ""
    armor_hours: Small = 0
    """R-CMB-6: the points pay for this many hours of wearing armor unpracticed (Might,
    never more than the pool holds)."""


class Healed(Event, tag="healed"):
    """Points came back to a pool other than by a recovery roll (an ability, a cypher)."""

    character: Id
    stat: Stat
    amount: Points
    reason: Text = ""


class LastingMended(Event, tag="lasting_mended"):
    """R-DMG-6: time passed and lasting damage healed (``healed``, by pool, back into the
    pools); ``mending`` is the time now counted toward the next point."""

    character: Id
    healed: dict[Stat, Points] = field(default_factory=dict)
    mending: Annotated[int, Meta(ge=0, le=10**7)] = 0


class TrackShifted(Event, tag="track_shifted"):
    """An effect moved a character on the damage track directly (R-DMG-3): + is down."""

    character: Id
    steps: Steps
    reason: Text = ""


class WeaknessTaken(Event, tag="weakness_taken"):
    """R-WEAK-1: a weakness of 1 in ``weak`` (whose Edge is 0) for +1 Edge in ``edge``."""

    character: Id
    weak: Stat
    edge: Stat


class XpAwarded(Event, tag="xp_awarded"):
    """The GM awarded XP (discoveries, intrusions...)."""

    character: Id
    amount: Annotated[int, Meta(ge=1, le=100)]
    reason: Text = ""


class XpSpent(Event, tag="xp_spent"):
    """A player spent XP (R-XP-2: 1 XP rerolls a roll)."""

    character: Id
    amount: Annotated[int, Meta(ge=1, le=100)]
    reason: Text = ""


AdvancementStep = Literal[
    "pools", "edge", "effort", "skill", "armor", "recovery", "ability",
    "familiarity", "contact", "home", "title", "wealth", "artifact",
]  # fmt: skip
BOONS = ("familiarity", "contact", "home", "title", "wealth", "artifact")
"""R-ADV-1, seed 003: the other options a step may buy instead, that the sheet carries."""


class AdvancementBought(Event, tag="advancement_bought"):
    """R-ADV-1: a character bought one of the tier's advancement steps for 4 XP."""

    character: Id
    step: AdvancementStep
    pools: dict[Stat, Annotated[int, Meta(ge=0, le=4)]] = field(default_factory=dict)
    edge: Stat | None = None
    skill: Name | None = None
    ability: Name | None = None
    tier_abilities: tuple[Name, ...] = ()
    """The abilities the new tier brings, when this step raises the tier: the type's
    chosen ones and the focus's."""
    tier_reached: Annotated[int, Meta(ge=0, le=6)] = 0
    """The tier this step raises the character to (0: it does not; and in journals
    written before the log said so)."""
    improved_edge: Stat | None = None
    """The Edge (at 0) raised to 1 by the new tier's ability, in campaigns written before
    abilities carried their effects (``traits`` say so now)."""
    traits: tuple[Trait, ...] = ()
    """What the abilities gained do (the new tier's, or the one the step buys), choices
    made: their lasting numbers go into the sheet."""
    boon: Text = ""
    """For a boon step (a contact, a home, a title...): who, where or what it is."""


class AbilityUsed(Event, tag="ability_used"):
    """R-ABL-2: a character used an ability that is neither a roll nor an attack: its cost
    paid from ``stat`` (Edge applied), and its timed effects begun for ``lasts`` seconds
    of game time (in a fight, the rounds count six seconds each)."""

    character: Id
    ability: Name
    stat: Stat | None = None
    cost: Points = 0
    extra: Small = 0
    """Points put in beyond the ability's cost ("2+ Intellect")."""
    effects: tuple[TimedEffect, ...] = ()
    lasts: Seconds = 0


class TraitsRead(Event, tag="traits_read"):
    """R-ABL-1: what a character's abilities do, read anew from the packs by their names
    (a campaign begun before abilities carried their effects). The sheet's numbers stay as
    they are: only what counts when the character acts is read."""

    character: Id
    traits: tuple[Trait, ...] = ()


class ArmorChanged(Event, tag="armor_changed"):
    """R-CMB-6: a character put on armor of ``armor``'s category, or took it off ("")."""

    character: Id
    armor: ArmorCategory | Literal[""] = ""


class CypherGained(Event, tag="cypher_gained"):
    """A character picked up a cypher (R-CYP-1 may put them over the limit)."""

    character: Id
    cypher: Cypher


class CypherUsed(Event, tag="cypher_used"):
    """A character used (or discarded) the cypher at ``index`` on their sheet."""

    character: Id
    index: Annotated[int, Meta(ge=0, le=100)]
    name: Name
    discarded: bool = False
    vanished: Annotated[int, Meta(ge=0, le=100)] = 0
    """R-CYP-1: over the limit it vanished at once: the die (1 to the cyphers carried)
    that picked it (0: used or discarded by choice)."""


class ArtifactGained(Event, tag="artifact_gained"):
    """R-ART-1: a character came by an artifact (perhaps unidentified)."""

    character: Id
    artifact: Artifact


class IdentifyAttempted(Event, tag="identify_attempted"):
    """R-ART-1: ``character`` studied the ``item`` (a cypher or an artifact) at ``index``:
    the RollMade before it, in the same command, is the Intellect task at ``difficulty``;
    on ``success`` it is identified. ``seconds``: the study (15 minutes to an hour for a
    cypher, to three hours for an artifact), which the command's ClockAdvanced passes."""

    character: Id
    item: Literal["cypher", "artifact"]
    index: Annotated[int, Meta(ge=0, le=100)]
    name: Name
    difficulty: Annotated[int, Meta(ge=0, le=10)]
    success: bool = False
    seconds: Seconds = 0


class ArtifactUsed(Event, tag="artifact_used"):
    """R-ART-1, R-ART-2: a character used the artifact at ``index``. Not ``worked``: the
    Intellect task of its first use (or of a use unidentified, the RollMade before it)
    failed, and nothing happened. Else its depletion die showed ``die`` (0: none rolled,
    it never depletes or is automatic): ``spent``, that use was its last."""

    character: Id
    index: Annotated[int, Meta(ge=0, le=100)]
    name: Name
    worked: bool = True
    die: Annotated[int, Meta(ge=0, le=100)] = 0
    spent: bool = False
    app_rolled: bool = False
    """The app rolled the depletion die (the player typed none)."""


class ArtifactDropped(Event, tag="artifact_dropped"):
    """A character let go of the artifact at ``index`` (given away, sold, or spent and
    thrown out)."""

    character: Id
    index: Annotated[int, Meta(ge=0, le=100)]
    name: Name


class RecoveryRolled(Event, tag="recovery_rolled"):
    """R-REC-1..3: a rest and its recovery roll; ``clock`` is how far the rest moved time."""

    character: Id
    die: Die6
    bonus: Small
    allocation: dict[Stat, Points] = field(default_factory=dict)
    track_step: bool = False
    clock: Seconds = 0


class NotesEdited(Event, tag="notes_edited"):
    """A character's notes (background, reminders) were rewritten."""

    character: Id
    notes: Text
