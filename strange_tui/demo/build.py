"""Writes the demo campaign by playing a scripted adventure through the store.

The adventure is made of scenes: time passes, the party attempts tasks (with Effort when
they can afford it), foes hit the ones who fail to defend, the GM intrudes and awards XP,
cyphers come and go, and the wounded rest. Seeded dice make the same campaign every time.
"""

from __future__ import annotations

import random
import tomllib
from importlib import resources
from pathlib import Path

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.commands.character import traits_for
from strange_tui.campaign.model.abilities import armor_total, moment
from strange_tui.campaign.model.events import (
    CharacterCreated,
    ClockAdvanced,
    CypherGained,
    CypherUsed,
    DamageTaken,
    IntrusionAccepted,
    IntrusionRefused,
    RecoveryRolled,
    RollMade,
    SettingsChanged,
    XpAwarded,
)
from strange_tui.campaign.model.folds.rolls import make_roll
from strange_tui.campaign.model.state import Character, Cypher, Settings
from strange_tui.campaign.store import Store
from strange_tui.content.loader import Content
from strange_tui.rules.cyphers import cyphers_to_discard
from strange_tui.rules.dice import SeededDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.recovery import next_rest
from strange_tui.rules.track import can_act
from strange_tui.storage.folder import CampaignFolder

DEMO_SEED = 1729
SCENES = 36
TASKS = (
    ("Climb the fire escape", Stat.MIGHT, ""),
    ("Force the rusted door", Stat.MIGHT, ""),
    ("Dodge the falling shelf", Stat.SPEED, ""),
    ("Slip past the guard", Stat.SPEED, "Sneaking"),
    ("Read the strange glyphs", Stat.INTELLECT, "Deduction"),
    ("Talk the doorman round", Stat.INTELLECT, "Persuasion"),
    ("Spot the tail", Stat.INTELLECT, "Assessing danger"),
    ("Shoot the lock off", Stat.SPEED, "Guns"),
)
CYPHERS = (
    Cypher(name="Stim patch", level=3, effect="Restores a few Might points at once."),
    Cypher(name="Phase key", level=4, occultic=True, effect="Lets the bearer walk through a wall."),
    Cypher(name="Flash charge", level=2, effect="Blinds everyone nearby for a round."),
    Cypher(name="Memory lozenge", level=5, effect="Recalls one forgotten fact clearly."),
)


def party() -> tuple[str, Settings, list[Character]]:
    """The demo's name, settings and characters, from party.toml."""
    data = tomllib.loads(resources.files(__package__).joinpath("party.toml").read_text())
    settings = msgspec.convert(data["settings"], Settings)
    characters = msgspec.convert(data["characters"], list[Character])
    # What each one's abilities do comes from the packs, as it does for a character the
    # wizard makes (the sheet's numbers above already count their lasting effects).
    packs = Content()
    characters = [replace(c, traits=traits_for(packs, c)) for c in characters]
    return data["name"], settings, characters


def build_demo(saves: Path, folder_name: str = "demo", seed: int = DEMO_SEED) -> CampaignFolder:
    """Create the demo campaign in ``saves/folder_name`` and play its adventure."""
    name, settings, characters = party()
    folder = CampaignFolder.create(saves, name, slug=folder_name)
    store = folder.open()
    store.dispatch(SettingsChanged(settings=settings))
    for character in characters:
        store.dispatch(CharacterCreated(character=character))
    adventure = Adventure(store, seed)
    adventure.play(SCENES)
    adventure.ambush(foe_level=5)
    store.compact()
    return folder


