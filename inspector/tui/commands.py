"""Command palette (ctrl+p): the main actions, presets and sessions."""

from __future__ import annotations

from rich.text import Text
from textual.command import DiscoveryHit, Hit, Hits, Provider

from inspector.formats.terminal import escape_markup


class InspectorCommands(Provider):
    """The command palette's entries: what the current screen offers (`palette_commands`)."""

    def _commands(self) -> list[tuple[str, str, object]]:
        commands: list[tuple[str, str, object]] = self.app.palette_commands(self.screen)  # type: ignore[attr-defined]
        return commands

    async def discover(self) -> Hits:
        """Every entry, before anything is typed."""
        for name, help_text, callback in self._commands():
            # Text, never markup: a session id from a file may hold "[/]"
            yield DiscoveryHit(Text(name), callback, text=name, help=help_text)  # type: ignore[arg-type]

    async def search(self, query: str) -> Hits:
        """The entries matching `query`, highlighted."""
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands():
            score = matcher.match(name)
            if score > 0:
                # highlight parses its candidate as markup: escaped, it shows as written
                yield Hit(score, matcher.highlight(escape_markup(name)), callback, text=name,  # type: ignore[arg-type]
                          help=help_text)
