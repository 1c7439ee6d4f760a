"""The active key bindings at the foot of a screen, clickable, drawn as a single widget.

Textual's Footer builds a widget per key and rebuilds them on every focus change; at
start-up that cost more than the rest of Home together. This draws the same keys as
text and maps a click back to its binding.

Keys are laid out by whole keys: when they do not fit on one line the bar grows to a
second; when they do not fit on two, the last ones (the least important: bindings are
listed most important first) are left out. Help is pinned at the right end of the last
line, so it is always there; the palette's hint sits just before it while room remains.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget

from strange_tui.tui.common.bindings import remapped, screen_bindings

MAX_LINES = 2
HELP_ACTIONS = ("help", "app.help")


class Key(NamedTuple):
    """One key as the bar shows it: the key to press, and its text (' r Roll ')."""

    key: str
    text: Text
    binding: Binding = Binding("", "")

    @property
    def width(self) -> int:
        return self.text.cell_len


def lay_out(keys: list[Key], right: list[Key], width: int, max_lines: int) -> list[list[Key]]:
    """``keys`` flowed onto lines of ``width`` (whole keys, in order), then ``right`` at
    the end of the last line (or a line of its own); [] when that takes more lines."""
    lines: list[list[Key]] = [[]]
    used = 0
    for key in keys:
        if lines[-1] and used + key.width > width:
            lines.append([])
            used = 0
        lines[-1].append(key)
        used += key.width
    right_width = sum(key.width for key in right)
    if right and used + right_width > width and lines[-1]:
        lines.append([])
    return lines if len(lines) <= max_lines else []


def fit(
    keys: list[Key], help_key: Key | None, palette: Key | None, width: int, max_lines: int
) -> tuple[list[Key], list[Key]]:
    """The keys shown on the left and those pinned on the right: as many of ``keys`` as
    fit (first ones first), Help always, the palette hint if everything else fits."""
    pinned = [help_key] if help_key else []
    if palette is not None and lay_out(keys, [palette, *pinned], width, max_lines):
        return keys, [palette, *pinned]
    for count in range(len(keys), 0, -1):
        if lay_out(keys[:count], pinned, width, max_lines):
            return keys[:count], pinned
    return [], pinned


def in_declared_places(keys: list[Key], screen: Screen) -> list[Key]:
    """``keys`` with those the player's keymap moved put back where the screen declares
    them: Textual lists a remapped binding last, and the bar's order is its importance."""
    moved = {key.binding.id for key in keys if key.binding.id in remapped()}
    if not moved:
        return keys
    declared = {b.id: place for place, b in enumerate(screen_bindings(type(screen))) if b.id}
    kept = [key for key in keys if key.binding.id not in moved]
    for key in (key for key in keys if key.binding.id in moved):
        place = declared.get(key.binding.id)
        after = next(
            (n for n, k in enumerate(kept) if place is not None
             and declared.get(k.binding.id, -1) > place),
            len(kept),
        )  # fmt: skip
        kept.insert(after, key)
    return kept


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
        self._spans: list[tuple[int, int, int, str]] = []
        """(line, first column, column after, key) of each key shown."""
        self._text = Text()

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        # The keys' colours are the theme's, read as the bar is built: a new theme (one
        # the party's recursion brings, say) builds it again.
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)
        self.app.theme_changed_signal.unsubscribe(self)

    def _theme_changed(self, _theme: object) -> None:
        self._bindings_changed(self.screen)

    def keys(self, screen: Screen) -> tuple[list[Key], Key | None, Key | None]:
        """The shown keys in binding order, the Help key, and the palette's hint."""
        key_style = self.get_component_rich_style("keybar--key")
        disabled = self.get_component_rich_style("keybar--disabled")
        palette_key = self.app.COMMAND_PALETTE_BINDING
        keys: list[Key] = []
        helps: list[tuple[bool, Key]] = []
        seen: set[str] = set()
        for key, (_node, binding, enabled, _tip) in screen.active_bindings.items():
            if key == palette_key:
                continue
            is_help = binding.action in HELP_ACTIONS
            if not (binding.show or is_help) or binding.action in seen and not is_help:
                continue
            seen.add(binding.action)
            item = self.key_text(key, binding, enabled, key_style, disabled)
            if is_help:
                helps.append((not binding.show, item))  # The shown one (?) before F1.
            else:
                keys.append(item)
        keys = in_declared_places(keys, screen)
        help_key = min(helps, key=lambda pair: pair[0])[1] if helps else None
        palette = None
        if palette_key in screen.active_bindings:
            palette = Key(palette_key, Text.assemble((" ^p ", key_style), ("palette ", "")))
        return keys, help_key, palette

    def key_text(
        self, key: str, binding: Binding, enabled: bool, key_style: Style, disabled: Style
    ) -> Key:
        """' r Roll ': the key as the app shows it, then what it does (dim when disabled)."""
        shown = self.app.get_key_display(binding)
        # Two spans, no base style: a Text's own style would cover the description too,
        # and the bar drew "Roll" in the key's bold colour, the keys lost among the words.
        text = Text.assemble(
            (f" {shown} ", key_style if enabled else disabled),
            (f"{binding.description} ", "" if enabled else disabled),
        )
        return Key(key, text, binding)

    def _bindings_changed(self, screen: Screen) -> None:
        if screen is not self.screen:
            return
        # Not laid out yet (mounting): the bar spans its screen, as wide as the terminal.
        # A first guess of one line would lay the whole screen out and draw it twice when
        # the bar turns out to need two (Home's, at 80 columns).
        width = self.size.width or self.app.size.width
        keys, help_key, palette = self.keys(screen)
        if width <= 0:  # No terminal size yet: one line until the first resize.
            left, right = keys, [k for k in (palette, help_key) if k]
            lines = [left]
        else:
            left, right = fit(keys, help_key, palette, width, MAX_LINES)
            lines = lay_out(left, right, width, MAX_LINES) or [left]
        text, spans = Text(no_wrap=True, overflow="ellipsis"), []
        for number, line in enumerate(lines):
            if number:
                text.append("\n")
            column = 0
            shown = list(line)
            if number == len(lines) - 1 and right:
                used = sum(key.width for key in line)
                gap = max(1 if line else 0, width - used - sum(key.width for key in right))
                shown += [Key("", Text(" " * gap)), *right]
            for key in shown:
                if key.key:
                    spans.append((number, column, column + key.width, key.key))
                text.append_text(key.text)
                column += key.width
        if self.styles.height is None or self.styles.height.value != len(lines):
            self.styles.height = len(lines)
        elif spans == self._spans and text == self._text:
            return  # Focus moved, or a same-size resize: the same keys, nothing to redraw.
        self._spans, self._text = spans, text
        self.refresh()

    def on_resize(self) -> None:
        self._bindings_changed(self.screen)

    def render(self) -> Text:
        return self._text

    def shown_keys(self) -> list[str]:
        """The keys on the bar, in the order drawn (for tests and help)."""
        return [key for _line, _start, _end, key in self._spans]

    def on_click(self, event: events.Click) -> None:
        """A click on a key acts as if the key were pressed."""
        for line, start, end, key in self._spans:
            if line == event.y and start <= event.x < end:
                self.app.simulate_key(key)
                return
