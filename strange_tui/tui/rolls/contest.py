"""PC against PC (R-TASK-2): two players roll, the higher total wins; the odds before the
dice, then who won (a die once seen stays seen: the dialog keeps it, Close leaves)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Select, Static

from strange_tui.campaign.commands.rolls.contest import Contest, ContestPreview
from strange_tui.campaign.model.events import ContestRolled
from strange_tui.campaign.narrate.rolls import contest_sentence
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog, int_value, row

EDGES = [
    ("No advantage", (0, 0)),
    ("First: advantage (+3)", (3, 0)),
    ("Second: advantage (+3)", (0, 3)),
    ("First: disadvantage (−3)", (-3, 0)),
    ("Second: disadvantage (−3)", (0, -3)),
]


def contest_text(shown: ContestPreview) -> Text:
    """'Mara wins 50%, Jun 50%.'"""
    return Text(
        f"{shown.first} wins {shown.p_first:.0%}, {shown.second} {shown.p_second:.0%}"
        " (a tie is rolled again).",
        style="bold",
    )


class ContestDialog(CharacterDialog):
    """Who contests whom, over what, with which advantage; each player's d20 (blank: the
    app rolls both); Roll, then the result stays until Close."""

    def __init__(self) -> None:
        super().__init__("")
        self.done = False

    def compose(self) -> ComposeResult:
        pcs = [(Text(c.name), c.id) for c in self.session.state.characters.values()]
        first = pcs[0][1] if pcs else Select.NULL
        second = pcs[1][1] if len(pcs) > 1 else Select.NULL
        with Vertical(classes="dialog") as box:
            box.border_title = "A contest: PC against PC"
            yield row("First", Select(pcs, value=first, id="first", compact=True))
            yield row("Second", Select(pcs, value=second, id="second", compact=True))
            yield row("Over what", Input(placeholder="arm wrestling, a race...", id="label",
                                         compact=True))  # fmt: skip
            yield row("Advantage", Select(EDGES, value=(0, 0), allow_blank=False, id="edge",
                                          compact=True))  # fmt: skip
            yield row("First's d20", Input(placeholder="blank: the app rolls", type="integer",
                                           id="first-die", compact=True))  # fmt: skip
            yield row("Second's d20", Input(placeholder="blank: the app rolls", type="integer",
                                            id="second-die", compact=True))  # fmt: skip
            yield Static(id="preview", classes="preview")
            yield Static(id="result")
            yield Horizontal(
                Button("Roll", variant="primary", id="go"),
                Button("Close", id="close"),
                classes="buttons",
            )

    def on_mount(self) -> None:
        self.query_one("#first", Select).focus()
        self.update_preview()

    def command(self) -> Contest | str:
        first = self.query_one("#first", Select).value
        second = self.query_one("#second", Select).value
        if not isinstance(first, str) or not isinstance(second, str):
            return "Choose the two characters."
        dice = []
        for field in ("#first-die", "#second-die"):
            value = int_value(self.query_one(field, Input), default=0)
            if value is None or not 0 <= value <= 20:
                return "A d20 shows 1 to 20 (blank: the app rolls)."
            dice.append(value or None)
        edge = self.query_one("#edge", Select).value
        first_bonus, second_bonus = edge if isinstance(edge, tuple) else (0, 0)
        return Contest(
            first=first,
            second=second,
            label=self.query_one("#label", Input).value,
            first_bonus=first_bonus,
            second_bonus=second_bonus,
            first_die=dice[0],
            second_die=dice[1],
        )

    @on(Input.Changed)
    @on(Select.Changed)
    def update_preview(self) -> None:
        if not self.done:
            self.show_preview(self.command(), contest_text)

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        command = self.command()
        if self.done:
            return
        if isinstance(command, str):
            self.notify(command, severity="warning")
            return
        events = strange_app(self).run_command(command)
        if not events:
            return
        (rolled,) = events
        assert isinstance(rolled, ContestRolled)
        self.done = True  # The dice are seen: they stay, and Roll rolls no more.
        names = self.session.state.names()
        result = contest_sentence(rolled, lambda pc: names.get(pc, pc))
        self.query_one("#result", Static).update(Text(result, style="bold green"))
        self.query_one("#go", Button).disabled = True
        self.query_one("#close", Button).focus()

    @on(Button.Pressed, "#close")
    def close(self) -> None:
        self.dismiss(self.done)
