"""Artifacts and identifying (R-ART-1, R-ART-2) through their commands: an artifact gained
with its depletion, a cypher or an artifact studied (an Intellect task, then the study's
minutes pass), an artifact's first use (its Intellect task), its depletion die on each use
(a face in range: that use is its last, and it stays on the sheet, spent), letting it go."""

import msgspec
import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character import (
    DropArtifact,
    GainArtifact,
    GainCypher,
    IdentifyArtifact,
    IdentifyCypher,
    UseArtifact,
    UseCypher,
)
from strange_tui.campaign.commands.combat import StartCombat
from strange_tui.campaign.model.events import (
    ArtifactDropped,
    ArtifactGained,
    ArtifactUsed,
    CharacterCreated,
    ClockAdvanced,
    CypherUsed,
    IdentifyAttempted,
    RollMade,
)
from strange_tui.campaign.model.reduce import reduce, replay
from strange_tui.campaign.model.state import Artifact, Campaign, Cypher
from strange_tui.campaign.narrate.log import command_sentence, names_of
from strange_tui.campaign.store import Store
from strange_tui.rules.cyphers import (
    depleted,
    depletion_chance,
    depletion_words,
    parse_depletion,
    use_difficulty,
)
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character

START = 8 * 3600  # Day 1, 08:00.


def party() -> Store:
    """Mara Quist (Intellect 8, Edge 0) and Jun Okafor, Day 1, 08:00."""
    store = Store(Campaign(name="Test"))
    store.dispatch(CharacterCreated(character=character("mara", name="Mara Quist")))
    store.dispatch(CharacterCreated(character=character("jun", name="Jun Okafor")))
    return store


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def said(store: Store, events) -> str:
    return command_sentence(events, names_of(store.state, store.journal()))


def mara(store: Store):
    return store.state.characters["mara"]


def with_spinner(identified=False, depletion="1 in 1d20") -> Store:
    store = party()
    run(
        store,
        GainArtifact(
            character="mara",
            name="Spinner",
            level=3,
            depletion=depletion,
            effect="Spins up a small whirlwind.",
            identified=identified,
        ),
    )
    return store


def test_r_art_1_the_depletion_rule_helpers():
    assert parse_depletion("1 in 1d20") == (1, 20)
    assert parse_depletion("1–2 in 1d10") == (2, 10)
    assert parse_depletion("1 in d100") == (1, 100)
    assert parse_depletion("—") == parse_depletion("never") == (0, 0)
    assert parse_depletion("automatic") == (1, 0)
    for bad in ("2 in 1d20", "1 in 1d8", "6 in 1d6", "often"):
        with pytest.raises(RuleViolation, match="^Depletion reads"):
            parse_depletion(bad)
    assert depletion_chance(1, 20) == 0.05 and depletion_chance(2, 10) == 0.2
    assert (depletion_chance(0, 0), depletion_chance(1, 0)) == (0.0, 1.0)
    assert [depleted(face, 2, 10) for face in (1, 2, 3, 10)] == [True, True, False, False]
    assert (depleted(0, 0, 0), depleted(0, 1, 0)) == (False, True)
    assert [depletion_words(*d) for d in ((1, 20), (2, 10), (0, 0), (1, 0))] == [
        "1 in 1d20", "1-2 in 1d10", "never", "automatic",
    ]  # fmt: skip


def test_r_art_2_the_task_a_use_takes():
    assert use_difficulty(3, identified=False, used_once=False) == 5
    assert use_difficulty(9, identified=False, used_once=False) == 10
    assert use_difficulty(3, identified=True, used_once=False) == 3
    assert use_difficulty(3, identified=True, used_once=True) is None


