"""The workspace: inspector's own SQLite database (through sqlite-utils).

It holds imported sessions (each message a stored record, `engine.stored`, read back
without validation; content-addressed by its canonical JSON), the token
count cache, compaction versions (config, engine version, stats, the compacted
messages and their lineage), offloaded content and the summary cache.

- Every write is one transaction (`BEGIN IMMEDIATE` ... `COMMIT`): a crash leaves the
  database at the old state or the new one. A version is saved whole or not at all.
- Applying never deletes: each compaction is a new version; older versions stay.
- Message bodies are content-addressed, so a version that keeps most messages
  unchanged does not store them twice. A body is validated once, when it is first
  written; bodies written before records (schema 2) keep their JSON in `data` and are
  validated on load.
- Rows are written through sqlite-utils' table API (inserts, upserts, updates);
  the bulk inserts of the hot tables (bodies, messages, version messages, token
  counts) stay hand-written `executemany`: measured 2.5-4x faster than `insert_all`
  for message and token-count rows, and no slower for bodies, which are streamed in
  batches between the message rows (bench/bench_workspace.py, "insert"). Reads are hand-written queries (joins,
  `json_each`), all behind the workspace's lock.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import threading
import tomllib
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter, ValidationError

from inspector._faults import fault_point
from inspector.atomic import sqlite_write
from inspector.edge import collection_paused
from inspector.engine.config import CompactionConfig
from inspector.engine.models import Message, Session
from inspector.engine.stored import RecordError, decode, encode_message
from inspector.engine.tokens import TokenCache
from inspector.engine.wording import plural
from inspector.workspace.migrations import SCHEMA_VERSION, apply_migrations, missing_tables, read_version

if TYPE_CHECKING:  # pragma: no cover
    import sqlite_utils

    # Loaded where they are made, not with the workspace: the app lists sessions (its
    # first frame) without the applier, the planner or the summarizers.
    from inspector.engine.applier import Compacted, Offload
    from inspector.engine.summarize import SummaryResult

ENV_VAR = "INSPECTOR_WORKSPACE"

_MESSAGES = TypeAdapter(list[Message])


def default_workspace_path() -> Path:
    """$INSPECTOR_WORKSPACE, else `workspace.db` in the user's data directory."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("inspector", appauthor=False)) / "workspace.db"


class WorkspaceError(RuntimeError):
    """A workspace problem, in one line that names the database."""


def _check_workspace_file(path: Path) -> None:
    """Refuse, before SQLite opens it, what cannot be a workspace: a directory, a FIFO,
    a device or socket (opening would block or fail obscurely), or a file that is not
    SQLite (SQLite would only fail at the first query)."""
    import stat

    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return  # a new workspace
    except OSError as exc:
        raise WorkspaceError(f"{path}: cannot open the workspace ({exc.strerror or exc})") from None
    if not stat.S_ISREG(mode):
        raise WorkspaceError(f"{path}: not a workspace: {_file_kind(mode)}, not a regular file")
    try:
        with path.open("rb") as fh:
            head = fh.read(16)
    except OSError as exc:
        raise WorkspaceError(f"{path}: cannot open the workspace ({exc.strerror or exc})") from None
    if head and head != b"SQLite format 3\x00":
        raise WorkspaceError(f"{path}: not an inspector workspace (not a SQLite database)")


# SQLite's primary result codes for a file it cannot open or write (as opposed to one
# that is not a database): READONLY, IOERR, FULL, CANTOPEN, PERM.
_ENVIRONMENT_CODES = {8, 10, 13, 14, 3}


class HashesByPosition(Sequence[str]):
    """A stored session's content hashes, in order, kept as one string and where each
    one ends: 100,000 hashes as separate strings took ~11 MB while a session loaded
    (and as many again in the lookup that matched them to their counts), freed by then
    in among the session's own objects (bench `rss_ratio_100k`)."""

    __slots__ = ("_ends", "_joined")

    def __init__(self, joined: str, ends: array[int]) -> None:
        self._joined = joined
        self._ends = ends

    def __len__(self) -> int:
        return len(self._ends)

    def __getitem__(self, k: Any) -> Any:
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        if k < 0:
            k += len(self._ends)
        return self._joined[self._ends[k - 1] if k else 0 : self._ends[k]]


# A stored session's (content hashes, tokens, text-part tokens) per message, in order
# (`Workspace.counts_by_position`).
StoredCounts = tuple[Sequence[str], list[int | None], list[int | None]]


