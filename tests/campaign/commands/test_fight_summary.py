"""The fight's summary counts damage (R-DMG-1), not what the PCs spent: the points a hit
took off their pools are damage taken; Effort on an attack or a defense, an ability's cost
or points spent are no damage. The preview, the event and the log line say the same.
Mara (15) acts first, then a level-3 thug (damage 3), then Jun (5)."""

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character import SpendPoints, TakeDamage
from strange_tui.campaign.commands.character.abilities import UseAbility
from strange_tui.campaign.commands.combat import AddNpcs, Attack, Defend, EndCombat, NextTurn
from strange_tui.campaign.model.events import CombatEnded
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character
from tests.campaign.commands.test_combat import fight


def run(store: Store, command):
    return store.apply(decide(store.state, command))


def thug_fight() -> Store:
    mara = character("mara", abilities=("Again and Again",))
    return fight(AddNpcs(name="Thug", level=3, health=20), pcs=(mara, character("jun")),
                 dice={"mara": 15, "jun": 5})  # fmt: skip


def pools(store: Store) -> int:
    return sum(c.pools.total() for c in store.state.characters.values())


def test_r_dmg_1_the_pcs_effort_and_costs_are_not_damage_taken():
    store = thug_fight()
    full = pools(store)
    run(store, Attack(character="mara", target="thug", damage_effort=1, die=12))  # 2 Might.
    run(store, UseAbility(character="mara", ability="Again and Again"))  # 7 Speed.
    run(store, SpendPoints(character="mara", stat=Stat.INTELLECT, amount=1))
    assert pools(store) < full  # She spent points...
    assert store.state.encounter.taken == 0  # ...and took no damage.
    run(store, NextTurn())  # The thug attacks Mara: her Effort is spent, the hit misses.
    run(store, Defend(character="mara", npc="thug", effort=1, die=15))
    assert preview(store.state, EndCombat()).taken == 0


def test_r_dmg_1_a_hit_is_damage_taken_its_effort_is_not():
    """Mara defends with a level of Effort (2 Speed) and fails: the thug's 3 less her
    Armor 1 is 2 taken, not 4."""
    store = thug_fight()
    run(store, NextTurn())
    before = pools(store)
    events = run(store, Defend(character="mara", npc="thug", effort=1, die=2))
    assert events[0].cost == 2 and pools(store) == before - 4
    assert store.state.encounter.taken == 2
    run(store, TakeDamage(character="jun", amount=3))  # The GM's hit: 3 less Armor 1.
    assert preview(store.state, EndCombat()).taken == 4
    ended, *passed = run(store, EndCombat())
    assert isinstance(ended, CombatEnded) and ended.taken == 4
    assert command_sentence((ended,), store.state.names()) == (
        "The fight ended after 1 round: 0 damage dealt, 4 taken, no intrusions."
    )
