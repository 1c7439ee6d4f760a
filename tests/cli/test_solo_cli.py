"""Solo play from the shell: `strange-tui new NAME --solo` starts a campaign with no GM (or
switches one to it), and `strange-tui log --format md` reads as a story, the player's scene
notes as paragraphs in their place between the events."""

import json

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.commands.solo.journal import WriteScene
from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.cli import main
from strange_tui.storage.folder import CampaignFolder
from tests.campaign.builders import character
from tests.cli.test_new import VECTOR


def test_new_solo_makes_a_campaign_with_no_gm(tmp_path, capsys):
    saves = tmp_path / "saves"
    assert main(["new", "Lone Road", "--solo", "--saves", str(saves)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Made Lone Road (") and "intrusions: rare" in out
    state = CampaignFolder(saves / "lone-road").check()
    assert state.name == "Lone Road"
    assert (state.settings.solo, state.settings.solo_intrusions) == (True, "rare")


def test_new_solo_with_a_character_and_the_apps_intrusions_often(tmp_path, capsys):
    saves = tmp_path / "saves"
    args = ["new", "Lone Road", "--solo", "--intrusions", "often", "--saves", str(saves)]
    assert main([*args, *VECTOR, "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["name"] == "Rook Vance"  # The sheet alone on stdout.
    assert "intrusions: often" in captured.err
    state = CampaignFolder(saves / "lone-road").check()
    assert state.settings.solo_intrusions == "often"
    assert [c.name for c in state.characters.values()] == ["Rook Vance"]


def test_new_solo_switches_a_campaign_with_a_gm_to_solo_play(tmp_path, capsys):
    folder = CampaignFolder.create(tmp_path, "Table")
    assert main(["new", str(folder.path), "--solo"]) == 0
    assert capsys.readouterr().out.startswith("Solo play in Table")
    assert folder.check().settings.solo
    before = (folder.path / "journal.toml").read_bytes()
    assert main(["new", str(folder.path), "--solo"]) == 0  # Solo already: nothing written.
    assert (folder.path / "journal.toml").read_bytes() == before


def test_new_without_solo_still_needs_the_character(tmp_path, capsys):
    folder = CampaignFolder.create(tmp_path, "Table")
    assert main(["new", str(folder.path), "--name", "Rook"]) == 2
    err = capsys.readouterr().err
    assert "required: --descriptor, --type, --focus" in err
    assert main(["new", str(folder.path), "--intrusions", "often"]) == 2
    assert "--intrusions goes with --solo" in capsys.readouterr().err
    assert not folder.check().settings.solo


def test_log_md_keeps_scene_notes_as_paragraphs_in_their_place(tmp_path, capsys):
    folder = CampaignFolder.create(tmp_path, "Lone Road")
    store = folder.open()
    store.dispatch(CharacterCreated(character=character("mara")))
    for command in (
        WriteScene(text="Night on the coast road.\nThe van's lights die.\n\nMara gets out."),
        Roll(character="mara", difficulty=3, die=14, label="Fix the van"),
        WriteScene(text="It coughs back to life *at last*."),
    ):
        store.apply(decide(store.state, command))
    store.compact()
    assert main(["log", str(folder.path), "--format", "md"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # The notes' words are escaped only where Markdown would misread them (a note never
    # turns into a heading or a list by accident); each note heads a scene; a line break
    # the player typed stays one (a backslash ends the line: Markdown's hard break).
    start = lines.index("Night on the coast road.\\")
    assert lines[start - 2 : start + 10] == [
        "## Scene 1: Night on the coast road",
        "",
        "Night on the coast road.\\",
        "The van's lights die.",
        "",
        "Mara gets out.",
        "",
        lines[start + 5],
        "",
        "## Scene 2: It coughs back to life \\*at last\\*",
        "",
        "It coughs back to life \\*at last\\*.",
    ]
    assert lines[start + 5].startswith("- ") and "Fix the van" in lines[start + 5]
    assert lines[start - 4].startswith("- ")  # Mara joined the party, before the story.
    # The text log is as it was: one line a command, the note's own words.
    assert main(["log", str(folder.path)]) == 0
    assert "It coughs back to life *at last*." in capsys.readouterr().out
