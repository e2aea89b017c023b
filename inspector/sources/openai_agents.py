"""OpenAI Agents SDK `SQLiteSession` databases.

The SDK writes two tables (default names `agent_sessions` / `agent_messages`; callers
choose others, so they are found by their columns): sessions
(`session_id`, `created_at`, `updated_at`) and messages (`id`, `session_id`,
`message_data`, `created_at`), one Responses-API input item as JSON per row, in `id`
order. A row whose JSON does not parse is skipped (as the SDK's own `get_items` does)
and reported in `Source.skipped`.
"""

from __future__ import annotations

from inspector.engine.models import Session
from inspector.engine.wording import plural
from inspector.formats.locations import SQL_KINDS
from inspector.formats.responses import ItemConverter
from inspector.sources.base import Probe, parse_json, parse_time
from inspector.sources.sqlite import SqliteSource

FORMAT = "openai-agents"
MESSAGE_COLUMNS = ("id", "session_id", "message_data")
SESSION_COLUMNS = ("session_id", "created_at", "updated_at")
SQLITE_TABLES = (MESSAGE_COLUMNS,)  # for the "lacks column" hint on unknown schemas


def sniff(probe: Probe) -> bool:
    return probe.kind in SQL_KINDS and probe.find_table(*MESSAGE_COLUMNS) is not None


def load(probe: Probe) -> AgentsSource:
    return AgentsSource(probe)


class AgentsSource(SqliteSource):
    format = FORMAT

    def __init__(self, probe: Probe):
        super().__init__(probe)
        self.messages_table = probe.find_table(*MESSAGE_COLUMNS)
        self.sessions_table = probe.find_table(*SESSION_COLUMNS, without=("message_data",))
        self._ids: list[str] | None = None
        self._meta: dict[str, tuple] = {}

    def session_ids(self) -> list[str]:
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
        table = self.messages_table
        has_created = self.has(table, "created_at")
        cols = "id, message_data" + (", created_at" if has_created else "")
        rows = self.query(f"SELECT {cols} FROM {self.q(table)} WHERE session_id = ? ORDER BY id",
                          (session_id,), where=f"session {session_id!r} in table {table}")
        conv = ItemConverter(developer_role="developer", skip=self.skip)
        for r in rows:
            where = f"row {r[0]} of table {table} (session {session_id!r})"
            data = r[1]
            try:
                item = parse_json(data, where, self.skip)
            except (ValueError, TypeError) as exc:
                self.skip(where, f"invalid JSON ({exc})")
                continue
            conv.feed(item, where, source_id=str(r[0]), ts=parse_time(r[2]) if has_created else None)
        messages = conv.finish()
        created, updated = self._meta.get(session_id, (None, None))
        return Session(id=session_id, source_format=FORMAT, source_path=str(self.path), title=session_id,
                       created_at=parse_time(created), updated_at=parse_time(updated),
                       messages=messages).renumber()
