"""Armor a character wears (R-CMB-6): the Armor it adds, what wearing it costs them, and
the Might its hours take as the clock moves on.

The seed's rule is the default: light, medium and heavy armor give Armor 1, 2 and 3; a
character not practiced in armor loses 2, 3 or 5 from the Speed pool's maximum while
wearing it and pays 1, 2 or 3 Might for each hour worn. The GM may play the CSRD's reading
instead (the house rule ``CSRD_ARMOR``): no Speed loss and no Might per hour, but 1, 2 or
3 more points for each level of Speed Effort. Each "reduce armor cost" step (R-ADV-1)
makes the armor cost what armor one category lighter would.
"""

from __future__ import annotations

from typing import cast

from msgspec.structs import replace

from strange_tui.campaign.model.abilities import armor_practice
from strange_tui.campaign.model.events import PointsSpent
from strange_tui.campaign.model.state import ArmorCategory, Campaign, Character, Settings, WornArmor
from strange_tui.rules.combat import armor_burden, armor_effort_penalty
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat, spend
from strange_tui.rules.track import DamageTrack

CATEGORIES: tuple[ArmorCategory, ...] = ("light", "medium", "heavy")
HOUR = 3600
CSRD_ARMOR = "CSRD armor"
"""The house rule (in the campaign's settings, any case) that plays armor as the CSRD does."""
MASTERY = 3
"""The practice in armor at which the CSRD reading's Speed Effort cost is gone."""


def practice(character: Character) -> int:
    """0 when not practiced in armor; 1 to 3 as the character's abilities make them."""
    return armor_practice(character)


def csrd_armor(settings: Settings) -> bool:
    """Whether the campaign plays armor the CSRD's way (a house rule)."""
    return any(rule.strip().casefold() == CSRD_ARMOR.casefold() for rule in settings.house_rules)


def fitted(
    category: ArmorCategory,
    *,
    level: int,
    steps: int,
    csrd: bool,
    paid_until: int = 0,
) -> WornArmor:
    """R-CMB-6, R-ADV-1: armor of ``category`` on a character practiced to ``level`` (0
    to 3) with ``steps`` bought of "reduce armor cost", under the campaign's armor rule."""
    rating = armor_burden(category, practiced=True)[0]
    if csrd:
        extra = armor_effort_penalty(category) - steps - level
        return WornArmor(
            category=category,
            rating=rating,
            effort_extra=0 if level >= MASTERY else max(0, extra),
            paid_until=paid_until,
        )
    lighter = CATEGORIES.index(category) - steps
    if level or lighter < 0:
        return WornArmor(category=category, rating=rating, paid_until=paid_until)
    _, might, speed = armor_burden(CATEGORIES[lighter], practiced=False)
    return WornArmor(
        category=category,
        rating=rating,
        speed_loss=speed,
        might_per_hour=might,
        paid_until=paid_until,
    )


def fit(character: Character, category: ArmorCategory, settings: Settings, now: int) -> WornArmor:
    """The armor as this character would wear it now."""
    return fitted(
        category,
        level=practice(character),
        steps=character.armor_steps,
        csrd=csrd_armor(settings),
        paid_until=now,
    )


def wear(character: Character, worn: WornArmor | None) -> Character:
    """``character`` wearing ``worn`` (None: nothing) instead of what they wear now: the
    Armor that counts and the Speed pool's maximum follow (R-CMB-6)."""
    old = character.worn
    speed = character.pools.speed
    base = speed.maximum + (old.speed_loss if old else 0)
    maximum = base - (worn.speed_loss if worn else 0)
    if maximum < 1:
        raise RuleViolation(
            f"{character.name}'s Speed pool of {base} cannot bear the {base - maximum} points"
            " wearing that armor takes."
        )
    pool = replace(speed, maximum=maximum, current=min(speed.current, maximum))
    armor = character.armor - (old.rating if old else 0) + (worn.rating if worn else 0)
    return replace(
        character,
        worn=worn,
        armor=max(0, armor),
        pools=character.pools.replace(Stat.SPEED, pool),
    )


def put_on(character: Character, category: str, settings: Settings, now: int) -> Character:
    """R-CMB-6: the character takes off what they wear and puts on ``category`` ("": none).
    Refused while hours worn are still to be paid in Might."""
    if character.track is DamageTrack.DEAD:
        raise RuleViolation(f"{character.name} is dead, and dead is dead.")
    if category and category not in CATEGORIES:
        raise RuleViolation(f"Armor is light, medium or heavy; not {category!r}.")
    current = character.worn.category if character.worn else ""
    if category == current:
        what = f"{category} armor" if category else "no armor"
        raise RuleViolation(f"{character.name} already wears {what}.")
    if hours := due_hours(character, now):
        raise RuleViolation(f"{character.name} owes Might for {hours} h in armor; pay it first.")
    worn = fit(character, cast(ArmorCategory, category), settings, now) if category else None
    return wear(character, worn)


