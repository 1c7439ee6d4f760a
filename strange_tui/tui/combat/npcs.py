"""The combat tracker's dialogs: adding NPCs and conditions (R-CMB); the initiative dialog
lives in ``initiative`` (imported here too), NPC health in ``npc_health``.

Each builds a command from the form, shows the model's preview, and commits it in one step.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Button, Checkbox, Input, Select, Static

from strange_tui.campaign.commands.combat import (
    CONDITION_NAMES,
    AddCondition,
    AddNpcs,
    AddNpcsPreview,
    RemoveCondition,
)
from strange_tui.campaign.model.encounter import Encounter
from strange_tui.tui.combat.initiative import InitiativeDialog  # noqa: F401 - the screen's import
from strange_tui.tui.common.dialog import CharacterDialog, int_value, row
from strange_tui.tui.common.filter_list import FilterList, Item


class CombatDialog(CharacterDialog):
    """A combat dialog: not about one character, but about the fight."""

    def __init__(self) -> None:
        super().__init__("")

    @property
    def encounter(self) -> Encounter:
        encounter = self.session.state.encounter
        assert encounter is not None
        return encounter

    def names(self, ids: tuple[str, ...]) -> str:
        """The combatants' names (as typed, escaped for a border title), not their ids."""
        combatants = self.encounter.combatants
        return escape(", ".join(combatants[i].name if i in combatants else i for i in ids))


def names_text(names: list[str]) -> str:
    """Names that differ only by their number, shortened: "Rats swarm 1, 2"."""
    split = [name.rsplit(" ", 1) for name in names]
    if len(names) > 1 and all(len(s) == 2 and s[1].isdigit() for s in split):
        if len({head for head, _ in split}) == 1:
            return f"{split[0][0]} {', '.join(number for _, number in split)}"
    return ", ".join(names)


class AddNpcsDialog(CombatDialog):
    """Creatures from the packs (type to filter) or quick 'level N' NPCs, one or many."""

    DEFAULT_CSS = """
    AddNpcsDialog #creature { height: 8; }
    AddNpcsDialog #preview { text-wrap: nowrap; text-overflow: ellipsis; }
    """
    BINDINGS = [Binding("ctrl+s", "add", "Add", id="npcs.add")]

    def compose(self) -> ComposeResult:
        self.creatures = self.session.content.kind("creatures")
        self.picked: str | None = None
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
            swarm = Checkbox("Swarms: every 4 act as one (level +1, +2 damage)", id="swarm")
            yield row("", swarm)
            yield row("", Checkbox("Boss (+3 damage, +1 level on attack and defense)", id="boss"))
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Add", variant="primary", id="add")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.update_preview()

    @on(FilterList.Chosen)
    def chosen(self, event: FilterList.Chosen) -> None:
        self.picked = event.item_id
        self.query_one("#count", Input).focus()
        self.update_preview()

    def command(self) -> AddNpcs | str:
        """The NPCs the form describes, or what is missing."""
        count = int_value(self.query_one("#count", Input), default=1)
        if count is None:
            return "How many: a whole number."
        choices: dict[str, Any] = {
            "count": count,
            "swarm": self.query_one("#swarm", Checkbox).value,
            "boss": self.query_one("#boss", Checkbox).value,
        }
        level = int_value(self.query_one("#quick", Input), default=-1)
        if level is None:
            return "A level is a whole number, 0 to 10."
        if level >= 0:
            name = self.query_one("#name", Input).value.strip() or f"Level {level} NPC"
            return AddNpcs(name=name, level=level, **choices)
        picked = self.picked or self.query_one(FilterList).highlighted_id()
        if picked is None:
            return "Pick a creature, or give a level."
        return AddNpcs.of_creature(self.creatures[picked], **choices)

    @on(Input.Changed)
    @on(Checkbox.Changed)
    @on(FilterList.Highlighted)
    def update_preview(self) -> None:
        preview = self.preview_of(self.command())
        shown = self.query_one("#preview", Static)
        if isinstance(preview, str):
            shown.update(Text(preview, style="red"))
            return
        assert isinstance(preview, AddNpcsPreview)
        groups: dict[tuple[int, int, int, int], list[str]] = {}
        for npc in preview.npcs:
            groups.setdefault((npc.level, npc.health, npc.damage, npc.armor), []).append(npc.name)
        text = Text()
        for (level, health, damage, armor), names in groups.items():
            many = f"{len(names)} × " if len(names) > 1 else ""
            text.append("\n" if text else "")
            text.append(
                f"{many}level {level}, health {health}, damage {damage}, Armor {armor}: ",
                style="bold",
            )
            text.append(names_text(names))
        if self.picked is not None and not self.query_one("#quick", Input).value.strip():
            creature = self.creatures[self.picked]
            text.append(f"\n{creature.name}: {creature.summary}", style="dim")
        shown.update(text)

    @on(Button.Pressed, "#add")
    @on(Input.Submitted)
    def action_add(self) -> None:
        self.commit(self.command())


