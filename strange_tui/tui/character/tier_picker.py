"""The new tier's abilities as creation's ability step shows them (R-ADV-1): a list to
filter and tick, as tall as the dialog allows; the ability under the cursor described
beside it (its cost and the pack's summary); the focus's choice; the ones chosen and what
must still be chosen."""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Static

from strange_tui.campaign.commands.character.advancement import Described, TierOffer
from strange_tui.campaign.narrate.words import plural
from strange_tui.tui.common.filter_list import FilterList, Item

NAME_WIDTH = 22
"""The list's name column; the cost follows it."""


class CappedList(FilterList):
    """A list of ticks that holds ``cap`` at most: one more is refused at the key, with
    its reason, and never shows ticked."""

    cap = 0

    def pick(self, item_id: str | None) -> None:
        if self.multi and item_id not in self.selected and len(self.selected) >= self.cap:
            self.notify(f"Choose {self.cap} only: untick one first.", severity="warning")
            return
        super().pick(item_id)


class TierPicker(Vertical):
    """R-ADV-1: the offer of the tier the next step reaches; ``chosen`` and ``focus_choice``
    are the player's picks, ``say_left`` shows what is still to choose."""

    DEFAULT_CSS = """
    TierPicker { height: auto; margin-top: 1; }
    TierPicker #tier-head { height: auto; }
    TierPicker #tier-lists { height: 11; }
    TierPicker #tier-abilities { width: 1fr; height: 100%; }
    TierPicker #tier-detail { width: 1fr; height: 100%; padding: 0 0 0 1;
                              border-left: vkey $secondary; }
    TierPicker #focus-choice { height: 4; min-height: 3; }
    TierPicker #tier-left { height: auto; margin-top: 1; }
    TierPicker #focus-head { height: auto; margin-top: 1; text-style: bold; }
    .-narrow TierPicker #tier-lists { layout: vertical; height: auto; }
    .-narrow TierPicker #tier-abilities { height: 8; }
    .-narrow TierPicker #tier-detail { height: auto; border-left: none; padding: 0; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.offer: TierOffer | None = None
        self.display = False

    def compose(self) -> ComposeResult:
        yield Static(id="tier-head")
        with Horizontal(id="tier-lists"):
            yield CappedList([], multi=True, id="tier-abilities", autofocus=False)
            with VerticalScroll(id="tier-detail") as detail:
                detail.can_focus = False
                yield Static(id="tier-detail-body")
                yield Static(id="tier-left")  # Beside the list: in view while ticking.
        yield Static(id="focus-head")
        yield FilterList([], id="focus-choice", autofocus=False)

    def show(self, offer: TierOffer | None) -> None:
        """Show ``offer`` (None: the next step reaches no tier); the same offer again keeps
        what the player ticked."""
        if offer == self.offer:
            return
        self.offer = offer
        self.display = offer is not None
        if offer is None:
            return
        head = Text(f"Tier {offer.tier}: ", style="bold green")
        kind = offer.type_name
        head.append(f"choose {plural(offer.choose, f'{kind} ability', f'{kind} abilities')} "
                    "(enter ticks, type to filter)")  # fmt: skip
        if offer.granted:
            head.append(f"; {offer.focus_name} adds {', '.join(offer.granted)}")
        self.query_one("#tier-head", Static).update(head)
        abilities = self.query_one("#tier-abilities", CappedList)
        abilities.cap = offer.choose
        self.fill(abilities, offer.options)
        abilities.display = bool(offer.options)
        focus = self.query_one("#focus-choice", FilterList)
        self.fill(focus, offer.focus_options)
        focus.current = ""
        focus.display = bool(offer.focus_options)
        self.query_one("#focus-head", Static).display = bool(offer.focus_options)
        self.query_one("#focus-head", Static).update(
            f"{offer.focus_name} at tier {offer.tier}: choose one (enter picks it)"
        )
        self.describe(offer.options[0][0] if offer.options else None)
        self.say_left()

    def fill(self, options: FilterList, entries: tuple[tuple[str, str], ...]) -> None:
        """A new offer's entries, all in view: what was typed to find one of the last
        offer's is cleared (seen: a tier's list stood empty under the last tier's word)."""
        assert self.offer is not None
        options.query_one(Input).value = ""
        options.items = [
            self.item(key, name, self.offer.described.get(key)) for key, name in entries
        ]
        options.selected = set()
        options.refill()

    @staticmethod
    def item(key: str, name: str, described: Described | None) -> Item:
        cost = described.cost if described else ""
        shown = name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…"
        prompt = Text.assemble((f"{shown:<{NAME_WIDTH}} ", "bold"), (cost, "cyan"),
                               no_wrap=True, overflow="ellipsis")  # fmt: skip
        return Item(key, prompt, f"{name} {described.summary if described else ''}")

    @property
    def chosen(self) -> tuple[str, ...]:
        """The type's abilities ticked, in the list's order."""
        if self.offer is None:
            return ()
        ticked = self.query_one("#tier-abilities", CappedList).selected
        return tuple(key for key, _ in self.offer.options if key in ticked)

    @property
    def focus_choice(self) -> str | None:
        if self.offer is None or not self.offer.focus_options:
            return None
        return self.query_one("#focus-choice", FilterList).current or None

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A list focused comes whole into view (its filter box alone would, otherwise),
        the description beside it."""
        for shown in ("#tier-lists", "#focus-choice"):
            part = self.query_one(shown)
            if part in event.widget.ancestors:
                self.call_after_refresh(part.scroll_visible, top=True, animate=False)

    @on(FilterList.Highlighted)
    def highlighted(self, event: FilterList.Highlighted) -> None:
        event.stop()
        self.describe(event.item_id)

    @on(FilterList.Chosen, "#focus-choice")
    def focus_chosen(self) -> None:
        self.say_left()

    @on(FilterList.Toggled)
    def toggled(self) -> None:
        self.say_left()

    def describe(self, key: str | None) -> None:
        """The ability under the cursor, in full: name, cost, the pack's summary."""
        found = self.offer.described.get(key or "") if self.offer else None
        body = self.query_one("#tier-detail-body", Static)
        if found is None:
            body.update("")
            return
        text = Text(found.name, style="bold underline")
        text.append(f"\n{found.cost}", style="cyan")
        text.append(f"\n{found.summary}")
        if found.again:
            text.append("\nTaken again: the answers taken with it before are left out.",
                        style="dim")  # fmt: skip
        body.update(text)

    def say_left(self, problem: str = "") -> None:
        """The ones chosen, and what must still be chosen (``problem``: what the rules
        still ask, the answers below among them)."""
        if self.offer is None:
            return
        offer = self.offer
        names = dict(offer.options)
        chosen = [names[k] for k in self.chosen]
        text = Text(f"Chosen ({len(chosen)}/{offer.choose}): ", style="bold")
        text.append(", ".join(chosen) or "none yet")
        if self.focus_choice:
            text.append(f"; {offer.focus_name}: {dict(offer.focus_options)[self.focus_choice]}")
        left = []
        if len(chosen) < offer.choose:
            kind = f"more {offer.type_name}"
            left.append(plural(offer.choose - len(chosen), f"{kind} ability", f"{kind} abilities"))
        if offer.focus_options and not self.focus_choice:
            left.append(f"one of {offer.focus_name}'s abilities (enter picks it)")
        if left:
            text.append(f"\nStill to choose: {', '.join(left)}.", style="bold yellow")
        elif problem:
            text.append(f"\nStill to choose: {problem}", style="bold yellow")
        self.query_one("#tier-left", Static).update(text)