def _environment(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in _ENVIRONMENT_CODES


def _cannot_write(path: Path, exc: sqlite3.Error, what: str = "write") -> str:
    """One line for a workspace the disk or the folder does not let us use, saying why
    when the file system tells and what to do."""
    import os

    reason = ""
    try:
        st = os.statvfs(path.parent)
        if st.f_flag & getattr(os, "ST_RDONLY", 1):
            reason = "its folder is on a read-only file system"
        elif st.f_bavail * st.f_frsize < 1 << 20:
            reason = "the disk is full"
        elif not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            reason = "no permission to write it or its folder"
    except OSError:
        pass
    return (f"{path}: cannot {what} the workspace ({exc}{'; ' + reason if reason else ''}); free some space or "
            "fix the permissions, or use another workspace (--workspace or $INSPECTOR_WORKSPACE)")


def _file_kind(mode: int) -> str:
    import stat

    for test, what in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device")):
        if test(mode):
            return what
    return "a special file"


class UnknownIdError(WorkspaceError, KeyError):
    """No session, version or offload with that id (also a KeyError)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


@dataclass
class SessionInfo:
    """One stored session's summary row: where it came from, its title, counts of
    messages, tool calls, tool results, user messages and text characters, its token
    count (with `counter`, None if not counted), times and number of versions.
    """

    id: str
    source_format: str
    source_path: str | None
    source_session_id: str | None
    title: str | None
    messages: int
    tool_calls: int
    tool_results: int
    user_messages: int
    text_chars: int
    tokens: int | None
    counter: str | None
    created_at: datetime | None
    updated_at: datetime | None
    versions: int
    model: str | None = None
    imported_at: datetime | None = None


@dataclass
class VersionInfo:
    """One stored version's summary row: its session, number and parent, when and how it
    was made (engine version, summarizer, preset, counter), tokens before and after,
    message count, stats and the config it was made with (as TOML).
    """

    id: str
    session_id: str
    number: int
    parent: str | None
    label: str
    created_at: datetime
    engine_version: str
    summarizer: str
    preset: str | None
    counter: str | None
    tokens_before: int | None
    tokens_after: int | None
    messages: int
    stats: dict[str, Any]
    config_toml: str

    def config(self) -> CompactionConfig:
        """The config this version was made with.

        Raises:
            ConfigError: the stored config is not valid (the error names the version).
        """
        return CompactionConfig.from_dict(tomllib.loads(self.config_toml), source=f"version {self.id}")


@dataclass
class ImportReport:
    """What one import did: the format read, the sessions it holds, records skipped
    ("where: reason"), and which sessions are new, updated or unchanged.
    """

    format: str
    session_ids: list[str]
    skipped: list[str] = field(default_factory=list)  # "where: reason"
    new: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)


# ----------------------------------------------------------------------------- helpers


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _dt(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _slug(text: str, limit: int = 48) -> str:
    s = re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.")
    return s[:limit].rstrip("-.") or "session"


def workspace_session_id(source_format: str, source_path: str | None, source_session_id: str) -> str:
    """Readable and unique across sources: `format:name-hash`.

    The hash covers the format, the absolute source path and the source's own session
    id, so two `session.db` files in different folders never collide.
    """
    path = str(Path(source_path).expanduser().resolve()) if source_path else ""
    h = hashlib.blake2b(f"{source_format}\x1f{path}\x1f{source_session_id}".encode(), digest_size=4)
    name = source_session_id
    if source_path and source_session_id in ("", Path(source_path).stem):
        name = Path(source_path).stem
    return f"{source_format}:{_slug(name)}-{h.hexdigest()}"


# `Message.model_dump_json` without the Python of pydantic's TypeAdapter around its
# serializer: the same JSON (tests/workspace/test_stored_records.py), a quarter sooner.
_TO_JSON = Message._adapter().serializer.to_json
_NO_POSITION = {"position"}  # (never changed)


def _body(message: Message) -> str:
    # Position is the row's; the body is what the message is, wherever it sits.
    return _TO_JSON(message, exclude=_NO_POSITION, fallback=repr).decode()


def _body_hash(body: str) -> str:
    return hashlib.blake2b(body.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def session_digest(messages: Sequence[Message]) -> str:
    """What decides "unchanged" on re-import: content, source ids and times, in order."""
    h = hashlib.blake2b(digest_size=16)
    for m in messages:
        h.update(bytes.fromhex(m.content_hash))
        h.update((m.source_id or "").encode())
        h.update(b"\x1f")
        h.update((m.timestamp.isoformat() if m.timestamp else "").encode())
        h.update(b"\x1e")
    h.update(str(len(messages)).encode())
    return h.hexdigest()


def _probe_hash() -> str:
    return Message.text_message("user", "inspector content-hash probe", name="probe").content_hash


def _session_stats(messages: Sequence[Message]) -> dict[str, int]:
    # One pass (five took a twentieth of storing 100,000 messages).
    calls = results = users = chars = 0
    for m in messages:
        calls += len(m.tool_calls)
        role = m.role
        if role == "tool":
            results += 1
        elif role == "user" and m.kind == "message":
            users += 1
        for p in m.parts:
            if p.type == "text":
                chars += len(p.text)
    return {"messages": len(messages), "tool_calls": calls, "tool_results": results, "user_messages": users,
            "text_chars": chars}


# A body's columns, in the order `_load_bodies` reads them (`m` a message row).
_BODY_COLUMNS = "b.data, b.record, b.text, b.raw, m.content_hash"
# A stored session's rows, in order (bench/probes.py reads them with plain sqlite3: the
# floor of `load_session`).
SESSION_ROWS_SQL = (f"SELECT {_BODY_COLUMNS} FROM messages m JOIN bodies b ON b.hash = m.body "
                    "WHERE m.session_id = ? ORDER BY m.position")
# Each message's content hash and its cached counts by one counter (None where not cached).
_COUNTS_BY_POSITION_SQL = ("SELECT m.content_hash, t.tokens, t.text_tokens FROM messages m "
                           "LEFT JOIN token_counts t ON t.counter = ? AND t.hash = m.content_hash "
                           "WHERE m.session_id = ? ORDER BY m.position")
_INSERT_BODY = "INSERT OR IGNORE INTO bodies (hash, data, record, text, raw) VALUES (?, ?, ?, ?, ?)"
_LOAD_CHUNK = 500  # bodies per fetch when loading: small chunks keep the peak low
_SCAN_CACHE_KIB = -64  # SQLite's page cache while bodies are read (negative: KiB)
_EACH_BATCH = 2000  # messages per `load_session(each=...)` call


def _chunks(items: Sequence[Any], size: int = 5000) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


# ----------------------------------------------------------------------------- caches


class WorkspaceTokenCache(TokenCache):
    """Token counts persisted in the workspace, with an in-memory layer in front.

    `get_many` reads every missing hash in one query; `put_many` writes in one
    transaction. Counts read from the database are not copied into the in-memory
    layer: a session's counts are read once per analysis (which keeps them), and a
    copy of 10,000 entries costs ~3 MB (bench `rss_ratio_10k`); the layer keeps the
    counts computed in this process.
    """

    # Wanting at least this share of a counter's stored rows, reading them all is
    # cheaper than looking each wanted hash up: per row, a scan of the counter's
    # range costs about half a primary-key lookup driven by json_each (10,000 counts:
    # 7.5 ms against 11 ms; bench/run.py, `warm`).
    SCAN_SHARE = 0.5
    SCAN_MIN = 1000  # below this many hashes the lookups are cheap whatever the share

    def __init__(self, workspace: Workspace) -> None:
        super().__init__()
        self._ws = workspace
        self._rows: dict[str, int] = {}  # stored rows per counter (an upper bound once this process wrote)

    def get_many(self, counter: str, hashes: Iterable[str]) -> dict[str, tuple[int, int]]:
        """Cached counts for `hashes` by `counter`: the in-memory layer first, the rest from
        the database (a query per 50,000 hashes, or one scan of the counter's rows when
        they are most of them).

        Returns:
            (tokens, text tokens) per hash found; hashes not counted yet are left out.
        """
        wanted = hashes if isinstance(hashes, (set, frozenset)) else set(hashes)
        if len(self._data):
            out = super().get_many(counter, wanted)
            missing = [h for h in wanted if h not in out]
        else:  # nothing counted in this process yet (a reopened workspace)
            out, missing = {}, list(wanted)
        if len(missing) >= self.SCAN_MIN and len(missing) >= self.SCAN_SHARE * self._stored_rows(counter):
            want = set(missing)
            for h, tokens, text_tokens in self._ws._query(
                    "SELECT hash, tokens, text_tokens FROM token_counts WHERE counter = ?", (counter,)):
                if h in want:
                    out[h] = (tokens, text_tokens)
            return out
        for chunk in _chunks(missing, 50_000):
            # json_each drives the join: one primary-key lookup per wanted hash
            # (a few times faster than `hash IN (SELECT value FROM json_each(?))`).
            rows = self._ws._query(
                "SELECT t.hash, t.tokens, t.text_tokens FROM json_each(?) w "
                "CROSS JOIN token_counts t ON t.counter = ? AND t.hash = w.value",
                (json.dumps(list(chunk)), counter),
            )
            for h, tokens, text_tokens in rows:
                out[h] = (tokens, text_tokens)
        return out

    def _stored_rows(self, counter: str) -> int:
        """Rows stored for `counter`: counted once (a range of the primary key), then
        kept up to date by this cache's writes."""
        n = self._rows.get(counter)
        if n is None:
            n = self._rows[counter] = self.stored(counter)
        return n

    def put_many(self, counter: str, values: dict[str, tuple[int, int]]) -> None:
        """Store counts by `counter`, in memory and in the database, in one transaction."""
        if not values:
            return
        super().put_many(counter, values)
        if counter in self._rows:
            self._rows[counter] += len(values)  # replaced rows too: an upper bound
        rows = [(counter, h, t, tt) for h, (t, tt) in values.items()]
        with self._ws._write() as conn:
            # executemany: 4x faster than insert_all here (bench/bench_workspace.py).
            conn.executemany(
                "INSERT OR REPLACE INTO token_counts (counter, hash, tokens, text_tokens) VALUES (?, ?, ?, ?)",
                rows,
            )

    def stored(self, counter: str | None = None) -> int:
        """Rows on disk (for one counter, or all)."""
        stored: int
        if counter is None:
            stored = self._ws._query("SELECT count(*) FROM token_counts")[0][0]
        else:
            stored = self._ws._query("SELECT count(*) FROM token_counts WHERE counter = ?", (counter,))[0][0]
        return stored


class WorkspaceSummaryCache:
    """Generated summaries by cache key, so a previewed summary is the applied one."""

    def __init__(self, workspace: Workspace) -> None:
        self._ws = workspace

    def get(self, key: str) -> SummaryResult | None:
        """The stored summary for `key`, None when there is none."""
        rows = self._ws._query(
            "SELECT text, model, extractive, attempts, input_tokens, output_tokens, errors "
            "FROM summaries WHERE key = ?", (key,))
        if not rows:
            return None
        from inspector.engine.summarize.protocol import SummaryResult

        text, model, extractive, attempts, tin, tout, errors = rows[0]
        return SummaryResult(text=text, model=model, extractive=bool(extractive), attempts=attempts,
                             input_tokens=tin, output_tokens=tout, errors=json.loads(errors))

    def put(self, key: str, result: SummaryResult) -> None:
        """Store the summary for `key`, replacing any stored one."""
        with self._ws._write():
            self._ws.db.table("summaries").insert({
                "key": key, "text": result.text, "model": result.model, "extractive": int(result.extractive),
                "attempts": result.attempts, "input_tokens": result.input_tokens,
                "output_tokens": result.output_tokens, "errors": json.dumps(result.errors), "created_at": _now(),
            }, replace=True)

    def __len__(self) -> int:
        summaries: int = self._ws._query("SELECT count(*) FROM summaries")[0][0]
        return summaries


# ---------------------------------------------------------------------------- workspace

_SESSION_COLUMNS = (
    "id, source_format, source_path, source_session_id, title, model, created_at, updated_at, "
    "imported_at, metadata, digest, messages, tool_calls, tool_results, user_messages, text_chars, "
    "tokens, counter"
)

_VERSION_COLUMNS = (
    "id, session_id, number, parent_id, label, created_at, engine_version, summarizer, preset, "
    "counter, tokens_before, tokens_after, messages, stats, config_toml"
)


class Workspace:
    """inspector's database. Open (creating and migrating it) with `Workspace(path)`.

    Usable as a context manager; thread-safe (one connection behind a lock).
    """

    def __init__(self, path: str | Path | None = None):
        memory = str(path) == ":memory:"
        self.path = Path(":memory:") if memory else Path(path).expanduser() if path else default_workspace_path()
        self._lock = threading.RLock()
        self._closed = False
        if not memory:
            _check_workspace_file(self.path)
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise WorkspaceError(f"{self.path}: cannot create its folder ({exc.strerror})") from None
        try:
            conn = sqlite3.connect(str(self.path), check_same_thread=False, timeout=30.0)
        except sqlite3.Error as exc:
            raise WorkspaceError(_cannot_write(self.path, exc, "open")) from None
        self._conn = conn
        try:
            self._setup(memory)
        except BaseException:
            conn.close()
            raise
        self._db: sqlite_utils.Database | None = None  # made on first write (`db`)
        self._token_cache: WorkspaceTokenCache | None = None
        self._hash_ok: bool | None = None
        self._summary_cache: WorkspaceSummaryCache | None = None

    @property
    def db(self) -> sqlite_utils.Database:
        """sqlite-utils on the workspace's connection, for writing rows; transactions stay
        ours (it nests in savepoints). Used only inside `_write()`, which holds the lock.
        Made on first use: importing sqlite-utils (click, dateutil, pluggy: ~0.07 s) is
        not paid by opening a workspace, so the app's first frame does not wait for it
        (bench/run.py `tui_first_frame_vs_textual`)."""
        if self._db is None:
            import sqlite_utils

            self._db = sqlite_utils.Database(self._conn, execute_plugins=False)
        return self._db

    # ------------------------------------------------------------------ open / migrate

    def _setup(self, memory: bool) -> None:
        conn = self._conn
        name = self.path.name
        try:
            conn.execute("PRAGMA foreign_keys = ON")  # this connection only
            version = read_version(conn)
        except sqlite3.DatabaseError as exc:
            if _environment(exc):  # the file may be fine: the disk or the folder is not
                raise WorkspaceError(_cannot_write(self.path, exc, "open")) from None
            raise WorkspaceError(f"{self.path}: not an inspector workspace ({exc})") from None
        # Refused before any pragma that changes the file (journal_mode = WAL would
        # switch someone else's database, a source included, to WAL).
        if version is None:
            raise WorkspaceError(f"{self.path}: not an inspector workspace (a SQLite database with other tables)")
        if version > SCHEMA_VERSION:
            raise WorkspaceError(
                f"{name}: schema version {version} is newer than this inspector ({SCHEMA_VERSION}); "
                "upgrade inspector to open it")
        if version == SCHEMA_VERSION:
            missing = missing_tables(conn)
            if missing:
                raise WorkspaceError(f"{self.path}: damaged workspace: {plural(len(missing), 'table')} missing ({', '.join(missing)}) "
                                     f"(schema {version}); restore it from a backup or start a new one")
        if not memory:
            try:
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("PRAGMA synchronous = NORMAL")
            except sqlite3.DatabaseError as exc:
                raise WorkspaceError(f"{self.path}: cannot open the workspace ({exc})") from None
        if version < SCHEMA_VERSION:
            try:
                with sqlite_write(conn):
                    # Another process may have migrated while we waited for the lock.
                    current = read_version(conn) or 0
                    if current > SCHEMA_VERSION:
                        raise WorkspaceError(
                            f"{name}: schema version {current} is newer than this inspector ({SCHEMA_VERSION})")
                    apply_migrations(conn, current)
            except sqlite3.Error as exc:
                raise WorkspaceError(f"{self.path}: cannot migrate the workspace to schema "
                                     f"{SCHEMA_VERSION} ({exc})") from None

    @property
    def schema_version(self) -> int:
        """The database's schema version (the number of migrations applied)."""
        return int(self._query("SELECT value FROM meta WHERE key = 'schema_version'")[0][0])

    def close(self) -> None:
        """Close the database connection; closing again does nothing."""
        with self._lock:
            if not self._closed:
                self._closed = True
                self._conn.close()

    def __enter__(self) -> Workspace:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Workspace({str(self.path)!r})"

    # ------------------------------------------------------------------- primitives

    def _check_open(self) -> None:
        if self._closed:
            raise WorkspaceError(f"{self.path}: workspace is closed")

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            self._check_open()
            return self._conn.execute(sql, params).fetchall()

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """The rows of one read-only statement, run on the workspace's own connection (it
        sees a write of this workspace still in progress): for diagnostics, and for the
        tests that check what is stored. Writing through it fails (`PRAGMA query_only`).

        Args:
            sql: one SELECT, or a PRAGMA that reads (`integrity_check`, ...).
            params: the statement's parameters.

        Returns:
            The rows, as tuples.
        """
        with self._lock:
            self._check_open()
            self._conn.execute("PRAGMA query_only = ON")
            try:
                return self._conn.execute(sql, params).fetchall()
            finally:
                self._conn.execute("PRAGMA query_only = OFF")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; nested uses join the outer one."""
        with self._lock:
            self._check_open()
            conn = self._conn
            if conn.in_transaction:
                yield conn
                return
            try:
                with sqlite_write(conn):
                    yield conn
            except sqlite3.OperationalError as exc:  # a full disk, a read-only file, a lock
                raise WorkspaceError(_cannot_write(self.path, exc)) from None

    def _store_bodies(self, conn: sqlite3.Connection, messages: Iterable[Message]) -> Iterator[tuple[Message, str]]:
        """Yield (message, body hash) and insert the bodies, in batches."""
        batch: list[tuple[str, str, bytes | None, str | None, bytes | None]] = []
        pending: list[tuple[Message, str]] = []
        for m in messages:
            body = _body(m)
            h = _body_hash(body)  # content-addressed by the canonical JSON, whatever form is stored
            stored = encode_message(m, body)  # encode(body), from the message where that is the same
            # The stored record (read back without validation), or the JSON when the
            # record cannot hold the message (engine/stored.py).
            batch.append((h, body, None, None, None) if stored is None else (h, "", *stored))
            pending.append((m, h))
            if len(batch) >= 1000:
                # executemany: insert_all is no faster here (bench/bench_workspace.py), and this
                # batch must be stored before the caller's message rows that reference it.
                conn.executemany(_INSERT_BODY, batch)
                fault_point("workspace.bodies_batch")
                batch.clear()
                yield from pending
                pending.clear()
        if batch:
            conn.executemany(_INSERT_BODY, batch)
        yield from pending

    def _validate_chunk(self, rows: list[Any], params: Sequence[Any]) -> list[Message]:
        """Messages from a chunk of body rows. pydantic-core's JSON parser stops at 200
        levels; a body nested deeper (stored before sources refused such nesting, see
        `inspector.engine.limits`) is parsed by `json` instead, or named in one line."""
        try:
            return _MESSAGES.validate_json("[" + ",".join(r[0] for r in rows) + "]")
        except ValidationError as exc:
            if not any(e["type"] == "json_invalid" and "recursion" in e["msg"] for e in exc.errors()):
                raise
        try:
            return _MESSAGES.validate_python([json.loads(r[0]) for r in rows])
        except (RecursionError, ValueError):
            raise WorkspaceError(f"{self.path}: {params[0] if params else 'a session'}: a stored message "
                                 "is nested too deeply to read") from None

    def _load_bodies(self, sql: str, params: Sequence[Any],
                     each: Callable[[Sequence[Message]], None] | None = None) -> list[Message]:
        """Messages from rows of `_BODY_COLUMNS` (JSON, record, text, raw, content
        hash), in order.

        A body stored as a record (`engine.stored`) is decoded without validation: it
        was validated when it was written. One stored as JSON (written before records,
        or one a record cannot hold) is validated as before, a chunk of bodies joined
        into one JSON array parsed by pydantic-core, then its source record packed
        (`Message.compact`). Rows are read in chunks with the garbage collector paused
        (tens of thousands of new objects would otherwise trigger full collections).
        The stored content hashes are reused when this engine computes hashes the same
        way (checked once per workspace). `each` is called with every `_EACH_BATCH`
        messages read (and the last ones), in order, while the rest is still read.
        """
        trust = self._hashes_current()
        done = 0
        messages: list[Message] = []
        append = messages.append
        names: dict[str, str] = {}  # short strings the records repeat, each made once (`engine.stored.decode`)
        with collection_paused():
            with self._lock:
                self._check_open()
                # The bodies are read once, in order: SQLite's page cache (2 MB by
                # default) would hold pages not read again, and keep them allocated.
                cache_size = self._conn.execute("PRAGMA cache_size").fetchone()[0]
                self._conn.execute(f"PRAGMA cache_size = {_SCAN_CACHE_KIB}")
                try:
                    cursor = self._conn.execute(sql, params)
                    while rows := cursor.fetchmany(_LOAD_CHUNK):
                        json_rows = [r for r in rows if r[1] is None]
                        validated = iter(self._validate_chunk(json_rows, params) if json_rows else ())
                        try:
                            for row in rows:
                                if row[1] is None:
                                    m = next(validated)
                                    # A parsed record costs several times its JSON, and
                                    # repeats the message's texts: kept packed.
                                    m.compact()
                                else:
                                    m = decode(row[1], row[2], row[3], names)
                                if trust:
                                    m.remember_hash(row[4])
                                m.position = len(messages)
                                append(m)
                        except RecordError as exc:
                            raise WorkspaceError(f"{self.path}: {params[0] if params else 'a session'}: message "
                                                 f"{len(messages)}: {exc}") from None
                        del rows, json_rows, validated
                        if each is not None and len(messages) - done >= _EACH_BATCH:
                            each(messages[done:])
                            done = len(messages)
                finally:
                    self._conn.execute(f"PRAGMA cache_size = {int(cache_size)}")
            if each is not None and (len(messages) > done or not messages):
                each(messages[done:])
        return messages

    def _hashes_current(self) -> bool:
        """Were the stored content hashes computed the way this engine computes them?

        A probe hash is recorded with the first stored message; if a later engine
        hashes differently, stored hashes are ignored and recomputed on load.
        """
        if self._hash_ok is None:
            stored = self._query("SELECT value FROM meta WHERE key = 'content_hash_probe'")
            self._hash_ok = bool(stored) and stored[0][0] == _probe_hash()
        return self._hash_ok

    def _note_probe(self) -> None:
        self.db.table("meta").insert({"key": "content_hash_probe", "value": _probe_hash()}, ignore=True)

    # ---------------------------------------------------------------------- sessions

    def session_id_for(self, session: Session) -> str:
        """The workspace id `add_session` would give this session."""
        wid = session.metadata.get("workspace_id")
        if isinstance(wid, str) and wid:
            return wid
        return workspace_session_id(session.source_format, session.source_path, session.id)

    def add_session(self, session: Session) -> str:
        """Store `session` (or update it); returns its workspace id.

        Re-importing an unchanged session only refreshes its title and metadata. A
        session that grew keeps its stored prefix and appends the new messages; one
        whose history changed has its messages replaced. Versions are never touched.
        """
        return self.store_session(session)[0]

    def import_session(self, session: Session) -> Session:
        """Store `session` (as `add_session`) and return it as the workspace holds it:
        what `load_session` would read back (the workspace id, its metadata), built
        from the session in hand instead of a second read.

        Args:
            session: a session read from a source (or loaded from this workspace).

        Returns:
            The stored session: the same messages, `id` the workspace id.
        """
        wid = self.add_session(session)
        if session.id == wid and session.metadata.get("workspace_id") == wid:
            return session
        meta = json.loads(json.dumps(self._stored_metadata(session), default=repr))
        source_sid = self._source_session_id(session)
        return session.model_copy(update={
            "id": wid, "metadata": {**meta, "workspace_id": wid, "source_session_id": source_sid}})

    @staticmethod
    def _stored_metadata(session: Session) -> dict[str, Any]:
        return {k: v for k, v in session.metadata.items() if k not in ("workspace_id", "source_session_id")}

    @staticmethod
    def _source_session_id(session: Session) -> Any:
        return session.metadata.get("source_session_id") if "workspace_id" in session.metadata else session.id

    def store_session(self, session: Session) -> tuple[str, str]:
        """`add_session`, also saying what it did: "new", "updated" or "unchanged"."""
        wid = self.session_id_for(session)
        messages = session.messages
        digest = session_digest(messages)
        now = _now()
        meta = self._stored_metadata(session)
        source_sid = self._source_session_id(session)
        head = {
            "source_format": session.source_format,
            "source_path": session.source_path,
            "source_session_id": source_sid,
            "title": session.title,
            "model": session.model,
            "created_at": _iso(session.created_at),
            "updated_at": _iso(session.updated_at),
            "metadata": json.dumps(meta, default=repr),
        }
        with self._write() as conn:
            self._note_probe()
            row = conn.execute("SELECT digest FROM sessions WHERE id = ?", (wid,)).fetchone()
            sessions = self.db.table("sessions")
            if row is not None and row[0] == digest:
                sessions.update(wid, head)
                return wid, "unchanged"
            start = 0
            if row is not None:
                old = [r[0] for r in conn.execute(
                    "SELECT content_hash FROM messages WHERE session_id = ? ORDER BY position", (wid,))]
                limit = min(len(old), len(messages))
                while start < limit and old[start] == messages[start].content_hash:
                    start += 1
                conn.execute("DELETE FROM messages WHERE session_id = ? AND position >= ?", (wid, start))
            stats = _session_stats(messages)
            values = {**head, "imported_at": now, "digest": digest, **stats, "tokens": None, "counter": None}
            if row is None:
                sessions.insert({"id": wid, **values})
            else:
                sessions.update(wid, values)
            rows = (
                (wid, start + k, m.role, m.kind, m.content_hash, h)
                for k, (m, h) in enumerate(self._store_bodies(conn, messages[start:]))
            )
            # executemany: 3x faster than insert_all (bench/bench_workspace.py).
            conn.executemany(
                "INSERT INTO messages (session_id, position, role, kind, content_hash, body) "
                "VALUES (?, ?, ?, ?, ?, ?)", rows)
            if row is not None:
                self._collect_bodies(conn)
        return wid, "new" if row is None else "updated"

    def _collect_bodies(self, conn: sqlite3.Connection) -> None:
        conn.execute(
            "DELETE FROM bodies WHERE hash NOT IN (SELECT body FROM messages) "
            "AND hash NOT IN (SELECT body FROM version_messages)")

    def _session_row(self, session_id: str) -> tuple[Any, ...]:
        rows = self._query(f"SELECT {_SESSION_COLUMNS} FROM sessions WHERE id = ?", (session_id,))
        if not rows:
            raise UnknownIdError(f"{self.path.name}: no session {session_id!r}")
        return rows[0]

    def has_session(self, session_id: str) -> bool:
        """Whether a session with this id is stored."""
        return bool(self._query("SELECT 1 FROM sessions WHERE id = ?", (session_id,)))

    def list_sessions(self) -> list[SessionInfo]:
        """Every stored session, most recently active first."""
        rows = self._query(
            f"SELECT {_SESSION_COLUMNS}, (SELECT count(*) FROM versions v WHERE v.session_id = s.id) "
            "FROM sessions s ORDER BY coalesce(updated_at, created_at, imported_at) DESC, id")
        return [self._info(r) for r in rows]

    def session_info(self, session_id: str) -> SessionInfo:
        """The stored session's summary row.

        Raises:
            UnknownIdError: no session with this id.
        """
        row = self._session_row(session_id)
        count = self._query("SELECT count(*) FROM versions WHERE session_id = ?", (session_id,))[0][0]
        return self._info((*row, count))

    @staticmethod
    def _info(r: tuple[Any, ...]) -> SessionInfo:
        (sid, fmt, spath, ssid, title, model, created, updated, imported, _meta, _digest, n, calls,
         results, users, chars, tokens, counter, versions) = r
        return SessionInfo(id=sid, source_format=fmt, source_path=spath, source_session_id=ssid, title=title,
                           messages=n, tool_calls=calls, tool_results=results, user_messages=users,
                           text_chars=chars, tokens=tokens, counter=counter, created_at=_dt(created),
                           updated_at=_dt(updated), versions=versions, model=model, imported_at=_dt(imported))

    def load_session(self, session_id: str, each: Callable[[Sequence[Message]], None] | None = None) -> Session:
        """The stored session, canonical, with the raw source records.

        Args:
            session_id: a workspace session id.
            each: called with each batch of messages as they are read, in order (a
                front end shows the start of a big session while the rest loads).

        Returns:
            The session.
        """
        (sid, fmt, spath, ssid, title, model, created, updated, _imported, meta, _digest,
         *_rest) = self._session_row(session_id)
        messages = self._load_bodies(
            SESSION_ROWS_SQL, (session_id,), each)
        metadata = {**json.loads(meta), "workspace_id": sid, "source_session_id": ssid}
        return Session(id=sid, source_format=fmt, source_path=spath, title=title, model=model,
                       created_at=_dt(created), updated_at=_dt(updated), metadata=metadata, messages=messages)

    def record_tokens(self, session_id: str, counter_name: str, total: int) -> None:
        """Remember a session's total, so `list_sessions` shows it without recounting."""
        import sqlite_utils

        with self._write():
            try:
                self.db.table("sessions").update(session_id, {"tokens": int(total), "counter": counter_name})
            except sqlite_utils.db.NotFoundError:
                raise UnknownIdError(f"{self.path.name}: no session {session_id!r}") from None

    def stored_counts(self, session_or_version_id: str, counter_name: str) -> tuple[list[int], list[int]] | None:
        """Per-message (tokens, text-part tokens) from the token cache, in order, without
        loading the messages: one query. None unless every message has a cached count
        (or when stored hashes predate this engine's hashing)."""
        if not self._hashes_current():
            return None
        is_version = bool(self._query("SELECT 1 FROM versions WHERE id = ?", (session_or_version_id,)))
        table, key = ("version_messages", "version_id") if is_version else ("messages", "session_id")
        rows = self._query(
            f"SELECT t.tokens, t.text_tokens FROM {table} m LEFT JOIN token_counts t "
            f"ON t.counter = ? AND t.hash = m.content_hash WHERE m.{key} = ? ORDER BY m.position",
            (counter_name, session_or_version_id))
        if not rows or any(r[0] is None for r in rows):
            return None
        return [r[0] for r in rows], [r[1] for r in rows]

    def counts_by_position(self, session_id: str, counter_name: str) -> StoredCounts | None:
        """A stored session's content hashes and cached counts (tokens, text-part
        tokens; None where not cached), in order, in one query: a front end loading
        the session takes each message's counts from here when its hash is the one
        read (`service.loading.load_analysed`), instead of one cache lookup per
        message. None when stored hashes predate this engine's hashing.

        Args:
            session_id: a workspace session id.
            counter_name: the counter's name.

        Returns:
            (hashes, tokens, text tokens), or None.
        """
        if not self._hashes_current():
            return None
        # One pass over the rows, nothing kept per message but its two counts: the
        # hashes as one string (`HashesByPosition`). The join costs about what reading
        # the hashes and then scanning the counter's rows did (~0.6 s CPU on 100,000),
        # without ~40 MB of strings, tuples and a dict made and dropped on the way.
        joined, ends, tokens, text_tokens = StringIO(), array("q"), [], []
        end = 0
        with self._lock:
            self._check_open()
            for h, total, text in self._conn.execute(_COUNTS_BY_POSITION_SQL, (counter_name, session_id)):
                joined.write(h)
                end += len(h)
                ends.append(end)
                tokens.append(total)
                text_tokens.append(text)
        return HashesByPosition(joined.getvalue(), ends), tokens, text_tokens

    def token_cache(self) -> WorkspaceTokenCache:
        """The workspace's token-count cache (one per workspace)."""
        if self._token_cache is None:
            self._token_cache = WorkspaceTokenCache(self)
        return self._token_cache

    def summary_cache(self) -> WorkspaceSummaryCache:
        """The workspace's summary cache (one per workspace)."""
        if self._summary_cache is None:
            self._summary_cache = WorkspaceSummaryCache(self)
        return self._summary_cache

    # ---------------------------------------------------------------------- versions

    def save_version(
        self,
        session_id: str,
        compacted: Compacted,
        config: CompactionConfig,
        *,
        parent: str | None = None,
        summarizer: str = "",
        label: str = "",
    ) -> str:
        """Save a compaction result as a new version of `session_id`.

        ONE write transaction: the next version number, the version row, its messages
        with their lineage, the offloaded content and the summaries; a concurrent
        apply (another thread or process) waits, so two never take the same number.
        Nothing existing is modified.

        Args:
            session_id: the workspace session the version belongs to.
            compacted: the compacted result.
            config: the config the result was planned with (stored as TOML).
            parent: the version this one was made from, if any.
            summarizer: what wrote the summaries (`service.pipeline.summarizer_label`).
            label: the user's label for the version.

        Returns:
            The new version's id.
        """
        from inspector.engine import ENGINE_VERSION
        from inspector.engine.stats import compaction_stats

        config_toml = config.to_toml(comments=False)
        with self._write() as conn:
            self._note_probe()
            row = conn.execute("SELECT digest FROM sessions WHERE id = ?", (session_id,)).fetchone()
            if row is None:
                raise UnknownIdError(f"{self.path.name}: no session {session_id!r}")
            if parent is not None:
                prow = conn.execute("SELECT session_id FROM versions WHERE id = ?", (parent,)).fetchone()
                if prow is None:
                    raise UnknownIdError(f"{self.path.name}: no version {parent!r} (the parent)")
                if prow[0] != session_id:
                    raise WorkspaceError(f"version {parent!r} belongs to {prow[0]!r}, not {session_id!r}")
            number = conn.execute("SELECT coalesce(max(number), 0) + 1 FROM versions WHERE session_id = ?",
                                  (session_id,)).fetchone()[0]
            vid = f"{session_id}@v{number}"
            if len(compacted.lineage) != len(compacted.messages):
                raise WorkspaceError(
                    f"cannot save a version of {session_id!r}: {len(compacted.messages)} messages but "
                    f"{len(compacted.lineage)} lineage entries")
            stats = compaction_stats(compacted)
            if not summarizer and compacted.summaries:
                summarizer = compacted.summaries[0].model
            self.db.table("versions").insert({
                "id": vid, "session_id": session_id, "number": number, "parent_id": parent, "label": label,
                "config_toml": config_toml, "preset": config.preset, "engine_version": ENGINE_VERSION,
                "summarizer": summarizer, "created_at": _now(), "base_digest": row[0],
                "counter": compacted.plan.counter, "tokens_before": stats["tokens_before"],
                "tokens_after": stats["tokens_after"], "messages": len(compacted.messages),
                "stats": json.dumps(stats)})
            fault_point("workspace.version_row")
            lineage = compacted.lineage
            rows = (
                (vid, k, m.role, m.kind, m.content_hash, h, json.dumps(lineage[k]))
                for k, (m, h) in enumerate(self._store_bodies(conn, compacted.messages))
            )
            # executemany: 3x faster than insert_all for message rows (bench/bench_workspace.py).
            conn.executemany(
                "INSERT INTO version_messages (version_id, position, role, kind, content_hash, body, origin) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            self._insert_offloads(compacted.offloads, vid)
            self.db.table("summaries").insert_all(
                ({"key": g.key, "text": g.text, "model": g.model, "extractive": int(g.extractive),
                  "created_at": _now()} for g in compacted.summaries), ignore=True)
            fault_point("workspace.version_end")
        return vid

    def _insert_offloads(self, offloads: Iterable[Offload], version_id: str | None) -> None:
        self.db.table("offloads").insert_all(
            ({"id": o.id, "session_id": o.session_id, "version_id": version_id, "position": o.position,
              "kind": o.kind, "tool_name": o.tool_name, "tool_call_id": o.tool_call_id,
              "chars": len(o.content), "content": o.content} for o in offloads), ignore=True)

    def store_offloads(self, offloads: Sequence[Offload]) -> None:
        """Keep content an export removed, so the recovery hints the export writes
        resolve (`recover`); no version owns it. Ids already stored are kept."""
        if not offloads:
            return
        with self._write():
            self._insert_offloads(offloads, None)

    def list_versions(self, session_id: str) -> list[VersionInfo]:
        """Versions of a session, oldest first."""
        self._session_row(session_id)
        rows = self._query(f"SELECT {_VERSION_COLUMNS} FROM versions WHERE session_id = ? ORDER BY number",
                           (session_id,))
        return [self._version(r) for r in rows]

    def version_info(self, version_id: str) -> VersionInfo:
        """The stored version's summary row.

        Raises:
            UnknownIdError: no version with this id.
        """
        rows = self._query(f"SELECT {_VERSION_COLUMNS} FROM versions WHERE id = ?", (version_id,))
        if not rows:
            raise UnknownIdError(f"{self.path.name}: no version {version_id!r}")
        return self._version(rows[0])

    @staticmethod
    def _version(r: tuple[Any, ...]) -> VersionInfo:
        (vid, sid, number, parent, label, created, engine, summarizer, preset, counter, before, after,
         n, stats, toml) = r
        return VersionInfo(id=vid, session_id=sid, number=number, parent=parent, label=label,
                           created_at=_dt(created), engine_version=engine, summarizer=summarizer,  # type: ignore[arg-type]
                           preset=preset, counter=counter, tokens_before=before, tokens_after=after,
                           messages=n, stats=json.loads(stats), config_toml=toml)

    def load_version(self, version_id: str) -> Session:
        """A version's compacted messages as a Session (its metadata names the version)."""
        info = self.version_info(version_id)
        (sid, fmt, spath, ssid, title, model, created, updated, *_rest) = self._session_row(info.session_id)
        messages = self._load_bodies(
            f"SELECT {_BODY_COLUMNS} FROM version_messages m JOIN bodies b ON b.hash = m.body "
            "WHERE m.version_id = ? ORDER BY m.position", (version_id,))
        metadata = {
            "workspace_session_id": sid, "source_session_id": ssid, "version": version_id,
            "version_number": info.number, "parent": info.parent, "label": info.label,
        }
        return Session(id=version_id, source_format=fmt, source_path=spath, title=title, model=model,
                       created_at=_dt(created), updated_at=_dt(updated), metadata=metadata, messages=messages)

    def version_lineage(self, version_id: str) -> list[list[int]]:
        """Per message of the version: the positions in its session it came from."""
        self.version_info(version_id)
        rows = self._query("SELECT origin FROM version_messages WHERE version_id = ? ORDER BY position",
                           (version_id,))
        return [json.loads(r[0]) for r in rows]

    # ---------------------------------------------------------------------- offloads

    def get_offload(self, offload_id: str) -> Offload | None:
        """The offloaded content with this id, None when there is none."""
        rows = self._query(
            "SELECT id, session_id, position, kind, tool_name, tool_call_id, content FROM offloads WHERE id = ?",
            (offload_id,))
        from inspector.engine.applier import Offload

        return Offload(*rows[0]) if rows else None

    def list_offloads(self, version_id: str) -> list[Offload]:
        """The content offloaded by this version, by position."""
        rows = self._query(
            "SELECT id, session_id, position, kind, tool_name, tool_call_id, content FROM offloads "
            "WHERE version_id = ? ORDER BY position, id", (version_id,))
        from inspector.engine.applier import Offload

        return [Offload(*r) for r in rows]

    def recover(self, offload_id: str, offset: int = 0, limit: int | None = None) -> str:
        """Offloaded content by the id in its recovery hint; `offset`/`limit` in characters."""
        if offset < 0 or (limit is not None and limit < 0):
            raise WorkspaceError(f"recover {offload_id!r}: offset and limit must not be negative")
        if limit is None:
            rows = self._query("SELECT substr(content, ?) FROM offloads WHERE id = ?", (offset + 1, offload_id))
        else:
            rows = self._query("SELECT substr(content, ?, ?) FROM offloads WHERE id = ?",
                               (offset + 1, limit, offload_id))
        if not rows:
            raise UnknownIdError(
                f"{self.path.name}: no offloaded content with id {offload_id!r} "
                "(it was not saved in this workspace)")
        content: str = rows[0][0]
        return content
