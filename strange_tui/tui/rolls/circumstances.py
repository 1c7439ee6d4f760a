"""The circumstance picker (R-CIR-1, R-CIR-2): type to filter, tick several, ctrl+s.

The roll, attack and defense dialogs open it on their circumstances key; it returns the
ids ticked (None: cancelled, nothing changes). It decides nothing: the dialog's command
carries the ids and the model's preview itemises them.

Two of one group (two lightings, two covers) cannot both hold: ticking the second
replaces the first, and the line under the list says so, so the list never shows a pair
the model would refuse.
"""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, SelectionList, Static
from textual.widgets.selection_list import Selection

from strange_tui.campaign.commands.rolls.circumstances import (
    CircumstanceChoice,
    circumstance_choices,
)
from strange_tui.tui.common.dialog import DIALOG_CSS

PICKER_KEYS = "type filters · ↓ list · space ticks · ctrl+s done · escape cancels"


def side_text(choice: CircumstanceChoice) -> str:
    """Who gains and by how many steps: 'target +1', 'attacker +1', 'no step'."""
    if choice.favours == "none" or not choice.steps:
        return "no step"
    return f"{choice.favours} +{choice.steps}"


def choice_prompt(choice: CircumstanceChoice) -> Text:
    """'dim light — target +1', then (dimmed) the note: what it looks like at the table."""
    text = Text(choice.label, style="bold")
    text.append(f" — {side_text(choice)}", style="cyan")
    if choice.needs_support:
        text.append(" · needs support", style="yellow")
    if choice.only:
        text.append(f" · {choice.only} only", style="dim")
    if choice.note:
        text.append(f"  {choice.note}", style="dim")
    return text


def chosen_text(choices: tuple[CircumstanceChoice, ...], ids: tuple[str, ...]) -> Text:
    """The dialogs' 'Circumstances' line: the chosen ones with who gains, or none. One
    not offered for this roll (a ranged-only one after a change to a melee weapon) shows
    in red; the preview says why it does not count."""
    if not ids:
        return Text("none", style="dim")
    offered = {c.id for c in choices}
    every = {c.id: c for c in circumstance_choices("task")}  # All of them, by id.
    text = Text()
    for n, cid in enumerate(ids):
        if n:
            text.append(" · ")
        choice = every.get(cid)
        if choice is None or cid not in offered:
            text.append(choice.label if choice else cid, style="red")
            continue
        text.append(choice.label)
        text.append(f" {side_text(choice)}", style="dim")
    return text


