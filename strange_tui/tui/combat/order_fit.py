"""The order table fits its panel: every column but the last is as wide as its widest cell
(or its header), and the Conditions column, the last, takes what they leave of the width
and wraps its words onto more lines of the row; no number, name or condition is cut at the
panel's edge (80 columns is the baseline).

The widths are set here, none left to the table's own measuring: the table measures its
rows only after it has drawn them once, and a header drawn before that kept the narrower
widths of an empty table (a new fight's header stood out of line with its rows)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable

from strange_tui.tui.combat.view import COLUMNS

MIN_CONDITIONS_WIDTH = 12
"""Below this the column would wrap a word a line: the table scrolls sideways instead."""


def cell_width(cell: object) -> int:
    """The widest line of a cell, as the terminal shows it."""
    text = cell.plain if isinstance(cell, Text) else str(cell)
    return max(cell_len(line) for line in text.split("\n"))


def column_widths(table: DataTable, rows: dict[str, tuple]) -> list[int] | None:
    """Each column's width: the widest of its cells and header, and for Conditions what
    the others leave of the room (padding counted); None before the table has a width."""
    room = table.scrollable_content_region.width
    if room <= 0:
        return None
    padding = 2 * table.cell_padding
    widths = [
        max([cell_len(label), *(cell_width(cells[index]) for cells in rows.values())])
        for index, (label, _) in enumerate(COLUMNS[:-1])
    ]
    others = sum(width + padding for width in widths)
    return [*widths, max(MIN_CONDITIONS_WIDTH, room - others - padding)]


def fit_conditions(table: DataTable, rows: dict[str, tuple]) -> bool:
    """Give every column its width (Conditions the width left to it); True when one
    changed (the rows must then be laid out again, each as tall as its conditions wrap)."""
    widths = column_widths(table, rows)
    if widths is None:
        return False
    changed = False
    for (_, key), width in zip(COLUMNS, widths, strict=True):
        column = table.columns.get(key)  # type: ignore[call-overload]
        if column is None or (not column.auto_width and column.width == width):
            continue
        column.width, column.auto_width = width, False
        changed = True
    return changed
