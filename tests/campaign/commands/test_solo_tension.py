"""R-TEN-1, R-TEN-4 through the commands: the player sets tension (1 to 9, a change); in a
solo campaign play moves it in the same step as the command that moved it: a PC's natural
1 or accepted intrusion and a PC moving down the damage track raise it a step each, a
natural 20 lowers it, all summed into one change held to the scale. A GM's campaign never
sees it."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.base import state_after
from strange_tui.campaign.commands.character.track import ShiftTrack
from strange_tui.campaign.commands.rolls.intrusion import GmIntrusion
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.commands.solo.intrusions import AppIntrusions
from strange_tui.campaign.commands.solo.tension import SetTension, tension_moves
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.model.events import RollMade, TensionSet, TranslationMade
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules import RuleViolation
from tests.campaign.builders import party_store
from tests.campaign.commands.solo_packs import SoloPack

SOLO = AppIntrusions(SoloPack())


class Ones:
    """The app's dice, each showing 1 (whatever the app draws for an intrusion)."""

    def roll(self, sides: int) -> int:
        return 1


def solo_store(solo: bool = True) -> Store:
    store = party_store()
    store.apply(decide(store.state, ChangeSettings(solo=solo, solo_intrusions="off")))
    return store


def run(store: Store, command):
    """``command`` as a solo window runs it (the app's intrusions, then tension)."""
    return store.apply(decide(store.state, command, Ones(), solo=SOLO))


def moved(events) -> list[tuple[int, int, str]]:
    return [(e.tension, e.was, e.why) for e in events if isinstance(e, TensionSet)]


def test_r_ten_1_the_player_sets_tension():
    store = solo_store()
    events = store.apply(decide(store.state, SetTension(tension=7)))
    assert moved(events) == [(7, 5, "")]
    assert store.state.story.tension == 7
    assert command_sentence(events, {}) == "Tension set to 7 (was 5)."


@pytest.mark.parametrize(
    ("tension", "reason"),
    [(0, r"^Tension runs from 1 to 9\.$"), (10, r"^Tension runs from 1 to 9\.$"),
     (5, r"^Tension is 5 already\.$")],
)  # fmt: skip
def test_r_ten_1_a_tension_off_the_scale_or_unchanged_is_refused(tension, reason):
    state = solo_store().state
    with pytest.raises(RuleViolation, match=reason):
        decide(state, SetTension(tension=tension))
    with pytest.raises(RuleViolation, match=reason):
        preview(state, SetTension(tension=tension))


def test_r_ten_4_a_pcs_natural_1_raises_tension_in_the_rolls_own_step():
    store = solo_store()
    events = run(store, Roll(character="mara", difficulty=3, die=1))
    assert isinstance(events[0], RollMade)
    assert type(events[-1]) is TensionSet  # After the app's intrusion, in the same step.
    assert moved(events) == [(6, 5, "Mara rolled a natural 1")]
    assert store.state.story.tension == 6
    assert "Tension rises to 6 (Mara rolled a natural 1)." in command_sentence(
        events, store.state.names()
    )


def test_r_ten_4_a_pcs_natural_20_lowers_tension():
    store = solo_store()
    events = run(store, Roll(character="jun", difficulty=3, die=20))
    assert moved(events) == [(4, 5, "Jun rolled a natural 20")]


def test_r_ten_4_another_face_leaves_tension_alone():
    store = solo_store()
    assert moved(run(store, Roll(character="jun", difficulty=3, die=12))) == []


def test_r_ten_4_an_intrusion_a_pc_accepts_raises_tension():
    store = solo_store()
    events = run(store, GmIntrusion(character="mara", given_to="jun", what="The rope frays"))
    assert moved(events) == [(6, 5, "Mara accepted an intrusion")]
    refused = run(store, GmIntrusion(character="jun", choice="refuse"))
    assert moved(refused) == []


def test_r_ten_4_a_pc_moving_down_the_damage_track_raises_tension():
    store = solo_store()
    events = run(store, ShiftTrack(character="jun", steps=2))
    assert moved(events) == [(6, 5, "Jun moved down the damage track")]
    assert moved(run(store, ShiftTrack(character="jun", steps=-1))) == []  # Up: no change.


def test_r_ten_4_the_moves_of_one_step_are_summed_and_held_to_the_scale():
    state = solo_store().state
    mara = RollMade(character="mara", stat="might", difficulty=3, die=1)
    jun = RollMade(character="jun", stat="might", difficulty=3, die=20)
    assert tension_moves(state, state, [mara, jun]) == []  # A 1 and a 20: no change.
    hurt = replace(
        state,
        characters={cid: replace(c, track=1) for cid, c in state.characters.items()},
    )
    (both,) = tension_moves(state, hurt, [mara])
    assert (both.tension, both.was) == (8, 5)
    assert both.why == (
        "Mara rolled a natural 1, Mara moved down the damage track, Jun moved down the damage track"
    )
    high = state_after(state, [TensionSet(tension=9, was=5)])
    assert tension_moves(high, high, [mara]) == []  # Already at 9.


def test_r_ten_4_a_translations_standing_die_counts():
    state = solo_store().state
    made = TranslationMade(destination="ruk", initiator="mara", die=1, reroll=20)
    (set_,) = tension_moves(state, state, [made])
    assert (set_.tension, set_.why) == (4, "Mara rolled a natural 20")


def test_r_ten_4_a_gms_campaign_keeps_no_tension_moves():
    store = solo_store(solo=False)
    events = store.apply(
        decide(store.state, Roll(character="mara", difficulty=3, die=1), Ones(), SOLO)
    )
    assert moved(events) == [] and store.state.story.tension == 5
