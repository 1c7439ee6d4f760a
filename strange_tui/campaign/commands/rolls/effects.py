"""The effects on a character that move their rolls (R-TR-6..8): each effect's steps on a
task, and a focus ability refused while acclimating. Any command that rolls a task for a
character applies these (``commands.rolls.Roll`` does)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import msgspec

from strange_tui.campaign.model.abilities import moment
from strange_tui.campaign.model.ability_tasks import brought
from strange_tui.campaign.model.folds.translation import recursion_of
from strange_tui.campaign.model.state import Campaign, Clock, PartyEffect
from strange_tui.content.effects import Ease, Hinder
from strange_tui.rules.pools import Stat


class EffectStep(msgspec.Struct, frozen=True, kw_only=True):
    """One effect on the character that moves this roll (R-TR-6, R-TR-7), as the
    preview lists it: 'Slowed reactions +1 (until 14:20)'."""

    cause: str
    steps: int
    """+ hinders, - eases."""
    until: int
    """The in-game second it ends (0: for the stay in the recursion)."""
    when: str
    """'until 14:20', 'for the stay'."""
    text: str


def effects_on(state: Campaign, character_id: str) -> tuple[PartyEffect, ...]:
    """The effects on ``character_id`` now: begun, not over (an effect 'for the stay' while
    they are in its recursion), and theirs (or the whole party's)."""
    now = state.clock.seconds
    where = recursion_of(state, character_id)
    return tuple(
        e
        for e in state.effects
        if (not e.characters or character_id in e.characters)
        and e.starts <= now
        and (e.until > now if e.until else e.recursion == where)
    )


def until_words(state: Campaign, until: int) -> str:
    """'until 14:20' (today), 'until Day 2, 09:00', or 'for the stay' (0)."""
    if not until:
        return "for the stay"
    label = Clock(seconds=until).label()
    today = f"Day {state.clock.day}, "
    return f"until {label.removeprefix(today)}"


def effect_steps(
    state: Campaign,
    character_id: str,
    stat: Stat,
    *,
    focus_task: bool = False,
    perception: bool = False,
) -> tuple[EffectStep, ...]:
    """R-TR-6, R-TR-7: each effect now on ``character_id`` that moves a ``stat`` task (one
    tied to their focus, a perception task, when so marked), with its steps (+ hinders,
    - eases). Any command that rolls a task for a character applies these."""
    marked = {"all", stat.value}
    if focus_task:
        marked.add("focus")
    if perception:
        marked.add("perception")
    return tuple(
        EffectStep(
            cause=e.cause or e.label,
            steps=e.steps,
            until=e.until,
            when=until_words(state, e.until),
            text=f"{e.cause or e.label} {e.steps:+d} ({until_words(state, e.until)})",
        )
        for e in effects_on(state, character_id)
        if e.steps and e.tasks in marked
    )


def split_steps(steps: Sequence[EffectStep]) -> tuple[int, int]:
    """(hindrances, eased): the effects' steps as a task counts them."""
    return (
        sum(s.steps for s in steps if s.steps > 0),
        -sum(s.steps for s in steps if s.steps < 0),
    )


def focus_ability_refusal(state: Campaign, character_id: str) -> str | None:
    """R-TR-8: why ``character_id`` cannot use a focus ability now (acclimating after a
    translation, and until when), or None."""
    for effect in effects_on(state, character_id):
        if effect.no_focus_abilities:
            name = state.characters[character_id].name
            return (
                f"{name} is acclimating {until_words(state, effect.until)}:"
                " no focus ability can be used."
            )
    return None


def ability_steps(
    state: Campaign, character_id: str, tags: Collection[str]
) -> tuple[EffectStep, ...]:
    """R-ABL-1: what the character's abilities (and those in use) ease or hinder in a
    task with ``tags``, as the preview lists it: '<ability> -1 (ability)', or with
    ``tags`` as ``task_reasons`` gives them, why the task is one it eases: 'Sneak -1
    (ability: stealth)'."""
    who = state.characters.get(character_id)
    if who is None:
        return ()
    now = moment(state)
    active = {a.name: a.until for a in who.active if a.until > now}
    reasons = tags if isinstance(tags, Mapping) else {tag: tag for tag in tags}
    moved = [
        (source, -effect.steps, text) for source, effect, text in brought(who, Ease, reasons, now)
    ]
    moved += [
        (source, effect.steps, text) for source, effect, text in brought(who, Hinder, reasons, now)
    ]
    steps = []
    for source, step, text in moved:
        when = until_words(state, active[source]) if source in active else "ability"
        because = ""
        if text and isinstance(tags, Mapping):
            because = f": {text}" if when == "ability" else f", {text}"
        steps.append(EffectStep(cause=source, steps=step, until=active.get(source, 0), when=when,
                                text=f"{source} {step:+d} ({when}{because})"))  # fmt: skip
    return tuple(steps)
