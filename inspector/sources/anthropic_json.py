"""Anthropic Messages API JSON (a request body) -> canonical messages.

Accepted documents: `{"system": ..., "messages": [...], "model": ...}` (a Messages API
request, as `inspector export --format anthropic-json` writes it) or a bare list of
messages.

Mapping:
- `system` (a string, or a list of text blocks) -> one system message per block;
- an assistant turn -> one assistant message: `thinking` / `redacted_thinking` blocks
  become reasoning parts whose `data` keeps the block verbatim (signature, encrypted
  data), `tool_use` blocks become tool calls (`input` as JSON text);
- a user turn -> its `tool_result` blocks become `tool` messages (in order, named after
  their `tool_use`), the other blocks one user message.

Every message keeps its source in `raw` (the turn, or the block for a tool result).
Extra keys of a text block (`cache_control`, `citations`) are kept in the part's
`data`, so they are written back on export.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from inspector.engine.models import Message, Part, Session, ToolCall

FORMAT = "anthropic-json"

# Block types a Messages API request may carry.
BLOCK_TYPES = {
    "text", "image", "document", "tool_use", "tool_result", "thinking", "redacted_thinking",
    "server_tool_use", "web_search_tool_result", "web_fetch_tool_result", "code_execution_tool_result",
    "bash_code_execution_tool_result", "text_editor_code_execution_tool_result", "mcp_tool_use",
    "mcp_tool_result", "search_result", "container_upload", "tool_reference",
}


class AnthropicFormatError(ValueError):
    """Not Anthropic Messages JSON; the message names the file and the message index."""


def is_anthropic_document(doc: Any) -> bool:
    """Does `doc` look like an Anthropic Messages request (rather than OpenAI chat)?

    Decided by what only Anthropic has: a top-level `system`, or content blocks of
    Anthropic types (`tool_use`, `tool_result`, `thinking`, an image with `source`).
    Plain string-content conversations are the OpenAI reader's.
    """
    msgs = doc.get("messages") if isinstance(doc, dict) else doc
    if not isinstance(msgs, list) or not msgs:
        return False
    if not all(isinstance(m, dict) and m.get("role") in ("user", "assistant") for m in msgs):
        return False
    if any("tool_calls" in m or "tool_call_id" in m for m in msgs):
        return False
    for m in msgs:
        content = m.get("content")
        if isinstance(content, list):
            for b in content:
                if not isinstance(b, dict):
                    continue
                t = b.get("type")
                if t in ("tool_use", "tool_result", "thinking", "redacted_thinking", "server_tool_use"):
                    return True
                if t in ("image", "document") and isinstance(b.get("source"), dict):
                    return True
    return isinstance(doc, dict) and "system" in doc


def _extra(block: dict, *known: str) -> dict[str, Any] | None:
    extra = {k: v for k, v in block.items() if k not in known}
    return extra or None


def _block_part(block: Any, where: str) -> Part:
    if isinstance(block, str):
        return Part(type="text", text=block)
    if not isinstance(block, dict):
        raise AnthropicFormatError(f"{where}: content block is not an object")
    t = block.get("type")
    if t == "text":
        text = block.get("text")
        if not isinstance(text, str):
            raise AnthropicFormatError(f"{where}: text block without a string 'text'")
        return Part(type="text", text=text, data=_extra(block, "type", "text"))
    if t == "thinking":
        return Part(type="reasoning", text=str(block.get("thinking") or ""), data=_extra(block, "thinking"))
    if t == "redacted_thinking":
        return Part(type="reasoning", data=block)
    if t == "image":
        src = block.get("source") if isinstance(block.get("source"), dict) else {}
        return Part(type="image", media_type=src.get("media_type"), url=src.get("url"), data=block)
    if t == "document":
        src = block.get("source") if isinstance(block.get("source"), dict) else {}
        text = src.get("data") if src.get("type") == "text" and isinstance(src.get("data"), str) else ""
        return Part(type="file", text=text, media_type=src.get("media_type"), url=src.get("url"), data=block)
    if t not in BLOCK_TYPES:
        raise AnthropicFormatError(f"{where}: unknown content block type {t!r}")
    return Part(type="other", text=str(block.get("text") or ""), data=block)


def _content_parts(content: Any, where: str) -> list[Part]:
    if content is None:
        return []
    if isinstance(content, str):
        return [Part(type="text", text=content)]
    if not isinstance(content, list):
        raise AnthropicFormatError(f"{where}: content must be a string or a list of blocks")
    return [_block_part(b, f"{where}.content[{j}]") for j, b in enumerate(content)]


def messages_from_anthropic(doc: Any, where: str = "document") -> list[Message]:
    """Canonical messages of a Messages API request body (or a bare message list)."""
    if isinstance(doc, dict):
        msgs = doc.get("messages")
        system = doc.get("system")
    else:
        msgs, system = doc, None
    if not isinstance(msgs, list):
        raise AnthropicFormatError(f"{where}: expected a list of messages or an object with 'messages'")
    out: list[Message] = []
    if isinstance(system, str):
        if system:
            out.append(Message(role="system", parts=[Part(text=system)], source_id="system", raw=system))
    elif isinstance(system, list):
        for j, block in enumerate(system):
            part = _block_part(block, f"{where}: system[{j}]")
            out.append(Message(role="system", parts=[part], source_id=f"system[{j}]", raw=block))
    elif system is not None:
        raise AnthropicFormatError(f"{where}: 'system' must be a string or a list of text blocks")

    call_names: dict[str, str] = {}
    for k, msg in enumerate(msgs):
        at = f"{where}: messages[{k}]"
        if not isinstance(msg, dict):
            raise AnthropicFormatError(f"{at}: expected an object, got {type(msg).__name__}")
        role = msg.get("role")
        content = msg.get("content")
        if role == "assistant":
            parts: list[Part] = []
            calls: list[ToolCall] = []
            blocks = [content] if isinstance(content, str) else content
            if blocks is None:
                blocks = []
            if not isinstance(blocks, list):
                raise AnthropicFormatError(f"{at}: content must be a string or a list of blocks")
            for j, block in enumerate(blocks):
                if isinstance(block, dict) and block.get("type") in ("tool_use", "server_tool_use", "mcp_tool_use"):
                    cid = block.get("id")
                    name = block.get("name")
                    if not isinstance(cid, str) or not isinstance(name, str):
                        raise AnthropicFormatError(f"{at}.content[{j}]: tool_use without a string id and name")
                    inp = block.get("input", {})
                    call_type = "function" if block["type"] == "tool_use" else block["type"]
                    calls.append(ToolCall(id=cid, name=name, type=call_type,
                                          arguments_raw=json.dumps(inp, ensure_ascii=False)))
                    call_names[cid] = name
                else:
                    parts.append(_block_part(block, f"{at}.content[{j}]"))
            out.append(Message(role="assistant", parts=parts, tool_calls=calls, source_id=f"messages[{k}]",
                               raw=msg))
        elif role == "user":
            if not isinstance(content, list):
                out.append(Message(role="user", parts=_content_parts(content, at), source_id=f"messages[{k}]",
                                   raw=msg))
                continue
            pending: list[tuple[int, Any]] = []

            def flush() -> None:
                if pending:
                    raw = msg if len(pending) == len(content) else {"role": "user", "content": [b for _, b in pending]}
                    first = pending[0][0]
                    out.append(Message(role="user",
                                       parts=[_block_part(b, f"{at}.content[{j}]") for j, b in pending],
                                       source_id=f"messages[{k}]" + (f".content[{first}]" if raw is not msg else ""),
                                       raw=raw))
                    pending.clear()

            for j, block in enumerate(content):
                if isinstance(block, dict) and block.get("type") in ("tool_result", "mcp_tool_result"):
                    flush()
                    cid = block.get("tool_use_id")
                    if not isinstance(cid, str):
                        raise AnthropicFormatError(f"{at}.content[{j}]: tool_result without a string tool_use_id")
                    meta = {"is_error": True} if block.get("is_error") else {}
                    out.append(Message(role="tool", tool_call_id=cid, name=call_names.get(cid),
                                       parts=_content_parts(block.get("content"), f"{at}.content[{j}]"),
                                       source_id=f"messages[{k}].content[{j}]", raw=block, meta=meta))
                else:
                    pending.append((j, block))
            flush()
        else:
            raise AnthropicFormatError(f"{at}: role must be 'user' or 'assistant', not {role!r}")
    for i, m in enumerate(out):
        m.position = i
    return out


def read_anthropic_json(path: str | Path) -> Session:
    """One session from an Anthropic Messages JSON file (id: the file name's stem)."""
    p = Path(path)
    from inspector.sources.base import notify_open

    notify_open(p)
    try:
        doc = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise AnthropicFormatError(f"{p}: no such file") from None
    except UnicodeDecodeError as exc:
        raise AnthropicFormatError(f"{p}: not UTF-8 text (byte {exc.start})") from None
    except ValueError as exc:
        raise AnthropicFormatError(f"{p}: invalid JSON ({exc})") from None
    return session_from_anthropic(doc, p)


def session_from_anthropic(doc: Any, path: str | Path | None = None, session_id: str | None = None) -> Session:
    p = Path(path) if path is not None else None
    where = str(p) if p is not None else "document"
    messages = messages_from_anthropic(doc, where)
    model = doc.get("model") if isinstance(doc, dict) and isinstance(doc.get("model"), str) else None
    meta: dict[str, Any] = {}
    if isinstance(doc, dict):
        meta = {k: v for k, v in doc.items() if k not in ("messages", "system", "model")
                and isinstance(v, (str, int, float, bool))}
    sid = session_id or (p.stem if p is not None else "anthropic")
    return Session(id=sid, source_format=FORMAT, source_path=str(p) if p is not None else None, title=sid,
                   model=model, metadata=meta, messages=messages)


# ----------------------------------------------------------------------- sources registry


def sniff(probe: Any) -> bool:
    """For `inspector.sources.base`: a JSON document in Anthropic's request shape."""
    return getattr(probe, "kind", None) == "json" and is_anthropic_document(probe.document)


def load(probe: Any):
    """For `inspector.sources.base`: a Source with the one session of the document."""
    from inspector.sources.base import Source, SourceError

    try:
        session = session_from_anthropic(probe.document, probe.path)
    except AnthropicFormatError as exc:
        raise SourceError(str(exc)) from None

    class AnthropicSource(Source):
        format = FORMAT

        def session_ids(self) -> list[str]:
            return [session.id]

        def _read(self, session_id: str) -> Session:
            return session

    return AnthropicSource(probe.path)
