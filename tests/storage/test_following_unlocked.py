"""A window takes in another's whole batches without waiting for the writers' lock: while a
third holds it, an append and an undo's new journal still reach the follower; a batch
still being written is left to the locked read, which waits, and nothing is taken in."""

import os
from pathlib import Path

import pytest

from strange_tui.campaign.model.events import CharacterCreated, XpAwarded
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.journal import batch_bytes
from strange_tui.storage.locking import CampaignBusy, WriterLock
from tests.campaign.builders import character


def two_windows(tmp_path: Path):
    folder = CampaignFolder.create(tmp_path / "saves", "Table")
    writer = folder.open()
    writer.dispatch(CharacterCreated(character=character("mara")))
    return writer, CampaignFolder(folder.path).open(), folder.path


def xp(amount: int = 1) -> list[XpAwarded]:
    return [XpAwarded(character="mara", amount=amount, reason="a discovery")]


def test_an_append_reaches_a_follower_while_a_third_window_holds_the_lock(tmp_path):
    writer, follower, path = two_windows(tmp_path)
    writer.apply(xp(2))
    with WriterLock(path).held():  # Another open file: flock refuses the follower too.
        assert follower.catch_up(wait=0.05)
    assert follower.state == writer.state
    assert follower.state.characters["mara"].xp == writer.state.characters["mara"].xp


def test_an_undo_reaches_a_follower_while_a_third_window_holds_the_lock(tmp_path):
    writer, follower, path = two_windows(tmp_path)
    writer.apply(xp(2))
    follower.catch_up()
    writer.undo()  # The journal is replaced whole.
    with WriterLock(path).held():
        assert follower.catch_up(wait=0.05)
    assert follower.state == writer.state


def test_a_batch_half_written_waits_for_the_lock_and_nothing_is_taken_in(tmp_path):
    writer, follower, path = two_windows(tmp_path)
    before = follower.state
    half = batch_bytes(
        [XpAwarded(character="mara", amount=1, reason="half", seq=before.seq + 1)]
    )
    with WriterLock(path).held():  # The writer, mid-append.
        with open(path / "journal.toml", "ab") as journal:
            journal.write(half[: len(half) // 2])
            journal.flush()
            os.fsync(journal.fileno())
        with pytest.raises(CampaignBusy):
            follower.catch_up(wait=0.05)
    assert follower.state == before
