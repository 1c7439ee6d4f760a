"""The questions put to this window's seat (see ``campaign.prompts``), brought to the player
as they arrive: a defense roll, an answer to an intrusion, an initiative roll.

- A player's seat: a new question to its character opens its answer dialog at once when a
  campaign screen (Home, sheet, combat, log) is on top; over a wizard or another dialog it
  is announced, and opens when the player is back on a campaign screen. Closed without an
  answer, it stays open at the table: ``!`` reopens it.
- A question closed elsewhere (the GM rolled it, or took it back, or the same seat answered
  it in another window) closes its dialog here, and the player is told who did
  (``closing``). Another window's step taken in as this window's own command begins counts
  as news too: the dialog that was about to answer closes, and the model refuses its
  answer.
- The GM's seat gets no dialog pushed: its screens show the Waiting line, and it is told
  each answer as it arrives. Its ``!`` lists the open questions, to answer one for an
  absent player or to take it back.
- Solo play (no GM): the one window is the GM's seat and every player's, so every
  question is brought to it as to the character's own seat (the app's intrusions, the
  defense against an NPC the app runs, initiative).

Dialogs import nothing from here: they run their commands with ``common.dialog.send``;
the dialogs themselves are imported when first needed, so opening the app stays as quick
as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from textual.screen import Screen

from strange_tui.campaign.model.events import AnyEvent, PromptClosed
from strange_tui.campaign.model.folds.prompts import WHAT_IS_ASKED
from strange_tui.campaign.model.prompts import Prompt
from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.model.state import Campaign
from strange_tui.tui.common.access import CampaignApp
from strange_tui.tui.common.screen import CampaignScreen
from strange_tui.tui.common.session import Session
from strange_tui.tui.common.waiting import asked_for, may_answer
from strange_tui.tui.table.closing import closing_news, dropped_line, sent_from


class PromptDesk:
    """Watches the open prompts; the app calls ``changed`` on every new state."""

    def __init__(self, app: CampaignApp) -> None:
        self.app = app
        self.brought: set[int] = set()
        """This seat's questions already opened once (or answered): not opened again by
        themselves; ``!`` reopens one."""
        self.announced: set[int] = set()
        """This seat's questions announced while a wizard or a dialog was on top."""
        self.dialogs: dict[int, Screen[Any]] = {}
        """The open answer dialogs, by question."""
        self.here: set[int] = set()
        """Questions the GM asked to answer at this window (a player with no window of
        their own): brought here as to the player's own seat."""
        self._known: dict[int, Prompt] = {}
        """The questions seen open, until their closing has been told."""
        self._session: Session | None = None
        self._here = 0
        """More than 0 while this window's own command runs (from a dialog)."""
        self._started = False
        self._could_act = False

    # What the app calls.

    def changed(self, state: Campaign) -> None:
        """A new state (this window's command, or another window's)."""
        session = self.app.session
        if session is not None and session is not self._session:
            self._session = session
            self.brought.clear()
            self.announced.clear()
            self._known.clear()
            # The events say how a question closed (answered, or taken back) and by what.
            session.subscribe(lambda after, events, own=session: self._news(own, events))
        open_now = {p.id: p for p in state.prompts}
        self._known.update(open_now)
        self.brought &= open_now.keys()
        self.announced &= open_now.keys()
        if not self._own_step():
            for prompt_id in [p for p in self.dialogs if p not in open_now]:
                self._close_dialog(prompt_id)
        if not self._started:
            self._started = True
            # Once the app runs and its first screens are up (a player's sheet is pushed
            # in on_mount), look; from then on, at every change of screen as well.
            self.app.call_later(self._start)
            return
        if not self._live():
            return
        can_act = self.can_act()
        if can_act != self._could_act:
            self._could_act = can_act
            self.app.refresh_bindings()  # w joins (or leaves) the key bar.
        self._look()

    def can_act(self) -> bool:
        """Whether a question is open that this seat may act on (``!`` then works)."""
        session = self.app.session
        if session is None:
            return False
        return any(may_answer(self.app.seat, p) for p in session.state.prompts)

    def key_works(self) -> bool:
        """``!`` on a campaign screen with a question this seat may act on. (A focused text
        field keeps its w even so: Textual leaves out of the chain, priority or not, the
        keys a focused Input or TextArea types.)"""
        return self.app.shows_campaign() and self.can_act()

    def questions(self) -> None:
        """``!``: a player's seat reopens its question (the list, when it has several); the
        GM's gets the list of every open question."""
        session = self.app.session
        if session is None:
            return
        mine = [p for p in session.state.prompts if may_answer(self.app.seat, p)]
        if not mine:
            return
        if (self.app.seat != GM or solo(session.state)) and len(mine) == 1:
            self.open(mine[0])
            return
        from strange_tui.tui.table.questions import QuestionsDialog

        self.app.push_screen(QuestionsDialog())

    def open(self, prompt: Prompt) -> None:
        """The answer dialog for ``prompt``, on top (sent from this window's seat)."""
        from strange_tui.tui.table.answer import answer_dialog

        self.brought.add(prompt.id)
        self.announced.discard(prompt.id)
        dialog = answer_dialog(prompt)
        self.dialogs[prompt.id] = dialog
        self.app.push_screen(dialog, lambda _answered: self._dialog_closed(prompt.id, dialog))

    @contextmanager
    def sending(self) -> Iterator[None]:
        """This window's own command runs: what it closes was answered here."""
        self._here += 1
        try:
            yield
        finally:
            self._here -= 1
            if not self._here:  # Once the dialog has taken in its answer (or its refusal).
                self.app.call_later(self._sweep)

    # Inside.

    def _own_step(self) -> bool:
        """What the store announces now is this window's own command (not another window's
        step, taken in as that command's transaction began)."""
        return bool(self._here) and self._session is not None and self._session.own_step

    def _sweep(self) -> None:
        """After this window's command: the dialogs whose questions are closed go, unless
        they show their own answer (an answer refused, because another window answered
        first, leaves its dialog undone: it goes too)."""
        session = self.app.session
        if session is None or self._here:
            return
        open_now = {p.id for p in session.state.prompts}
        for prompt_id in [p for p in self.dialogs if p not in open_now]:
            self._close_dialog(prompt_id)

    def _live(self) -> bool:
        """The app is up and shows screens (not starting, not being taken down: closing
        the campaign at the end takes in other windows' last changes too)."""
        app = self.app
        return app.is_running and not app.exiting and bool(app.screen_stack)

    def _start(self) -> None:
        if not self._live():
            return
        self.app.screen_change_signal.subscribe(self.app, lambda _screen: self._look())
        self._could_act = self.can_act()
        self.app.refresh_bindings()
        self.app.call_after_refresh(self._look)

    def _look(self) -> None:
        """Bring this seat's new questions: the oldest one now if a campaign screen is on
        top (the others follow as each dialog closes), else say they wait."""
        app, session = self.app, self.app.session
        if session is None or not self._started or not self._live():
            return
        state = session.state
        new = [p for p in state.prompts if self._brings(state, p) and p.id not in self.brought]
        if not new:
            return
        if isinstance(app.screen, CampaignScreen):
            self.open(new[0])
            return
        for prompt in new:
            if prompt.id not in self.announced:
                self.announced.add(prompt.id)
                app.notify(
                    f"{announcement(session.state, prompt)} waits for you: !",
                    title="A question for your seat",
                    timeout=8,
                )

    def _brings(self, state: Campaign, prompt: Prompt) -> bool:
        """Whether the question is brought to this window: put to its seat's character,
        or, in solo play, to anyone (the window is every seat)."""
        return (
            prompt.character == self.app.seat
            or (self.app.seat == GM and solo(state))
            or prompt.id in self.here
        )

    def bring_here(self, prompt_ids: list[int]) -> None:
        """The GM answers these questions at this window, one after another (asked for a
        player who has no window of their own)."""
        self.here.update(prompt_ids)
        self._look()

    def _dialog_closed(self, prompt_id: int, dialog: Screen[Any]) -> None:
        if self.dialogs.get(prompt_id) is dialog:
            del self.dialogs[prompt_id]

    def _close_dialog(self, prompt_id: int) -> None:
        """The question closed elsewhere: its dialog goes, unless it shows its own answer
        (a dialog under another screen closes itself when it is back on top)."""
        dialog = self.dialogs[prompt_id]
        if getattr(dialog, "done", False):
            if not self._here:  # It shows its answer; during a send, looked at after it.
                del self.dialogs[prompt_id]
            return
        del self.dialogs[prompt_id]
        if dialog.is_current:
            dialog.dismiss(False)
        else:
            dialog.stale = True  # type: ignore[attr-defined]

    def _news(self, session: Session, events: tuple[AnyEvent, ...]) -> None:
        """Tell this seat how the questions it could see closed, when another window (or
        the CLI) closed them: the answer's own log line, or that the GM took one back."""
        if session is not self._session or not self._live():
            return
        state = session.state
        told: set[int] = set()
        own = self._own_step()
        if not own:
            for batch in _batches(events):
                for event in batch:
                    if isinstance(event, PromptClosed):
                        prompt = self._known.get(event.prompt)
                        if prompt is not None:
                            told.add(prompt.id)
                            self._tell(session, prompt, event, batch)
        open_now = {p.id for p in state.prompts}
        # A question can also end with no answer: the turn moved on, the fight ended, or
        # its asking was undone. The player whose dialog it was is told why it went.
        for gone in self._known.values() if not own else ():
            if gone.id not in open_now | told and self._brings(state, gone):
                self.app.notify(dropped_line(state, gone), title="Question dropped")
        self._known = {pid: p for pid, p in self._known.items() if pid in open_now}

    def _tell(
        self, session: Session, prompt: Prompt, closed: PromptClosed, batch: list[AnyEvent]
    ) -> None:
        said = "" if closed.dropped or closed.withdrawn else session.describe(tuple(batch))
        news = closing_news(
            session.state, prompt, closed, sent_from(batch), self.app.seat, said
        )  # fmt: skip
        if news is not None:
            title, line = news
            self.app.notify(line, title=title, timeout=6)


def solo(state: Campaign) -> bool:
    """Solo play: no GM at the table, and the GM's window is every player's seat too."""
    return state.settings.solo


def announcement(state: Campaign, prompt: Prompt) -> str:
    """ "A defense roll against Thug", "An answer to an intrusion", "An initiative roll"."""
    asked = WHAT_IS_ASKED[prompt.kind]
    if prompt.kind == "defense":
        asked = f"{asked} {asked_for(state, prompt).removeprefix('defense ')}"
    if prompt.kind == "roll":  # "A Might roll: climb the wall", "An Intellect roll".
        asked = asked_for(state, prompt)
        asked = f"{'an' if asked[0] in 'AEIOU' else 'a'} {asked}"
    return asked[:1].upper() + asked[1:]


def _batches(events: tuple[AnyEvent, ...]) -> Iterator[list[AnyEvent]]:
    """The commands among ``events``: each starts with an event of batch 0."""
    batch: list[AnyEvent] = []
    for event in events:
        if batch and not event.batch:
            yield batch
            batch = []
        batch.append(event)
    if batch:
        yield batch
