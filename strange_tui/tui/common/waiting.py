"""One line saying which questions wait at the players' seats ("Waiting for: Mara Quist —
defense against Thug (Speed); Jun Okafor — initiative"), hidden when none do.

The words for one question live here too: the line, the notifications and the GM's list of
questions all say a question the same way."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from strange_tui.campaign.model.prompts import Prompt
from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.model.state import Campaign


def asked_for(state: Campaign, prompt: Prompt) -> str:
    """What the question is about, shortly: "defense against Thug (Speed)", "intrusion",
    "initiative"."""
    if prompt.kind == "defense":
        encounter = state.encounter
        npc = encounter.combatants.get(prompt.npc) if encounter is not None else None
        return f"defense against {npc.name if npc else prompt.npc} ({prompt.stat.value.title()})"
    if prompt.kind == "roll":  # The GM's difficulty is not said: every seat reads this.
        task = " ".join(prompt.label.split())
        return f"{prompt.stat.value.title()} roll" + (f": {task}" if task else "")
    return prompt.kind


def whom(state: Campaign, prompt: Prompt) -> str:
    """The name of the character the question is put to."""
    character = state.characters.get(prompt.character)
    return character.name if character is not None else prompt.character


def question_line(state: Campaign, prompt: Prompt, with_what: bool = False) -> str:
    """ "Mara Quist — defense against Thug (Speed)"; ``with_what`` adds an intrusion's
    complication, in the GM's words."""
    line = f"{whom(state, prompt)} — {asked_for(state, prompt)}"
    if with_what and prompt.kind == "intrusion" and prompt.what.strip():
        line += f": {' '.join(prompt.what.split())}"
    return line


def may_answer(seat: str, prompt: Prompt) -> bool:
    """Whether ``seat`` may act on the question: the player it is put to, or the GM (for an
    absent player, or to take it back)."""
    return seat == GM or prompt.character == seat


class Waiting(Static):
    """Shows the open prompts of the campaign; the screen calls ``show`` on each change."""

    DEFAULT_CSS = """
    Waiting { height: auto; display: none; padding: 0 1; color: $text-warning; }
    Waiting.-waiting { display: block; }
    """

    _shown: Text | None = None

    def show(self, state: Campaign) -> None:
        self.set_class(bool(state.prompts), "-waiting")
        line = self.line(state)
        # Updating a Static lays the whole screen out again: only when the line changes
        # (most commands leave the questions as they were).
        if line != self._shown:
            self._shown = line
            self.update(line)

    def line(self, state: Campaign) -> Text:
        """The line as shown: the questions, oldest first, and the key that answers when
        this window's seat may act on one. Names are shown as typed (Text, not markup)."""
        if not state.prompts:
            return Text()
        text = Text("Waiting for: ", style="bold")
        text.append("; ".join(question_line(state, p) for p in state.prompts))
        seat = getattr(self.app, "seat", GM)
        if any(may_answer(seat, p) for p in state.prompts):
            text.append(" · ! answers" if seat != GM else " · !: the questions", style="dim")
        return text
