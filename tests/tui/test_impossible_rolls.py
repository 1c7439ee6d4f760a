"""Impossible rolls are said, not made, keys only (commands set a fight up): a roll, an
attack, a defense or a translation at 0% says it cannot succeed and asks before it spends
anything (escape or n: nothing changes; y: it is rolled); and at 80x24 the odds of every
roll dialog and of each translation step are on screen without scrolling."""

import io
from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from textual._context import active_app

from strange_tui.campaign.commands.combat import AddNpcs, NextTurn, RollInitiative, StartCombat
from strange_tui.campaign.model.events import RollMade, TranslationMade
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.combat.attack import AttackDialog, DefenseDialog
from strange_tui.tui.combat.tracker import CombatScreen
from strange_tui.tui.common.impossible import ImpossibleRoll
from strange_tui.tui.rolls.roll import RollDialog
from strange_tui.tui.translation.wizard import ROLL, TranslationScreen

MARA, JUN, TESS = "mara-quist", "jun-okafor", "tess-harrow"
SIZE = (80, 24)


@contextmanager
def acting(app: StrangeApp) -> Iterator[None]:
    token = active_app.set(app)
    try:
        yield
    finally:
        active_app.reset(token)


def run(app: StrangeApp, command) -> None:
    """A command the test sends from the window (setting the table up)."""
    with acting(app):
        assert app.run_command(command)


def text_of(app: StrangeApp, selector: str) -> str:
    """What the widget ``selector`` on the top screen shows, as a player reads it."""
    widget = app.screen.query_one(selector)
    out = io.StringIO()
    shown = getattr(widget, "content", None) or widget.render()
    Console(file=out, width=200, color_system=None).print(shown)
    return " ".join(out.getvalue().split())


def on_screen(app: StrangeApp, selector: str) -> bool:
    """Whether the widget ``selector`` is wholly inside the 80x24 screen (no scrolling)."""
    region = app.screen.query_one(selector).region
    return region.height > 0 and app.screen.region.contains_region(region)


def unchanged(app: StrangeApp, state, journal) -> bool:
    return app.session.state == state and app.session.journal() == journal


async def set_roles(pilot, **roles: int) -> None:
    """Each PC's role by its place in the list (0 stays, 1 initiator, 2 hastener, 3 easer),
    whatever the wizard starts from."""
    for index, role in enumerate(roles.values()):
        if index:
            await pilot.press("tab")
        await pilot.press("enter", "home", *(["down"] * role), "enter")


async def test_a_roll_at_0_percent_says_so_and_asks_before_spending(demo_app):
    """Difficulty 10, a level of Effort (difficulty 9, target 27): the odds say it cannot
    succeed; Enter in the die asks first; escape changes nothing; y rolls and spends."""
    async with demo_app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.press("tab", "tab", "tab", "enter", "end", "enter")  # Difficulty 10.
        await pilot.press(*["tab"] * 5, "enter", "down", "enter")  # Effort 1.
        await pilot.pause()
        assert isinstance(demo_app.screen, RollDialog)
        preview = text_of(demo_app, "#preview")
        assert "0% target 27 — cannot succeed" in preview
        assert on_screen(demo_app, "#preview")
        state, journal = demo_app.session.state, demo_app.session.journal()
        await pilot.press("ctrl+f", "5", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, ImpossibleRoll)
        question = text_of(demo_app, "#question")
        assert question.startswith("This roll cannot succeed (target 27). Roll anyway and spend")
        assert "Might?" in question
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(demo_app.screen, RollDialog) and unchanged(demo_app, state, journal)
        await pilot.press("enter")  # The die is still typed: asked again.
        await pilot.pause()
        assert isinstance(demo_app.screen, ImpossibleRoll)
        await pilot.press("y")
        await pilot.pause()
        made = demo_app.session.journal()[-1]
        assert isinstance(made, RollMade) and (made.die, made.success) == (5, False)
        assert made.effort == 1 and made.cost > 0
        assert "Failure" in text_of(demo_app, "#result")


