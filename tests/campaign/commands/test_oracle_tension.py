"""AskOracle in the GM's chair: the answer at the campaign's tension (R-TEN-2), the event
die rolled with every question and the random event it calls for drawn in the same step
(R-TEN-3, R-EVT-1), the complication of a "No, and" and the gift of a "Yes, and" drawn
with them (R-ORC-2, R-ORC-3), and the answer the player chooses instead of rolling."""

from fractions import Fraction

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.solo.oracle import (
    LIKELIHOOD_CHOICES,
    AskOracle,
    oracle_scale,
    reply_of,
)
from strange_tui.campaign.model.events import Drawn, OracleAsked
from strange_tui.campaign.model.story import Story, StoryItem
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.content.loader import Content, user_pack_files
from strange_tui.content.model import SoloEntry
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.oracle import answer, yes_from
from strange_tui.rules.solo import random_event_chance, random_event_comes
from tests.campaign.builders import PACKS, party_store

FACES = range(1, 21)
THREADS = (
    StoryItem(id="key", name="Find the key"),
    StoryItem(id="courier", name="The missing courier"),
)


class Tables:
    """A small library of the packs' kinds, for draws whose every die is known."""

    def __init__(self, **kinds):
        self.kinds = {kind: {e.id: e for e in entries} for kind, entries in kinds.items()}

    def kind(self, kind):
        return self.kinds.get(kind, {})


def line(id_, recursion=""):
    return SoloEntry(id=id_, name=id_.title(), text=f"{id_} happens.", recursion=recursion)


TWISTS = Tables(
    complications=[line("rain"), line("police", "earth"), line("spores", "ruk")],
    gifts=[line("shortcut"), line("old-friend", "ruk")],
)


def store_at(tension=5, recursion="earth", threads=()) -> Store:
    state = party_store().state
    story = Story(tension=tension, threads=threads)
    return Store(replace(state, recursion=recursion, story=story))


def run(store: Store, command, dice=()):
    return store.apply(decide(store.state, command, PlayerDice(dice)))


@pytest.mark.parametrize("tension", range(1, 10))
def test_r_ten_2_r_ten_3_the_preview_at_each_tension_over_every_face(tension):
    """At every tension and likelihood: the preview's lowest yes, each answer's faces and
    exact chance, and the event chance, against the rules face by face; and the question
    put on each face answers as the rules say at that tension, which it records."""
    state = store_at(tension).state
    for likelihood in LIKELIHOOD_CHOICES:
        seen = preview(state, AskOracle(question="", likelihood=likelihood))
        assert (seen.tension, seen.yes_from) == (tension, yes_from(likelihood, tension))
        for row in seen.answers:
            faces = tuple(f for f in FACES if answer(likelihood, f, tension).words == row.words)
            assert row.faces == faces, (likelihood, row.words)
            assert row.chance == len(faces) / 20
        assert seen.yes_faces == sum(1 for f in FACES if answer(likelihood, f, tension).yes)
        assert seen.p_yes == seen.yes_faces / 20
        event_faces = [f for f in FACES if random_event_comes(tension, f)]
        assert Fraction(seen.event_chance).limit_denominator(20) == random_event_chance(tension)
        assert seen.event_chance == len(event_faces) / 20
        assert seen.event_faces_text == (f"1-{len(event_faces)}" if len(event_faces) > 1
                                         else "1" * len(event_faces))  # fmt: skip
        for face in FACES:
            ask = AskOracle(question="Is it?", likelihood=likelihood, die=face, event_die=20)
            (event,) = decide(state, ask)
            assert isinstance(event, OracleAsked) and event.tension == tension
            assert reply_of(event).words == answer(likelihood, face, tension).words


def test_r_ten_2_high_tension_makes_a_yes_likelier():
    even = {t: preview(store_at(t).state, AskOracle(question="")).yes_from for t in (1, 5, 9)}
    assert even == {1: 15, 5: 11, 9: 7}


