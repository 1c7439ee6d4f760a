"""R-SCN-3 through the commands: one numbering of the story's scenes. A note written with no
scene under way and no fight opens a scene, as a scene begun does; the model counts both,
the events say the number, and the log's story and the Markdown give the number Home and
the scenes dialog show (``Story.scenes``). A note keeps its line breaks in the Markdown."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.combat.setup import AddNpcs, StartCombat
from strange_tui.campaign.commands.combat.turns import EndCombat
from strange_tui.campaign.commands.solo.journal import WriteScene
from strange_tui.campaign.commands.solo.scenes import EndScene, StartScene
from strange_tui.campaign.model.events import SceneStarted, SceneWritten, batches
from strange_tui.campaign.model.reduce import reduce
from strange_tui.campaign.narrate.story import SCENE, Heading, markdown_story, story
from strange_tui.rules import RuleViolation
from strange_tui.rules.dice import PlayerDice
from tests.campaign.commands.test_solo_scenes import PACK, solo_store

NOTE = "We found the glass door letter\nAfter the thugs, we ran for the quay."


def run(store, *commands):
    for command in commands:
        store.apply(decide(store.state, command, PlayerDice((1,) * 8)))
    return store


def begin(expected: str) -> StartScene:
    return StartScene(expected=expected, die=15, content=PACK)  # Over tension: as expected.


def scene_headings(events) -> list[str]:
    return [p.text for p in story(batches(events), {}) if isinstance(p, Heading)
            and p.level == SCENE]  # fmt: skip


def test_r_scn_3_a_note_then_a_scene_is_scene_2_in_the_model_the_log_and_the_markdown():
    """The note outside a scene opened scene 1; the scene begun after it is scene 2 for
    Home's count, its event, the log's heading and the Markdown's."""
    store = run(solo_store(), WriteScene(text=NOTE), begin("The docks are quiet."))
    assert store.state.story.scenes == 2 and store.state.story.scene
    started = store.journal()[-1]
    assert isinstance(started, SceneStarted) and started.number == 2
    assert scene_headings(store.journal()) == [
        "Scene 1: We found the glass door letter",
        "Scene 2: The docks are quiet",
    ]
    markdown = markdown_story("Lone Road", batches(store.journal()), {})
    assert "## Scene 2: The docks are quiet" in markdown


def test_r_scn_3_after_two_scenes_every_count_says_the_same_number():
    """Two scenes begun (notes in them), then a note between scenes, then a third: 1, 2,
    3 (the note), 4, in the model and the story alike."""
    store = run(
        solo_store(),
        begin("The keeper lets us in."),
        WriteScene(text="She pours tea."),
        EndScene(went="mixed"),
        begin("The lighthouse at night."),
        EndScene(went="well"),
    )
    assert store.state.story.scenes == 2
    assert scene_headings(store.journal())[-1] == "Scene 2: The lighthouse at night"
    run(store, WriteScene(text="Dawn on the cliffs."), begin("The courier's boat."))
    assert store.state.story.scenes == 4
    assert scene_headings(store.journal()) == [
        "Scene 1: The keeper lets us in",
        "Scene 2: The lighthouse at night",
        "Scene 3: Dawn on the cliffs",
        "Scene 4: The courier's boat",
    ]


def test_r_scn_3_a_note_in_a_scene_or_a_fight_opens_no_scene():
    store = run(solo_store(), begin("The keeper lets us in."), WriteScene(text="Tea."))
    assert store.journal()[-1] == replace(store.journal()[-1], opens=0)
    assert store.state.story.scenes == 1
    run(store, EndScene(went="mixed"), StartCombat(), AddNpcs(name="Thug", level=2))
    run(store, WriteScene(text="The thug swings a chain."))
    note = store.journal()[-1]
    assert isinstance(note, SceneWritten) and note.opens == 0
    assert store.state.story.scenes == 1
    run(store, EndCombat(), WriteScene(text="Quiet again."))
    assert store.journal()[-1].opens == 2 and store.state.story.scenes == 2


def test_r_scn_3_a_number_the_story_does_not_give_is_refused():
    """The fold checks the number an event says, as it checks the tension."""
    store = run(solo_store(), begin("The keeper lets us in."))
    state = store.state
    wrong = SceneWritten(seq=state.seq + 1, text="A note.", opens=2)
    with pytest.raises(RuleViolation, match="opens no scene"):
        reduce(state, wrong)
    run(store, EndScene(went="mixed"))
    started = SceneStarted(seq=store.state.seq + 1, expected="Again.", die=15, tension=5,
                           number=5)  # fmt: skip
    with pytest.raises(RuleViolation, match="next scene is scene 2, not 5"):
        reduce(store.state, started)


def test_r_scn_3_part_of_history_keeps_the_numbers_its_events_say():
    """The log's window may start mid-history (a page of it, a --since): the scenes in it
    keep their numbers, not a count from the window's start."""
    store = run(
        solo_store(), WriteScene(text="Night falls."), begin("The docks."),
        EndScene(went="mixed"), begin("The quay."),
    )  # fmt: skip
    commands = batches(store.journal())
    assert scene_headings([e for c in commands[-2:] for e in c]) == ["Scene 3: The quay"]


def test_r_scn_3_events_saved_without_numbers_are_counted_as_the_model_counts():
    """A campaign saved before the events said their numbers: the story counts a note
    outside a scene and a scene begun, as the fold does."""
    store = run(solo_store(), WriteScene(text="Night falls."), begin("The docks."),
                WriteScene(text="Rain."))  # fmt: skip
    old = [
        replace(e, opens=None) if isinstance(e, SceneWritten)
        else replace(e, number=0) if isinstance(e, SceneStarted) else e
        for e in store.journal()
    ]  # fmt: skip
    assert scene_headings(old) == ["Scene 1: Night falls", "Scene 2: The docks"]


def test_a_notes_line_breaks_stay_line_breaks_in_the_markdown():
    """Two lines of a note are two lines of its paragraph (a hard break), not one line;
    a blank line still parts two paragraphs."""
    store = run(solo_store(), WriteScene(text=NOTE + "\n\nThe van would not start."))
    lines = markdown_story("Lone Road", batches(store.journal()), {})
    at = lines.index("We found the glass door letter\\")
    assert lines[at + 1 : at + 4] == [
        "After the thugs, we ran for the quay.",
        "",
        "The van would not start.",
    ]
    assert not any("letter After" in line for line in lines)
