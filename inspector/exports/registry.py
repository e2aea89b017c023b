"""Exports: a session, or its compacted version, in the formats agents and people use.

    export_session(session, "anthropic-json", "out.json", compacted=result)

Formats (`EXPORT_FORMATS`):

- `openai-json`: an OpenAI Chat Completions request body, `{"model"?, "messages": [...]}`;
- `openai-jsonl`: the same conversation as one JSONL line `{"messages": [...]}` (the
  fine-tuning / batch layout: append lines to collect several sessions);
- `anthropic-json`: an Anthropic Messages request body (top-level `system`,
  alternating roles, `tool_use` / `tool_result` blocks, thinking signatures kept);
- `markdown`: a readable transcript;
- `openai-agents-sqlite`: a new session in an OpenAI Agents SDK `SQLiteSession`
  database (created if missing; existing sessions are never written to);
- `report`: the JSON compaction report (config, plan, stats, lineage).

Files appear whole or not at all (temp file in the same folder, fsync, rename); the
Agents SDK session is inserted in one transaction. Untouched messages are written from
their source record when it is already in the target format, so opaque data
(encrypted reasoning, signatures, fields inspector does not model) survives byte for
byte.

The pure functions (`to_openai_chat`, `to_anthropic`, `to_markdown`, `report`,
`to_responses_items`) build the same payloads without touching files.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from inspector.atomic import atomic_write_chunks
from inspector.engine.applier import Compacted
from inspector.engine.models import Message, Session
from inspector.engine.planner import Plan
from inspector.engine.validation import errors as only_errors
from inspector.engine.validation import validate
from inspector.exports.agents_sqlite import AgentsExportError, to_responses_items, write_agents_session
from inspector.exports.report import compaction_stats, report
from inspector.formats.anthropic import to_anthropic
from inspector.formats.markdown import to_markdown
from inspector.formats.openai_chat import message_to_openai

__all__ = [
    "EXPORT_FORMATS", "ExportError", "ExportResult", "export_session", "to_openai_chat", "to_anthropic",
    "to_markdown", "report", "to_responses_items", "compaction_stats", "atomic_write_chunks",
]

EXPORT_FORMATS = ("openai-json", "openai-jsonl", "anthropic-json", "markdown", "openai-agents-sqlite", "report")


class ExportError(RuntimeError):
    """An export that cannot be written; one line naming the output and why."""


@dataclass
class ExportResult:
    format: str
    path: Path
    messages: int  # messages exported
    items: int = 0  # records written (chat messages, Anthropic turns, SDK items)
    session_id: str | None = None  # the Agents SDK session created
    warnings: list[str] = field(default_factory=list)

    def __fspath__(self) -> str:
        return str(self.path)


# --------------------------------------------------------------------------- OpenAI chat

_CHAT_PART_TYPES = {"text", "image_url", "input_audio", "file", "refusal", "thinking", "redacted_thinking"}
_CHAT_ROLES = {"system", "developer", "user", "assistant", "tool", "function"}


def _chat_shaped(raw: Any, m: Message) -> bool:
    """Is `raw` an OpenAI chat message dict (not a Responses item or another format's record)?"""
    if not isinstance(raw, dict) or "type" in raw or raw.get("role") not in _CHAT_ROLES:
        return False
    content = raw.get("content")
    if content is not None and not isinstance(content, str):
        if not isinstance(content, list):
            return False
        if not all(isinstance(c, str) or (isinstance(c, dict) and c.get("type") in _CHAT_PART_TYPES)
                   for c in content):
            return False
    return True


def _untouched(m: Message) -> bool:
    return not (m.meta.get("inspector_reduced") or m.meta.get("inspector_summary")) and m.kind == "message"


def _chat_message(m: Message, warnings: list[str]) -> dict[str, Any]:
    if _untouched(m) and _chat_shaped(m.raw, m):
        return m.raw
    d = message_to_openai(m, keep_raw=False)
    if d.get("content") is None and any(p.type == "text" for p in m.parts):
        d["content"] = ""  # an empty text stays an empty text (both are valid with tool_calls)
    if m.role == "assistant":
        blocks: list[dict[str, Any]] = []
        plain: list[str] = []
        for p in m.parts:
            if p.type != "reasoning":
                continue
            data = p.data or {}
            if data.get("type") == "redacted_thinking":
                blocks.append(data)
            elif "signature" in data:
                blocks.append({"type": "thinking", "thinking": p.text,
                               **{k: v for k, v in data.items() if k not in ("type", "thinking")}})
            elif "encrypted_content" in data or data.get("type") == "reasoning":
                warnings.append(f"message {m.position}: OpenAI encrypted reasoning cannot be carried in chat "
                                "messages; left out")
            elif p.text:
                plain.append(p.text)
        if plain:
            d["reasoning_content"] = "\n\n".join(plain)
        if blocks:
            d["thinking_blocks"] = blocks
    return d


def _is_source(out: Path, session: Session) -> bool:
    src = session.source_path
    try:
        return bool(src) and out.exists() and out.samefile(src)
    except OSError:
        return False


def to_openai_chat(messages: Sequence[Message], warnings: list[str] | None = None) -> list[dict[str, Any]]:
    """OpenAI Chat Completions message dicts (untouched chat-sourced messages verbatim)."""
    warn = warnings if warnings is not None else []
    return [_chat_message(m, warn) for m in messages]


# ----------------------------------------------------------------------------- writing


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _dumps(value: Any, **kwargs: Any) -> str:
    """JSON text, exact and encodable: a lone surrogate (half a character, which JSON
    allows as an escape, e.g. in tool-call arguments) stays a `\\udXXX` escape."""
    text = json.dumps(value, ensure_ascii=False, **kwargs)
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _chat_document(messages: list[dict[str, Any]], model: str | None) -> Iterable[str]:
    yield "{"
    if model:
        yield f'"model": {_dumps(model)}, '
    yield '"messages": ['
    for k, d in enumerate(messages):
        yield ("\n" if k == 0 else ",\n") + _dumps(d)
    yield "\n]}\n"


def _jsonl_line(messages: list[dict[str, Any]]) -> Iterable[str]:
    yield '{"messages": ['
    for k, d in enumerate(messages):
        yield ("" if k == 0 else ", ") + _dumps(d)
    yield "]}\n"


def _problem_warnings(messages: Sequence[Message]) -> list[str]:
    return [f"provider would reject: {p}" for p in only_errors(validate(messages))]


def export_session(
    session_or_messages: Session | Sequence[Message],
    fmt: str,
    out_path: str | Path,
    *,
    compacted: Compacted | None = None,
    plan: Plan | None = None,
    session_id: str | None = None,
    into_source: bool = False,
) -> ExportResult:
    """Write the session — or, given `compacted`, its compacted messages — as `fmt`.

    `session_id` names the Agents SDK session to create (a suffix is added if it is
    taken); other formats ignore it. The `report` format needs `compacted` or `plan`.
    Writing over the session's own source is refused: sources are never modified. The
    one exception is asked for with `into_source`: a new session added to an Agents SDK
    database, nothing existing changed, so the agent can resume from it.
    """
    if fmt not in EXPORT_FORMATS:
        raise ExportError(f"unknown export format {fmt!r} (choose from {', '.join(EXPORT_FORMATS)})")
    if isinstance(session_or_messages, Session):
        session = session_or_messages
    else:
        session = Session(id=session_id or "session", messages=list(session_or_messages))
    messages = compacted.messages if compacted is not None else session.messages
    out = Path(out_path)
    if _is_source(out, session) and not (into_source and fmt == "openai-agents-sqlite"):
        hint = (" (into_source / --into-source adds the compacted session to it as a new session)"
                if fmt == "openai-agents-sqlite" else "")
        raise ExportError(f"{out}: is the source being read; inspector never modifies a source{hint}")
    warnings: list[str] = []
    result = ExportResult(format=fmt, path=out, messages=len(messages), warnings=warnings)
    try:
        if fmt in ("openai-json", "openai-jsonl"):
            warnings.extend(_problem_warnings(messages))
            chat = to_openai_chat(messages, warnings)
            result.items = len(chat)
            chunks = _chat_document(chat, session.model) if fmt == "openai-json" else _jsonl_line(chat)
            atomic_write_chunks(out, chunks)
        elif fmt == "anthropic-json":
            warnings.extend(_problem_warnings(messages))
            body = to_anthropic(messages, model=session.model, warnings=warnings)
            result.items = len(body["messages"])
            atomic_write_chunks(out, [_dumps(body, indent=1), "\n"])
        elif fmt == "markdown":
            heading = None
            if compacted is not None:
                heading = f"{session.title or session.id} (compacted)"
            atomic_write_chunks(out, [to_markdown(session, list(messages), heading)])
            result.items = len(messages)
        elif fmt == "report":
            if compacted is None and plan is None:
                raise ExportError(f"{out}: the report needs an applied compaction or a plan")
            doc = report(session, compacted, plan)
            atomic_write_chunks(out, [_dumps(doc, indent=1, default=str), "\n"])
            result.items = len(doc.get("lineage") or [])
        else:  # openai-agents-sqlite
            warnings.extend(_problem_warnings(messages))
            items = to_responses_items(messages, warnings)
            result.items = len(items)
            result.session_id = write_agents_session(items, out, session_id or _agents_id(session, compacted))
    except AgentsExportError as exc:
        raise ExportError(str(exc)) from None
    except OSError as exc:
        raise ExportError(f"{out}: cannot write ({exc.strerror or exc})") from None
    return result


def _agents_id(session: Session, compacted: Compacted | None) -> str:
    base = str(session.metadata.get("source_session_id") or session.id)
    return f"{base}-compacted" if compacted is not None else base
