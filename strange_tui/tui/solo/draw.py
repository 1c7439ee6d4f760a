"""Draws from the tables (Home's d): a creature or NPC of a level or a range of levels, a
cypher, a complication or a scene prompt. The preview says how many entries the dice
choose among and which dice; the draw shows what came up with its dice and goes to the
log. The dialog stays for the next draw.

Typing never draws: Enter in the levels goes to the dice, and only Enter in the dice, the
Draw button or ctrl+s draw. A creature drawn during a fight can join it (the GM's seat);
drawn out of one, it can start one, the fight and the creature in one step."""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Select, Static

from strange_tui.campaign.commands.combat.setup import AddNpcs
from strange_tui.campaign.commands.solo.draw import LEVELLED, TABLE_WORDS, TABLES, Draw
from strange_tui.campaign.model.events import Drawn
from strange_tui.campaign.model.terms import Stat
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog, row

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
    """What came up: its name (and level), what the pack says of it, and the dice."""
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
    text.append(f"\nDice: {dice}", style="dim")
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
    """
    BINDINGS = [
        Binding("ctrl+f", "focus_dice", "Your dice", id="draw.dice"),
        Binding("ctrl+s", "draw", "Draw", id="draw.draw"),
    ]

    def __init__(self) -> None:
        super().__init__("")
        self.drawn: tuple[Drawn, Any] | None = None
        """The last draw and its entry (a creature may join the fight)."""
        self.draws = 0
        """Draws made while the dialog was open (escape says whether any was)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "Draw from the tables"
            box.border_subtitle = "ctrl+f your dice · ctrl+s draws · escape closes"
            yield row(
                "Table",
                Select(
                    table_choices(), value=TABLES[0], allow_blank=False, id="table", compact=True
                ),
            )
            yield row("Levels", Input(placeholder=LEVELS_HINT, id="levels", compact=True))
            yield Static(id="result")
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
    @on(Select.Changed)
    def update_preview(self) -> None:
        self.query_one("#levels", Input).disabled = self.table not in LEVELLED
        self.show_preview(self.command(), among_text)

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
        command = self.command()
        if isinstance(command, str):
            self.notify(command, severity="warning")
            return
        events = strange_app(self).run_command(command)
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
        self.query_one("#dice", Input).value = ""
        self.query_one("#draw", Button).label = "Draw again"
        self.show_join()

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
            AddNpcs(
                name=creature.name,
                level=creature.level,
                health=creature.health,
                damage=creature.damage,
                armor=creature.armor,
                attack_pool=Stat(creature.attack_pool),
                start=True,  # No fight under way: it begins with this creature.
            )
        )
        if events:
            self.notify(f"{creature.name} joins the fight.", title="Combat")
            self.drawn = None
            self.show_join()
            self.query_one("#draw", Button).focus()

    def action_cancel(self) -> None:
        self.dismiss(self.draws > 0)

    @on(Button.Pressed, "#close")
    def close(self) -> None:
        self.dismiss(self.draws > 0)
