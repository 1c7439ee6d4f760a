"""A PC's attack on an NPC, and a PC's defense against an NPC's attack (R-CMB-2, R-CMB-3).

The roll is recorded when the die lands; a hit then becomes the NPC's damage (or the
effect the player takes on a 19 or 20), a failed defense the PC's damage.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Select, Static

from strange_tui.campaign.events import ConditionAdded, DamageTaken, NpcHealthChanged, RollMade
from strange_tui.campaign.rolls import full_cost, make_roll
from strange_tui.rules import combat
from strange_tui.rules.combat import Condition
from strange_tui.rules.damage import armor_applies
from strange_tui.rules.dice import PlayerDice, SeededDice
from strange_tui.rules.effort import effort_damage
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.special import attack_damage_bonus, effect_choices
from strange_tui.rules.task import MAX_DIFFICULTY
from strange_tui.tui.dialogs.base import CharacterDialog, int_value, row
from strange_tui.tui.dialogs.roll import odds_text

EFFECT_CONDITIONS = {
    "distract": ("distracted", 1),
    "stun": ("stunned", 1),
    "impair": ("impaired", 0),
    "knock down": ("prone", 1),
}


def capped(difficulty: int) -> tuple[int, int]:
    """A difficulty past 10 is recorded as 10 plus hindrance steps (R-TASK-4)."""
    return min(difficulty, MAX_DIFFICULTY), max(0, difficulty - MAX_DIFFICULTY)


class CombatRoll(CharacterDialog):
    """What attack and defense share: the PC, the NPC, the die, the odds preview."""

    DEFAULT_CSS = "CombatRoll Select, CombatRoll Input { width: 1fr; }"

    def __init__(self, character_id: str, npc_id: str) -> None:
        super().__init__(character_id)
        self.npc_id = npc_id
        self.rolled: RollMade | None = None

    @property
    def npc(self) -> Any:
        return self.app.campaign.encounter.combatants[self.npc_id]

    def pc_hindrance(self) -> int:
        """R-CMB-4: the PC's own conditions hinder their tasks."""
        me = self.app.campaign.encounter.combatants.get(self.character_id)
        return combat.hindrance(me.conditions) if me else 0

    def efforts(self) -> list[tuple[str, int]]:
        return [(str(n), n) for n in range(self.character.effort + 1)]

    def die_widgets(self) -> list[Any]:
        return [
            row(
                "Your die",
                Input(placeholder="blank: the app rolls", type="integer", id="die", compact=True),
            ),
            Static(id="preview", classes="preview"),
            Static(id="result"),
        ]

    def buttons(self) -> Horizontal:
        return Horizontal(
            Button("Roll", variant="primary", id="go"),
            Button("Close", id="cancel"),
            classes="buttons",
        )

    def on_mount(self) -> None:
        self.query_one("#die", Input).focus()
        self.show_odds(self.setup())

    @on(Select.Changed)
    def changed(self, event: Select.Changed) -> None:
        """A new target (attack) or defender (defense) changes the odds shown."""
        if isinstance(event.value, str) and event.select.id == "target":
            self.npc_id = event.value
        elif isinstance(event.value, str) and event.select.id == "pc":
            self.character_id = event.value
        if self.rolled is None:
            self.show_odds(self.setup())

    def setup(self) -> RollMade | None:
        raise NotImplementedError

    def show_odds(self, setup: RollMade | None) -> None:
        if setup is None:
            return
        cost = full_cost(self.character, setup)
        self.query_one("#preview", Static).update(odds_text(setup, cost, None))

    def roll(self, setup: RollMade) -> RollMade | None:
        typed = int_value(self.query_one("#die", Input), default=0)
        if typed is None or not 0 <= typed <= 20:
            self.notify("A d20 shows 1 to 20.", severity="warning")
            return None
        try:
            event = make_roll(self.character, setup, PlayerDice([typed]) if typed else SeededDice())
        except RuleViolation as refused:
            self.notify(str(refused), severity="error")
            return None
        return event if self.app.dispatch(event) else None


