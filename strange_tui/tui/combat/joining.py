"""R-CIR-3 in the attack dialog: whom a PC's attack in melee joins on its foe ("With"):
three who set on one foe together each get +1, the first to roll as much as the third.
The choices are the other PCs of the fight who can act, alone or two together (two are
enough for the three); the model's preview says whether the +1 holds and with whom."""

from __future__ import annotations

from itertools import combinations

from textual.widgets import Label, Select

from strange_tui.campaign.commands.combat.attack_situation import joinable
from strange_tui.campaign.model.state import Campaign

NO_ONE = ""
JOINING_LABEL = "With"


def join_options(state: Campaign, attacker: str, foe: str) -> list[tuple[str, str]]:
    """'no one named', each other PC who can act, each two of them ('Jun and Tess')."""
    others = joinable(state, attacker, foe)
    names = {cid: state.characters[cid].name for cid in others}
    options = [("no one named", NO_ONE)]
    options += [(names[cid], cid) for cid in others]
    options += [(f"{names[a]} and {names[b]}", f"{a},{b}") for a, b in combinations(others, 2)]
    return options


def joined(value: object) -> tuple[str, ...]:
    """The PCs a choice of ``join_options`` names."""
    return tuple(cid for cid in value.split(",") if cid) if isinstance(value, str) else ()


def joining_fields(state: Campaign, attacker: str, foe: str) -> tuple[Label, Select[str]]:
    """The "With" row: a label and the choice across the rest of the form's row."""
    choice: Select[str] = Select(
        join_options(state, attacker, foe),
        value=NO_ONE,
        allow_blank=False,
        id="joining",
        compact=True,
        classes="wide joining",
    )
    return Label(JOINING_LABEL, classes="joining"), choice


def join_shown(state: Campaign, attacker: str, foe: str, ranged: bool) -> bool:
    """Whether the "With" row shows: for an attack in melee that another PC could join
    (hidden, nothing is sent)."""
    return not ranged and bool(joinable(state, attacker, foe))
