"""The command palette's entries (ctrl+p): the app's own commands, then every action the
screen has a key for, named as its key bar and Help name them (the binding's description,
its tooltip as the longer text): one source, so they cannot drift apart. A seat is offered
only what its key bar offers."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from textual.app import SystemCommand
from textual.screen import Screen

from strange_tui.tui.common.bindings import screen_bindings
from strange_tui.tui.common.screen import CampaignScreen

if TYPE_CHECKING:
    from strange_tui.tui.app.app import StrangeApp


def palette_commands(app: StrangeApp, screen: Screen) -> Iterable[SystemCommand]:
    """The palette's entries for ``screen`` after Textual's own."""
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
