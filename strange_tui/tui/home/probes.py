"""What each of Home's keys leads to, asked of the command layer at a player's seat
(``tui/common/seat.py``): the player's own character's action, the GM's part, or the
story's tools, which are the GM's in a campaign with a GM and any seat's in solo play.
Home's key bar, Help and the palette offer a seat only what these commands allow it.

Imported when a player's seat first asks: the GM's Home, the first frame of most starts,
never does.
"""

from __future__ import annotations

from strange_tui.campaign.commands.character import PartyRest, Rest
from strange_tui.campaign.commands.character.advancement import BuyAdvancement
from strange_tui.campaign.commands.combat import ApplyHazard, StartCombat
from strange_tui.campaign.commands.creation import CreateCharacter
from strange_tui.campaign.commands.rolls.contest import Contest
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.commands.solo.draw import Draw
from strange_tui.campaign.commands.solo.journal import WriteScene
from strange_tui.campaign.commands.solo.lists import AddToList
from strange_tui.campaign.commands.solo.oracle import AskOracle
from strange_tui.campaign.commands.solo.reactions import ReactNpc
from strange_tui.campaign.commands.solo.scenes import StartScene
from strange_tui.campaign.commands.table.asking import AskRoll
from strange_tui.campaign.commands.table.clock import PassTime
from strange_tui.campaign.commands.table.questions import OfferIntrusion
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.commands.translation import Translate
from strange_tui.campaign.model.state import Campaign
from strange_tui.tui.common.seat import Probe


def home_probes(mine: str, state: Campaign) -> dict[str, Probe]:
    """The command each of Home's keys leads to, at ``mine``'s seat (placeholders but for
    whose action it is: never sent)."""
    party = tuple(cid for cid in state.characters if cid != mine)
    return {
        "roll": lambda: Roll(character=mine),
        "rest": lambda: Rest(character=mine),
        "party_rest": lambda: PartyRest(),  # The GM's call (R-REC-4); a seat answers.
        "sleep": lambda: PassTime(unit="morning"),
        "advance": lambda: BuyAdvancement(character=mine, step="edge"),
        "intrusion": lambda: OfferIntrusion(character=mine),
        # The wizard's last step sends it; only who sends it matters here.
        "new_character": lambda: CreateCharacter(draft=None, content=None),  # type: ignore[arg-type]
        "settings": lambda: ChangeSettings(),
        # Into a fight under way, yes; starting one is the GM's.
        "combat": lambda: state.encounter is not None or StartCombat(),
        # The wizard takes the party along (their roles and foci): the GM's.
        "translate": lambda: Translate(
            destination="", recursion_difficulty=0, initiator=mine, helpers=party
        ),
        "pass_time": lambda: PassTime(),
        "contest": lambda: Contest(first=mine, second=mine),
        # A player's seat belongs to this campaign's character: no other campaign.
        "campaigns": lambda: False,
        # The story's tools: the GM's, or any seat's in solo play (Command.STORY_TOOL).
        "oracle": lambda: AskOracle(question=""),
        "draw": lambda: Draw(table=""),
        "scene": lambda: StartScene(expected=""),
        "threads": lambda: AddToList(list="", name=""),
        "reaction": lambda: ReactNpc(npc="", level=1, speaker=mine),
        # A note of the story in the player's own words: any seat's (Command.ANY_SEAT).
        "journal": lambda: WriteScene(text=""),
        # R-HAZ-1: hazards are the GM's to apply.
        "hazard": lambda: ApplyHazard(targets=(), hazard=""),
        "ask_roll": lambda: AskRoll(),  # The GM's: the difficulty is the GM's to set.
    }
