"""Google ADK session databases.

Both current layouts store one event per row as JSON in `events.event_data`:
`SqliteSessionService` (REAL epoch timestamps) and `DatabaseSessionService` v1
(SQLAlchemy; DATETIME timestamps, an `adk_internal_metadata` table). Tables are found
by their columns. Keys may be snake_case (what ADK writes) or camelCase (the pydantic
aliases); both are read.

The legacy v0 layout keeps `events.actions` as a pickle. It is refused with a clear
message; nothing is ever unpickled.

Compaction follows ADK's own rule (`_process_compaction_events`): a compaction event
covers the events whose timestamps fall in its [start, end] range; a range contained
in another is superseded; the kept summaries appear at their end timestamp as
compaction records and the covered events leave the session (counted in the record's
`meta["replaced"]`).
"""

from __future__ import annotations

import json
from bisect import bisect_right
from typing import Any

from inspector.engine.models import Message, Part, Session, Usage
from inspector.formats.genai import g, parse_parts, response_text
from inspector.formats.locations import SQL_KINDS
from inspector.sources.jsonio import parse_json
from inspector.sources.model import SourceError, parse_time
from inspector.sources.probing import Probe
from inspector.sources.sqlite import SqliteSource

FORMAT = "adk"
EVENT_COLUMNS = ("id", "app_name", "user_id", "session_id", "invocation_id", "timestamp", "event_data")
V0_EVENT_COLUMNS = ("id", "app_name", "user_id", "session_id", "author", "actions", "content")
SESSION_COLUMNS = ("app_name", "user_id", "id", "state", "create_time", "update_time")
SQLITE_TABLES = (EVENT_COLUMNS,)  # for the "lacks column" hint on unknown schemas


def sniff(probe: Probe) -> bool:
    """Is the database a Google ADK session store (its `events` table)?

    Raises:
        SourceError: the legacy ADK v0 layout, which is not read.
    """
    if probe.kind not in SQL_KINDS:
        return False
    if probe.find_table(*EVENT_COLUMNS) is not None:
        return True
    v0 = probe.find_table(*V0_EVENT_COLUMNS, without=("event_data",))
    if v0 is not None:
        raise SourceError(
            f"{probe.path}: table {v0}: legacy Google ADK v0 session layout (column 'actions' holds "
            "Python pickles, which inspector never loads); migrate it with ADK's "
            "`adk migrate session` (google.adk.sessions.migration) and open the result")
    return False


def load(probe: Probe) -> AdkSource:
    """The ADK sessions of the probed database."""
    return AdkSource(probe)


def adk_usage(u: Any) -> Usage | None:
    """ADK's `usage_metadata` as a `Usage` (thought tokens counted as output); None when absent."""
    if not isinstance(u, dict):
        return None
    prompt = g(u, "prompt_token_count")
    cached = g(u, "cached_content_token_count")
    out = g(u, "candidates_token_count")
    thoughts = g(u, "thoughts_token_count")
    if isinstance(out, int) and isinstance(thoughts, int):
        out += thoughts
    inp = prompt - cached if isinstance(prompt, int) and isinstance(cached, int) else prompt
    return Usage(input_tokens=inp, output_tokens=out, cache_read_tokens=cached,
                 total_tokens=g(u, "total_token_count"))


