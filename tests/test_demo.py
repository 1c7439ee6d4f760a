"""The demo campaign is made by code: three tier-1 characters mid-adventure."""

from strange_tui.demo.build import build_demo
from strange_tui.rules.pools import Stat


def test_the_demo_builder_makes_a_valid_campaign_in_the_middle_of_things(tmp_path):
    folder = build_demo(tmp_path)
    state = folder.check()
    assert len(state.characters) == 3
    assert all(c.tier == 1 for c in state.characters.values())
    assert 300 <= state.seq <= 1000
    assert any(
        c.pools[s].current < c.pools[s].maximum for c in state.characters.values() for s in Stat
    )
    assert list(folder.history_dir.iterdir()), "some history is sealed"


def test_the_demo_is_the_same_every_time(tmp_path):
    first = build_demo(tmp_path / "a").check()
    again = build_demo(tmp_path / "b").check()
    assert first == again
