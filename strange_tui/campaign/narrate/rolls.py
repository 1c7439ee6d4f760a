"""Rolls as the log says them: the task, its difficulty and target, the die (and whose die
it was), specials, cost and effect; a reroll for 1 XP; a GM intrusion accepted or
refused."""

from __future__ import annotations

from strange_tui.campaign.model.events import (
    AnyEvent,
    ContestRolled,
    IntrusionAccepted,
    IntrusionRefused,
    RollMade,
    RollRerolled,
)
from strange_tui.campaign.model.folds.rolls import task_of
from strange_tui.campaign.narrate.words import APP_DIE, Who, die_as_fell, inline, stat_name, stop
from strange_tui.rules.special import Special, special_of
from strange_tui.rules.task import difficulty_name, final_difficulty, target_number

ROLL_EVENTS = (RollMade, RollRerolled, IntrusionAccepted, IntrusionRefused, ContestRolled)

EFFECT_FACES = (Special.MINOR_EFFECT, Special.MAJOR_EFFECT)
"""R-SPEC-3, R-SPEC-4: the faces that bring an effect (on an attack, instead of damage)."""

SUPPORT_WORDS = {
    "task": "a supporting task let it through",
    "xp": "1 XP let it through",
    "intrusion": "the GM intruded to let it through",
}
"""R-CIR-1: how the log says an attack got through darkness, invisibility or dense mist."""


def roll_sentence(event: AnyEvent, who: Who) -> str:
    """A roll, a reroll or an intrusion's answer as a sentence."""
    match event:
        case RollMade():
            return _roll(event, who(event.character))
        case RollRerolled():
            return _reroll(event, who(event.character))
        case ContestRolled():
            return contest_sentence(event, who)
        case IntrusionAccepted():
            friend = f", giving 1 XP to {who(event.given_to)}" if event.given_to else ""
            what = f": {inline(event.what)}" if event.what else ""
            return f"GM intrusion on {who(event.character)}{stop(what)} Accepted for 2 XP{friend}."
        case IntrusionRefused():
            what = f" ({inline(event.what)})" if event.what else ""
            return f"{who(event.character)} refused a GM intrusion{what}, paying 1 XP."
    return type(event).__name__  # pragma: no cover


def _reroll(event: RollRerolled, name: str) -> str:
    roll = event.roll
    assert roll.die is not None
    kept = max(roll.die, event.die)
    label = roll.label or f"a {stat_name(roll.stat)} task"
    outcome = "success" if event.success else "failure"
    app = APP_DIE if event.app_rolled else ""
    refund = (
        f"; the natural 20 gave back {event.refund} {stat_name(roll.stat)}" if event.refund else ""
    )
    # The natural die stands; the bonus then makes the total (R-XP-2).
    sign = "+" if roll.bonus > 0 else "−"
    total = f" ({sign}{abs(roll.bonus)}: {kept + roll.bonus})" if roll.bonus else ""
    return (
        f"{name} spent 1 XP to reroll {label}: {roll.die}, then {event.die}{app};"
        f" the {kept} stands{total}: {outcome}{refund}."
    )


def _roll(event: RollMade, name: str) -> str:
    task = task_of(event)
    final = final_difficulty(task)
    label = event.label or f"a {stat_name(event.stat)} task"
    # R-CIR-1: the circumstances the roll was made in, and what let an attack through.
    amid = " and ".join(inline(c) for c in event.circumstances)
    amid = "".join(f"{part}; " for part in (training_words(event), amid) if part)
    through = f"; {SUPPORT_WORDS[event.support]}" if event.support else ""
    if event.die is None:
        return (
            f"{name} succeeded at {label} automatically"
            f" ({amid}difficulty {event.difficulty} eased to 0){through}."
        )
    outcome = "success" if event.success else "failure"
    extra, effect = special_words(event)
    luck = f" ({event.from_luck} from Luck)" if event.from_luck else ""
    cost = f"; cost {event.cost} {event.stat.value.title()}{luck}" if event.cost else ""
    effect = f"; {inline(effect)}" if effect else ""
    rolled = die_as_fell(event.die, event.bonus, event.app_rolled)
    return (
        f"{name} rolled {rolled} for {label} ({amid}{difficulty_name(final)} {final},"
        f" target {target_number(final)}): {outcome}{extra}{through}{cost}{effect}."
    )


KEPT = "the GM keeps the difficulty"
"""R-TASK-8: what a player's seat reads for the difficulty of a roll still kept."""


