"""Moving in a fight (R-MOVE-2; seed 003: "MOVEMENT Immediate (10 ft.) Short (50 ft.) = 1
action", "Difficult Terrain ... ½ round movement, +1 difficulty"; the CSRD's Range and
Speed): the active PC moves an immediate distance as part of another action, a short one
as the whole action, a long one as the whole action with a Speed task the GM sets (2 by
default) not to slip or stumble; difficult terrain halves the move and makes the task a
step harder. A debilitated PC moves an immediate distance at most, none with Speed 0
(R-DMG-4); a held PC cannot move away (R-GRAB-1). ``MovePc`` (``turns``) is another
thing: the players reordering the initiative."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from strange_tui.campaign.commands.base import Command, character_of, state_after
from strange_tui.campaign.commands.combat.actions import ActionPreview, condition_on, rolled
from strange_tui.campaign.commands.combat.attack_situation import HELD
from strange_tui.campaign.commands.combat.grappling import holds
from strange_tui.campaign.commands.combat.reactions import task_roll
from strange_tui.campaign.commands.combat.views import (
    combatant_of,
    encounter_of,
    loses_this_turn,
    pc_limit,
)
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import AnyEvent, ConditionAdded, MovedInFight
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.combat import (
    DIFFICULT_TERRAIN_STEP,
    LONG_MOVE_DIFFICULTY,
    Condition,
    fight_move,
)
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.task import MAX_DIFFICULTY
from strange_tui.rules.track import can_move

Distance = Literal["immediate", "short", "long"]
PRONE = "prone"
PRONE_ROUNDS = 1


class MoveInFight(Command, frozen=True, kw_only=True):
    """R-MOVE-2: the active PC moves ``distance`` (immediate, short or long), perhaps over
    ``difficult`` terrain. A long move is a Speed task at ``difficulty`` (the GM's; 2 by
    default), a step harder in difficult terrain; on a failure the PC slips or stumbles on
    the way (the GM says how far they got), and is left prone for a round when the GM says
    so (``prone``). One command: the roll (if any) and the move."""

    character: str
    distance: Distance = "short"
    difficult: bool = False
    difficulty: int = LONG_MOVE_DIFFICULTY
    prone: bool = False
    effort: int = 0
    assets: int = 0
    die: int | None = None

    def mover(self, state: Campaign) -> Combatant:
        """The PC moving on their turn; RuleViolation with the reason they cannot."""
        encounter = encounter_of(state)
        who = combatant_of(encounter, self.character)
        if not who.pc:
            raise RuleViolation(f"{who.name} is not a PC: the NPCs' moves are the GM's.")
        fight_move(self.distance, difficult=self.difficult)  # Refuses another distance.
        active = encounter.active
        if active is None:
            raise RuleViolation("Roll initiative first.")
        if active.id != who.id:
            raise RuleViolation(f"It is {active.name}'s turn, not {who.name}'s.")
        if loses_this_turn(encounter, who):
            raise RuleViolation(f"{who.name} is stunned and loses this turn.")
        pc = character_of(state, who.id)
        crawl = self.distance == "immediate" and can_move(pc.track, pc.pools.speed.current)
        if (limit := pc_limit(state, who.id)) and not crawl:
            raise RuleViolation(limit)
        if (grip := condition_on(who, HELD)) is not None:
            by = f" by {grip.note}" if grip.note else ""
            raise RuleViolation(
                f"{who.name} is held{by} and cannot move away until breaking free (a Might task)."
            )
        return who

    def task(self, state: Campaign) -> Roll | None:
        """A long move's Speed task (None for a shorter move, which takes no roll)."""
        self.mover(state)
        if self.distance != "long":
            if self.effort or self.assets or self.die is not None:
                raise RuleViolation("Only a long move takes a roll: no Effort, assets or die.")
            return None
        if not 0 <= self.difficulty <= MAX_DIFFICULTY:
            raise RuleViolation(f"The Speed task's difficulty is 0 to {MAX_DIFFICULTY}.")
        over = " over difficult terrain" if self.difficult else ""
        return task_roll(state, self.character, Stat.SPEED, self.difficulty,
                         f"a long move{over}", effort=self.effort, assets=self.assets,
                         die=self.die,
                         hindered=DIFFICULT_TERRAIN_STEP if self.difficult else 0)  # fmt: skip

    def lines(self, state: Campaign, who: Combatant) -> list[str]:
        takes = fight_move(self.distance, difficult=self.difficult)
        lines = [f"{self.distance.capitalize()} distance: {takes}."]
        if self.difficult:
            lines.append(
                "Difficult terrain halves the move: an immediate distance takes the whole"
                " action; a longer move gets halfway, the rest takes the next turn."
            )
        if self.distance == "long":
            step = ", a step harder in difficult terrain" if self.difficult else ""
            prone = f" and is prone for {PRONE_ROUNDS} round" if self.prone else ""
            lines.append(
                f"A Speed task at {self.difficulty} (the GM's){step}. On a failure {who.name}"
                f" slips or stumbles on the way{prone}: the GM says how far they got."
            )
        if pc_limit(state, who.id):
            lines.append(f"{who.name} is debilitated: an immediate distance is all they can do.")
        move = MovedInFight(character=who.id, distance=self.distance, difficult=self.difficult)
        try:  # R-CMB-8: said before the die, not after it (the turn's action may be spent).
            state_after(state, [move])
        except RuleViolation as refused:
            lines.append(f"Not now: {refused}")
        encounter = encounter_of(state)
        for held in (c for c in encounter.combatants.values() if holds(who, c)):
            lines.append(
                f"{who.name} holds {held.name}: the GM says whether it comes along"
                " (else let go first)."
            )
        return lines

    def preview(self, state: Campaign) -> ActionPreview:
        task = self.task(state)
        who = self.mover(state)
        over = " over difficult terrain" if self.difficult else ""
        article = "an" if self.distance == "immediate" else "a"
        return ActionPreview(
            title=f"{who.name} moves {article} {self.distance} distance{over}",
            lines=tuple(self.lines(state, who)),
            roll=task.preview(state) if task is not None else None,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        task = self.task(state)
        move = MovedInFight(
            character=self.character, distance=self.distance, difficult=self.difficult
        )
        if task is None:
            return [move]
        events, made = rolled(task, state, dice)
        if made.success:
            return [*events, move]
        events.append(MovedInFight(character=self.character, distance=self.distance,
                                   difficult=self.difficult, stumbled=True))  # fmt: skip
        if self.prone:
            prone = Condition(name=PRONE, rounds=PRONE_ROUNDS)
            events.append(ConditionAdded(targets=(self.character,), condition=prone))
        return events
