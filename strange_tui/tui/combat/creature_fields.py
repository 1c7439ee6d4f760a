"""What the attack and defense dialogs ask about a pack's creature (R-NPC-1, R-NPC-2): the
kind of harm an attack deals, the situations its entry names that the table says hold,
and the lines of its entry that change the roll. The choices come from the model's view
of the creature and its previews; nothing here decides what they do."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, get_args

from rich.table import Table
from rich.text import Text
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Select

from strange_tui.campaign.commands.combat.views import CreatureView, creature_view
from strange_tui.campaign.model.creatures import riders
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.content.creature_powers import DamageKind
from strange_tui.tui.combat.roll import DIE_HINT, DIE_LABEL
from strange_tui.tui.common.dialog import die_hint, int_value, row, typed_d20

PLAIN = ""
BLOW = ""
REACH = [("unsaid", ""), ("at range", "range"), ("in melee", "melee")]
"""R-NPC-1: where the NPC attacks from, asked when its entry makes it matter."""
RIDER_LABEL = "Rider die"
FOE = "Foe"
"""The preview's label for the creature's lines ("Abomination: +5 Armor against energy")."""


def harm_options(view: CreatureView) -> list[tuple[str, str]]:
    """A plain blow, then the kinds of harm the creature's entry singles out (with what
    they do to it), then the others: the Harm choice of a PC's attack."""
    marked = dict(view.harm)
    options = [("plain", PLAIN)]
    options += [(f"{kind} ({what})", kind) for kind, what in view.harm]
    options += [(kind, kind) for kind in get_args(DamageKind) if kind not in marked]
    return options


def foe_rows(table: Table, lines: Iterable[str]) -> None:
    """The creature's entry, a line each, under the label ``Foe``."""
    for index, line in enumerate(lines):
        table.add_row("" if index else FOE, Text(line, style="magenta"))


class Situations(Vertical):
    """R-NPC-1: one check box per situation of the creature's situational modifications
    that the preview names ("attacking from hiding"); the ticked ones go into the command.
    Hidden while there are none."""

    DEFAULT_CSS = """
    Situations { height: auto; }
    Situations.-none { display: none; }
    """

    def __init__(self) -> None:
        super().__init__(id="situations", classes="-none")
        self.shown: tuple[str, ...] = ()

    def chosen(self) -> tuple[str, ...]:
        """The situations the table says hold now."""
        return tuple(
            situation
            for situation, box in zip(self.shown, self.query(Checkbox), strict=False)
            if box.value
        )

    def show(self, situations: tuple[str, ...]) -> None:
        """One box per situation (the ticked ones stay ticked); none: hidden."""
        if situations == self.shown:
            return
        ticked = set(self.chosen())
        self.shown = situations
        self.remove_children()
        self.set_class(not situations, "-none")
        self.mount_all(
            Checkbox(Text(f"It holds: {situation}"), value=situation in ticked)
            for situation in situations
        )


class CreatureDefense:
    """The defense dialog's questions about the attacking creature (R-NPC-1, R-NPC-2):
    its blow or an area attack, at range or in melee, and the rider's die beside the die.
    Mixed in before ``CombatRoll``, whose ``npc``, ``query`` and ``typed_die`` it uses."""

    npc: Combatant
    query: Any
    die_input: Any
    area: str = ""
    """The area attack the question names (asked at a seat), fixed; "" for the GM's choice."""

    def creature_rows(self) -> list[Horizontal]:
        """R-NPC-1, R-NPC-2: its area attacks, and at range or in melee, when its entry has
        them (a quick NPC's dialog is as it was)."""
        view, rows = creature_view(self.npc), []
        if view.areas:
            areas = [("its blow", BLOW), *((name, name) for name in view.areas)]
            asked = self.area if self.area in view.areas else BLOW
            area = Select(areas, value=asked, allow_blank=False, id="area", compact=True,
                          disabled=bool(self.area))  # fmt: skip
            rows.append(row("Its attack", area))
        if view.reach:
            reach = Select(REACH, value="", allow_blank=False, id="reach", compact=True)
            rows.append(row("It attacks", reach))
        return rows

    def die_row(self) -> Horizontal:
        """The die; beside it the rider's die when the NPC's hit (or area) has riders."""
        npc = self.npc
        if not (riders(npc) or any(riders(npc, name) for name in creature_view(npc).areas)):
            return row(DIE_LABEL, self.die_input())
        rider = Input(
            placeholder=die_hint(self, DIE_HINT),
            type="integer",
            valid_empty=True,
            id="rider_die",
            compact=True,
        )
        return Horizontal(
            Label(DIE_LABEL, classes="field"),
            self.die_input(),
            Label(f" {RIDER_LABEL} "),
            rider,
            classes="row flat",
        )

    def typed_die(self) -> int | None | str:
        """The die, then the rider's die (blank: the app rolls it, or asks for it)."""
        die = super().typed_die()  # type: ignore[misc]
        field = self.query("#rider_die")
        if isinstance(die, str) or not field or not field.first(Input).value.strip():
            return die
        rider = typed_d20(field.first(Input))
        return f"{RIDER_LABEL}: {rider}" if isinstance(rider, str) else die

    def rider_die(self) -> int | None:
        field = self.query("#rider_die")
        if not field:
            return None
        value = int_value(field.first(Input), default=0)
        if value is None or not 0 <= value <= 20:
            raise ValueError(f"{RIDER_LABEL}: a d20 shows 1 to 20.")
        return value or None

    def ranged(self) -> bool | None:
        reach = self.query("#reach")
        value = reach.first(Select).value if reach else ""
        return None if not value else value == "range"

