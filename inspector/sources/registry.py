"""Open any supported session source, picking the reader by content, never by name.

A source is a file written by an agent framework. It is opened read-only (SQLite
through a `mode=ro` URI) and never modified. `open_source(path)` probes the file
once (SQLite schema columns, or the first JSON/JSONL records), asks each registered
reader whether the probe is its format, and returns that reader's `Source`.

A reader is a module that is a `Reader` (like a harlequin adapter: a format name, a
detector, a loader), registered as an entry point of the group `inspector.readers`
(as harlequin's adapters and `llm`'s plugins are): the built-in ones in our
pyproject.toml, and any installed package may add its own. Without package metadata
(a source checkout on `sys.path`), the built-in table `READERS` is used.
"""

from __future__ import annotations

import importlib
import sqlite3
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from inspector.edge import collection_paused
from inspector.engine.wording import plural
from inspector.formats.locations import DatabaseUrl, resolve
from inspector.sources.model import Source, SourceError
from inspector.sources.probing import Probe

ENTRY_POINT_GROUP = "inspector.readers"

# (format name, module): the built-in readers, also registered as entry points in
# pyproject.toml. Order matters only where two sniffers could both accept a probe: the
# loosest (OpenAI chat) comes last.
READERS: list[tuple[str, str]] = [
    ("openai-agents", "inspector.sources.openai_agents"),
    ("adk", "inspector.sources.adk"),
    ("langgraph", "inspector.sources.langgraph"),
    ("llm", "inspector.sources.llm_cli"),
    ("claude-code", "inspector.sources.claude_code"),
    ("codex", "inspector.sources.codex"),
    ("swe-agent", "inspector.sources.swe_agent"),
    ("anthropic-json", "inspector.sources.anthropic_json"),
    ("openai-chat", "inspector.sources.openai_chat"),
]

FORMAT_NAMES: tuple[str, ...] = tuple(name for name, _ in READERS)  # the built-in formats

# The built-in sniffer that accepts the most: a plugin's reader is asked before it.
_LOOSEST = "openai-chat"
_DISTRIBUTION = "inspector"  # our package: its entry points are the built-in readers


@cache
def readers() -> tuple[tuple[str, str], ...]:
    """Every registered reader as (format name, module), in the order they are asked.

    The entry points of the group `inspector.readers`: ours (the built-in readers, in
    `READERS`' order; the table itself when the package has no metadata), then those
    other installed packages register, asked before the loosest built-in reader
    (OpenAI chat) so that it cannot claim their files. A plugin cannot replace a
    built-in reader: a name already taken keeps its first module.

    Returns:
        (format name, module name) pairs.
    """
    own: dict[str, str] = {}
    plugins: dict[str, str] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        ours = ep.dist is not None and ep.dist.name == _DISTRIBUTION
        (own if ours else plugins).setdefault(ep.name, ep.value)
    table = dict(READERS)
    builtin = own or table
    names = [name for name in table if name in builtin] + [name for name in builtin if name not in table]
    first = [(name, builtin[name]) for name in names if name != _LOOSEST]
    added = [(name, module) for name, module in plugins.items() if name not in builtin]
    last = [(_LOOSEST, builtin[_LOOSEST])] if _LOOSEST in builtin else []
    return tuple(first + added + last)


def format_names() -> tuple[str, ...]:
    """The format names of every registered reader, in the order they are asked."""
    return tuple(name for name, _ in readers())


@runtime_checkable
class Reader(Protocol):
    """What a reader module provides (each module `readers()` lists is one).

    Attributes:
        FORMAT: the format name (as `open_source` reports it).
    """

    FORMAT: str

    def sniff(self, probe: Probe) -> bool:
        """Is the probed file this reader's format? Decided on content only."""
        ...

    def load(self, probe: Probe) -> Source:
        """The file's sessions (read-only); SourceError names the file and line."""
        ...


def _module(module_name: str) -> Reader:
    mod = importlib.import_module(module_name)
    if not isinstance(mod, Reader):
        raise TypeError(f"{module_name} is not a Reader (FORMAT, sniff, load)")
    return mod


def _detect(probe: Probe) -> tuple[str, Reader]:
    for name, module_name in readers():
        mod = _module(module_name)
        if mod.sniff(probe):
            return name, mod
    path = probe.path
    if probe.kind == "sqlite":
        tables = ", ".join(probe.tables) or "no tables"
        raise SourceError(f"{path}: unknown SQLite schema (tables: {tables}){_near_miss(probe)}; "
                          f"supported: {', '.join(format_names())}")
    if probe.kind in ("json", "jsonl"):
        first = probe.records[0] if probe.records else None
        what = (f"keys {sorted(first)[:8]}" if isinstance(first, dict)
                else type(first).__name__)
        raise SourceError(f"{path}: line 1: unknown {probe.kind.upper()} content ({what}); "
                          f"supported: {', '.join(format_names())}")
    raise SourceError(f"{path}: not a supported session file (neither SQLite nor JSON); "
                      f"supported: {', '.join(format_names())}")


def _near_miss(probe: Probe) -> str:
    """'; table T looks like F's but lacks 2 columns (...)' for the known table (a reader's
    `SQLITE_TABLES`) a table of the database comes closest to, if any."""
    best: tuple[float, str, str, list[str]] | None = None
    for name, module_name in readers():
        for need in getattr(_module(module_name), "SQLITE_TABLES", ()):
            for table, cols in probe.tables.items():
                missing = [c for c in need if c not in cols]
                if missing and len(need) - len(missing) >= max(2, len(need) // 2) and (
                        best is None or len(missing) / len(need) < best[0]):
                    best = (len(missing) / len(need), table, name, missing)
    if best is None:
        return ""
    _, table, name, missing = best
    return f"; table {table} looks like {name}'s but lacks {plural(len(missing), 'column')} ({', '.join(missing)})"


def _probe(source: Any) -> Probe:
    """The probe of a file, or of a database URL (`sqlite:///` is its file)."""
    try:
        where = resolve(source) if isinstance(source, str) else source
    except ValueError as exc:
        raise SourceError(str(exc)) from None
    if isinstance(where, DatabaseUrl):
        from inspector.sources.database import DatabaseProbe

        return DatabaseProbe(where)
    return Probe(Path(where))


def detect_format(path: str | Path) -> str:
    """The format name of `path` (a file or a database URL); SourceError for unknown or
    unreadable input."""
    probe = _probe(path)
    try:
        return _detect(probe)[0]
    finally:
        probe.close()


def open_source(path: Any) -> Source:
    """Open `path` (a file, or a database URL: `postgresql[+driver]://`, `sqlite:///`)
    with the reader its content calls for."""
    probe = _probe(path)
    p = probe.path
    try:
        name, mod = _detect(probe)
        with collection_paused():  # readers of one-session files parse here
            source = mod.load(probe)
        source.format = name
        if probe.kind == "json" and probe.notes:
            source.skipped[:0] = probe.notes
        return source
    except sqlite3.DatabaseError as exc:
        raise SourceError(f"{p}: not a readable SQLite database ({exc})") from None
    finally:
        probe.close()