def test_r_art_1_an_artifact_gained_with_its_depletion_and_the_preview():
    store = party()
    gain = GainArtifact(character="mara", name=" Spinner ", level=3, depletion="1 in 1d20",
                        identified=False)  # fmt: skip
    seen = preview(store.state, gain)
    assert (seen.name, seen.level, seen.depletion, seen.chance, seen.identified) == (
        "Spinner", 3, "1 in 1d20", "1 in 20: 5%", False,
    )  # fmt: skip
    events = run(store, gain)
    assert [type(e) for e in events] == [ArtifactGained]
    assert mara(store).artifacts == (
        Artifact(name="Spinner", level=3, depletion_in=1, depletion_die=20, identified=False),
    )
    assert said(store, events) == (
        "Mara Quist gained an artifact: Spinner (level 3, depletion 1 in 1d20, unidentified)."
    )


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"name": " "}, "^Name the artifact"),
        ({"level": 0}, "^An artifact's level runs from 1 to 10"),
        ({"level": 11}, "^An artifact's level runs from 1 to 10"),
        ({"depletion": "sometimes"}, "^Depletion reads"),
    ],
)
def test_r_art_1_a_gain_the_rules_refuse_changes_nothing(changes, reason):
    store = party()
    seq = store.state.seq
    command = GainArtifact(character="mara", **{"name": "Spinner", **changes})
    with pytest.raises(RuleViolation, match=reason):
        run(store, command)
    assert store.state.seq == seq


def test_r_art_1_identifying_an_artifact_is_an_intellect_task_at_its_level_and_takes_time():
    store = with_spinner()
    study = IdentifyArtifact(character="mara", index=0, minutes=90, die=9)  # Target 9.
    seen = preview(store.state, study)
    assert (seen.difficulty, seen.difficulties, seen.minutes) == (3, (3,), 90)
    assert seen.choices == tuple(range(15, 181, 15))
    assert seen.time == "90 minutes: the clock goes to Day 1, 09:30"
    assert (seen.roll.odds.target, seen.roll.stat) == (9, Stat.INTELLECT)
    events = run(store, study)
    assert [type(e) for e in events] == [RollMade, IdentifyAttempted, ClockAdvanced]
    assert events[0].difficulty == 3 and events[1].success
    assert mara(store).artifacts[0].identified
    assert store.state.clock.seconds == START + 90 * 60
    assert said(store, events) == (
        "Mara Quist rolled 9 for identifying the artifact Spinner (Demanding 3, target 9):"
        " success. Mara Quist identified the artifact Spinner. 1 h 30 min passed (studying"
        " Spinner)."
    )
    assert replay(Campaign(name="Test"), store.journal()) == store.state


def test_r_art_1_a_failed_study_leaves_it_unknown_and_the_time_is_spent():
    store = with_spinner()
    events = run(store, IdentifyArtifact(character="mara", index=0, die=8))
    assert not events[1].success and not mara(store).artifacts[0].identified
    assert store.state.clock.seconds == START + 15 * 60  # The least: a quarter hour.
    assert "Mara Quist could not identify the artifact Spinner." in said(store, events)


def test_r_art_1_a_cypher_gained_unidentified_cannot_be_used_until_identified():
    store = party()
    run(store, GainCypher(character="mara", name="Stim", level=4, identified=False))
    assert not mara(store).cyphers[0].identified
    with pytest.raises(RuleViolation, match="^Stim is not identified yet: study it first"):
        run(store, UseCypher(character="mara", index=0))
    study = IdentifyCypher(character="mara", index=0, difficulty=2, minutes=60, die=6)
    seen = preview(store.state, study)
    assert (seen.difficulty, seen.difficulties, seen.choices) == (2, (1, 2), (15, 30, 45, 60))
    events = run(store, study)
    assert events[0].difficulty == 2 and events[1].item == "cypher" and events[1].success
    assert mara(store).cyphers[0].identified
    assert store.state.clock.seconds == START + 3600
    assert [type(e) for e in run(store, UseCypher(character="mara", index=0))] == [CypherUsed]


