"""Home of a Hunters campaign: the hunters with their vital statistics and wounds by type
(and when each heals), complex challenges in progress, the clock, the latest events."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Header, OptionList
from textual.widgets.option_list import Option

from strange_tui.campaign.hunters_state import Hunter
from strange_tui.campaign.narrate import sentence
from strange_tui.campaign.state import Campaign, Clock
from strange_tui.rules import hunters
from strange_tui.tui.widgets.keybar import KeyBar
from strange_tui.tui.widgets.text_panel import TextPanel

KIND_STYLES = {
    "shocking": "cyan",
    "bruising": "yellow",
    "wounding": "red",
    "traumatic": "bold red",
    "crippling": "bold magenta",
    "permanent": "bold white on red",
}


def hunter_card(hunter: Hunter, now: int) -> Group:
    """Name, bonuses, and each vital statistic with its damage by type."""
    flaws = sum(hunter.flaws.values()) + hunter.damage_flaws(now)
    title = Text(hunter.name, style="bold")
    skills = ", ".join(f"{k} {v}" for k, v in hunter.skills.items())
    title.append(f"  {skills}" if skills else "", style="dim")
    if flaws:
        title.append(f"  flaws -{flaws}", style="bold red")
    lines = [title]
    for vital in hunters.VITALS:
        damage = hunter.damage(vital, now)
        maximum = hunter.vitals.get(vital, 10)
        left = maximum - sum(damage.values())
        line = Text(
            f"{vital.title():<9}{left:>3}/{maximum:<3}", style="bold" if left > 0 else "bold red"
        )
        for kind in hunters.DAMAGE_TYPES:
            if damage.get(kind):
                line.append(f" {kind} {damage[kind]}", style=KIND_STYLES[kind])
        state = hunters.condition(maximum, damage)
        if state != "fine":
            line.append(f"  {state.upper()}", style="bold white on red")
        lines.append(line)
    return Group(*lines)


def healing_lines(hunter: Hunter, now: int) -> list[Text]:
    """When the next point of each type heals (R-HUN-7)."""
    lines = []
    for wound in hunter.wounds:
        rate = hunters.HEAL_SECONDS[wound.kind]
        healed = 0 if rate is None else (now - wound.at) // rate
        if healed >= wound.points:
            continue
        when = "never" if rate is None else Clock(seconds=wound.at + (healed + 1) * rate).label()
        lines.append(
            Text(
                f"{wound.vital} {wound.kind}: next point heals {when}",
                style=KIND_STYLES[wound.kind],
            )
        )
    return lines


class HuntersHomeScreen(Screen):
    """The hunt at a glance; actions apply to the highlighted hunter."""

    DEFAULT_CSS = """
    HuntersHomeScreen #body { height: 1fr; }
    HuntersHomeScreen #party { width: 3fr; height: 1fr; }
    HuntersHomeScreen #side { width: 2fr; min-width: 26; height: 1fr; }
    """
    BINDINGS = [
        Binding("n", "new", "New hunter", id="hunt.new"),
        Binding("r", "roll", "Roll", id="hunt.roll"),
        Binding("d", "damage", "Damage", id="hunt.damage"),
        Binding("h", "challenge", "Challenge", id="hunt.challenge"),
        Binding("a", "advance", "Time", id="hunt.advance"),
        Binding("l", "log", "Log", id="hunt.log"),
        Binding("o", "campaigns", "Campaigns", show=False, id="hunt.campaigns"),
    ]
    COMMANDS_TABLE = [
        ("New hunter", "Skills, traits, equipment, vital statistics", "new"),
        ("Roll", "2d6 + bonus against a CR, odds and degrees first", "roll"),
        ("Damage", "Points by type to a vital statistic", "damage"),
        ("Complex challenge", "A threshold worn down roll by roll", "challenge"),
        ("Time passes", "Advance the clock; wounds heal", "advance"),
        ("Campaign log", "Every event as a sentence", "log"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="body"):
            party = OptionList(id="party", classes="panel")
            party.border_title = "Hunters"
            yield party
            side = TextPanel(id="side", classes="panel")
            side.border_title = "The hunt"
            yield side
        yield KeyBar()

    def on_mount(self) -> None:
        self.watch(self.app, "campaign", self.show, init=True)

    def on_screen_resume(self) -> None:
        self.show(self.app.campaign)

    def on_option_list_option_highlighted(self) -> None:
        self.show_side(self.app.campaign)

    def show(self, state: Campaign | None) -> None:
        if state is None or self.app.screen is not self:
            return
        party = self.query_one("#party", OptionList)
        keep = party.highlighted
        party.clear_options()
        now = state.clock.seconds
        for index, hunter in enumerate(state.hunters.values()):
            if index:
                party.add_option(None)
            party.add_option(Option(hunter_card(hunter, now), id=hunter.id))
        if not state.hunters:
            party.add_option(Option(Text("No hunters yet: press n.", style="dim")))
        elif party.option_count:
            party.highlighted = min(keep or 0, party.option_count - 1)
        self.show_side(state)

    def show_side(self, state: Campaign | None) -> None:
        if state is None:
            return
        text = Text(state.clock.label(), style="bold")
        for challenge in state.challenges.values():
            done = challenge.threshold - challenge.remaining
            filled = round(12 * done / challenge.threshold)
            text.append(f"\n{challenge.name} (CR {challenge.cr})\n", style="bold cyan")
            text.append("█" * filled, style="green")
            text.append("░" * (12 - filled), style="dim")
            text.append(f" {challenge.remaining} left · {challenge.rolls} rolls")
        hunter = self.selected(quiet=True)
        lines = healing_lines(hunter, state.clock.seconds) if hunter else []
        for line in lines:
            text.append("\n")
            text.append_text(line)
        names = state.names()
        if self.app.session is not None:
            text.append("\n")
            for event in reversed(self.app.session.journal()[-5:]):
                text.append(f"\n• {sentence(event, names)}", style="dim")
        self.query_one("#side", TextPanel).show(text)

    def selected(self, quiet: bool = False) -> Hunter | None:
        party = self.query_one("#party", OptionList)
        state = self.app.campaign
        if state is None or party.highlighted is None or not state.hunters:
            if not quiet:
                self.notify("Make a hunter first (n).", severity="warning")
            return None
        option = party.get_option_at_index(party.highlighted)
        return state.hunters.get(option.id or "")

    def _dialog(self, name: str, *args: str) -> None:
        from strange_tui.tui.dialogs import hunters_dialogs, hunters_table

        module = hunters_table if hasattr(hunters_table, name) else hunters_dialogs
        self.app.push_screen(getattr(module, name)(*args))

    def action_new(self) -> None:
        self._dialog("NewHunterDialog")

    def action_roll(self) -> None:
        if hunter := self.selected():
            self._dialog("HunterRollDialog", hunter.id)

    def action_damage(self) -> None:
        if hunter := self.selected():
            self._dialog("HunterDamageDialog", hunter.id)

    def action_challenge(self) -> None:
        self._dialog("ChallengeDialog")

    def action_advance(self) -> None:
        self._dialog("ClockDialog")

    def action_log(self) -> None:
        from strange_tui.tui.screens.log import LogScreen

        self.app.push_screen(LogScreen())

    def action_campaigns(self) -> None:
        from strange_tui.tui.screens.campaigns import CampaignsScreen

        self.app.push_screen(CampaignsScreen())
