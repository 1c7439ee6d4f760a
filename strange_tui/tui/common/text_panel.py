"""A panel of text that redraws without asking the screen to lay out again.

Static.update re-runs the layout of the whole screen (its size may change); a panel
whose size the CSS fixes only needs to repaint itself. One whose height follows its
text (``height: auto``) lays out again.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget


class TextPanel(Widget):
    """Shows a renderable; ``show`` swaps it and repaints."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._content: RenderableType = Text()

    def show(self, content: RenderableType) -> None:
        before, self._content = self._content, content
        height = self.styles.height
        auto = height is not None and height.is_auto
        # A panel whose height follows its text lays the screen out again only when the
        # new text takes another number of lines (the tracker's turn panel, redrawn on
        # every turn, keeps its three).
        self.refresh(layout=auto and self.lines(content) != self.lines(before))

    def lines(self, content: RenderableType) -> int | None:
        """How many lines ``content`` takes at the panel's width (None: not laid out yet)."""
        width = self.content_size.width
        if not width or not self.is_mounted:
            return None
        console = self.app.console
        if isinstance(content, Text):
            return len(content.wrap(console, width))
        return len(console.render_lines(content, console.options.update_width(width), pad=False))

    def render(self) -> RenderableType:
        return self._content
