"""A GM intrusion: accept for 2 XP (one goes to a friend) or refuse for 1 XP (R-XP-1)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Select, Static

from strange_tui.campaign.commands.progress import GmIntrusion, IntrusionChoice, IntrusionPreview
from strange_tui.tui.dialogs.base import CharacterDialog, row
from strange_tui.tui.session import Refused


class IntrusionDialog(CharacterDialog):
    """The GM offers a complication; the player takes the XP or pays to refuse.

    The focus starts in the text field and no letter is a hotkey here: typing the
    complication never answers it. ctrl+s accepts, ctrl+r refuses (or the buttons)."""

    BINDINGS = [
        Binding("ctrl+s", "accept", "Accept (+2 XP)", id="intrusion.accept"),
        Binding("ctrl+r", "refuse", "Refuse (-1 XP)", id="intrusion.refuse"),
    ]

    def compose(self) -> ComposeResult:
        who = self.character
        friends = [
            (c.name, cid) for cid, c in self.session.state.characters.items() if cid != who.id
        ]
        with Vertical(classes="dialog") as box:
            box.border_title = f"GM intrusion: {escape(who.name)}"
            yield row("What", Input(placeholder="the complication (optional)", id="what"))
            if friends:
                yield row(
                    "1 XP goes to",
                    Select(friends, value=friends[0][1], allow_blank=False, id="friend"),
                )
            yield Static(id="preview", classes="preview")
            yield Static(
                Text("ctrl+s accepts · ctrl+r refuses · escape closes", style="dim"), id="hint"
            )
            with Horizontal(classes="buttons"):
                yield Button("Accept (+2 XP)", variant="success", id="accept")
                yield Button("Refuse (-1 XP)", variant="warning", id="refuse")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#what", Input).focus()
        self.update_preview()

    def command(self, choice: IntrusionChoice) -> GmIntrusion:
        """The intrusion as the form has it, answered with ``choice``."""
        friend = self.query("#friend")
        given_to = friend.first(Select).value if friend else None
        return GmIntrusion(
            character=self.character_id,
            choice=choice,
            given_to=given_to if isinstance(given_to, str) else None,
            what=self.query_one("#what", Input).value,
        )

    @on(Select.Changed)
    def update_preview(self) -> None:
        try:
            shown = self.session.preview(self.command("accept"))
        except Refused as refused:
            self.query_one("#preview", Static).update(Text(str(refused), style="red"))
            return
        self.query_one("#preview", Static).update(self.preview_text(shown))
        self.query_one("#refuse", Button).disabled = shown.refuse is None

    def preview_text(self, shown: IntrusionPreview) -> Text:
        names = self.session.state.names()
        who = self.character
        note = Text(f"{who.name} has {who.xp} XP.", style="bold")

        def xp_line(after: dict[str, int]) -> str:
            return ", ".join(f"{names[c]} {shown.xp[c]} → {xp} XP" for c, xp in after.items())

        note.append("\nAccept: ")
        if shown.accept is not None:
            note.append(xp_line(shown.accept))
        else:
            note.append(shown.accept_problem or "not possible", style="red")
        note.append("\nRefuse: ")
        if shown.refuse is not None:
            note.append(xp_line(shown.refuse))
        else:
            note.append(shown.refuse_problem or "not possible", style="red")
        return note

    def answer(self, choice: IntrusionChoice) -> None:
        if self.app.run_command(self.command(choice)):
            self.dismiss(True)

    @on(Button.Pressed, "#accept")
    def action_accept(self) -> None:
        self.answer("accept")

    @on(Button.Pressed, "#refuse")
    def action_refuse(self) -> None:
        self.answer("refuse")
