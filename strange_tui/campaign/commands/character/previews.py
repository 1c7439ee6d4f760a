"""The pools before and after an action, folded through ``reduce`` as the store will."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.commands.base import character_of
from strange_tui.campaign.model.events import AnyEvent
from strange_tui.campaign.model.reduce import reduce
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.pools import SPILL_ORDER, Pools
from strange_tui.rules.track import DamageTrack


class PoolLine(msgspec.Struct, frozen=True, kw_only=True):
    """One pool before and after an action ("luck" for the Luck pool)."""

    name: str
    before: int
    after: int
    maximum: int


class PoolsAfter(msgspec.Struct, frozen=True, kw_only=True):
    """A character's pools and damage track before and after an action, as ``reduce``
    makes them."""

    pools: tuple[PoolLine, ...]
    track_before: DamageTrack
    track_after: DamageTrack

    @property
    def changed(self) -> tuple[PoolLine, ...]:
        """The pools the action moves."""
        return tuple(line for line in self.pools if line.before != line.after)


def after_events(state: Campaign, events: Sequence[AnyEvent]) -> Campaign:
    """The state after ``events``, folded by ``reduce`` as the store will apply them (the
    same numbering), so a preview cannot disagree with the outcome."""
    first = 0
    for event in events:
        event = replace(event, seq=state.seq + 1, at=state.clock.seconds, batch=first)
        first = first or event.seq
        state = reduce(state, event)
    return state


def pools_after(state: Campaign, character_id: str, events: Sequence[AnyEvent]) -> PoolsAfter:
    """A character's pools and track before ``events`` and after ``reduce`` folds them."""
    before = character_of(state, character_id)
    after = character_of(after_events(state, events), character_id)
    return PoolsAfter(
        pools=_lines(before.pools, after.pools),
        track_before=before.track,
        track_after=after.track,
    )


def _lines(before: Pools, after: Pools) -> tuple[PoolLine, ...]:
    lines = [
        PoolLine(
            name=stat.value,
            before=before[stat].current,
            after=after[stat].current,
            maximum=after[stat].maximum,
        )
        for stat in SPILL_ORDER
    ]
    if before.luck is not None and after.luck is not None:
        lines.append(
            PoolLine(
                name="luck",
                before=before.luck.current,
                after=after.luck.current,
                maximum=after.luck.maximum,
            )
        )
    return tuple(lines)
