"""Anthropic Messages API request bodies <-> canonical messages.

Reading (`messages_from_anthropic`):
- `system` (a string, or a list of text blocks) -> one system message per block;
- an assistant turn -> one assistant message: `thinking` / `redacted_thinking` blocks
  become reasoning parts whose `data` keeps the block verbatim (signature, encrypted
  data), `tool_use` blocks become tool calls (`input` as JSON text);
- a user turn -> its `tool_result` blocks become `tool` messages (in order, named after
  their `tool_use`), the other blocks one user message.

Every message keeps its source in `raw` (the turn, or the block for a tool result).
Extra keys of a text block (`cache_control`, `citations`) are kept in the part's
`data`, so they are written back on export.

Writing (`to_anthropic`):
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
- `body_tools` gives the body's `tools`: the Messages API refuses a request whose
  history holds `tool_use` / `tool_result` blocks without tool definitions, so every
  tool the history calls is defined (the source's own definitions when it recorded
  them, in Anthropic, OpenAI Chat or Responses form; else a minimal one).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from inspector.engine.models import SYSTEM_ROLES, Message, Part, ToolCall
from inspector.formats.common import COMPACT, json_arguments, untouched

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


TOOL_USE_TYPES = ("tool_use", "server_tool_use", "mcp_tool_use")
TOOL_RESULT_TYPES = ("tool_result", "mcp_tool_result")


def _extra(block: dict[str, Any], *known: str) -> dict[str, Any] | None:
    extra = {k: v for k, v in block.items() if k not in known}
    return extra or None


def _source(block: dict[str, Any]) -> dict[str, Any]:
    src = block.get("source")
    return src if isinstance(src, dict) else {}


def block_part(block: Any, where: str, strict: bool = True) -> Part:
    """One content block (not a `tool_use` / `tool_result`) as a Part.

    Args:
        block: the block (a bare string is text).
        where: location for errors ("file: messages[3].content[1]").
        strict: raise AnthropicFormatError for a block the Messages API would reject;
            False (transcripts such as Claude Code's) keeps it as an `other` part.

    Returns:
        The part; the block is kept in `data` wherever it carries more than text.
    """
    # `Part.trusted` where the values are checked here (text blocks, most of a
    # transcript); the validating constructor where a value comes straight from the block.
    if isinstance(block, str):
        return Part.trusted(type="text", text=block)
    if not isinstance(block, dict):
        if strict:
            raise AnthropicFormatError(f"{where}: content block is not an object")
        return Part.trusted(type="text", text=str(block))
    t = block.get("type")
    if t == "text":
        text = block.get("text")
        if not isinstance(text, str):
            if strict:
                raise AnthropicFormatError(f"{where}: text block without a string 'text'")
            text = "" if text is None else str(text)
        return Part.trusted(type="text", text=text, data=_extra(block, "type", "text"))
    if t == "thinking":
        return Part.trusted(type="reasoning", text=str(block.get("thinking") or ""), data=_extra(block, "thinking"))
    if t == "redacted_thinking":
        return Part.trusted(type="reasoning", data=block)
    if t == "image":
        src = _source(block)
        return Part(type="image", media_type=src.get("media_type"), url=src.get("url"), data=block)
    if t == "document":
        src = _source(block)
        text = src.get("data") if src.get("type") == "text" and isinstance(src.get("data"), str) else ""
        return Part(type="file", text=text, media_type=src.get("media_type"), url=src.get("url"), data=block)
    if t not in BLOCK_TYPES and strict:
        raise AnthropicFormatError(f"{where}: unknown content block type {t!r}")
    return Part.trusted(type="other", text=str(block.get("text") or ""), data=block)


def content_parts(content: Any, where: str, strict: bool = True) -> list[Part]:
    """A message's (or a tool result's) `content`: a string or a list of blocks."""
    if content is None:
        return []
    if isinstance(content, str):
        return [Part.trusted(type="text", text=content)]
    if not isinstance(content, list):
        if strict:
            raise AnthropicFormatError(f"{where}: content must be a string or a list of blocks")
        return [Part.trusted(type="text", text=json.dumps(content, ensure_ascii=False))]
    return [block_part(b, f"{where}.content[{j}]", strict) for j, b in enumerate(content)]


def tool_result_parts(content: Any, where: str, strict: bool = True) -> list[Part]:
    """A `tool_result` block's content; no content is one empty text (the tool said nothing)."""
    return [Part.trusted(type="text", text="")] if content is None else content_parts(content, where, strict)


