"""The app-wide keys' actions: undo and redo on the campaign's screens, Help, the quick
reference, About, the questions waiting at this seat, the theme following the party's
recursion, and the command palette's entries (StrangeApp's base class, kept apart to keep
each module short; the keys themselves are StrangeApp's BINDINGS)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from textual.app import SystemCommand
from textual.screen import Screen

from strange_tui.campaign.model.seats import GM
from strange_tui.tui.app.damage import say_refused
from strange_tui.tui.app.theming import ThemedApp
from strange_tui.tui.common.bindings import screen_bindings
from strange_tui.tui.common.screen import CampaignScreen
from strange_tui.tui.common.session import Refused, Session
from strange_tui.tui.common.turn_banner import TurnWatch
from strange_tui.tui.table.desk import PromptDesk

if TYPE_CHECKING:
    from textual.binding import Binding


class AppActions(ThemedApp):
    """The actions of the keys that work on every screen."""

    prompt_desk: PromptDesk
    turn_watch: TurnWatch

    def get_key_display(self, binding: Binding) -> str:
        """A key as Textual shows it, without asking the Unicode database about a key of
        one character: Textual looks every key up as a character's name first, and a
        letter is no name ("r" is shown as "r"). A miss reads the database's pages as it
        searches: the key bar's letters made 200 KB of a start's peak memory."""
        modifiers, key = binding.parse_key()
        if binding.key_display or len(key) != 1:
            return super().get_key_display(binding)
        if "ctrl" in modifiers:  # As Textual says a control key: ^z.
            modifiers.remove("ctrl")
            key = f"^{key}"
        return "+".join([*modifiers, key])

    def shows_campaign(self) -> bool:
        """The screen on top shows the campaign (Home, a sheet, combat, the log, the
        Hunters' Home): only there do ctrl+z and ctrl+y take back campaign actions. In a
        wizard or a dialog, undo belongs to what is being edited."""
        return self.session is not None and isinstance(self.screen, CampaignScreen)

    def open_use_ability(self, character_id: str) -> None:
        """R-ABL-2: the dialog to use one of the character's abilities."""
        from strange_tui.tui.character.ability import UseAbilityDialog

        self.push_screen(UseAbilityDialog(character_id))

    def open_ability_attack(self, character_id: str, ability: str) -> None:
        """R-ABL-2: the attack dialog with the ability's attack chosen, on the character's
        turn in a fight (at the NPC the tracker highlights); else where attacks are made."""
        from strange_tui.tui.combat.kept_attack import open_attack
        from strange_tui.tui.combat.tracker import CombatScreen

        state = self.session.state if self.session else None
        encounter = state.encounter if state else None
        active = encounter.active if encounter else None
        if encounter is None or active is None or active.id != character_id:
            self.notify(
                f"{ability} is an attack: use it on your turn in a fight (b or a in the tracker).",
                severity="warning",
            )
            return
        tracker = next((s for s in self.screen_stack if isinstance(s, CombatScreen)), None)
        aim = tracker.ability_target() if tracker else None
        standing = [c.id for c in encounter.npcs() if not c.defeated]
        if aim is None and not standing:
            self.notify("No NPC is left standing.", severity="warning")
            return
        target, marked = aim or (standing[0], ())
        open_attack(self, character_id, target, marked, weapon=ability)

    def action_read_abilities(self) -> None:
        """R-ABL-1: the GM reads what older sheets' abilities do from the packs, one step."""
        from strange_tui.campaign.commands.character import ReadAbilities

        if self.session is None:
            return
        command = ReadAbilities(content=self.session.content)
        if self.run_command(command):  # type: ignore[attr-defined]
            self.notify("The sheets now hold what their abilities do.", timeout=4)

    def action_undo(self) -> None:
        self._undo_or_redo(lambda session: session.undo())

    def action_redo(self) -> None:
        self._undo_or_redo(lambda session: session.redo())

    def _undo_or_redo(self, step: Callable[[Session], str]) -> None:
        """Say what was undone or redone (or why nothing was)."""
        if self.session is None or not self.shows_campaign():
            return
        try:
            self.notify(step(self.session), timeout=4)
        except Refused as refused:
            say_refused(self, refused, title="", severity="warning")

    def open_ask_roll(self, character_id: str = "") -> None:
        """The GM asks a character ("": the whole party) for a roll (y on Home, the sheet
        and the tracker; the palette on the other screens)."""
        from strange_tui.tui.table.ask_roll import AskRollDialog

        if self.session is not None and self.seat == GM:
            self.push_screen(AskRollDialog(character_id))

    def action_ask_roll(self) -> None:
        self.open_ask_roll()

    def action_questions(self) -> None:
        """The questions waiting at this seat (the GM's: at every seat)."""
        self.prompt_desk.questions()

    def action_your_turn(self) -> None:
        """The combat tracker, on this seat's turn (``common.turn_banner``)."""
        from strange_tui.tui.combat.tracker import CombatScreen

        if not isinstance(self.screen, CombatScreen):
            self.push_screen(CombatScreen())

    def action_help(self) -> None:
        """Help, open at the section of the screen it was called from."""
        from strange_tui.tui.home.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        stack = self.screen_stack
        # Kept while the campaign is open (this window's seat does not change); a
        # player's Help follows the keys their seat has on the screens open (point_at).
        name = self.kept_screen("help", lambda: HelpScreen(stack))
        self.get_screen(name).point_at(stack)  # type: ignore[attr-defined]
        self.push_screen(name)

    def action_reference(self) -> None:
        """The quick reference over whatever is open; F2 on it closes it."""
        from strange_tui.tui.home.reference import ReferenceScreen

        if isinstance(self.screen, ReferenceScreen):
            self.screen.dismiss(None)
        else:
            self.push_screen(ReferenceScreen())

    def action_about(self) -> None:
        from strange_tui.tui.home.help import AboutScreen

        self.push_screen(AboutScreen())

    def action_toggle_theme_follows(self) -> None:
        if self.session is None:
            return
        follows = not self.session.state.settings.theme_follows_recursion
        from strange_tui.campaign.commands.table.settings import ChangeSettings

        if self.run_command(ChangeSettings(theme_follows_recursion=follows)):
            way = "follows" if follows else "no longer follows"
            self.notify(f"The theme {way} the party's recursion.")

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette: the app's own commands, then every action the screen has
        a key for, named as its key bar and Help name it (the binding's description, its
        tooltip as the longer text): one source, so they cannot drift apart."""
        yield from super().get_system_commands(screen)
        yield from palette_commands(self, screen)


def palette_commands(app: AppActions, screen: Screen) -> Iterable[SystemCommand]:
    """The palette's entries (ctrl+p) for ``screen`` after Textual's own: the app's own
    commands, then every action the screen has a key for, named as its key bar and Help
    name them (the binding's description, its tooltip as the longer text): one source, so
    they cannot drift apart. A seat is offered only what its key bar offers."""
    yield SystemCommand("Help", "Every key of every screen", app.action_help)
    yield SystemCommand("About strange-tui", "Version and licence notice", app.action_about)
    yield SystemCommand(
        "Quick reference",
        "Difficulty ladders, hazards, circumstances, crafting; a line starts a roll (F2)",
        app.action_reference,
    )
    if app.session is not None and isinstance(screen, CampaignScreen):
        yield SystemCommand("Undo", "Take back the last change", app.action_undo)
        yield SystemCommand("Redo", "Apply again what was undone", app.action_redo)
    if app.session is not None:
        yield SystemCommand(
            "Theme follows recursion",
            "Switch the theme with the party's recursion, or stop doing so",
            app.action_toggle_theme_follows,
        )
    if app.session is not None and app.seat == GM:
        yield SystemCommand(
            "Read abilities from the packs",
            "What each sheet's abilities do, for sheets made before abilities carried it",
            app.action_read_abilities,
        )
    if (
        app.session is not None
        and app.seat == GM
        and isinstance(screen, CampaignScreen)
        and not any(b.action == "ask_roll" for b in screen_bindings(type(screen)))
    ):  # Home, the sheet and the tracker have it as a key (y), listed below.
        yield SystemCommand(
            "Ask for a roll",
            "The GM asks a character or the party for a roll at a difficulty",
            app.action_ask_roll,
        )
    if app.session is not None and app.turn_watch.key_works():
        yield SystemCommand(
            "Your turn", "The combat tracker, on your PC's turn (c)", app.action_your_turn
        )
    if app.session is not None and app.prompt_desk.key_works():
        yield SystemCommand(
            "Questions", "The questions waiting at the seats (!)", app.action_questions
        )
    for binding in screen_bindings(type(screen)):
        if binding.action.startswith("app.") or binding.key == "escape":
            continue  # Back and close: not an action to look up by name.
        if screen.check_action(binding.action.split("(")[0], ()) is False:
            continue  # Not this seat's to do (a player's seat), or not now.
        key = app.get_key_display(binding)
        yield SystemCommand(
            binding.description,
            f"{binding.tooltip or binding.description} ({key})",
            lambda action=binding.action: screen.run_action(action),
        )
