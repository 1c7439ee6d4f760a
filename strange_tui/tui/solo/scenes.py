"""Scenes in solo play (Home's e). With no scene under way: type what you expect of the next
one, see the exact odds that it goes as expected, is altered or is interrupted at the
tension now, then the d20 (your own, or the app's) tests it; what alters it, or the random
event that interrupts it, shows with it. With a scene under way: say how it went for the
party (the tension each answer leaves is shown) and end it. Tension itself may be set here.

Typing never acts: Enter in what you expect goes to the die; only Enter in the die, the
Start and End buttons, ctrl+s, or the Set button commit. Every number is the model's.
A random event that interrupts a scene may be kept on the story's lists (ctrl+k).

Over 300 lines: the scene's start and end, the event kept and tension share one result."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from strange_tui.campaign.commands.solo.scenes import (
    EXPECTED_LIMIT,
    SCENE_END_CHOICES,
    EndScene,
    SceneOdds,
    ScenePreview,
    StartScene,
)
from strange_tui.campaign.commands.solo.tension import TENSIONS, SetTension
from strange_tui.campaign.model.events import AnyEvent, Drawn, SceneStarted
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog, die_hint, row, typed_d20
from strange_tui.tui.common.session import Refused
from strange_tui.tui.solo.keep import KEEP_BINDING, EventKeeper

DIE_HINT = "your d20, then enter · blank: the app rolls"

OUTCOMES = {
    "expected": ("As expected", "green"),
    "altered": ("Altered", "yellow"),
    "interrupted": ("Interrupted", "magenta"),
}
"""Each outcome of the scene's die in a word, and its colour."""

WENT = {"well": "Well: the party's way", "mixed": "Mixed: both ways", "badly": "Badly"}
ENDED = {"well": "the party's way", "mixed": "both ways", "badly": "badly"}


def faces_words(faces: Sequence[int]) -> str:
    """'6-20' for a run of faces, '1, 3, 5' for scattered ones, 'never' for none."""
    if not faces:
        return "never"
    if list(faces) == list(range(faces[0], faces[-1] + 1)) and len(faces) > 2:
        return f"{faces[0]}-{faces[-1]}"
    return ", ".join(map(str, faces))


def odds_text(seen: ScenePreview) -> Text:
    """The tension, then each outcome's exact chance and the faces that give it."""
    text = Text(f"Tension {seen.tension}/9: the d20 against it", style="bold")
    for odds in seen.odds:
        text.append_text(odds_line(odds))
    if seen.problem:
        text.append(f"\n{seen.problem}", style="red")
    return text


def odds_line(odds: SceneOdds) -> Text:
    words, style = OUTCOMES[odds.test]
    line = Text("\n")
    line.append(f"{words:<12}", style=style)
    line.append(f"{float(odds.chance):>4.0%}", style="bold")
    line.append(f"  on {faces_words(odds.faces)}", style="dim")
    return line


def result_text(events: Sequence[AnyEvent]) -> Text:
    """The scene's die and what it did, large; what altered or interrupted it, whole."""
    started = events[0]
    assert isinstance(started, SceneStarted)
    drawn = next((e for e in events if isinstance(e, Drawn)), None)
    test = (
        "expected"
        if drawn is None
        else "altered"
        if drawn.table == "alteration"
        else ("interrupted")
    )
    words, style = OUTCOMES[test]
    text = Text(f"“{started.expected}”\n", style="dim")
    text.append(f"  {words}  ", style=f"bold {style} reverse")
    whose = "the app's die" if started.app_rolled else "your die"
    text.append(f"\nd20: {started.die} ({whose}) against tension {started.tension}", style="dim")
    if drawn is not None:
        what = "How it is altered" if test == "altered" else "A random event"
        text.append(f"\n{what}: ", style="bold")
        text.append(" ".join(drawn.result.split()))
        if drawn.dice:
            text.append(f" (dice {', '.join(map(str, drawn.dice))})", style="dim")
    return text


