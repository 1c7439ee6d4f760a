"""Training comes from the sheet (R-TASK-9), in the command layer: a roll, an asked roll,
a defense, a chase's task and crafting sent from a player's seat claim only the training
the sheet gives, named by its skill, and the log names it; more is refused in one line and
nothing changes; the GM's seat may grant more; a skill the sheet does not hold is refused
at every seat. Mara is trained in Guns and in Speed defense, nothing else."""

import re

import msgspec
import pytest

from strange_tui.campaign.commands import GM, decide
from strange_tui.campaign.commands.chase import ChaseRoll, StartChase
from strange_tui.campaign.commands.combat import AddNpcs, Defend, NextTurn
from strange_tui.campaign.commands.combat.saves import Resist
from strange_tui.campaign.commands.crafting import Craft
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.commands.table.asking import AnswerRoll, AskRoll
from strange_tui.campaign.commands.table.questions import AskDefense
from strange_tui.campaign.model.events import CharacterCreated, RollMade
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character
from tests.campaign.commands.test_combat import fight

SKILLS = {"Guns": "trained", "Speed defense": "trained"}
MORE = "more is an asset, or a step the GM grants"


def party() -> Store:
    store = Store(Campaign(name="Test"))
    for who in (character("mara", skills=SKILLS), character("jun")):
        store.dispatch(CharacterCreated(character=who))
    return store


def send(store: Store, command, by: str = GM):
    return store.apply(decide(store.state, msgspec.structs.replace(command, by=by)))


def refused(store: Store, command, reason: str, by: str = GM) -> None:
    """``command`` from ``by`` is refused with exactly ``reason``, one line; nothing
    changes."""
    before, journal = store.state, store.journal()
    with pytest.raises(RuleViolation, match=f"^{re.escape(reason)}$"):
        send(store, command, by)
    assert "\n" not in reason
    assert (store.state, store.journal()) == (before, journal)


def line(store: Store, events) -> str:
    return command_sentence(events, store.state.names())


def shot(**changes) -> Roll:
    return Roll(character="mara", stat=Stat.SPEED, difficulty=4, label="shoot the rope",
                die=10, **changes)  # fmt: skip


def test_r_task_9_a_players_roll_with_the_sheets_training_names_it_in_the_log():
    store = party()
    (made,) = send(store, shot(skill="trained", training="guns"), by="mara")
    assert (made.skill, made.training, made.success) == ("trained", "Guns", True)
    assert line(store, (made,)) == (
        "Mara rolled 10 for shoot the rope (trained in Guns: eased one step;"
        " Demanding 3, target 9): success."
    )


def test_r_task_9_a_players_roll_claiming_more_than_the_sheet_is_refused():
    store = party()
    refused(store, shot(skill="specialized", training="Guns"),
            f"Mara is trained in Guns, not specialized: {MORE}.", by="mara")  # fmt: skip
    refused(store, shot(skill="trained"),
            f"Mara's sheet gives no training for this roll (name one of its skills): {MORE}.",
            by="mara")  # fmt: skip
    refused(store, shot(eased=1), f"A step eased is the GM's to grant: {MORE}.", by="mara")


def test_r_task_9_the_gms_seat_may_grant_more_than_the_sheet():
    store = party()
    (granted,) = send(store, shot(skill="specialized"))
    assert (granted.skill, granted.training) == ("specialized", "")
    assert "(specialized: eased two steps; Standard 2, target 6)" in line(store, (granted,))
    (beyond,) = send(store, shot(skill="specialized", training="Guns"))
    assert (beyond.skill, beyond.training) == ("specialized", "")  # The GM's, not Guns'.
    (eased,) = send(store, shot(eased=1))
    assert eased.eased == 1


def test_r_task_9_a_skill_the_sheet_does_not_hold_is_refused_at_every_seat():
    store = party()
    for seat in ("mara", GM):
        refused(store, shot(skill="trained", training="Piloting"),
                "Mara's sheet has no training in Piloting.", by=seat)  # fmt: skip


def test_r_task_9_an_asked_roll_answered_at_a_players_seat_claims_the_sheets_training():
    store = party()
    send(store, AskRoll(character="mara", stat=Stat.SPEED, label="shoot the rope", difficulty=4))
    answer = AnswerRoll(character="mara", die=10)
    refused(store, msgspec.structs.replace(answer, skill="specialized", training="Guns"),
            f"Mara is trained in Guns, not specialized: {MORE}.", by="mara")  # fmt: skip
    assert len(store.state.prompts) == 1  # Still asked.
    made, _ = send(store, msgspec.structs.replace(answer, skill="trained", training="Guns"),
                   by="mara")  # fmt: skip
    assert (made.skill, made.training) == ("trained", "Guns")
    assert "(trained in Guns: eased one step; Demanding 3, target 9)" in line(store, (made,))
    assert store.state.prompts == ()


