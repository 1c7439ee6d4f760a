"""Studying a cypher or an artifact, and using an artifact (R-ART-1, R-ART-2): the
Intellect task's choices (training, assets, Effort, your die), the study's minutes, the
depletion die; the preview shows the odds, the cost, the time and the depletion chance.
Enter in the last die field (blank: the app rolls; in the task's d20, it goes on to the
depletion die), the button or ctrl+s commits; typing never does. After a use, the
depletion die is said.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from strange_tui.campaign.commands.character import (
    IdentifyArtifact,
    IdentifyCypher,
    IdentifyPreview,
    UseArtifact,
    UsePreview,
)
from strange_tui.campaign.commands.character.identify import difficulties_for, study_minutes
from strange_tui.campaign.model.events import ArtifactUsed
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog, assets_select, int_value
from strange_tui.tui.rolls.odds import grid, preview_table

FORM_CSS = """
{name} .dialog {{ width: 80; }}
{name} #form {{ grid-size: 4; grid-columns: 12 1fr 12 1fr; grid-rows: 1;
               grid-gutter: 0 1; height: auto; }}
{name} #form Label {{ text-style: bold; color: $text-muted; }}
{name} #form .wide {{ column-span: 3; }}
"""


def task_fields(who_effort: int, training: Select[str]) -> ComposeResult:
    """The Intellect task's training (``training``: the seat's choices), inability, assets
    and Effort."""
    yield Label("Skill")
    yield training
    yield Label("")
    yield Checkbox("Inability", id="inability")
    yield Label("Assets")
    yield assets_select()
    yield Label("Effort")
    yield Select([(str(n), n) for n in range(who_effort + 1)], value=0, allow_blank=False,
                 id="effort", compact=True)  # fmt: skip


def study_preview(seen: IdentifyPreview) -> Group:
    """The time and where the clock goes, then the task."""
    table = grid()
    table.add_row("Study", Text(seen.time, style="bold"))
    if seen.clock is not None:
        for effect in seen.clock.ending:
            table.add_row("", Text(f"Ends: {effect}", style="yellow"))
    return Group(table, preview_table(seen.roll))


def use_preview(seen: UsePreview) -> Group:
    """The task the use takes (if any), then its depletion chance."""
    table = grid()
    table.add_row("Depletion", Text(f"{seen.depletion} ({seen.chance} a use)", style="bold"))
    if not seen.task:
        table.add_row("Task", Text("none: it is known and was used before", style="dim"))
        return Group(table)
    table.add_row("Task", Text(seen.task, style="cyan"))
    assert seen.roll is not None
    return Group(table, preview_table(seen.roll))


def used_words(event: ArtifactUsed, sides: int) -> str:
    """What the use came to, the depletion die shown: 'Depletion d20: 7: it still works.'"""
    if not event.worked:
        return f"{event.name} did not work: the Intellect task failed."
    if not sides:
        return f"{event.name}: its one use; it is spent." if event.spent else (
            f"{event.name} worked; it never depletes.")  # fmt: skip
    by_app = " (the app's die)" if event.app_rolled else ""
    tail = "it works, but that was its last use." if event.spent else "it still works."
    return f"Depletion d{sides}: {event.die}{by_app}: {tail}"


class TaskDialog(CharacterDialog):
    """What the study and the use share: the task's fields and the die's check."""

    BINDINGS = [
        Binding("ctrl+f", "focus_die", "Your die", id="artifact.die"),
        Binding("ctrl+s", "commit_die", "Commit", id="artifact.commit"),
    ]

    def task_choices(self) -> dict[str, object]:
        skill, training = self.training_chosen()
        return {
            "skill": skill,
            "training": training,
            "inability": self.query_one("#inability", Checkbox).value,
            "assets": self.query_one("#assets", Select).value,
            "effort": self.query_one("#effort", Select).value,
        }

    def typed(self, field: str, sides: int) -> int | None | str:
        """The die typed in ``field`` (None: blank, the app rolls), or what to fix."""
        value = int_value(self.query_one(f"#{field}", Input), default=0)
        if value is None or not 0 <= value <= sides:
            return f"A d{sides} shows 1 to {sides}."
        return value or None

    def action_focus_die(self) -> None:
        self.query_one("#die", Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in the task's d20 goes on to the depletion die, when there is one; in the
        last die field it commits."""
        if event.input.id == "die" and self.query("#depletion"):
            self.query_one("#depletion", Input).focus()
        else:
            self.action_commit_die()

    @on(Button.Pressed, "#go")
    def pressed(self) -> None:
        self.action_commit_die()

    def action_commit_die(self) -> None:  # pragma: no cover - each dialog has its own
        raise NotImplementedError


