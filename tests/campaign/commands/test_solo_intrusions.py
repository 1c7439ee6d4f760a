"""R-ORC-4 through the commands: in a solo campaign a PC's roll brings the app's intrusion in
the same step (a natural 1: the free one, drawn and told; another face: a separate d20
against the chance the player set, and a question at the PC's seat when it proposes one).
GM campaigns never see it."""

from collections.abc import Mapping

import pytest

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.combat import (
    AddNpcs,
    Attack,
    Defend,
    NextTurn,
    RollInitiative,
    StartCombat,
)
from strange_tui.campaign.commands.rolls.intrusion import GmIntrusion
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.commands.solo.intrusions import (
    AppIntrusions,
    app_intrusions,
    idea_words,
    intrusion_shown,
    rolls_of,
)
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.model.events import (
    Drawn,
    IntrusionAccepted,
    PromptClosed,
    PromptRaised,
    RollMade,
    TranslationMade,
)
from strange_tui.campaign.model.terms import Stat
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.content.loader import Content
from strange_tui.content.model import IntrusionIdea, TaskWords
from strange_tui.rules.dice import PlayerDice, SeededDice
from strange_tui.rules.oracle import INTRUSION_KINDS
from tests.campaign.builders import party_store


class Library:
    """The packs, as the commands see them: two examples of each kind of intrusion, for any
    recursion (a d2 picks one)."""

    def __init__(self) -> None:
        ideas = {}
        for number, kind in enumerate(INTRUSION_KINDS, 1):
            for which in (1, 2):
                idea = IntrusionIdea(
                    id=f"idea-{number}-{which}",
                    name=f"Idea {number}.{which}",
                    text=f"{kind} number {which}.",
                    kind=kind,
                )
                ideas[idea.id] = idea
        self.ideas = ideas

    def kind(self, kind: str) -> Mapping[str, IntrusionIdea]:
        return self.ideas if kind == "intrusions" else {}


SOLO = AppIntrusions(Library())


def solo_store(chance: str = "rare") -> Store:
    store = party_store()
    store.apply(decide(store.state, ChangeSettings(solo=True, solo_intrusions=chance)))
    return store


def run(store: Store, command, *dice: int):
    """``command`` as a solo window runs it, the app's dice ``dice`` (none left over)."""
    source = PlayerDice(dice)
    events = store.apply(decide(store.state, command, source, SOLO))
    with pytest.raises(Exception, match="Roll your"):
        source.roll(20)  # Every die given was used.
    return events


def kinds(events) -> list[str]:
    """The events' kinds, but tension's moves (R-TEN-4, tested with tension): the app's
    intrusions come before them."""
    return [type(event).__name__ for event in events if type(event).__name__ != "TensionSet"]


def test_r_orc_4_a_natural_1_draws_the_free_intrusion_and_asks_nothing():
    store = solo_store()
    xp = {cid: c.xp for cid, c in store.state.characters.items()}
    # The d6 shows 1 (bad luck), then a d2 picks its second example.
    events = run(store, Roll(character="mara", difficulty=3, die=1), 1, 2)
    assert kinds(events) == ["RollMade", "Drawn"]
    drawn = events[1]
    assert (drawn.table, drawn.character, drawn.dice) == ("intrusion", "mara", (1, 2))
    assert drawn.result == "Bad luck: bad luck number 2"
    assert store.state.prompts == ()
    assert {cid: c.xp for cid, c in store.state.characters.items()} == xp  # No XP.
    line = command_sentence(events, store.state.names())
    assert "The app intrudes on Mara: Bad luck: bad luck number 2 (dice 1, 2)." in line


def test_r_orc_4_a_natural_1_intrudes_even_when_the_app_is_told_not_to_propose():
    store = solo_store("off")
    events = run(store, Roll(character="mara", difficulty=3, die=1), 2, 1)
    assert kinds(events) == ["RollMade", "Drawn"]
    assert events[1].result == "A complication: a complication number 1"


def test_r_orc_4_a_check_die_of_20_when_rare_proposes_an_intrusion_to_the_pc():
    store = solo_store("rare")
    # The roll's die is the player's 14; the app's check d20 shows 20, the d6 3, the d2 1.
    events = run(store, Roll(character="mara", difficulty=3, die=14), 20, 3, 1)
    assert kinds(events) == ["RollMade", "Drawn", "PromptRaised"]
    drawn, raised = events[1], events[2]
    assert drawn.dice == (20, 3, 1) and drawn.character == "mara"
    what = "An opponent's luck or skill: an opponent's luck or skill number 1"
    assert drawn.result == what
    assert (raised.prompt, raised.character, raised.what) == ("intrusion", "mara", what)
    (asked,) = store.state.prompts
    assert (asked.kind, asked.character, asked.what) == ("intrusion", "mara", what)


