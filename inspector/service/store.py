"""The store: where the sessions a front end browses, compacts and exports live.

ONE interface, `SessionStore`, and its roles: `VersionStore` (what
`versions.compact_and_save` needs), `ExportStore` (what `export` needs to keep what
an export's hints point at). Two implementations:

- `WorkspaceStore`: the workspace database (`inspector.workspace.database`), which
  keeps token counts, versions and summaries across runs;
- `MemoryStore`: sessions held in memory (tests, benchmarks, and files opened when no
  workspace is wanted), with versions kept for the life of the object.

Front ends see the plain rows defined here (`SessionRow`, `VersionRow`), never
database rows. Every method may be slow: the TUI calls them in a worker thread. The
CLI opens the workspace itself through `open_workspace` (its errors are
`WorkspaceError`), so front ends never import the workspace package.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from inspector.engine.config import CompactionConfig
from inspector.engine.intro import display_title, looks_like_id
from inspector.engine.models import Message, Session
from inspector.engine.tokens import TokenCache, TokenCounter, count_messages
from inspector.engine.wording import plural
from inspector.formats.locations import DatabaseUrl, shown
from inspector.service.opening import where
from inspector.workspace.database import (
    SessionInfo,
    StoredCounts,
    VersionInfo,
    Workspace,
    WorkspaceError,
    default_workspace_path,
)

if TYPE_CHECKING:  # pragma: no cover
    # The applier (and the planner it imports) is loaded by the first plan, not by the
    # app's first frame, which lists sessions (tests/system/test_import_hygiene.py).
    from inspector.engine.applier import Compacted, Offload, SummaryCache

__all__ = [
    "ExportStore", "MemoryStore", "Opened", "SessionRow", "SessionStore", "StoredVersion", "VersionRow",
    "VersionStore", "Workspace", "WorkspaceError", "WorkspaceStore", "default_workspace_path", "open_store",
    "open_workspace",
]

Progress = Callable[[int, int, str], None]  # (done, total, what)
TITLE_LOAD_LIMIT = 20_000  # messages: larger sessions keep their stored title until opened


@dataclass(frozen=True, slots=True)
class SessionRow:
    """One session as a front end lists it: id, format, title, size in messages and tokens
    (counted with `counter`), last activity, source, tool calls and stored versions.
    """

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
    """One stored version of a session as a front end lists it: when and how it was made
    (`summarizer`, `preset`, `label`, `parent` version), its messages and the tokens before and after.
    """

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
    """A stored version read back: its row, compacted messages and the config that made it."""

    row: VersionRow
    messages: list[Message]
    config: CompactionConfig


class VersionStore(Protocol):
    """What a compaction stored as a version needs (`versions.compact_and_save`)."""

    def summary_cache(self) -> SummaryCache:
        """Where generated summaries are kept, so a previewed summary is the one applied."""
        ...

    def token_cache(self) -> TokenCache | None:
        """Where token counts are kept across calls; None when the store keeps none."""
        ...

    def save_version(self, session_id: str, compacted: Compacted, config: CompactionConfig, *,
                     parent: str | None = None, summarizer: str = "", label: str = "") -> str:
        """Store a compaction's result as a new version of the session.

        Args:
            session_id: the session compacted.
            compacted: the compaction's result (messages, plan, offloads).
            config: the config that made it, stored with it.
            parent: the version it was made from, if any.
            summarizer: what wrote its summaries.
            label: the user's name for it.

        Returns:
            The new version's id.
        """
        ...


class ExportStore(Protocol):
    """Where an export keeps what its recovery hints point at (`inspector recover ID`
    reads the workspace): the content it removed, and the session a summary stands
    for."""

    def store_offloads(self, offloads: Sequence[Offload]) -> None:
        """Keep the content an export removed, by its ids (what its recovery hints name)."""
        ...

    def add_session(self, session: Session) -> str:
        """Keep a session a summary stands for, so its recovery hint can name it.

        Returns:
            The session's id in the store.
        """
        ...


class SessionStore(VersionStore, ExportStore, Protocol):
    """The whole store a front end browses: sessions, versions, caches."""

    label: str

    def list_sessions(self, counter: TokenCounter, progress: Progress | None = None,
                      each: Callable[[SessionRow], None] | None = None) -> list[SessionRow]:
        """The sessions as rows counted with `counter`; `each` sees each row as it is made."""
        ...

    def take_notes(self) -> list[str]:
        """What the last load has to tell the user, once."""
        ...

    def load_session(self, session_id: str, each: Callable[[Sequence[Message]], None] | None = None) -> Session:
        """The session; `each` is called with its messages in batches, in order, as
        they are read (all at once when it is in memory already)."""
        ...

    def counts_by_position(self, session_id: str, counter_name: str) -> StoredCounts | None:
        """The stored session's content hashes and cached counts, in order
        (`Workspace.counts_by_position`); None when the store keeps none."""
        ...

    def list_versions(self, session_id: str) -> list[VersionRow]:
        """The session's stored versions, newest first."""
        ...

    def load_version(self, version_id: str) -> StoredVersion:
        """One stored version: its row, messages and config."""
        ...