def test_r_ten_3_the_event_die_is_rolled_with_every_answer_and_kept():
    store = store_at(7)
    # The app rolls both: the answer's d20, then the event die; no packs, nothing drawn.
    (event,) = run(store, AskOracle(question="Is it?"), [10, 4])
    assert (event.die, event.event_die, event.app_rolled) == (10, 4, True)
    reply = reply_of(event)
    assert (reply.tension, reply.event_die, reply.event_came, reply.drawn) == (7, 4, True, ())
    # The player's own two dice.
    (typed,) = run(store, AskOracle(question="Is it?", die=12, event_die=5))
    assert (typed.die, typed.event_die, typed.app_rolled) == (12, 5, False)
    assert reply_of(typed).event_came is False
    # Their answer die typed, the event die left to the app.
    (half,) = run(store, AskOracle(question="Is it?", die=12), [3])
    assert (half.die, half.event_die) == (12, 3)


def test_r_ten_3_r_evt_1_the_event_die_draws_a_random_event_on_a_thread_in_the_same_step():
    """Tension 7: an event die of 4 or less brings a random event. The focus die shows 7,
    a line that picks a thread; a d2 picks the second; then the two meaning words (a d100
    each). One step: one undo takes back both."""
    store = store_at(7, threads=THREADS)
    before = store.state
    ask = AskOracle(question="Is the road clear?", die=10, event_die=4, content=PACKS)
    events = run(store, ask, [7, 2, 15, 17])
    asked, drawn = events
    assert isinstance(asked, OracleAsked) and isinstance(drawn, Drawn)
    assert drawn.table == "event" and drawn.dice == (7, 2, 15, 17)
    assert drawn.result.startswith("A thread draws closer: The missing courier; its meaning: ")
    reply = reply_of(asked, events)
    assert reply.event_came and [d.heading for d in reply.drawn] == ["A random event"]
    assert reply.drawn[0].result == drawn.result
    line = command_sentence(events, store.state.names())
    assert line.startswith(
        'The oracle, asked "Is the road clear?" (even, tension 7), rolled 10: Yes.'
        " The event die shows 4: a random event comes. A random event: A thread draws closer:"
        " The missing courier; its meaning: "
    )
    assert line.endswith(" (dice 7, 2, 15, 17).")
    assert store.undo() == tuple(events)
    assert store.state == before


@pytest.mark.parametrize(("tension", "event_die"), [(7, 5), (3, 1), (9, 7)])
def test_r_ten_3_an_event_die_over_tension_less_3_draws_no_event(tension, event_die):
    store = store_at(tension, threads=THREADS)
    ask = AskOracle(question="Is it?", die=10, event_die=event_die, content=PACKS)
    (asked,) = run(store, ask)
    assert asked.event_die == event_die and not reply_of(asked).event_came


def test_r_orc_2_no_and_draws_a_complication_of_the_partys_recursion():
    """A natural 1 on a Ruk campaign: a d2 over the line for any recursion and Ruk's own
    (Earth's is left out); the second, in the same step."""
    store = store_at(recursion="ruk")
    ask = AskOracle(question="Is it safe?", likelihood="certain", die=1, event_die=20,
                    content=TWISTS)  # fmt: skip
    events = run(store, ask, [2])
    asked, drawn = events
    assert reply_of(asked).words == "No, and"
    assert (drawn.table, drawn.result, drawn.dice) == (
        "complication",
        "Spores — spores happens",
        (2,),
    )
    assert command_sentence(events, store.state.names()) == (
        'The oracle, asked "Is it safe?" (certain), rolled 1: No, and — a complication comes'
        " with it. A complication drawn: Spores — spores happens (dice 2)."
    )
    assert [d.heading for d in reply_of(asked, events).drawn] == ["A complication"]


def test_r_orc_2_a_complication_from_the_built_in_packs():
    ask = AskOracle(question="Is it?", die=1, event_die=20, content=PACKS)
    asked, drawn = run(store_at(), ask, [17])
    assert drawn.table == "complication" and drawn.dice == (17,)
    fitting_lines = [
        c for c in PACKS.kind("complications").values() if c.recursion in ("", "earth")
    ]
    assert drawn.result.startswith(fitting_lines[16].name + " — ")


