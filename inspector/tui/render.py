"""Messages and plans as text: shared by the detail pane, previews, diffs and screenshots."""

from __future__ import annotations

import difflib
from typing import Any

from inspector.formats.terminal import visible
from inspector.tui.colors import ROLE_COLORS
from inspector.tui.widgets.lines import Line

MAX_DETAIL_CHARS = 40_000


def clean(text: str) -> str:
    """A message body for the screen: escapes (ANSI in tool output, NULs) made visible one
    character for one, so token spans still line up; lines and tabs kept."""
    return visible(text, newlines=True)


def message_header(m: Any, index: int | None = None, tokens: int | None = None) -> str:
    bits = [f"#{index}" if index is not None else "", m.role]
    if m.name:
        bits.append(f"name={m.name}")
    if m.tool_call_id:
        bits.append(f"tool_call_id={m.tool_call_id}")
    if m.kind != "message":
        bits.append(f"kind={m.kind}")
    if tokens is not None:
        bits.append(f"{tokens:,} tokens")
    if m.timestamp is not None:
        bits.append(m.timestamp.isoformat(timespec="seconds"))
    return visible(" · ".join(b for b in bits if b))  # names and ids came from the file


def message_body(m: Any) -> str:
    """What a model reads from the message: text, reasoning, tool calls and their arguments."""
    chunks: list[str] = []
    for p in m.parts:
        if p.type == "text":
            chunks.append(p.text)
        elif p.type == "reasoning":
            chunks.append(f"[reasoning]\n{p.text}" if p.text else "[reasoning: encrypted]")
        elif p.type in ("image", "file"):
            chunks.append(f"[{p.type} {p.media_type or ''} {p.url or ''}]".rstrip())
        elif p.text:
            chunks.append(p.text)
    for c in m.tool_calls:
        chunks.append(f"→ {c.name}({c.id})\n{c.arguments_raw}")
    return clean("\n\n".join(chunks))


def message_lines(m: Any, index: int | None = None, tokens: int | None = None) -> list[Line]:
    color = ROLE_COLORS.get(m.role, "")
    out: list[Line] = [(message_header(m, index, tokens), f"bold {color}".strip())]
    for line in message_body(m).splitlines() or [""]:
        out.append((line, ""))
    return out


def context_lines(messages: list[Any], tokens: list[int] | None = None, lineage: list[list[int]] | None = None) -> list[Line]:
    """The compacted context as the model would receive it."""
    out: list[Line] = []
    for k, m in enumerate(messages):
        t = tokens[k] if tokens and k < len(tokens) else None
        head = message_lines(m, k, t)
        if lineage and k < len(lineage) and lineage[k] and lineage[k] != [k]:
            src = lineage[k]
            origin = f"from #{src[0]}" if len(src) == 1 else f"from #{src[0]}–#{src[-1]} ({len(src)} messages)"
            head[0] = (head[0][0] + f" · {origin}", head[0][1])
        out.extend(head)
        out.append(("", ""))
    return out


def diff_lines(before: str, after: str, context: int = 3) -> list[Line]:
    """A unified diff of two texts, coloured."""
    a = before.splitlines()
    b = after.splitlines()
    out: list[Line] = []
    for line in difflib.unified_diff(a, b, "before", "after", n=context, lineterm=""):
        if line.startswith("+++") or line.startswith("---"):
            out.append((line, "bold"))
        elif line.startswith("@@"):
            out.append((line, "cyan"))
        elif line.startswith("+"):
            out.append((line, "green"))
        elif line.startswith("-"):
            out.append((line, "red"))
        else:
            out.append((line, ""))
    if not out:
        out.append(("(no change)", "dim"))
    return out


def plain_lines(text: str, style: str = "") -> list[Line]:
    return [(line, style) for line in text.splitlines()] or [("", "")]
