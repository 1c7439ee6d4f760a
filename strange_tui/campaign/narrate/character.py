"""A character's events as the log says them: joining the party, damage and where it went,
points spent and healed, the damage track, XP and advancement, armor, cyphers, recovery
rolls, weaknesses, notes."""

from __future__ import annotations

from strange_tui.campaign.model.effect_words import effect_words
from strange_tui.campaign.model.events import (
    AbilityUsed,
    AdvancementBought,
    AnyEvent,
    ArmorChanged,
    CharacterCreated,
    CypherGained,
    CypherUsed,
    DamageTaken,
    Healed,
    LastingMended,
    NotesEdited,
    PointsSpent,
    RecoveryDieShown,
    RecoveryDieTakenBack,
    RecoveryRolled,
    TrackShifted,
    TraitsRead,
    WeaknessTaken,
    XpAwarded,
    XpSpent,
)
from strange_tui.campaign.narrate.combat import hazard_hit
from strange_tui.campaign.narrate.words import (
    APP_DIE,
    Who,
    a_or_an,
    duration,
    inline,
    plural,
    stat_name,
)
from strange_tui.rules.damage import damage_after_armor, spill_targets

CHARACTER_EVENTS = (
    CharacterCreated,
    DamageTaken,
    PointsSpent,
    Healed,
    TrackShifted,
    LastingMended,
    WeaknessTaken,
    XpAwarded,
    XpSpent,
    AdvancementBought,
    AbilityUsed,
    TraitsRead,
    ArmorChanged,
    CypherGained,
    CypherUsed,
    RecoveryRolled,
    RecoveryDieShown,
    RecoveryDieTakenBack,
    NotesEdited,
)


BOON_WORDS = {
    "familiarity": "familiarity",
    "contact": "a contact",
    "home": "a home",
    "title": "a title or job",
    "wealth": "wealth",
    "artifact": "an artifact",
}
"""R-ADV-1: the other options a step buys that the sheet carries, in words."""


LASTING_WORDS = {
    "lasting": " The damage is lasting: recovery rolls do not restore it; days do.",
    "permanent": " The damage is permanent: it never heals.",
}
"""R-DMG-6: what the log adds to a lasting or permanent hit."""


def tier_words(event: AdvancementBought) -> str:
    """R-ADV-1: ', and reached tier 3: <ability>, <ability> (guns)', the abilities the new
    tier brought with the player's picks; older journals say no tier."""
    gained = ", ".join(picked(event, name) for name in event.tier_abilities)
    if event.tier_reached:
        return f", and reached tier {event.tier_reached}" + (f": {gained}" if gained else "")
    return f", and the new tier's abilities: {gained}" if gained else ""


def picked(event: AdvancementBought, name: str) -> str:
    """An ability gained, named with the answers its trait keeps where the name does not
    say them already: '<ability> (climbing, running)'."""
    trait = next((t for t in event.traits if t.name == name), None)
    said = [p for p in trait.picks if p.casefold() not in name.casefold()] if trait else []
    return inline(f"{name} ({', '.join(said)})" if said else name)


