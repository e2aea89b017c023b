"""OpenAI Codex CLI rollouts (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`).

Each line is a `RolloutLine` (codex-rs/protocol): `{"timestamp", "type", "payload"}`
with `type` one of `session_meta`, `response_item`, `compacted`, `turn_context`,
`event_msg`.

- `response_item` payloads are Responses-API items (`message`, `reasoning`,
  `function_call` / `function_call_output`, `custom_tool_call` / `_output`,
  `local_shell_call`, `web_search_call`, `compaction`): they are the conversation.
- `event_msg` repeats them for the UI and is not read as messages, except
  `token_count`, whose `last_token_usage` is attached to the assistant message it
  follows.
- `developer` messages are read as `system`.
- `compacted` replaces the history before it: a compaction record with the summary
  (`message`), followed by `replacement_history` when the line has one.
- `session_meta` gives the id and start time, `turn_context` the model.
- Other line types and item types are skipped and reported in `Source.skipped`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from inspector.engine.models import Message, Part, Session
from inspector.formats.responses import ConverterMark, ItemConverter, responses_usage
from inspector.sources.jsonio import follow_memo, iter_jsonl
from inspector.sources.model import Skipped, Source, SourceError, parse_time
from inspector.sources.probing import Probe, majority

FORMAT = "codex"
LINE_TYPES = {"session_meta", "response_item", "compacted", "turn_context", "event_msg"}


def sniff(probe: Probe) -> bool:
    """Is the probed file a Codex rollout (JSONL lines with a `type` and a `payload`)?"""
    if probe.kind != "jsonl":
        return False
    return majority(probe.records, lambda r: isinstance(r, dict) and "payload" in r
                    and isinstance(r.get("type"), str)) and any(
        isinstance(r, dict) and r.get("type") in LINE_TYPES for r in probe.records)


def load(probe: Probe) -> CodexSource:
    """The Codex session of the probed rollout."""
    return CodexSource(probe.path)


class CodexSource(Source):
    """One Codex CLI rollout file: its one session, replacement histories (compactions) applied."""

    format = FORMAT

    def __init__(self, path: Path):
        super().__init__(path)
        self._session = self._parse()

    def session_ids(self) -> list[str]:
        """The rollout's one session id."""
        return [self._session.id]

    def _read(self, session_id: str) -> Session:
        return self._session

    def _parse(self) -> Session:
        """The rollout as a session. A followed file (`follow_memo`) is converted from
        where the last read left a state that no new record can change (`_Resume`):
        the messages before it are the same objects as last time."""
        memo = follow_memo(self.path)
        resume = memo.get(_MEMO) if memo is not None else None
        if resume is not None:
            try:
                return self._convert(memo, resume)
            except _Stale:  # the file was rewritten, or its last record was still being written
                self.skipped = []
        return self._convert(memo, None)

    def _convert(self, memo: dict[Any, Any] | None, resume: _Resume | None) -> Session:
        """Convert the records after `resume` (all of them without it) and, for a
        followed file, leave in `memo` the latest state to resume from next time.

        Raises:
            _Stale: the records `resume` was made from are not the file's any more.
        """
        start = resume.records if resume is not None else 0
        reading = resume.reading(self.skip) if resume is not None else _Reading(self.skip)
        if resume is not None:
            self.skipped = list(resume.skipped)
        seen = 0

        def report(where: str, reason: str) -> None:
            if seen >= start:  # what was reported about the records before is in resume.skipped
                self.skip(where, reason)

        last: tuple[int, Any, int, _Mark] | None = None
        for lineno, line in iter_jsonl(self.path, report):
            seen += 1
            if seen <= start:
                if seen == start and resume is not None and line is not resume.anchor:
                    raise _Stale()
                continue
            reading.feed(self.path, lineno, line)
            if memo is not None:
                mark = reading.mark()
                if mark is not None:
                    last = (seen, line, len(self.skipped), mark)
        if seen < start:
            raise _Stale()
        if memo is not None:
            kept = reading.resumable(*last) if last is not None else None
            if kept is not None:
                kept.skipped = self.skipped[:kept.skipped_count]
                memo[_MEMO] = kept
            elif resume is None:
                memo.pop(_MEMO, None)
            # else the state this read resumed from is still the latest one to resume from
        return reading.session(self)


_MEMO = "codex"  # the key of the reader's state in a followed file's memo


class _Stale(Exception):
    """A resume state that does not fit the file as it is now."""


@dataclass(frozen=True)
class _Mark:
    """The reader's state after a record (`_Reading.mark`): references, no copies."""

    conv: ConverterMark
    sid: Any
    created: datetime | None
    model: Any
    compactions: int
    meta: dict[str, Any]  # never changed once made (a new dict per change)


@dataclass
class _Resume:
    """Where the next read of a followed rollout starts: after `records` records (the
    last of them `anchor`, the same object while the file only grows), the reader in
    the state it had there, and what it had reported about them."""

    records: int
    anchor: Any
    conv: ItemConverter
    mark: _Mark
    skipped_count: int
    skipped: list[Skipped] = field(default_factory=list)

    def reading(self, skip: Any) -> _Reading:
        conv = self.conv.resumed(self.conv.mark(), skip)
        assert conv is not None  # a settled converter resumes at its own mark
        m = self.mark
        return _Reading(skip, conv=conv, sid=m.sid, created=m.created, model=m.model, compactions=m.compactions,
                        meta=m.meta)


