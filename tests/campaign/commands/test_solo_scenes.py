"""R-SCN-1, R-SCN-2 through the commands: a scene starts with what the player expects,
tested by a d20 against tension (as expected above it; at or under it an odd face alters
it, drawn in the same step, and an even face interrupts it with a random event); it ends
with how it went, which moves tension. The preview's odds are exact and agree with every
face at every tension."""

from fractions import Fraction

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.base import state_after
from strange_tui.campaign.commands.solo.lists import AddToList
from strange_tui.campaign.commands.solo.scenes import EndScene, StartScene
from strange_tui.campaign.commands.solo.tension import SetTension
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.model.events import (
    Drawn,
    SceneEnded,
    SceneStarted,
    TensionSet,
)
from strange_tui.campaign.model.events import (
    batches as batches_of,
)
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules import RuleViolation
from strange_tui.rules.dice import PlayerDice
from tests.campaign.builders import party_store
from tests.campaign.commands.solo_packs import SoloPack

PACK = SoloPack()
PLENTY = (1,) * 8
"""Dice for whatever a scene draws: a 1 fits any die."""


def solo_store() -> Store:
    store = party_store()
    store.apply(decide(store.state, ChangeSettings(solo=True, solo_intrusions="off")))
    return store


def at_tension(store: Store, tension: int) -> Store:
    if tension != store.state.story.tension:
        store.apply(decide(store.state, SetTension(tension=tension)))
    return store


def start(store: Store, die: int | None, *dice: int, expected: str = "The docks are quiet."):
    command = StartScene(expected=expected, die=die, content=PACK)
    return store.apply(decide(store.state, command, PlayerDice(dice)))


def outcome(events) -> str:
    """What the scene's step says happened: as expected, altered or interrupted."""
    drawn = [event.table for event in events if isinstance(event, Drawn)]
    assert len(drawn) <= 1
    return {(): "expected", ("alteration",): "altered", ("event",): "interrupted"}[tuple(drawn)]


@pytest.mark.parametrize("tension", range(1, 10))
def test_r_scn_1_every_face_at_every_tension_gives_what_the_preview_counts(tension):
    state = at_tension(solo_store(), tension).state
    seen = preview(state, StartScene(expected="We meet the fixer."))
    assert seen.tension == tension and seen.problem is None
    faces: dict[str, list[int]] = {"expected": [], "altered": [], "interrupted": []}
    for die in range(1, 21):
        command = StartScene(expected="We meet the fixer.", die=die, content=PACK)
        events = decide(state, command, PlayerDice(PLENTY))
        assert isinstance(events[0], SceneStarted) and events[0].die == die
        faces[outcome(events)].append(die)
    assert sum(odds.chance for odds in seen.odds) == 1
    for odds in seen.odds:
        assert odds.faces == tuple(faces[odds.test])
        assert odds.chance == Fraction(len(faces[odds.test]), 20)
    # Tension 5: 6-20 as expected, 1 3 5 altered, 2 4 interrupted.
    if tension == 5:
        chances = {odds.test: odds.chance for odds in seen.odds}
        assert chances == {
            "expected": Fraction(3, 4),
            "altered": Fraction(3, 20),
            "interrupted": Fraction(1, 10),
        }


def test_r_scn_1_a_die_over_tension_goes_as_expected_and_draws_nothing():
    store = solo_store()
    events = start(store, 6)
    assert [type(event) for event in events] == [SceneStarted]
    assert store.state.story.scene == "The docks are quiet." and store.state.story.scenes == 1
    line = command_sentence(events, store.state.names())
    assert line == (
        "A scene begins: The docks are quiet. The scene's die, 6 against tension 5:"
        " it goes as expected."
    )


def test_r_scn_1_an_odd_face_under_tension_alters_the_scene_in_the_same_step():
    store = solo_store()
    batches = len(store.journal())
    # The die 3 at tension 5; a d2 over the alterations for Earth or any (Ruk's is left out).
    events = start(store, 3, 2)
    started, drawn = events
    assert isinstance(started, SceneStarted) and not started.app_rolled
    assert (drawn.table, drawn.result, drawn.dice) == (
        "alteration",
        "A crowd — Someone is watching",
        (2,),
    )
    assert len(store.journal()) == batches + 2
    assert batches_of(store.journal())[-1] == events  # One step: one undo takes both.
    line = command_sentence(events, store.state.names())
    assert "it is altered. The scene is altered: A crowd — Someone is watching (dice 2)." in line


