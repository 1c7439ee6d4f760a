"""R-ADV-1: the new tier's count in words, singular when it is one: a Paradox reaching
tier 2 chooses '1 Paradox ability', never '1 Paradox abilities'."""

import re

import pytest

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.character.advancement import BuyAdvancement
from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.store import Store
from strange_tui.content.loader import Content
from strange_tui.rules.errors import RuleViolation
from tests.campaign.builders import character

CONTENT = Content()


def ready(tier: int, type_: str) -> Store:
    """Mara, a ``type_``, three steps into ``tier``: the next step raises it."""
    store = Store(Campaign(name="Test"))
    who = character("mara", type=type_, tier=tier, xp=4,
                    advancements=("pools", "edge", "effort"))  # fmt: skip
    store.dispatch(CharacterCreated(character=who))
    return store


@pytest.mark.parametrize(
    ("tier", "type_", "said"),
    [(1, "Paradox", "choose 1 Paradox ability (0 chosen)"),
     (1, "Vector", "choose 2 Vector abilities (0 chosen)")],
)  # fmt: skip
def test_r_adv_1_the_count_to_choose_is_singular_when_it_is_one(tier, type_, said):
    store = ready(tier, type_)
    step = BuyAdvancement(character="mara", step="skill", skill="Stealth", content=CONTENT)
    with pytest.raises(RuleViolation, match=re.escape(f"Reaching tier 2: {said}.")):
        decide(store.state, step)
