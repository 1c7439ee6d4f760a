"""Draw (commands.solo.draw): one Drawn event with every die rolled for it, from the
entries that fit (a creature's levels, the party's recursion); a preview that says how many
and with which dice; refused with the reason when nothing fits; any seat may draw; and the
app's intrusion ideas (R-ORC-4)."""

import itertools

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.solo.draw import Draw, draw_intrusion, pick
from strange_tui.campaign.model.events import Drawn, SettingsChanged
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.content.loader import Content
from strange_tui.content.model import Creature, CypherDef, IntrusionIdea, SoloEntry
from strange_tui.rules.dice import PlayerDice, SeededDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.oracle import INTRUSION_KINDS
from tests.campaign.builders import party_store


class Tables:
    """A small library of the packs' kinds, for draws whose every die is known."""

    def __init__(self, **kinds):
        self.kinds = {
            name: {entry.id: entry for entry in entries} for name, entries in kinds.items()
        }

    def kind(self, kind):
        return self.kinds.get(kind, {})


def creature(id_, level, kind="creature"):
    return Creature(id=id_, name=id_.title(), kind=kind, level=level, health=level * 3,
                    damage=level, summary="A test creature.")  # fmt: skip


def line(id_, recursion=""):
    return SoloEntry(id=id_, name=id_.title(), text=f"{id_} happens.", recursion=recursion)


TABLES = Tables(
    creatures=[creature("wolf", 3), creature("thug", 3, "npc"), creature("bear", 4),
               creature("dragon", 9)],
    cyphers=[CypherDef(id="flare", name="Flare", level="1d6+2", kind="anoetic",
                       effect="A bright light."),
             CypherDef(id="anchor", name="Anchor", level="5", kind="occultic",
                       effect="Holds fast.")],
    complications=[line("rain"), line("police", "earth"), line("curse", "ardeyn"),
                   line("spores", "ruk")],
    scenes=[line("market"), line("vats", "ruk")],
)  # fmt: skip


def state(recursion="earth"):
    store = party_store()
    return replace(store.state, recursion=recursion)


def drawn(command, dice, on=None):
    (event,) = decide(on or state(), command, PlayerDice(dice))
    assert isinstance(event, Drawn)
    return event


def test_a_creature_of_level_3_is_one_of_those_of_level_3_chosen_by_a_d2():
    """Level 3 holds Thug and Wolf (by name): a d2 chooses, and the die is kept."""
    command = Draw(table="creature", levels=(3, 3), content=TABLES)
    seen = preview(state(), command)
    assert (seen.eligible, seen.what, seen.dice) == (2, "2 creatures and NPCs of level 3", "a d2")
    wolf = drawn(command, [2])
    assert (wolf.table, wolf.result, wolf.level, wolf.dice) == ("creature", "Wolf", 3, (2,))
    thug = drawn(command, [1])
    assert (thug.table, thug.result) == ("npc", "Thug")  # The log names a person an NPC.


def test_a_range_of_levels_orders_by_level_and_a_lone_entry_needs_no_die():
    command = Draw(table="creature", levels=(4, 10), content=TABLES)
    assert drawn(command, [2]).result == "Dragon"
    only = drawn(Draw(table="creature", levels=(9, 9), content=TABLES), [])
    assert (only.result, only.dice) == ("Dragon", ())
    assert preview(state(), Draw(table="creature", content=TABLES)).eligible == 4


@pytest.mark.parametrize(
    ("levels", "reason"),
    [
        ((5, 8), "No creature or NPC of levels 5 to 8 in the packs."),
        ((11, 11), "Levels run from 0 to 10, the lower one first."),
        ((4, 3), "Levels run from 0 to 10, the lower one first."),
    ],
)
def test_no_creature_of_those_levels_is_refused_with_the_reason(levels, reason):
    command = Draw(table="creature", levels=levels, content=TABLES)
    for attempt in (lambda: preview(state(), command), lambda: drawn(command, [1])):
        with pytest.raises(RuleViolation, match=reason):
            attempt()


