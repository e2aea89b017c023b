"""OpenAI Chat Completions messages: a JSON list of messages, `{"messages": [...]}`,
or JSONL with one conversation per line (either form on each line).

Messages go through `inspector.formats.openai_chat`, so untouched messages round-trip as
the very dicts that came in (`raw`).
"""

from __future__ import annotations

from typing import Any

from inspector.engine.models import Session
from inspector.formats.openai_chat import ConversionError, message_from_openai
from inspector.sources.jsonio import iter_jsonl
from inspector.sources.model import Source, SourceError
from inspector.sources.probing import Probe, majority

FORMAT = "openai-chat"
ROLES = {"system", "developer", "user", "assistant", "tool", "function"}


def _is_message(d: Any) -> bool:
    return isinstance(d, dict) and d.get("role") in ROLES


def _is_conversation(v: Any) -> bool:
    if isinstance(v, list):
        return bool(v) and _is_message(v[0])
    if isinstance(v, dict):
        msgs = v.get("messages")
        return isinstance(msgs, list) and (not msgs or _is_message(msgs[0]))
    return False


def sniff(probe: Probe) -> bool:
    """Is the probed file Chat Completions messages (a list, `{"messages": [...]}`, or JSONL of either)?"""
    if probe.kind == "json":
        return _is_conversation(probe.document)
    if probe.kind == "jsonl":
        return majority(probe.records, _is_conversation)
    return False


def load(probe: Probe) -> OpenAIChatSource:
    """The conversations of the probed file."""
    return OpenAIChatSource(probe)


class OpenAIChatSource(Source):
    """Chat Completions conversations: one from a JSON document, or one per JSONL line."""

    format = FORMAT

    def __init__(self, probe: Probe):
        super().__init__(probe.path)
        self._sessions: dict[str, Session] = {}
        if probe.kind == "json":
            self._add(probe.document, None)
        else:
            for lineno, value in iter_jsonl(self.path, self.skip):
                self._add(value, lineno)
            if not self._sessions:
                raise self.nothing_read("conversation")

    def _add(self, value: Any, lineno: int | None) -> None:
        path = self.path
        where = f"line {lineno}" if lineno else "document"
        if not _is_conversation(value) and not (isinstance(value, list) and not value):
            if lineno is None:
                raise SourceError(f"{path}: {where}: expected a list of messages or an object with 'messages'")
            self.skip(where, "expected a list of messages or an object with 'messages'; left out")
            return
        doc = value if isinstance(value, dict) else {}
        msgs = value if isinstance(value, list) else value.get("messages") or []
        sid = doc.get("id") or doc.get("session_id")
        sid = str(sid) if sid else (path.stem if lineno is None else f"{path.stem}:{lineno}")
        if sid in self._sessions:
            sid = f"{sid}:{lineno}"
        messages = []
        for i, d in enumerate(msgs):
            try:
                m = message_from_openai(d, i)
            except ConversionError as exc:
                if lineno is None:
                    raise SourceError(f"{path}: {where}: {exc}") from None
                self.skip(where, f"{exc}; the conversation on this line is left out")
                return
            m.source_id = str(i) if lineno is None else f"{lineno}:{i}"
            messages.append(m)
        title = doc.get("title") if isinstance(doc.get("title"), str) else None
        model = doc.get("model") if isinstance(doc.get("model"), str) else None
        meta = {k: v for k, v in doc.items() if k not in ("messages", "id", "title", "model") and
                isinstance(v, (str, int, float, bool))}
        if isinstance(doc.get("tools"), list) and doc["tools"]:
            meta["tools"] = doc["tools"]  # the definitions an Anthropic body written from it carries
        self._sessions[sid] = Session(id=sid, source_format=FORMAT, source_path=str(path), title=title,
                                      model=model, metadata=meta, messages=messages).renumber()

    def session_ids(self) -> list[str]:
        """The conversation ids: each document's `id`, or the file's stem (and the line)."""
        return list(self._sessions)

    def _read(self, session_id: str) -> Session:
        return self._sessions[session_id]
