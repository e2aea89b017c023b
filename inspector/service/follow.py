"""Sessions still being written: a JSONL transcript growing, a SQLite database (WAL
mode included) getting rows.

`Follower` watches one source: `changed()` is one `stat` of the file (and its `-wal`),
cheap enough to call a few times a second; `poll()` reads the session again when it
changed. A JSONL source is followed (`sources.jsonio.follow_jsonl`): only the bytes
appended since the last read are read and parsed, and a half-written last line is
waited for; the Claude Code and Codex readers then convert only the new records (the
messages of the others are the objects the last read made). A SQLite source is read
again when it changes; the Agents SDK reader reads only the rows after the last `id`
seen (an AUTOINCREMENT key, the rows seen checked still there). The others read their
session whole, for reasons of their schema: ADK orders events by their timestamp, not
by row, and a compaction event rewrites the messages before it; a LangGraph
checkpoint holds the whole message list; the `llm` CLI's threads are hash chains from
a tip that moves. `update(shown, counter)` is what a view of the session calls: the
messages the view already has and the source still holds at the same places are kept
(the same objects), the new ones appended, and the view's analysis extended over the
new messages only (`engine.analysis.analyze_extending`), never recomputed. `watch_rows` is what `inspector watch` prints: per session, the context
it uses of the window and the tokens left before the compaction trigger fires.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inspector.service.pipeline import PipelineError

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.config import CompactionConfig
    from inspector.engine.models import Session
    from inspector.engine.tokens import TokenCache, TokenCounter

SQLITE_MAGIC = b"SQLite format 3\x00"
# A file's (size, modification time in ns, inode); None: it does not exist
FileStat = tuple[int, int, int]
# The stats of a source's files (a SQLite source: the database and its WAL)
Signature = tuple[FileStat | None, ...]


class Follower:
    """One source file followed as it grows.

    Attributes:
        path: the file.
        session_id: the session of it followed (None: every session, see `sessions`).
    """

    def __init__(self, path: str | Path, session_id: str | None = None):
        from inspector.sources.jsonio import follow_jsonl
        from inspector.sources.model import SourceError
        from inspector.sources.probing import check_path

        self.path = Path(path)
        try:
            check_path(self.path)
            with self.path.open("rb") as fh:
                self.sqlite = fh.read(16) == SQLITE_MAGIC
        except (SourceError, OSError) as exc:
            raise PipelineError(str(exc)) from None
        self.session_id = session_id
        self.tail = None if self.sqlite else follow_jsonl(self.path)
        if self.sqlite:
            from inspector.sources.sqlite import follow_database

            follow_database(self.path)  # readers whose store only appends rows read only the new ones
        self._seen: Signature | None = None

    def signature(self) -> Signature:
        """What changes when the source does: size and time of the file and its WAL."""
        out: list[FileStat | None] = []
        for p in (self.path, Path(f"{self.path}-wal")) if self.sqlite else (self.path,):
            try:
                st = os.stat(p)
                out.append((st.st_size, st.st_mtime_ns, st.st_ino))
            except OSError:
                out.append(None)
        return tuple(out)

    def mark_seen(self) -> None:
        """Take the source as it is now as read (a caller that has just read it): the
        next `poll` reads only once it changes."""
        self._seen = self.signature()

    def changed(self) -> bool:
        """Whether the source changed since the last `poll` (one stat; no read)."""
        return self.signature() != self._seen

    def sessions(self) -> list[Session]:
        """Every session of the source as it is now (read incrementally)."""
        from inspector.service.opening import _open_source, _source_errors

        self._seen = self.signature()  # before reading: a write during the read is seen next time
        try:
            with _open_source(self.path) as src:
                ids = src.session_ids()
                if self.session_id is not None:
                    ids = [i for i in ids if i == self.session_id]
                return [src.read(i) for i in ids]
        except _source_errors() as exc:
            raise PipelineError(str(exc)) from None

    def poll(self) -> Session | None:
        """The followed session if the source changed since the last poll, else None.

        Raises:
            PipelineError: the source cannot be read, or no longer has the session.
        """
        if not self.changed():
            return None
        found = self.sessions()
        if not found:
            raise PipelineError(f"{self.path}: no session {self.session_id!r} any more")
        return max(found, key=lambda s: (s.last_activity or datetime.min.replace(tzinfo=UTC)).timestamp())

    def update(self, shown: Session | None, counter: TokenCounter, cache: TokenCache | None = None) -> Grown | None:
        """The followed session as it is now, grown from `shown` (what a view has), or
        None when the source did not change.

        The leading messages of `shown` that the source still holds unchanged (equal
        messages at the same places: a record appended leaves them so; a streamed
        message completed, or a tool result arriving, changes only the last ones) are
        kept as they are, with what `shown`'s analysis found for them; only the
        messages after them are analysed.

        Args:
            shown: the session as the view has it (analysed for `counter`: the analysis
                is extended; not analysed, or None: analysed whole). Its id is kept.
            counter: the view's token counter.
            cache: where message counts are cached.

        Returns:
            The grown session, its tokens per message, and how many leading messages
            were carried over; None when the session is as shown (the source did not
            change, or only by a last line still being written, which is waited for).

        Raises:
            PipelineError: the source cannot be read, or no longer has the session.
        """
        from inspector.engine.analysis import analysis_of, analyze, analyze_extending

        now = self.poll()
        if now is None:
            return None
        old = shown.messages if shown is not None else []
        new = now.messages
        keep = 0
        limit = min(len(old), len(new))
        while keep < limit and (old[keep] is new[keep] or old[keep] == new[keep]):
            keep += 1
        if shown is not None and keep == len(old) == len(new) and now.metadata == shown.metadata:
            return None  # the file changed but not the session (a last line still being written)
        session = now.model_copy(update={"messages": old[:keep] + new[keep:],
                                         **({"id": shown.id} if shown is not None else {})})
        session._analyses = {}  # its own memo: model_copy shares the private dict's values
        base = analysis_of(shown, counter) if shown is not None else None
        if base is not None:
            analysis = analyze_extending(session, counter, base, keep, cache)
        else:
            analysis = analyze(session, counter, cache)
            keep = 0
        return Grown(session, list(analysis.tokens), keep)

    def close(self) -> None:
        """Stop following the source: the incremental readers drop what they kept of it."""
        from inspector.sources.jsonio import unfollow_jsonl

        if self.tail is not None:
            unfollow_jsonl(self.path)
        if self.sqlite:
            from inspector.sources.sqlite import unfollow_database

            unfollow_database(self.path)


@dataclass
class Grown:
    """A followed session after a change (`Follower.update`).

    Attributes:
        session: the session as it is now (analysed for the counter given).
        tokens: its tokens per message.
        kept: leading messages carried over from what the view had, with their analysis.
    """

    session: Session
    tokens: list[int]
    kept: int


@dataclass
class WatchRow:
    """One live session, as `inspector watch` shows it."""

    tool: str
    project: str
    session: str
    messages: int
    context_tokens: int
    window: int
    until_compaction: int | None
    last_activity: datetime | None
    source: str

    def to_dict(self) -> dict[str, Any]:
        """The row as a JSON-ready dict (the time as text)."""
        out = asdict(self)
        out["last_activity"] = self.last_activity.isoformat() if self.last_activity else None
        return out


def watch_row(session: Session, tool: str, project: str, config: CompactionConfig, counter: TokenCounter,
              cache: TokenCache | None = None) -> WatchRow:
    """The context a session uses and the tokens left before `config`'s trigger fires.

    Args:
        session: the session as it is now.
        tool: the format name; project: what groups it.
        config: the compaction config (its window and trigger).
        counter: counts tokens; cache: keeps counts across polls (only new messages
            are counted again).

    Returns:
        The row.
    """
    from inspector.service.pipeline import plan_session

    p = plan_session(session, config, counter=counter, token_cache=cache)
    return WatchRow(tool=tool, project=project, session=session.id, messages=len(session.messages),
                    context_tokens=p.total_before, window=p.context_window, until_compaction=p.tokens_until_trigger,
                    last_activity=session.last_activity, source=session.source_path or "")
