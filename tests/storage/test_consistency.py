"""`check` refuses what the app could not show: a fight whose turn is past its order, an
order naming someone not in the fight, a PC combatant with no sheet, a record filed under
another id. The app then never crashes on a campaign `check` accepts."""

import shutil
from pathlib import Path

import pytest

from strange_tui.cli import main
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import CampaignFolder
from tests.storage.sealing import reseal

DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo"

FIGHT = """
[state.encounter]
round = 1
turn = {turn}
order = [{order}]

[state.encounter.combatants.mara-quist]
id = "mara-quist"
name = "Mara Quist"
pc = true

[state.encounter.combatants.thug]
id = "{thug_id}"
name = "Thug"
level = 2
health = 6
max_health = 6
damage = 2
"""


def campaign_with(tmp_path, **fight) -> Path:
    path = Path(shutil.copytree(DEMO, tmp_path / "demo"))
    values = {"turn": 0, "order": '"mara-quist", "thug"', "thug_id": "thug"} | fight
    campaign = path / "campaign.toml"
    campaign.write_text(campaign.read_text() + FIGHT.format(**values))
    reseal(campaign)
    # The fight is in the snapshot; the journal keeps only its header (no events after).
    journal = path / "journal.toml"
    journal.write_text(journal.read_text().split("\n[[events]]")[0] + "\n")
    return path


def test_a_sound_fight_passes(tmp_path):
    path = campaign_with(tmp_path)
    assert CampaignFolder(path).check().encounter is not None


@pytest.mark.parametrize(
    ("fight", "message"),
    [
        ({"turn": 2}, "encounter.turn.*past the order"),
        ({"order": '"mara-quist", "ghost"'}, r"encounter.order\[1\].*ghost"),
        ({"order": '"mara-quist", "thug", "thug"'}, "encounter.order.*twice"),
        ({"thug_id": "cultist"}, "encounter.combatants.thug.id"),
    ],
)
def test_check_refuses_a_fight_the_app_could_not_show(tmp_path, capsys, fight, message):
    path = campaign_with(tmp_path, **fight)
    with pytest.raises(CampaignFileError, match=message):
        CampaignFolder(path).check()
    assert main(["check", str(path)]) == 1
    assert "Traceback" not in capsys.readouterr().err
