"""A hypothesis strategy for random play: event proposals, some of which the rules refuse."""

from hypothesis import strategies as st

from strange_tui.campaign.events import (
    AdvancementBought,
    ClockAdvanced,
    CypherGained,
    CypherUsed,
    DamageTaken,
    Healed,
    IntrusionAccepted,
    IntrusionRefused,
    NotesEdited,
    PointsSpent,
    RecoveryRolled,
    RollMade,
    TrackShifted,
    XpAwarded,
    XpSpent,
)
from strange_tui.campaign.state import Cypher
from strange_tui.rules.pools import Stat

IDS = ("mara", "jun")
who = st.sampled_from(IDS)
stats = st.sampled_from(list(Stat))

proposals = st.one_of(
    st.builds(DamageTaken, character=who, amount=st.integers(0, 15), stat=stats,
              armor=st.integers(0, 2), ambient=st.booleans()),
    st.builds(PointsSpent, character=who, stat=stats, amount=st.integers(0, 8)),
    st.builds(Healed, character=who, stat=stats, amount=st.integers(0, 8)),
    st.builds(TrackShifted, character=who, steps=st.integers(-1, 1)),
    st.builds(RollMade, character=who, stat=stats, difficulty=st.integers(0, 10),
              effort=st.integers(0, 1), assets=st.integers(0, 2),
              die=st.none() | st.integers(1, 20), success=st.booleans(),
              cost=st.integers(0, 4)),
    st.builds(IntrusionAccepted, character=who, given_to=st.none() | who),
    st.builds(IntrusionRefused, character=who),
    st.builds(XpAwarded, character=who, amount=st.integers(1, 5)),
    st.builds(XpSpent, character=who, amount=st.integers(1, 3)),
    st.builds(AdvancementBought, character=who,
              step=st.sampled_from(["effort", "recovery", "armor", "edge"]),
              edge=st.none() | stats),
    st.builds(CypherGained, character=who,
              cypher=st.builds(Cypher, name=st.sampled_from(["Stim", "Key"]),
                               level=st.integers(1, 6), occultic=st.booleans())),
    st.builds(CypherUsed, character=who, index=st.integers(0, 2),
              name=st.sampled_from(["Stim", "Key"])),
    st.builds(RecoveryRolled, character=who, die=st.integers(1, 6), bonus=st.just(1),
              allocation=st.dictionaries(stats, st.integers(0, 4), max_size=2),
              track_step=st.booleans(), clock=st.sampled_from([0, 600, 3600])),
    st.builds(ClockAdvanced, seconds=st.integers(1, 90_000)),
    st.builds(NotesEdited, character=who, notes=st.text(max_size=40)),
)  # fmt: skip