def test_r_scn_1_an_alteration_fits_the_partys_recursion():
    state = replace(solo_store().state, recursion="ruk")
    events = decide(state, StartScene(expected="x", die=1, content=PACK), PlayerDice([2]))
    assert events[1].result == "Chaos-touched — The Chaosphere leaks in"  # A d3 now.


def test_r_scn_1_an_even_face_under_tension_interrupts_with_an_event_from_the_threads():
    store = solo_store()
    for name in ("The missing courier", "A debt to Ilse"):
        store.apply(decide(store.state, AddToList(list="threads", name=name)))
    # The die 4 at tension 5; the focus d2 shows 1 (a thread moves), a d2 picks the second
    # thread, then the meaning's d2s: betray, a promise.
    events = start(store, 4, 1, 2, 1, 2)
    drawn = events[1]
    assert (drawn.table, drawn.dice) == ("event", (1, 2, 1, 2))
    assert drawn.result == "A thread moves: A debt to Ilse; its meaning: betray · a promise"
    line = command_sentence(events, store.state.names())
    assert "it is interrupted by a random event. A random event: A thread moves" in line


def test_r_scn_1_the_app_rolls_the_scene_die_when_none_is_typed():
    store = solo_store()
    (started,) = start(store, None, 17)
    assert started.die == 17 and started.app_rolled
    assert "17 (the app's die)" in command_sentence((started,), {})


def test_r_scn_1_a_scene_does_not_start_while_one_is_under_way_nor_without_words():
    store = solo_store()
    start(store, 20)
    with pytest.raises(RuleViolation, match=r"^End the scene first \(e\)\.$"):
        start(store, 20)
    assert preview(store.state, StartScene(expected="x")).problem == "End the scene first (e)."
    fresh = solo_store()
    with pytest.raises(RuleViolation, match="Say what you expect"):
        start(fresh, 20, expected="   ")
    with pytest.raises(RuleViolation, match="d20 shows 1 to 20"):
        start(fresh, 21)


def test_r_scn_1_an_altered_scene_with_no_alterations_in_the_packs_is_refused():
    state = solo_store().state
    command = StartScene(expected="x", die=1, content=SoloPack(alterations=()))
    with pytest.raises(RuleViolation, match="no alterations"):
        decide(state, command, PlayerDice(PLENTY))


@pytest.mark.parametrize(
    ("went", "tension", "why"),
    [
        ("well", 4, "the scene went the party's way"),
        ("badly", 6, "the scene went badly"),
        ("mixed", 5, None),
    ],
)
def test_r_scn_2_a_scenes_end_moves_tension_by_how_it_went(went, tension, why):
    store = solo_store()
    start(store, 20)
    seen = preview(store.state, EndScene(went=went))
    assert seen.after == {"well": 4, "mixed": 5, "badly": 6}
    events = store.apply(decide(store.state, EndScene(went=went)))
    assert isinstance(events[0], SceneEnded) and events[0].went == went
    assert store.state.story.scene == "" and store.state.story.tension == tension
    moved = [event for event in events if isinstance(event, TensionSet)]
    assert [(e.tension, e.was, e.why) for e in moved] == ([(tension, 5, why)] if why else [])
    line = command_sentence(events, store.state.names())
    if went == "badly":
        # N26: the outcome is said once (the tension's move gives no reason again).
        assert line == "The scene ends; it went badly. Tension rises to 6."


def test_r_scn_2_tension_never_passes_the_scale_at_a_scenes_end():
    store = at_tension(solo_store(), 9)
    start(store, 20)
    events = store.apply(decide(store.state, EndScene(went="badly")))
    assert [type(event) for event in events] == [SceneEnded]
    assert store.state.story.tension == 9


def test_r_scn_2_no_scene_under_way_is_no_scene_to_end():
    state = solo_store().state
    with pytest.raises(RuleViolation, match="No scene is under way"):
        decide(state, EndScene(went="well"))
    started = state_after(state, decide(state, StartScene(expected="x", die=20)))
    with pytest.raises(RuleViolation, match="A scene went one of"):
        decide(started, EndScene(went="great"))


def test_r_evt_1_a_kept_question_in_an_event_is_quoted_before_its_meaning():
    """N5/N8: a thread that ends in '?' does not run into the ';' before the meaning."""
    store = solo_store()
    store.apply(decide(store.state, AddToList(list="threads", name="Who burned the records?")))
    events = start(store, 4, 1, 1, 2)  # The focus d2: a thread moves (the only one).
    drawn = events[1]
    assert drawn.result == (
        'A thread moves: "Who burned the records?"; its meaning: betray · a promise'
    )
