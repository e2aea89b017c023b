"""OpenAI Responses-API items <-> canonical messages (Agents SDK sessions, Codex rollouts).

Reading (`ItemConverter`): one response's output items (reasoning, an assistant `message`, `function_call`s, hosted
tool calls) become one assistant message; consecutive function calls are one parallel
batch. Tool outputs become `tool` messages. Every message keeps its item(s) verbatim in
`raw` (a dict for one item, a list for several).

Writing (`to_responses_items`):
- a message that came from a Responses-API source (Agents SDK, Codex) and was not
  changed is written back from `raw`, verbatim (ids, encrypted reasoning, statuses);
- a changed message from such a source: its items, with the change written into them
  (cleared arguments, truncated output, renamed call ids, merged summary text);
- otherwise: user/system/developer -> `{"role", "content"}` messages; an assistant
  message -> its `reasoning` items (kept verbatim from the part's `data`, with
  `encrypted_content`), an assistant message, then `function_call` /
  `custom_tool_call` items; a tool result -> `function_call_output` (or the output
  type matching its call).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import islice
from typing import Any

from inspector.engine.models import Message, Part, ToolCall, Usage
from inspector.formats.common import json_arguments, untouched

# Hosted tools: the provider ran them; the item carries call and result together.
HOSTED = {
    "web_search_call", "file_search_call", "code_interpreter_call", "image_generation_call",
    "mcp_call", "mcp_list_tools", "mcp_approval_request", "mcp_approval_response",
    "tool_search_call", "tool_search_output",
}
# Client-side calls whose result is a separate `<type>_output` item.
CALLS = {"function_call": "function", "custom_tool_call": "custom", "local_shell_call": "local_shell_call",
         "computer_call": "computer_call", "shell_call": "shell_call", "apply_patch_call": "apply_patch_call"}
OUTPUTS = {"function_call_output", "custom_tool_call_output", "local_shell_call_output",
           "computer_call_output", "shell_call_output", "apply_patch_call_output"}


def content_parts(content: Any) -> list[Part]:
    """Message content (a string or a list of input/output parts) as Parts."""
    if content is None:
        return []
    if isinstance(content, str):
        return [Part(type="text", text=content)]
    parts: list[Part] = []
    if not isinstance(content, list):
        return [Part(type="other", text=json.dumps(content, ensure_ascii=False))]
    for c in content:
        if isinstance(c, str):
            parts.append(Part(type="text", text=c))
            continue
        if not isinstance(c, dict):
            continue
        t = c.get("type")
        if t in ("input_text", "output_text", "text", "summary_text", "reasoning_text"):
            parts.append(Part(type="text", text=str(c.get("text") or "")))
        elif t == "refusal":
            parts.append(Part(type="text", text=str(c.get("refusal") or ""), data={"refusal": True}))
        elif t in ("input_image", "image", "image_url"):
            url = c.get("image_url")
            if isinstance(url, dict):
                url = url.get("url")
            parts.append(Part(type="image", url=url or c.get("file_id"), data=c))
        elif t in ("input_file", "file"):
            parts.append(Part(type="file", url=c.get("file_id") or c.get("file_url"),
                              media_type=c.get("mime_type"), data=c))
        else:
            parts.append(Part(type="other", text=str(c.get("text") or ""), data=c))
    return parts


def output_parts(output: Any) -> list[Part]:
    """A tool output: text, a list of content parts, or Codex's {content, success}."""
    if isinstance(output, dict) and "content" in output and "type" not in output:
        return output_parts(output.get("content"))
    if isinstance(output, str):
        return [Part(type="text", text=output)]
    if isinstance(output, list):
        return content_parts(output)
    if output is None:
        return [Part(type="text", text="")]
    return [Part(type="text", text=json.dumps(output, ensure_ascii=False))]


def reasoning_part(item: dict[str, Any]) -> Part:
    """A Responses `reasoning` item as a reasoning part: its summary texts (or content) joined, the item kept."""
    texts = [s.get("text", "") for s in item.get("summary") or [] if isinstance(s, dict)]
    if not texts:
        texts = [c.get("text", "") for c in item.get("content") or [] if isinstance(c, dict)]
    return Part(type="reasoning", text="\n\n".join(t for t in texts if t), data=item)


