"""A session as a story: the log's lines grouped into days, scenes and fights.

A scene begun in solo play (SceneStarted) starts a scene headed by what the player
expected, and holds every note until it ends; outside one (and outside a fight), a scene
note starts a scene (its first words are the heading). A scene's number is the one the
model gives it (R-SCN-3), as Home and the scenes dialog say it; a translation that arrives
starts a section of arrival; a fight is a subsection of its scene, headed by its foes and
its rounds, with the turns passing folded into that heading (no "Next turn." lines). Every
other line keeps its words, and a note its line breaks. ``markdown_story`` is
``strange-tui log --format md``; the log screen shows the same parts, newest first
(``newest_first``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from msgspec.structs import replace

from strange_tui.campaign.model.events import (
    AnyEvent,
    CombatEnded,
    CombatStarted,
    NpcsAdded,
    SceneEnded,
    SceneStarted,
    SceneWritten,
    TranslationMade,
    TurnAdvanced,
)
from strange_tui.campaign.model.state import Clock
from strange_tui.campaign.model.story import Story, scene_opened
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.narrate.plain import markdown
from strange_tui.campaign.narrate.words import plural, where_in

DAY, SCENE, FIGHT = 1, 2, 3
"""The levels of the headings: a day holds scenes, a scene holds fights."""
TITLE_LENGTH = 50
"""At most this many characters of a scene note head its scene."""

Command = tuple[AnyEvent, ...]


@dataclass
class Heading:
    level: int
    text: str


@dataclass
class Note:
    """A scene note: the player's own words, prose between the lines."""

    command: Command
    text: str


@dataclass
class Line:
    """One command as one line of the log, with its time."""

    command: Command
    text: str

    @property
    def at(self) -> int:
        return self.command[0].at


Part = Heading | Note | Line


@dataclass
class _Fight:
    heading: Heading
    foes: list[str] = field(default_factory=list)

    def close(self, rounds: int | None) -> None:
        foes = ", ".join(self.foes) or "no foes"
        said = "under way" if rounds is None else plural(rounds, "round")
        self.heading.text = f"Fight: {foes} — {said}"


def scene_title(text: str) -> str:
    """A scene note's heading: its first sentence, cut short at a word if long."""
    first = text.strip().splitlines()[0].strip() if text.strip() else ""
    for stop in (". ", "! ", "? "):
        first = first.split(stop)[0]
    first = first.rstrip(".")
    if len(first) > TITLE_LENGTH:
        first = first[:TITLE_LENGTH].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return first


def story(
    commands: Sequence[Command], names: Mapping[str, str], *, days: bool | None = None
) -> list[Part]:
    """The commands (oldest first) as the story's parts, oldest first. ``days``: whether
    the days head their parts (default: when the commands cross a day). A scene's number
    is the one its event says (R-SCN-3), else counted as the model counts it."""
    if days is None:
        days = len({Clock(seconds=c[0].at).day for c in commands}) > 1
    parts: list[Part] = []
    day = None
    told = Story()  # The scenes so far, as the model keeps them: one numbering.
    fight: _Fight | None = None
    after_fight = False  # A fight ended in this scene: what follows is its aftermath.
    for command in commands:
        clock = Clock(seconds=command[0].at)
        if days and clock.day != day:
            day = clock.day
            parts.append(Heading(DAY, f"Day {day}"))
        if all(isinstance(event, SceneWritten) for event in command):
            for note in command:
                assert isinstance(note, SceneWritten)
                opened = note.opens
                if opened is None:  # Written before the notes said it.
                    opened = scene_opened(told, note=True, fighting=fight is not None)
                if opened:
                    told = replace(told, scenes=opened)
                    parts.append(_scene_heading(opened, note.text))
                    after_fight = False
                elif after_fight and fight is None:
                    parts.append(Heading(FIGHT, "After the fight"))
                    after_fight = False
                parts.append(Note(command, note.text))
            continue
        said = tuple(event for event in command if not isinstance(event, TurnAdvanced))
        if not said:
            continue  # Turns passing: the fight's heading says its rounds.
        started = next((e for e in said if isinstance(e, SceneStarted)), None)
        if started is not None:
            number = started.number or scene_opened(told, note=False, fighting=fight is not None)
            told = replace(told, scene=started.expected or "…", scenes=number)
            parts.append(_scene_heading(number, started.expected))
            if fight is not None:  # Begun in a fight: the fight goes on in it.
                parts.append(fight.heading)
            after_fight = False
        if any(isinstance(e, SceneEnded) for e in said):
            told = replace(told, scene="")
        if any(isinstance(e, TranslationMade) and e.arrived for e in said):
            arrival = next(e for e in said if isinstance(e, TranslationMade) and e.arrived)
            parts.append(Heading(SCENE, f"Arrival {where_in(arrival.destination)}"))
            after_fight = False
        if any(isinstance(event, CombatStarted) for event in said):
            if fight is not None:
                fight.close(None)
            fight = _Fight(Heading(FIGHT, ""))
            fight.close(None)
            parts.append(fight.heading)
        elif after_fight and fight is None:
            parts.append(Heading(FIGHT, "After the fight"))
            after_fight = False
        for event in said:
            if isinstance(event, NpcsAdded) and fight is not None:
                fight.foes += [n.name for n in event.npcs if n.name not in fight.foes]
                fight.close(None)
        parts.append(Line(command, command_sentence(said, names)))
        ended = next((e for e in said if isinstance(e, CombatEnded)), None)
        if ended is not None and fight is not None:
            fight.close(ended.rounds)
            fight = None
            after_fight = True
    return parts


