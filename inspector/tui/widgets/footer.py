"""The key footer, rebuilt only when the keys it shows change.

Textual's `Footer` recomposes (every key a new widget, each restyled) whenever the
screen's bindings are updated, which is every focus change. On the session screen a
Tab through the tuning panel moves focus between knobs whose keys are the same, so the
footer was rebuilt for nothing: about half of a Tab press's CPU (0.5 s at 80x24).
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer


class KeyFooter(Footer):
    """A `Footer` that skips the rebuild when the keys it would show are the ones shown."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """As `Footer`."""
        super().__init__(*args, **kwargs)
        self._shown: tuple[Any, ...] | None = None

    def shown_keys(self) -> tuple[Any, ...]:
        """What the footer shows: each shown binding's key, label, action, group, whether
        it is enabled and its tooltip, in order, and the command palette's key."""
        active = self.screen.active_bindings
        keys = tuple((b.key, b.description, b.action, b.group, enabled, tooltip, b.key_display)
                     for (_, b, enabled, tooltip) in active.values() if b.show)
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        return keys, self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and palette is not None

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Rebuild as `Footer` does, unless the keys to show are unchanged."""
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            keys = self.shown_keys()
            if keys == self._shown:
                return
            self._shown = keys
        super().bindings_changed(screen)
