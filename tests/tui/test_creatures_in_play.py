"""A pack's creature played at the tracker, keys only (R-NPC-1, R-NPC-2): the attack dialog
asks the kind of harm and shows what the creature's entry makes of it, the tracker says
what its entry gives, the defense dialog takes a second die for its hit's rider."""

from strange_tui.campaign.commands.combat import AttackPreview
from strange_tui.campaign.model.events import NpcHealthChanged, TrackShifted
from strange_tui.rules.track import DamageTrack
from strange_tui.tui.combat.attack import AttackDialog, DefenseDialog
from strange_tui.tui.common.text_panel import TextPanel

# The demo's party against the Abomination; initiative Mara 15, Jun 8, Tess 12 against its
# level 5: Mara acts first, then the Abomination, then Jun and Tess.
ABOMINATION = ["c", *"abom", "ctrl+s", "i", "1", "5", "enter", "8", "enter", "1", "2", "enter"]
# In Mara's attack dialog (a heavy pistol: the Gun box is there): from the die back past the
# Gun and Area boxes to Harm, its first kind (the one the Abomination's entry names).
ENERGY = ["ctrl+f", *["shift+tab"] * 3, "enter", "down", "enter"]


def the_abomination(app):
    encounter = app.session.state.encounter
    return next(c for c in encounter.combatants.values() if c.creature == "abomination")


async def test_r_npc_2_the_abomination_shrugs_off_energy_regenerates_and_its_bite_costs_a_step(
    demo_app,
):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*ABOMINATION)
        await pilot.pause()
        encounter = demo_app.session.state.encounter
        npc = the_abomination(demo_app)
        assert encounter.order == ("mara-quist", npc.id, "jun-okafor", "tess-harrow")
        assert (npc.health, npc.armor) == (22, 2)

        # Mara's attack: energy meets its +5 Armor; a plain hit (6 less 7) deals nothing.
        await pilot.press("a", *ENERGY)
        await pilot.pause()
        dialog = demo_app.screen
        assert isinstance(dialog, AttackDialog)
        attack = dialog.command()
        assert attack.harm == "energy"
        shown: AttackPreview = demo_app.session.preview(attack)
        assert "Abomination: +5 Armor against energy" in shown.creature
        assert next(hit for hit in shown.hits if hit.die is None).damage == 0
        # A 19 adds 3: 9 less 7, 2 land.
        await pilot.press("ctrl+f", "1", "9", "enter", "enter")
        await pilot.pause()
        assert the_abomination(demo_app).health == 20

        # Its turn: it regains 2 as the turn begins (one line of the log), and the turn
        # panel says what its entry gives, its intrusion to the GM.
        before = len(demo_app.session.journal())
        await pilot.press("n")
        await pilot.pause()
        assert demo_app.session.state.encounter.active.id == npc.id
        assert the_abomination(demo_app).health == 22
        turn = demo_app.session.journal()[before:]
        regained = [e for e in turn if isinstance(e, NpcHealthChanged)]
        assert [(e.amount, e.source) for e in regained] == [(2, "regenerates")]
        assert "regenerates" in demo_app.session.describe(tuple(turn))
        panel = str(demo_app.screen.query_one("#detail", TextPanel).render())
        assert "regenerates 2 a round" in panel and "GM intrusion: Put down" in panel

        # It bites Mara: her die 1 fails the Speed defense (6 less Armor 2: Might 11 to 7),
        # and the rider's die 2 fails the Might defense at level 5: one step down the track.
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(demo_app.screen, DefenseDialog)
        await pilot.press("ctrl+f", "1", "tab", "2", "enter")
        await pilot.pause()
        mara = demo_app.session.state.characters["mara-quist"]
        assert mara.pools.might.current == 7
        assert mara.track is DamageTrack.IMPAIRED
        assert any(isinstance(e, TrackShifted) for e in demo_app.session.journal()[-4:])


def test_r_npc_2_a_player_s_seat_never_sees_the_entry_s_intrusion():
    """The turn panel's line of the creature's entry: its powers at every seat, the
    intrusion its entry suggests at the GM's alone."""
    from strange_tui.campaign.commands.combat import AddNpcs
    from strange_tui.campaign.model.encounter import Combatant
    from strange_tui.content.loader import Content
    from strange_tui.tui.combat.view import creature_detail

    add = AddNpcs.of_creature(Content().kind("creatures")["abomination"])
    npc = Combatant(
        id="abomination", name=add.name, level=add.level, health=22, max_health=22,
        effects=add.effects, intrusion=add.intrusion,
    )  # fmt: skip
    gm, player = str(creature_detail(npc, gm=True)), str(creature_detail(npc, gm=False))
    assert "regenerates 2 a round" in player and "may stand again next round" in player
    assert "GM intrusion: Put down" in gm
    assert "Put down" not in player


async def test_r_npc_2_a_natural_1_against_a_creature_offers_the_gm_its_entry_s_intrusion(
    demo_app,
):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*ABOMINATION)
        await pilot.pause()
        await pilot.press("a", "ctrl+f", "1", "enter")
        await pilot.pause()
        result = str(demo_app.screen.query_one("#result").render())
        assert "Its entry suggests: Put down, it is not done" in result
