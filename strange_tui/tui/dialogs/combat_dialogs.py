"""The combat tracker's dialogs: adding NPCs, initiative, conditions, NPC health, and the
PC's attack and defense rolls (R-CMB)."""

from __future__ import annotations

import re

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Select, Static

from strange_tui.campaign.encounter import Combatant
from strange_tui.campaign.events import (
    ConditionAdded,
    InitiativeRolled,
    NpcHealthChanged,
    NpcsAdded,
)
from strange_tui.rules import combat
from strange_tui.rules.combat import Condition
from strange_tui.rules.damage import npc_damage, npc_health
from strange_tui.rules.dice import SeededDice
from strange_tui.rules.odds import task_odds
from strange_tui.rules.task import Skill, Task, is_automatic, resolve
from strange_tui.tui.dialogs.base import CharacterDialog, int_value, row
from strange_tui.tui.widgets.filter_list import FilterList, Item


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "npc"


class CombatDialog(CharacterDialog):
    """A combat dialog: not about one character, but about the fight."""

    def __init__(self) -> None:
        super().__init__("")

    @property
    def encounter(self):
        return self.app.campaign.encounter


class AddNpcsDialog(CombatDialog):
    """Creatures from the packs (type to filter) or quick 'level N' NPCs, one or many."""

    DEFAULT_CSS = "AddNpcsDialog #creature { height: 9; }"
    BINDINGS = [Binding("ctrl+s", "add", "Add", id="npcs.add")]

    def compose(self) -> ComposeResult:
        from strange_tui.content.loader import Content, user_pack_files

        self.creatures = Content(user_pack_files(self.app.saves)).kind("creatures")
        items = [
            Item(
                cid,
                Text.assemble(
                    (c.name, "bold"),
                    (
                        f"  level {c.level}, health {c.health}, damage {c.damage}, Armor {c.armor}",
                        "cyan",
                    ),
                ),
                c.name,
            )
            for cid, c in self.creatures.items()
        ]
        with Vertical(classes="dialog") as box:
            box.border_title = "Add NPCs (ctrl+s adds)"
            yield FilterList(items, id="creature")
            yield row(
                "Or level",
                Input(
                    placeholder="N for a quick 'level N' NPC",
                    type="integer",
                    id="quick",
                    compact=True,
                ),
            )
            yield row(
                "Name", Input(placeholder="for a quick NPC (e.g. Thug)", id="name", compact=True)
            )
            yield row("How many", Input("1", type="integer", id="count", compact=True))
            yield row("", Checkbox("As a swarm (four act as one, level +1)", id="swarm"))
            yield row("", Checkbox("Boss (+3 damage, +1 level on attack and defense)", id="boss"))
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Add", variant="primary", id="add")
                yield Button("Cancel", id="cancel")

    @on(FilterList.Chosen)
    def chosen(self, event: FilterList.Chosen) -> None:
        self.picked = event.item_id
        self.query_one("#preview", Static).update(
            Text(f"{self.creatures[event.item_id].name}: {self.creatures[event.item_id].summary}")
        )
        self.query_one("#count", Input).focus()

    def base(self) -> tuple[str, int, int, int, int] | str:
        """(name, level, health, damage, armor) of one NPC, or what is missing."""
        level = int_value(self.query_one("#quick", Input), default=-1)
        if level is not None and level >= 0:
            if level > 10:
                return "NPC levels run from 0 to 10."
            name = self.query_one("#name", Input).value.strip() or f"Level {level} NPC"
            return name, level, npc_health(level), npc_damage(level), 0
        picked = getattr(self, "picked", None) or self.query_one(FilterList).highlighted_id()
        if picked is None:
            return "Pick a creature, or give a level."
        c = self.creatures[picked]
        return c.name, c.level, c.health, c.damage, c.armor

    @on(Button.Pressed, "#add")
    @on(Input.Submitted)
    def action_add(self) -> None:
        base = self.base()
        count = int_value(self.query_one("#count", Input), default=1)
        if isinstance(base, str) or count is None or not 1 <= count <= 20:
            self.notify(
                base if isinstance(base, str) else "Add 1 to 20 at a time.", severity="warning"
            )
            return
        name, level, health, damage, armor = base
        swarm, boss = (
            self.query_one("#swarm", Checkbox).value,
            self.query_one("#boss", Checkbox).value,
        )
        if boss:
            damage = combat.boss(damage)
        taken = set(self.encounter.combatants)
        npcs: list[Combatant] = []
        groups = (
            [(f"{name} swarm", *combat.swarm(level, damage))]
            if swarm
            else [(name, level, damage)] * count
        )
        for label, lvl, dmg in groups:
            hp = npc_health(lvl) if swarm else health
            n, cid = 1, slug(label)
            while cid in taken:
                n += 1
                cid = f"{slug(label)}-{n}"
            taken.add(cid)
            shown = label if count == 1 or swarm else f"{label} {n}"
            npcs.append(
                Combatant(
                    id=cid,
                    name=shown[:80],
                    level=min(lvl, 100),
                    health=hp,
                    max_health=hp,
                    damage=dmg,
                    armor=armor,
                    swarm=swarm,
                    boss=boss,
                )
            )
        self.submit(NpcsAdded(npcs=tuple(npcs)), "")