def _scene_heading(number: int, words: str) -> Heading:
    """R-SCN-3: a scene's heading: its number, and the first words of what opened it."""
    title = scene_title(words)
    return Heading(SCENE, f"Scene {number}: {title}" if title else f"Scene {number}")


def kept(parts: Sequence[Part], wanted: Callable[[Command], bool]) -> list[Part]:
    """The parts whose command is wanted (a character's filter), and the headings that
    still head something."""
    shown = [p for p in parts if isinstance(p, Heading) or wanted(p.command)]
    result: list[Part] = []
    for n, part in enumerate(shown):
        if isinstance(part, Heading):
            under = _until_sibling(shown[n + 1 :], part.level)
            if all(isinstance(q, Heading) for q in under):
                continue  # Nothing of it is left.
        result.append(part)
    return result


def _until_sibling(parts: Sequence[Part], level: int) -> list[Part]:
    """The parts under a heading of ``level``: up to the next heading as high or higher."""
    under: list[Part] = []
    for part in parts:
        if isinstance(part, Heading) and part.level <= level:
            break
        under.append(part)
    return under


def newest_first(parts: Sequence[Part]) -> list[Part]:
    """The parts newest first, each heading still on top of its (reversed) section."""
    blocks: list[list[Part]] = []
    n = 0
    while n < len(parts):
        part = parts[n]
        if isinstance(part, Heading):
            under = _until_sibling(parts[n + 1 :], part.level)
            blocks.append([part, *newest_first(under)])
            n += 1 + len(under)
        else:
            blocks.append([part])
            n += 1
    return [part for block in reversed(blocks) for part in block]


def paragraphs(text: str) -> list[list[str]]:
    """A scene note's paragraphs (separated by blank lines), each its lines as written."""
    found: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip():
            found[-1].append(line.strip())
        elif found[-1]:
            found.append([])
    return [paragraph for paragraph in found if paragraph]


def markdown_story(title: str, commands: Sequence[Command], names: Mapping[str, str]) -> list[str]:
    """The recap in Markdown, its lines: the title, then the story's parts: headings, the
    notes as paragraphs, each command a list item with its time."""
    parts = story(commands, names)
    days = any(isinstance(p, Heading) and p.level == DAY for p in parts)
    lines = [f"# {markdown(title)} — session log"]
    for part in parts:
        if isinstance(part, Heading):
            hashes = "#" * (part.level + 1 if days else part.level)
            if lines[-1]:  # One blank line before a heading, not two after a paragraph.
                lines.append("")
            lines += [f"{hashes} {markdown(part.text)}", ""]
        elif isinstance(part, Note):
            if lines[-1]:  # A blank line either side: a paragraph, not part of a list.
                lines.append("")
            for paragraph in paragraphs(part.text):
                # A line break the player typed stays one: a backslash ends each line but
                # the last (Markdown would join them into one line).
                said = [markdown(line) for line in paragraph]
                lines += [*(line + "\\" for line in said[:-1]), said[-1], ""]
        else:
            time = Clock(seconds=part.at).label().split(", ")[1]
            lines.append(f"- {time} {markdown(part.text)}")
    while lines and not lines[-1]:
        lines.pop()
    return lines
