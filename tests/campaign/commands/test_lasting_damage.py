"""Lasting and permanent damage (R-DMG-6), through the commands: the hit marks its points,
recovery rolls and healing stop short of them, days heal lasting damage (a point a day of
full rest, a point per three days of activity), permanent damage never heals."""

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character import Heal, Rest, TakeDamage
from strange_tui.campaign.commands.table.clock import PassTime
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.pools import Stat
from tests.campaign.builders import campaign, character


def run(store: Store, command, dice=None):
    events = decide(store.state, command, dice)
    line = command_sentence(events, store.state.names())
    store.apply(events)
    return events, line


def hurt(kind: str = "lasting", amount: int = 4) -> Store:
    """Mara (Might 12) takes ``amount`` ambient Might damage of that kind (no Armor)."""
    store = Store(campaign(character("mara")))
    run(store, TakeDamage(character="mara", amount=amount, ambient=True, lasting=kind))
    return store


def might(store: Store) -> int:
    return store.state.characters["mara"].pools.might.current


def test_r_dmg_6_a_lasting_hit_marks_its_points_on_the_pools_it_reached():
    store = Store(campaign(character("mara")))
    shown = preview(store.state, TakeDamage(character="mara", amount=15, ambient=True, lasting="lasting"))
    assert shown.lasting == "lasting"
    _, line = run(store, TakeDamage(character="mara", amount=15, ambient=True, lasting="lasting"))
    assert store.state.characters["mara"].scars.lasting == {Stat.MIGHT: 12, Stat.SPEED: 3}
    assert "lasting" in line and "recovery rolls do not restore it" in line


def test_r_dmg_6_recovery_rolls_and_healing_stop_short_of_lasting_damage():
    store = hurt("lasting", 4)
    run(store, TakeDamage(character="mara", amount=3, ambient=True))  # ordinary damage on top: 5 of 12
    assert might(store) == 5
    healed = preview(store.state, Heal(character="mara", stat=Stat.MIGHT, amount=6))
    assert (healed.restored, healed.wasted) == (3, 3)
    run(store, Rest(character="mara", die=6, allocation={Stat.MIGHT: 7}))
    assert might(store) == 8  # 12 less the 4 lasting
    assert store.state.characters["mara"].scars.lasting == {Stat.MIGHT: 4}


def test_r_dmg_6_the_suggested_recovery_split_leaves_lasting_damage_alone():
    store = hurt("lasting", 4)
    events, _ = run(store, Rest(character="mara", die=6))
    assert events[0].allocation.get(Stat.MIGHT, 0) == 0  # Might is as high as it can go


def test_r_dmg_6_a_day_of_full_rest_heals_a_point_three_days_of_activity_one():
    store = hurt("lasting", 4)
    shown = preview(store.state, PassTime(amount=2, unit="days", full_rest=True))
    assert shown.mended == ("Mara: 2 Might",)
    _, line = run(store, PassTime(amount=2, unit="days", full_rest=True))
    assert might(store) == 10 and "lasting damage healed: 2 Might back" in line
    run(store, PassTime(amount=2, unit="days"))
    assert might(store) == 10  # two days of activity: not yet a point
    assert store.state.characters["mara"].scars.mending == 2 * 24 * 3600
    run(store, PassTime(amount=1, unit="days"))
    assert might(store) == 11
    assert store.state.characters["mara"].scars.lasting == {Stat.MIGHT: 1}


def test_r_dmg_6_travelling_is_never_full_rest():
    store = hurt("lasting", 4)
    shown = preview(store.state, PassTime(amount=60, unit="miles", full_rest=True))
    # Sixty miles on a road: three days of walking, a point (full rest would heal three).
    assert shown.mended == ("Mara: 1 Might",)


def test_r_dmg_6_permanent_damage_never_heals():
    store = hurt("permanent", 4)
    run(store, PassTime(amount=30, unit="days", full_rest=True))
    run(store, Rest(character="mara", die=6, allocation={Stat.MIGHT: 7}))
    assert might(store) == 8
    assert store.state.characters["mara"].scars.permanent == {Stat.MIGHT: 4}


def test_r_dmg_6_once_all_lasting_damage_healed_nothing_is_carried_on():
    store = hurt("lasting", 1)
    run(store, PassTime(amount=5, unit="days", full_rest=True))
    mara = store.state.characters["mara"]
    assert (mara.scars.lasting, mara.scars.mending, might(store)) == ({}, 0, 12)
    _, line = run(store, PassTime(amount=5, unit="days", full_rest=True))
    assert "lasting" not in line


def test_r_dmg_6_undo_takes_the_mending_back():
    store = hurt("lasting", 4)
    run(store, PassTime(amount=2, unit="days", full_rest=True))
    store.undo()
    mara = store.state.characters["mara"]
    assert (mara.scars.lasting, might(store)) == ({Stat.MIGHT: 4}, 8)


def test_r_dmg_6_the_plain_sheet_says_the_lasting_and_permanent_damage():
    from strange_tui.campaign.narrate.sheet import markdown_sheet, sheet_data, text_sheet

    store = hurt("lasting", 4)
    run(store, TakeDamage(character="mara", amount=1, ambient=True, stat=Stat.SPEED,
                          lasting="permanent"))  # fmt: skip
    sheet = sheet_data(store.state.characters["mara"])
    assert sheet["lasting_damage"] == {"might": 4}
    assert "4 Might; permanent 1 Speed" in text_sheet(sheet)
    assert "**Lasting damage** 4 Might; permanent 1 Speed" in markdown_sheet(sheet)
