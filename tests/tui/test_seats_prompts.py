"""Questions that travel to a player's seat, with a GM's app and players' apps on
one copy of the demo, keys only where a person acts (commands set the table up): the
initiative rolled at each seat, an NPC's attack answered as a defense roll at the player's
seat, an intrusion offered and accepted, the GM answering for an absent player or taking a
question back, and a seat that gets nothing of another seat's question."""

import asyncio
import io
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from rich.console import Console
from textual._context import active_app
from textual.widgets import DataTable, Input, Select, Static

from strange_tui.campaign.commands.combat import (
    AddNpcs,
    Defend,
    NextTurn,
    RollInitiative,
    StartCombat,
)
from strange_tui.campaign.commands.rolls.intrusion import GmIntrusion
from strange_tui.campaign.commands.table.questions import AskDefense, OfferIntrusion
from strange_tui.campaign.model.events import (
    DamageTaken,
    InitiativeCast,
    InitiativeRolled,
    IntrusionAccepted,
    PromptClosed,
    PromptRaised,
    RollMade,
)
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.combat.tracker import CombatScreen
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.common.session import Refused
from strange_tui.tui.common.waiting import Waiting
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.home.log import LogScreen
from strange_tui.tui.rolls.intrusion import IntrusionDialog
from strange_tui.tui.rolls.roll import RollDialog
from strange_tui.tui.table.answer import DefenseAnswer, InitiativeAnswer, IntrusionAnswer
from strange_tui.tui.table.questions import QuestionsDialog
from tests.demo_copy import fresh_demo

MARA, JUN, TESS = "mara-quist", "jun-okafor", "tess-harrow"
SIZE = (100, 30)


@pytest.fixture
def demo(tmp_path) -> Path:
    return fresh_demo(tmp_path)


def gm_app(demo: Path) -> StrangeApp:
    return StrangeApp(campaign_path=demo, saves=demo.parent)


def seat_app(demo: Path, seat: str) -> StrangeApp:
    return StrangeApp(campaign_path=demo, saves=demo.parent, seat=seat)


async def wait_for(condition, seconds: float = 5.0) -> float:
    """Poll until ``condition()`` holds (the other window follows every 0.3 s); the time
    it took."""
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if condition():
            return time.perf_counter() - start
        await asyncio.sleep(0.02)
    raise AssertionError("the other window never caught up")


@contextmanager
def acting(app: StrangeApp) -> Iterator[None]:
    """Code run from the test itself as ``app``'s (Textual finds "the app" in a context
    variable, which the test's own code shares with the last app started)."""
    token = active_app.set(app)
    try:
        yield
    finally:
        active_app.reset(token)


def run(app: StrangeApp, command) -> None:
    """A command the test sends from ``app``'s window (setting the table up)."""
    with acting(app):
        assert app.run_command(command)


def text_of(app: StrangeApp, selector: str = "Static") -> str:
    """What the widgets ``selector`` matches on the top screen say, as a player reads it."""
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    for widget in app.screen.query(selector):
        if isinstance(widget, Static):
            console.print(widget.content)
    return " ".join(out.getvalue().split())


def table_text(app: StrangeApp) -> str:
    """The combat tracker's order table, as shown."""
    table = app.screen.query_one(DataTable)
    return " ".join(
        str(cell) for row in range(table.row_count) for cell in table.get_row_at(row)
    )


def waiting_line(app: StrangeApp) -> str:
    """The Waiting line of the campaign screen on top ('' when hidden)."""
    waits = app.screen.query(Waiting)
    shown = [w for w in waits if w.display and w.has_class("-waiting")]
    return " ".join(str(w.render()) for w in shown)


def skill_choices(app: StrangeApp) -> list[str]:
    """The training choices the dialog on top offers (R-TASK-9), as labelled."""
    return [str(label) for label, _ in app.screen.query_one("#skill", Select)._options]


def notes(app: StrangeApp) -> str:
    return " ".join(f"{n.title}: {n.message}" for n in app._notifications)


def bar_keys(app: StrangeApp) -> list[str]:
    return app.screen.query_one(KeyBar).shown_keys()


def questions_key(app: StrangeApp) -> str | None:
    """What ! does on the screen on top now (the key bar's words for it), if anything."""
    with acting(app):
        active = app.screen.active_bindings.get("exclamation_mark")
    return active.binding.description if active is not None else None


