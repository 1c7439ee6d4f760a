"""R-DMG-1, R-DMG-2 in the defense dialog, keys only: a hit that empties Might goes on to
Speed, and the dialog names both pools, before the die (It lands) and after it (the
result), as the log does."""

from strange_tui.rules.pools import Stat
from tests.campaign.builders import character
from tests.tui.test_combat import THUG_AND_INITIATIVE, party_app, shown


async def test_r_dmg_1_r_dmg_2_the_defense_dialog_names_every_pool_a_hit_lands_on(tmp_path):
    """Mara at Might 1, Armor 1, against the thug's 3: 2 through Armor, 1 Might and 1
    Speed (the dialog used to say "hit: 2 Might damage")."""
    pools = character("mara").pools
    pools = pools.replace(Stat.MIGHT, pools.might.with_current(1))
    app = party_app(tmp_path, pools=pools)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "n", "n", "d")
        await pilot.pause()
        assert "It lands 1 Might, 1 Speed damage" in " ".join(shown(app, "#preview").split())
        await pilot.press("ctrl+f", "2", "enter")
        await pilot.pause()
        assert "hit: 1 Might, 1 Speed damage (3, less Armor 1)." in shown(app, "#result")
        mara = app.session.state.characters["mara"]
        assert (mara.pools.might.current, mara.pools.speed.current) == (0, 9)
