"""A readable Markdown transcript of a session (or of its compacted version)."""

from __future__ import annotations

import json
import re
from typing import Any

from inspector.engine.limits import loads_bounded
from inspector.engine.models import Message, Session
from inspector.formats.terminal import visible

_ROLE_TITLES = {"system": "System", "developer": "Developer", "user": "User", "assistant": "Assistant",
                "tool": "Tool result"}


def _fence(text: str, info: str = "") -> str:
    """A fenced block that its content cannot close (fence longer than any run inside)."""
    longest = max((len(m) for m in re.findall(r"`{3,}", text)), default=2)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{info}\n{text}\n{ticks}"


def _args(raw: str) -> tuple[str, str]:
    try:
        value = loads_bounded(raw)
    except ValueError:
        return raw, ""
    return json.dumps(value, indent=2, ensure_ascii=False), "json"


def _quote(text: str) -> str:
    return "\n".join("> " + line if line else ">" for line in text.splitlines() or [""])


def message_markdown(m: Message, index: int | None = None) -> str:
    """One message as Markdown: a heading with its position and role, then its content.

    Args:
        m: the message.
        index: the position to show; the message's own `position` when None.

    Returns:
        The Markdown text of the message.
    """
    pos = m.position if index is None else index
    title = _ROLE_TITLES.get(m.role, m.role)
    bits = [f"#{pos}", title]
    if m.role == "tool":
        if m.name:
            bits.append(f"`{visible(m.name)}`")
        if m.tool_call_id:
            bits.append(f"(call `{visible(m.tool_call_id)}`)")
    elif m.name:
        bits.append(f"({visible(m.name)})")
    if m.kind != "message":
        bits.append(f"— {m.kind}")
    reduced = m.meta.get("inspector_reduced")
    if reduced:
        bits.append(f"— {'truncated' if reduced == 'truncate' else 'cleared'}")
    if m.timestamp is not None:
        bits.append(f"· {m.timestamp.isoformat(timespec='seconds')}")
    out = ["### " + " ".join(bits), ""]
    for p in m.parts:
        if p.type == "text":
            if not p.text:
                continue
            out.append(_fence(p.text) if m.role == "tool" else p.text)
        elif p.type == "reasoning":
            label = "Reasoning"
            if p.encrypted:
                label += " (encrypted or signed; kept verbatim in exports)"
            out.append(f"*{label}*")
            if p.text:
                out.append(_quote(p.text))
        elif p.type == "image":
            out.append(f"*[image{': ' + p.url if p.url and not p.url.startswith('data:') else ''}]*")
        elif p.type == "file":
            out.append(f"*[file{': ' + (p.url or p.media_type or '') if (p.url or p.media_type) else ''}]*")
            if p.text:
                out.append(_fence(p.text))
        elif p.text:
            out.append(f"*{p.text}*")
        out.append("")
    for c in m.tool_calls:
        text, info = _args(c.arguments_raw)
        out.append(f"**Tool call** `{visible(c.name)}` (`{visible(c.id)}`)")
        out.append("")
        out.append(_fence(text, info))
        out.append("")
    # read in a terminal as often as in a viewer: no escape sequence gets through
    return visible("\n".join(out).rstrip(), newlines=True) + "\n"


def to_markdown(session: Session, messages: list[Message] | None = None, heading: str | None = None) -> str:
    """The transcript: a header with the session's facts, then every message."""
    msgs = session.messages if messages is None else messages
    title = visible(heading or session.title or session.id)  # one line: a heading
    calls = sum(len(m.tool_calls) for m in msgs)
    lines: list[Any] = [f"# {title}", ""]
    facts = [f"- session: `{visible(session.id)}`", f"- source: {session.source_format}"
             + (f" (`{visible(session.source_path)}`)" if session.source_path else "")]
    if session.model:
        facts.append(f"- model: {visible(session.model)}")
    facts.append(f"- messages: {len(msgs):,} ({calls:,} tool calls)")
    if session.created_at:
        facts.append(f"- created: {session.created_at.isoformat(timespec='seconds')}")
    lines += facts + ["", "---", ""]
    for k, m in enumerate(msgs):
        lines.append(message_markdown(m, k))
    return visible("\n".join(lines).rstrip(), newlines=True) + "\n"