def test_r_orc_4_a_check_die_of_19_when_rare_proposes_nothing():
    store = solo_store("rare")
    events = run(store, Roll(character="mara", difficulty=3, die=14), 19)
    assert kinds(events) == ["RollMade"]
    assert store.state.prompts == ()


def test_r_orc_4_often_proposes_from_18():
    store = solo_store("often")
    events = run(store, Roll(character="mara", difficulty=3, die=7), 18, 6, 2)
    assert kinds(events) == ["RollMade", "Drawn", "PromptRaised"]
    assert events[2].what == "Increased difficulty: increased difficulty number 2"
    assert kinds(run(store, Roll(character="jun", difficulty=3, die=7), 17)) == ["RollMade"]


def test_r_orc_4_off_never_proposes_and_rolls_no_check_die():
    store = solo_store("off")
    for die in range(2, 21):
        events = run(store, Roll(character="mara", difficulty=3, die=die))  # No app die.
        assert kinds(events) == ["RollMade"]


def test_r_orc_4_a_campaign_with_a_gm_never_gets_the_apps_intrusion():
    store = party_store()  # Solo is off by default.
    for die in (1, 14):
        events = run(store, Roll(character="mara", difficulty=3, die=die))
        assert kinds(events) == ["RollMade"]
    assert app_intrusions(store.state, events, PlayerDice([]), Library()) == []


def test_r_orc_4_an_automatic_success_rolls_no_die_and_brings_no_intrusion():
    store = solo_store("often")
    events = run(store, Roll(character="mara", difficulty=0))
    assert kinds(events) == ["RollMade"] and events[0].die is None


def test_r_orc_4_the_intrusion_is_one_step_with_the_roll_and_one_undo_takes_both_back():
    store = solo_store("rare")
    before = store.state
    events = run(store, Roll(character="mara", difficulty=3, die=14), 20, 1, 1)
    assert events[0].batch == 0
    assert all(event.batch == events[0].seq for event in events[1:])
    assert store.last_command == events
    store.undo()
    assert store.state == before


def test_r_orc_4_a_pc_asked_already_is_not_asked_again_until_they_answer():
    store = solo_store("rare")
    run(store, Roll(character="mara", difficulty=3, die=14), 20, 1, 1)
    # Another 20 on the check: Mara's question is still open, so nothing more is asked.
    assert kinds(run(store, Roll(character="mara", difficulty=3, die=12), 20)) == ["RollMade"]
    # Jun has no open question: he is asked.
    assert kinds(run(store, Roll(character="jun", difficulty=3, die=12), 20, 1, 1))[-1] == (
        "PromptRaised"
    )


def test_r_orc_4_the_player_answers_as_at_a_table_r_xp_1():
    store = solo_store("rare")
    run(store, Roll(character="mara", difficulty=3, die=14), 20, 5, 2)
    (asked,) = store.state.prompts
    answer = GmIntrusion(character="mara", choice="accept", given_to="jun", by="mara")
    events = store.apply(decide(store.state, answer))
    assert isinstance(events[0], IntrusionAccepted) and events[0].what == asked.what
    assert isinstance(events[1], PromptClosed)
    assert (store.state.characters["mara"].xp, store.state.characters["jun"].xp) == (1, 1)


def test_r_orc_4_an_attack_and_a_defense_bring_it_in_their_own_step():
    store = solo_store("rare")
    for command in (
        StartCombat(),
        AddNpcs(name="Thug", level=3),
        RollInitiative(dice={"mara": 15, "jun": 5}),
    ):
        store.apply(decide(store.state, command))  # Mara, then the thug, then Jun.
    attack = run(store, Attack(character="mara", target="thug", die=1), 4, 1)
    assert kinds(attack)[0] == "RollMade" and kinds(attack)[-1] == "Drawn"
    (drawn,) = [event for event in attack if isinstance(event, Drawn)]
    assert drawn.result == "A fumble: a fumble number 1"
    store.apply(decide(store.state, NextTurn()))
    defense = run(store, Defend(character="mara", npc="thug", die=5), 20, 2, 2)
    assert kinds(defense) == ["RollMade", "DamageTaken", "Drawn", "PromptRaised"]


def test_r_orc_4_the_app_rolls_its_own_die_when_the_player_types_none():
    store = solo_store("rare")
    # The app's dice roll the task's die first (a 1), then the intrusion's.
    events = run(store, Roll(character="mara", difficulty=3), 1, 6, 1)
    assert isinstance(events[0], RollMade) and events[0].die == 1
    assert isinstance(events[1], Drawn) and events[1].dice == (6, 1)


