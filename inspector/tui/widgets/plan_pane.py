"""The plan summary below the heatmap, repainted without a layout pass while its
wrapped height holds."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static


class PlanSummary(Static):
    """The plan as text (`session_text.plan_summary`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self._shape: tuple[Any, ...] = ()

    def show(self, summary: Text, compact: bool) -> None:
        """Show `summary` (one line when `compact`).

        The wrapped height (lines and their wraps) decides: the same height is a
        repaint only, no layout pass over the whole screen (10-50 ms), whichever line
        grew or shrank. While tuning, the pane does not shrink (warnings come and go as
        a slider moves): blank lines at the end of it are padded on instead.
        """
        width = max(20, self.content_region.width)
        rows = sum(len(line) // width + 1 for line in summary.plain.split("\n"))
        last = self._shape
        if last[:2] == (compact, width) and rows < last[2]:
            summary.append("\n" * (last[2] - rows))
            rows = last[2]
        shape = (compact, width, rows)
        self.update(summary, layout=shape != last)
        self._shape = shape
