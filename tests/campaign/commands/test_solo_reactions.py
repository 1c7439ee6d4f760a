"""ReactNpc (commands.solo.reactions), R-NPC-1: the speaker's training read from the sheet,
the modifier in words, each reaction's exact chance with its faces before the die, one
Drawn for the reaction (and the NPC listed among the people met, in the same step)."""

from fractions import Fraction

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.solo.reactions import ReactNpc, speaker_skills
from strange_tui.campaign.model.events import Drawn, Listed
from strange_tui.campaign.model.story import StoryItem
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.rules.dice import PlayerDice, SeededDice
from strange_tui.rules.errors import RuleViolation
from tests.campaign.builders import campaign, character

SKILLS = {"Persuasion": "trained", "Lying": "specialized", "Etiquette": "inability"}
STATE = campaign(character("mara", skills=SKILLS), "jun")

# R-NPC-1 as the rules say it, written out again: the band each total falls in.
BANDS = [(4, "hostile"), (8, "unfriendly"), (12, "indifferent"), (16, "friendly")]


def expected(die: int, modifier: int) -> str:
    if die == 1:
        return "hostile"
    if die == 20:
        return "helpful"
    total = die + modifier
    return next((said for top, said in BANDS if total <= top), "helpful")


def react(die, **fields):
    command = ReactNpc(**{"npc": "Alys the keeper", "level": 3, "speaker": "mara", **fields})
    return decide(STATE, command, PlayerDice([die]))


@pytest.mark.parametrize(
    ("skill", "level", "modifier"),
    [
        ("", 3, 0),
        ("Persuasion", 2, 4),
        ("lying", 0, 9),  # Case does not matter.
        ("Etiquette", 3, -3),
        ("Etiquette", 10, -10),
        ("Knitting", 7, -4),  # A skill the sheet does not hold: no training.
    ],
)
def test_r_npc_1_every_face_with_the_speaker_s_training_and_the_npc_s_level(skill, level, modifier):
    """The preview's modifier, its exact chances and faces, and the die's reaction, for
    every face, against the rule written out here."""
    seen = preview(STATE, ReactNpc(npc="Alys", level=level, speaker="mara", skill=skill))
    assert seen.modifier == modifier
    by_face = {face: row.reaction for row in seen.odds for face in row.faces}
    assert sorted(by_face) == list(range(1, 21))
    for row in seen.odds:
        count = sum(1 for die in range(1, 21) if expected(die, modifier) == row.reaction)
        assert row.chance == Fraction(count, 20)
    assert sum(row.chance for row in seen.odds) == 1
    for die in range(1, 21):
        (event,) = react(die, skill=skill, level=level)
        assert event.result == f"Alys the keeper: {expected(die, modifier)}"
        assert by_face[die] == expected(die, modifier)


def test_r_npc_1_the_modifier_in_words_and_the_faces_of_each_reaction():
    seen = preview(STATE, ReactNpc(npc="Alys", level=2, speaker="mara", skill="Persuasion"))
    assert seen.words == "+3 Mara trained in Persuasion, +1 level 2: +4 in all"
    faces = {row.reaction: row.faces_text for row in seen.odds}
    assert faces == {"hostile": "1", "unfriendly": "2-4", "indifferent": "5-8",
                     "friendly": "9-12", "helpful": "13-20"}  # fmt: skip
    plain = preview(STATE, ReactNpc(npc="Alys", level=5, speaker="jun"))
    assert plain.words == "+0 Jun speaks with no skill, -2 level 5: -2 in all"
    unable = preview(STATE, ReactNpc(npc="Alys", level=3, speaker="mara", skill="Etiquette"))
    assert unable.words == "-3 Mara unable at Etiquette, +0 level 3: -3 in all"


