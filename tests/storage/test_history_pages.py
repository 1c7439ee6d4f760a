"""history/ read by pages (the log's): each chunk a page, read only when asked for, each
event once (a chunk that repeats the end of the one before gives it once)."""

import pytest

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.storage import history
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.history_pages import HistoryPages
from tests.campaign.builders import character

ROLLS = 120


def chunked(tmp_path, rolls: int = ROLLS) -> CampaignFolder:
    """A campaign of two characters and ``rolls`` rolls ("Task 1" ... by turns), sealed
    every few commands: many small chunks."""
    folder = CampaignFolder.create(tmp_path, "Long Road")
    folder.durable = False  # Building only: no fsync per command.
    store = folder.open(checkpoint_every=10, undo_depth=2)
    for who in ("mara", "jun"):
        store.dispatch(CharacterCreated(character=character(who)))
    for n in range(1, rolls + 1):
        who = ("mara", "jun")[n % 2]
        roll = Roll(character=who, difficulty=2, die=10, label=f"Task {n}")
        store.apply(decide(store.state, roll))
    store.compact()
    return folder


def counting(monkeypatch) -> list:
    read = []
    real = history.read_chunk

    def read_chunk(path):
        read.append(path.name)
        return real(path)

    monkeypatch.setattr(history, "read_chunk", read_chunk)
    return read


def test_the_pages_hold_every_sealed_event_once_in_order(tmp_path):
    folder = chunked(tmp_path)
    pages = HistoryPages(folder.history_dir)
    assert len(pages) > 10
    seqs = [event.seq for index in range(len(pages)) for event in pages.page(index)]
    assert seqs == list(range(1, pages.last() + 1))


def test_reaching_either_end_reads_only_the_chunks_asked_for(tmp_path, monkeypatch):
    folder = chunked(tmp_path)
    read = counting(monkeypatch)
    pages = HistoryPages(folder.history_dir)
    newest = pages.page(len(pages) - 1)
    assert read == [pages.paths[-1].name]
    oldest = pages.page(0)
    assert read == [pages.paths[-1].name, pages.paths[0].name]
    assert oldest[0].seq == 1 and newest[-1].seq == pages.last()
    pages.page(0)  # Read already: kept.
    assert len(read) == 2


def test_a_chunk_repeating_the_end_of_the_one_before_gives_those_events_once(tmp_path):
    folder = chunked(tmp_path, rolls=30)
    paths = history.chunk_paths(folder.history_dir)
    first, second = history.read_chunk(paths[0]), history.read_chunk(paths[1])
    # As a checkpoint cut short by a crash leaves it: the second seals the first's end too.
    paths[1].write_bytes(history.chunk_bytes(first[-2:] + second))
    pages = HistoryPages(folder.history_dir)
    assert [e.seq for e in pages.page(0) + pages.page(1)] == [e.seq for e in first + second]


def test_a_damaged_chunk_is_refused_and_the_others_still_read(tmp_path):
    folder = chunked(tmp_path)
    paths = history.chunk_paths(folder.history_dir)
    paths[1].write_bytes(paths[1].read_bytes().replace(b"Task", b"Tusk"))
    pages = HistoryPages(folder.history_dir)
    with pytest.raises(CampaignFileError):
        pages.page(1)
    assert pages.page(2)[0].seq == history.chunk_range(paths[2])[0]
    assert pages.page(0)[0].seq == 1


def test_refresh_finds_a_chunk_sealed_since(tmp_path):
    folder = chunked(tmp_path, rolls=30)
    pages = HistoryPages(folder.history_dir)
    before = len(pages)
    assert not pages.refresh()
    store = folder.open(checkpoint_every=10, undo_depth=2)
    for _ in range(12):
        store.apply(decide(store.state, Roll(character="mara", difficulty=2, die=10, label="x")))
    assert pages.refresh() and len(pages) > before


def test_the_pages_are_found_without_listing_history(tmp_path, monkeypatch):
    folder = chunked(tmp_path)
    listed = history.chunk_paths(folder.history_dir)
    monkeypatch.setattr(history, "chunk_names", lambda _: pytest.fail("history/ listed"))
    pages = HistoryPages(folder.history_dir, at_least=history.chunk_range(listed[-1])[1])
    assert list(pages.paths) == listed


def test_a_number_missing_finds_the_pages_by_listing(tmp_path):
    folder = chunked(tmp_path)
    listed = history.chunk_paths(folder.history_dir)
    renamed = listed[1].with_name("0100.toml")  # Out of the checkpoints' order.
    listed[1].rename(renamed)
    pages = HistoryPages(folder.history_dir, at_least=history.chunk_range(listed[-1])[1])
    assert list(pages.paths) == [*listed[:1], *listed[2:], renamed]
