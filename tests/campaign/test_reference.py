"""The quick reference's model (campaign/narrate/reference.py): the ladders with their numbers,
the rule tables read (never copied), search, and a line's task rolled as a command at the
line's difficulty, stat and label (R-REF-1, R-MOD-1, R-ART-1)."""

import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.events import RollMade
from strange_tui.campaign.narrate.reference import (
    LADDER_WORDS,
    RefLine,
    Topic,
    jump_difficulty,
    reference_topics,
    search,
    topics_named,
)
from strange_tui.content.loader import Content
from strange_tui.rules.circumstances import CIRCUMSTANCES
from strange_tui.rules.crafting import CRAFTING_TIMES
from strange_tui.rules.hazards import HAZARDS, OBJECT_ARMOR
from strange_tui.rules.pools import Stat
from strange_tui.rules.task import DIFFICULTY_NAMES
from tests.campaign.builders import party_store
from tests.content import csrd_runs
from tests.content.test_reference_pack import copied_from_seed


@pytest.fixture(scope="module")
def topics() -> tuple[Topic, ...]:
    return reference_topics(Content())


def by_id(topics, topic_id: str) -> Topic:
    return next(t for t in topics if t.id == topic_id)


def only_line(topics, query: str) -> RefLine:
    (found,) = search(topics, query)
    (line,) = found.lines
    return line


def rolled(line: RefLine, die: int) -> RollMade:
    """The line's task as the roll dialog sends it: Mara rolls ``die``."""
    store = party_store()
    roll = Roll(
        character="mara", stat=line.stat or Stat.MIGHT, difficulty=line.difficulty,
        label=line.label, die=die,
    )  # fmt: skip
    (event,) = store.apply(decide(store.state, roll))
    assert isinstance(event, RollMade)
    return event


def test_the_topics_in_the_order_a_gm_reaches_for_them(topics):
    assert [t.id for t in topics] == [
        "difficulty", "climbing", "jumping", "riding", "knowledge", "identifying",
        "modifying", "moving", "grappling", "arrivals", "contests", "crafting", "hazards",
        "circumstances", "objects",
    ]  # fmt: skip
    for each in topics:
        assert all(line.topic == each.name for line in each.lines)


def test_r_ref_1_the_glass_line_rolls_might_at_10(topics):
    """The climbing ladder: glass is 10, Might; rolled as Mara's command with its label, a
    19 fails (the target is 30)."""
    line = only_line(topics, "glass")
    assert (line.difficulty, line.stat, line.topic) == (10, Stat.MIGHT, "Climbing")
    assert [x.difficulty for x in by_id(topics, "climbing").lines] == [2, 3, 4, 5, 6, 8, 10]
    event = rolled(line, die=19)
    assert (event.difficulty, event.stat, event.success) == (10, Stat.MIGHT, False)
    assert event.label == "Climbing: a sheer pane of glass"


def test_r_ref_1_riding_rolls_speed_and_knowledge_intellect(topics):
    riding, knowledge = by_id(topics, "riding"), by_id(topics, "knowledge")
    assert [x.difficulty for x in riding.lines if x.rollable] == [0, 1, 3, 4, 4, 4, 5, 5]
    assert {x.stat for x in riding.lines} == {Stat.SPEED}
    assert [x.difficulty for x in knowledge.lines] == [0, 1, 3, 5, 7, 10]
    line = only_line(topics, "knowledge scholar likely")
    event = rolled(line, die=9)  # Difficulty 3: 9 succeeds.
    assert (event.difficulty, event.stat, event.success) == (3, Stat.INTELLECT, True)


def test_r_ref_1_a_jump_across_feet_is_feet_less_four(topics):
    assert [jump_difficulty(feet) for feet in (3, 4, 5, 10, 14)] == [0, 0, 1, 6, 10]
    for line in by_id(topics, "jumping").lines:
        if line.rollable:
            assert line.difficulty == jump_difficulty(int(line.text.split()[1])), line.text
    # "10" finds the 10 feet and the difficulty 10 (14 feet): a number is both.
    ten_feet, fourteen = search(topics, "jump 10")[0].lines
    assert (ten_feet.text, fourteen.difficulty) == ("across 10 feet", 10)
    event = rolled(ten_feet, die=18)  # 10 feet: difficulty 6, and 18 reaches it.
    assert (event.difficulty, event.stat, event.success) == (6, Stat.MIGHT, True)


def test_r_mod_1_a_change_of_nature_is_formidable_and_unrelated_impossible(topics):
    modifying = by_id(topics, "modifying")
    assert [x.difficulty for x in modifying.lines] == [4, 7, 10, None, None]
    nature = only_line(topics, "modifying nature")
    assert nature.difficulty == 7 and nature.stat is None  # The ability's own stat.
    event = rolled(nature, die=20)
    assert (event.difficulty, event.success) == (7, False)  # 21 is out of a d20's reach.
    assert preview(party_store().state, Roll(character="mara", difficulty=4)).odds.target == 12


def test_r_art_1_a_cypher_is_identified_at_1_or_2_and_an_artifact_is_read(topics):
    identifying = by_id(topics, "identifying")
    assert [x.difficulty for x in identifying.lines] == [1, 2, None, None]
    assert all(x.stat is Stat.INTELLECT for x in identifying.lines)
    (easy, hard) = (x for x in identifying.lines if x.rollable)
    assert "15 minutes to an hour" in easy.text and "cypher" in hard.text
    event = rolled(hard, die=6)  # Difficulty 2: 6 is enough.
    assert (event.difficulty, event.stat, event.success) == (2, Stat.INTELLECT, True)
    artifact = only_line(topics, "artifact level")
    assert not artifact.rollable and "3 hours" in artifact.text
    assert "depletion" in only_line(topics, "depletion").text


