"""The answers to the questions that travel to a player's seat (see ``campaign.prompts``):
a defense roll, an answer to an intrusion, an initiative roll. The player's seat gets them
as they arrive (``tui.prompts``); the GM's seat opens the same dialogs from its list of
questions, to answer for an absent player.

Keys only, and none answers by accident: a roll is committed only by Enter in "Your die"
(ctrl+f goes there) or the Roll button; an intrusion only by ctrl+s / ctrl+r or its
buttons. Closed without an answer (escape), the question stays open: ``!`` reopens it."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from strange_tui.campaign.commands.table.questions import CastInitiative
from strange_tui.campaign.model.events import InitiativeCast, InitiativeRolled
from strange_tui.campaign.model.prompts import Prompt
from strange_tui.campaign.model.state import Campaign
from strange_tui.tui.combat.defense import DefenseDialog
from strange_tui.tui.combat.roll import DIE_HINT, DIE_LABEL
from strange_tui.tui.combat.tables import odds_text
from strange_tui.tui.common.dialog import CharacterDialog, int_value, row, send
from strange_tui.tui.common.session import Refused
from strange_tui.tui.rolls.intrusion import IntrusionDialog
from strange_tui.tui.rolls.odds import grid

STAYS = "escape: later (! reopens it)"
ANSWERED = "enter: done · escape closes"
"""The keys once the question is answered: there is no later any more."""


class Answer:
    """What the answer dialogs share: their question, and closing by themselves when it
    was answered elsewhere while another screen covered them."""

    prompt: Prompt
    stale = False
    """The question closed elsewhere while this dialog was under another screen."""
    done = False
    """This dialog answered its question (it shows the answer until closed)."""

    def for_whom(self: Any) -> str:
        """Nothing at the player's own seat (or in solo play, where the one window is
        everyone's); a word when the GM answers for the player."""
        state = self.session.state
        return " (from the GM's seat)" if self.session.is_gm and not state.settings.solo else ""

    def on_mount(self: Any) -> None:
        # The odds and the XP change with the table (a hit taken meanwhile, XP awarded).
        self.watch(self.app, "campaign", lambda _state: self.done or self.refresh_answer())
        # (Textual calls each class's on_mount: the dialog's own runs as well.)

    def on_screen_resume(self: Any) -> None:
        if self.stale and not self.done:
            self.dismiss(False)

    def refresh_answer(self: Any) -> None:
        """Show the question's preview as the table now is."""
        self.update_preview()

    def say_answered(self: Any) -> None:
        """The keys' line once answered ('later' no longer means anything)."""
        self.query_one(".dialog").border_subtitle = ANSWERED


class DefenseAnswer(Answer, DefenseDialog):
    """R-CMB-3 at the player's seat: the NPC, the defender and the stat are the question's;
    the skill and Effort are the player's, the odds and what a failure takes shown before
    the die."""

    ASKS = False

    def __init__(self, prompt: Prompt) -> None:
        super().__init__(prompt.npc, prompt.character, stat=prompt.stat, fixed=True)
        self.prompt = prompt
        self.area = prompt.what  # An area attack's question names it (solo play's NPCs).

    def title_text(self) -> str:
        whose = f"{escape(self.character.name)}'s" if self.session.is_gm else "your"
        return f"{super().title_text()}: {whose} defense{self.for_whom()}"

    def keys_hint(self) -> str:
        return f"ctrl+f your die · {STAYS}"

    def show_result(self, *args: Any, **kwargs: Any) -> None:
        super().show_result(*args, **kwargs)
        self.say_answered()

    def first_field(self) -> Widget:
        return self.query_one("#skill", Select)  # The first field it may change.


class IntrusionAnswer(Answer, IntrusionDialog):
    """R-XP-1 at the player's seat: the GM's complication, and what accepting (+2 XP, one
    of them to give to another PC) or refusing (-1 XP; not at 0 XP) does to everyone's XP."""

    DEFAULT_CSS = """
    IntrusionAnswer #what-text { width: 1fr; }
    """
    OFFERS = False

    def __init__(self, prompt: Prompt) -> None:
        super().__init__(prompt.character)
        self.prompt = prompt

    def title_text(self) -> str:
        who = "The app" if self.session.state.settings.solo else "The GM"
        return f"{who} intrudes on {escape(self.character.name)}{self.for_whom()}"

    def what_row(self) -> Widget:
        what = " ".join(self.prompt.what.split()) or "(the GM gave no words)"
        shown = Static(Text(what, style="bold"), id="what-text")
        return Horizontal(Label("What", classes="field"), shown, classes="row flat")

    def hint(self) -> str:
        return f"ctrl+s accepts · ctrl+r refuses · {STAYS}"

    def what(self) -> str:
        return ""  # The GM's words, as offered, go with the answer.

    def first_field(self) -> Widget:
        # A drop-down, or the buttons' row: no letter answers, and Enter on the friend
        # only opens the list.
        friend = self.query("#friend")
        return friend.first() if friend else self.query_one("#cancel")

    def answer(self, choice: Any) -> None:
        self.done = True
        if send(self, self.command(choice)):
            self.dismiss(True)
        else:
            self.done = False


