"""The newest chunk found by probing its numbers, not listing history/: the same answer as
the listing, a few lookups, and the listing's answer whenever the probe's falls short."""

import math
import os

from strange_tui.storage import chunk_probe, history
from strange_tui.storage.folder import CampaignFolder
from tests.storage.test_history_pages import chunked


def test_the_probe_finds_the_newest_chunk_without_listing(tmp_path, monkeypatch):
    folder = chunked(tmp_path)
    listed = history.newest_chunk(folder.history_dir)
    count = len(history.chunk_names(folder.history_dir))
    looked = []
    real = os.path.lexists
    monkeypatch.setattr(os.path, "lexists", lambda path: looked.append(path) or real(path))
    monkeypatch.setattr(os, "listdir", lambda *_: (_ for _ in ()).throw(AssertionError("listed")))
    assert chunk_probe.probed_newest(folder.history_dir) == listed
    assert len(looked) <= 2 * math.log2(count) + 3
    assert chunk_probe.sealed_last(folder.history_dir, 1) == history.chunk_range(listed)[1]


def test_a_missing_number_sends_the_probe_back_to_the_listing(tmp_path):
    folder = chunked(tmp_path)
    paths = history.chunk_paths(folder.history_dir)
    paths[1].unlink()  # Chunk 2 gone: the probe stops at chunk 1.
    assert chunk_probe.probed_newest(folder.history_dir) == paths[0]
    snapshot_seq = history.chunk_range(paths[-1])[1]
    last = chunk_probe.sealed_last(folder.history_dir, snapshot_seq)
    assert last == folder.sealed_last() == snapshot_seq


def test_no_history_and_names_written_by_hand(tmp_path):
    empty = CampaignFolder.create(tmp_path, "Empty")
    assert chunk_probe.sealed_last(empty.history_dir, 0) == 0
    folder = chunked(tmp_path, rolls=2)
    first = history.chunk_paths(folder.history_dir)[0]
    sealed = history.chunk_range(first)[1]
    first.rename(folder.history_dir / "7.toml")  # Not a checkpoint's name: listed only.
    assert chunk_probe.probed_newest(folder.history_dir) is None
    assert chunk_probe.sealed_last(folder.history_dir, sealed) == sealed
