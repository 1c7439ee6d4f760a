"""The current fight: combatants in initiative order, rounds and turns, conditions (R-CMB)."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated, Literal

from msgspec import Meta, field

from strange_tui.campaign.model.types import Frozen, Id, Name, Points, Small, Text
from strange_tui.content.creature_powers import AnyCreatureEffect, Behaviour
from strange_tui.rules.combat import Condition
from strange_tui.rules.pools import Stat


class Combatant(Frozen):
    """One side of the fight. A PC's pools live on its sheet; an NPC has health."""

    id: Id
    name: Name
    pc: bool = False
    level: Small = 0
    health: Points = 0
    max_health: Points = 0
    damage: Points = 0
    armor: Small = 0
    swarm: bool = False
    boss: bool = False
    conditions: tuple[Condition, ...] = ()
    inanimate: bool = False
    """R-HAZ-2: an object to attack (a door, a lock): its Armor by hardness; it never
    takes a turn and does not count for initiative."""
    attack_pool: Stat = Stat.MIGHT
    """R-DMG-1: the pool an NPC's attack damages (a poison Speed, a psychic blast
    Intellect); Armor counts only against Might damage (R-DMG-1)."""
    creature: Id | None = None
    """The pack entry it came from (None: a quick "level N" NPC)."""
    effects: tuple[AnyCreatureEffect, ...] = ()
    """R-NPC-1, R-NPC-2: its creature's modifications and powers, carried into the fight."""
    intrusion: Text = ""
    """The GM intrusion its entry suggests, offered to the GM."""
    behaviour: Behaviour | None = None
    """How the app plays it in solo play (None: at random, fleeing when badly hurt)."""

    @property
    def defeated(self) -> bool:
        return not self.pc and self.health == 0


NPC_TARGET = "target"
"""The table of the draw that records an NPC's choice of target (``Drawn.table``): the
app running an NPC's action on its turn (solo play)."""
NPC_TACTIC = "tactic"
"""R-NPC-3: the draw of an NPC the app plays by its entry's behaviour: its target, and
the dice that came before it (morale, the area die), in words with their odds."""
NPC_AREA = "area"
"""R-NPC-3: the draw that sends an NPC's area attack at every PC: its whole turn."""
NPC_MORALE = "morale"
"""R-NPC-3: the morale die that made an NPC flee."""
NPC_ATTACKS = (NPC_TARGET, NPC_TACTIC, NPC_AREA)
"""The draws that are one of the active NPC's attacks this turn."""


class Encounter(Frozen):
    """Round 0 is before initiative; ``turn`` indexes ``order``."""

    round: Annotated[int, Meta(ge=0, le=100_000)] = 0
    turn: Annotated[int, Meta(ge=0, le=1000)] = 0
    order: tuple[Id, ...] = ()
    combatants: dict[Id, Combatant] = field(default_factory=dict)
    dealt: Points = 0
    taken: Points = 0
    intrusions: Points = 0
    fresh: dict[Id, tuple[Name, ...]] = field(default_factory=dict)
    """R-CMB-4: the conditions that came to the active combatant during its own turn:
    that turn does not count for them (they cover the holder's next turn)."""
    cast: dict[Id, Annotated[int, Meta(ge=0, le=20)]] = field(default_factory=dict)
    """Before round 1: the initiative dice the PCs rolled at their own seats (0: no roll
    was needed), kept until every PC has rolled."""
    cast_by_app: tuple[Id, ...] = ()
    """Of those, the PCs whose die the app rolled."""
    attacks: dict[Id, tuple[tuple[Id, bool, bool], ...]] = field(default_factory=dict)
    """R-CIR-3: this round's attacks on each foe, as (attacker, ranged, hit), in order;
    a new round forgets them (into ``last_attacks``)."""
    last_attacks: dict[Id, tuple[tuple[Id, bool, bool], ...]] = field(default_factory=dict)
    """R-CIR-3: the round before's: three who attacked a foe in melee keep their +1 while
    they go on attacking it."""
    npc_acted: bool = False
    """Solo play: the active NPC's action this turn is spent whole (``NpcAttacks``: an area
    attack; in a campaign saved before ``npc_attacks``, its one attack); the next turn
    clears it."""
    npc_attacks: Annotated[int, Meta(ge=0, le=20)] = 0
    """Solo play (R-NPC-3): the attacks the app made for the active NPC this turn, up to
    its attacks a turn (R-NPC-2); the next turn clears it."""

    hold_tested: Literal["", "kept", "slipped"] = ""
    """R-GRAB-1: on the turn of an NPC a PC holds, the holder's roll to keep hold as it
    struggles to act: "kept" (no physical action for it this turn), "slipped" (it may
    attempt one, still held); "" not rolled yet. The next turn clears it."""

    acted: Annotated[int, Meta(ge=0, le=20)] = 0
    """R-CMB-8: the actions the active PC has taken this turn; the next turn clears it."""
    granted: Annotated[int, Meta(ge=0, le=20)] = 0
    """R-CMB-8: the further actions the GM or an ability gave the active PC this turn."""
    moved: Annotated[int, Meta(ge=0, le=20)] = 0
    """R-CMB-8, R-MOVE-2: the immediate moves the active PC made this turn, each part of
    one of its actions."""

    @property
    def active(self) -> Combatant | None:
        if not self.order or self.round == 0:
            return None
        return self.combatants.get(self.order[self.turn])

    def npcs(self) -> list[Combatant]:
        return [c for c in self.combatants.values() if not c.pc]


MAX_ACTIONS = 20
"""The most actions a turn counts (the fold refuses more grants)."""


def actions_allowed(encounter: Encounter) -> int:
    """R-CMB-8: the actions the active PC may take this turn: one, and each granted."""
    return 1 + encounter.granted


def action_spent(encounter: Encounter, combatant_id: str) -> str | None:
    """R-CMB-8: why ``combatant_id`` (a PC on their own turn) can take no further action
    this turn, or None while one is left (or it is not their turn)."""
    active = encounter.active
    if active is None or active.id != combatant_id or not active.pc:
        return None
    if encounter.acted < actions_allowed(encounter):
        return None
    return (
        f"{active.name} has acted this turn: end the turn, or the GM grants another action."
    )


def health_word(npc: Combatant) -> str:
    """An NPC's health as the players see it while the GM keeps the numbers hidden: unhurt,
    hurt (more than half left), badly hurt (half or less) or down."""
    return health_in_words(npc.health, npc.max_health)


def health_in_words(health: int, max_health: int) -> str:
    """``health`` of ``max_health`` as ``health_word`` says it (a preview's health after a
    hit, too)."""
    if health <= 0:
        return "down"
    if health >= max_health:
        return "unhurt"
    return "hurt" if health * 2 > max_health else "badly hurt"
