"""A save (R-SAVE-1): a second defense task after a hit, or against a poison or a disease
(seed 003: "Save: Second defense task after successful hit"; "Might defense, then special
effect"). The PC rolls a defense in a stat (Might unless the GM picks another) at the
effect's level; a failure lets the effect land: points off a pool (through the damage
rules, R-DMG-1..3, Armor not counting: it is no blow) and/or steps down the damage track
(R-DMG-3). In a fight or out of one; one command: the roll and what a failure brings.

The defense roll itself (``defense_task``) is shared with the grab an NPC makes
(``grappling``)."""

from __future__ import annotations

from collections.abc import Sequence

from strange_tui.campaign.commands.base import Command, character_of, state_after
from strange_tui.campaign.commands.character.damage import landed
from strange_tui.campaign.commands.combat.actions import ActionPreview, note_of
from strange_tui.campaign.commands.combat.defense import DefenseSkill, surprised_by
from strange_tui.campaign.commands.combat.defense_training import claimed_defense
from strange_tui.campaign.commands.combat.limits import MAX_NPC_DAMAGE, MAX_NPC_LEVEL
from strange_tui.campaign.commands.combat.views import capped, defense_reasons
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import AnyEvent, DamageTaken, RollMade, TrackShifted
from strange_tui.campaign.model.folds.rolls import task_of
from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.rules import combat
from strange_tui.rules.dice import DiceSource, PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.task import D20, resolve
from strange_tui.rules.track import DamageTrack, can_act

MAX_TRACK_STEPS = 3


def in_fight(state: Campaign, character: str) -> Combatant | None:
    """The PC as a combatant of the fight under way (None: no fight, or not in it)."""
    encounter = state.encounter
    return encounter.combatants.get(character) if encounter is not None else None


def defense_task(
    state: Campaign,
    character: str,
    stat: Stat,
    level: int,
    label: str,
    *,
    skill: DefenseSkill | None,
    effort: int,
    assets: int,
    die: int | None,
    by: str = GM,
) -> Roll:
    """R-CMB-3, R-CMB-4: a PC's defense roll at ``level``: trained, specialized or unable
    as the sheet says for that defense (``skill`` None) or as chosen; in a fight hindered by
    the PC's own conditions (held: a step harder, R-GRAB-1; guarding: easier), and no
    Effort while surprised (R-ACT-2)."""
    who = in_fight(state, character)
    conditions = who.conditions if who is not None else ()
    if effort and who is not None and (surprised := surprised_by(who)):
        raise RuleViolation(f"{who.name} is {surprised}: no Effort on this defense.")
    # R-TASK-9: the seat ``by`` claims no more than the sheet gives (the GM's may grant).
    chosen, named = claimed_defense(state, character, stat, skill, by)
    difficulty, beyond = capped(level)
    steps = sum(condition.defense for condition in conditions)
    return Roll(
        character=character,
        stat=stat,
        difficulty=difficulty,
        label=label,
        skill="" if chosen == "inability" else chosen,  # type: ignore[arg-type]
        training=named,
        inability=chosen == "inability",
        effort=effort,
        assets=assets,
        hindrances=beyond + combat.hindrance(conditions) + max(steps, 0),
        eased=max(-steps, 0),
        reasons=tuple(defense_reasons(conditions, beyond)),
        defense=True,
        die=die,
    )


def failing_die(roll: Roll, state: Campaign) -> int | None:
    """A die on which ``roll`` fails (None: none does, an automatic success)."""
    task = task_of(roll.setup(state))
    return next((die for die in (*range(2, D20 + 1), 1) if not resolve(task, die).success), None)


def pools_words(who: Character) -> str:
    pools = who.pools
    return (
        f"M{pools.might.current} S{pools.speed.current} I{pools.intellect.current},"
        f" {who.track.label}"
    )


