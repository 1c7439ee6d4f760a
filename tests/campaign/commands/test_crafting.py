"""Crafting (R-CRAFT-1) through its command: the Intellect task at the item's level, the item
on the sheet on a success, the materials, and the clock moved by the crafting time as
PassTime moves it; training may go to the time or the materials instead of easing."""

import msgspec
import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character import ChangeArmor
from strange_tui.campaign.commands.combat import StartCombat
from strange_tui.campaign.commands.crafting import Craft, crafting_ladder, time_choices_for
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.events import (
    CharacterCreated,
    ClockAdvanced,
    CraftingAttempted,
    PointsSpent,
    RollMade,
)
from strange_tui.campaign.model.reduce import replay
from strange_tui.campaign.model.state import Campaign, PartyEffect
from strange_tui.campaign.narrate.log import command_sentence, names_of
from strange_tui.campaign.store import Store
from strange_tui.rules.crafting import DAY, HOUR, MINUTE, MONTH, WEEK, YEAR, materials
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character

START = 8 * HOUR  # Day 1, 08:00.


def party(effects=()) -> Store:
    """Mara Quist (Intellect 8, trained in Guns) and Jun Okafor, Day 1, 08:00."""
    store = Store(Campaign(name="Test", effects=tuple(effects)))
    store.dispatch(CharacterCreated(character=character("mara", name="Mara Quist")))
    store.dispatch(CharacterCreated(character=character("jun", name="Jun Okafor")))
    return store


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def said(store: Store, events) -> str:
    return command_sentence(events, names_of(store.state, store.journal()))


def test_r_craft_1_a_radio_takes_an_intellect_task_at_level_6_and_a_month():
    store = party()
    events = run(store, Craft(character="mara", item="Radio", level=6, die=18))
    assert [type(e) for e in events] == [RollMade, CraftingAttempted, ClockAdvanced]
    roll, attempt, clock = events
    assert (roll.stat, roll.difficulty, roll.success) == (Stat.INTELLECT, 6, True)
    assert attempt.materials == (6, 5, 4, 3, 2, 1)
    assert clock.seconds == MONTH == 30 * DAY and clock.new_day
    state = store.state
    assert state.clock.label() == "Day 31, 08:00"
    assert state.characters["mara"].equipment[-1] == "Radio"
    assert said(store, events) == (
        "Mara Quist crafts a radio (level 6, Intellect 18+): rolled 18, success; a month"
        " passes. A new day: the recovery rolls start again."
    )
    assert replay(Campaign(name="Test"), store.journal()) == state


def test_r_craft_1_a_failure_takes_the_time_and_makes_nothing():
    store = party()
    events = run(store, Craft(character="mara", item="Bow", level=3, die=8))  # Target 9.
    assert not events[1].success
    assert "Bow" not in store.state.characters["mara"].equipment
    assert store.state.clock.seconds == START + DAY
    assert said(store, events).startswith(
        "Mara Quist crafts a bow (level 3, Intellect 9+): rolled 8, failure; a day passes."
    )


def test_r_craft_1_the_time_by_level():
    """0 a few minutes, 1 five minutes, 2 an hour, 3 a day, 4 one to two days, 5 a week,
    6 a month, 7 a year, 8 and up many years (the clock stays)."""
    expected = [2 * MINUTE, 5 * MINUTE, HOUR, DAY, DAY, WEEK, MONTH, YEAR, 0, 0, 0]
    for level, seconds in enumerate(expected):
        store = party()
        run(store, Craft(character="mara", item="Thing", level=level, die=20))
        assert store.state.clock.seconds - START == seconds, level
    assert [rung.time for rung in crafting_ladder()][:5] == [
        "a few minutes", "five minutes", "an hour", "a day", "one to two days",
    ]  # fmt: skip


def test_r_craft_1_many_years_the_roll_is_made_the_clock_stays_and_the_log_says_so():
    store = party()
    events = run(store, Craft(character="jun", item="Starship", level=9, die=20))
    assert [type(e) for e in events] == [RollMade, CraftingAttempted]
    assert store.state.clock.seconds == START
    assert events[1].seconds == 0 and not events[1].success  # 20 < 27.
    assert said(store, events) == (
        "Jun Okafor crafts a starship (level 9, Intellect 27+): rolled 20, failure;"
        " it takes many years: the clock stays."
    )
    seen = preview(store.state, Craft(character="jun", item="Starship", level=9))
    assert seen.time == "many years: more than play passes; the clock stays"
    assert seen.clock is None and seen.time_choices == ()


def test_r_craft_1_level_4_takes_one_day_or_two_as_chosen():
    assert time_choices_for(4, "ease") == (("one day", DAY), ("two days", 2 * DAY))
    assert time_choices_for(6, "ease") == (("a month", MONTH),)
    store = party()
    seen = preview(store.state, Craft(character="mara", item="Sword", level=4))
    assert (seen.seconds, seen.time) == (DAY, "one day: the clock goes to Day 2, 08:00")
    events = run(store, Craft(character="mara", item="Sword", level=4, seconds=2 * DAY, die=12))
    assert store.state.clock.label() == "Day 3, 08:00"
    assert "two days pass." in said(store, events)
    with pytest.raises(RuleViolation, match="takes one to two days"):
        decide(store.state, Craft(character="mara", item="Sword", level=4, seconds=3 * DAY))


