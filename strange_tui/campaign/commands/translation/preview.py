"""What the translation wizard shows before the die (R-TR-1..9): the itemised difficulty,
what each helper gives, each participant's focus on arrival, the times and the odds."""

from __future__ import annotations

import msgspec

from strange_tui.campaign.commands.rolls.odds import OddsView


class DifficultyPart(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the itemised difficulty (R-TR-1, R-TR-3, R-TR-4), or of what eases or
    hinders the initiator's roll (training, assets, Effort, effects)."""

    label: str
    steps: int


class HelpLine(msgspec.Struct, frozen=True, kw_only=True):
    """R-HELP-1..2: what one helper gives the initiator."""

    name: str
    text: str
    bonus: int = 0
    lends: str = ""
    """The training lent ('trained', 'specialized'), or ''."""


class FocusChange(msgspec.Struct, frozen=True, kw_only=True):
    """R-TR-8: a participant's focus on arrival, what leaves with the old one and comes
    with the new one."""

    name: str
    old: str
    new: str
    leaves: tuple[str, ...] = ()
    comes: tuple[str, ...] = ()
    restored: bool = False
    """The new focus is one they had before: what it gave comes back."""


class TranslationPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What the wizard shows before the die: times, the itemised difficulty, the odds (with
    a paradox's free reroll), the Effort's cost and whether it can be paid."""

    trance: int
    """R-TR-2: seconds of trance."""
    acclimation: int
    """R-TR-2: seconds of acclimation on a plain success (a 19 or 20 skips it, R-TR-6)."""
    parts: tuple[DifficultyPart, ...]
    difficulty: int
    """The sum of the parts (above 10, the rest hinders the roll)."""
    helpers: int
    """R-HELP-2: what the helpers add to the roll (+1 each who does not lend training)."""
    help: tuple[HelpLine, ...]
    """R-TR-1, R-HELP-1..2: each helper and what they give."""
    steps: tuple[DifficultyPart, ...]
    """What eases (-) or hinders (+) the initiator's roll: training (their own or lent),
    an inability, assets, Effort, each effect on them (R-TR-7)."""
    odds: OddsView
    """The initiator's Intellect task (R-TASK-5), with the translation's special faces."""
    paradox: bool
    """R-TR-5: the initiator rerolls a failure, free."""
    p_success: float
    """The chance that the party translates, the paradox's reroll counted."""
    cost: int
    """Intellect points the Effort costs (0 without Effort)."""
    problem: str | None = None
    """Why the initiator could not roll as things stand (the Effort, their state)."""
    origin: str = ""
    """Where they translate from."""
    place: str = ""
    """R-TR-9: where they arrive unless the GM says otherwise: where the initiator last left
    the destination ('' if never)."""
    leaving: str = ""
    """R-TR-9: the place they leave from, as last noted."""
    foci: tuple[FocusChange, ...] = ()
    """R-TR-8: each participant's focus on arrival, and what it changes."""
    stay: tuple[str, ...] = ()
    """The names of those who stay behind."""
