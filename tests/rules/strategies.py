"""Hypothesis strategies for rule values: tasks, pools, tracks."""

from hypothesis import strategies as st

from strange_tui.rules.pools import Pool, Pools
from strange_tui.rules.task import Skill, Task
from strange_tui.rules.track import DamageTrack

skills = st.sampled_from(list(Skill))
tracks = st.sampled_from(list(DamageTrack))


@st.composite
def tasks(draw) -> Task:
    return Task(
        difficulty=draw(st.integers(0, 10)),
        skill=draw(skills),
        inability=draw(st.booleans()),
        assets=draw(st.integers(0, 2)),
        effort=draw(st.integers(0, 6)),
        hindrances=draw(st.integers(0, 3)),
        bonus=draw(st.integers(-5, 5)),
    )


@st.composite
def a_pool(draw) -> Pool:
    maximum = draw(st.integers(0, 30))
    return Pool(
        current=draw(st.integers(0, maximum)), maximum=maximum, edge=draw(st.integers(0, 3))
    )


@st.composite
def stat_pools(draw) -> Pools:
    luck = draw(st.none() | a_pool())
    return Pools(might=draw(a_pool()), speed=draw(a_pool()), intellect=draw(a_pool()), luck=luck)


def make_pools(
    might: int, speed: int, intellect: int, luck: int | None = None, maximum: int = 12
) -> Pools:
    """Three pools at the given points (each maximum ``maximum``), and Luck (max 3) if given."""
    return Pools(
        might=Pool(current=might, maximum=max(might, maximum)),
        speed=Pool(current=speed, maximum=max(speed, maximum)),
        intellect=Pool(current=intellect, maximum=max(intellect, maximum)),
        luck=None if luck is None else Pool(current=luck, maximum=3),
    )
