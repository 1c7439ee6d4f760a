"""R-TASK-6: a roll the app made is marked as such (``app_rolled``) for the log; a die the
player typed, and an automatic success (no die at all), are not."""

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.combat import (
    AddNpcs,
    Attack,
    Defend,
    NextTurn,
    RollInitiative,
    StartCombat,
)
from strange_tui.campaign.commands.rolls.roll import Reroll, Roll
from strange_tui.campaign.model.events import RollMade, RollRerolled, XpAwarded
from strange_tui.campaign.store import Store
from strange_tui.rules.dice import SeededDice
from tests.campaign.builders import party_store


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def made(events) -> RollMade:
    return next(e for e in events if isinstance(e, RollMade))


def test_r_task_6_a_roll_and_a_reroll_say_whether_the_app_rolled_the_die():
    store = party_store()
    store.dispatch(XpAwarded(character="mara", amount=2))
    typed = made(run(store, Roll(character="mara", difficulty=3, die=9)))
    assert typed.die == 9 and not typed.app_rolled
    rolled = made(run(store, Roll(character="mara", difficulty=3), SeededDice(1)))
    assert rolled.die is not None and rolled.app_rolled
    automatic = made(run(store, Roll(character="mara", difficulty=0)))
    assert automatic.die is None and not automatic.app_rolled
    (by_app,) = run(store, Reroll(roll=typed), SeededDice(2))
    assert isinstance(by_app, RollRerolled) and by_app.app_rolled
    (by_hand,) = run(store, Reroll(roll=rolled, die=12))
    assert isinstance(by_hand, RollRerolled) and not by_hand.app_rolled


def test_r_task_6_attacks_and_defenses_say_whether_the_app_rolled_the_die():
    store = party_store()
    for command in (
        StartCombat(),
        AddNpcs(name="Thug", level=3),
        RollInitiative(dice={"mara": 15, "jun": 5}),
    ):
        run(store, command)  # Mara, then the thug, then Jun.
    typed = made(decide(store.state, Attack(character="mara", target="thug", die=2)))
    assert not typed.app_rolled
    rolled = made(decide(store.state, Attack(character="mara", target="thug"), SeededDice(3)))
    assert rolled.app_rolled
    run(store, NextTurn())  # The thug attacks.
    defended = made(decide(store.state, Defend(character="mara", npc="thug", die=15)))
    assert not defended.app_rolled
    by_app = made(decide(store.state, Defend(character="mara", npc="thug"), SeededDice(4)))
    assert by_app.app_rolled


def test_r_cmb_1_initiative_marks_the_dice_the_app_rolled():
    from strange_tui.campaign.narrate.log import sentence

    store = party_store()
    run(store, StartCombat())
    run(store, AddNpcs(name="Thug", level=3))
    pcs = [c.id for c in store.state.characters.values()]
    typed, *others = pcs
    (rolled,) = run(store, RollInitiative(dice={typed: 12}), SeededDice(4))
    assert rolled.app_rolled == tuple(others)
    names = {pc: store.state.characters[pc].name for pc in pcs}
    line = sentence(rolled, names)
    assert f"{names[typed]} 12," in line
    for pc in others:
        assert f"{names[pc]} {rolled.dice[pc]} (the app's die)" in line
