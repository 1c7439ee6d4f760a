"""The sheet's artifacts (R-ART-1, R-ART-2): the list of those carried (their level,
depletion, and whether identified or spent) with the cyphers still unidentified; from it
an artifact is gained, studied, used or let go, and a cypher studied. The study and the
use are in ``artifact_tasks``; every number comes from the commands' previews.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Button, Checkbox, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from strange_tui.campaign.commands.character import (
    ArtifactPreview,
    DropArtifact,
    GainArtifact,
)
from strange_tui.campaign.narrate.artifacts import artifact_words
from strange_tui.tui.character.artifact_tasks import IdentifyDialog, UseArtifactDialog
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog, row

KEYS = "enter use (a cypher: study) · i identify · n new artifact · d let go"


class ArtifactsDialog(CharacterDialog):
    """The artifacts carried and the unidentified cyphers; keys act on the highlighted."""

    BINDINGS = [
        Binding("n", "gain", "New artifact", id="artifacts.gain"),
        Binding("i", "identify", "Identify", id="artifacts.identify"),
        Binding("d", "drop", "Let go", id="artifacts.drop"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Artifacts: {escape(self.character.name)}"
            yield OptionList(id="carried")
            yield Static(id="empty")
            yield Static(Text(KEYS, style="dim"))

    def on_mount(self) -> None:
        self.refill()
        self.query_one("#carried", OptionList).focus()

    def refill(self, _changed: object = None) -> None:
        """The list anew (after a step taken here or by another window)."""
        who = self.character
        options = [
            Option(Text.assemble(a.name, (f"  {artifact_words(a)}", "dim")), id=f"a{i}")
            for i, a in enumerate(who.artifacts)
        ] + [
            Option(
                Text.assemble(c.name, (f"  cypher L{c.level} · unidentified", "dim")), id=f"c{i}"
            )  # fmt: skip
            for i, c in enumerate(who.cyphers)
            if not c.identified
        ]
        carried = self.query_one("#carried", OptionList)
        carried.clear_options()
        carried.add_options(options)
        carried.display = bool(options)
        if options:
            carried.highlighted = 0
        self.query_one("#empty", Static).update(
            "" if options else Text(f"{who.name} carries no artifact. n gains one.", style="dim")
        )

    def chosen(self) -> tuple[str, int] | None:
        """('artifact' or 'cypher', its index on the sheet) of the highlighted line."""
        carried = self.query_one("#carried", OptionList)
        if carried.highlighted is None or not carried.option_count:
            return None
        key = carried.get_option_at_index(carried.highlighted).id or ""
        return ("artifact" if key[0] == "a" else "cypher", int(key[1:]))

    def on_option_list_option_selected(self, _selected: OptionList.OptionSelected) -> None:
        """Enter uses the highlighted artifact (a spent one is refused), or studies the
        highlighted cypher."""
        picked = self.chosen()
        if picked is None:
            return
        item, index = picked
        if item == "cypher":
            self.app.push_screen(IdentifyDialog(self.character_id, item, index), self.refill)
        elif self.character.artifacts[index].spent:
            self.notify(f"{self.character.artifacts[index].name} is spent.", severity="warning")
        else:
            self.app.push_screen(UseArtifactDialog(self.character_id, index), self.refill)

    def action_gain(self) -> None:
        self.app.push_screen(GainArtifactDialog(self.character_id), self.refill)

    def action_identify(self) -> None:
        picked = self.chosen()
        if picked is None:
            self.notify("Nothing to identify.", severity="warning")
            return
        self.app.push_screen(IdentifyDialog(self.character_id, *picked), self.refill)

    def action_drop(self) -> None:
        picked = self.chosen()
        if picked is None or picked[0] != "artifact":
            self.notify("Choose an artifact to let go.", severity="warning")
            return
        if strange_app(self).run_command(DropArtifact(character=self.character_id,
                                                      index=picked[1])):  # fmt: skip
            self.refill()


def gained_text(seen: ArtifactPreview) -> Text:
    """'Spinner: level 3, depletion 1 in 1d20 (1 in 20: 5% a use), unidentified.'"""
    text = Text(f"{seen.name}: level {seen.level}, ", style="bold")
    text.append(f"depletion {seen.depletion} ({seen.chance})")
    if not seen.identified:
        text.append(", unidentified: study it before use", style="yellow")
    text.append(f".\nCarrying {seen.carried} artifact{'s' * (seen.carried != 1)} now.")
    return text


LEVELS = [(str(n), n) for n in range(1, 11)]


class GainArtifactDialog(CharacterDialog):
    """An artifact's name, level, depletion and effect; perhaps unidentified."""

    BINDINGS = [Binding("ctrl+s", "gain", "Gain", id="artifact.gain")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Gain an artifact: {escape(self.character.name)}"
            box.border_subtitle = "enter or ctrl+s gains it · escape closes"
            yield row("Name", Input(placeholder="the artifact's name", id="name", compact=True))
            yield row("Level", Select(LEVELS, value=1, allow_blank=False, id="level",
                                      compact=True))  # fmt: skip
            yield row(
                "Depletion",
                Input(
                    "1 in 1d20",
                    id="depletion",
                    compact=True,
                    placeholder="1 in 1d20, 1-2 in 1d10, never, automatic",
                ),
            )
            yield row("Effect", Input(placeholder="what it does", id="effect", compact=True))
            yield row("", Checkbox("Unidentified", id="unknown"))
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Gain", variant="primary", id="gain")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()
        self.update_preview()

    def command(self) -> GainArtifact:
        return GainArtifact(
            character=self.character_id,
            name=self.query_one("#name", Input).value,
            level=self.query_one("#level", Select).value,  # type: ignore[arg-type]
            depletion=self.query_one("#depletion", Input).value,
            effect=self.query_one("#effect", Input).value,
            identified=not self.query_one("#unknown", Checkbox).value,
        )

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        self.show_preview(self.command(), gained_text)

    @on(Button.Pressed, "#gain")
    @on(Input.Submitted)
    def action_gain(self) -> None:
        self.commit(self.command())