def test_a_cypher_keeps_the_die_that_chose_it_and_the_die_of_its_level():
    """1d6+2: the d2 picks Flare (the first), then the d6 shows 4, so level 6."""
    command = Draw(table="cypher", content=TABLES)
    assert preview(state(), command).dice == "a d2, then its level's die"
    flare = drawn(command, [1, 4])
    assert (flare.result, flare.level, flare.dice) == ("Flare", 6, (1, 4))
    anchor = drawn(command, [2])  # A fixed level rolls no die.
    assert (anchor.result, anchor.level, anchor.dice) == ("Anchor", 5, (2,))


def test_a_table_past_a_d100_reads_hundreds_then_a_d100_and_rolls_again_past_its_end():
    """335 cyphers: a d4 and a d100. 4 and 99 point at 399, past the end: rolled again;
    1 and 5 give the fifth cypher, then its level's die. Every die is kept."""
    content = Content()
    command = Draw(table="cypher", content=content)
    assert preview(state(), command).dice.startswith("a d4 for the hundreds and a d100")
    fifth = list(content.kind("cyphers").values())[4]
    event = drawn(command, [4, 99, 1, 5, 3])
    assert event.result == fifth.name
    assert event.dice[:4] == (4, 99, 1, 5) and len(event.dice) == 4 + ("d" in fifth.level)


def test_pick_gives_every_entry_the_same_chance():
    """Over every face of the dice, each index comes up equally often (a rejected pair
    rolls again, so it counts for none)."""
    for count in (1, 7, 100, 101, 205, 335):
        hundreds = -(-count // 100)
        seen = []
        faces = [range(1, count + 1)] if count <= 100 else [range(1, hundreds + 1), range(1, 101)]
        for values in itertools.product(*faces):
            try:
                seen.append(pick(PlayerDice(values), count)[0])
            except RuleViolation:  # A pair past the end asks for more dice.
                continue
        assert sorted(seen) == list(range(count))


@pytest.mark.parametrize(
    ("recursion", "names"),
    [("earth", {"Rain", "Police"}), ("ruk", {"Rain", "Spores"}), ("ardeyn", {"Rain", "Curse"})],
)
def test_a_complication_is_of_the_party_s_recursion_or_for_any(recursion, names):
    command = Draw(table="complication", content=TABLES)
    seen = preview(state(recursion), command)
    assert seen.eligible == 2 and seen.recursion == recursion
    assert f"1 of {recursion.title()}" in seen.what
    results = {drawn(command, [die], state(recursion)).result.split(" — ")[0] for die in (1, 2)}
    assert results == names


def test_a_scene_prompt_gives_its_title_and_what_it_says():
    event = drawn(Draw(table="scene", content=TABLES), [2], state("ruk"))
    assert (event.table, event.result, event.dice) == ("scene", "Vats — vats happens", (2,))
    assert command_sentence((event,), {}) == "A scene prompt drawn: Vats — vats happens (dice 2)."


def test_no_line_for_this_recursion_or_any_is_refused():
    bare = Tables(scenes=[line("vats", "ruk")])
    with pytest.raises(RuleViolation, match="No scene prompt for Earth or any recursion"):
        drawn(Draw(table="scene", content=bare), [1])


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (Draw(table="treasure", content=TABLES), "Draw from one of: creature, cypher"),
        (Draw(table="cypher", levels=(3, 3), content=TABLES), "Only a creature or NPC"),
        (Draw(table="cypher"), "No content packs"),
    ],
)
def test_an_unknown_table_levels_off_the_creatures_or_no_packs_are_refused(command, reason):
    with pytest.raises(RuleViolation, match=reason):
        preview(state(), command)


def test_the_player_s_own_dice_are_used_in_order_and_must_fit_the_draw():
    command = Draw(table="cypher", content=TABLES, typed=(1, 6))
    (event,) = decide(state(), command, SeededDice(1))
    assert (event.result, event.level, event.dice) == ("Flare", 8, (1, 6))
    with pytest.raises(RuleViolation, match="Roll your d6"):
        decide(state(), replace(command, typed=(1,)))
    with pytest.raises(RuleViolation, match="This draw rolls 2 dice; you typed 3"):
        decide(state(), replace(command, typed=(1, 6, 1)))
    with pytest.raises(RuleViolation, match="A d2 shows 1 to 2"):
        decide(state(), replace(command, typed=(3, 1)))


