"""The sheet's dialogs, keys only: each shows the model's preview before the player commits,
applies one command, and one ctrl+z takes the whole action back."""

from pathlib import Path

from msgspec.structs import replace

from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.campaign.model.state import Cypher
from strange_tui.campaign.model.terms import DamageTrack, Stat
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.cyphers import GainCypherDialog, UseCypherDialog
from strange_tui.tui.character.points import DamageDialog, PointsDialog
from strange_tui.tui.character.rest import RestDialog
from strange_tui.tui.character.sheet import SheetScreen
from tests.campaign.builders import character
from tests.tui.conftest import character_state


def app_with(tmp_path: Path, *people) -> StrangeApp:
    """A new campaign holding ``people`` (the first is highlighted on Home)."""
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Sheet")
    store = folder.open()
    for who in people:
        store.dispatch(CharacterCreated(character=who))
    return StrangeApp(campaign_path=folder.path, saves=saves)


def mara(**changes):
    """Mara: Might 12, Speed 10, Intellect 8, Armor 1, tier 1, cypher limit 2."""
    return character("mara", **changes)


def with_pools(who, **currents):
    pools = who.pools
    for name, current in currents.items():
        pools = pools.replace(Stat(name), pools[Stat(name)].with_current(current))
    return replace(who, pools=pools)


def preview_text(app: StrangeApp) -> str:
    return str(app.screen.query_one("#preview").content)


def notices(app: StrangeApp) -> list[str]:
    return [notice.message for notice in app._notifications]


async def test_r_dmg_2_damage_spills_over_as_previewed_and_one_undo_takes_it_back(tmp_path):
    """15 to Mara: Armor 1 stops 1; 14 taken: Might 12 → 0, the rest spills to Speed
    10 → 8; Might emptied: hale → impaired. Shown before, true after, one ctrl+z undoes."""
    app = app_with(tmp_path, mara(), character("jun"))
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.session.state
        await pilot.press("enter", "d")
        assert isinstance(app.screen, DamageDialog)
        await pilot.press("1", "5")
        await pilot.pause()
        shown = preview_text(app)
        for part in (
            "Armor 1 stops 1",
            "14 taken",
            "Spills over: Might takes 12, then Speed 2.",
            "Might 12 → 0/12",
            "Speed 10 → 8/10",
            "Track: hale → impaired",
        ):
            assert part in shown, shown
        assert app.session.state == before  # Nothing happens before the player commits.
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        after = character_state(app, "mara")
        assert (after.pools.might.current, after.pools.speed.current) == (0, 8)
        assert after.pools.intellect.current == 8 and after.track is DamageTrack.IMPAIRED
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.state == before
        undid = "Undid: Mara took 14 damage (15, less Armor 1): 12 Might, 2 Speed."
        assert any(n.startswith(undid) for n in notices(app)), notices(app)


async def test_r_rec_1_a_rest_shows_what_the_points_give_then_is_one_undo_step(tmp_path):
    """Mara at Might 8 rests: the typed d6 3 + 1 = 4, all suggested for Might (8 → 12);
    the clock moves one action. One ctrl+z undoes the rest, clock and all; the die, on
    record as soon as it showed, is a step of its own before it (the GM's to take back)."""
    app = app_with(tmp_path, with_pools(mara(), might=8))
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.session.state
        await pilot.press("enter", "s")
        assert isinstance(app.screen, RestDialog)
        intro = str(app.screen.query_one("Static").content)
        assert "Rest 1 of 4 today: one action" in intro and "d6 + 1" in intro
        await pilot.press("3", "enter")
        await pilot.pause()
        assert "d6 shows 3: 4 points to divide" in str(app.screen.query_one("#rolled").content)
        shown = preview_text(app)
        for part in ("Gives Might +4", "Might 8 → 12/12", "The clock moves on 1 round"):
            assert part in shown, shown
        rolled = app.session.state
        assert rolled.characters["mara"] == replace(before.characters["mara"], recovery_die=3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        state = app.session.state
        assert state.characters["mara"].pools.might.current == 12
        assert state.characters["mara"].rests_today == 1
        assert state.clock.seconds == before.clock.seconds + 6
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.state == rolled
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.state == before


async def test_r_rec_3_a_rest_may_buy_a_step_up_the_track(tmp_path):
    app = app_with(tmp_path, with_pools(mara(track=DamageTrack.IMPAIRED), might=6))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "2", "enter")
        await pilot.pause()
        app.screen.query_one("#track-step").focus()
        await pilot.press("space")
        await pilot.pause()
        assert "Track: impaired → hale" in preview_text(app)
        app.screen.query_one("#next").focus()
        await pilot.press("enter")
        await pilot.pause()
        who = character_state(app, "mara")
        assert who.track is DamageTrack.HALE and who.pools.might.current == 6