def _aware(ts: datetime | None) -> datetime | None:
    if ts is None:
        return None
    return ts if ts.tzinfo else ts.replace(tzinfo=UTC)


# ------------------------------------------------------------------------------ memory


class MemoryStore:
    """Sessions in memory; versions and offloads live as long as the object."""

    def __init__(self, sessions: Sequence[Session], label: str = "memory"):
        self.label = label
        self._sessions = {s.id: s for s in sessions}
        self._cache = TokenCache()
        from inspector.engine.applier import MemorySummaryCache

        self._summaries = MemorySummaryCache()
        self._versions: dict[str, StoredVersion] = {}
        self.offloads: dict[str, Offload] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def list_sessions(self, counter: TokenCounter, progress: Progress | None = None,
                      each: Callable[[SessionRow], None] | None = None) -> list[SessionRow]:
        """The sessions in memory as rows counted with `counter`.

        Args:
            counter: the token counter the rows' figures use.
            progress: called as (done, total, session id) after each row.
            each: called with each row as it is made.

        Returns:
            The rows, in the order the sessions were given.
        """
        from inspector.service.pipeline import context_total

        rows = []
        total = len(self._sessions)
        for k, s in enumerate(self._sessions.values()):
            tokens, _ = count_messages(s.messages, counter, self._cache)
            rows.append(SessionRow(
                id=s.id, format=s.source_format, title=display_title(s), messages=len(s.messages),
                tokens=context_total(tokens, counter), last_activity=_aware(s.last_activity),
                source=s.source_path or "",
                tool_calls=sum(len(m.tool_calls) for m in s.messages),
                versions=sum(1 for v in self._versions.values() if v.row.session_id == s.id),
                counter=counter.name,
            ))
            if each:
                each(rows[-1])  # shown while the rest loads
            if progress:
                progress(k + 1, total, s.id)
        return rows

    def take_notes(self) -> list[str]:
        """Nothing: a store in memory has nothing to tell."""
        return []

    def load_session(self, session_id: str, each: Callable[[Sequence[Message]], None] | None = None) -> Session:
        """The session with this id; `each` is called once with all its messages.

        Raises:
            KeyError: no session with this id.
        """
        try:
            s = self._sessions[session_id]
        except KeyError:
            raise KeyError(f"no session {session_id!r} in {self.label}") from None
        if each is not None:
            each(s.messages)
        return s

    def counts_by_position(self, session_id: str, counter_name: str) -> StoredCounts | None:
        """None: a session in memory has no stored counts to read."""
        return None

    def token_cache(self) -> TokenCache:
        """The token cache shared by this store's sessions."""
        return self._cache

    def summary_cache(self) -> SummaryCache:
        """The summary cache kept for the life of this store."""
        return self._summaries

    def save_version(self, session_id: str, compacted: Compacted, config: CompactionConfig, *,
                     parent: str | None = None, summarizer: str = "", label: str = "") -> str:
        """Keep a compaction's result in memory as a new version (`VersionStore.save_version`).

        Returns:
            The new version's id ("v1", "v2", ...).
        """
        with self._lock:
            vid = f"v{next(self._ids)}"
            row = VersionRow(
                id=vid, session_id=session_id, created_at=datetime.now(UTC), summarizer=summarizer,
                label=label, messages=len(compacted.messages), tokens_before=compacted.plan.total_before,
                tokens_after=compacted.total_after, parent=parent, preset=config.preset,
            )
            self._versions[vid] = StoredVersion(row, list(compacted.messages), config)
            self.store_offloads(compacted.offloads)
        return vid

    def store_offloads(self, offloads: Sequence[Offload]) -> None:
        """Keep each offload by its id; one already kept stays as it is."""
        for o in offloads:
            self.offloads.setdefault(o.id, o)

    def add_session(self, session: Session) -> str:
        """Keep a session unless one with its id is held already.

        Returns:
            The session's id.
        """
        self._sessions.setdefault(session.id, session)
        return session.id

    def list_versions(self, session_id: str) -> list[VersionRow]:
        """The session's versions, newest first."""
        rows = [v.row for v in self._versions.values() if v.row.session_id == session_id]
        return sorted(rows, key=lambda r: r.created_at or datetime.min.replace(tzinfo=UTC), reverse=True)

    def load_version(self, version_id: str) -> StoredVersion:
        """One version made in this store.

        Raises:
            KeyError: no version with this id.
        """
        try:
            return self._versions[version_id]
        except KeyError:
            raise KeyError(f"no version {version_id!r}") from None


