"""Events as sentences for the log and the session recap (no state needed: names only).

Players read the log aloud, so each line reads as a recap: names, never ids; numbers with
their nouns in the right number; where damage went; which dice the app rolled."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import msgspec

from strange_tui.campaign.model.events import (
    STORY_EVENTS,
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
    Drawn,
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
    PromptRaised,
    RecoveryRolled,
    RollMade,
    RollRerolled,
    SettingsChanged,
    TrackShifted,
    TranslationMade,
    TurnAdvanced,
    WaitTriggered,
    WeaknessTaken,
    XpAwarded,
    XpSpent,
)
from strange_tui.campaign.model.folds.rolls import task_of
from strange_tui.campaign.narrate import combat as action_sentences
from strange_tui.campaign.narrate.chase import CHASE_SENTENCE_EVENTS, chase_sentence, craft_line
from strange_tui.campaign.narrate.solo import proposal_sentence, story_sentence
from strange_tui.campaign.narrate.table import SEAT_EVENTS, initiative_call, seat_sentence
from strange_tui.rules.damage import damage_after_armor, spill_targets
from strange_tui.rules.pools import Stat
from strange_tui.rules.special import special_of
from strange_tui.rules.task import difficulty_name, final_difficulty, target_number

if TYPE_CHECKING:
    from strange_tui.campaign.model.state import Campaign

NOISE = (TurnAdvanced, SettingsChanged, NotesEdited, OrderChanged)
"""Events that change nothing a recap needs (Home's "Latest" leaves them out)."""


APP_DIE = " (the app's die)"
"""After a die the app rolled, where the player typed none: the table knows it was no
physical die."""


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


def time_left(seconds: int) -> str:
    """What is left of a wait, rounded up to the minute so it never reads as over while it
    runs: '1 min left', '2 h 5 min left'."""
    return f"{duration(-(-max(seconds, 1) // 60) * 60)} left"


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """'1 round', '2 rounds', '1 time', '3 times' (``nouns`` when the plural is not +s)."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def listed(items: Sequence[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def stat_name(stat: Stat) -> str:
    """'Might', as the sheet writes it."""
    return stat.value.title()


def _a(word: str) -> str:
    """'a Tough', 'an Intelligent'."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _inline(text: str) -> str:
    """A player's words set inside a sentence: without the final period they may have
    typed (the sentence puts its own)."""
    text = text.strip()
    return text[:-1] if text.endswith(".") and not text.endswith("..") else text


def _stop(text: str) -> str:
    """``text`` ended once: '.' unless it already ends with a stop of its own."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def names_of(state: Campaign, events: Iterable[AnyEvent] = ()) -> dict[str, str]:
    """Every name the sentences of ``events`` may need, by id, in one pass: the NPCs and
    challenges those events brought in (fights that ended too), then the campaign's own
    (its characters win over an old NPC's id)."""
    names: dict[str, str] = {}
    for event in events:
        if isinstance(event, NpcsAdded):
            names.update((npc.id, npc.name) for npc in event.npcs)
        elif isinstance(event, ChallengeStarted):
            names[event.challenge.id] = event.challenge.name
    names.update(state.names())
    return names


def noteworthy(command: Sequence[AnyEvent]) -> bool:
    """Whether a command matters in a short recap (not only turns passing, settings or
    notes changing, or the players reordering themselves)."""
    return not all(isinstance(event, NOISE) for event in command)


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

    def who(some_id: str | None) -> str:
        if not some_id:
            return "someone"
        # An id the names do not know (a fight older than the log shows): 'guard-2' reads
        # 'Guard 2', as the fight named it.
        return names.get(some_id) or some_id.replace("-", " ").capitalize()

    def everyone(ids: Iterable[str]) -> str:
        return listed([who(some_id) for some_id in ids])

    if isinstance(event, CHASE_SENTENCE_EVENTS):
        return chase_sentence(event, who)
    if isinstance(event, SEAT_EVENTS):
        return seat_sentence(event, who, APP_DIE)
    if isinstance(event, STORY_EVENTS):
        return story_sentence(event, who, APP_DIE)
    match event:
        case CharacterCreated(character=c):
            return f"{c.name} joined the party: {_a(c.descriptor)} {c.type} who {c.focus}."
        case SettingsChanged():
            return "The GM changed the campaign's settings."
        case DamageTaken():
            hazard = action_sentences.hazard_hit(event, who(event.character))
            return hazard or _damage_sentence(event, who(event.character))
        case PointsSpent():
            luck = f" ({event.from_luck} from Luck)" if event.from_luck else ""
            reason = f" on {_inline(event.reason)}" if event.reason else ""
            return (
                f"{who(event.character)} spent {event.amount} {stat_name(event.stat)}"
                f"{luck}{reason}."
            )
        case Healed():
            reason = f" ({_inline(event.reason)})" if event.reason else ""
            return (
                f"{who(event.character)} regained {event.amount} {stat_name(event.stat)}"
                f"{reason}."
            )
        case TrackShifted(steps=steps):
            way = "down" if steps > 0 else "up"
            reason = f" ({_inline(event.reason)})" if event.reason else ""
            return (
                f"{who(event.character)} moved {plural(abs(steps), 'step')} {way} the damage"
                f" track{reason}."
            )
        case RollMade():
            return _roll_sentence(event, who(event.character))
        case RollRerolled():
            return _reroll_sentence(event, who(event.character))
        case WeaknessTaken():
            return (
                f"{who(event.character)} took a weakness in {stat_name(event.weak)}"
                f" for +1 {stat_name(event.edge)} Edge."
            )
        case IntrusionAccepted():
            friend = f", giving 1 XP to {who(event.given_to)}" if event.given_to else ""
            what = f": {_inline(event.what)}" if event.what else ""
            return f"GM intrusion on {who(event.character)}{_stop(what)} Accepted for 2 XP{friend}."
        case IntrusionRefused():
            what = f" ({_inline(event.what)})" if event.what else ""
            return f"{who(event.character)} refused a GM intrusion{what}, paying 1 XP."
        case XpAwarded():
            reason = f" for {_inline(event.reason)}" if event.reason else ""
            return f"{who(event.character)} earned {event.amount} XP{reason}."
        case XpSpent():
            reason = f" on {_inline(event.reason)}" if event.reason else ""
            return f"{who(event.character)} spent {event.amount} XP{reason}."
        case AdvancementBought(step=step):
            detail = {
                "pools": "4 points to the pools",
                "edge": f"+1 {stat_name(event.edge)} Edge" if event.edge else "+1 Edge",
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
            split = ", ".join(
                f"{n} {stat_name(stat)}" for stat, n in event.allocation.items() if n
            )
            return (
                f"{who(event.character)} made a recovery roll{rest}: d6 {event.die} + {event.bonus}"
                f" = {points} ({split or 'nothing needed'})."
            )
        case ClockAdvanced():
            reason = f" ({_inline(event.reason)})" if event.reason else ""
            day = " A new day: the recovery rolls start again." if event.new_day else ""
            return f"{duration(event.seconds)} passed{reason}.{day}"
        case NotesEdited():
            return f"{who(event.character)}'s notes were updated."
        case CombatStarted():
            return "A fight began."
        case NpcsAdded(npcs=npcs):
            groups: list[tuple[str, list[str]]] = []
            for npc in npcs:  # Alike NPCs side by side: 'Guard 1 and Guard 2 (level 3)'.
                kind = f"level {npc.level}" + (", boss" if npc.boss else "")
                if npc.inanimate:  # R-HAZ-2: an object to attack.
                    kind = f"an object, level {npc.level}, Armor {npc.armor}"
                if groups and groups[-1][0] == kind:
                    groups[-1][1].append(npc.name)
                else:
                    groups.append((kind, [npc.name]))
            return "Into the fight: " + ", ".join(
                f"{listed(group)} ({kind})" for kind, group in groups
            ) + "."
        case InitiativeRolled():
            return _initiative_sentence(event, who)
        case OrderChanged():
            return f"The players changed their order: {everyone(event.order)}."
        case TurnAdvanced():
            return "Next turn."
        case WaitTriggered():
            return action_sentences.wait_triggered(event, who(event.character))
        case NpcHealthChanged() if hazard := action_sentences.hazard_on_npcs(
            event, [who(t) for t in event.targets]
        ):
            return hazard
        case NpcHealthChanged():
            many = len(event.targets) > 1
            source = f" ({_inline(event.source)})" if event.source else ""
            if event.amount >= 0:
                each = " each" if many else ""
                return (
                    f"{everyone(event.targets)} regained {event.amount} health{each}{source}."
                )
            armor = ", ignoring Armor" if event.ignore_armor else ""
            verb = "were each" if many else "was"
            return f"{everyone(event.targets)} {verb} hit for {-event.amount}{armor}{source}."
        case ConditionAdded(condition=condition):
            lasting = (
                f"for {plural(condition.rounds, 'round')}"
                if condition.rounds
                else "for the rest of the fight"
            )
            many, whom = len(event.targets) > 1, everyone(event.targets)
            if said := action_sentences.condition_added(condition, whom, many, lasting):
                return said
            return f"{whom} {'are' if many else 'is'} {condition.name} {lasting}."
        case ConditionRemoved():
            if said := action_sentences.condition_removed(event.name, who(event.target)):
                return said
            return f"{who(event.target)} is no longer {event.name}."
        case TranslationMade():
            where = event.destination.title()
            if event.arrived and event.place:
                where += f" ({_inline(event.place)})"
            by_app = APP_DIE if event.app_rolled else ""
            if event.success:
                how = f"rolled {event.reroll or event.die}{by_app}" if event.die else "succeeded"
                return f"{who(event.initiator)} {how}: the party translated to {where}."
            rolled = ""
            if event.die:
                dice = f"{event.die}, then {event.reroll}" if event.reroll else f"{event.die}"
                rolled = f" ({who(event.initiator)} rolled {dice}{by_app})"
            if event.arrived:
                return (
                    f"A rough translation to {where}{rolled}:"
                    f" {_stop(_inline(event.consequence))}"
                )
            interrupted = " (the trance was interrupted)" if event.interrupted else rolled
            outcome = _inline(event.consequence) or "no translation"
            return f"The translation to {where} failed{interrupted}: {_stop(outcome)}"
        case HunterCreated(hunter=h):
            return f"{h.name} joined the hunt."
        case HunterRolled():
            total = sum(event.dice) + event.bonus
            label = event.label or "a check"
            where = f" on {who(event.challenge)}" if event.challenge else ""
            dice = "+".join(map(str, event.dice))
            return (
                f"{who(event.hunter)} rolled {total} ({dice} {event.bonus:+d}) for {label}"
                f" against CR {event.cr}{where}"
                + (", raising the damage type." if event.raised else ".")
            )
        case HunterDamaged():
            kinds = ", ".join(event.kinds)
            source = f" from {_inline(event.source)}" if event.attacker and event.source else ""
            return (
                f"{who(event.hunter)} took {len(event.kinds)} {event.vital} damage{source}:"
                f" {kinds}."
            )
        case HunterWorsened():
            last = event.kinds[-1] if event.kinds else ""
            return (
                f"{who(event.hunter)}'s {event.vital} worsened"
                f" {plural(len(event.kinds), 'time')}, not stabilised (the last from {last})."
            )
        case HunterStabilised():
            by = f" by {_inline(event.by)}" if event.by else ""
            return f"{who(event.hunter)}'s {event.vital} was stabilised{by}."
        case ChallengeStarted(challenge=c):
            return f"Complex challenge: {c.name} (CR {c.cr}, threshold {c.threshold})."
        case ChallengeEnded():
            return f"The challenge {who(event.challenge)} ended."
        case CombatEnded():
            when = f"after {plural(event.rounds, 'round')}" if event.rounds else "before round 1"
            intrusions = (
                plural(event.intrusions, "intrusion") if event.intrusions else "no intrusions"
            )
            return (
                f"The fight ended {when}: {event.dealt} damage dealt, {event.taken} taken,"
                f" {intrusions}."
            )
    return type(event).__name__  # pragma: no cover


def command_sentence(events: Sequence[AnyEvent], names: Mapping[str, str]) -> str:
    """One command (its events) as one line of the log. The damage an attack deals does
    not repeat the attack's label (the roll just said it)."""
    call = initiative_call(events, lambda cid: names.get(cid) or cid, listed)
    if call is not None:
        return call
    crafted = craft_line(events, names, sentence, APP_DIE)
    if crafted is not None:
        return crafted
    labels = {event.label for event in events if isinstance(event, RollMade) and event.label}
    offered = {
        event.character
        for event in events
        if isinstance(event, PromptRaised) and event.prompt == "intrusion"
    }
    said = []
    for event in events:
        if isinstance(event, Drawn) and event.table == "intrusion" and event.character in offered:
            # The app's proposal (solo play): said once, with the answer it waits for.
            said.append(proposal_sentence(event, names.get(event.character) or event.character))
            continue
        if isinstance(event, PromptRaised) and event.prompt == "intrusion":
            if any(isinstance(e, Drawn) and e.character == event.character for e in events):
                continue
        if isinstance(event, NpcHealthChanged) and event.source in labels:
            event = msgspec.structs.replace(event, source="")
        said.append(sentence(event, names))
    return " ".join(line for line in said if line)


def _damage_sentence(event: DamageTaken, name: str) -> str:
    """R-DMG-1, R-DMG-2: the hit, the Armor that counted, and where the points went:
    'Mara took 4 damage from the thug (Armor 1: 3 got through): 2 Might, 1 Speed.'"""
    source = f" from {_inline(event.source)}" if event.source else ""
    kind = " ambient" if event.ambient else ""
    through = damage_after_armor(event.amount, event.armor, ambient=event.ambient)
    armor = event.armor and not event.ambient
    if armor and not through:
        return f"{name}'s Armor {event.armor} stopped all {event.amount} damage{source}."
    if event.spill is None:  # Recorded before the split was: the hit's type only.
        blocked = f" (Armor {event.armor}: {through} got through)" if armor else ""
        return (
            f"{name} took {event.amount}{kind} {stat_name(event.stat)} damage{source}{blocked}."
        )
    went = [
        f"{event.spill[stat]} {stat_name(stat)}"
        for stat in spill_targets(event.stat)
        if event.spill.get(stat)
    ]
    lost = through - sum(event.spill.values())
    if lost:
        went.append(f"{lost} with no pool left to take {'it' if lost == 1 else 'them'}")
    if not armor and [*event.spill] in ([], [event.stat]) and not lost:
        return f"{name} took {event.amount}{kind} {stat_name(event.stat)} damage{source}."
    blocked = f" (Armor {event.armor}: {through} got through)" if armor else ""
    return f"{name} took {event.amount}{kind} damage{source}{blocked}: {', '.join(went)}."


def _initiative_sentence(event: InitiativeRolled, who: Callable[[str], str]) -> str:
    """R-CMB-1: each PC's die, and who acts before the NPCs: 'Initiative: Mara 14, Jun 9
    — Mara acts before the NPCs.'"""
    dice = []
    for pc in event.pcs:
        if pc in event.dice:
            by_app = APP_DIE if pc in event.app_rolled else ""
            dice.append(f"{who(pc)} {event.dice[pc]}{by_app}")
        elif pc in event.succeeded:
            dice.append(f"{who(pc)} (no roll needed)")
        else:
            dice.append(f"{who(pc)} (no roll)")
    first = [who(pc) for pc in event.succeeded]
    if not first:
        order = "the NPCs act first"
    else:
        verb = "acts" if len(first) == 1 else "act"
        order = f"{listed(first)} {verb} before the NPCs"
    rolled = f"{', '.join(dice)} — " if dice else ""
    return f"Initiative: {rolled}{order}."


def _reroll_sentence(event: RollRerolled, name: str) -> str:
    roll = event.roll
    assert roll.die is not None
    kept = max(roll.die, event.die)
    label = roll.label or f"a {stat_name(roll.stat)} task"
    outcome = "success" if event.success else "failure"
    app = APP_DIE if event.app_rolled else ""
    refund = (
        f"; the natural 20 gave back {event.refund} {stat_name(roll.stat)}" if event.refund else ""
    )
    return (
        f"{name} spent 1 XP to reroll {label}: {roll.die}, then {event.die}{app};"
        f" the {kept} stands: {outcome}{refund}."
    )


SUPPORT_WORDS = {
    "task": "a supporting task let it through",
    "xp": "1 XP let it through",
    "intrusion": "the GM intruded to let it through",
}
"""R-CIR-1: how the log says an attack got through darkness, invisibility or dense mist."""


def _roll_sentence(event: RollMade, name: str) -> str:
    task = task_of(event)
    final = final_difficulty(task)
    label = event.label or f"a {stat_name(event.stat)} task"
    # R-CIR-1: the circumstances the roll was made in, and what let an attack through.
    amid = " and ".join(_inline(c) for c in event.circumstances)
    amid = f"{amid}; " if amid else ""
    through = f"; {SUPPORT_WORDS[event.support]}" if event.support else ""
    if event.die is None:
        return (
            f"{name} succeeded at {label} automatically"
            f" ({amid}difficulty {event.difficulty} eased to 0){through}."
        )
    total = event.die + event.bonus
    outcome = "success" if event.success else "failure"
    special = special_of(event.die)
    shown = (
        special and (event.success or event.die == 1) and (event.attack or event.die in (1, 19, 20))
    )
    extra = f", {special.label}" if shown else ""
    cost = f"; cost {event.cost}" if event.cost else ""
    effect = f"; {_inline(event.effect)}" if event.effect else ""
    app = APP_DIE if event.app_rolled else ""
    return (
        f"{name} rolled {total}{app} for {label} ({amid}{difficulty_name(final)} {final},"
        f" target {target_number(final)}): {outcome}{extra}{through}{cost}{effect}."
    )
