"""Draws from the packs' tables (solo play, or a GM short of an idea): a creature or NPC of
a level or a range of levels, a cypher with its level rolled from its formula, a
complication or a scene prompt of the party's recursion, a meaning pair or a random event
(R-EVT-1). One command, one ``Drawn`` event that keeps every die rolled for it; the player
may choose the line instead (``choose``: no die, but a cypher's level); and the app's
intrusion ideas (``draw_intrusion``).

Over 300 lines: every table the player draws from is read here, in one place, so the
preview, the draw, a line chosen and a die rolled again (``redraw.py``) agree.

The dice are the table's own: a die of as many faces as there are entries to choose from.
A table longer than the largest die a campaign keeps (a d100) is read like percentile
dice: a die for the hundreds and a d100, rolled again when they point past its end, so
every entry stays equally likely."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.commands.character.cyphers import level_of
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.events import AnyEvent, Drawn
from strange_tui.campaign.model.state import Campaign
from strange_tui.content.model import IntrusionIdea
from strange_tui.content.solo_fit import fitting
from strange_tui.rules.dice import DiceSource, PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.oracle import INTRUSION_KINDS

TABLES: tuple[str, ...] = ("creature", "cypher", "complication", "scene", "meaning", "event")
"""The tables a player draws from."""

TABLE_WORDS = {
    "creature": ("creature or NPC", "creatures and NPCs"),
    "cypher": ("cypher", "cyphers"),
    "complication": ("complication", "complications"),
    "scene": ("scene prompt", "scene prompts"),
    "meaning": ("meaning", "meanings"),
    "event": ("random event", "random events"),
}
"""Each table's entries in words: one, many."""

KIND_OF = {"creature": "creatures", "cypher": "cyphers", "complication": "complications",
           "scene": "scenes", "meaning": "meanings", "event": "event_foci"}  # fmt: skip
"""The content kind each table reads."""

LEVEL_DIE = {"cypher": ", then its level's die"}
"""What a table rolls after the entry's die."""

LEVELLED = ("creature",)
"""The tables drawn by level."""

STORY_TABLES = ("meaning", "event")
"""R-EVT-1: the tables read as a whole, several dice together: never a line chosen."""

LOWEST_LEVEL, HIGHEST_LEVEL = 0, 10
BIGGEST_DIE = 100
"""The most faces of a die a campaign keeps (``Drawn.dice``)."""


class DrawPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What a draw chooses among, before the dice: how many entries, of which levels or
    recursion, and the dice that choose."""

    table: str
    eligible: int
    what: str
    """The entries in words: '37 creatures and NPCs of level 3', '18 complications (12 for
    any recursion, 6 of Ruk)'."""
    dice: str
    """How they are chosen: 'a d37', 'a d4 for the hundreds and a d100 (again if past
    335), then its level's die', 'no die: there is only one'."""
    levels: tuple[int, int] | None = None
    recursion: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    """(id, name) of each line the player may choose instead of rolling, in the die's
    order (none for a meaning or a random event)."""


def fits(entry: Any, recursion: str) -> bool:
    """An entry of a solo table fits any recursion ("") or the party's own."""
    return entry.recursion.casefold() in ("", recursion.casefold())