class AttackDialog(CombatRoll):
    """R-CMB-2: the active PC attacks an NPC with a weapon (light eases), Effort to ease
    or to add damage; a hit deals weapon + Effort + special damage less Armor."""

    def compose(self) -> ComposeResult:
        from strange_tui.content.loader import Content, user_pack_files

        self.weapons = Content(user_pack_files(self.app.saves)).kind("weapons")
        owned = {item.lower() for item in self.character.equipment}
        options = [(f"{w.name} ({w.damage})", wid) for wid, w in self.weapons.items()]
        default = next(
            (wid for wid, w in self.weapons.items() if w.name.lower() in owned), "unarmed"
        )
        targets = [(c.name, c.id) for c in self.app.campaign.encounter.npcs() if not c.defeated]
        with Vertical(classes="dialog") as box:
            box.border_title = f"{self.character.name} attacks"
            yield row(
                "Target",
                Select(targets, value=self.npc_id, allow_blank=False, id="target", compact=True),
            )
            yield row(
                "Weapon",
                Select(
                    options,
                    value=default if default in self.weapons else options[0][1],
                    allow_blank=False,
                    id="weapon",
                    compact=True,
                ),
            )
            yield row(
                "Effort",
                Select(self.efforts(), value=0, allow_blank=False, id="effort", compact=True),
            )
            yield row(
                "On damage",
                Select(
                    self.efforts(), value=0, allow_blank=False, id="damage_effort", compact=True
                ),
            )
            yield from self.die_widgets()
            yield Select(
                [], prompt="On a 19 or 20: damage or an effect", id="effect", disabled=True
            )
            yield self.buttons()

    def setup(self) -> RollMade | None:
        weapon = self.weapons.get(self.query_one("#weapon", Select).value)
        if weapon is None:
            return None
        npc = self.npc
        difficulty = combat.attack_difficulty(
            npc.level, light=weapon.category == "light", target=npc.conditions, boss=npc.boss
        )
        difficulty, beyond = capped(difficulty)
        unable = self.character.skills.get(f"{weapon.category} weapons") == "inability"
        return RollMade(
            character=self.character_id,
            stat=Stat.SPEED if weapon.ranged else Stat.MIGHT,
            difficulty=difficulty,
            label=f"Attack {npc.name} with {weapon.name.lower()}",
            inability=unable,
            effort=self.query_one("#effort", Select).value,
            damage_effort=self.query_one("#damage_effort", Select).value,
            hindrances=beyond + self.pc_hindrance(),
            attack=True,
        )

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        if self.rolled is not None:
            self.apply()
            return
        setup = self.setup()
        event = self.roll(setup) if setup else None
        if event is None:
            return
        self.rolled = event
        result = Text(f"d20: {event.die}" if event.die else "Automatic", style="bold")
        result.append(
            " — hit!" if event.success else " — miss.",
            style="bold green" if event.success else "bold red",
        )
        self.query_one("#result", Static).update(result)
        go = self.query_one("#go", Button)
        if not event.success:
            go.label = "Done"
            return
        bonus = attack_damage_bonus(event.die or 0, impaired=self.character.impaired)
        choices = [(f"+{bonus} damage" if bonus else "Damage", "damage")]
        choices += [
            (effect, effect)
            for effect in effect_choices(
                event.die or 0, attack=True, impaired=self.character.impaired
            )
        ]
        effect = self.query_one("#effect", Select)
        effect.set_options(choices)
        effect.value, effect.disabled = "damage", len(choices) == 1
        go.label = "Apply"
        go.focus()

    def apply(self) -> None:
        event = self.rolled
        if event is None or not event.success:
            self.dismiss(event is not None)
            return
        weapon = self.weapons[self.query_one("#weapon", Select).value]
        choice = self.query_one("#effect", Select).value
        bonus = (
            attack_damage_bonus(event.die or 0, impaired=self.character.impaired)
            if choice == "damage"
            else 0
        )
        damage = combat.attack_damage(
            weapon.damage, effort_damage(event.damage_effort), bonus, armor=0
        )
        self.app.dispatch(
            NpcHealthChanged(targets=(self.npc_id,), amount=-damage, source=event.label)
        )
        if choice in EFFECT_CONDITIONS:
            name, rounds = EFFECT_CONDITIONS[choice]
            self.app.dispatch(
                ConditionAdded(
                    targets=(self.npc_id,), condition=Condition(name=name, rounds=rounds)
                )
            )
        self.dismiss(True)


class DefenseDialog(CombatRoll):
    """R-CMB-3: the NPC attacks; the PC rolls to defend (Speed unless said otherwise) at
    the NPC's level; a failure takes the NPC's damage less Armor."""

    def __init__(self, npc_id: str, character_id: str) -> None:
        super().__init__(character_id, npc_id)

    def compose(self) -> ComposeResult:
        pcs = [(c.name, c.id) for c in self.app.campaign.encounter.combatants.values() if c.pc]
        skills = [("Untrained", ""), ("Trained", "trained"), ("Specialized", "specialized")]
        with Vertical(classes="dialog") as box:
            box.border_title = f"{self.npc.name} attacks (damage {self.npc.damage})"
            yield row(
                "Defender",
                Select(pcs, value=self.character_id, allow_blank=False, id="pc", compact=True),
            )
            yield row(
                "Defend with",
                Select(
                    [(s.value.title(), s) for s in Stat],
                    value=Stat.SPEED,
                    allow_blank=False,
                    id="stat",
                    compact=True,
                ),
            )
            yield row(
                "Skill", Select(skills, value="", allow_blank=False, id="skill", compact=True)
            )
            yield row(
                "Effort",
                Select(self.efforts(), value=0, allow_blank=False, id="effort", compact=True),
            )
            yield from self.die_widgets()
            yield self.buttons()

    def setup(self) -> RollMade:
        npc = self.npc
        difficulty, beyond = capped(
            combat.defense_difficulty(npc.level, npc=npc.conditions, boss=npc.boss)
        )
        return RollMade(
            character=self.character_id,
            stat=self.query_one("#stat", Select).value,
            difficulty=difficulty,
            label=f"Defend against {npc.name}",
            skill=self.query_one("#skill", Select).value,
            effort=self.query_one("#effort", Select).value,
            hindrances=beyond + self.pc_hindrance(),
        )

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        if self.rolled is not None:
            self.dismiss(True)
            return
        event = self.roll(self.setup())
        if event is None:
            return
        self.rolled = event
        text = Text(f"d20: {event.die}" if event.die else "Automatic", style="bold")
        if event.success:
            text.append(" — defended!", style="bold green")
        else:
            npc, pc = self.npc, self.character
            armor = pc.armor if armor_applies(Stat.MIGHT) else 0
            self.app.dispatch(
                DamageTaken(character=pc.id, amount=npc.damage, armor=armor, source=npc.name)
            )
            after = self.character
            text.append(
                f" — hit for {max(0, npc.damage - armor)} (Armor {armor}).", style="bold red"
            )
            text.append(f" {after.name} is {after.track.label}.")
        self.query_one("#result", Static).update(text)
        self.query_one("#go", Button).label = "Done"
