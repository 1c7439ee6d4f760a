"""The die as it fell (R-SPEC-1..5), in the log: a roll's line gives the natural die, then
its bonus and the total ("rolled 19, +1: 20"); the special result comes from the natural
die, never the total; and what it brought is said as it landed: the extra damage applied
(an impaired attacker's +1), or the effect taken instead. The fold holds a journal's roll
to the same: what it records of the die is what the rules make of it."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.combat import AddNpcs, Attack
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.events import CharacterCreated, RollMade
from strange_tui.campaign.model.reduce import reduce
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack
from tests.campaign.builders import character
from tests.campaign.commands.test_combat import fight

ATTACK = "for Attack Thug with unarmed (Standard 2, target 6)"


def thug_fight(mara=None) -> Store:
    """Mara's turn against a level-3 thug (9 health, damage 3)."""
    pcs = (mara or character("mara"), character("jun"))
    return fight(AddNpcs(name="Thug", level=3), pcs=pcs, dice={"mara": 15, "jun": 5})


def said(store: Store, command) -> tuple[str, RollMade]:
    """The log line of ``command``, applied, and its roll."""
    events = store.apply(decide(store.state, command))
    return command_sentence(events, store.state.names()), events[0]


def attack(**changes) -> Attack:
    return Attack(character="mara", target="thug", **changes)


def task(die: int, bonus: int) -> Roll:
    return Roll(character="mara", stat=Stat.SPEED, difficulty=4, die=die, bonus=bonus)


def party(mara=None) -> Store:
    store = Store(Campaign(name="Test"))
    store.dispatch(CharacterCreated(character=mara or character("mara")))
    return store


def test_r_spec_1_a_19_with_a_bonus_is_rolled_19_then_the_total_its_special_the_19s():
    line, made = said(thug_fight(), attack(die=19, bonus=1))
    assert line == (
        f"Mara rolled 19, +1: 20 {ATTACK}: success, +3 damage. Thug took 5 damage."
    )  # A 19's +3, not a 20's +4 nor its major effect.
    assert (made.die, made.bonus, made.special_damage) == (19, 1, 3)
    line, _ = said(party(), task(die=19, bonus=1))
    assert line == (
        "Mara rolled 19, +1: 20 for a Speed task (Difficult 4, target 12): success, minor effect."
    )


def test_r_spec_1_a_5_with_a_bonus_is_rolled_5_then_6():
    line, _ = said(thug_fight(), attack(die=5, bonus=1))
    assert line == f"Mara rolled 5, +1: 6 {ATTACK}: success. Thug took 2 damage."
    line, _ = said(party(), task(die=5, bonus=1))
    assert line == "Mara rolled 5, +1: 6 for a Speed task (Difficult 4, target 12): failure."


def test_r_spec_1_a_natural_1_with_a_bonus_is_still_the_gms_intrusion():
    line, _ = said(party(), task(die=1, bonus=3))
    assert line == (
        "Mara rolled 1, +3: 4 for a Speed task (Difficult 4, target 12): failure, GM intrusion."
    )


def test_r_spec_2_a_20_taken_as_damage_says_the_damage_it_added():
    line, made = said(thug_fight(), attack(die=20))
    assert line == f"Mara rolled 20 {ATTACK}: success, +4 damage. Thug took 6 damage."
    assert "major effect" not in line and made.special_damage == 4


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"die": 20, "on_20": "stun"}, "major effect: stun"),
        ({"die": 19, "on_19": "distract"}, "minor effect: distract"),
    ],
)
def test_r_spec_3_r_spec_4_an_effect_taken_says_the_effect_not_damage(changes, words):
    line, made = said(thug_fight(), attack(**changes))
    assert f"{ATTACK}: success, {words}. Thug took 2 damage." in line
    assert made.special_damage == 0  # The effect instead of the extra damage.


def test_r_spec_5_an_impaired_18_says_the_1_it_added_and_why():
    impaired = character("mara", track=DamageTrack.IMPAIRED)
    line, made = said(thug_fight(impaired), attack(die=18))
    assert line == f"Mara rolled 18 {ATTACK}: success, +1 damage (impaired). Thug took 3 damage."
    assert (made.impaired, made.special_damage) == (True, 1)


def test_r_spec_5_an_impaired_task_says_the_effect_it_does_not_get():
    line, _ = said(party(character("mara", track=DamageTrack.IMPAIRED)), task(die=19, bonus=0))
    assert line == (
        "Mara rolled 19 for a Speed task (Difficult 4, target 12): success,"
        " no minor effect (impaired)."
    )


def test_r_spec_2_r_spec_5_a_journal_cannot_say_more_than_the_die_brought():
    store = thug_fight(character("mara", track=DamageTrack.IMPAIRED))
    made = decide(store.state, attack(die=20))[0]
    state = store.state
    with pytest.raises(RuleViolation, match="extra damage from its die does not match"):
        reduce(state, replace(made, special_damage=4, seq=state.seq + 1))  # Not impaired's 1.
    solo = party(character("mara", track=DamageTrack.IMPAIRED))
    rolled = decide(solo.state, task(die=20, bonus=0))[0]
    with pytest.raises(RuleViolation, match="Only a hit takes extra damage from its die"):
        reduce(solo.state, replace(rolled, special_damage=1, seq=solo.state.seq + 1))
    unhurt = thug_fight()
    claimed = replace(decide(unhurt.state, attack(die=12))[0], impaired=True)
    with pytest.raises(RuleViolation, match="Mara is not impaired"):
        reduce(unhurt.state, replace(claimed, seq=unhurt.state.seq + 1))
