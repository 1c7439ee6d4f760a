"""The rest dialog: the day's next rest, its recovery roll, and where the points go (R-REC).

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

from strange_tui.campaign.commands.character import AnswerRest, Rest, RestPreview, recovery_die
from strange_tui.campaign.commands.character.party_rest import party_of
from strange_tui.campaign.model.prompts import open_prompt
from strange_tui.campaign.model.terms import Stat
from strange_tui.campaign.narrate.words import duration
from strange_tui.tui.common.dialog import CharacterDialog, int_value, send
from strange_tui.tui.common.gauges import change_text
from strange_tui.tui.common.session import Refused


def rest_intro(preview: RestPreview) -> Text:
    """Which of the day's rests this is, how long it takes, and the recovery roll."""
    text = Text(f"Rest {preview.number} of 4 today: {preview.label}. ", style="bold")
    text.append(f"Recovery roll: d6 + {preview.bonus}.")
    return text


def rest_text(preview: RestPreview) -> Text:
    """What the rolled points give, pool by pool, and the track (R-REC-1, R-REC-3)."""
    if preview.track_step:
        text = Text("The whole roll buys one step up the damage track.\n")
    else:
        gains = ", ".join(f"{stat.value.title()} +{gain}" for stat, gain in preview.restored)
        text = Text(f"Gives {gains}. " if gains else "Nothing to restore. ")
        if preview.wasted:
            text.append(f"{preview.wasted} unused. ", style="dim")
        if preview.luck:
            text.append(f"Luck +{preview.luck}. ", style="magenta")
        text.append("\n")
    if preview.after is not None:
        text.append_text(change_text(preview.after))
    if preview.seconds:
        text.append(f"\nThe clock moves on {duration(preview.seconds)}.", style="dim")
    return text


class RestDialog(CharacterDialog):
    """Roll (or type) the d6, divide the points, confirm: one rest, one step."""

    DEFAULT_CSS = """
    RestDialog #split { grid-size: 6; grid-columns: 10 1fr 10 1fr 10 1fr; grid-rows: 1;
                        height: auto; margin-top: 1; }
    RestDialog #die-row { height: 1; }
    RestDialog #die-row Label { width: 14; text-style: bold; }
    RestDialog Checkbox { border: none; padding: 0; height: 1; background: transparent; }
    """
    BINDINGS = [Binding("enter", "next", "Roll / Rest", id="rest.next")]

    def __init__(self, character_id: str) -> None:
        super().__init__(character_id)
        self.die: int | None = None
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
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        if self.refused:
            self.notify(self.refused, title="No rest", severity="error")
            self.query_one("#cancel", Button).focus()
            return
        self.query_one("#die", Input).focus()

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
        """The d6: the player's, or the app's; then the model's suggested division."""
        typed = int_value(self.query_one("#die", Input), default=0)
        if typed is None:
            self.notify("A d6 shows 1 to 6.", severity="warning")
            return
        refused = self.first_look()
        if isinstance(refused, str):  # Checked before any die is rolled.
            self.notify(refused, title="No rest", severity="error")
            return
        die = typed or recovery_die()
        try:
            look = self.session.preview(self.rest_command(die=die))
        except Refused as refused:
            self.notify(str(refused), severity="warning")
            return
        self.die = die
        self.query_one("#rolled", Static).update(
            Text(f"d6 shows {die}: {look.points} points to divide.", style="bold")
        )
        for stat in Stat:
            field = self.query_one(f"#give-{stat.value}", Input)
            field.disabled = False
            field.value = str(look.suggested.get(stat, 0))
        self.query_one("#die", Input).disabled = True
        self.query_one("#next", Button).label = "Rest"
        self.query_one(f"#give-{Stat.MIGHT.value}", Input).focus()
        self.update_preview()

    def confirm(self) -> None:
        command = self.command()
        if isinstance(command, str):
            self.notify(command, severity="warning")
        elif send(self, command):  # A part of the party's rest closes its question here.
            self.dismiss(True)
