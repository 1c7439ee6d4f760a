"""Draw with a line chosen instead of the die, a meaning or a random event drawn at any
time (R-EVT-1), and RerollDrawDie: one die of a draw rolled again, right after it and
once, the draw read again from the same tables, the old draw left in the log."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.solo.draw import Draw
from strange_tui.campaign.commands.solo.redraw import RerollDrawDie
from strange_tui.campaign.model.events import Drawn
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.content.loader import Content
from strange_tui.content.model import EventFocus, Meaning
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.errors import RuleViolation
from tests.campaign.builders import party_store
from tests.campaign.commands.test_draw import TABLES, Tables, state

LEVEL_3 = Draw(table="creature", levels=(3, 3), content=TABLES)

STORY = Tables(
    meanings=[Meaning(id=f"{table}-{word}", name=word, table=table)
              for table, words in (("action", "seek break hide"), ("subject", "door song"))
              for word in words.split()],
    event_foci=[EventFocus(id="thread", name="A thread moves", text="It moves.", picks="thread"),
                EventFocus(id="pc", name="A PC is in trouble", text="Trouble.", picks="pc")],
)  # fmt: skip


def test_a_line_chosen_instead_of_the_die_is_drawn_with_no_die_and_says_so():
    seen = preview(state(), LEVEL_3)
    assert seen.choices == (("thug", "Thug (level 3)"), ("wolf", "Wolf (level 3)"))
    (event,) = decide(state(), replace(LEVEL_3, choose="wolf"), PlayerDice([]))
    assert (event.result, event.level, event.dice, event.chosen) == ("Wolf", 3, (), True)
    assert command_sentence((event,), {}) == "Chosen, not rolled, a creature: Wolf, level 3."
    assert replace(LEVEL_3, choose="wolf").drawn_entry(state(), event).id == "wolf"


def test_a_line_not_among_those_the_draw_chooses_from_is_refused():
    with pytest.raises(RuleViolation, match=r"^'dragon' is not among the creatures and NPCs"):
        decide(state(), replace(LEVEL_3, choose="dragon"))
    with pytest.raises(RuleViolation, match="'police' is not among the complications"):
        decide(state("ruk"), Draw(table="complication", content=TABLES, choose="police"))


def test_a_chosen_cypher_still_rolls_its_level_and_typing_more_is_refused():
    chosen = Draw(table="cypher", content=TABLES, choose="flare", typed=(4,))
    (event,) = decide(state(), chosen)
    assert (event.result, event.level, event.dice, event.chosen) == ("Flare", 6, (4,), True)
    assert command_sentence((event,), {}) == (
        "Chosen, not rolled, a cypher: Flare, level 6 (its level's die 4)."
    )
    with pytest.raises(RuleViolation, match="This draw rolls no die; you typed 1"):
        decide(state(), replace(LEVEL_3, choose="wolf", typed=(2,)))


@pytest.mark.parametrize("table", ["meaning", "event"])
def test_r_evt_1_a_meaning_or_a_random_event_is_never_chosen(table):
    with pytest.raises(RuleViolation, match="is drawn whole, never chosen"):
        decide(state(), Draw(table=table, content=STORY, choose="thread"))


def test_r_evt_1_a_meaning_pair_is_drawn_at_any_time_with_a_die_over_each_half():
    command = Draw(table="meaning", content=STORY)
    seen = preview(state(), command)
    assert (seen.eligible, seen.what, seen.choices) == (6, "3 actions and 2 subjects", ())
    assert seen.dice == "a d3 for the action, a d2 for the subject"
    (event,) = decide(state(), command, PlayerDice([2, 1]))
    assert (event.table, event.result, event.dice) == ("meaning", "break · door", (2, 1))
    assert command_sentence((event,), {}) == "A meaning drawn: break · door (dice 2, 1)."
    assert command.drawn_entry(state(), event) is None


def test_r_evt_1_a_random_event_is_drawn_at_any_time_from_the_dialog_s_tables():
    command = Draw(table="event", content=STORY)
    seen = preview(state(), command)
    assert seen.what == "2 event foci, then a meaning (3 actions and 2 subjects)"
    assert seen.dice.startswith("a d2 for the focus; a die over the threads")
    (event,) = decide(state(), command, PlayerDice([2, 1, 3, 2]))
    assert (event.table, event.character, event.dice) == ("event", "mara", (2, 1, 3, 2))
    assert event.result == "A PC is in trouble: Mara; its meaning: hide · song"


def drawn_in(store, command, dice):
    (event,) = store.apply(decide(store.state, command, PlayerDice(dice)))
    return event


def test_one_die_of_a_draw_rolled_again_reads_the_draw_again_and_names_the_old_one():
    store = party_store()
    wolf = drawn_in(store, LEVEL_3, [2])
    reroll = RerollDrawDie(draw=LEVEL_3, drawn=wolf, index=0, die=1)
    assert preview(store.state, reroll).dice == ((2, 2),)
    (thug,) = store.apply(decide(store.state, reroll))
    assert (thug.table, thug.result, thug.dice, thug.replaces) == ("npc", "Thug", (1,), wolf.seq)
    assert (
        command_sentence((thug,), {})
        == "An NPC drawn, one die rolled again: Thug, level 3 (dice 1)."
    )
    assert [e.result for e in store.journal() if isinstance(e, Drawn)][-2:] == ["Wolf", "Thug"]


def test_a_draw_has_one_die_rolled_again_once_and_only_right_after_it():
    store = party_store()
    wolf = drawn_in(store, LEVEL_3, [2])
    (again,) = store.apply(decide(store.state, RerollDrawDie(draw=LEVEL_3, drawn=wolf, index=0)))
    with pytest.raises(RuleViolation, match="already had a die rolled again: once per draw"):
        decide(store.state, RerollDrawDie(draw=LEVEL_3, drawn=again, index=0))
    with pytest.raises(RuleViolation, match="right after its draw, and once"):
        decide(store.state, RerollDrawDie(draw=LEVEL_3, drawn=wolf, index=0))


def test_a_cypher_s_die_rolled_again_keeps_the_level_die_while_it_fits():
    store = party_store()
    cypher = Draw(table="cypher", content=TABLES)
    flare = drawn_in(store, cypher, [1, 4])
    level = RerollDrawDie(draw=cypher, drawn=flare, index=1, die=6)
    (higher,) = decide(store.state, level)
    assert (higher.result, higher.level, higher.dice) == ("Flare", 8, (1, 6))
    (anchor,) = decide(store.state, replace(level, index=0, die=2))
    assert (anchor.result, anchor.level, anchor.dice) == ("Anchor", 5, (2,))  # No level die.
    with pytest.raises(RuleViolation, match="There is no die 3: this draw rolled 2 dice."):
        decide(store.state, replace(level, index=2))
    with pytest.raises(RuleViolation, match="A d2 shows 1 to 2"):
        decide(store.state, replace(level, index=0, die=3))


def test_r_evt_1_an_event_s_focus_rolled_again_rolls_afresh_the_dice_it_now_reads_otherwise():
    """Focus 1 (a thread: none is open, no die), then the meaning's d3 and d2. The focus
    rolled again shows 2: it names a PC (a d2), so the old d3 no longer fits: the PC's die
    and the meaning's are the app's, rolled afresh."""
    store = party_store()
    command = Draw(table="event", content=STORY)
    first = drawn_in(store, command, [1, 2, 1])
    assert first.result.startswith("A thread moves (none is open")
    reroll = RerollDrawDie(draw=command, drawn=first, index=0, die=2)
    (event,) = decide(store.state, reroll, PlayerDice([2, 3, 2]))
    assert (event.dice, event.character) == ((2, 2, 3, 2), "jun")
    assert event.result == "A PC is in trouble: Jun; its meaning: hide · song"
    kept = replace(reroll, index=1, die=3)  # The action's die: the subject's stands.
    assert decide(store.state, kept)[0].result.endswith("hide · door")


def test_a_draw_that_rolled_no_die_or_does_not_read_the_same_is_not_rolled_again():
    store = party_store()
    chosen = replace(LEVEL_3, choose="wolf")
    wolf = drawn_in(store, chosen, [])
    with pytest.raises(RuleViolation, match="This draw rolled no die."):
        decide(store.state, RerollDrawDie(draw=chosen, drawn=wolf, index=0))
    real = drawn_in(store, LEVEL_3, [2])
    forged = replace(real, result="Dragon")
    with pytest.raises(RuleViolation, match="does not read the same from the tables now"):
        decide(store.state, RerollDrawDie(draw=LEVEL_3, drawn=forged, index=0))
    with pytest.raises(RuleViolation, match="does not read the same"):
        decide(store.state, RerollDrawDie(draw=replace(LEVEL_3, levels=(4, 9)), drawn=real,
                                          index=0))  # fmt: skip


def test_the_built_in_packs_draw_a_meaning_and_a_random_event():
    for table in ("meaning", "event"):
        command = Draw(table=table, content=Content())
        assert preview(state(), command).eligible > 1
        (event,) = decide(state(), command)
        assert event.table == table and " · " in event.result
