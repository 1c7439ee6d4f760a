"""A Foundry actor as a creation draft (RULES.md section 9): the descriptor, type and
focus by name, the type's abilities and the focus's pick by the ability items' names,
the skills chosen and the answers from the skill items, the bonus points from the pools,
the weapons and armor from the gear. Nothing is invented: what the actor has that the
draft cannot say is listed by ``differences`` once the character is made."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace

from strange_tui.campaign.foundry.actor import Actor, ActorError
from strange_tui.campaign.model import creation
from strange_tui.campaign.model.abilities import skills_now
from strange_tui.campaign.model.creation import Draft, Library
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.pools import Stat

GEAR = ("equipment", "attack", "armor")


def fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def entry_id(entries: Mapping[str, Any], wanted: str) -> str | None:
    """The pack entry ``wanted`` names, by id or name in any case."""
    folded = fold(wanted)
    return next((i for i, e in entries.items() if folded in (i, fold(e.name))), None)


def focus_name(actor: Actor, state: Campaign, library: Library) -> str:
    """R-TR-8: the focus the actor has in the campaign's recursion (its recursion item),
    else the focus on its sheet."""
    recursions = library.kind("recursions")
    here = {fold(state.recursion)}
    if state.recursion in recursions:
        here.add(fold(recursions[state.recursion].name))
    for item in actor.of_type("recursion"):
        if fold(item.name) in here and item.system.basic.focus.strip():
            return item.system.basic.focus
    return actor.system.basic.focus


def essentials(actor: Actor, state: Campaign, library: Library) -> Draft:
    """The descriptor, type and focus, or ActorError naming what does not map."""
    basic = actor.system.basic
    found = {}
    for kind, word, wanted in (
        ("descriptors", "descriptor", basic.descriptor),
        ("types", "type", basic.type),
        ("foci", "focus", focus_name(actor, state, library)),
    ):
        found[word] = entry_id(library.kind(kind), wanted)
        if found[word] is None:
            shown = wanted.strip()[:80] or "(none)"
            raise ActorError(f"its {word} {shown!r} is none of this campaign's {kind}")
    return Draft(descriptor=found["descriptor"], type=found["type"], focus=found["focus"])


def actor_skills(actor: Actor) -> dict[str, tuple[str, str]]:
    """The skill items: folded name -> (name, level), levels as ours ('' for practiced)."""
    skills = {}
    for item in actor.of_type("skill"):
        rating = fold(str(item.system.basic.rating))
        level = rating if rating in ("trained", "specialized", "inability") else ""
        skills[fold(item.name)] = (item.name.strip(), level)
    return skills


def unexplained(actor: Actor, library: Library, draft: Draft) -> list[str]:
    """The actor's trainings the draft does not give yet (a specialization counts twice)."""
    have = {fold(k): v for k, v in skills_now(creation.provisional(library, draft)).items()}
    rank = {"": 0, "trained": 1, "specialized": 2}
    wanted = []
    for key, (name, level) in actor_skills(actor).items():
        if level in rank:
            wanted += [name] * max(0, rank[level] - rank.get(have.get(key, ""), 0))
    return wanted


def with_abilities(actor: Actor, library: Library, draft: Draft) -> Draft:
    """The type's first-tier abilities and the focus's pick whose names the actor has."""
    names = [fold(i.name) for i in actor.of_type("ability")]
    tier = creation.tier_one(library, draft)
    offered = creation.ability_keys(library, tier.abilities, creation.base_edge(library, draft))
    by_label = {fold(label): key for key, label in reversed(offered)}
    keys, taken = [], set()
    for name in names:  # In the actor's order, as the sheet lists them.
        key = by_label.get(name)
        if key and creation.split_key(key)[0] not in taken and len(keys) < tier.choose:
            keys.append(key)
            taken.add(creation.split_key(key)[0])
    for (
        key,
        _,
    ) in offered:  # Picks the actor does not name are filled in order; the import lists them.
        if creation.split_key(key)[0] not in taken and len(keys) < tier.choose:
            keys.append(key)
            taken.add(creation.split_key(key)[0])
    options = creation.focus_tier_one(library, draft).choose_one
    named = [o for o in options if fold(creation.ability_label(library, o)) in names]
    pick = (named or list(options) or [""])[0]
    return replace(draft, abilities=tuple(keys), focus_choice=pick)