class IdentifyDialog(TaskDialog):
    """R-ART-1: study a cypher (difficulty 1 or 2, the GM's pick; up to an hour) or an
    artifact (its level; up to three hours)."""

    DEFAULT_CSS = FORM_CSS.format(name="IdentifyDialog")

    def __init__(self, character_id: str, item: str, index: int) -> None:
        super().__init__(character_id)
        self.item, self.index = item, index

    def compose(self) -> ComposeResult:
        who = self.character
        held = who.cyphers[self.index] if self.item == "cypher" else who.artifacts[self.index]
        levels = difficulties_for(self.item, held.level)
        with Vertical(classes="dialog") as box:
            box.border_title = f"Identify the {self.item} {escape(held.name)}"
            box.border_subtitle = "ctrl+f your die · enter there identifies"
            with Grid(id="form"):
                yield Label("Difficulty")
                yield Select([(str(n), n) for n in levels], value=levels[0], allow_blank=False,
                             id="difficulty", compact=True, disabled=len(levels) == 1)  # fmt: skip
                yield Label("Minutes")
                choices = study_minutes(self.item)
                yield Select([(str(n), n) for n in choices], value=choices[0],
                             allow_blank=False, id="minutes", compact=True)  # fmt: skip
                yield from task_fields(who.effort, self.training_field())
                yield Label("Your die ^f")
                yield Input(placeholder="your d20, then enter · blank: the app rolls", id="die",
                            type="integer", compact=True, classes="wide")  # fmt: skip
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Identify", variant="primary", id="go")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#die", Input).focus()
        self.update_preview()

    def command(self, die: int | None = None) -> IdentifyArtifact | IdentifyCypher:
        minutes = self.query_one("#minutes", Select).value
        choices = {"index": self.index, "minutes": minutes, "die": die, **self.task_choices()}
        if self.item == "cypher":
            difficulty = self.query_one("#difficulty", Select).value
            return IdentifyCypher(character=self.character_id, difficulty=difficulty,
                                  **choices)  # type: ignore[arg-type]  # fmt: skip
        return IdentifyArtifact(character=self.character_id, **choices)  # type: ignore[arg-type]

    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        self.show_preview(self.command(), study_preview)

    def action_commit_die(self) -> None:
        die = self.typed("die", 20)
        if isinstance(die, str):
            self.notify(die, severity="warning")
            return
        events = strange_app(self).run_command(self.command(die))
        if events:
            self.notify(self.session.describe(events), title="Identify", timeout=8)
            self.dismiss(True)


class UseArtifactDialog(TaskDialog):
    """R-ART-1, R-ART-2: use an artifact: its Intellect task first when it takes one, then
    its depletion die (yours, or blank: the app's)."""

    DEFAULT_CSS = FORM_CSS.format(name="UseArtifactDialog")

    def __init__(self, character_id: str, index: int) -> None:
        super().__init__(character_id)
        self.index = index
        seen = self.preview_of(UseArtifact(character=character_id, index=index))
        self.seen: UsePreview | None = None if isinstance(seen, str) else seen

    def compose(self) -> ComposeResult:
        who, seen = self.character, self.seen
        with Vertical(classes="dialog") as box:
            box.border_title = f"Use {escape(who.artifacts[self.index].name)}"
            box.border_subtitle = "enter in the last die uses it · blank: the app rolls"
            with Grid(id="form"):
                if seen is not None and seen.task:
                    yield from task_fields(who.effort, self.training_field())
                    yield Label("Your d20 ^f")
                    yield Input(placeholder="the task's d20 · blank: the app rolls", id="die",
                                type="integer", compact=True, classes="wide")  # fmt: skip
                if seen is not None and seen.die:
                    yield Label(f"Depletion d{seen.die}")
                    yield Input(placeholder=f"your d{seen.die} · blank: the app rolls",
                                id="depletion", type="integer", compact=True,
                                classes="wide")  # fmt: skip
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Use", variant="primary", id="go")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        fields = self.query(Input)
        (fields.first() if fields else self.query_one("#go", Button)).focus()
        self.update_preview()

    def command(self, die: int | None = None, depletion: int | None = None) -> UseArtifact:
        task = self.task_choices() if self.query("#skill") else {}
        return UseArtifact(character=self.character_id, index=self.index, die=die,
                           depletion=depletion, **task)  # type: ignore[arg-type]  # fmt: skip

    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        self.show_preview(self.command(), use_preview)

    def action_focus_die(self) -> None:
        fields = self.query(Input)
        if fields:
            fields.first().focus()

    def action_commit_die(self) -> None:
        sides = self.seen.die if self.seen is not None else 0
        die = self.typed("die", 20) if self.query("#die") else None
        depletion = self.typed("depletion", sides) if self.query("#depletion") else None
        for problem in (die, depletion):
            if isinstance(problem, str):
                self.notify(problem, severity="warning")
                return
        events = strange_app(self).run_command(self.command(die, depletion))  # type: ignore[arg-type]
        if events:
            used = events[-1]
            assert isinstance(used, ArtifactUsed)
            severity = "warning" if used.spent or not used.worked else "information"
            self.notify(used_words(used, sides), title=used.name, severity=severity, timeout=8)
            self.dismiss(True)
