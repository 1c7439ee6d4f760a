"""The training a PC's defense is rolled with (R-CMB-3, R-TASK-3): the sheet's for that
defense, what a player's seat may claim of it and what the GM's may grant (R-TASK-9), and
the choices the defense dialog offers each seat."""

from __future__ import annotations

from typing import Literal

from strange_tui.campaign.commands.base import character_of
from strange_tui.campaign.commands.combat.weapons import Training, training_in
from strange_tui.campaign.commands.rolls.steps import MORE
from strange_tui.campaign.model.abilities import moment
from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat


def defense_training(who: Character, stat: Stat, now: int | None = None) -> Training:
    """R-CMB-3, R-TASK-3: the defender's training or inability in defending with ``stat``
    ("Speed defense", "Might defense", "Intellect defense" or "Mental defense", or all
    defense)."""
    names = [f"{stat.value} defense", f"{stat.value} defense tasks", "defense", "all defense"]
    if stat is Stat.INTELLECT:
        names.append("mental defense")
    return training_in(who, names, now)


def defense_skill(state: Campaign, character_id: str, stat: Stat) -> str:
    """The defense training the sheet gives, as one choice of the defense dialog:
    "", "trained", "specialized" or "inability" (trained and an inability cancel)."""
    sheet = defense_training(character_of(state, character_id), stat, moment(state))
    if not sheet.inability:
        return sheet.skill
    return {"": "inability", "trained": "", "specialized": "trained"}[sheet.skill]


DefenseSkill = Literal["", "trained", "specialized", "inability"]
DEFENSE_RANK = {"inability": -1, "": 0, "trained": 1, "specialized": 2}


def claimed_defense(
    state: Campaign, character_id: str, stat: Stat, skill: DefenseSkill | None, by: str
) -> tuple[str, str]:
    """R-TASK-9: the defense's training (``skill`` None: the sheet's) and the sheet's skill
    it comes from ('' for none, or the GM's grant). A player's seat claims no more than the
    sheet gives for this defense (less is theirs to choose); the GM's seat may grant more."""
    who = character_of(state, character_id)
    sheet = defense_skill(state, character_id, stat)
    chosen = sheet if skill is None else skill
    if DEFENSE_RANK[chosen] > DEFENSE_RANK[sheet]:
        if by != GM:
            gives = {"": "no training", "inability": "an inability"}.get(sheet, sheet)
            defense = f"{stat.value.title()} defense"
            raise RuleViolation(
                f"{who.name}'s sheet gives {gives} in {defense}, not {chosen}: {MORE}."
            )
        return chosen, ""
    named = defense_training(who, stat, moment(state)).skill_name
    return chosen, named if chosen == sheet and chosen in ("trained", "specialized") else ""


DEFENSE_WORDS = {"": "Untrained", "trained": "Trained", "specialized": "Specialized",
                 "inability": "Inability"}  # fmt: skip


def defense_options(
    state: Campaign, character_id: str, stat: Stat, seat: str
) -> list[tuple[str, str]]:
    """R-TASK-9: the trainings the defense dialog offers ``seat`` for this defense, as
    (label, value): at a player's seat the sheet's (named: 'Trained: Might defense') and
    anything less; at the GM's seat every one (more than the sheet is the GM's grant)."""
    sheet = defense_skill(state, character_id, stat)
    named = defense_training(character_of(state, character_id), stat, moment(state)).skill_name
    options = []
    for value, words in DEFENSE_WORDS.items():
        if seat != GM and DEFENSE_RANK[value] > DEFENSE_RANK[sheet]:
            continue
        own = value == sheet and value in ("trained", "specialized") and named
        options.append((f"{words}: {named}" if own else words, value))
    return options
