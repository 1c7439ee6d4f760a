"""R-ABL-1: a training that holds only in some situation (Targeting Eye: 'trained in
physical ranged attacks from abilities or devices') is listed beside the sum for the
table to judge, never added to it: on every sheet beside the skills, marked with its
situation, and among the notes of a roll's, an attack's and a defense's preview when the
task is one it trains."""

import json

from strange_tui.campaign.commands import preview
from strange_tui.campaign.commands.combat import Attack, Defend, weapons_of
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.abilities import skills_now
from strange_tui.campaign.model.ability_tasks import trainings_maybe
from strange_tui.campaign.narrate.sheet import markdown_sheet, sheet_data, text_sheet
from strange_tui.campaign.narrate.sheet_html import html_sheet
from strange_tui.content.loader import Content
from strange_tui.rules.pools import Stat
from tests.campaign.builders import campaign, character, fighting, npc
from tests.campaign.commands.test_combat import sheet_fight

EYE = "physical ranged attacks from abilities or devices"
GENERIC = "Medium ranged weapon"


def test_r_abl_1_a_situational_training_is_on_every_sheet_beside_the_skills_not_in_them():
    mara = character("mara", abilities=("Targeting Eye",))
    assert "ranged attacks" not in skills_now(mara)  # Never added to the sum.
    sheet = sheet_data(mara, 0)
    (maybe,) = sheet["skills_maybe"]
    assert (maybe["skill"], maybe["level"], maybe["from"]) == ("ranged attacks", "trained",
                                                               "Targeting Eye")  # fmt: skip
    assert maybe["when"].startswith(EYE)
    assert "ranged attacks" not in sheet["skills"]
    listed = f"ranged attacks (trained: {EYE}"
    assert listed in text_sheet(sheet)
    assert listed in markdown_sheet(sheet)
    assert listed in html_sheet(sheet)
    assert json.loads(json.dumps(sheet))["skills_maybe"] == [maybe]


def test_r_abl_1_a_situational_training_on_a_trained_skill_would_specialize_it():
    mara = character("mara", abilities=("Targeting Eye",), skills={"Ranged attacks": "trained"})
    (maybe,) = trainings_maybe(mara, 0)
    assert maybe.level == "specialized"
    assert skills_now(mara)["Ranged attacks"] == "trained"


def test_r_abl_1_a_situational_training_is_a_note_on_a_ranged_attack_never_a_step():
    """Targeting Eye on a ranged attack: a note, the difficulty as without it; none on a
    melee attack."""
    plain = sheet_fight(character("mara", equipment=(GENERIC,)))
    eyed = sheet_fight(character("mara", equipment=(GENERIC,), abilities=("Targeting Eye",)))
    weapon, fists = weapons_of(eyed.state.characters["mara"], Content())
    assert weapon.ranged and not fists.ranged
    shown = preview(eyed.state, Attack(character="mara", target="thug", weapon=weapon))
    note = f"Targeting Eye: trained in ranged attacks, {EYE}"
    assert any(line.startswith(note) for line in shown.roll.abilities)
    without = preview(plain.state, Attack(character="mara", target="thug", weapon=weapon))
    assert shown.roll.odds.final_difficulty == without.roll.odds.final_difficulty
    melee = preview(eyed.state, Attack(character="mara", target="thug", weapon=fists))
    assert not any("Targeting Eye" in line for line in melee.roll.abilities)


def test_r_abl_1_a_situational_defense_training_is_a_note_in_the_defense_preview():
    """Weapon Defense trains Speed defense 'while holding your chosen weapon': the
    defense preview says so, takes no step for it, and says nothing of it on Might."""
    state = fighting(campaign(character("mara", abilities=("Weapon Defense",))),
                     npc("thug", level=3), succeeded=())  # fmt: skip
    shown = preview(state, Defend(character="mara", npc="thug"))
    note = "Weapon Defense: trained in Speed defense, while holding your chosen weapon"
    assert note in shown.roll.abilities
    assert shown.roll.odds.final_difficulty == 3 and not shown.training
    might = preview(state, Defend(character="mara", npc="thug", stat=Stat.MIGHT))
    assert not any("Weapon Defense" in line for line in might.roll.abilities)


def test_r_abl_1_a_situational_training_is_a_note_on_a_roll_whose_words_name_its_task():
    """Dark Explorer trains stealth 'sneaking in dim light or no light': a roll labelled
    'Sneak past the guard' lists it, 'Climb the wall' does not."""
    state = campaign(character("mara", abilities=("Dark Explorer",)))
    sneak = Roll(character="mara", stat=Stat.SPEED, label="Sneak past the guard")
    shown = preview(state, sneak)
    assert "Dark Explorer: trained in stealth, sneaking in dim light or no light" in shown.abilities
    climb = Roll(character="mara", stat=Stat.SPEED, label="Climb the wall")
    assert not any("Dark Explorer" in line for line in preview(state, climb).abilities)