def thugs_attack() -> Store:
    """The thug's turn (it acts first): it attacks Mara, who defends at her seat."""
    pcs = (character("mara", skills=SKILLS), character("jun"))
    store = fight(AddNpcs(name="Thug", level=3), pcs=pcs, dice={"mara": 1, "jun": 1})
    assert store.state.encounter.active.id == "thug"
    send(store, AskDefense(character="mara", npc="thug"))
    return store


def test_r_task_9_a_players_defense_takes_the_sheets_training_or_less_and_names_it():
    store = thugs_attack()
    defend = Defend(character="mara", npc="thug", die=8)
    refused(store, msgspec.structs.replace(defend, skill="specialized"),
            f"Mara's sheet gives trained in Speed defense, not specialized: {MORE}.",
            by="mara")  # fmt: skip
    might = Defend(character="mara", npc="thug", stat=Stat.MIGHT, skill="trained", die=8)
    refused(store, might, f"Mara's sheet gives no training in Might defense, not trained: {MORE}.",
            by="mara")  # fmt: skip
    made, *_ = send(store, defend, by="mara")  # The sheet's: trained in Speed defense.
    assert (made.skill, made.training) == ("trained", "Speed defense")
    assert "(trained in Speed defense: eased one step; Standard 2, target 6)" in line(
        store, (made,)
    )


def test_r_task_9_less_than_the_sheet_is_the_players_to_choose_more_the_gms_to_grant():
    store = thugs_attack()
    (untrained, *_) = send(store, Defend(character="mara", npc="thug", skill="", die=12),
                           by="mara")  # fmt: skip
    assert (untrained.skill, untrained.training, untrained.difficulty) == ("", "", 3)
    send(store, NextTurn())
    send(store, NextTurn())
    send(store, NextTurn())  # The thug's next turn.
    send(store, AskDefense(character="mara", npc="thug"))
    (granted, *_) = send(store, Defend(character="mara", npc="thug", skill="specialized", die=12))
    assert (granted.skill, granted.training) == ("specialized", "")  # The GM's grant.


def test_r_task_9_a_chase_or_crafting_at_a_players_seat_names_the_sheets_training():
    """They roll as any task: a player's training there is the sheet's, named."""
    store = party()
    send(store, StartChase(character="mara", quarry="the courier", level=3))
    chase = ChaseRoll(character="mara", skill="trained", die=12)
    refused(store, chase,
            f"Mara's sheet gives no training for this roll (name one of its skills): {MORE}.",
            by="mara")  # fmt: skip
    (made, *_) = send(store, msgspec.structs.replace(chase, training="Guns"), by="mara")
    assert (made.skill, made.training) == ("trained", "Guns")
    assert "(trained in Guns: eased one step; Standard 2, target 6)" in line(store, (made,))
    craft = Craft(character="mara", item="Torch", level=3, skill="specialized", die=12)
    refused(store, msgspec.structs.replace(craft, trained_in="Guns"),
            f"Mara is trained in Guns, not specialized: {MORE}.", by="mara")  # fmt: skip
    crafted = send(store, msgspec.structs.replace(craft, skill="trained", trained_in="Guns"),
                   by="mara")  # fmt: skip
    made = next(e for e in crafted if isinstance(e, RollMade))
    assert (made.skill, made.training) == ("trained", "Guns")


def test_r_task_9_a_save_at_a_players_seat_claims_no_more_than_the_sheets_defense():
    """Resisting a poison is a Might defense: Mara's sheet trains her in none, so her seat's
    'trained' is refused; her Speed save is trained, as the sheet says, and named in the
    log; the GM's seat may grant the Might one."""
    store = party()
    poison = Resist(character="mara", level=2, stat=Stat.MIGHT, effect="poison", damage=2, die=10)
    refused(store, msgspec.structs.replace(poison, skill="trained"),
            f"Mara's sheet gives no training in Might defense, not trained: {MORE}.",
            by="mara")  # fmt: skip
    dodge = Resist(character="mara", level=2, stat=Stat.SPEED, effect="a net", damage=1, die=10)
    made = send(store, msgspec.structs.replace(dodge, skill="trained"), by="mara")
    assert "trained in Speed defense: eased one step" in line(store, made)
    granted = send(store, msgspec.structs.replace(poison, skill="trained"))
    assert next(e for e in granted if isinstance(e, RollMade)).skill == "trained"
