"""A character as a Foundry VTT Cypher System actor (`cyphersystem`, actor type "pc"):
the dict Foundry's "Import Data" takes, its fields as the system's template names them.

Foundry's sheet keeps numbers we compute (the Armor, the recovery roll's bonus): they go
as the sheet shows them now. What Foundry has no place for (an occultic cypher, a spent
artifact) rides in the item's flags under ``strange-tui``."""

from __future__ import annotations

import hashlib
import html
import re
from typing import Any

from strange_tui.campaign.commands.character.attacks import ability_sheet
from strange_tui.campaign.model.abilities import armor_parts, armor_total, moment, skills_now
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.rules.cyphers import depletion_words
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack

FLAGS = "strange-tui"
ACTOR_VERSION, ITEM_VERSION = 3, 2
"""The template's data versions (`template.json`: actor 3, item 2)."""
RESTS = ("oneAction", "tenMinutes", "oneHour", "tenHours")
"""R-REC-2: the day's rests in their order, as Foundry's recovery boxes name them."""
TRACK = {
    DamageTrack.HALE: "Hale",
    DamageTrack.IMPAIRED: "Impaired",
    DamageTrack.DEBILITATED: "Debilitated",
    DamageTrack.DEAD: "Debilitated",  # Foundry's track stops at debilitated.
}
STEPS = {"pools": "stats", "effort": "effort", "edge": "edge", "skill": "skill"}
"""R-ADV-1: our advancement steps as Foundry's boxes (any other option is 'other')."""
POOL_WORDS = {"might": "Might", "speed": "Speed", "intellect": "Intellect"}


def text_html(text: str) -> str:
    """Plain text as Foundry's rich text: escaped, a paragraph per line."""
    return "".join(f"<p>{html.escape(line)}</p>" for line in text.splitlines())


def item(name: str, kind: str, basic: dict[str, Any], **extra: Any) -> dict[str, Any]:
    system: dict[str, Any] = {"version": ITEM_VERSION, "basic": basic, "description": ""}
    system.update(extra.pop("system", {}))
    return {"name": name, "type": kind, "system": system, **extra}


def current_recursion(state: Campaign, who: Character) -> str:
    return who.travel.recursion or state.recursion


def recursion_items(state: Campaign, who: Character, library: Library) -> list[dict[str, Any]]:
    """R-TR-8: a focus per recursion: the one the character has where they are (active),
    and the one they had in each recursion they left."""
    names = library.kind("recursions")
    here = current_recursion(state, who)
    foci = {here: who.focus, **{r: f for r, f in who.foci.items() if r != here}}
    return [
        item(
            names[rid].name if rid in names else rid,
            "recursion",
            {"focus": focus},
            system={"active": rid == here},
            flags={FLAGS: {"recursion": rid}},
        )
        for rid, focus in foci.items()
    ]


def ability_items(state: Campaign, who: Character, library: Library) -> list[dict[str, Any]]:
    """Each ability with its cost as the pack gives it (Foundry takes the Edge off when it
    rolls) and its pool ('Pool' when it names none)."""
    by_name = {e.name.casefold(): e for e in library.kind("abilities").values()}
    usable = {u.name: u for u in ability_sheet(state, who, library).usable}
    items = []
    for name in who.abilities:
        entry = by_name.get(re.sub(r"\s*\([^()]*\)$", "", name).casefold())
        if entry is not None:
            cost, pool = entry.cost, POOL_WORDS.get(entry.pool or "", "Pool")
        else:
            use = usable.get(name)
            cost, pool = (use.cost, POOL_WORDS.get(use.pool, "Pool")) if use else (0, "Pool")
        items.append(item(name, "ability", {"cost": cost, "pool": pool}))
    return items


def attack_items(state: Campaign, who: Character, library: Library) -> list[dict[str, Any]]:
    weapons = {w.name: w for w in library.kind("weapons").values()}
    items = []
    for row in ability_sheet(state, who, library).attacks:
        weapon = weapons.get(row.name)
        kind = f"{weapon.category} weapon" if weapon else "special ability"
        light = bool(weapon and weapon.category == "light")
        basic = {
            "type": kind,
            "damage": row.damage,
            "modifier": "eased",
            "steps": 1 if light else 0,
            "range": row.range.title(),
            "notes": ", ".join(row.notes),
            "skillRating": row.training.title() if row.training else "Practiced",
        }
        items.append(item(row.name, "attack", basic))
    return items


