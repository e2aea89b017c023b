"""Messages and plans as text: shared by the detail pane, previews, diffs and screenshots."""

from __future__ import annotations

import difflib
import re
from typing import Any

from rich.ansi import AnsiDecoder
from rich.text import Text

from inspector.formats.terminal import visible
from inspector.tui.colors import ROLE_COLORS
from inspector.tui.widgets.lines import Line

MAX_DETAIL_CHARS = 40_000


# Terminal escape sequences as tool output carries them (a coloured test run, a progress
# bar): CSI (7-bit and 8-bit), OSC up to its terminator, and the two-character escapes.
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x9b[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"
                      r"|\x1b[ -/]*[0-~]")
_SGR = re.compile(r"\x1b\[[0-9;:]*m")  # Select Graphic Rendition: colours and attributes only


def strip_escapes(text: str) -> str:
    """`text` without its terminal escape sequences (colour codes and every other)."""
    return _ESCAPES.sub("", text) if ("\x1b" in text or "\x9b" in text) else text


def clean(text: str) -> str:
    """A message body for the screen: terminal escape sequences (colour codes in tool
    output) removed, other control characters (NULs, a lone ESC) made visible one for
    one; lines and tabs kept."""
    return visible(strip_escapes(text), newlines=True)


def ansi_text(text: str) -> Text:
    """`text` with its colour codes rendered as colours: only SGR sequences reach Rich's
    ANSI decoder (cursor moves, OSC titles, clipboard writes and links are removed
    first), and what it leaves is made visible like any body text.

    Args:
        text: a message body as the session stored it.

    Returns:
        The styled text; never an escape character.
    """
    if "\x1b" not in text and "\x9b" not in text:
        return Text(visible(text, newlines=True))
    sgr_only = _ESCAPES.sub(lambda m: m.group(0) if _SGR.fullmatch(m.group(0)) else "", text)
    decoded = Text("\n").join(AnsiDecoder().decode(sgr_only))
    # one character for one: the decoder's spans still fit
    return Text(visible(decoded.plain, newlines=True), spans=decoded.spans, end="")


def message_header(m: Any, index: int | None = None, tokens: int | None = None) -> str:
    """A message's header line: its position, role, name, tool call id and tokens."""
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
    """What a model reads from the message: text, reasoning, tool calls and their
    arguments, made safe for the screen (`clean`)."""
    return clean(message_text(m))


def after_text(session: Any, plan: Any, i: int, summary_texts: dict[str, str] | None = None) -> tuple[str, str]:
    """(what the model would see of message i after the plan, as screen text; a
    one-line note): `service.afterplan.message_after`, rendered."""
    from inspector.service.afterplan import message_after

    after = message_after(session, plan, i, summary_texts)
    return (message_body(after.message) if after.message is not None else after.summary), after.note


def message_text(m: Any) -> str:
    """`message_body` as stored: escape sequences not removed yet (`ansi_text` renders
    their colours)."""
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
    return "\n\n".join(chunks)


def message_lines(m: Any, index: int | None = None, tokens: int | None = None) -> list[Line]:
    """A message as styled lines: its header, then its text."""
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
    """`text` as lines of one style (one empty line for empty text)."""
    return [(line, style) for line in text.splitlines()] or [("", "")]
