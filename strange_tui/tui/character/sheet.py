"""The character sheet: everything on the character, and the actions that change it.

At a player's seat the sheet of their own character offers its actions; another
character's sheet is read only (the model would refuse that seat every change to it).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.markup import escape
from textual.widgets import Header, Static

from strange_tui.campaign.commands.character import (
    ChangeArmor,
    EditNotes,
    GainArtifact,
    GainCypher,
    Heal,
    Rest,
    ShiftTrack,
    SpendPoints,
    TakeDamage,
    UseAbility,
    UseCypher,
    usable,
)
from strange_tui.campaign.commands.character.advancement import BuyAdvancement
from strange_tui.campaign.commands.character.attacks import ability_sheet
from strange_tui.campaign.commands.character.weakness import TakeWeakness
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.commands.table.asking import AskRoll
from strange_tui.campaign.model.abilities import moment
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.campaign.model.terms import Stat
from strange_tui.tui.character.advance import open_advance
from strange_tui.tui.character.armor import ArmorDialog
from strange_tui.tui.character.artifacts import ArtifactsDialog
from strange_tui.tui.character.cyphers import GainCypherDialog, NotesDialog, UseCypherDialog
from strange_tui.tui.character.points import DamageDialog, PointsDialog
from strange_tui.tui.character.rest import RestDialog
from strange_tui.tui.character.sheet_view import lists_block, stats_block
from strange_tui.tui.character.track import TrackDialog
from strange_tui.tui.character.weakness import WeaknessDialog
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.common.screen import CampaignScreen
from strange_tui.tui.common.seat import Probe, offered
from strange_tui.tui.common.session import Session
from strange_tui.tui.rolls.roll import open_roll


def sheet_commands(character: str) -> dict[str, Probe]:
    """The command each of the sheet's keys leads to, for ``character``: each acts for the
    sheet's character (the other fields are placeholders: only whose action it is matters
    to ``seat.offered``; a probe is never decided or sent)."""
    return {
        "damage": lambda: TakeDamage(character=character, amount=1),
        "spend": lambda: SpendPoints(character=character, stat=Stat.MIGHT, amount=1),
        "heal": lambda: Heal(character=character, stat=Stat.MIGHT, amount=1),
        "gain_cypher": lambda: GainCypher(character=character, name="cypher"),
        "use_cypher": lambda: UseCypher(character=character, index=0),
        "notes": lambda: EditNotes(character=character, notes=""),
        "roll": lambda: Roll(character=character),
        "rest": lambda: Rest(character=character),
        # Buying steps is the player's; awarding XP (in the same dialog) the GM's.
        "advance": lambda: BuyAdvancement(character=character, step="edge"),
        "armor": lambda: ChangeArmor(character=character),
        "ability": lambda: UseAbility(character=character, ability=""),
        "track": lambda: ShiftTrack(character=character),
        "weakness": lambda: TakeWeakness(character=character, weak=Stat.MIGHT, edge=Stat.SPEED),
        "artifacts": lambda: GainArtifact(character=character, name="artifact"),
        "ask_roll": lambda: AskRoll(character=character),
    }


class SheetScreen(CampaignScreen):
    """One character, whole."""

    DEFAULT_CSS = """
    SheetScreen #columns { height: 1fr; }
    SheetScreen #stats { width: 1fr; min-width: 38; }
    SheetScreen #lists { width: 1fr; }
    /* Under 60 columns the two panels stack (each scrolls): side by side, the gauges'
       minimum width left the skills and gear a sliver too narrow to read. */
    SheetScreen.-narrow #columns { layout: vertical; }
    SheetScreen.-narrow #stats { width: 1fr; min-width: 0; height: 2fr; }
    SheetScreen.-narrow #lists { height: 1fr; }
    """
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="sheet.back"),
        Binding("d", "damage", "Damage", id="sheet.damage"),
        Binding("p", "spend", "Spend", id="sheet.spend"),
        Binding("h", "heal", "Heal", id="sheet.heal"),
        Binding("g", "gain_cypher", "Cypher+", id="sheet.gain"),
        Binding("u", "use_cypher", "Use cypher", id="sheet.use"),
        Binding("e", "notes", "Notes", id="sheet.notes"),
        Binding("r", "roll", "Roll", id="sheet.roll"),
        Binding("s", "rest", "Rest", id="sheet.rest"),
        Binding("x", "advance", "XP", id="sheet.xp"),
        Binding("a", "armor", "Armor", id="sheet.armor"),
        Binding("b", "ability", "Ability", id="sheet.ability"),
        Binding("t", "track", "Track", id="sheet.track", show=False),
        Binding("w", "weakness", "Weakness", id="sheet.weakness", show=False),
        Binding("f", "artifacts", "Artifacts", id="sheet.artifacts", show=False),
        Binding(
            "y",
            "ask_roll",
            "Ask for a roll",
            id="sheet.ask_roll",
            show=False,
            tooltip="the GM asks this character (or the party) for a roll",
        ),
    ]
    COMMANDS_TABLE = [
        ("Take damage", "Armor, spill-over and the damage track", "damage"),
        ("Spend points", "Pay points from a pool (Luck first if you like)", "spend"),
        ("Heal points", "Points back to a pool, up to its maximum", "heal"),
        ("Gain a cypher", "Add a cypher; warns past the limit", "gain_cypher"),
        ("Use a cypher", "Use or discard a carried cypher", "use_cypher"),
        ("Edit notes", "Background and reminders", "notes"),
        ("Roll a task", "Odds first, then the die", "roll"),
        ("Rest", "The next recovery roll of the day", "rest"),
        ("XP and advancement", "Award XP, buy steps", "advance"),
        ("Wear armor", "Put armor on or take it off", "armor"),
        ("Use an ability", "Its cost with Edge, what it brings and for how long", "ability"),
        ("Move on the damage track", "A poison or a trauma down, a healing effect up", "track"),
        ("Take a weakness", "A weakness in one pool for +1 Edge in another", "weakness"),
        ("Artifacts", "Gain, identify, use (its depletion die) or let go; study a cypher",
         "artifacts"),
    ]

    def __init__(self, character_id: str) -> None:
        super().__init__()
        self.character_id = character_id

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="columns"):
            with VerticalScroll(id="stats", classes="panel"):
                yield Static(id="stats-body")
            with VerticalScroll(id="lists", classes="panel"):
                yield Static(id="lists-body")
        yield KeyBar()

    def on_mount(self) -> None:
        self.follow_campaign()

    @property
    def character(self) -> Character | None:
        return self.state.characters.get(self.character_id)

    def show(self, state: Campaign) -> None:
        character = self.character
        if character is None:
            return
        stats = self.query_one("#stats", VerticalScroll)
        stats.border_title = escape(character.name)
        stats.border_subtitle = character.track.label
        session = strange_app(self).session
        assert session is not None
        abilities = ability_sheet(state, character, session.content)
        self.query_one("#stats-body", Static).update(stats_block(character, abilities))
        self.query_one("#lists", VerticalScroll).border_title = "Skills and gear"
        now = moment(state)
        self.query_one("#lists-body", Static).update(lists_block(character, abilities, now))

    @staticmethod
    def seat_probes(session: Session) -> dict[str, Probe]:
        """The keys' commands, the seat's own sheet, none open (Help, ``seat.gm_actions``)."""
        return sheet_commands(session.seat)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """At a player's seat, another character's sheet is read only."""
        return offered(strange_app(self).session, sheet_commands(self.character_id), action)

    def action_ask_roll(self) -> None:
        strange_app(self).open_ask_roll(self.character_id)

    def action_artifacts(self) -> None:
        self.app.push_screen(ArtifactsDialog(self.character_id))

    def action_weakness(self) -> None:
        self.app.push_screen(WeaknessDialog(self.character_id))

    def action_damage(self) -> None:
        self.app.push_screen(DamageDialog(self.character_id))

    def action_spend(self) -> None:
        self.app.push_screen(PointsDialog(self.character_id, "spend"))

    def action_heal(self) -> None:
        self.app.push_screen(PointsDialog(self.character_id, "heal"))

    def action_gain_cypher(self) -> None:
        self.app.push_screen(GainCypherDialog(self.character_id))

    def action_use_cypher(self) -> None:
        if self.character and not self.character.cyphers:
            self.notify(f"{self.character.name} carries no cyphers.", severity="warning")
            return
        self.app.push_screen(UseCypherDialog(self.character_id))

    def action_notes(self) -> None:
        self.app.push_screen(NotesDialog(self.character_id))

    def action_roll(self) -> None:
        open_roll(strange_app(self), self.character_id)

    def action_rest(self) -> None:
        self.app.push_screen(RestDialog(self.character_id))

    def action_advance(self) -> None:
        open_advance(strange_app(self), self.character_id)

    def action_ability(self) -> None:
        if self.character and not usable(self.character):
            self.notify(f"{self.character.name} has no ability to use.", severity="warning")
            return
        strange_app(self).open_use_ability(self.character_id)

    def action_track(self) -> None:
        self.app.push_screen(TrackDialog(self.character_id))

    def action_armor(self) -> None:
        self.app.push_screen(ArmorDialog(self.character_id))
