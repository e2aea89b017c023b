"""Google GenAI `Content` (what ADK stores in its events and sends in an `LlmRequest`)
<-> canonical messages. Plain dicts only, in the JSON shape of `google.genai.types`
(`content.model_dump(mode="json", exclude_none=True)`): the adapters convert the SDK
objects, and this module never imports Google's libraries.

- A content with `function_response` parts becomes one `tool` message per response;
  its other parts (if any) a user message after them.
- `role: "model"` is the assistant: text parts, `thought` parts (reasoning, kept with
  their `thought_signature`), `function_call` parts (tool calls, arguments as JSON).
- Back: consecutive tool results form one `user` content of `function_response`
  parts (as ADK writes parallel results); a message compaction left alone is written
  from its source content verbatim (signatures, `inline_data`, fields inspector does
  not model); system messages have no place in `contents` (ADK keeps the instruction
  in the request's `system_instruction`) and are left out with a warning.

Keys may be snake_case (what ADK writes) or camelCase (the pydantic aliases); both are
read, snake_case is written.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

from inspector.engine.models import Message, Part, ToolCall
from inspector.formats.common import COMPACT, RENAMED, is_earlier_summary

# A function_response is {"result": text} when the tool returned plain text (ADK's
# own convention for non-dict tool results).
RESULT_KEY = "result"


def g(d: Any, snake: str, default: Any = None) -> Any:
    """d[snake], or d[camelCase] when the writer used aliases."""
    if not isinstance(d, dict):
        return default
    v = d.get(snake)
    if v is None and "_" in snake:
        head, *rest = snake.split("_")
        v = d.get(head + "".join(w.title() for w in rest))
    return default if v is None else v


def response_text(resp: Any) -> str:
    """What the model reads of a function response: the text of a one-key object, else JSON."""
    if isinstance(resp, dict) and len(resp) == 1:
        (v,) = resp.values()
        if isinstance(v, str):
            return v
    if isinstance(resp, str):
        return resp
    return json.dumps(resp, ensure_ascii=False)


def parse_parts(raw_parts: Sequence[Any]) -> tuple[list[Part], list[ToolCall], list[dict[str, Any]]]:
    """A content's parts -> (message parts, tool calls, function_response objects).

    Args:
        raw_parts: the content's `parts` (dicts; anything else is skipped).

    Returns:
        The canonical parts in order, the `function_call`s as tool calls (a missing
        id becomes `adk_call_<index>`), and the raw `function_response` objects.
    """
    parts: list[Part] = []
    calls: list[ToolCall] = []
    responses: list[dict[str, Any]] = []
    for k, p in enumerate(raw_parts):
        if not isinstance(p, dict):
            continue
        fc = g(p, "function_call")
        fr = g(p, "function_response")
        if fc is not None:
            args = g(fc, "args", {})
            calls.append(ToolCall(id=str(g(fc, "id") or f"adk_call_{k}"), name=str(g(fc, "name") or ""),
                                  arguments_raw=args if isinstance(args, str) else json.dumps(args, ensure_ascii=False, separators=COMPACT)))
        elif fr is not None:
            responses.append(fr)
        elif g(p, "thought") and "text" in p:
            parts.append(Part(type="reasoning", text=str(p.get("text") or ""),
                              data={k2: v for k2, v in p.items() if k2 != "text"}))
        elif g(p, "thought_signature") is not None and "text" not in p:
            parts.append(Part(type="reasoning", data=p))
        elif "text" in p:
            parts.append(Part(type="text", text=str(p.get("text") or ""),
                              data={k2: v for k2, v in p.items() if k2 != "text"} or None))
        elif g(p, "inline_data") is not None or g(p, "file_data") is not None:
            blob = g(p, "inline_data") or g(p, "file_data")
            mime = g(blob, "mime_type")
            kind = "image" if str(mime or "").startswith("image/") else "file"
            parts.append(Part(type=kind, media_type=mime, url=g(blob, "file_uri"), data=p))
        else:
            parts.append(Part(type="other", text=json.dumps(p, ensure_ascii=False), data=p))
    return parts, calls, responses


def from_contents(contents: Sequence[Any], summary_prefix: str | None = None) -> list[Message]:
    """Content dicts -> canonical messages (each message's `raw` is its content dict).

    Args:
        contents: `Content` dicts (`role`, `parts`), oldest first.
        summary_prefix: a user or model text (without calls) starting with it is an
            earlier summary (kind `summary`), so repeated compaction folds it into the
            next one.

    Returns:
        The messages, positions numbered from 0.
    """
    out: list[Message] = []
    for content in contents:
        if not isinstance(content, dict):
            continue
        parts, calls, responses = parse_parts(g(content, "parts") or [])
        for fr in responses:
            cid = g(fr, "id")
            out.append(Message(role="tool", tool_call_id=str(cid) if cid else None, name=g(fr, "name"),
                               parts=[Part(text=response_text(g(fr, "response", {})))], raw=content))
        if parts or calls:
            role = "assistant" if g(content, "role") == "model" else "user"
            m = Message(role=role, parts=parts, tool_calls=calls, raw=content)
            if is_earlier_summary(role, bool(calls), m.text, summary_prefix):
                m = m.model_copy(update={"kind": "summary"})
            out.append(m)
    for i, m in enumerate(out):
        m.position = i
    return out


# ------------------------------------------------------------------------ writing


def _touched(m: Message) -> bool:
    # renamed tool-call ids count too: the source content holds the old ones
    return bool(m.meta.get("inspector_reduced") or m.meta.get("inspector_summary") or m.meta.get(RENAMED)) \
        or m.kind != "message"


def source_content(m: Message) -> dict[str, Any] | None:
    """The GenAI content a message was read from (its `raw`, or an ADK event's `content`)."""
    raw = m.raw
    if isinstance(raw, dict) and isinstance(g(raw, "content"), dict) and "parts" not in raw:
        raw = g(raw, "content")
    # A Content has `parts` and `role` only: another format's record with a `parts` list
    # (the llm CLI's message row and its part rows) is not one.
    if (isinstance(raw, dict) and isinstance(g(raw, "parts"), list) and g(raw, "role") in ("user", "model", None)
            and set(raw) <= {"parts", "role"}):
        return raw
    return None


def _arguments(call: ToolCall, warnings: list[str], where: str) -> dict[str, Any]:
    args = call.arguments
    if isinstance(args, dict):
        return args
    warnings.append(f"{where}: arguments of {call.name!r} ({call.id}) are not a JSON object; "
                    "wrapped as {\"arguments\": ...}")
    return {"arguments": call.arguments_raw}


def _model_parts(m: Message, warnings: list[str], where: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for p in m.parts:
        data = dict(p.data or {})
        if p.type == "reasoning":
            if g(data, "thought") or g(data, "thought_signature") is not None:
                out.append({**data, "text": p.text} if p.text or "text" in data else data)
            else:
                warnings.append(f"{where}: reasoning without a Gemini thought signature left out")
        elif p.type == "text":
            if p.text or not out:
                out.append({**data, "text": p.text})
        elif p.data:
            out.append(data)
        elif p.text:
            out.append({"text": p.text})
    # A call part keeps the keys it was read with (a thought_signature Gemini asks back).
    source = source_content(m)
    call_parts: dict[str, dict[str, Any]] = {}
    for sp in (g(source, "parts") or []) if source else []:
        fc = g(sp, "function_call") if isinstance(sp, dict) else None
        if fc is not None and g(fc, "id"):
            call_parts[str(g(fc, "id"))] = sp
    renamed = m.meta.get(RENAMED) or {}  # new id -> the id the source part has
    for c in m.tool_calls:
        part = call_parts.get(c.id) or call_parts.get(renamed.get(c.id, c.id), {})
        extra = {k: v for k, v in part.items() if k not in ("function_call", "functionCall")}
        out.append({**extra, "function_call": {"id": c.id, "name": c.name,
                                               "args": _arguments(c, warnings, where)}})
    return out


def _user_parts(m: Message) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for p in m.parts:
        if p.type in ("image", "file", "other") and p.data:
            out.append(dict(p.data))
        elif p.type == "text":
            out.append({**(p.data or {}), "text": p.text})
        elif p.text:
            out.append({"text": p.text})
    return out or [{"text": ""}]


def _response_part(m: Message) -> dict[str, Any]:
    source = source_content(m)
    if not _touched(m) and source:
        for sp in g(source, "parts") or []:
            fr = g(sp, "function_response") if isinstance(sp, dict) else None
            if fr is not None and str(g(fr, "id") or "") == (m.tool_call_id or ""):
                return cast(dict[str, Any], sp)
    return {"function_response": {"id": m.tool_call_id, "name": m.name or "",
                                  "response": {RESULT_KEY: m.text}}}


Sourced = tuple[dict[str, Any], list[Message], bool]


def contents_with_sources(messages: Sequence[Message], warnings: list[str] | None = None) -> list[Sourced]:
    """Like `to_contents`, each content with the messages it was made from and whether
    it is their source content, unchanged (so a writer can keep the source record).
    """
    warn = warnings if warnings is not None else []
    out: list[Sourced] = []
    i = 0
    n = len(messages)
    while i < n:
        m = messages[i]
        where = f"message {m.position}"
        source = source_content(m)
        # Messages read from one source content (parallel results, results + text).
        j = i + 1
        while source is not None and j < n and source_content(messages[j]) == source:
            j += 1
        group = list(messages[i:j])
        if source is not None and not any(_touched(x) for x in group) and _complete(source, group):
            out.append((source, group, True))
            i = j
            continue
        if m.role == "tool":
            k = i + 1
            while k < n and messages[k].role == "tool":
                k += 1
            out.append(({"role": "user", "parts": [_response_part(x) for x in messages[i:k]]},
                        list(messages[i:k]), False))
            i = k
            continue
        if m.role in ("system", "developer") and m.kind == "message" and not m.meta.get("inspector_summary"):
            warn.append(f"{where}: {m.role} message left out (GenAI contents have no system role; "
                        "the agent's instruction is sent as system_instruction)")
        elif m.role == "assistant":
            parts = _model_parts(m, warn, where)
            if parts:
                out.append(({"role": "model", "parts": parts}, [m], False))
            else:
                warn.append(f"{where}: empty assistant message left out")
        else:  # user, or a summary / compaction record in any role
            if m.role in ("system", "developer"):
                warn.append(f"{where}: {m.role} message the summary was merged into written as user text")
            out.append(({"role": "user", "parts": _user_parts(m)}, [m], False))
        i += 1
    return out


def _complete(source: dict[str, Any], group: list[Message]) -> bool:
    """Do the messages cover every function_response and call of their source content?"""
    parts, calls, responses = parse_parts(g(source, "parts") or [])
    tools = [x for x in group if x.role == "tool"]
    rest = [x for x in group if x.role != "tool"]
    return len(tools) == len(responses) and len(rest) == (1 if parts or calls else 0)


def to_contents(messages: Sequence[Message], warnings: list[str] | None = None) -> list[dict[str, Any]]:
    """Canonical messages -> GenAI content dicts (`role` user/model, `parts`).

    Args:
        messages: the session's messages, in order.
        warnings: collects what could not be carried (system messages, foreign reasoning).

    Returns:
        The contents; untouched ones are their source dicts, the rest new dicts.
    """
    return [c for c, _, _ in contents_with_sources(messages, warnings)]
