"""A torn journal tail, made for real: the journal cut at every byte of its last entry, or
a bit flipped in it. Opening keeps exactly the events before that entry (each acknowledged
before the crash), moves the partial entry to journal.toml.torn and says so, and the
campaign goes on; a cut right at the entry's start is no damage at all."""

import shutil
from pathlib import Path
from typing import NamedTuple

import pytest

from strange_tui.campaign.model.events import DamageTaken, XpAwarded
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.journal import CHECK_PREFIX, ENTRY_MARK, entry_bytes, read_journal
from tests.storage.test_folder import new_campaign

BEFORE = [1, 2, 3, 4]
"""The seqs before the last entry (seq 5): what every damaged copy must still open with."""


class Written(NamedTuple):
    folder: Path
    data: bytes
    """The journal holding seqs 1..5."""
    start: int
    """Where the last entry (seq 5) starts: its ENTRY_MARK."""


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> Written:
    folder = new_campaign(tmp_path_factory.mktemp("saves"))  # seqs 1 and 2
    store = CampaignFolder(folder.path).open()
    store.dispatch(DamageTaken(character="mara", amount=2))
    store.dispatch(XpAwarded(character="jun", amount=1))
    last = store.dispatch(XpAwarded(character="mara", amount=3, reason="glass door " * 20))
    data = folder.journal_file.read_bytes()
    journal = read_journal(folder.journal_file)
    assert [event.seq for event in journal.events] == [*BEFORE, 5] and not journal.torn
    start = journal.offsets[-1]
    assert data[start:] == entry_bytes(last) and len(data) - start > 300
    return Written(folder.path, data, start)


def open_damaged(written: Written, copy: Path, journal: bytes) -> None:
    """Open a copy of the campaign whose journal is ``journal`` (the good bytes up to the
    last entry's start, then whatever is left of that entry) and check the outcome."""
    shutil.copytree(written.folder, copy)
    (copy / "journal.toml").write_bytes(journal)
    torn = journal[written.start :]
    assert journal[: written.start] == written.data[: written.start]

    opened = CampaignFolder(copy)
    store = opened.open()
    assert [event.seq for event in opened.events()] == BEFORE
    assert store.state.seq == BEFORE[-1]
    aside = sorted(path.name for path in copy.glob("journal.toml.torn*"))
    if torn:
        assert len(opened.notices) == 1
        assert "was moved to journal.toml.torn" in opened.notices[0]
        assert aside == ["journal.toml.torn"]
        assert (copy / "journal.toml.torn").read_bytes() == torn
    else:
        assert opened.notices == [] and aside == []
    assert (copy / "journal.toml").read_bytes() == written.data[: written.start]
    assert CampaignFolder(copy).check() == store.state

    # The campaign goes on from there.
    store.dispatch(DamageTaken(character="jun", amount=1))
    again = CampaignFolder(copy)
    assert again.open().state == store.state
    assert again.notices == []
    assert [event.seq for event in again.events()] == [*BEFORE, 5]


def damaged_everywhere(written: Written, tmp_path: Path, journals: dict[str, bytes]) -> None:
    """open_damaged on each journal, every failure collected so one run names them all."""
    failures = []
    for name, journal in journals.items():
        try:
            open_damaged(written, tmp_path / name, journal)
        except AssertionError as error:
            failures.append(f"{name}: {str(error).splitlines()[0]}")
    assert not failures, f"{len(failures)} of {len(journals)}:\n" + "\n".join(failures)


def cuts(written: Written, offsets: range) -> dict[str, bytes]:
    return {f"cut+{at}": written.data[: written.start + at] for at in offsets}


def flips(written: Written, offsets: list[int]) -> dict[str, bytes]:
    journals = {}
    for at in offsets:
        for bit in (0x01, 0x20, 0x80):
            data = bytearray(written.data)
            data[written.start + at] ^= bit
            journals[f"flip+{at}^{bit:#04x}"] = bytes(data)
    return journals


@pytest.mark.starts_first  # One of the longest: started first.
def test_a_cut_at_every_byte_of_the_last_entry_loses_only_that_entry(written, tmp_path):
    """DESIGN: the journal cut anywhere in its last entry (its ``[[events]]`` header
    included) opens with every event before that entry; what is left of the entry is moved
    aside whole. A cut right at the entry's start leaves nothing torn."""
    size = len(written.data) - written.start
    damaged_everywhere(written, tmp_path, cuts(written, range(size)))


def test_a_flipped_bit_in_the_last_entry_makes_it_a_torn_tail(written, tmp_path):
    """In its header, its check line, its CRC, its body and its final newline."""
    size = len(written.data) - written.start
    check = len(ENTRY_MARK)
    crc = check + len(CHECK_PREFIX) + 3
    offsets = [0, 1, 5, check - 1, check, crc, check + 30, size // 2, size - 2, size - 1]
    damaged_everywhere(written, tmp_path, flips(written, offsets))
