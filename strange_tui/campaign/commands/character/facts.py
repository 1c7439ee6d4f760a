"""R-CYP-1, R-REC-1..3, R-CMB-6: the numbers the sheet shows that the rules work out."""

from __future__ import annotations

import msgspec

from strange_tui.campaign.commands.character.cyphers import load_of
from strange_tui.campaign.model.folds import armor
from strange_tui.campaign.model.state import Character
from strange_tui.campaign.model.types import ROUND_SECONDS
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.recovery import next_rest, recover_track_step
from strange_tui.rules.track import DamageTrack


class SheetFacts(msgspec.Struct, frozen=True, kw_only=True):
    """What the sheet shows that the rules work out: the cypher load against the limit
    (R-CYP-1), the next rest (R-REC-2), the recovery roll (R-REC-1)."""

    cypher_load: int
    cypher_limit: int
    over_limit: int
    next_rest_number: int
    next_rest_label: str
    next_rest_seconds: int
    recovery_bonus: int
    can_step_up: bool
    dead: bool
    worn: str = ""
    """R-CMB-6: the armor worn ('' for none), and what wearing it costs."""
    armor_costs: str = ""


def sheet_facts(character: Character) -> SheetFacts:
    """R-CYP-1, R-REC-1..3: the sheet's worked-out numbers for ``character``."""
    load = load_of(character.cyphers)
    rest = next_rest(character.rests_today)
    return SheetFacts(
        cypher_load=load,
        cypher_limit=character.cypher_limit,
        over_limit=max(0, load - character.cypher_limit),
        next_rest_number=rest.number,
        next_rest_label=rest.label,
        next_rest_seconds=rest_seconds(character),
        recovery_bonus=character.tier + character.recovery_bonus,
        can_step_up=can_step_up(character),
        dead=character.track is DamageTrack.DEAD,
        worn=character.worn.category if character.worn else "",
        armor_costs=armor.cost_words(character.worn) if character.worn else "",
    )


def rest_seconds(character: Character) -> int:
    """R-REC-2: how long the character's next rest takes, in seconds."""
    rest = next_rest(character.rests_today)
    return rest.rounds * ROUND_SECONDS + rest.minutes * 60


def can_step_up(character: Character) -> bool:
    """R-REC-3: whether a recovery roll may buy one step up the damage track."""
    try:
        recover_track_step(character.pools, character.track)
    except RuleViolation:
        return False
    return True
