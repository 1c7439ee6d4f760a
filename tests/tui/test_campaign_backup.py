"""The campaign list's backups: `b` backs the highlighted campaign up to a .zip, `i`
imports one as a new campaign, highlighted in the list; typing a path never acts."""

import zipfile

from textual.widgets import Input, OptionList, Static

from strange_tui.storage.archive import export_campaign
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.home.backup_dialogs import BackupDialog, ImportDialog, default_backup_path
from strange_tui.tui.home.campaigns import CampaignsScreen
from tests.tui.reach import tab_through


async def type_path(pilot, field: Input, text: str) -> None:
    """Clear ``field`` and type ``text`` key by key, as a player would."""
    field.value = ""
    await pilot.press(*text)


def result_text(app) -> str:
    return str(app.screen.query_one("#result", Static).content)


async def test_b_backs_up_the_highlighted_campaign_to_the_typed_path(demo, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    app = StrangeApp(saves=demo.parent)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, BackupDialog)
        field = app.screen.query_one("#path", Input)
        assert field.value == str(default_backup_path(demo, tmp_path / "home"))
        # Letters the list and the app bind (b, i, q, d, n, ?) go to the field.
        target = tmp_path / "bq-in?dn" / "my backup.zip"
        target.parent.mkdir()
        await type_path(pilot, field, str(target))
        assert field.value == str(target) and isinstance(app.screen, BackupDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        assert any(
            n.message.startswith("Backed up Demo: The Glass Door") for n in app._notifications
        )
    with zipfile.ZipFile(target) as zipped:
        assert "journal.toml" in zipped.namelist()
    assert not (tmp_path / "home").exists()


async def test_a_backup_over_a_file_says_why_and_keeps_the_dialog(demo, tmp_path):
    (tmp_path / "taken.zip").write_bytes(b"mine")
    app = StrangeApp(saves=demo.parent)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("b")
        await pilot.pause()
        await type_path(pilot, app.screen.query_one("#path", Input), str(tmp_path / "taken.zip"))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BackupDialog)
        assert "exists already" in result_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, CampaignsScreen)
    assert (tmp_path / "taken.zip").read_bytes() == b"mine"


async def test_i_imports_a_backup_and_highlights_the_new_campaign(demo, tmp_path):
    (tmp_path / "out").mkdir()
    export_campaign(demo, tmp_path / "out" / "demo.zip")
    CampaignFolder.create(demo.parent, "Aardvark")  # Listed first: the import is not.
    app = StrangeApp(saves=demo.parent)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, ImportDialog)
        await type_path(
            pilot, app.screen.query_one("#path", Input), str(tmp_path / "out" / "demo.zip")
        )
        await pilot.press("enter")
        await pilot.pause()
        assert "demo/ is a campaign already" in result_text(app)
        assert "Name, above" in result_text(app)
        await pilot.press("tab", *"Quiet Hills", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        options = app.screen.query_one("#list", OptionList)
        highlighted = options.get_option_at_index(options.highlighted)
        assert highlighted.id == str(demo.parent / "quiet-hills")
        assert any(n.message.startswith("Imported Demo: The Glass Door as quiet-hills/")
                   for n in app._notifications)  # fmt: skip
    assert CampaignFolder(demo.parent / "quiet-hills").check() == CampaignFolder(demo).check()


async def test_a_hostile_backup_is_refused_in_the_dialog_and_nothing_appears(demo, tmp_path):
    with zipfile.ZipFile(tmp_path / "evil.zip", "w") as zipped:
        zipped.writestr("../evil.toml", b"x")
    before = sorted(p.name for p in demo.parent.iterdir())
    app = StrangeApp(saves=demo.parent)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("i")
        await pilot.pause()
        await type_path(pilot, app.screen.query_one("#path", Input), str(tmp_path / "evil.zip"))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ImportDialog)
        assert "climbs out" in result_text(app)
    assert sorted(p.name for p in demo.parent.iterdir()) == before
    assert not (tmp_path / "evil.toml").exists()


async def test_both_dialogs_reach_every_field_and_button_at_40x12(demo):
    app = StrangeApp(saves=demo.parent)
    async with app.run_test(size=(40, 12)) as pilot:
        for key in ("b", "i"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, BackupDialog if key == "b" else ImportDialog)
            assert await tab_through(pilot) == []
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, CampaignsScreen)
