"""What kind of task a roll is and what the abilities bring to it (R-ABL-1): the kinds a
player may say it is (``task_words.KINDS``, checked), and the preview's lines of assets
and free Effort with why the task is one the ability helps ('Stalker: an asset
(movement: climbing)')."""

from __future__ import annotations

from collections.abc import Mapping

from strange_tui.campaign.model.ability_tasks import brought, task_conditional
from strange_tui.campaign.model.state import Character
from strange_tui.campaign.model.task_words import KINDS, MAX_KINDS
from strange_tui.content.effects import Asset, FreeEffort
from strange_tui.rules.errors import RuleViolation


def plural_asset(count: int) -> str:
    return "an asset" if count == 1 else f"{count} assets"


def checked_kinds(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """R-ABL-1: the kinds a roll is said to be, refused when one is not a kind of task
    the packs name or there are more than ``MAX_KINDS``."""
    if len(kinds) > MAX_KINDS or any(kind not in KINDS for kind in kinds):
        raise RuleViolation(
            f"A roll is at most {MAX_KINDS} of these kinds of task: {', '.join(KINDS)}."
        )
    return kinds


def because(why: str) -> str:
    """' (movement: climbing)', or nothing when every task is one ('all')."""
    return f" ({why})" if why else ""


def ability_lines(who: Character, reasons: Mapping[str, str], now: int) -> list[str]:
    """R-ABL-1: the assets and free Effort ``who``'s abilities give a task with these
    ``reasons`` (``task_reasons``), and what they give only in some situations, each with
    why the task is one it helps."""
    lines = [
        f"{source}: {plural_asset(effect.count)}{because(why)}"
        for source, effect, why in brought(who, Asset, reasons, now)
    ]
    lines += [
        f"{source}: {effect.levels} level{'s' * (effect.levels != 1)} of Effort free" + because(why)
        for source, effect, why in brought(who, FreeEffort, reasons, now)
    ]
    return lines + task_conditional(who, reasons, now)


def kind_options() -> list[tuple[str, str]]:
    """R-ABL-1: the kinds a roll's form offers, as (label, value) for ``kinds_chosen``:
    none first (the label's words alone say it), then each kind of task the packs name."""
    return [("by its words", ""), *((kind, kind) for kind in KINDS)]


def kinds_chosen(value: str) -> tuple[str, ...]:
    """A form's kind as the roll's ``kinds``."""
    return (value,) if value else ()
