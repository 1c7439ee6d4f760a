"""The party list on Home: one card per character, keyboard-highlightable."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from strange_tui.campaign.model.state import Character
from strange_tui.campaign.model.terms import Stat
from strange_tui.campaign.narrate.sheet import sentence
from strange_tui.tui.common.gauges import gauge, track_badge


def character_card(character: Character, yours: bool = False) -> Text:
    """Name, tier, XP and track on one line; the sentence; the three gauges (and Luck's). ``yours``:
    the character of this window's seat, marked "(you)"."""
    # Spaces end a part, never start one: SVG viewers drop a part's leading spaces, and
    # the snapshots then read 'Jun OkaforT1'.
    title = Text(f"{character.name}  ", style="bold")
    if yours:
        title.append("(you)  ", style="bold cyan")
    title.append(f"T{character.tier}  XP {character.xp}  ", style="dim")
    title.append_text(track_badge(character.track))
    about = Text(sentence(character), style="italic dim")
    lines = [title, about, *(gauge(stat.value, character.pools[stat]) for stat in Stat)]
    if character.pools.luck is not None:  # A gauge of its own, as on the sheet: the
        lines.append(gauge("luck", character.pools.luck))  # title has no room for it.
    return Text("\n").join(lines)


class PartyList(OptionList):
    """The characters of the campaign; the highlighted one is who actions apply to."""

    DEFAULT_CSS = """
    PartyList { height: 1fr; }
    PartyList > .option-list--option { padding: 0 1; }
    PartyList { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def action_cursor_up(self) -> None:
        """Up stops at the first card: wrapping to the last, often scrolled out of view,
        made the next key act on a character the player did not see chosen."""
        if self.highlighted != 0:
            super().action_cursor_up()

    def action_cursor_down(self) -> None:
        """Down stops at the last card (as up stops at the first)."""
        if self.highlighted is None or self.highlighted < self.option_count - 1:
            super().action_cursor_down()

    def show(self, characters: list[Character], you: str | None = None) -> None:
        """Rebuild the cards, keeping the same character highlighted (at first, ``you``:
        the character of a player's seat, marked on its card)."""
        keep = self.highlighted_id or you
        self.clear_options()
        for index, character in enumerate(characters):
            if index:
                self.add_option(None)  # A separator line between cards.
            card = character_card(character, yours=character.id == you)
            self.add_option(Option(card, id=character.id))
        if characters:
            ids = [c.id for c in characters]
            self.highlighted = ids.index(keep) if keep in ids else 0

    @property
    def highlighted_id(self) -> str | None:
        if self.highlighted is None or self.option_count == 0:
            return None
        return self.get_option_at_index(self.highlighted).id