def test_r_orc_4_a_translation_is_the_initiators_roll():
    store = solo_store("rare")
    made = TranslationMade(destination="ardeyn", initiator="jun", die=3, reroll=1)
    # The paradox's reroll stands: a natural 1, the free intrusion.
    (drawn,) = app_intrusions(store.state, [made], PlayerDice([2, 2]), Library())
    assert (drawn.character, drawn.dice) == ("jun", (2, 2))
    raised = app_intrusions(
        store.state, [TranslationMade(destination="ruk", initiator="mara", die=9)],
        PlayerDice([20, 1, 1]), Library(),
    )  # fmt: skip
    assert isinstance(raised[-1], PromptRaised) and raised[-1].character == "mara"


def test_r_orc_4_the_log_says_the_proposal_once_with_the_answer_it_waits_for():
    """The app's proposal is one sentence: what it is, its dice, and the XP either answer
    brings (not the draw and then the offer again)."""
    from strange_tui.campaign.model.events import Drawn, PromptRaised
    from strange_tui.campaign.narrate.log import command_sentence

    idea = "Bad luck: the rope frays"
    line = command_sentence(
        [
            Drawn(table="intrusion", result=idea, dice=(20, 1, 2), character="mara"),
            PromptRaised(prompt="intrusion", character="mara", what=idea),
        ],
        {"mara": "Mara Quist"},
    )
    assert line == (
        "The app proposes an intrusion on Mara Quist: Bad luck: the rope frays"
        " (dice 20, 1, 2) — accept for 2 XP, or refuse for 1."
    )


# The intrusion fits the task: its stat and its kind (the built-in pack's tags).

PACK = Content().load_all()
SEEDS = range(120)


class WithWords:
    """The built-in pack, but with task words of the test's own: what the tests say of a
    label's kind does not hang on the pack's word lists."""

    WORDS = {
        "movement": ("pry", "climb", "force"),
        "knowledge": ("recall", "decipher"),
    }

    def kind(self, kind: str) -> Mapping:
        if kind != "task_words":
            return PACK.kind(kind)
        return {
            task: TaskWords(id=task, name=task, task=task, words=words)
            for task, words in self.WORDS.items()
        }


FITTED = AppIntrusions(WithWords())


def idea_of(drawn: Drawn) -> IntrusionIdea:
    """The pack's idea a Drawn names (its kind and words, as the log has them)."""
    (idea,) = [
        idea for idea in PACK.kind("intrusions").values()
        if idea_words(idea.kind, idea) == drawn.result
    ]  # fmt: skip
    return idea


def fits(tags: tuple[str, ...], wanted: str) -> bool:
    return not tags or wanted in tags


def any_fits_both(kind: str, stat: str, task: str) -> bool:
    """Whether the pack has an idea of ``kind`` that fits both the stat and the task."""
    return any(
        idea.kind == kind and fits(idea.stats, stat) and fits(idea.tasks, task)
        and idea.recursion in ("", "earth")
        for idea in PACK.kind("intrusions").values()
    )  # fmt: skip


def drawn_over_seeds(store: Store, command) -> list[IntrusionIdea]:
    """The idea each seed's dice draw for ``command``'s natural 1 (the step not kept)."""
    ideas = []
    for seed in SEEDS:
        events = decide(store.state, command, SeededDice(seed), FITTED)
        (drawn,) = [e for e in events if isinstance(e, Drawn) and e.table == "intrusion"]
        ideas.append(idea_of(drawn))
    return ideas


def assert_fit(ideas: list[IntrusionIdea], stat: str, task: str) -> None:
    """Every idea fits the stat, and the task too where the pack has one of its kind that
    fits both; and the draws vary (many ideas, of several kinds)."""
    for idea in ideas:
        assert fits(idea.stats, stat), (idea.id, idea.stats)
        if any_fits_both(idea.kind, stat, task):
            assert fits(idea.tasks, task), (idea.id, idea.tasks)
    assert len({idea.kind for idea in ideas}) == 6 and len({idea.id for idea in ideas}) > 6


def test_r_orc_4_a_might_movement_roll_draws_a_physical_idea_over_many_seeds():
    """'Pry open the lamp room hatch' on Might: never a scrambled download."""
    store = solo_store()
    pry = Roll(character="mara", stat=Stat.MIGHT, difficulty=3,
               label="Pry open the lamp room hatch", die=1)  # fmt: skip
    ideas = drawn_over_seeds(store, pry)
    assert_fit(ideas, "might", "movement")
    assert not [idea.id for idea in ideas if idea.stats == ("intellect",)]
    movement = [idea for idea in ideas if "movement" in idea.tasks]
    assert len(movement) > len(ideas) // 2  # Tagged for it, mostly (not just untagged).


def test_r_orc_4_a_defense_roll_draws_a_defense_idea():
    store = solo_store()
    for command in (
        StartCombat(),
        AddNpcs(name="Thug", level=3),
        RollInitiative(dice={"mara": 15, "jun": 5}),
        NextTurn(),
    ):
        store.apply(decide(store.state, command))
    ideas = drawn_over_seeds(store, Defend(character="mara", npc="thug", die=1))
    assert_fit(ideas, "speed", "defense")
    assert all("defense" in idea.tasks for idea in ideas)  # Each kind has some.


