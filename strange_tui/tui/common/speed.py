"""Keeping keys fast: a new screen's breakpoint classes set before it is first
laid out, its first resume not restyled (the collector's part is in ``collector``).

Textual gives a screen its breakpoint classes (``-narrow``, ``-roomy``, ``-short``...) on its
first Resize, after it has composed and been styled: the classes change and every widget
of the screen is styled a second time. A dialog of forty widgets paid that on each open
(the largest single cost of opening the roll dialog). Given the classes before it mounts,
the Resize finds them already there and changes nothing.
"""

from __future__ import annotations

from textual import events
from textual.geometry import Size
from textual.screen import Screen


def preset_breakpoints(screen: Screen, size: Size) -> None:
    """Give ``screen`` (not yet mounted) the breakpoint classes it will have at ``size``,
    by the same rules Textual applies on its Resize."""
    app = screen.app
    horizontal = (
        app.HORIZONTAL_BREAKPOINTS
        if screen.HORIZONTAL_BREAKPOINTS is None
        else screen.HORIZONTAL_BREAKPOINTS
    ) or []
    vertical = (
        app.VERTICAL_BREAKPOINTS
        if screen.VERTICAL_BREAKPOINTS is None
        else screen.VERTICAL_BREAKPOINTS
    ) or []
    if not horizontal and not vertical:
        return
    classes = {name: False for _, name in (*horizontal, *vertical)}
    for name in screen._get_breakpoint_classes(size.width, list(horizontal)):
        classes[name] = True
    for name in screen._get_breakpoint_classes(size.height, list(vertical)):
        classes[name] = True
    screen.update_classes(classes, update=False)


class FirstResumeStyled:
    """A screen mixin: a ScreenResume restyles every widget of the screen only when the
    app's CSS changed since the screen was last styled (a theme chosen meanwhile).

    Textual posts a ScreenResume as a screen is pushed (its widgets were styled as they
    mounted, with the breakpoint classes already set by ``preset_breakpoints``) and each
    time it comes back on top (its widgets kept their styles while under a dialog, and
    Textual's ``refresh_css`` restyles the screens of the stack when the CSS changes, which
    it counts in ``_css_update_count``). The restyle was the largest cost of closing a
    dialog over the combat tracker, and of opening any dialog."""

    _resumed_before = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        app = self.app  # type: ignore[attr-defined]
        current = getattr(app, "_css_update_count", None)
        first = not self._resumed_before
        self._resumed_before = True
        if current is not None and (first or getattr(self, "_css_update_count", None) == current):
            self._css_update_count = current
            super()._on_screen_resume(events.ScreenResume(refresh_styles=False))  # type: ignore[misc]
            # Textual calls the handler of every class of the MRO that has one: without
            # this, Screen's own would then restyle the screen anyway (and lay it out twice).
            event.prevent_default()