class ScenesDialog(CharacterDialog):
    """Start a scene (what you expect, the odds, the die) or end the one under way; set
    tension."""

    DEFAULT_CSS = """
    ScenesDialog #result { height: auto; padding: 0 1; margin-top: 1;
                           border-left: thick $accent; display: none; }
    ScenesDialog #result.-shown { display: block; }
    ScenesDialog #scene-now { height: auto; padding: 0 1; }
    ScenesDialog #start-form, ScenesDialog #end-form { height: auto; }
    ScenesDialog #tension-row { height: auto; padding-top: 1; }
    ScenesDialog #tension-row Label.field { padding: 0 1 0 0; }
    ScenesDialog #tension { width: 12; }
    ScenesDialog #tension-row Button { min-width: 7; margin-left: 1; }
    """
    BINDINGS = [
        Binding("ctrl+f", "focus_die", "Your die", id="scenes.die"),
        Binding("ctrl+s", "commit", "Start / End", id="scenes.commit",
                tooltip="start the scene typed, or end the one under way"),
        KEEP_BINDING,
    ]  # fmt: skip

    def __init__(self) -> None:
        super().__init__("")
        self.changed = 0
        """Steps taken while the dialog was open (escape says whether any was)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "Scenes"
            yield Static(id="result")
            yield EventKeeper()  # The random event that interrupts a scene may be kept.
            with Vertical(id="start-form"):
                expect = Input(
                    placeholder="what you expect of the scene",
                    id="expected",
                    max_length=EXPECTED_LIMIT,
                    compact=True,
                )
                yield row("You expect", expect)
                yield Static(id="odds", classes="preview")
                # The die last, right before the button: no Tab reaches Start before it.
                yield row(
                    "Your die ^f",
                    Input(
                        placeholder=die_hint(self, DIE_HINT), type="integer", id="die", compact=True
                    ),
                )
                yield Horizontal(Button("Start", variant="primary", id="start"), classes="buttons")
            with Vertical(id="end-form"):
                yield Static(id="scene-now")
                yield row(
                    "How it went",
                    Select(
                        [(WENT[c], c) for c in SCENE_END_CHOICES],
                        value="mixed",
                        allow_blank=False,
                        id="went",
                        compact=True,
                    ),
                )
                yield Horizontal(Button("End", variant="primary", id="end"), classes="buttons")
            with Horizontal(id="tension-row", classes="row flat"):
                yield Label("Tension", classes="field")
                yield Select([(str(t), t) for t in TENSIONS], allow_blank=False, id="tension",
                             compact=True)  # fmt: skip
                yield Button("Set tension", id="set")
                yield Button("Close", id="close")

    def on_mount(self) -> None:
        self.show_form()

    @property
    def under_way(self) -> bool:
        return bool(self.session.state.story.scene)

    def show_form(self) -> None:
        """The start form with no scene under way, else the end form; tension as it is."""
        state = self.session.state
        self.query_one("#start-form").display = not self.under_way
        self.query_one("#end-form").display = self.under_way
        with self.prevent(Select.Changed):
            self.query_one("#tension", Select).value = state.story.tension
        if self.under_way:
            self.show_end()
            self.query_one("#went", Select).focus()
        else:
            self.update_odds()
            self.query_one("#expected", Input).focus()
        self.show_hint()

    def show_hint(self) -> None:
        """The keys that work now, short enough to fit whole at 80x24: the die and start,
        or the end; keep only while a random event offers a name to keep."""
        keys = ["ctrl+s ends"] if self.under_way else ["ctrl+f your die", "ctrl+s starts"]
        if self.query_one(EventKeeper).offered:
            keys.append("ctrl+k keeps")
        self.query_one(".dialog").border_subtitle = " · ".join([*keys, "escape closes"])

    def show_end(self) -> None:
        state = self.session.state
        now = Text(f"Scene {state.story.scenes} under way: ", style="bold")
        now.append(" ".join(state.story.scene.split()), style="italic")
        self.query_one("#scene-now", Static).update(now)
        went = self.query_one("#went", Select)
        try:
            seen = self.session.preview(EndScene(went="mixed"))
        except Refused as refused:
            self.notify(str(refused), severity="warning")
            return
        choices = [
            (f"{WENT[choice]} (tension {seen.after[choice]})", choice)
            for choice in SCENE_END_CHOICES
        ]
        with self.prevent(Select.Changed):
            went.set_options(choices)
            went.value = "mixed"

    def command(self, die: int | None = None) -> StartScene:
        return StartScene(
            expected=self.query_one("#expected", Input).value,
            die=die,
            content=self.session.content,
        )

    @on(Input.Changed, "#expected")
    def update_odds(self) -> None:
        odds = self.query_one("#odds", Static)
        try:
            typed = self.query_one("#expected", Input).value
            seen = self.session.preview(StartScene(expected=typed))
        except Refused as refused:
            odds.update(Text(str(refused), style="red"))
            return
        if (
            seen.problem and not typed.strip()
        ):  # Nothing typed yet is no fault: the placeholder says it.
            seen = ScenePreview(tension=seen.tension, odds=seen.odds)
        odds.update(odds_text(seen))

    def typed_die(self) -> int | None | str:
        """The die the player typed (None: the app rolls), or what is wrong with it."""
        return typed_d20(self.query_one("#die", Input))

    def action_focus_die(self) -> None:
        if not self.under_way:
            self.query_one("#die", Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in the die starts the scene; Enter in what you expect goes to the die."""
        if event.input.id == "die":
            self.start()
        else:
            self.action_focus_die()

    def action_commit(self) -> None:
        if self.under_way:
            self.end()
        else:
            self.start()

    @on(Button.Pressed, "#start")
    def start(self) -> None:
        die = self.typed_die()
        if isinstance(die, str):
            self.notify(die, severity="warning")
            return
        events = strange_app(self).run_command(self.command(die))
        if not events:
            return
        self.changed += 1
        result = self.query_one("#result", Static)
        result.update(result_text(events))
        result.add_class("-shown")
        keeper = self.query_one(EventKeeper)
        keeper.offer(events, self.session.content)
        self.query_one("#die", Input).value = ""
        self.query_one("#expected", Input).value = ""
        self.show_form()
        if keeper.offered:  # The event asks for a name: the player types it next.
            self.query_one("#keep-name", Input).focus()

    @on(Button.Pressed, "#end")
    def end(self) -> None:
        went = str(self.query_one("#went", Select).value)
        if strange_app(self).run_command(EndScene(went=went)):
            self.changed += 1
            result = self.query_one("#result", Static)
            tension = self.session.state.story.tension
            said = f"The scene ended; it went {ENDED[went]}. Tension is {tension}."
            result.update(Text(said, style="bold"))
            self.query_one(EventKeeper).offer((), self.session.content)
            result.add_class("-shown")
            self.show_form()

    @on(Button.Pressed, "#set")
    def set_tension(self) -> None:
        tension = self.query_one("#tension", Select).value
        if not isinstance(tension, int):
            return
        if strange_app(self).run_command(SetTension(tension=tension)):
            self.changed += 1
            self.notify(f"Tension set to {tension}.", title="Tension")
            self.show_form()

    def action_keep(self) -> None:
        """The random event shown kept on a list under the name typed (R-EVT-1)."""
        keeper = self.query_one(EventKeeper)
        if keeper.offered:
            if keeper.keep():
                self.show_hint()  # Kept: nothing left to keep.
        else:
            self.notify("Nothing to keep: no random event that names someone new.")

    def action_cancel(self) -> None:
        self.dismiss(self.changed > 0)

    @on(Button.Pressed, "#close")
    def close(self) -> None:
        self.dismiss(self.changed > 0)
