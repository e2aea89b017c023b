"""Stage 1, truncation (Eino): a tool output over its character limit keeps its head
and tail; the middle is offloaded and a notice says how to reload it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence

from inspector.engine.analysis import Analysis
from inspector.engine.config import CompactionConfig, TruncationConfig
from inspector.engine.models import Message
from inspector.engine.planning.memo import PlanMemo, Truncation
from inspector.engine.planning.results import Action, Reduction, StageResult
from inspector.engine.planning.text import cut_part, offload_id, truncate_text_parts
from inspector.engine.tokens import TokenCounter
from inspector.engine.wording import plural


def truncate(a: Analysis, msgs: Sequence[Message], config: CompactionConfig, memo: PlanMemo,
             cur: list[int], actions: list[Action], reductions: dict[int, Reduction],
             total: int) -> tuple[int, StageResult]:
    """Run stage 1 on `cur` / `actions` / `reductions` (changed in place).

    Returns:
        The new total and the stage's result.
    """
    recovery = config.recovery_tool
    tc = config.reduction.truncation
    before = total
    if not tc.enabled:
        return total, StageResult("truncation", False, False, "disabled", before, before)
    changed = 0
    for i, name, per_part in over_limit(a, tc):
        if not tc.notice_in_limit and msgs[i].meta.get("inspector_reduced") == "truncate":
            continue  # kept text beside its notice is over the limit: processed once (Eino's mark)
        oid = offload_id(a, i, "truncate")
        key = (a.hashes[i], per_part, tc.head_ratio, tc.notice, recovery, oid, name, tc.notice_in_limit)
        spec = memo.truncations.get(key)
        if spec is None:
            spec = memo.truncations.put(key, truncate_count(msgs[i], per_part, tc.head_ratio, tc.notice,
                                                            recovery, oid, name, memo, tc.notice_in_limit))
        new_text_tokens, head, tail, removed = spec
        new_tokens = cur[i] - a.text_tokens[i] + new_text_tokens
        if removed <= 0 or new_tokens >= cur[i]:
            continue
        total += new_tokens - cur[i]
        cur[i] = new_tokens
        actions[i] = Action.TRUNCATE
        reductions[i] = Reduction(Action.TRUNCATE, "truncation", oid, head, tail, removed, limit=per_part,
                                  head_ratio=tc.head_ratio, template=tc.notice, fit_notice=tc.notice_in_limit)
        changed += 1
    reason = (f"{plural(changed, 'tool output')} over {tc.max_chars:,} characters" if changed
              else f"no tool output over {tc.max_chars:,} characters")
    return total, StageResult("truncation", True, changed > 0, reason, before, total, changed)


def over_limit(a: Analysis, tc: TruncationConfig) -> Iterator[tuple[int, str, int]]:
    """(position, tool name, characters allowed per text part) of each tool result of
    the session analysed as `a` that stage 1 (`tc`) truncates: over its tool's limit,
    not excluded, not a placeholder already."""
    per_tool = tc.per_tool
    exclude = set(tc.exclude_tools)
    least = min([tc.max_chars] + [o.max_chars for o in per_tool.values() if o.max_chars])
    chars = a.text_chars
    for i in a.tool_results:
        if chars[i] <= least:
            continue
        name = a.tool_names[i] or ""
        limit = tc.max_chars
        if per_tool:
            o = per_tool.get(name)
            if o is not None:
                if o.skip_truncation:
                    continue
                limit = o.max_chars or limit
        if chars[i] <= limit or name in exclude or a.already_reduced[i]:
            continue
        yield i, name, limit // (a.text_parts[i] or 1)


def may_truncate(a: Analysis, config: CompactionConfig) -> bool:
    """Stage 1 truncates some tool output of the session analysed as `a` (so
    `count_ahead` has work)."""
    tc = config.reduction.truncation
    return tc.enabled and next(over_limit(a, tc), None) is not None


def count_ahead(a: Analysis, msgs: Sequence[Message], config: CompactionConfig, memo: PlanMemo,
                stopped: Callable[[], bool]) -> None:
    """Count, before the plans that will need them, the chunks stage 1 keeps of each
    tool output of `msgs` (analysed as `a`) over its limit: the head's and the tail's,
    a chunk more on each side (the notice's tool name may differ in a context).
    Replay has this run beside it while it plans (a second thread, started by the
    caller's `beside`, inspector/edge.py; tiktoken releases the GIL while it encodes), and its plans find the counts in `memo.chunks`. Counts only:
    whichever thread counts a chunk first, the plans decide the same.

    Args:
        a: the analysis of `msgs`.
        msgs: the session's messages, in the order replay meets them.
        config: the policy (nothing is done unless truncation is on and the counter
            counts by lines, as `truncate_count` then does).
        memo: the session's memo, shared with the plans.
        stopped: true once replay is done.
    """
    tc = config.reduction.truncation
    counter = memo.texts.counter
    if not tc.enabled or not memo.texts.by_lines:
        return
    probe_id = "off-" + "0" * 12  # every offload id has this length: the notice too
    for i, name, per_part in over_limit(a, tc):
        if stopped():
            return
        for k, p in enumerate(msgs[i].parts):
            cut = cut_part(p.text, per_part, tc.head_ratio, tc.notice, config.recovery_tool, probe_id, name,
                           tc.notice_in_limit) \
                if p.type == "text" else None
            if cut is None:
                continue
            key = (msgs[i].content_hash, k)
            chunks = memo.chunks.get(key)
            if chunks is None:
                if len(memo.chunks) > memo.chunks.limit // 2:
                    return  # far from full, so that only the plans ever evict from it
                chunks = memo.chunks.put(key, Chunks(p.text))
            h, t = cut[0], cut[1]
            last = len(chunks.counts)
            chunks.span(0, min(last, bisect_left(chunks.bounds, h) + 1), counter)
            chunks.span(max(0, bisect_left(chunks.bounds, len(p.text) - t) - 2), last, counter)


class Chunks:
    """A long text cut where the counter counts additively (see
    `tokens.splits_after_newline`), about every `SIZE` characters, with the counts of
    its chunks filled in as they are needed. A head + notice + tail truncation is then
    counted from the chunks it keeps whole plus the text around the cut, so moving the
    truncation limit tokenizes only what it newly uncovers."""

    SIZE = 512
    __slots__ = ("text", "bounds", "counts")

    def __init__(self, text: str):
        n = len(text)
        bounds = [0]
        find = text.find
        pos = find("\n", self.SIZE - 1)
        while pos != -1 and pos + 1 < n:
            ch = text[pos + 1]
            if ch != "/" and not ch.isspace():
                bounds.append(pos + 1)
                pos = find("\n", pos + self.SIZE)
            else:
                pos = find("\n", pos + 1)
        bounds.append(n)
        self.text = text
        self.bounds = bounds
        self.counts: list[int | None] = [None] * (len(bounds) - 1)

    def span(self, lo: int, hi: int, counter: TokenCounter) -> int:
        """Tokens of chunks lo..hi-1."""
        counts = self.counts
        missing = [k for k in range(lo, hi) if counts[k] is None]
        if missing:
            text, bounds = self.text, self.bounds
            for k, v in zip(missing, counter.count_batch([text[bounds[k]:bounds[k + 1]] for k in missing])):
                counts[k] = v
        return sum(counts[lo:hi])  # type: ignore[arg-type]

    def truncated(self, h: int, t: int, notice: str, counter: TokenCounter) -> int:
        """Tokens of `truncated_part(text, h, t, notice)` (text longer than h + t)."""
        text, bounds = self.text, self.bounds
        size = len(text)
        kb = max(0, bisect_left(bounds, h) - 1)  # the last cut before the head ends
        middle = text[bounds[kb]:h] + "\n" + notice + "\n"
        right = 0
        if t:
            ke = bisect_left(bounds, size - t)  # the first cut where the kept tail starts or after
            middle += text[size - t:bounds[ke]]
            right = self.span(ke, len(bounds) - 1, counter)
        return self.span(0, kb, counter) + counter.count(middle) + right


def truncate_count(msg: Message, per_part: int, head_ratio: float, notice_t: str, recovery: str,
                   oid: str, tool: str, memo: PlanMemo, fit_notice: bool = True) -> Truncation:
    """(tokens of the text parts once truncated, head, tail, removed): exactly what
    counting `truncate_text_parts`' texts gives."""
    counter = memo.texts.counter
    if not memo.texts.by_lines:
        texts, head, tail, removed = truncate_text_parts(msg, per_part, head_ratio, notice_t, recovery, oid, tool,
                                                         fit_notice)
        return sum(counter.count_batch(texts)), head, tail, removed
    total = 0
    head = tail = removed = 0
    for k, p in enumerate(msg.parts):
        if p.type != "text":
            continue
        key = (msg.content_hash, k)
        chunks = memo.chunks.get(key)
        if chunks is None:
            chunks = memo.chunks.put(key, Chunks(p.text))
        cut = cut_part(p.text, per_part, head_ratio, notice_t, recovery, oid, tool, fit_notice)
        if cut is None:
            total += chunks.span(0, len(chunks.counts), counter)
            continue
        h, t, rem, notice = cut
        total += chunks.truncated(h, t, notice, counter)
        head, tail, removed = h, t, removed + rem
    return total, head, tail, removed

