"""The combat tracker, keys only: a full fight, checked on the campaign's state."""

import io

from msgspec.structs import replace
from rich.console import Console
from textual.widgets import OptionList, Select

from strange_tui.campaign.model.events import (
    CharacterCreated,
    ClockAdvanced,
    CombatEnded,
    CombatStarted,
    SettingsChanged,
    TrackShifted,
)
from strange_tui.campaign.model.state import Settings
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.combat.attack import AttackDialog
from strange_tui.tui.combat.tracker import CombatScreen
from strange_tui.tui.common.text_panel import TextPanel
from tests.campaign.builders import character


def party_app(tmp_path, impaired: bool = False, events=(), **mara_changes) -> StrangeApp:
    """Mara (Might 2), Jun and Tess; ``mara_changes`` change Mara's sheet; ``events``
    happen before the app opens."""
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Fight night")
    store = folder.open()
    track = DamageTrack.IMPAIRED if impaired else DamageTrack.HALE
    mara = character("mara", **{"track": track, **mara_changes})
    if "pools" not in mara_changes:
        mara = replace(mara, pools=mara.pools.replace(Stat.MIGHT, mara.pools.might.with_current(2)))
    for who in (mara, character("jun"), character("tess")):
        store.dispatch(CharacterCreated(character=who))
    for event in events:
        store.dispatch(event)
    return StrangeApp(campaign_path=folder.path, saves=saves)


def encounter(app):
    return app.session.state.encounter


