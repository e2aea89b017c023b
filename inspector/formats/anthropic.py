"""Canonical messages -> an Anthropic Messages API request body.

- Leading system (and developer) messages become the top-level `system` (a string
  for one plain text, else a list of text blocks); a system message later in the
  conversation becomes user text, since the API has no system role in `messages`.
- Roles alternate: consecutive turns of one role are merged; tool results become
  `tool_result` blocks at the front of a user turn.
- `thinking` blocks are written with their signature and `redacted_thinking` blocks
  verbatim; reasoning without a signature (OpenAI reasoning, plain reasoning text)
  cannot be sent to Anthropic and is left out, with a warning.
- Tool calls become `tool_use` blocks; arguments that are not a JSON object are
  wrapped as `{"arguments": <text>}`, with a warning.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspector.engine.limits import loads_bounded
from inspector.engine.models import SYSTEM_ROLES, Message, Part
from inspector.sources.anthropic_json import BLOCK_TYPES


def _untouched(m: Message) -> bool:
    return not (m.meta.get("inspector_reduced") or m.meta.get("inspector_summary")) and m.kind != "summary"


def _is_block(value: Any) -> bool:
    if not isinstance(value, dict) or value.get("type") not in BLOCK_TYPES:
        return False
    if value["type"] in ("image", "document"):
        return isinstance(value.get("source"), dict)
    return True


def _raw_blocks(m: Message) -> list[dict] | None:
    """The source turn's blocks, when the message came from Anthropic JSON unchanged."""
    raw = m.raw
    if not _untouched(m) or not isinstance(raw, dict) or raw.get("role") != m.role:
        return None
    if set(raw) - {"role", "content"}:
        return None
    content = raw.get("content")
    if isinstance(content, str):
        return [{"type": "text", "text": content}] if content else []
    if isinstance(content, list) and content and all(_is_block(b) for b in content):
        return list(content)
    return None


def _text_block(p: Part) -> dict[str, Any]:
    block: dict[str, Any] = {"type": "text", "text": p.text}
    if p.data and not p.data.get("refusal"):
        # Extra keys of a source text block (cache_control, citations).
        block.update({k: v for k, v in p.data.items() if k not in ("type", "text")})
    return block


def _reasoning_block(p: Part, warnings: list[str], where: str) -> dict[str, Any] | None:
    d = p.data or {}
    if d.get("type") == "redacted_thinking" and "data" in d:
        return d
    if "signature" in d and d.get("type", "thinking") == "thinking":
        block = {"type": "thinking", "thinking": p.text}
        block.update({k: v for k, v in d.items() if k not in ("type", "thinking")})
        return block
    warnings.append(f"{where}: reasoning without an Anthropic signature left out")
    return None


def _part_blocks(m: Message, warnings: list[str], where: str) -> list[dict[str, Any]]:
    blocks: list[dict[str, Any]] = []
    for p in m.parts:
        if p.type == "text":
            if p.text:
                blocks.append(_text_block(p))
        elif p.type == "reasoning":
            if m.role == "assistant":
                b = _reasoning_block(p, warnings, where)
                if b is not None:
                    blocks.append(b)
        elif p.type == "image":
            if _is_block(p.data):
                blocks.append(p.data)  # type: ignore[arg-type]
            elif p.url and p.url.startswith("data:") and ";base64," in p.url:
                media, data = p.url[5:].split(";base64,", 1)
                blocks.append({"type": "image", "source": {"type": "base64", "media_type": media, "data": data}})
            elif p.url:
                blocks.append({"type": "image", "source": {"type": "url", "url": p.url}})
            else:
                warnings.append(f"{where}: image without a source left out")
        elif p.type == "file":
            if _is_block(p.data):
                blocks.append(p.data)  # type: ignore[arg-type]
            elif p.text:
                blocks.append({"type": "text", "text": p.text})
            else:
                warnings.append(f"{where}: file part left out (no Anthropic document source)")
        else:
            if _is_block(p.data) and m.role == "assistant":
                blocks.append(p.data)  # type: ignore[arg-type]
            elif p.text:
                blocks.append({"type": "text", "text": p.text})
    return blocks


