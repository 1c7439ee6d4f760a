"""R-TR-8: a focus sleeps while its character acclimates (seed 003: no focus can be
accessed during acclimation): its standing effects count, and its abilities may be used,
only from the end of acclimation."""

import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character import UseAbility
from strange_tui.campaign.commands.combat import Defend
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.commands.translation import Translate
from strange_tui.campaign.model.abilities import moment, skills_now
from strange_tui.campaign.model.acclimation import asleep_refusal
from strange_tui.campaign.model.events import ClockAdvanced
from strange_tui.campaign.store import Store
from strange_tui.content.loader import Content
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.translation import HOUR
from tests.campaign.builders import campaign, character, fighting, npc

CONTENT = Content()
NEW_FOCUS = "Defends the Weak"


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def arrived_in_ardeyn(**changes) -> Store:
    """A lone Vector translates to Ardeyn (an hour's acclimation: no one eases it) and
    takes Defends the Weak, whose Courageous trains Intellect defense and initiative."""
    store = Store(campaign(character("kit", **changes)))
    run(store, Translate(destination="ardeyn", recursion_difficulty=5, initiator="kit",
                         die=15, foci={"kit": NEW_FOCUS}, content=CONTENT))  # fmt: skip
    return store


def intellect_defense_difficulty(store: Store) -> int:
    """The difficulty of Kit's Intellect defense against a level-3 foe now."""
    fight = Store(fighting(store.state, npc("thug", level=3), succeeded=()))
    shown = preview(fight.state, Defend(character="kit", npc="thug", stat=Stat.INTELLECT))
    return shown.roll.odds.final_difficulty


def test_r_tr_8_a_new_focus_trains_nothing_until_acclimation_ends():
    store = arrived_in_ardeyn()
    kit = store.state.characters["kit"]
    assert kit.focus == NEW_FOCUS
    assert "Courageous" in kit.abilities
    assert kit.travel.asleep.until == store.state.clock.seconds + HOUR
    assert intellect_defense_difficulty(store) == 3
    assert "Initiative" not in skills_now(kit, moment(store.state))
    store.dispatch(ClockAdvanced(seconds=HOUR))
    assert intellect_defense_difficulty(store) == 2
    assert skills_now(kit, moment(store.state))["Initiative"] == "trained"


def test_r_tr_8_a_focus_kept_across_a_translation_sleeps_too():
    """Kit already has Defends the Weak (it goes to Ardeyn): translating, it sleeps the
    hour all the same."""
    store = arrived_in_ardeyn(focus=NEW_FOCUS, abilities=("Courageous", "Warding Shield"))
    assert intellect_defense_difficulty(store) == 3
    store.dispatch(ClockAdvanced(seconds=HOUR))
    assert intellect_defense_difficulty(store) == 2


def test_r_tr_8_a_natural_20_brings_the_focus_awake():
    store = Store(campaign(character("kit")))
    run(store, Translate(destination="ardeyn", recursion_difficulty=5, initiator="kit",
                         die=20, foci={"kit": NEW_FOCUS}, content=CONTENT))  # fmt: skip
    assert intellect_defense_difficulty(store) == 2


def test_r_tr_8_the_refusal_says_when_the_focus_wakes_and_names_only_its_traits():
    store = arrived_in_ardeyn(abilities=("Fury",))
    kit = store.state.characters["kit"]
    words = asleep_refusal(kit, "Courageous", moment(store.state))
    assert words == (
        "Courageous comes with Defends the Weak, asleep while Kit acclimates (until 13:00):"
        " no focus ability can be used."
    )
    assert asleep_refusal(kit, "Courageous", kit.travel.asleep.until) is None
    assert asleep_refusal(kit, "Fury", moment(store.state)) is None  # the type's: awake


def test_r_tr_8_a_sleeping_focus_ability_is_refused_in_preview_and_decide_then_wakes():
    """Kit takes Talks to Machines in Ruk: its Distant Interface (a task) cannot be used
    in the hour of acclimation, its preview saying why; after the hour it rolls."""
    store = Store(campaign(character("kit")))
    run(store, Translate(destination="ruk", recursion_difficulty=5, initiator="kit", die=15,
                         foci={"kit": "Talks to Machines"}, content=CONTENT))  # fmt: skip
    roll = Roll(character="kit", difficulty=3, ability="Distant Interface", die=12,
                stat=Stat.INTELLECT)
    with pytest.raises(RuleViolation, match="Distant Interface comes with Talks to Machines"):
        preview(store.state, roll)
    with pytest.raises(RuleViolation, match="acclimates"):
        decide(store.state, roll)
    store.dispatch(ClockAdvanced(seconds=HOUR))
    assert decide(store.state, roll)


def test_r_tr_8_an_ability_that_is_not_the_focus_s_is_used_while_acclimating():
    store = arrived_in_ardeyn(abilities=("Fury",))
    assert preview(store.state, UseAbility(character="kit", ability="Fury")).problem is None
    assert decide(store.state, UseAbility(character="kit", ability="Fury"))
