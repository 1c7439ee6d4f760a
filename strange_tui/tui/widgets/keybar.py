"""A one-line footer of the active key bindings, clickable, drawn as a single widget.

Textual's Footer builds a widget per key and rebuilds them on every focus change; at
start-up that cost more than the rest of Home together. This draws the same keys as
one line of text and maps a click back to its binding.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget


class KeyBar(Widget):
    """The keys of the current screen (and the app's), like Textual's Footer."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-foreground;
    }
    KeyBar > .keybar--key { color: $footer-key-foreground; text-style: bold; }
    KeyBar > .keybar--disabled { color: $text-disabled; }
    """
    COMPONENT_CLASSES = {"keybar--key", "keybar--disabled"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int, str]] = []
        self._text = Text()

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen) -> None:
        if screen is not self.screen:
            return
        key_style = self.get_component_rich_style("keybar--key")
        disabled = self.get_component_rich_style("keybar--disabled")
        text, spans, seen = Text(no_wrap=True, overflow="ellipsis"), [], set()
        palette = self.app.COMMAND_PALETTE_BINDING
        for key, (_node, binding, enabled, _tip) in screen.active_bindings.items():
            if not binding.show or binding.action in seen or key == palette:
                continue
            seen.add(binding.action)
            start = len(text)
            text.append(
                f" {self.app.get_key_display(binding)} ", style=key_style if enabled else disabled
            )
            text.append(f"{binding.description} ", style="" if enabled else disabled)
            spans.append((start, len(text), key))
        if palette in screen.active_bindings:
            hint = Text.assemble((" ^p ", key_style), ("palette ", ""))
            gap = max(1, self.size.width - len(text) - len(hint))
            text.append(" " * gap)
            spans.append((len(text), len(text) + len(hint), palette))
            text.append_text(hint)
        self._spans, self._text = spans, text
        self.refresh()

    def on_resize(self) -> None:
        self._bindings_changed(self.screen)

    def render(self) -> Text:
        return self._text

    def on_click(self, event: events.Click) -> None:
        """A click on a key acts as if the key were pressed."""
        for start, end, key in self._spans:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return
