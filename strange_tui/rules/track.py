"""The damage track: hale, impaired, debilitated, dead (R-DMG-3, R-DMG-4)."""

from __future__ import annotations

from enum import IntEnum


class DamageTrack(IntEnum):
    """A PC's place on the damage track; the value is the steps taken down from hale."""

    HALE = 0
    IMPAIRED = 1
    DEBILITATED = 2
    DEAD = 3

    @property
    def label(self) -> str:
        return self.name.lower()


def step_down(track: DamageTrack, steps: int = 1) -> DamageTrack:
    """R-DMG-3: move down the track by ``steps``; dead is as far as it goes."""
    if steps < 0:
        raise ValueError("step_down takes a number of steps, 0 or more")
    return DamageTrack(min(DamageTrack.DEAD, track + steps))


def step_up(track: DamageTrack, steps: int = 1) -> DamageTrack:
    """R-REC-3: move up the track by ``steps``, to hale at best. Dead is dead (R-DMG-4)."""
    if steps < 0:
        raise ValueError("step_up takes a number of steps, 0 or more")
    if track is DamageTrack.DEAD:
        return track
    return DamageTrack(max(DamageTrack.HALE, track - steps))


def can_act(track: DamageTrack) -> bool:
    """R-DMG-4: a debilitated or dead PC can take no action (a crawl aside)."""
    return track < DamageTrack.DEBILITATED


def can_move(track: DamageTrack, speed_pool: int) -> bool:
    """R-DMG-4: a debilitated PC may move an immediate distance, not at all with Speed 0."""
    if track is DamageTrack.DEAD:
        return False
    if track is DamageTrack.DEBILITATED:
        return speed_pool > 0
    return True
