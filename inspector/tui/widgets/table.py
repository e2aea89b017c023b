"""A row table whose Home/g and End/G go to the first and last row, as in every list of
the app (Textual's DataTable scrolls sideways on Home and End)."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.widgets import DataTable


class RowTable(DataTable[Any]):
    """`DataTable` with the app's list keys: Home/g first row, End/G last row."""

    BINDINGS = [
        Binding("home,g", "first_row", "First", show=False, id="table.first"),
        Binding("end,G", "last_row", "Last", show=False, id="table.last"),
    ]

    def action_first_row(self) -> None:
        """Move the cursor to the first row."""
        if self.row_count:
            self.move_cursor(row=0)

    def action_last_row(self) -> None:
        """Move the cursor to the last row."""
        if self.row_count:
            self.move_cursor(row=self.row_count - 1)
