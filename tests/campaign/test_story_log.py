"""A session that reads as a story: `log --format md` groups it into scenes and fights,
folds the turns passing into the fight's heading, and escapes only what Markdown would
misread."""

import pytest

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.combat.setup import AddNpcs, RollInitiative, StartCombat
from strange_tui.campaign.commands.combat.turns import EndCombat, NextTurn
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.commands.solo.journal import WriteScene
from strange_tui.campaign.model.events import CharacterCreated, batches
from strange_tui.campaign.narrate.log import names_of
from strange_tui.campaign.narrate.plain import markdown
from strange_tui.campaign.narrate.story import (
    FIGHT,
    SCENE,
    Heading,
    Line,
    kept,
    markdown_story,
    newest_first,
    scene_title,
    story,
)
from strange_tui.cli import main
from strange_tui.storage.folder import CampaignFolder
from tests.campaign.builders import character


def play(tmp_path, foe="Thug"):
    folder = CampaignFolder.create(tmp_path, "Lone Road")
    store = folder.open()
    store.dispatch(CharacterCreated(character=character("mara")))
    for command in (
        WriteScene(text="Night on the coast road. The van's lights die (even the spare)."),
        Roll(character="mara", difficulty=3, die=14, label="Fix the van"),
        StartCombat(),
        AddNpcs(name=foe, level=3),
        RollInitiative(dice={"mara": 15}),
        NextTurn(),
        NextTurn(),
        NextTurn(),
        EndCombat(),
        Roll(character="mara", difficulty=2, die=15, label="Catch breath"),
        WriteScene(text="Dawn at the lighthouse settings."),
    ):
        store.apply(decide(store.state, command))
    store.compact()
    return folder


def test_the_story_groups_scenes_and_a_fight_with_its_turns_folded(tmp_path):
    folder = play(tmp_path)
    events = list(folder.events())
    parts = story(batches(events), names_of(folder.check(), events))
    headings = [(p.level, p.text) for p in parts if isinstance(p, Heading)]
    assert [h for h in headings if h[0] == SCENE] == [
        (SCENE, "Scene 1: Night on the coast road"),
        (SCENE, "Scene 2: Dawn at the lighthouse settings"),
    ]
    fights = [text for level, text in headings if level == FIGHT]
    assert fights[0].startswith("Fight: Thug — ") and "round" in fights[0]
    assert fights[1] == "After the fight"
    lines = [p.text for p in parts if isinstance(p, Line)]
    assert not any("Next turn." in line for line in lines)
    assert sum("round" in line and "fight" in line.lower() for line in lines) <= 1


def test_the_markdown_log_reads_as_scenes_and_escapes_only_what_it_must(tmp_path, capsys):
    folder = play(tmp_path)
    assert main(["log", str(folder.path), "--format", "md"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "## Scene 1: Night on the coast road" in lines
    assert "Night on the coast road. The van's lights die (even the spare)." in lines
    assert any(line.startswith("### Fight: Thug — ") for line in lines)
    assert "Next turn" not in out and "\\." not in out and "\\(" not in out


@pytest.mark.parametrize(
    "foe, shown",
    # A '#' inside a heading's words heads nothing: it stays as written.
    [("# x", "# x"), ("*x*", "\\*x\\*"), ("[x](y)", "\\[x\\](y)"), ("<b>x", "\\<b>x")],
)
def test_a_hostile_foes_name_stays_harmless_in_the_fights_heading(tmp_path, capsys, foe, shown):
    folder = play(tmp_path, foe=foe)
    assert main(["log", str(folder.path), "--format", "md"]) == 0
    heading = next(line for line in capsys.readouterr().out.splitlines() if "Fight:" in line)
    assert heading.startswith(f"### Fight: {shown} — ")


@pytest.mark.parametrize(
    "text, escaped",
    [
        ("Rest a while in the settings.", "Rest a while in the settings."),
        ("Odd (even) dice", "Odd (even) dice"),
        ("# x", "\\# x"),
        ("*x*", "\\*x\\*"),
        ("[x](y)", "\\[x\\](y)"),
        ("- item", "\\- item"),
        ("> quote", "\\> quote"),
        ("1. first", "1\\. first"),
        ("1.5 metres", "1.5 metres"),
        ("`code`", "\\`code\\`"),
        ("snake_case and _this_", "snake_case and \\_this\\_"),
        ("a < b, <script>", "a < b, \\<script>"),
        ("a | b", "a \\| b"),
        ("&amp; sign", "\\&amp; sign"),
        ("ends in #", "ends in \\#"),
        ("    indented", "indented"),
    ],
)
def test_markdown_escapes_only_what_markdown_would_misread(text, escaped):
    assert markdown(text) == escaped


def test_a_scene_title_is_its_first_sentence_cut_at_a_word():
    assert scene_title("Night falls. Rain.") == "Night falls"
    long = scene_title("word " * 30)
    assert long.endswith("…") and len(long) <= 51


def test_newest_first_keeps_each_heading_on_top_and_the_filter_drops_empty_ones(tmp_path):
    folder = play(tmp_path)
    events = list(folder.events())
    parts = story(batches(events), names_of(folder.check(), events))
    newest = newest_first(parts)
    assert newest[0] == Heading(SCENE, "Scene 2: Dawn at the lighthouse settings")
    rolls = kept(parts, lambda command: any(getattr(e, "label", "") for e in command))
    assert [p.text for p in rolls if isinstance(p, Heading)] == [
        "Scene 1: Night on the coast road",
        "After the fight",
    ]


def test_the_markdown_story_without_commands_is_its_title():
    assert markdown_story("A # b", [], {}) == ["# A # b — session log"]


def test_a_scene_begun_in_solo_play_heads_its_part_and_holds_its_notes(tmp_path):
    """R-SCN-1: a scene begun heads its part with what was expected; the notes written in
    it stay in it; once it ends, a note starts the next scene as before."""
    from strange_tui.campaign.model.events import SceneEnded, SceneStarted, SceneWritten

    folder = CampaignFolder.create(tmp_path, "Lone Road")
    store = folder.open()
    store.dispatch(CharacterCreated(character=character("mara")))
    store.dispatch(SceneStarted(expected="The keeper lets us in. She is wary.", die=12, tension=5))
    store.dispatch(SceneWritten(text="She pours tea and says nothing."))
    store.dispatch(SceneEnded(went="well"))
    store.dispatch(SceneWritten(text="Night falls on the cliffs."))
    events = list(folder.events())
    parts = story(batches(events), names_of(folder.check(), events))
    assert [p.text for p in parts if isinstance(p, Heading) and p.level == SCENE] == [
        "Scene 1: The keeper lets us in",
        "Scene 2: Night falls on the cliffs",
    ]


def test_an_arrival_on_earth_heads_its_part_on_earth_and_in_ardeyn_elsewhere():
    """The story's arrival headings say where one is as a sentence does: on Earth, in
    Ardeyn (the words' where_in)."""
    from strange_tui.campaign.model.events import TranslationMade

    def arrival(destination):
        return (TranslationMade(destination=destination, arrived=True, initiator="mara",
                                difficulty=3, die=15, success=True),)  # fmt: skip

    parts = story([arrival("Earth"), arrival("Ardeyn")], {"mara": "Mara"})
    headings = [p.text for p in parts if isinstance(p, Heading)]
    assert headings == ["Arrival on Earth", "Arrival in Ardeyn"]
