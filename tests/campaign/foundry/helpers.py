"""Shared by the Foundry tests: a copy of the committed demo with one character made by the
creation command and played a little, and a fresh campaign to import into."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from strange_tui.campaign.commands.base import decide
from strange_tui.campaign.commands.character.artifacts import GainArtifact
from strange_tui.campaign.commands.character.cyphers import GainCypher
from strange_tui.campaign.commands.character.damage import SpendPoints
from strange_tui.campaign.commands.character.xp import AwardXp
from strange_tui.campaign.foundry import decode_actor
from strange_tui.campaign.narrate.sheet import find_character
from strange_tui.cli import main
from strange_tui.content.loader import Content, user_pack_files
from strange_tui.rules.pools import Stat
from strange_tui.storage.folder import CampaignFolder

REPO_DEMO = Path(__file__).resolve().parents[3] / "saves" / "demo"
FIXTURE = Path(__file__).parent / "fixtures" / "template_pc.json"
ADA = [
    "--name", "Ada Vale", "--descriptor", "Tough", "--type", "Vector",
    "--focus", "Is Licensed to Carry", "--pools", "3,3,0", "--abilities",
    "Bash,Combat Prowess (ranged),Practiced in Armor,Improved Edge (Speed)",
    "--weapons", "Medium gun,Knife", "--armor", "light", "--notes", "Courier.\nOwes a favour.",
]  # fmt: skip


def played_demo(saves: Path) -> Path:
    """The demo copied into ``saves``, with Ada made by `strange-tui new` and carrying a
    cypher, an artifact, XP and a spent pool (a sheet in play)."""
    path = Path(shutil.copytree(REPO_DEMO, saves / "demo"))
    assert main(["new", str(path), *ADA]) == 0
    store = CampaignFolder(path).open()
    ada = find_character(store.state, "Ada").id
    for command in (
        GainCypher(character=ada, name="Stim patch", level=3, effect="Heals 1d6."),
        GainArtifact(character=ada, name="Ghost lens", level=4, depletion="1 in 1d10"),
        AwardXp(character=ada, amount=4),
        SpendPoints(character=ada, stat=Stat.MIGHT, amount=5),
    ):
        store.apply(decide(store.state, command))
    store.compact()
    return path


def content_of(saves: Path) -> Content:
    return Content(user_pack_files(saves))


def fresh(saves: Path, name: str = "Fresh") -> CampaignFolder:
    return CampaignFolder.create(saves, name)


def through_json(actor: dict):
    """The actor as Foundry would hand it back: JSON text, decoded by our reader."""
    return decode_actor(json.dumps(actor).encode())
