"""The immutable campaign state: settings, characters, the clock, the party's recursion
(where each character is among the recursions: ``travel``)."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated, Literal

import msgspec
from msgspec import Meta, field

from strange_tui.campaign.model.artifacts import Artifact
from strange_tui.campaign.model.encounter import Encounter
from strange_tui.campaign.model.hunters import Challenge, Hunter
from strange_tui.campaign.model.prompts import Prompt
from strange_tui.campaign.model.story import Story
from strange_tui.campaign.model.traits import ActiveEffect, Trait
from strange_tui.campaign.model.travel import Place, Travel
from strange_tui.campaign.model.types import (
    DAY_SECONDS,
    START_OF_PLAY,
    Frozen,
    Id,
    Name,
    Points,
    SkillLevel,
    Small,
    Text,
    Tier,
)
from strange_tui.rules.pools import Pools, Stat
from strange_tui.rules.track import DamageTrack
from strange_tui.rules.translation import Record


class Clock(Frozen):
    """The in-game clock: seconds since midnight before day 1."""

    seconds: Annotated[int, Meta(ge=0, le=10**12)] = START_OF_PLAY

    @property
    def day(self) -> int:
        return self.seconds // DAY_SECONDS + 1

    def label(self) -> str:
        """'Day 3, 14:05'."""
        into_day = self.seconds % DAY_SECONDS
        return f"Day {self.day}, {into_day // 3600:02d}:{into_day % 3600 // 60:02d}"

    def advanced(self, seconds: int) -> "Clock":
        return Clock(seconds=self.seconds + seconds)


class Cypher(Frozen):
    """A cypher a character carries (R-CYP-1: an occultic one counts as two)."""

    name: Name
    level: Small = 1
    occultic: bool = False
    effect: Text = ""
    identified: bool = True
    """R-ART-1: one gained unidentified is studied (an Intellect task) before its use."""


ArmorCategory = Literal["light", "medium", "heavy"]


class WornArmor(Frozen):
    """R-CMB-6: the armor a character wears, the Armor it gives, and what wearing it costs
    them now (their practice, their advancement and the campaign's armor rule decide)."""

    category: ArmorCategory
    rating: Small = 0
    """The Armor it adds (light 1, medium 2, heavy 3)."""
    speed_loss: Small = 0
    """Points taken from the Speed pool's maximum while it is worn (the seed's rule)."""
    might_per_hour: Small = 0
    """Might paid for each hour worn (the seed's rule)."""
    effort_extra: Small = 0
    """Extra points for each level of Speed Effort (the CSRD reading, a house rule)."""
    paid_until: Annotated[int, Meta(ge=0, le=10**12)] = 0
    """The in-game second up to which the hours worn are paid for."""


class Scars(Frozen):
    """R-DMG-6: damage a recovery roll cannot restore, by pool: lasting damage (it heals
    with days of rest or activity) and permanent damage (it never heals)."""

    lasting: dict[Stat, Points] = field(default_factory=dict)
    permanent: dict[Stat, Points] = field(default_factory=dict)
    mending: Annotated[int, Meta(ge=0, le=10**7)] = 0
    """The time counted toward the next point of lasting damage healed, in seconds of
    regular activity (a second of full rest counts three)."""

    def unrecoverable(self, stat: Stat) -> int:
        """The points of ``stat`` only days (or nothing) can bring back."""
        return self.lasting.get(stat, 0) + self.permanent.get(stat, 0)

    @property
    def healing(self) -> int:
        """The lasting points still to heal."""
        return sum(self.lasting.values())


class Character(Frozen):
    """A player character, everything on the sheet."""

    id: Id
    name: Name
    descriptor: Name
    type: Name
    focus: Name
    pools: Pools
    tier: Tier = 1
    effort: Small = 1
    armor: Small = 0
    worn: WornArmor | None = None
    """R-CMB-6: the armor the character wears (its Armor is counted in ``armor``)."""
    armor_steps: Small = 0
    """R-ADV-1: how many times the character bought less cost for wearing armor."""
    cypher_limit: Small = 2
    recovery_bonus: Small = 0
    skills: dict[Name, SkillLevel] = field(default_factory=dict)
    abilities: tuple[Name, ...] = ()
    equipment: tuple[Name, ...] = ()
    guns: tuple[Name, ...] = ()
    """R-CMB-2: the weapons of ``equipment`` the player last attacked with as guns (the
    attack's Gun box), for the ones the weapons pack does not call guns itself."""
    cyphers: tuple[Cypher, ...] = ()
    artifacts: tuple[Artifact, ...] = ()
    xp: Points = 0
    track: DamageTrack = DamageTrack.HALE
    advancements: tuple[str, ...] = ()
    boons: tuple[Text, ...] = ()
    """R-ADV-1: what the other options bought give ('Contact: Ilse, a fixer at the Estate')."""
    rests_today: Annotated[int, Meta(ge=0, le=3)] = 0
    recovery_die: Annotated[int, Meta(ge=1, le=6)] | None = None  # R-REC-1: kept for the rest
    notes: Text = ""
    foci: dict[Name, Name] = field(default_factory=dict)
    """R-TR-8: the focus the character had in each recursion they left."""
    travel: Travel = field(default_factory=Travel)
    """R-TR-8, R-TR-9: where they are, were, and what their foci left behind took."""
    traits: tuple[Trait, ...] = ()
    """What the abilities (and the type, descriptor and focus) do, as gained; the lasting
    numbers among them are already in the pools, Effort and the rest."""
    active: tuple[ActiveEffect, ...] = ()
    """Abilities in use whose effects last a while (Fury's minute); the clock ends them."""
    scars: Scars = field(default_factory=Scars)
    """R-DMG-6: lasting and permanent damage, which recovery rolls do not restore."""

    @property
    def impaired(self) -> bool:
        return self.track is DamageTrack.IMPAIRED


class PartyEffect(Frozen):
    """Something on the party (or on ``characters``) until an in-game time (0: until they
    leave the recursion); it may move the difficulty of the rolls it names."""

    label: Text
    until: Annotated[int, Meta(ge=0, le=10**12)] = 0
    recursion: Name = ""
    cause: Place = ""
    """What brought it, as the roll preview names it ('Slowed reactions')."""
    starts: Annotated[int, Meta(ge=0, le=10**12)] = 0
    """When it begins to count (R-TR-7: hindrances run after acclimation); 0: at once."""
    tasks: Literal["", "all", "might", "speed", "intellect", "perception", "focus"] = ""
    """Which rolls it moves (R-TR-6, R-TR-7): every task, one stat's, perception tasks, or
    tasks tied to the focus ('': none, a reminder)."""
    steps: Annotated[int, Meta(ge=-5, le=5)] = 0
    """How many steps it moves those rolls: + hinders, - eases."""
    no_focus_abilities: bool = False
    """R-TR-8: acclimating: no focus ability can be used."""
    characters: tuple[Id, ...] = ()
    """Whom it touches (empty: everyone)."""


class Settings(Frozen):
    """What the GM decides for the campaign."""

    allowed_foci: tuple[Name, ...] = ()
    starting_cyphers: Small = 0
    theme_follows_recursion: bool = True
    house_rules: tuple[Name, ...] = ()
    npc_health_shown: bool = False
    """Whether the players' seats see NPCs' health as numbers (else: unhurt, hurt...)."""
    solo: bool = False
    """No GM at the table: the app decides what a GM would (the oracle answers, it proposes
    intrusions, the NPCs choose their targets). The rules stay the same."""
    solo_intrusions: Literal["off", "rare", "often"] = "rare"
    """In solo play, how often the app proposes an intrusion on a roll that is not a 1."""
    weapon_distinctions: bool = False
    """R-WPN-1, an optional rule: attacks apply their weapon's distinction (armor-piercing,
    reaching, slashing, stabbing)."""
    cypher_limit_warns: bool = False
    """R-CYP-1, a house rule: over the cypher limit the app only warns (by the rule, random
    cyphers vanish at once until the load fits)."""
    secret_difficulty: bool = False
    """When the GM asks for a roll, the difficulty is kept from the player's seat by
    default (the GM may still show it, ask by ask)."""


class Chase(Frozen):
    """R-CHASE-1: a long chase, one PC against a quarry of a level: the PC's Speed
    successes and failures so far, and how it ended ('': it goes on). An ended chase
    stays here, for the tracker to show, until the next one starts."""

    character: Id
    quarry: Name
    level: Annotated[int, Meta(ge=1, le=10)]
    flees: bool = False
    """The PC runs from the quarry (else after it)."""
    successes: Small = 0
    failures: Small = 0
    outcome: Literal["", "won", "lost", "abandoned"] = ""


class Campaign(Frozen):
    """The whole state of a campaign after the event numbered ``seq``."""

    name: Name
    ruleset: Literal["strange", "hunters"] = "strange"
    settings: Settings = field(default_factory=Settings)
    characters: dict[Id, Character] = field(default_factory=dict)
    recursion: Name = "earth"
    clock: Clock = field(default_factory=Clock)
    encounter: Encounter | None = None
    translations: tuple[Record, ...] = ()
    translation_roles: dict[Id, Literal["initiator", "hastener", "easer", "helper"]] = field(
        default_factory=dict
    )
    """The last translation's roles, by PC (those not named stayed behind): the next one
    starts from them."""
    effects: tuple[PartyEffect, ...] = ()
    hunters: dict[Id, Hunter] = field(default_factory=dict)
    challenges: dict[Id, Challenge] = field(default_factory=dict)
    prompts: tuple[Prompt, ...] = ()
    """The questions open at the players' seats (a defense roll, an intrusion...)."""
    chase: Chase | None = None
    """R-CHASE-1: the chase under way, or the last one, as it ended."""
    story: Story = field(default_factory=Story)
    """Solo play's tension, scene and lists (R-TEN-1, R-SCN-1, R-EVT-1)."""
    seq: Annotated[int, Meta(ge=0)] = 0

    def active_effects(self) -> tuple[PartyEffect, ...]:
        """Effects still running at the current in-game time."""
        now = self.clock.seconds
        return tuple(
            e
            for e in self.effects
            if (e.until == 0 and e.recursion == self.recursion) or e.until > now
        )

    def names(self) -> dict[str, str]:
        """Every name a sentence may need, by id: the current fight's NPCs, the complex
        challenges, the hunters and the characters (the log adds the NPCs of fights that
        ended: ``narrate.names_of``)."""
        names: dict[str, str] = {}
        if self.encounter is not None:
            names.update({cid: c.name for cid, c in self.encounter.combatants.items()})
        names.update({cid: c.name for cid, c in self.challenges.items()})
        names.update({hid: h.name for hid, h in self.hunters.items()})
        names.update({cid: c.name for cid, c in self.characters.items()})
        return names

    def character(self, character_id: str) -> Character:
        """The character with that id; KeyError names it."""
        try:
            return self.characters[character_id]
        except KeyError:
            raise KeyError(f"No character {character_id!r} in this campaign.") from None

    def with_character(self, character: Character) -> "Campaign":
        characters = dict(self.characters)
        characters[character.id] = character
        return msgspec.structs.replace(self, characters=characters)