class InitiativeDialog(CombatDialog):
    """R-CMB-1: every PC's Speed task against the highest NPC level; dice typed or rolled."""

    BINDINGS = [Binding("ctrl+s", "roll", "Roll", id="initiative.roll")]

    def compose(self) -> ComposeResult:
        encounter = self.encounter
        self.pcs = [cid for cid in encounter.order if encounter.combatants[cid].pc]
        self.difficulty = combat.initiative_difficulty(
            c.level for c in encounter.npcs() if not c.defeated
        )
        with Vertical(classes="dialog") as box:
            box.border_title = f"Initiative: Speed tasks at difficulty {self.difficulty}"
            for pc in self.pcs:
                task = self.task(pc)
                odds = task_odds(task)
                label = f"{self.app.campaign.characters[pc].name[:13]}"
                hint = (
                    "automatic" if odds.automatic else f"{float(odds.p_success):.0%}; blank: roll"
                )
                yield row(
                    label, Input(placeholder=hint, type="integer", id=f"die-{pc}", compact=True)
                )
            yield Static(
                Text(
                    "Type each PC's d20, or leave it blank for the app to roll. Enter rolls.",
                    style="dim",
                )
            )
            with Horizontal(classes="buttons"):
                yield Button("Roll", variant="primary", id="roll")
                yield Button("Cancel", id="cancel")

    def task(self, pc: str) -> Task:
        """Training in initiative (Sharp-Eyed, for one) eases the task."""
        level = self.app.campaign.characters[pc].skills.get("Initiative")
        skill = {"trained": Skill.TRAINED, "specialized": Skill.SPECIALIZED}.get(
            level, Skill.UNTRAINED
        )
        return Task(difficulty=self.difficulty, skill=skill, inability=level == "inability")

    @on(Button.Pressed, "#roll")
    @on(Input.Submitted)
    def action_roll(self) -> None:
        dice, succeeded = {}, []
        for pc in self.pcs:
            typed = int_value(self.query_one(f"#die-{pc}", Input), default=0)
            if typed is None or not 0 <= typed <= 20:
                self.notify("A d20 shows 1 to 20.", severity="warning")
                return
            task = self.task(pc)
            die = None if is_automatic(task) else (typed or SeededDice().roll(20))
            if die is not None:
                dice[pc] = die
            if resolve(task, die).success:
                succeeded.append(pc)
        self.submit(
            InitiativeRolled(pcs=tuple(self.pcs), dice=dice, succeeded=tuple(succeeded)), ""
        )


class ConditionDialog(CombatDialog):
    """R-CMB-4: a condition with a duration in rounds, on the marked combatants."""

    def __init__(self, targets: tuple[str, ...]) -> None:
        super().__init__()
        self.targets = targets

    def compose(self) -> ComposeResult:
        names = [(name, name) for name in combat.CONDITIONS] + [("custom…", "")]
        with Vertical(classes="dialog") as box:
            box.border_title = f"Condition on {', '.join(self.targets)}"
            yield row(
                "Condition",
                Select(names, value="stunned", allow_blank=False, id="name", compact=True),
            )
            yield row(
                "Custom tag", Input(placeholder="any tag (when custom)", id="tag", compact=True)
            )
            yield row("Rounds", Input("1", type="integer", id="rounds", compact=True))
            yield Static(Text("0 rounds: for the rest of the fight. Enter adds.", style="dim"))
            with Horizontal(classes="buttons"):
                yield Button("Add", variant="primary", id="add")
                yield Button("Cancel", id="cancel")

    @on(Button.Pressed, "#add")
    @on(Input.Submitted)
    def add(self) -> None:
        name = (
            self.query_one("#name", Select).value
            or self.query_one("#tag", Input).value.strip().lower()
        )
        rounds = int_value(self.query_one("#rounds", Input), default=1)
        if not name or rounds is None or not 0 <= rounds <= 1000:
            self.notify("Name the condition and give 0 or more rounds.", severity="warning")
            return
        self.submit(
            ConditionAdded(
                targets=self.targets, condition=Condition(name=name[:40], rounds=rounds)
            ),
            "",
        )


class HealthDialog(CombatDialog):
    """Damage (less Armor) or healing for the marked NPCs at once."""

    def __init__(self, targets: tuple[str, ...]) -> None:
        super().__init__()
        self.targets = targets

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Damage or heal: {', '.join(self.targets)}"
            yield row(
                "Amount", Input(placeholder="points", type="integer", id="amount", compact=True)
            )
            yield row("", Checkbox("Ignore Armor (ambient)", id="ambient"))
            with Horizontal(classes="buttons"):
                yield Button("Damage", variant="error", id="damage")
                yield Button("Heal", variant="success", id="heal")
                yield Button("Cancel", id="cancel")

    @on(Button.Pressed, "#damage")
    @on(Input.Submitted)
    def damage(self) -> None:
        self.change(-1)

    @on(Button.Pressed, "#heal")
    def heal(self) -> None:
        self.change(1)

    def change(self, sign: int) -> None:
        amount = int_value(self.query_one("#amount", Input), default=-1)
        if amount is None or not 0 <= amount <= 1000:
            self.notify("Type the points, 0 to 1000.", severity="warning")
            return
        ignore = self.query_one("#ambient", Checkbox).value
        self.submit(
            NpcHealthChanged(targets=self.targets, amount=sign * amount, ignore_armor=ignore), ""
        )