def with_answers(actor: Actor, library: Library, draft: Draft) -> Draft:
    """Step 7: skills asked for from the actor's trainings, picks from its ability names;
    points are divided once the pools are known (``with_pools``)."""
    names = {fold(i.name) for i in actor.of_type("ability")}
    answers: dict[str, tuple[str, ...]] = {}
    for question in creation.draft_questions(library, draft):
        so_far = replace(draft, answers=answers)
        given = list(answers.get(question.key, ()))
        if question.kind == "pick":
            pick = next(
                (o for o in question.options if fold(f"{question.key} ({o})") in names), None
            )
            given += [pick or question.options[0]] if question.options else []
        elif question.kind == "skills":
            free = unexplained(actor, library, so_far)
            allowed = {fold(o) for o in question.options}
            fits = [s for s in dict.fromkeys(free) if not allowed or fold(s) in allowed]
            spare = [o for o in question.options if o not in fits]
            given += (fits + spare)[: question.count]
        if given:
            answers[question.key] = tuple(given)
    return replace(draft, answers=answers)


def with_skills(actor: Actor, library: Library, draft: Draft) -> Draft:
    wanted = creation.skill_choices(library, draft)
    return replace(draft, chosen_skills=tuple(unexplained(actor, library, draft)[:wanted]))


def share(points: int, room: dict[Stat, int], stats: list[Stat]) -> dict[Stat, int]:
    """``points`` among ``stats``, first where ``room`` is (what the actor has more), then
    the rest on the first stat: the sheet's numbers decide, not a guess."""
    shares = dict.fromkeys(stats, 0)
    for stat in stats:
        take = max(0, min(points, room.get(stat, 0)))
        shares[stat] += take
        points -= take
    if points and stats:
        shares[stats[0]] += points
    return {s: n for s, n in shares.items() if n}


def with_pools(actor: Actor, library: Library, draft: Draft) -> Draft:
    """Step 4's bonus points and step 7's points to divide, from the actor's maxima."""
    pools = actor.system.pools
    wanted = {stat: round(getattr(pools, stat.value).max) for stat in Stat}
    answers = dict(draft.answers)
    for question in creation.draft_questions(library, draft):
        if question.kind != "points":
            continue
        have = creation.pools_of(library, replace(draft, answers=answers))
        room = {stat: wanted[stat] - have[stat] for stat in Stat}
        stats = [Stat(s) for s in question.stats]
        picks = share(question.count, room, stats)
        answers[question.key] = (
            *answers.get(question.key, ()),
            *(f"{stat.value}={n}" for stat, n in picks.items()),
        )
    draft = replace(draft, answers=answers)
    have = creation.pools_of(library, draft)
    total = library.kind("types")[draft.type].bonus_points
    room = {stat: wanted[stat] - have[stat] for stat in Stat}
    bonus = share(total, room, list(Stat))
    return replace(draft, bonus=bonus)


def with_gear(actor: Actor, library: Library, draft: Draft, state: Campaign) -> Draft:
    """Step 8: weapons (and armor an ability lets the character start in) among the gear
    the type, descriptor and focus do not give already."""
    given = [fold(n) for n in creation.possessions(library, draft)]
    gear = []
    for item in actor.items:
        name = fold(item.name)
        if item.type in GEAR and name not in gear:
            if name in given:
                given.remove(name)
            else:
                gear.append(name)
    weapons: list[str] = []
    for name in gear:
        weapon = entry_id(library.kind("weapons"), name)
        if weapon and weapon != creation.UNARMED and weapon not in weapons:
            trial = replace(draft, weapons=(*weapons, weapon))
            if creation.problem(library, trial, 7, state) is None:
                weapons.append(weapon)
    draft = replace(draft, weapons=tuple(weapons))
    if creation.armor_offered(library, draft):
        armor = next((a for n in gear if (a := entry_id(library.kind("armor"), n))), "")
        draft = replace(draft, armor=armor or "")
    return draft


def draft_of(actor: Actor, library: Library, state: Campaign, notes: str) -> Draft:
    """The draft closest to the actor whose Edge choice fits its Edge best; ActorError
    when its descriptor, type or focus is not in the campaign's packs."""
    base = essentials(actor, state, library)
    base = replace(base, name=actor.name.strip(), notes=notes)
    kind = library.kind("types")[base.type]
    pools = actor.system.pools
    edges = {stat: round(getattr(pools, stat.value).edge) for stat in Stat}
    best, best_misses = None, None
    for choice in range(len(kind.edge_choices) or 1):
        draft = replace(base, edge_choice=choice)
        draft = with_abilities(actor, library, draft)
        draft = with_answers(actor, library, draft)
        draft = with_skills(actor, library, draft)
        draft = with_pools(actor, library, draft)
        draft = with_gear(actor, library, draft, state)
        edge = creation.edge_of(library, draft)
        misses = sum(abs(edge[s] - edges[s]) for s in Stat)
        if best_misses is None or misses < best_misses:
            best, best_misses = draft, misses
    assert best is not None
    return best