def test_r_orc_4_an_attack_draws_an_attack_idea():
    store = solo_store()
    for command in (
        StartCombat(),
        AddNpcs(name="Thug", level=3),
        RollInitiative(dice={"mara": 15, "jun": 5}),
    ):
        store.apply(decide(store.state, command))
    ideas = drawn_over_seeds(store, Attack(character="mara", target="thug", die=1))
    assert all("attack" in idea.tasks for idea in ideas)
    assert len({idea.kind for idea in ideas}) == 6


def test_r_orc_4_a_translation_draws_an_intellect_translation_idea():
    store = solo_store()
    made = TranslationMade(destination="ardeyn", initiator="jun", die=1)
    ideas = []
    for seed in SEEDS:
        (drawn,) = app_intrusions(store.state, [made], SeededDice(seed), WithWords())
        ideas.append(idea_of(drawn))
    assert_fit(ideas, "intellect", "translation")


def test_r_orc_4_each_roll_is_read_with_its_stat_and_kind_of_task():
    attack = RollMade(character="mara", stat=Stat.MIGHT, difficulty=3, attack=True, die=4)
    defense = RollMade(character="mara", stat=Stat.SPEED, difficulty=3, die=5,
                       label="Defend against Thug")  # fmt: skip
    pry = RollMade(character="jun", stat=Stat.MIGHT, difficulty=3, die=6,
                   label="Pry open the lamp room hatch")  # fmt: skip
    chat = RollMade(character="jun", stat=Stat.INTELLECT, difficulty=3, die=7, label="Chat")
    made = TranslationMade(destination="ruk", initiator="mara", die=8)
    seen = list(rolls_of([attack, defense, pry, chat, made], WithWords()))
    assert seen == [
        ("mara", 4, "might", "attack"),
        ("mara", 5, "speed", "defense"),
        ("jun", 6, "might", "movement"),
        ("jun", 7, "intellect", None),
        ("mara", 8, "intellect", "translation"),
    ]


def test_r_orc_4_the_dialog_says_a_free_intrusion_and_a_proposal_apart():
    free = Drawn(table="intrusion", result="A fumble: The lever snaps", dice=(4, 1),
                 character="mara")  # fmt: skip
    roll = RollMade(character="mara", stat=Stat.MIGHT, difficulty=3, die=1)
    assert intrusion_shown([roll, free]) == "Free intrusion (no XP): A fumble — The lever snaps."
    proposed = Drawn(table="intrusion", result="Bad luck: The rope frays", dice=(20, 1, 1),
                     character="mara")  # fmt: skip
    asked = PromptRaised(prompt="intrusion", character="mara", what=proposed.result)
    shown = intrusion_shown([proposed, asked])
    assert shown is not None
    assert shown.startswith("The app proposes an intrusion: Bad luck — The rope frays — ")
    assert "accept (+2 XP) or refuse (−1 XP)" in shown
    assert intrusion_shown([Drawn(table="complication", result="A storm — Rain")]) is None
    assert intrusion_shown([]) is None


def test_r_orc_4_the_packs_own_task_words_tell_a_plain_rolls_kind():
    climb = RollMade(character="mara", stat=Stat.MIGHT, difficulty=3, die=1,
                     label="Climb the wet rocks")  # fmt: skip
    (seen,) = rolls_of([climb], PACK)
    assert (seen.stat, seen.task) == ("might", "movement")
    store = solo_store()
    made = Roll(character="mara", stat=Stat.MIGHT, difficulty=3, label=climb.label, die=1)
    for seed in SEEDS[:40]:
        events = decide(store.state, made, SeededDice(seed), AppIntrusions(PACK))
        (drawn,) = [e for e in events if isinstance(e, Drawn)]
        idea = idea_of(drawn)
        assert fits(idea.stats, "might")
        assert fits(idea.tasks, "movement") or not any_fits_both(idea.kind, "might", "movement")


def test_r_orc_4_the_translation_result_says_the_apps_intrusion_not_the_gms():
    from strange_tui.campaign.commands.translation.outcome import outcome_of

    state = solo_store().state
    made = TranslationMade(destination="ardeyn", initiator="jun", die=1)
    drawn = Drawn(table="intrusion", result="Bad luck: The page is gone", dice=(1, 1),
                  character="jun")  # fmt: skip
    solo = outcome_of(state, state, [made, drawn])
    assert solo.intrusion == "Free intrusion (no XP): Bad luck — The page is gone."
    assert "GM" not in solo.special
    with_gm = outcome_of(state, state, [made])
    assert with_gm.intrusion == "" and "GM intrudes" in with_gm.special
