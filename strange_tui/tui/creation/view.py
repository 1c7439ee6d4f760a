"""What the creation wizard shows: list entries for each choice, and the character so far."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from strange_tui.campaign.commands.creation import DraftView
from strange_tui.campaign.model import creation
from strange_tui.campaign.model.terms import Stat
from strange_tui.tui.common.filter_list import Item


def one_line(name: str, detail: str, width: int = 14) -> Text:
    """A list entry: the name (padded to ``width``, and two spaces at least before the
    detail), then what matters, cut to one line."""
    gap = "  " if detail and len(name) >= width else ""
    text = Text.assemble((f"{name:<{width}}{gap}", "bold"), (detail, "cyan"))
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


def descriptor_effects(d: Any) -> str:
    stats = ("might", "speed", "intellect")
    effects = [f"+{v} {s.title()}" for s in stats if (v := getattr(d.pools, s))]
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
    return f"{a.cost}{'+' if a.cost_plus else ''} {a.pool.title()}" if a.cost else a.kind


def ability_items(library: Any, ids: tuple[str, ...]) -> list[Item]:
    abilities = library.kind("abilities")
    return [
        Item(aid, one_line(abilities[aid].name, ability_cost(abilities[aid]), width=24),
             f"{abilities[aid].name} {abilities[aid].summary}")
        for aid in ids
    ]  # fmt: skip


def ability_choice_items(library: Any, choices: tuple[tuple[str, str], ...]) -> list[Item]:
    """Step 6's entries: one per way to take each ability (a pick in brackets: '(melee)')."""
    abilities = library.kind("abilities")
    items = []
    for key, label in choices:
        entry = abilities[key.partition(":")[0]]
        items.append(Item(key, one_line(label, ability_cost(entry), width=27),
                          f"{label} {entry.summary}"))  # fmt: skip
    return items


def armor_items(library: Any) -> list[Item]:
    """The armor a character practiced in it may start with (R-CMB-6), and none."""
    items = [Item("none", one_line("No armor", "", width=0), "none no armor")]
    for aid, a in library.kind("armor").items():
        detail = f"Armor {a.armor}: {', '.join(a.examples[:3])}"
        items.append(Item(aid, one_line(a.name, detail, 16), f"{a.name} {' '.join(a.examples)}"))
    return items


def weapon_items(library: Any, categories: set[str]) -> list[Item]:
    """Step 8's weapons; those of a category no pick takes are shown, not offered."""
    return [
        Item(
            wid,
            one_line(w.name, f"{w.damage} damage, {w.range}: {', '.join(w.examples[:3])}", 22),
            f"{w.name} {' '.join(w.examples)}",
            enabled=w.category in categories,
        )
        for wid, w in library.kind("weapons").items()
        if wid != creation.UNARMED
    ]


CYPHER_NAME = 22
"""Step 10's name column: a longer name is cut with '…' (whole in the side panel), so the
level and kind stay in one column and whole at 80 columns."""


def cypher_items(library: Any) -> list[Item]:
    items = []
    for cid, c in library.kind("cyphers").items():
        name = c.name if len(c.name) <= CYPHER_NAME else c.name[: CYPHER_NAME - 1] + "…"
        row = one_line(name, f"{c.level}, {c.kind}", width=CYPHER_NAME + 2)
        items.append(Item(cid, row, f"{c.name} {c.effect}"))
    return items


def details(library: Any, kind: str, entry_id: str) -> Text:
    """The entry under the cursor, in full, for the side panel."""
    entry = library.kind(kind).get(entry_id.partition(":")[0])
    if entry is None:
        return Text()
    text = Text(entry.name, style="bold underline")
    if summary := getattr(entry, "summary", "") or getattr(entry, "effect", ""):
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
        recursions = library.kind("recursions")  # Named as the packs name them (Earth).
        where = [recursions[r].name if r in recursions else r for r in entry.recursions]
        text.append(f"\nWhere: {', '.join(where)}", style="dim")
    elif kind == "abilities":
        text.append(f"\n{ability_cost(entry)}", style="cyan")
    elif kind == "armor":
        text.append(f"\nArmor {entry.armor}: {', '.join(entry.examples)}", style="cyan")
    elif kind == "weapons":
        text.append(weapon_words(entry), style="cyan")
    elif kind == "cyphers":
        text.append(f"\nLevel {entry.level}, {entry.kind}", style="cyan")
    return text


