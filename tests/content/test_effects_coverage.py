"""Every type, descriptor, focus and ability of the built-in pack says what it does in
numbers (its effects) or that the table reads the rest (``narrative``); none whose summary
states a number carries no effect."""

from __future__ import annotations

import re

import pytest

from strange_tui.content.effects import AttackMade, TaskMade
from strange_tui.content.loader import Content
from strange_tui.content.model import Ability, CharacterType, Descriptor, Focus

STATES_A_NUMBER = re.compile(
    r"[+-]\d|\b\d+ (more |less |extra )?(damage|armor|points?)\b|\bArmor\b|\bEdge\b"
    r"|\bPools?\b|\btrained\b|\bspecialized\b|\bTrained\b|\bSpecialized\b"
    r"|\beased?\b|\bEase\b|\bhinder(ed|s)?\b|\bassets?\b|\bfree (level of )?Effort\b"
    r"|\bcypher limit\b|\brecovery rolls?\b",
)
"""A summary that says a number the model could apply: a bonus, damage, Armor, an Edge, a
pool, a training, an eased or hindered task, an asset, free Effort, the cypher limit."""

REVIEWED: dict[str, str] = {
    "abilities agile-wit": "rolls Speed tasks with Intellect (its pool and Edge): no record"
    " swaps the pool a task is rolled and paid with; the player picks Intellect in the roll",
    "abilities quick-wits": "pays Intellect costs from Speed: no record swaps the pool a cost"
    " is paid from",
    "abilities special-shot": "trades 1 of a hit's damage for an effect the table names: a"
    " choice made at the hit, not a number on the sheet",
    "abilities machine-companion": "its 3 damage is the companion's attack, an NPC's, not"
    " the character's",
}
"""Entries whose summary matches ``STATES_A_NUMBER`` yet carry no effect, each with the
reviewer's reason: what the vocabulary cannot say without pretending."""


@pytest.fixture(scope="module")
def content() -> Content:
    return Content().load_all()


def structured(entry: object) -> bool:
    """Whether a descriptor, type or focus says something through its own fields."""
    if isinstance(entry, Descriptor):
        return bool(
            entry.pools != type(entry.pools)()
            or entry.skills
            or entry.inabilities
            or entry.armor
            or entry.recovery_bonus
            or entry.skill_choices
            or entry.extra_pools
        )
    if isinstance(entry, CharacterType):
        return True  # Pools, Edge, Effort and the cypher limit are its fields.
    if isinstance(entry, Focus):
        return bool(entry.skills or entry.skill_choices or entry.tiers)
    return False


def entries(content: Content) -> list[tuple[str, object, str]]:
    """(where, entry, summary) for each entry and descriptor feature."""
    found: list[tuple[str, object, str]] = []
    for kind in ("types", "descriptors", "foci", "abilities"):
        for entry in content.kind(kind).values():
            found.append((f"{kind} {entry.id}", entry, entry.summary))
            if isinstance(entry, Descriptor):
                for feature in entry.features:
                    where = f"{kind} {entry.id}: {feature.name}"
                    if any(pool.name in feature.name for pool in entry.extra_pools):
                        where += " (its extra pool)"
                    found.append((where, feature, feature.summary))
    return found


def test_every_entry_has_effects_or_is_marked_narrative(content: Content) -> None:
    silent = [
        where
        for where, entry, _ in entries(content)
        if not (entry.effects or entry.narrative or structured(entry))
    ]
    assert not silent, f"{len(silent)} entries say nothing of what they do: {silent[:20]}"


def left_out(content: Content) -> list[str]:
    """The entries whose summary states a number and whose effects say nothing."""
    return [
        where
        for where, entry, summary in entries(content)
        if isinstance(entry, Ability) or not structured(entry)
        if not where.endswith("(its extra pool)")  # The pool the descriptor's field keeps.
        if not entry.effects and STATES_A_NUMBER.search(summary) and where not in REVIEWED
    ]


def test_no_summary_states_a_number_its_effects_leave_out(content: Content) -> None:
    missing = left_out(content)
    assert not missing, f"{len(missing)} entries state a number with no effect: {missing}"


def test_an_entry_whose_effect_is_taken_away_is_caught(tmp_path) -> None:
    """A pack that gives an Armor bonus ability no effect (only its words) fails the check."""
    ward = Content().kind("abilities")["ward"]
    pack = tmp_path / "plain.toml"
    pack.write_text(
        f'[[abilities]]\nid = "ward"\nname = "{ward.name}"\nkind = "enabler"\n'
        f'summary = "{ward.summary}"\nnarrative = true\n'
    )
    content = Content([pack])
    assert content.problems == []
    assert left_out(content) == ["abilities ward"]


def test_the_reviewed_list_names_real_entries_that_still_need_it(content: Content) -> None:
    known = {where: entry for where, entry, _ in entries(content)}
    stale = [where for where in REVIEWED if where not in known or known[where].effects]
    assert not stale, f"reviewed entries gone or given effects since: {stale}"


# R-ABL-2: an action ability whose text makes an attack is rolled as an attack, and one
# whose text names no task asks no roll (it is used at its cost).