class ConditionDialog(CombatDialog):
    """R-CMB-4: a condition with a duration in rounds, on the marked combatants; or the
    condition taken off them. Only a deliberate key adds it: ctrl+s or the Add button
    (Enter on the condition's drop-down opens it, as every list does; Enter in a field
    goes to the next one); with "custom…" chosen, adding goes to the tag first."""

    BINDINGS = [
        Binding("ctrl+s", "add", "Add", id="condition.add"),
        Binding("ctrl+r", "remove", "Remove", id="condition.remove"),
    ]

    def __init__(self, targets: tuple[str, ...]) -> None:
        super().__init__()
        self.targets = targets

    def compose(self) -> ComposeResult:
        # The targets' own conditions besides the tracker's (a hazard, a tag) can be taken
        # off too; a hazard they are in comes first, for ctrl+r (R-HAZ-1).
        held = [c for t in self.targets for c in self.encounter.combatants[t].conditions]
        extra = list(dict.fromkeys(c.name for c in held if c.name not in CONDITION_NAMES))
        names = [(name, name) for name in (*CONDITION_NAMES, *extra)] + [("custom…", "")]
        first = next((c.name for c in held if c.damage), "stunned")
        with Vertical(classes="dialog") as box:
            box.border_title = f"Condition on {self.names(self.targets)}"
            yield row(
                "Condition",
                Select(names, value=first, allow_blank=False, id="name", compact=True),
            )
            yield row(
                "Custom tag", Input(placeholder="any tag (when custom)", id="tag", compact=True)
            )
            yield row("Rounds", Input("1", type="integer", id="rounds", compact=True))
            yield Static(
                Text(
                    "0 rounds: for the rest of the fight. ctrl+s adds; ctrl+r takes it off.",
                    style="dim",
                )
            )
            with Horizontal(classes="buttons"):
                yield Button("Add", variant="primary", id="add")
                yield Button("Remove", id="remove")
                yield Button("Cancel", id="cancel")

    def condition(self) -> str:
        return self.query_one("#name", Select).value or self.query_one("#tag", Input).value

    @on(Input.Submitted)
    def next_field(self) -> None:
        self.focus_next()

    @on(Button.Pressed, "#add")
    def action_add(self) -> None:
        if not self.condition():
            self.query_one("#tag", Input).focus()  # "custom…": the tag first.
            return
        self.add()

    def add(self) -> None:
        rounds = int_value(self.query_one("#rounds", Input), default=1)
        if rounds is None:
            self.commit("Give 0 or more rounds (0: the rest of the fight).")
            return
        self.commit(AddCondition(targets=self.targets, name=self.condition(), rounds=rounds))

    @on(Button.Pressed, "#remove")
    def action_remove(self) -> None:
        self.commit(RemoveCondition(targets=self.targets, name=self.condition()))
