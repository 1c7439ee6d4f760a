"""Grappling in the tracker's action picker (R-GRAB-1): one dialog for what a grapple
offers now. On a PC's turn: grab a foe, break free or struggle to act while held, let go;
on an NPC's turn: it grabs a PC, who rolls a Might defense; held by a PC, it struggles
first, and that PC rolls to keep it from acting. The die is the player's or the app's, as
in every action dialog (``combat_actions``)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual import on
from textual.widget import Widget
from textual.widgets import Select

from strange_tui.campaign.commands import Command
from strange_tui.campaign.commands.combat import (
    ActWhileHeld,
    BreakFree,
    Grab,
    KeepHold,
    LetGo,
    ResistGrab,
    acting_problem,
    out_of_fight,
)
from strange_tui.campaign.commands.combat.attack_situation import HELD, holder_of
from strange_tui.campaign.commands.combat.grappling import holds
from strange_tui.campaign.commands.combat.holds import npc_holder
from strange_tui.campaign.model.encounter import Combatant, action_spent
from strange_tui.campaign.model.events import AnyEvent, RollMade
from strange_tui.campaign.model.state import Campaign
from strange_tui.tui.combat.actions import ActionDialog
from strange_tui.tui.common.dialog import row

MODES = {
    "grab": "Grab a foe: a Might task",
    "free": "Break free: a Might task",
    "act": "Struggle to act while held: a Might task",
    "let_go": "Let go: no roll",
    "npc_grab": "The NPC grabs a PC: a Might defense",
    "keep": "Keep it from acting: a Might defense",
}


def keeping(state: Campaign) -> Combatant | None:
    """R-GRAB-1: the PC who must roll to keep hold of the NPC whose turn it is, before it
    acts (None: no such roll is waiting)."""
    encounter = state.encounter
    active = encounter.active if encounter is not None else None
    if encounter is None or active is None or active.pc or encounter.hold_tested:
        return None
    return npc_holder(state, active)


def grapple_offer(state: Campaign, seat: str | None) -> tuple[str, str] | None:
    """(the PC the dialog opens on, what it does): on the active PC's turn (this seat's),
    when they can act; on an NPC's turn, at the GM's seat (who says the NPC grabs)."""
    encounter = state.encounter
    active = encounter.active if encounter is not None else None
    if encounter is None or active is None:
        return None
    if (holder := keeping(state)) is not None:  # At the GM's seat or the holder's.
        if seat is not None and seat != holder.id:
            return None
        return holder.id, f"{holder.name} keeps {active.name} from acting: a Might defense"
    if acting_problem(state, active.id) and not only_letting_go(state, active):
        return None
    if active.pc:
        if seat is not None and seat != active.id:
            return None
        return active.id, "a Might task at the foe's or the holder's level"
    if active.inanimate or seat is not None:
        return None
    pcs = [c.id for c in encounter.combatants.values() if c.pc and not out_of_fight(state, c.id)]
    return (pcs[0], f"{active.name} grabs a PC: a Might defense") if pcs else None


def only_letting_go(state: Campaign, pc: Combatant) -> bool:
    """R-CMB-8, R-GRAB-1: the PC's turn's action is spent and they hold someone. Letting
    go takes no action (``LetGo``), so the grapple is still on offer, for that alone."""
    encounter = state.encounter
    if encounter is None or not pc.pc:
        return False
    spent = action_spent(encounter, pc.id)
    return (
        spent is not None
        and acting_problem(state, pc.id) == spent  # Nothing else keeps them from acting.
        and any(holds(pc, c) for c in encounter.combatants.values())
    )


class GrappleDialog(ActionDialog):
    """R-GRAB-1: what a grapple offers now, one Might task (or none, letting go)."""

    def heading(self) -> str:
        active = self.encounter.active
        if active is not None and keeping(self.session.state) is not None:
            return f"{active.name} struggles in {self.character.name}'s hold"
        if active is not None and not active.pc:
            return f"{active.name} grabs"
        return f"{self.character.name}: a grapple"

    def me(self) -> Combatant:
        return self.encounter.combatants[self.character_id]

    def modes(self) -> list[str]:
        active = self.encounter.active
        if keeping(self.session.state) is not None:
            return ["keep"]
        if active is not None and not active.pc:
            return ["npc_grab"]
        if only_letting_go(self.session.state, self.me()):
            return ["let_go"]
        held = any(c.name == HELD for c in self.me().conditions)
        holding = any(holds(self.me(), c) for c in self.encounter.combatants.values())
        return [
            *(["free", "act"] if held else []),
            "grab",
            *(["let_go"] if holding else []),
        ]

    def whom(self, mode: str) -> tuple[list[tuple[str, str]], str]:
        """The choices of the other side for ``mode``, and the one chosen first."""
        if mode == "npc_grab":
            return self.pcs(), self.character_id
        if mode == "keep" and (active := self.encounter.active) is not None:
            return [(Text(active.name), active.id)], active.id
        if mode == "let_go":
            held = [(Text(c.name), c.id) for c in self.encounter.combatants.values()
                    if holds(self.me(), c)]  # fmt: skip
            return held, held[0][1] if held else ""
        if mode in ("free", "act"):
            holder = holder_of(self.encounter, self.me())
            return self.npcs(), holder.id if holder is not None else ""
        return self.npcs(lambda c: not holds(self.me(), c)), self.other

    def fields(self) -> Iterable[Widget]:
        modes = self.modes()
        yield self.select("Action", [(MODES[m], m) for m in modes], modes[0], "mode")
        choices, first = self.whom(modes[0])
        if first not in [v for _, v in choices]:
            first = choices[0][1] if choices else Select.NULL
        whom = Select(choices, value=first, allow_blank=True, id="whom", compact=True)
        yield row("With", whom)
        yield from self.effort_rows()

    @on(Select.Changed, "#mode")
    def mode_changed(self) -> None:
        choices, first = self.whom(self.value("mode") or "grab")
        whom = self.query_one("#whom", Select)
        whom.set_options(choices)
        if first in [v for _, v in choices]:
            whom.value = first
        elif choices:
            whom.value = choices[0][1]

    def command(self, die: int | None) -> Command | str:
        mode, other = self.value("mode") or "grab", self.query_one("#whom", Select).selection
        if other is None:
            return "No one to grapple with: choose who."
        effort, assets = self.value("effort") or 0, self.value("assets") or 0
        pc = self.character_id
        if mode == "npc_grab":
            self.character_id = other  # The effort choices and the result are this PC's.
            npc = self.encounter.active
            assert npc is not None
            return ResistGrab(character=other, npc=npc.id, effort=effort, assets=assets, die=die)
        if mode == "keep":
            return KeepHold(character=pc, npc=other, effort=effort, assets=assets, die=die)
        if mode == "let_go":
            if die is not None:
                return "Letting go takes no roll: leave the die blank."
            return LetGo(character=pc, target=other)
        if mode == "free":
            return BreakFree(character=pc, holder=other, effort=effort, assets=assets, die=die)
        if mode == "act":
            return ActWhileHeld(character=pc, holder=other, effort=effort, assets=assets, die=die)
        return Grab(character=pc, target=other, effort=effort, assets=assets, die=die)

    def show_result(self, events: tuple[AnyEvent, ...]) -> None:
        if any(isinstance(event, RollMade) for event in events):
            super().show_result(events)
            return
        self.app.notify(self.session.describe(events), title="Grapple")
        self.dismiss(True)
