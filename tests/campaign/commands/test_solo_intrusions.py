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
from strange_tui.campaign.commands.solo.intrusions import AppIntrusions, app_intrusions
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.model.events import (
    Drawn,
    IntrusionAccepted,
    PromptClosed,
    PromptRaised,
    RollMade,
    TranslationMade,
)
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.content.model import IntrusionIdea
from strange_tui.rules.dice import PlayerDice
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
    return [type(event).__name__ for event in events]


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
    assert attack[-1].result == "A fumble: a fumble number 1"
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
