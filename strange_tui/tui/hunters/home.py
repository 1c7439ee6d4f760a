"""Home of a Hunters campaign: the hunters with their vital statistics and wounds by type
(and when each point heals, one interval each in turn), their flaws and where they come
from, who is disabled and worsening until stabilised (by a professional, or by another
hunter's first aid), complex challenges in progress, the clock, the latest events.

At a hunter's seat the screen opens on that hunter (marked "you"), its actions are that
hunter's, and the keys for the GM's part are not offered (the command layer says which).
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Header, OptionList
from textual.widgets.option_list import Option

from strange_tui.campaign.commands.hunters import (
    CreateHunter,
    DamageHunter,
    FirstAid,
    HunterRoll,
    HunterView,
    PassTime,
    StabiliseHunter,
    StartChallenge,
    hunter_view,
    nothing_to_stabilise,
    why_no_first_aid,
)
from strange_tui.campaign.model.events import batches
from strange_tui.campaign.model.hunters import Hunter
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.common.screen import CampaignScreen
from strange_tui.tui.common.seat import Probe, offered
from strange_tui.tui.common.text_panel import TextPanel
from strange_tui.tui.hunters.challenge import ChallengeDialog
from strange_tui.tui.hunters.damage import HunterDamageDialog, StabiliseDialog
from strange_tui.tui.hunters.first_aid import FirstAidDialog
from strange_tui.tui.hunters.new_hunter import NewHunterDialog
from strange_tui.tui.hunters.roll import HunterRollDialog
from strange_tui.tui.table.pass_time import PassTimeDialog

KIND_STYLES = {
    "shocking": "cyan",
    "bruising": "yellow",
    "wounding": "red",
    "traumatic": "bold red",
    "crippling": "bold magenta",
    "permanent": "bold white on red",
}


def hunter_card(view: HunterView, you: bool = False) -> Group:
    """Name, bonuses, and each vital statistic with its damage by type; ``you``: the
    hunter of this window's seat."""
    title = Text(view.name + ("  (you)" if you else ""), style="bold")
    skills = ", ".join(f"{k} {v}" for k, v in view.skills.items())
    title.append(f"  {skills}" if skills else "", style="dim")
    lines = [title]
    if view.flaws:  # The total, then where each point comes from.
        flaws = Text(f"Flaws -{view.flaws}", style="bold red")
        sources = ", ".join(f"{source} -{points}" for source, points in view.flaw_sources)
        flaws.append(f" from: {sources}", style="red")
        lines.append(flaws)
    for vital in view.vitals:
        line = Text(
            f"{vital.vital.title():<9}{vital.left:>3}/{vital.maximum:<3}",
            style="bold" if vital.left > 0 else "bold red",
        )
        for kind, points in vital.damage.items():
            line.append(f" {kind} {points}", style=KIND_STYLES[kind])
        if vital.condition != "fine":
            line.append(f"  {vital.condition.upper()}", style="bold white on red")
        if vital.worsening:
            line.append("  worsening (s)", style="bold red")
        elif vital.stable and vital.condition == "disabled":
            line.append("  stabilised", style="green")
        lines.append(line)
    return Group(*lines)


def healing_lines(view: HunterView) -> list[Text]:
    """When the next point of each type heals, and the last (R-HUN-7: one interval each,
    in turn)."""
    lines = []
    for line in view.healing:
        text = f"{line.vital} {line.kind} {line.points}: "
        if line.when is None:
            text += "never heals"
        elif line.points == 1:
            text += f"heals {line.when_label}"
        else:
            text += f"next heals {line.when_label}, the last {line.last_label}"
        lines.append(Text(text, style=KIND_STYLES[line.kind]))
    return lines


