"""What this machine has: the session stores of the agent tools a user already runs.

- Claude Code: `$CLAUDE_CONFIG_DIR/projects/<project>/*.jsonl` and its sub-agents'
  `<project>/<session>/subagents/agent-*.jsonl` (default `~/.claude`);
- Codex: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl` (default `~/.codex`);
- the `llm` CLI: `$LLM_USER_PATH/logs.db` (default its user directory);
- Agents SDK, ADK and LangGraph databases (and `llm` ones) in the current directory,
  recognised by content as any source is.

`discover()` only lists files (names, sizes, times, and the first line of a Codex
rollout for its project), so it is fast on hundreds of sessions; `fill()` then opens
one store and counts its sessions, messages and tokens: a caller fills them one by one
(the TUI in a worker, the rows updating as they come). Nothing is written.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

TOOL_NAMES = {"claude-code": "Claude Code", "codex": "Codex", "llm": "llm", "openai-agents": "Agents SDK",
              "adk": "ADK", "langgraph": "LangGraph"}
DATABASE_SUFFIXES = (".db", ".sqlite", ".sqlite3")
CWD_FORMATS = ("openai-agents", "adk", "langgraph", "llm")


@dataclass
class Found:
    """One store found: a transcript file, or a database of sessions.

    Attributes:
        tool: the format name (`claude-code`, `codex`, `llm`, `openai-agents`, `adk`, `langgraph`).
        project: what groups it (a Claude Code project's folder, a Codex session's
            working directory, the database's folder).
        path: the file.
        modified: its last change (newest first in listings).
        size: bytes.
        sessions, messages, tokens: filled by `fill` (None until then).
        error: why `fill` could not read it, if it could not.
    """

    tool: str
    project: str
    path: Path
    modified: datetime
    size: int
    sessions: int | None = None
    messages: int | None = None
    tokens: int | None = None
    error: str | None = None

    @property
    def tool_name(self) -> str:
        """The tool's display name (`Claude Code` for `claude-code`)."""
        return TOOL_NAMES.get(self.tool, self.tool)

    def to_dict(self) -> dict[str, Any]:
        """The store as a JSON-ready dict (path and time as text)."""
        out = asdict(self)
        out["path"] = str(self.path)
        out["modified"] = self.modified.isoformat()
        return out


def _mtime(path: Path) -> tuple[datetime, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return datetime.fromtimestamp(st.st_mtime, tz=UTC), st.st_size


def claude_home(env: Mapping[str, str], home: Path) -> Path:
    """Claude Code's home: `$CLAUDE_CONFIG_DIR`, or `~/.claude`."""
    return Path(env["CLAUDE_CONFIG_DIR"]) if env.get("CLAUDE_CONFIG_DIR") else home / ".claude"


def codex_home(env: Mapping[str, str], home: Path) -> Path:
    """Codex's home: `$CODEX_HOME`, or `~/.codex`."""
    return Path(env["CODEX_HOME"]) if env.get("CODEX_HOME") else home / ".codex"


def llm_home(env: Mapping[str, str], home: Path) -> Path:
    """The `llm` CLI's directory (`$LLM_USER_PATH`, or click's app dir for `io.datasette.llm`)."""
    if env.get("LLM_USER_PATH"):
        return Path(env["LLM_USER_PATH"])
    # click.get_app_dir("io.datasette.llm"), which llm uses: ~/.config on Linux
    if os.name == "nt":  # pragma: no cover
        return Path(env.get("APPDATA", home)) / "io.datasette.llm"
    mac = home / "Library" / "Application Support" / "io.datasette.llm"
    if mac.exists():  # pragma: no cover
        return mac
    return Path(env.get("XDG_CONFIG_HOME") or home / ".config") / "io.datasette.llm"


def _claude_project(folder: str) -> str:
    """A Claude Code project folder's name is its path with `/` (and `.`) as `-`."""
    return folder.replace("-", "/") if folder.startswith("-") else folder


def _claude_code(root: Path) -> Iterable[Found]:
    projects = root / "projects"
    if not projects.is_dir():
        return
    for folder in projects.iterdir():
        if not folder.is_dir():
            continue
        # A session's own transcript, and its sub-agents' (Claude Code 2.1: <session>/subagents/).
        for f in [*folder.glob("*.jsonl"), *folder.glob("*/subagents/agent-*.jsonl")]:
            stat = _mtime(f)
            if stat is not None and stat[1] > 0:
                yield Found("claude-code", _claude_project(folder.name), f, *stat)


def _codex_cwd(path: Path) -> str | None:
    """The working directory a Codex rollout's first record (`session_meta`) names."""
    try:
        with path.open("rb") as fh:
            first = fh.readline(1 << 20)
        record = json.loads(first)
    except (OSError, ValueError):
        return None
    payload = record.get("payload") if isinstance(record, dict) else None
    cwd = payload.get("cwd") if isinstance(payload, dict) else None
    return cwd if isinstance(cwd, str) else None


def _codex(root: Path) -> Iterable[Found]:
    sessions = root / "sessions"
    if not sessions.is_dir():
        return
    for f in sessions.rglob("rollout-*.jsonl"):
        stat = _mtime(f)
        if stat is not None and stat[1] > 0:
            yield Found("codex", _codex_cwd(f) or str(f.parent.relative_to(sessions)), f, *stat)


def _llm(root: Path) -> Iterable[Found]:
    db = root / "logs.db"
    stat = _mtime(db) if db.is_file() else None
    if stat is not None:
        yield Found("llm", str(root), db, *stat)


def _databases(cwd: Path) -> Iterable[Found]:
    from inspector.sources.model import SourceError
    from inspector.sources.registry import detect_format

    try:
        files = [f for f in cwd.iterdir() if f.suffix.lower() in DATABASE_SUFFIXES and f.is_file()]
    except OSError:
        return
    for f in files:
        try:
            fmt = detect_format(f)
        except (SourceError, OSError):
            continue  # not a session store
        stat = _mtime(f)
        if fmt in CWD_FORMATS and stat is not None:
            yield Found(fmt, str(cwd), f, *stat)


def discover(env: Mapping[str, str] | None = None, home: Path | None = None, cwd: Path | None = None) -> list[Found]:
    """Every store found, grouped by tool (Claude Code, Codex, llm, then the current
    directory's databases) and project, newest first within a group and groups by
    their newest store. Counts are not filled (`fill`).

    Args:
        env: the environment to read CLAUDE_CONFIG_DIR, CODEX_HOME, LLM_USER_PATH from.
        home: the home directory (default: the user's).
        cwd: where to look for databases (default: the current directory).

    Returns:
        The stores found.
    """
    env = os.environ if env is None else env
    home = Path.home() if home is None else home
    cwd = Path.cwd() if cwd is None else cwd
    found: list[Found] = []
    found.extend(_claude_code(claude_home(env, home)))
    found.extend(_codex(codex_home(env, home)))
    found.extend(_llm(llm_home(env, home)))
    seen = {f.path.resolve() for f in found}
    found.extend(f for f in _databases(cwd) if f.path.resolve() not in seen)
    order = list(TOOL_NAMES)
    newest: dict[tuple[str, str], datetime] = {}
    for f in found:
        key = (f.tool, f.project)
        newest[key] = max(newest.get(key, f.modified), f.modified)
    found.sort(key=lambda f: (order.index(f.tool) if f.tool in order else len(order),
                              -newest[(f.tool, f.project)].timestamp(), f.project, -f.modified.timestamp()))
    return found


def fill(found: Found, count: Callable[[Any], int] | None = None) -> Found:
    """Open the store and fill its session, message and token counts (or `error`).

    Args:
        found: a store from `discover`.
        count: counts a session's tokens (default: the estimate, chars / 4: filling
            hundreds of stores must stay quick; the sessions screen counts exactly).

    Returns:
        The same object, filled.
    """
    from inspector.service.opening import _open_source, _source_errors

    failures: tuple[type[BaseException], ...] = (*_source_errors(), OSError)
    try:
        with _open_source(found.path) as src:
            ids = src.session_ids()
            messages = tokens = 0
            for sid in ids:
                session = src.read(sid)
                messages += len(session.messages)
                tokens += count(session) if count else sum(len(m.text) for m in session.messages) // 4
        found.sessions, found.messages, found.tokens = len(ids), messages, tokens
    except failures as exc:
        found.error = str(exc)
    return found