# --------------------------------------------------------------------------- workspace


class WorkspaceStore:
    """The workspace database; rows are converted to plain rows here."""

    def __init__(self, workspace: Workspace, label: str | None = None, only: Sequence[str] | None = None,
                 imports: Sequence[str | Path | DatabaseUrl] = ()):
        self.ws = workspace
        self.label = label or str(workspace.path)
        # `only=()` with imports: just what they import (nothing, if the import fails).
        self._only = set(only) if only is not None else None
        self._imports = [where(p) for p in imports]  # files, or database URLs
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
        from inspector.service.opening import import_source

        for path in self._imports:
            def report(done: int, total: int, _p: Path | DatabaseUrl = path) -> None:
                if progress is not None:
                    progress(done, total, f"importing {_p.name}")

            result = import_source(self.ws, path, progress=report)
            skipped = result.skipped
            if skipped:
                self._notes.append(f"{path}: {plural(len(skipped), 'record')} skipped: " + "; ".join(skipped[:3])
                                   + (f"; … and {len(skipped) - 3} more" if len(skipped) > 3 else ""))
            for wid in result.updated:
                self._sessions.pop(wid, None)  # it grew or changed: load it again
            if result.session_ids:
                self._only = (self._only or set()) | set(result.session_ids)

    def list_sessions(self, counter: TokenCounter, progress: Progress | None = None,
                      each: Callable[[SessionRow], None] | None = None) -> list[SessionRow]:
        """The workspace's sessions as rows counted with `counter`, once pending sources are imported.

        Sessions counted with another counter (or not yet) are counted now and the figure
        stored. A store opened for given sources lists only their sessions.

        Args:
            counter: the token counter the rows' figures use.
            progress: called as (done, total, session id) after each session.
            each: called with each row as it is made.

        Returns:
            The rows, most recently active first.
        """
        self._import_pending(progress)
        infos = self.ws.list_sessions()
        rows = []
        total = len(infos)
        for k, info in enumerate(infos):
            if self._only is not None and info.id not in self._only:
                continue
            rows.append(self._row(info, counter))
            if each:
                each(rows[-1])  # shown while the rest loads
            if progress:
                progress(k + 1, total, info.id)
        return rows

    def _row(self, info: SessionInfo, counter: TokenCounter) -> SessionRow:
        tokens, count_name = info.tokens, info.counter or ""
        if tokens is None or (count_name and count_name != counter.name):
            # Counted with another counter (or not yet): count now; the workspace
            # cache makes this a one-time cost.
            s = self.load_session(info.id)
            tokens = sum(count_messages(s.messages, counter, self.token_cache())[0])
            count_name = counter.name
            self.ws.record_tokens(info.id, counter.name, tokens)
        # The stored figure is the messages' sum; shown as the plan counts the session.
        total = tokens + (counter.framing.reply_priming if info.messages else 0)
        return SessionRow(
            id=info.id, format=info.source_format, title=self._title(info), messages=info.messages,
            tokens=total, last_activity=_aware(info.updated_at or info.created_at), source=info.source_path or "",
            tool_calls=info.tool_calls, versions=info.versions, counter=count_name,
        )

    def _title(self, info: SessionInfo) -> str:
        """The stored title, else the first real request (derived once per session)."""
        sid, stored = info.id, info.title
        if not looks_like_id(stored, sid, info.source_session_id):
            return display_title(Session(id=sid, title=stored))
        title = self._titles.get(sid)
        if title is None:
            if sid not in self._sessions and info.messages > TITLE_LOAD_LIMIT:
                return stored or sid  # not worth loading a huge session for its title
            title = display_title(self.load_session(sid), 60, info.source_session_id)
            self._titles[sid] = title
        return title

    def load_session(self, session_id: str, each: Callable[[Sequence[Message]], None] | None = None) -> Session:
        """The session, read from the workspace once and then held in memory.

        Args:
            session_id: its id in the workspace.
            each: called with its messages in batches as they are read (at once when held already).

        Raises:
            WorkspaceError: no such session in the workspace (`UnknownIdError`).
        """
        s = self._sessions.get(session_id)
        if s is None:
            s = self.ws.load_session(session_id, each)
            self._sessions[session_id] = s
        elif each is not None:
            each(s.messages)
        return s

    def counts_by_position(self, session_id: str, counter_name: str) -> StoredCounts | None:
        """The workspace's (`Workspace.counts_by_position`); None for a session this
        store holds in memory already (its messages are not read again)."""
        if session_id in self._sessions:
            return None
        return self.ws.counts_by_position(session_id, counter_name)

    def token_cache(self) -> TokenCache:
        """The workspace's token cache."""
        return self.ws.token_cache()

    def summary_cache(self) -> SummaryCache:
        """The workspace's summary cache."""
        return self.ws.summary_cache()

    def save_version(self, session_id: str, compacted: Compacted, config: CompactionConfig, *,
                     parent: str | None = None, summarizer: str = "", label: str = "") -> str:
        """Store a compaction's result in the workspace as a new version (`Workspace.save_version`).

        Returns:
            The new version's id.
        """
        return self.ws.save_version(session_id, compacted, config, parent=parent, summarizer=summarizer, label=label)

    def store_offloads(self, offloads: Sequence[Offload]) -> None:
        """Store the offloads in the workspace (`Workspace.store_offloads`)."""
        self.ws.store_offloads(offloads)

    def add_session(self, session: Session) -> str:
        """Store or update a session in the workspace (`Workspace.add_session`).

        Returns:
            Its id in the workspace.
        """
        return self.ws.add_session(session)

    def list_versions(self, session_id: str) -> list[VersionRow]:
        """The session's versions in the workspace, newest first."""
        return [_version_row(v) for v in reversed(self.ws.list_versions(session_id))]  # newest first

    def load_version(self, version_id: str) -> StoredVersion:
        """One version from the workspace: its row, messages and config.

        Raises:
            WorkspaceError: no version with this id (`UnknownIdError`).
        """
        stored = self.ws.load_version(version_id)  # a Session holding the compacted messages
        info = self.ws.version_info(version_id)
        return StoredVersion(_version_row(info), list(stored.messages), info.config())