def set_up_fight(app: StrangeApp, initiative: bool = False) -> None:
    """A level-3 thug (target 9, damage 3); with ``initiative``, Mara 15, Jun 5, Tess 9 (Mara,
    Tess, the thug, Jun) and on to the thug's turn."""
    run(app, StartCombat())
    run(app, AddNpcs(name="Thug", level=3))
    if initiative:
        run(app, RollInitiative(dice={MARA: 15, JUN: 5, TESS: 9}))
        run(app, NextTurn())
        run(app, NextTurn())
        assert app.session.state.encounter.active.id == "thug"


async def test_initiative_is_rolled_at_each_seat(demo):
    """The GM asks each seat (i, ctrl+o); Mara's and Jun's windows open their own roll, with
    the odds and who is still to roll; each types a die. Tess is absent: the GM's initiative
    dialog shows the two dice cast, fixed, and rolls only hers. The order is set everywhere."""
    gm, mara, jun = gm_app(demo), seat_app(demo, MARA), seat_app(demo, JUN)
    async with (
        gm.run_test(size=SIZE) as p_gm,
        mara.run_test(size=SIZE) as p_mara,
        jun.run_test(size=SIZE) as p_jun,
    ):
        set_up_fight(gm)
        await p_gm.press("c")
        await p_gm.pause()
        assert isinstance(gm.screen, CombatScreen)
        await p_gm.press("i")
        await p_gm.pause()
        await p_gm.press("ctrl+o")  # Ask each seat.
        asked = time.perf_counter()
        await p_gm.pause()
        assert isinstance(gm.screen, CombatScreen)
        assert len(gm.session.state.prompts) == 3

        await wait_for(lambda: isinstance(mara.screen, InitiativeAnswer))
        took = time.perf_counter() - asked
        print(f"\ninitiative question reached Mara's window {took:.2f} s after the key")
        assert took < 5
        await wait_for(lambda: isinstance(jun.screen, InitiativeAnswer))
        await p_mara.pause()
        assert "Speed" in text_of(mara, "#preview") and "%" in text_of(mara, "#preview")
        assert "Still to roll at their seats: Jun Okafor, Tess Harrow" in text_of(mara)

        # Mara types her die: the focus starts off the die, so ctrl+f first.
        await p_mara.press("enter")  # On Close: closes, rolls nothing; ! reopens it.
        await p_mara.pause()
        assert isinstance(mara.screen, SheetScreen) and "exclamation_mark" in bar_keys(mara)
        assert questions_key(mara) == "Questions"
        assert not mara.session.state.encounter.cast
        await p_mara.press("exclamation_mark")
        await p_mara.pause()
        assert isinstance(mara.screen, InitiativeAnswer)
        await p_mara.press("ctrl+f", "1", "5", "enter")
        await p_mara.pause()
        cast = [e for e in mara.session.journal() if isinstance(e, InitiativeCast)]
        assert cast[-1].character == MARA and cast[-1].die == 15 and not cast[-1].app_rolled
        assert "d20: 15" in text_of(mara, "#result")
        await p_mara.press("enter")  # Done.
        await p_mara.pause()
        assert isinstance(mara.screen, SheetScreen)

        await wait_for(lambda: MARA in jun.session.state.encounter.cast)
        assert "Still to roll at their seats: Tess Harrow" in text_of(jun)
        await p_jun.press("ctrl+f", "5", "enter")
        await p_jun.pause()

        # The GM rolls for the absent Tess: the two seats' dice are fixed in the dialog.
        await wait_for(lambda: set(gm.session.state.encounter.cast) == {MARA, JUN})
        await p_gm.press("i")
        await p_gm.pause()
        assert not gm.screen.query("#die-mara-quist") and not gm.screen.query("#die-jun-okafor")
        assert "15 rolled at the seat" in text_of(gm, "#cast-mara-quist")
        assert gm.focused.id == "die-tess-harrow"
        await p_gm.press("9", "enter")
        await p_gm.pause()
        rolled = gm.session.journal()[-1]
        assert isinstance(rolled, InitiativeRolled)
        assert rolled.dice == {MARA: 15, JUN: 5, TESS: 9}
        assert set(rolled.app_rolled) == set()
        assert not gm.session.state.prompts
        order = gm.session.state.encounter.order
        assert order == (MARA, TESS, "thug", JUN)
        for app in (mara, jun):
            await wait_for(lambda app=app: app.session.state.encounter.order == order)
        # Jun's dialog, still showing his die, says so as well.
        assert isinstance(jun.screen, InitiativeAnswer) and jun.screen.done
        await wait_for(lambda: "the order is set" in text_of(jun, "#others"))


