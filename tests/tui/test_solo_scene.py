"""A solo scene from the demo, keys only, as a new player would play it: solo play
switched on; a note of the story; the oracle asked; a roll on which the app proposes an
intrusion, accepted; a creature drawn and brought into a fight; the NPC choosing its target
on its own turn and the PC defending; a last note. Then `strange-tui log --format md`
reads as a story, the notes in their places."""

import pytest

from strange_tui.campaign.model.events import (
    Drawn,
    OracleAsked,
    PromptRaised,
    SceneWritten,
    batches,
)
from strange_tui.cli import main
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.combat.tracker import CombatScreen
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.table.answer import DefenseAnswer, IntrusionAnswer
from tests.tui.test_roll_dialog import tab_to

MARA = "mara-quist"


class AppDice:
    """The app's dice in this scene, the same for every command: a 20 first (the check of
    the app's intrusion: "often" proposes one), then 1s, each no higher than its die."""

    def __init__(self) -> None:
        self.faces = iter([20] + [1] * 50)

    def roll(self, sides: int) -> int:
        return min(sides, next(self.faces))


async def back_home(pilot) -> None:
    for _ in range(5):
        if isinstance(pilot.app.screen, HomeScreen):
            return
        await pilot.press("escape")
        await pilot.pause()
    raise AssertionError("never back on Home")


@pytest.mark.starts_first  # One of the longest: started first.
async def test_a_solo_scene_from_the_demo_reads_as_a_story(demo, monkeypatch, capsys):
    monkeypatch.setattr("strange_tui.campaign.commands.base.SeededDice", AppDice)
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        journal = app.session.journal
        # The GM's chair goes to the app: g, Solo play, intrusions often, ctrl+s.
        await pilot.press("g")
        await tab_to(pilot, "solo")
        await pilot.press("space")
        await tab_to(pilot, "solo-intrusions")
        await pilot.press("enter", "down", "enter", "ctrl+s")
        await pilot.pause()
        assert app.session.state.settings.solo
        await back_home(pilot)

        # A note of the story.
        await pilot.press("j", *"Night on the docks. Mara waits by the warehouse.", "ctrl+s")
        await pilot.pause()
        assert isinstance(journal()[-1], SceneWritten)

        # The oracle: is the door guarded? Likely; Mara's own die, 14: yes.
        await pilot.press("a", *"Is the door guarded?", "tab", "enter", "up", "enter")
        await pilot.press("ctrl+f", "1", "4", "tab", "2", "0", "enter")  # Event die 20: none.
        await pilot.pause()
        asked = journal()[-1]
        assert isinstance(asked, OracleAsked) and asked.likelihood == "likely"
        assert "Yes" in str(app.screen.query_one("#answer").render())
        await back_home(pilot)

        # Mara sneaks past (her die, 14); the app proposes an intrusion; she accepts it.
        await pilot.press("r", *"Sneak past")
        await tab_to(pilot, "die")
        await pilot.press("1", "4", "enter")
        await pilot.pause()
        drawn, offered = journal()[-2:]
        assert isinstance(drawn, Drawn) and drawn.table == "intrusion"
        assert isinstance(offered, PromptRaised) and offered.character == MARA
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, IntrusionAnswer)
        xp = app.session.state.characters[MARA].xp
        await pilot.press("ctrl+s")
        await pilot.pause()
        step = batches(journal())[-1]
        kinds = [type(e).__name__ for e in step]
        assert "IntrusionAccepted" in kinds and kinds[-1] == "TensionSet"
        assert app.session.state.story.tension == 6  # R-TEN-4: an intrusion accepted.
        assert app.session.state.characters[MARA].xp == xp + 1  # 2, one given away.
        await back_home(pilot)

        # A fight: d draws a level-3 creature, and the fight begins with it.
        await pilot.press("d", "tab", "3", "enter", "enter")
        await pilot.pause()
        creature = journal()[-1]
        assert isinstance(creature, Drawn) and creature.level == 3
        await tab_to(pilot, "join")
        await pilot.press("enter")
        await pilot.pause()
        assert [n.name for n in app.session.state.encounter.npcs()] == [creature.result]
        await back_home(pilot)

        # Initiative (Mara 15, Jun 3, Tess 12): Mara and Tess act first; then the NPC's turn.
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        await pilot.press("i", "1", "5", "tab", "3", "tab", "1", "2", "enter")
        await pilot.pause()
        encounter = app.session.state.encounter
        assert encounter.round == 1
        while not encounter.active or encounter.active.pc:
            await pilot.press("n")
            await pilot.pause()
            encounter = app.session.state.encounter
        # d: the NPC acts; the app chooses its target, whose defense opens here at once.
        await pilot.press("d")
        await pilot.pause()
        target = journal()[-2]
        # A pack creature picks its target by its entry (its tactic), a quick NPC at random.
        assert isinstance(target, Drawn) and target.table in ("tactic", "target")
        assert isinstance(app.screen, DefenseAnswer)
        defender = target.character
        await pilot.press("ctrl+f", "1", "8", "enter")
        await pilot.pause()
        # The app's check shows 20 again: an intrusion proposed to the defender, refused.
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, IntrusionAnswer)
        assert app.screen.prompt.character == defender
        xp = app.session.state.characters[defender].xp
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.session.state.characters[defender].xp == xp - 1
        assert not app.session.state.prompts
        await back_home(pilot)
        await pilot.press("j", *"The creature misses; Mara slips inside.", "ctrl+s")
        await pilot.pause()

    # The markdown log reads as a story: the notes in place, between what happened.
    assert main(["log", str(demo), "--format", "md"]) == 0
    story = capsys.readouterr().out
    first = story.index("Night on the docks")
    oracle = story.index("Is the door guarded?")
    proposal = story.index("The app proposes an intrusion on Mara Quist")
    target_line = story.rindex(f"attacks {app.session.state.characters[defender].name}")
    last = story.index("The creature misses; Mara slips inside")
    assert first < oracle < proposal < target_line < last
