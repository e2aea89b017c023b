"""The seam between the app and where sessions live.

Widgets only ever see the plain rows defined here (`SessionRow`, `VersionRow`), never
database rows. Two implementations:

- `WorkspaceData`: the workspace database (`inspector.workspace.database`), which keeps
  token counts, versions and summaries across runs;
- `MemoryData`: sessions held in memory (tests, benchmarks, and files opened when no
  workspace is wanted), with versions kept for the life of the app.

Every method may be slow and runs in a worker thread, never on the UI thread.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from inspector.engine.models import Session
from inspector.engine.tokens import TokenCache, TokenCounter

Progress = Callable[[int, int, str], None]  # (done, total, what)
TITLE_LOAD_LIMIT = 20_000  # messages: larger sessions keep their stored title until opened


@dataclass(frozen=True, slots=True)
class SessionRow:
    id: str
    format: str
    title: str
    messages: int
    tokens: int
    last_activity: datetime | None
    source: str = ""
    tool_calls: int = 0
    versions: int = 0
    counter: str = ""


@dataclass(frozen=True, slots=True)
class VersionRow:
    id: str
    session_id: str
    created_at: datetime | None
    summarizer: str
    label: str
    messages: int
    tokens_before: int | None
    tokens_after: int | None
    parent: str | None = None
    preset: str = ""


@dataclass
class StoredVersion:
    row: VersionRow
    messages: list[Any]
    config: Any  # CompactionConfig


class SessionData(Protocol):
    label: str

    def list_sessions(self, counter: TokenCounter, progress: Progress | None = None,
                      each: Callable[[SessionRow], None] | None = None) -> list[SessionRow]: ...

    def load_session(self, session_id: str) -> Session: ...

    def token_cache(self) -> TokenCache | None: ...

    def summary_cache(self) -> Any: ...

    def save_version(self, session_id: str, compacted: Any, config: Any, *, summarizer: str = "",
                     label: str = "", parent: str | None = None) -> str: ...

    def list_versions(self, session_id: str) -> list[VersionRow]: ...

    def next_version_id(self, session_id: str) -> str | None: ...

    def load_version(self, version_id: str) -> StoredVersion: ...


def _aware(ts: datetime | None) -> datetime | None:
    if ts is None:
        return None
    return ts if ts.tzinfo else ts.replace(tzinfo=UTC)


# ------------------------------------------------------------------------------ memory


class MemoryData:
    """Sessions in memory; versions live as long as the object."""

    def __init__(self, sessions: Sequence[Session], label: str = "memory"):
        self.label = label
        self._sessions = {s.id: s for s in sessions}
        self._cache = TokenCache()
        from inspector.engine.applier import MemorySummaryCache

        self._summaries = MemorySummaryCache()
        self._versions: dict[str, StoredVersion] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def list_sessions(self, counter: TokenCounter, progress: Progress | None = None,
                      each: Callable[[SessionRow], None] | None = None) -> list[SessionRow]:
        from inspector.engine.intro import display_title
        from inspector.engine.tokens import count_messages

        rows = []
        total = len(self._sessions)
        for k, s in enumerate(self._sessions.values()):
            tokens, _ = count_messages(s.messages, counter, self._cache)
            rows.append(SessionRow(
                id=s.id, format=s.source_format, title=display_title(s), messages=len(s.messages),
                tokens=sum(tokens), last_activity=_aware(s.last_activity), source=s.source_path or "",
                tool_calls=sum(len(m.tool_calls) for m in s.messages),
                versions=sum(1 for v in self._versions.values() if v.row.session_id == s.id),
                counter=counter.name,
            ))
            if each:
                each(rows[-1])  # shown while the rest loads
            if progress:
                progress(k + 1, total, s.id)
        return rows

    def load_session(self, session_id: str) -> Session:
        try:
            return self._sessions[session_id]
        except KeyError:
            raise KeyError(f"no session {session_id!r} in {self.label}") from None

    def token_cache(self) -> TokenCache:
        return self._cache

    def summary_cache(self) -> Any:
        return self._summaries

    def save_version(self, session_id: str, compacted: Any, config: Any, *, summarizer: str = "",
                     label: str = "", parent: str | None = None) -> str:
        with self._lock:
            vid = f"v{next(self._ids)}"
        plan = compacted.plan
        row = VersionRow(
            id=vid, session_id=session_id, created_at=datetime.now(UTC), summarizer=summarizer,
            label=label, messages=len(compacted.messages), tokens_before=plan.total_before,
            tokens_after=compacted.total_after, parent=parent, preset=config.preset,
        )
        self._versions[vid] = StoredVersion(row, list(compacted.messages), config)
        return vid

    def next_version_id(self, session_id: str) -> str | None:
        return None  # in-memory versions are not recoverable later: name none

    def list_versions(self, session_id: str) -> list[VersionRow]:
        rows = [v.row for v in self._versions.values() if v.row.session_id == session_id]
        return sorted(rows, key=lambda r: r.created_at or datetime.min.replace(tzinfo=UTC), reverse=True)

    def load_version(self, version_id: str) -> StoredVersion:
        try:
            return self._versions[version_id]
        except KeyError:
            raise KeyError(f"no version {version_id!r}") from None


# --------------------------------------------------------------------------- workspace


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _dt(value: Any) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return _aware(value)
    if isinstance(value, (int, float)):
        return datetime.fromtimestamp(value, UTC)
    try:
        return _aware(datetime.fromisoformat(str(value)))
    except ValueError:
        return None


class WorkspaceData:
    """The workspace database; rows are converted to plain rows here."""

    def __init__(self, workspace: Any, label: str | None = None, only: Sequence[str] | None = None,
                 imports: Sequence[str | Path] = ()):
        self.ws = workspace
        self.label = label or str(_get(workspace, "path", "workspace"))
        # `only=()` with imports: just what they import (nothing, if the import fails).
        self._only = set(only) if only is not None else None
        self._imports = [Path(p) for p in imports]
        self._sessions: dict[str, Session] = {}
        self._titles: dict[str, str] = {}
        self._notes: list[str] = []

    def take_notes(self) -> list[str]:
        """What the last load has to tell the user (records an import skipped), once."""
        notes, self._notes = self._notes, []
        return notes

    def _import_pending(self, progress: Progress | None) -> None:
        """Import the sources given on the command line, in the worker: on the first
        load and again on every reload, so a source an agent is still writing shows its
        new messages (an unchanged session is only compared, not stored again)."""
        for path in self._imports:
            def report(*args: Any, _p=path) -> None:
                if progress is None:
                    return
                done, total = (args[0], args[1]) if len(args) >= 2 else (0, 0)
                progress(int(done or 0), int(total or 0), f"importing {_p.name}")

            result = self.ws.import_path(path, progress=report)
            skipped = [str(s) for s in getattr(result, "skipped", None) or []]
            if skipped:
                self._notes.append(f"{path}: {len(skipped)} record(s) skipped: " + "; ".join(skipped[:3])
                                   + (f"; … and {len(skipped) - 3} more" if len(skipped) > 3 else ""))
            for wid in getattr(result, "updated", None) or []:
                self._sessions.pop(str(wid), None)  # it grew or changed: load it again
            ids = _imported_ids(result)
            if ids:
                self._only = (self._only or set()) | set(ids)

    def list_sessions(self, counter: TokenCounter, progress: Progress | None = None,
                      each: Callable[[SessionRow], None] | None = None) -> list[SessionRow]:
        self._import_pending(progress)
        infos = list(self.ws.list_sessions())
        rows = []
        total = len(infos)
        for k, info in enumerate(infos):
            sid = str(_get(info, "id"))
            if self._only is not None and sid not in self._only:
                continue
            tokens = _get(info, "tokens")
            count_name = _get(info, "counter") or ""
            if tokens is None or (count_name and count_name != counter.name):
                # Counted with another counter (or not yet): count now; the workspace
                # cache makes this a one-time cost.
                s = self.load_session(sid)
                from inspector.engine.tokens import count_messages

                tokens = sum(count_messages(s.messages, counter, self.token_cache())[0])
                count_name = counter.name
                record = getattr(self.ws, "record_tokens", None)
                if record is not None:
                    try:
                        record(sid, counter.name, tokens)
                    except TypeError:
                        pass
            rows.append(SessionRow(
                id=sid, format=str(_get(info, "source_format", "")), title=self._title(info, sid),
                messages=int(_get(info, "messages", 0) or 0), tokens=int(tokens or 0),
                last_activity=_dt(_get(info, "updated_at") or _get(info, "created_at")),
                source=str(_get(info, "source_path") or ""), tool_calls=int(_get(info, "tool_calls", 0) or 0),
                versions=int(_get(info, "versions", 0) or 0), counter=count_name,
            ))
            if each:
                each(rows[-1])  # shown while the rest loads
            if progress:
                progress(k + 1, total, sid)
        return rows

    def _title(self, info: Any, sid: str) -> str:
        """The stored title, else the first real request (derived once per session)."""
        from inspector.engine.intro import display_title, looks_like_id

        stored = _get(info, "title")
        if not looks_like_id(stored, sid, _get(info, "source_session_id")):
            return display_title(Session(id=sid, title=stored))
        title = self._titles.get(sid)
        if title is None:
            if sid not in self._sessions and int(_get(info, "messages", 0) or 0) > TITLE_LOAD_LIMIT:
                return str(stored or sid)  # not worth loading a huge session for its title
            title = display_title(self.load_session(sid), 60, _get(info, "source_session_id"))
            self._titles[sid] = title
        return title

    def load_session(self, session_id: str) -> Session:
        s = self._sessions.get(session_id)
        if s is None:
            s = self.ws.load_session(session_id)
            self._sessions[session_id] = s
        return s

    def token_cache(self) -> TokenCache | None:
        return self.ws.token_cache()

    def summary_cache(self) -> Any:
        return self.ws.summary_cache()

    def save_version(self, session_id: str, compacted: Any, config: Any, *, summarizer: str = "",
                     label: str = "", parent: str | None = None) -> str:
        return str(self.ws.save_version(session_id, compacted, config, parent=parent,
                                        summarizer=summarizer, label=label))

    def next_version_id(self, session_id: str) -> str | None:
        return self.ws.next_version_id(session_id)

    def list_versions(self, session_id: str) -> list[VersionRow]:
        rows = [_version_row(v, session_id) for v in self.ws.list_versions(session_id)]
        return rows[::-1]  # newest first

    def load_version(self, version_id: str) -> StoredVersion:
        stored = self.ws.load_version(version_id)  # a Session holding the compacted messages
        info = self.ws.version_info(version_id)
        config = info.config() if hasattr(info, "config") else None
        row = _version_row(info, str(_get(info, "session_id", "")))
        return StoredVersion(row, list(stored.messages), config)


def _version_row(v: Any, session_id: str) -> VersionRow:
    msgs = _get(v, "messages")
    count = _get(v, "message_count")
    if count is None:
        count = len(msgs) if isinstance(msgs, list) else msgs if isinstance(msgs, int) else 0
    return VersionRow(
        id=str(_get(v, "id")), session_id=str(_get(v, "session_id") or session_id),
        created_at=_dt(_get(v, "created_at")), summarizer=str(_get(v, "summarizer") or ""),
        label=str(_get(v, "label") or ""), messages=int(count or 0),
        tokens_before=_get(v, "tokens_before"), tokens_after=_get(v, "tokens_after"),
        parent=_get(v, "parent"), preset=str(_get(v, "preset") or ""),
    )


def _imported_ids(result: Any) -> list[str]:
    if result is None:
        return []
    if isinstance(result, (list, tuple, set)):
        return [str(_get(x, "id", x)) for x in result]
    for name in ("session_ids", "ids", "sessions", "imported"):
        v = _get(result, name)
        if v:
            return [str(_get(x, "id", x)) for x in v]
    return []


# ----------------------------------------------------------------------------- opening


@dataclass
class Opened:
    data: SessionData
    notes: list[str] = field(default_factory=list)


def read_sessions(path: Path) -> list[Session]:
    """Sessions of a file or directory, through the store's readers when they exist."""
    try:
        from inspector.sources.base import open_source  # type: ignore[import-not-found]
    except ImportError:
        open_source = None
    if open_source is not None:
        with open_source(path) as src:
            return list(src.sessions())
    from inspector.sources.swe_agent import read_traj

    files = sorted(path.glob("*.traj")) if path.is_dir() else [path]
    if not files:
        raise FileNotFoundError(f"{path}: no sessions found")
    return [read_traj(p) for p in files]


def open_data(source: str | Path | None, workspace: str | Path | None, *, use_workspace: bool = True) -> Opened:
    """What the app browses: SOURCE imported into the workspace (when the workspace
    store exists), SOURCE read into memory otherwise, or the whole workspace."""
    ws_cls = _workspace_class() if use_workspace else None
    if ws_cls is not None:
        ws = ws_cls(Path(workspace) if workspace else None)
        if source is None:
            return Opened(WorkspaceData(ws))
        return Opened(WorkspaceData(ws, label=str(source), imports=[source], only=()))
    if source is None:
        raise FileNotFoundError("no SOURCE given and no workspace store available")
    p = Path(source)
    if not p.exists():
        raise FileNotFoundError(f"{p}: no such file or directory")
    return Opened(MemoryData(read_sessions(p), label=str(p)),
                  notes=[] if not use_workspace else ["workspace store unavailable: sessions held in memory"])


def _workspace_class():
    try:
        from inspector.workspace.database import Workspace  # type: ignore[import-not-found]
    except ImportError:
        return None
    return Workspace
