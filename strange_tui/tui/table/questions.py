"""The open questions at the seats (``!``): the GM answers one for an absent player (the
same dialog the player's seat gets, sent from the GM's seat) or takes it back; a player's
seat with several questions picks the one to answer."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from strange_tui.campaign.commands import Command
from strange_tui.campaign.commands.character import RestTheOthers
from strange_tui.campaign.commands.combat import RollInitiative
from strange_tui.campaign.commands.table.asking import RevealDifficulty
from strange_tui.campaign.commands.table.questions import WithdrawPrompt
from strange_tui.campaign.model.prompts import Prompt
from strange_tui.campaign.model.state import Campaign
from strange_tui.tui.common.dialog import CharacterDialog, send
from strange_tui.tui.common.waiting import may_answer, question_line


class QuestionsDialog(CharacterDialog):
    """The questions this seat may act on, oldest first: enter answers the highlighted one;
    from the GM's seat, delete takes it back (the player's seat then closes its dialog)."""

    DEFAULT_CSS = """
    QuestionsDialog OptionList { height: auto; max-height: 12; border: none; padding: 0; }
    """
    BINDINGS = [
        Binding("delete", "withdraw", "Take back", id="questions.withdraw"),
        Binding("r", "roll_rest", "Roll the rest", id="questions.roll_rest",
                tooltip="the app's dice for every initiative or party rest still asked"),
        Binding("v", "reveal", "Reveal difficulty", id="questions.reveal",
                tooltip="the players see the kept difficulty of the highlighted roll's ask"),
    ]  # fmt: skip

    def __init__(self) -> None:
        super().__init__("")
        self.shown: list[Prompt] = []

    def compose(self) -> ComposeResult:
        gm = self.session.is_gm
        with Vertical(classes="dialog") as box:
            box.border_title = "Questions waiting at the seats" if gm else "Your questions"
            yield OptionList(id="questions")
            hint = "↑↓ choose · enter answers"
            hint += " (for an absent player) · delete takes it back" if gm else ""
            hint += " · r rolls the rest (the app's dice)" if gm and self.the_rest() else ""
            kept = any(p.secret for p in self.session.state.prompts)
            hint += " · v reveals a kept difficulty" if gm and kept else ""
            yield Static(Text(f"{hint} · escape closes", style="dim"))
            with Horizontal(classes="buttons"):
                yield Button("Answer", variant="primary", id="answer")
                if gm:
                    yield Button("Take back", variant="warning", id="withdraw")
                yield Button("Close", id="cancel")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.watch(self.app, "campaign", self.follow, init=True)

    def follow(self, state: Campaign | None) -> None:
        """The list as the table has it now; empty, there is nothing left to do here."""
        if state is None:
            return
        seat = self.session.seat
        prompts = [p for p in state.prompts if may_answer(seat, p)]
        if prompts == self.shown:
            return
        listing = self.query_one(OptionList)
        highlighted = listing.highlighted
        self.shown = prompts
        listing.clear_options()
        listing.add_options(
            Option(Text(question_line(state, p, with_what=True)), id=str(p.id)) for p in prompts
        )
        if prompts:
            listing.highlighted = min(highlighted or 0, len(prompts) - 1)
        elif self.is_current:
            self.dismiss(False)

    def chosen(self) -> Prompt | None:
        index = self.query_one(OptionList).highlighted
        return self.shown[index] if index is not None and index < len(self.shown) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "withdraw":
            return self.session.is_gm
        if action == "roll_rest":
            return self.session.is_gm and bool(self.the_rest())
        if action == "reveal":  # R-TASK-8: a roll asked with its difficulty kept.
            prompt = self.chosen()
            return self.session.is_gm and prompt is not None and prompt.secret
        return True

    def on_option_list_option_highlighted(self) -> None:
        self.refresh_bindings()  # v: only on a roll whose difficulty is kept.

    def action_reveal(self) -> None:
        """R-TASK-8: the GM shows the players the kept difficulty of the highlighted roll's
        ask before every seat asked has rolled."""
        prompt = self.chosen()
        if prompt is None or not self.session.is_gm:
            return
        if events := send(self, RevealDifficulty(prompt=prompt.id)):
            self.notify(self.session.describe(events), title="Revealed")

    def the_rest(self) -> list[Command]:
        """The GM's one step for each kind of question the absent players leave open: the
        app rolls every initiative still to cast (the order is set), rests every PC still
        asked to rest (the clock moves once)."""
        kinds = {p.kind for p in self.session.state.prompts}
        steps: list[Command] = [RollInitiative()] if "initiative" in kinds else []
        return [*steps, RestTheOthers()] if "rest" in kinds else steps

    def action_roll_rest(self) -> None:
        """r: every initiative and rest still asked, with the app's dice, a step each kind."""
        if not self.session.is_gm:
            return
        for command in self.the_rest():
            if events := send(self, command):
                self.app.notify(self.session.describe(events), title="Rolled", timeout=6)

    @on(OptionList.OptionSelected)
    @on(Button.Pressed, "#answer")
    def action_answer(self, event: Any = None) -> None:
        """The highlighted question's own dialog, in place of this list."""
        prompt = self.chosen()
        if prompt is None:
            return
        desk = self.app.prompt_desk  # type: ignore[attr-defined]
        self.dismiss(False)
        desk.open(prompt)

    @on(Button.Pressed, "#withdraw")
    def action_withdraw(self) -> None:
        """The GM takes the highlighted question back: nothing is rolled or answered."""
        prompt = self.chosen()
        if prompt is None or not self.session.is_gm:
            return
        line = question_line(self.session.state, prompt)
        if send(self, WithdrawPrompt(prompt=prompt.id)):
            self.notify(f"Taken back: {line}.", title="Question")
