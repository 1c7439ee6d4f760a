"""Draws from the tables (Home's d): a creature or NPC of a level or a range of levels, a
cypher, a complication, a scene prompt, a meaning or a random event. The preview says how
many entries the dice choose among and which dice; the draw shows what came up with its
dice and goes to the log. The dialog stays for the next draw.

Typing never draws: Enter in the levels goes to the dice, and only Enter in the dice, the
Draw button or ctrl+s draw. Instead of the dice the player may choose the line (the list
of those the die would choose among, then "Take it"); right after a draw, one of its dice
may be rolled again, once ("Reroll", the player's own die typed in the dice or the app's).
A creature drawn during a fight can join it (the GM's seat); drawn out of one, it can
start one, the fight and the creature in one step.

Over 300 lines: the draw, the line chosen and the die rolled again share one form, one
result and the creature it may bring into a fight."""

from __future__ import annotations

import re
from typing import Any

from msgspec.structs import replace
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from strange_tui.campaign.commands.combat.setup import AddNpcs
from strange_tui.campaign.commands.solo.draw import LEVELLED, TABLE_WORDS, TABLES, Draw
from strange_tui.campaign.commands.solo.redraw import RerollDrawDie
from strange_tui.campaign.model.events import Drawn
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog, row
from strange_tui.tui.common.session import Refused
from strange_tui.tui.solo.keep import KEEP_BINDING, EventKeeper

DICE_HINT = "your dice, in order · blank: the app rolls"
LEVELS_HINT = "3, or 2-5 · blank: any"
LEVELS = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")


def table_choices() -> list[tuple[str, str]]:
    """'Creature or NPC', 'Cypher'... (only the first letter raised: NPC stays NPC)."""
    return [(raised(TABLE_WORDS[table][0]), table) for table in TABLES]


def raised(words: str) -> str:
    """``words`` with the first letter a capital and the rest as they were."""
    return words[:1].upper() + words[1:]


def entry_text(event: Drawn, entry: Any) -> Text:
    """What came up: its name (and level), what the pack says of it, and the dice (a
    meaning or a random event: its words)."""
    if entry is None:
        text = Text(" ".join(event.result.split()), style="bold")
        text.append(f"\nDice: {', '.join(map(str, event.dice))}", style="dim")
        return text
    text = Text(entry.name, style="bold")
    if event.level:
        text.append(f"  level {event.level}", style="bold cyan")
    if hasattr(entry, "health"):
        text.append(f"\nhealth {entry.health}, damage {entry.damage}, Armor {entry.armor}")
        text.append(f" · {entry.kind}", style="dim")
        text.append(f"\n{entry.summary}", style="dim")
    elif hasattr(entry, "effect"):
        form = f", {entry.form}" if entry.form else ""
        text.append(f"\n{entry.kind}{form} · level {entry.level}", style="dim")
        text.append(f"\n{entry.effect}")
    else:
        text.append(f"\n{entry.text}")
    dice = ", ".join(map(str, event.dice)) or "none (only one to choose)"
    if event.chosen:
        dice = f"chosen, not rolled{'; its level ' + dice if event.dice else ''}"
    again = " (one rolled again)" if event.replaces else ""
    text.append(f"\nDice: {dice}{again}", style="dim")
    return text


def among_text(seen: Any) -> Text:
    """What a draw chooses among, and with which dice."""
    text = Text(f"Among {seen.what}", style="bold")
    text.append(f"\n{raised(seen.dice)}", style="dim")
    return text


