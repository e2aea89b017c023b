"""A read-only, virtualised text view (Line API): long contexts and diffs stay smooth."""

from __future__ import annotations

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.cache import LRUCache
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

Line = tuple[str, str]  # (text, rich style string)


class LinesView(ScrollView, can_focus=True):
    """Styled lines, wrapped to the width and drawn a screenful at a time (long messages stay fast)."""

    DEFAULT_CSS = """
    LinesView {
        background: $surface;
        scrollbar-gutter: stable;
    }
    """

    BINDINGS = [
        Binding("up,k", "scroll_up", "Up", show=False),
        Binding("down,j", "scroll_down", "Down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown,space", "page_down", "Page down", show=False),
        Binding("home,g", "scroll_home", "Top", show=False),
        Binding("end,G", "scroll_end", "Bottom", show=False),
    ]

    def __init__(self, lines: list[Line] | None = None, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._logical: list[Line] = list(lines or [])
        self._rows: list[tuple[str, Style]] = []
        self._width = 0
        self._cache: LRUCache[tuple[int, int], Strip] = LRUCache(512)
        self._styles: dict[str, Style] = {}

    def set_lines(self, lines: list[Line]) -> None:
        """Show `lines` from the top."""
        self._logical = list(lines)
        self._width = 0
        self._rewrap(self.scrollable_content_region.width)
        self.scroll_to(0, 0, animate=False)
        self.refresh()

    @property
    def lines(self) -> list[Line]:
        """The lines shown, unwrapped."""
        return self._logical

    def text(self) -> str:
        """The text shown, without styles."""
        return "\n".join(t for t, _ in self._logical)

    def _style(self, s: str) -> Style:
        st = self._styles.get(s)
        if st is None:
            st = Style.parse(s) if s else Style()
            self._styles[s] = st
        return st

    def _rewrap(self, width: int) -> None:
        width = max(10, width)
        if width == self._width and self._rows:
            return
        self._width = width
        rows: list[tuple[str, Style]] = []
        for text, style in self._logical:
            st = self._style(style)
            text = text.expandtabs(4)
            if len(text) <= width and cell_len(text) <= width:
                rows.append((text, st))
                continue
            # Fixed-width chunks: O(n), good enough for megabytes of tool output.
            for k in range(0, len(text), width):
                rows.append((text[k:k + width], st))
        self._rows = rows
        self._cache.clear()
        self.virtual_size = Size(width, len(rows))

    def on_resize(self, event: events.Resize) -> None:
        """Wrap again at the new width."""
        self._rewrap(self.scrollable_content_region.width)

    def notify_style_update(self) -> None:
        """Drop the rendered rows: the theme changed."""
        super().notify_style_update()
        self._cache.clear()

    def render_line(self, y: int) -> Strip:
        """One wrapped row."""
        width = self.scrollable_content_region.width
        index = int(self.scroll_offset.y) + y
        base = self.rich_style
        if index >= len(self._rows):
            return Strip.blank(width, base)
        key = (index, width)
        strip = self._cache.get(key)
        if strip is None:
            text, st = self._rows[index]
            strip = Strip([Segment(text, base + st)]).crop_extend(0, width, base)
            self._cache[key] = strip
        return strip