def test_r_craft_1_the_preview_shows_odds_cost_materials_and_the_clock():
    store = party()
    command = Craft(character="mara", item="Bow", level=3, effort=1, assets=1)
    seen = preview(store.state, command)
    roll = Roll(character="mara", stat=Stat.INTELLECT, difficulty=3, effort=1, assets=1,
                label="crafting Bow (level 3)")  # fmt: skip
    assert seen.roll == preview(store.state, roll)
    assert (seen.roll.odds.final_difficulty, seen.roll.cost) == (1, 3)
    assert seen.materials == "level 3, 2 and 1 materials"
    assert seen.time == "a day: the clock goes to Day 2, 08:00"
    assert seen.clock.new_day and seen.training == ""


def test_r_craft_1_time_passing_ends_effects_as_any_time_passing():
    store = party(effects=[PartyEffect(label="Slowed", until=START + 2 * HOUR)])
    seen = preview(store.state, Craft(character="mara", item="Spear", level=2))
    assert seen.clock.ending == ()  # An hour: it runs on.
    seen = preview(store.state, Craft(character="mara", item="Bow", level=3))
    assert seen.clock.ending == ("Slowed (until Day 1, 10:00)",)
    run(store, Craft(character="mara", item="Bow", level=3, die=15))
    assert store.state.active_effects() == ()


def test_r_craft_1_training_shortens_the_time_instead_of_easing():
    store = party()
    trained = dict(character="mara", item="Bow", level=3, skill="trained")
    eased = preview(store.state, Craft(**trained))
    assert eased.roll.odds.final_difficulty == 2 and eased.seconds == DAY
    shortened = preview(store.state, Craft(**trained, training="time"))
    assert shortened.roll.odds.final_difficulty == 3  # Training went to the time.
    assert shortened.time == "an hour: the clock goes to Day 1, 09:00"
    assert shortened.training == "training shortens the time"
    events = run(store, Craft(**trained, training="time", die=9))
    assert events[0].skill == "" and store.state.clock.seconds == START + HOUR
    assert said(store, events).endswith("an hour passes (training shortened it).")
    # Specialized: one step to the time, the other still eases the task.
    special = preview(store.state, Craft(**{**trained, "skill": "specialized"}, training="time"))
    assert special.roll.odds.final_difficulty == 2


def test_r_craft_1_training_spares_materials_instead_of_easing():
    store = party()
    command = Craft(character="mara", item="Bow", level=3, skill="trained", training="materials")
    seen = preview(store.state, command)
    assert seen.materials == "level 3 and 2 materials"
    assert seen.roll.odds.final_difficulty == 3
    events = run(store, msgspec.structs.replace(command, die=10))
    assert events[1].materials == (3, 2) == materials(3, reduced=True)
    assert "; training spared the level 1 materials." in said(store, events)


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        (dict(item=" "), "Name the item"),
        (dict(level=11), "from 0 to 10"),
        (dict(training="time"), "Only a trained crafter"),
        (dict(skill="trained", training="materials", level=1), "no lower materials"),
        (dict(skill="trained", training="time", level=0), "takes no less time"),
        (dict(seconds=3 * DAY), "takes a day"),
        (dict(effort=2), "Effort"),
        (dict(character="nobody"), "No character 'nobody'"),
    ],
)
def test_r_craft_1_refusals_change_nothing(changes, reason):
    store = party()
    before = store.state
    command = Craft(**{**dict(character="mara", item="Bow", level=3), **changes})
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, command)
    assert store.state == before


def test_r_craft_1_not_in_a_fight():
    store = party()
    run(store, StartCombat())
    with pytest.raises(RuleViolation, match="End the fight first"):
        decide(store.state, Craft(character="mara", item="Torch", level=1, die=10))


def test_r_craft_1_reduce_refuses_materials_or_a_time_the_ladder_does_not_give():
    store = party()
    with pytest.raises(RuleViolation, match="takes other materials"):
        store.dispatch(CraftingAttempted(character="mara", item="Bow", level=3, seconds=DAY))
    with pytest.raises(RuleViolation, match="takes a day"):
        store.dispatch(
            CraftingAttempted(character="mara", item="Bow", level=3, materials=(3, 2, 1))
        )


def test_r_craft_1_one_undo_step_takes_back_the_roll_the_item_and_the_time():
    store = party()
    before = store.state
    events = run(store, Craft(character="mara", item="Spear", level=2, die=10))
    assert store.undo() == events
    assert store.state == before


def test_r_craft_1_the_hours_in_armor_are_paid_as_the_time_passes():
    """The clock moves as PassTime moves it: heavy armor unpracticed costs Might by the
    hour (R-CMB-6), in the same command."""
    store = party()
    run(store, ChangeArmor(character="jun", armor="heavy"))
    events = run(store, Craft(character="mara", item="Spear", level=2, die=10))
    spent = [e for e in events if isinstance(e, PointsSpent)]
    assert spent and spent[0].character == "jun"
    assert said(store, events).startswith("Mara Quist crafts a spear (level 2, Intellect 6+)")


def test_r_craft_1_a_players_seat_crafts_for_its_own_character_only():
    store = party()
    mine = Craft(character="mara", item="Torch", level=1, die=10, by="mara")
    run(store, mine)
    assert store.journal()[-3].seat == "mara"
    assert "Torch" in store.state.characters["mara"].equipment
    with pytest.raises(RuleViolation, match="^Jun Okafor's seat acts for Jun Okafor only"):
        decide(store.state, msgspec.structs.replace(mine, by="jun"))
