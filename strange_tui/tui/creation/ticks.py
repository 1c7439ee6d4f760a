"""A list of ticks whose limit is held where the player presses the key: enter on an entry
not ticked yet asks the screen first, and the screen ticks it or says why not."""

from __future__ import annotations

from strange_tui.tui.common.filter_list import FilterList, Item


class TickList(FilterList):
    """A ``multi`` FilterList that ticks only when told to (``tick``); unticking is free."""

    class Asked(FilterList._Event):
        """Enter on an entry not ticked: the screen decides (``tick`` it, or say why not)."""

    def __init__(self, items: list[Item], *, selected: set[str], id: str) -> None:
        super().__init__(items, multi=True, selected=selected, id=id)

    def pick(self, item_id: str | None) -> None:
        item = next((i for i in self.items if i.id == item_id), None)
        if item is None or not item.enabled:
            return
        if item.id in self.selected:
            super().pick(item.id)
        else:
            self.post_message(self.Asked(self, item.id))

    def tick(self, item_id: str) -> None:
        """Tick ``item_id`` (the screen allowed it)."""
        if item_id not in self.selected:
            super().pick(item_id)
