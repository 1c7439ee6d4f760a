"""The words of a task match as a player types them (R-ABL-1): a label's word in any of
its forms names its task tag, a narrower task brings its broader one, a roll may say
which kind of task it is, and the preview says what each ability brings and why."""

from typing import get_args

import msgspec
import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.ability_tasks import roll_tags, task_reasons
from strange_tui.campaign.model.events import CharacterCreated, ClockAdvanced, RollMade
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.task_words import BROADER, KINDS, MAX_KINDS, TASK_WORDS
from strange_tui.campaign.store import Store
from strange_tui.content.effects import TaskTag
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character

STALKER = "Stalker: an asset (movement: climbing)"


def stalker_store() -> Store:
    """Mara with Stalker: 'an asset on every kind of movement task: climbing, swimming,
    jumping, balancing'."""
    store = Store(Campaign(name="Test"))
    store.dispatch(CharacterCreated(character=character("mara", abilities=("Stalker",))))
    return store


@pytest.mark.parametrize("label", ["Climb the cliff", "climbs", "Climbing the cliff",
                                   "She climbed up", "A climber's route"])  # fmt: skip
def test_r_abl_1_every_form_of_a_word_names_its_task(label):
    tags = roll_tags("might", label=label)
    assert {"climbing", "movement"} <= tags


@pytest.mark.parametrize(("label", "tag"), [
    ("Swim the river", "swimming"), ("The swimmer tires", "swimming"),
    ("Sneak past", "stealth"), ("Persuade the guard", "persuasion"),
    ("Lie to the guard", "deception"), ("Intimidate him", "intimidation"),
    ("Heal Jun", "healing"), ("Fix the engine", "repair"), ("Drive the van", "driving"),
    ("Pilot the skiff", "piloting"), ("Track the beast", "tracking"),
    ("Jump the gap", "jumping"), ("Balance on the ledge", "balancing"),
    ("Run for it", "running"), ("Escape the net", "escape"), ("Spot the watcher", "perception"),
    ("Search the room", "perception"), ("Recall the lore", "knowledge"),
    ("A melee attack", "melee attacks"),
])  # fmt: skip
def test_r_abl_1_the_word_table_names_each_kind_of_task(label, tag):
    assert tag in roll_tags("speed", label=label)


def test_r_abl_1_every_tag_of_the_packs_has_its_forms_and_a_place():
    """Every tag the packs may name has its word forms (itself among them), and is either
    a kind the roll's form lists or one the form asks otherwise (stat, attack, defense)."""
    asked_otherwise = {"all", "might", "speed", "intellect", "attacks", "melee attacks",
                       "ranged attacks", "defense", "might defense", "speed defense",
                       "intellect defense", "initiative", "translation", "cyphers"}  # fmt: skip
    for tag in get_args(TaskTag):
        assert tag == "all" or tag in TASK_WORDS[tag], tag
        assert (tag in KINDS) != (tag in asked_otherwise), tag
    assert set(BROADER) | set(BROADER.values()) <= set(TASK_WORDS)


def test_r_abl_1_a_narrower_task_says_which_broader_one_it_is():
    assert task_reasons("might", label="Climb the cliff")["movement"] == "climbing"
    assert task_reasons("intellect", kinds=["deception"])["social"] == "deception"
    assert "movement" not in roll_tags("might", label="Lift the gate")


@pytest.mark.parametrize("label", ["Climb the cliff", "Swim the river", "Climbing the cliff"])
def test_r_abl_1_stalker_helps_a_movement_task_however_it_is_worded(label):
    store = stalker_store()
    roll = Roll(character="mara", stat=Stat.MIGHT, label=label)
    shown = preview(store.state, roll)
    assert [line for line in shown.abilities if line.startswith("Stalker")] == [
        STALKER.replace("climbing", "swimming") if "Swim" in label else STALKER
    ]
    (made,) = decide(store.state, msgspec.structs.replace(roll, die=10))
    assert made.assets == 1