async def test_a_full_fight(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        # A level-3 thug (quick NPC), then four level-2 rats as a swarm (one level-3
        # creature, +2 damage).
        await pilot.press("tab", "3", "tab", *"Thug", "enter")
        await pilot.press("plus", "tab", "2", "tab", *"Rats", "tab", "backspace", "4", "tab")
        await pilot.press("space", "ctrl+s")
        await pilot.pause()
        npcs = {c.id: c for c in encounter(app).npcs()}
        assert (npcs["thug"].level, npcs["thug"].health, npcs["thug"].damage) == (3, 9, 3)
        assert (npcs["rats-swarm"].level, npcs["rats-swarm"].damage) == (3, 4)
        # Initiative against level 3: Mara 15 and Tess 12 succeed, Jun's 5 fails.
        await pilot.press("i", "1", "5", "tab", "5", "tab", "1", "2", "enter")
        await pilot.pause()
        assert encounter(app).order == ("mara", "tess", "thug", "rats-swarm", "jun")
        assert encounter(app).round == 1
        # Mara hits the thug bare-handed on a 19: +3 damage, 2 + 3 = 5.
        await pilot.press("a", "ctrl+f", "1", "9", "enter", "enter")
        await pilot.pause()
        assert encounter(app).combatants["thug"].health == 4
        # Tess chooses a stun instead of the extra damage on a 20 (before the die), then
        # rolls it: 2 damage, stunned, in one step.
        await pilot.press("n", "a", "ctrl+f", "2", "0")
        await pilot.press(*["shift+tab"] * 3, "enter", "down", "down", "down", "enter")
        await pilot.press("tab", "tab", "tab", "enter")
        await pilot.press("enter")
        await pilot.pause()
        thug = encounter(app).combatants["thug"]
        assert thug.health == 2 and [c.name for c in thug.conditions] == ["stunned"]
        # The stunned thug loses its turn (and the stun ends with it); the rats attack
        # Mara, who fails to defend:
        # 4 damage less Armor 1 = 3: Might 2 → 0, 1 spills to Speed; impaired.
        await pilot.press("n", "n", "d", "ctrl+f", "2", "enter")
        await pilot.pause()
        mara = app.session.state.characters["mara"]
        assert (mara.pools.might.current, mara.pools.speed.current) == (0, 9)
        assert mara.track is DamageTrack.IMPAIRED
        await pilot.press("enter")
        # Jun's turn, then round 2: the stun expires.
        await pilot.press("n", "n")
        await pilot.pause()
        assert encounter(app).round == 2 and encounter(app).combatants["thug"].conditions == ()
        # Previous turn: back to Jun's turn in round 1 (the stun already over), then to
        # the thug's lost turn, stunned again.
        await pilot.press("p")
        await pilot.pause()
        assert encounter(app).round == 1 and encounter(app).active.id == "jun"
        assert encounter(app).combatants["thug"].conditions == ()
        await pilot.press("p", "p")
        await pilot.pause()
        assert encounter(app).active.id == "thug"
        assert [c.name for c in encounter(app).combatants["thug"].conditions] == ["stunned"]
        assert app.session.state.characters["mara"].pools.might.current == 2  # Undone too.
        # The end: the NPCs still standing, the GM confirms (y); the summary goes to the log.
        await pilot.press("e", "y")
        await pilot.pause()
        assert app.session.state.encounter is None
        assert not isinstance(app.screen, CombatScreen)
        # R-CMB-9: the fight's end, then its round passing on the clock, in one step.
        last = next(e for e in reversed(app.session.journal()) if isinstance(e, CombatEnded))
        assert (last.rounds, last.dealt, last.taken) == (1, 7, 0)
        assert isinstance(app.session.journal()[-1], ClockAdvanced)


async def test_reopening_mid_fight_restores_the_tracker(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "tab", "4", "tab", *"Guard", "enter")
        await pilot.press("i", "2", "0", "tab", "2", "0", "tab", "2", "0", "enter", "n")
        await pilot.pause()
        left = app.session.state.encounter
    again = StrangeApp(campaign_path=app.session.path, saves=app.saves)
    async with again.run_test(size=(80, 24)) as pilot:
        assert again.session.state.encounter == left
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(again.screen, CombatScreen)
        assert again.screen.query_one("DataTable").row_count == 4


# Add a level-3 thug, then roll initiative: Mara 15, Jun 5, Tess 9.
THUG_AND_INITIATIVE = ["c", "tab", "3", "tab", *"Thug", "enter"]
THUG_AND_INITIATIVE += ["i", "1", "5", "tab", "5", "tab", "9", "enter"]
# In the attack dialog, ctrl+f to the die, then "On a 20" (past the Area box and the trade),
# a stun, back to the die.
STUN_ON_20 = ["ctrl+f", *["shift+tab"] * 3, "enter", *["down"] * 3, "enter", *["tab"] * 3]


class TestCombatSnapshots:
    def test_tracker_80x24(self, tmp_path, snap_compare):
        app = party_app(tmp_path)
        assert snap_compare(app, terminal_size=(80, 24), press=THUG_AND_INITIATIVE)

    def test_tracker_120x40(self, tmp_path, snap_compare):
        app = party_app(tmp_path)
        assert snap_compare(app, terminal_size=(120, 40), press=THUG_AND_INITIATIVE)

    def test_attack_dialog_80x24(self, tmp_path, snap_compare):
        """The whole form, the odds and each face's damage fit at 80x24; a stun on a 20,
        a 17 typed and not yet rolled."""
        app = party_app(tmp_path)
        keys = [*THUG_AND_INITIATIVE, "a", *STUN_ON_20, *"17", "wait:300"]  # Repainted.
        assert snap_compare(app, terminal_size=(80, 24), press=keys)


async def test_marked_npcs_take_damage_together_less_their_armor(tmp_path):
    """Multi-select: space marks; h damages every marked NPC at once (Armor per NPC)."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "tab", "2", "tab", *"Thug", "tab", "3", "enter")
        await pilot.pause()
        ids = [c.id for c in encounter(app).npcs()]
        assert encounter(app).order[3:] == tuple(ids)  # the PCs first, then the thugs
        await pilot.press("down", "down", "down", "space", "down", "space")
        await pilot.press("h", "5", "enter")
        await pilot.pause()
        # Enter after the amount only reaches the buttons: a GM who meant to heal sees them.
        assert [encounter(app).combatants[i].health for i in ids] == [6, 6, 6]
        await pilot.press("tab", "enter")  # Heal is next to Damage: full health stays full.
        await pilot.pause()
        assert [encounter(app).combatants[i].health for i in ids] == [6, 6, 6]
        await pilot.press("h", "5", "enter", "enter")
        await pilot.pause()
        health = [encounter(app).combatants[i].health for i in ids]
        assert health == [1, 1, 6]
        await pilot.press("ctrl+z")
        assert [encounter(app).combatants[i].health for i in ids] == [6, 6, 6]


def shown(app: StrangeApp, selector: str) -> str:
    """What a widget of the screen shows, as plain text."""
    console = Console(width=76, record=True, file=io.StringIO())
    widget = app.screen.query_one(selector)
    console.print(widget.render() if isinstance(widget, TextPanel) else widget.content)
    return console.export_text()


def notices(app: StrangeApp) -> list[str]:
    return [notice.message for notice in app._notifications]


async def test_r_cmb_2_an_attack_with_an_effect_is_one_undo_step(tmp_path):
    """The 20's stun is chosen before the die; the preview shows what each face deals;
    roll, damage and stun are one command, and one ctrl+z takes all of it back."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE)
        await pilot.pause()
        before = app.session.state
        await pilot.press("a", *STUN_ON_20)
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        preview = shown(app, "#preview")
        assert "A hit    2 damage → Thug 7/9" in preview
        assert "17: +1 damage → 3 · 18: +2 damage → 4" in preview
        assert "19: +3 damage → 5 · 20: stun → 2 + stunned" in preview
        await pilot.press("2", "0", "enter")
        await pilot.pause()
        assert "hit!" in shown(app, "#result") and "2 damage + stunned" in shown(app, "#result")
        await pilot.press("enter")
        thug = encounter(app).combatants["thug"]
        assert thug.health == 7 and [c.name for c in thug.conditions] == ["stunned"]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.state == before
        undid = [n for n in notices(app) if n.startswith("Undid: Mara rolled 20")]
        assert undid and "Thug is stunned" in undid[0], notices(app)


async def test_r_spec_5_an_impaired_attacker_is_offered_no_effects(tmp_path):
    app = party_app(tmp_path, impaired=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "a")
        await pilot.pause()
        for face in (19, 20):
            select = app.screen.query_one(f"#on_{face}", Select)
            assert select.disabled and select.selection == "damage"
            assert shown(app, f"#on_{face} #label").strip() == "+1 damage"
        preview = shown(app, "#preview")
        assert "17: +1 damage → 3 · 18: +1 damage → 3" in preview
        assert "19: +1 damage → 3 · 20: +1 damage → 3" in preview
        assert "effect" not in preview


async def test_r_cmb_3_the_defense_shows_what_a_failure_does_and_does_it(tmp_path):
    """On the thug's turn, Mara (Might 2, Armor 1) defends against its 3: 2 after Armor,
    Might 0, impaired: shown before the die, done after it, one ctrl+z undoes it."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "n", "n", "d")
        await pilot.pause()
        assert "On a failure 3 damage − Armor 1 = 2: M0 S10 I8, impaired" in shown(app, "#preview")
        await pilot.press("ctrl+f", "2", "enter")
        await pilot.pause()
        assert "hit: 2 Might damage (3, less Armor 1). Mara is impaired." in shown(app, "#result")
        # The stakes the die was rolled against stay shown, not a next failure's.
        assert "On a failure 3 damage − Armor 1 = 2: M0 S10 I8, impaired" in shown(app, "#preview")
        mara = app.session.state.characters["mara"]
        assert (mara.pools.might.current, mara.track) == (0, DamageTrack.IMPAIRED)
        await pilot.press("enter", "ctrl+z")
        await pilot.pause()
        assert app.session.state.characters["mara"].pools.might.current == 2


async def test_a_natural_1_on_a_defense_says_the_hit_then_the_intrusion_on_its_own_line(
    tmp_path,
):
    """A typed 1 against the thug: the hit's sentences end where they end (Armor, Mara's
    track), and the GM's free intrusion is a line of its own under them."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "n", "n", "d")
        await pilot.pause()
        await pilot.press("ctrl+f", "1", "enter")
        await pilot.pause()
        lines = app.screen.query_one("#result").content.plain.splitlines()
        assert lines == [
            "d20: 1 — hit: 2 Might damage (3, less Armor 1). Mara is impaired.",
            "The GM intrudes, free of charge: no XP for it.",
        ]


