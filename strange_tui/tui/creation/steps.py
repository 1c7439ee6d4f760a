"""The body of each creation step: the widgets a step shows, built from the draft."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Input, Label, OptionList, Static, TextArea
from textual.widgets.option_list import Option

from strange_tui.campaign.commands import preview as preview_of
from strange_tui.campaign.commands.character.attacks import ability_sheet
from strange_tui.campaign.commands.creation import CreateCharacter, DraftView, draft_view
from strange_tui.campaign.model import creation
from strange_tui.campaign.model.creation import REVIEW, Draft
from strange_tui.campaign.model.creation.steps import CATEGORIES, either
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.terms import RuleViolation
from strange_tui.campaign.narrate.sheet import sheet_data, sheet_rows
from strange_tui.tui.common.filter_list import FilterList
from strange_tui.tui.common.questions import QuestionsForm
from strange_tui.tui.creation.ticks import TickList
from strange_tui.tui.creation.view import (
    ability_choice_items,
    ability_items,
    armor_items,
    attacks_table,
    cypher_items,
    descriptor_items,
    focus_items,
    preview,
    type_items,
    weapon_items,
)

__all__ = ["preview", "widgets", "pool_lines", "points_left", "limit_line", "instructions"]


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def widgets(library: Any, draft: Draft, campaign: Campaign) -> list[Any]:
    """What step ``draft.step`` shows."""
    match draft.step:
        case 0:
            items = descriptor_items(library)
            return [FilterList(items, current=draft.descriptor, id="pick-descriptor")]
        case 1:
            return [FilterList(type_items(library), current=draft.type, id="pick-type")]
        case 2:
            allowed = creation.allowed_foci(library, campaign)
            hidden = len(library.kind("foci")) - len(allowed)
            items = focus_items(library, allowed)
            note = f"{plural(hidden, 'focus')} not allowed here (by the GM or the recursion)."
            return [
                FilterList(items, current=draft.focus, id="pick-focus"),
                Static(note.replace("focuss", "foci"), classes="muted"),
            ]
        case 3:
            return [Static(id="pool-left"), OptionList(id="pools", classes="pools")]
        case 4:
            return edge_widgets(library, draft, draft_view(library, draft, campaign))
        case 5:
            choices = draft_view(library, draft, campaign).ability_choices
            items = ability_choice_items(library, choices)
            chosen = set(draft.abilities)
            head = Static(limit_line(library, draft, campaign), id="limit")
            return [head, TickList(items, selected=chosen, id="pick-abilities")]
        case 6:
            return descriptor_focus_widgets(library, draft, draft_view(library, draft, campaign))
        case 7:
            return possession_widgets(library, draft, draft_view(library, draft, campaign))
        case 8:
            note = Label("Bare hands are always there. Enter goes on.", classes="muted")
            return [Static(attacks_table(draft_view(library, draft, campaign))), note]
        case 9:
            picks = draft_view(library, draft, campaign).cypher_picks
            if not picks:
                return [Label("No starting cyphers: the GM allows none here. Enter goes on.")]
            head = Static(limit_line(library, draft, campaign), id="limit")
            chosen = set(draft.cyphers)
            items = cypher_items(library)
            return [head, TickList(items, selected=chosen, id="pick-cyphers")]
        case 10:
            return [
                Label("Name"),
                Input(draft.name, placeholder="the character's name", id="name"),
                Label("A brief background"),
                TextArea(draft.notes, id="notes"),
            ]
        case _:
            return [VerticalScroll(Static(review(library, draft, campaign)), id="review")]


def possession_widgets(library: Any, draft: Draft, view: DraftView) -> list[Any]:
    """Step 8: the weapons of the player's choice (a sentence instead, when the type and
    descriptor give none), and the armor an ability lets them start in."""
    # What the character already has is in the side panel ("Possessions").
    if not view.weapon_picks:
        goes_on = "" if view.armor_offered else " Enter goes on."
        shown: list[Any] = [Static(creation.no_weapons(library, draft) + goes_on, id="limit")]
    else:
        head = Static(weapons_limit(view, len(draft.weapons)), id="limit")
        takes = {c for group in view.weapon_groups for c in group.categories}
        items = weapon_items(library, takes)
        shown = [head, TickList(items, selected=set(draft.weapons), id="pick-weapons")]
    if view.armor_offered:
        tab = "tab, then " if view.weapon_picks else ""
        shown += [
            Static(f"Starting armor: {tab}choose the armor you start in (enter)."),
            FilterList(
                armor_items(library),
                current=draft.armor or "none",
                id="pick-armor",
                autofocus=False,
            ),
        ]
    return shown


def edge_widgets(library: Any, draft: Draft, view: DraftView) -> list[Any]:
    kind = library.kind("types")[draft.type]
    if not kind.edge_choices:
        where = ", ".join(f"{s.value.title()} {v}" for s, v in view.edge.items() if v) or "none"
        return [Static(f"The {kind.name}'s Edge: {where}. Enter goes on.")]
    options = OptionList(id="edges")
    for index, choice in enumerate(kind.edge_choices):
        stats = ("might", "speed", "intellect")
        edge = ", ".join(f"{s.title()} {getattr(choice, s)}" for s in stats if getattr(choice, s))
        options.add_option(Option(f"Edge: {edge}", id=str(index)))
    options.highlighted = draft.edge_choice
    return [Label("Choose where your Edge goes."), options]


def descriptor_focus_widgets(library: Any, draft: Draft, view: DraftView) -> list[Any]:
    """Step 7: what the descriptor and focus give, the focus's choice of one, the skills
    they let the player name, and what the entries taken ask (in a scroll, when they do)."""
    descriptor = library.kind("descriptors")[draft.descriptor]
    focus = library.kind("foci")[draft.focus]
    gains = [
        *(f"trained in {s}" for s in descriptor.skills),
        *(f"inability: {s}" for s in descriptor.inabilities),
        *(feature.name for feature in descriptor.features),
    ]
    lines = Text.assemble((f"{descriptor.name}: ", "bold"), ", ".join(gains) or "no skills")
    tier = creation.focus_tier_one(library, draft)
    granted = [library.kind("abilities")[a].name for a in tier.abilities]
    lines.append_text(Text.assemble((f"\n{focus.name}: ", "bold"), ", ".join(granted) or "—"))
    shown: list[Any] = [Static(lines)]
    if tier.choose_one:
        items = ability_items(library, tier.choose_one)
        shown += [
            Label("Choose one more of the focus's first-tier abilities:"),
            FilterList(items, current=draft.focus_choice, id="pick-focus-choice"),
        ]
    choices = (*descriptor.skill_choices, *focus.skill_choices)
    for number, choice in enumerate(c for c in choices for _ in range(c.count)):
        known = draft.chosen_skills[number] if number < len(draft.chosen_skills) else ""
        field = Input(known, placeholder="a skill", id=f"skill-{number}", classes="skill")
        shown += [Static(choice.summary), field]  # A Static wraps; a Label would be cut.
    if not view.questions:
        return shown
    form = QuestionsForm(view.questions, draft.answers, id="questions")
    return [VerticalScroll(*shown, form, id="asked")]


def limit_line(library: Any, draft: Draft, campaign: Campaign) -> str:
    """What the step's list of ticks may hold and how many are ticked: 'Choose 4 Paradox
    abilities: 3 chosen.' (the limit the type, descriptor and GM set)."""
    view = draft_view(library, draft, campaign)
    match draft.step:
        case 5:
            kind = library.kind("types")[draft.type].name
            choose, chosen = creation.tier_one(library, draft).choose, len(draft.abilities)
            noun = "ability" if choose == 1 else "abilities"
            return f"Choose {choose} {kind} {noun}: {chosen} chosen."
        case 7 if view.weapon_picks:
            return weapons_limit(view, len(draft.weapons))
        case 7:
            return creation.no_weapons(library, draft)
        case 9:
            picks = plural(view.cypher_picks, "starting cypher")
            load = f"{view.cypher_load} of {view.cypher_limit}"
            return (
                f"Choose up to {picks}: {len(draft.cyphers)} chosen, counting {load}"
                " (an occultic one counts as two)."
            )
    return ""


