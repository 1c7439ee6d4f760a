"""A character as plain data: the sheet the CLI prints and the app shows."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from strange_tui.campaign.model.abilities import (
    ability_attacks,
    active_now,
    armor_parts,
    armor_total,
    skills_now,
)
from strange_tui.campaign.model.ability_tasks import trainings_maybe
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.campaign.narrate.plain import markdown
from strange_tui.rules.cyphers import cypher_load
from strange_tui.rules.pools import Stat


def artifacts_words(sheet: dict) -> str:
    """R-ART-1: 'Ghost lens (4), Shard blade (3, unidentified), Old key (2, spent)'."""

    def one(artifact: dict) -> str:
        marks = [str(artifact["level"])]
        if not artifact["identified"]:
            marks.append("unidentified")
        if artifact["spent"]:
            marks.append("spent")
        return f"{artifact['name']} ({', '.join(marks)})"

    return ", ".join(one(a) for a in sheet.get("artifacts", []))


def scars_words(sheet: dict) -> str:
    """R-DMG-6: '4 Might; permanent 1 Speed' ('' without any)."""
    parts = []
    if lasting := sheet.get("lasting_damage"):
        parts.append(", ".join(f"{n} {stat.title()}" for stat, n in lasting.items()))
    if permanent := sheet.get("permanent_damage"):
        parts.append("permanent " + ", ".join(f"{n} {s.title()}" for s, n in permanent.items()))
    return "; ".join(parts)


def sentence(character: Character) -> str:
    """'I am a Tough Vector who Is Licensed to Carry' (RULES.md section 9)."""
    article = "an" if character.descriptor[:1].lower() in "aeiou" else "a"
    return f"I am {article} {character.descriptor} {character.type} who {character.focus}"


def attack_data(attacks: Iterable[Any]) -> list[dict[str, Any]]:
    """The attacks as the tracker lists them (``ability_sheet``'s rows: each weapon carried,
    bare hands, each ability's attack), as plain data: the final damage and its parts, the
    range, the stat, the training, what counts only sometimes (R-CMB-2, R-ABL-1)."""
    return [
        {
            "name": row.name,
            "damage": row.damage,
            "parts": [{"from": name, "damage": n} for name, n in row.parts],
            "range": row.range,
            "stat": row.stat,
            "training": row.training,
            "notes": list(row.notes),
        }
        for row in attacks
    ]


def _abilities_own(character: Character) -> list[dict[str, Any]]:
    """The attacks the character's abilities make, where no content tells the weapons."""
    return [
        {
            "name": f"{source}: {attack.name}" if attack.name else source,
            "damage": attack.damage,
            "parts": [{"from": source, "damage": attack.damage}],
            "range": attack.range,
            "stat": attack.stat,
            "training": "",
            "notes": ["ignores Armor"] if attack.ignores_armor else [],
        }
        for source, attack in ability_attacks(character)
    ]


def sheet_data(
    character: Character, now: int | None = None, attacks: Iterable[Any] | None = None
) -> dict[str, Any]:
    """Everything on the sheet, keys in snake_case, ready for JSON: the Armor and skills
    with what the abilities add (R-ABL-1), and the abilities in use at ``now``. ``attacks``
    are the tracker's rows for the character (``ability_sheet``: the weapons carried with
    their damage, bare hands, the abilities' attacks); without them, the abilities' own."""
    pools = {
        stat.value: {
            "current": character.pools[stat].current,
            "max": character.pools[stat].maximum,
            "edge": character.pools[stat].edge,
        }
        for stat in Stat
    }
    data: dict[str, Any] = {
        "id": character.id,
        "name": character.name,
        "descriptor": character.descriptor,
        "type": character.type,
        "focus": character.focus,
        "sentence": sentence(character),
        "tier": character.tier,
        "pools": pools,
        "effort": character.effort,
        "armor": armor_total(character, now),
        "armor_from": [{"from": name, "armor": n} for name, n in armor_parts(character, now)],
        "xp": character.xp,
        "damage_track": character.track.label,
        "skills": skills_now(character, now),
        # R-ABL-1: a training that holds only in some situation, beside the skills.
        "skills_maybe": [
            {"skill": t.skill, "level": t.level, "when": t.when, "from": t.source}
            for t in trainings_maybe(character, now)
        ],
        "abilities": list(character.abilities),
        "ability_attacks": [
            {
                "ability": source,
                "name": attack.name,
                "damage": attack.damage,
                "range": attack.range,
                "stat": attack.stat,
                "ignores_armor": attack.ignores_armor,
            }
            for source, attack in ability_attacks(character)
        ],
        "attacks": _abilities_own(character) if attacks is None else attack_data(attacks),
        "in_use": [
            {"ability": name, "seconds_left": left} for name, left in active_now(character, now)
        ]
        if now is not None
        else [],
        "cyphers": [
            {"name": c.name, "level": c.level, "occultic": c.occultic} for c in character.cyphers
        ],
        "cypher_limit": character.cypher_limit,
        "cypher_load": cypher_load([c.occultic for c in character.cyphers]),
        "artifacts": [
            {"name": a.name, "level": a.level, "identified": a.identified, "spent": a.spent}
            for a in character.artifacts
        ],
        "lasting_damage": {stat.value: n for stat, n in character.scars.lasting.items()},
        "permanent_damage": {stat.value: n for stat, n in character.scars.permanent.items()},
        "equipment": list(character.equipment),
        "advancements": list(character.advancements),
        "recovery_bonus": character.tier + character.recovery_bonus,
        "rests_today": character.rests_today,
        "notes": character.notes,
    }
    if character.pools.luck is not None:
        data["pools"]["luck"] = {
            "current": character.pools.luck.current,
            "max": character.pools.luck.maximum,
            "edge": 0,
        }
    return data


def find_character(state: Campaign, wanted: str) -> Character:
    """The character an id, a name or the start of a name points to; KeyError says why."""
    if wanted in state.characters:
        return state.characters[wanted]
    folded = wanted.casefold()
    exact = [c for c in state.characters.values() if c.name.casefold() == folded]
    if exact:
        return exact[0]
    starts = [c for c in state.characters.values() if c.name.casefold().startswith(folded)]
    if len(starts) == 1:
        return starts[0]
    names = ", ".join(c.name for c in state.characters.values()) or "none yet"
    if starts:
        raise KeyError(f"{wanted!r} could be {', '.join(c.name for c in starts)}; say which.")
    raise KeyError(f"No character {wanted!r} in {state.name} (characters: {names}).")


def _pool_line(name: str, pool: dict[str, int]) -> tuple[str, str]:
    edge = f", Edge {pool['edge']}" if pool["edge"] else ""
    return name.title(), f"{pool['current']}/{pool['max']}{edge}"


def text_sheet(sheet: dict[str, Any]) -> str:
    """A sheet as plain text, for a terminal or a script."""
    rows = sheet_rows(sheet)
    width = max(len(label) for label, _ in rows)
    lines = [f"{sheet['name']} — {sheet['sentence']}"]
    lines += [f"  {label.ljust(width)}  {value}" for label, value in rows]
    return "\n".join(lines)


def sheet_rows(sheet: dict[str, Any]) -> list[tuple[str, str]]:
    """The sheet's rows under its name line, (label, value): pools, tier... notes."""
    rows = [
        (label, value) for label, value in (_pool_line(n, p) for n, p in sheet["pools"].items())
    ]
    rows += [
        ("Tier", str(sheet["tier"])),
        ("Effort", str(sheet["effort"])),
        ("Armor", armor_words(sheet)),
        ("XP", str(sheet["xp"])),
        ("Track", sheet["damage_track"]),
        ("Skills", ", ".join(skills_words(sheet)) or "—"),
        ("Abilities", ", ".join(sheet["abilities"]) or "—"),
        *(
            [("Attacks", ", ".join(attack_words(a) for a in sheet["attacks"]))]
            if sheet.get("attacks")
            else []
        ),
        (
            "Cyphers",
            (", ".join(f"{c['name']} ({c['level']})" for c in sheet["cyphers"]) or "—")
            + f" [{sheet['cypher_load']}/{sheet['cypher_limit']}]",
        ),
        *([("Artifacts", artifacts_words(sheet))] if sheet["artifacts"] else []),
        *([("Lasting", scars_words(sheet))] if scars_words(sheet) else []),
        ("Equipment", ", ".join(sheet["equipment"]) or "—"),
    ]
    return rows + ([("Notes", sheet["notes"])] if sheet["notes"] else [])


def skills_words(sheet: dict[str, Any]) -> list[str]:
    """'climbing (trained)', then each training that holds only in some situation,
    marked with it: 'ranged attacks (trained: from abilities or devices)' (R-ABL-1)."""
    words = [f"{skill} ({level})" for skill, level in sheet["skills"].items()]
    return words + [maybe_words(maybe) for maybe in sheet.get("skills_maybe", [])]


def maybe_words(maybe: dict[str, str]) -> str:
    """A situational training as the sheet lists it."""
    return f"{maybe['skill']} ({maybe['level']}: {maybe['when']})"


def armor_words(sheet: dict[str, Any]) -> str:
    """'3 (medium armor 2 + Ward 1)': the Armor and, unless it is the descriptor's alone,
    what gives it."""
    parts = sheet["armor_from"]
    if len(parts) < 2 and not (parts and parts[0]["from"] != sheet["descriptor"]):
        return str(sheet["armor"])
    each = " + ".join(f"{part['from']} {part['armor']}" for part in parts)
    return f"{sheet['armor']} ({each})"


def attack_words(attack: dict[str, Any]) -> str:
    """'Medium pistol 4 (long, Speed; trained (guns))', 'Onslaught: force ray 4 (short,
    Intellect; ignores Armor)': the damage a hit deals, then how the attack is made."""
    how = [attack["training"]] if attack["training"] else []
    how += attack["notes"]
    said = f"; {'; '.join(how)}" if how else ""
    stat = attack["stat"].title()
    return f"{attack['name']} {attack['damage']} ({attack['range']}, {stat}{said})"


def markdown_sheet(sheet: dict[str, Any]) -> str:
    """A sheet as Markdown, for a wiki or a session recap (user text escaped)."""
    md = markdown
    lines = [f"## {md(sheet['name'])}", "", f"*{md(sheet['sentence'])}.* Tier {sheet['tier']}.", ""]
    lines += ["| Pool | Current | Max | Edge |", "|---|---|---|---|"]
    lines += [
        f"| {name.title()} | {p['current']} | {p['max']} | {p['edge']} |"
        for name, p in sheet["pools"].items()
    ]
    lines += [
        "",
        f"- **Effort** {sheet['effort']} · **Armor** {md(armor_words(sheet))}"
        f" · **XP** {sheet['xp']}"
        f" · **Damage track** {sheet['damage_track']}",
        f"- **Skills** {', '.join(md(skill) for skill in skills_words(sheet)) or '—'}",
        f"- **Abilities** {', '.join(md(a) for a in sheet['abilities']) or '—'}",
        *(
            [f"- **Attacks** {', '.join(md(attack_words(a)) for a in sheet['attacks'])}"]
            if sheet.get("attacks")
            else []
        ),
        f"- **Cyphers** {', '.join(md(c['name']) for c in sheet['cyphers']) or '—'}"
        f" ({sheet['cypher_load']}/{sheet['cypher_limit']})",
        *([f"- **Artifacts** {md(artifacts_words(sheet))}"] if sheet.get("artifacts") else []),
        *([f"- **Lasting damage** {md(scars_words(sheet))}"] if scars_words(sheet) else []),
        f"- **Equipment** {', '.join(md(e) for e in sheet['equipment']) or '—'}",
    ]
    if sheet["notes"]:
        lines += [""] + [md(line) for line in sheet["notes"].splitlines()]
    return "\n".join(lines)
