"""OpenAI Agents SDK `SQLiteSession` databases.

The SDK writes two tables (default names `agent_sessions` / `agent_messages`; callers
choose others, so they are found by their columns): sessions
(`session_id`, `created_at`, `updated_at`) and messages (`id`, `session_id`,
`message_data`, `created_at`), one Responses-API input item as JSON per row, in `id`
order. A row whose JSON does not parse is skipped (as the SDK's own `get_items` does)
and reported in `Source.skipped`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inspector.engine.models import Session
from inspector.engine.wording import plural
from inspector.formats.locations import SQL_KINDS
from inspector.formats.responses import ConverterMark, ItemConverter
from inspector.sources.jsonio import parse_json
from inspector.sources.model import Skipped, parse_time
from inspector.sources.probing import Probe
from inspector.sources.sqlite import SqliteSource, database_memo

FORMAT = "openai-agents"
MESSAGE_COLUMNS = ("id", "session_id", "message_data")
SESSION_COLUMNS = ("session_id", "created_at", "updated_at")
SQLITE_TABLES = (MESSAGE_COLUMNS,)  # for the "lacks column" hint on unknown schemas


def sniff(probe: Probe) -> bool:
    """Is the database an OpenAI Agents SDK session store (its `agent_messages` table)?"""
    return probe.kind in SQL_KINDS and probe.find_table(*MESSAGE_COLUMNS) is not None


def load(probe: Probe) -> AgentsSource:
    """The Agents SDK sessions of the probed database."""
    return AgentsSource(probe)


class AgentsSource(SqliteSource):
    """The sessions of an OpenAI Agents SDK `SQLiteSession` database."""

    format = FORMAT

    def __init__(self, probe: Probe):
        super().__init__(probe)
        self.messages_table = probe.find_table(*MESSAGE_COLUMNS)
        self.sessions_table = probe.find_table(*SESSION_COLUMNS, without=("message_data",))
        self._ids: list[str] | None = None
        self._meta: dict[str, tuple[Any, ...]] = {}

    def session_ids(self) -> list[str]:
        """The session ids: those of the sessions table, then any found only among the messages."""
        if self._ids is None:
            m = self.q(self.messages_table)
            ids: list[str] = []
            seen: set[str] = set()
            if self.sessions_table:
                s = self.q(self.sessions_table)
                for r in self.query(f"SELECT session_id, created_at, updated_at FROM {s} ORDER BY rowid",
                                    where=f"table {self.sessions_table}"):
                    if r[0] is None:  # not a session called "None"
                        self.skip(f"table {self.sessions_table}", "a row with a NULL session_id, left out")
                        continue
                    sid = str(r[0])
                    self._meta[sid] = (r[1], r[2])
                    if sid not in seen:
                        seen.add(sid)
                        ids.append(sid)
            # Messages whose session row is missing still make a session.
            for r in self.query(f"SELECT session_id, MIN(id) FROM {m} GROUP BY session_id ORDER BY MIN(id)",
                                where=f"table {self.messages_table}"):
                if r[0] is None:
                    (n,) = self.query(f"SELECT COUNT(*) FROM {m} WHERE session_id IS NULL",
                                      where=f"table {self.messages_table}")[0]
                    self.skip(f"table {self.messages_table}", f"{plural(n, 'row')} with a NULL session_id, left out")
                    continue
                sid = str(r[0])
                if sid not in seen:
                    seen.add(sid)
                    ids.append(sid)
            self._ids = ids
        return self._ids

    def session_sizes(self) -> dict[str, int]:
        """Bytes of each session's stored items, from one aggregate query."""
        m = self.q(self.messages_table)
        sizes = dict.fromkeys(self.session_ids(), 0)
        for r in self.query(f"SELECT session_id, SUM(LENGTH(message_data)) FROM {m} WHERE session_id IS NOT NULL "
                            "GROUP BY session_id", where=f"table {self.messages_table}"):
            sizes[str(r[0])] = int(r[1] or 0)
        return sizes

    def _read(self, session_id: str) -> Session:
        """The session's items in `id` order. A followed database (`database_memo`)
        converts only the rows added since the last read: `id` is the table's
        AUTOINCREMENT key, so new items come after every id seen, and the rows seen are
        checked to be all still there (the SDK's `pop_item` deletes the last one) before
        what was made of them is reused."""
        table = self.messages_table
        has_created = self.has(table, "created_at")
        first = len(self.skipped)
        memo = database_memo(self.path)
        key = (FORMAT, table, session_id)
        resume = memo.get(key) if memo is not None else None
        if resume is not None and not self._still_there(resume, session_id):
            resume = None  # rows deleted or changed: read whole
            if memo is not None:
                memo.pop(key, None)
        if resume is not None:
            conv = resume.conv.resumed(resume.conv.mark(), self.skip)
            self.skipped.extend(resume.skipped)
        else:
            conv = ItemConverter(developer_role="developer", skip=self.skip)
        after = resume.last_id if resume is not None else None
        rows = self._rows(session_id, has_created, after)
        seen = resume.rows if resume is not None else 0
        last: tuple[Any, Any, int, ConverterMark, int] | None = None  # the latest settled row
        for r in rows:
            seen += 1
            where = f"row {r[0]} of table {table} (session {session_id!r})"
            data = r[1]
            try:
                item = parse_json(data, where, self.skip)
            except (ValueError, TypeError) as exc:
                self.skip(where, f"invalid JSON ({exc})")
            else:
                conv.feed(item, where, source_id=str(r[0]), ts=parse_time(r[2]) if has_created else None)
            if memo is not None and conv.settled:
                last = (r[0], data, seen, conv.mark(), len(self.skipped))
        if memo is not None and last is not None:
            last_id, last_data, count, mark, reported = last
            kept = conv.resumed(mark)
            if kept is not None:
                memo[key] = _AgentsResume(last_id, last_data, count, kept, self.skipped[first:reported])
        messages = conv.finish()
        created, updated = self._meta.get(session_id, (None, None))
        return Session(id=session_id, source_format=FORMAT, source_path=str(self.path), title=session_id,
                       created_at=parse_time(created), updated_at=parse_time(updated),
                       messages=messages).renumber()

    def _rows(self, session_id: str, has_created: bool, after: Any) -> list[Any]:
        """The session's rows in `id` order; only those after `after` when given."""
        table = self.messages_table
        cols = "id, message_data" + (", created_at" if has_created else "")
        since = " AND id > ?" if after is not None else ""
        return self.query(f"SELECT {cols} FROM {self.q(table)} WHERE session_id = ?{since} ORDER BY id",
                          (session_id, after) if after is not None else (session_id,),
                          where=f"session {session_id!r} in table {table}")

    def _still_there(self, resume: _AgentsResume, session_id: str) -> bool:
        """Whether the rows a resume state was made from are all still there: as many
        up to its last id, that last row's data unchanged (a table without
        AUTOINCREMENT may give a deleted last id to the next row)."""
        m = self.q(self.messages_table)
        where = f"session {session_id!r} in table {self.messages_table}"
        (count,) = self.query(f"SELECT COUNT(*) FROM {m} WHERE session_id = ? AND id <= ?",
                              (session_id, resume.last_id), where=where)[0]
        if count != resume.rows:
            return False
        found = self.query(f"SELECT message_data FROM {m} WHERE session_id = ? AND id = ?",
                           (session_id, resume.last_id), where=where)
        return len(found) == 1 and found[0][0] == resume.last_data


@dataclass
class _AgentsResume:
    """Where the next read of a followed session starts: after the row `last_id`
    (its data `last_data`, the `rows`-th of the session), the converter as it stood
    there, and what was reported about the rows before."""

    last_id: Any
    last_data: Any
    rows: int
    conv: ItemConverter
    skipped: list[Skipped]
