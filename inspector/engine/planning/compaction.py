"""Stage 2, tool-result compaction (trpc): pass 1 replaces large results before the
recent requests by a placeholder; pass 2 truncates (head + tail) any result still
over a token limit.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspector.engine.analysis import Analysis
from inspector.engine.config import CompactionConfig
from inspector.engine.models import Message
from inspector.engine.planning.memo import PlanMemo, Truncation
from inspector.engine.planning.results import Action, Reduction, StageResult
from inspector.engine.planning.text import fit_marker, offload_id, render, truncated_part
from inspector.engine.tokens import Framing
from inspector.engine.wording import plural


def compact(a: Analysis, msgs: Sequence[Message], config: CompactionConfig, memo: PlanMemo,
            framing: Framing, cur: list[int], actions: list[Action], reductions: dict[int, Reduction],
            total: int) -> tuple[int, StageResult]:
    """Run stage 2 on `cur` / `actions` / `reductions` (changed in place).

    Returns:
        The new total and the stage's result.
    """
    recovery = config.recovery_tool
    cc = config.reduction.compaction
    before = total
    if not cc.enabled:
        return total, StageResult("compaction", False, False, "disabled", before, before)
    changed = 0
    keep_tools = set(cc.keep_tools)
    force = set(cc.force_clean_tools) - keep_tools
    users = a.user_positions
    k = cc.keep_recent_requests + 1  # the current request plus K completed ones
    # Fewer requests than that: all of them are recent.
    protected = users[-k] if len(users) >= k else 0
    limit = cc.tool_result_max_tokens
    for i in a.tool_results:
        if i >= protected:
            break
        name = a.tool_names[i] or ""
        if name in keep_tools or a.already_reduced[i] or actions[i] == Action.CLEAR:
            continue
        forced = name in force
        if not (forced or (limit and cur[i] > limit)):
            continue
        oid = offload_id(a, i, "clear")
        new_tokens = placeholder_tokens(a, msgs, i, cc.placeholder, recovery, oid, cur[i], memo, framing)
        if new_tokens >= cur[i]:  # never grow the context, not even for a forced clean
            continue
        reductions[i] = Reduction(Action.CLEAR, "compaction", oid, clear_result=True, template=cc.placeholder,
                                  shown_tokens=cur[i])
        total += new_tokens - cur[i]
        cur[i] = new_tokens
        actions[i] = Action.CLEAR
        changed += 1
    pass2 = 0
    m_limit = cc.oversized_max_tokens
    if m_limit:
        for i in a.tool_results:
            name = a.tool_names[i] or ""
            if actions[i] == Action.CLEAR or name in keep_tools or cur[i] <= m_limit:
                continue
            if name == recovery or a.already_reduced[i]:
                continue  # recovered slices are not compacted again (trpc session_load)
            oid = offload_id(a, i, "truncate")
            spec = fit_tokens(a, msgs, i, m_limit, a.tokens[i], oid, recovery, memo)
            if spec is None:
                continue
            new_tokens, head, tail, removed = spec
            if new_tokens >= cur[i]:
                continue
            total += new_tokens - cur[i]
            cur[i] = new_tokens
            actions[i] = Action.TRUNCATE
            reductions[i] = Reduction(Action.TRUNCATE, "compaction", oid, head, tail, removed,
                                      template=config.reduction.truncation.notice)
            pass2 += 1
    reason = (f"pass 1: {plural(changed, 'historical result')} over {limit:,} tokens replaced; "
              f"pass 2: " + (f"{pass2} over {m_limit:,} tokens truncated" if m_limit else "off"))
    return total, StageResult("compaction", True, changed + pass2 > 0, reason, before, total, changed + pass2)


def fit_tokens(a: Analysis, msgs: Sequence[Message], i: int, limit: int, current: int, oid: str,
               recovery: str, memo: PlanMemo) -> Truncation | None:
    """trpc pass 2: head+tail truncate a result until it fits `limit` tokens."""
    key = (a.hashes[i], "fit", limit, oid)
    hit = memo.fits.get(key)
    if hit is not None:
        return hit
    msg = msgs[i]
    text = msg.text
    if not text:
        return memo.fits.put(key, None)
    fixed = current - a.text_tokens[i]
    budget_chars = int(len(text) * limit / max(current, 1))
    result = None
    for _ in range(6):
        h = int(budget_chars * 0.5)
        t = budget_chars - h
        rem = len(text) - h - t
        if rem <= 0:
            break
        new = truncated_part(text, h, t, fit_marker(rem, oid, recovery))
        tokens = fixed + memo.texts.counter.count(new)
        if tokens <= limit:
            result = (tokens, h, t, rem)
            break
        budget_chars = int(budget_chars * limit / tokens * 0.97)
    return memo.fits.put(key, result)


def placeholder_tokens(a: Analysis, msgs: Sequence[Message], i: int, template: str, recovery: str, oid: str,
                       tokens: int, memo: PlanMemo, framing: Framing) -> int:
    """Tokens of tool result `i` once replaced by a placeholder (all its parts go)."""
    return placeholder_count(memo, framing, template, a.tool_names[i], tokens, oid, recovery, msgs[i].tool_call_id)


def placeholder_count(memo: PlanMemo, framing: Framing, template: str, tool: str | None, tokens: int, oid: str,
                      recovery: str, tool_call_id: str | None) -> int:
    """Tokens of the placeholder message of `placeholder_text` (the id stands for the
    result's content and position, so for its call id too)."""
    key = (oid, template, recovery, tokens, tool)
    v = memo.placeholders.get(key)
    if v is None:
        text = placeholder_text(template, tool, tokens, oid, recovery, tool_call_id)
        # memoised here, by key (one text per id), not in the text cache
        v = memo.placeholders.put(key, framing.per_message + memo.texts.counter.count(text))
    return v


# Placeholders counted per `count_batch` call by `placeholder_counts`: enough for the
# counter's threads, without holding the ~46,000 texts of a 100k-message session's first
# plan at once (~10 MB held at the peak of its memory, bench `rss_ratio_100k`).
PLACEHOLDER_BATCH = 8192


def placeholder_counts(memo: PlanMemo, framing: Framing, template: str, recovery: str,
                       requests: Sequence[tuple[str | None, int, str, str | None]]) -> list[int]:
    """`placeholder_count` of many tool results at once: the placeholders not memoised
    yet are counted in one `count_batch` (a first plan of a 100k-message session has
    ~46,000 of them; the counter spreads a batch over its threads). What it counts is
    not added to the placeholder memo: its caller (stage 3) keeps each count by
    position, and a second copy by offload id was ~10 MB at 100k messages.

    Args:
        memo: the plan memo, whose placeholder counts are read and added to.
        framing: the counter's framing (a placeholder is a message).
        template: the placeholder template.
        recovery: the recovery tool's name.
        requests: per result, (tool name, its tokens, offload id, tool call id).

    Returns:
        The placeholder message's tokens per request, as `placeholder_count` gives them.
    """
    out: list[int] = []
    values: list[int] = []  # the counts made, in the order their keys were first asked for
    texts: list[str] = []  # the placeholders of the next keys, not counted yet
    pending: dict[tuple[str, str, str, int, str | None], int] = {}  # key -> its place in `values`
    count_batch = memo.texts.counter.count_batch
    for tool, tokens, oid, call_id in requests:
        key = (oid, template, recovery, tokens, tool)
        v = memo.placeholders.get(key)
        if v is None:
            k = pending.get(key)
            if k is None:
                k = pending[key] = len(values) + len(texts)
                texts.append(placeholder_text(template, tool, tokens, oid, recovery, call_id))
                if len(texts) >= PLACEHOLDER_BATCH:  # counted a batch at a time: the texts are not all held at once
                    values += [framing.per_message + n for n in count_batch(texts)]
                    texts = []
            v = -1 - k  # filled in below
        out.append(v)
    if texts:
        values += [framing.per_message + n for n in count_batch(texts)]
    if values:
        out = [v if v >= 0 else values[-1 - v] for v in out]
    return out


def placeholder_text(template: str, tool: str | None, tokens: int, oid: str, recovery: str,
                     tool_call_id: str | None) -> str:
    """The placeholder of a tool result of `tokens` tokens (stage 2 and clear)."""
    return render(template, tool=tool or "tool", tokens=f"{tokens:,}", offload_id=oid,
                  recovery_tool=recovery, tool_call_id=tool_call_id or "")
