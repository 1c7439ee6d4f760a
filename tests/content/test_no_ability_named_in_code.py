"""What an ability does lives in the packs: no ability, descriptor feature or focus-only
name of the built-in pack appears in the app's Python code."""

from __future__ import annotations

import re
from pathlib import Path

from strange_tui.content.loader import Content

SOURCE = Path(__file__).resolve().parents[2] / "strange_tui"

TOO_PLAIN = {"Ward", "Push", "Scan", "Create", "Calm", "Flee", "Hover", "Sneak", "Evasion",
             "Reload", "Feint", "Lunge", "Parry", "Slice", "Spray", "Swipe", "Bash", "Driver",
             "Insight", "Tracker", "Stasis", "Exile", "Reveal", "Telling", "Sensor", "Fury",
             "Inventor", "Reaction", "Momentum", "Vigilance", "Suggestion", "Oratory",
             "Projection", "Conjuration", "Regeneration", "Teleportation", "Invisibility",
             "Awareness", "Babel", "Anecdote", "Enthrall", "Encouragement", "Understanding",
             "Stimulate", "Strategize", "Psychosis", "Impersonate", "Accelerate", "Concussion",
             "Countermeasures", "Earthquake", "Quarry", "Betrayal", "Stalker", "Entourage",
             "Connected", "Levity", "Inspiration", "Murderer", "Shatter", "Onslaught"}  # fmt: skip
"""One-word names that are also plain English ("Create" is a button, "Quarry" a chase's):
matched only as a quoted string on a line that speaks of abilities."""


def ability_names() -> set[str]:
    content = Content()
    return {entry.name for entry in content.kind("abilities").values()}


def test_no_ability_is_named_in_the_app_code():
    names = ability_names()
    assert len(names) > 300
    multiword = sorted((n for n in names if n not in TOO_PLAIN), key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(n) for n in multiword))
    plain = "|".join(re.escape(n) for n in TOO_PLAIN)
    quoted = re.compile(rf"(?i:abilit).*[\"']({plain})[\"' (]")
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            if match := pattern.search(line) or quoted.search(line):
                found.append(f"{path.relative_to(SOURCE)}:{number}: {match.group(0)!r}")
    said = "\n".join(found)
    assert not found, f"Abilities named in Python (their effects belong in the packs):\n{said}"