def test_r_npc_1_a_natural_1_is_hostile_and_a_natural_20_helpful_whatever_the_modifier():
    best = preview(STATE, ReactNpc(npc="Alys", level=0, speaker="mara", skill="Lying"))
    worst = preview(STATE, ReactNpc(npc="Alys", level=10, speaker="mara", skill="Etiquette"))
    assert {r.reaction: r.faces for r in best.odds}["hostile"] == (1,)
    assert {r.reaction: r.faces for r in worst.odds}["helpful"] == (20,)
    assert react(1, skill="Lying", level=0)[0].result.endswith(": hostile")
    assert react(20, skill="Etiquette", level=10)[0].result.endswith(": helpful")


def test_r_npc_1_the_reaction_is_one_drawn_event_with_its_die_level_and_speaker():
    (event,) = react(14, skill="Persuasion", level=2)
    assert event == Drawn(table="reaction", result="Alys the keeper: helpful", dice=(14,),
                          level=2, character="mara")  # fmt: skip
    assert command_sentence((event,), {"mara": "Mara"}) == (
        "Alys the keeper (level 2) reacts to Mara: helpful (d20 14)."
    )
    (rolled,) = decide(STATE, ReactNpc(npc="Alys", level=3, speaker="jun"), SeededDice(3))
    assert 1 <= rolled.dice[0] <= 20


def test_r_npc_1_the_training_is_read_from_the_sheet_as_it_is_now():
    """A PC trained twice is specialized; a skill listed for the dialog comes with its level."""
    assert ("Persuasion", "trained") in speaker_skills(STATE.characters["mara"])
    assert ("Etiquette", "inability") in speaker_skills(STATE.characters["mara"])
    sharper = campaign(character("mara", skills={"Persuasion": "specialized"}))
    seen = preview(sharper, ReactNpc(npc="Alys", level=3, speaker="mara", skill="Persuasion"))
    assert (seen.steps, seen.modifier) == (2, 6)


def test_r_npc_1_meeting_the_npc_lists_them_among_the_people_in_the_same_step():
    drawn, listed = react(10, meet=True)
    assert listed == Listed(list="people", item=StoryItem(id="alys-the-keeper",
                                                           name="Alys the keeper"))  # fmt: skip
    met = replace(STATE, story=replace(STATE.story, people=(listed.item,)))
    again = decide(met, ReactNpc(npc="alys  the KEEPER", level=3, speaker="mara", meet=True),
                   PlayerDice([10]))  # fmt: skip
    assert [type(e) for e in again] == [Drawn], "already met: not listed twice"
    other = StoryItem(id="alys-the-keeper", name="Alys, the keeper")
    taken = replace(STATE, story=replace(STATE.story, people=(other,)))
    (_, second) = decide(taken, ReactNpc(npc="Alys the keeper", level=3, speaker="mara",
                                         meet=True), PlayerDice([10]))  # fmt: skip
    assert second.item.id == "alys-the-keeper-2"
    assert [type(e) for e in react(10)] == [Drawn], "without meet: no one listed"


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"npc": "  "}, "Type the NPC's name first."),
        ({"npc": "x" * 81}, "80 characters at most"),
        ({"npc": "Alys\x1b[2J"}, "no control characters"),
        ({"level": 11}, "An NPC's level runs from 0 to 10."),
        ({"speaker": "zed"}, "zed"),
        ({"skill": "Persuasion\n"}, "no control characters"),
    ],
)
def test_r_npc_1_a_name_level_speaker_or_skill_that_cannot_be_is_refused(fields, reason):
    with pytest.raises(RuleViolation, match=reason):
        react(10, **fields)


def test_a_player_s_seat_may_roll_a_reaction_for_any_pc_in_solo_play():
    """With a GM an NPC's reaction is the GM's to roll; in solo play any seat rolls it."""
    command = ReactNpc(npc="Alys", level=3, speaker="jun", by="mara")
    with pytest.raises(RuleViolation, match="^Only the GM may roll an NPC's reaction"):
        decide(STATE, command, PlayerDice([5]))
    store_state = replace(STATE, settings=replace(STATE.settings, solo=True))
    command = ReactNpc(npc="Alys", level=3, speaker="jun", by="mara")
    assert decide(store_state, command, PlayerDice([5]))[0].result == "Alys: unfriendly"