async def test_previous_turn_undoes_whole_commands_and_says_what(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "n")
        await pilot.pause()
        # On Tess's turn: a condition on the thug, then back to Mara's turn.
        await pilot.press("down", "k", "ctrl+s")
        await pilot.pause()
        assert [c.name for c in encounter(app).combatants["thug"].conditions] == ["stunned"]
        await pilot.press("p")
        await pilot.pause()
        assert encounter(app).active.id == "mara"
        assert encounter(app).combatants["thug"].conditions == ()
        assert any("Undid: Thug is stunned" in n and "Undid: Next turn." in n for n in notices(app))
        await pilot.press("p")
        assert any("first turn of the fight" in n for n in notices(app))


async def test_a_condition_comes_off_with_ctrl_r(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "down", "down", "down", "k", "ctrl+s")
        await pilot.pause()
        assert encounter(app).combatants["jun"].conditions != ()
        await pilot.press("k", "ctrl+r")
        await pilot.pause()
        assert encounter(app).combatants["jun"].conditions == ()


async def test_no_fight_for_an_empty_party(tmp_path):
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Nobody")
    app = StrangeApp(campaign_path=folder.path, saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert not isinstance(app.screen, CombatScreen)
        assert app.session.state.encounter is None
        assert "No one to fight: the party is empty." in notices(app)


def cell(app: StrangeApp, row: str, column: str) -> str:
    """A cell of the tracker's order table, as plain text."""
    table = app.screen.query_one("DataTable")
    return str(table.get_cell(row, column))


async def test_r_cmb_4_the_tracker_shows_a_stunned_foe_losing_its_next_action(tmp_path):
    """Jun, who acts after the thug, stuns it: through round 2 the thug stays stunned; its
    turn says it loses its action and `d` is refused with that reason; after its turn,
    the stun is gone."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "n", "n", "n")  # Mara, Tess, Thug, Jun.
        await pilot.press("a", *STUN_ON_20, "2", "0", "enter", "enter")
        await pilot.pause()
        assert cell(app, "thug", "conditions") == "stunned 1"
        await pilot.press("n", "n", "n")  # Round 2: Mara, Tess, then the thug.
        await pilot.pause()
        assert cell(app, "thug", "conditions") == "stunned 1"
        detail = shown(app, "#detail")
        assert "Thug's turn" in detail and "Stunned: loses its action this turn" in detail
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)  # No defense dialog.
        assert "Thug is stunned and loses this turn." in notices(app)
        await pilot.press("n")
        await pilot.pause()
        assert cell(app, "thug", "conditions") == ""
        assert "Jun's turn" in shown(app, "#detail")


async def test_r_cmb_2_the_attack_dialog_reads_the_sheet(tmp_path):
    """Mara's own weapons (her pistol first, her knife, bare hands; not her flashlight),
    her training in guns, Gunner's +1, then two assets and a +2 bonus chosen."""
    app = party_app(
        tmp_path,
        equipment=("Heavy pistol", "Flashlight", "Combat knife"),
        abilities=("Gunner",),
        skills={"Guns": "trained"},
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "a")
        await pilot.pause()
        weapon = app.screen.query_one("#weapon", Select)
        assert shown(app, "#weapon #label").strip() == "Heavy pistol (medium 4)"
        options = weapon.query_one(OptionList)
        listed = [str(options.get_option_at_index(n).prompt) for n in range(options.option_count)]
        assert listed == ["Heavy pistol (medium 4)", "Combat knife (light 2)", "Unarmed (light 2)"]
        assert weapon.selection == "0"
        preview = shown(app, "#preview")
        assert "Demanding 3 → Standard 2" in preview and "Steps    −1 trained (Guns)" in preview
        assert "A hit    5 damage (Heavy pistol 4 + Gunner 1) → Thug 4/9" in preview
        # From the die back to the bonus (past Gun, Area, the trade, On a 20, On a 19): +2;
        # then two assets.
        await pilot.press("ctrl+f", *["shift+tab"] * 6, "backspace", "2")
        await pilot.press("shift+tab", "enter", "down", "down", "enter")
        await pilot.pause()
        preview = shown(app, "#preview")
        for step in ("−1 trained (Guns)", "−2 2 assets", "+2 to the die"):
            assert step in preview, step
        assert "Demanding 3 → Routine 0" in preview and "automatic success" in preview


async def test_r_cmb_2_a_hit_says_what_lands_then_why_with_the_target_s_armor(demo_app):
    """The demo's Mara against the pack's thug (Armor 1): the preview's hit says 5, the
    damage that lands, then what it is made of less the Armor (6 - 1), as the log will."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", *"thug", "ctrl+s", "i", "1", "5", "enter", "8", "enter")
        await pilot.press("1", "2", "enter", "a")
        await pilot.pause()
        preview = " ".join(shown(demo_app, "#preview").split())
        made_of = "Heavy pistol 4 + Combat Prowess (ranged) 1 + Gunner 1, less Armor 1"
        assert f"A hit 5 damage ({made_of}) → Thug 4/9" in preview


async def test_r_eff_5_an_area_attack_on_the_marked_npcs(tmp_path):
    """Two thugs marked, the Area box ticked, one level of Effort on damage: +2 to each
    (not +3). The preview shows the second target's odds; a 12 hits both."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "tab", "2", "tab", *"Thug", "tab", "backspace", "2", "enter")
        await pilot.press("i", "2", "0", "tab", "2", "0", "tab", "2", "0", "enter")
        await pilot.press("down", "down", "down", "space", "down", "space", "a")
        await pilot.pause()
        # From the die: Area (the Gun box is off for bare hands), then, past the bonus
        # and the assets (a 19 and a 20 are now damage only), Effort on damage.
        await pilot.press("ctrl+f", "shift+tab", "space")
        await pilot.press(*["shift+tab"] * 3, "enter", "down", "enter")
        await pilot.pause()
        preview = shown(app, "#preview")
        assert "A hit    4 damage (Unarmed 2 + Effort 1 (area) 2) → Thug 2 2/6" in preview
        assert "Also     Thug 1 (90%): 4 damage → 2/6" in preview
        await pilot.press(*["tab"] * 4, *"12", "enter")
        await pilot.pause()
        assert "hits every target!" in shown(app, "#result")
        health = [c.health for c in encounter(app).npcs()]
        assert health == [2, 2]


async def test_r_cmb_5_nine_creatures_as_a_swarm_make_two_swarms_and_one(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "tab", "2", "tab", *"Rats", "tab", "backspace", "9", "tab", "space")
        await pilot.pause()
        preview = shown(app, "#preview")
        assert "2 × level 3, health 9, damage 4, Armor 0: Rats swarm 1, 2" in preview
        assert "level 2, health 6, damage 2, Armor 0: Rats" in preview
        await pilot.press("ctrl+s")
        await pilot.pause()
        npcs = [(c.name, c.level, c.damage, c.swarm) for c in encounter(app).npcs()]
        assert npcs == [("Rats swarm 1", 3, 4, True), ("Rats swarm 2", 3, 4, True),
                        ("Rats", 2, 2, False)]  # fmt: skip
        assert cell(app, "rats-swarm", "name") == "Rats swarm 1 (swarm)"
        await pilot.press("plus", "tab", "2", "tab", *"Rats", "tab", "backspace", "3", "tab")
        await pilot.press("space")
        await pilot.pause()
        assert "3 cannot make one" in shown(app, "#preview")


async def test_r_dmg_4_a_debilitated_pc_can_only_move(tmp_path):
    """Mara, debilitated in the fight: no initiative roll for her (she comes after the
    thug), her turn says she can only move and `a` is refused with the reason; she
    cannot defend: the thug's attack simply hits."""
    events = (CombatStarted(pcs=("mara", "jun", "tess")), TrackShifted(character="mara", steps=2))
    app = party_app(tmp_path, events=events, pools=character("mara").pools)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "tab", "3", "tab", *"Thug", "enter", "i")
        await pilot.pause()
        assert "Mara: no roll. Mara is debilitated" in shown(app, "Static.unable")
        await pilot.press("2", "0", "tab", "2", "0", "enter")  # Jun and Tess.
        await pilot.pause()
        assert encounter(app).order == ("jun", "tess", "thug", "mara")
        await pilot.press("n", "n")
        await pilot.pause()
        # The thug attacks: Mara (highlighted) cannot defend; 3 less Armor 1.
        await pilot.press("down", "d")
        await pilot.pause()
        preview = shown(app, "#preview")
        assert "No roll Mara is debilitated and cannot defend: the attack hits" in preview
        assert "The hit 3 damage − Armor 1 = 2: M10 S10 I8, debilitated" in preview
        await pilot.press("ctrl+f", "enter", "enter")
        await pilot.pause()
        assert app.session.state.characters["mara"].pools.might.current == 10
        await pilot.press("n")
        await pilot.pause()
        detail = shown(app, "#detail")
        assert "Mara's turn" in detail
        assert "can only move, an immediate distance" in detail
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert any("can only move" in n for n in notices(app))