# `json.dumps(value, ensure_ascii=False, separators=COMPACT)` without a new encoder per
# call (what `dumps` builds for any non-default option).
_ARGUMENTS_JSON = json.JSONEncoder(ensure_ascii=False, separators=COMPACT).encode


def tool_call(block: dict[str, Any], where: str, strict: bool = True) -> ToolCall:
    """A `tool_use` (or server / MCP tool use) block as a ToolCall (`input` as JSON text;
    an input that is already text stays as it is)."""
    cid, name = block.get("id"), block.get("name")
    if not isinstance(cid, str) or not isinstance(name, str):
        if strict:
            raise AnthropicFormatError(f"{where}: tool_use without a string id and name")
        cid, name = str(cid or ""), str(name or "")
    inp = block.get("input", {})
    call_type = "function" if block.get("type") == "tool_use" else str(block.get("type"))
    return ToolCall.trusted(id=cid, name=name, type=call_type,
                            arguments_raw=inp if isinstance(inp, str) else _ARGUMENTS_JSON(inp))


def _flush_user(out: list[Message], msg: dict[str, Any], k: int, at: str, pending: list[tuple[int, Any]]) -> None:
    """The user blocks collected since the last tool result, as one user message."""
    if not pending:
        return
    content = msg["content"]
    raw = msg if len(pending) == len(content) else {"role": "user", "content": [b for _, b in pending]}
    first = pending[0][0]
    out.append(Message(role="user", parts=[block_part(b, f"{at}.content[{j}]") for j, b in pending],
                       source_id=f"messages[{k}]" + (f".content[{first}]" if raw is not msg else ""), raw=raw))
    pending.clear()


def messages_from_anthropic(doc: Any, where: str = "document") -> list[Message]:
    """Canonical messages of a Messages API request body (or a bare message list).

    Args:
        doc: the request body (`system` and `messages`), or a list of messages.
        where: the file or document, named in errors.

    Returns:
        The messages, positioned from 0: the system blocks, then each turn (a user turn's
        tool results as tool messages of their own).

    Raises:
        AnthropicFormatError: a malformed body, turn or block, naming where it is.
    """
    if isinstance(doc, dict):
        msgs = doc.get("messages")
        system = doc.get("system")
    else:
        msgs, system = doc, None
    if not isinstance(msgs, list):
        raise AnthropicFormatError(f"{where}: expected a list of messages or an object with 'messages'")
    out = _system_messages(system, where)
    call_names: dict[str, str] = {}
    for k, msg in enumerate(msgs):
        at = f"{where}: messages[{k}]"
        if not isinstance(msg, dict):
            raise AnthropicFormatError(f"{at}: expected an object, got {type(msg).__name__}")
        role = msg.get("role")
        if role == "assistant":
            out.append(_assistant_message(msg, k, at, call_names))
        elif role == "user":
            _add_user_turn(out, msg, k, at, call_names)
        else:
            raise AnthropicFormatError(f"{at}: role must be 'user' or 'assistant', not {role!r}")
    for i, m in enumerate(out):
        m.position = i
    return out


def _system_messages(system: Any, where: str) -> list[Message]:
    """The request's `system`: a string, or one message per text block."""
    if isinstance(system, str):
        return [Message(role="system", parts=[Part(text=system)], source_id="system", raw=system)] if system else []
    if isinstance(system, list):
        return [Message(role="system", parts=[block_part(block, f"{where}: system[{j}]")], source_id=f"system[{j}]",
                        raw=block) for j, block in enumerate(system)]
    if system is not None:
        raise AnthropicFormatError(f"{where}: 'system' must be a string or a list of text blocks")
    return []


def _assistant_message(msg: dict[str, Any], k: int, at: str, call_names: dict[str, str]) -> Message:
    """An assistant turn as one message: its blocks as parts, its tool uses as calls
    (their names noted in `call_names` for the results that follow)."""
    content = msg.get("content")
    parts: list[Part] = []
    calls: list[ToolCall] = []
    blocks = [content] if isinstance(content, str) else content
    if blocks is None:
        blocks = []
    if not isinstance(blocks, list):
        raise AnthropicFormatError(f"{at}: content must be a string or a list of blocks")
    for j, block in enumerate(blocks):
        if isinstance(block, dict) and block.get("type") in TOOL_USE_TYPES:
            call = tool_call(block, f"{at}.content[{j}]")
            calls.append(call)
            call_names[call.id] = call.name
        else:
            parts.append(block_part(block, f"{at}.content[{j}]"))
    return Message(role="assistant", parts=parts, tool_calls=calls, source_id=f"messages[{k}]", raw=msg)