class CircumstancePicker(ModalScreen[tuple[str, ...] | None]):
    """Tick the circumstances that hold; returns their ids in the order ticked."""

    DEFAULT_CSS = (
        DIALOG_CSS
        + """
CircumstancePicker .dialog { width: 72; height: 20; }
CircumstancePicker SelectionList, CircumstancePicker SelectionList:focus {
    height: 1fr; min-height: 3; border: none; padding: 0; background: transparent;
}
CircumstancePicker #about { height: auto; max-height: 3; }
CircumstancePicker #picked { height: auto; color: $text-muted; }
"""
    )
    SCOPED_CSS = False
    BINDINGS = [
        Binding("ctrl+s", "done", "Done", id="circumstances.done"),
        Binding("escape", "cancel", "Cancel", id="circumstances.cancel"),
    ]

    def __init__(
        self, choices: tuple[CircumstanceChoice, ...], chosen: tuple[str, ...] = ()
    ) -> None:
        super().__init__()
        self.choices = choices
        self.by_id = {c.id: c for c in choices}
        self.chosen = [cid for cid in chosen if cid in self.by_id]
        self.note = Text()
        """What the last tick replaced (another of its group), shown under the list."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "Circumstances"
            box.border_subtitle = PICKER_KEYS
            # No select-all on focus: a letter typed in the list comes back here and
            # must add to the filter, not replace it.
            yield Input(
                placeholder="type to filter: cover, light, mist, range...",
                id="filter",
                compact=True,
                select_on_focus=False,
            )
            yield SelectionList[str](id="choices")
            # The highlighted line whole (the list cuts long ones in a narrow terminal).
            yield Static(id="about")
            yield Static(id="picked")

    def on_mount(self) -> None:
        self.refill()
        self.query_one("#filter", Input).focus()

    def visible(self) -> list[CircumstanceChoice]:
        """The choices every typed word is found in (label, side, group or note)."""
        words = self.query_one("#filter", Input).value.casefold().split()

        def words_of(c: CircumstanceChoice) -> str:
            return f"{c.label} {side_text(c)} {c.group} {c.only} {c.note}".casefold()

        return [c for c in self.choices if all(w in words_of(c) for w in words)]

    def refill(self) -> None:
        """The list again, as filtered; a ticked choice stays ticked while hidden."""
        options = self.query_one("#choices", SelectionList)
        keep = options.highlighted_option.id if options.highlighted_option else None
        options.clear_options()
        shown = self.visible()
        options.add_options(
            [Selection(choice_prompt(c), c.id, c.id in self.chosen, id=c.id) for c in shown]
        )
        ids = [c.id for c in shown]
        if ids:
            options.highlighted = ids.index(keep) if keep in ids else 0
        else:
            self.query_one("#about", Static).update(Text("Nothing found.", style="dim"))
        self.show_picked()

    def show_picked(self) -> None:
        line = Text("Chosen: ", style="bold")
        line.append_text(chosen_text(self.choices, tuple(self.chosen)))
        if self.note:
            line.append("\n")
            line.append_text(self.note)
        self.query_one("#picked", Static).update(line)

    @on(SelectionList.SelectionHighlighted, "#choices")
    def highlighted(self, event: SelectionList.SelectionHighlighted) -> None:
        choice = self.by_id.get(str(event.selection.value))
        self.query_one("#about", Static).update(choice_prompt(choice) if choice else "")

    @on(Input.Changed, "#filter")
    def filtered(self) -> None:
        self.refill()

    @on(SelectionList.SelectionToggled, "#choices")
    def toggled(self, event: SelectionList.SelectionToggled) -> None:
        cid = str(event.selection.value)
        self.note = Text()
        if cid in self.chosen:
            self.chosen.remove(cid)
        else:
            self.pick(cid)
        self.show_picked()

    def pick(self, cid: str) -> None:
        """Tick ``cid``; another of its group (one lighting, one cover...) gives way."""
        choice = self.by_id[cid]
        rival = next(
            (o for o in self.chosen if choice.group and self.by_id[o].group == choice.group),
            None,
        )
        if rival is not None:
            self.chosen.remove(rival)
            options = self.query_one("#choices", SelectionList)
            if rival in options.selected:
                options.deselect(rival)
            self.note = Text(
                f"{choice.label.capitalize()} replaces {self.by_id[rival].label}"
                " (the two cannot both hold).",
                style="yellow",
            )
        self.chosen.append(cid)

    def on_key(self, event: events.Key) -> None:
        """Down from the filter goes to the list; in the list, a letter, backspace or
        ctrl+u goes on editing the filter (space stays the list's: it ticks)."""
        field = self.query_one("#filter", Input)
        options = self.query_one("#choices", SelectionList)
        if event.key == "down" and field.has_focus and options.option_count:
            options.focus()
            event.stop()
        elif not options.has_focus:
            return
        elif event.is_printable and event.character not in (None, " "):
            field.focus()
            field.insert_text_at_cursor(event.character)
            event.stop()
        elif event.key in ("backspace", "ctrl+u"):
            field.focus()
            field.value = field.value[:-1] if event.key == "backspace" else ""
            field.cursor_position = len(field.value)
            event.stop()
        elif options.has_focus and event.key == "up" and options.highlighted in (0, None):
            field.focus()
            event.stop()

    @on(Input.Submitted, "#filter")
    def action_done(self) -> None:
        self.dismiss(tuple(self.chosen))

    def action_cancel(self) -> None:
        self.dismiss(None)
