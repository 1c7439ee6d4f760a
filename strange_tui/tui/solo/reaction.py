"""An NPC's reaction (Home's f): the NPC's name and level, the PC who speaks and the skill
they speak with; the modifier in words and each reaction's exact chance with its faces
before the die; then the d20 (the player's own, or the app's), and the reaction on screen
and in the log. The NPC may join the people met in the same step. The dialog stays for
the next NPC.

Typing never rolls: Enter in the name goes to the die, and only Enter in the die, the
Roll button or ctrl+s roll. Every number comes from the model's preview."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from strange_tui.campaign.commands.base import MAX_NAME
from strange_tui.campaign.commands.solo.reactions import (
    ReactionPreview,
    ReactNpc,
    speaker_skills,
)
from strange_tui.campaign.model.abilities import moment
from strange_tui.campaign.model.events import Drawn
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog, die_hint, row, typed_d20

DIE_HINT = "your d20, then enter · blank: the app rolls"
LEVELS = [(str(level), level) for level in range(11)]
DEFAULT_LEVEL = 3

REACTION_STYLES = {
    "hostile": "bold red",
    "unfriendly": "red",
    "indifferent": "yellow",
    "friendly": "green",
    "helpful": "bold green",
}


def odds_table(seen: ReactionPreview) -> Group:
    """The modifier in words, then a bar of the twenty faces coloured by the reaction each
    gives, then each reaction's chance and its faces."""
    by_face = {face: row.reaction for row in seen.odds for face in row.faces}
    bar = Text()
    for face in sorted(by_face):
        bar.append("█", style=REACTION_STYLES[by_face[face]])
    bar.append(f" d20 {seen.modifier:+d}", style="dim")
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    table.add_column(style="dim", no_wrap=True)
    for odds in seen.odds:
        table.add_row(
            Text(odds.reaction.capitalize(), style=REACTION_STYLES[odds.reaction]),
            f"{float(odds.chance):.0%}",
            odds.faces_text or "—",
        )
    words = Text(seen.words, style="bold")
    return Group(words, bar, table)


def result_text(event: Drawn, own_die: bool, modifier: int) -> Text:
    """The reaction large, then the die, whose it was and the total."""
    npc, _, said = event.result.rpartition(": ")
    text = Text(f"{npc}:", style="bold")  # The badge's own padding is the space.
    text.append(f" {said} ", style=f"{REACTION_STYLES.get(said, 'bold')} reverse")
    die = event.dice[0]
    whose = "your die" if own_die else "the app's die"
    text.append(f"\nd20: {die} ({whose}) {modifier:+d} = {die + modifier}", style="dim")
    if die in (1, 20):
        text.append(" · a natural " + str(die) + " decides alone", style="dim")
    return text


