"""The oracle (Home's a): type a yes/no question, say how likely a yes is, see each answer's
exact odds at the campaign's tension and the chance of a random event, then the d20s answer
(the player's own, or the app's): the answer die and the event die. Or choose the answer
instead of rolling. The answer shows big with what came with it (a complication, a gift, a
random event) and goes to the log; the dialog stays for the next question.

Typing never asks: Enter in the question goes to the die, and only Enter in a die, the Ask
button or ctrl+s put the question. Every number comes from the model's preview.
Just past 300 lines: the dialog's layout, its keys and its answer belong together."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from strange_tui.campaign.commands.solo.oracle import (
    ANSWERS,
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
from strange_tui.tui.common.dialog import CharacterDialog, die_hint, row, typed_d20
from strange_tui.tui.common.session import Refused
from strange_tui.tui.solo.keep import KEEP_BINDING, EventKeeper, cut, keep

DIE_HINT = "blank: app rolls"
"""Short: the die row's two fields read apart (a gap before the second label)."""
CHOSEN_HINT = "no die: answer chosen"

ROLL = "roll"
"""The answer choice that lets the dice answer (the others are the answers themselves)."""
ANSWER_CHOICES = [("Roll the dice", ROLL), *((words, words) for words in ANSWERS)]

ANSWER_STYLES = {"Yes, and": "bold green", "Yes": "green", "No": "red", "No, and": "bold magenta"}
"""Each answer's colour, in the odds and on the die's bar."""


def event_words(seen: OraclePreview) -> str:
    """'event 1-4 (20%)', 'no event' at a tension too low for one."""
    if not seen.event_faces_text:
        return "no event"
    return f"event {seen.event_faces_text} ({seen.event_chance:.0%})"


def odds_table(seen: OraclePreview) -> Group:
    """A bar of the twenty faces coloured by the answer each gives, with the tension and the
    event die's chance, then each answer's chance with its faces and its twist, then the
    chance of a yes of either kind."""
    by_face = {face: row.words for row in seen.answers for face in row.faces}
    bar = Text()
    for face in sorted(by_face):
        bar.append("█", style=ANSWER_STYLES[by_face[face]])
    bar.append(f" yes on {seen.yes_from}" + ("+" if seen.yes_from < 20 else ""), style="dim")
    bar.append(f" · tension {seen.tension} · ", style="dim")
    bar.append(event_words(seen), style="yellow" if seen.event_faces_text else "dim")
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


def answer_text(reply: OracleReply, event_typed: bool = False) -> Text:
    """The question asked, the answer large (with its twist), whose dice they were, and what
    was drawn with it."""
    text = Text(f"“{reply.question}” ({reply.likelihood})\n", style="dim")
    style = "bold green" if reply.yes else "bold red"
    text.append(f"  {reply.headline}  ", style=f"{style} reverse")
    if reply.die is None:
        text.append("\nno die rolled, nothing drawn", style="dim")
    else:
        whose = "the app's die" if reply.app_rolled else "your die"
        text.append(f"\nd20: {reply.die} ({whose})", style="dim")
        event_whose = "yours" if event_typed else "the app's"
        text.append(f" · event die: {reply.event_die} ({event_whose})", style="dim")
        if reply.event_came:
            text.append(" — a random event", style="yellow")
    for drawn in reply.drawn:
        text.append(f"\n{drawn.heading}: ", style="bold")
        text.append(" ".join(drawn.result.split()))
        if drawn.dice:
            text.append(f" (dice {', '.join(map(str, drawn.dice))})", style="dim")
    return text


def pair(label: str, widget, second: str, other) -> Horizontal:
    """Two labelled fields side by side (one under the other in a narrow terminal)."""
    return Horizontal(
        Horizontal(Label(label, classes="field"), widget, classes="half"),
        Horizontal(Label(second, classes="field second"), other, classes="half"),
        classes="row flat pair",
    )