def hosted_text(item: dict[str, Any]) -> str:
    """The one-line text shown for a hosted tool call item (`[web_search: query]`)."""
    t = item.get("type", "")
    action = item.get("action")
    if isinstance(action, dict):
        detail = action.get("query") or action.get("url") or action.get("pattern") or action.get("type")
    else:
        detail = item.get("query") or item.get("queries") or item.get("name") or item.get("code")
    name = t[:-5] if t.endswith("_call") else t
    return f"[{name}: {detail}]" if detail else f"[{name}]"


def responses_usage(u: Any) -> Usage | None:
    """Responses-API usage (input_tokens includes cached tokens) as a Usage."""
    if not isinstance(u, dict):
        return None
    inp = u.get("input_tokens")
    details = u.get("input_tokens_details") or {}
    cached = u.get("cached_input_tokens", details.get("cached_tokens") if isinstance(details, dict) else None)
    if isinstance(inp, int) and isinstance(cached, int):
        inp = inp - cached
    return Usage(input_tokens=inp, output_tokens=u.get("output_tokens"), cache_read_tokens=cached,
                 total_tokens=u.get("total_tokens"))


@dataclass(frozen=True)
class ConverterMark:
    """Where an `ItemConverter` stood between two items with no assistant message open
    (`ItemConverter.mark`): cheap to take after every item (references and lengths, no
    copy), turned into a state to resume from by `ItemConverter.resumed`."""

    messages: list[Message]  # the list as it was (a compaction's `clear` starts another)
    count: int  # how many of them were made then
    names: int  # how many call names were known then
    renamed: int  # how many times a known call id had been given another name then
    last_assistant: Message | None