class Resist(Command, frozen=True, kw_only=True):
    """R-SAVE-1: the PC resists an effect (a poison, a disease, what a hit brings): a
    defense roll in ``stat`` at ``level``. A failure: ``damage`` points to ``pool`` (Armor
    does not count; what empties a pool spills on and moves the PC down the track,
    R-DMG-2, R-DMG-3) and ``track`` steps down the damage track. A success: nothing.
    R-DMG-4: a debilitated PC cannot resist (the effect lands, no roll); the dead are
    beyond it. One command: the roll and its consequences."""

    character: str
    level: int = 2
    stat: Stat = Stat.MIGHT
    effect: str = ""
    """What is resisted, in the GM's words ("the spider's venom")."""
    damage: int = 0
    pool: Stat = Stat.MIGHT
    track: int = 0
    skill: DefenseSkill | None = None
    effort: int = 0
    assets: int = 0
    die: int | None = None

    def resister(self, state: Campaign) -> Character:
        who = character_of(state, self.character)
        if who.track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead: beyond any effect.")
        if not 1 <= self.level <= MAX_NPC_LEVEL:
            raise RuleViolation(f"The effect's level is 1 to {MAX_NPC_LEVEL}.")
        if not 0 <= self.damage <= MAX_NPC_DAMAGE:
            raise RuleViolation(f"The damage is 0 to {MAX_NPC_DAMAGE} points.")
        if not 0 <= self.track <= MAX_TRACK_STEPS:
            raise RuleViolation(f"The damage track moves 0 to {MAX_TRACK_STEPS} steps.")
        if not self.damage and not self.track:
            raise RuleViolation("Say what a failure does: damage, steps down the track, or both.")
        return who

    def what(self) -> str:
        return note_of(self.effect, "what is resisted (a poison, a disease...)")

    def no_roll(self, state: Campaign) -> str:
        """R-DMG-4: why the PC makes no roll ('' when they can)."""
        who = self.resister(state)
        if can_act(who.track):
            return ""
        return f"{who.name} is debilitated and cannot resist: the effect lands."

    def roll(self, state: Campaign) -> Roll:
        self.resister(state)
        return defense_task(
            state,
            self.character,
            self.stat,
            self.level,
            f"Resist {self.what()}",
            skill=self.skill,
            effort=self.effort,
            assets=self.assets,
            die=self.die,
            by=self.by,
        )

    def landing(self, state: Campaign) -> list[AnyEvent]:
        """What a failure brings, on ``state`` (the roll already paid): the damage, with
        where it goes, then the steps down the track (none once the damage has killed)."""
        what = self.what()
        events: list[AnyEvent] = []
        if self.damage:
            hit = DamageTaken(
                character=self.character, amount=self.damage, stat=self.pool, source=what
            )
            events.append(landed(state, hit))
        if self.track:
            after = state_after(state, events) if events else state
            if after.characters[self.character].track is not DamageTrack.DEAD:
                events.append(TrackShifted(character=self.character, steps=self.track, reason=what))
        return events

    def events(self, state: Campaign, dice: DiceSource) -> list[AnyEvent]:
        if reason := self.no_roll(state):
            if self.effort or self.assets or self.die is not None:
                raise RuleViolation(reason)
            return self.landing(state)
        events = list(self.roll(state).decide(state, dice))
        made = next(event for event in events if isinstance(event, RollMade))
        if made.success:
            return events
        return [*events, *self.landing(state_after(state, events))]

    def failure_words(self) -> str:
        parts = []
        if self.damage:
            parts.append(f"{self.damage} {self.pool.value.title()} damage, no Armor")
        if self.track:
            parts.append(f"{self.track} step{'s' * (self.track != 1)} down the damage track")
        return " and ".join(parts)

    def preview(self, state: Campaign) -> ActionPreview:
        who = self.resister(state)
        title = f"{who.name} resists {self.what()}"
        if reason := self.no_roll(state):
            after = state_after(state, self.events(state, PlayerDice([])))
            landing = f"{self.failure_words()} → {pools_words(after.characters[who.id])}."
            return ActionPreview(title=title, lines=(reason, landing))
        roll = self.roll(state)
        shown = roll.preview(state)
        lines = [f"A {self.stat.value.title()} defense at level {self.level}."]
        failing = failing_die(roll, state)
        if shown.odds.automatic or failing is None:
            lines.append("An automatic success: nothing lands.")
        elif shown.problem:
            lines.append(f"On a failure: {self.failure_words()}.")
        else:
            after = state_after(state, self.events(state, PlayerDice([failing])))
            lines.append(
                f"On a failure: {self.failure_words()} → {pools_words(after.characters[who.id])}."
            )
            lines.append("On a success: nothing happens.")
        return ActionPreview(title=title, lines=tuple(lines), roll=shown)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return self.events(state, dice)
