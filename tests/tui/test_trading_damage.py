"""Trading damage for an effect in the attack dialog, keys only (R-SPEC-6): the choice
lists the pack's trades with their price against the target, the preview says what the
trade gives up and what each hit still deals, the roll, damage and condition are one
undo step whose log line says what was traded; a trade the hit cannot pay for is refused
before the die, and an area attack offers none."""

from textual.widgets import OptionList, Select

from strange_tui.campaign.model.events import ActionTaken, ConditionAdded, NpcHealthChanged
from strange_tui.tui.combat.attack import AttackDialog
from tests.tui.test_combat import encounter, notices, party_app, shown

# A level-1 cultist (3 health); Mara (15) acts first, then Jun (5) and Tess (9).
CULTIST_AND_INITIATIVE = ["c", "tab", "1", "tab", *"Cultist", "enter"]
CULTIST_AND_INITIATIVE += ["i", "1", "5", "tab", "5", "tab", "9", "enter"]
# From the die: past the Area box (a sledgehammer is no gun) to the trade.
TO_TRADE = ["ctrl+f", "shift+tab", "shift+tab"]
KNOCK_DOWN = 6
"""Knock down's place among the options, after none."""


def options(app) -> list[str]:
    listed = app.screen.query_one("#trade", Select).query_one(OptionList)
    return [str(listed.get_option_at_index(n).prompt) for n in range(listed.option_count)]


async def test_r_spec_6_a_sledgehammer_knocks_the_cultist_down_in_one_step(tmp_path):
    app = party_app(tmp_path, equipment=("Sledgehammer",))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*CULTIST_AND_INITIATIVE)
        await pilot.pause()
        before = app.session.state
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        listed = options(app)
        assert listed[0] == "none" and listed[KNOCK_DOWN] == "Knock down: 5 damage"
        assert "Stun: 9 damage" in listed and "Hinder or distract: 2 damage" in listed
        await pilot.press(*TO_TRADE, "enter", *["down"] * KNOCK_DOWN, "enter")
        await pilot.pause()
        preview = shown(app, "#preview")
        assert "Trade    −5 damage (4 + level 1) to knock Cultist down: prone 1 round" in preview
        assert "A hit    1 damage → Cultist 2/3" in preview
        assert "17: +1 damage → 2 · 18: +2 damage → 3" in preview
        await pilot.press("tab", "tab", "1", "2", "enter")  # Back to the die.
        await pilot.pause()
        result = shown(app, "#result")
        assert "hit!" in result
        assert "1 damage → Cultist 2/3 (gave up 5 damage to knock Cultist down)" in result
        await pilot.press("enter")
        await pilot.pause()
        cultist = encounter(app).combatants["cultist"]
        assert cultist.health == 2 and [c.name for c in cultist.conditions] == ["prone"]
        # The hit, then the knock-down, then the turn's action spent (R-CMB-8).
        last = app.session.journal()[-3:]
        assert [type(e) for e in last] == [NpcHealthChanged, ConditionAdded, ActionTaken]
        assert last[0].traded == 5
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.state == before
        undid = [n for n in notices(app) if n.startswith("Undid: Mara rolled 12")]
        assert undid and "Gave up 5 damage to knock Cultist down" in undid[0], notices(app)


async def test_r_spec_6_a_hit_too_weak_is_refused_and_an_area_attack_offers_none(tmp_path):
    """Bare hands (2) cannot pay for a stun (9): the preview says so and the die rolls
    nothing; the Area box takes the trade away; the next attack starts with none."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*CULTIST_AND_INITIATIVE, "a")
        await pilot.pause()
        await pilot.press(*TO_TRADE, "enter", "end", "enter")
        await pilot.pause()
        refusal = "A hit on Cultist deals 2 damage: too little to give up 9 to stun Cultist."
        assert refusal in " ".join(shown(app, "#preview").split())
        made = len(app.session.journal())
        await pilot.press("ctrl+f", "1", "5", "enter")
        await pilot.pause()
        assert len(app.session.journal()) == made and isinstance(app.screen, AttackDialog)
        await pilot.press("ctrl+f", "shift+tab", "space")  # The Area box.
        await pilot.pause()
        trade = app.screen.query_one("#trade", Select)
        assert trade.disabled and "A hit 2 damage → Cultist 1/3" in shown(app, "#preview")
        await pilot.press("escape", "a")
        await pilot.pause()
        trade = app.screen.query_one("#trade", Select)
        assert trade.value == "" and not trade.disabled


async def test_r_spec_6_each_price_counts_the_target_chosen(tmp_path):
    """A level-3 thug joins: choosing it raises every price by two."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*CULTIST_AND_INITIATIVE, "plus", "tab", "3", "tab", *"Thug", "enter")
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert "Knock down: 5 damage" in options(app)
        await pilot.press("enter", "down", "enter")  # The target: the thug.
        await pilot.pause()
        assert app.screen.npc_id == "thug" and "Knock down: 7 damage" in options(app)