GIFTS = '[[gifts]]\nid = "shortcut"\nname = "A shortcut"\ntext = "A quicker way shows."\n\n' \
        '[[gifts]]\nid = "ally"\nname = "An ally"\ntext = "Someone offers a hand."\n'  # fmt: skip


@pytest.mark.parametrize(("likelihood", "die"), [("likely", 19), ("impossible", 20)])
def test_r_orc_3_yes_and_draws_a_gift(tmp_path, likelihood, die):
    """A 19 that says yes and any 20: a gift from the packs' gifts (here a user's own
    solo.toml holding two), a d2 in the same step."""
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "solo.toml").write_text(GIFTS)
    packs = Content(user_pack_files(tmp_path))
    store = store_at()
    ask = AskOracle(question="Do we find help?", likelihood=likelihood, die=die, event_die=20,
                    content=packs)  # fmt: skip
    events = run(store, ask, [2])
    asked, drawn = events
    assert reply_of(asked).words == "Yes, and"
    assert (drawn.table, drawn.result, drawn.dice) == (
        "gift",
        "An ally — Someone offers a hand",
        (2,),
    )
    assert "A gift drawn: An ally — Someone offers a hand (dice 2)." in command_sentence(
        events, store.state.names()
    )


def test_r_orc_3_a_19_that_says_no_draws_nothing():
    ask = AskOracle(question="Is it?", likelihood="impossible", die=19, event_die=20,
                    content=TWISTS)  # fmt: skip
    (asked,) = run(store_at(), ask)
    assert reply_of(asked).words == "No"


def test_r_orc_2_r_ten_3_a_twist_and_an_event_in_one_step_the_twist_first():
    store = store_at(9, threads=THREADS)
    events = run(store, AskOracle(question="Is it?", die=1, event_die=6, content=PACKS),
                 [3, 12, 1, 1])  # fmt: skip
    assert [type(e).__name__ for e in events] == ["OracleAsked", "Drawn", "Drawn"]
    assert [e.table for e in events[1:]] == ["complication", "event"]
    assert events[2].dice == (12, 1, 1)


def test_a_plain_answer_with_no_event_draws_nothing():
    (asked,) = run(store_at(9), AskOracle(question="Is it?", die=10, event_die=20, content=PACKS))
    assert isinstance(asked, OracleAsked)


@pytest.mark.parametrize("chosen", ["Yes, and", "Yes", "No", "No, and"])
def test_a_chosen_answer_rolls_nothing_and_draws_nothing(chosen):
    store = store_at(9, threads=THREADS)
    # No dice to give: any roll would be refused.
    (asked,) = run(store, AskOracle(question="Is it?", chosen=chosen, content=PACKS))
    assert (asked.die, asked.event_die, asked.chosen, asked.tension) == (None, None, chosen, 9)
    reply = reply_of(asked)
    assert (reply.words, reply.chosen, reply.die, reply.twist, reply.event_came) == (
        chosen, True, None, "", False,
    )  # fmt: skip
    assert reply.yes == chosen.startswith("Yes")
    assert command_sentence((asked,), store.state.names()) == (
        f'The oracle, asked "Is it?" (even), was answered by choice, not by the die: {chosen}.'
    )


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (AskOracle(question="Is it?", chosen="Maybe"), 'Choose "Yes, and", "Yes", "No" or'),
        (AskOracle(question="Is it?", chosen="Yes", die=4), "not both"),
        (AskOracle(question="Is it?", chosen="No", event_die=4), "not both"),
        (AskOracle(question="Is it?", event_die=21), "d20 shows 1 to 20"),
    ],
)
def test_a_choice_that_is_not_an_answer_or_with_dice_is_refused(command, reason):
    store = store_at()
    before = store.state
    with pytest.raises(RuleViolation, match=reason):
        run(store, command, [10, 10])
    assert store.state == before


def test_the_preview_says_a_choice_that_is_not_an_answer():
    seen = preview(store_at().state, AskOracle(question="Is it?", chosen="Perhaps"))
    assert seen.problem and seen.problem.startswith('Choose "Yes, and"')


def test_r_ten_2_help_says_tension_moves_the_scale():
    scale = oracle_scale()
    assert "likely 8+ (65%)" in scale and "tension above 5" in scale
