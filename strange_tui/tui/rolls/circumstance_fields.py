"""What the roll, attack and defense dialogs share about circumstances (R-CIR-1,
R-CIR-2): the key that opens the picker, the 'Circumstances' line, and the Support choice
an attack through darkness, at an invisible foe or through dense mist asks for."""

from __future__ import annotations

from typing import Any, cast

from rich.text import Text
from textual.content import Content
from textual.widgets import Button, Select

from strange_tui.campaign.commands.rolls.circumstances import CircumstanceChoice, Support
from strange_tui.tui.rolls.circumstances import CircumstancePicker, chosen_text

CIRCUMSTANCES_KEY = "ctrl+t"
"""Opens the picker from the roll, attack and defense dialogs: no text field uses it
(Input's own ctrl keys are a, e, d, w, u, k, x, c, v) and none of those dialogs does."""

CIRCUMSTANCES_CSS = """
/* A narrow form's label column is 12 wide: the label is cut, not wrapped. */
.dialog #circumstances-label { text-wrap: nowrap; text-overflow: ellipsis; }
/* The chosen ones read as a line of the form, not as a button. */
.dialog #circumstances {
    width: 1fr; height: 1; text-align: left; content-align: left middle;
    text-style: none; text-wrap: nowrap; text-overflow: ellipsis;
}
"""
"""What a dialog adds to its own CSS for the 'Circumstances' line."""

SUPPORTS: list[tuple[str, str]] = [
    ("none", ""),
    ("a supporting task succeeded", "task"),
    ("spend 1 XP", "xp"),
    ("the GM intrudes", "intrusion"),
]
"""R-CIR-1: what lets an attack through darkness, at an invisible foe or through dense
mist (the model's Support values)."""


class CircumstanceFields:
    """What the roll, attack and defense dialogs share about circumstances: the ids
    chosen, the picker on ctrl+t, the 'Circumstances' line and the Support row (shown
    while the model says the attack needs support, or one is chosen for it).

    A dialog mixes this in before its screen class, composes ``circumstances_button``
    and ``support_select`` with their labels (the Support label of class ``support``),
    binds ``CIRCUMSTANCES_KEY`` to ``circumstances``, routes its #circumstances button
    here, defines ``circumstance_options`` and ``update_preview``, and calls
    ``show_support`` with each new preview."""

    circumstances: tuple[str, ...] = ()

    def circumstance_options(self) -> tuple[CircumstanceChoice, ...]:
        """The circumstances this roll may take (by its kind, melee or ranged)."""
        raise NotImplementedError

    def update_preview(self) -> None:
        raise NotImplementedError

    def circumstances_button(self) -> Button:
        """The line of chosen circumstances; a click or ctrl+t opens the picker. Tab
        passes it by: the dialogs' Tab order (and the die last) stays as it was."""
        chosen = Button(self.chosen_label(), id="circumstances", compact=True, classes="wide")
        chosen.can_focus = False
        chosen.tooltip = f"Cover, light, mist, range... ({CIRCUMSTANCES_KEY} picks them)"
        return chosen

    def support_select(self) -> Select[str]:
        """The Support choice, hidden until an attack needs it (class ``support``: every
        widget of that class shows and hides with it)."""
        return Select(SUPPORTS, value="", allow_blank=False, id="support", compact=True,
                      classes="wide support")  # fmt: skip

    def chosen_label(self) -> Content:
        """The chosen ones with who gains (the options are asked for only then: before
        the form is composed, a dialog may not know its kind of attack yet)."""
        options = self.circumstance_options() if self.circumstances else ()
        return Content.from_rich_text(
            chosen_text(options, self.circumstances)
            + Text(f"\u00a0\u00a0({CIRCUMSTANCES_KEY})", style="dim")
        )

    def picking(self) -> bool:
        """Whether the form still takes circumstances (not once it has rolled)."""
        return True

    def action_circumstances(self) -> None:
        if not self.picking():
            return
        screen: Any = self
        picker = CircumstancePicker(self.circumstance_options(), self.circumstances)
        screen.app.push_screen(picker, self.circumstances_picked)

    def circumstances_picked(self, ids: tuple[str, ...] | None) -> None:
        if ids is None:
            return
        self.circumstances = ids
        self.update_preview()

    def support_value(self) -> Support:
        screen: Any = self
        value = screen.query_one("#support", Select).value
        return cast(Support, value if isinstance(value, str) else "")

    def show_support(self, needed: str | None) -> None:
        """The Support row while the attack needs one (or has one chosen and still
        takes a circumstance that wants it); the chosen line, as the form says."""
        screen: Any = self
        chosen = screen.query_one("#circumstances", Button)
        label = self.chosen_label()
        if chosen.label != label:  # A new label lays the form out again: only when it changes.
            chosen.label = label
        by_id = {c.id: c for c in self.circumstance_options()}
        wanted = any(by_id[c].needs_support for c in self.circumstances if c in by_id)
        select = screen.query_one("#support", Select)
        if not wanted and select.value:
            select.value = ""  # Nothing left that wants support: none is spent.
        shown = bool(needed) or (wanted and bool(select.value))
        for widget in screen.query(".support"):
            if widget.display != shown:
                widget.display = shown