def test_a_draw_is_one_story_event_any_seat_may_send_in_solo_play_and_undo_takes_it_back():
    """In solo play any seat draws (the app is the GM) and takes its draw back as any other
    step; with a GM, only the GM's seat draws, and only the GM's seat takes it back."""
    store = party_store()
    with pytest.raises(RuleViolation, match="^Only the GM may draw from the tables"):
        decide(store.state, Draw(table="creature", content=TABLES, by="mara"), PlayerDice([2]))
    before = store.state
    store.apply(decide(store.state, Draw(table="creature", content=TABLES), PlayerDice([2])))
    with pytest.raises(RuleViolation, match="^The last change was the GM's"):
        store.undo("mara")
    store.undo()
    assert replace(store.state, seq=before.seq) == before
    store.dispatch(SettingsChanged(settings=replace(store.state.settings, solo=True)))
    before = store.state
    command = Draw(table="creature", levels=(3, 3), content=TABLES, by="mara")
    (event,) = store.apply(decide(store.state, command, PlayerDice([2])))
    assert (event.seat, event.result) == ("mara", "Wolf")
    assert store.state.characters == before.characters and store.state.seq == before.seq + 1
    assert command_sentence((event,), {}) == "A creature drawn: Wolf, level 3 (dice 2)."
    store.undo("mara")  # Solo play: the app is the GM, the seat takes back its own draw.
    assert replace(store.state, seq=before.seq) == before
    with pytest.raises(RuleViolation, match="No seat 'zed'"):
        decide(before, replace(command, by="zed"), PlayerDice([1]))


def test_the_same_seed_draws_the_same():
    command = Draw(table="scene", content=Content())
    assert decide(state(), command, SeededDice(5)) == decide(state(), command, SeededDice(5))


def test_drawn_entry_reads_the_dice_back_to_the_pack_s_entry():
    command = Draw(table="creature", levels=(3, 4), content=TABLES)
    event = drawn(command, [3])
    assert command.drawn_entry(state(), event).id == "bear"


IDEAS = Tables(
    intrusions=[
        IntrusionIdea(id="jam", name="Jam", text="It jams.", kind="a fumble"),
        IntrusionIdea(id="drop", name="Drop", text="It drops.", kind="a fumble"),
        IntrusionIdea(id="spell", name="Spell", text="It fizzles.", kind="a fumble",
                      recursion="ardeyn"),
        IntrusionIdea(id="rain", name="Rain", text="It rains.", kind="bad luck"),
    ]
)  # fmt: skip


def test_r_orc_4_the_d6_names_the_kind_and_a_die_picks_an_idea_of_it_for_the_recursion():
    """A d6 of 4 is the fourth kind, a fumble; Earth has two fumbles (not Ardeyn's spell):
    the d2 shows 2, so Drop. Both dice are given back, in order."""
    assert INTRUSION_KINDS[3] == "a fumble"
    kind, idea, dice = draw_intrusion(IDEAS, "earth", PlayerDice([4, 2]))
    assert (kind, idea.id, dice) == ("a fumble", "drop", (4, 2))
    kind, idea, dice = draw_intrusion(IDEAS, "ardeyn", PlayerDice([4, 3]))
    assert (kind, idea.id, dice) == ("a fumble", "spell", (4, 3))


def test_r_orc_4_a_kind_with_one_idea_rolls_no_second_die_and_one_with_none_gives_none():
    assert draw_intrusion(IDEAS, "earth", PlayerDice([1])) == (
        "bad luck",
        IDEAS.kinds["intrusions"]["rain"],
        (1,),
    )
    assert draw_intrusion(IDEAS, "earth", PlayerDice([6])) == ("increased difficulty", None, (6,))


def test_r_orc_4_the_built_in_ideas_cover_every_kind_in_every_recursion():
    for recursion in ("earth", "ardeyn", "ruk"):
        for face, kind in enumerate(INTRUSION_KINDS, start=1):
            got, idea, dice = draw_intrusion(Content(), recursion, PlayerDice([face, 1]))
            assert (got, idea.kind, dice) == (kind, kind, (face, 1))
            assert idea.recursion in ("", recursion)
