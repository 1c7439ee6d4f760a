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
        self._content = content
        height = self.styles.height
        self.refresh(layout=height is not None and height.is_auto)

    def render(self) -> RenderableType:
        return self._content