async def test_the_attack_and_the_defense_at_0_percent_ask_first(demo_app):
    """A level-8 giant (target 24): defending on its turn and attacking it on Mara's both
    say they cannot succeed, fit at 80x24, and ask before the die; n changes nothing."""
    async with demo_app.run_test(size=SIZE) as pilot:
        run(demo_app, StartCombat())
        run(demo_app, AddNpcs(name="Giant", level=8))
        run(demo_app, RollInitiative(dice={MARA: 15, JUN: 5, TESS: 9}))  # All fail: its turn.
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(demo_app.screen, CombatScreen)
        for key, dialog in (("d", DefenseDialog), ("a", AttackDialog)):
            if key == "a":
                run(demo_app, NextTurn())  # Mara's turn.
            await pilot.press(key)
            await pilot.pause()
            assert type(demo_app.screen) is dialog
            assert "cannot succeed" in text_of(demo_app, "#preview")
            assert on_screen(demo_app, "#preview")
            state, journal = demo_app.session.state, demo_app.session.journal()
            await pilot.press("ctrl+f", "7", "enter")
            await pilot.pause()
            assert isinstance(demo_app.screen, ImpossibleRoll)
            assert "This roll cannot succeed (target" in text_of(demo_app, "#question")
            await pilot.press("n")
            await pilot.pause()
            assert type(demo_app.screen) is dialog and unchanged(demo_app, state, journal)
            await pilot.press("escape")
            await pilot.pause()


async def test_a_translation_at_0_percent_asks_before_spending_the_trance(demo_app):
    """To Ardeyn with the party, then straight back: "5 recursion + 3 translated within 24
    hours = 8", target 24. Each step's odds line says it cannot succeed, on screen at
    80x24; the roll asks before the trance is spent; escape changes nothing; y translates
    (and fails)."""
    async with demo_app.run_test(size=SIZE) as pilot:
        await pilot.press("t", *"ardeyn", "enter")
        await set_roles(pilot, mara=3, jun=1, tess=2)
        await pilot.press("ctrl+n", "ctrl+n", *"no translation", "enter")
        await pilot.press("1", "5", "enter", "1", "8", "enter", "enter")  # Arrived.
        await pilot.pause()
        assert demo_app.session.state.recursion == "ardeyn"

        await pilot.press("t")
        await pilot.pause()
        assert isinstance(demo_app.screen, TranslationScreen)
        assert on_screen(demo_app, "#odds")  # Nothing to say yet, in its place.
        await pilot.press(*"earth", "enter")
        await set_roles(pilot, mara=1, jun=2, tess=3)
        await pilot.pause()
        for step in range(1, ROLL + 1):
            assert demo_app.screen.step == step
            assert on_screen(demo_app, "#odds")
            odds = text_of(demo_app, "#odds")
            assert odds == "Odds 0% (Intellect: target 24) — cannot succeed", step
            if step < ROLL:
                await pilot.press("ctrl+n")
                await pilot.pause()
        state, journal = demo_app.session.state, demo_app.session.journal()
        await pilot.press("5", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, ImpossibleRoll)
        assert text_of(demo_app, "#question").startswith(
            "This roll cannot succeed (target 24). Roll anyway and spend 2 h of trance?"
        )
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(demo_app.screen, TranslationScreen) and demo_app.screen.step == ROLL
        assert unchanged(demo_app, state, journal)
        await pilot.press("enter", "y")
        await pilot.pause()
        made = demo_app.session.journal()[-1]
        assert isinstance(made, TranslationMade) and (made.die, made.success) == (5, False)
        assert demo_app.session.state.clock.seconds > state.clock.seconds  # The trance.


async def test_at_80x24_the_odds_are_on_screen_in_the_roll_dialog_and_each_translation_step(
    demo_app,
):
    """A plain roll and a translation that can succeed: the odds in view at every step."""
    async with demo_app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert on_screen(demo_app, "#preview") and "Odds" in text_of(demo_app, "#preview")
        await pilot.press("escape", "t")
        await pilot.pause()
        assert on_screen(demo_app, "#odds")
        await pilot.press(*"ardeyn", "enter")
        await set_roles(pilot, mara=3, jun=1, tess=2)
        await pilot.pause()
        for step in range(1, ROLL + 1):
            assert demo_app.screen.step == step
            assert on_screen(demo_app, "#odds")
            assert text_of(demo_app, "#odds").startswith("Odds ")
            if step < ROLL:
                await pilot.press("ctrl+n")
                await pilot.pause()
