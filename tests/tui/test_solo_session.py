"""A solo scene from start to end, keys only, at 80x24: the GM's chair filled by the app.

A thread is kept (k); a scene is set up and the scene's die alters it (e, R-SCN-1); the
oracle's event die raises a random event that lands on the thread (a, R-TEN-3, R-EVT-1);
a Might task on a natural 1 shows a physical intrusion in the roll dialog (r, R-ORC-4) and
tension rises (R-TEN-4); an NPC's reaction is rolled and the NPC is met (f, R-NPC-1); the
scene ends badly and tension rises again (R-SCN-2); Home shows tension all along, and
`log --format md` reads as the scene."""

import pytest
from textual.widgets import Static

from strange_tui.campaign.model.events import (
    Drawn,
    OracleAsked,
    RollMade,
    SceneStarted,
    TensionSet,
    batches,
)
from strange_tui.cli import main
from strange_tui.content.loader import Content
from strange_tui.rules.dice import SeededDice
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.rolls.roll import RollDialog
from strange_tui.tui.solo.oracle import OracleDialog
from strange_tui.tui.solo.reaction import ReactionDialog
from strange_tui.tui.solo.scenes import ScenesDialog
from strange_tui.tui.solo.story_panel import StoryPanel
from tests.tui.test_layout import screen_lines
from tests.tui.test_roll_dialog import tab_to
from tests.tui.test_solo_play import solo_app

CONTENT = Content().load_all()
THREAD = "The missing courier"
FOCI = list(CONTENT.kind("event_foci"))
THREAD_FOCUS = FOCI.index("focus-thread-closer") + 1
"""The face of the app's focus die that lands on 'A thread draws closer'."""


class SteeredDice:
    """The app's dice: the faces queued in ``NEXT`` first (shared by every command's dice),
    then a seeded sequence."""

    NEXT: list[int] = []

    def __init__(self) -> None:
        self.rest = SeededDice(7)

    def roll(self, sides: int) -> int:
        return self.NEXT.pop(0) if self.NEXT else self.rest.roll(sides)


def shown(app) -> str:
    return " ".join(" ".join(screen_lines(app)).replace("█", " ").split())


def story_panel(app) -> str:
    return str(app.screen.query_one(StoryPanel).render())


def last_step(app) -> tuple:
    return batches(app.session.journal())[-1]


async def back_home(pilot, app) -> None:
    await pilot.press("escape")
    await pilot.pause()
    assert isinstance(app.screen, HomeScreen), app.screen


@pytest.mark.starts_first  # One of the longest: started first.
async def test_a_solo_scene_from_start_to_end_by_keys(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("strange_tui.campaign.commands.base.SeededDice", SteeredDice)
    app = solo_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Tension 5/9" in story_panel(app)

        # A thread to follow.
        await pilot.press("k", *THREAD, "enter", *"last seen at the lighthouse", "enter")
        await pilot.pause()
        await back_home(pilot, app)
        assert f"Threads: {THREAD}" in story_panel(app)

        # R-SCN-1: the scene expected, the scene's die 3 at tension 5: odd, so altered.
        await pilot.press("e", *"The keeper lets us into the lighthouse", "enter", "3", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ScenesDialog)
        started, altered = last_step(app)
        assert isinstance(started, SceneStarted) and started.die == 3
        assert isinstance(altered, Drawn) and altered.table == "alteration"
        result = " ".join(str(app.screen.query_one("#result", Static).render()).split())
        assert "Altered" in result and altered.result.split(" — ")[0] in result
        await back_home(pilot, app)
        assert "The keeper lets us into the lighthouse" in story_panel(app)

        # R-TEN-3, R-EVT-1: the oracle, the player's die 14 and event die 1 at tension 5: a
        # random event; the app's focus die lands on a thread, the only one open.
        SteeredDice.NEXT[:] = [THREAD_FOCUS]
        await pilot.press("a", *"Is the courier hiding here?", "ctrl+f", "1", "4", "tab", "1")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, OracleDialog)
        asked, event = last_step(app)
        assert isinstance(asked, OracleAsked) and (asked.die, asked.event_die) == (14, 1)
        assert isinstance(event, Drawn) and event.table == "event"
        assert event.result.startswith(f"A thread draws closer: {THREAD}; its meaning: ")
        assert f"A random event: A thread draws closer: {THREAD}" in shown(app)
        await back_home(pilot, app)

        # R-ORC-4: a Might task on a natural 1: the free intrusion, a physical one, is in the
        # roll dialog before it closes. R-TEN-4: tension rises with it.
        await pilot.press("r", *"Force the lamp room hatch")
        await tab_to(pilot, "die")
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RollDialog)
        roll, intrusion, moved = last_step(app)
        assert isinstance(roll, RollMade) and (roll.die, roll.stat.value) == (1, "might")
        assert isinstance(intrusion, Drawn) and intrusion.table == "intrusion"
        (idea,) = [
            i
            for i in CONTENT.kind("intrusions").values()
            if " ".join(i.text.split()).rstrip(".") in intrusion.result
        ]
        assert "might" in idea.stats
        result = " ".join(str(app.screen.query_one("#result", Static).render()).split())
        assert "Free intrusion (no XP)" in result and idea.text.split()[0] in result
        assert isinstance(moved, TensionSet) and (moved.was, moved.tension) == (5, 6)
        await back_home(pilot, app)
        assert "Tension 6/9" in story_panel(app)

        # R-NPC-1: the keeper's reaction, level 3, no skill, the player's d20 9: indifferent.
        await pilot.press("f", *"Alys the keeper", "ctrl+f", "9", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReactionDialog)
        reaction = next(e for e in last_step(app) if isinstance(e, Drawn))
        assert (reaction.table, reaction.result) == ("reaction", "Alys the keeper: indifferent")
        assert "Alys the keeper" in [p.name for p in app.session.state.story.people]
        assert "indifferent" in shown(app)
        await back_home(pilot, app)

        # R-SCN-2: the scene went badly: tension rises to 7, shown on Home.
        await pilot.press("e", "enter", "down", "enter", "ctrl+s")
        await pilot.pause()
        assert app.session.state.story.tension == 7 and not app.session.state.story.scene
        await back_home(pilot, app)
        assert "Tension 7/9" in story_panel(app)

    assert main(["log", str(app.campaign_path), "--format", "md"]) == 0
    story = capsys.readouterr().out
    assert "## Scene 1: The keeper lets us into the lighthouse" in story
    scene = story.split("## Scene 1: ", 1)[1]
    for said in ("The scene is altered", "A random event", "The app intrudes", "reacts to"):
        assert said in scene, said
    assert "it went badly. Tension rises to 7." in scene
