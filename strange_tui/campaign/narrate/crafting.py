"""Crafting as the log says it (R-CRAFT-1): a crafting command reads as one line, the task,
its die and the time passing together: 'Mara Quist crafts a radio (level 6, Intellect
18+): rolled 19, success; a month passes.'"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from strange_tui.campaign.model.events import AnyEvent, ClockAdvanced, CraftingAttempted, RollMade
from strange_tui.campaign.model.folds.rolls import task_of
from strange_tui.campaign.narrate.words import APP_DIE, Who
from strange_tui.rules.crafting import crafting_time, time_words
from strange_tui.rules.task import final_difficulty, target_number


def crafting_sentence(event: CraftingAttempted, who: Who) -> str:
    """A crafting try on its own (outside its command's line) as a sentence."""
    outcome = "success" if event.success else "failure"
    return f"{who(event.character)} crafts {article(event.item)}: {outcome}."


def article(item: str) -> str:
    """'a radio' (from 'Radio'), 'an axe', 'lock picks', 'the Tsar's crown', 'a GPS unit':
    the item as a sentence reads it; the sheet keeps it as typed."""
    words = item.split(maxsplit=1)
    first = words[0] if words else ""
    if first.lower() in ("a", "an", "the", "some") or first.endswith("'s"):
        return item
    if len(first) > 1 and first[0].isupper() and first[1:].islower():
        item = item[0].lower() + item[1:]
    if item.endswith("s") and not item.endswith("ss"):
        return item  # A plural ('lock picks').
    return f"{'an' if item[:1].lower() in 'aeiou' else 'a'} {item}"


def craft_line(
    events: Sequence[AnyEvent],
    names: Mapping[str, str],
    sentence: Callable[[AnyEvent, Mapping[str, str]], str],
) -> str | None:
    """R-CRAFT-1: a crafting command as one line (None: ``events`` are no crafting). The
    events the line does not say (the hours in armor paid for) follow as ``sentence``
    says them."""
    attempt = next((e for e in events if isinstance(e, CraftingAttempted)), None)
    roll = next((e for e in events if isinstance(e, RollMade)), None)
    if attempt is None or roll is None:
        return None
    who = names.get(attempt.character) or attempt.character
    final = final_difficulty(task_of(roll))
    if roll.die is None:
        task, result = "automatic", "success"
    else:
        task = f"Intellect {target_number(final)}+"
        result = f"rolled {roll.die + roll.bonus}{APP_DIE if roll.app_rolled else ''}, "
        result += "success" if roll.success else "failure"
        if roll.die == 1:
            result += ", GM intrusion"
    cost = f", cost {roll.cost} {roll.stat.value.title()}" if roll.cost else ""
    line = (
        f"{who} crafts {article(attempt.item)} (level {attempt.level}, {task}):"
        f" {result}{cost}; {_time_passing(attempt)}"
    )
    if attempt.training == "materials":
        line += "; training spared the level 1 materials"
    said = [line + "."]
    for event in events:
        if isinstance(event, ClockAdvanced) and event.new_day:
            said.append("A new day: the recovery rolls start again.")
        elif not isinstance(event, RollMade | CraftingAttempted | ClockAdvanced):
            said.append(sentence(event, names))
    return " ".join(said)


def _time_passing(attempt: CraftingAttempted) -> str:
    """'a month passes', 'two days pass', 'it takes many years: the clock stays'."""
    time = crafting_time(attempt.level, shortened=attempt.training == "time")
    shortened = " (training shortened it)" if attempt.training == "time" else ""
    if not attempt.seconds:
        return f"it takes many years: the clock stays{shortened}"
    words = time_words(time, attempt.seconds)
    one = words.split()[0] in ("a", "an", "one")
    return f"{words} pass{'es' if one else ''}{shortened}"
