"""R-ORC-4: the app's intrusions in solo play. After a command in which a PC rolled, the app
does what a GM would: on a natural 1 it says what the free intrusion is (no XP changes
hands: the 1 is the intrusion); on any other face it rolls a separate d20 against the
chance the player set, and on a hit proposes an intrusion the player accepts (2 XP, one to
give away) or refuses (1 XP) as at a table (R-XP-1).

The proposal is drawn from the packs (``draw_intrusion``: a kind, then an example of it for
the party's recursion that fits the roll's stat and kind of task) and travels to the player
as the GM's would: a question at the PC's seat (PromptRaised), answered with GmIntrusion.
Everything lands in the roll's own step: one journal entry, one undo. ``intrusion_shown``
says it in the dialog that rolled.

An attack that brought down the last foe standing draws from the kinds that still make
sense once the fight is won (``AFTER_THE_FIGHT``): no opponent is left to be lucky or
skilled, and a blow that ended the fight cannot have fumbled or only grazed ("your blow
lands, but only grazes" was proposed after the last NPC fell).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from strange_tui.campaign.commands.solo.draw import draw_intrusion, pick
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.events import (
    AnyEvent,
    Drawn,
    PromptRaised,
    RollMade,
    TranslationMade,
)
from strange_tui.campaign.model.prompts import open_prompt
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.terms import Stat
from strange_tui.content.model import IntrusionIdea
from strange_tui.content.solo_fit import fitting, task_of
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.oracle import D20, intrusion_chance, intrusion_proposed

TABLE = "intrusion"
"""The table the log names for the app's intrusions (Drawn.table)."""


DEFENSE_LABEL = "Defend against"
"""How a defense roll's label starts (``commands.combat.defense``)."""

AFTER_THE_FIGHT: tuple[str, ...] = ("bad luck", "a complication", "increased difficulty")
"""R-ORC-4: the kinds of intrusion drawn (a d3) for an attack that brought down the last
foe: not an opponent's luck or skill (none stands), nor a fumble or a partial success (the
blow landed, and ended the fight)."""
FIGHT_TASKS = frozenset({"attack", "defense"})
"""Examples tagged for these are about a foe still fighting: not drawn after the fight."""


class RollSeen(NamedTuple):
    """A roll a PC made, as the app's intrusion reads it: who, the natural d20 that stands,
    the stat it used ("might") and its kind of task ("movement"; None: the words say none)."""

    character: str
    die: int
    stat: str
    task: str | None


def rolls_of(events: Sequence[AnyEvent], content: Library) -> Iterator[RollSeen]:
    """Each roll a PC made in ``events``. An automatic success rolls no die, and so brings
    no intrusion; a translation's die is the initiator's (the paradox's reroll, when made,
    is the one that stands), an Intellect task of its own kind. A roll's kind of task: an
    attack's, a defense's, or what its label's words tell (the packs' ``task_words``)."""
    for event in events:
        if isinstance(event, RollMade) and event.die is not None:
            yield RollSeen(event.character, event.die, event.stat.value, task_kind(event, content))
        elif isinstance(event, TranslationMade) and (event.reroll or event.die):
            die = event.reroll or event.die
            assert die is not None
            yield RollSeen(event.initiator, die, Stat.INTELLECT.value, "translation")


def task_kind(roll: RollMade, content: Library) -> str | None:
    """The kind of task ``roll`` was: an attack, a defense, or the kind its words say."""
    if roll.attack:
        return "attack"
    if roll.label.startswith(DEFENSE_LABEL):
        return "defense"
    return task_of(content.kind("task_words").values(), roll.label)


def felled_the_last_foe(state: Campaign, events: Sequence[AnyEvent]) -> bool:
    """Whether an attack in ``events`` brought its target down (``state``: after them) and
    no NPC of the fight still stands (an object to break is no foe)."""
    encounter = state.encounter
    if encounter is None:
        return False
    felled = any(
        isinstance(e, RollMade) and e.attack and e.target is not None
        and (target := encounter.combatants.get(e.target)) is not None
        and target.defeated and not target.inanimate
        for e in events
    )  # fmt: skip
    return felled and all(npc.defeated or npc.inanimate for npc in encounter.npcs())


def draw_after_the_fight(
    content: Library, recursion: str, dice: DiceSource, stat: str
) -> tuple[str, IntrusionIdea | None, tuple[int, ...]]:
    """R-ORC-4 once the last foe fell: a kind of ``AFTER_THE_FIGHT`` (a d3), then one of its
    examples for the party's recursion that is not about a foe still fighting, fitting the
    roll's ``stat`` as ``draw_intrusion``'s do. The idea is None when the packs hold none."""
    kind_die = dice.roll(len(AFTER_THE_FIGHT))
    kind = AFTER_THE_FIGHT[kind_die - 1]
    of_kind = [
        idea for idea in content.kind("intrusions").values()
        if idea.kind == kind and not FIGHT_TASKS & set(idea.tasks)
    ]  # fmt: skip
    ideas = fitting(of_kind, stat=stat, recursion=recursion.casefold())
    if not ideas:
        return kind, None, (kind_die,)
    index, rolled = pick(dice, len(ideas))
    return kind, ideas[index], (kind_die, *rolled)


