"""R-REC-1: the recovery die shown before the points are divided, recorded as it is shown
(a die shown is a die kept): ``RollRecoveryDie`` rolls it (or records the player's own
die, typed) and the rest then uses it; ``TakeBackRecoveryDie`` is the GM's alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from strange_tui.campaign.commands.base import Command, character_of, dice_for
from strange_tui.campaign.model.events import AnyEvent, RecoveryDieShown, RecoveryDieTakenBack
from strange_tui.campaign.model.folds.recovery_die import waiting_die
from strange_tui.campaign.model.folds.rolls import app_rolled
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.recovery import RECOVERY_DIE
from strange_tui.rules.track import DamageTrack


def kept_die(who: Character, typed: int | None, kept: bool = False) -> int | None:
    """R-REC-1: the d6 a rest uses: the one shown for it (a die shown is a die kept; a
    different one is refused), else the one typed (None: the app rolls it with the rest).
    ``kept``: the rest is made with the die shown, refused when none waits any more."""
    if who.recovery_die is None:
        if kept:
            raise RuleViolation(f"No recovery die waits for {who.name} now: roll it again.")
        return typed
    if typed is not None and typed != who.recovery_die:
        raise RuleViolation(waiting_die(who))
    return who.recovery_die


class RollRecoveryDie(Command, frozen=True, kw_only=True):
    """R-REC-1: the d6 of a character's next recovery roll, before the points are divided:
    the player's own die (``die``, typed) or the app's, recorded when it is shown. The
    rest uses it; while it waits, no other is rolled (only the GM takes it back)."""

    character: str
    die: int | None = None

    def _check(self, state: Campaign) -> Character:
        who = character_of(state, self.character)
        if who.track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead, and dead is dead.")
        if who.recovery_die is not None:
            raise RuleViolation(waiting_die(who))
        return who

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        who = self._check(state)
        source = dice_for(self.die, dice, RECOVERY_DIE)  # Refuses a face the d6 lacks.
        face = source.roll(RECOVERY_DIE)
        by_app = app_rolled(face, source)
        return [RecoveryDieShown(character=who.id, die=face, app_rolled=by_app)]


class TakeBackRecoveryDie(Command, frozen=True, kw_only=True):
    """The GM takes back the recovery die shown for a character's next rest (a die shown
    is a die kept from every other seat); the log says so, and the next rest rolls anew."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "take back a recovery die"

    character: str

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        who = character_of(state, self.character)
        if who.recovery_die is None:
            raise RuleViolation(f"No recovery die is shown for {who.name}.")
        return [RecoveryDieTakenBack(character=who.id, die=who.recovery_die)]
