"""LangChain messages (`langchain_core.messages`) <-> canonical messages.

Reading needs no LangChain import (messages are read by their attributes: `type`,
`content`, `tool_calls`, `tool_call_id`, `usage_metadata`); writing imports
`langchain_core` when it runs, so `import inspector` never loads it.

- `human` / `ai` / `system` / `tool` messages map to user / assistant / system /
  tool; `ai` tool calls keep their ids, arguments as JSON; content blocks of type
  `text` are text, `reasoning` / `thinking` blocks reasoning (kept opaque), images
  and other blocks opaque parts.
- Back: a message compaction left alone is the very LangChain object passed in; a
  changed one is a copy of it (same `id`) with the new text, or arguments, and its
  other content blocks kept; a summary is a `HumanMessage`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from inspector.engine.models import Message, Part, ToolCall, Usage
from inspector.formats.common import is_earlier_summary

ROLES = {"human": "user", "ai": "assistant", "system": "system", "tool": "tool",
         "HumanMessageChunk": "user", "AIMessageChunk": "assistant"}
_REASONING_BLOCKS = ("reasoning", "thinking", "redacted_thinking")


def _parts(content: Any) -> list[Part]:
    if isinstance(content, str):
        return [Part(text=content)]
    parts: list[Part] = []
    for b in content if isinstance(content, list) else []:
        if isinstance(b, str):
            parts.append(Part(text=b))
        elif not isinstance(b, dict):
            continue
        elif b.get("type") == "text":
            parts.append(Part(text=str(b.get("text") or ""),
                              data={k: v for k, v in b.items() if k not in ("type", "text")} or None))
        elif b.get("type") in _REASONING_BLOCKS:
            parts.append(Part(type="reasoning", text=str(b.get("reasoning") or b.get("thinking") or ""), data=b))
        elif b.get("type") in ("image", "image_url"):
            iu = b.get("image_url")
            url = b.get("url") or (iu.get("url") if isinstance(iu, dict) else iu)
            parts.append(Part(type="image", url=url if isinstance(url, str) else None,
                              media_type=b.get("mime_type"), data=b))
        elif b.get("type") in ("tool_use", "tool_call", "function_call"):
            continue  # the same calls are in `tool_calls`
        else:
            parts.append(Part(type="other", text=str(b.get("text") or ""), data=b))
    return parts


def _usage(u: Any) -> Usage | None:
    if not isinstance(u, dict):
        return None
    cache = u.get("input_token_details") or {}
    cached = cache.get("cache_read") if isinstance(cache, dict) else None
    inp = u.get("input_tokens")
    return Usage(input_tokens=inp - cached if isinstance(inp, int) and isinstance(cached, int) else inp,
                 output_tokens=u.get("output_tokens"), cache_read_tokens=cached,
                 total_tokens=u.get("total_tokens"))


def from_langchain(messages: Sequence[Any], summary_prefix: str | None = None) -> list[Message]:
    """LangChain message objects -> canonical messages (`raw` is the object itself).

    Args:
        messages: `BaseMessage` objects (or anything with the same attributes).
        summary_prefix: a user, system or assistant text (without calls) starting with
            it is an earlier summary (kind `summary`), so repeated compaction folds it
            into the next one.

    Returns:
        The messages, positions numbered from 0.

    Raises:
        ValueError: a message of a type with no canonical role, naming its index.
    """
    out: list[Message] = []
    for k, lm in enumerate(messages):
        kind = getattr(lm, "type", None)
        role = ROLES.get(str(kind))
        if role is None:
            raise ValueError(f"message {k}: LangChain message type {kind!r} has no chat role")
        calls = [ToolCall(id=str(c.get("id") or f"lc_call_{k}_{j}"), name=str(c.get("name") or ""),
                          arguments_raw=json.dumps(c.get("args") or {}, ensure_ascii=False))
                 for j, c in enumerate(getattr(lm, "tool_calls", None) or [])]
        m = Message(position=k, role=role, parts=_parts(getattr(lm, "content", "")), tool_calls=calls,
                    tool_call_id=getattr(lm, "tool_call_id", None) if role == "tool" else None,
                    name=getattr(lm, "name", None), source_id=getattr(lm, "id", None), raw=lm,
                    usage=_usage(getattr(lm, "usage_metadata", None)) if role == "assistant" else None)
        if is_earlier_summary(role, bool(calls), m.text, summary_prefix):
            m = m.model_copy(update={"kind": "summary"})
        out.append(m)
    return out


def _touched(m: Message) -> bool:
    return bool(m.meta.get("inspector_reduced") or m.meta.get("inspector_summary")) or m.kind != "message"


def _args(c: ToolCall) -> dict[str, Any]:
    args = c.arguments
    return args if isinstance(args, dict) else {"arguments": c.arguments_raw}


def _content(m: Message, raw_content: Any) -> Any:
    """The new text in the raw content's shape: a string stays a string; in a block
    list the text blocks are replaced by one, other blocks (reasoning, images) kept."""
    if not isinstance(raw_content, list):
        return m.text
    kept = [b for b in raw_content if not (isinstance(b, str) or (isinstance(b, dict) and b.get("type") == "text"))]
    return kept + [{"type": "text", "text": m.text}]


def to_langchain(messages: Sequence[Message]) -> list[Any]:
    """Canonical messages -> LangChain message objects (untouched ones are the originals).

    Args:
        messages: the (compacted) messages.

    Returns:
        `HumanMessage` / `AIMessage` / `SystemMessage` / `ToolMessage` objects.
    """
    from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

    out: list[Any] = []
    for m in messages:
        raw = m.raw if isinstance(m.raw, BaseMessage) else None
        if raw is not None and not _touched(m):
            out.append(raw)
            continue
        if raw is not None and ROLES.get(raw.type) == m.role and m.kind == "message":
            update: dict[str, Any] = {"content": _content(m, raw.content)}
            if m.role == "assistant":
                update["tool_calls"] = [{"name": c.name, "args": _args(c), "id": c.id, "type": "tool_call"}
                                        for c in m.tool_calls]
                # provider-format copies of the calls would contradict the new ones
                update["additional_kwargs"] = {k: v for k, v in raw.additional_kwargs.items()
                                               if k not in ("tool_calls", "function_call")}
            out.append(raw.model_copy(update=update))
        elif m.role == "assistant":
            out.append(AIMessage(content=m.text, tool_calls=[
                {"name": c.name, "args": _args(c), "id": c.id, "type": "tool_call"} for c in m.tool_calls]))
        elif m.role == "tool":
            out.append(ToolMessage(content=m.text, tool_call_id=m.tool_call_id or "", name=m.name))
        elif m.kind != "message":
            # a summary is user text, as LangChain's SummarizationMiddleware writes it
            # (providers refuse system messages after the first)
            out.append(HumanMessage(content=m.text))
        elif m.role in ("system", "developer"):
            out.append(SystemMessage(content=m.text))
        else:
            out.append(HumanMessage(content=m.text))
    return out