async def test_the_last_die_cast_at_a_seat_sets_the_order(demo):
    """Every PC at a seat: the last die sets the order, and the GM's open initiative dialog
    shows the dice as they come, then closes and says so."""
    gm = gm_app(demo)
    seats = {pc: seat_app(demo, pc) for pc in (MARA, JUN, TESS)}
    async with (
        gm.run_test(size=SIZE) as p_gm,
        seats[MARA].run_test(size=SIZE) as p_mara,
        seats[JUN].run_test(size=SIZE) as p_jun,
        seats[TESS].run_test(size=SIZE) as p_tess,
    ):
        set_up_fight(gm)
        await p_gm.press("c", "i", "ctrl+o")
        await p_gm.pause()
        await p_gm.press("i")  # The GM watches the dice arrive.
        for pc, pilot, die in ((MARA, p_mara, "12"), (JUN, p_jun, "3")):
            await wait_for(lambda pc=pc: isinstance(seats[pc].screen, InitiativeAnswer))
            await pilot.pause()
            await pilot.press("ctrl+f", *die, "enter")
            await pilot.pause()
        await wait_for(lambda: bool(gm.screen.query("#cast-jun-okafor")))
        assert "12 rolled at the seat" in text_of(gm, "#cast-mara-quist")
        await wait_for(lambda: isinstance(seats[TESS].screen, InitiativeAnswer))
        await p_tess.pause()
        await p_tess.press("ctrl+f", "1", "8", "enter")
        await p_tess.pause()
        assert "acts before the NPCs" in text_of(seats[TESS], "#result")
        await wait_for(lambda: isinstance(gm.screen, CombatScreen))
        await wait_for(lambda: "the order is set" in notes(gm))
        rolled = [e for e in gm.session.journal() if isinstance(e, InitiativeRolled)][-1]
        assert rolled.dice == {MARA: 12, JUN: 3, TESS: 18}


async def test_an_npc_attack_is_answered_at_the_players_seat(demo):
    """The GM (combat screen: the cursor on Mara, d, ctrl+o) asks Mara's seat; her window
    opens the defense with the odds and what a failure does; she types a 3. The damage lands
    on her sheet in both windows, the GM's tracker shows her pools, and the GM's Waiting
    line shows while she rolls and clears after."""
    gm, mara = gm_app(demo), seat_app(demo, MARA)
    async with gm.run_test(size=SIZE) as p_gm, mara.run_test(size=SIZE) as p_mara:
        set_up_fight(gm, initiative=True)
        might = gm.session.state.characters[MARA].pools.might.current
        await p_gm.press("c")
        await p_gm.pause()
        await p_gm.press("up", "up", "d")  # From the thug's row up to Mara's.
        await p_gm.pause()
        assert gm.screen.query_one("#pc").value == MARA
        assert str(gm.screen.query_one("#ask").label) == "Ask the seat"
        # R-TASK-9: the GM's seat may grant any training; Mara's offers what her sheet has.
        assert "Specialized" in skill_choices(gm)
        await p_gm.press("ctrl+o")
        asked = time.perf_counter()
        await p_gm.pause()
        assert isinstance(gm.screen, CombatScreen)
        asked_only = gm.session.journal()[-1]
        assert isinstance(asked_only, PromptRaised) and asked_only.batch == 0  # No roll here.
        assert "Mara Quist — defense against Thug (Speed)" in waiting_line(gm)

        await wait_for(lambda: isinstance(mara.screen, DefenseAnswer))
        took = time.perf_counter() - asked
        print(f"\ndefense question reached Mara's window {took:.2f} s after the key")
        assert took < 5
        await p_mara.pause()
        dialog = mara.screen
        assert dialog.query_one("#pc").disabled and dialog.query_one("#stat").disabled
        preview = text_of(mara, "#preview")
        assert "Odds" in preview and "target" in preview and "On a failure" in preview
        assert mara.focused.id == "skill"  # Not the die: a stray Enter rolls nothing.
        # Her sheet trains her in Might defense only: a Speed defense has none to claim.
        assert skill_choices(mara) == ["Untrained", "Inability"]
        await p_mara.press("ctrl+f", "3", "enter")
        await p_mara.pause()
        hit = [e for e in mara.session.journal() if isinstance(e, DamageTaken)][-1]
        assert hit.character == MARA and hit.source == "Thug"
        assert "hit: " in text_of(mara, "#result")
        after = mara.session.state.characters[MARA].pools.might.current
        assert after < might
        await p_mara.press("enter")  # Done.
        await p_mara.pause()
        assert isinstance(mara.screen, SheetScreen)
        assert f"{after}/" in text_of(mara, "#stats-body") or str(after) in text_of(mara)

        await wait_for(lambda: not gm.session.state.prompts)
        assert gm.session.state.characters[MARA].pools.might.current == after
        await p_gm.pause()
        assert f"M{after} " in table_text(gm)
        assert waiting_line(gm) == ""
        await wait_for(lambda: "Answered at Mara Quist's seat" in notes(gm))


