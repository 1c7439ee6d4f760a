"""`strange-tui serve` follows its campaign: a character made while it runs gets a seat,
its link printed on the server's console, without a restart; the links given before keep
working, and the new seat's websocket starts the app as that seat."""

import asyncio
import json
from pathlib import Path

from aiohttp import WSMsgType

from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.cli.serve.command import new_seats, table_seats
from strange_tui.demo.build import build_demo
from strange_tui.storage.folder import CampaignFolder
from tests.campaign.builders import character
from tests.serve.conftest import serving

WAIT = 10
"""How long the server may take to see the change (it looks every second)."""


async def until(condition, what: str) -> None:
    for _ in range(WAIT * 20):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


def test_only_a_character_without_a_seat_gets_a_new_one(tmp_path: Path):
    demo = build_demo(tmp_path).path
    state = CampaignFolder(demo).check()
    seats = table_seats(state)
    assert new_seats(state, seats) == []
    store = CampaignFolder(demo).open()
    store.dispatch(CharacterCreated(character=character("ana", name="Ana Reyes")))
    (added,) = new_seats(store.state, seats)
    assert (added.name, added.label, added.character) == ("ana", "Ana Reyes", "ana")
    assert added.token not in {seat.token for seat in seats}


async def test_a_character_made_while_serving_gets_a_link_without_a_restart(
    tmp_path: Path, capsys, fake_apps, started
):
    demo = build_demo(tmp_path).path
    async with serving(demo) as (client, seats, server):
        assert [seat.name for seat in server.seats] == ["gm", "mara", "jun", "tess"]
        # A window on the campaign (the GM's, say) makes a character meanwhile.
        store = CampaignFolder(demo).open()
        store.dispatch(CharacterCreated(character=character("ana", name="Ana Reyes")))
        await until(lambda: len(server.seats) == 5, "the server seated Ana")
        ana = server.seats[-1]
        assert (ana.name, ana.label) == ("ana", "Ana Reyes")
        printed = capsys.readouterr().out
        assert "A new seat" in printed and f"/{ana.token}/" in printed and "Ana Reyes" in printed
        page = await client.get(f"/{ana.token}/")
        assert page.status == 200 and "Ana Reyes" in await page.text()
        assert (await client.get(f"/{seats['mara'].token}/")).status == 200
        # Her link's websocket starts an app as her seat.
        websocket = await client.ws_connect(f"/{ana.token}/ws")
        first = await asyncio.wait_for(websocket.receive(), WAIT)
        assert first.type == WSMsgType.TEXT and json.loads(first.data)[0] == "instance_id"
        assert started[-1].seat == "ana"
        assert server.limits.total == 2 * 5  # Two windows a seat, one seat more.
        await websocket.close()
