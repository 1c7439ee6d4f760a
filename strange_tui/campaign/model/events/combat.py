"""A fight's events: its start and end, NPCs joining, initiative, turns, NPC health and
conditions."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated, Literal

from msgspec import Meta, field

from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events.base import Die20, Event
from strange_tui.campaign.model.state import Id, Name, Points, Text
from strange_tui.content.creature_powers import DamageKind
from strange_tui.rules.combat import Condition


class CombatStarted(Event, tag="combat_started"):
    """A fight begins; the party's PCs join it."""

    pcs: tuple[Id, ...]


class NpcsAdded(Event, tag="npcs_added"):
    """NPCs (or a swarm) join the fight."""

    npcs: tuple[Combatant, ...]


class InitiativeRolled(Event, tag="initiative_rolled"):
    """R-CMB-1: each PC's Speed roll (its die, or none if automatic) and who succeeded;
    ``pcs`` is the order the players chose among themselves."""

    pcs: tuple[Id, ...]
    dice: dict[Id, Die20] = field(default_factory=dict)
    succeeded: tuple[Id, ...] = ()
    app_rolled: tuple[Id, ...] = ()
    """The PCs whose die the app rolled (they typed none): the log says so."""


class OrderChanged(Event, tag="order_changed"):
    """The players reordered the PCs; the combat keeps this order."""

    order: tuple[Id, ...]


class TurnAdvanced(Event, tag="turn_advanced"):
    """The next combatant acts; past the last, a new round (conditions tick down)."""


class WaitTriggered(Event, tag="wait_triggered"):
    """R-ACT-1: a waiting PC's trigger came: the turn under way ends and the PC acts now,
    keeping that place in the order (the wait is over)."""

    character: Id
    trigger: Annotated[str, Meta(max_length=120)] = ""


class MovedInFight(Event, tag="moved_in_fight"):
    """R-MOVE-2: a PC moved on their turn: an immediate, short or long distance, perhaps
    over difficult terrain; ``stumbled``: a long move's Speed task failed (the PC slipped,
    tripped or stumbled on the way)."""

    character: Id
    distance: Literal["immediate", "short", "long"]
    difficult: bool = False
    stumbled: bool = False


class ActionTaken(Event, tag="action_taken"):
    """R-CMB-8: the active PC took one of their turn's actions (an attack, an ability, a
    combat action, a task): the command's own line says what it was."""

    character: Id


class ActionGranted(Event, tag="action_granted"):
    """R-CMB-8: the active PC may take another action this turn: the GM's ruling
    (``source`` "") or an ability that says so (its name)."""

    character: Id
    source: Text = ""


class NpcHealthChanged(Event, tag="npc_health_changed"):
    """NPCs hit (negative, before Armor) or healed (positive), one or several at once."""

    targets: tuple[Id, ...]
    amount: Annotated[int, Meta(ge=-1000, le=1000)]
    ignore_armor: bool = False
    source: Text = ""
    armor: Annotated[tuple[Points, ...], Meta(max_length=1000)] = ()
    """The Armor each target had when hit, in the order of ``targets``, so the log says
    what landed, then why (the fold reads the Armor from the fight itself; () in older
    journals, whose lines say the hit before Armor)."""
    traded: Points = 0
    """R-SPEC-6: the damage (after Armor) the attacker gave up for an effect."""
    harm: DamageKind | Literal[""] = ""
    """R-NPC-2: the kind of harm (energy, fire...): a creature's Armor against it counts."""
    trade: Text = ""
    """What that damage bought, in the pack's words with the foe named ('knock Thug down')."""


class ConditionAdded(Event, tag="condition_added"):
    """R-CMB-4: a condition with its duration in rounds (0: the rest of the combat)."""

    targets: tuple[Id, ...]
    condition: Condition


class ConditionRemoved(Event, tag="condition_removed"):
    target: Id
    name: Name


class NpcFled(Event, tag="npc_fled"):
    """R-NPC-3: an NPC left the fight of its own will (its morale failed), once its turn
    was over: off the order, not defeated (fleeing is not a defeat); ``name`` for the log,
    which no longer finds it in the fight."""

    npc: Id
    name: Name


class CombatEnded(Event, tag="combat_ended"):
    """The fight is over; the summary stays in the log."""

    rounds: Points = 0
    dealt: Points = 0
    taken: Points = 0
    intrusions: Points = 0
