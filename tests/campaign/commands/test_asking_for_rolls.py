"""The GM asks for a roll (AskRoll) and the player answers it at their seat (AnswerRoll):
one question per PC who can act for the party, the GM's stat and difficulty, the answer's
roll and the question's closing in one step, a difficulty kept from the player's
preview and from the log, and old journals still read."""

import msgspec
import pytest

from strange_tui.campaign.commands import GM, Command, decide, preview
from strange_tui.campaign.commands.character import ShiftTrack
from strange_tui.campaign.commands.table.asking import AnswerRoll, AskRoll
from strange_tui.campaign.commands.table.questions import WithdrawPrompt
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.model.events import AnyEvent, PromptClosed, PromptRaised, RollMade
from strange_tui.campaign.model.prompts import Prompt
from strange_tui.campaign.model.state import Campaign, Settings
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.demo.build import build_demo
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.tui.common.session import Session

MARA, JUN, TESS = "mara-quist", "jun-okafor", "tess-harrow"


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


def line(store: Store, events) -> str:
    return command_sentence(events, store.state.names())


def test_r_task_1_asking_the_party_raises_one_question_per_pc_in_one_step(store):
    journal = len(store.journal())
    events = send(store, AskRoll(stat=Stat.INTELLECT, label="read the glyphs", difficulty=3))
    assert [e.character for e in events] == [MARA, JUN, TESS]
    assert all(isinstance(e, PromptRaised) and e.prompt == "roll" for e in events)
    assert [e.batch for e in events] == [0, events[0].seq, events[0].seq]  # One command.
    assert len(store.journal()) == journal + 3
    assert {(p.character, p.stat, p.difficulty, p.label) for p in store.state.prompts} == {
        (pc, Stat.INTELLECT, 3, "read the glyphs") for pc in (MARA, JUN, TESS)
    }
    assert line(store, events) == (
        "The GM asks Mara Quist, Jun Okafor and Tess Harrow for an Intellect roll:"
        " read the glyphs (difficulty 3)."
    )
    store.undo()  # One step takes the three questions back.
    assert store.state.prompts == ()


def test_r_task_1_the_answer_rolls_at_the_gms_difficulty_and_closes_the_question(store):
    """Mara's seat answers with the training her sheet gives (R-TASK-9: Guns, named)."""
    send(store, AskRoll(character=MARA, stat=Stat.SPEED, label="shoot the rope", difficulty=4))
    asked = store.state.prompts[0]
    answer = AnswerRoll(character=MARA, skill="trained", training="Guns", die=10)
    events = send(store, answer, by=MARA)
    roll, closed = events
    assert isinstance(roll, RollMade) and isinstance(closed, PromptClosed)
    assert (roll.stat, roll.difficulty, roll.label, roll.skill, roll.training) == (
        Stat.SPEED,
        4,
        "shoot the rope",
        "trained",
        "Guns",
    )
    assert roll.die == 10 and roll.success  # Trained: 3, target 9.
    assert closed.prompt == asked.id and closed.batch == roll.seq  # The same step.
    assert roll.seat == MARA
    assert store.state.prompts == ()
    assert line(store, events) == (
        "Mara Quist rolled 10 for shoot the rope (trained in Guns: eased one step;"
        " Demanding 3, target 9): success."
    )
    with pytest.raises(RuleViolation, match="No roll is asked of Mara Quist"):
        decide(store.state, AnswerRoll(character=MARA, die=10, by=MARA))


