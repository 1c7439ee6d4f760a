"""The log's lines: each part of the story as an option of the log's list, a timed line
laid out once for its width (the list measures a line's height by drawing it, then draws
it again to show it), and a window's parts as built, with the options made of them, kept
while the log goes back and forth between windows (log.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual.widgets.option_list import Option

from strange_tui.campaign.model.events import AnyEvent, SceneWritten
from strange_tui.campaign.model.state import Clock
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.narrate.story import FIGHT, Heading, Line, Part

TIME_WIDTH = 15
"""The time column ('Day 6, 09:21'), padded: the sentences start in one column."""


class TimedLine:
    """A log line: its time, then its sentence, which wraps under itself (not under the
    time, where a wrapped line read as a new entry). ``str`` is the line as plain text."""

    def __init__(self, at: int, sentence: str | Text) -> None:
        self.when = Clock(seconds=at).label()
        self.sentence = sentence
        self._drawn: tuple[tuple, list[Segment]] | None = None
        """The segments last drawn, and for which console and options."""

    def __str__(self) -> str:
        text = self.sentence.plain if isinstance(self.sentence, Text) else self.sentence
        return f"{self.when:<{TIME_WIDTH}}{text}"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # Drawn once for the options asked: measuring it and showing it ask the same.
        asked = (
            id(console),
            options.max_width,
            options.min_width,
            options.max_height,
            options.height,
            options.justify,
            options.overflow,
            options.no_wrap,
            options.highlight,
            options.markup,
        )
        if self._drawn is None or self._drawn[0] != asked:
            self._drawn = asked, list(console.render(self.grid(), options))
        yield from self._drawn[1]

    def grid(self) -> Table:
        grid = Table.grid()
        grid.add_column(width=TIME_WIDTH, style="dim", no_wrap=True)
        grid.add_column(ratio=1)
        # A str would be read as markup: a name typed with [brackets] must show as typed.
        sentence = self.sentence if isinstance(self.sentence, Text) else Text(self.sentence)
        grid.add_row(Text(self.when), sentence)
        return grid


@dataclass
class Built:
    """A window's parts as built: newest first, their entries, the names they use, the
    list's title, and the options made of them so far (by index)."""

    parts: list[Part]
    keys: list[tuple[int, int] | None]
    names: dict[str, str]
    title: str
    options: dict[int, Option] = field(default_factory=dict)

    def option(self, index: int) -> Option:
        """Part ``index`` as an option, made once: shown again, its lines are drawn."""
        option = self.options.get(index)
        if option is None:
            option = self.options[index] = part_option(self.parts[index], self.names)
        return option


def part_keys(parts: list[Part]) -> list[tuple[int, int] | None]:
    """Each part's entry: (its command's first event, which of its notes), None for a
    heading."""
    keys: list[tuple[int, int] | None] = []
    for n, part in enumerate(parts):
        if isinstance(part, Heading):
            keys.append(None)
            continue
        seq = part.command[0].seq
        before = keys[n - 1] if n else None
        keys.append((seq, before[1] + 1) if before is not None and before[0] == seq else (seq, 0))
    return keys


def part_option(part: Part, names: dict[str, str]) -> Option:
    """A part of the story as the log lists it: a heading stands out and cannot be
    highlighted; a note or a command as ``log_line`` says it."""
    if isinstance(part, Heading):
        mark = "▸ " if part.level == FIGHT else "■ "
        return Option(Text.assemble((mark + part.text, "bold")), disabled=True)
    if isinstance(part, Line):
        return Option(TimedLine(part.at, part.text))
    return Option(log_line(part.command, names))


def log_line(command: tuple[AnyEvent, ...], names: dict[str, str]) -> Text | TimedLine:
    """One command as the log shows it: its time and its sentence; a scene note as a
    paragraph of the story (the player's words, set apart, no time: it is prose)."""
    if all(isinstance(event, SceneWritten) for event in command):
        note = "\n\n".join(e.text for e in command if isinstance(e, SceneWritten))
        return Text.assemble("\n", (note, "italic"), "\n")
    return TimedLine(command[0].at, command_sentence(command, names))
