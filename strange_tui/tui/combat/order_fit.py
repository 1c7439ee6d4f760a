"""The order table fits its panel: the Conditions column, the last, takes what the other
columns leave of the width and wraps its words onto more lines of the row; no number,
name or condition is cut at the panel's edge (80 columns is the baseline)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable

from strange_tui.tui.combat.view import COLUMNS

MIN_CONDITIONS_WIDTH = 12
"""Below this the column would wrap a word a line: the table scrolls sideways instead."""


def cell_width(cell: object) -> int:
    return cell.cell_len if isinstance(cell, Text) else cell_len(str(cell))


def conditions_width(table: DataTable, rows: dict[str, tuple]) -> int | None:
    """What is left for the Conditions column once every other column has its widest
    cell (or its header) and padding; None before the table has a width."""
    room = table.scrollable_content_region.width
    if room <= 0:
        return None
    padding = 2 * table.cell_padding
    others = sum(
        max([cell_len(label), *(cell_width(cells[index]) for cells in rows.values())]) + padding
        for index, (label, _) in enumerate(COLUMNS[:-1])
    )
    return max(MIN_CONDITIONS_WIDTH, room - others - padding)


def fit_conditions(table: DataTable, rows: dict[str, tuple]) -> bool:
    """Give the Conditions column the width left to it; True when it changed (the rows
    must then be laid out again, each as tall as its conditions wrap)."""
    width = conditions_width(table, rows)
    column = table.columns.get(COLUMNS[-1][1])  # type: ignore[call-overload]
    if width is None or column is None or (not column.auto_width and column.width == width):
        return False
    column.width, column.auto_width = width, False
    return True
