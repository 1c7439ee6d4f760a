"""The immutable campaign state: settings, characters, the clock, the party's recursion."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta, field

from strange_tui.campaign.encounter import Encounter
from strange_tui.campaign.hunters_state import Challenge, Hunter
from strange_tui.campaign.types import (
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
from strange_tui.rules.pools import Pools
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

    def advanced(self, seconds: int) -> Clock:
        return Clock(seconds=self.seconds + seconds)


class Cypher(Frozen):
    """A cypher a character carries (R-CYP-1: an occultic one counts as two)."""

    name: Name
    level: Small = 1
    occultic: bool = False
    effect: Text = ""


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
    cypher_limit: Small = 2
    recovery_bonus: Small = 0
    skills: dict[Name, SkillLevel] = field(default_factory=dict)
    abilities: tuple[Name, ...] = ()
    equipment: tuple[Name, ...] = ()
    cyphers: tuple[Cypher, ...] = ()
    xp: Points = 0
    track: DamageTrack = DamageTrack.HALE
    advancements: tuple[str, ...] = ()
    rests_today: Annotated[int, Meta(ge=0, le=3)] = 0
    notes: Text = ""
    foci: dict[Name, Name] = field(default_factory=dict)
    """R-TR-8: the focus the character had in each recursion they left."""

    @property
    def impaired(self) -> bool:
        return self.track is DamageTrack.IMPAIRED


class PartyEffect(Frozen):
    """Something on the party until an in-game time (0: until they leave the recursion)."""

    label: Text
    until: Annotated[int, Meta(ge=0, le=10**12)] = 0
    recursion: Name = ""


class Settings(Frozen):
    """What the GM decides for the campaign."""

    allowed_foci: tuple[Name, ...] = ()
    starting_cyphers: Small = 0
    theme_follows_recursion: bool = True
    house_rules: tuple[Name, ...] = ()


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
    effects: tuple[PartyEffect, ...] = ()
    hunters: dict[Id, Hunter] = field(default_factory=dict)
    challenges: dict[Id, Challenge] = field(default_factory=dict)
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
        """Every character's and hunter's name by id (for sentences)."""
        names = {cid: c.name for cid, c in self.characters.items()}
        names.update({hid: h.name for hid, h in self.hunters.items()})
        return names

    def character(self, character_id: str) -> Character:
        """The character with that id; KeyError names it."""
        try:
            return self.characters[character_id]
        except KeyError:
            raise KeyError(f"No character {character_id!r} in this campaign.") from None

    def with_character(self, character: Character) -> Campaign:
        characters = dict(self.characters)
        characters[character.id] = character
        return msgspec.structs.replace(self, characters=characters)