class InitiativeAnswer(Answer, CharacterDialog):
    """R-CMB-1 at the player's seat: their PC's Speed task at the highest NPC level, the
    odds, their own d20 (blank: the app's); who is still to roll. The last die sets the
    order."""

    DEFAULT_CSS = """
    InitiativeAnswer #result, InitiativeAnswer #others { height: auto; }
    """
    BINDINGS = [Binding("ctrl+f", "focus_die", "Your die", id="initiative_answer.die")]

    def __init__(self, prompt: Prompt) -> None:
        super().__init__(prompt.character)
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Initiative: {escape(self.character.name)}{self.for_whom()}"
            box.border_subtitle = f"ctrl+f your die · {STAYS}"
            yield Static(id="preview", classes="preview")
            yield Static(id="others")
            yield row(
                DIE_LABEL,
                Input(
                    placeholder=DIE_HINT, type="integer", valid_empty=True, id="die", compact=True
                ),
            )
            yield Static(id="result")
            with Horizontal(classes="buttons"):
                yield Button("Roll", variant="primary", id="go")
                yield Button("Close", id="cancel")

    def on_mount(self) -> None:
        # The buttons' row, not the die: a stray Enter never rolls (ctrl+f: the die).
        self.query_one("#cancel", Button).focus()
        self.watch(self.app, "campaign", self.follow, init=True)

    def refresh_answer(self) -> None:
        try:
            odds = self.session.preview(CastInitiative(character=self.character_id))
        except Refused as refused:
            self.query_one("#preview", Static).update(Text(str(refused), style="red"))
            return
        table: Table = grid()
        table.add_row("Speed", odds_text(odds))
        self.query_one("#preview", Static).update(table)

    def follow(self, state: Campaign | None) -> None:
        """Who is still to roll at their seat, as they roll."""
        if state is None:
            return
        others = [
            state.characters[p.character].name
            for p in state.prompts
            if p.kind == "initiative" and p.id != self.prompt.id
        ]
        encounter = state.encounter
        if encounter is not None and encounter.round:
            line = Text("Everyone has rolled: the order is set.", style="bold")
        elif others:
            line = Text(f"Still to roll at their seats: {', '.join(others)}.")
        else:
            line = Text("The others have rolled (or the GM rolls for them).", style="dim")
        self.query_one("#others", Static).update(line)

    def action_focus_die(self) -> None:
        self.query_one("#die", Input).focus()

    @on(Input.Submitted, "#die")
    @on(Button.Pressed, "#go")
    def go(self) -> None:
        if self.done:
            self.dismiss(True)
            return
        typed = int_value(self.query_one("#die", Input), default=0)
        if typed is None or not 0 <= typed <= 20:
            self.notify("A d20 shows 1 to 20.", severity="warning")
            return
        self.done = True
        events = send(self, CastInitiative(character=self.character_id, die=typed or None))
        if not events:
            self.done = False
            return
        self.show_result(events)
        self.say_answered()
        go = self.query_one("#go", Button)
        go.label = "Done"
        go.focus()

    def show_result(self, events: tuple[Any, ...]) -> None:
        cast = next((e for e in events if isinstance(e, InitiativeCast)), None)
        rolled = next((e for e in events if isinstance(e, InitiativeRolled)), None)
        if cast is None or not cast.die:
            text = Text("No roll needed: it succeeds on its own.", style="bold green")
        else:
            text = Text(f"d20: {cast.die}", style="bold")
            if cast.app_rolled:
                text.append(" (rolled by the app)", style="dim")
        if rolled is None:
            text.append("\nThe order is set once every PC has rolled.", style="dim")
        else:
            first = self.character_id in rolled.succeeded
            text.append(
                f"\n{self.character.name} acts {'before' if first else 'after'} the NPCs.",
                style="bold green" if first else "bold yellow",
            )
        self.query_one("#result", Static).update(text)


def answer_dialog(prompt: Prompt) -> ModalScreen[Any]:
    """The dialog that answers ``prompt``."""
    if prompt.kind == "roll":
        from strange_tui.tui.table.answer_roll import RollAnswer  # It stands on Answer.

        return RollAnswer(prompt)
    if prompt.kind == "defense":
        return DefenseAnswer(prompt)
    if prompt.kind == "intrusion":
        return IntrusionAnswer(prompt)
    if prompt.kind == "rest":  # R-REC-4: the party's rest, its own dialog.
        from strange_tui.tui.table.rest_answer import RestAnswer

        return RestAnswer(prompt)
    return InitiativeAnswer(prompt)
