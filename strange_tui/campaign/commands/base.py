"""What every command shares: who sends it, how it decides its events, and its preview.

A command is one player's (or the GM's) action. ``decide(state, dice)`` is a pure function
of the state, the choices the command carries and the dice (a player's typed die, or the
app's): it returns the events the action makes, or raises RuleViolation saying why not.
``preview(state)`` is what a dialog shows before the player commits, computed by the same
code that ``decide`` uses. The store applies a command's events as one transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

import msgspec

from strange_tui.campaign.model.abilities import moment
from strange_tui.campaign.model.acclimation import asleep_refusal
from strange_tui.campaign.model.events import ActionTaken, AnyEvent
from strange_tui.campaign.model.seats import GM, player_name
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.campaign.store import fold_command
from strange_tui.rules.dice import DiceSource, PlayerDice, SeededDice, check_face
from strange_tui.rules.errors import RuleViolation


class Command(msgspec.Struct, frozen=True, kw_only=True):
    """Base of every command: ``by`` names the seat that sends it."""

    by: str = GM

    GM_ONLY: ClassVar[bool] = False
    """True for what only the GM's seat may do (award XP, run the NPCs, the clock...)."""
    GM_ACTION: ClassVar[str] = "do that"
    """What this command does, in words for "Only the GM may ..."."""
    ANY_SEAT: ClassVar[bool] = False
    """True for what touches no one's numbers and any seat may do (write a note of the
    story, in the player's own words: a player's view of the story, which hides nothing
    from anyone and decides nothing)."""
    STORY_TOOL: ClassVar[bool] = False
    """True for the story's tools (scenes, tension, threads and people, an NPC's reaction,
    a draw from the tables, the oracle): what a GM decides. The GM's seat's in a campaign
    with a GM; any seat's in solo play (``Settings.solo``), where the app is the GM."""
    TURN_ACTION: ClassVar[bool] = False
    """R-CMB-8: True for what is the action of a PC's turn (an attack, a task, a combat
    action, a cypher): sent for the PC whose turn it is, it spends that turn's action."""

    def takes_action(self, state: Campaign) -> bool:
        """R-CMB-8: whether this command is an action of its character's turn (most say it
        by ``TURN_ACTION``; an ability by its kind)."""
        return self.TURN_ACTION

    def acting_for(self, state: Campaign) -> str | None:
        """The character this action is for, whose seat may send it (None: the table's
        business, the GM's). Most commands name it in ``character``; the Hunters' name
        their hunter in ``hunter``."""
        if self.GM_ONLY:
            return None
        character = getattr(self, "character", None)
        if not isinstance(character, str):
            character = getattr(self, "hunter", None)
        return character if isinstance(character, str) else None

    def ability_used(self) -> str:
        """The ability (a trait's name) this command uses, if any: R-TR-8 refuses one of a
        focus still asleep while its character acclimates."""
        return ""

    def seat_may(self, state: Campaign) -> str | None:
        """Why the seat in ``by`` may not send this command (None: it may). The GM's seat
        may do anything; a player's seat acts only for its own character (or hunter); the
        story's tools are every seat's in solo play only."""
        if self.by == GM:
            return None
        mine = player_name(state, self.by)
        if self.STORY_TOOL and not state.settings.solo:
            return f"Only the GM may {self.GM_ACTION}: this campaign has a GM."
        if self.ANY_SEAT or self.STORY_TOOL:
            return None if mine is not None else f"No seat {self.by!r} at this table."
        acting_for = self.acting_for(state)
        if acting_for is None:
            return f"Only the GM may {self.GM_ACTION}."
        if mine is None:
            return f"No seat {self.by!r} at this table."
        if acting_for != self.by:
            whom = player_name(state, acting_for) or acting_for
            return f"{mine}'s seat acts for {mine} only, not for {whom}."
        return None

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        """The events this action makes (RuleViolation when it cannot happen)."""
        raise NotImplementedError

    def preview(self, state: Campaign) -> Any:
        """What the player sees before committing (the command's own preview type)."""
        raise RuleViolation(f"{type(self).__name__} has nothing to preview.")


class SoloPolicy(Protocol):
    """What the app adds to a command in the GM's chair (solo play: its intrusion after a
    roll). The commands know nothing of it: the caller that has the packs passes one."""

    def after(
        self, state: Campaign, events: Sequence[AnyEvent], dice: DiceSource, before: Campaign
    ) -> Sequence[AnyEvent]:
        """The events to add to ``events`` (the command's own, made on ``before`` and
        already folded into ``state``), in the same step; none most of the time."""
        ...


