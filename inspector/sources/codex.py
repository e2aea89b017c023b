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

from pathlib import Path
from typing import Any

from inspector.engine.models import Message, Part, Session
from inspector.formats.responses import ItemConverter, responses_usage
from inspector.sources.base import Probe, Source, SourceError, iter_jsonl, majority, parse_time

FORMAT = "codex"
LINE_TYPES = {"session_meta", "response_item", "compacted", "turn_context", "event_msg"}


def sniff(probe: Probe) -> bool:
    if probe.kind != "jsonl":
        return False
    return majority(probe.records, lambda r: isinstance(r, dict) and "payload" in r
                    and isinstance(r.get("type"), str)) and any(
        isinstance(r, dict) and r.get("type") in LINE_TYPES for r in probe.records)


def load(probe: Probe) -> CodexSource:
    return CodexSource(probe.path)


class CodexSource(Source):
    format = FORMAT

    def __init__(self, path: Path):
        super().__init__(path)
        self._session = self._parse()

    def session_ids(self) -> list[str]:
        return [self._session.id]

    def _read(self, session_id: str) -> Session:
        return self._session

    def _parse(self) -> Session:
        path = self.path
        conv = ItemConverter(developer_role="system", skip=self.skip)
        meta: dict[str, Any] = {}
        sid = None
        created = None
        model = None
        compactions = 0
        for lineno, line in iter_jsonl(path, self.skip):
            where = f"line {lineno}"
            if not isinstance(line, dict):
                self.skip(where, f"expected a JSON object, got {type(line).__name__}; left out")
                continue
            t = line.get("type")
            payload = line.get("payload")
            ts = parse_time(line.get("timestamp"))
            if t == "response_item":
                if isinstance(payload, dict) and payload.get("type") == "ghost_snapshot":
                    self.skip(where, "ghost_snapshot (harness undo point, not sent to the model)")
                    continue
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
                    sid = sid or payload.get("id")
                    created = created or parse_time(payload.get("timestamp")) or ts
                    for key in ("cwd", "originator", "cli_version", "model_provider", "source"):
                        if payload.get(key) is not None:
                            meta[key] = payload[key]
                    if isinstance(payload.get("git"), dict):
                        meta["git"] = payload["git"]
            elif t == "turn_context":
                if isinstance(payload, dict) and payload.get("model"):
                    model = payload["model"]
            elif t == "compacted":
                if not isinstance(payload, dict):
                    raise SourceError(f"{path}: {where}: 'compacted' line without a payload object")
                replaced = conv.clear()
                compactions += 1
                text = str(payload.get("message") or "")
                history = payload.get("replacement_history")
                conv.add(Message(role="user", kind="compaction",
                                 parts=[Part(text=text)] if text and not history else [],
                                 source_id=f"line {lineno}", timestamp=ts, raw=line,
                                 meta={"replaced": replaced, "summary": text} if history else {"replaced": replaced}))
                if isinstance(history, list):
                    for k, item in enumerate(history):
                        conv.feed(item, f"{where}: replacement_history[{k}]", source_id=f"line {lineno}.{k}", ts=ts)
            else:
                self.skip(where, f"unknown line type {t!r}")
        messages = conv.finish()
        if not messages and sid is None:
            raise self.nothing_read("Codex rollout record")
        if compactions:
            meta["compactions"] = compactions
        title = None
        for m in messages:
            if m.role == "user" and m.kind == "message":
                txt = m.text.strip()
                if txt and not txt.startswith("<"):  # not <environment_context> / <user_instructions>
                    title = txt.splitlines()[0][:80]
                    break
        return Session(id=str(sid or path.stem), source_format=FORMAT, source_path=str(path), title=title,
                       created_at=created, updated_at=messages[-1].timestamp if messages else None, model=model,
                       metadata=meta, messages=messages).renumber()