async def test_an_intrusion_offered_at_the_gms_seat_is_accepted_at_the_players(demo):
    """Home, Mara highlighted: i, the complication typed (its ! is a letter, not the
    Questions key), ctrl+o offers it; Mara's window opens it with the XP it brings, ctrl+s
    accepts and gives Jun his XP. The XP changes in both windows."""
    gm, mara = gm_app(demo), seat_app(demo, MARA)
    async with gm.run_test(size=SIZE) as p_gm, mara.run_test(size=SIZE) as p_mara:
        xp = {cid: c.xp for cid, c in gm.session.state.characters.items()}
        # A question already waits (Tess's intrusion): ! would open the GM's list, were it
        # not typed into a text field.
        run(gm, OfferIntrusion(character=TESS, what="A rope snaps."))
        await p_gm.pause()
        assert "exclamation_mark" in bar_keys(gm) and questions_key(gm) == "Questions"
        await p_gm.press("i")
        await p_gm.pause()
        assert isinstance(gm.screen, IntrusionDialog)
        await p_gm.press(*"The floor gives way!")
        await p_gm.pause()
        assert isinstance(gm.screen, IntrusionDialog)
        assert gm.screen.query_one("#what", Input).value == "The floor gives way!"
        await p_gm.press("ctrl+o")
        await p_gm.pause()
        assert isinstance(gm.screen, HomeScreen)
        offer = gm.session.state.prompts[-1]
        assert offer.character == MARA and offer.what == "The floor gives way!"

        await wait_for(lambda: isinstance(mara.screen, IntrusionAnswer))
        await p_mara.pause()
        shown = text_of(mara)
        assert "The floor gives way" in shown
        assert f"Mara Quist {xp[MARA]} → {xp[MARA] + 1} XP" in shown
        await p_mara.press(*"yes")  # No letter answers.
        await p_mara.pause()
        assert isinstance(mara.screen, IntrusionAnswer) and len(mara.session.state.prompts) == 2
        await p_mara.press("ctrl+s")
        await p_mara.pause()
        accepted = mara.session.journal()[-2]
        assert isinstance(accepted, IntrusionAccepted) and accepted.given_to == JUN
        assert accepted.what == "The floor gives way!"
        assert isinstance(mara.screen, SheetScreen)
        await wait_for(lambda: len(gm.session.state.prompts) == 1)
        for app in (gm, mara):
            characters = app.session.state.characters
            assert characters[MARA].xp == xp[MARA] + 1 and characters[JUN].xp == xp[JUN] + 1
        assert questions_key(mara) != "Questions"  # Tess's question is not Mara's.