def _add_user_turn(out: list[Message], msg: dict[str, Any], k: int, at: str, call_names: dict[str, str]) -> None:
    """A user turn: each tool result a tool message, the blocks between them user messages."""
    content = msg.get("content")
    if not isinstance(content, list):
        out.append(Message(role="user", parts=content_parts(content, at), source_id=f"messages[{k}]", raw=msg))
        return
    pending: list[tuple[int, Any]] = []
    for j, block in enumerate(content):
        if isinstance(block, dict) and block.get("type") in TOOL_RESULT_TYPES:
            _flush_user(out, msg, k, at, pending)
            cid = block.get("tool_use_id")
            if not isinstance(cid, str):
                raise AnthropicFormatError(f"{at}.content[{j}]: tool_result without a string tool_use_id")
            meta = {"is_error": True} if block.get("is_error") else {}
            out.append(Message(role="tool", tool_call_id=cid, name=call_names.get(cid),
                               parts=tool_result_parts(block.get("content"), f"{at}.content[{j}]"),
                               source_id=f"messages[{k}].content[{j}]", raw=block, meta=meta))
        else:
            pending.append((j, block))
    _flush_user(out, msg, k, at, pending)


def _is_block(value: Any) -> bool:
    if not isinstance(value, dict) or value.get("type") not in BLOCK_TYPES:
        return False
    if value["type"] in ("image", "document"):
        return isinstance(value.get("source"), dict)
    return True


def _raw_blocks(m: Message) -> list[dict[str, Any]] | None:
    """The source turn's blocks, when the message came from Anthropic JSON unchanged."""
    raw = m.raw
    if not untouched(m) or not isinstance(raw, dict) or raw.get("role") != m.role:
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


def _tool_use(call: ToolCall, warnings: list[str], where: str) -> dict[str, Any]:
    inp, wrapped = json_arguments(call)
    if wrapped:
        warnings.append(f"{where}: arguments of {call.name!r} ({call.id}) are not a JSON object; "
                        f"wrapped as {{{json.dumps(next(iter(inp)))}: ...}}")
    kind = call.type if call.type in ("server_tool_use", "mcp_tool_use") else "tool_use"
    return {"type": kind, "id": call.id, "name": call.name, "input": inp}


def _tool_result(m: Message, warnings: list[str], where: str) -> dict[str, Any]:
    if untouched(m) and isinstance(m.raw, dict) and m.raw.get("type") in ("tool_result", "mcp_tool_result") \
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


# The turn put before a conversation that opens with an assistant turn (an ADK session
# opening with its own summary, say): the Messages API requires the user role first.
LEADING_USER_TEXT = "(The conversation continues.)"


def to_anthropic(messages: Sequence[Message], model: str | None = None,
                 warnings: list[str] | None = None, lead_with_user: bool = True) -> dict[str, Any]:
    """A Messages API request body (`system`, `messages`; `model` when given).

    Args:
        messages: the conversation.
        model: the model named in the body.
        warnings: where what could not be kept as it was is reported.
        lead_with_user: a conversation that opens with an assistant turn gets a short
            user turn before it (`LEADING_USER_TEXT`, with a warning), as the API
            rejects it otherwise; False for callers converting single messages.

    Returns:
        The request body.
    """
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
            raw = m.raw if untouched(m) and _is_block(m.raw) and m.raw.get("type") == "text" else None
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
    if lead_with_user and turns and turns[0]["role"] != "user":
        turns.insert(0, {"role": "user", "content": [{"type": "text", "text": LEADING_USER_TEXT}]})
        warn.append(f"the conversation starts with an assistant turn: a user turn {LEADING_USER_TEXT!r} was put "
                    "before it (Anthropic requires the user role first)")
    body["messages"] = turns
    return body


# Anthropic's rule for a tool's name (a definition with another name is refused).
_TOOL_NAME = re.compile(r"[a-zA-Z0-9_-]{1,128}")
_SERVER_TOOL_TYPE = re.compile(r"[a-z_]+_\d{8}")  # web_search_20250305, bash_20250124
MINIMAL_TOOL_DESCRIPTION = ("A tool this conversation called; its definition was not recorded "
                            "(defined from the calls by inspector).")