def kept_roll_sentence(event: RollMade | RollRerolled, who: Who) -> str:
    """R-TASK-8: a roll (or its reroll) answering an ask whose difficulty the GM still keeps,
    as a player's seat reads it: the die and what the player chose, never the difficulty,
    the target, the outcome, nor a special result only a success brings. 'Mara Quist
    rolled 15 for Spot the watcher (the GM keeps the difficulty).'"""
    roll = event.roll if isinstance(event, RollRerolled) else event
    name = who(roll.character)
    label = roll.label or f"a {stat_name(roll.stat)} task"
    if isinstance(event, RollRerolled):
        assert roll.die is not None
        stands = max(roll.die, event.die)
        sign = "+" if roll.bonus > 0 else "−"
        total = f" ({sign}{abs(roll.bonus)}: {stands + roll.bonus})" if roll.bonus else ""
        app = APP_DIE if event.app_rolled else ""
        return (
            f"{name} spent 1 XP to reroll {label}: {roll.die}, then {event.die}{app};"
            f" the {stands} stands{total} ({KEPT})."
        )
    amid = " and ".join(inline(c) for c in roll.circumstances)
    amid = "".join(f"{part}; " for part in (training_words(roll), amid) if part)
    luck = f" ({roll.from_luck} from Luck)" if roll.from_luck else ""
    cost = f"; cost {roll.cost} {roll.stat.value.title()}{luck}" if roll.cost else ""
    if roll.die is None:  # Eased to nothing: saying so would tell how low it was.
        return f"{name} answered {label} ({amid}{KEPT}){cost}."
    # A natural 1 is the GM's intrusion whatever the difficulty: it gives nothing away.
    one = f", {Special.INTRUSION.label}" if special_of(roll.die) is Special.INTRUSION else ""
    rolled = die_as_fell(roll.die, roll.bonus, roll.app_rolled)
    return f"{name} rolled {rolled} for {label} ({amid}{KEPT}){one}{cost}."


def special_words(event: RollMade) -> tuple[str, str]:
    """R-SPEC-1..5: what the natural die brought, as it landed (', +3 damage', ', major
    effect: knock down', ', no minor effect (impaired)'), and the roll's own effect left
    to say after it. The face is the natural die's, never the total's: a 19 with +1 is a
    19. A journal older than the damage recorded names the face's special."""
    special = special_of(event.die) if event.die is not None else None
    if special is None or not (event.success or special is Special.INTRUSION):
        return "", event.effect
    if special is Special.INTRUSION:
        return f", {special.label}", event.effect
    impaired = " (impaired)" if event.impaired else ""
    if event.attack and event.effect and special in EFFECT_FACES:
        return f", {special.label}: {inline(event.effect)}", ""
    if event.attack and event.special_damage is not None:
        extra = f", +{event.special_damage} damage{impaired}" if event.special_damage else ""
        return extra, event.effect
    if event.attack:
        return f", {special.label}", event.effect
    if special not in EFFECT_FACES:
        return "", event.effect
    if event.impaired:  # R-SPEC-5: an impaired character ignores minor and major effects.
        return f", no {special.label}{impaired}", event.effect
    return f", {special.label}", event.effect


TRAINING_STEPS = {"trained": "eased one step", "specialized": "eased two steps"}


def training_words(event: RollMade) -> str:
    """R-TASK-9: the training the roll used, named: 'trained in Speed defense: eased one
    step'; '' for none."""
    if not event.skill:
        return ""
    where = f" in {inline(event.training)}" if event.training else ""
    return f"{event.skill}{where}: {TRAINING_STEPS[event.skill]}"


def contest_sentence(event: ContestRolled, who: Who) -> str:
    """'Mara and Jun contested arm wrestling: Mara 14 + 3 = 17, Jun 11: Mara won.'"""

    def total(name: str, die: int, bonus: int) -> str:
        return f"{name} {die} {'+' if bonus > 0 else '−'} {abs(bonus)} = {die + bonus}" if bonus \
            else f"{name} {die}"  # fmt: skip

    first, second = who(event.first), who(event.second)
    what = f" {inline(event.label)}" if event.label else ""
    rolled = " (the app rolled)" if event.app_rolled else ""
    return (
        f"{first} and {second} contested{what}: {total(first, event.first_die, event.first_bonus)}"
        f", {total(second, event.second_die, event.second_bonus)}{rolled}:"
        f" {who(event.winner)} won."
    )