class _Reading:
    """What the records of a rollout have made so far, fed one record at a time."""

    def __init__(self, skip: Any, *, conv: ItemConverter | None = None, sid: Any = None,
                 created: datetime | None = None, model: Any = None, compactions: int = 0,
                 meta: dict[str, Any] | None = None):
        self.skip = skip
        self.conv = conv if conv is not None else ItemConverter(developer_role="system", skip=skip)
        self.sid = sid
        self.created = created
        self.model = model
        self.compactions = compactions
        self.meta: dict[str, Any] = meta if meta is not None else {}

    def feed(self, path: Path, lineno: int, line: Any) -> None:
        """One record of the rollout."""
        conv = self.conv
        where = f"line {lineno}"
        if not isinstance(line, dict):
            self.skip(where, f"expected a JSON object, got {type(line).__name__}; left out")
            return
        t = line.get("type")
        payload = line.get("payload")
        ts = parse_time(line.get("timestamp"))
        if t == "response_item":
            if isinstance(payload, dict) and payload.get("type") == "ghost_snapshot":
                self.skip(where, "ghost_snapshot (harness undo point, not sent to the model)")
                return
            conv.feed(payload, where, source_id=f"line {lineno}", ts=ts)
        elif t == "event_msg":
            if isinstance(payload, dict) and payload.get("type") == "token_count":
                info = payload.get("info") or {}
                usage = responses_usage(info.get("last_token_usage")) if isinstance(info, dict) else None
                target = conv.last_assistant
                if usage and target is not None and target.usage is None:
                    target.usage = usage
        elif t == "session_meta":
            if isinstance(payload, dict):
                self._session_meta(payload, ts)
        elif t == "turn_context":
            if isinstance(payload, dict) and payload.get("model"):
                self.model = payload["model"]
        elif t == "compacted":
            if not isinstance(payload, dict):
                raise SourceError(f"{path}: {where}: 'compacted' line without a payload object")
            self._compacted(line, payload, lineno, ts)
        else:
            self.skip(where, f"unknown line type {t!r}")

    def _session_meta(self, payload: dict[str, Any], ts: datetime | None) -> None:
        self.sid = self.sid or payload.get("id")
        self.created = self.created or parse_time(payload.get("timestamp")) or ts
        meta = dict(self.meta)  # a new dict: a mark taken before keeps the one it saw
        for key in ("cwd", "originator", "cli_version", "model_provider", "source"):
            if payload.get(key) is not None:
                meta[key] = payload[key]
        if isinstance(payload.get("git"), dict):
            meta["git"] = payload["git"]
        self.meta = meta

    def _compacted(self, line: dict[str, Any], payload: dict[str, Any], lineno: int, ts: datetime | None) -> None:
        """A `compacted` record: the history before it replaced by its summary."""
        conv = self.conv
        replaced = conv.clear()
        self.compactions += 1
        text = str(payload.get("message") or "")
        history = payload.get("replacement_history")
        conv.add(Message(role="user", kind="compaction",
                         parts=[Part(text=text)] if text and not history else [],
                         source_id=f"line {lineno}", timestamp=ts, raw=line,
                         meta={"replaced": replaced, "summary": text} if history else {"replaced": replaced}))
        if isinstance(history, list):
            for k, item in enumerate(history):
                conv.feed(item, f"line {lineno}: replacement_history[{k}]", source_id=f"line {lineno}.{k}", ts=ts)

    def mark(self) -> _Mark | None:
        """The state now when no later record can change a message made so far (no
        assistant message open, and the last one has its usage: a `token_count`
        record only fills a missing one), else None."""
        conv = self.conv
        last = conv.last_assistant
        if not conv.settled or (last is not None and last.usage is None):
            return None
        return _Mark(conv.mark(), self.sid, self.created, self.model, self.compactions, self.meta)

    def resumable(self, records: int, anchor: Any, skipped: int, mark: _Mark) -> _Resume | None:
        """What the next read resumes from: the state `mark` recorded after `records`
        records (None when it cannot be rebuilt, see `ItemConverter.resumed`)."""
        conv = self.conv.resumed(mark.conv)
        if conv is None:
            return None
        return _Resume(records, anchor, conv, mark, skipped)

    def session(self, source: Source) -> Session:
        """The session the records read make (the converter is finished)."""
        path = source.path
        messages = self.conv.finish()
        if not messages and self.sid is None:
            raise source.nothing_read("Codex rollout record")
        meta = dict(self.meta)
        if self.compactions:
            meta["compactions"] = self.compactions
        title = None
        for m in messages:
            if m.role == "user" and m.kind == "message":
                txt = m.text.strip()
                if txt and not txt.startswith("<"):  # not <environment_context> / <user_instructions>
                    title = txt.splitlines()[0][:80]
                    break
        return Session(id=str(self.sid or path.stem), source_format=FORMAT, source_path=str(path), title=title,
                       created_at=self.created, updated_at=messages[-1].timestamp if messages else None,
                       model=self.model, metadata=meta, messages=messages).renumber()