async def test_the_gm_answers_for_an_absent_player_and_takes_a_question_back(demo):
    """w on the GM's Home lists the open questions: enter answers Mara's defense from the
    GM's seat (her open dialog closes, and she is told); delete takes Jun's intrusion back
    (his dialog closes, and he is told)."""
    gm, mara, jun = gm_app(demo), seat_app(demo, MARA), seat_app(demo, JUN)
    async with (
        gm.run_test(size=SIZE) as p_gm,
        mara.run_test(size=SIZE),
        jun.run_test(size=SIZE),
    ):
        set_up_fight(gm, initiative=True)
        run(gm, AskDefense(character=MARA, npc="thug"))
        run(gm, OfferIntrusion(character=JUN, what="The lights go out."))
        await wait_for(lambda: isinstance(mara.screen, DefenseAnswer))
        await wait_for(lambda: isinstance(jun.screen, IntrusionAnswer))
        await p_gm.pause()
        assert "exclamation_mark" in bar_keys(gm) and questions_key(gm) == "Questions"
        await p_gm.press("exclamation_mark")
        await p_gm.pause()
        assert isinstance(gm.screen, QuestionsDialog)
        listed = text_of(gm) + " " + " ".join(
            str(o.prompt) for o in gm.screen.query_one("#questions")._options
        )
        assert "Mara Quist — defense against Thug (Speed)" in listed
        assert "Jun Okafor — intrusion: The lights go out." in listed
        await p_gm.press("enter")  # Mara's defense, from the GM's seat.
        await p_gm.pause()
        assert isinstance(gm.screen, DefenseAnswer)
        title = str(gm.screen.query_one(".dialog").border_title)
        assert "Mara Quist's defense (from the GM's seat)" in title
        await p_gm.press("ctrl+f", "2", "0", "enter")
        await p_gm.pause()
        defense = [e for e in gm.session.journal() if isinstance(e, RollMade)][-1]
        assert defense.die == 20 and defense.character == MARA and defense.success
        await p_gm.press("enter")
        await p_gm.pause()
        assert isinstance(gm.screen, HomeScreen)
        await wait_for(lambda: isinstance(mara.screen, SheetScreen))
        await wait_for(lambda: "The GM answered for you" in notes(mara))

        await p_gm.press("exclamation_mark")
        await p_gm.pause()
        assert isinstance(gm.screen, QuestionsDialog)
        await p_gm.press("delete")
        await p_gm.pause()
        closed = gm.session.journal()[-1]
        assert isinstance(closed, PromptClosed) and closed.withdrawn
        assert not gm.session.state.prompts
        assert isinstance(gm.screen, HomeScreen)  # Nothing left to list.
        assert questions_key(gm) is None  # No question left: no key.
        await wait_for(lambda: isinstance(jun.screen, SheetScreen))
        await wait_for(lambda: "The GM took back the question" in notes(jun))
        assert jun.session.state.characters[JUN].xp == gm.session.state.characters[JUN].xp


async def test_a_question_waits_while_the_player_is_busy_and_never_reaches_another_seat(demo):
    """Mara is in a roll dialog when her defense is asked: she is told, and it opens when
    she is back on her sheet. Jun's window gets nothing of it: ! is no key of his, his keys
    on the log bring nothing, and the model refuses him Mara's answer."""
    gm, mara, jun = gm_app(demo), seat_app(demo, MARA), seat_app(demo, JUN)
    async with (
        gm.run_test(size=SIZE),
        mara.run_test(size=SIZE) as p_mara,
        jun.run_test(size=SIZE) as p_jun,
    ):
        set_up_fight(gm, initiative=True)
        await p_mara.press("r")
        await p_mara.pause()
        assert isinstance(mara.screen, RollDialog)
        await p_jun.press("escape", "l")
        await p_jun.pause()
        assert isinstance(jun.screen, LogScreen)

        run(gm, AskDefense(character=MARA, npc="thug"))
        await wait_for(lambda: "waits for you" in notes(mara))
        assert isinstance(mara.screen, RollDialog)  # Not pushed over her roll.
        await p_mara.press("escape")
        await p_mara.pause()
        await wait_for(lambda: isinstance(mara.screen, DefenseAnswer))

        await wait_for(lambda: bool(jun.session.state.prompts))
        await p_jun.pause()
        before = jun.session.state
        assert questions_key(jun) is None and not jun.prompt_desk.can_act()
        await p_jun.press("exclamation_mark", "ctrl+s", "ctrl+r", "ctrl+f", "enter")
        await p_jun.pause()
        assert isinstance(jun.screen, LogScreen)
        assert jun.session.state == before
        with pytest.raises(Refused):
            jun.session.run(GmIntrusion(character=MARA))
        with pytest.raises(Refused):
            jun.session.run(Defend(character=MARA, npc="thug", die=20))
        assert not any(
            isinstance(s, (DefenseAnswer, QuestionsDialog)) for s in jun.screen_stack
        )