class HuntersHomeScreen(CampaignScreen):
    """The hunt at a glance; actions apply to the highlighted hunter."""

    DEFAULT_CSS = """
    HuntersHomeScreen #body { height: 1fr; }
    HuntersHomeScreen #party { width: 3fr; height: 1fr; }
    HuntersHomeScreen #side { width: 2fr; min-width: 26; height: 1fr; }
    """
    BINDINGS = [
        Binding("n", "new", "New hunter", tooltip="Skills, traits, equipment, vital statistics",
                id="hunt.new"),
        Binding("r", "roll", "Roll", tooltip="2d6 + bonus against a CR, odds and degrees first",
                id="hunt.roll"),
        Binding("d", "damage", "Damage", tooltip="Points by type to a vital statistic",
                id="hunt.damage"),
        Binding("h", "challenge", "Challenge", tooltip="A complex challenge: a threshold worn"
                " down roll by roll", id="hunt.challenge"),
        Binding("a", "advance", "Time", tooltip="Time passes: wounds heal, the disabled worsen",
                id="hunt.advance"),
        Binding("s", "stabilise", "Stabilise", tooltip="A disabled hunter stops worsening",
                id="hunt.stabilise"),
        Binding("f", "first_aid", "First aid", tooltip="A hunter tends a disabled one: a check"
                " whose success stabilises", id="hunt.first_aid"),
        Binding("l", "log", "Log", tooltip="The campaign log: every action as a sentence",
                id="hunt.log"),
        Binding("o", "campaigns", "Campaigns", show=False, tooltip="Open another campaign",
                id="hunt.campaigns"),
    ]  # fmt: skip
    """The keys, and what the key bar, Help and the palette say of them."""

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
        self.follow_campaign()

    def on_option_list_option_highlighted(self) -> None:
        self.show_side(self.state)

    def show(self, state: Campaign) -> None:
        party = self.query_one("#party", OptionList)
        keep = party.highlighted
        party.clear_options()
        now = state.clock.seconds
        seat = self.session.seat
        for index, hunter in enumerate(state.hunters.values()):
            if index:
                party.add_option(None)
            card = hunter_card(hunter_view(hunter, now), you=hunter.id == seat)
            party.add_option(Option(card, id=hunter.id))
        if not state.hunters:
            party.add_option(Option(Text("No hunters yet: press n.", style="dim")))
        elif keep is None and seat in state.hunters:
            party.highlighted = party.get_option_index(seat)  # A seat opens on its hunter.
        elif party.option_count:
            party.highlighted = min(keep or 0, party.option_count - 1)
        self.show_side(state)

    def show_side(self, state: Campaign) -> None:
        text = Text(state.clock.label(), style="bold")
        for challenge in state.challenges.values():
            done = challenge.threshold - challenge.remaining
            filled = round(12 * done / challenge.threshold)
            text.append(f"\n{challenge.name} (CR {challenge.cr})\n", style="bold cyan")
            text.append("█" * filled, style="green")
            text.append("░" * (12 - filled), style="dim")
            text.append(f" {challenge.remaining} left · {challenge.rolls} rolls")
        hunter = self.selected(quiet=True)
        lines = healing_lines(hunter_view(hunter, state.clock.seconds)) if hunter else []
        for line in lines:
            text.append("\n")
            text.append_text(line)
        names = state.names()
        text.append("\n")
        for command in reversed(batches(self.session.journal())[-5:]):
            text.append(f"\n• {command_sentence(command, names)}", style="dim")
        self.query_one("#side", TextPanel).show(text)

    def key_commands(self) -> dict[str, Probe]:
        """The command each key leads to, asked of the model at a hunter's seat (its own
        hunter's, or the GM's part); only who sends it matters in a probe."""
        mine = self.session.seat
        return {
            "new": lambda: CreateHunter(name=""),
            "roll": lambda: HunterRoll(hunter=mine),
            "damage": lambda: DamageHunter(hunter=mine),
            "challenge": lambda: StartChallenge(name=""),
            "advance": lambda: PassTime(),
            "stabilise": lambda: StabiliseHunter(hunter=mine),
            "first_aid": lambda: FirstAid(hunter=mine, patient=mine),
            "log": lambda: True,
            # A hunter's seat belongs to this campaign's hunter: no other campaign.
            "campaigns": lambda: False,
        }

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A hunter's seat is not offered what the model would refuse it (see ``seat``)."""
        session = strange_app(self).session
        if session is None or session.is_gm:
            return True
        return offered(session, self.key_commands(), action)

    def selected(self, quiet: bool = False, acting: bool = False) -> Hunter | None:
        """The highlighted hunter; ``acting``: for an action, which at a hunter's seat is
        for that seat's own hunter, whichever card is highlighted."""
        party = self.query_one("#party", OptionList)
        state = self.state
        if acting and not self.session.is_gm and self.session.seat in state.hunters:
            return state.hunters[self.session.seat]
        if party.highlighted is None or not state.hunters:
            if not quiet:
                self.notify("Make a hunter first (n).", severity="warning")
            return None
        option = party.get_option_at_index(party.highlighted)
        return state.hunters.get(option.id or "")

    def action_new(self) -> None:
        self.app.push_screen(NewHunterDialog())

    def action_roll(self) -> None:
        if hunter := self.selected(acting=True):
            self.app.push_screen(HunterRollDialog(hunter.id))

    def action_damage(self) -> None:
        if hunter := self.selected():
            self.app.push_screen(HunterDamageDialog(hunter.id))

    def action_challenge(self) -> None:
        self.app.push_screen(ChallengeDialog())

    def action_advance(self) -> None:
        self.app.push_screen(PassTimeDialog())

    def action_stabilise(self) -> None:
        hunter = self.selected()
        if hunter is None:
            return
        view = hunter_view(hunter, self.state.clock.seconds)
        if not any(vital.worsening for vital in view.vitals):
            self.notify(nothing_to_stabilise(self.state, hunter.id))
            return
        self.app.push_screen(StabiliseDialog(hunter.id))

    def action_first_aid(self) -> None:
        """The highlighted hunter is tended; at a hunter's seat, by that seat's hunter."""
        patient = self.selected()
        if patient is None:
            return
        view = hunter_view(patient, self.state.clock.seconds)
        if not any(vital.worsening for vital in view.vitals):
            self.notify(nothing_to_stabilise(self.state, patient.id))
            return
        aider = "" if self.session.is_gm else self.session.seat or ""
        if refusal := why_no_first_aid(self.state, patient.id, aider):
            self.notify(refusal, severity="warning")  # R-HUN-9: nothing opened, nothing written.
            return
        self.app.push_screen(FirstAidDialog(patient.id, aider=aider))

    def action_log(self) -> None:
        from strange_tui.tui.home.log import LogScreen

        self.app.push_screen(strange_app(self).kept_screen("log", LogScreen))

    def action_campaigns(self) -> None:
        from strange_tui.tui.home.campaigns import CampaignsScreen

        self.app.push_screen(CampaignsScreen())