class OracleDialog(CharacterDialog):
    """The question, its likelihood or the answer chosen, the odds; the dice; the answer and
    what came with it, and the next question."""

    # Tight by a row or two at 80x24: the answer, its draws and the odds all show there
    # (the odds right under the answer, the buttons right under the dice).
    DEFAULT_CSS = """
    OracleDialog #answer { height: auto; padding: 0 1; margin-top: 1;
                           border-left: thick $accent; display: none; }
    OracleDialog #answer.-shown { display: block; }
    OracleDialog #odds.-after-answer { margin-top: 0; } OracleDialog .buttons>Button {min-width:0;}
    OracleDialog .dialog .buttons { padding-top: 0; }
    OracleDialog.-keeping #answer { margin-top: 0; }  /* The keep row takes that row. */
    OracleDialog .dialog .pair { height: 1; }
    OracleDialog .dialog .pair .half { width: 1fr; height: 1; }
    OracleDialog .dialog .pair Label.field.second { width: 13; padding: 0 1 0 3; }
    OracleDialog.-narrow .dialog .pair { layout: vertical; height: auto; }
    OracleDialog.-narrow .dialog .pair Label.field.second { width: 11; padding: 0 1 0 1; }
    OracleDialog.-narrow .dialog .pair .half { width: 100%; }
    OracleDialog.-narrow .dialog .pair Label.field.second { width: 14; padding: 0 1 0 0; }
    """
    BINDINGS = [
        Binding("ctrl+f", "focus_die", "Your die", id="oracle.die"),
        Binding("ctrl+s", "ask", "Ask", id="oracle.ask"),
        KEEP_BINDING,
    ]

    def __init__(self) -> None:
        super().__init__("")
        self.asked = 0
        """Questions put while the dialog was open (escape says whether any was)."""
        self.to_keep: tuple[str, str] | None = None  # The last question and answer, till kept.

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "The oracle"
            box.border_subtitle = "ctrl+f your die · ctrl+s asks · ctrl+k keeps · escape closes"
            yield row(
                "Question",
                Input(
                    placeholder="a yes/no question",
                    id="question",
                    max_length=QUESTION_LIMIT,
                    compact=True,
                ),
            )
            yield pair(
                "How likely",
                Select(
                    [(choice.capitalize(), choice) for choice in LIKELIHOOD_CHOICES],
                    value=DEFAULT_LIKELIHOOD,
                    allow_blank=False,
                    id="likelihood",
                    compact=True,
                ),
                "Answer",
                Select(ANSWER_CHOICES, value=ROLL, allow_blank=False, id="chosen", compact=True),
            )
            yield Static(id="answer")
            yield EventKeeper()  # Under the random event it keeps.
            yield Static(id="odds", classes="preview")
            # The dice last, right before the buttons: no Tab reaches Ask before them.
            yield pair(
                "Your die ^f",
                Input(placeholder=die_hint(self, DIE_HINT), type="integer", id="die", compact=True),
                "Event die",
                Input(
                    placeholder=die_hint(self, DIE_HINT),
                    type="integer",
                    id="event-die",
                    compact=True,
                ),
            )
            yield Horizontal(
                Button("Ask", variant="primary", id="ask"),
                Button("Keep as a thread", id="keep", disabled=True),
                Button("Close", id="close"),
                classes="buttons",
            )

    def on_mount(self) -> None:
        self.query_one("#question", Input).focus()
        self.update_odds()

    @property
    def chosen(self) -> str:
        """The answer the player chose ('' when the dice answer)."""
        value = self.query_one("#chosen", Select).value
        return "" if value == ROLL else str(value)

    def command(self, die: int | None = None, event_die: int | None = None) -> AskOracle:
        return AskOracle(
            question=self.query_one("#question", Input).value,
            likelihood=str(self.query_one("#likelihood", Select).value),
            die=die,
            event_die=event_die,
            chosen=self.chosen,
            content=self.session.content,
        )

    @on(Input.Changed, "#question")
    @on(Select.Changed)
    def update_odds(self) -> None:
        chosen = bool(self.chosen)
        for die in self.query(".pair Input").results(Input):
            die.disabled = chosen  # A chosen answer rolls no die.
            die.placeholder = CHOSEN_HINT if chosen else die_hint(self, DIE_HINT)
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

    def typed_die(self, which: str) -> int | None | str:
        """The die the player typed in ``which`` (None: the app rolls), or what is wrong."""
        return typed_d20(self.query_one(f"#{which}", Input))

    def action_focus_die(self) -> None:
        """The player's own d20 goes here: one key from anywhere in the dialog."""
        self.query_one("#die", Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in a die asks (blank: the app rolls); Enter in the question goes to the
        die, so finishing the question never answers it for the player."""
        if event.input.id in ("die", "event-die"):
            self.action_ask()
        else:
            self.action_focus_die()

    @on(Button.Pressed, "#ask")
    def action_ask(self) -> None:
        command = self.command()
        if not command.chosen:
            die, event_die = self.typed_die("die"), self.typed_die("event-die")
            if isinstance(die, str) or isinstance(event_die, str):
                self.notify("A d20 shows 1 to 20.", severity="warning")
                return
            command = self.command(die, event_die)
        events = strange_app(self).run_command(command)
        if not events:
            return
        event = events[0]
        assert isinstance(event, OracleAsked)
        self.asked += 1
        answer = self.query_one("#answer", Static)
        reply = reply_of(event, events)
        answer.update(answer_text(reply, command.event_die is not None))
        answer.add_class("-shown")
        self.to_keep = (event.question, reply.words)
        self.query_one("#keep", Button).disabled = False
        keeper = self.query_one(EventKeeper)
        keeper.offer(events, self.session.content)
        self.set_class(keeper.offered, "-keeping")
        self.query_one("#odds", Static).add_class("-after-answer")
        # Ready for the next question: the same likelihood, the dice rolled again, a blank
        # question and dice.
        self.query_one("#chosen", Select).value = ROLL
        for die in self.query(".pair Input").results(Input):
            die.value = ""
        question = self.query_one("#question", Input)
        question.value = ""
        question.focus()

    @on(Button.Pressed, "#keep")
    def action_keep(self) -> None:
        """The question last answered as a thread (its answer the note), once; from the
        random event's row, the event (R-EVT-1 picks from these lists)."""
        keeper = self.query_one(EventKeeper)
        if keeper.offered and keeper.has_focus_within:
            keeper.keep()
        elif self.to_keep is None:
            self.notify("Nothing to keep yet: ask a question first.", severity="warning")
        elif keep(self, "threads", cut(self.to_keep[0]), self.to_keep[1]):
            self.to_keep = None
            self.query_one("#keep", Button).disabled = True

    def action_cancel(self) -> None:
        self.dismiss(self.asked > 0)

    @on(Button.Pressed, "#close")
    def close(self) -> None:
        self.dismiss(self.asked > 0)
