"""A Hunters table with seats, keys only where a person acts: the GM's window and Bea's on
one Hunters campaign. Bea's window opens on her hunter, offers her own roll and none of the
GM's keys (the key bar, Help, the palette); she rolls her own check with her dice (R-HUN-1)
and the GM's window shows it in the log within a second."""

import asyncio
import io
import time
from pathlib import Path

import pytest
from rich.console import Console
from textual._context import active_app
from textual.widgets import OptionList, Static

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.hunters import CreateHunter
from strange_tui.campaign.model.events import HunterRolled
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.actions import palette_commands
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.home.help import HelpScreen
from strange_tui.tui.home.log import LogScreen
from strange_tui.tui.hunters.home import HuntersHomeScreen
from strange_tui.tui.hunters.roll import HunterRollDialog

ROWAN, BEA = "rowan", "bea"
GM_KEYS = {"n", "d", "h", "a", "s"}
"""New hunter, damage, a complex challenge, time, stabilising: the GM's part."""


@pytest.fixture
def hunt(tmp_path) -> Path:
    """A Hunters campaign: Rowan (Firearms 4) first, Bea (Firearms 2)."""
    folder = CampaignFolder.create(tmp_path / "saves", "Night Watch", ruleset="hunters")
    store = folder.open()
    for command in (
        CreateHunter(name="Rowan", skills={"Firearms": 4}),
        CreateHunter(name="Bea", skills={"Firearms": 2}),
    ):
        store.apply(decide(store.state, command))
    return folder.path


def app_at(hunt: Path, seat: str = "gm") -> StrangeApp:
    return StrangeApp(campaign_path=hunt, saves=hunt.parent, seat=seat)


def bar_keys(app: StrangeApp) -> set[str]:
    return set(app.screen.query_one(KeyBar).shown_keys())


def screen_text(app: StrangeApp) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


def printed(widget: Static) -> str:
    """What a Static says, as a person reads it."""
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(widget.content)
    return " ".join(out.getvalue().split())


def log_lines(app: StrangeApp) -> list[str]:
    events = app.screen.query_one("#events", OptionList)
    return [str(events.get_option_at_index(i).prompt) for i in range(events.option_count)]


async def wait_for(condition, seconds: float = 5.0) -> float:
    """Poll until ``condition()`` holds (a window follows the others every 0.3 s); the
    seconds it took."""
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if condition():
            return time.perf_counter() - start
        await asyncio.sleep(0.02)
    raise AssertionError("the other window never caught up")


async def test_r_hun_1_bea_rolls_her_own_check_at_her_seat_and_the_gm_sees_it(hunt):
    gm, bea = app_at(hunt), app_at(hunt, BEA)
    async with gm.run_test(size=(80, 24)) as p_gm, bea.run_test(size=(80, 24)) as p_bea:
        await p_bea.pause()
        # Bea's window: the Hunters home, on her own hunter, marked, titled her seat's.
        assert isinstance(bea.screen, HuntersHomeScreen)
        party = bea.screen.query_one("#party", OptionList)
        assert party.get_option_at_index(party.highlighted).id == BEA
        text = screen_text(bea)
        assert "Bea's seat" in text and "Bea  (you)" in text
        # The GM watches the log.
        await p_gm.press("l")
        await p_gm.pause()
        assert isinstance(gm.screen, LogScreen)

        # Rowan highlighted, r is still Bea's own roll (she acts for no one else).
        await p_bea.press("up", "r")
        await p_bea.pause()
        assert isinstance(bea.screen, HunterRollDialog) and bea.screen.character_id == BEA
        assert "2d6 +0 vs CR 10 (average)" in str(bea.screen.query_one("#preview", Static).render())
        # Her skill (up the form from her dice), then her dice, and Enter rolls.
        await p_bea.press("enter", "down", "enter")  # Skill (where it opens): Firearms +2.
        await p_bea.pause()
        assert "2d6 +2 vs CR 10" in str(bea.screen.query_one("#preview", Static).render())
        await p_bea.press("ctrl+f", *"6,5", "enter")
        rolled_at = time.perf_counter()
        await p_bea.pause()
        roll = bea.session.journal()[-1]
        assert isinstance(roll, HunterRolled)
        assert (roll.hunter, roll.dice, roll.bonus, roll.seat) == (BEA, (6, 5), 2, BEA)
        assert "6 + 5 + 2 = 13: success, 2 degrees" in screen_text(bea)

        sentence = "Bea rolled 13 (6+5 +2) for Firearms against CR 10: success, 2 degrees."
        await wait_for(lambda: any(sentence in line for line in log_lines(gm)))
        took = time.perf_counter() - rolled_at
        print(f"\nBea's roll reached the GM's log {took:.2f} s after her Enter")
        assert took < 1.0
        # Back on the GM's Hunters home, the latest events say it too.
        await p_gm.press("escape")
        await p_gm.pause()
        assert sentence in str(gm.screen.query_one("#side").render())


async def test_the_gms_keys_are_not_offered_at_a_hunters_seat(hunt):
    """Bea's key bar, Help and palette offer her roll and the log, none of the GM's part;
    pressed anyway, those keys open nothing and change nothing. The GM's bar has them all."""
    gm, bea = app_at(hunt), app_at(hunt, BEA)
    async with gm.run_test(size=(80, 24)) as p_gm, bea.run_test(size=(80, 24)) as p_bea:
        await p_gm.pause()
        await p_bea.pause()
        assert GM_KEYS | {"r", "l"} <= bar_keys(gm)
        shown = bar_keys(bea)
        assert {"r", "l"} <= shown and not shown & GM_KEYS
        screen, seq = bea.screen, bea.session.state.seq
        for key in (*GM_KEYS, "o"):
            await p_bea.press(key)
            await p_bea.pause()
            assert bea.screen is screen and bea.session.state.seq == seq, key
        token = active_app.set(bea)
        try:
            entries = {entry.title for entry in palette_commands(bea, bea.screen)}
        finally:
            active_app.reset(token)
        assert {"Roll", "Log"} <= entries
        assert not entries & {"New hunter", "Damage", "Challenge", "Time", "Stabilise"}
        await p_bea.press("question_mark")
        await p_bea.pause()
        assert isinstance(bea.screen, HelpScreen)
        hunters = printed(bea.screen.query_one(f"#section-{bea.screen.current}", Static))
        assert "Hunters campaigns" in hunters and "2d6 + bonus" in hunters
        assert "New hunter" not in hunters and "Stabilise" not in hunters
