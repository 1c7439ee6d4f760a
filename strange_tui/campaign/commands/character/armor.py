"""R-CMB-6: put armor on or take it off, the Might owed for the hours worn paid first."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from strange_tui.campaign.commands.base import Command, character_of
from strange_tui.campaign.commands.character.previews import PoolsAfter, after_events, pools_after
from strange_tui.campaign.model.abilities import armor_total, moment
from strange_tui.campaign.model.events import AnyEvent, ArmorChanged, PointsSpent
from strange_tui.campaign.model.folds import armor
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation


class ArmorPreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-CMB-6: putting armor on or taking it off: the Armor that counts, the Speed pool's
    maximum, and what wearing it costs, before and after; the Might owed for the hours
    already worn is paid first."""

    wearing: str
    """The armor worn now ('' for none)."""
    armor: str
    """The armor worn after ('' for none)."""
    armor_before: int
    armor_after: int
    speed_before: int
    speed_after: int
    """The Speed pool's maximum."""
    costs_before: str
    costs_after: str
    practiced: bool
    owed_hours: int = 0
    owed_might: int = 0
    after: PoolsAfter


class ChangeArmor(Command, frozen=True, kw_only=True):
    """R-CMB-6: a character puts on light, medium or heavy armor, or takes it off (""):
    the Armor they wear counts against every hit; unpracticed, it takes from their Speed
    pool's maximum and costs Might each hour (the Might owed so far is paid first)."""

    character: str
    armor: str = ""

    def events(self, state: Campaign) -> list[AnyEvent]:
        who = character_of(state, self.character)
        if self.armor and self.armor not in armor.CATEGORIES:
            raise RuleViolation(f"Armor is light, medium or heavy; not {self.armor!r}.")
        owed: list[AnyEvent] = [e for e in armor.wear_costs(state) if e.character == who.id]
        return [*owed, ArmorChanged(character=who.id, armor=self.armor)]

    def preview(self, state: Campaign) -> ArmorPreview:
        events = self.events(state)
        before = character_of(state, self.character)
        after = character_of(after_events(state, events), self.character)
        owed = [e for e in events if isinstance(e, PointsSpent)]
        return ArmorPreview(
            wearing=before.worn.category if before.worn else "",
            armor=self.armor,
            armor_before=armor_total(before, moment(state)),
            armor_after=armor_total(after, moment(state)),
            speed_before=before.pools.speed.maximum,
            speed_after=after.pools.speed.maximum,
            costs_before=armor.cost_words(before.worn),
            costs_after=armor.cost_words(after.worn),
            practiced=armor.practice(before) > 0,
            owed_hours=sum(e.armor_hours for e in owed),
            owed_might=sum(e.amount for e in owed),
            after=pools_after(state, self.character, events),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return self.events(state)
