"""OpenAI Chat Completions message dicts <-> canonical messages.

The runtime API (`Compactor.compact`) speaks this format, and the OpenAI chat
importer and exporter build on it. Untouched messages round-trip as the very dicts
that came in, so fields we do not model survive.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, cast

from inspector.engine.models import Message, Part, ToolCall
from inspector.formats.common import is_earlier_summary, json_arguments, untouched

_ROLES = {"system", "developer", "user", "assistant", "tool"}


class ConversionError(ValueError):
    """A message dict that is not OpenAI chat format; says which message and why."""


# `Part.trusted`, `ToolCall.trusted`, `Message.trusted` below: the constructors without
# validation, for values a check here already gave their field's exact type (a text, a
# name): validation would return the same values (tests/formats/test_openai_chat_trusted.py,
# which puts the validating constructors in their place). Half of reading a 100,000-message chat.


def _parts(content: Any, where: str) -> list[Part]:
    if content is None:
        return []
    if type(content) is str:
        return [Part.trusted(type="text", text=content)]
    if isinstance(content, str):
        return [Part(type="text", text=content)]
    if not isinstance(content, list):
        raise ConversionError(f"{where}: content must be a string, a list of parts or null, "
                              f"not {type(content).__name__}")
    parts: list[Part] = []
    for k, item in enumerate(content):
        if isinstance(item, str):
            parts.append(Part(type="text", text=item))
            continue
        if not isinstance(item, dict):
            raise ConversionError(f"{where}: content part {k} is not an object")
        t = item.get("type")
        if t in ("text", "input_text", "output_text"):
            parts.append(Part(type="text", text=str(item.get("text") or "")))
        elif t == "refusal":
            parts.append(Part(type="text", text=str(item.get("refusal") or ""), data={"refusal": True}))
        elif t in ("image_url", "input_image", "image"):
            img = item.get("image_url")
            url = img.get("url") if isinstance(img, dict) else img
            parts.append(Part(type="image", url=url, data=item))
        elif t in ("file", "input_file"):
            nested = item.get("file")
            f = nested if isinstance(nested, dict) else item
            parts.append(Part(type="file", media_type=f.get("mime_type"), url=f.get("file_id"),
                              data=item))
        elif t in ("thinking", "reasoning"):
            parts.append(Part(type="reasoning", text=str(item.get("thinking") or item.get("text") or ""),
                              data={k: v for k, v in item.items() if k not in ("thinking", "text")} or None))
        elif t == "redacted_thinking":
            parts.append(Part(type="reasoning", data=item))
        else:
            parts.append(Part(type="other", text=str(item.get("text") or ""), data=item))
    return parts


def message_from_openai(d: Any, position: int = 0, summary_prefix: str | None = None) -> Message:
    """One Chat Completions message dict as a `Message` (its dict kept as `raw`).

    Args:
        d: the message dict.
        position: the message's position, named in errors.
        summary_prefix: the text that starts a summary message, to mark such messages as summaries.

    Returns:
        The message.

    Raises:
        ConversionError: not an object, an unknown role, or malformed content or tool calls.
    """
    where = f"message {position}"
    if not isinstance(d, dict):
        raise ConversionError(f"{where}: expected an object, got {type(d).__name__}")
    role = d.get("role")
    if role == "function":  # legacy function-calling result
        role = "tool"
    if role not in _ROLES:
        raise ConversionError(f"{where}: unknown role {role!r}")
    parts = _parts(d.get("content"), where)
    reasoning = d.get("reasoning_content")
    if isinstance(reasoning, str) and reasoning:
        parts.insert(0, Part(type="reasoning", text=reasoning))
    blocks = [b for b in d.get("thinking_blocks") or [] if isinstance(b, dict)]
    for i, block in enumerate(blocks):  # in their order, ahead of the content
        parts.insert(i, Part(type="reasoning", text=str(block.get("thinking") or ""),
                             data={k: v for k, v in block.items() if k != "thinking"}))
    calls: list[ToolCall] = []
    raw_calls = d.get("tool_calls") or []
    if not isinstance(raw_calls, list):
        raise ConversionError(f"{where}: tool_calls must be a list")
    for k, c in enumerate(raw_calls):
        if not isinstance(c, dict):
            raise ConversionError(f"{where}: tool call {k} is not an object")
        fn = c.get("function") or {}
        args = fn.get("arguments", "")
        if not isinstance(args, str):
            args = json.dumps(args, ensure_ascii=False)
        call_type = c.get("type") or "function"
        make_call = ToolCall.trusted if type(args) is str and type(call_type) is str else ToolCall
        calls.append(make_call(id=str(c.get("id") or f"call_{position}_{k}"), name=str(fn.get("name") or ""),
                          arguments_raw=args, type=call_type))
    fc = d.get("function_call")
    if isinstance(fc, dict) and not calls:
        calls.append(ToolCall(id=f"fc_{position}", name=str(fc.get("name") or ""),
                              arguments_raw=str(fc.get("arguments") or "")))
    tool_call_id = d.get("tool_call_id")
    if d.get("role") == "function" and not tool_call_id:
        tool_call_id = f"fc_{position - 1}"
    kind = "message"
    if parts and is_earlier_summary(role, bool(calls), parts[0].text, summary_prefix):
        kind = "summary"
    name = d.get("name")
    # role is one of _ROLES (a str), parts and calls were built above, kind a literal
    make = (Message.trusted if (name is None or type(name) is str) and type(role) is str and type(position) is int
            else Message)
    return make(
        position=position, role=role, parts=parts, tool_calls=calls,
        tool_call_id=str(tool_call_id) if tool_call_id is not None else None,
        name=name, kind=kind, raw=d,
    )


def from_openai(messages: Iterable[Any], summary_prefix: str | None = None) -> list[Message]:
    """Chat Completions messages as ours, each tool result named after the call it answers.

    Args:
        messages: the message dicts, in order.
        summary_prefix: the text that starts a summary message, to mark such messages as summaries.

    Returns:
        The messages, positioned from 0.

    Raises:
        ConversionError: a message that is not a Chat Completions message, naming its position.
    """
    out = [message_from_openai(d, i, summary_prefix) for i, d in enumerate(messages)]
    # Chat Completions tool messages carry no tool name: take it from the call.
    names: dict[str, str] = {}
    for m in out:
        for c in m.tool_calls:
            names[c.id] = c.name
        if m.role == "tool" and not m.name and m.tool_call_id in names:
            m.name = names[m.tool_call_id]
    return out


def message_to_openai(m: Message, keep_raw: bool = True) -> dict[str, Any]:
    """One message as a Chat Completions message dict.

    Args:
        m: the message.
        keep_raw: return the dict the message was read from when the message is untouched.

    Returns:
        The message dict.
    """
    if keep_raw and untouched(m) and isinstance(m.raw, dict) and "role" in m.raw:
        return m.raw
    role = m.role
    d: dict[str, Any] = {"role": role}
    texts = [p for p in m.parts if p.type == "text"]
    others = [p for p in m.parts if p.type in ("image", "file")]
    if others and role == "user":
        content: Any = []
        for p in m.parts:
            if p.type == "text":
                content.append({"type": "text", "text": p.text})
            elif p.type == "image":
                content.append(p.data if p.data and p.data.get("type") == "image_url"
                               else {"type": "image_url", "image_url": {"url": p.url or ""}})
            elif p.type == "file":
                content.append(p.data or {"type": "file", "file": {"file_id": p.url}})
        d["content"] = content
    else:
        text = "\n\n".join(p.text for p in texts) if len(texts) != 1 else texts[0].text
        d["content"] = text if (text or role != "assistant" or not m.tool_calls) else None
    if m.tool_calls:
        d["tool_calls"] = [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments_raw}}
            for c in m.tool_calls
        ]
    if role == "tool":
        d["tool_call_id"] = m.tool_call_id or ""
    elif m.name:
        d["name"] = m.name
    return d


def to_openai(messages: Sequence[Message], keep_raw: bool = True) -> list[dict[str, Any]]:
    """Messages as Chat Completions message dicts (`message_to_openai` on each)."""
    return [message_to_openai(m, keep_raw) for m in messages]


# ------------------------------------------------------------------ export (chat request)

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


def _chat_message(m: Message, warnings: list[str]) -> dict[str, Any]:
    if untouched(m) and _chat_shaped(m.raw, m):
        return cast(dict[str, Any], m.raw)
    d = message_to_openai(m, keep_raw=False)
    if d.get("content") is None and any(p.type == "text" for p in m.parts):
        d["content"] = ""  # an empty text stays an empty text (both are valid with tool_calls)
    for call, tc in zip(m.tool_calls, d.get("tool_calls") or []):
        args, wrapped = json_arguments(call)
        if wrapped:  # Codex apply_patch input: LiteLLM and LangChain parse arguments as JSON
            warnings.append(f"message {m.position}: arguments of {call.name!r} ({call.id}) are not a JSON "
                            f"object; wrapped as {{{json.dumps(next(iter(args)))}: ...}}")
            tc["function"]["arguments"] = json.dumps(args, ensure_ascii=False)
    # thinking_blocks are LiteLLM's extension, not OpenAI chat: written only where the
    # source chat message had them (Anthropic signed thinking otherwise stays out).
    carries_blocks = isinstance(m.raw, dict) and "thinking_blocks" in m.raw
    if m.role == "assistant":
        blocks: list[dict[str, Any]] = []
        plain: list[str] = []
        for p in m.parts:
            if p.type != "reasoning":
                continue
            data = p.data or {}
            if (data.get("type") == "redacted_thinking" or "signature" in data) and not carries_blocks:
                warnings.append(f"message {m.position}: Anthropic signed thinking cannot be carried in OpenAI chat "
                                "messages; left out")
            elif data.get("type") == "redacted_thinking":
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


def to_openai_chat(messages: Sequence[Message], warnings: list[str] | None = None) -> list[dict[str, Any]]:
    """OpenAI Chat Completions message dicts (untouched chat-sourced messages verbatim)."""
    warn = warnings if warnings is not None else []
    return [_chat_message(m, warn) for m in messages]
