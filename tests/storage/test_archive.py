"""Backups of a whole campaign: export then import gives the same campaign, and a hostile
zip (built here with zipfile) is refused in one line, the saves directory left as it was."""

import hashlib
import io
import json
import os
import shutil
import stat
import zipfile
from pathlib import Path

import pytest

from strange_tui.storage import archive
from strange_tui.storage.archive import ArchiveError, export_campaign, import_campaign
from strange_tui.storage.folder import CampaignFolder

REPO_DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo"
DEMO_NAME = "Demo: The Glass Door"


@pytest.fixture
def demo(tmp_path) -> Path:
    """A copy of the committed demo in its own saves directory."""
    return Path(shutil.copytree(REPO_DEMO, tmp_path / "saves" / "demo"))


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Path:
    """The demo the module's backup is made of (read only: tests that change a campaign
    change ``demo``)."""
    return Path(shutil.copytree(REPO_DEMO, tmp_path_factory.mktemp("source") / "demo"))


@pytest.fixture(scope="module")
def good(source, tmp_path_factory) -> Path:
    """A backup of the demo, as export makes it (made once: building it takes a while)."""
    out = tmp_path_factory.mktemp("out") / "demo.zip"
    export_campaign(source, out)
    return out


@pytest.fixture
def other_saves(tmp_path) -> Path:
    """Another table's saves directory, with a campaign of its own."""
    saves = tmp_path / "other"
    CampaignFolder.create(saves, "Theirs")
    return saves


def listing(folder: Path) -> list[tuple[str, int]]:
    """Every path under ``folder`` (hidden ones too) with its size: what a change shows."""
    return sorted(
        (str(path.relative_to(folder)), path.lstat().st_size if path.is_file() else -1)
        for path in folder.rglob("*")
    )


def members_of(path: Path) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(path) as zipped:
        return [(info.filename, zipped.read(info)) for info in zipped.infolist()]