class ItemConverter:
    """Feed items in order; read `messages` at the end (call `finish()` first)."""

    def __init__(self, developer_role: str = "developer", skip: Any = None):
        self.messages: list[Message] = []
        self.developer_role = developer_role
        self._skip = skip or (lambda where, reason: None)
        self._group: Message | None = None
        self._group_raw: list[Any] = []
        self._call_names: dict[str, str] = {}
        self._renamed = 0  # a call id named again differently (a mark before it cannot be resumed)
        self.last_assistant: Message | None = None

    # -- resuming (a followed file: only the items after a mark are converted again)

    @property
    def settled(self) -> bool:
        """No assistant message is open: the messages made so far get no more parts."""
        return self._group is None

    def mark(self) -> ConverterMark:
        """The converter's state now (call only when `settled`)."""
        return ConverterMark(self.messages, len(self.messages), len(self._call_names), self._renamed,
                             self.last_assistant)

    def resumed(self, mark: ConverterMark, skip: Any = None) -> ItemConverter | None:
        """A new converter in the state `mark` recorded, taken from this one (which
        went on from there, or is still there): fed the items after the mark, it makes
        what this one made of them (the messages before the mark are the same objects).
        None when a call id known at the mark was named differently since (the names
        known then are lost).

        Args:
            mark: a `mark()` of this converter.
            skip: where the new converter reports what it leaves out (default: here).
        """
        if self._renamed != mark.renamed:
            return None
        out = ItemConverter(self.developer_role, skip or self._skip)
        out.messages = mark.messages[:mark.count]
        out._call_names = dict(islice(self._call_names.items(), mark.names))  # insertion order: the first ones
        out.last_assistant = mark.last_assistant
        return out

    # -- assistant grouping

    def _flush(self) -> None:
        g = self._group
        if g is not None:
            g.raw = self._group_raw[0] if len(self._group_raw) == 1 else list(self._group_raw)
            self.messages.append(g)
        self._group = None
        self._group_raw = []

    def _assistant(self, item: dict[str, Any], source_id: str | None, ts: datetime | None, new_response: bool) -> Message:
        g = self._group
        if g is None or new_response:
            self._flush()
            g = self._group = Message(role="assistant", source_id=source_id, timestamp=ts)
            self.last_assistant = g
        self._group_raw.append(item)
        return g

    def finish(self) -> list[Message]:
        """The messages converted so far, the assistant turn being grouped included."""
        self._flush()
        return self.messages

    def add(self, message: Message) -> None:
        """Append a message converted elsewhere, after the assistant turn being grouped."""
        self._flush()
        self.messages.append(message)

    def clear(self) -> int:
        """Drop everything so far (a compaction replaced it); returns how many."""
        self._flush()
        n = len(self.messages)
        self.messages = []
        self.last_assistant = None
        return n

    # -- items

    def feed(self, item: Any, where: str, source_id: str | None = None, ts: datetime | None = None) -> None:
        """Convert one Responses item, grouping consecutive assistant items into one message.

        Args:
            item: the item (a `message`, `function_call`, `function_call_output`, `reasoning`, ...).
            where: its location (file and line), named in what is skipped.
            source_id: the id of the record it came from; the item's own id when None.
            ts: when it was written, if known.
        """
        if not isinstance(item, dict):
            self._skip(where, f"not an item object ({type(item).__name__})")
            return
        t = item.get("type")
        sid = source_id or item.get("id")
        if t is None and "role" in item:
            t = "message"
        if t == "message":
            role = item.get("role")
            if role == "assistant":
                g = self._group
                # A second text message starts a new response; so does text after calls.
                new = g is not None and (bool(g.tool_calls) or any(p.type == "text" for p in g.parts))
                g = self._assistant(item, sid, ts, new)
                g.parts.extend(content_parts(item.get("content")))
                return
            if role in ("user", "system", "developer"):
                if role == "developer":
                    role = self.developer_role
                self.add(Message(role=role, parts=content_parts(item.get("content")), source_id=sid,
                                 timestamp=ts, raw=item))
                return
            self._skip(where, f"message with unknown role {role!r}")
            return
        if t == "reasoning":
            g = self._group
            new = g is not None and (bool(g.tool_calls) or any(p.type in ("text", "other") for p in g.parts))
            g = self._assistant(item, sid, ts, new)
            g.parts.append(reasoning_part(item))
            return
        if t in CALLS:
            call_id = item.get("call_id") or item.get("id") or f"call_{len(self.messages)}"
            if t == "function_call":
                name, args = str(item.get("name") or ""), item.get("arguments", "")
            elif t == "custom_tool_call":
                name, args = str(item.get("name") or ""), item.get("input", "")
            else:
                name = t[:-5]
                args = item.get("action", {k: v for k, v in item.items()
                                           if k not in ("type", "id", "call_id", "status")})
            if not isinstance(args, str):
                args = json.dumps(args, ensure_ascii=False)
            if self._call_names.get(str(call_id), name) != name:
                self._renamed += 1
            self._call_names[str(call_id)] = name
            g = self._assistant(item, sid, ts, False)
            g.tool_calls.append(ToolCall(id=str(call_id), name=name, arguments_raw=args, type=CALLS[t]))
            return
        if t in OUTPUTS:
            call_id = str(item.get("call_id") or "")
            self.add(Message(role="tool", tool_call_id=call_id, name=self._call_names.get(call_id),
                             parts=output_parts(item.get("output")), source_id=sid, timestamp=ts, raw=item))
            return
        if t in HOSTED:
            g = self._assistant(item, sid, ts, False)
            g.parts.append(Part(type="other", text=hosted_text(item), data=item))
            g.meta.setdefault("hosted_tools", []).append(t)
            return
        if t in ("compaction", "compaction_summary"):
            self.add(Message(role="assistant", kind="compaction", source_id=sid, timestamp=ts, raw=item,
                             parts=[Part(type="reasoning", text="", data=item)]))
            return
        self._skip(where, f"unknown item type {t!r}")


# ------------------------------------------------------------------ messages -> items

ITEM_TYPES = {
    "message", "reasoning", "function_call", "function_call_output", "custom_tool_call",
    "custom_tool_call_output", "web_search_call", "file_search_call", "computer_call", "computer_call_output",
    "code_interpreter_call", "image_generation_call", "local_shell_call", "local_shell_call_output",
    "shell_call", "shell_call_output", "apply_patch_call", "apply_patch_call_output", "mcp_call",
    "mcp_list_tools", "mcp_approval_request", "mcp_approval_response", "tool_search_call",
    "tool_search_output", "compaction", "compaction_summary", "item_reference",
}
_PART_TYPES = {"input_text", "output_text", "input_image", "input_file", "input_audio", "refusal"}
_MESSAGE_ROLES = {"user", "assistant", "system", "developer"}



