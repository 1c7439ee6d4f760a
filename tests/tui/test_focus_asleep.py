"""R-TR-8 where a player sees it: the sheet of a character still acclimating marks the
abilities of their new focus asleep, with the hour they wake, and lists none of its
trainings yet."""

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.translation import Translate
from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.content.loader import Content
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.sheet import SheetScreen
from tests.campaign.builders import character
from tests.tui.reach import screen_lines


async def test_r_tr_8_the_sheet_marks_the_new_focus_asleep_until_acclimation_ends(tmp_path):
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Acclimating", slug="acclimating")
    store = folder.open()
    store.dispatch(CharacterCreated(character=character("kit")))
    translate = Translate(destination="ardeyn", recursion_difficulty=5, initiator="kit", die=15,
                          foci={"kit": "Defends the Weak"}, content=Content())  # fmt: skip
    store.apply(decide(store.state, translate))
    app = StrangeApp(campaign_path=folder.path, saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        text = "\n".join(screen_lines(app))
        for _ in range(30):  # The lists panel scrolls at 80x24: read it to its end.
            if "Courageous" in text:
                break
            await pilot.press("pagedown")
            await pilot.pause()
            text += "\n".join(screen_lines(app))
        assert "Courageous  asleep until 13:00" in text
        assert "Warding Shield  asleep until 13:00" in text
        assert "(acclimating)" in text
        assert "Initiative" not in text and "Intellect defense" not in text