def manifest_for(members: list[tuple[str, bytes]], **changes) -> bytes:
    files = [
        {"name": name, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        for name, data in members
        if name != "manifest.json"
    ]
    document = {"format": archive.FORMAT, "version": 1, "campaign": DEMO_NAME}
    document |= {"folder": "demo", "files": files, **changes}
    return json.dumps(document).encode()


def write_zip(path: Path, members: list[tuple[str | zipfile.ZipInfo, bytes]]) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zipped:
        for name, data in members:
            zipped.writestr(name, data)
    return path


def campaign_files(good: Path) -> list[tuple[str, bytes]]:
    return [(name, data) for name, data in members_of(good) if name != "manifest.json"]


def with_manifest(members: list[tuple[str, bytes]], **changes) -> list:
    return [*members, ("manifest.json", manifest_for(members, **changes))]


def special(name: str, kind: int, data: bytes) -> tuple[zipfile.ZipInfo, bytes]:
    info = zipfile.ZipInfo(name)
    info.create_system = 3
    info.external_attr = (kind | 0o777) << 16
    return info, data


# The round trip.


def test_export_then_import_gives_the_same_campaign(source, good, other_saves):
    before = CampaignFolder(source)
    path, line = import_campaign(good, other_saves)
    assert path == other_saves / "demo" and line.startswith(f"Imported {DEMO_NAME} as demo/")
    after = CampaignFolder(path)
    assert after.check() == before.check()
    assert list(after.events()) == list(before.events())
    state = after.open().state
    assert state.seq == before.check().seq and state.characters == before.check().characters
    for name in ("campaign.toml", "journal.toml", "history/0001.toml", "history/0002.toml"):
        assert (path / name).read_bytes() == (source / name).read_bytes()


def test_the_manifest_names_the_app_the_campaign_and_each_files_checksum(good, source):
    with zipfile.ZipFile(good) as zipped:
        manifest = json.loads(zipped.read("manifest.json"))
    assert manifest["format"] == "strange-tui/backup" and manifest["version"] == 1
    assert manifest["app"].startswith("strange-tui ") and manifest["campaign"] == DEMO_NAME
    journal = next(f for f in manifest["files"] if f["name"] == "journal.toml")
    data = (source / "journal.toml").read_bytes()
    assert journal == {"name": "journal.toml", "size": len(data),
                       "sha256": hashlib.sha256(data).hexdigest()}  # fmt: skip


def test_import_under_another_name_beside_the_original(demo, good):
    path, _ = import_campaign(good, demo.parent, "Second copy")
    assert path == demo.parent / "second-copy"
    assert CampaignFolder(path).check() == CampaignFolder(demo).check()


def test_a_name_that_reaches_out_of_the_saves_directory_stays_inside(demo, good, tmp_path):
    path, _ = import_campaign(good, demo.parent, "../../escaped")
    assert path == demo.parent / "escaped" and not (tmp_path / "escaped").exists()


def test_export_leaves_no_temp_file_and_refuses_to_replace_a_file(demo, tmp_path):
    made = tmp_path / "made.zip"
    assert export_campaign(demo, made).startswith(f"Backed up {DEMO_NAME} (")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["made.zip", "saves"]
    kept = made.read_bytes()
    with pytest.raises(ArchiveError, match="exists already"):
        export_campaign(demo, made)
    assert made.read_bytes() == kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["made.zip", "saves"]


def test_export_refuses_a_campaign_that_does_not_check(demo, tmp_path):
    (demo / "campaign.toml").write_text("not = = toml")
    with pytest.raises(ArchiveError, match="does not check") as refused:
        export_campaign(demo, tmp_path / "bad.zip")
    assert "\n" not in str(refused.value)
    assert not (tmp_path / "bad.zip").exists()
    assert not any(p.name.endswith(".tmp") for p in tmp_path.iterdir())


def test_export_never_follows_a_link_in_the_campaign(demo, tmp_path):
    secret = tmp_path / "secret.toml"
    shutil.copy(demo / "history" / "0001.toml", secret)
    (demo / "history" / "0001.toml").unlink()
    (demo / "history" / "0001.toml").symlink_to(secret)
    with pytest.raises(ArchiveError, match="symbolic link"):
        export_campaign(demo, tmp_path / "linked.zip")
    assert not (tmp_path / "linked.zip").exists()


def test_export_refuses_a_folder_that_is_no_campaign(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(ArchiveError, match="not a campaign folder"):
        export_campaign(tmp_path / "empty", tmp_path / "empty.zip")
    assert sorted(p.name for p in (tmp_path / "empty").iterdir()) == []


# Hostile archives: each refused in one line, nothing made.


def escaping(good, tmp_path):
    return with_manifest([*campaign_files(good), ("../escape", b"out")])


def absolute(good, tmp_path):
    return with_manifest([*campaign_files(good), (f"{tmp_path}/absolute", b"out")])


def backslashed(good, tmp_path):
    return with_manifest([*campaign_files(good), ("history\\0003.toml", b"x")])


def drive_letter(good, tmp_path):
    return with_manifest([*campaign_files(good), ("C:/history/0003.toml", b"x")])


def symlink_member(good, tmp_path):
    files = [f for f in campaign_files(good) if f[0] != "journal.toml"]
    link = special("journal.toml", stat.S_IFLNK, str(tmp_path / "target").encode())
    return [*files, link, ("manifest.json", manifest_for([*files, ("journal.toml", link[1])]))]


def fifo_member(good, tmp_path):
    files = [f for f in campaign_files(good) if f[0] != "journal.toml"]
    fifo = special("journal.toml", stat.S_IFIFO, b"")
    return [*files, fifo, ("manifest.json", manifest_for([*files, ("journal.toml", b"")]))]


def folder_member(good, tmp_path):
    return with_manifest([*campaign_files(good), ("history/", b"")])


def folder_named_as_a_file(good, tmp_path):
    files = [f for f in campaign_files(good) if f[0] != "journal.toml"]
    folder = special("journal.toml", stat.S_IFDIR, b"")
    return [*files, folder, ("manifest.json", manifest_for([*files, ("journal.toml", b"")]))]


def bomb(good, tmp_path):
    """Five MiB of zeros: deflate packs it a thousand to one."""
    return with_manifest([*campaign_files(good), ("history/0003.toml", bytes(5 * 1024 * 1024))])


def too_many(good, tmp_path):
    chunks = [(f"history/{n}.toml", b"") for n in range(3, archive.MAX_MEMBERS + 3)]
    return with_manifest([*campaign_files(good), *chunks])


def bad_checksum(good, tmp_path):
    files = campaign_files(good)
    manifest = json.loads(manifest_for(files))
    manifest["files"][1]["sha256"] = "0" * 64
    return [*files, ("manifest.json", json.dumps(manifest).encode())]


def changed_byte(good, tmp_path):
    """A journal with one byte changed, the manifest still the original's."""

    def flipped(data: bytes) -> bytes:
        return data[:99] + bytes([data[99] ^ 1]) + data[100:]

    return [(n, flipped(d) if n == "journal.toml" else d) for n, d in members_of(good)]


def no_manifest(good, tmp_path):
    return campaign_files(good)


def unknown_member(good, tmp_path):
    return with_manifest([*campaign_files(good), ("notes.txt", b"hello")])


def unlisted_member(good, tmp_path):
    return [*members_of(good), ("history/0009.toml", b"x")]


def listed_but_missing(good, tmp_path):
    files = campaign_files(good)
    return [*files[1:], ("manifest.json", manifest_for(files))]


def duplicate(good, tmp_path):
    files = campaign_files(good)
    return with_manifest([*files, files[0]])


def newer_format(good, tmp_path):
    return with_manifest(campaign_files(good), version=99)


def not_a_manifest(good, tmp_path):
    return [*campaign_files(good), ("manifest.json", b'{"format": "strange-tui/backup"')]


def campaign_that_does_not_check(good, tmp_path):
    files = [(n, b"not = = toml" if n == "campaign.toml" else d) for n, d in campaign_files(good)]
    return with_manifest(files)


def other_campaign_named(good, tmp_path):
    return with_manifest(campaign_files(good), campaign="Someone else's")


HOSTILE = {
    escaping: "climbs out",
    absolute: "absolute path",
    backslashed: "backslash",
    drive_letter: "names a drive",
    symlink_member: "symbolic link",
    fifo_member: "not a plain file",
    folder_member: "no file of a campaign folder",
    folder_named_as_a_file: "not a plain file",
    bomb: "zip bomb",
    too_many: "more members",
    bad_checksum: "checksum",
    changed_byte: "checksum",
    no_manifest: "no manifest.json",
    unknown_member: "no file of a campaign folder",
    unlisted_member: "not in its manifest.json",
    listed_but_missing: "which it does not hold",
    duplicate: "twice",
    newer_format: "newer strange-tui",
    not_a_manifest: "not JSON",
    campaign_that_does_not_check: "does not check",
    other_campaign_named: 'names "Someone else\'s"',
}


@pytest.mark.filterwarnings("ignore:Duplicate name")
@pytest.mark.parametrize("build", HOSTILE, ids=lambda build: build.__name__)
def test_a_hostile_zip_is_refused_in_one_line_and_nothing_is_made(
    build, good, other_saves, tmp_path
):
    hostile = write_zip(tmp_path / "hostile.zip", build(good, tmp_path))
    before, around = listing(other_saves), sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(ArchiveError) as refused:
        import_campaign(hostile, other_saves)
    message = str(refused.value)
    assert HOSTILE[build] in message and "\n" not in message
    assert message.endswith("nothing was imported")
    assert listing(other_saves) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == around
    assert not (tmp_path / "escape").exists() and not (tmp_path / "absolute").exists()


def test_a_member_bigger_than_it_declares_is_refused(good, other_saves, tmp_path):
    """The journal's size is given as 100 bytes in the zip's headers and the manifest."""
    files = campaign_files(good)
    journal = dict(files)["journal.toml"]
    members = [*files, ("manifest.json", manifest_for([*files[:1], ("journal.toml", journal[:100]),
                                                        *files[2:]]))]  # fmt: skip
    hostile = write_zip(tmp_path / "lying.zip", members)
    declare_size(hostile, "journal.toml", 100)
    before = listing(other_saves)
    with pytest.raises(ArchiveError, match="nothing was imported"):
        import_campaign(hostile, other_saves)
    assert listing(other_saves) == before


def declare_size(path: Path, name: str, size: int) -> None:
    """Make the zip's local header and central directory say ``name`` is ``size`` bytes."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as zipped:
        offset = zipped.getinfo(name).header_offset
    data[offset + 22 : offset + 26] = size.to_bytes(4, "little")
    central = data.find(b"PK\x01\x02", data.find(b"PK\x01\x02"))
    while data[central + 46 : central + 46 + len(name)] != name.encode():
        central = data.find(b"PK\x01\x02", central + 4)
    data[central + 24 : central + 28] = size.to_bytes(4, "little")
    path.write_bytes(bytes(data))
    with zipfile.ZipFile(path) as zipped:
        assert zipped.getinfo(name).file_size == size


def test_unpacking_counts_the_bytes_itself(tmp_path):
    """A member that yields more than it declares is cut off by the count, whatever the
    zip reader does."""

    class Lying:
        def open(self, info):
            return io.BytesIO(b"x" * 1000)

    info = zipfile.ZipInfo("journal.toml")
    info.file_size = 10
    with pytest.raises(archive._Refused, match="more than it declares"):
        archive._unpack(Lying(), info, io.BytesIO())


def test_a_member_past_the_size_bound_is_refused_before_unpacking(good, other_saves, tmp_path):
    members = with_manifest([*campaign_files(good), ("history/0003.toml", b"[x]\n" * 300_000)])
    hostile = write_zip(tmp_path / "big.zip", members)
    before = listing(other_saves)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(archive, "MAX_MEMBER_BYTES", 1024 * 1024)
        with pytest.raises(ArchiveError, match="unpacks to 1,200,000 bytes"):
            import_campaign(hostile, other_saves)
    assert listing(other_saves) == before


def test_a_name_clash_is_refused_and_suggests_another_name(demo, good):
    before = listing(demo.parent)
    with pytest.raises(ArchiveError, match=r"demo/ is a campaign already.*--as NAME"):
        import_campaign(good, demo.parent)
    assert listing(demo.parent) == before


@pytest.mark.parametrize("name", ["packs", "\x1b[31m", "   ", "!!!"])
def test_an_unsafe_or_reserved_name_is_refused(name, good, other_saves):
    before = listing(other_saves)
    with pytest.raises(ArchiveError):
        import_campaign(good, other_saves, name)
    assert listing(other_saves) == before


def test_an_archive_that_is_a_link_or_no_zip_is_refused(good, other_saves, tmp_path):
    (tmp_path / "link.zip").symlink_to(good)
    (tmp_path / "garbage.zip").write_bytes(os.urandom(2000))
    before = listing(other_saves)
    with pytest.raises(ArchiveError, match="symbolic link"):
        import_campaign(tmp_path / "link.zip", other_saves)
    with pytest.raises(ArchiveError, match="not a readable zip"):
        import_campaign(tmp_path / "garbage.zip", other_saves)
    with pytest.raises(ArchiveError, match="no such file"):
        import_campaign(tmp_path / "missing.zip", other_saves)
    assert listing(other_saves) == before


# ZIP64: no backup needs it, and a header of it is one more reading of a member's size.


def test_a_zip64_member_is_refused(good, other_saves, tmp_path):
    """zipfile writes the member's ZIP64 sizes in its local header, which zipfile's reader
    skips: the member read as any other until the headers were read here."""
    members = members_of(good)
    hostile = tmp_path / "zip64-member.zip"
    with zipfile.ZipFile(hostile, "w", compression=zipfile.ZIP_DEFLATED) as zipped:
        for name, data in members:
            with zipped.open(name, "w", force_zip64=name == "journal.toml") as member:
                member.write(data)
    before = listing(other_saves)
    with pytest.raises(ArchiveError) as refused:
        import_campaign(hostile, other_saves)
    assert "member 'journal.toml' is in ZIP64" in str(refused.value)
    assert listing(other_saves) == before


def test_a_zip64_archive_or_central_header_is_refused(good, other_saves, tmp_path, monkeypatch):
    hostile = tmp_path / "zip64-end.zip"
    with monkeypatch.context() as patch:
        patch.setattr(zipfile, "ZIP_FILECOUNT_LIMIT", 1)  # More members: a ZIP64 end record.
        write_zip(hostile, members_of(good))
    before = listing(other_saves)
    with pytest.raises(ArchiveError, match="is a ZIP64 archive"):
        import_campaign(hostile, other_saves)
    assert listing(other_saves) == before
    central = zipfile.ZipInfo("journal.toml")
    central.extra = (1).to_bytes(2, "little") + (8).to_bytes(2, "little") + bytes(8)
    central.header_offset = 0  # Its local header (none here) says nothing.
    assert "ZIP64" in archive.zip_shape.zip64_problem(io.BytesIO(), central)
