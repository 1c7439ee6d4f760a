"""`strange-tui log` prints as it reads: the same lines as the whole-history log (every
event read, every name gathered, then printed), oldest first or newest first, with
``--since`` and ``--last``; damage met midway ends the output with the one line and exit 1,
and a reader that goes away (``| head -1``) ends it quietly."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.combat import (
    AddNpcs,
    Attack,
    RollInitiative,
    StartCombat,
)
from strange_tui.campaign.commands.combat.turns import EndCombat
from strange_tui.campaign.model.events import CharacterCreated, SettingsChanged, batches
from strange_tui.campaign.model.state import Clock
from strange_tui.campaign.model.types import DAY_SECONDS
from strange_tui.campaign.narrate.log import command_sentence, names_of
from strange_tui.campaign.narrate.plain import one_line
from strange_tui.cli import main
from strange_tui.cli.campaign import command_runs, shown
from strange_tui.demo.build import Adventure, party
from strange_tui.rules.dice import SeededDice
from strange_tui.storage import history, verified
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.folder_files import FolderFiles

REPO_DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo"


@pytest.fixture
def demo(tmp_path) -> Path:
    return Path(shutil.copytree(REPO_DEMO, tmp_path / "demo"))


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """A campaign of 1,500 events played by the demo's adventure (checkpoints as in play:
    several chunks), after a fight whose NPC's name only its sealed events know (the
    fallback would say "Zora the bold"), read only by the tests that share it."""
    _, settings, characters = party()
    folder = CampaignFolder.create(tmp_path_factory.mktemp("saves"), "played")
    folder.durable = False
    store = folder.open()
    store.dispatch(SettingsChanged(settings=settings))
    for character in characters:
        store.dispatch(CharacterCreated(character=character))
    pcs = [character.id for character in characters]
    for command in (
        StartCombat(),
        AddNpcs(name="Zora the Bold", level=2),
        RollInitiative(dice=dict.fromkeys(pcs, 15)),
        Attack(character=pcs[0], target="zora-the-bold", die=18),  # A roll, and damage.
        EndCombat(),
    ):
        store.apply(decide(store.state, command, SeededDice(1)))
    adventure = Adventure(store, seed=1500)
    while store.state.seq < 1500:
        adventure.play(1)
    store.compact()
    assert len(history.chunk_paths(folder.history_dir)) >= 4
    assert "zora-the-bold" not in store.state.names()
    return folder.path


def whole_log(path: Path) -> list[str]:
    """The log as it was made before it streamed: every event, every name, then lines."""
    folder = CampaignFolder(path)
    state = folder.check()
    events = list(folder.events())
    names = names_of(state, events)
    return [
        f"{Clock(seconds=command[0].at).label():<15} {one_line(command_sentence(command, names))}"
        for command in batches(events)
    ]


def log(capsys, *args: str) -> list[str]:
    assert main(["log", *args]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("which", ["demo", "played"])
def test_oldest_first_is_the_whole_log_and_newest_first_its_reverse(request, capsys, which):
    path = request.getfixturevalue(which)
    expected = whole_log(path)
    assert len(expected) > 50
    assert which == "demo" or "Zora the Bold took 4 damage." in "\n".join(expected)
    for _ in range(2):  # Cold cache, then warm.
        assert log(capsys, str(path)) == expected
        assert log(capsys, str(path), "--newest-first") == expected[::-1]


def test_last_counts_lines_from_the_end_in_either_order(played, capsys):
    expected = whole_log(played)
    assert log(capsys, str(played), "--last", "7") == expected[-7:]
    assert log(capsys, str(played), "--last", "7", "--newest-first") == expected[::-1][:7]
    assert log(capsys, str(played), "--last", "0") == expected  # 0: no limit, as before.


@pytest.mark.parametrize(("which", "after"), [("played", 900), ("demo", 10)])
def test_since_an_event_number_starts_at_the_command_holding_it(request, capsys, which, after):
    path = request.getfixturevalue(which)
    folder = CampaignFolder(path)
    folder.check()
    commands = batches(folder.events())
    at, middle = next((i, c) for i, c in enumerate(commands) if c[0].seq > after)
    since = str(middle[-1].seq)  # The command's last event: the line still starts it.
    expected = whole_log(path)
    assert log(capsys, str(path), "--since", since) == expected[at:]
    assert log(capsys, str(path), "--since", since, "--newest-first") == expected[at:][::-1]


def test_since_a_day_starts_at_that_day_s_first_line(played, capsys):
    expected = whole_log(played)
    day = int(expected[len(expected) // 2].split()[1].rstrip(","))
    first = next(i for i, line in enumerate(expected) if line.startswith(f"Day {day},"))
    assert log(capsys, str(played), "--since", f"day {day}") == expected[first:]
    assert log(capsys, str(played), "--since", f"Day {day}, 00:00")[0] == expected[first]
    late = log(capsys, str(played), "--since", f"day {day}, 23:59")
    assert all(not line.startswith(f"Day {day},") for line in late)
    assert DAY_SECONDS == 86400


@pytest.mark.parametrize("since", ["x", "0", "day", "day 0", "day 3, 25:00", "-4"])
def test_a_bad_since_is_one_line_and_exit_2(demo, capsys, since):
    with pytest.raises(SystemExit) as stopped:
        main(["log", str(demo), "--since", since])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--since" in err


def test_markdown_newest_first_is_refused_in_one_line(demo, capsys):
    assert main(["log", str(demo), "--format", "md", "--newest-first"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_markdown_last_is_the_story_of_the_last_commands(demo, capsys):
    whole = "\n".join(log(capsys, str(demo), "--format", "md"))
    last = "\n".join(log(capsys, str(demo), "--format", "md", "--last", "3"))
    assert whole.startswith("# Demo") and last.startswith("# Demo")
    assert len(last) < len(whole) and last.splitlines()[-1] == whole.splitlines()[-1]


def test_damage_met_midway_ends_the_output_with_the_error_and_exit_1(
    played, tmp_path, monkeypatch, capsys
):
    path = Path(shutil.copytree(played, tmp_path / "played"))
    chunk = history.chunk_paths(path / "history")[2]
    checked = FolderFiles.check

    def then_damaged(self, **options):
        state = checked(self, **options)
        data = bytearray(chunk.read_bytes())
        data[-10] ^= 0x01  # After the check, before the log reaches it (another process).
        chunk.write_bytes(bytes(data))
        return state

    monkeypatch.setattr(FolderFiles, "check", then_damaged)
    assert main(["log", str(path)]) == 1
    printed = capsys.readouterr()
    first = history.chunk_range(history.chunk_paths(path / "history")[0])
    assert len(printed.out.splitlines()) >= first[1] - first[0] > 0
    assert printed.err.count("\n") == 1 and chunk.name in printed.err


def test_a_reader_that_goes_away_ends_the_log_quietly(played):
    env = {**os.environ, "PYTHONUNBUFFERED": "0"}
    command = [sys.executable, "-m", "strange_tui", "log", str(played)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env) as p:
        assert p.stdout.readline().startswith(b"Day 1, ")
        p.stdout.close()  # As `| head -1` does.
        err = p.stderr.read()
        assert p.wait(timeout=60) == 0
    assert err == b""


def test_a_command_cut_by_a_chunk_s_end_comes_whole_in_either_order(demo):
    folder = CampaignFolder(demo)
    folder.check()
    events, head = [], 0
    for event in list(folder.events())[:60]:  # Commands of 1 to 4 events.
        head = event.seq if event.seq % 7 in (0, 1, 3) else head
        events.append(msgspec.structs.replace(event, batch=0 if head == event.seq else head))
    commands = batches(events)
    assert {len(command) for command in commands} >= {1, 2, 4}
    for cuts in ([], [1], [2, 3], [5, 6, 7, 30], list(range(1, 60))):
        edges = [0, *cuts, len(events)]
        runs = [events[a:b] for a, b in zip(edges, edges[1:], strict=False)]
        oldest = [c for run in command_runs(runs, newest_first=False) for c in run]
        newest = [c for run in command_runs(runs[::-1], newest_first=True) for c in run]
        assert oldest == commands
        assert newest == commands[::-1]


def test_since_keeps_a_command_with_any_event_at_or_after_it(demo):
    folder = CampaignFolder(demo)
    folder.check()
    first, *rest = list(folder.events())[5:8]
    command = (first, *(msgspec.structs.replace(e, batch=first.seq) for e in rest))
    assert shown([command], None, ("event", rest[-1].seq)) == [command]
    assert shown([command], None, ("event", rest[-1].seq + 1)) == []
    assert shown([command], None, ("at", first.at)) == [command]
    assert shown([command], None, ("at", first.at + 1)) == []


def test_each_chunk_s_lines_are_written_out_before_the_next_chunk_is_read(
    played, monkeypatch, capsys
):
    happened: list[str] = []
    real = verified.chunk_events

    def reading(campaign, chunk):
        happened.append("read")
        return real(campaign, chunk)

    class Out:
        def write(self, text: str) -> None:
            happened.append("line" if text else "nothing")

        def flush(self) -> None:
            happened.append("flush")

    monkeypatch.setattr(verified, "chunk_events", reading)
    monkeypatch.setattr(sys, "stdout", Out())
    assert main(["log", str(played)]) == 0
    reads = [i for i, what in enumerate(happened) if what == "read"]
    assert len(reads) == len(history.chunk_paths(played / "history"))
    for before, after in zip(reads, reads[1:], strict=False):
        assert happened[before + 1 : after] == ["line", "flush"]