def test_the_difficulty_ladder_is_the_rules_names_and_targets(topics):
    ladder = by_id(topics, "difficulty").lines
    assert [x.difficulty for x in ladder] == list(range(11))
    for step, line in enumerate(ladder):
        assert line.text.startswith(DIFFICULTY_NAMES[step])
    assert ladder[0].text == "Routine, no roll: anyone manages it"
    assert ladder[10].text.startswith("Impossible, target 30: ")


def test_crafting_hazards_circumstances_and_objects_come_from_the_rule_tables(topics):
    """One line per entry of each table, with its numbers (R-CRAFT-1, R-HAZ-1, R-HAZ-2,
    R-CIR-1): the reference shows what the rules apply."""
    crafting = by_id(topics, "crafting")
    assert [x.difficulty for x in crafting.lines] == [t.level for t in CRAFTING_TIMES]
    assert {x.stat for x in crafting.lines} == {Stat.INTELLECT}
    level_3 = crafting.lines[3]
    assert "a day" in level_3.text and "levels 3, 2 and 1" in level_3.text
    hazards = by_id(topics, "hazards").lines
    assert len(hazards) == len(HAZARDS) and not any(x.rollable for x in hazards)
    assert only_line(topics, "major fire").text.startswith("major fire: 6 damage each round")
    assert only_line(topics, "falling").text == "falling: 1 damage per 10 feet fallen"
    circumstances = by_id(topics, "circumstances").lines
    assert len(circumstances) == len(CIRCUMSTANCES)
    darkness = only_line(topics, "total darkness")
    assert "target's advantage, 4 steps" in darkness.text and "1 XP" in darkness.text
    assert [x.text for x in by_id(topics, "objects").lines][-1].endswith(
        f"Armor {OBJECT_ARMOR['extremely hard']}"
    )


def test_search_takes_words_in_any_order_topic_names_and_numbers(topics):
    assert search(topics, "") == topics
    assert search(topics, "GLASS") == search(topics, "glass")
    assert only_line(topics, "fire major") == only_line(topics, "major fire")
    climbing = search(topics, "climbing")  # A topic's name finds all its lines.
    assert [t.id for t in climbing] == ["climbing"] and len(climbing[0].lines) == 7
    tens = search(topics, "10")  # A number: that difficulty, or the number in the text.
    assert {"difficulty", "climbing", "knowledge", "modifying", "crafting"} <= {t.id for t in tens}
    assert all(x.difficulty == 10 or "10" in x.text for t in tens for x in t.lines)
    assert search(topics, "glass unicorn") == ()


def test_topics_are_found_by_part_of_their_name(topics):
    assert [t.id for t in topics_named(topics, "climb")] == ["climbing"]
    assert [t.id for t in topics_named(topics, "RIDING")] == ["riding"]
    assert topics_named(topics, "swimming") == ()


def test_the_ladder_s_words_are_our_own(topics):
    """The guidance and the notes this module writes share no run of five words with the
    cheat sheet, nor of eight with the CSRD."""
    csrd = csrd_runs.load()
    texts = [*LADDER_WORDS, *(t.note for t in topics)]
    assert [text for text in texts if copied_from_seed(text)] == []
    assert [text for text in texts if csrd_runs.run_digests(text) & csrd] == []


def test_r_move_3_sneaking_heavy_things_and_zero_gravity_roll_at_their_numbers(topics):
    """Seed 003's movement modifiers: sneaking at half speed, one step easier than the
    watcher's level (a level 3 watcher: 2); shifting 50 pounds 1 and 200 pounds 4 (+1 per
    50); a push-off in zero gravity a quarter of the feet (12 feet: 3)."""
    moving = by_id(topics, "moving")
    rollable = {x.text.split(":")[0]: (x.difficulty, x.stat) for x in moving.lines if x.rollable}
    assert rollable == {
        "sneaking past someone at half speed": (2, Stat.SPEED),
        "shifting a heavy thing an immediate distance": (1, Stat.MIGHT),
        "shifting 200 pounds an immediate distance": (4, Stat.MIGHT),
        "pushing off in zero gravity": (3, Stat.MIGHT),
    }
    event = rolled(only_line(topics, "sneaking"), die=6)
    assert (event.difficulty, event.stat, event.success) == (2, Stat.SPEED, True)
    terrain = only_line(topics, "difficult terrain")
    assert "half the distance" in terrain.text and "one step harder" in terrain.text


def test_r_tr_10_noticing_an_arrival_is_intellect_at_2_for_the_spark_only(topics):
    arrivals = by_id(topics, "arrivals")
    (line,) = arrivals.lines
    assert (line.difficulty, line.stat) == (2, Stat.INTELLECT)
    assert "spark" in arrivals.note and "quickened" in arrivals.note
    event = rolled(line, die=5)  # Difficulty 2: the target is 6, 5 misses.
    assert (event.difficulty, event.success) == (2, False)


def test_r_task_7_an_npc_against_an_npc_is_a_players_roll_at_the_others_level(topics):
    contests = by_id(topics, "contests")
    npc_line = next(x for x in contests.lines if x.text.startswith("an NPC against an NPC"))
    assert npc_line.difficulty == 3 and "level" in npc_line.text
    assert not next(x for x in contests.lines if x.text.startswith("a PC against")).rollable


def test_r_grab_1_grappling_is_a_might_task_at_the_foes_level(topics):
    grappling = by_id(topics, "grappling")
    grab = next(x for x in grappling.lines if x.rollable)
    assert (grab.difficulty, grab.stat) == (3, Stat.MIGHT) and "level 3" in grab.text
    assert any("second defense" in x.text for x in grappling.lines)
