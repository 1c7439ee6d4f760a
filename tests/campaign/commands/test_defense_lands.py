"""R-DMG-1, R-DMG-2 in the defense preview: a hit that empties a pool goes on to the next,
and the preview (what the defense dialog shows before the die) names every pool it lands
on, after Armor, as the hit itself records it and the log says it. The same for an area
attack, and for a rider's damage, which lands on the pools the hit left."""

from msgspec.structs import replace

from strange_tui.campaign.commands import preview
from strange_tui.campaign.commands.character.damage import landing_words
from strange_tui.campaign.commands.combat import AddNpcs, Defend
from strange_tui.campaign.model.events import DamageTaken
from strange_tui.content.creature_powers import AreaAttack, Rider
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character, with_pool
from tests.campaign.commands.test_combat import fight, run

MIGHT, SPEED, INTELLECT = Stat.MIGHT, Stat.SPEED, Stat.INTELLECT


def at_might(might: int, armor: int = 0, who: str = "tess"):
    return with_pool(character(who, armor=armor), MIGHT, might)


def brute_fight(pc, **npc):
    """``pc`` against a brute whose turn it is (it won initiative)."""
    return fight(AddNpcs(name="Brute", level=4, **npc), pcs=(pc,), dice={pc.id: 1})


def landed_hit(store, defend: Defend) -> DamageTaken:
    events = run(store, replace(defend, die=1))
    return next(e for e in events if isinstance(e, DamageTaken))


def test_r_dmg_1_r_dmg_2_a_hit_past_an_empty_might_goes_on_to_speed_and_the_preview_says_so():
    """Tess at Might 3 takes 7: 3 Might, then 4 Speed (seen in play: "hit: 7 Might")."""
    store = brute_fight(at_might(3), damage=7)
    defend = Defend(character="tess", npc="brute")
    shown = preview(store.state, defend)
    assert (shown.taken, shown.spill, shown.lost) == (7, ((MIGHT, 3), (SPEED, 4)), 0)
    assert landing_words(shown.spill, shown.lost, shown.pool) == "3 Might, 4 Speed damage"
    assert landed_hit(store, defend).spill == {MIGHT: 3, SPEED: 4}


def test_r_dmg_1_r_dmg_2_at_might_0_the_whole_hit_lands_on_speed():
    """Mara at Might 0 takes 5: all of it on Speed (seen in play: "5 Might damage")."""
    store = brute_fight(at_might(0, who="mara"), damage=5)
    shown = preview(store.state, Defend(character="mara", npc="brute"))
    assert shown.spill == ((SPEED, 5),)
    assert landing_words(shown.spill, shown.lost, shown.pool) == "5 Speed damage"


def test_r_dmg_1_r_dmg_2_armor_counts_first_then_the_rest_spills():
    store = brute_fight(at_might(3, armor=1), damage=8)
    shown = preview(store.state, Defend(character="tess", npc="brute"))
    assert (shown.armor, shown.taken, shown.spill) == (1, 7, ((MIGHT, 3), (SPEED, 4)))


def test_r_dmg_1_r_dmg_2_an_area_attack_names_every_pool_it_lands_on():
    breath = AreaAttack(name="breath", damage=6, range="short", stat="speed", pool="speed")
    pc = with_pool(character("tess", armor=0), SPEED, 2)
    store = brute_fight(pc, effects=(breath,))
    defend = Defend(character="tess", npc="brute", area="breath")
    shown = preview(store.state, defend)
    assert (shown.pool, shown.spill) == (SPEED, ((SPEED, 2), (MIGHT, 4)))
    assert landing_words(shown.spill, shown.lost, shown.pool) == "2 Speed, 4 Might damage"
    assert dict(shown.spill) == landed_hit(store, defend).spill


def test_r_npc_2_r_dmg_2_a_riders_damage_is_shown_landing_on_the_pools_the_hit_left():
    """A sting's 4 Might more, its roll failed too, after a hit that left Might at 1."""
    sting = Rider(attack="", stat="might", damage=4)
    store = brute_fight(at_might(5), damage=4, effects=(sting,))
    shown = preview(store.state, Defend(character="tess", npc="brute"))
    assert shown.spill == ((MIGHT, 4),) and not shown.rider_landing[1:]
    assert shown.rider_landing == ("Brute's hit, its roll failed too: 1 Might, 3 Speed damage",)


def test_r_dmg_2_a_hit_wholly_on_its_own_pool_adds_no_landing_words():
    sting = Rider(attack="", stat="might", damage=2)
    store = brute_fight(at_might(12), damage=4, effects=(sting,))
    shown = preview(store.state, Defend(character="tess", npc="brute"))
    assert shown.spill == ((MIGHT, 4),) and shown.rider_landing == ()


def test_r_dmg_2_points_with_no_pool_left_are_said_last():
    assert landing_words(((INTELLECT, 3),), 2) == (
        "3 Intellect damage, 2 with no pool left to take them"
    )
    assert landing_words((), 0, SPEED) == "0 Speed damage"
