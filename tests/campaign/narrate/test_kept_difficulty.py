"""R-TASK-8: a difficulty the GM keeps stays kept from every player's seat until every seat
asked has rolled (or the GM reveals it): the log line of a roll answering such an ask says
the die, not the difficulty, the target or the outcome, at a player's seat while another
question of the ask is open; the GM's seat reads it whole at once. The GM's reveal is its
own step with its own line."""

import msgspec
import pytest

from strange_tui.campaign.commands import GM, Command, decide
from strange_tui.campaign.commands.rolls.roll import Reroll, Roll
from strange_tui.campaign.commands.table.asking import AnswerRoll, AskRoll, RevealDifficulty
from strange_tui.campaign.commands.table.questions import WithdrawPrompt
from strange_tui.campaign.model.events import AnyEvent, DifficultyRevealed, RollMade, batches
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.kept import kept_rolls, seat_sentence, told_to_seat
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.narrate.story import Line, story
from strange_tui.campaign.store import Store
from strange_tui.demo.build import build_demo
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.tui.common.session import Session

MARA, JUN, TESS = "mara-quist", "jun-okafor", "tess-harrow"
WATCHER = "Spot the watcher"
WHOLE = "Mara Quist rolled 15 for Spot the watcher (Challenging 5, target 15): success."
KEPT = "Mara Quist rolled 15 for Spot the watcher (the GM keeps the difficulty)."


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Campaign:
    saves = tmp_path_factory.mktemp("saves")
    build_demo(saves)
    return Session.open(saves / "demo").state


@pytest.fixture
def store(demo) -> Store:
    return Store(demo)


def send(store: Store, command: Command, by: str = GM) -> tuple[AnyEvent, ...]:
    return store.apply(decide(store.state, msgspec.structs.replace(command, by=by)))


def read_at(store: Store, seat: str, events) -> str:
    """``events`` (one command) as ``seat`` reads them now, the journal holding the ask."""
    return seat_sentence(events, store.state.names(), store.state, seat, store.journal())


def ask_party(store: Store, secret: bool = True) -> None:
    send(store, AskRoll(stat=Stat.INTELLECT, label=WATCHER, difficulty=5, secret=secret))


def test_r_task_8_a_kept_roll_reads_without_difficulty_at_a_players_seat_while_others_roll(
    store,
):
    ask_party(store)
    rolled = send(store, AnswerRoll(character=MARA, die=15), by=MARA)
    for seat in (JUN, MARA, TESS):  # Her own seat too: the outcome would tell the others.
        said = read_at(store, seat, rolled)
        assert said == KEPT
        assert "Challenging" not in said and "success" not in said and "target" not in said
    assert read_at(store, GM, rolled) == WHOLE  # The GM's seat: always whole.


def test_r_task_8_the_last_roll_of_the_ask_shows_every_roll_whole_at_every_seat(store):
    ask_party(store)
    mara = send(store, AnswerRoll(character=MARA, die=15), by=MARA)
    send(store, AnswerRoll(character=JUN, die=3), by=JUN)
    assert read_at(store, JUN, mara) == KEPT  # Tess is still to roll.
    tess = send(store, AnswerRoll(character=TESS, die=20), by=TESS)
    for seat in (JUN, MARA, TESS):
        assert read_at(store, seat, mara) == WHOLE
        assert "(Challenging 5, target 15): success" in read_at(store, seat, tess)


def test_r_task_8_a_question_taken_back_ends_the_keeping(store):
    ask_party(store)
    mara = send(store, AnswerRoll(character=MARA, die=15), by=MARA)
    assert read_at(store, JUN, mara) == KEPT
    for prompt in list(store.state.prompts):
        send(store, WithdrawPrompt(prompt=prompt.id))
    assert read_at(store, JUN, mara) == WHOLE


