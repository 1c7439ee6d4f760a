"""An NPC's attack: the PC's defense roll and the damage a failure takes (R-CMB-3), at
the level the NPC's entry attacks at, and the riders its hit brings (R-NPC-1, R-NPC-2).

Past 300 lines: one command and its preview, which must compute the same thing."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from strange_tui.campaign.commands.base import Command, character_of, state_after
from strange_tui.campaign.commands.character.damage import (
    landed,
    landing_words,
    one_pool,
    spill_of,
)
from strange_tui.campaign.commands.combat.defense_preview import DefensePreview
from strange_tui.campaign.commands.combat.defense_training import (
    DefenseSkill,
    claimed_defense,
    defense_skill,
    defense_training,
)
from strange_tui.campaign.commands.combat.riders import rider_events, rider_lines
from strange_tui.campaign.commands.combat.views import (
    capped,
    check_acting,
    combatant_of,
    defense_reasons,
    encounter_of,
)
from strange_tui.campaign.commands.rolls.circumstances import Support
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.commands.rolls.steps import named_training
from strange_tui.campaign.model.abilities import armor_conditional, armor_parts, armor_total, moment
from strange_tui.campaign.model.creatures import (
    area_attack,
    attack_tags,
    blow_damage,
    ignores_armor,
    level_for,
    riders,
    situations_for,
)
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import AnyEvent, DamageTaken, PromptClosed, RollMade
from strange_tui.campaign.model.folds.rolls import task_of
from strange_tui.campaign.model.prompts import open_prompt
from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.content.creature_powers import AreaAttack
from strange_tui.rules import combat
from strange_tui.rules.damage import armor_applies, damage_after_armor
from strange_tui.rules.dice import DiceSource, PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.task import D20, resolve
from strange_tui.rules.track import DamageTrack, can_act


def surprised_by(defender: Combatant) -> str:
    """R-ACT-2: the condition that keeps ``defender`` from using Effort to defend, or ''."""
    return next((c.name for c in defender.conditions if c.no_effort), "")


class Defend(Command, frozen=True, kw_only=True):
    """R-CMB-3: on an NPC's turn it attacks a PC, who rolls to defend (Speed unless the
    attack says otherwise) at the NPC's level (a boss attacks a level higher; a dazed,
    distracted or impaired NPC is easier to defend against), trained, specialized or
    unable as the sheet says for that defense (``skill`` None) or as chosen (R-TASK-9: at
    a player's seat no more than the sheet gives; the log names the skill). A failure
    takes the NPC's damage less the PC's Armor (R-DMG-1). R-DMG-4: a debilitated PC
    cannot defend (the attack hits, no roll); a dead PC is out of the fight. One
    command: the roll and the damage."""

    character: str
    npc: str
    stat: Stat = Stat.SPEED
    skill: DefenseSkill | None = None
    effort: int = 0
    circumstances: tuple[str, ...] = ()
    """R-CIR-1, R-CIR-2: ids of rules/circumstances.py CIRCUMSTANCES."""
    support: Support = ""
    """R-CIR-1: kept beside the attacker's; a defense never needs it."""
    pool: Stat | None = None
    """R-DMG-1: the pool a failure's damage goes to (None: the NPC's own, Might unless its
    entry says Speed or Intellect); Armor stops only Might damage."""
    ranged: bool | None = None
    """R-NPC-1: the attack is at range (True) or in melee (False), when that matters."""
    situations: tuple[str, ...] = ()
    """R-NPC-1: the situations of its situational modifications that hold now."""
    area: str = ""
    """R-NPC-2: the NPC's area attack this defense is against (its name), "" for a blow:
    the area's damage, pool and riders, half on a success when it says so."""
    rider_die: int | None = None
    """R-NPC-2: the player's die for the defense a hit's rider calls for (None: the app's)."""
    die: int | None = None

    def attacked_at(self, npc: Combatant) -> tuple[int, str]:
        """R-NPC-1: the level ``npc`` attacks at (as its entry may say), and why."""
        return level_for(npc, attack_tags(self.ranged), self.situations)

    def damaged_pool(self, state: Campaign) -> Stat:
        """R-DMG-1: the pool the hit lands on, as chosen or as the NPC's attack says."""
        npc = self.attacker(state)
        area = self.area_of(npc)
        return self.pool or (Stat(area.pool) if area else npc.attack_pool)

    def area_of(self, npc: Combatant) -> AreaAttack | None:
        """R-NPC-2: the area attack named, if any (RuleViolation when the NPC has none)."""
        if not self.area:
            return None
        if (found := area_attack(npc, self.area)) is None:
            raise RuleViolation(f"{npc.name} has no area attack called {self.area!r}.")
        return found

    def attacker(self, state: Campaign) -> Combatant:
        encounter = encounter_of(state)
        npc = combatant_of(encounter, self.npc)
        if npc.pc:
            raise RuleViolation(f"{npc.name} is a PC: a PC's attack is an attack roll (a).")
        check_acting(state, npc.id)
        return npc

    def defender(self, state: Campaign) -> Character:
        encounter = encounter_of(state)
        defender = combatant_of(encounter, self.character)
        if not defender.pc:
            raise RuleViolation(f"{defender.name} is not a PC: only PCs roll to defend.")
        who = character_of(state, self.character)
        if who.track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead: out of the fight.")
        return who

    def no_roll(self, state: Campaign) -> str:
        """R-DMG-4: why the defender cannot roll ('' when they can)."""
        who = self.defender(state)
        if can_act(who.track):
            return ""
        return f"{who.name} is debilitated and cannot defend: the attack hits."

    def chosen_skill(self, state: Campaign) -> str:
        if self.skill is not None:
            return self.skill
        return defense_skill(state, self.character, self.stat)

    def roll(self, state: Campaign) -> Roll:
        encounter = encounter_of(state)
        npc = self.attacker(state)
        self.defender(state)
        defender = combatant_of(encounter, self.character)
        difficulty, beyond = capped(
            combat.defense_difficulty(
                self.attacked_at(npc)[0], npc=npc.conditions, boss=npc.boss
            )
        )
        skill, named = claimed_defense(state, self.character, self.stat, self.skill, self.by)
        if self.effort and (surprised := surprised_by(defender)):
            raise RuleViolation(
                f"{defender.name} is {surprised}: no Effort on this defense (the cheat sheet's"
                " line on surprise is unclear; the GM may take the condition off to allow it)."
            )
        steps = sum(condition.defense for condition in defender.conditions)
        return Roll(
            character=self.character,
            stat=self.stat,
            difficulty=difficulty,
            label=f"Defend against {npc.name}",
            skill="" if skill == "inability" else skill,  # type: ignore[arg-type]
            training=named,
            inability=skill == "inability",
            effort=self.effort,
            hindrances=beyond + combat.hindrance(defender.conditions) + max(steps, 0),
            eased=max(-steps, 0),
            reasons=tuple(defense_reasons(defender.conditions, beyond)),
            circumstances=self.circumstances,
            support=self.support,
            defense=True,
            die=self.die,
        )

    def hit(self, state: Campaign, made: RollMade | None = None) -> DamageTaken | None:
        """The damage a failed defense takes (None when the NPC deals none), with where its
        points go (R-DMG-2) on the pools as they are once the roll ``made`` is paid. Without
        ``made``, that split is recorded only when the roll cannot change the pools (no
        Effort, or no roll at all); otherwise it is left out (the log then names the hit's
        type only)."""
        npc, who = self.attacker(state), self.defender(state)
        area = self.area_of(npc)
        damage = (area.damage or npc.damage) if area else blow_damage(npc)
        if made is not None and made.success:  # Only an area that harms even a dodger.
            damage = damage // 2 if area and area.half else 0
        if not damage:
            return None
        pool = self.damaged_pool(state)
        goes_through = ignores_armor(npc) or (area is not None and area.ignores_armor)
        armor = armor_total(who, moment(state)) if armor_applies(pool) and not goes_through else 0
        source = f"{npc.name}'s {area.name}" if area else npc.name
        hit = DamageTaken(character=who.id, amount=damage, stat=pool, armor=armor, source=source)
        if made is not None:
            return landed(state_after(state, [made]), hit)
        if not self.effort or self.no_roll(state):
            return landed(state, hit)
        return hit

    def events(self, state: Campaign, dice: DiceSource) -> list[AnyEvent]:
        hit = self.hit(state)
        if self.no_roll(state):
            if self.effort or self.die is not None:
                raise RuleViolation(self.no_roll(state))
            return [hit] if hit is not None else []
        (made,) = self.roll(state).decide(state, dice)
        landed_hit = self.hit(state, made) if hit is not None else None
        events: list[AnyEvent] = [made] if landed_hit is None else [made, landed_hit]
        if made.success:
            return events
        npc = self.attacker(state)
        level = self.attacked_at(npc)[0]
        return events + rider_events(
            state_after(state, events), self.character, npc, level, self.rider_die, dice,
            self.area,
        )  # fmt: skip

    def preview(self, state: Campaign) -> DefensePreview:
        roll = self.roll(state)
        shown = roll.preview(state)
        npc = self.attacker(state)
        hit = self.hit(state)
        armor = hit.armor if hit else 0
        sheet = defense_training(self.defender(state), self.stat, moment(state))
        if self.chosen_skill(state) == defense_skill(state, self.character, self.stat):
            steps = named_training(shown.steps, sheet.skill_name, sheet.inability_name)
            shown = replace(shown, steps=steps)
        preview = DefensePreview(
            roll=shown,
            npc=npc.name,
            damage=hit.amount if hit else 0,
            armor=armor,
            taken=damage_after_armor(hit.amount, armor) if hit else 0,
            skill=self.chosen_skill(state),
            pool=self.damaged_pool(state),
            armor_from=tuple(armor_parts(self.defender(state), moment(state)))
            if hit and hit.armor
            else (),
            armor_maybe=tuple(armor_conditional(self.defender(state), moment(state))),
            training=sheet.label,
            creature=tuple(self.creature_lines(npc)),
            situations=situations_for(npc, attack_tags(self.ranged)),
        )
        if reason := self.no_roll(state):
            preview = replace(preview, no_roll=reason)
            failing: int | None = 1
        else:
            task = task_of(roll.setup(state))
            failing = next(
                (die for die in (*range(2, D20 + 1), 1) if not resolve(task, die).success), None
            )
            if shown.odds.automatic or failing is None:
                return replace(preview, problem="An automatic success: no failure to fear.")
            if shown.problem:
                return replace(preview, problem=shown.problem)
        try:
            # The hit as it lands; a rider's roll (if no die is typed for it) is shown
            # resisted: the Foe lines say what it would bring.
            events = self.events(state, PlayerDice([failing, *[D20] * 4]))
            landing = self.rider_landing(state, failing) if hit else ()
        except RuleViolation as refused:
            return replace(preview, problem=str(refused))
        who = state_after(state, events).characters[self.character]
        struck = next((e for e in events if isinstance(e, DamageTaken)), None)
        spill, lost = spill_of(struck) if struck is not None else ((), 0)
        return replace(
            preview, pools=who.pools, track=who.track, spill=spill, lost=lost,
            rider_landing=landing,
        )  # fmt: skip

    def rider_landing(self, state: Campaign, failing: int) -> tuple[str, ...]:
        """R-NPC-2, R-DMG-2: each damaging rider's points as they would land, its roll
        failed as well, on the pools the hit left: said when not all on its own pool."""
        if not any(rider.damage for rider in riders(self.attacker(state), self.area)):
            return ()
        both = replace(self, rider_die=None).events(state, PlayerDice([failing, *[1] * 8]))
        hits = [e for e in both if isinstance(e, DamageTaken)][1:]  # After the hit itself.
        return tuple(
            f"{hit.source}, its roll failed too: {landing_words(*spill_of(hit), hit.stat)}"
            for hit in hits
            if not one_pool(*spill_of(hit), hit.stat)
        )

    def creature_lines(self, npc: Combatant) -> list[str]:
        """R-NPC-1, R-NPC-2: what the attacker's entry brings to this defense, in words."""
        level, line = self.attacked_at(npc)
        lines = [line] if line else []
        if ignores_armor(npc):
            lines.append(f"{npc.name}: its attack goes through Armor")
        if area := self.area_of(npc):
            half = "; half on a success" if area.half else ""
            lines.append(f"{npc.name}'s {area.name}: every PC within {area.range} range{half}")
        return lines + rider_lines(npc, level, self.area)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        asked = open_prompt(state.prompts, "defense", self.character, self.npc)
        if asked is None and self.by != GM:
            # An NPC's attack is the GM's to make: a player's seat rolls the defense it is
            # asked for, once (another window of the seat may have answered it already).
            raise RuleViolation(
                f"No defense against {self.attacker(state).name} is asked of"
                f" {self.defender(state).name}: answered already, or not asked."
            )
        events = self.events(state, dice)
        if not events:
            raise RuleViolation(f"{self.attacker(state).name} deals no damage.")
        # The defense asked at the player's seat is answered (by the player, or the GM).
        if asked is not None:
            events.append(PromptClosed(prompt=asked.id))
        return events
