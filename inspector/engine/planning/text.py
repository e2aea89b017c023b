"""The text the planner counts and `apply` writes: truncation notices, placeholders,
offload ids. One place, so what is counted is what is written.
"""

from __future__ import annotations

import hashlib
from typing import Any

from inspector.engine.analysis import Analysis
from inspector.engine.bounded import Memo
from inspector.engine.models import Message
from inspector.engine.templates import fill, pieces
from inspector.engine.tokens import CLEAN_CUT, TiktokenCounter, TokenCounter


def offload_id(a: Analysis, position: int, kind: str, *, memoise: bool = True) -> str:
    """The id content removed from message `position` is offloaded under (stable:
    what was removed and the content of the messages up to it). Not the session's id:
    the same session read from its file or from the workspace must get the same ids,
    or their texts, and so their token counts, differ (issue 17.3); the same id in two
    sessions names the same content.

    Args:
        a: the session's analysis.
        position: the message's position.
        kind: what was removed ("clear", "truncate", "args", "args:<call id>").
        memoise: keep the id on the analysis; False for a caller that memoises what
            it computes with it (one entry per tool call is ~200 bytes).

    Returns:
        The id ("off-" and 12 hex digits).
    """
    key = (position, kind)
    oid = a.offload_ids.get(key)
    if oid is None:
        oid = make_offload_id(a.link(position + 1), position, kind)
        if memoise:
            a.offload_ids[key] = oid
    return oid


def make_offload_id(chain: bytes, position: int, kind: str) -> str:
    """`offload_id` from its inputs (replay computes it without an analysis): `chain`
    digests the messages up to and including `position` (`Analysis.link(position + 1)`),
    so the same content gets the same id whichever store the session came from."""
    h = hashlib.blake2b(digest_size=6)
    h.update(chain)
    h.update(f"\x1f{position}\x1f{kind}".encode())
    return "off-" + h.hexdigest()


# (template, field names, counter name) -> `text_floor`
_FLOORS: Memo[tuple[str, tuple[str, ...], str], int] = Memo(256)


def text_floor(template: str, names: tuple[str, ...], counter: TokenCounter) -> int:
    """The fewest tokens `render(template, **values)` has, whatever the values named
    `names` (given in that order) are: a placeholder not smaller than a text of this
    many tokens is known not to be smaller without rendering and counting it.

    The template is cut at its literal spaces between two literal non-spaces
    (`tokens.CLEAN_CUT`: tiktoken's pre-tokenizer starts a piece there and encodes each
    on its own, so a text's count is its parts' counts, whatever the fields hold); a part without a field is counted, a part with one
    is at least one token when it has a literal character (a non-empty text is), else
    nothing. 0 for a counter other than tiktoken's (an estimate is not additive) and
    for a template whose braces do not balance.

    Args:
        template: the placeholder template.
        names: the names of the values it is rendered with, in the order given.
        counter: the counter its texts are counted with.

    Returns:
        A lower bound of `counter.count(render(template, **values))` over all values.
    """
    if not isinstance(counter, TiktokenCounter):
        return 0
    key = (template, names, counter.name)
    floor = _FLOORS.get(key)
    if floor is None:
        floor = _FLOORS.put(key, _floor(pieces(template, names), counter))
    return floor


def _floor(parts: tuple[tuple[str, str | None, str], ...], counter: TokenCounter) -> int:
    if not parts:
        return 0
    # the text with each field's value as "\n" (a space: no clean cut next to a field)
    text = ""
    fields: list[int] = []  # where each field stands in `text`
    for literal, name, _ in parts:
        text += literal
        if name is not None:
            fields.append(len(text))
            text += "\n"
    floor = 0
    starts = [0, *(m.start() for m in CLEAN_CUT.finditer(text)), len(text)]
    for lo, hi in zip(starts, starts[1:]):
        inside = [f for f in fields if lo <= f < hi]
        if not inside:
            floor += counter.count(text[lo:hi])
        elif hi - lo > len(inside):  # some literal character: never empty
            floor += 1
    return floor


def truncated_part(text: str, head: int, tail: int, notice: str) -> str:
    """`text` with its middle replaced by `notice`, keeping `head` and `tail` characters."""
    if len(text) <= head + tail:
        return text
    return text[:head] + "\n" + notice + "\n" + (text[len(text) - tail:] if tail else "")


def render(template: str, **values: Any) -> str:
    """A notice or placeholder template with its `{fields}` filled in: only the names
    given, no attribute or index access, widths bounded (`inspector.engine.templates`)."""
    return fill(template, **values)


def cut_part(text: str, per_part: int, head_ratio: float, notice_t: str, recovery: str, oid: str,
             tool: str | None, fit_notice: bool = True) -> tuple[int, int, int, str] | None:
    """(head chars, tail chars, removed chars, notice) for a text part over `per_part`
    characters, None when it fits. With `fit_notice` the kept text plus the notice fits
    the limit, so truncating the output again changes nothing (idempotence); without
    it the kept text alone is the limit (Eino: max/(parts*2) from each end)."""
    if len(text) <= per_part:
        return None
    if fit_notice:
        # Size the notice with the largest number it can show, then render it exactly.
        probe = render(notice_t, removed_chars=f"{len(text):,}", offload_id=oid,
                       recovery_tool=recovery, tool=tool or "tool")
        keep = max(0, per_part - len(probe) - 2)
    else:
        keep = per_part
    h = int(keep * head_ratio)
    t = keep - h
    rem = len(text) - h - t
    notice = render(notice_t, removed_chars=f"{rem:,}", offload_id=oid,
                    recovery_tool=recovery, tool=tool or "tool")
    return h, t, rem, notice


def truncate_text_parts(msg: Message, per_part: int, head_ratio: float, notice_t: str, recovery: str,
                        oid: str, tool: str | None, fit_notice: bool = True) -> tuple[list[str], int, int, int]:
    """New texts of the text parts, and (head, tail, removed chars) of the last cut.

    Shared by the planner (to count) and apply (to write), so both see the same text.
    """
    out: list[str] = []
    head = tail = removed = 0
    for p in msg.parts:
        if p.type != "text":
            continue
        cut = cut_part(p.text, per_part, head_ratio, notice_t, recovery, oid, tool, fit_notice)
        if cut is None:
            out.append(p.text)
            continue
        h, t, rem, notice = cut
        out.append(truncated_part(p.text, h, t, notice))
        head, tail, removed = h, t, removed + rem
    return out, head, tail, removed


def fit_marker(removed: int, oid: str, recovery: str) -> str:
    """The notice of a result truncated to fit a token limit (compaction pass 2)."""
    return f"[...{removed:,} characters truncated; {recovery}(id=\"{oid}\") reloads them...]"