class DrawDialog(CharacterDialog):
    """The table, the levels for a creature, the preview; the dice; what came up."""

    DEFAULT_CSS = """
    DrawDialog #result { height: auto; padding: 0 1; margin-top: 1;
                         border-left: thick $accent; display: none; }
    DrawDialog #result.-shown { display: block; }
    DrawDialog .row Button { margin-left: 1; }
    DrawDialog #again-row { display: none; }
    DrawDialog #again-row.-shown { display: block; }
    """
    BINDINGS = [
        Binding("ctrl+f", "focus_dice", "Your dice", id="draw.dice"),
        Binding("ctrl+s", "draw", "Draw", id="draw.draw"),
        KEEP_BINDING,
    ]

    def __init__(self) -> None:
        super().__init__("")
        self.drawn: tuple[Drawn, Any] | None = None
        """The last draw and its entry (a creature may join the fight)."""
        self.draws = 0
        """Draws made while the dialog was open (escape says whether any was)."""
        self.last: tuple[Draw, Drawn] | None = None
        """The last draw, as the journal holds it: one of its dice may be rolled again."""
        self.choices: tuple[tuple[str, str], ...] = ()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "Draw from the tables"
            box.border_subtitle = "ctrl+f your dice · ctrl+s draws · ctrl+k keeps · escape closes"
            yield row(
                "Table",
                Select(
                    table_choices(), value=TABLES[0], allow_blank=False, id="table", compact=True
                ),
            )
            yield row("Levels", Input(placeholder=LEVELS_HINT, id="levels", compact=True))
            yield Horizontal(
                Label("Or choose", classes="field"),
                Select([], prompt="the line of your choice", id="choose", compact=True),
                Button("Take it", id="take", compact=True),
                classes="row flat",
            )
            yield Static(id="result")
            yield EventKeeper()  # A random event drawn may be kept on a list.
            yield Horizontal(
                Label("Roll again", classes="field"),
                Select([], prompt="which die", id="again", compact=True),
                Button("Reroll", id="reroll", compact=True,
                       tooltip="one die, once: your own typed in the dice, or the app's"),
                classes="row flat", id="again-row",
            )  # fmt: skip
            yield Static(id="preview", classes="preview")
            # The dice last, right before the buttons: no Tab reaches Draw before them.
            yield row("Your dice ^f", Input(placeholder=DICE_HINT, id="dice", compact=True))
            yield Horizontal(
                Button("Draw", variant="primary", id="draw"),
                Button("Add to the fight", id="join"),
                Button("Close", id="close"),
                classes="buttons",
            )

    def on_mount(self) -> None:
        self.query_one("#table", Select).focus()
        self.update_preview()
        self.show_join()

    @property
    def table(self) -> str:
        return str(self.query_one("#table", Select).value)

    def levels(self) -> tuple[int, int] | None | str:
        """The levels typed (None: any), or what is wrong with them."""
        if self.table not in LEVELLED:
            return None
        typed = self.query_one("#levels", Input).value
        if not typed.strip():
            return None
        found = LEVELS.match(typed)
        if found is None:
            return "Levels: a number (3) or a range (2-5)."
        low = int(found.group(1))
        return low, int(found.group(2) or low)

    def typed_dice(self) -> tuple[int, ...] | str:
        """The player's own dice (empty: the app rolls), or what is wrong with them."""
        words = self.query_one("#dice", Input).value.replace(",", " ").split()
        if not all(word.isdigit() for word in words):
            return "Your dice: whole numbers, in the order you rolled them."
        return tuple(int(word) for word in words)

    def command(self) -> Draw | str:
        levels, typed = self.levels(), self.typed_dice()
        for problem in (levels, typed):
            if isinstance(problem, str):
                return problem
        assert not isinstance(levels, str) and not isinstance(typed, str)
        return Draw(table=self.table, levels=levels, typed=typed, content=self.session.content)

    @on(Input.Changed)
    @on(Select.Changed, "#table")
    def update_preview(self) -> None:
        self.query_one("#levels", Input).disabled = self.table not in LEVELLED
        seen = self.show_preview(self.command(), among_text)
        choices = seen.choices if seen is not None else ()
        if choices != self.choices:  # The list is rebuilt when what it offers changes.
            self.choices = choices
            choose = self.query_one("#choose", Select)
            choose.set_options([(name, id_) for id_, name in choices])
            choose.disabled = not choices
            self.query_one("#take", Button).disabled = not choices

    def action_focus_dice(self) -> None:
        """The player's own dice go here: one key from anywhere in the dialog."""
        self.query_one("#dice", Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in the dice draws (blank: the app rolls); Enter in the levels goes to the
        dice, so typing a level never draws for the player."""
        if event.input.id == "dice":
            self.action_draw()
        else:
            self.action_focus_dice()

    @on(Button.Pressed, "#draw")
    def action_draw(self) -> None:
        self.run_draw(self.command())

    @on(Button.Pressed, "#take")
    def take(self) -> None:
        """The line chosen in the list, drawn with no die (a cypher's level still rolls)."""
        chosen = self.query_one("#choose", Select).value
        if chosen is Select.NULL:
            self.notify("Choose a line in the list first.", severity="warning")
            return
        command = self.command()
        if not isinstance(command, str):
            command = replace(command, choose=str(chosen))
        self.run_draw(command)

    @on(Button.Pressed, "#reroll")
    def reroll(self) -> None:
        """One die of the last draw rolled again: the player's own (the one number in the
        dice) or the app's."""
        typed = self.typed_dice()
        if self.last is None or isinstance(typed, str) or len(typed) > 1:
            self.notify("Your die: one number, or blank for the app's.", severity="warning")
            return
        draw, drawn = self.last
        index = self.query_one("#again", Select).value
        if index is Select.NULL:
            self.notify("Choose which die to roll again.", severity="warning")
            return
        command = RerollDrawDie(draw=draw, drawn=drawn, index=int(index),  # type: ignore[arg-type]
                                die=typed[0] if typed else None)  # fmt: skip
        self.run_draw(draw, command)

    def run_draw(self, command: Draw | str, sent: RerollDrawDie | None = None) -> None:
        """Send the draw (or the die rolled again) and show what came up."""
        if isinstance(command, str):
            self.notify(command, severity="warning")
            return
        events = strange_app(self).run_command(sent or command)
        if not events:
            return
        event = events[0]
        assert isinstance(event, Drawn)
        # A draw changes no state: the campaign now is the one it was drawn on.
        entry = command.drawn_entry(self.session.state, event)
        self.drawn = (event, entry)
        self.draws += 1
        result = self.query_one("#result", Static)
        result.update(entry_text(event, entry))
        result.add_class("-shown")
        self.query_one(EventKeeper).offer(events, self.session.content)
        self.query_one("#dice", Input).value = ""
        self.query_one("#draw", Button).label = "Draw again"
        self.last = (command, event)
        self.show_again()
        self.show_join()

    def show_again(self) -> None:
        """The dice of the last draw that one may be rolled again, while it may."""
        again_row = self.query_one("#again-row")
        dice: tuple[tuple[int, int], ...] = ()
        if self.last is not None:
            try:
                dice = self.session.preview(
                    RerollDrawDie(draw=self.last[0], drawn=self.last[1], index=0)
                ).dice
            except Refused:
                dice = ()
        again_row.set_class(bool(dice), "-shown")
        if dice:
            again = self.query_one("#again", Select)
            again.set_options([(f"die {n}: {value} (d{sides})", n - 1)
                               for n, (sides, value) in enumerate(dice, start=1)])  # fmt: skip
            again.value = 0  # The first die: a value set shows in the list's face.

    def joinable(self) -> bool:
        """A creature drawn, at the GM's seat (who runs NPCs): it joins the fight under
        way, or begins one."""
        return self.drawn is not None and hasattr(self.drawn[1], "health") and self.session.is_gm

    def show_join(self) -> None:
        join = self.query_one("#join", Button)
        join.display = self.joinable()
        fighting = self.session.state.encounter is not None
        join.label = "Add to the fight" if fighting else "Start a fight with it"

    @on(Button.Pressed, "#join")
    def join(self) -> None:
        if not self.joinable():
            return
        assert self.drawn is not None
        _, creature = self.drawn
        events = strange_app(self).run_command(
            # No fight under way: it begins with this creature.
            AddNpcs.of_creature(creature, start=True)
        )
        if events:
            self.notify(f"{creature.name} joins the fight.", title="Combat")
            self.drawn = None
            self.show_join()
            self.query_one("#draw", Button).focus()

    def action_keep(self) -> None:
        """The random event drawn kept on a list under the name typed (R-EVT-1)."""
        keeper = self.query_one(EventKeeper)
        if keeper.offered:
            keeper.keep()
        else:
            self.notify("Nothing to keep: draw a random event that names someone new.")

    def action_cancel(self) -> None:
        self.dismiss(self.draws > 0)

    @on(Button.Pressed, "#close")
    def close(self) -> None:
        self.dismiss(self.draws > 0)
