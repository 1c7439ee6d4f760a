"""Home: the party with gauges and tracks, the clock, the recursion, the latest events.

At a player's seat Home is the party at a glance with the player's own character marked,
the fight when one is under way (its NPCs' health as that seat may see it), and the log;
the keys for the GM's part are not offered, and the player's own actions (roll, rest,
XP) are for their own character whichever card is highlighted.

Over 300 lines: Home opens every area, one short action per key; what each opens lives
in its area's folder.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Header, Static

from strange_tui.campaign.model.events import batches
from strange_tui.campaign.model.npc_health import numbers_seen
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.campaign.narrate.kept import kept_rolls
from strange_tui.campaign.narrate.log import command_sentence, names_of, noteworthy
from strange_tui.campaign.narrate.words import plural, time_left, where_in
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.common.screen import CampaignScreen
from strange_tui.tui.common.seat import Probe, offered
from strange_tui.tui.common.waiting import Waiting
from strange_tui.tui.home.party import PartyList
from strange_tui.tui.solo.story_panel import StoryKeys, StoryPanel

RECENT = 8


class HomeScreen(StoryKeys, CampaignScreen):
    """The table at a glance; actions apply to the highlighted character."""

    DEFAULT_CSS = """
    HomeScreen #body { height: 1fr; }
    HomeScreen #party { width: 3fr; min-width: 40; }
    HomeScreen #side { width: 2fr; min-width: 24; }
    HomeScreen #where { height: auto; }
    HomeScreen #recent { height: 1fr; }
    """
    BINDINGS = [
        Binding("enter", "sheet", "Sheet", id="home.sheet",
                tooltip="the highlighted character's sheet, everything on it"),
        Binding("r", "roll", "Roll", id="home.roll",
                tooltip="a task: the odds first, then the die (yours or the app's)"),
        Binding("s", "rest", "Rest", id="home.rest",
                tooltip="the next recovery roll of the day"),
        Binding("x", "advance", "XP", id="home.xp",
                tooltip="award XP, buy advancement steps"),
        Binding("i", "intrusion", "Intrusion", id="home.intrusion",
                tooltip="the GM intrudes: accept for 2 XP or refuse for 1"),
        Binding("l", "log", "Log", id="home.log",
                tooltip="every action as a sentence"),
        Binding("n", "new_character", "New", id="home.new",
                tooltip="a new character in the eleven steps"),
        Binding("g", "settings", "GM", id="home.settings",
                tooltip="campaign settings: the foci allowed, starting cyphers, solo play"),
        Binding("c", "combat", "Combat", id="home.combat",
                tooltip="the round tracker"),
        Binding("t", "translate", "Translate", id="home.translate",
                tooltip="move the party to another recursion"),
        Binding("w", "pass_time", "Wait", id="home.pass_time",
                tooltip="pass time: minutes or hours, or sleep to the next morning"),
        Binding("o", "campaigns", "Campaigns", show=False, id="home.campaigns",
                tooltip="open another campaign from the list"),
        Binding("a", "oracle", "Oracle", id="home.oracle",
                tooltip="ask a yes/no question; the d20 answers, its odds shown first"),
        Binding("d", "draw", "Draw", id="home.draw",
                tooltip="a random creature, cypher, complication or scene prompt"),
        Binding("z", "hazard", "Hazard", id="home.hazard", show=False,
                tooltip="fire, acid, cold, a fall...: ambient damage to the characters"),
        Binding("j", "journal", "Journal", id="home.journal",
                tooltip="write what happens in the story; the log keeps it in its place"),
        Binding("f", "reaction", "Reaction", id="home.reaction", show=False,
                tooltip="an NPC meets the party: its reaction to the PC who speaks, odds first"),
        # Hidden from the key bar (Help, the palette and the README list them): at 80
        # columns Home's bar keeps Undo, Redo and Quit.
        Binding("h", "chase", "Chase", id="home.chase", show=False,
                tooltip="a long chase: start one (runner, quarry, level) or open the one running"),
        Binding("v", "contest", "Contest", id="home.contest", show=False,
                tooltip="PC against PC: both roll, the higher wins (an advantage is +3)"),
        Binding("m", "make", "Make", id="home.make", show=False,
                tooltip="craft an item: the task, the materials and the time by its level"),
        Binding("p", "party_rest", "Party rest", id="home.party_rest", show=False,
                tooltip="every PC's next recovery roll; the clock moves once, by the longest"),
        Binding("b", "sleep", "Sleep", id="home.sleep", show=False,
                tooltip="the party sleeps: the night passes, a new day of recovery rolls"),
        Binding("y", "ask_roll", "Ask for a roll", id="home.ask_roll", show=False,
                tooltip="the GM asks a character or the party for a roll at a difficulty"),
    ]  # fmt: skip

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="body"):
            party = PartyList(id="party", classes="panel")
            party.border_title = "Party"
            yield party
            with Vertical(id="side"):
                where = Static(id="where", classes="panel")
                where.border_title = "Where and when"
                yield where
                yield StoryPanel()  # Solo play only: tension, the scene, threads, people.
                recent = Static(id="recent", classes="panel")
                recent.border_title = "Latest"
                yield recent
        yield Waiting()
        yield KeyBar()

    def on_mount(self) -> None:
        self.follow_campaign()

    def show(self, state: Campaign) -> None:
        session = self.session
        party = self.query_one(PartyList)
        party.show(list(state.characters.values()), None if session.is_gm else session.seat)
        if not state.characters:
            party.add_option("No characters yet: press n to make one.")
        where = Text(state.clock.label(), style="bold")
        where.append(f"\n{state.recursion.title()}", style="bold cyan")
        here = {
            c.travel.places.get(state.recursion, "")
            for c in state.characters.values()
            if not c.travel.recursion
        } - {""}
        if here:  # R-TR-9: where the party is in its recursion (the GM's words).
            where.append(f" · {' / '.join(sorted(here))}", style="cyan")
        for c in state.characters.values():
            if c.travel.recursion:  # Stayed behind when the party translated.
                place = c.travel.places.get(c.travel.recursion, "")
                at = where_in(c.travel.recursion.title()) + (f", {place}" if place else "")
                where.append(f"\n{c.name}: {at}", style="cyan")
        if state.encounter is not None:  # A fight under way (after a reopen too).
            where.append(f"\n{self.fight_line(state)}", style="bold red")
            if not session.is_gm and state.encounter.npcs():
                from strange_tui.tui.combat.view import npc_health_line

                numbers = numbers_seen(state, session.seat)
                where.append("\n").append_text(npc_health_line(state, numbers))
        for effect in state.active_effects():
            # The time left, rounded up: "until 18:16" read as over while it still ran.
            left = f" ({time_left(effect.until - state.clock.seconds)})" if effect.until else ""
            where.append(f"\n{effect.label}{left}", style="yellow")
        # The party's size, not the journal's count ('event 402' meant nothing to a player).
        where.append(f"\n{plural(len(state.characters), 'character')}", "dim")
        self.query_one("#where", Static).update(where)
        self.query_one("#recent", Static).update(self.recent_text(state))
        self.query_one(StoryPanel).show(state)
        self.query_one(Waiting).show(state)
        if not session.is_gm:
            self.refresh_bindings()  # A fight starting or ending brings or takes c.

    @staticmethod
    def fight_line(state: Campaign) -> str:
        """'A fight: round 2, Mara's turn — c' (c opens the combat tracker)."""
        encounter = state.encounter
        assert encounter is not None
        active = encounter.active
        if active is None:
            return "A fight: before initiative — c"
        return f"A fight: round {encounter.round}, {active.name}'s turn — c"

    def recent_text(self, state: Campaign) -> Text:
        """The latest commands that matter, newest first (turns passing, settings and notes
        are left out: they filled the panel), as this seat may read them (R-TASK-8)."""
        journal = self.session.journal()
        names = names_of(state, journal)
        kept = kept_rolls(state, self.session.seat, journal)
        commands = []
        for command in reversed(batches(journal)):
            if noteworthy(command):
                commands.append(command)
                if len(commands) == RECENT:
                    break
        text = Text()
        for command in commands:
            text.append("• ", style="dim")
            text.append(command_sentence(command, names, kept) + "\n")
        return text if commands else Text("Nothing yet.", style="dim")

    def key_commands(self) -> dict[str, Probe]:
        """The command each key leads to, asked of the model at a player's seat (the
        player's own character's, the GM's part, or the story's tools)."""
        from strange_tui.tui.home.probes import home_probes  # Never at the GM's Home.

        return home_probes(self.session.seat, self.state)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A player's seat is not offered what the model would refuse it (see ``seat``)."""
        session = strange_app(self).session
        if session is None or session.is_gm:
            return True
        return offered(session, self.key_commands(), action)

    def selected(self, acting: bool = True) -> Character | None:
        """The highlighted character, or a gentle word when there is none. ``acting``: for
        an action, which at a player's seat is for the player's own character (they act
        for no one else), whichever card is highlighted."""
        state = self.state
        chosen = self.query_one(PartyList).highlighted_id
        if acting and not self.session.is_gm:
            chosen = self.session.seat
        if chosen not in state.characters:
            self.notify("Make a character first (n).", severity="warning")
            return None
        return state.characters[chosen]

    def on_option_list_option_selected(self) -> None:
        self.action_sheet()

    def action_sheet(self) -> None:
        if character := self.selected(acting=False):
            from strange_tui.tui.character.sheet import SheetScreen

            self.app.push_screen(SheetScreen(character.id))

    def action_roll(self) -> None:
        if character := self.selected():
            from strange_tui.tui.rolls.roll import open_roll

            open_roll(strange_app(self), character.id)

    def action_rest(self) -> None:
        if character := self.selected():
            from strange_tui.tui.character.rest import RestDialog

            self.app.push_screen(RestDialog(character.id))

    def action_party_rest(self) -> None:
        from strange_tui.tui.character.party_rest import PartyRestDialog

        self.app.push_screen(PartyRestDialog())

    def action_sleep(self) -> None:
        from strange_tui.tui.character.party_rest import sleep

        sleep(self)

    def action_advance(self) -> None:
        if character := self.selected():
            from strange_tui.tui.character.advance import open_advance

            open_advance(strange_app(self), character.id)

    def action_intrusion(self) -> None:
        if character := self.selected():
            from strange_tui.tui.rolls.intrusion import IntrusionDialog

            self.app.push_screen(IntrusionDialog(character.id))

    def action_log(self) -> None:
        from strange_tui.tui.home.log import LogScreen

        self.app.push_screen(strange_app(self).kept_screen("log", LogScreen))

    def action_campaigns(self) -> None:
        from strange_tui.tui.home.campaigns import CampaignsScreen

        self.app.push_screen(CampaignsScreen())

    def action_new_character(self) -> None:
        from strange_tui.tui.creation.wizard import CreationScreen

        draft = self.session.load_draft()
        if draft is not None:
            self.notify("Resuming the character you started.", title="Draft")
        self.app.push_screen(CreationScreen(draft))

    def action_settings(self) -> None:
        from strange_tui.tui.table.settings import SettingsDialog

        self.app.push_screen(SettingsDialog())

    def action_combat(self) -> None:
        from strange_tui.tui.combat.tracker import CombatScreen

        self.app.push_screen(CombatScreen())

    def action_translate(self) -> None:
        if self.state.encounter is not None:
            self.notify(
                "End the fight first (c, then e): a translation takes a trance.", severity="warning"
            )
            return
        if not self.state.characters:
            self.notify("Make a character first (n).", severity="warning")
            return
        from strange_tui.tui.translation.wizard import TranslationScreen

        self.app.push_screen(TranslationScreen())

    def action_oracle(self) -> None:
        from strange_tui.tui.solo.oracle import OracleDialog

        self.app.push_screen(OracleDialog())

    def action_draw(self) -> None:
        from strange_tui.tui.solo.draw import DrawDialog

        self.app.push_screen(DrawDialog())

    def action_journal(self) -> None:
        from strange_tui.tui.solo.scene import SceneDialog

        self.app.push_screen(SceneDialog())

    def action_reaction(self) -> None:
        if character := self.selected():
            from strange_tui.tui.solo.reaction import ReactionDialog

            self.app.push_screen(ReactionDialog(character.id))

    def action_contest(self) -> None:
        from strange_tui.tui.rolls.contest import ContestDialog

        if len(self.state.characters) < 2:
            self.notify("A contest needs two characters.", severity="warning")
            return
        self.app.push_screen(ContestDialog())

    def action_pass_time(self) -> None:
        from strange_tui.tui.table.pass_time import PassTimeDialog

        self.app.push_screen(PassTimeDialog())

    def action_hazard(self) -> None:
        """R-HAZ-1: a hazard out of a fight, on the characters (the highlighted ticked)."""
        state = self.state
        if state.encounter is not None:
            self.notify("A fight is under way: apply it in the tracker (c, then z).")
            return
        from strange_tui.tui.combat.hazard import HazardDialog

        chosen = self.query_one(PartyList).highlighted_id
        choices = [(c.name, c.id) for c in state.characters.values()]
        self.app.push_screen(HazardDialog(choices, (chosen,) if chosen else ()))

    def action_chase(self) -> None:
        from strange_tui.tui.chase.tracker import open_chase

        if character := self.selected():
            open_chase(self, character.id)

    def action_make(self) -> None:
        if character := self.selected():
            from strange_tui.tui.crafting.craft import CraftDialog

            self.app.push_screen(CraftDialog(character.id))

    def action_ask_roll(self) -> None:
        """The GM asks the highlighted character (or, chosen there, the party) for a roll."""
        chosen = self.query_one(PartyList).highlighted_id
        strange_app(self).open_ask_roll(chosen or "")