MAKES_AN_ATTACK = re.compile(
    r"(?<!non-)\b(attack|strike|blast|bolt|beam|pummel|stab|smash|shoot)\b"
    r"|\b(two|three|several) (melee |ranged )?attacks\b|\bhit in melee\b"
    r"|(?<![+\w])\d+[ -](\w+[ -]){0,2}?damage\b",
    re.IGNORECASE,
)
"""A summary that speaks of an attack the ability makes: an attack, a strike, a blast, a
bolt or a beam (one: "your melee attacks deal +2" is a bonus to the others), two or three
attacks, or a number of damage dealt ("deals 5 damage"; "+2 damage" is a bonus)."""

NAMES_A_TASK = re.compile(
    r"\b(tasks?|rolls?|rolling|difficulty|success|succeeds?|level \d+ or (less|lower)"
    r"|foes?|creatures?|targets?|listeners?|non-ally|NPCs?|machines?|robots?|computers?"
    r"|persuade|convince)\b",
    re.IGNORECASE,
)
"""A summary that names a task to roll: a task, a roll, a difficulty, a success, a level
limit, or someone or something the ability acts on that may resist it (a foe, a creature,
a target, a listener, a machine), or a persuasion. A field around you, a ward, an aura, a
hover, a look at a place: no task, nothing to roll."""

REVIEWED_ATTACKS: dict[str, str] = {
    "abilities willing-sacrifice": "the attack is one made on you, taken for someone else:"
    " none it makes",
    "abilities captivate-or-inspire": "an attack on the crowd breaks the spell: someone"
    " else's, none it makes",
    "abilities feint": "the action is the diversion; the attack comes next round with the"
    " weapon, its asset and +4 the records name",
    "abilities snipe": "the action is the aiming; the shot comes next round with the weapon,"
    " its asset and +4 the records name",
    "abilities overwatch": "a watch set like a wait: the shot comes later as the ranged"
    " weapon's attack (its +1 recorded), rolled with Speed, where the cost is Intellect",
    "abilities resonance-field": "its damage answers an attack made on you (a defense's"
    " minor or major effect): no attack of its own",
    "abilities confounding-banter": "the attack is the foe's next one, met by your eased"
    " defense; its own roll is a task",
    "abilities trained-gunner": "the attack is Spray's, one way of its one-of: that way"
    " holds a task record (eased); Spray's own entry is the attack (a ranged weapon, -1)",
}
"""Action abilities whose summary matches ``MAKES_AN_ATTACK`` yet make no attack of their
own, each with the reviewer's reason."""

REVIEWED_TASKS: dict[str, str] = {}
"""Action abilities with a task record whose summary names no task, with the reason."""


def actions(content: Content) -> list[tuple[str, Ability]]:
    return [
        (f"abilities {entry.id}", entry)
        for entry in content.kind("abilities").values()
        if isinstance(entry, Ability) and entry.kind == "action"
    ]


def attack_left_out(content: Content) -> list[str]:
    """The action abilities whose summary makes an attack and whose effects have none."""
    return [
        where
        for where, entry in actions(content)
        if MAKES_AN_ATTACK.search(entry.summary)
        and not any(isinstance(e, AttackMade) for e in entry.effects)
        and where not in REVIEWED_ATTACKS
    ]


def task_unsaid(content: Content) -> list[str]:
    """The action abilities that roll a task their summary never names (an attack rolls
    anyway: its task record is a second roll the text names)."""
    return [
        where
        for where, entry in actions(content)
        if any(isinstance(e, TaskMade) for e in entry.effects)
        and not any(isinstance(e, AttackMade) for e in entry.effects)
        and not NAMES_A_TASK.search(entry.summary)
        and where not in REVIEWED_TASKS
    ]


def test_r_abl_2_every_action_ability_that_makes_an_attack_has_its_attack_record(content):
    missing = attack_left_out(content)
    assert not missing, f"{len(missing)} abilities make an attack with no attack: {missing}"


def test_r_abl_2_no_action_ability_rolls_a_task_its_text_does_not_name(content):
    unsaid = task_unsaid(content)
    assert not unsaid, f"{len(unsaid)} abilities roll a task their text never names: {unsaid}"


def test_r_abl_2_an_attack_made_a_task_and_a_field_made_a_roll_are_caught(tmp_path):
    """A pack that gives the melee pummel back a task record, and the minute's field one:
    both checks name them."""
    abilities = Content().kind("abilities")
    pack = tmp_path / "rolled.toml"
    pack.write_text(
        "".join(
            f'[[abilities]]\nid = "{ability.id}"\nname = "{ability.name}"\nkind = "action"\n'
            f'cost = 1\npool = "{ability.pool}"\nsummary = "{ability.summary}"\n'
            f'effects = [{{ effect = "task", stat = "{ability.pool}" }}]\n\n'
            for ability in (abilities["bash"], abilities["resonance-field"])
        )
    )
    content = Content([pack])
    assert content.problems == []
    assert "abilities bash" in attack_left_out(content)
    assert "abilities resonance-field" in task_unsaid(content)


def test_the_reviewed_attacks_and_tasks_still_need_their_reasons(content: Content) -> None:
    known = dict(actions(content))
    stale = [
        where
        for where in REVIEWED_ATTACKS
        if where not in known
        or not MAKES_AN_ATTACK.search(known[where].summary)
        or any(isinstance(e, AttackMade) for e in known[where].effects)
    ]
    stale += [where for where in REVIEWED_TASKS if where not in known]
    assert not stale, f"reviewed entries gone, given an attack or no longer matched: {stale}"
