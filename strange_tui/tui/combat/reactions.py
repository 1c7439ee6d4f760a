"""The combat actions taken on another's turn (R-ACT-1): take the attack meant for an ally,
stop someone passing a guard, get past an NPC on guard, act when a wait's trigger comes;
and surprise as a fight begins (R-ACT-2). The same house as ``combat_actions``."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Static

from strange_tui.campaign.commands import Command
from strange_tui.campaign.commands.combat import (
    ActionPreview,
    ActOnWait,
    GetPast,
    StopPasser,
    Surprise,
    TakeAttack,
)
from strange_tui.campaign.commands.combat.actions import GUARDING, WAITING
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import AnyEvent
from strange_tui.tui.combat.actions import ActionDialog, action_table
from strange_tui.tui.combat.npcs import CombatDialog
from strange_tui.tui.common.dialog import row


def holds(name: str):
    """A filter: the combatants holding the condition ``name``."""

    def keep(combatant: Combatant) -> bool:
        return any(c.name == name for c in combatant.conditions)

    return keep


class TakeAttackDialog(ActionDialog):
    """R-ACT-1: on the NPC's turn, a PC takes the attack meant for an ally: a Speed task
    (when the GM asks for one); a success takes the hit, +1 damage, no defense roll."""

    def heading(self) -> str:
        npc = self.encounter.combatants[self.other]
        return f"Take {npc.name}'s attack (damage {npc.damage})"

    def fields(self) -> Iterable[Widget]:
        yield self.select("Who takes it", self.pcs(), self.character_id, "pc")
        everyone = [(Text(c.name), c.id) for c in self.encounter.combatants.values() if c.pc]
        ally = next((cid for _, cid in everyone if cid != self.character_id), "")
        yield self.select("Meant for", everyone, ally, "ally")
        yield row("", Checkbox("A Speed task first (the GM asks for one)", value=True, id="roll"))
        yield from self.effort_rows()

    def command(self, die: int | None) -> Command | str:
        pc, ally = self.value("pc"), self.value("ally")
        if pc is None or ally is None:
            return "Choose who takes the attack, and for whom."
        rolls = bool(self.value("roll"))
        if not rolls and die is not None:
            return "No task: leave the die blank (or tick the Speed task)."
        self.character_id = pc  # The effort choices and the result are this PC's.
        return TakeAttack(
            character=pc,
            npc=self.other,
            ally=ally,
            roll=rolls,
            effort=(self.value("effort") or 0) if rolls else 0,
            assets=(self.value("assets") or 0) if rolls else 0,
            die=die,
        )


class StopPasserDialog(ActionDialog):
    """R-ACT-1: a PC on guard tries to stop someone: a Speed task, a step easier."""

    def heading(self) -> str:
        return "Stop someone passing the guard"

    def fields(self) -> Iterable[Widget]:
        yield self.select("On guard", self.pcs(holds(GUARDING)), self.character_id, "pc")
        yield self.select("Passing", self.npcs(), self.other, "npc")
        yield from self.effort_rows()

    def command(self, die: int | None) -> Command | str:
        pc, npc = self.value("pc"), self.value("npc")
        if pc is None:
            return "No PC is on guard (Guard, among the actions, c)."
        if npc is None:
            return "No NPC is left standing."
        self.character_id = pc
        return StopPasser(
            character=pc,
            passer=npc,
            effort=self.value("effort") or 0,
            assets=self.value("assets") or 0,
            die=die,
        )


class GetPastDialog(ActionDialog):
    """R-ACT-1: the active PC tries to get past an NPC on guard: a step harder."""

    def heading(self) -> str:
        return f"{self.character.name} gets past a guard"

    def fields(self) -> Iterable[Widget]:
        yield self.select("Guard", self.npcs(holds(GUARDING)), self.other, "npc")
        yield from self.effort_rows()

    def command(self, die: int | None) -> Command | str:
        npc = self.value("npc")
        if npc is None:
            return "No NPC is on guard (the GM gives it 'guarding', k)."
        return GetPast(
            character=self.character_id,
            npc=npc,
            effort=self.value("effort") or 0,
            assets=self.value("assets") or 0,
            die=die,
        )


class ActOnWaitDialog(ActionDialog):
    """R-ACT-1: the waiting PC's trigger came: they act now."""

    ROLLS = False

    def heading(self) -> str:
        return "A wait's trigger came"

    def fields(self) -> Iterable[Widget]:
        yield self.select("Waiting", self.pcs(holds(WAITING)), self.character_id, "pc")

    def command(self, die: int | None) -> Command | str:
        pc = self.value("pc")
        if pc is None:
            return "No PC is waiting."
        return ActOnWait(character=pc)

    def show_result(self, events: tuple[AnyEvent, ...]) -> None:
        self.app.notify(self.session.describe(events), title="The trigger")
        self.dismiss(True)


class SurpriseDialog(CombatDialog):
    """R-ACT-2: the marked combatants are surprised as the fight begins (ctrl+s or the
    button; escape closes)."""

    BINDINGS = [Binding("ctrl+s", "surprise", "Surprise", id="surprise.go")]

    def __init__(self, targets: tuple[str, ...]) -> None:
        super().__init__()
        self.targets = targets

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Surprised: {self.names(self.targets)}"
            box.border_subtitle = "ctrl+s surprises · escape closes"
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Surprise", variant="primary", id="go")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#go", Button).focus()
        self.show_preview(Surprise(targets=self.targets), surprise_text)

    @on(Button.Pressed, "#go")
    def action_surprise(self) -> None:
        self.commit(Surprise(targets=self.targets))


def surprise_text(preview: ActionPreview) -> Text:
    return Text("\n".join(preview.lines))


__all__ = [
    "ActOnWaitDialog",
    "GetPastDialog",
    "StopPasserDialog",
    "SurpriseDialog",
    "TakeAttackDialog",
    "action_table",
]
