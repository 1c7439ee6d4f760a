"""Moving in a fight, in the tracker's action picker (R-MOVE-2): how far, over difficult
terrain or not, and for a long move the Speed task the GM sets (2 unless changed) and
whether a stumble leaves the PC prone. The die, when the move rolls, is the player's or
the app's, as in every action dialog (``combat_actions``)."""

from __future__ import annotations

from collections.abc import Iterable

from textual import on
from textual.widget import Widget
from textual.widgets import Checkbox, Select

from strange_tui.campaign.commands import Command
from strange_tui.campaign.commands.combat import (
    MoveInFight,
    loses_this_turn,
    out_of_fight,
    pc_limit,
)
from strange_tui.campaign.model.events import AnyEvent, RollMade
from strange_tui.campaign.model.state import Campaign
from strange_tui.tui.combat.actions import ActionDialog
from strange_tui.tui.common.dialog import row

DISTANCES = [
    ("Immediate: part of another action", "immediate"),
    ("Short: the whole action", "short"),
    ("Long: the whole action, a Speed task", "long"),
]
LONG_ONLY = ("difficulty", "prone", "effort", "assets")
"""The fields only a long move uses (the others leave them off)."""
GM_DIFFICULTY = 2
"""The long move's Speed task the dialog offers first (the GM may pick another)."""


def move_offer(state: Campaign, seat: str | None) -> tuple[str, str] | None:
    """(the PC, what it does) on the active PC's turn at this seat, the turn not lost;
    the dialog says how far a debilitated PC may go, and why a held one cannot."""
    encounter = state.encounter
    active = encounter.active if encounter is not None else None
    if active is None or not active.pc or (seat is not None and seat != active.id):
        return None
    if out_of_fight(state, active.id) or loses_this_turn(encounter, active):
        return None
    return active.id, "immediate, short or long; difficult terrain"


class MoveDialog(ActionDialog):
    """R-MOVE-2: the active PC moves; a long move rolls Speed at the GM's difficulty."""

    def heading(self) -> str:
        return f"{self.character.name} moves"

    def fields(self) -> Iterable[Widget]:
        crawl = bool(pc_limit(self.session.state, self.character_id))
        yield self.select("Distance", DISTANCES, "immediate" if crawl else "short", "distance")
        yield row("", Checkbox("Difficult terrain (half as far, +1 step)", id="difficult"))
        levels = [(str(n), n) for n in range(11)]
        yield self.select("Long: task", levels, GM_DIFFICULTY, "difficulty")
        yield row("", Checkbox("A stumble leaves them prone (the GM's call)", id="prone"))
        yield from self.effort_rows()

    def on_mount(self) -> None:
        super().on_mount()
        self.long_fields()

    @on(Select.Changed, "#distance")
    def long_fields(self) -> None:
        """Only a long move rolls: its task, its stumble, its Effort."""
        long = self.value("distance") == "long"
        for field in LONG_ONLY:
            self.query_one(f"#{field}").disabled = not long

    def command(self, die: int | None) -> Command | str:
        distance = self.value("distance") or "short"
        long = distance == "long"
        if not long and die is not None:
            return "Only a long move rolls: leave the die blank (or choose Long)."
        return MoveInFight(
            character=self.character_id,
            distance=distance,
            difficult=bool(self.value("difficult")),
            difficulty=self.value("difficulty") if long else GM_DIFFICULTY,
            prone=bool(self.value("prone")) and long,
            effort=(self.value("effort") or 0) if long else 0,
            assets=(self.value("assets") or 0) if long else 0,
            die=die,
        )

    def show_result(self, events: tuple[AnyEvent, ...]) -> None:
        if any(isinstance(event, RollMade) for event in events):
            super().show_result(events)
            return
        self.app.notify(self.session.describe(events), title="Move")
        self.dismiss(True)
