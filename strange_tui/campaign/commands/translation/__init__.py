"""Translating the party to another recursion (R-TR-1..9), with what its wizard shows.

The command (``translate``), what the wizard shows before the die (``preview``) and after it
(``outcome``), training and helpers (``training``), the foci taken on arrival (``foci``),
what a failure brings (``failure``). The names the screens use are re-exported here."""

from strange_tui.campaign.commands.translation.failure import CONSEQUENCES, DRAW
from strange_tui.campaign.commands.translation.foci import choices_of
from strange_tui.campaign.commands.translation.outcome import (
    Arrival,
    TranslationOutcome,
    outcome_of,
)
from strange_tui.campaign.commands.translation.preview import (
    DifficultyPart,
    FocusChange,
    HelpLine,
    TranslationPreview,
)
from strange_tui.campaign.commands.translation.training import TRANSLATION_SKILL
from strange_tui.campaign.commands.translation.translate import Translate

__all__ = [
    "CONSEQUENCES",
    "DRAW",
    "TRANSLATION_SKILL",
    "Arrival",
    "DifficultyPart",
    "FocusChange",
    "HelpLine",
    "Translate",
    "TranslationOutcome",
    "TranslationPreview",
    "choices_of",
    "outcome_of",
]
