"""A creature's area attack asked at a player's seat (R-NPC-2, R-NPC-3): the question
names the area, the seat's defense dialog holds it, and the answer lands the area's
damage, not the creature's blow."""

from strange_tui.campaign.commands.combat import AddNpcs, RollInitiative, StartCombat
from strange_tui.campaign.commands.table.questions import AskDefense
from strange_tui.campaign.model.events import DamageTaken
from strange_tui.content.creature_powers import AreaAttack
from strange_tui.tui.table.answer import DefenseAnswer
from tests.tui.test_seats_prompts import (
    JUN,
    MARA,
    SIZE,
    TESS,
    demo,  # noqa: F401 - the fixture
    gm_app,
    run,
    seat_app,
    wait_for,
)

BREATH = AreaAttack(name="breath", damage=7, range="short", stat="speed")


async def test_r_npc_2_an_area_attack_asked_at_a_seat_lands_the_areas_damage(demo):  # noqa: F811
    gm, mara = gm_app(demo), seat_app(demo, MARA)
    async with gm.run_test(size=SIZE), mara.run_test(size=SIZE) as p_mara:
        run(gm, StartCombat())
        run(gm, AddNpcs(name="Drake", level=3, damage=2, effects=(BREATH,)))
        run(gm, RollInitiative(dice={MARA: 1, JUN: 1, TESS: 1}))
        assert gm.session.state.encounter.active.id == "drake"
        run(gm, AskDefense(character=MARA, npc="drake", area="breath"))
        (asked,) = [p for p in gm.session.state.prompts if p.kind == "defense"]
        assert asked.what == "breath"
        await wait_for(lambda: isinstance(mara.screen, DefenseAnswer))
        await p_mara.pause()
        area = mara.screen.query_one("#area")
        assert (area.value, area.disabled) == ("breath", True)
        await p_mara.press("ctrl+f", "1", "enter")
        await p_mara.pause()
        hit = [e for e in mara.session.journal() if isinstance(e, DamageTaken)][-1]
        assert (hit.amount, hit.source) == (7, "Drake's breath")
