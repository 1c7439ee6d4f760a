"""Events as sentences for the log and the session recap (no state needed: names only)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from strange_tui.campaign.events import (
    AdvancementBought,
    AnyEvent,
    ArmorChanged,
    ChallengeEnded,
    ChallengeStarted,
    CharacterCreated,
    ClockAdvanced,
    CombatEnded,
    CombatStarted,
    ConditionAdded,
    ConditionRemoved,
    CypherGained,
    CypherUsed,
    DamageTaken,
    Healed,
    HunterCreated,
    HunterDamaged,
    HunterRolled,
    HunterStabilised,
    HunterWorsened,
    InitiativeRolled,
    IntrusionAccepted,
    IntrusionRefused,
    NotesEdited,
    NpcHealthChanged,
    NpcsAdded,
    OrderChanged,
    PointsSpent,
    RecoveryRolled,
    RollMade,
    RollRerolled,
    WeaknessTaken,
    SettingsChanged,
    TrackShifted,
    TranslationMade,
    TurnAdvanced,
    XpAwarded,
    XpSpent,
)
from strange_tui.campaign.rolls import task_of
from strange_tui.rules.special import special_of
from strange_tui.rules.task import difficulty_name, final_difficulty, target_number


def duration(seconds: int) -> str:
    """'2 h 10 min', '10 min', '1 round'."""
    if seconds < 60:
        return "1 round" if seconds <= 6 else f"{seconds} s"
    hours, minutes = divmod(seconds // 60, 60)
    days, hours = divmod(hours, 24)
    parts = [
        f"{days} d" if days else "",
        f"{hours} h" if hours else "",
        f"{minutes} min" if minutes else "",
    ]
    return " ".join(part for part in parts if part)


def involves(event: AnyEvent, character_id: str) -> bool:
    """Whether the event is about that character (for the log's filter)."""
    if isinstance(event, CharacterCreated):
        return event.character.id == character_id
    if isinstance(event, IntrusionAccepted) and event.given_to == character_id:
        return True
    if isinstance(event, HunterCreated):
        return event.hunter.id == character_id
    return character_id in (getattr(event, "character", None), getattr(event, "hunter", None))


def sentence(event: AnyEvent, names: Mapping[str, str]) -> str:
    """One event as a sentence a player reads in the log."""

    def who(character_id: str | None) -> str:
        return names.get(character_id or "", character_id or "someone")

    match event:
        case CharacterCreated(character=c):
            return f"{c.name} joined the party: a {c.descriptor} {c.type} who {c.focus}."
        case SettingsChanged():
            return "The GM changed the campaign's settings."
        case DamageTaken():
            armor = f", Armor {event.armor}" if event.armor and not event.ambient else ""
            kind = " ambient" if event.ambient else ""
            source = f" from {event.source}" if event.source else ""
            return (
                f"{who(event.character)} took {event.amount}{kind} {event.stat.value} damage"
                f"{source}{armor}."
            )
        case PointsSpent():
            luck = f" ({event.from_luck} from Luck)" if event.from_luck else ""
            reason = f" on {event.reason}" if event.reason else ""
            return f"{who(event.character)} spent {event.amount} {event.stat.value}{luck}{reason}."
        case Healed():
            reason = f" ({event.reason})" if event.reason else ""
            return f"{who(event.character)} regained {event.amount} {event.stat.value}{reason}."
        case TrackShifted(steps=steps):
            way = "down" if steps > 0 else "up"
            reason = f" ({event.reason})" if event.reason else ""
            return f"{who(event.character)} moved {abs(steps)} step {way} the damage track{reason}."
        case RollMade():
            return _roll_sentence(event, who(event.character))
        case RollRerolled():
            return _reroll_sentence(event, who(event.character))
        case WeaknessTaken():
            return (
                f"{who(event.character)} took a weakness in {event.weak.value}"
                f" for +1 {event.edge.value} Edge."
            )
        case IntrusionAccepted():
            friend = f", giving 1 XP to {who(event.given_to)}" if event.given_to else ""
            what = f": {event.what}" if event.what else ""
            return f"GM intrusion on {who(event.character)}{what}. Accepted for 2 XP{friend}."
        case IntrusionRefused():
            what = f" ({event.what})" if event.what else ""
            return f"{who(event.character)} refused a GM intrusion{what}, paying 1 XP."
        case XpAwarded():
            reason = f" for {event.reason}" if event.reason else ""
            return f"{who(event.character)} earned {event.amount} XP{reason}."
        case XpSpent():
            reason = f" on {event.reason}" if event.reason else ""
            return f"{who(event.character)} spent {event.amount} XP{reason}."
        case AdvancementBought(step=step):
            detail = {
                "pools": "4 points to the pools",
                "edge": f"+1 {event.edge.value if event.edge else ''} Edge",
                "effort": "+1 Effort",
                "skill": f"training in {event.skill}",
                "armor": "less cost for wearing armor",
                "recovery": "+2 to recovery rolls",
                "ability": f"the ability {event.ability}",
            }[step]
            return f"{who(event.character)} advanced: {detail} (4 XP)."
        case ArmorChanged(armor=worn):
            what = f"put on {worn} armor" if worn else "took off their armor"
            return f"{who(event.character)} {what}."
        case CypherGained(cypher=cypher):
            kind = "occultic" if cypher.occultic else "anoetic"
            what = f"{cypher.name} (level {cypher.level}, {kind})"
            return f"{who(event.character)} gained a cypher: {what}."
        case CypherUsed():
            verb = "discarded" if event.discarded else "used"
            return f"{who(event.character)} {verb} the cypher {event.name}."
        case RecoveryRolled():
            points = event.die + event.bonus
            rest = f" after resting {duration(event.clock)}" if event.clock else ""
            if event.track_step:
                return f"{who(event.character)} recovered{rest}: one step up the damage track."
            split = ", ".join(f"{n} {stat.value}" for stat, n in event.allocation.items() if n)
            return (
                f"{who(event.character)} made a recovery roll{rest}: d6 {event.die} + {event.bonus}"
                f" = {points} ({split or 'nothing needed'})."
            )
        case ClockAdvanced():
            reason = f" ({event.reason})" if event.reason else ""
            day = " A new day: the recovery rolls start again." if event.new_day else ""
            return f"{duration(event.seconds)} passed{reason}.{day}"
        case NotesEdited():
            return f"{who(event.character)}'s notes were updated."
        case CombatStarted():
            return "A fight began."
        case NpcsAdded(npcs=npcs):
            listed = ", ".join(f"{n.name} (level {n.level})" for n in npcs)
            return f"Into the fight: {listed}."
        case InitiativeRolled():
            first = [who(pc) for pc in event.succeeded]
            return f"Initiative: {', '.join(first) or 'no one'} act before the NPCs."
        case OrderChanged():
            return "The players changed their order."
        case TurnAdvanced():
            return "Next turn."
        case NpcHealthChanged():
            verb = "hit" if event.amount < 0 else "healed"
            source = f" ({event.source})" if event.source else ""
            targets = ", ".join(event.targets)
            return f"{targets} {verb} for {abs(event.amount)}{source}."
        case ConditionAdded(condition=condition):
            lasting = f"{condition.rounds} rounds" if condition.rounds else "the combat"
            return f"{condition.name.title()} for {lasting}: {', '.join(event.targets)}."
        case ConditionRemoved():
            return f"{event.target} is no longer {event.name}."
        case TranslationMade():
            where = event.destination.title()
            if event.arrived and event.place:
                where += f" ({event.place})"
            if event.success:
                how = f"rolled {event.reroll or event.die}" if event.die else "succeeded"
                return f"{who(event.initiator)} {how}: the party translated to {where}."
            if event.arrived:
                return f"A rough translation to {where}: {event.consequence}."
            interrupted = " (the trance was interrupted)" if event.interrupted else ""
            outcome = event.consequence or "no translation"
            return f"The translation to {where} failed{interrupted}: {outcome}."
        case HunterCreated(hunter=h):
            return f"{h.name} joined the hunt."
        case HunterRolled():
            total = sum(event.dice) + event.bonus
            label = event.label or "a check"
            where = f" on {event.challenge}" if event.challenge else ""
            dice = "+".join(map(str, event.dice))
            return (
                f"{who(event.hunter)} rolled {total} ({dice} {event.bonus:+d}) for {label}"
                f" against CR {event.cr}{where}"
                + (", raising the damage type." if event.raised else ".")
            )
        case HunterDamaged():
            kinds = ", ".join(event.kinds)
            source = f" from {event.source}" if event.attacker and event.source else ""
            return (
                f"{who(event.hunter)} took {len(event.kinds)} {event.vital} damage{source}:"
                f" {kinds}."
            )
        case HunterWorsened():
            last = event.kinds[-1] if event.kinds else ""
            return (
                f"{who(event.hunter)}'s {event.vital} worsened {len(event.kinds)} time(s),"
                f" not stabilised (the last from {last})."
            )
        case HunterStabilised():
            by = f" by {event.by}" if event.by else ""
            return f"{who(event.hunter)}'s {event.vital} was stabilised{by}."
        case ChallengeStarted(challenge=c):
            return f"Complex challenge: {c.name} (CR {c.cr}, threshold {c.threshold})."
        case ChallengeEnded():
            return f"The challenge {event.challenge} ended."
        case CombatEnded():
            return (
                f"The fight ended after {event.rounds} rounds: {event.dealt} damage dealt,"
                f" {event.taken} taken, {event.intrusions} intrusions."
            )
    return type(event).__name__  # pragma: no cover


def command_sentence(events: Sequence[AnyEvent], names: Mapping[str, str]) -> str:
    """One command (its events) as one line of the log."""
    return " ".join(sentence(event, names) for event in events)


def _reroll_sentence(event: RollRerolled, name: str) -> str:
    roll = event.roll
    assert roll.die is not None
    kept = max(roll.die, event.die)
    label = roll.label or f"a {roll.stat.value} task"
    outcome = "success" if event.success else "failure"
    refund = f"; the natural 20 gave back {event.refund} {roll.stat.value}" if event.refund else ""
    return (
        f"{name} spent 1 XP to reroll {label}: {roll.die}, then {event.die};"
        f" the {kept} stands: {outcome}{refund}."
    )


def _roll_sentence(event: RollMade, name: str) -> str:
    task = task_of(event)
    final = final_difficulty(task)
    label = event.label or f"a {event.stat.value} task"
    if event.die is None:
        return (
            f"{name} succeeded at {label} automatically (difficulty {event.difficulty} eased to 0)."
        )
    total = event.die + event.bonus
    outcome = "success" if event.success else "failure"
    special = special_of(event.die)
    shown = (
        special and (event.success or event.die == 1) and (event.attack or event.die in (1, 19, 20))
    )
    extra = f", {special.label}" if shown else ""
    cost = f"; cost {event.cost}" if event.cost else ""
    effect = f"; {event.effect}" if event.effect else ""
    return (
        f"{name} rolled {total} for {label} ({difficulty_name(final)} {final},"
        f" target {target_number(final)}): {outcome}{extra}{cost}{effect}."
    )
