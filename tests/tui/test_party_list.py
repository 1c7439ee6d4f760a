"""Home's party list, keys only: up and down stop at the ends, so the character the next
key acts on is always the one in view (five characters scroll at 80x24)."""

from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.rest import RestDialog
from strange_tui.tui.home.party import PartyList
from tests.campaign.builders import character
from tests.tui.reach import visible


async def test_up_on_the_first_character_stays_there_and_down_on_the_last_too(demo):
    """Five characters: up on Mara (the first) keeps Mara, and s rests Mara, not the last
    one scrolled out of view; down from the last stays on the last."""
    store = CampaignFolder(demo).open()
    for cid, name in (("quinn", "Quinn Navarre"), ("rex", "Rex Calder")):
        store.dispatch(CharacterCreated(character=character(cid, name=name)))
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        party = app.screen.query_one(PartyList)
        await pilot.press("down", "up", "up", "up")
        await pilot.pause()
        assert party.highlighted_id == "mara-quist"
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, RestDialog) and app.screen.character_id == "mara-quist"
        await pilot.press("escape", *["down"] * 6)
        await pilot.pause()
        assert party.highlighted_id == "rex"
        assert visible(app, party) and party.scroll_y > 0  # The last card scrolled in.
