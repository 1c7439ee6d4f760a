"""The GM's party rest (R-REC-4): each PC's next recovery roll of the day, and the clock
moved once, by the longest rest.

One row a resting PC: which rest it is and its d6 (typed, or blank for the app's). Rest
makes them all in one step, each PC's points divided as the app suggests; Ask each seat
puts the question to every player, who rolls and divides at their own seat (the clock
moves with the last). Opened while the seats are still answering, the rows are those
still asked, and Rest rests them (absent players), closing their questions. Every number
shown is the model's preview of the command."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.dom import DOMNode
from textual.widgets import Button, Input, Label, Static

from strange_tui.campaign.commands.character import (
    AskPartyRest,
    PartyRest,
    PartyRestPreview,
    RestPreview,
    RestTheOthers,
)
from strange_tui.campaign.commands.table.clock import MORNING, PassTime
from strange_tui.campaign.narrate.words import duration
from strange_tui.tui.common.access import session_of, strange_app
from strange_tui.tui.common.dialog import CharacterDialog, int_value, send
from strange_tui.tui.common.session import Refused


def rest_line(name: str, rest: RestPreview) -> Text:
    """'Mara Quist: d6 3 + 2 = 5 · Might +2, Intellect +3' once a die is typed."""
    text = Text(f"{name}: ", style="bold")
    if rest.die is None:
        text.append(f"rest {rest.number} of 4, {rest.label}; the app rolls the d6", style="dim")
        return text
    text.append(f"d6 {rest.die} + {rest.bonus} = {rest.points} · ")
    if rest.track_step:
        text.append("one step up the damage track")
    else:
        gains = ", ".join(f"{stat.value.title()} +{gain}" for stat, gain in rest.restored)
        text.append(gains or "nothing to restore")
    return text


def party_text(seen: PartyRestPreview, names: dict[str, str]) -> Text:
    """What the party's rest does: each PC's roll (once typed), then the clock, once."""
    text = Text()
    for cid, rest in seen.rests.items():
        text.append_text(rest_line(names.get(cid, cid), rest)).append("\n")
    whose = f" ({seen.longest}'s rest, the longest)" if seen.longest else ""
    text.append(
        f"The clock moves on {duration(seen.seconds)}, once{whose}: until {seen.until}.",
        style="bold",
    )
    if seen.new_day:
        text.append("\nA night passes: a new day of recovery rolls.", style="green")
    for line in seen.left_out:
        text.append(f"\nNo rest: {line}.", style="yellow")
    return text


class PartyRestDialog(CharacterDialog):
    """R-REC-4: every resting PC's d6 (blank: the app's), then Rest (ctrl+s) in one step,
    or Ask each seat (ctrl+o); while the seats answer, Rest rests those still asked."""

    BINDINGS = [
        Binding("ctrl+s", "rest", "Rest", id="party_rest.rest"),
        Binding("ctrl+o", "ask", "Ask each seat", id="party_rest.ask"),
    ]

    def __init__(self) -> None:
        super().__init__("")
        self.pcs: list[str] = []
        self.asking = False
        """The rest is asked at the seats already: the rows are those still asked."""

    def first_look(self) -> PartyRestPreview | str:
        """The party's rest before any die, or why there is none (a fight, no one alive)."""
        try:
            return self.session.preview(PartyRest())
        except Refused as refused:
            others = self.others_look()
            return others if others is not None else str(refused)

    def others_look(self) -> PartyRestPreview | None:
        """Those still asked at their seats, when the rest is asked there (else None)."""
        try:
            seen = self.session.preview(RestTheOthers())
        except Refused:
            return None
        self.asking = True
        return seen

    def compose(self) -> ComposeResult:
        look = self.first_look()
        names = self.session.state.names()
        with Vertical(classes="dialog") as box:
            box.border_title = "Party rest" + (": still asked at the seats" if self.asking else "")
            if isinstance(look, str):
                yield Static(Text(look, style="bold red"))
                with Horizontal(classes="buttons"):
                    yield Button("Close", variant="primary", id="cancel")
                return
            self.pcs = list(look.rests)
            for cid, rest in look.rests.items():
                hint = f"rest {rest.number}/4, {rest.label}; blank: the app's d6"
                field = Input(
                    placeholder=hint, type="integer", valid_empty=True, id=f"die-{cid}",
                    compact=True,
                )  # fmt: skip
                yield Horizontal(
                    Label(Content(names.get(cid, cid)[:13]), classes="field"),
                    field,
                    classes="row flat",
                )
            yield Static(id="preview", classes="preview")
            ask = "" if self.asking else " ctrl+o asks each player's seat."
            yield Static(
                Text(
                    "Type each PC's d6 (blank: the app rolls it); the points go where the"
                    " app suggests. Enter goes to the next; on the last, or ctrl+s, they"
                    f" rest.{ask}",
                    style="dim",
                )
            )
            with Horizontal(classes="buttons"):
                label = "Rest the others" if self.asking else "Rest"
                yield Button(label, variant="primary", id="rest")
                if not self.asking:
                    yield Button("Ask each seat", variant="warning", id="ask")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        fields = list(self.query(Input))
        if fields:
            fields[0].focus()
        else:
            self.query_one("#cancel", Button).focus()
        self.update_preview()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ask":
            return bool(self.pcs) and not self.asking
        if action == "rest":
            return bool(self.pcs)
        return True

    def command(self) -> PartyRest | RestTheOthers | str:
        """Every resting PC's rest: the dice typed, the app's for the others."""
        dice = {}
        for cid in self.pcs:
            typed = int_value(self.query_one(f"#die-{cid}", Input), default=0)
            if typed is None or not 0 <= typed <= 6:
                return "A d6 shows 1 to 6."
            if typed:
                dice[cid] = typed
        return RestTheOthers(dice=dice) if self.asking else PartyRest(dice=dice)

    @on(Input.Changed)
    def update_preview(self) -> None:
        if self.pcs:
            names = self.session.state.names()
            self.show_preview(self.command(), lambda seen: party_text(seen, names))

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in a PC's die goes to the next PC's; Enter in the last rests them all."""
        fields = list(self.query(Input))
        if event.input is fields[-1]:
            self.action_rest()
        else:
            fields[fields.index(event.input) + 1].focus()

    @on(Button.Pressed, "#rest")
    def action_rest(self) -> None:
        command = self.command()
        if isinstance(command, str):
            self.notify(command, severity="warning")
        elif send(self, command):
            self.dismiss(True)

    @on(Button.Pressed, "#ask")
    def action_ask(self) -> None:
        """Each PC rests at their own seat; the dialog closes and the table waits (the
        Waiting line says for whom)."""
        if self.asking or not self.pcs:
            return
        if send(self, AskPartyRest()):
            self.dismiss(True)
            self.app.notify(
                "Asked at the seats: each player rolls and divides their own.", title="Rest"
            )


def sleep(node: DOMNode) -> None:
    """ "We sleep": the party sleeps to the next morning, a new day of recovery rolls for
    everyone (R-REC-2), in one step (ctrl+z takes the night back)."""
    app = strange_app(node)
    if app.run_command(PassTime(unit=MORNING)):
        state = session_of(node).state
        app.notify(
            f"The night passes: {state.clock.label()}, a new day of recovery rolls."
            " ctrl+z takes it back.",
            title="Sleep",
        )