def _version_row(v: VersionInfo) -> VersionRow:
    return VersionRow(
        id=v.id, session_id=v.session_id, created_at=_aware(v.created_at), summarizer=v.summarizer,
        label=v.label, messages=v.messages, tokens_before=v.tokens_before, tokens_after=v.tokens_after,
        parent=v.parent, preset=v.preset or "",
    )


# ----------------------------------------------------------------------------- opening


@dataclass
class Opened:
    """What `open_store` opened: the store, and notes for the user (skipped records, ...)."""

    data: SessionStore
    notes: list[str] = field(default_factory=list)


def open_store(source: str | Path | None, workspace: str | Path | None, *, use_workspace: bool = True) -> Opened:
    """What the app browses: SOURCE (a file, database or directory of them) imported
    into the workspace, SOURCE read into memory without one, or the whole workspace."""
    if use_workspace:
        ws = open_workspace(workspace)
        if source is None:
            return Opened(WorkspaceStore(ws))
        return Opened(WorkspaceStore(ws, label=shown(source), imports=[source], only=()))
    if source is None:
        raise FileNotFoundError("no SOURCE given and no workspace wanted: nothing to open")
    from inspector.service.opening import iter_sessions

    notes: list[str] = []
    sessions = list(iter_sessions(source, on_skip=notes.append))
    return Opened(MemoryStore(sessions, label=shown(source)), notes=[f"skipped {n}" for n in notes])


def open_workspace(path: str | Path | None = None) -> Workspace:
    """The workspace database at `path` (default: `default_workspace_path()`),
    created when missing.

    Raises:
        WorkspaceError: one line naming the database.
    """
    return Workspace(Path(path) if path else None)
