"""The roll dialog's Against choice (R-NPC-1): in a fight, the NPC standing the task is
against. Picking one sets the Difficulty to the level the model says it meets this task
at (its perception for a PC sneaking, its deception for a lie), and the preview says why;
a box for each situation of its entry that would change that level. The level follows
the task as its label, kind, stat or Perception box change, until the Difficulty is set by
hand: then Against stays, and the preview says the Difficulty is the table's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Label, Select

from strange_tui.campaign.commands.rolls.against import (
    against_level,
    against_situations,
    standing_npcs,
)
from strange_tui.campaign.commands.rolls.odds import RollPreview
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.terms import DIFFICULTY_NAMES
from strange_tui.tui.rolls.odds import preview_table

NOBODY = ""
MOST = len(DIFFICULTY_NAMES) - 1
"""The Difficulty choice's highest; a level past it is hindrance steps (R-TASK-4)."""
BY_HAND = "set by hand"


@dataclass(frozen=True)
class AgainstPreview:
    """The roll's preview with the Against line first (equal when the line is: the dialog
    draws a preview again only when something in it changed)."""

    line: str = ""
    by_hand: bool = False

    def __call__(self, preview: RollPreview) -> Table:
        if not self.line:
            return preview_table(preview)
        against = Text(self.line, style="magenta")
        if self.by_hand:
            against.append(f" · {BY_HAND}", style="yellow")
        return preview_table(preview, against)


class AgainstFields:
    """Mixed in before the dialog's screen class, which composes ``against_fields`` in its
    form, passes each Roll its form makes through ``against_applied``, draws its preview
    with ``against_preview``, and calls ``reset_against`` when it opens for a new task."""

    query_one: Any
    session: Any
    against_id: str = NOBODY
    """The NPC the Difficulty was last set for."""
    against_set: int | None = None
    """The Difficulty Against set (another value there: set by hand)."""
    against_shown: AgainstPreview = AgainstPreview()
    held_shown: tuple[str, ...] = ()

    def against_options(self) -> list[tuple[str, str]]:
        return [("none", NOBODY), *standing_npcs(self.session.state)]

    def against_fields(self) -> ComposeResult:
        """The Against row (shown while NPCs stand in a fight) and the row of its
        situations (shown while the chosen NPC's entry names some for this task)."""
        yield Label("Against", classes="against")
        yield Select(self.against_options(), value=NOBODY, allow_blank=False, id="against",
                     compact=True, classes="wide against")  # fmt: skip
        yield Label("It holds", classes="against-held")
        yield Horizontal(id="against-held", classes="wide checks against-held")

    def reset_against(self) -> None:
        """Nobody chosen; the NPCs standing now offered (hidden when there are none)."""
        options = self.against_options()
        select = self.query_one("#against", Select)
        select.set_options(options)
        select.value = NOBODY
        self.against_id, self.against_set = NOBODY, None
        self.against_shown = AgainstPreview()
        self.show_rows(".against", len(options) > 1)
        self.show_held(())

    def show_rows(self, selector: str, shown: bool) -> None:
        screen: Any = self
        for widget in screen.query(selector):
            if widget.display != shown:
                widget.display = shown

    def show_held(self, situations: tuple[str, ...]) -> None:
        """One box per situation (the ticked ones stay ticked); none: the row hidden."""
        if situations != self.held_shown:
            ticked = set(self.held())
            self.held_shown = situations
            row = self.query_one("#against-held", Horizontal)
            row.remove_children()
            row.mount_all(Checkbox(Text(s), value=s in ticked) for s in situations)
        self.show_rows(".against-held", bool(situations))

    def held(self) -> tuple[str, ...]:
        """The situations the table says hold now."""
        boxes = self.query_one("#against-held", Horizontal).query(Checkbox)
        ticked = {str(box.label) for box in boxes if box.value}  # Old boxes may linger.
        return tuple(s for s in self.held_shown if s in ticked)

    def against_applied(self, roll: Roll) -> Roll:
        """R-NPC-1: ``roll`` at the level the NPC chosen meets it at: the Difficulty set
        (a level past the most, the rest as hindrance steps), unless set by hand since."""
        npc = self.query_one("#against", Select).value
        standing = {cid for _, cid in standing_npcs(self.session.state)}
        if not isinstance(npc, str) or npc not in standing:
            self.against_id, self.against_set = NOBODY, None
            self.against_shown = AgainstPreview()
            self.show_held(())
            return roll
        state = self.session.state
        situations = against_situations(state, npc, roll)
        self.show_held(situations)
        level, line = against_level(state, npc, roll, self.held())
        difficulty = self.query_one("#difficulty", Select)
        picked = npc != self.against_id
        self.against_id = npc
        by_hand = not picked and difficulty.value != self.against_set
        self.against_shown = AgainstPreview(line, by_hand)
        if by_hand:
            return roll
        value = min(level, MOST)
        self.against_set = value
        if difficulty.value != value:
            difficulty.value = value
        beyond = level - value
        return msgspec.structs.replace(
            roll,
            difficulty=value,
            hindrances=roll.hindrances + beyond,
            reasons=(*roll.reasons, (line, beyond)) if beyond else roll.reasons,
        )

    def against_preview(self) -> AgainstPreview:
        """How the preview reads with the Against line (none: as it was)."""
        return self.against_shown
