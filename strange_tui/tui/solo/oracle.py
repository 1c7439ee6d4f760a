"""The oracle (Home's a): type a yes/no question, say how likely a yes is, see each answer's
exact odds, then the d20 answers (the player's own die, or the app's). The answer shows big
and goes to the log; the dialog stays for the next question.

Typing never asks: Enter in the question goes to the die, and only Enter in the die, the
Ask button or ctrl+s put the question. Every number comes from the model's preview."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Select, Static

from strange_tui.campaign.commands.solo.oracle import (
    DEFAULT_LIKELIHOOD,
    LIKELIHOOD_CHOICES,
    QUESTION_LIMIT,
    AskOracle,
    OraclePreview,
    OracleReply,
    reply_of,
)
from strange_tui.campaign.model.events import OracleAsked
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog, int_value, row
from strange_tui.tui.common.session import Refused

DIE_HINT = "your d20, then enter · blank: the app rolls"

ANSWER_STYLES = {"Yes, and": "bold green", "Yes": "green", "No": "red", "No, and": "bold magenta"}
"""Each answer's colour, in the odds and on the die's bar."""


def odds_table(seen: OraclePreview) -> Group:
    """A bar of the twenty faces coloured by the answer each gives, then each answer's
    chance with its faces and its twist, then the chance of a yes of either kind."""
    by_face = {face: row.words for row in seen.answers for face in row.faces}
    bar = Text()
    for face in sorted(by_face):
        bar.append("█", style=ANSWER_STYLES[by_face[face]])
    bar.append(f" yes on {seen.yes_from}" + ("+" if seen.yes_from < 20 else ""), style="dim")
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    table.add_column(style="dim", no_wrap=True)
    table.add_column()
    for answer in seen.answers:
        table.add_row(
            Text(answer.words, style=ANSWER_STYLES[answer.words]),
            f"{answer.chance:.0%}",
            answer.faces_text or "—",
            answer.twist,
        )
    table.add_row(
        Text("Yes in all", style="bold cyan"),
        Text(f"{seen.p_yes:.0%}", style="bold"),
        f"{seen.yes_faces} of 20",
    )
    return Group(bar, table)


def answer_text(reply: OracleReply) -> Text:
    """The question asked, the answer large (with its twist), and whose die it was."""
    text = Text(f"“{reply.question}” ({reply.likelihood})\n", style="dim")
    style = "bold green" if reply.yes else "bold red"
    text.append(f"  {reply.headline}  ", style=f"{style} reverse")
    whose = "the app's die" if reply.app_rolled else "your die"
    text.append(f"\nd20: {reply.die} ({whose})", style="dim")
    return text


class OracleDialog(CharacterDialog):
    """The question, its likelihood, the odds; the die; the answer, and the next question."""

    DEFAULT_CSS = """
    OracleDialog #answer { height: auto; padding: 0 1; margin-top: 1;
                           border-left: thick $accent; display: none; }
    OracleDialog #answer.-shown { display: block; }
    """
    BINDINGS = [
        Binding("ctrl+f", "focus_die", "Your die", id="oracle.die"),
        Binding("ctrl+s", "ask", "Ask", id="oracle.ask"),
    ]

    def __init__(self) -> None:
        super().__init__("")
        self.asked = 0
        """Questions put while the dialog was open (escape says whether any was)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "The oracle"
            box.border_subtitle = "ctrl+f your die · ctrl+s asks · escape closes"
            yield row(
                "Question",
                Input(
                    placeholder="a yes/no question",
                    id="question",
                    max_length=QUESTION_LIMIT,
                    compact=True,
                ),
            )
            yield row(
                "How likely",
                Select(
                    [(choice.capitalize(), choice) for choice in LIKELIHOOD_CHOICES],
                    value=DEFAULT_LIKELIHOOD,
                    allow_blank=False,
                    id="likelihood",
                    compact=True,
                ),
            )
            yield Static(id="answer")
            yield Static(id="odds", classes="preview")
            # The die last, right before the buttons: no Tab reaches Ask before it.
            yield row(
                "Your die ^f", Input(placeholder=DIE_HINT, type="integer", id="die", compact=True)
            )
            yield Horizontal(
                Button("Ask", variant="primary", id="ask"),
                Button("Close", id="close"),
                classes="buttons",
            )

    def on_mount(self) -> None:
        self.query_one("#question", Input).focus()
        self.update_odds()

    def command(self, die: int | None = None) -> AskOracle:
        return AskOracle(
            question=self.query_one("#question", Input).value,
            likelihood=str(self.query_one("#likelihood", Select).value),
            die=die,
        )

    @on(Input.Changed, "#question")
    @on(Select.Changed)
    def update_odds(self) -> None:
        odds = self.query_one("#odds", Static)
        try:
            seen = self.session.preview(self.command())
        except Refused as refused:
            odds.update(Text(str(refused), style="red"))
            return
        typed = self.query_one("#question", Input).value.strip()
        if seen.problem and typed:  # Nothing typed yet is no fault: the placeholder says it.
            odds.update(Group(odds_table(seen), Text(seen.problem, style="red")))
        else:
            odds.update(odds_table(seen))

    def typed_die(self) -> int | None | str:
        """The die the player typed (None: the app rolls), or what is wrong with it."""
        value = int_value(self.query_one("#die", Input), default=0)
        if value is None or not 0 <= value <= 20:
            return "A d20 shows 1 to 20."
        return value or None

    def action_focus_die(self) -> None:
        """The player's own d20 goes here: one key from anywhere in the dialog."""
        self.query_one("#die", Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in the die asks (blank: the app rolls); Enter in the question goes to the
        die, so finishing the question never answers it for the player."""
        if event.input.id == "die":
            self.action_ask()
        else:
            self.action_focus_die()

    @on(Button.Pressed, "#ask")
    def action_ask(self) -> None:
        die = self.typed_die()
        if isinstance(die, str):
            self.notify(die, severity="warning")
            return
        events = strange_app(self).run_command(self.command(die))
        if not events:
            return
        event = events[0]
        assert isinstance(event, OracleAsked)
        self.asked += 1
        answer = self.query_one("#answer", Static)
        answer.update(answer_text(reply_of(event)))
        answer.add_class("-shown")
        # Ready for the next question: the same likelihood, a blank question and die.
        self.query_one("#die", Input).value = ""
        question = self.query_one("#question", Input)
        question.value = ""
        question.focus()

    def action_cancel(self) -> None:
        self.dismiss(self.asked > 0)

    @on(Button.Pressed, "#close")
    def close(self) -> None:
        self.dismiss(self.asked > 0)