def refit(character: Character, settings: Settings, now: int) -> Character:
    """The armor worn, costed again after the character's abilities or advancement, or the
    campaign's armor rule, changed (the hours already worn stay owed)."""
    old = character.worn
    if old is None:
        return character
    worn = fit(character, old.category, settings, old.paid_until)
    if worn.might_per_hour and not old.might_per_hour:
        worn = replace(worn, paid_until=now)  # Free hours so far stay free.
    base = character.pools.speed.maximum + old.speed_loss
    if worn.speed_loss >= base:  # Never refused: the loss stops short of emptying the pool.
        worn = replace(worn, speed_loss=max(0, base - 1))
    return character if worn == old else wear(character, worn)


def due_hours(character: Character, now: int) -> int:
    """Whole hours worn and not yet paid for in Might (0 when wearing costs no Might)."""
    worn = character.worn
    if worn is None or not worn.might_per_hour:
        return 0
    return max(0, now - worn.paid_until) // HOUR


def wear_costs(state: Campaign) -> list[PointsSpent]:
    """R-CMB-6: the Might every living character owes for the hours they have worn armor
    unpracticed, by the campaign's clock (a command that moves the clock adds these)."""
    owed = []
    for character in state.characters.values():
        hours = due_hours(character, state.clock.seconds)
        if not hours or character.track is DamageTrack.DEAD:
            continue
        assert character.worn is not None
        owed.append(
            PointsSpent(
                character=character.id,
                stat=Stat.MIGHT,
                amount=wear_cost(character, hours),
                reason=f"{hours} h in {character.worn.category} armor",
                armor_hours=hours,
            )
        )
    return owed


def wear_cost(character: Character, hours: int) -> int:
    """The Might ``hours`` of wearing armor take: never more than the pool holds."""
    worn = character.worn
    rate = worn.might_per_hour if worn else 0
    return min(hours * rate, character.pools.might.current)


def pay(character: Character, event: PointsSpent, now: int) -> Character:
    """R-CMB-6: Might paid for hours of armor worn; the hours are then paid for."""
    worn = character.worn
    hours = event.armor_hours
    if worn is None or not worn.might_per_hour:
        raise RuleViolation(f"{character.name} wears no armor that costs Might.")
    if not 1 <= hours <= due_hours(character, now):
        raise RuleViolation(
            f"{character.name} owes Might for {due_hours(character, now)} h in armor, not {hours}."
        )
    if (
        event.stat is not Stat.MIGHT
        or event.from_luck
        or event.amount != wear_cost(character, hours)
    ):
        raise RuleViolation(
            f"{hours} h in {worn.category} armor cost {wear_cost(character, hours)} Might."
        )
    paid = spend(character.pools, character.track, Stat.MIGHT, event.amount)
    worn = replace(worn, paid_until=worn.paid_until + hours * HOUR)
    return replace(character, pools=paid.pools, track=paid.track, worn=worn)


def speed_effort_extra(character: Character, stat: Stat, levels: int) -> int:
    """R-CMB-6, the CSRD reading: what the armor worn adds to ``levels`` of Effort on a
    Speed action (0 under the seed's rule)."""
    worn = character.worn
    if worn is None or stat is not Stat.SPEED:
        return 0
    return worn.effort_extra * levels


def cost_words(worn: WornArmor | None) -> str:
    """What wearing it costs, in words: 'Speed −3, 2 Might an hour', 'no cost'."""
    if worn is None:
        return "no armor"
    costs = [f"Speed −{worn.speed_loss}"] if worn.speed_loss else []
    costs += [f"{worn.might_per_hour} Might an hour"] if worn.might_per_hour else []
    costs += [f"+{worn.effort_extra} per level of Speed Effort"] if worn.effort_extra else []
    return ", ".join(costs) or "no cost"


def step_problem(character: Character, settings: Settings) -> str | None:
    """R-ADV-1: why one more "reduce armor cost" step would change nothing, or None."""
    csrd = csrd_armor(settings)
    heaviest = [
        fitted("heavy", level=practice(character), steps=steps, csrd=csrd)
        for steps in (character.armor_steps, character.armor_steps + 1)
    ]
    if heaviest[0] == heaviest[1]:
        return f"Wearing armor already costs {character.name} nothing that a step could lower."
    return None