async def test_r_cmb_3_the_defense_dialog_takes_the_sheets_training(tmp_path):
    """Mara trained in Speed defense, unable in Might defense: the skill the dialog
    offers follows the sheet as the defense changes."""
    app = party_app(tmp_path, skills={"Speed defense": "trained", "Might defense": "inability"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "n", "n", "d")
        await pilot.pause()
        skill = app.screen.query_one("#skill", Select)
        assert skill.selection == "trained"
        assert "Demanding 3 → Standard 2" in shown(app, "#preview")
        await pilot.press("ctrl+f", *["shift+tab"] * 4, "enter", "up", "enter")
        await pilot.pause()
        assert skill.selection == "inability"
        assert "Demanding 3 → Difficult 4" in shown(app, "#preview")


async def test_r_cmb_3_a_defense_asked_of_the_seat_keeps_the_stakes_it_was_rolled_against(
    tmp_path,
):
    """Solo play: the thug acts, the app picks a PC, whose defense opens as a question.
    After a failed die the preview still says the failure's damage against the pools as
    they were, not a next failure's against the pools the hit left."""
    solo = SettingsChanged(settings=Settings(solo=True, solo_intrusions="off"))
    app = party_app(tmp_path, events=(solo,))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("tab", "3", "tab", *"Thug", "enter")
        await pilot.press("i", "1", "5", "tab", "5", "tab", "1", "2", "enter", "n", "n", "d")
        await pilot.pause()
        before = " ".join(shown(app, "#preview").split())
        assert "On a failure" in before
        await pilot.press("ctrl+f", "2", "enter")
        await pilot.pause()
        assert " ".join(shown(app, "#preview").split()) == before
