"""A fight starts and ends on purpose only.

- **Starting**: `c` with no fight under way opens Add NPCs over an empty tracker; the
  fight begins with the NPCs the GM adds, in one step (``AddNpcs(start=True)``): escape
  starts nothing, writes nothing, and takes the tracker away.
- **Ending**: `e` with NPCs still standing asks first, naming them ("End the fight?"); y
  ends it, n or escape keeps fighting. With every NPC down it ends at once.
- **Ended elsewhere**: another window's end (or undo) takes this window's tracker back to
  where it was opened from, saying so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from strange_tui.campaign.commands.combat import AddNpcs, CombatSummary, EndCombat
from strange_tui.campaign.model.events import AnyEvent, CombatEnded
from strange_tui.campaign.narrate.words import plural
from strange_tui.tui.combat.npcs import AddNpcsDialog
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import DIALOG_CSS
from strange_tui.tui.common.session import Refused

if TYPE_CHECKING:
    from strange_tui.tui.combat.tracker import CombatScreen

ENDED_ELSEWHERE = "The fight ended (at another window)."


class StartFightDialog(AddNpcsDialog):
    """Add NPCs, as the fight's start: the fight begins with them, in the same step."""

    def on_mount(self) -> None:
        self.query_one(".dialog").border_title = "A fight: add its NPCs (ctrl+s starts it)"
        super().on_mount()

    def command(self) -> AddNpcs | str:
        command = super().command()
        if isinstance(command, str):
            return command
        return msgspec.structs.replace(command, start=True)


def start_fight(tracker: CombatScreen) -> None:
    """The empty tracker's first step: the NPCs, with whom the fight begins; a fight that
    cannot begin (no PC here can fight) is refused at once, said, and nothing opens."""
    app = strange_app(tracker)
    try:
        tracker.session.preview(AddNpcs(name="NPC", level=1, start=True))
    except Refused as refused:
        app.notify(str(refused), severity="warning")
        tracker.close()
        return

    def added(done: bool | None) -> None:
        if not done:
            tracker.close()  # Cancelled: no fight, nothing written.

    app.push_screen(StartFightDialog(), added)


class EndFightDialog(ModalScreen[bool]):
    """'End the fight?' (y) while NPCs still stand, naming them with their health."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False
    BINDINGS = [
        Binding("y", "answer(True)", "End it", id="combat.end.yes"),
        Binding("n,escape", "answer(False)", "Keep fighting", id="combat.end.no"),
    ]

    def __init__(self, standing: Sequence[str]) -> None:
        super().__init__()
        self.standing = tuple(standing)

    def compose(self) -> ComposeResult:
        text = Text("Still standing: ", style="bold")
        text.append(", ".join(self.standing))  # Names as typed: Text, never markup.
        text.append("\n\ny: end the fight · n: keep fighting", style="dim")
        with Vertical(classes="dialog") as box:
            box.border_title = "End the fight?"
            yield Static(text)

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


def end_fight(tracker: CombatScreen) -> None:
    """`e`: the fight ends at once when no NPC stands; else only once the GM says so."""
    try:
        summary: CombatSummary = tracker.session.preview(EndCombat())
    except Refused as refused:
        tracker.notify(str(refused), severity="warning")
        return
    if not summary.standing:
        ended(tracker)
        return

    def answered(yes: bool | None) -> None:
        if yes:
            ended(tracker)

    tracker.app.push_screen(EndFightDialog(summary.standing), answered)


def ended(tracker: CombatScreen) -> None:
    """End the fight from this tracker (one step), say so and close it."""
    app = strange_app(tracker)
    tracker.leaving = True  # This window's own end: not news from another window.
    events = app.run_command(EndCombat())
    if events and isinstance(first := events[0], CombatEnded):
        app.notify(f"Fight over after {plural(first.rounds, 'round')}.", title="Combat")
        tracker.dismiss()
        return
    tracker.leaving = False


def fight_gone(tracker: CombatScreen, journal: Sequence[AnyEvent]) -> None:
    """The fight is no longer under way, though this tracker showed it: another window
    ended it (or took back its start). Back to where the tracker was opened, saying so."""
    tracker.leaving = True  # Once: another change may come before the pop.
    if ended_last(journal):
        tracker.app.notify(ENDED_ELSEWHERE, title="Combat")
    tracker.dismiss()


def ended_last(journal: Sequence[AnyEvent]) -> bool:
    """Whether the newest command ended a fight (else an undo took the fight away)."""
    for event in reversed(journal):
        if isinstance(event, CombatEnded):
            return True
        if not event.batch:
            return False
    return False
