"""Pilot tests draw a screen when a test reads it, not at every refresh.

A headless app renders every refresh of its top screen (Textual's
``Screen._compositor_refresh``: each changed widget's lines styled, bordered, tinted and
cut into strips) and then throws the frame away, since no terminal is there to show it:
about a quarter of a Pilot test's CPU, for frames no test looks at. Painting them once
when the app is at rest instead cost as much (a key changes most of what it changes at
once), so here they are not painted at all.

What a test reads is drawn as before, on demand: the snapshots (``export_screenshot``),
``render_strips`` (tests/tui/reach.py's walk over every screen and dialog at 40x12, the
hostile names at 200x60, the words kept whole), and a widget's own ``render``. What a
frame would have caught is still caught: Textual measures each widget's content to lay it
out (layout is untouched), so markup that cannot be parsed in an option, a select or a
label raises at the key that put it there, painted or not (checked by
tests/test_headless_paint.py).

Like the quick wait, this is the tests' alone (installed by conftest); set
``STRANGE_TUI_TEXTUAL_PILOT=1`` to run with Textual's own refresh and wait.
"""

from __future__ import annotations

from textual.screen import Screen

_refresh = Screen._compositor_refresh


def _refresh_unpainted(self: Screen) -> None:
    app = self.app
    if not (app.is_headless and not app.is_inline and self is app.screen):
        _refresh(self)
        return
    # The original's bookkeeping, without the render whose frame a headless app drops.
    self._compositor._dirty_regions.clear()
    self._dirty_widgets.clear()
    app._update_mouse_over(self)


def paint_only_when_read() -> None:
    """Install for every app of this process (called once, from conftest)."""
    Screen._compositor_refresh = _refresh_unpainted  # type: ignore[method-assign]
