"""A task against a creature of the fight (R-NPC-1): the level it meets the task at, asked
of the command layer by the roll dialog's Against choice."""

from strange_tui.campaign.commands.combat import AddNpcs, DamageNpcs
from strange_tui.campaign.commands.rolls.against import (
    against_level,
    against_situations,
    standing_npcs,
)
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.content.loader import Content
from strange_tui.rules.pools import Stat
from tests.campaign.commands.test_combat import fight, run

CREATURES = Content().kind("creatures")


def creatures_fight(*ids: str):
    return fight(*(AddNpcs.of_creature(CREATURES[i]) for i in ids))


def npc(store, name: str) -> str:
    return next(cid for who, cid in standing_npcs(store.state) if who == name)


def test_r_npc_1_sneaking_past_the_ai_zombie_meets_its_perception_7():
    store = creatures_fight("ai-zombie")
    sneak = Roll(character="mara", stat=Stat.SPEED, label="Stealth")
    zombie = npc(store, "AI Zombie")
    assert against_level(store.state, zombie, sneak) == (7, "AI Zombie: Perception as level 7")


def test_r_npc_1_a_lie_to_the_assassin_meets_its_deception_8():
    store = creatures_fight("assassin")
    lie = Roll(character="mara", stat=Stat.INTELLECT, label="Deception")
    assert against_level(store.state, npc(store, "Assassin"), lie) == (
        8,
        "Assassin: Stealth and deception as level 8",
    )


def test_r_npc_1_looking_for_the_assassin_meets_its_stealth_8():
    store = creatures_fight("assassin")
    look = Roll(character="mara", stat=Stat.INTELLECT, label="Search", perception=True)
    assert against_level(store.state, npc(store, "Assassin"), look)[0] == 8


def test_r_npc_1_a_task_no_modification_meets_is_at_its_own_level():
    store = creatures_fight("ai-zombie", "assassin")
    climb = Roll(character="mara", stat=Stat.MIGHT, label="Climb the wall")
    assert against_level(store.state, npc(store, "AI Zombie"), climb) == (
        3,
        "AI Zombie: level 3, its own",
    )
    assert against_level(store.state, npc(store, "Assassin"), climb)[0] == 6


def test_r_npc_1_a_situational_modification_counts_once_the_table_says_it_holds():
    # The Abomination (level 5) sees through deception as level 3, when the GM says so.
    store = creatures_fight("abomination")
    lie = Roll(character="mara", stat=Stat.INTELLECT, label="Deception")
    abomination = npc(store, "Abomination")
    held = ("seeing through a lie or a trick",)
    assert against_situations(store.state, abomination, lie) == held
    assert against_level(store.state, abomination, lie) == (5, "Abomination: level 5, its own")
    assert against_level(store.state, abomination, lie, held) == (
        3,
        "Abomination: Deception as level 3 (seeing through a lie or a trick)",
    )


def test_r_npc_1_a_defeated_npc_is_not_offered():
    store = creatures_fight("ai-zombie", "assassin")
    zombie = npc(store, "AI Zombie")
    run(store, DamageNpcs(targets=(zombie,), amount=99, ignore_armor=True))
    assert [name for name, _ in standing_npcs(store.state)] == ["Assassin"]
