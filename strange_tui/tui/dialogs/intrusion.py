"""A GM intrusion: accept for 2 XP (one goes to a friend) or refuse for 1 XP (R-XP-1)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Select, Static

from strange_tui.campaign.events import IntrusionAccepted, IntrusionRefused
from strange_tui.tui.dialogs.base import CharacterDialog, row


class IntrusionDialog(CharacterDialog):
    """The GM offers a complication; the player takes the XP or pays to refuse."""

    BINDINGS = [
        Binding("a", "accept", "Accept", id="intrusion.accept"),
        Binding("f", "refuse", "Refuse (1 XP)", id="intrusion.refuse"),
    ]

    def compose(self) -> ComposeResult:
        who = self.character
        friends = [
            (c.name, cid) for cid, c in self.app.campaign.characters.items() if cid != who.id
        ]
        with Vertical(classes="dialog") as box:
            box.border_title = f"GM intrusion: {who.name}"
            yield row("What", Input(placeholder="the complication (optional)", id="what"))
            if friends:
                yield row(
                    "1 XP goes to",
                    Select(friends, value=friends[0][1], allow_blank=False, id="friend"),
                )
            note = Text(f"{who.name} has {who.xp} XP. ", style="bold")
            if who.xp < 1:
                note.append("Refusing costs 1 XP: not possible now.", style="red")
            else:
                note.append("Refusing costs 1 XP.")
            yield Static(note, classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Accept (+2 XP)", variant="success", id="accept")
                yield Button("Refuse (-1 XP)", variant="warning", id="refuse", disabled=who.xp < 1)
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#accept", Button).focus()

    def what(self) -> str:
        return self.query_one("#what", Input).value.strip()

    @on(Button.Pressed, "#accept")
    def action_accept(self) -> None:
        friend = self.query("#friend")
        given_to = friend.first(Select).value if friend else None
        event = IntrusionAccepted(character=self.character_id, given_to=given_to, what=self.what())
        if self.app.dispatch(event):
            self.dismiss(True)

    @on(Button.Pressed, "#refuse")
    def action_refuse(self) -> None:
        if self.app.dispatch(IntrusionRefused(character=self.character_id, what=self.what())):
            self.dismiss(True)
