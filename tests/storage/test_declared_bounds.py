"""Many long dotted keys must not blow up the reader: the 64-part cap on one key does not
bound many keys of 63 parts, which the standard TOML reader keeps at about 460 times the
file's size (a 255 KB backup took 4 GB). What a file declares is counted before it is
parsed, the same for every file read (campaign files, backups' members, packs, the
config), and a sealed file's seal is checked before it is parsed.

Each bomb is read in a child process under a memory limit, so that a regression fails (a
MemoryError, a timeout) instead of swapping the machine."""

import hashlib
import json
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

from strange_tui.storage import declared, toml_io
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.toml_io import parse_toml
from tests.storage.sealing import reseal

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "saves" / "demo"
PACK = ROOT / "strange_tui" / "content" / "strange"
LIMIT = 768 * 1024 * 1024
"""The child's address space: a bomb read unbounded passes it in a few seconds."""
REFUSED = "declares more tables, keys and lists than a file of"
K62 = ".".join("k" for _ in range(62))


def name(i: int) -> str:
    return f"n{i:x}"


def lines(line, size: int) -> str:
    """As many lines ``line(i)`` as make ``size`` bytes."""
    out, length, i = [], 0, 0
    while length < size:
        out.append(line(i))
        length += len(out[-1])
        i += 1
    return "".join(out)


SIZE = 1_500_000
SHAPES = {
    "many-keys-of-63-parts": lambda: lines(lambda i: f"{name(i)}.{K62} = 1\n", SIZE),
    "many-keys-of-63-parts-under-a-header-of-63": lambda: f"[{K62}.h]\n"
    + lines(lambda i: f"{name(i)}.{K62} = 1\n", SIZE),
    "many-short-tables": lambda: lines(lambda i: f"[{name(i)}]\n", SIZE),
    "many-tables-of-63-parts": lambda: lines(lambda i: f"[{name(i)}.{K62}]\n", SIZE),
    "many-quoted-tables-of-63-parts": lambda: lines(lambda i: f'["{i}".{K62}]\n', SIZE),
    "many-arrays-of-tables-of-63-parts": lambda: lines(lambda i: f"[[{name(i)}.{K62}]]\n", SIZE),
    "many-keys-holding-lists": lambda: lines(lambda i: f"{name(i)}=[]\n", SIZE),
    "many-dotted-keys-in-inline-tables": lambda: "a = ["
    + lines(lambda i: f"{{{K62}=1}},", SIZE)
    + "]\n",
}


