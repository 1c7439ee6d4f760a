"""A list you filter by typing: a text box over an option list (arrows move, enter picks).

With ``multi``, enter toggles the highlighted entry instead, marked with ✓.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option


@dataclass(frozen=True)
class Item:
    """One entry: its id, how it shows, and the words it is found by."""

    id: str
    prompt: Text
    search: str
    enabled: bool = True


class FilterList(Vertical):
    """Type to filter, arrows to move, enter to choose (or toggle, with ``multi``)."""

    DEFAULT_CSS = """
    FilterList { height: 1fr; min-height: 4; }
    FilterList > Input { margin-bottom: 0; }
    FilterList > OptionList {
        height: 1fr; border: none; padding: 0; text-wrap: nowrap; text-overflow: ellipsis;
    }
    """
    BINDINGS = [
        Binding("down", "move(1)", show=False),
        Binding("up", "move(-1)", show=False),
        Binding("pagedown", "move(8)", show=False),
        Binding("pageup", "move(-8)", show=False),
    ]

    class _Event(Message):
        def __init__(self, filter_list: FilterList, item_id: str | None) -> None:
            super().__init__()
            self.filter_list = filter_list
            self.item_id = item_id

        @property
        def control(self) -> FilterList:
            return self.filter_list

    class Chosen(_Event):
        """An entry was picked (single choice)."""

    class Highlighted(_Event):
        """The entry under the cursor changed (to show its details elsewhere)."""

    class Toggled(_Event):
        """An entry was ticked or unticked (``multi``)."""

    def __init__(
        self,
        items: list[Item],
        *,
        multi: bool = False,
        selected: set[str] | None = None,
        current: str = "",
        id: str | None = None,
        autofocus: bool = True,
    ) -> None:
        super().__init__(id=id)
        self.items = items
        self.multi = multi
        self.selected = set(selected or ())
        self.current = current
        self.autofocus = autofocus
        """Whether its text box takes the focus when it appears (not for a second list on
        the same step: the focus, and the scroll, stay on the first)."""

    def compose(self) -> ComposeResult:
        yield Input(placeholder="type to filter", compact=True)
        options = OptionList()
        options.can_focus = False
        yield options

    def on_mount(self) -> None:
        self.refill()
        if self.autofocus:
            self.query_one(Input).focus()

    def visible(self) -> list[Item]:
        """The entries every typed word is found in; those it names come first."""
        words = self.query_one(Input).value.casefold().split()
        found = [i for i in self.items if all(w in i.search.casefold() for w in words)]
        return sorted(found, key=lambda i: not all(w in i.prompt.plain.casefold() for w in words))

    def refill(self) -> None:
        options = self.query_one(OptionList)
        keep = self.highlighted_id() or self.current
        options.clear_options()
        shown = self.visible()
        for item in shown:
            prompt = item.prompt
            if self.multi:
                mark = Text("✓ " if item.id in self.selected else "  ", style="bold green")
                prompt = Text.assemble(mark, prompt, no_wrap=prompt.no_wrap,
                                       overflow=prompt.overflow)  # fmt: skip
            options.add_option(Option(prompt, id=item.id, disabled=not item.enabled))
        ids = [item.id for item in shown]
        if ids:
            options.highlighted = ids.index(keep) if keep in ids else 0
        self.post_message(self.Highlighted(self, self.highlighted_id()))

    def highlighted_id(self) -> str | None:
        options = self.query_one(OptionList)
        if options.highlighted is None or not options.option_count:
            return None
        return options.get_option_at_index(options.highlighted).id

    @on(Input.Changed)
    def filter_changed(self) -> None:
        self.refill()

    def action_move(self, steps: int) -> None:
        options = self.query_one(OptionList)
        if options.option_count:
            start = options.highlighted or 0
            options.highlighted = max(0, min(options.option_count - 1, start + steps))
            self.post_message(self.Highlighted(self, self.highlighted_id()))

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.pick(self.highlighted_id())

    @on(OptionList.OptionSelected)
    def clicked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.pick(event.option.id)

    def pick(self, item_id: str | None) -> None:
        if item_id is None:
            return
        item = next(i for i in self.items if i.id == item_id)
        if not item.enabled:
            return
        if self.multi:
            self.selected ^= {item_id}
            self.refill()
            self.post_message(self.Toggled(self, item_id))
        else:
            self.current = item_id
            self.post_message(self.Chosen(self, item_id))
