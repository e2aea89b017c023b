"""Command palette (ctrl+p): the main actions, presets and sessions."""

from __future__ import annotations

from textual.command import DiscoveryHit, Hit, Hits, Provider


class InspectorCommands(Provider):
    def _commands(self) -> list[tuple[str, str, object]]:
        return self.app.palette_commands(self.screen)  # type: ignore[attr-defined]

    async def discover(self) -> Hits:
        for name, help_text, callback in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)  # type: ignore[arg-type]

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)  # type: ignore[arg-type]