async def test_r_rec_1_a_dead_pc_cannot_rest(tmp_path):
    app = app_with(tmp_path, mara(track=DamageTrack.DEAD))
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.session.state
        await pilot.press("s")
        await pilot.pause()
        said = str(app.screen.query_one(".dialog Static").content)
        assert "Mara is dead, and dead is dead. No rest, no recovery roll." in said
        await pilot.press("4", "enter", "enter")
        await pilot.pause()
        assert app.session.state == before
        assert "Mara is dead, and dead is dead." in notices(app)


async def test_healing_a_pool_from_zero_previews_the_track_step_up(tmp_path):
    """Intellect 0 (impaired): heal 3 Intellect; the preview says what reduce does."""
    app = app_with(tmp_path, with_pools(mara(track=DamageTrack.IMPAIRED), intellect=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "h")
        assert isinstance(app.screen, PointsDialog)
        await pilot.press("3", "tab", "enter", "down", "down", "enter")
        await pilot.pause()
        shown = preview_text(app)
        assert "Intellect 0 → 3/8" in shown and "Track: impaired → hale" in shown, shown
        app.screen.query_one("#amount").focus()
        await pilot.press("enter")
        await pilot.pause()
        who = character_state(app, "mara")
        assert who.pools.intellect.current == 3 and who.track is DamageTrack.HALE


async def test_r_eff_6_spending_more_than_the_pool_is_shown_and_refused(tmp_path):
    app = app_with(tmp_path, mara())
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.session.state
        await pilot.press("enter", "p", "1", "3")
        await pilot.pause()
        assert "Might has 12 points; this action costs 13" in preview_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.state == before and isinstance(app.screen, PointsDialog)


async def test_r_cyp_1_gain_a_cypher_then_use_it_each_one_undo_step(tmp_path):
    """g: name one's own cypher, level 4: the load shows 0 → 1 of 2; gained. u, enter:
    used. Each ctrl+z takes back exactly one of them."""
    app = app_with(tmp_path, mara())
    async with app.run_test(size=(80, 24)) as pilot:
        start = app.session.state
        await pilot.press("enter", "g")
        assert isinstance(app.screen, GainCypherDialog)
        await pilot.press("tab", *"Glowbug", "tab", "4")
        await pilot.pause()
        shown = preview_text(app)
        assert "Glowbug: level 4, anoetic" in shown and "Carrying 0 of 2; after: 1" in shown
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert character_state(app, "mara").cyphers == (Cypher(name="Glowbug", level=4),)
        gained = app.session.state
        await pilot.press("u")
        assert isinstance(app.screen, UseCypherDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert character_state(app, "mara").cyphers == ()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.state == gained
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.state == start


async def test_r_cyp_1_a_cypher_from_the_packs_gets_a_level_from_its_formula(tmp_path):
    app = app_with(tmp_path, mara())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "g", "enter", "down", "enter")
        await pilot.pause()
        dialog = app.screen
        picked = dialog.cyphers[dialog.query_one("#pick").value]
        assert picked.name in preview_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        (cypher,) = character_state(app, "mara").cyphers
        assert cypher.name == picked.name
        assert cypher.occultic == (picked.kind == "occultic")
        low, _, plus = picked.level.partition("+")
        if "d" in low:
            sides = int(low.split("d")[1])
            assert 1 + int(plus or 0) <= cypher.level <= sides + int(plus or 0)
        else:
            assert cypher.level == int(picked.level)


async def test_r_cyp_1_a_random_discard_to_the_limit_is_one_undo_step(tmp_path):
    carried = tuple(Cypher(name=name) for name in ("A", "B", "C", "D"))
    app = app_with(tmp_path, mara(cyphers=carried))
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.session.state
        await pilot.press("enter", "u", "ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert len(character_state(app, "mara").cyphers) == 2
        assert any(n.startswith("Discarded: ") for n in notices(app))
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.state == before


async def test_notes_are_saved_in_one_step(tmp_path):
    app = app_with(tmp_path, mara())
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.session.state
        await pilot.press("enter", "e", *"Owes Jun", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert character_state(app, "mara").notes == "Owes Jun"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.state == before


async def test_r_cyp_1_over_the_limit_a_random_cypher_vanishes_at_once_in_one_step(tmp_path):
    """Mara (limit 2) carries A and B and picks up a third: the preview warns that a
    random cypher will vanish; one does, the notice names it, one ctrl+z brings all back."""
    carried = tuple(Cypher(name=name) for name in ("A", "B"))
    app = app_with(tmp_path, mara(cyphers=carried))
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.session.state
        await pilot.press("enter", "g", "tab", *"Glowbug", "tab", "4")
        await pilot.pause()
        assert "random cyphers vanish at once" in preview_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        left = [c.name for c in character_state(app, "mara").cyphers]
        assert len(left) == 2 and set(left) < {"A", "B", "Glowbug"}
        (gone,) = {"A", "B", "Glowbug"} - set(left)
        assert any(f"{gone} vanished" in n for n in notices(app))
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.state == before