def test_r_task_1_the_difficulty_and_the_stat_are_the_gms_not_the_players(store):
    with pytest.raises(TypeError):
        AnswerRoll(character=MARA, difficulty=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        AnswerRoll(character=MARA, stat=Stat.SPEED)  # type: ignore[call-arg]
    send(store, AskRoll(character=MARA, stat=Stat.SPEED, difficulty=6))
    roll = send(store, AnswerRoll(character=MARA, die=17), by=MARA)[0]
    assert (roll.stat, roll.difficulty, roll.success) == (Stat.SPEED, 6, False)  # Target 18.


def test_r_task_8_a_secret_difficulty_is_kept_from_the_players_preview_not_the_gms(store):
    send(store, AskRoll(character=MARA, stat=Stat.SPEED, label="shoot the rope", difficulty=4,
                        secret=True))  # fmt: skip
    answer = AnswerRoll(character=MARA, skill="trained", training="Guns", assets=1, effort=1)
    seen = preview(store.state, msgspec.structs.replace(answer, by=MARA))
    assert seen.roll is None and seen.difficulty is None
    assert seen.steps == (("trained", -1), ("asset", -1), ("Effort 1", -1))
    assert seen.eased == 3 and seen.cost > 0
    shown = msgspec.to_builtins(seen)
    assert "odds" not in msgspec.json.encode(shown).decode()
    assert not {"target", "p_success", "final_difficulty"} & set(shown)
    gm_sees = preview(store.state, answer)  # The GM (answering for an absent player).
    assert gm_sees.difficulty == 4 and gm_sees.roll.odds.target == 3
    events = send(store, msgspec.structs.replace(answer, die=5), by=MARA)
    assert events[0].success and events[0].difficulty == 4  # Said after the roll.


def test_r_task_8_a_secret_difficulty_is_not_in_the_log_line_of_the_ask(store):
    events = send(store, AskRoll(stat=Stat.SPEED, label="outrun the hounds", difficulty=5,
                                 secret=True))  # fmt: skip
    said = line(store, events)
    assert said == (
        "The GM asks Mara Quist, Jun Okafor and Tess Harrow for a Speed roll:"
        " outrun the hounds (the GM keeps the difficulty)."
    )
    assert "5" not in said


def test_the_campaign_setting_gives_the_asks_default_secrecy(store):
    assert Settings().secret_difficulty is False
    assert msgspec.convert({}, Settings).secret_difficulty is False  # Old files.
    send(store, ChangeSettings(secret_difficulty=True))
    send(store, AskRoll(character=JUN, stat=Stat.MIGHT))
    send(store, AskRoll(character=TESS, stat=Stat.MIGHT, secret=False))
    secret = {p.character: p.secret for p in store.state.prompts}
    assert secret == {JUN: True, TESS: False}


def test_r_dmg_4_a_debilitated_pc_is_not_asked(store):
    send(store, ShiftTrack(character=JUN, steps=2))
    assert store.state.characters[JUN].track.label == "debilitated"
    ask = AskRoll(stat=Stat.MIGHT, label="hold the door", difficulty=2)
    seen = preview(store.state, ask)
    assert seen.asked == (MARA, TESS)
    assert seen.left_out == ("Jun Okafor is debilitated and cannot act.",)
    events = send(store, ask)
    assert [e.character for e in events] == [MARA, TESS]
    assert line(store, events).startswith("The GM asks Mara Quist and Tess Harrow for a Might")
    with pytest.raises(RuleViolation, match="Jun Okafor is debilitated and cannot act"):
        decide(store.state, AskRoll(character=JUN))


def test_a_pc_is_asked_one_roll_at_a_time(store):
    send(store, AskRoll(character=MARA))
    with pytest.raises(RuleViolation, match="Mara Quist is already asked for a roll"):
        decide(store.state, AskRoll(character=MARA))
    events = send(store, AskRoll())  # The party: the others.
    assert [e.character for e in events] == [JUN, TESS]
    with pytest.raises(RuleViolation, match="No one in the party can be asked"):
        decide(store.state, AskRoll())


def test_a_players_seat_cannot_ask_for_a_roll(store):
    with pytest.raises(RuleViolation, match="^Only the GM may ask for a roll.$"):
        decide(store.state, AskRoll(character=MARA, by=MARA))
    with pytest.raises(RuleViolation, match="^Only the GM may ask for a roll.$"):
        preview(store.state, AskRoll(by=MARA))


def test_a_players_seat_answers_its_own_question_only_and_the_gm_any(store):
    send(store, AskRoll(stat=Stat.INTELLECT, difficulty=2))
    with pytest.raises(RuleViolation, match="acts for Mara Quist only, not for Jun Okafor"):
        decide(store.state, AnswerRoll(character=JUN, die=12, by=MARA))
    events = send(store, AnswerRoll(character=JUN, die=12))  # For an absent Jun.
    assert events[0].character == JUN and not events[0].seat
    assert {p.character for p in store.state.prompts} == {MARA, TESS}


def test_a_question_taken_back_cannot_be_answered(store):
    send(store, AskRoll(character=TESS, difficulty=2))
    send(store, WithdrawPrompt(prompt=store.state.prompts[0].id))
    with pytest.raises(RuleViolation, match="No roll is asked of Tess Harrow"):
        decide(store.state, AnswerRoll(character=TESS, die=3, by=TESS))


def test_old_prompt_raised_journal_lines_decode_with_the_new_fields_defaulted():
    old = {"kind": "prompt_raised", "seq": 7, "prompt": "intrusion", "character": MARA,
           "what": "The rope snaps."}  # fmt: skip
    event = msgspec.convert(old, AnyEvent)
    assert isinstance(event, PromptRaised)
    assert (event.difficulty, event.secret, event.label) == (0, False, "")
    prompt = msgspec.convert({"id": 7, "kind": "defense", "character": MARA}, Prompt)
    assert (prompt.difficulty, prompt.secret, prompt.label) == (0, False, "")
    # A new one keeps its fields through the journal's own encoding.
    new = PromptRaised(prompt="roll", character=MARA, difficulty=4, secret=True, label="x")
    assert msgspec.convert(msgspec.to_builtins(new), AnyEvent) == new