def test_r_art_1_reduce_refuses_a_use_of_an_unidentified_cypher_but_not_its_discard():
    state = party().state
    unknown = Cypher(name="Stim", identified=False)
    state = state.with_character(msgspec.structs.replace(
        state.characters["mara"], cyphers=(unknown,)))  # fmt: skip
    used = CypherUsed(character="mara", index=0, name="Stim", seq=state.seq + 1)
    with pytest.raises(RuleViolation, match="not identified"):
        reduce(state, used)
    assert (
        reduce(state, msgspec.structs.replace(used, discarded=True)).characters["mara"].cyphers
        == ()
    )


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (IdentifyCypher(character="mara", index=0, difficulty=3), "difficulty 1 or 2"),
        (IdentifyCypher(character="mara", index=0, minutes=90), "takes 15 to 60 minutes"),
        (IdentifyArtifact(character="mara", index=0, minutes=10), "takes 15 to 180 minutes"),
        (IdentifyArtifact(character="mara", index=5), "carries no artifact number 6"),
    ],
)
def test_r_art_1_a_study_the_rules_refuse(command, reason):
    store = with_spinner()
    run(store, GainCypher(character="mara", name="Stim", level=4, identified=False))
    with pytest.raises(RuleViolation, match=reason):
        run(store, command)


def test_r_art_1_no_study_of_what_is_known_nor_in_a_fight():
    store = with_spinner(identified=True)
    with pytest.raises(RuleViolation, match="^Spinner is identified already"):
        run(store, IdentifyArtifact(character="mara", index=0))
    store = with_spinner()
    run(store, StartCombat())
    with pytest.raises(RuleViolation, match="^End the fight first"):
        run(store, IdentifyArtifact(character="mara", index=0))


def test_r_art_2_the_first_use_once_identified_is_an_intellect_task_then_none():
    store = with_spinner(identified=True)
    use = UseArtifact(character="mara", index=0, die=12, depletion=7)
    seen = preview(store.state, use)
    assert seen.task.startswith("its first use once identified")
    assert seen.roll.odds.difficulty == 3
    assert (seen.depletion, seen.chance, seen.die) == ("1 in 1d20", "1 in 20: 5%", 20)
    events = run(store, use)
    assert [type(e) for e in events] == [RollMade, ArtifactUsed]
    assert (events[1].worked, events[1].die, events[1].spent) == (True, 7, False)
    assert mara(store).artifacts[0].used_once
    assert said(store, events).endswith(
        "Mara Quist used the artifact Spinner: depletion die 7, it still works."
    )
    again = UseArtifact(character="mara", index=0, depletion=3)
    assert preview(store.state, again).roll is None
    assert [type(e) for e in run(store, again)] == [ArtifactUsed]


def test_r_art_2_a_failed_first_use_does_nothing_and_rolls_no_depletion():
    store = with_spinner(identified=True)
    events = run(store, UseArtifact(character="mara", index=0, die=4, depletion=1))
    assert (events[1].worked, events[1].die, events[1].spent) == (False, 0, False)
    assert not mara(store).artifacts[0].used_once  # The next use is its first still.
    assert said(store, events).endswith("Mara Quist could not make the artifact Spinner work.")


def test_r_art_2_an_unidentified_artifact_is_used_at_its_level_plus_2():
    store = with_spinner()
    use = UseArtifact(character="mara", index=0, die=15, depletion=9)  # Target 15.
    seen = preview(store.state, use)
    assert seen.task.startswith("unidentified") and seen.roll.odds.difficulty == 5
    events = run(store, use)
    assert events[0].difficulty == 5 and events[1].worked
    assert not mara(store).artifacts[0].used_once  # Still unidentified: no first use yet.