def decide(
    state: Campaign,
    command: Command,
    dice: DiceSource | None = None,
    solo: SoloPolicy | None = None,
) -> tuple[AnyEvent, ...]:
    """The events ``command`` makes on ``state``; RuleViolation when it cannot happen,
    including anything ``reduce`` would refuse (they are folded here to make sure).
    ``solo`` adds what the app decides in the GM's chair to the same step (one journal
    entry, one undo), with the same dice."""
    authorise(state, command)
    awake(state, command)
    dice = dice if dice is not None else SeededDice()
    events = tuple(command.decide(state, dice))
    if events and (spent := turn_action(state, command)):
        events = (*events, spent)
    if events and command.by != GM:
        events = (msgspec.structs.replace(events[0], seat=command.by), *events[1:])
    after, _ = fold_command(state, events)
    if solo is not None and (added := tuple(solo.after(after, events, dice, state))):
        events = (*events, *added)
        fold_command(state, events)
    return events


def turn_action(state: Campaign, command: Command) -> ActionTaken | None:
    """R-CMB-8: the action ``command`` spends of its character's turn, when it is an action
    sent for the PC whose turn it is in a fight (the fold refuses one too many, with why);
    None otherwise (out of a fight, on another's turn: a reaction, a triggered wait)."""
    encounter = state.encounter
    active = encounter.active if encounter is not None else None
    if active is None or not active.pc or not command.takes_action(state):
        return None
    return ActionTaken(character=active.id) if command.acting_for(state) == active.id else None


def preview(state: Campaign, command: Command) -> Any:
    """What ``command`` would do on ``state``, for a dialog to show before the player
    commits (the same code as ``decide``)."""
    authorise(state, command)
    awake(state, command)
    return command.preview(state)


def authorise(state: Campaign, command: Command) -> None:
    """RuleViolation when the seat that sends ``command`` may not (a player's seat acting
    for another character, or doing the GM's part)."""
    if reason := command.seat_may(state):
        raise RuleViolation(reason)


def awake(state: Campaign, command: Command) -> None:
    """R-TR-8: RuleViolation when ``command`` uses an ability of a focus that sleeps while
    its character acclimates (seed 003: no focus can be accessed during acclimation)."""
    name = command.ability_used()
    who = state.characters.get(command.acting_for(state) or "") if name else None
    if who is not None and (reason := asleep_refusal(who, name, moment(state))):
        raise RuleViolation(reason)


def dice_for(typed: int | None, dice: DiceSource, sides: int = 20) -> DiceSource:
    """The player's own die when they typed one (R-TASK-6), else the app's dice."""
    if typed is None:
        return dice
    check_face(typed, sides)
    return PlayerDice([typed])


def character_of(state: Campaign, character_id: str) -> Character:
    """The character a command names; RuleViolation when there is none."""
    try:
        return state.character(character_id)
    except KeyError as missing:
        raise RuleViolation(str(missing.args[0])) from None


MAX_NAME = 80
"""The longest name a command records (a skill, an ability, a focus the GM allows)."""
MAX_TEXT = 20_000
"""The longest free text a command records (a reason, an intrusion's words)."""


def gm_only(command: Command, what: str) -> None:
    """Refuse a command only the GM's seat may send."""
    if command.by != GM:
        raise RuleViolation(f"Only the GM {what}.")


def text(value: str, what: str, limit: int = MAX_TEXT) -> str:
    """Free text as recorded (stripped), refused when too long to keep."""
    value = value.strip()
    if len(value) > limit:
        raise RuleViolation(f"{what} is {limit:,} characters at most.")
    return value


def name(value: str | None, what: str) -> str | None:
    """A name as recorded (stripped; None when blank), refused when too long."""
    value = (value or "").strip()
    if len(value) > MAX_NAME:
        raise RuleViolation(f"{what} is {MAX_NAME} characters at most.")
    return value or None


def state_after(state: Campaign, events: Sequence[AnyEvent]) -> Campaign:
    """The campaign once ``events`` are applied, as the store would apply them
    (RuleViolation with the rules' reason when they would be refused)."""
    return fold_command(state, events)[0]
