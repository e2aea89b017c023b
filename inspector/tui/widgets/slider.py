"""A small slider (ours: `textual-slider` is GPL). Positions are integers 0..steps;
a `Knob` maps them to config values."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget


class Slider(Widget, can_focus=True):
    """A one-line slider over positions 0 to `steps`: keys, clicks and drags move it."""

    DEFAULT_CSS = """
    Slider {
        height: 1;
        width: 1fr;
        min-width: 10;
        color: $text-muted;
    }
    Slider:focus {
        color: $accent;
    }
    Slider > .slider--fill {
        color: $accent;
    }
    Slider > .slider--thumb {
        color: $text;
        text-style: bold;
    }
    """

    COMPONENT_CLASSES = {"slider--fill", "slider--thumb"}

    BINDINGS = [
        Binding("left,h", "step(-1)", "Less", show=False, id="slider.less"),
        Binding("right,l", "step(1)", "More", show=False, id="slider.more"),
        Binding("shift+left,H", "step(-10)", "Much less", show=False, id="slider.much_less"),
        Binding("shift+right,L", "step(10)", "Much more", show=False, id="slider.much_more"),
        Binding("home", "set(0)", "Minimum", show=False, id="slider.min"),
        Binding("end", "set(-1)", "Maximum", show=False, id="slider.max"),
    ]

    position: reactive[int] = reactive(0, init=False)

    class Changed(Message):
        """The slider's position changed."""

        def __init__(self, slider: Slider, position: int) -> None:
            super().__init__()
            self.slider = slider
            self.position = position

        @property
        def control(self) -> Slider:
            """The slider that moved."""
            return self.slider

    def __init__(self, steps: int = 100, position: int = 0, *, id: str | None = None,
                 classes: str | None = None, disabled: bool = False) -> None:
        super().__init__(id=id, classes=classes, disabled=disabled)
        self.steps = max(1, steps)
        self.set_reactive(Slider.position, max(0, min(self.steps, position)))
        self._dragging = False

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One row."""
        return 1

    def validate_position(self, position: int) -> int:
        """Keep the position within 0 to `steps`."""
        return max(0, min(self.steps, int(position)))

    def watch_position(self, position: int) -> None:
        """Report the new position."""
        self.post_message(self.Changed(self, position))

    def set_position(self, position: int, notify: bool = False) -> None:
        """Move without a Changed message (syncing from the config), unless `notify`."""
        if notify:
            self.position = position
        else:
            self.set_reactive(Slider.position, self.validate_position(position))
            self.refresh()

    def render_line(self, y: int) -> Strip:
        """The track with the handle at the position."""
        width = self.content_region.width
        style = self.rich_style
        if y != 0 or width <= 0:
            return Strip.blank(width, style)
        track = max(1, width - 1)
        x = round(self.position / self.steps * track)
        fill = self.get_component_rich_style("slider--fill")
        thumb = self.get_component_rich_style("slider--thumb")
        segs = [
            Segment("━" * x, style + fill),
            Segment("●", style + thumb),
            Segment("─" * (width - x - 1), style + Style(dim=True)),
        ]
        return Strip(segs, width)

    def _position_at(self, x: int) -> int:
        track = max(1, self.content_region.width - 1)
        return round(max(0, min(track, x)) / track * self.steps)

    def action_step(self, delta: int) -> None:
        """Move `delta` steps."""
        self.position = self.position + delta

    def action_set(self, where: int) -> None:
        """Go to position `where` (a negative one: the last)."""
        self.position = where if where >= 0 else self.steps

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """Start a drag: the handle goes to the click."""
        self._dragging = True
        self.capture_mouse()
        self.position = self._position_at(event.x)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Drag the handle with the mouse."""
        if self._dragging:
            self.position = self._position_at(event.x)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        """End the drag."""
        if self._dragging:
            self._dragging = False
            self.release_mouse()