def _tool_use(call, warnings: list[str], where: str) -> dict[str, Any]:
    try:
        inp = loads_bounded(call.arguments_raw) if call.arguments_raw else {}
    except ValueError:
        inp = None
    if not isinstance(inp, dict):
        warnings.append(f"{where}: arguments of {call.name!r} ({call.id}) are not a JSON object; "
                        "wrapped as {\"arguments\": ...}")
        inp = {"arguments": call.arguments_raw}
    kind = call.type if call.type in ("server_tool_use", "mcp_tool_use") else "tool_use"
    return {"type": kind, "id": call.id, "name": call.name, "input": inp}


def _tool_result(m: Message, warnings: list[str], where: str) -> dict[str, Any]:
    if _untouched(m) and isinstance(m.raw, dict) and m.raw.get("type") in ("tool_result", "mcp_tool_result") \
            and m.raw.get("tool_use_id") == m.tool_call_id:
        return m.raw
    blocks = []
    only_text = True
    for p in m.parts:
        if p.type == "text":
            blocks.append(_text_block(p))
        elif p.type == "image" and (_is_block(p.data) or p.url):
            only_text = False
            blocks.extend(_part_blocks(Message(role="user", parts=[p]), warnings, where))
        elif p.text:
            blocks.append({"type": "text", "text": p.text})
    block: dict[str, Any] = {"type": "tool_result", "tool_use_id": m.tool_call_id or ""}
    if only_text and all(set(b) == {"type", "text"} for b in blocks):
        block["content"] = "\n\n".join(b["text"] for b in blocks) if len(blocks) != 1 else blocks[0]["text"]
    else:
        block["content"] = [b for b in blocks if b.get("type") != "text" or b.get("text")]
    if m.meta.get("is_error"):
        block["is_error"] = True
    return block


def to_anthropic(messages: Sequence[Message], model: str | None = None,
                 warnings: list[str] | None = None) -> dict[str, Any]:
    """A Messages API request body (`system`, `messages`; `model` when given)."""
    warn = warnings if warnings is not None else []
    system_blocks: list[dict[str, Any]] = []
    turns: list[dict[str, Any]] = []
    started = False

    def add(role: str, blocks: list[dict[str, Any]]) -> None:
        if not blocks:
            return
        if turns and turns[-1]["role"] == role:
            prev = turns[-1]["content"]
            if role == "user" and blocks[0].get("type") == "tool_result":
                # tool_result blocks must lead the user turn: put them after the
                # earlier results, before any text of that turn.
                k = 0
                while k < len(prev) and prev[k].get("type") == "tool_result":
                    k += 1
                prev[k:k] = blocks
            else:
                prev.extend(blocks)
        else:
            turns.append({"role": role, "content": list(blocks)})

    for m in messages:
        where = f"message {m.position}"
        if m.role in SYSTEM_ROLES:
            raw = m.raw if _untouched(m) and _is_block(m.raw) and m.raw.get("type") == "text" else None
            if not started:
                if raw is not None:
                    system_blocks.append(raw)
                else:
                    system_blocks.extend(_part_blocks(m, warn, where))
                continue
            warn.append(f"{where}: {m.role} message after the conversation started, sent as user text")
            text = m.text
            if text:
                add("user", [{"type": "text", "text": f"[{m.role}]\n{text}"}])
            continue
        started = True
        if m.role == "tool":
            add("user", [_tool_result(m, warn, where)])
        elif m.role == "user":
            blocks = _raw_blocks(m)
            add("user", blocks if blocks is not None else _part_blocks(m, warn, where))
        else:  # assistant
            blocks = _raw_blocks(m)
            if blocks is None:
                blocks = _part_blocks(m, warn, where) + [_tool_use(c, warn, where) for c in m.tool_calls]
            if not blocks:
                warn.append(f"{where}: empty assistant message left out")
            add("assistant", blocks)

    body: dict[str, Any] = {}
    if model:
        body["model"] = model
    if system_blocks:
        if len(system_blocks) == 1 and set(system_blocks[0]) == {"type", "text"}:
            body["system"] = system_blocks[0]["text"]
        else:
            body["system"] = system_blocks
    if turns and turns[0]["role"] != "user":
        warn.append("the conversation starts with an assistant turn (Anthropic rejects this)")
    body["messages"] = turns
    return body