def test_r_task_8_the_gms_reveal_shows_the_rolls_and_the_questions_still_open(store):
    ask_party(store)
    mara = send(store, AnswerRoll(character=MARA, die=15), by=MARA)
    jun_question = next(p for p in store.state.prompts if p.character == JUN)
    with pytest.raises(RuleViolation, match="^Only the GM may reveal a kept difficulty.$"):
        send(store, RevealDifficulty(prompt=jun_question.id), by=JUN)
    revealed = send(store, RevealDifficulty(prompt=jun_question.id))
    (event,) = revealed
    assert isinstance(event, DifficultyRevealed) and len(event.prompts) == 2  # Jun's, Tess's.
    assert command_sentence(revealed, store.state.names()) == (
        "The GM reveals the difficulty of Spot the watcher: Challenging 5, target 15."
    )
    assert not any(p.secret for p in store.state.prompts)  # Jun's answer shows it now.
    assert read_at(store, JUN, mara) == WHOLE
    with pytest.raises(RuleViolation, match="shown already"):
        send(store, RevealDifficulty(prompt=jun_question.id))
    store.undo()  # The reveal is one step: undone, the difficulty is kept again.
    assert read_at(store, JUN, mara) == KEPT


def test_r_task_8_only_an_answer_to_the_kept_ask_is_kept_not_a_players_own_roll(store):
    ask_party(store)
    mara = send(store, AnswerRoll(character=MARA, die=15), by=MARA)
    own = send(store, Roll(character=MARA, stat=Stat.INTELLECT, difficulty=5,
                           label=WATCHER, die=15), by=MARA)  # fmt: skip
    assert read_at(store, JUN, mara) == KEPT
    assert read_at(store, JUN, own) == WHOLE  # Not an answer: the player's own roll.


def test_r_task_8_a_reroll_of_a_kept_roll_keeps_its_outcome_too(store):
    ask_party(store)
    rolled = send(store, AnswerRoll(character=MARA, die=4), by=MARA)
    roll = next(e for e in rolled if isinstance(e, RollMade))
    reroll = send(store, Reroll(roll=roll, die=16), by=MARA)
    said = read_at(store, JUN, reroll)
    assert said == (
        "Mara Quist spent 1 XP to reroll Spot the watcher: 4, then 16; the 16 stands"
        " (the GM keeps the difficulty)."
    )
    assert "success" not in said


def test_r_task_8_a_roll_whose_ask_was_sealed_away_is_still_kept(store):
    """The ask's events may lie in sealed history, out of the journal the seat reads: the
    open kept question of the same task, asked before the roll, keeps it."""
    ask_party(store)
    rolled = send(store, AnswerRoll(character=MARA, die=15), by=MARA)
    assert kept_rolls(store.state, JUN, rolled) == {rolled[0].seq}
    assert kept_rolls(store.state, GM, rolled) == frozenset()


def test_r_task_8_the_log_screens_story_says_a_kept_roll_as_the_seat_reads_it(store):
    ask_party(store)
    send(store, AnswerRoll(character=MARA, die=15), by=MARA)
    names = store.state.names()
    journal = store.journal()
    kept = kept_rolls(store.state, JUN, journal)
    lines = [p.text for p in told_to_seat(story(batches(journal), names), names, kept)
             if isinstance(p, Line)]  # fmt: skip
    assert KEPT in lines and WHOLE not in lines


def test_r_task_8_a_seats_notices_say_a_kept_roll_as_its_log_does(tmp_path):
    """What a window tells in a notice (``Session.describe``: the GM answered for you, a
    step undone) is the log's line as that seat reads it."""
    folder = build_demo(tmp_path).path
    Session.open(folder).run(AskRoll(stat=Stat.INTELLECT, label=WATCHER, difficulty=5,
                                     secret=True))  # fmt: skip
    rolled = Session.open(folder, seat=MARA).run(AnswerRoll(character=MARA, die=15))
    assert Session.open(folder, seat=JUN).describe(rolled) == KEPT
    assert Session.open(folder).describe(rolled) == WHOLE
