"""Trading a hit's damage for an effect (R-SPEC-6), without the UI: the price is the
pack's number plus the foe's level, taken from the damage left after Armor; the effect's
condition comes in the same command (one undo step, one log line); a miss trades
nothing; a hit too weak for the price, an area attack or an object is refused in one
sentence, before the die."""

import msgspec
import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.combat import (
    AddNpcs,
    AddObject,
    Attack,
    RollInitiative,
    StartCombat,
    WeaponUsed,
    trade_cost,
)
from strange_tui.campaign.model.events import (
    ActionTaken,
    AnyEvent,
    CharacterCreated,
    ConditionAdded,
    ConditionRemoved,
    NpcHealthChanged,
    RollMade,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.content.loader import Content
from strange_tui.content.model import Trade
from strange_tui.rules.combat import Condition
from strange_tui.rules.errors import RuleViolation
from tests.campaign.builders import character

HAMMER = WeaponUsed(name="Sledgehammer", category="heavy", damage=6)
TRADES = Content().kind("trades")


def trade(trade_id: str) -> Trade:
    entry = TRADES[trade_id]
    assert isinstance(entry, Trade)
    return entry


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def cultist_fight(armor: int = 0, level: int = 1) -> Store:
    """Mara (15) acts first against a cultist (9 health), then Jun (5)."""
    store = Store(Campaign(name="Test"))
    for who in (character("mara"), character("jun")):
        store.dispatch(CharacterCreated(character=who))
    run(store, StartCombat())
    run(store, AddNpcs(name="Cultist", level=level, health=9, armor=armor))
    run(store, RollInitiative(dice={"mara": 15, "jun": 5}))
    return store


def cultist(store: Store):
    return store.state.encounter.combatants["cultist"]


def line(store: Store, events) -> str:
    return command_sentence(events, store.state.names())


def attack(trade_id: str, die: int | None = 12, **fields) -> Attack:
    fields.setdefault("weapon", HAMMER)
    return Attack(character="mara", target="cultist", trade=trade(trade_id), die=die, **fields)


def test_r_spec_6_the_pack_holds_the_sheets_prices():
    prices = {entry.id: entry.cost for entry in TRADES.values()}
    assert prices == {
        "hinder": 1, "body-part": 2, "knock-back": 3, "move-past": 3, "held-object": 3,
        "knock-down": 4, "disarm": 7, "stun": 8,
    }  # fmt: skip


def test_r_spec_6_the_price_is_the_tables_number_plus_the_foes_level():
    store = cultist_fight(level=3)
    assert trade_cost(trade("knock-down"), cultist(store)) == 7


def test_r_spec_6_a_hit_gives_up_the_price_for_a_knock_down_in_one_command():
    """6 damage, knock down 4 + level 1: 1 damage left and the cultist prone; one undo
    step, one log line that says what was traded."""
    store = cultist_fight()
    before = store.state
    events = run(store, attack("knock-down"))
    assert [type(e) for e in events] == [RollMade, NpcHealthChanged, ConditionAdded, ActionTaken]
    hit = events[1]
    assert (hit.amount, hit.traded, hit.trade) == (-1, 5, "knock Cultist down")
    assert events[2].condition == Condition(name="prone", rounds=1)
    assert cultist(store).health == 8
    assert [c.name for c in cultist(store).conditions] == ["prone"]
    said = line(store, events)
    assert "Gave up 5 damage to knock Cultist down: Cultist took 1 damage." in said
    assert "Cultist is prone for 1 round." in said
    assert store.undo() == events
    assert store.state == before


def test_r_spec_6_armor_comes_off_first_and_the_rest_may_all_be_given_up():
    """6 against Armor 1 deals 5: all of it buys the knock down; no health is lost."""
    store = cultist_fight(armor=1)
    events = run(store, attack("knock-down"))
    hit = events[1]
    assert isinstance(hit, NpcHealthChanged) and (hit.amount, hit.traded) == (0, 5)
    assert cultist(store).health == 9
    assert "Gave up 5 damage to knock Cultist down: Cultist took no damage." in line(store, events)


def test_r_spec_6_what_is_left_after_armor_and_the_price_is_dealt():
    """6 against Armor 1 is 5; a hinder (1 + level 1) leaves 3; the event's amount is
    before Armor, as every hit's."""
    store = cultist_fight(armor=1)
    events = run(store, attack("hinder"))
    assert events[1].amount == -4 and events[1].traded == 2
    assert cultist(store).health == 6
    assert [c.name for c in cultist(store).conditions] == ["distracted"]


def test_r_spec_6_a_miss_trades_nothing():
    store = cultist_fight()
    events = run(store, attack("knock-down", die=2))
    assert [type(e) for e in events] == [RollMade, ActionTaken] and not events[0].success
    assert cultist(store).health == 9 and cultist(store).conditions == ()


def test_r_spec_6_a_hit_too_weak_for_the_price_is_refused_before_the_die():
    """Bare hands deal 2: a stun costs 8 + level 1."""
    store = cultist_fight()
    weak = attack("stun", die=None, weapon=WeaponUsed(unarmed=True))
    sentence = "A hit on Cultist deals 2 damage: too little to give up 9 to stun Cultist."
    with pytest.raises(RuleViolation, match=sentence):
        preview(store.state, weak)
    with pytest.raises(RuleViolation, match=sentence):
        decide(store.state, weak)


def test_r_spec_6_an_area_attack_trades_nothing():
    store = cultist_fight()
    run(store, AddNpcs(name="Thug", level=1, health=9))
    area = attack("hinder", area=True, others=("thug",))
    with pytest.raises(RuleViolation, match="An area attack cannot trade damage"):
        decide(store.state, area)


def test_r_spec_6_an_object_has_no_effect_to_trade_for():
    store = cultist_fight()
    run(store, AddObject(name="Door", level=1, hardness="soft"))
    door = next(c for c in store.state.encounter.npcs() if c.inanimate)
    on_door = Attack(character="mara", target=door.id, weapon=HAMMER, trade=trade("disarm"))
    with pytest.raises(RuleViolation, match="Door is an object"):
        decide(store.state, on_door)


def test_r_spec_6_moving_past_breaks_the_foes_guard():
    store = cultist_fight()
    guard = Condition(name="guarding", rounds=1, note="the door")
    store.dispatch(ConditionAdded(targets=("cultist",), condition=guard))
    events = run(store, attack("move-past"))
    removed = [e for e in events if isinstance(e, ConditionRemoved)]
    assert [(e.target, e.name) for e in removed] == [("cultist", "guarding")]
    assert cultist(store).conditions == () and cultist(store).health == 7
    assert "Gave up 4 damage to get past Cultist" in line(store, events)


def test_r_spec_6_a_trade_the_table_plays_out_leaves_no_condition():
    store = cultist_fight()
    events = run(store, attack("disarm", weapon=HAMMER, damage_effort=1))
    assert [type(e) for e in events] == [RollMade, NpcHealthChanged, ActionTaken]
    assert cultist(store).health == 8
    assert "Gave up 8 damage to disarm Cultist: Cultist took 1 damage." in line(store, events)


def test_r_spec_6_a_20s_stun_and_a_traded_knock_down_both_land():
    store = cultist_fight()
    events = run(store, attack("knock-down", die=20, on_20="stun"))
    assert {c.name for c in cultist(store).conditions} == {"stunned", "prone"}
    assert events[1].amount == -1  # A 20's effect brings no extra damage.


def test_r_spec_6_the_preview_shows_the_price_and_each_bands_damage_left():
    """6 damage, knock down 5: 1 on a plain hit, then 17 to 20 add 1 to 4."""
    store = cultist_fight()
    shown = preview(store.state, attack("knock-down", die=None))
    assert shown.trade is not None
    assert (shown.trade.cost, shown.trade.level, shown.trade.total) == (4, 1, 5)
    assert (shown.trade.does, shown.trade.condition) == ("knock Cultist down", "prone")
    assert [(hit.die, hit.damage, hit.health) for hit in shown.hits] == [
        (None, 1, 8), (17, 2, 7), (18, 3, 6), (19, 4, 5), (20, 5, 4),
    ]  # fmt: skip
    plain = preview(store.state, Attack(character="mara", target="cultist", weapon=HAMMER))
    assert plain.trade is None and plain.hits[0].damage == 6


def test_r_spec_6_an_older_journals_hit_reads_as_before():
    old = b'{"kind": "npc_health_changed", "targets": ["thug"], "amount": -3}'
    event = msgspec.json.decode(old, type=AnyEvent)
    assert isinstance(event, NpcHealthChanged) and (event.traded, event.trade) == (0, "")
