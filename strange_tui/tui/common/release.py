"""What a closed screen registered on the app is let go of with it.

A screen (or a widget of it) that follows the campaign watches the app's ``campaign``
(``self.watch(self.app, "campaign", ...)``). Textual keeps each watch, with the screen its
callback is bound to, in the app's list of watchers, and drops the ones of removed nodes
only when the watched value next changes: a sheet opened and closed twenty times with
nothing played meanwhile left twenty sheets alive, and every one of their widgets.
"""

from __future__ import annotations

from textual._context import visible_screen_stack
from textual.app import App

WATCHERS = "__watchers"
"""Where Textual's ``watch`` keeps an object's watchers (by attribute: (node, callback)
pairs); ``tests/tui/test_closed_screens.py`` fails if that changes."""


def release_watchers(app: App) -> None:
    """Drop the app's watchers whose node is no longer in the DOM (a removed screen, or a
    widget of one): Textual's own check, done now rather than at the next change."""
    watchers: dict[str, list[tuple[object, object]]] = getattr(app, WATCHERS, {})
    for pairs in watchers.values():
        kept = [(node, callback) for node, callback in pairs if attached(app, node)]
        if len(kept) != len(pairs):
            pairs[:] = kept


def attached(app: App, node: object) -> bool:
    return node is app or bool(getattr(node, "is_attached", True))


def forget_painted_screens() -> None:
    """Empty the list of screens Textual paints under a dialog, once a frame is drawn.

    Textual hands that list to the frame through a context variable of the task that
    paints, and leaves it there; a task started later from that task (a widget mounted by
    a callback run after the frame) copies the context, list and all, and held a closed
    screen alive for as long as that task lived. Nothing reads the list between frames:
    each frame sets it anew."""
    visible_screen_stack.set([])