def pick(dice: DiceSource, count: int) -> tuple[int, tuple[int, ...]]:
    """An index into ``count`` entries, each as likely, and the dice rolled for it: none for
    a single entry, a d``count`` up to a d100, beyond it a die for the hundreds and a d100
    (rolled again while they point past the end)."""
    if count < 1:
        raise RuleViolation("Nothing to draw from.")
    if count == 1:
        return 0, ()
    if count <= BIGGEST_DIE:
        die = dice.roll(count)
        return die - 1, (die,)
    hundreds = -(-count // BIGGEST_DIE)
    rolled: list[int] = []
    while True:
        high, low = dice.roll(hundreds), dice.roll(BIGGEST_DIE)
        rolled += (high, low)
        number = (high - 1) * BIGGEST_DIE + low
        if number <= count:
            return number - 1, tuple(rolled)


def choice_name(entry: Any) -> str:
    """A line as the list of choices names it: 'Wolf (level 3)', 'Rain'."""
    level = getattr(entry, "level", None)
    return f"{entry.name} (level {level})" if isinstance(level, int) else entry.name


def counted(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def dice_words(count: int) -> str:
    """How ``pick`` chooses among ``count`` entries, in words."""
    if count == 1:
        return "no die: there is only one"
    if count <= BIGGEST_DIE:
        return f"a d{count}"
    hundreds = -(-count // BIGGEST_DIE)
    return f"a d{hundreds} for the hundreds and a d100 (again if past {count})"


class Draw(Command, frozen=True, kw_only=True):
    """A random entry of one of the packs' tables: a creature or NPC (of a level, or of
    ``levels`` low to high), a cypher (its level rolled from its formula), a complication
    or a scene prompt (those of the party's recursion and those for any), a meaning pair or
    a random event (R-EVT-1). ``content`` is the campaign's packs; ``typed`` the player's
    own dice, in the order the draw rolls them (empty: the app rolls); ``choose`` the id
    of the line the player picks instead, among those the die would choose from (no die,
    but a cypher's level). The GM's, or any seat's in solo play (``STORY_TOOL``)."""

    STORY_TOOL: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "draw from the tables"

    table: str
    levels: tuple[int, int] | None = None
    content: Library | None = None
    typed: tuple[int, ...] = ()
    choose: str = ""

    def library(self) -> Library:
        if self.table not in TABLES:
            raise RuleViolation(f"Draw from one of: {', '.join(TABLES)}.")
        if self.content is None:
            raise RuleViolation("No content packs to draw from.")
        if self.levels is not None and self.table not in LEVELLED:
            raise RuleViolation("Only a creature or NPC is drawn by level.")
        return self.content

    def entries(self, state: Campaign) -> list[Any]:
        """What the draw chooses among, in the order its die counts them (RuleViolation
        when the table is unknown or nothing fits); for a random event, its foci."""
        found = list(self.library().kind(KIND_OF[self.table]).values())
        if self.table in LEVELLED:
            low, high = self.level_range()
            found = sorted(
                (e for e in found if low <= e.level <= high), key=lambda e: (e.level, e.name)
            )
        elif self.table in ("complication", "scene"):
            found = [e for e in found if fits(e, state.recursion)]
        if not found:
            raise RuleViolation(
                f"No {TABLE_WORDS[self.table][0]} {self.where(state)} in the packs."
            )
        return found

    def level_range(self) -> tuple[int, int]:
        """The levels a creature is drawn from (all of them when none are given)."""
        low, high = self.levels if self.levels is not None else (LOWEST_LEVEL, HIGHEST_LEVEL)
        if not LOWEST_LEVEL <= low <= high <= HIGHEST_LEVEL:
            raise RuleViolation(
                f"Levels run from {LOWEST_LEVEL} to {HIGHEST_LEVEL}, the lower one first."
            )
        return low, high

    def where(self, state: Campaign) -> str:
        """Which entries the draw is limited to, in words ('of level 3', 'for Ruk...')."""
        if self.table in LEVELLED:
            low, high = self.level_range()
            if self.levels is None:
                return "of any level"
            return f"of level {low}" if low == high else f"of levels {low} to {high}"
        if self.table in ("complication", "scene"):
            return f"for {state.recursion.title()} or any recursion"
        return "at all"

    def preview(self, state: Campaign) -> DrawPreview:
        if self.table in STORY_TABLES:
            return self.story_preview(state)
        found = self.entries(state)
        many = TABLE_WORDS[self.table][0 if len(found) == 1 else 1]
        what = f"{len(found)} {many}"
        if self.table in LEVELLED and self.levels is not None:
            what += f" {self.where(state)}"
        if self.table in ("complication", "scene"):
            own = sum(1 for e in found if e.recursion)
            what += f" ({len(found) - own} for any recursion, {own} of {state.recursion.title()})"
        return DrawPreview(
            table=self.table,
            eligible=len(found),
            what=what,
            dice=dice_words(len(found)) + LEVEL_DIE.get(self.table, ""),
            levels=self.level_range() if self.table in LEVELLED else None,
            recursion=state.recursion if self.table in ("complication", "scene") else "",
            choices=tuple((e.id, choice_name(e)) for e in found),
        )

    def story_preview(self, state: Campaign) -> DrawPreview:
        """R-EVT-1: a meaning is an action and a subject, a die over each; a random event a
        focus, perhaps who or what it names, then a meaning."""
        # Imported here: the random events stand on this module's ``pick``.
        from strange_tui.campaign.commands.solo.events import meaning_words

        library = self.library()
        actions, subjects = (len(meaning_words(library, half)) for half in ("action", "subject"))
        meaning = f"{actions} actions and {subjects} subjects"
        dice = f"{dice_words(actions)} for the action, {dice_words(subjects)} for the subject"
        if self.table == "meaning":
            what, count = meaning, actions * subjects
        else:
            count = len(self.entries(state))
            what = f"{counted(count, 'event focus', 'event foci')}, then a meaning ({meaning})"
            dice = (
                f"{dice_words(count)} for the focus; a die over the threads, the people or"
                f" the PCs when it names them; {dice}"
            )
        return DrawPreview(table=self.table, eligible=count, what=what, dice=dice)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        source = Noted(PlayerDice(self.typed) if self.typed else dice)
        events = self.events(state, source)
        if self.typed and len(source.rolled) < len(self.typed):
            rolls = counted(len(source.rolled), "die", "dice") if source.rolled else "no die"
            raise RuleViolation(f"This draw rolls {rolls}; you typed {len(self.typed)}.")
        return events

    def events(self, state: Campaign, dice: DiceSource) -> list[AnyEvent]:
        if self.table in STORY_TABLES:
            return [self.story_event(state, dice)]
        found = self.entries(state)
        if self.choose:
            entry, rolled = self.chosen(found), ()
        else:
            index, rolled = pick(dice, len(found))
            entry = found[index]
        chosen = bool(self.choose)
        if self.table == "creature":
            # The log names a person an NPC; the table is the same.
            table = "npc" if entry.kind == "npc" else "creature"
            return [Drawn(table=table, result=entry.name, level=entry.level, dice=rolled,
                          chosen=chosen)]  # fmt: skip
        if self.table == "cypher":
            level, level_dice = cypher_level(entry.level, dice)
            return [Drawn(table="cypher", result=entry.name, level=level,
                          dice=(*rolled, *level_dice), chosen=chosen)]  # fmt: skip
        return [Drawn(table=self.table, result=line_of(entry), dice=rolled, chosen=chosen)]

    def story_event(self, state: Campaign, dice: DiceSource) -> Drawn:
        """R-EVT-1: a meaning pair, or a random event on ``state``."""
        from strange_tui.campaign.commands.solo.events import draw_meaning, draw_random_event

        if self.choose:
            raise RuleViolation(
                f"A {TABLE_WORDS[self.table][0]} is drawn whole, never chosen: write your own"
                " in the journal instead."
            )
        if self.table == "event":
            return draw_random_event(state, self.library(), dice)
        meaning, rolled = draw_meaning(self.library(), dice)
        return Drawn(table="meaning", result=meaning, dice=rolled)

    def chosen(self, found: list[Any]) -> Any:
        """The line the player chose, among those the die would have chosen from."""
        for entry in found:
            if entry.id == self.choose:
                return entry
        many = TABLE_WORDS[self.table][1]
        raise RuleViolation(f"{self.choose!r} is not among the {many} this draw chooses from.")

    def drawn_entry(self, state: Campaign, event: Drawn) -> Any:
        """The pack's entry that ``event`` drew on ``state`` (the state it was decided on):
        its dice read again, so the screens and the shell can show all of it (None for a
        meaning or a random event: its words are all of it)."""
        if self.table in STORY_TABLES:
            return None
        found = self.entries(state)
        if event.chosen:
            return self.chosen(found)
        return found[pick(PlayerDice(event.dice), len(found))[0]]


class Noted:
    """Dice that note each value they give (the level a formula rolls, for the record)."""

    def __init__(self, dice: DiceSource) -> None:
        self.dice = dice
        self.rolled: list[int] = []

    def roll(self, sides: int) -> int:
        self.rolled.append(self.dice.roll(sides))
        return self.rolled[-1]


def cypher_level(formula: str, dice: DiceSource) -> tuple[int, tuple[int, ...]]:
    """A drawn cypher's level from its formula ('1d6+2'), and the die rolled for it. Levels
    run 1 to 10; a user pack's formula that could go past it is held to 10."""
    noted = Noted(dice)
    level = level_of(formula, noted)
    return max(1, min(level, HIGHEST_LEVEL)), tuple(noted.rolled)


def line_of(entry: Any) -> str:
    """A complication or scene prompt as the log gives it: its title, then what it says."""
    return f"{entry.name} — {entry.text.strip().rstrip('.')}"


def draw_intrusion(
    content: Library,
    recursion: str,
    dice: DiceSource,
    stat: str | None = None,
    task: str | None = None,
) -> tuple[str, IntrusionIdea | None, tuple[int, ...]]:
    """R-ORC-4: the kind of intrusion the app proposes (a d6 over the six kinds) and an
    example of it from the packs' ``intrusions``: a die over that kind's ideas for the
    party's ``recursion`` (and for any) that fit the task best, its ``stat`` ("might") and
    its kind of ``task`` ("movement"), as ``content.solo_fit.fitting`` reads their tags (a
    Might push on a hatch draws a physical mishap, not a scrambled download). When no idea
    of the kind fits both, those that fit the stat are drawn from, else those that fit the
    task, else any. The dice are rolled in order. The idea is None when the packs hold none
    of that kind (a user pack replaced the table): the kind alone is the proposal then."""
    kind_die = dice.roll(len(INTRUSION_KINDS))
    kind = INTRUSION_KINDS[kind_die - 1]
    of_kind = [idea for idea in content.kind("intrusions").values() if idea.kind == kind]
    here = recursion.casefold()
    anything = fitting(of_kind, recursion=here)
    for wanted_stat, wanted_task in ((stat, task), (stat, None), (None, task)):
        ideas = fitting(of_kind, stat=wanted_stat, task=wanted_task, recursion=here)
        if ideas != anything:
            break  # Some fit, others not: the ones that fit. (All alike: any will do.)
    if not ideas:
        return kind, None, (kind_die,)
    index, rolled = pick(dice, len(ideas))
    return kind, ideas[index], (kind_die, *rolled)
