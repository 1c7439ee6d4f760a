"""The GM's initiative dialog (R-CMB-1): every PC's Speed task against the highest NPC
level. Each player may roll their own at their seat ("Ask each seat": AskInitiative); the
dice already cast there are shown, fixed, as they arrive; Roll rolls only the missing ones
(typed, or the app's), for the players who are not at a seat."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from strange_tui.campaign.commands import Command
from strange_tui.campaign.commands.combat import InitiativePreview, RollInitiative
from strange_tui.campaign.commands.table.questions import AskInitiative
from strange_tui.campaign.model.encounter import Encounter
from strange_tui.campaign.model.prompts import open_prompt
from strange_tui.campaign.model.state import Campaign
from strange_tui.tui.common.dialog import CharacterDialog, int_value, send


def cast_text(die: int) -> Text:
    """A die cast at a player's seat, as its row shows it (fixed: it is on record)."""
    if not die:
        return Text("no roll needed (at the seat)", style="green")
    return Text.assemble((str(die), "bold"), (" rolled at the seat", "dim"))


class InitiativeDialog(CharacterDialog):
    """R-CMB-1: every PC's Speed task against the highest NPC level; dice typed or rolled,
    or asked of each player's seat (ctrl+o)."""

    BINDINGS = [
        Binding("ctrl+s", "roll", "Roll", id="initiative.roll"),
        Binding("ctrl+o", "ask", "Ask each seat", id="initiative.ask"),
    ]

    def __init__(self, preview: InitiativePreview) -> None:
        super().__init__("")
        self.initiative = preview
        self.pcs = list(preview.odds)

    @property
    def encounter(self) -> Encounter:
        encounter = self.session.state.encounter
        assert encounter is not None
        return encounter

    def compose(self) -> ComposeResult:
        preview = self.initiative
        state = self.session.state
        characters = state.characters
        with Vertical(classes="dialog") as box:
            box.border_title = f"Initiative: Speed tasks at difficulty {preview.difficulty}"
            for pc, odds in preview.odds.items():
                cast = self.encounter.cast.get(pc)
                if cast is not None:
                    field = Static(cast_text(cast), id=f"cast-{pc}")
                else:
                    hint = "automatic" if odds.automatic else f"{odds.p_success:.0%}; blank: roll"
                    if open_prompt(state.prompts, "initiative", pc):
                        hint = f"asked at the seat · {hint}"
                    field = Input(
                        placeholder=hint,
                        type="integer",
                        valid_empty=True,
                        id=f"die-{pc}",
                        compact=True,
                    )
                # One line a PC, whether a die is still to type or cast at the seat.
                yield Horizontal(
                    Label(characters[pc].name[:13], classes="field"), field, classes="row flat"
                )
            for pc, reason in preview.unable.items():
                yield Static(
                    Text(f"{characters[pc].name}: no roll. {reason}", style="yellow"),
                    classes="unable",
                )
            ask = " ctrl+o asks each player's seat." if self.asks_seats else ""
            yield Static(
                Text(
                    "Type each PC's d20 (blank: the app rolls it). Enter goes to the next;"
                    f" on the last, or ctrl+s, it rolls.{ask}",
                    style="dim",
                )
            )
            with Horizontal(classes="buttons"):
                # Some asked at their seats: the app rolls the missing dice, in one step.
                waiting = self.encounter.cast or any(p.kind == "initiative" for p in state.prompts)
                yield Button("Roll the rest" if waiting else "Roll", variant="primary", id="roll")
                if self.asks_seats:
                    yield Button("Ask each seat", variant="warning", id="ask")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.sending = False
        """True while this dialog's own command runs (its change is not news to it)."""
        self.before_order = not self.encounter.round
        """Opened before the order was set: the last die cast at a seat closes it."""
        self.watch(self.app, "campaign", self.follow, init=False)

    def on_screen_resume(self) -> None:
        self.follow(self.session.state)

    def follow(self, state: Campaign | None) -> None:
        """A die cast at a seat shows here as it arrives; the last one sets the order, and
        then there is nothing left to roll here (the dialog closes when it is on top)."""
        if self.sending or not self.is_current:
            return
        encounter = state.encounter if state is not None else None
        if encounter is None or (encounter.round and self.before_order):
            self.sending = True  # Closing: once.
            self.dismiss(False)
            if encounter is not None:
                self.notify("Everyone has rolled: the order is set.", title="Initiative")
            return
        for pc, die in encounter.cast.items():
            for field in self.query(f"#die-{pc}").results(Input):
                field.parent.mount(Static(cast_text(die), id=f"cast-{pc}"), after=field)
                field.remove()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ask":
            return self.asks_seats
        return True

    @property
    def asks_seats(self) -> bool:
        """The GM may ask each player's seat; solo play has no other seats (the app fills
        the GM's chair, every PC is rolled here)."""
        return self.session.is_gm and not self.session.state.settings.solo

    def command(self) -> Command | str:
        """The missing dice: those typed, the rest rolled by the app; the dice cast at the
        seats are on record already (RollInitiative uses them)."""
        dice = {}
        for pc in self.pcs:
            for field in self.query(f"#die-{pc}").results(Input):
                typed = int_value(field, default=0)
                if typed is None or not 0 <= typed <= 20:
                    return "A d20 shows 1 to 20."
                if typed:
                    dice[pc] = typed
        return RollInitiative(dice=dice)

    def commit(self, command: Command | str) -> bool:
        """Run the command and close (True); or say what to fix."""
        if isinstance(command, str):
            self.notify(command, severity="warning")
            return False
        self.sending = True
        if send(self, command):
            self.dismiss(True)
            return True
        self.sending = False
        return False

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in a PC's die goes to the next PC's: one die typed and Enter never has
        the app roll for the others. Enter in the last die rolls."""
        fields = list(self.query(Input))
        if event.input is fields[-1]:
            self.action_roll()
        else:
            fields[fields.index(event.input) + 1].focus()

    @on(Button.Pressed, "#roll")
    def action_roll(self) -> None:
        self.commit(self.command())

    @on(Button.Pressed, "#ask")
    def action_ask(self) -> None:
        """Each PC who has not rolled yet rolls at their own seat; the dialog closes and
        the table waits (the Waiting line says for whom)."""
        if self.commit(AskInitiative()):
            self.notify("Asked at the seats: each player rolls their own.", title="Initiative")
