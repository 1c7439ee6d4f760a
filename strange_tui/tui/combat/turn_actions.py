"""The combat actions a PC takes on their own turn (R-ACT-1): covering fire, distract,
draw the attack, guard, wait. Each dialog is one command (see ``combat_actions``)."""

from __future__ import annotations

from collections.abc import Iterable

from textual.widget import Widget
from textual.widgets import Checkbox, Input

from strange_tui.campaign.commands import Command
from strange_tui.campaign.commands.combat import (
    CoveringFire,
    Distract,
    DrawAttack,
    Guard,
    Wait,
    weapons_of,
)
from strange_tui.campaign.model.events import AnyEvent
from strange_tui.tui.combat.actions import ActionDialog
from strange_tui.tui.common.dialog import row


class CoveringFireDialog(ActionDialog):
    """R-ACT-1: an attack roll that deals no damage; a hit pins the foe down."""

    def heading(self) -> str:
        return f"{self.character.name}: covering fire"

    def fields(self) -> Iterable[Widget]:
        self.weapons = weapons_of(self.character, self.session.content)
        weapons = [(f"{w.name} ({w.category})", n) for n, w in enumerate(self.weapons)]
        yield self.select("Target", self.npcs(), self.other, "target")
        yield self.select("Weapon", weapons, 0, "weapon")
        yield from self.effort_rows()

    def command(self, die: int | None) -> Command | str:
        target = self.value("target")
        if target is None:
            return "No NPC is left standing."
        return CoveringFire(
            character=self.character_id,
            target=target,
            weapon=self.weapons[self.value("weapon") or 0],
            effort=self.value("effort") or 0,
            assets=self.value("assets") or 0,
            die=die,
        )


class DistractDialog(ActionDialog):
    """R-ACT-1: a foe distracted for a round; distractions do not add up."""

    ROLLS = False

    def heading(self) -> str:
        return f"{self.character.name} distracts a foe"

    def fields(self) -> Iterable[Widget]:
        yield self.select("Foe", self.npcs(), self.other, "target")

    def command(self, die: int | None) -> Command | str:
        target = self.value("target")
        if target is None:
            return "No NPC is left standing."
        return Distract(character=self.character_id, target=target)

    def show_result(self, events: tuple[AnyEvent, ...]) -> None:
        self.app.notify(self.session.describe(events), title="Distract")
        self.dismiss(True)


class DrawAttackDialog(ActionDialog):
    """R-ACT-1: an NPC attacks this PC rather than another; an Intellect task when the GM
    asks for one; a prominent character defends a step harder."""

    def heading(self) -> str:
        return f"{self.character.name} draws an attack"

    def fields(self) -> Iterable[Widget]:
        yield self.select("NPC", self.npcs(), self.other, "npc")
        yield row("", Checkbox("An Intellect task first (the GM asks for one)", id="roll"))
        yield row("", Checkbox("Prominent (defends a step harder)", id="prominent"))
        yield from self.effort_rows()

    def command(self, die: int | None) -> Command | str:
        npc = self.value("npc")
        if npc is None:
            return "No NPC is left standing."
        rolls = bool(self.value("roll"))
        if not rolls and die is not None:
            return "No task: leave the die blank (or tick the Intellect task)."
        return DrawAttack(
            character=self.character_id,
            npc=npc,
            prominent=bool(self.value("prominent")),
            roll=rolls,
            effort=(self.value("effort") or 0) if rolls else 0,
            assets=(self.value("assets") or 0) if rolls else 0,
            die=die,
        )


class GuardDialog(ActionDialog):
    """R-ACT-1: guard something until the PC's next turn ends."""

    ROLLS = False

    def heading(self) -> str:
        return f"{self.character.name} guards"

    def fields(self) -> Iterable[Widget]:
        yield row("Guarding", Input(placeholder="what: the door, Jun...", id="what", compact=True))

    def command(self, die: int | None) -> Command | str:
        return Guard(character=self.character_id, what=self.value("what"))

    def show_result(self, events: tuple[AnyEvent, ...]) -> None:
        self.app.notify(self.session.describe(events), title="Guard")
        self.dismiss(True)


class WaitDialog(ActionDialog):
    """R-ACT-1: name a trigger; act when it comes."""

    ROLLS = False

    def heading(self) -> str:
        return f"{self.character.name} waits"

    def fields(self) -> Iterable[Widget]:
        yield row(
            "Trigger", Input(placeholder="when: the guard opens the door", id="what", compact=True)
        )

    def command(self, die: int | None) -> Command | str:
        return Wait(character=self.character_id, trigger=self.value("what"))

    def show_result(self, events: tuple[AnyEvent, ...]) -> None:
        self.app.notify(self.session.describe(events), title="Wait")
        self.dismiss(True)