def _is_item(value: Any) -> bool:
    if not isinstance(value, dict):
        return False
    t = value.get("type")
    if t is not None:
        if t not in ITEM_TYPES:
            return False
        if t != "message":
            return True
    # A message item: a role, and content the Responses API reads.
    if value.get("role") not in _MESSAGE_ROLES or set(value) & {"tool_calls", "tool_call_id", "function_call"}:
        return False
    content = value.get("content")
    if isinstance(content, str):
        return True
    return isinstance(content, list) and all(isinstance(c, dict) and c.get("type") in _PART_TYPES for c in content)


def _raw_items(m: Message) -> list[dict[str, Any]] | None:
    if not untouched(m):
        return None
    raw = m.raw
    items = raw if isinstance(raw, list) else [raw]
    if items and all(_is_item(i) for i in items):
        return items
    return None


_CALL_ARG_FIELD = {"function_call": "arguments", "custom_tool_call": "input"}


def _patched_items(m: Message, warn: list[str], where: str) -> list[dict[str, Any]] | None:
    """A changed message whose source items are Responses items: those items, with what
    inspector changed written into them (cleared arguments, a truncated output, renamed
    call ids, merged summary text), so ids, statuses and encrypted reasoning stay.
    None when the message has no such items (it is rebuilt instead)."""
    raw = m.raw
    items = raw if isinstance(raw, list) else [raw]
    if m.kind == "summary" or not items or not all(_is_item(i) for i in items):
        return None
    if m.role == "tool":
        if len(items) != 1 or items[0].get("type") not in OUTPUTS:
            return None
        item = {**items[0], "call_id": m.tool_call_id or ""}
        if m.meta.get("inspector_reduced"):
            item["output"] = m.text
        return [item]
    if m.role == "assistant":
        call_items = [i for i in items if i.get("type") in CALLS]
        if len(call_items) != len(m.tool_calls):
            return None
        calls = iter(m.tool_calls)
        out = []
        for item in items:
            if item.get("type") in CALLS:
                c = next(calls)
                item = {**item, "call_id": c.id}
                field = _CALL_ARG_FIELD.get(item["type"])
                if field is not None and item.get(field) != c.arguments_raw:
                    item[field] = c.arguments_raw
                elif field is None and m.meta.get("inspector_reduced"):
                    warn.append(f"{where}: {item['type']} {c.id} written as recorded (its arguments cannot be "
                                "cleared in this format)")
            out.append(item)
        return out
    if len(items) != 1 or items[0].get("type", "message") != "message":
        return None
    # A user or system message a summary was merged into.
    return [{**items[0], "content": _content(m, m.role)}]


def _content(m: Message, role: str) -> Any:
    text_type = "output_text" if role == "assistant" else "input_text"
    parts: list[dict[str, Any]] = []
    plain = True
    for p in m.parts:
        if p.type == "text":
            if p.text or not parts:
                item: dict[str, Any] = {"type": text_type, "text": p.text}
                if role == "assistant":
                    item["annotations"] = []
                parts.append(item)
        elif p.type == "image" and role != "assistant":
            plain = False
            if isinstance(p.data, dict) and p.data.get("type") == "input_image":
                parts.append(p.data)
            elif p.url:
                parts.append({"type": "input_image", "image_url": p.url, "detail": "auto"})
        elif p.type == "file" and role != "assistant":
            plain = False
            if isinstance(p.data, dict) and p.data.get("type") == "input_file":
                parts.append(p.data)
            elif p.text:
                parts.append({"type": text_type, "text": p.text})
    if plain and role != "assistant":
        texts = [p["text"] for p in parts]
        return texts[0] if len(texts) == 1 else "\n\n".join(texts)
    return parts


def _reasoning_item(data: dict[str, Any], text: str) -> dict[str, Any] | None:
    if data.get("type") == "reasoning":
        return data
    if "encrypted_content" in data:
        item: dict[str, Any] = {"type": "reasoning", "id": data.get("id") or "", "summary": []}
        if text:
            item["summary"] = [{"type": "summary_text", "text": text}]
        item["encrypted_content"] = data["encrypted_content"]
        if not item["id"]:
            del item["id"]
        return item
    return None


