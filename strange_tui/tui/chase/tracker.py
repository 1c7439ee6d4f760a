"""The chase tracker (R-CHASE-1): the quarry, the successes needed, a row of marks, the
next roll's odds and cost, and the outcome once the chase is decided.

r rolls the next Speed task (a dialog: skill, assets, Effort, your die); e calls the chase
off (after a y); escape goes back. Read literally, a failure before the first success
loses the chase: the tracker says so, and the GM may start it again (h on Home).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Header, Static

from strange_tui.campaign.commands.chase import ChaseRoll, EndChase
from strange_tui.campaign.model.state import Campaign, Chase
from strange_tui.tui.chase.dialogs import (
    ChaseRollDialog,
    EndChaseDialog,
    StartChaseDialog,
    next_steps,
)
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.common.screen import CampaignScreen
from strange_tui.tui.common.seat import offered
from strange_tui.tui.common.session import Refused
from strange_tui.tui.common.waiting import Waiting
from strange_tui.tui.rolls.odds import preview_table

SUCCESS, STILL_NEEDED, FAILURE = "●", "○", "✗"
OUTCOMES = {
    "won": ("{name} wins the chase.", "bold green"),
    "lost": ("{name} loses the chase.", "bold red"),
    "abandoned": ("The chase is called off.", "bold yellow"),
}


def marks(chase: Chase) -> Text:
    """'Successes ● ○ ○  1 of 3' and 'Failures ✗  1' on two lines."""
    text = Text("Successes ", style="bold")
    text.append(" ".join(SUCCESS * chase.successes), style="bold green")
    still = max(chase.level - chase.successes, 0)
    if chase.successes and still:
        text.append(" ")
    text.append(" ".join(STILL_NEEDED * still), style="dim")
    text.append(f"  {chase.successes} of {chase.level}")
    text.append("\nFailures  ", style="bold")
    text.append(" ".join(FAILURE * chase.failures) or "none", style="bold red")
    if chase.failures:
        text.append(f"  {chase.failures}")
    return text


def heading(state: Campaign, chase: Chase) -> Text:
    """'Mara Quist runs after the courier (level 3)', what wins and what loses."""
    name = state.characters[chase.character].name
    way = "from" if chase.flees else "after"
    text = Text(f"{name} runs {way} {chase.quarry} (level {chase.level})", style="bold")
    text.append(
        f"\nNeeds {chase.level} Speed success{'es' if chase.level != 1 else ''}; the chase is"
        " lost when the failures outnumber the successes (a failure before the first"
        " success loses it: the GM may start again).",
        style="dim",
    )
    return text


class ChaseScreen(CampaignScreen):
    """The running chase (or the last one, as it ended)."""

    DEFAULT_CSS = """
    ChaseScreen #chase { height: 1fr; }
    ChaseScreen #chase Static { padding: 0 1; }
    """
    BINDINGS = [
        Binding("r", "roll", "Roll", id="chase.roll",
                tooltip="the next Speed task: skill, assets, Effort, your die"),
        Binding("e", "end", "End", id="chase.end",
                tooltip="call the chase off (y to confirm)"),
        Binding("escape", "app.pop_screen", "Back", id="chase.back"),
    ]  # fmt: skip

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="chase", classes="panel") as box:
            box.border_title = "Chase"
            yield Static(id="chase-text")
        yield Waiting()
        yield KeyBar()

    def on_mount(self) -> None:
        self.follow_campaign()

    def show(self, state: Campaign) -> None:
        self.query_one("#chase-text", Static).update(self.text(state))
        self.query_one(Waiting).show(state)
        self.refresh_bindings()

    def text(self, state: Campaign) -> RenderableType:
        chase = state.chase
        if chase is None:
            return Text("No chase yet: h on Home starts one.", style="dim")
        parts: list[RenderableType] = [heading(state, chase), Text(), marks(chase), Text()]
        if chase.outcome:
            line, style = OUTCOMES[chase.outcome]
            name = state.characters[chase.character].name
            parts.append(Text(line.format(name=name), style=style))
            parts.append(Text("h on Home starts another chase.", style="dim"))
            return Group(*parts)
        try:
            seen = self.session.preview(ChaseRoll(character=chase.character))
        except Refused as refused:
            parts.append(Text(str(refused), style="red"))
            return Group(*parts)
        next_roll = Text("Next roll", style="bold cyan")
        next_roll.append(" (no Effort, no assets: r sets them)", style="dim")
        parts += [next_roll, preview_table(seen.roll), next_steps(seen)]
        return Group(*parts)

    def running(self) -> Chase | None:
        chase = self.state.chase
        return chase if chase is not None and not chase.outcome else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """r and e while the chase runs; at a player's seat, only for its own runner."""
        if action not in ("roll", "end"):
            return True
        session = strange_app(self).session
        chase = self.running() if session is not None else None
        if chase is None:
            return False
        probes = {
            "roll": lambda: ChaseRoll(character=chase.character),
            "end": lambda: EndChase(character=chase.character),
        }
        return offered(session, probes, action)

    def action_roll(self) -> None:
        if chase := self.running():
            self.app.push_screen(ChaseRollDialog(chase.character))

    def action_end(self) -> None:
        if chase := self.running():
            self.app.push_screen(EndChaseDialog(chase.character))


def open_chase(screen: CampaignScreen, character_id: str) -> None:
    """Home's h: the running chase's tracker; else a new chase for ``character_id`` (the
    tracker opens once it starts)."""
    chase = screen.state.chase
    if chase is not None and not chase.outcome:
        screen.app.push_screen(ChaseScreen())
        return

    def started(done: bool | None) -> None:
        if done:
            screen.app.push_screen(ChaseScreen())

    screen.app.push_screen(StartChaseDialog(character_id), started)
