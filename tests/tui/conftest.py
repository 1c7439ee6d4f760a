"""Apps on copies of the demo (tests never write into the repository's saves/)."""

import shutil
from pathlib import Path

import pytest
from textual.widgets import Input, TextArea

from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from tests.campaign.builders import character

REPO_DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo"


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch):
    """Text cursors stay lit: a snapshot taken mid-blink would differ from its baseline."""
    for widget in (Input, TextArea):

        def __init__(self, *args, _original=widget.__init__, **kwargs):
            _original(self, *args, **kwargs)
            self.cursor_blink = False

        monkeypatch.setattr(widget, "__init__", __init__)


@pytest.fixture
def demo(tmp_path) -> Path:
    return Path(shutil.copytree(REPO_DEMO, tmp_path / "saves" / "demo"))


@pytest.fixture
def demo_app(demo) -> StrangeApp:
    return StrangeApp(campaign_path=demo, saves=demo.parent)


@pytest.fixture
def fresh_app(tmp_path) -> StrangeApp:
    """A new campaign with two characters at 0 XP (Mara first)."""
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Fresh")
    store = folder.open()
    for id_ in ("mara", "jun"):
        store.dispatch(CharacterCreated(character=character(id_)))
    return StrangeApp(campaign_path=folder.path, saves=saves)


def character_state(app: StrangeApp, character_id: str):
    return app.session.state.characters[character_id]