# The Agents SDK's own id for items no provider assigned (agents.models.fake_id): its
# chat-completions converter needs an assistant message item to have an id, and the SDK
# strips this one before anything reaches the Responses API and ignores it when
# deduplicating.
FAKE_RESPONSES_ID = "__fake_id__"


def _with_id(item: dict[str, Any]) -> dict[str, Any]:
    """An assistant message, function or custom tool call item as the SDK stores its own:
    with an `id` (and a `status` on calls)."""
    t = item.get("type")
    if t == "message" and item.get("role") == "assistant" and "id" not in item:
        return {"id": FAKE_RESPONSES_ID, **item}
    if t in ("function_call", "custom_tool_call") and ("id" not in item or "status" not in item):
        return {"id": FAKE_RESPONSES_ID, "status": "completed", **item}
    return item


def _function_items(items: list[dict[str, Any]], messages: Sequence[Message], warn: list[str]) -> list[dict[str, Any]]:
    """`custom_tool_call` items (Codex's `apply_patch`: free text, not JSON) as
    `function_call`s and their outputs as `function_call_output`s: the Agents SDK's
    Chat Completions converter (behind `OpenAIChatCompletionsModel` and `LitellmModel`)
    rejects the custom items, and LiteLLM and LangChain parse arguments as JSON. The text
    is kept, wrapped as the other exports wrap it (`formats.common.json_arguments`). The
    source ids are dropped: the Responses API checks an item id's prefix against its
    type, so the call gets the SDK's placeholder id instead."""
    where = {c.id: m.position for m in messages for c in m.tool_calls}
    out: list[dict[str, Any]] = []
    for item in items:
        t = item.get("type")
        if t == "custom_tool_call":
            call = ToolCall(id=str(item.get("call_id") or ""), name=str(item.get("name") or ""),
                            arguments_raw=str(item.get("input") or ""), type="custom")
            args, wrapped = json_arguments(call)
            if wrapped:
                warn.append(f"message {where.get(call.id, '?')}: arguments of {call.name!r} ({call.id}) are not a "
                            f"JSON object; wrapped as {{{json.dumps(next(iter(args)))}: ...}}")
            item = {"id": FAKE_RESPONSES_ID, "status": item.get("status") or "completed", "type": "function_call",
                    "call_id": call.id, "name": call.name,
                    "arguments": call.arguments_raw if not wrapped else json.dumps(args, ensure_ascii=False)}
        elif t == "custom_tool_call_output":
            item = {"type": "function_call_output", "call_id": item.get("call_id", ""),
                    "output": function_output(item.get("output", ""))}
        elif t == "function_call_output" and not isinstance(item.get("output"), str):
            item = {**item, "output": function_output(item.get("output"))}
        out.append(item)
    return out


_OUTPUT_PARTS = {"input_text", "input_image", "input_file"}


def function_output(output: Any) -> str | list[dict[str, Any]]:
    """A tool output as a Responses `function_call_output` takes it: a string, or a list
    of `input_text` / `input_image` / `input_file` items. Codex writes custom tool
    outputs as `output_text` items, which the Responses API refuses there and the Agents
    SDK's Chat Completions converter raises on (`Unknown content`): text items become
    `input_text` (all text: one string), anything else its JSON as text.

    Args:
        output: the recorded output (a string, a list of content items, anything).

    Returns:
        The output with the same text, in a form both accept.
    """
    if isinstance(output, str):
        return output
    if not isinstance(output, list):
        return "" if output is None else json.dumps(output, ensure_ascii=False)
    parts: list[dict[str, Any]] = []
    for p in output:
        kind = p.get("type") if isinstance(p, dict) else None
        if kind in _OUTPUT_PARTS and kind != "input_text":
            parts.append(p)
        elif isinstance(p, dict) and isinstance(p.get("text"), str):
            parts.append({"type": "input_text", "text": p["text"]})
        else:
            parts.append({"type": "input_text", "text": p if isinstance(p, str) else json.dumps(p, ensure_ascii=False)})
    if all(p["type"] == "input_text" for p in parts):
        return "".join(p["text"] for p in parts)
    return parts


