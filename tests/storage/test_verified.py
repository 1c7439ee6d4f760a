"""`check` remembers the history chunks it verified, in the user's cache (never in the
campaign folder), and reads a chunk whole again only when it changed or ``--full`` asks.
Nothing in the cache can make a changed chunk pass, and a broken, huge or linked cache
file is ignored (and nothing written through a link)."""

import os
import shutil
from pathlib import Path

import msgspec
import pytest

from strange_tui.cli import main
from strange_tui.storage import history, verified
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import CampaignFolder

DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo"


@pytest.fixture
def demo(tmp_path) -> Path:
    return Path(shutil.copytree(DEMO, tmp_path / "demo"))


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The chunks read whole (decoded, their seal checked), by name, as they are read."""
    read: list[str] = []
    real = history.read_chunk

    def counted(path):
        read.append(path.name)
        return real(path)

    monkeypatch.setattr(history, "read_chunk", counted)
    return read


def chunks(folder: Path) -> list[str]:
    return [path.name for path in history.chunk_paths(folder / "history")]


def flip_a_byte_keeping_mtime(path: Path) -> None:
    """A byte of an event changed in place: same size, same mtime (its ctime moves: no
    one can set that)."""
    info = path.stat()
    data = bytearray(path.read_bytes())
    at = data.index(b"\nseq = 5\n") + len(b"\nseq = ")
    data[at] = ord("6")
    path.write_bytes(bytes(data))
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert path.stat().st_size == info.st_size


def test_a_second_check_reads_no_chunk_whole(demo, reads):
    CampaignFolder(demo).check()
    assert reads == chunks(demo) and len(reads) == 2
    reads.clear()
    assert CampaignFolder(demo).check().seq > 0
    assert reads == []


def test_the_cache_lives_outside_the_campaign_and_check_changes_no_file(demo, tmp_path):
    before = {p: p.read_bytes() for p in demo.rglob("*") if p.is_file()}
    CampaignFolder(demo).check()
    assert {p: p.read_bytes() for p in demo.rglob("*") if p.is_file()} == before
    cache = verified.VerifiedCache(demo)
    assert cache.index_file.is_file() and not cache.index_file.is_relative_to(demo)
    assert set(cache.marks()) == set(chunks(demo))


def test_check_full_reads_every_chunk_whole(demo, reads, capsys):
    assert main(["check", str(demo)]) == 0
    reads.clear()
    assert main(["check", str(demo), "--full"]) == 0
    assert reads == chunks(demo)
    reads.clear()
    assert main(["check", str(demo)]) == 0
    assert reads == []


def test_a_chunk_changed_since_its_check_is_read_again_and_its_damage_reported(demo, reads):
    CampaignFolder(demo).check()
    flip_a_byte_keeping_mtime(demo / "history" / "0001.toml")
    reads.clear()
    with pytest.raises(CampaignFileError, match="0001.toml.*(follows|match its check)"):
        CampaignFolder(demo).check()
    assert reads == ["0001.toml"]


def test_a_forged_cache_entry_cannot_pass_a_chunk_whose_stat_differs(demo):
    cache = verified.VerifiedCache(demo)
    chunk = demo / "history" / "0001.toml"
    flip_a_byte_keeping_mtime(chunk)  # Damaged before any check: never verified.
    first, last, seal = history.chunk_head(chunk)
    info = chunk.stat()
    truthful = dict(
        seal=seal, first=first, last=last, size=info.st_size, mtime_ns=info.st_mtime_ns,
        ctime_ns=info.st_ctime_ns, inode=info.st_ino, device=info.st_dev,
    )  # fmt: skip
    for forged in ({"ctime_ns": info.st_ctime_ns - 1}, {"inode": info.st_ino + 1}):
        cache.keep_marks({"0001.toml": verified.Mark(**(truthful | forged))})
        with pytest.raises(CampaignFileError, match="0001.toml"):
            CampaignFolder(demo).check()


@pytest.mark.parametrize(
    "content",
    [b"not json at all", b'{"version": 1, "folder": "x", "chunks": {}}', b"[" * 100_000],
)
def test_a_garbage_cache_file_is_ignored_and_written_anew(demo, reads, content):
    cache = verified.VerifiedCache(demo)
    cache.index_file.parent.mkdir(parents=True)
    cache.index_file.write_bytes(content)
    CampaignFolder(demo).check()
    assert reads == chunks(demo)
    assert set(cache.marks()) == set(chunks(demo))


def test_a_huge_cache_file_is_not_read(demo, reads):
    CampaignFolder(demo).check()
    cache = verified.VerifiedCache(demo)
    with cache.index_file.open("ab") as index:
        index.write(b" " * verified.MAX_INDEX_BYTES)  # Still valid JSON, too large.
    reads.clear()
    CampaignFolder(demo).check()
    assert reads == chunks(demo)


def test_a_cache_file_that_is_a_link_is_ignored_and_nothing_is_written_through_it(
    demo, tmp_path, reads
):
    CampaignFolder(demo).check()
    cache = verified.VerifiedCache(demo)
    target = tmp_path / "elsewhere.json"
    cache.index_file.replace(target)  # A valid index, but behind a link.
    kept = target.read_bytes()
    cache.index_file.symlink_to(target)
    reads.clear()
    CampaignFolder(demo).check()
    assert reads == chunks(demo)
    assert target.read_bytes() == kept
    assert not cache.index_file.is_symlink()  # Replaced, not followed.


def test_a_cache_folder_that_is_a_link_is_not_written_into(demo, tmp_path, reads):
    cache = verified.VerifiedCache(demo)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    cache.root.mkdir(parents=True)
    (cache.root / "verified").symlink_to(elsewhere)
    (cache.root / "events").symlink_to(elsewhere)
    CampaignFolder(demo).check()
    CampaignFolder(demo).check()
    assert list(elsewhere.iterdir()) == []
    assert reads == chunks(demo) * 2


def test_a_cache_that_cannot_be_written_changes_nothing_but_speed(
    demo, tmp_path, monkeypatch, reads
):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setenv(verified.ENV_CACHE, str(blocker / "cache"))  # Not a folder.
    for _ in range(2):
        assert main(["check", str(demo)]) == 0
        assert main(["log", str(demo), "--last", "3"]) == 0
    assert reads == chunks(demo) * 4


def test_a_decoded_copy_that_is_not_the_chunk_s_events_is_ignored(demo, reads, capsys):
    assert main(["log", str(demo)]) == 0
    printed = capsys.readouterr().out
    copies = sorted((verified.cache_dir() / "events").iterdir())
    assert len(copies) == 2
    copies[0].write_bytes(b"\x93garbage")
    copies[1].write_bytes(copies[0].read_bytes()[:1])
    reads.clear()
    assert main(["log", str(demo)]) == 0
    assert capsys.readouterr().out == printed
    assert reads == chunks(demo)  # Read whole once more, as they are printed.


def test_the_log_reads_no_chunk_whole_once_checked(demo, reads, capsys):
    assert main(["log", str(demo)]) == 0
    printed = capsys.readouterr().out
    reads.clear()
    assert main(["log", str(demo)]) == 0
    assert capsys.readouterr().out == printed
    assert reads == []


def test_a_decoded_copy_kept_under_another_mark_is_not_used(demo, reads, capsys):
    assert main(["log", str(demo)]) == 0
    printed = capsys.readouterr().out
    cache = verified.VerifiedCache(demo)
    mark = cache.marks()["0001.toml"]
    events = cache.events("0001.toml", mark)
    assert events
    other = msgspec.structs.replace(mark, inode=mark.inode + 1)
    path = cache._copy_file("0001.toml", mark)
    path.write_bytes(msgspec.msgpack.encode(verified.Copy(other, events)))
    reads.clear()
    assert main(["log", str(demo)]) == 0
    assert capsys.readouterr().out == printed
    assert reads == ["0001.toml"]


def test_the_cache_stays_bounded_the_oldest_dropped(demo, tmp_path, monkeypatch):
    other = Path(shutil.copytree(DEMO, tmp_path / "other"))
    CampaignFolder(demo).check()
    copies = sorted((verified.cache_dir() / "events").iterdir())
    monkeypatch.setattr(verified, "MAX_COPIES_BYTES", max(p.stat().st_size for p in copies))
    monkeypatch.setattr(verified, "MAX_INDEXES", 1)
    CampaignFolder(other).check()
    kept = list((verified.cache_dir() / "events").iterdir())
    assert 0 < sum(p.stat().st_size for p in kept) <= verified.MAX_COPIES_BYTES
    (index,) = (verified.cache_dir() / "verified").iterdir()
    assert index == verified.VerifiedCache(other).index_file