def run_child(code: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """``code`` run in a child Python whose memory is capped at LIMIT: it prints what it
    found, and its peak resident memory."""
    prelude = textwrap.dedent(
        f"""
        import resource, sys
        sys.path.insert(0, {str(ROOT)!r})
        resource.setrlimit(resource.RLIMIT_AS, ({LIMIT}, {LIMIT}))
        """
    )
    return subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def read_in_child(path: Path) -> subprocess.CompletedProcess:
    """parse_toml on ``path`` in a capped child: prints its one line, and the growth of
    its resident memory over the read, in bytes."""
    return run_child(
        f"""
        import resource
        from pathlib import Path
        from strange_tui.storage.errors import CampaignFileError
        from strange_tui.storage.toml_io import parse_toml, read_bytes
        path = Path({str(path)!r})
        data = read_bytes(path)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        try:
            parse_toml(path, data)
            print("read")
        except CampaignFileError as error:
            print(error)
        print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024)
        """
    )


@pytest.mark.parametrize("shape", SHAPES)
def test_many_long_dotted_keys_and_their_kin_are_refused_before_parsing(tmp_path, shape):
    path = tmp_path / "bomb.toml"
    path.write_text(SHAPES[shape]())
    done = read_in_child(path)
    assert done.returncode == 0, done.stderr[-500:]
    said, grown = done.stdout.splitlines()
    assert said.startswith(f"{path}: {REFUSED}")
    assert int(grown) < 3 * path.stat().st_size


def test_a_bomb_diluted_to_just_pass_costs_under_50_times_its_size(tmp_path):
    """The budget is not fooled by padding: a file read right at its edge stays under
    50 times its size."""
    body = lines(lambda i: f"{name(i)}.{K62} = []\n", 60_000)
    skeleton = declared.NOISE.sub("", body).replace(" ", "")
    cost = declared.declared_cost(body, skeleton, 10**12)
    padding = (cost - declared.DECLARED_FLOOR) // declared.DECLARED_RATIO - len(body) + 100
    path = tmp_path / "diluted.toml"
    path.write_text(f"# {'x' * padding}\n{body}")
    done = read_in_child(path)
    said, grown = done.stdout.splitlines()
    assert said == "read", said
    assert int(grown) < 50 * path.stat().st_size


def test_keys_in_strings_and_comments_are_not_counted_and_cannot_hide_a_bomb():
    quiet = f'note = """\n{K62} = 1\n"""\n# [{K62}]\ntext = "[{K62}]"\n'
    assert parse_toml(Path("probe.toml"), quiet.encode())["text"] == f"[{K62}]"
    # A quote inside a comment or of the other kind does not open a string here either.
    hidden = "# \"\"\"\n" + "x = \"'''\"\n" + lines(lambda i: f"{name(i)}.{K62} = 1\n", 200_000)
    with pytest.raises(CampaignFileError, match=REFUSED):
        parse_toml(Path("probe.toml"), hidden.encode())
    # An unclosed string runs to the end, as the reader reads it: an error, not a bomb.
    with pytest.raises(CampaignFileError, match="probe.toml"):
        parse_toml(Path("probe.toml"), ('a = """' + "'" * 100_000).encode())


def test_every_file_we_ship_or_write_is_within_its_budget():
    for path in [*DEMO.rglob("*.toml"), *PACK.glob("*.toml"), *(ROOT / "themes").glob("*.toml")]:
        parse_toml(path, path.read_bytes())
    journal = (DEMO / "journal.toml").read_bytes()
    events = journal[journal.index(b"\n[[events]]") :]
    big = journal[: journal.index(b"\n[[events]]")] + events * (2_000_000 // len(events))
    assert len(parse_toml(Path("journal.toml"), big)["events"]) > 9_000


def test_a_sealed_file_that_does_not_match_its_seal_is_refused_before_it_is_parsed(
    tmp_path, monkeypatch
):
    folder = Path(shutil.copytree(DEMO, tmp_path / "demo"))
    with (folder / "campaign.toml").open("a") as file:
        file.write(lines(lambda i: f"{name(i)}.{K62} = 1\n", 200_000))
    with (folder / "history" / "0001.toml").open("a") as file:
        file.write(lines(lambda i: f"[{name(i)}]\n", 200_000))
    parsed: list[int] = []
    real = toml_io.tomllib.loads
    monkeypatch.setattr(
        toml_io.tomllib, "loads", lambda text: parsed.append(len(text)) or real(text)
    )
    with pytest.raises(CampaignFileError, match="campaign.toml, line 3: does not match its check"):
        CampaignFolder(folder).check()
    (folder / "campaign.toml").write_bytes((DEMO / "campaign.toml").read_bytes())
    with pytest.raises(CampaignFileError, match="0001.toml, line 3: does not match its check"):
        list(CampaignFolder(folder).events())
    assert max(parsed) < 200_000


def test_check_refuses_a_resealed_snapshot_of_many_long_keys_in_a_capped_child(tmp_path):
    folder = Path(shutil.copytree(DEMO, tmp_path / "demo"))
    with (folder / "campaign.toml").open("a") as file:
        file.write(lines(lambda i: f"{name(i)}.{K62} = 1\n", SIZE))
    reseal(folder / "campaign.toml")
    done = run_child(
        f"""
        from pathlib import Path
        from strange_tui.storage.errors import CampaignFileError
        from strange_tui.storage.folder import CampaignFolder
        try:
            CampaignFolder(Path({str(folder)!r})).check()
        except CampaignFileError as error:
            print(error)
        """
    )
    assert done.returncode == 0, done.stderr[-500:]
    assert f"campaign.toml: {REFUSED}" in done.stdout and done.stdout.count("\n") == 1


def cli(*argv: str) -> subprocess.CompletedProcess:
    return run_child(f"from strange_tui.cli import main\nsys.exit(main({list(argv)!r}))")


def test_content_check_refuses_a_pack_of_many_long_keys(tmp_path):
    saves = tmp_path / "saves"
    (saves / "packs").mkdir(parents=True)
    bomb = saves / "packs" / "bomb.toml"
    bomb.write_text('[pack]\nid = "bomb"\nname = "Bomb"\n\n' + SHAPES["many-tables-of-63-parts"]())
    done = cli("content", "--check", "--saves", str(saves))
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr
    assert REFUSED in done.stdout + done.stderr and "bomb.toml" in done.stdout + done.stderr


def test_a_config_of_many_long_keys_is_refused_and_the_command_goes_on(tmp_path):
    shutil.copytree(DEMO, tmp_path / "saves" / "demo")
    config = tmp_path / "config.toml"
    config.write_text(lines(lambda i: f"{name(i)}.{K62} = 1\n", 60_000))
    done = cli("--config", str(config), "--saves", str(tmp_path / "saves"), "check", "demo")
    assert "Traceback" not in done.stderr and done.returncode == 0, done.stderr[-500:]
    read = run_child(
        f"""
        from pathlib import Path
        from strange_tui.storage.config import read_config
        print(read_config(Path({str(config)!r}))[1])
        """
    )
    assert REFUSED in read.stdout, read.stderr[-500:]


def test_import_refuses_a_backup_whose_journal_is_many_long_keys(tmp_path):
    saves = tmp_path / "saves"
    shutil.copytree(DEMO, saves / "demo")
    plain = tmp_path / "demo.zip"
    assert cli("export", "demo", "--to", str(plain), "--saves", str(saves)).returncode == 0
    bomb = tmp_path / "bomb.zip"
    journal = (DEMO / "journal.toml").read_text()
    head = journal[: journal.index("[[events]]")]
    members = {}
    with zipfile.ZipFile(plain) as zipped:
        for info in zipped.infolist():
            members[info.filename] = zipped.read(info)
    member = next(n for n in members if n.endswith("journal.toml"))
    members[member] = (head + lines(lambda i: f"{name(i)}.{K62} = 1\n", SIZE)).encode()
    manifest_name = next(n for n in members if n.endswith("manifest.json"))
    manifest = json.loads(members[manifest_name])
    for entry in manifest["files"]:
        if entry["name"] == member:
            entry["size"] = len(members[member])
            entry["sha256"] = hashlib.sha256(members[member]).hexdigest()
    members[manifest_name] = json.dumps(manifest).encode()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as zipped:
        for member_name, data in members.items():
            zipped.writestr(member_name, data)
    other = tmp_path / "other"
    other.mkdir()
    done = cli("import", str(bomb), "--saves", str(other))
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-800:]
    assert REFUSED in done.stderr and done.stderr.count("\n") == 1
    assert [p.name for p in other.iterdir()] == []
