"""A PC's attack on NPCs: its roll, damage and effect as one command (R-CMB-2, R-EFF-5).

Just over 300 lines: one command, whose roll, hit and events read the same situation;
what its dialog shows is ``attack_preview``, what moves it ``attack_situation``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

from msgspec.structs import replace

from strange_tui.campaign.commands.base import Command, character_of, state_after
from strange_tui.campaign.commands.combat import ability_weapons as by_ability
from strange_tui.campaign.commands.combat.attack_preview import AttackPreview, attack_preview
from strange_tui.campaign.commands.combat.attack_situation import (
    HIGH_AND_LOW,
    HIGH_AND_LOW_ROUNDS,
    bonus_lines,
    check_joining,
    completes_high_and_low,
    damage_lines,
    die_damage,
    reach_line,
)
from strange_tui.campaign.commands.combat.limits import MAX_ATTACK_BONUS, MAX_NPC_DAMAGE
from strange_tui.campaign.commands.combat.specials import (
    DAMAGE,
    EFFECT_CONDITIONS,
    SpecialChoice,
    landed_special,
    special_options,
)
from strange_tui.campaign.commands.combat.trades import armor_against, check_trade, health_events
from strange_tui.campaign.commands.combat.views import (
    capped,
    check_acting,
    combatant_of,
    encounter_of,
)
from strange_tui.campaign.commands.combat.weapons import (
    UNARMED,
    WeaponUsed,
    ability_damage,
    weapon_training,
)
from strange_tui.campaign.commands.rolls.circumstances import Support, itemised
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.abilities import base_cost, moment
from strange_tui.campaign.model.creatures import (
    NO_REGENERATION,
    defense_tags,
    level_for,
    stops_regeneration,
)
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import AnyEvent, ConditionAdded, NpcHealthChanged, RollMade
from strange_tui.campaign.model.folds.rolls import task_of
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.content.creature_powers import DamageKind
from strange_tui.content.model import Trade
from strange_tui.rules import combat
from strange_tui.rules.circumstances import Circumstance, Distinction, circumstances_of
from strange_tui.rules.combat import Condition
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.effort import effort_damage
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.special import attack_damage_bonus
from strange_tui.rules.task import final_difficulty, resolve, step_breakdown

EFFORT_DAMAGE = 3
"""R-EFF-5: the damage a level of Effort adds to one target."""


class Attack(Command, frozen=True, kw_only=True):
    """R-CMB-2: a PC attacks an NPC on the PC's turn: a task at the target's level (eased
    for a light weapon or bare hands and against a stunned or prone foe; a boss defends a
    level higher), eased by the sheet's training with the weapon (hindered by an
    inability, R-TASK-3), by assets (0-2) and Effort, with a bonus to the die. A hit
    deals weapon + the abilities' damage bonuses + Effort damage + the special bonus
    (R-SPEC-2..5) less the target's Armor. ``on_19`` and ``on_20`` are chosen before the
    die: "damage" or an effect (distract, stun, impair and knock down leave a condition).
    An ``area`` attack hits ``target`` and each of ``others`` that the one die reaches,
    with +2 damage per level of Effort on damage to each instead of +3 (R-EFF-5); it
    takes 19 and 20 as damage. ``trade`` (R-SPEC-6, ``trades``): a hit on one NPC gives
    up the pack's price + its level of damage for an effect. One command: the roll, the
    damage and the condition."""

    TURN_ACTION: ClassVar[bool] = True  # R-CMB-8: the action of its turn.

    character: str
    target: str
    weapon: WeaponUsed = UNARMED
    effort: int = 0
    damage_effort: int = 0
    assets: int = 0
    bonus: int = 0
    area: bool = False
    others: tuple[str, ...] = ()
    on_19: SpecialChoice = DAMAGE
    on_20: SpecialChoice = DAMAGE
    circumstances: tuple[str, ...] = ()
    """R-CIR-1, R-CIR-2: ids of rules/circumstances.py CIRCUMSTANCES."""
    support: Support = ""
    """R-CIR-1: what lets the attack through darkness, invisibility or dense mist."""
    trade: Trade | None = None
    situations: tuple[str, ...] = ()
    """R-NPC-1: the situations of the target's situational modifications that hold now."""
    harm: DamageKind | Literal[""] = ""
    """R-NPC-2: the kind of harm the attack deals (energy, fire...), for a creature's Armor
    against it; "" for a plain blow."""
    joining: tuple[str, ...] = ()
    """R-CIR-3: the other PCs the attacker says attack the target in melee with them this
    round (three together: each gets +1, the first to roll too)."""
    die: int | None = None

    def ability_used(self) -> str:
        return self.weapon.ability

    def defended_at(self, target: Combatant) -> tuple[int, str]:
        """R-NPC-1: the level ``target`` resists the attack at (its Speed defense, as its
        entry may say), and the line that says why ('' at its own level)."""
        return level_for(target, defense_tags("speed"), self.situations)

    def foes(self, state: Campaign) -> tuple[Combatant, ...]:
        """The target, then the area's further targets; each an NPC still standing."""
        encounter = encounter_of(state)
        ids = (self.target, *self.others)
        if self.others and not self.area:
            raise RuleViolation("Several targets at once are an area attack.")
        if len(set(ids)) != len(ids):
            raise RuleViolation("Each target counts once.")
        foes = []
        for foe_id in ids:
            target = combatant_of(encounter, foe_id)
            if target.pc:
                raise RuleViolation(f"{target.name} is a PC: attacks here are on NPCs.")
            if target.defeated:
                raise RuleViolation(f"{target.name} is already defeated.")
            foes.append(target)
        return tuple(foes)

    def checked(self, state: Campaign) -> tuple[Character, tuple[Combatant, ...]]:
        """The attacker and the targets; RuleViolation for what the attack cannot be."""
        encounter = encounter_of(state)
        who = character_of(state, self.character)
        attacker = combatant_of(encounter, self.character)
        if not attacker.pc:
            raise RuleViolation(f"{attacker.name} is not a PC: an NPC's attack is a defense roll.")
        check_acting(state, self.character)
        foes = self.foes(state)
        weapon = self.weapon
        if weapon.category not in combat.WEAPON_DAMAGE:
            raise RuleViolation(f"A weapon is light, medium or heavy; not {weapon.category!r}.")
        if not 0 <= weapon.damage <= MAX_NPC_DAMAGE:
            raise RuleViolation(f"A weapon's damage runs from 0 to {MAX_NPC_DAMAGE}.")
        if weapon.ability and not by_ability.ability_attack_held(who, weapon):
            raise RuleViolation(f"{who.name} has no attack {weapon.name!r}.")
        if not -MAX_ATTACK_BONUS <= self.bonus <= MAX_ATTACK_BONUS:
            most = MAX_ATTACK_BONUS
            raise RuleViolation(f"A bonus to the die runs from -{most} to +{most}.")
        options = special_options(state, self.character)
        for face, choice in ((19, self.on_19), (20, self.on_20)):
            if choice == DAMAGE:
                continue
            if self.area:
                raise RuleViolation(f"An area attack takes a {face} as damage, not {choice!r}.")
            if choice not in options.effects[face]:
                raise RuleViolation(
                    f"A {face} cannot bring {choice!r} here"
                    + (": an impaired attacker gets +1 damage instead." if who.impaired else ".")
                )
        check_trade(self, state, who, foes)
        check_joining(state, self.character, self.target, self.joining)
        return who, foes

    def roll_against(self, state: Campaign, who: Character, target: Combatant, label: str) -> Roll:
        """The attack's task against one target, as a roll."""
        encounter = encounter_of(state)
        attacker = combatant_of(encounter, self.character)
        difficulty, beyond = capped(
            combat.attack_difficulty(
                self.defended_at(target)[0],
                light=self.weapon.category == "light",
                target=target.conditions,
                boss=target.boss,
            )
        )
        sheet = weapon_training(who, self.weapon, moment(state))
        reach = sum(n for _, n in reach_line(self.distinction(state), self.situation()))
        bonus = sum(n for _, n in bonus_lines(encounter, target.id, self.character, self.weapon,
                                              self.joining))  # fmt: skip
        weapon_stat = Stat.SPEED if self.weapon.ranged else Stat.MIGHT
        return Roll(
            character=self.character,
            stat=self.weapon.stat or weapon_stat,
            ability_cost=self.ability_points(who),
            difficulty=difficulty,
            label=label,
            skill=sheet.skill,
            training=sheet.skill_name,  # R-TASK-9: the log names it.
            inability=sheet.inability,
            assets=self.assets,
            effort=self.effort,
            damage_effort=self.damage_effort,
            hindrances=beyond
            + combat.hindrance(attacker.conditions)
            + max(reach, 0)
            + max(-self.weapon.eased, 0),
            eased=max(-reach, 0) + max(self.weapon.eased, 0),
            bonus=self.bonus + bonus,
            attack=True,
            circumstances=self.circumstances,
            support=self.support,
            ranged=self.weapon.ranged,
            die=self.die,
        )

    def ability_points(self, who: Character) -> int:
        """R-ABL-2: the cost of the ability the attack is (before Edge, which the roll
        takes off once for the whole action), less what other abilities cut."""
        if not self.weapon.ability:
            return 0
        trait = next(t for t in who.traits if t.name == self.weapon.ability)
        return base_cost(who, trait)

    def situation(self) -> tuple[Circumstance, ...]:
        """R-CIR-1, R-CIR-2: the attack's circumstances, checked against its kind."""
        return circumstances_of(self.circumstances, ranged=self.weapon.ranged)

    def distinction(self, state: Campaign) -> Distinction:
        """R-WPN-1: the weapon's distinction, when the campaign uses the optional rule."""
        return self.weapon.distinction if state.settings.weapon_distinctions else ""

    def label(self, foes: Sequence[Combatant]) -> str:
        weapon = self.weapon.name.lower()
        if self.area:
            return f"Area attack on {', '.join(f.name for f in foes)} with {weapon}"
        return f"Attack {foes[0].name} with {weapon}"

    def roll(self, state: Campaign) -> Roll:
        """The attack's task against the (first) target, as a roll (it refuses what the
        attack cannot be)."""
        who, foes = self.checked(state)
        return self.roll_against(state, who, foes[0], self.label(foes))

    def parts(
        self, state: Campaign, who: Character, target: Combatant
    ) -> tuple[tuple[str, int], ...]:
        """What a hit's damage on ``target`` is made of before the special bonus and the
        die (R-CMB-2, R-EFF-5; low gravity and the weapon's distinction, R-CIR-2, R-WPN-1)."""
        now = moment(state)
        parts = [(self.weapon.name, self.weapon.damage), *ability_damage(who, self.weapon, now)]
        if self.damage_effort:
            extra = effort_damage(self.damage_effort, area=self.area)
            if self.weapon.ability and self.weapon.effort_damage != EFFORT_DAMAGE:
                extra = self.damage_effort * self.weapon.effort_damage
            parts.append((f"Effort {self.damage_effort}" + (" (area)" if self.area else ""), extra))
        parts += damage_lines(self.weapon, self.situation(), self.distinction(state), target)
        return tuple(parts)

    def hit(
        self, state: Campaign, who: Character, target: Combatant, die: int | None
    ) -> tuple[int, int, str]:
        """(damage before Armor, special bonus, effect) of a hit on ``target`` on ``die``."""
        choice = {19: self.on_19, 20: self.on_20}.get(die or 0, DAMAGE)
        effect = "" if choice == DAMAGE else choice
        bonus = 0 if effect else attack_damage_bonus(die or 0, impaired=who.impaired)
        before = sum(n for _, n in self.parts(state, who, target))
        before += die_damage(self.distinction(state), die)
        damage = combat.attack_damage(before, 0, bonus, armor=0)
        return damage, bonus, effect

    def recorded(
        self, state: Campaign, events: Sequence[AnyEvent], target: Combatant
    ) -> tuple[list[AnyEvent], RollMade]:
        """The roll's events (1 XP spent for support first, R-CIR-1) and the roll, marked
        with its foe and kind for the round's attacks, and the log told of a three
        attackers' +1 (R-CIR-3)."""
        *spent, made = events
        assert isinstance(made, RollMade)
        bonus = bonus_lines(encounter_of(state), target.id, self.character, self.weapon,
                            self.joining)  # fmt: skip
        said = tuple(f"{label}: +{n}" for label, n in bonus)
        carried = by_ability.carried_name(self.weapon)
        return spent, replace(
            made,
            target=target.id,
            ranged=self.weapon.ranged,
            weapon=carried,
            gun=bool(carried) and self.weapon.gun,
            circumstances=(*made.circumstances, *said),
        )

    def hit_events(self, state: Campaign, made: RollMade) -> list[AnyEvent]:
        """The roll as recorded, then what its hit does to the target: the damage (less a
        trade's, R-SPEC-6, with its condition), an effect's condition, and caught high
        and low when this hit makes the round's pair of a melee and a ranged hit on it
        (R-CIR-3); none once the hit brings the target down (it is out of the fight)."""
        target = combatant_of(encounter_of(state), self.target)
        who = character_of(state, self.character)
        damage, bonus, effect = self.hit(state, who, target, made.die)
        events: list[AnyEvent] = [landed_special(made, bonus, effect)]
        dealt = health_events(self, target, damage, made.label)
        events += dealt
        if combatant_of(encounter_of(state_after(state, dealt)), self.target).defeated:
            return events
        events += by_ability.conditions_left(self.weapon, (self.target,))  # R-ABL-2: a daze.
        if effect in EFFECT_CONDITIONS:
            name, rounds = EFFECT_CONDITIONS[effect]
            condition = Condition(name=name, rounds=rounds)
            events.append(ConditionAdded(targets=(self.target,), condition=condition))
        if stops_regeneration(target, self.harm):
            stopped = Condition(name=NO_REGENERATION, rounds=1)
            events.append(ConditionAdded(targets=(self.target,), condition=stopped))
        if completes_high_and_low(encounter_of(state), self.target, self.weapon.ranged):
            condition = Condition(name=HIGH_AND_LOW, rounds=HIGH_AND_LOW_ROUNDS)
            events.append(ConditionAdded(targets=(self.target,), condition=condition))
        return events

    def steps(
        self, state: Campaign, who: Character, target: Combatant, roll: Roll
    ) -> tuple[tuple[str, int], ...]:
        """What eases or hinders the attack on ``target``, in words (R-CMB-2, R-TASK-3)."""
        steps: list[tuple[str, int]] = []
        level, line = self.defended_at(target)
        if line:
            steps.append((line, level - target.level))
        if target.boss:
            steps.append(("boss", combat.BOSS_LEVEL))
        if self.weapon.category == "light":
            steps.append(("light weapon", -combat.LIGHT_WEAPON_EASE))
        steps += [(f"{c.name} foe", -c.exposes) for c in target.conditions if c.exposes]
        # R-CIR-1, R-WPN-1: each circumstance and a reaching weapon on a line of its own,
        # taken out of the task's lumped 'eased' and 'hindered'.
        situational = [
            *itemised(self.situation(), "attack"),
            *reach_line(self.distinction(state), self.situation()),
        ]
        steps += situational
        lumped = {
            "hindered": sum(n for _, n in situational if n > 0),
            "eased": sum(n for _, n in situational if n < 0),
        }
        sheet = weapon_training(who, self.weapon, moment(state))
        for label, step in step_breakdown(task_of(roll.setup(state))):
            if label in lumped:
                step -= lumped[label]
                if not step:
                    continue
            if label in ("trained", "specialized") and sheet.skill_name:
                label = f"{label} ({sheet.skill_name})"
            elif label == "inability" and sheet.inability_name:
                label = f"inability ({sheet.inability_name})"
            steps.append((label, step))
        return tuple(steps)

    def preview(self, state: Campaign) -> AttackPreview:
        return attack_preview(self, state)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        who, foes = self.checked(state)
        label = self.label(foes)
        if not self.area:
            roll = self.roll_against(state, who, foes[0], label)
            spent, made = self.recorded(state, roll.decide(state, dice), foes[0])
            hit = self.hit_events(state, made) if made.success else [made]
            return [*spent, *hit, *by_ability.begun(who, self.weapon)]
        # One die against every target: recorded against the hardest, compared to each.
        rolls = {foe.id: self.roll_against(state, who, foe, label) for foe in foes}
        tasks = {foe_id: task_of(roll.setup(state)) for foe_id, roll in rolls.items()}
        hardest = max(foes, key=lambda foe: final_difficulty(tasks[foe.id]))
        spent, made = self.recorded(state, rolls[hardest.id].decide(state, dice), hardest)
        hit = [foe for foe in foes if resolve(tasks[foe.id], made.die).success]
        # A distinction may deal each foe its own damage (its Armor): one event per amount.
        by_damage: dict[int, list[str]] = {}
        armor_of = {foe.id: armor_against(self, foe) for foe in foes}
        for foe in hit:
            by_damage.setdefault(self.hit(state, who, foe, made.die)[0], []).append(foe.id)
        if made.success:
            made = landed_special(made, self.hit(state, who, hardest, made.die)[1], "")
        events: list[AnyEvent] = [*spent, made]
        for damage, ids in by_damage.items():
            if damage:
                events.append(
                    NpcHealthChanged(
                        targets=tuple(ids),
                        amount=-damage,
                        source=label,
                        ignore_armor=self.weapon.ignores_armor,
                        armor=tuple(armor_of[foe_id] for foe_id in ids),
                        harm=self.harm,
                    )
                )
        after = encounter_of(state_after(state, events)).combatants
        standing = tuple(foe.id for foe in hit if not after[foe.id].defeated)
        events += by_ability.conditions_left(self.weapon, standing)
        return [*events, *by_ability.begun(who, self.weapon)]
