"""An ability's effect in a few words, and the condition it counts under, as the sheet,
the previews and the log say them ('+1 Armor against fire', 'while wearing armor')."""

from __future__ import annotations

from typing import Any


def when_words(effect: Any) -> str:
    """The condition of an effect in words: 'while wearing armor', 'in dim light'."""
    if effect.when == "situational":
        return effect.situation
    return {"impaired": "while impaired"}.get(
        effect.when, f"with {effect.when}".replace("with wearing armor", "while wearing armor")
    )


def effect_words(effect: Any) -> str:
    """An effect in a few words, as the sheet and the previews list it."""
    match type(effect).__name__:
        case "ArmorBonus":
            return f"+{effect.value} Armor" + (
                f" against {effect.against}" if effect.against else ""
            )
        case "DamageBonus":
            kind = "" if effect.attacks == "all" else f" {effect.attacks}"
            return f"+{effect.value} damage on{kind} attacks"
        case "Ease" | "Hinder":
            verb = "eased" if type(effect).__name__ == "Ease" else "hindered"
            steps = f" {effect.steps} steps" if effect.steps > 1 else ""
            return f"{', '.join(effect.tasks)} {verb}{steps}"
        case "Asset":
            return f"an asset on {', '.join(effect.tasks)}"
        case "FreeEffort":
            return f"free Effort on {', '.join(effect.tasks)}"
        case "Training":
            return f"{effect.level} in {effect.skill}"
        case "EdgeBonus":
            return f"+{effect.value} {effect.stat.title()} Edge"
    return type(effect).__name__