def _tool_output_item(m: Message, call_types: dict[str, str]) -> dict[str, Any]:
    """A tool result as the output item of the kind of call it answers (images kept)."""
    cid = m.tool_call_id or ""
    kind = call_types.get(cid, "function_call")
    out_type = f"{kind}_output"
    output: Any = m.text
    if any(p.type == "image" for p in m.parts):
        output = _content(m, "user")
        if isinstance(output, str):
            output = [{"type": "input_text", "text": output}]
    if out_type not in ITEM_TYPES:
        out_type = "function_call_output"
    return {"type": out_type, "call_id": cid, "output": output}


def _add_assistant_items(items: list[dict[str, Any]], m: Message, call_types: dict[str, str], warn: list[str],
                         where: str) -> None:
    """An assistant message's items: reasoning and hosted items in part order, the text,
    then the calls (each call's item type noted in `call_types`)."""
    texts_pending = False
    for p in m.parts:
        if p.type == "reasoning":
            item = _reasoning_item(p.data or {}, p.text)
            if item is None:
                warn.append(f"{where}: reasoning without OpenAI encrypted content left out")
            else:
                items.append(item)
        elif p.type == "other" and _is_item(p.data) and (p.data or {}).get("type") != "message":
            items.append(p.data)  # type: ignore[arg-type]
        elif p.type == "text" and p.text:
            texts_pending = True
    if texts_pending:
        items.append({"id": FAKE_RESPONSES_ID, "type": "message", "role": "assistant", "status": "completed",
                      "content": _content(m, "assistant")})
    raw_by_call = {}
    if isinstance(m.raw, (list, dict)):
        for it in m.raw if isinstance(m.raw, list) else [m.raw]:
            if isinstance(it, dict) and it.get("call_id"):
                raw_by_call[str(it["call_id"])] = it
    for c in m.tool_calls:
        if c.type == "custom":
            items.append(_with_id({"type": "custom_tool_call", "call_id": c.id, "name": c.name,
                                   "input": c.arguments_raw}))
            call_types[c.id] = "custom_tool_call"
        elif c.type == "function":
            items.append(_with_id({"type": "function_call", "call_id": c.id, "name": c.name,
                                   "arguments": c.arguments_raw}))
            call_types[c.id] = "function_call"
        elif c.id in raw_by_call:
            items.append(raw_by_call[c.id])
            call_types[c.id] = raw_by_call[c.id].get("type", "function_call")
            if m.meta.get("inspector_reduced"):
                warn.append(f"{where}: {c.type} call {c.id} written as recorded (its arguments cannot be "
                            "cleared in this format)")
        else:
            items.append(_with_id({"type": "function_call", "call_id": c.id, "name": c.name,
                                   "arguments": c.arguments_raw}))
            call_types[c.id] = "function_call"


def to_responses_items(messages: Sequence[Message], warnings: list[str] | None = None, *,
                       functions_only: bool = False) -> list[dict[str, Any]]:
    """Responses-API input items for the messages, in order.

    Args:
        messages: canonical messages in conversation order.
        warnings: where to append what could not be written as it was.
        functions_only: write custom tool calls as function calls (`_function_items`),
            so every model class of the Agents SDK accepts the items, not only the
            Responses one; the export sets it, the runtime adapter keeps the SDK's items.

    Returns:
        The items.
    """
    warn = warnings if warnings is not None else []
    items: list[dict[str, Any]] = []
    call_types: dict[str, str] = {}  # call id -> the type of the item that made the call
    for m in messages:
        where = f"message {m.position}"
        raw = _raw_items(m)
        if raw is None:
            raw = _patched_items(m, warn, where)
        if raw is not None:
            for it in raw:
                if it.get("type") in ("function_call", "custom_tool_call") or str(it.get("type", "")).endswith("_call"):
                    if it.get("call_id"):
                        call_types[str(it["call_id"])] = it["type"]
            items.extend(_with_id(it) for it in raw)
        elif m.kind == "compaction":
            if m.text:  # a summary the source wrote (Claude Code's compact summary): the model read it
                items.append({"role": "user" if m.role not in _MESSAGE_ROLES else m.role, "content": m.text})
            else:
                warn.append(f"{where}: compaction record from another format left out")
        elif m.role == "tool":
            items.append(_tool_output_item(m, call_types))
        elif m.role != "assistant":
            items.append({"role": m.role, "content": _content(m, m.role)})
        else:
            _add_assistant_items(items, m, call_types, warn, where)
    return _function_items(items, messages, warn) if functions_only else items