def as_anthropic_tool(definition: Any) -> dict[str, Any] | None:
    """A recorded tool definition as an entry of a Messages body's `tools`.

    Args:
        definition: an Anthropic tool (custom, or a server tool such as
            `{"type": "web_search_20250305", "name": ...}`: kept as it is), an OpenAI Chat
            `{"type": "function", "function": {...}}` or a Responses / flat
            `{"type": "function", "name", "parameters"}` definition.

    Returns:
        The Anthropic definition, or None for what is none of these (a hosted OpenAI
        tool such as `{"type": "web_search"}`, which has no Anthropic equivalent).
    """
    if not isinstance(definition, dict):
        return None
    kind = definition.get("type")
    function = definition.get("function")
    flat = function if kind == "function" and isinstance(function, dict) else definition
    name = flat.get("name")
    if not isinstance(name, str) or not name:
        return None
    if kind in (None, "custom") and isinstance(definition.get("input_schema"), dict):
        return definition  # Anthropic's own custom tool
    if isinstance(kind, str) and _SERVER_TOOL_TYPE.fullmatch(kind):
        return definition  # an Anthropic server tool, defined by its versioned type
    if kind not in ("function", "custom"):
        return None  # an OpenAI hosted tool (web_search, file_search, ...)
    schema = flat.get("parameters")  # an OpenAI custom (freeform) tool has none: its input is text
    tool: dict[str, Any] = {"name": name}
    if isinstance(flat.get("description"), str) and flat["description"]:
        tool["description"] = flat["description"]
    tool["input_schema"] = schema if isinstance(schema, dict) else {"type": "object"}
    return tool


def called_tools(turns: Sequence[dict[str, Any]]) -> dict[str, str]:
    """The tools a body's messages call, by name in order of first call, with the kind of
    block that calls them (`tool_use`, `server_tool_use`, `mcp_tool_use`)."""
    called: dict[str, str] = {}
    for turn in turns:
        content = turn.get("content")
        for block in content if isinstance(content, list) else []:
            if isinstance(block, dict) and block.get("type") in TOOL_USE_TYPES and isinstance(block.get("name"), str):
                called.setdefault(block["name"], block["type"])
    return called


def body_tools(turns: Sequence[dict[str, Any]], recorded: Any, extra: Sequence[dict[str, Any]] = (),
               warnings: list[str] | None = None) -> list[dict[str, Any]]:
    """The `tools` of a Messages body: a definition for every tool its history calls.

    Args:
        turns: the body's `messages`.
        recorded: the tool definitions the source recorded (`Session.metadata["tools"]`),
            in any form `as_anthropic_tool` reads; all are offered, as the agent had them.
        extra: definitions to add when no recorded one has their name (the recovery
            tool the notices name).
        warnings: where the tools defined from their calls alone, and those no
            definition can be written for, are said.

    Returns:
        The definitions, one per name (empty when the history calls nothing and none
        were recorded or given).
    """
    warn = warnings if warnings is not None else []
    tools: dict[str, dict[str, Any]] = {}
    for definition in recorded if isinstance(recorded, list) else []:
        tool = as_anthropic_tool(definition)
        if tool is not None:
            tools.setdefault(tool["name"], tool)
    for tool in extra:
        tools.setdefault(tool["name"], tool)
    made: list[str] = []
    for name, kind in called_tools(turns).items():
        if name in tools:
            continue
        if kind != "tool_use":  # a server or MCP tool: defined by its type or its server, not a schema
            warn.append(f"the history calls the {kind.replace('_use', '')} {name!r}, whose definition the source "
                        "did not record: add it to the body's tools (or mcp_servers) before sending")
            continue
        if not _TOOL_NAME.fullmatch(name):
            warn.append(f"tool name {name!r} is not one the Messages API accepts in a definition "
                        "(letters, digits, _ and -, at most 128): rename it before sending")
        tools[name] = {"name": name, "description": MINIMAL_TOOL_DESCRIPTION, "input_schema": {"type": "object"}}
        made.append(name)
    if made:
        warn.append(f"the source recorded no definition of {', '.join(made)}: minimal ones (any object as input) "
                    "were written, as the Messages API refuses tool_use / tool_result blocks without the tools "
                    "defined; give the real definitions if the model should call them again")
    return list(tools.values())
