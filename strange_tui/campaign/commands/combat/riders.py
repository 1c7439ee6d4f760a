"""What a creature's hit brings beyond its damage (R-NPC-2): each rider its entry gives
becomes the hit PC's defense roll, in the same command as the defense the PC failed, and a
failure lands: steps down the damage track, points of damage (Armor not counting when the
rider says so), a condition for some rounds."""

from __future__ import annotations

from strange_tui.campaign.commands.base import state_after
from strange_tui.campaign.model.creatures import riders
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import AnyEvent, ConditionAdded, RollMade
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.combat import Condition
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack


def rider_events(
    state: Campaign, character: str, npc: Combatant, attack_level: int, die: int | None,
    dice: DiceSource, area: str = "",
) -> list[AnyEvent]:  # fmt: skip
    """R-NPC-2: the hit PC resists each of ``npc``'s riders in turn (a defense at the
    rider's level, else the level ``npc`` attacked at): its roll, then on a failure what
    it brings. ``die``: the player's die for the first rider (the app rolls the rest)."""
    # Imported here: a save's roll stands on the defense, whose failure calls this.
    from strange_tui.campaign.commands.combat.saves import Resist, defense_task

    events: list[AnyEvent] = []
    for rider in riders(npc, area):
        now = state_after(state, events) if events else state
        if now.characters[character].track is DamageTrack.DEAD:
            break
        level = max(1, rider.level or attack_level)
        what = f"{npc.name}'s {rider.attack or 'hit'}"
        if rider.damage or rider.track:
            made = Resist(
                character=character,
                level=level,
                stat=Stat(rider.stat),
                effect=what,
                damage=rider.damage,
                pool=Stat(rider.pool),
                track=rider.track,
                die=die,
            ).events(now, dice)
        else:  # A condition alone: the same defense roll; what lands is the condition.
            roll = defense_task(now, character, Stat(rider.stat), level, f"Resist {what}",
                                skill=None, effort=0, assets=0, die=die)  # fmt: skip
            made = list(roll.decide(now, dice))
        die = None
        events += made
        rolled = next((e for e in made if isinstance(e, RollMade)), None)
        if rider.condition and (rolled is None or not rolled.success):
            condition = Condition(name=rider.condition, rounds=rider.rounds)
            events.append(ConditionAdded(targets=(character,), condition=condition))
    return events


def rider_lines(npc: Combatant, attack_level: int, area: str = "") -> list[str]:
    """R-NPC-2: what a hit of ``npc`` asks of the PC beyond the damage, for the preview."""
    lines = []
    for rider in riders(npc, area):
        lands = []
        if rider.track:
            lands.append(f"{rider.track} step{'s' * (rider.track != 1)} down the track")
        if rider.damage:
            lands.append(f"{rider.damage} {rider.pool.title()} damage")
        if rider.condition:
            lands.append(f"{rider.condition} {rider.rounds} round{'s' * (rider.rounds != 1)}")
        what = rider.attack or "hit"
        lines.append(
            f"Its {what}: then a {rider.stat.title()} defense at level"
            f" {rider.level or attack_level}, or {' and '.join(lands)}"
        )
    return lines

