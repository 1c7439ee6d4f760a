"""Three sentences of the seeds as the table meets them in the tracker, keys only: a PC
debilitated before the fight is in its order and can be attacked (R-DMG-4, seed 000); a
held foe struggles before it attacks, and its holder rolls (R-GRAB-1, seed 003); three
who set on one foe in melee all get +1, the first to roll too (R-CIR-3, seed 003)."""

from strange_tui.campaign.model.events import DamageTaken, RollMade, TrackShifted
from strange_tui.rules.track import DamageTrack
from tests.tui.test_combat import THUG_AND_INITIATIVE, encounter, notices, party_app, shown
from tests.tui.test_moving_grappling_saves import GRAB, flat, option_ids
from tests.tui.test_roll_dialog import tab_to


async def test_r_dmg_4_a_debilitated_pc_is_in_the_next_fights_order_and_is_attacked(tmp_path):
    """Mara ended a fight debilitated (Might 2): the next fight lists her (no initiative
    roll: last), the thug's attack on her simply hits, and brought to 0 again she is dead."""
    app = party_app(tmp_path, events=(TrackShifted(character="mara", steps=2),))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "tab", "3", "tab", *"Thug", "enter")
        await pilot.pause()
        assert "mara" in encounter(app).order
        await pilot.press("i")
        await pilot.pause()
        assert "Mara: no roll. Mara is debilitated" in shown(app, "Static.unable")
        await pilot.press("2", "0", "tab", "2", "0", "enter")  # Jun and Tess.
        await pilot.pause()
        assert encounter(app).order == ("jun", "tess", "thug", "mara")
        await pilot.press("n", "n", "down", "d")  # The thug attacks Mara (highlighted).
        await pilot.pause()
        assert "Mara is debilitated and cannot defend: the attack hits" in shown(app, "#preview")
        await pilot.press("ctrl+f", "enter")
        await pilot.pause()
        hit = app.session.journal()[-1]
        assert isinstance(hit, DamageTaken) and hit.character == "mara"
        assert app.session.state.characters["mara"].track is DamageTrack.DEAD


async def test_r_cir_3_the_first_two_attackers_say_whom_they_join_and_get_the_1(tmp_path):
    """Mara, first to act, says in "With" that Jun and Tess set on the thug with her: the
    preview shows the +1 and her 5 hits (6 needed); Tess, next, says Jun joins: +1 too."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE)  # Order: Mara, Tess, the thug, Jun.
        await pilot.press("a")
        await pilot.pause()
        assert "three attack it in melee" not in shown(app, "#preview")
        await tab_to(pilot, "joining")
        await pilot.press("enter", "down", "down", "down", "enter")  # Jun and Tess.
        await pilot.pause()
        assert "three attack it in melee (with Jun and Tess)" in shown(app, "#preview")
        await pilot.press("ctrl+f", "5", "enter")
        await pilot.pause()
        made = [e for e in app.session.journal() if isinstance(e, RollMade)][-1]
        assert (made.character, made.die, made.bonus, made.success) == ("mara", 5, 1, True)
        await pilot.press("enter", "n", "a")  # Done; Tess's turn; her attack.
        await pilot.pause()
        await tab_to(pilot, "joining")
        await pilot.press("enter", "down", "down", "enter")  # Jun (Mara has attacked).
        await pilot.pause()
        assert "three attack it in melee (with Jun and Mara)" in shown(app, "#preview")
        await pilot.press("ctrl+f", "5", "enter")
        await pilot.pause()
        made = [e for e in app.session.journal() if isinstance(e, RollMade)][-1]
        assert (made.character, made.bonus) == ("tess", 1)


async def test_r_grab_1_the_held_thug_struggles_and_maras_roll_keeps_it_from_attacking(tmp_path):
    """Mara holds the thug: on its turn `d` is refused until she rolls; the grapple (c)
    offers her roll to keep it from acting; her 12 keeps it (target 9), and its attack
    stays refused for the turn."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, *GRAB, "ctrl+f", "1", "5", "enter", "enter")
        await pilot.press("n", "n", "d")  # Tess's turn, then the thug's: it attacks.
        await pilot.pause()
        assert encounter(app).active.id == "thug"
        waiting = "Thug is held by Mara: before it acts, Mara rolls to keep hold (c)."
        assert waiting in notices(app)
        assert waiting in shown(app, "#detail")
        await pilot.press("c")
        await pilot.pause()
        assert option_ids(app) == ["grab", "save"]  # No attack taken for another either.
        await pilot.press("enter")
        await pilot.pause()
        assert "Thug struggles to act in Mara's hold" in flat(app, "#preview")
        await pilot.press("ctrl+f", "1", "2", "enter", "enter")
        await pilot.pause()
        made = app.session.journal()[-1]
        assert isinstance(made, RollMade) and (made.character, made.success) == ("mara", True)
        await pilot.press("d")
        await pilot.pause()
        assert "Mara kept hold of Thug: no physical action for it this turn." in notices(app)