def weapons_limit(view: DraftView, chosen: int) -> str:
    """'Choose up to 3 weapons (2 of any kind, 1 light): 1 chosen.', or with one kind of
    pick 'Choose up to 1 medium or heavy weapon: 0 chosen.' (each group's categories)."""
    groups = view.weapon_groups
    kinds = ["" if len(g.categories) == len(CATEGORIES) else either(g.categories) for g in groups]
    if len(set(kinds)) == 1:
        what = f"{kinds[0]} weapon".strip()
        return f"Choose up to {plural(view.weapon_picks, what)}: {chosen} chosen."
    each = ", ".join(
        f"{group.count} {kind or 'of any kind'}" for group, kind in zip(groups, kinds, strict=True)
    )
    return f"Choose up to {plural(view.weapon_picks, 'weapon')} ({each}): {chosen} chosen."


def instructions(library: Any, draft: Draft, campaign: Campaign) -> str:
    """The hint under the step: the keys it takes."""
    view = draft_view(library, draft, campaign) if draft.step == 7 else None
    if view and not view.weapon_picks:
        return (
            "Enter chooses your armor; ctrl+n goes on." if view.armor_offered else "Enter goes on."
        )
    if view and view.armor_offered:  # Enter on the armor picks it; it does not go on.
        return "Enter ticks a weapon; tab, then enter picks the armor; ctrl+n goes on."
    return {
        3: "↑↓ choose a pool, + and - move points, enter when all are placed.",
        4: "Enter chooses; escape goes back.",
        6: "Make any choice asked for, then enter (or ctrl+n) goes on.",
        8: "Enter goes on.",
        5: "Enter ticks an ability; ctrl+n goes on when enough are ticked.",
        7: "Enter ticks a weapon; ctrl+n goes on.",
        9: "Enter ticks a cypher; ctrl+n goes on.",
        10: "Tab to the background; ctrl+n goes on.",
        REVIEW: "Enter creates the character; escape goes back.",
    }.get(draft.step, "Type to filter, ↑↓ to move, enter to choose; escape goes back.")