def weapon_words(w: Any) -> str:
    """A weapon whole, for the side panel: '6 damage · long range · heavy, ranged', what
    sets it apart, and its examples."""
    words = f"\n{w.damage} damage · {w.range} range · {w.category}, "
    words += "ranged" if w.ranged else "melee"
    words += f"\n{w.distinction.replace('-', ' ')}" if w.distinction else ""
    return words + (f"\nFor example: {', '.join(w.examples)}" if w.examples else "")


def chosen_line(library: Any, draft: Any) -> Text:
    """Step 8's picks, at the top of the side panel: 'Chosen: Heavy pistol; armor: Medium
    armor' (what enter ticked or picked, seen without scrolling), then the gear the type,
    descriptor and focus bring ('Also yours: Appropriate clothing, Two expensive items (to
    choose with the GM)...': N1, the packs say which are still to choose)."""
    weapons, armor = library.kind("weapons"), library.kind("armor")
    names = [weapons[w].name for w in draft.weapons if w in weapons]
    worn = armor[draft.armor].name if draft.armor in armor else "none"
    text = Text("Chosen: ", style="bold")
    text.append(", ".join(names) or "no weapons")
    text.append(f"; armor: {worn}")
    gear = [  # What the type, descriptor and focus bring (some to choose with the GM).
        item
        for kind, key in (
            ("types", draft.type),
            ("descriptors", draft.descriptor),
            ("foci", draft.focus),
        )  # fmt: skip
        if (entry := library.kind(kind).get(key))
        for item in entry.equipment
    ]
    return text.append_text(Text.assemble(("\nAlso yours: ", "bold"), ", ".join(gear) or "—"))


def attacks_table(view: DraftView) -> Group:
    """Step 9: each attack's damage, difficulty and range, then what makes up a damage that
    abilities add to ('Unarmed 3 = Unarmed 2 + <ability> 1')."""
    table = Table(box=None, header_style="bold cyan", padding=(0, 1), pad_edge=False)
    table.add_column("Attack")  # The only column that wraps: the others stay whole.
    for column in ("Damage", "Difficulty", "Range"):
        table.add_column(column, no_wrap=True)
    for row in view.attacks:
        table.add_row(row.name, str(row.damage), modifier_words(row.modifier), row.range)
    made = [
        Text(f"{row.name} {row.damage} = {' + '.join(f'{p} {n}' for p, n in row.parts)}",
             style="dim")
        for row in view.attacks
        if len(row.parts) > 1
    ]  # fmt: skip
    return Group(table, *made)


def modifier_words(steps: int) -> str:
    """'no change' (neither eased nor hindered), 'eased 1', 'hindered 2'."""
    if not steps:
        return "no change"
    return f"{'eased' if steps < 0 else 'hindered'} {abs(steps)}"


def preview(view: DraftView, step: int) -> Group:
    """The character as it stands: sentence, pools, Edge and what has been gained."""
    parts: list[Any] = [Text(view.sentence, style="bold italic")]
    if view.name:
        parts.insert(0, Text(view.name, style="bold"))
    if view.has_type:
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold")
        table.add_column(justify="right")
        table.add_column(style="cyan")
        for stat in Stat:
            edge = view.edge[stat]
            table.add_row(stat.value.title(), str(view.pools[stat]), f"Edge {edge}" if edge else "")
        parts += [
            table,
            Text(
                f"Effort {view.effort} · Armor {view.armor} · cyphers {view.cypher_limit}"
                f" · weapons: {', '.join(view.weapon_practice)}",
                style="dim",
            ),
        ]
    if view.skills:
        skills = ", ".join(f"{k} ({v})" for k, v in view.skills.items())
        parts.append(Text(f"Skills: {skills}", style="green"))
    if view.abilities:
        parts.append(Text("Abilities: " + ", ".join(view.abilities)))
    if view.possessions and step >= 7:
        parts.append(Text("Possessions: " + ", ".join(view.possessions), style="dim"))
    return Group(*parts)
