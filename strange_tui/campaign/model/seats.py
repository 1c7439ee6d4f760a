"""Seats at the table: the GM's, and one per player, bound to that player's character.

A command carries the seat that sends it in ``by``: ``"gm"``, or the id of the character the
player's seat is bound to (in a Hunters campaign, the id of the hunter: its seats are the
hunters'). The command layer (``commands.base.authorise``) refuses what a
player's seat may not do; this module only names the seats and finds one from what a person
typed (``--seat mara``).
"""

from __future__ import annotations

import re

from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.errors import RuleViolation

GM = "gm"
"""The seat of the game master, who may do anything."""


def seated(state: Campaign) -> dict[str, str]:
    """Who sits at the players' seats, by id, with their names, in the party's order: the
    characters, or in a Hunters campaign the hunters."""
    party = state.hunters if state.ruleset == "hunters" else state.characters
    return {pid: member.name for pid, member in party.items()}


def player_name(state: Campaign, seat: str) -> str | None:
    """The name of the character (or hunter) at the player's seat ``seat``; None: no such
    seat at this table."""
    return seated(state).get(seat)


def seat_name(state: Campaign, character_id: str) -> str:
    """The short name a player types for the seat of ``character_id``: the first word of
    the character's name in lower case ("mara" for Mara Quist), or the id when two
    characters share that word."""
    names = seated(state)
    first = _first_word(names[character_id])
    alike = [name for name in names.values() if _first_word(name) == first]
    return first if first and len(alike) == 1 and first != GM else character_id


def player_seats(state: Campaign) -> dict[str, str]:
    """Each player's seat: its short name and the id of its character (or hunter), in the
    party's order."""
    return {seat_name(state, cid): cid for cid in seated(state)}


def resolve_seat(state: Campaign, typed: str) -> str:
    """The seat ``typed`` names, as commands carry it: ``"gm"`` or a character's id. A
    character's seat name, id, full name or first name (any case) will do; RuleViolation
    lists the seats when none matches."""
    wanted = " ".join(typed.split()).casefold()
    if wanted in ("", GM, "game master"):
        return GM
    for cid, full in seated(state).items():
        names = {cid.casefold(), full.casefold(), seat_name(state, cid)}
        if wanted in names:
            return cid
    seats = ", ".join([GM, *player_seats(state)])
    raise RuleViolation(f"No seat {typed!r} at this table. The seats: {seats}.")


def seat_label(state: Campaign, seat: str) -> str:
    """How a seat is named on screen: "the GM" or the character's (or hunter's) name."""
    if seat == GM:
        return "the GM"
    return player_name(state, seat) or seat


def _first_word(name: str) -> str:
    words = re.findall(r"[\w'-]+", name.casefold())
    return words[0] if words else ""
