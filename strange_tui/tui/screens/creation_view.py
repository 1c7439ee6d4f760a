"""What the creation wizard shows: list entries for each choice, and the character so far."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from strange_tui.campaign import creation
from strange_tui.campaign.creation import Draft
from strange_tui.rules.pools import Stat
from strange_tui.tui.widgets.filter_list import Item


def one_line(name: str, detail: str, width: int = 14) -> Text:
    """A list entry: the name, then what matters, cut to one line."""
    text = Text.assemble((f"{name:<{width}}", "bold"), (detail, "cyan"))
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


def descriptor_effects(d: Any) -> str:
    stats = ("might", "speed", "intellect")
    effects = [f"+{v} {s}" for s in stats if (v := getattr(d.pools, s))]
    effects += [f"Armor +{d.armor}"] if d.armor else []
    effects += [f"recovery +{d.recovery_bonus}"] if d.recovery_bonus else []
    effects += [f"{p.name} pool {p.maximum}" for p in d.extra_pools]
    effects += [f"trained: {', '.join(d.skills)}"] if d.skills else []
    effects += [f"inability: {', '.join(d.inabilities)}"] if d.inabilities else []
    return "; ".join(effects)


def type_numbers(t: Any) -> str:
    stats = ("might", "speed", "intellect")
    edges = " or ".join(
        "/".join(f"{s[0].upper()}{getattr(e, s)}" for s in stats if getattr(e, s))
        for e in (t.edge_choices or (t.edge,))
    )
    pools = f"M{t.pools.might} S{t.pools.speed} I{t.pools.intellect} +{t.bonus_points}"
    return f"pools {pools} · Edge {edges} · Effort {t.effort} · cyphers {t.cypher_limit}"


def descriptor_items(library: Any) -> list[Item]:
    return [
        Item(did, one_line(d.name, descriptor_effects(d)), f"{d.name} {d.summary}")
        for did, d in library.kind("descriptors").items()
    ]


def type_items(library: Any) -> list[Item]:
    return [
        Item(tid, one_line(t.name, type_numbers(t), width=9), f"{t.name} {t.summary}")
        for tid, t in library.kind("types").items()
    ]


def focus_items(library: Any, allowed: dict[str, Any]) -> list[Item]:
    return [
        Item(fid, one_line(f.name, "", width=0), f"{f.name} {f.summary}")
        for fid, f in allowed.items()
    ]


def ability_cost(a: Any) -> str:
    return f"{a.cost}{'+' if a.cost_plus else ''} {a.pool}" if a.cost else a.kind


def ability_items(library: Any, ids: tuple[str, ...]) -> list[Item]:
    abilities = library.kind("abilities")
    return [
        Item(aid, one_line(abilities[aid].name, ability_cost(abilities[aid]), width=24),
             f"{abilities[aid].name} {abilities[aid].summary}")
        for aid in ids
    ]  # fmt: skip


def weapon_items(library: Any, light_only: bool) -> list[Item]:
    return [
        Item(
            wid,
            one_line(w.name, f"{w.damage} damage, {w.range}: {', '.join(w.examples[:3])}", 22),
            f"{w.name} {' '.join(w.examples)}",
            enabled=not light_only or w.category == "light",
        )
        for wid, w in library.kind("weapons").items()
        if wid != creation.UNARMED
    ]


def cypher_items(library: Any) -> list[Item]:
    return [
        Item(cid, one_line(c.name, f"{c.level}, {c.kind}", width=26), f"{c.name} {c.effect}")
        for cid, c in library.kind("cyphers").items()
    ]


def details(library: Any, kind: str, entry_id: str) -> Text:
    """The entry under the cursor, in full, for the side panel."""
    entry = library.kind(kind).get(entry_id)
    if entry is None:
        return Text()
    text = Text(entry.name, style="bold underline")
    summary = getattr(entry, "summary", "") or getattr(entry, "effect", "")
    text.append(f"\n{summary}")
    if kind == "descriptors":
        text.append(f"\n{descriptor_effects(entry)}", style="cyan")
        for feature in entry.features:
            text.append(f"\n{feature.name}: ", style="bold")
            text.append(feature.summary)
    elif kind == "types":
        text.append(f"\n{type_numbers(entry)}", style="cyan")
    elif kind == "foci":
        first = next(t for t in entry.tiers if t.tier == 1)
        names = [library.kind("abilities")[a].name for a in (*first.abilities, *first.choose_one)]
        text.append(f"\nTier 1: {', '.join(names)}", style="cyan")
        text.append(f"\nWhere: {', '.join(entry.recursions)}", style="dim")
    elif kind == "abilities":
        text.append(f"\n{ability_cost(entry)}", style="cyan")
    return text


def attacks_table(library: Any, draft: Draft) -> Table:
    table = Table(box=None, header_style="bold cyan", padding=(0, 2))
    for column in ("Attack", "Damage", "Difficulty", "Range"):
        table.add_column(column)
    for row in creation.attacks(library, draft):
        modifier = {-1: "eased 1 step", 0: "as set", 1: "hindered 1 step"}.get(
            row["modifier"], str(row["modifier"])
        )
        table.add_row(row["name"], str(row["damage"]), modifier, row["range"])
    return table


def preview(library: Any, draft: Draft) -> Group:
    """The character as it stands: sentence, pools, Edge and what has been gained."""
    parts: list[Any] = [Text(creation.sentence_of(library, draft), style="bold italic")]
    if draft.name.strip():
        parts.insert(0, Text(draft.name.strip(), style="bold"))
    if draft.type:
        kind = library.kind("types")[draft.type]
        pools, edge = creation.pools_of(library, draft), creation.edge_of(library, draft)
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold")
        table.add_column(justify="right")
        table.add_column(style="cyan")
        for stat in Stat:
            table.add_row(
                stat.value.title(), str(pools[stat]), f"Edge {edge[stat]}" if edge[stat] else ""
            )
        parts += [
            table,
            Text(
                f"Effort {kind.effort} · cyphers {kind.cypher_limit}"
                f" · weapons: {', '.join(kind.weapons)}",
                style="dim",
            ),
        ]
    skills = creation.skills_of(library, draft)
    if skills:
        parts.append(
            Text("Skills: " + ", ".join(f"{k} ({v})" for k, v in skills.items()), style="green")
        )
    abilities = creation.ability_names(library, draft)
    if abilities:
        parts.append(Text("Abilities: " + ", ".join(abilities)))
    items = creation.possessions(library, draft)
    if items and draft.step >= 7:
        parts.append(Text("Possessions: " + ", ".join(items), style="dim"))
    return Group(*parts)
