"""What the attack and defense dialogs share (R-CMB-2, R-CMB-3): the PC, the NPC, the
preview, and the die, which only Enter in "Your die" (or the Roll button) commits.

Each dialog is one command: the form collects the choices, shows the model's preview, and
commits the roll with what it brings in one step. Both take circumstances (R-CIR-1,
R-CIR-2) from the picker on ctrl+t; an attack that needs support shows why and a Support
choice.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Button, Input, Select, Static

from strange_tui.campaign.commands.rolls.odds import outcome_of
from strange_tui.campaign.commands.solo.intrusions import intrusion_shown
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import AnyEvent, RollMade
from strange_tui.tui.common.dialog import CharacterDialog, die_hint, typed_d20
from strange_tui.tui.common.impossible import AsksIfImpossible
from strange_tui.tui.common.session import Refused
from strange_tui.tui.rolls.circumstance_fields import (
    CIRCUMSTANCES_CSS,
    CIRCUMSTANCES_KEY,
    CircumstanceFields,
)
from strange_tui.tui.rolls.odds import intrusion_line

DIE_LABEL = "Your die ^f"
DIE_HINT = "blank: the app rolls"
KEYS_HINT = f"ctrl+f your die · {CIRCUMSTANCES_KEY} circumstances · escape closes"


class CombatRoll(AsksIfImpossible, CircumstanceFields, CharacterDialog):
    """What attack and defense share: the PC, the NPC, the die, the preview.

    The focus starts on the form's first field; the die is the last field, right before
    the buttons, and ctrl+f goes straight to it. Enter in the die rolls (blank: the app
    rolls); Enter in another field goes to the die, so no stray key rolls for the player."""

    DEFAULT_CSS = (
        """
    CombatRoll Select, CombatRoll Input { width: 1fr; }
    CombatRoll #result { height: auto; display: none; }
    CombatRoll #result.-shown { display: block; }
    """
        + CIRCUMSTANCES_CSS
    )
    BINDINGS = [
        Binding("ctrl+f", "focus_die", "Your die", id="combat_roll.die"),
        Binding(
            CIRCUMSTANCES_KEY, "circumstances", "Circumstances", id="combat_roll.circumstances"
        ),
    ]

    def __init__(self, character_id: str, npc_id: str) -> None:
        super().__init__(character_id)
        self.npc_id = npc_id
        self.done = False
        self._previewed: tuple[object, int] | None = None
        self.intrusion: str | None = None
        """The app's intrusion drawn in the roll's step, in words (solo play, R-ORC-4)."""

    @property
    def npc(self) -> Combatant:
        encounter = self.session.state.encounter
        assert encounter is not None
        return encounter.combatants[self.npc_id]

    def suggested_intrusion(self) -> str:
        """R-NPC-2: on a natural 1, the intrusion the foe's entry suggests, for the GM."""
        encounter = self.session.state.encounter
        foe = encounter.combatants.get(self.npc_id) if encounter is not None else None
        return foe.intrusion if foe is not None else ""

    def efforts(self) -> list[tuple[str, int]]:
        return [(str(n), n) for n in range(self.character.effort + 1)]

    def die_input(self) -> Input:
        return Input(
            placeholder=die_hint(self, DIE_HINT),
            type="integer",
            valid_empty=True,
            id="die",
            compact=True,
        )

    def outcome_widgets(self) -> list[Any]:
        return [Static(id="preview", classes="preview"), Static(id="result")]

    def buttons(self) -> Horizontal:
        return Horizontal(
            Button("Roll", variant="primary", id="go"),
            *self.extra_buttons(),
            Button("Close", id="cancel"),
            classes="buttons",
        )

    def extra_buttons(self) -> list[Button]:
        """Buttons between Roll and Close (after Roll: Tab reaches the die, then Roll)."""
        return []

    def on_mount(self) -> None:
        self.first_field().focus()
        self.update_preview()

    def first_field(self) -> Widget:
        """Where the focus starts: the form's first field (never the die)."""
        return self.query(Select).first()

    def action_focus_die(self) -> None:
        """The player's own d20 goes here: one key from anywhere in the form."""
        self.query_one("#die", Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in the die (or the rider's die) rolls; Enter in any other field goes to
        the die."""
        if event.input.id in ("die", "rider_die") or self.done:
            self.go()
        else:
            self.action_focus_die()

    @on(Select.Changed)
    def changed(self, event: Select.Changed) -> None:
        """A new target (attack) or defender (defense) changes the preview."""
        if isinstance(event.value, str) and event.select.id == "target":
            self.npc_id = event.value
        elif isinstance(event.value, str) and event.select.id == "pc":
            self.character_id = event.value
        self.update_preview()

    def command(self, die: int | None = None) -> Any:
        """The command the form describes (with the player's die, if typed)."""
        raise NotImplementedError

    def render_preview(self, preview: Any) -> Table:
        raise NotImplementedError

    def update_preview(self) -> None:
        if self.done:
            return
        shown = self.query_one("#preview", Static)
        needed = None
        try:
            command = self.command()
            # The form's fields report a change each as they mount: the same command on
            # the same campaign is not previewed and drawn again.
            key = (command, self.session.state.seq)
            if key == self._previewed:
                return
            self._previewed = key
            preview = self.session.preview(command)
            shown.update(self.render_preview(preview))
            needed = preview.roll.support_needed
        except Refused as refused:
            shown.update(Text(str(refused), style="red"))
        except ValueError as wrong:
            self._previewed = None
            shown.update(Text(str(wrong), style="red"))
        self.show_support(needed)

    def picking(self) -> bool:
        return not self.done

    @on(Button.Pressed, "#circumstances")
    def circumstances_pressed(self) -> None:
        self.action_circumstances()

    def typed_die(self) -> int | None | str:
        """The die the player typed (None: the app rolls), or what is wrong with it."""
        return typed_d20(self.query_one("#die", Input))

    @on(Button.Pressed, "#go")
    def go(self) -> None:
        if self.done:
            self.dismiss(True)
            return
        die = self.typed_die()
        if isinstance(die, str):
            self.notify(die, severity="warning")
            return
        try:
            command = self.command(die)
            before = self.session.preview(command)
        except (Refused, ValueError) as refused:
            self.notify(str(refused), title="Not possible", severity="error")
            return
        events = self.roll_or_ask(command, self.go)  # At 0%: asked first.
        if not events:
            return
        self.done = True
        # The odds and the stakes the die was rolled against stay, not the next roll's
        # (the campaign changed as the roll landed, and the preview followed it).
        self.query_one("#preview", Static).update(self.render_preview(before))
        self.intrusion = intrusion_shown(events)  # Said under the die, before closing.
        # The roll, after what it pays for first (1 XP for support spent, R-CIR-1).
        made = next((e for e in events if isinstance(e, RollMade)), None)
        self.show_result(made, events, before, app_rolled=made is not None and made.app_rolled)
        self.query_one("#result", Static).add_class("-shown")
        go = self.query_one("#go", Button)
        go.label = "Done"
        go.focus()

    def show_result(
        self,
        made: RollMade | None,
        events: tuple[AnyEvent, ...],
        before: Any,
        app_rolled: bool,
    ) -> None:
        raise NotImplementedError

    def roll_text(
        self, made: RollMade, app_rolled: bool, hit: str | Text, miss: str | Text
    ) -> Text:
        """The die and whether it did it (``hit``/``miss``: the whole verdict, its own
        sentences finished), then on lines of their own the intrusion (the app's, drawn
        in the same step, or a natural 1's by the GM) and a 20's refund."""
        outcome = outcome_of(self.character, made, app_rolled=app_rolled)
        text = Text(f"d20: {outcome.die}" if outcome.die else "Automatic", style="bold")
        if outcome.app_rolled and outcome.die:
            text.append(" (rolled by the app)", style="dim")
        verdict = hit if outcome.success else miss
        style = "bold green" if outcome.success else "bold red"
        text.append(" — ", style=style)
        if isinstance(verdict, Text):
            text.append_text(verdict)
        else:
            text.append(verdict, style=style)
        intrusion_line(text, outcome.intrusion, self.intrusion)
        if outcome.intrusion and self.session.is_gm and (suggested := self.suggested_intrusion()):
            text.append(f"\nIts entry suggests: {suggested}", style="yellow")
        if outcome.refunded:
            text.append("\nA natural 20: the points spent come back.", style="green")
        return text