def test_r_art_1_a_depletion_in_range_is_the_last_use_it_stays_spent():
    store = with_spinner(identified=True, depletion="1-2 in 1d10")
    assert preview(store.state, UseArtifact(character="mara", index=0)).chance == "2 in 10: 20%"
    events = run(store, UseArtifact(character="mara", index=0, die=15, depletion=2))
    assert events[-1].spent and mara(store).artifacts[0].spent
    assert said(store, events).endswith(
        "Mara Quist used the artifact Spinner: depletion die 2: it works, but that was its"
        " last use; it is spent."
    )
    with pytest.raises(RuleViolation, match="^Spinner is spent: it works no more"):
        preview(store.state, UseArtifact(character="mara", index=0))
    with pytest.raises(RuleViolation, match="^Spinner is spent"):
        run(store, UseArtifact(character="mara", index=0))
    assert len(mara(store).artifacts) == 1


def test_r_art_1_the_apps_depletion_die_is_said_and_a_face_off_the_die_refused():
    store = with_spinner(identified=True, depletion="1 in 1d6")
    run(store, UseArtifact(character="mara", index=0, die=15, depletion=6))
    with pytest.raises(RuleViolation, match="A d6 shows 1 to 6"):
        run(store, UseArtifact(character="mara", index=0, depletion=7))
    events = run(store, UseArtifact(character="mara", index=0))
    assert events[-1].app_rolled and 1 <= events[-1].die <= 6
    assert "(the app's die)" in said(store, events)


def test_r_art_1_never_and_automatic_roll_no_die():
    store = with_spinner(identified=True, depletion="never")
    run(store, UseArtifact(character="mara", index=0, die=15))
    events = run(store, UseArtifact(character="mara", index=0))
    assert (events[-1].die, events[-1].spent) == (0, False)
    assert said(store, events) == "Mara Quist used the artifact Spinner (it never depletes)."
    store = with_spinner(identified=True, depletion="automatic")
    assert preview(store.state, UseArtifact(character="mara", index=0)).chance == (
        "automatic: one use"
    )
    events = run(store, UseArtifact(character="mara", index=0, die=15))
    assert events[-1].spent and mara(store).artifacts[0].spent
    assert said(store, events).endswith("used the artifact Spinner: its one use; it is spent.")


def test_r_art_1_reduce_refuses_a_depletion_result_the_die_does_not_give():
    store = with_spinner(identified=True)
    state = store.state
    lie = ArtifactUsed(character="mara", index=0, name="Spinner", die=1, spent=False,
                       seq=state.seq + 1)  # fmt: skip
    with pytest.raises(RuleViolation, match="does not match the rules"):
        reduce(state, lie)
    with pytest.raises(RuleViolation, match="on a d20"):
        reduce(state, msgspec.structs.replace(lie, die=21))
    with pytest.raises(RuleViolation, match="rolls no depletion"):
        reduce(state, msgspec.structs.replace(lie, worked=False))


def test_r_art_1_drop_an_artifact_one_step():
    store = with_spinner()
    assert preview(store.state, DropArtifact(character="mara", index=0)).name == "Spinner"
    events = run(store, DropArtifact(character="mara", index=0))
    assert [type(e) for e in events] == [ArtifactDropped] and mara(store).artifacts == ()
    assert said(store, events) == "Mara Quist let go of the artifact Spinner."
    store.undo()
    assert mara(store).artifacts[0].name == "Spinner"


def test_r_art_1_a_players_seat_acts_for_its_own_character_only():
    store = with_spinner()
    mine = IdentifyArtifact(character="mara", index=0, die=15, by="mara")
    run(store, mine)
    assert store.journal()[-3].seat == "mara"
    with pytest.raises(RuleViolation, match="^Jun Okafor's seat acts for Jun Okafor only"):
        decide(store.state, UseArtifact(character="mara", index=0, by="jun"))


def test_r_art_1_old_sheets_decode_with_no_artifacts_and_identified_cyphers():
    old = msgspec.json.encode({"name": "Stim", "level": 2})
    assert msgspec.json.decode(old, type=Cypher).identified
    sheet = msgspec.json.encode(character("mara"))
    plain = msgspec.json.decode(sheet)
    plain.pop("artifacts", None)
    decoded = msgspec.json.decode(msgspec.json.encode(plain), type=type(character("mara")))
    assert decoded.artifacts == ()
