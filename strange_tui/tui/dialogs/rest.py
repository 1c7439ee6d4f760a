"""The rest dialog: the day's next rest, its recovery roll, and where the points go (R-REC)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Label, Static

from strange_tui.campaign.events import RecoveryRolled
from strange_tui.campaign.state import Character
from strange_tui.campaign.types import ROUND_SECONDS
from strange_tui.rules.dice import SeededDice, check_face
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.recovery import RECOVERY_DIE, apply_recovery, next_rest
from strange_tui.rules.track import DamageTrack
from strange_tui.tui.dialogs.base import CharacterDialog, int_value


def suggested_split(character: Character, points: int) -> dict[Stat, int]:
    """Fill the emptiest pools first (a pool at 0 before all, since it lifts the track)."""
    split = {stat: 0 for stat in Stat}
    order = sorted(Stat, key=lambda s: (character.pools[s].current > 0, character.pools[s].current))
    for stat in order:
        room = character.pools[stat].maximum - character.pools[stat].current
        split[stat] = min(room, points)
        points -= split[stat]
    return split


class RestDialog(CharacterDialog):
    """Roll (or type) the d6, divide the points, confirm."""

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

    def compose(self) -> ComposeResult:
        who = self.character
        rest = next_rest(who.rests_today)
        bonus = who.tier + who.recovery_bonus
        with Vertical(classes="dialog") as box:
            box.border_title = f"Rest: {who.name}"
            intro = Text(f"Rest {rest.number} of 4 today: {rest.label}. ", style="bold")
            intro.append(f"Recovery roll: d6 + {bonus}.", style="")
            yield Static(intro)
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
            can_step = (
                who.track not in (DamageTrack.HALE, DamageTrack.DEAD) and not who.pools.zero_stats()
            )
            yield Checkbox(
                "Step up the damage track instead of points", id="track-step", disabled=not can_step
            )
            yield Checkbox(f"Advance the clock by {rest.label}", value=True, id="clock")
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Roll", variant="primary", id="next")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        if self.character.track is DamageTrack.DEAD:
            self.notify("Dead is dead: no rest brings a character back.", severity="error")
        self.query_one("#die", Input).focus()

    @property
    def bonus(self) -> int:
        return self.character.tier + self.character.recovery_bonus

    def allocation(self) -> dict[Stat, int] | None:
        split = {}
        for stat in Stat:
            value = int_value(self.query_one(f"#give-{stat.value}", Input))
            if value is None or value < 0:
                return None
            if value:
                split[stat] = value
        return split

    @on(Input.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        if self.die is None:
            return
        points = self.die + self.bonus
        preview = self.query_one("#preview", Static)
        if self.query_one("#track-step", Checkbox).value:
            preview.update(Text(f"{self.character.track.label} → one step up", style="bold green"))
            return
        split = self.allocation()
        if split is None:
            preview.update(Text("Each pool gets a whole number, 0 or more.", style="red"))
            return
        try:
            outcome = apply_recovery(self.character.pools, self.character.track, points, split)
        except RuleViolation as refused:
            preview.update(Text(str(refused), style="red"))
            return
        text = Text()
        for stat, gain in outcome.restored:
            before = self.character.pools[stat].current
            text.append(f"{stat.value.title()} {before} → {before + gain}. ")
        if outcome.wasted:
            text.append(f"{outcome.wasted} unused. ", style="dim")
        if outcome.revived:
            text.append(
                f"Track: {self.character.track.label} → {outcome.track.label}", style="bold green"
            )
        preview.update(text or Text("Nothing to restore.", style="dim"))

    @on(Button.Pressed, "#next")
    @on(Input.Submitted)
    def action_next(self) -> None:
        if self.die is None:
            self.roll()
        else:
            self.confirm()

    def roll(self) -> None:
        typed = int_value(self.query_one("#die", Input), default=0)
        try:
            self.die = check_face(typed, RECOVERY_DIE) if typed else SeededDice().roll(RECOVERY_DIE)
        except RuleViolation as refused:
            self.notify(str(refused), severity="warning")
            return
        points = self.die + self.bonus
        self.query_one("#rolled", Static).update(
            Text(f"d6 shows {self.die}: {points} points to divide.", style="bold")
        )
        for stat, value in suggested_split(self.character, points).items():
            field = self.query_one(f"#give-{stat.value}", Input)
            field.disabled = False
            field.value = str(value)
        self.query_one("#die", Input).disabled = True
        self.query_one("#next", Button).label = "Rest"
        self.query_one(f"#give-{Stat.MIGHT.value}", Input).focus()
        self.update_preview()

    def confirm(self) -> None:
        assert self.die is not None
        step = self.query_one("#track-step", Checkbox).value
        split = {} if step else self.allocation()
        if split is None:
            self.notify("Each pool gets a whole number, 0 or more.", severity="warning")
            return
        rest = next_rest(self.character.rests_today)
        seconds = rest.rounds * ROUND_SECONDS + rest.minutes * 60
        event = RecoveryRolled(
            character=self.character_id,
            die=self.die,
            bonus=self.bonus,
            allocation=split,
            track_step=step,
            clock=seconds if self.query_one("#clock", Checkbox).value else 0,
        )
        if self.app.dispatch(event):
            self.dismiss(True)
