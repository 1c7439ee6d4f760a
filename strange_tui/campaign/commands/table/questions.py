"""Questions the table puts to a player's seat, and their answers there (see
``campaign.prompts``): the GM asks for a defense roll, offers an intrusion or calls for
initiative; the player's seat answers with its own command (Defend, GmIntrusion,
CastInitiative), which closes the question in the same step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from strange_tui.campaign.commands.base import Command, character_of, dice_for, state_after, text
from strange_tui.campaign.commands.combat.defense import Defend
from strange_tui.campaign.commands.combat.setup import RollInitiative
from strange_tui.campaign.commands.combat.views import encounter_of
from strange_tui.campaign.commands.rolls.odds import OddsView, odds_view
from strange_tui.campaign.model.events import AnyEvent, InitiativeCast, PromptClosed, PromptRaised
from strange_tui.campaign.model.folds.rolls import task_of
from strange_tui.campaign.model.prompts import Prompt, open_prompt
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.task import D20, is_automatic


class AskDefense(Command, frozen=True, kw_only=True):
    """R-CMB-3: the GM's NPC attacks a PC, and the player rolls the defense at their own
    seat (the GM's screen shows it waiting; the GM may still roll it for an absent player
    with Defend)."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "have an NPC attack"

    character: str
    npc: str
    stat: Stat = Stat.SPEED
    area: str = ""
    """R-NPC-2: the NPC's area attack the PC defends against (its name), "" for a blow."""

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        defend = Defend(character=self.character, npc=self.npc, stat=self.stat, area=self.area)
        defend.roll(state)  # The same checks as the roll itself: the NPC's turn, a PC...
        defend.damaged_pool(state)  # An area it has.
        if reason := defend.no_roll(state):
            raise RuleViolation(f"{reason} Apply the hit here: there is no roll to ask for.")
        raised = PromptRaised(
            prompt="defense", character=self.character, npc=self.npc, stat=self.stat,
            what=self.area,
        )  # fmt: skip
        return [raised]


class OfferIntrusion(Command, frozen=True, kw_only=True):
    """R-XP-1: the GM offers an intrusion; the player accepts or refuses it at their own
    seat (GmIntrusion there)."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "intrude"

    character: str
    what: str = ""

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        character_of(state, self.character)
        what = text(self.what, "The intrusion")
        return [PromptRaised(prompt="intrusion", character=self.character, what=what)]


class AskInitiative(Command, frozen=True, kw_only=True):
    """R-CMB-1: the fight begins and each player rolls their PC's initiative at their own
    seat; once every PC has, the order is set. A PC who cannot act (R-DMG-4) is not asked."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "call for initiative"

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        encounter = encounter_of(state)
        if encounter.round:
            raise RuleViolation("Initiative was rolled already: the fight is under way.")
        _, setups, _ = RollInitiative().setups(state)
        asked = [
            PromptRaised(prompt="initiative", character=cid)
            for cid in setups
            if cid not in encounter.cast and not open_prompt(state.prompts, "initiative", cid)
        ]
        if not asked:
            raise RuleViolation("Every PC who can act has rolled or been asked already.")
        return asked


class CastInitiative(Command, frozen=True, kw_only=True):
    """R-CMB-1: a player rolls their PC's initiative at their own seat (their die, or the
    app's); the last one to roll sets the order (InitiativeRolled) in the same step."""

    character: str
    die: int | None = None

    def preview(self, state: Campaign) -> OddsView:
        return odds_view(self._setup(state), character_of(state, self.character).impaired)

    def _setup(self, state: Campaign):  # noqa: ANN202 - a RollMade describing the task
        _, setups, unable = RollInitiative().setups(state)
        if self.character in unable:
            raise RuleViolation(unable[self.character])
        if self.character not in setups:
            raise RuleViolation(f"{self.character} is not a PC in this fight.")
        if self.character in encounter_of(state).cast:
            who = state.characters[self.character].name
            raise RuleViolation(f"{who} has rolled initiative already.")
        return setups[self.character]

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        task = task_of(self._setup(state))
        if is_automatic(task):
            if self.die is not None:
                raise RuleViolation("No roll is needed: this initiative succeeds on its own.")
            cast = InitiativeCast(character=self.character)
        else:
            die = dice_for(self.die, dice).roll(D20)
            cast = InitiativeCast(character=self.character, die=die, app_rolled=self.die is None)
        events: list[AnyEvent] = [cast]
        if asked := open_prompt(state.prompts, "initiative", self.character):
            events.append(PromptClosed(prompt=asked.id))
        after = state_after(state, events)
        _, setups, _ = RollInitiative().setups(after)
        if all(cid in encounter_of(after).cast for cid in setups):
            events.extend(RollInitiative().decide(after, dice))
        return events


class WithdrawPrompt(Command, frozen=True, kw_only=True):
    """The GM takes back a question still open at a player's seat."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "take back a question"

    prompt: int

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        if not any(p.id == self.prompt for p in state.prompts):
            raise RuleViolation("That question was already answered (or taken back).")
        return [PromptClosed(prompt=self.prompt, withdrawn=True)]


def waiting_for(state: Campaign) -> list[Prompt]:
    """The questions open at the players' seats, oldest first (for the GM's screen)."""
    return list(state.prompts)