def character_sentence(event: AnyEvent, who: Who) -> str:
    """One of a character's events as a sentence."""
    match event:
        case CharacterCreated(character=c):
            return f"{c.name} joined the party: {a_or_an(c.descriptor)} {c.type} who {c.focus}."
        case DamageTaken():
            hazard = hazard_hit(event, who(event.character))
            line = hazard or damage_sentence(event, who(event.character))
            return line + LASTING_WORDS.get(event.lasting, "")
        case LastingMended(healed=healed):
            if not healed:
                return ""
            mended = ", ".join(f"{n} {stat_name(stat)}" for stat, n in healed.items())
            return f"{who(event.character)}'s lasting damage healed: {mended} back."
        case PointsSpent():
            luck = f" ({event.from_luck} from Luck)" if event.from_luck else ""
            reason = f" on {inline(event.reason)}" if event.reason else ""
            return (
                f"{who(event.character)} spent {event.amount} {stat_name(event.stat)}"
                f"{luck}{reason}."
            )
        case Healed():
            reason = f" ({inline(event.reason)})" if event.reason else ""
            return (
                f"{who(event.character)} regained {event.amount} {stat_name(event.stat)}"
                f"{reason}."
            )
        case TrackShifted(steps=steps):
            way = "down" if steps > 0 else "up"
            reason = f" ({inline(event.reason)})" if event.reason else ""
            return (
                f"{who(event.character)} moved {plural(abs(steps), 'step')} {way} the damage"
                f" track{reason}."
            )
        case WeaknessTaken():
            return (
                f"{who(event.character)} took a weakness in {stat_name(event.weak)}"
                f" for +1 {stat_name(event.edge)} Edge."
            )
        case XpAwarded():
            reason = f" for {inline(event.reason)}" if event.reason else ""
            return f"{who(event.character)} earned {event.amount} XP{reason}."
        case XpSpent():
            reason = f" on {inline(event.reason)}" if event.reason else ""
            return f"{who(event.character)} spent {event.amount} XP{reason}."
        case AdvancementBought(step=step):
            detail = {
                "pools": "4 points to the pools",
                "edge": f"+1 {stat_name(event.edge)} Edge" if event.edge else "+1 Edge",
                "effort": "+1 Effort",
                "skill": f"training in {event.skill}",
                "armor": "less cost for wearing armor",
                "recovery": "+2 to recovery rolls",
                "ability": f"the ability {picked(event, event.ability or '')}",
            }.get(step) or f"{BOON_WORDS.get(step, step)}: {inline(event.boon)}"
            return f"{who(event.character)} advanced: {detail} (4 XP){tier_words(event)}."
        case AbilityUsed():
            return ability_sentence(event, who(event.character))
        case TraitsRead(traits=traits):
            return (
                f"{who(event.character)}'s sheet now holds what "
                f"{plural(len(traits), 'ability', 'abilities')} do, read from the packs."
            )
        case ArmorChanged(armor=worn):
            what = f"put on {worn} armor" if worn else "took off their armor"
            return f"{who(event.character)} {what}."
        case CypherGained(cypher=cypher):
            kind = "occultic" if cypher.occultic else "anoetic"
            unknown = "" if cypher.identified else ", unidentified"  # R-ART-1
            what = f"{cypher.name} (level {cypher.level}, {kind}{unknown})"
            return f"{who(event.character)} gained a cypher: {what}."
        case CypherUsed(vanished=face) if face:
            return (
                f"Over the cypher limit, {who(event.character)}'s {event.name} vanished"
                f" (the die picked it: {face})."
            )
        case CypherUsed():
            verb = "discarded" if event.discarded else "used"
            return f"{who(event.character)} {verb} the cypher {event.name}."
        case RecoveryRolled():
            points = event.die + event.bonus
            rest = f" after resting {duration(event.clock)}" if event.clock else ""
            if event.track_step:
                return f"{who(event.character)} recovered{rest}: one step up the damage track."
            split = ", ".join(
                f"{n} {stat_name(stat)}" for stat, n in event.allocation.items() if n
            )
            return (
                f"{who(event.character)} made a recovery roll{rest}: d6 {event.die} + {event.bonus}"
                f" = {points} ({split or 'nothing needed'})."
            )
        case RecoveryDieShown():  # R-REC-1: shown, so kept for the rest.
            by_app = APP_DIE if event.app_rolled else ""
            return f"{who(event.character)}'s recovery die shows {event.die}{by_app}."
        case RecoveryDieTakenBack():
            return f"The GM took back {who(event.character)}'s recovery die ({event.die})."
        case NotesEdited():
            return f"{who(event.character)}'s notes were updated."
    return type(event).__name__  # pragma: no cover


def damage_sentence(event: DamageTaken, name: str) -> str:
    """R-DMG-1, R-DMG-2: what landed, then why (the hit less the Armor that counted), and
    where the points went: 'Mara took 3 damage from the thug (4, less Armor 1): 2 Might,
    1 Speed.'"""
    source = f" from {inline(event.source)}" if event.source else ""
    kind = " ambient" if event.ambient else ""
    through = damage_after_armor(event.amount, event.armor, ambient=event.ambient)
    armor = event.armor and not event.ambient
    if armor and not through:
        return f"{name}'s Armor {event.armor} stopped all {event.amount} damage{source}."
    why = f" ({event.amount}, less Armor {event.armor})" if armor else ""
    one_pool = f"{name} took {through}{kind} {stat_name(event.stat)} damage{source}{why}."
    if event.spill is None:  # Recorded before the split was: the hit's type only.
        return one_pool
    went = [
        f"{event.spill[stat]} {stat_name(stat)}"
        for stat in spill_targets(event.stat)
        if event.spill.get(stat)
    ]
    lost = through - sum(event.spill.values())
    if lost:
        went.append(f"{lost} with no pool left to take {'it' if lost == 1 else 'them'}")
    if [*event.spill] in ([], [event.stat]) and not lost:
        return one_pool
    return f"{name} took {through}{kind} damage{source}{why}: {', '.join(went)}."


def ability_sentence(event: AbilityUsed, name: str) -> str:
    """'Ada used <ability>: 2 Might; +2 damage on melee attacks for 1 min.'; one whose
    time is kept with no effect the app applies: 'Ada used <ability>: 1 Intellect for 1 min.'"""
    parts = []
    if event.cost and event.stat is not None:
        parts.append(f"{event.cost} {stat_name(event.stat)}")
    elif not event.cost:
        parts.append("no cost")
    if event.effects:
        parts.append(", ".join(effect_words(e) for e in event.effects))
    tail = f" for {duration(event.lasts)}" if event.lasts else ""
    return f"{name} used {inline(event.ability)}: {'; '.join(parts)}{tail}."
