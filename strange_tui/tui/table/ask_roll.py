"""The GM asks for a roll (``y`` on Home, the sheet and the combat tracker): a character or
the whole party, the stat, the task in words, the difficulty, and whether the difficulty
is kept from the player (the campaign's setting ticks it or not). The line the log will
say is shown before anything is sent.

Nothing is sent by typing: ctrl+o (or "Ask at the seats") sends the question to the
players' seats; ctrl+r ("Answer here") sends it and brings it to this window, one answer
after another, for players with no window of their own. In solo play the one window is
every seat: the question opens here by itself."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Select, Static

from strange_tui.campaign.commands.table.asking import PARTY, AskPreview, AskRoll
from strange_tui.campaign.model.events import PromptRaised
from strange_tui.campaign.model.terms import DIFFICULTY_NAMES, Stat
from strange_tui.tui.common.dialog import CharacterDialog, row, send

THE_PARTY = "The whole party (each who can act)"


class AskRollDialog(CharacterDialog):
    """R-TASK-1: the GM sets the task's stat and difficulty; the players roll at their
    seats (see ``answer_roll``)."""

    DEFAULT_CSS = """
    AskRollDialog #preview { min-height: 3; }
    """
    BINDINGS = [
        Binding("ctrl+o", "ask", "Ask at the seats", id="ask_roll.ask"),
        Binding("ctrl+r", "here", "Answer here", id="ask_roll.here"),
    ]

    def __init__(self, character_id: str = PARTY) -> None:
        """``character_id``: whom the dialog starts on ("": the whole party)."""
        super().__init__(character_id)

    def compose(self) -> ComposeResult:
        state = self.session.state
        who = [(THE_PARTY, PARTY), *((Text(c.name), c.id) for c in state.characters.values())]
        start = self.character_id if self.character_id in state.characters else PARTY
        with Vertical(classes="dialog") as box:
            box.border_title = "Ask for a roll (GM)"
            box.border_subtitle = (
                "ctrl+o asks · ctrl+r asks, answered here · escape closes"
                if not self.solo()
                else "ctrl+o asks · escape closes"
            )
            yield row("Who", Select(who, value=start, allow_blank=False, id="who", compact=True))
            yield row(
                "Stat",
                Select(
                    [(s.value.title(), s) for s in Stat],
                    value=Stat.MIGHT,
                    allow_blank=False,
                    id="stat",
                    compact=True,
                ),
            )
            yield row(
                "Task", Input(placeholder="what they try, in your words", id="label", compact=True)
            )
            yield row(
                "Difficulty",
                Select(
                    [(f"{d} {name}", d) for d, name in enumerate(DIFFICULTY_NAMES)],
                    value=3,
                    allow_blank=False,
                    id="difficulty",
                    compact=True,
                ),
            )
            yield row(
                "",
                Checkbox(
                    "Keep the difficulty from the player",
                    state.settings.secret_difficulty,
                    id="secret",
                ),
            )
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Ask at the seats", variant="primary", id="ask")
                if not self.solo():
                    yield Button("Answer here", id="here")
                yield Button("Close", id="cancel")

    def solo(self) -> bool:
        return self.session.state.settings.solo

    def on_mount(self) -> None:
        self.query_one("#label", Input).focus()
        self.update_preview()

    def command(self) -> AskRoll:
        stat = self.query_one("#stat", Select).value
        return AskRoll(
            character=str(self.query_one("#who", Select).value),
            stat=stat if isinstance(stat, Stat) else Stat.MIGHT,
            label=self.query_one("#label", Input).value.strip(),
            difficulty=int(self.query_one("#difficulty", Select).value),  # type: ignore[arg-type]
            secret=self.query_one("#secret", Checkbox).value,
        )

    def render_preview(self, preview: AskPreview) -> Text:
        """The log's line for this ask, then who is left out and why."""
        text = Text(self.session.describe(preview.events), style="bold")
        for line in preview.left_out:
            text.append(f"\nNot asked: {line}", style="dim")
        return text

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        self.show_preview(self.command(), self.render_preview)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "here":
            return not self.solo()
        return True

    @on(Input.Submitted, "#label")
    def next_field(self) -> None:
        """Enter in the task goes on to the difficulty: typing never sends the question."""
        self.query_one("#difficulty", Select).focus()

    def send_ask(self) -> list[int] | None:
        """Send the question; the ids of the questions raised (None: refused, and said)."""
        events = send(self, self.command())
        if not events:
            return None
        return [e.seq for e in events if isinstance(e, PromptRaised)]

    @on(Button.Pressed, "#ask")
    def action_ask(self) -> None:
        """To the players' seats: the dialog closes and the table waits for the dice."""
        asked = self.send_ask()
        if asked is None:
            return
        state = self.session.state
        names = [state.characters[p.character].name for p in state.prompts if p.id in asked]
        self.app.notify(f"Waiting for the roll of {', '.join(names)}.", title="Asked")
        self.dismiss(True)

    @on(Button.Pressed, "#here")
    def action_here(self) -> None:
        """Asked and answered at this window (players with no window of their own): each
        answer dialog opens here in turn."""
        if self.solo():
            return
        asked = self.send_ask()
        if asked is None:
            return
        desk = self.app.prompt_desk  # type: ignore[attr-defined]
        self.dismiss(True)
        desk.bring_here(asked)