class Adventure:
    """Plays scenes against a store with seeded dice."""

    def __init__(self, store: Store, seed: int) -> None:
        self.store = store
        self.random = random.Random(seed)
        self.dice = SeededDice(seed)

    @property
    def ids(self) -> list[str]:
        return list(self.store.state.characters)

    def play(self, scenes: int) -> None:
        for scene in range(scenes):
            minutes = self.random.choice((10, 20, 30, 45, 60, 90))
            self.store.dispatch(ClockAdvanced(seconds=minutes * 60, reason="travel and talk"))
            for _ in range(self.random.randint(3, 7)):
                self.attempt_task()
            if self.random.random() < 0.6:
                self.fight_round()
            if scene % 3 == 2:
                self.intrude()
            if scene % 4 == 3:
                self.find_cypher()
            if scene % 6 == 5:
                self.award_xp()
            self.rest_the_wounded()

    def attempt_task(self) -> None:
        who = self.random.choice(self.ids)
        character = self.store.state.characters[who]
        if not can_act(character.track):
            return
        label, stat, skill = self.random.choice(TASKS)
        level = character.skills.get(skill, "") if skill else ""
        effort = 1 if character.pools[stat].current >= 8 and self.random.random() < 0.4 else 0
        setup = RollMade(
            character=who,
            stat=stat,
            label=label,
            difficulty=self.random.randint(2, 6),
            skill=level if level in ("trained", "specialized") else "",
            inability=level == "inability",
            assets=self.random.choice((0, 0, 1)),
            effort=effort,
        )
        self.dispatch(make_roll(character, setup, self.dice))

    def fight_round(self) -> None:
        self.ambush(foe_level=self.random.randint(2, 4))

    def ambush(self, foe_level: int) -> None:
        """A foe attacks each PC, who rolls to defend (the GM never rolls)."""
        for who in self.ids:
            character = self.store.state.characters[who]
            if not can_act(character.track):
                continue
            defense = RollMade(
                character=who,
                stat=Stat.SPEED,
                label=f"Dodge a level {foe_level} thug",
                difficulty=foe_level,
            )
            rolled = make_roll(character, defense, self.dice)
            self.dispatch(rolled)
            if not rolled.success:
                self.dispatch(
                    DamageTaken(
                        character=who,
                        amount=foe_level,
                        armor=armor_total(character, moment(self.store.state)),
                        source=f"level {foe_level} thug",
                    )
                )

    def intrude(self) -> None:
        who = self.random.choice(self.ids)
        character = self.store.state.characters[who]
        if character.xp and self.random.random() < 0.3:
            self.dispatch(IntrusionRefused(character=who, what="The floor gives way"))
            return
        friend = self.random.choice([other for other in self.ids if other != who])
        self.dispatch(IntrusionAccepted(character=who, given_to=friend, what="A gun jams"))

    def find_cypher(self) -> None:
        who = self.random.choice(self.ids)
        character = self.store.state.characters[who]
        if character.cyphers and self.random.random() < 0.5:
            used = character.cyphers[0]
            self.dispatch(CypherUsed(character=who, index=0, name=used.name))
        self.dispatch(CypherGained(character=who, cypher=self.random.choice(CYPHERS)))
        carried = self.store.state.characters[who].cyphers
        limit = self.store.state.characters[who].cypher_limit
        for index in reversed(
            cyphers_to_discard([c.occultic for c in carried], limit, self.random)
        ):
            self.dispatch(
                CypherUsed(character=who, index=index, name=carried[index].name, discarded=True)
            )

    def award_xp(self) -> None:
        for who in self.ids:
            self.dispatch(XpAwarded(character=who, amount=1, reason="a discovery"))

    def rest_the_wounded(self) -> None:
        for who in self.ids:
            character = self.store.state.characters[who]
            lost = {
                stat: character.pools[stat].maximum - character.pools[stat].current for stat in Stat
            }
            if sum(lost.values()) < 8:
                continue
            die = self.dice.roll(6)
            points = die + character.tier + character.recovery_bonus
            allocation: dict[Stat, int] = {}
            for stat in sorted(Stat, key=lambda s: -lost[s]):
                share = min(points, lost[stat])
                if share:
                    allocation[stat] = share
                    points -= share
            rest = next_rest(character.rests_today)
            self.dispatch(
                RecoveryRolled(
                    character=who,
                    die=die,
                    bonus=character.tier + character.recovery_bonus,
                    allocation=allocation,
                    clock=rest.rounds * 6 + rest.minutes * 60,
                )
            )

    def dispatch(self, event) -> None:
        try:
            self.store.dispatch(event)
        except RuleViolation:
            pass  # The adventure just moves on, as a table would.