def idea_words(kind: str, idea: IntrusionIdea | None) -> str:
    """'Bad luck: The rope frays': the kind of intrusion and its example (the kind alone
    when the packs have none), as the log and the player's question say it; the log's
    sentence puts the stop."""
    said = kind[:1].upper() + kind[1:]
    if idea is None:
        return said
    return f"{said}: {' '.join(idea.text.split()).rstrip('.')}"


def app_intrusions(
    state: Campaign, events: Sequence[AnyEvent], dice: DiceSource, content: Library
) -> list[AnyEvent]:
    """R-ORC-4: what the app adds to a command's ``events`` (``state``: the campaign once
    they are applied) in a solo campaign; nothing in a GM's. Per roll: a natural 1 draws
    the free intrusion (Drawn, its dice); another face rolls the check d20 (none when the
    player turned the app's intrusions off) and, when it proposes one, draws it (Drawn,
    the check die first) and asks the PC's seat (PromptRaised). A PC already asked about
    an intrusion is not asked again until they answer. An attack that felled the last foe
    draws from ``AFTER_THE_FIGHT``."""
    settings = state.settings
    if not settings.solo:
        return []
    added: list[AnyEvent] = []
    asked: set[str] = set()
    won = felled_the_last_foe(state, events)

    def draw(stat: str, task: str | None) -> tuple[str, IntrusionIdea | None, tuple[int, ...]]:
        if won and task == "attack":
            return draw_after_the_fight(content, state.recursion, dice, stat)
        return draw_intrusion(content, state.recursion, dice, stat, task)

    for character, die, stat, task in rolls_of(events, content):
        if character not in state.characters:
            continue
        if die == 1:
            kind, idea, drawn = draw(stat, task)
            added.append(_drawn(character, kind, idea, drawn))
            continue
        if not intrusion_chance(settings.solo_intrusions):
            continue
        check = dice.roll(D20)
        if not intrusion_proposed(settings.solo_intrusions, check):
            continue
        if character in asked or open_prompt(state.prompts, "intrusion", character):
            continue  # One question at a time: the table waits for the answer.
        kind, idea, drawn = draw(stat, task)
        added.append(_drawn(character, kind, idea, (check, *drawn)))
        what = idea_words(kind, idea)
        added.append(PromptRaised(prompt="intrusion", character=character, what=what))
        asked.add(character)
    return added


def _drawn(character: str, kind: str, idea: IntrusionIdea | None, dice: Sequence[int]) -> Drawn:
    return Drawn(table=TABLE, result=idea_words(kind, idea), dice=tuple(dice), character=character)


FREE = "Free intrusion (no XP)"
PROPOSED = "The app proposes an intrusion"
ANSWERED = "asked when this dialog closes: accept (+2 XP) or refuse (−1 XP)"
"""How the dialog that rolled says the app's intrusion: a natural 1's, or a proposal (its
question opens on the campaign screen once the dialog closes: ``tui.table.desk``)."""


def intrusion_shown(events: Sequence[AnyEvent]) -> str | None:
    """R-ORC-4: the app's intrusions drawn in a step's ``events`` (what ``run_command``
    returned), as the dialog that rolled shows them under the die, one line each:
    'Free intrusion (no XP): A fumble — The lever snaps off in your hand.', or for a
    proposal 'The app proposes an intrusion: … — asked when this dialog closes: accept
    (+2 XP) or refuse (−1 XP).' None: the step drew none (a GM's campaign, a quiet die)."""
    lines = []
    for index, event in enumerate(events):
        if not isinstance(event, Drawn) or event.table != TABLE:
            continue
        kind, _, idea = event.result.partition(": ")
        said = f"{kind} — {idea}" if idea else kind
        asked = any(
            isinstance(later, PromptRaised)
            and later.prompt == "intrusion"
            and later.character == event.character
            for later in events[index + 1 :]
        )
        lines.append(f"{PROPOSED}: {said} — {ANSWERED}." if asked else f"{FREE}: {said}.")
    return "\n".join(lines) or None


class AppIntrusions:
    """The solo policy ``decide`` takes (``commands.base.SoloPolicy``): the app's intrusions
    after a roll, drawn from ``content`` (the campaign's packs)."""

    def __init__(self, content: Library) -> None:
        self.content = content
        """The packs the intrusions' examples are drawn from."""

    def after(
        self, state: Campaign, events: Sequence[AnyEvent], dice: DiceSource, before: Campaign
    ) -> Sequence[AnyEvent]:
        from strange_tui.campaign.commands.solo.tension import tension_moves

        # R-TEN-4: what the step did to tension follows it (the intrusions touch none).
        intrusions = app_intrusions(state, events, dice, self.content)
        return [*intrusions, *tension_moves(before, state, events)]