class ReactionDialog(CharacterDialog):
    """The NPC, its level, the speaker and their skill, the odds; the die; the reaction."""

    DEFAULT_CSS = """
    ReactionDialog #result { height: auto; padding: 0 1; margin-top: 1;
                             border-left: thick $accent; display: none; }
    ReactionDialog #result.-shown { display: block; }
    ReactionDialog .pair Select { width: 1fr; }
    ReactionDialog .pair Label.second { width: auto; padding: 0 1 0 2; text-style: bold; }
    ReactionDialog #meet { width: auto; margin-left: 2; }
    """
    BINDINGS = [
        Binding("ctrl+f", "focus_die", "Your die", id="reaction.die"),
        Binding("ctrl+s", "roll", "Roll", id="reaction.roll"),
    ]

    def __init__(self, speaker: str) -> None:
        super().__init__(speaker)
        self.rolled = 0
        """Reactions rolled while the dialog was open (escape says whether any was)."""

    def speakers(self) -> list[tuple[str, str]]:
        """The PCs, the one highlighted at Home first."""
        pcs = self.session.state.characters.values()
        first = [c for c in pcs if c.id == self.character_id]
        return [(Text(c.name), c.id) for c in first + [c for c in pcs if c.id != self.character_id]]

    def skills(self, speaker: str) -> list[tuple[str, str]]:
        """'No skill', then the speaker's trainings and inabilities, each with its level."""
        state = self.session.state
        who = state.characters.get(speaker)
        found = speaker_skills(who, moment(state)) if who is not None else []
        return [("No skill", "")] + [(f"{name} ({level})", name) for name, level in found]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "An NPC's reaction"
            box.border_subtitle = "ctrl+f your die · ctrl+s rolls · escape closes"
            yield row(
                "NPC",
                Input(
                    placeholder="who the party meets", id="npc", max_length=MAX_NAME, compact=True
                ),  # fmt: skip
            )
            speakers = self.speakers()
            yield Horizontal(
                Label("Level", classes="field"),
                Select(LEVELS, value=DEFAULT_LEVEL, allow_blank=False, id="level", compact=True),
                Label("Speaker", classes="second"),
                Select(
                    speakers, value=speakers[0][1], allow_blank=False, id="speaker", compact=True
                ),  # fmt: skip
                classes="row flat pair",
            )
            yield Horizontal(
                Label("Skill", classes="field"),
                Select(
                    self.skills(speakers[0][1]),
                    value="",
                    allow_blank=False,
                    id="skill",
                    compact=True,
                ),  # fmt: skip
                Checkbox("Add to the people met", value=True, id="meet", compact=True),
                classes="row flat",
            )
            yield Static(id="result")
            yield Static(id="preview", classes="preview")
            # The die last, right before the buttons: no Tab reaches Roll before it.
            yield row(
                "Your die ^f",
                Input(placeholder=die_hint(self, DIE_HINT), type="integer", id="die", compact=True),
            )
            yield Horizontal(
                Button("Roll", variant="primary", id="roll"),
                Button("Close", id="close"),
                classes="buttons",
            )

    def on_mount(self) -> None:
        self.query_one("#npc", Input).focus()
        self.update_odds()

    def command(self, die: int | None = None) -> ReactNpc:
        return ReactNpc(
            npc=self.query_one("#npc", Input).value,
            level=int(self.query_one("#level", Select).value),  # type: ignore[arg-type]
            speaker=str(self.query_one("#speaker", Select).value),
            skill=str(self.query_one("#skill", Select).value),
            die=die,
            meet=self.query_one("#meet", Checkbox).value,
        )

    @on(Select.Changed, "#speaker")
    def speaker_changed(self) -> None:
        """Another speaker speaks with their own skills."""
        skill = self.query_one("#skill", Select)
        skill.set_options(self.skills(str(self.query_one("#speaker", Select).value)))
        skill.value = ""
        self.update_odds()

    @on(Input.Changed, "#npc")
    @on(Select.Changed, "#level")
    @on(Select.Changed, "#skill")
    def update_odds(self) -> None:
        seen = self.show_preview(self.command(), odds_table)
        typed = self.query_one("#npc", Input).value.strip()
        if seen is not None and seen.problem and typed:  # Blank is no fault: the hint says.
            preview = self.query_one("#preview", Static)
            preview.update(Group(odds_table(seen), Text(seen.problem, style="red")))

    def typed_die(self) -> int | None | str:
        """The die the player typed (None: the app rolls), or what is wrong with it."""
        return typed_d20(self.query_one("#die", Input))

    def action_focus_die(self) -> None:
        """The player's own d20 goes here: one key from anywhere in the dialog."""
        self.query_one("#die", Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in the die rolls (blank: the app rolls); Enter in the name goes to the die,
        so finishing the name never rolls for the player."""
        if event.input.id == "die":
            self.action_roll()
        else:
            self.action_focus_die()

    @on(Button.Pressed, "#roll")
    def action_roll(self) -> None:
        die = self.typed_die()
        if isinstance(die, str):
            self.notify(die, severity="warning")
            return
        command = self.command(die)
        seen = self.preview_of(command)
        events = strange_app(self).run_command(command)
        if not events:
            return
        event = events[0]
        assert isinstance(event, Drawn)
        self.rolled += 1
        result = self.query_one("#result", Static)
        modifier = 0 if isinstance(seen, str) else seen.modifier
        result.update(result_text(event, die is not None, modifier))
        result.add_class("-shown")
        self.query_one("#die", Input).value = ""
        npc = self.query_one("#npc", Input)
        npc.value = ""  # Ready for the next NPC: the same speaker, skill and level.
        npc.focus()

    def action_cancel(self) -> None:
        self.dismiss(self.rolled > 0)

    @on(Button.Pressed, "#close")
    def close(self) -> None:
        self.dismiss(self.rolled > 0)
