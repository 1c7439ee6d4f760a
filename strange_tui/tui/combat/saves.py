"""A save in the tracker's action picker (R-SAVE-1): a PC resists an effect (a poison, a
disease, what a hit brings) with a defense roll in the stat the GM picks (Might first) at
the level the GM sets; the form says what a failure does: points off a pool, steps down
the damage track, or both. The die is the player's or the app's (``combat_actions``)."""

from __future__ import annotations

from collections.abc import Iterable

from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Input, Label, Select

from strange_tui.campaign.commands import Command
from strange_tui.campaign.commands.combat import Resist, out_of_fight
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.terms import Stat
from strange_tui.tui.combat.actions import ActionDialog
from strange_tui.tui.common.dialog import int_value, row

STATS = [(stat.value.title(), stat) for stat in (Stat.MIGHT, Stat.SPEED, Stat.INTELLECT)]
LEVELS = [(str(n), n) for n in range(1, 11)]
STEPS = [("none", 0), ("1 step", 1), ("2 steps", 2), ("3 steps", 3)]
FIRST_LEVEL = 2
"""The effect's level offered first out of an NPC's turn (the GM sets it)."""


def save_offer(state: Campaign, seat: str | None) -> tuple[str, str] | None:
    """(the PC the dialog opens on, what it does): on any turn, for a PC of the fight (a
    player's seat: its own); the active PC first."""
    encounter = state.encounter
    if encounter is None or encounter.active is None:
        return None
    pcs = [
        c.id
        for c in encounter.combatants.values()
        if c.pc and not out_of_fight(state, c.id) and seat in (None, c.id)
    ]
    if not pcs:
        return None
    first = encounter.active.id if encounter.active.id in pcs else pcs[0]
    return first, "a defense roll against a poison, a disease..."


def pair(label: str, first: Widget, then: str, second: Widget) -> Horizontal:
    """Two fields on one form row: 'Damage [  ] to [Might]'."""
    return Horizontal(
        Label(label, classes="field"), first, Label(then, classes="field"), second,
        classes="row flat",
    )  # fmt: skip


class SaveDialog(ActionDialog):
    """R-SAVE-1: a PC resists an effect; a failure lands it, a success changes nothing."""

    def heading(self) -> str:
        return "Save: resist an effect"

    def fields(self) -> Iterable[Widget]:
        active = self.encounter.active
        level = active.level if active is not None and not active.pc else FIRST_LEVEL
        yield self.select("Who", self.pcs(), self.character_id, "pc")
        yield pair(
            "Defends with", Select(STATS, value=Stat.MIGHT, allow_blank=False, id="stat",
                                   compact=True),
            "Level", Select(LEVELS, value=min(level, 10), allow_blank=False, id="level",
                            compact=True),
        )  # fmt: skip
        yield row(
            "Resisting", Input(placeholder="what: the spider's venom", id="effect", compact=True)
        )
        yield pair(
            "Damage", Input(placeholder="0", type="integer", id="damage", compact=True),
            "to", Select(STATS, value=Stat.MIGHT, allow_blank=False, id="pool", compact=True),
        )  # fmt: skip
        yield self.select("Track down", STEPS, 0, "track")
        yield from self.effort_rows()

    def command(self, die: int | None) -> Command | str:
        pc = self.value("pc")
        if pc is None:
            return "No PC is left in the fight."
        damage = int_value(self.query_one("#damage", Input))
        if damage is None:
            return "The damage is a whole number (0 for none)."
        self.character_id = pc  # The effort choices and the result are this PC's.
        return Resist(
            character=pc,
            level=self.value("level") or FIRST_LEVEL,
            stat=self.value("stat") or Stat.MIGHT,
            effect=self.value("effect"),
            damage=damage,
            pool=self.value("pool") or Stat.MIGHT,
            track=self.value("track") or 0,
            effort=self.value("effort") or 0,
            assets=self.value("assets") or 0,
            die=die,
        )