def armor_items(who: Character, now: int) -> list[dict[str, Any]]:
    worn = who.worn
    items = []
    for source, rating in armor_parts(who, now):
        is_worn = worn is not None and source == f"{worn.category} armor"
        kind = source if is_worn else "special ability"
        cost = worn.effort_extra if is_worn and worn else 0
        basic = {"type": kind, "rating": rating, "cost": cost, "notes": ""}
        items.append(item(source, "armor", basic, system={"active": True}))
    return items


def gear_items(who: Character) -> list[dict[str, Any]]:
    cyphers = [
        item(
            c.name,
            "cypher",
            {"level": str(c.level), "identified": c.identified},
            system={"description": text_html(c.effect)},
            flags={FLAGS: {"occultic": c.occultic}},
        )
        for c in who.cyphers
    ]
    artifacts = [
        item(
            a.name,
            "artifact",
            {
                "level": str(a.level),
                "depletion": depletion_words(a.depletion_in, a.depletion_die),
                "identified": a.identified,
            },
            system={"description": text_html(a.effect)},
            flags={FLAGS: {"spent": a.spent}},
        )
        for a in who.artifacts
    ]
    equipment = [item(name, "equipment", {"level": "", "quantity": 1}) for name in who.equipment]
    return cyphers + artifacts + equipment


def advancement(who: Character) -> dict[str, bool]:
    boxes = dict.fromkeys((*STEPS.values(), "other"), False)
    for step in who.advancements:
        boxes[STEPS.get(step, "other")] = True
    return boxes


def scar_items(who: Character) -> list[dict[str, Any]]:
    """R-DMG-6: lasting and permanent damage, as Foundry's lasting-damage items."""
    return [
        item(
            f"{kind} {stat.value.title()} damage",
            "lasting-damage",
            {"damage": n, "effect": "", "pool": stat.value.title(), "type": kind},
        )
        for kind, scars in (("Lasting", who.scars.lasting), ("Permanent", who.scars.permanent))
        for stat, n in scars.items()
    ]


def pools_of(who: Character) -> dict[str, Any]:
    pools: dict[str, Any] = {
        stat.value: {
            "value": who.pools[stat].current,
            "max": who.pools[stat].maximum,
            "edge": who.pools[stat].edge,
        }
        for stat in Stat
    }
    luck = who.pools.luck
    pools["additional"] = (
        {"value": luck.current, "max": luck.maximum, "edge": 0}
        if luck
        else {"value": 0, "max": 0, "edge": 0}
    )
    return pools


def actor_of(state: Campaign, who: Character, library: Library) -> dict[str, Any]:
    """The Foundry actor of ``who``: its sheet, skills, abilities, attacks, armor, cyphers,
    artifacts, equipment and a recursion item per focus (R-TR-8)."""
    now = moment(state)
    rests = {box: n < who.rests_today for n, box in enumerate(RESTS)}
    system = {
        "version": ACTOR_VERSION,
        "basic": {
            "descriptor": who.descriptor,
            "type": who.type,
            "focus": who.focus,
            "tier": who.tier,
            "effort": who.effort,
            "xp": who.xp,
            "advancement": advancement(who),
        },
        "pools": pools_of(who),
        "combat": {
            "recoveries": {"roll": f"1d6+{who.tier + who.recovery_bonus}", **rests},
            "damageTrack": {"state": TRACK[who.track]},
            "armor": {
                "ratingTotal": armor_total(who, now),
                "costTotal": who.worn.effort_extra if who.worn else 0,
            },
        },
        "equipment": {"cypherLimit": who.cypher_limit},
        "notes": text_html(who.notes),
        "settings": {
            "general": {"additionalPool": {"active": who.pools.luck is not None, "label": "Luck"}},
            "equipment": {"artifacts": {"active": bool(who.artifacts)}},
        },
    }
    skills = [
        item(name, "skill", {"rating": level.title()})
        for name, level in skills_now(who, now).items()
    ]
    items = [
        *skills,
        *ability_items(state, who, library),
        *attack_items(state, who, library),
        *armor_items(who, now),
        *gear_items(who),
        *scar_items(who),
        *recursion_items(state, who, library),
    ]
    for n, each in enumerate(items):  # Foundry's ids: 16 letters or digits, stable here.
        each["_id"] = hashlib.sha256(f"{who.id}:{n}:{each['name']}".encode()).hexdigest()[:16]
    return {
        "name": who.name,
        "type": "pc",
        "img": "icons/svg/mystery-man.svg",
        "system": system,
        "items": items,
        "effects": [],
        "flags": {FLAGS: {"id": who.id}},
    }