class AdkSource(SqliteSource):
    """The sessions of a Google ADK database (`DatabaseSessionService`'s `sessions` and `events`)."""

    format = FORMAT

    def __init__(self, probe: Probe):
        super().__init__(probe)
        self.events_table = probe.find_table(*EVENT_COLUMNS)
        self.sessions_table = probe.find_table(*SESSION_COLUMNS, without=("event_data",))
        self._keys: dict[str, tuple[str, str, str]] = {}
        self._meta: dict[tuple[str, str, str], tuple[Any, Any, Any]] = {}
        self._ids: list[str] | None = None

    def session_ids(self) -> list[str]:
        """The ids of the sessions (`app_name`, `user_id` and `id` joined), oldest first."""
        if self._ids is not None:
            return self._ids
        keys: list[tuple[str, str, str]] = []
        seen = set()
        if self.sessions_table:
            for r in self.query(f"SELECT app_name, user_id, id, create_time, update_time, state FROM "
                                f"{self.q(self.sessions_table)} ORDER BY create_time, rowid",
                                where=f"table {self.sessions_table}"):
                key = (str(r[0]), str(r[1]), str(r[2]))
                if key not in seen:
                    seen.add(key)
                    keys.append(key)
                    self._meta[key] = (r[3], r[4], r[5])
        for r in self.query(f"SELECT app_name, user_id, session_id FROM {self.q(self.events_table)} "
                            f"GROUP BY app_name, user_id, session_id ORDER BY MIN(timestamp)",
                            where=f"table {self.events_table}"):
            key = (str(r[0]), str(r[1]), str(r[2]))
            if key not in seen:
                seen.add(key)
                keys.append(key)
        # The bare session id when it is unique, else app/user/id.
        counts: dict[str, int] = {}
        for k in keys:
            counts[k[2]] = counts.get(k[2], 0) + 1
        ids = []
        for k in keys:
            sid = k[2] if counts[k[2]] == 1 else "/".join(k)
            self._keys[sid] = k
            ids.append(sid)
        self._ids = ids
        return ids

    def session_sizes(self) -> dict[str, int] | None:
        """Characters of each session's stored events (the JSON as text, on SQLite and
        PostgreSQL alike), from one aggregate query; None for a layout without
        `event_data`."""
        table = self.events_table
        if not self.has(table, "event_data"):
            return None
        ids = self.session_ids()
        by_key = {k: sid for sid, k in self._keys.items()}
        sizes = dict.fromkeys(ids, 0)
        for r in self.query(f"SELECT app_name, user_id, session_id, SUM(LENGTH(CAST(event_data AS TEXT))) "
                            f"FROM {self.q(table)} GROUP BY app_name, user_id, session_id", where=f"table {table}"):
            sid = by_key.get((str(r[0]), str(r[1]), str(r[2])))
            if sid is not None:
                sizes[sid] = int(r[3] or 0)
        return sizes

    def _read(self, session_id: str) -> Session:
        app, user, sid = self._keys[session_id]
        table = self.events_table
        rows = self.query(
            f"SELECT rowid, id, timestamp, event_data FROM {self.q(table)} "
            f"WHERE app_name = ? AND user_id = ? AND session_id = ? ORDER BY timestamp, rowid",
            (app, user, sid), where=f"session {session_id!r} in table {table}")
        events: list[tuple[float, str, dict[str, Any], Any]] = []  # (epoch, where, data, column ts)
        for r in rows:
            where = f"row {r[0]} of table {table} (session {session_id!r})"
            try:
                data = parse_json(r[3], where, self.skip)
            except (ValueError, TypeError) as exc:
                self.skip(where, f"invalid JSON in event_data ({exc})")
                continue
            if not isinstance(data, dict):
                self.skip(where, "event_data is not an object")
                continue
            if g(data, "partial"):
                self.skip(where, "partial (streaming) event")
                continue
            ts = data.get("timestamp")
            dt = parse_time(ts) if isinstance(ts, (int, float)) else parse_time(r[2])
            epoch = float(ts) if isinstance(ts, (int, float)) else (dt.timestamp() if dt else 0.0)
            events.append((epoch, where, data, str(r[1])))
        messages = self._messages(events)
        created, updated, state = self._meta.get((app, user, sid), (None, None, None))
        meta: dict[str, Any] = {"app_name": app, "user_id": user}
        if state:
            try:
                meta["state"] = json.loads(state) if isinstance(state, str) else state
            except ValueError:
                meta["state"] = state
        return Session(id=session_id, source_format=FORMAT, source_path=str(self.path), title=sid,
                       created_at=parse_time(created), updated_at=parse_time(updated),
                       metadata=meta, messages=messages).renumber()

    # ---- events -> messages, with ADK's compaction rule

    def _messages(self, events: list[tuple[float, str, dict[str, Any], str]]) -> list[Message]:
        ranges: list[tuple[int, float, float]] = []
        for i, (_, _, data, _) in enumerate(events):
            comp = g(g(data, "actions"), "compaction")
            if isinstance(comp, dict) and g(comp, "compacted_content") is not None:
                s, e = g(comp, "start_timestamp"), g(comp, "end_timestamp")
                if isinstance(s, (int, float)) and isinstance(e, (int, float)):
                    ranges.append((i, float(s), float(e)))
        kept: set[int] = set()
        max_end = None
        for i, _, e in sorted(ranges, key=lambda x: (x[1], -x[2], -x[0])):
            if max_end is None or e > max_end:
                kept.add(i)
                max_end = e
        coverage: list[tuple[float, float]] = []
        for s, e in sorted((s, e) for i, s, e in ranges if i in kept and s <= e):
            if coverage and s <= coverage[-1][1]:
                coverage[-1] = (coverage[-1][0], max(coverage[-1][1], e))
            else:
                coverage.append((s, e))
        starts = [s for s, _ in coverage]

        def covered(ts: float) -> bool:
            k = bisect_right(starts, ts) - 1
            return k >= 0 and ts <= coverage[k][1]

        items: list[tuple[float, int, list[Message]]] = []
        range_of = {i: (s, e) for i, s, e in ranges}
        replaced: dict[int, int] = {}
        for i, (epoch, where, data, eid) in enumerate(events):
            if i in range_of:
                if i not in kept:
                    self.skip(where, "compaction superseded by a later one that contains its range")
                    continue
                s, e = range_of[i]
                replaced[i] = sum(1 for j, ev in enumerate(events) if j not in range_of and s <= ev[0] <= e)
                items.append((e, i, [self._compaction(data, eid, epoch)]))
                continue
            if covered(epoch):
                continue
            msgs = self._event(data, eid, epoch, where)
            if msgs:
                items.append((epoch, i, msgs))
        items.sort(key=lambda x: (x[0], x[1]))
        out: list[Message] = []
        for _, i, msgs in items:
            if i in replaced:
                msgs[0].meta["replaced"] = replaced[i]
            out.extend(msgs)
        return out

    def _compaction(self, data: dict[str, Any], eid: str, epoch: float) -> Message:
        comp = g(g(data, "actions"), "compaction")
        content = g(comp, "compacted_content") or {}
        parts, calls, _ = parse_parts(g(content, "parts") or [])
        role = "assistant" if g(content, "role", "model") == "model" else "user"
        return Message(role=role, kind="compaction", parts=parts, tool_calls=calls, source_id=eid,
                       timestamp=parse_time(epoch), usage=adk_usage(g(data, "usage_metadata")), raw=data,
                       meta={"start_timestamp": g(comp, "start_timestamp"),
                             "end_timestamp": g(comp, "end_timestamp")})

    def _event(self, data: dict[str, Any], eid: str, epoch: float, where: str) -> list[Message]:
        content = g(data, "content")
        if not isinstance(content, dict) or not g(content, "parts"):
            return []  # state-only or control event: no model-visible content
        parts, calls, responses = parse_parts(g(content, "parts"))
        ts = parse_time(epoch)
        out: list[Message] = []
        author = g(data, "author")
        role = "assistant" if (g(content, "role") == "model" or (author and author != "user" and not responses
                                                                 and g(content, "role") != "user")) else "user"
        for fr in responses:
            cid = g(fr, "id")
            out.append(Message(role="tool", tool_call_id=str(cid) if cid else None, name=g(fr, "name"),
                               parts=[Part(type="text", text=response_text(g(fr, "response", {})))],
                               source_id=eid, timestamp=ts, raw=data))
        if parts or calls:
            msg = Message(role=role, parts=parts, tool_calls=calls, source_id=eid, timestamp=ts, raw=data,
                          usage=adk_usage(g(data, "usage_metadata")) if role == "assistant" else None,
                          name=author if role == "assistant" else None)
            out.append(msg)
        return out
