"""NPC health as each seat reads it, wherever it shows: the GM's seat in numbers, a
player's seat in words (unhurt, hurt, badly hurt, down) unless the GM shows the numbers
(the ``npc_health_shown`` setting). Jun's attack dialog, at his window, says what a hit
leaves of Thug 1 in words, as his tracker does, before and after his die; the GM's attack
dialog in numbers; an area attack's further targets the same. Keys only where a person
acts; the GM's side of the fight is set up by a GM's window as another process holds it."""

import io
from functools import partial
from pathlib import Path

import pytest
from rich.console import Console

from strange_tui.campaign.commands.combat import (
    AddNpcs,
    Attack,
    DamageNpcs,
    RollInitiative,
    StartCombat,
)
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.model.npc_health import health_seen
from strange_tui.campaign.model.seats import GM
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.combat.attack import AttackDialog
from strange_tui.tui.combat.tables import attack_table
from strange_tui.tui.common.session import Session
from tests.demo_copy import fresh_demo
from tests.tui.test_seats_prompts import SIZE, text_of, wait_for

MARA, JUN, TESS = "mara-quist", "jun-okafor", "tess-harrow"
WORDS = ("unhurt", "hurt", "badly hurt", "down")


@pytest.fixture
def demo(tmp_path) -> Path:
    return fresh_demo(tmp_path)


def jun_first(demo: Path) -> Session:
    """Two level-3 thugs (9 health each), Thug 1 at 8; Jun alone beats their level: his
    turn. The GM's window, as another process holds it."""
    gm = Session.open(demo, demo.parent)
    gm.run(StartCombat())
    gm.run(AddNpcs(name="Thug", level=3, count=2))
    gm.run(RollInitiative(dice={JUN: 20, MARA: 2, TESS: 2}))
    gm.run(DamageNpcs(targets=("thug",), amount=1))
    assert gm.state.encounter.active.id == JUN
    return gm


async def open_attack(app: StrangeApp, pilot) -> None:
    """Home (from a player's sheet, escape), the tracker (c), the attack (a)."""
    if app.seat != GM:
        await pilot.press("escape")
        await pilot.pause()
    await pilot.press("c")
    await pilot.pause()
    await pilot.press("a")
    await wait_for(lambda: isinstance(app.screen, AttackDialog))
    await pilot.pause()


def after_the_hit(app: StrangeApp) -> str:
    """What the preview's hit leaves of Thug 1 ('hurt', '6/9')."""
    preview = text_of(app, "#preview")
    return preview.split("→ Thug 1 ", 1)[1].split(" ")[0]


async def test_jun_attack_dialog_says_thug_1s_health_in_words_the_gms_in_numbers(demo):
    jun_first(demo)
    gm = StrangeApp(campaign_path=demo, saves=demo.parent)
    jun = StrangeApp(campaign_path=demo, saves=demo.parent, seat=JUN)
    async with gm.run_test(size=SIZE) as p_gm, jun.run_test(size=SIZE) as p_jun:
        await open_attack(jun, p_jun)
        preview = text_of(jun, "#preview")
        assert "/9" not in preview
        assert any(f"→ Thug 1 {word}" in preview for word in WORDS), preview
        await open_attack(gm, p_gm)
        assert after_the_hit(gm).endswith("/9")  # The GM's seat: the numbers.

        await p_jun.press("ctrl+f", "1", "5", "enter")  # A hit: the result says it too.
        await p_jun.pause()
        result = text_of(jun, "#result")
        assert "hit!" in result and "/9" not in result
        assert any(f"→ Thug 1 {word}" in result for word in WORDS), result


def table_text(table) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(table)
    return " ".join(out.getvalue().split())


def test_an_area_attacks_further_targets_read_in_words_at_a_players_seat(demo):
    """An area attack's 'Also' lines (each further target's health after the hit): in
    words at Jun's seat, in numbers at the GM's, and at Jun's once the GM shows them."""
    gm = jun_first(demo)
    area = Attack(character=JUN, target="thug", others=("thug-2",), area=True, by=JUN)
    preview = gm.preview(area)
    at_jun = table_text(attack_table(preview, partial(health_seen, gm.state, JUN)))
    at_gm = table_text(attack_table(preview, partial(health_seen, gm.state, GM)))
    assert "/9" not in at_jun and "Also" in at_jun
    assert any(f"→ {word}" in at_jun for word in WORDS), at_jun
    assert at_gm.count("/9") == 2  # Thug 1's hit and Thug 2's.
    gm.run(ChangeSettings(npc_health_shown=True))
    shown = table_text(attack_table(preview, partial(health_seen, gm.state, JUN)))
    assert shown == at_gm
