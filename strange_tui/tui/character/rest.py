"""The rest dialog: the day's next rest, its recovery roll, and where the points go (R-REC).

The d6 is recorded when it is shown (``RollRecoveryDie``: the player's own, typed, or the
app's), before the points are divided: escape and open the dialog again, and the same die
is there; the rest uses it. Only the GM's seat takes it back (ctrl+t), and the log says so.
The form builds a Rest command; every number shown (which rest, how long, the bonus, the
suggested division, what each pool gets, the track) is the model's preview of it."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Button, Checkbox, Input, Label, Static

from strange_tui.campaign.commands.character import (
    AnswerRest,
    Rest,
    RestPreview,
    RollRecoveryDie,
    TakeBackRecoveryDie,
)
from strange_tui.campaign.commands.character.party_rest import party_of
from strange_tui.campaign.model.events import RecoveryRolled
from strange_tui.campaign.model.prompts import open_prompt
from strange_tui.campaign.model.terms import Stat
from strange_tui.tui.character.rest_words import rest_intro, rest_text
from strange_tui.tui.common.dialog import CharacterDialog, int_value, own_dice, send
from strange_tui.tui.common.session import Refused


class RestDialog(CharacterDialog):
    """Roll (or type) the d6, kept as it is shown; divide the points, confirm: the rest."""

    DEFAULT_CSS = """
    RestDialog #split { grid-size: 6; grid-columns: 10 1fr 10 1fr 10 1fr; grid-rows: 1;
                        height: auto; margin-top: 1; }
    RestDialog #die-row { height: 1; }
    RestDialog #die-row Label { width: 14; text-style: bold; }
    RestDialog Checkbox { border: none; padding: 0; height: 1; background: transparent; }
    """
    BINDINGS = [
        Binding("enter", "next", "Roll / Rest", id="rest.next"),
        Binding("ctrl+t", "take_back", "Take back the die", id="rest.take_back"),
    ]

    def __init__(self, character_id: str) -> None:
        super().__init__(character_id)
        self.die: int | None = None
        self.shown_at = 0
        """The campaign's step when the die was shown here (a rest made after it, in
        another window, closes the dialog)."""
        self.sent = False
        """The rest is sent from here: the die it spends is no news to follow."""
        self.refused = ""
        """Why this character cannot rest at all (dead is dead): the dialog says so, offers
        no die and no button but Close, and never rolls."""

    def asked(self) -> bool:
        """The party rests, and this character is asked for their part (R-REC-4): the
        clock moves with the last of the party's rests, not with this one."""
        return open_prompt(self.session.state.prompts, "rest", self.character_id) is not None

    def rest_command(self, **choices: object) -> Rest:
        """The rest of these choices: the character's part of the party's rest when asked
        for it, else a rest alone."""
        kind = AnswerRest if self.asked() else Rest
        return kind(character=self.character_id, **choices)  # type: ignore[arg-type]

    def clock_offered(self) -> bool:
        """The clock is the GM's: a player's seat, or a part of the party's rest, has no
        box to move it."""
        return self.session.is_gm and not self.asked()

    def first_look(self) -> RestPreview | str:
        """The rest before the die (or why there is none: dead is dead)."""
        try:
            return self.session.preview(self.rest_command())
        except Refused as refused:
            return str(refused)

    def compose(self) -> ComposeResult:
        who = self.character
        look = self.first_look()
        with Vertical(classes="dialog") as box:
            box.border_title = f"Rest: {escape(who.name)}"
            if isinstance(look, str):
                self.refused = look
                yield Static(Text(f"{look} No rest, no recovery roll.", style="bold red"))
                with Horizontal(classes="buttons"):
                    yield Button("Close", variant="primary", id="cancel")
                return
            yield Static(rest_intro(look))
            with Horizontal(id="die-row"):
                yield Label("Your d6")
                yield Input(
                    placeholder="blank: the app rolls", type="integer", id="die", compact=True
                )
            yield Static(id="rolled")
            with Grid(id="split"):
                for stat in Stat:
                    yield Label(stat.value.title())
                    yield Input(
                        "0", type="integer", id=f"give-{stat.value}", compact=True, disabled=True
                    )
            yield Checkbox(
                "Step up the damage track instead of points",
                id="track-step",
                disabled=not look.can_step_up,
            )
            if self.clock_offered():
                # A rest alone moves the clock only when the GM says so: the others may
                # rest together (the party rest) or go on meanwhile.
                others = [c for c in party_of(self.session.state)[0] if c != self.character_id]
                yield Checkbox(
                    f"Advance the clock by {look.label}", value=not others, id="clock"
                )
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Roll", variant="primary", id="next")
                if self.session.is_gm:
                    yield Button("Take back the die", variant="warning", id="take-back")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        if self.refused:
            self.notify(self.refused, title="No rest", severity="error")
            self.query_one("#cancel", Button).focus()
            return
        self.query_one("#die", Input).focus()
        # A die shown before (the dialog closed, another window of the seat) is the one.
        self.watch(self.app, "campaign", lambda _state: self.follow_die(), init=True)

    def shown_die(self) -> int | None:
        """The d6 on record for this rest (shown, not yet used), if any."""
        return self.character.recovery_die

    def follow_die(self) -> None:
        """The form follows the die on record: one shown elsewhere appears here; one the
        GM took back is gone, and the roll is to make again."""
        if self.refused or self.sent or self.character_id not in self.session.state.characters:
            return
        shown = self.shown_die()
        if shown is not None and shown != self.die:
            self.show_die(shown)
        elif shown is None and self.die is not None and self.rested_elsewhere():
            self.closed_elsewhere()
            return
        elif shown is None and self.die is not None:
            self.forget_die()
        for button in self.query("#take-back").results(Button):
            button.disabled = shown is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.session.is_gm and not self.refused and self.shown_die() is not None
        return True

    def allocation(self) -> dict[Stat, int] | None:
        split = {}
        for stat in Stat:
            value = int_value(self.query_one(f"#give-{stat.value}", Input))
            if value is None or value < 0:
                return None
            if value:
                split[stat] = value
        return split

    def command(self) -> Rest | str:
        """The rest the form describes, or what to fix."""
        step = self.query_one("#track-step", Checkbox).value
        split = {} if step else self.allocation()
        if split is None:
            return "Each pool gets a whole number, 0 or more."
        clock = self.query("#clock")
        return self.rest_command(
            die=self.die,
            kept=True,  # The die shown, never another (refused if the GM took it back).
            allocation=split,
            track_step=step,
            advance_clock=bool(clock) and clock.first(Checkbox).value,
        )

    @on(Input.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        if self.die is None or self.refused:
            return
        self.show_preview(self.command(), rest_text)

    @on(Button.Pressed, "#next")
    @on(Input.Submitted)
    def action_next(self) -> None:
        if self.refused:
            self.notify(self.refused, title="No rest", severity="error")
        elif self.die is None:
            self.roll()
        else:
            self.confirm()

    def roll(self) -> None:
        """The d6, the player's or the app's, recorded as it is shown (a die shown is a
        die kept); then the model's suggested division."""
        typed = int_value(self.query_one("#die", Input), default=0)
        if typed is None or not 0 <= typed <= 6:
            self.notify("A d6 shows 1 to 6.", severity="warning")
            return
        if not typed and own_dice(self):
            self.notify("Type what your d6 shows (you roll your own dice: the config's dice).",
                        severity="warning")  # fmt: skip
            return
        refused = self.first_look()
        if isinstance(refused, str):  # Checked before any die is rolled.
            self.notify(refused, title="No rest", severity="error")
            return
        if send(self, RollRecoveryDie(character=self.character_id, die=typed or None)):
            self.follow_die()

    def show_die(self, die: int) -> None:
        """The die on record, and the model's suggested division of its points."""
        try:
            look = self.session.preview(self.rest_command(die=die, kept=True))
        except Refused as refused:
            self.notify(str(refused), severity="warning")
            return
        self.die, self.shown_at = die, self.session.state.seq
        self.query_one("#rolled", Static).update(
            Text(f"d6 shows {die}: {look.points} points to divide.", style="bold")
        )
        for stat in Stat:
            field = self.query_one(f"#give-{stat.value}", Input)
            field.disabled = False
            field.value = str(look.suggested.get(stat, 0))
        die_field = self.query_one("#die", Input)
        die_field.value, die_field.disabled = str(die), True
        self.query_one("#next", Button).label = "Rest"
        self.query_one(f"#give-{Stat.MIGHT.value}", Input).focus()
        self.update_preview()

    def rested_elsewhere(self) -> bool:
        """Whether the die waits no more because the rest was made (in another window of
        this seat), rather than taken back by the GM."""
        return any(
            isinstance(event, RecoveryRolled) and event.character == self.character_id
            for event in self.session.journal()[-50:]
            if event.seq > self.shown_at
        )

    def closed_elsewhere(self) -> None:
        """The rest was made in another window: there is nothing left to do here."""
        if self.is_current:
            self.notify("This rest was made in another window.", title="Rest")
            self.dismiss(False)

    def forget_die(self) -> None:
        """The GM took the die back: the form is back before the roll."""
        taken = self.die
        self.die = None
        self.query_one("#rolled", Static).update(
            Text(f"The GM took back the die ({taken}): roll again.", style="yellow")
        )
        for stat in Stat:
            field = self.query_one(f"#give-{stat.value}", Input)
            field.disabled, field.value = True, "0"
        die_field = self.query_one("#die", Input)
        die_field.value, die_field.disabled = "", False
        self.query_one("#next", Button).label = "Roll"
        self.query_one("#preview", Static).update("")
        die_field.focus()

    @on(Button.Pressed, "#take-back")
    def action_take_back(self) -> None:
        """The GM's seat takes back the die shown (the log says so); the next is rolled."""
        if self.shown_die() is not None and send(
            self, TakeBackRecoveryDie(character=self.character_id)
        ):
            self.follow_die()

    def confirm(self) -> None:
        command = self.command()
        if isinstance(command, str):
            self.notify(command, severity="warning")
            return
        self.sent = True
        if send(self, command):  # A part of the party's rest closes its question here.
            self.dismiss(True)
        else:
            self.sent = False  # Refused (and said): the die still waits.
