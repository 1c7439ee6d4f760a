"""A GM intrusion: accept for 2 XP (one goes to a friend) or refuse for 1 XP (R-XP-1).

From the GM's seat the complication can also be offered at the player's own seat
(OfferIntrusion), where the player answers it (``answer.IntrusionAnswer``); the GM's own
accept and refuse stay, for an absent player."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widget import Widget
from textual.widgets import Button, Input, Select, Static

from strange_tui.campaign.commands.rolls.intrusion import (
    GmIntrusion,
    IntrusionChoice,
    IntrusionPreview,
)
from strange_tui.campaign.commands.table.questions import OfferIntrusion
from strange_tui.tui.common.dialog import CharacterDialog, row, send
from strange_tui.tui.common.session import Refused


class IntrusionDialog(CharacterDialog):
    """The GM offers a complication; the player takes the XP or pays to refuse.

    The focus starts in the text field and no letter is a hotkey here: typing the
    complication never answers it. ctrl+s accepts, ctrl+r refuses (or the buttons); from
    the GM's seat ctrl+o offers it at the player's seat instead."""

    BINDINGS = [
        Binding("ctrl+s", "accept", "Accept (+2 XP)", id="intrusion.accept"),
        Binding("ctrl+r", "refuse", "Refuse (-1 XP)", id="intrusion.refuse"),
        Binding("ctrl+o", "offer", "Offer at the seat", id="intrusion.offer"),
    ]
    OFFERS = True
    """Whether the dialog may offer the intrusion at the player's seat (not when it answers)."""

    @property
    def offers(self) -> bool:
        return self.OFFERS and self.session.is_gm

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "offer":
            return self.offers
        return True

    def compose(self) -> ComposeResult:
        who = self.character
        friends = [
            (Text(c.name), cid) for cid, c in self.session.state.characters.items() if cid != who.id
        ]
        with Vertical(classes="dialog") as box:
            box.border_title = self.title_text()
            yield self.what_row()
            if friends:
                yield row(
                    "1 XP goes to",
                    Select(friends, value=friends[0][1], allow_blank=False, id="friend"),
                )
            yield Static(id="preview", classes="preview")
            yield Static(Text(self.hint(), style="dim"), id="hint")
            with Horizontal(classes="buttons"):
                if self.offers:
                    # The title names whose seat: a long name here would push Cancel out.
                    yield Button("Offer at the seat", variant="primary", id="offer")
                yield Button("Accept (+2 XP)", variant="success", id="accept")
                yield Button("Refuse (-1 XP)", variant="warning", id="refuse")
                yield Button("Cancel", id="cancel")

    def title_text(self) -> str:
        return f"GM intrusion: {escape(self.character.name)}"

    def what_row(self) -> Widget:
        return row("What", Input(placeholder="the complication (optional)", id="what"))

    def hint(self) -> str:
        offer = "ctrl+o offers it at the seat · " if self.offers else ""
        return f"{offer}ctrl+s accepts · ctrl+r refuses · escape closes"

    def on_mount(self) -> None:
        self.first_field().focus()
        self.update_preview()

    def first_field(self) -> Widget:
        """Where the focus starts: the complication's text field."""
        return self.query_one("#what", Input)

    def what(self) -> str:
        """The complication, in the GM's words."""
        return self.query_one("#what", Input).value

    def command(self, choice: IntrusionChoice) -> GmIntrusion:
        """The intrusion as the form has it, answered with ``choice``."""
        friend = self.query("#friend")
        given_to = friend.first(Select).value if friend else None
        return GmIntrusion(
            character=self.character_id,
            choice=choice,
            given_to=given_to if isinstance(given_to, str) else None,
            what=self.what(),
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
        if send(self, self.command(choice)):
            self.dismiss(True)

    @on(Button.Pressed, "#accept")
    def action_accept(self) -> None:
        self.answer("accept")

    @on(Button.Pressed, "#refuse")
    def action_refuse(self) -> None:
        self.answer("refuse")

    @on(Button.Pressed, "#offer")
    def action_offer(self) -> None:
        """The complication goes to the player's seat, who accepts or refuses it there."""
        if not self.offers:
            return
        who = self.character.name
        if send(self, OfferIntrusion(character=self.character_id, what=self.what())):
            self.app.notify(f"Offered at {who}'s seat: waiting for the answer.", title="Intrusion")
            self.dismiss(True)
