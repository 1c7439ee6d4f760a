"""A fixed-size panel of text that redraws without asking the screen to lay out again.

Static.update re-runs the layout of the whole screen (its size may change); a panel
whose size the CSS fixes only needs to repaint itself.
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
        self._content = content
        self.refresh()

    def render(self) -> RenderableType:
        return self._content
