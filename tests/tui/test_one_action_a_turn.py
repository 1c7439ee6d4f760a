"""R-CMB-8 at two windows on one copy of the demo, keys only where a person acts: on Mara's
turn her seat attacks once; a second `a` is refused with the reason and opens nothing; the
GM's `g` in the tracker grants another, and her next `a` opens the attack."""

from strange_tui.campaign.commands.combat import AddNpcs, RollInitiative, StartCombat
from strange_tui.campaign.model.events import ActionGranted, RollMade
from strange_tui.tui.combat.attack import AttackDialog
from strange_tui.tui.combat.tracker import CombatScreen
from tests.tui.test_combat import shown
from tests.tui.test_seats_prompts import (
    MARA,
    SIZE,
    demo,  # noqa: F401 (the fixture)
    gm_app,
    notes,
    run,
    seat_app,
    wait_for,
)


async def test_r_cmb_8_a_players_second_attack_in_a_turn_is_refused_until_the_gm_grants(demo):  # noqa: F811
    gm, mara = gm_app(demo), seat_app(demo, MARA)
    async with gm.run_test(size=SIZE) as p_gm, mara.run_test(size=SIZE) as p_mara:
        run(gm, StartCombat())
        run(gm, AddNpcs(name="Brute", level=5))
        run(gm, RollInitiative(dice={MARA: 15}))  # Mara first.
        await wait_for(lambda: (e := mara.session.state.encounter) is not None and e.round)
        await p_mara.press("c")  # Her turn: the tracker.
        await wait_for(lambda: isinstance(mara.screen, CombatScreen))
        await p_mara.press("a", "ctrl+f", "1", "8", "enter", "enter")
        await p_mara.pause()
        rolls = [e for e in mara.session.journal() if isinstance(e, RollMade) and e.attack]
        assert len(rolls) == 1 and isinstance(mara.screen, CombatScreen)
        assert "has acted this turn" in " ".join(shown(mara, "#detail").split())
        await p_mara.press("a")  # A second attack: refused, nothing opens.
        await p_mara.pause()
        assert not isinstance(mara.screen, AttackDialog)
        assert "Mara Quist has acted this turn" in notes(mara)

        await p_gm.press("c")
        await wait_for(lambda: isinstance(gm.screen, CombatScreen))
        await p_gm.press("g")  # The GM's ruling: one more action.
        await p_gm.pause()
        granted = [e for e in gm.session.journal() if isinstance(e, ActionGranted)]
        assert [g.character for g in granted] == [MARA]
        await wait_for(lambda: mara.session.state.encounter.granted == 1)
        await wait_for(lambda: "more granted" in shown(mara, "#detail"))
        await p_mara.press("a")
        await p_mara.pause()
        assert isinstance(mara.screen, AttackDialog), notes(mara)