def test_r_abl_1_the_kind_the_player_picks_brings_the_ability_that_helps_it():
    """'Cross the gorge' names no kind: no asset; said to be swimming, Stalker helps."""
    store = stalker_store()
    cross = Roll(character="mara", stat=Stat.MIGHT, label="Cross the gorge")
    assert preview(store.state, cross).abilities == ()
    (made,) = decide(store.state, msgspec.structs.replace(cross, die=10))
    assert made.assets == 0
    swim = msgspec.structs.replace(cross, kinds=("swimming",))
    assert preview(store.state, swim).abilities == ("Stalker: an asset (movement: swimming)",)
    (made,) = decide(store.state, msgspec.structs.replace(swim, die=10))
    assert made.assets == 1


def test_r_abl_1_a_kind_that_matches_no_ability_changes_nothing():
    store = stalker_store()
    cross = Roll(character="mara", stat=Stat.INTELLECT, label="Talk the guard down", die=10)
    said = msgspec.structs.replace(cross, kinds=("persuasion", "knowledge"))
    assert preview(store.state, said) == preview(store.state, cross)
    assert decide(store.state, said) == decide(store.state, cross)


def test_r_abl_1_an_unknown_kind_or_too_many_are_refused():
    store = stalker_store()
    for kinds in (("flying",), KINDS[: MAX_KINDS + 1]):
        roll = Roll(character="mara", label="Climb", kinds=kinds)
        with pytest.raises(RuleViolation, match="at most 3 of these kinds"):
            decide(store.state, roll)


def test_r_tr_7_a_perception_task_by_its_words_or_kind_is_one_for_blurred_senses_too():
    """The box, the kind or the words: each makes the roll a perception task."""
    from strange_tui.campaign.commands.translation import Translate

    store = Store(Campaign(name="Test"))
    store.dispatch(CharacterCreated(character=character("mara")))
    go = Translate(destination="ruk", recursion_difficulty=4, initiator="mara", die=2,
                   on_failure="blurred senses")  # fmt: skip
    (made,) = store.apply(decide(store.state, go))
    store.dispatch(ClockAdvanced(seconds=made.acclimation))  # The effect begins after.
    look = Roll(character="mara", stat=Stat.INTELLECT, difficulty=3, label="Look around")
    assert preview(store.state, look).odds.final_difficulty == 3
    for said in ({"label": "Spot the watcher"}, {"kinds": ("perception",)},
                 {"perception": True}):  # fmt: skip
        moved = msgspec.structs.replace(look, **said)
        assert preview(store.state, moved).odds.final_difficulty == 4, said


def test_r_abl_1_an_asked_roll_answered_as_swimming_brings_stalkers_asset():
    """The GM asks Mara to 'cross the gorge'; her answer says it is swimming: Stalker's
    asset counts, and says why."""
    from strange_tui.campaign.commands.table.asking import AnswerRoll, AskRoll

    store = stalker_store()
    store.apply(decide(store.state, AskRoll(character="mara", label="cross the gorge")))
    plain = AnswerRoll(character="mara", die=10)
    assert preview(store.state, plain).roll.abilities == ()
    swim = msgspec.structs.replace(plain, kinds=("swimming",))
    assert preview(store.state, swim).roll.abilities == ("Stalker: an asset (movement: swimming)",)
    made = next(e for e in decide(store.state, swim) if isinstance(e, RollMade))
    assert made.assets == 1


def test_r_npc_1_a_task_sneaking_by_its_words_or_its_kind_meets_the_zombies_perception():
    """'Sneak past' (a form of stealth) and 'Get past' said to be stealth both meet the AI
    Zombie's perception at level 7 (R-ABL-1's reading of the task feeds R-NPC-1)."""
    from strange_tui.campaign.commands.rolls.against import against_level
    from tests.campaign.commands.test_roll_against import creatures_fight, npc

    store = creatures_fight("ai-zombie")
    zombie = npc(store, "AI Zombie")
    get_past = Roll(character="mara", stat=Stat.SPEED, label="Get past")
    assert against_level(store.state, zombie, get_past)[0] == 3
    for roll in (msgspec.structs.replace(get_past, label="Sneak past"),
                 msgspec.structs.replace(get_past, kinds=("stealth",))):  # fmt: skip
        assert against_level(store.state, zombie, roll)[0] == 7, roll
