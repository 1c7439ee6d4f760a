"""Taking a weakness for an Edge (R-WEAK-1), with what the sheet will show after."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from strange_tui.campaign.commands.base import Command, character_of
from strange_tui.campaign.model.events import AnyEvent, WeaknessTaken
from strange_tui.campaign.model.folds.character import take_weakness
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.pools import Stat


class WeaknessPreview(msgspec.Struct, frozen=True, kw_only=True):
    """Edge and weakness in each pool after the trade, in words."""

    lines: tuple[str, ...]


class TakeWeakness(Command, frozen=True, kw_only=True):
    """R-WEAK-1: a weakness of 1 in ``weak`` for +1 Edge in ``edge``, at any time."""

    character: str
    weak: Stat
    edge: Stat

    def preview(self, state: Campaign) -> WeaknessPreview:
        who = character_of(state, self.character)
        after = take_weakness(who, self.weak, self.edge)
        lines = []
        for stat in Stat:
            before, now = who.pools[stat], after.pools[stat]
            if (before.edge, before.weakness) != (now.edge, now.weakness):
                lines.append(
                    f"{stat.value.title()}: Edge {before.edge} → {now.edge},"
                    f" weakness {before.weakness} → {now.weakness}"
                )
        return WeaknessPreview(lines=tuple(lines))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        character_of(state, self.character)
        return [WeaknessTaken(character=self.character, weak=self.weak, edge=self.edge)]
