"""A player's window is told when the GM took back a step of theirs whose die was seen (a
die once seen stays seen: only the GM's seat may take it back, and the log keeps its trace,
``StepTakenBack``)."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import App

from strange_tui.campaign.model.events import AnyEvent, StepTakenBack
from strange_tui.campaign.model.seats import GM
from strange_tui.tui.common.session import Session


def _key(trace: StepTakenBack) -> tuple[object, ...]:
    """A trace as it stays when undo stamps it anew (its seq and time may change)."""
    return (trace.step, trace.character, trace.made_at, trace.what)


class TakenBackNotice:
    """Watches the campaign at a player's seat: a new trace of one of this seat's steps
    becomes a notification (once; the traces already in the log when it opened are old)."""

    def __init__(self, app: App[object], session: Session) -> None:
        self.app = app
        self.session = session
        self.seen = {_key(trace) for trace in _traces(session.journal())}
        if session.seat != GM:
            session.subscribe(lambda _state, events: self.news(events))

    def news(self, events: Iterable[AnyEvent]) -> None:
        seat = self.session.seat
        for trace in _traces(events):
            key = _key(trace)
            if key in self.seen:
                continue
            self.seen.add(key)
            if seat in (trace.made_at, trace.character):
                self.app.notify(
                    f"The GM took back your {trace.what or 'roll'}: it is gone from the"
                    " table, and the log says so.",
                    title="Taken back",
                    severity="warning",
                    timeout=8,
                )


def _traces(events: Iterable[AnyEvent]) -> list[StepTakenBack]:
    return [event for event in events if isinstance(event, StepTakenBack)]
