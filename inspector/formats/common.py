"""What every codec asks of a canonical message, answered once.

- `untouched(m)`: may the message be written from its source record (`raw`)? Only
  when inspector changed nothing in it: not truncated or cleared, no summary merged
  in, not a summary, no tool-call id renamed.
- `unique_tool_call_ids(messages)`: duplicate tool-call ids renamed consistently (the
  call and the results that answer it), for targets that reject duplicates.
- `json_arguments(call)`: a tool call's arguments as a JSON object, for targets that
  require one (a Codex `apply_patch` input is free text).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from inspector.engine.limits import loads_bounded
from inspector.engine.models import Message, ToolCall

RENAMED = "inspector_renamed_ids"  # meta key: {new id: source id} on a message whose ids were renamed


def is_earlier_summary(role: str, has_calls: bool, text: str, summary_prefix: str | None) -> bool:
    """Whether a message read back is an earlier summary (kind `summary`), so repeated
    compaction folds it into the next one instead of nesting it.

    Args:
        role: the message's canonical role.
        has_calls: whether it makes tool calls (an assistant message with calls is an action).
        text: its text.
        summary_prefix: the text a summary starts with (none: nothing is a summary).

    Returns:
        True for a system, developer or user text, or an assistant text without calls
        (the summary of the turn in flight, written after its request), that starts
        with `summary_prefix`.
    """
    return bool(summary_prefix) and (role in ("system", "developer", "user") or (role == "assistant" and not has_calls)) \
        and text.startswith(summary_prefix or "")


def untouched(m: Message) -> bool:
    """True when `m` is exactly what the source held, so `m.raw` may be written as is.

    Args:
        m: a canonical message (from a reader, or from `apply`).

    Returns:
        False for messages inspector reduced, merged a summary into, wrote as a summary,
        or whose tool-call ids it renamed.
    """
    meta = m.meta
    return not (meta.get("inspector_reduced") or meta.get("inspector_summary") or meta.get(RENAMED)) \
        and m.kind != "summary"


LONE_SURROGATE = re.compile("[\ud800-\udfff]")

# Tool-call arguments a format stores as a JSON object are read back as compact text,
# the form models emit them in (OpenAI's `arguments` string), so a session exported to
# such a format and read again counts the tokens it was planned with.
COMPACT = (",", ":")


def json_text(value: Any, **kwargs: Any) -> str:
    """JSON text, exact and encodable: `json.dumps(ensure_ascii=False)`, except that a
    lone surrogate (half a character, which JSON allows as an escape, e.g. in tool-call
    arguments) stays a `\\udXXX` escape instead of making the UTF-8 write fail.

    Args:
        value: the JSON value.
        kwargs: more `json.dumps` options (indent, default).

    Returns:
        The JSON text.
    """
    text = json.dumps(value, ensure_ascii=False, **kwargs)
    return LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def json_arguments(call: ToolCall) -> tuple[dict[str, Any], bool]:
    """The call's arguments as a JSON object.

    Args:
        call: a tool call.

    Returns:
        (arguments, wrapped): text that is not a JSON object (a custom tool's free
        text, as Codex's `apply_patch`) is wrapped as `{"arguments": text}`;
        `wrapped` says it was.
    """
    try:
        # strict=False: a raw newline inside a string is what models often write; it parses
        value = loads_bounded(call.arguments_raw, strict=False) if call.arguments_raw.strip() else {}
    except ValueError:
        value = None
    if isinstance(value, dict):
        return value, False
    return {"arguments": call.arguments_raw}, True


def unique_tool_call_ids(messages: Sequence[Message]) -> tuple[list[Message], list[str]]:
    """Rename tool-call ids that an earlier call already used.

    A repeated id becomes `<id>-2`, `<id>-3`, ... (a suffix no other call uses); the
    tool results after that call which answer the id are renamed with it, so every
    call keeps its results (calls of one message sharing an id take the results that
    follow in order, one each). Renamed messages are copies marked in `meta` (so they are
    not written from `raw`, which holds the old id).

    Args:
        messages: canonical messages in conversation order.

    Returns:
        (messages, notes): the messages (the same objects where nothing changed) and
        one note per renamed call, naming the message, the old and the new id.
    """
    taken = {c.id for m in messages for c in m.tool_calls}
    seen: set[str] = set()
    current: dict[str, str] = {}  # source id -> the id its latest call was written with
    # source id -> the ids of the latest message's calls with it, not yet answered: two
    # parallel calls with one id are answered in order, one result each
    unanswered: dict[str, list[str]] = {}
    out: list[Message] = []
    notes: list[str] = []
    for m in messages:
        if m.tool_calls:
            calls: list[ToolCall] = []
            renamed: dict[str, str] = {}
            for c in m.tool_calls:
                new = c.id
                if c.id in seen:
                    k = 2
                    while f"{c.id}-{k}" in taken:
                        k += 1
                    new = f"{c.id}-{k}"
                    taken.add(new)
                    renamed[new] = c.id
                    notes.append(f"message {m.position}: duplicate tool-call id {c.id!r} renamed {new!r}")
                seen.add(c.id)
                current[c.id] = new
                calls.append(c if new == c.id else c.model_copy(update={"id": new}))
            for c in m.tool_calls:
                unanswered[c.id] = []
            for c, written in zip(m.tool_calls, calls):
                unanswered[c.id].append(written.id)
            if renamed:
                m = m.model_copy(update={"tool_calls": calls, "meta": {**m.meta, RENAMED: renamed}})
        elif m.role == "tool" and m.tool_call_id is not None:
            waiting = unanswered.get(m.tool_call_id)
            new = waiting.pop(0) if waiting else current.get(m.tool_call_id, m.tool_call_id)
            if new != m.tool_call_id:
                m = m.model_copy(update={"tool_call_id": new, "meta": {**m.meta, RENAMED: {new: m.tool_call_id}}})
        out.append(m)
    return out, notes
