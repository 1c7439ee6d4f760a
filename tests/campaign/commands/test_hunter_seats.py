"""Seats at a Hunters table: each hunter's player has a seat (``by`` = the hunter's id) that
rolls that hunter's own checks (R-HUN-1: "the player will total up all bonuses"), is refused
another hunter's roll with the same sentence as a Cypher seat, and is refused the GM's part
(making hunters, hurting and stabilising them, the complex challenges, the clock). Played
on a Hunters campaign of Rowan, Bea and Ash Grey."""

import re

import msgspec
import pytest

from strange_tui.campaign.commands import GM, Command, decide, preview
from strange_tui.campaign.commands.hunters import (
    CreateHunter,
    DamageHunter,
    EndChallenge,
    HunterRoll,
    PassTime,
    StabiliseHunter,
    StartChallenge,
)
from strange_tui.campaign.commands.solo.journal import WriteScene
from strange_tui.campaign.model.events import HunterRolled
from strange_tui.campaign.model.seats import player_seats, resolve_seat, seat_label, seat_name
from strange_tui.campaign.store import Store
from strange_tui.cli.serve.command import table_seats
from strange_tui.rules.errors import RuleViolation
from strange_tui.storage.folder import CampaignFolder

ROWAN, BEA, ASH = "rowan", "bea", "ash-grey"


@pytest.fixture
def hunt(tmp_path) -> Store:
    """A Hunters campaign: Rowan (Firearms 4), Bea (Firearms 2) and Ash Grey, and a complex
    challenge under way (the door, CR 10)."""
    store = CampaignFolder.create(tmp_path / "saves", "Night Watch", ruleset="hunters").open()
    for command in (
        CreateHunter(name="Rowan", skills={"Firearms": 4}),
        CreateHunter(name="Bea", skills={"Firearms": 2}),
        CreateHunter(name="Ash Grey"),
        StartChallenge(name="Door", cr=10, threshold=12),
    ):
        store.apply(decide(store.state, command))
    return store


def sent_by(command: Command, who: str) -> Command:
    return msgspec.structs.replace(command, by=who)


def refused(store: Store, command: Command, reason: str) -> None:
    """``command`` is refused with ``reason`` (decided and previewed alike); nothing is
    written."""
    before, journal = store.state, store.journal()
    with pytest.raises(RuleViolation, match=reason):
        store.apply(decide(store.state, command))
    with pytest.raises(RuleViolation, match=reason):
        preview(store.state, command)
    assert store.state is before and store.journal() == journal


def test_r_hun_1_a_hunters_seat_rolls_its_own_hunters_roll(hunt):
    """Bea's seat rolls Bea's Firearms with her dice: the odds first, then the roll, on
    record as her seat's (only it, or the GM's, may take it back)."""
    roll = HunterRoll(by=BEA, hunter=BEA, skill="Firearms", cr=10, values=(6, 5))
    odds = preview(hunt.state, roll)
    assert (odds.bonus, odds.cr) == (2, 10)
    events = hunt.apply(decide(hunt.state, roll))
    assert isinstance(events[0], HunterRolled)
    assert (events[0].hunter, events[0].dice, events[0].seat) == (BEA, (6, 5), BEA)
    assert hunt.state.hunters[BEA].last_roll.degrees == 2  # 13 vs CR 10: 1 + 3 // 3.


def test_r_hun_6_a_hunters_seat_rolls_against_a_complex_challenge(hunt):
    """The challenge is the GM's to start; rolling against it is the hunter's."""
    roll = HunterRoll(by=ROWAN, hunter=ROWAN, skill="Firearms", challenge="door", values=(6, 5))
    hunt.apply(decide(hunt.state, roll))
    assert hunt.state.challenges["door"].remaining == 12 - 5


def test_another_hunters_roll_from_a_hunters_seat_is_refused(hunt):
    roll = HunterRoll(by=BEA, hunter=ROWAN, values=(6, 5))
    refused(hunt, roll, "^Bea's seat acts for Bea only, not for Rowan.$")


def test_the_gms_roll_for_any_hunter_is_not_refused_by_the_seat_check(hunt):
    for hunter in (ROWAN, BEA, ASH):
        assert HunterRoll(hunter=hunter).by == GM
        assert HunterRoll(hunter=hunter).seat_may(hunt.state) is None


GMS_PARTS: list[Command] = [
    CreateHunter(name="Cole"),
    DamageHunter(hunter=BEA, degrees=2),
    StabiliseHunter(hunter=BEA),
    StartChallenge(name="Wall", cr=13, threshold=10),
    EndChallenge(challenge="door"),
    PassTime(amount=1),
]
"""The Hunters' part of the GM: damage dealt to a hunter (even the seat's own), new
hunters, stabilising, the complex challenges, the clock."""


@pytest.mark.parametrize("command", GMS_PARTS, ids=lambda c: type(c).__name__)
def test_the_gms_part_at_a_hunters_seat_is_refused(command, hunt):
    reason = f"^Only the GM may {re.escape(type(command).GM_ACTION)}.$"
    refused(hunt, sent_by(command, BEA), reason)


def test_no_hunter_no_seat(hunt):
    refused(hunt, HunterRoll(by="cole", hunter="cole"), "^No seat 'cole' at this table.$")


def test_any_seat_may_write_the_story_at_a_hunters_seat(hunt):
    assert WriteScene(by=BEA, text="The door holds.").seat_may(hunt.state) is None
    assert WriteScene(by="cole", text="x").seat_may(hunt.state) == "No seat 'cole' at this table."


def test_player_seats_of_a_hunters_campaign_lists_the_hunters(hunt):
    state = hunt.state
    assert player_seats(state) == {"rowan": ROWAN, "bea": BEA, "ash": ASH}
    assert seat_name(state, ASH) == "ash"
    assert seat_label(state, BEA) == "Bea" and seat_label(state, GM) == "the GM"
    # serve's links: the GM's, then one per hunter, named as --seat takes them.
    seats = [(seat.name, seat.label) for seat in table_seats(state)]
    assert seats == [(GM, "the GM"), ("rowan", "Rowan"), ("bea", "Bea"), ("ash", "Ash Grey")]


def test_resolve_seat_finds_a_hunter_by_first_name(hunt):
    state = hunt.state
    for typed in ("Ash", "ash", "Ash Grey", "  ash   GREY ", ASH):
        assert resolve_seat(state, typed) == ASH, typed
    assert resolve_seat(state, "Bea") == BEA and resolve_seat(state, "gm") == GM
    with pytest.raises(RuleViolation, match=r"^No seat 'Mara' at this table\. The seats: gm,"
                       r" rowan, bea, ash\.$"):  # fmt: skip
        resolve_seat(state, "Mara")