def pool_lines(view: DraftView) -> list[Option]:
    """Each pool: the type's start, the points placed, the descriptor's change, the total."""
    lines = []
    for pool in view.pool_lines:
        line = Text(f"{pool.stat.value.title():<10}", style="bold")
        line.append(f"{pool.total:>3}", style="bold")
        line.append(f" = {pool.base} + {pool.placed} placed")
        if pool.descriptor:
            line.append(f" + {pool.descriptor} {view.descriptor}", style="cyan")
        lines.append(Option(line))
    return lines


def points_left(view: DraftView) -> Text:
    left, total = view.points_left, view.bonus_points
    return Text(f"{left} of {total} points left to place.", style="bold" if left else "green")


def review(library: Any, draft: Draft, campaign: Campaign) -> Text | Group:
    """The sheet the character will have: the preview of the command that creates it,
    each value in its column (a long one wraps under itself, not under the labels)."""
    try:
        character = preview_of(campaign, CreateCharacter(draft=draft, content=library))
    except RuleViolation as problem:
        return Text(str(problem), style="red")
    sheet = sheet_data(character, attacks=ability_sheet(campaign, character, library).attacks)
    table = Table.grid(padding=(0, 2), pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for label, value in sheet_rows(sheet):
        table.add_row(label, value)
    return Group(
        Text(f"{sheet['name']} — {sheet['sentence']}", style="bold"), Padding(table, (0, 0, 0, 2))
    )