async def test_a_question_the_table_moves_past_closes_at_the_seat(demo):
    """The GM moves the turn on while Mara's defense waits: the question is dropped, her
    dialog closes and she is told why; her own answer, later, is never called dropped."""
    gm, mara = gm_app(demo), seat_app(demo, MARA)
    async with gm.run_test(size=SIZE), mara.run_test(size=SIZE) as p_mara:
        set_up_fight(gm, initiative=True)
        run(gm, AskDefense(character=MARA, npc="thug"))
        await wait_for(lambda: isinstance(mara.screen, DefenseAnswer))
        run(gm, NextTurn())
        assert not gm.session.state.prompts
        await wait_for(lambda: isinstance(mara.screen, SheetScreen))
        await wait_for(lambda: "Question dropped" in notes(mara))
        assert "defense against Thug" in notes(mara)

        run(gm, OfferIntrusion(character=MARA, what="A dog barks."))
        await wait_for(lambda: isinstance(mara.screen, IntrusionAnswer))
        await p_mara.pause()
        await p_mara.press("ctrl+r")  # Refused: -1 XP.
        await p_mara.pause()
        assert isinstance(mara.screen, SheetScreen) and not mara.session.state.prompts
        assert notes(mara).count("Question dropped") == 1


async def test_the_questions_and_their_answers_are_usable_at_40x12(demo):
    """At 40x12 Tab brings every field and button of each answer dialog into view, and of
    the GM's initiative dialog and list of questions."""
    from tests.tui.test_layout import tab_through

    gm, mara = gm_app(demo), seat_app(demo, MARA)
    hidden: list[str] = []
    async with gm.run_test(size=(40, 12)) as p_gm, mara.run_test(size=(40, 12)) as p_mara:
        set_up_fight(gm)
        await p_gm.press("c", "i")
        await p_gm.pause()
        hidden += await tab_through(p_gm)
        await p_gm.press("ctrl+o")
        await wait_for(lambda: isinstance(mara.screen, InitiativeAnswer))
        await p_mara.pause()
        hidden += await tab_through(p_mara)
        await p_mara.press("ctrl+f", "1", "5", "enter")
        # Home: the questions left (Jun's and Tess's).
        await p_gm.press("escape", "exclamation_mark")
        await p_gm.pause()
        assert isinstance(gm.screen, QuestionsDialog)
        hidden += await tab_through(p_gm)
        await p_gm.press("escape")
        run(gm, RollInitiative(dice={JUN: 5, TESS: 9}))
        run(gm, NextTurn())
        run(gm, NextTurn())
        run(gm, AskDefense(character=MARA, npc="thug"))
        await p_mara.press("enter")  # Done with the initiative.
        await wait_for(lambda: isinstance(mara.screen, DefenseAnswer))
        await p_mara.pause()
        hidden += await tab_through(p_mara)
        await p_mara.press("escape")
        run(gm, OfferIntrusion(character=MARA, what="The floor gives way."))
        await wait_for(lambda: isinstance(mara.screen, IntrusionAnswer))
        await p_mara.pause()
        hidden += await tab_through(p_mara)
    assert not hidden, "\n".join(hidden)


async def test_a_seat_that_drops_and_comes_back_finds_its_question_waiting(demo):
    """Mara's window closes (a dropped SSH line, a browser reload) while the GM asks her
    seat for a defense roll; when it opens again, on the table as it is, the question opens
    at once, and her answer closes it for the GM too."""
    gm = gm_app(demo)
    async with gm.run_test(size=SIZE) as p_gm:
        set_up_fight(gm, initiative=True)
        mara = seat_app(demo, MARA)
        async with mara.run_test(size=SIZE):
            pass  # She was here, then dropped.
        thug = next(c.id for c in gm.session.state.encounter.npcs())
        run(gm, AskDefense(character=MARA, npc=thug))
        back = seat_app(demo, MARA)
        async with back.run_test(size=SIZE) as p_back:
            await wait_for(lambda: isinstance(back.screen, DefenseAnswer))
            await p_back.press("ctrl+f", "18", "enter")
            await p_back.pause()
            await wait_for(lambda: not gm.session.state.prompts)
            await p_gm.pause()
            assert waiting_line(gm) == ""
