"""The planner: what compaction would do to a session, message by message.

`plan(session, config)` is pure and deterministic: no I/O, no LLM call. It runs the
stages in this order, each on the result of the previous one:

1. truncation  (Eino): oversized tool outputs keep head + tail, the middle is offloaded
2. compaction  (trpc): pass 1 placeholders for old large results, pass 2 head + tail
3. clear       (Eino): above a token threshold, old tool results (and arguments) cleared
4. summarize   (Eino, Sagents, Synaptic, trpc): older turns replaced by one summary
5. tailor      (trpc): whole oldest rounds dropped to fit the final budget

Only tool results and tool-call arguments are ever rewritten by stages 1-3; stage 4
cuts at safe points only (never between a tool call and its results); stage 5 drops
whole rounds. After counts are cached (`structure.analyze`), a re-plan does only
list arithmetic, so it can run on every keypress.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import math
from bisect import bisect_left
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from inspector.engine.analysis import OFFLOAD_ID_RE, PLACEHOLDER_MAX_CHARS, Analysis, analyze
from inspector.engine.config import CompactionConfig, context_window_for
from inspector.engine.models import SYSTEM_ROLES, Session
from inspector.engine.summary_format import summary_body
from inspector.engine.tokens import TextCountCache, TokenCache, TokenCounter, make_counter
from inspector.engine.validation import Problem

KEEP = "keep"
TRUNCATE = "truncate"
CLEAR = "clear"
SUMMARIZE = "summarize"
DROP = "drop"
PRESERVE = "preserve"
ACTIONS = (KEEP, TRUNCATE, CLEAR, SUMMARIZE, DROP, PRESERVE)

# Words -> tokens for the summary size estimate before a summary exists (English
# prose averages about 1.3 tokens per word with o200k/cl100k).
TOKENS_PER_WORD = 1.35
# A model summary has to be able to say at least this much to be worth planning.
MIN_SUMMARY_TOKENS = 16


@dataclass(slots=True)
class Reduction:
    """How a message's content is rewritten by stages 1-3."""

    kind: str  # "truncate" | "clear"
    stage: str  # "truncation" | "compaction" | "clear"
    offload_id: str
    head_chars: int = 0  # truncate: characters kept from the start of each text part
    tail_chars: int = 0  # truncate: ... and from the end
    removed_chars: int = 0
    limit: int = 0  # truncate (stage 1): characters allowed per text part
    head_ratio: float = 0.5
    shown_tokens: int = 0  # clear: the token count the placeholder states
    clear_result: bool = False  # clear: the tool result text is replaced
    clear_arguments: dict[str, str] = field(default_factory=dict)  # clear: call id -> offload id
    template: str = ""  # notice or placeholder template used


@dataclass
class SummarySpec:
    index: int
    start: int  # first summarized position
    end: int  # one past the last summarized position (the cutoff)
    preserved_users: list[int]
    preserved_tools: list[int]
    previous_summaries: list[int]
    replaced_tokens: int  # tokens (after reduction) of everything it replaces
    estimated_tokens: int
    exact: bool  # True when the summary text is known (from the summary cache)
    injection: str  # effective injection: system | system_merge | user
    insert_at: int  # position (in input numbering) the summary goes before
    merge_into: int | None  # position of the message it is merged into, if any
    key: str = ""  # summary-cache key: (range, prompt, model)
    kept: list[int] = field(default_factory=list)  # inside the range but kept in place (the latest user message)

    @property
    def summarized(self) -> list[int]:
        """Positions folded into the summary text (the preserved ones are carried verbatim)."""
        keep = set(self.preserved_users) | set(self.preserved_tools) | set(self.kept)
        return [i for i in range(self.start, self.end) if i not in keep]


@dataclass
class StageResult:
    name: str
    enabled: bool
    ran: bool
    reason: str
    tokens_before: int
    tokens_after: int
    messages: int = 0

    @property
    def saved(self) -> int:
        return self.tokens_before - self.tokens_after


@dataclass
class TriggerCheck:
    name: str
    fired: bool
    value: float
    threshold: float
    detail: str


@dataclass
class Cutoff:
    target: int
    final: int
    reason: str


@dataclass
class Warning:
    code: str
    message: str
    positions: list[int] = field(default_factory=list)


@dataclass
class Plan:
    session_id: str
    counter: str
    counter_exact: bool
    config: CompactionConfig
    actions: list[str]
    tokens_before: list[int]
    tokens_after: list[int]
    reductions: dict[int, Reduction]
    summaries: list[SummarySpec]
    stages: list[StageResult]
    triggers: list[TriggerCheck]
    triggered: bool
    cutoff: Cutoff | None
    warnings: list[Warning]
    input_problems: list[Problem]
    notes: list[str]
    context_window: int
    reply_priming: int

    @property
    def total_before(self) -> int:
        return sum(self.tokens_before) + self.reply_priming

    @property
    def total_after(self) -> int:
        extra = sum(s.estimated_tokens for s in self.summaries)
        return sum(self.tokens_after) + extra + self.reply_priming

    @property
    def saved(self) -> int:
        return self.total_before - self.total_after

    @property
    def changed(self) -> bool:
        return any(a != KEEP for a in self.actions)

    def stage(self, name: str) -> StageResult:
        return next(s for s in self.stages if s.name == name)

    def action_counts(self) -> dict[str, int]:
        counts = dict.fromkeys(ACTIONS, 0)
        for a in self.actions:
            counts[a] += 1
        return counts

    def to_dict(self, messages: bool = True) -> dict[str, Any]:
        d: dict[str, Any] = {
            "session": self.session_id,
            "counter": self.counter,
            "counter_exact": self.counter_exact,
            "preset": self.config.preset,
            "context_window": self.context_window,
            "tokens_before": self.total_before,
            "tokens_after": self.total_after,
            "saved": self.saved,
            "triggered": self.triggered,
            "triggers": [asdict(t) for t in self.triggers],
            "stages": [dict(asdict(s), saved=s.saved) for s in self.stages],
            "cutoff": asdict(self.cutoff) if self.cutoff else None,
            "summaries": [
                asdict(s) | {"summarized_count": len(s.summarized)}
                for s in self.summaries
            ],
            "warnings": [asdict(w) for w in self.warnings],
            "input_problems": [
                {"code": p.code, "severity": p.severity, "position": p.position, "detail": p.detail}
                for p in self.input_problems
            ],
            "notes": list(self.notes),
            "actions": self.action_counts(),
        }
        if messages:
            d["messages"] = [
                {
                    "position": i,
                    "action": self.actions[i],
                    "tokens_before": self.tokens_before[i],
                    "tokens_after": self.tokens_after[i],
                    **({"stage": self.reductions[i].stage, "offload_id": self.reductions[i].offload_id}
                       if i in self.reductions else {}),
                }
                for i in range(len(self.actions))
            ]
        return d


# ------------------------------------------------------------------------------ helpers


def counter_for(config: CompactionConfig) -> TokenCounter:
    t = config.tokens
    return make_counter(t.counter, model=t.model, chars_per_token=t.chars_per_token)


def offload_id(a: Analysis, position: int, kind: str) -> str:
    key = (position, kind)
    oid = a.offload_ids.get(key)
    if oid is None:
        h = hashlib.blake2b(digest_size=6)
        h.update(f"{a.session_id}\x1f{position}\x1f{kind}\x1f{a.hashes[position]}".encode())
        oid = "off-" + h.hexdigest()
        a.offload_ids[key] = oid
    return oid


def truncated_part(text: str, head: int, tail: int, notice: str) -> str:
    if len(text) <= head + tail:
        return text
    return text[:head] + "\n" + notice + "\n" + (text[len(text) - tail:] if tail else "")


def render(template: str, **values: Any) -> str:
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        # A user template with an unknown field: leave it readable rather than fail.
        out = template
        for k, v in values.items():
            out = out.replace("{" + k + "}", str(v))
        return out


class _Ctx:
    """Per-(session, counter) state shared by successive plans: generated-text counts."""

    def __init__(self, counter: TokenCounter):
        self.texts = TextCountCache(counter)
        # generated-text token counts, keyed by what determines the text
        self.trunc: dict[tuple, Any] = {}
        self.place: dict[tuple, Any] = {}
        # stage results per reduction config (a few recent ones)
        self.reduced: dict[tuple, Any] = {}
        self.cleared: dict[tuple, Any] = {}
        self.clear_items: dict[tuple, Any] = {}
        self.chunks: dict[tuple, _Chunks] = {}  # long tool outputs, for truncation counts
        self.clear_memo: dict[tuple, dict] = {}
        self.args_memo: dict[tuple, tuple] = {}

    @staticmethod
    def keep(memo: dict, key: Any, value: Any, limit: int = 6) -> None:
        if len(memo) >= limit:
            del memo[next(iter(memo))]
        memo[key] = value


def _ctx(a: Analysis, counter: TokenCounter) -> _Ctx:
    c = getattr(a, "_plan_ctx", None)
    if c is None:
        c = _Ctx(counter)
        a._plan_ctx = c  # type: ignore[attr-defined]
    return c


# ------------------------------------------------------------------------------- plan


def plan(
    session: Session,
    config: CompactionConfig,
    counter: TokenCounter | None = None,
    *,
    now: datetime | None = None,
    token_cache: TokenCache | None = None,
    summary_tokens: dict[str, int] | None = None,
) -> Plan:
    """Plan the compaction of `session` under `config`.

    `now` enables the idle-time trigger; `summary_tokens` maps summary-cache keys to
    the exact token count of summaries already generated, so a preview after
    generation is exact.
    """
    counter = counter or counter_for(config)
    a = analyze(session, counter, token_cache)
    ctx = _ctx(a, counter)
    n = a.n
    warnings: list[Warning] = []
    notes: list[str] = []
    if counter.note:
        notes.append(f"{counter.name}: {counter.note}")
    window = config.context_window
    if not config.tokens.context_window:
        w_note = context_window_for(config.tokens.model)[1]
        if w_note:
            notes.append(w_note)
    framing = counter.framing
    stages: list[StageResult] = []
    msgs = session.messages
    recovery = config.recovery_tool

    # 1-3. truncation, compaction, clear ---------------------------------------------------
    # Their result depends only on the reduction config (and the analysis), so it is
    # computed once per reduction config and shared: moving a summarization or
    # tailoring knob re-plans from a copy of it.
    rc = config.reduction
    key12 = (framing, recovery, rc.truncation.model_dump_json(), rc.compaction.model_dump_json())
    s12 = ctx.reduced.get(key12)
    if s12 is None:
        s12 = _reduce_12(a, msgs, config, ctx, framing)
        ctx.keep(ctx.reduced, key12, s12)
    state = s12
    cl = rc.clear
    before = s12.total
    if not cl.enabled:
        clear_stage = StageResult("clear", False, False, "disabled", before, before)
    elif before <= cl.trigger_tokens:
        clear_stage = StageResult("clear", True, False,
                                  f"{before:,} tokens, not over the {cl.trigger_tokens:,} trigger", before, before)
    else:
        key3 = (key12, cl.model_dump_json(exclude={"enabled", "trigger_tokens", "at_least_tokens"}))
        c3 = ctx.cleared.get(key3)
        if c3 is None:
            key_items = (key12, cl.model_dump_json(exclude={"enabled", "trigger_tokens", "at_least_tokens",
                                                            "keep_rounds"}))
            items = ctx.clear_items.get(key_items)
            if items is None:
                items = _clear_items(a, msgs, config, ctx, framing, s12)
                ctx.keep(ctx.clear_items, key_items, items, limit=3)
            c3 = _clear_candidates(a, msgs, config, ctx, framing, s12, items)
            ctx.keep(ctx.cleared, key3, c3)
        if cl.at_least_tokens and c3.saved < cl.at_least_tokens:
            clear_stage = StageResult(
                "clear", True, False,
                f"would free {c3.saved:,} tokens, less than at_least_tokens {cl.at_least_tokens:,}: "
                "not cleared (keeps the prompt cache)", before, before)
        else:
            state = c3.state
            count = c3.results + c3.arg_messages
            clear_stage = StageResult(
                "clear", True, count > 0,
                f"{before:,} tokens over {cl.trigger_tokens:,}: cleared {c3.results} result(s)"
                + (f" and the arguments of {c3.arg_messages} call message(s)" if c3.arg_messages else "")
                + f" before position {c3.protected} (latest {cl.keep_rounds} round(s) kept)",
                before, state.total, count)
    cur = list(state.cur)
    actions = list(state.actions)
    reductions = dict(state.reductions)
    total = state.total
    stages.extend(copy.copy(s) for s in s12.stages)
    stages.append(clear_stage)

    # 4. summarize --------------------------------------------------------------------------
    sc = config.summarization
    before = total
    summaries: list[SummarySpec] = []
    triggers: list[TriggerCheck] = []
    triggered = False
    cutoff: Cutoff | None = None
    if not sc.enabled:
        stages.append(StageResult("summarize", False, False, "disabled", before, before))
    else:
        triggers, triggered = _check_triggers(config, a, cur, total, n, now, window)
        if not triggered:
            why = "; ".join(t.detail for t in triggers) or "no trigger enabled"
            stages.append(StageResult("summarize", True, False, f"not triggered ({why})", before, before))
        else:
            spec, cutoff, reason = _plan_summary(config, a, session, cur, actions, ctx, summary_tokens)
            if spec is None:
                stages.append(StageResult("summarize", True, False, reason, before, before))
                warnings.append(Warning("nothing_to_summarize", reason))
            else:
                summaries.append(spec)
                total = total - spec.replaced_tokens + spec.estimated_tokens
                kept_tokens = [(i, cur[i]) for i in spec.kept]
                cur[spec.start:spec.end] = [0] * (spec.end - spec.start)
                for i, t in kept_tokens:
                    cur[i] = t
                stages.append(StageResult("summarize", True, True, reason, before, total, spec.end - spec.start))
                if spec.estimated_tokens >= spec.replaced_tokens:
                    warnings.append(Warning(
                        "summary_too_large",
                        f"the summary (~{spec.estimated_tokens:,} tokens) would not be smaller than "
                        f"the {spec.replaced_tokens:,} tokens it replaces; apply will reject it",
                        [spec.start, spec.end]))
                latest = a.user_positions[-1] if a.user_positions else -1
                if not sc.keep.latest_user and spec.start <= latest < spec.end:
                    warnings.append(Warning(
                        "latest_user_summarized",
                        f"the latest user message ({latest}) is not kept verbatim: it goes into the summary"
                        + (" (carried inside it)" if latest in spec.preserved_users else "")
                        + " because summarization.keep.latest_user = false", [latest]))
                if spec.injection != sc.injection:
                    warnings.append(Warning(
                        "injection_changed",
                        "summary injected as a user message: " + (
                            f"the kept messages start with an assistant message at {spec.end}"
                            if spec.end < n else "no message is kept after it")
                        + " (providers such as Anthropic need a user message first)", [spec.end]))

    # 5. tailor ------------------------------------------------------------------------------
    tl = config.tailoring
    before = total
    if not tl.enabled:
        stages.append(StageResult("tailor", False, False, "disabled", before, before))
    else:
        budget = config.tailoring_budget()
        if total + framing.reply_priming <= budget:
            stages.append(StageResult("tailor", True, False,
                                      f"{total:,} tokens fit the {budget:,} budget", before, before))
        else:
            dropped, total, latest = _tailor(a, cur, actions, summaries, total, budget - framing.reply_priming)
            reason = f"dropped {dropped} message(s) from the oldest rounds to fit {budget:,}"
            if total + framing.reply_priming > budget:
                warnings.append(Warning(
                    "over_budget",
                    f"still {total + framing.reply_priming:,} tokens after tailoring, over the "
                    f"{budget:,} budget: the latest turn alone (from {latest}) does not fit", [latest]))
            stages.append(StageResult("tailor", True, dropped > 0, reason, before, total, dropped))

    # warnings ----------------------------------------------------------------------------
    input_problems = a.problems(msgs)
    orphans = [p.position for p in input_problems if p.code in ("orphan_tool_result", "missing_tool_call_id")]
    if orphans:
        warnings.append(Warning("orphan_tool_results",
                                f"{len(orphans)} tool result(s) in the input answer no tool call", orphans))
    unanswered = [p.position for p in input_problems if p.code == "unanswered_tool_call"]
    if unanswered:
        warnings.append(Warning("unanswered_tool_calls",
                                f"{len(unanswered)} tool call(s) in the input have no result", unanswered))
    if sc.enabled and triggers:
        # Would the next turn fire again? (The idle clock restarts after compaction.)
        tr = sc.trigger
        if summaries and tr.since_last_summary:
            end = summaries[-1].end
            tokens_again = sum(cur[end:])
            count_again = n - end - actions.count(DROP)
        else:
            tokens_again = total
            count_again = n - actions.count(SUMMARIZE) - actions.count(DROP) - actions.count(PRESERVE) + len(summaries)
        again, fired_again = _evaluate(tr.model_copy(update={"idle_seconds": 0.0}), tokens_again,
                                       count_again, "after compaction", None, window)
        if fired_again:
            what = "; ".join(t.detail for t in again if t.fired)
            warnings.append(Warning(
                "still_over_trigger",
                f"still over the trigger after compaction ({what}): it would compact again next turn"))

    tokens_after = cur
    return Plan(
        session_id=session.id,
        counter=counter.name,
        counter_exact=counter.exact,
        config=config,
        actions=actions,
        tokens_before=a.tokens,
        tokens_after=tokens_after,
        reductions=reductions,
        summaries=summaries,
        stages=stages,
        triggers=triggers,
        triggered=triggered,
        cutoff=cutoff,
        warnings=warnings,
        input_problems=input_problems,
        notes=notes,
        context_window=window,
        reply_priming=framing.reply_priming if n else 0,
    )


# ------------------------------------------------------------------- stages 1-3, cached


@dataclass
class _Reduced:
    """The context after some stages, for one reduction config. Shared by every plan
    with that config, so read-only: a plan copies the lists before changing them."""

    cur: list[int]
    actions: list[str]
    reductions: dict[int, Reduction]
    total: int
    stages: list[StageResult] = field(default_factory=list)


@dataclass
class _Cleared:
    """Stage 3 for one clear config (its trigger and minimum apart) on a stage-2 state."""

    state: _Reduced  # after clearing
    saved: int
    results: int  # tool results cleared
    arg_messages: int  # call messages whose arguments are cleared
    protected: int


def _reduce_12(a: Analysis, msgs, config: CompactionConfig, ctx: _Ctx, framing) -> _Reduced:
    """Stages 1 (truncation) and 2 (trpc compaction) from the session as it is."""
    n = a.n
    cur = list(a.tokens)
    actions = [KEEP] * n
    reductions: dict[int, Reduction] = {}
    total = a.total
    stages: list[StageResult] = []
    recovery = config.recovery_tool

    # 1. truncation ------------------------------------------------------------------
    tc = config.reduction.truncation
    before = total
    if not tc.enabled:
        stages.append(StageResult("truncation", False, False, "disabled", before, before))
    else:
        changed = 0
        per_tool = tc.per_tool
        exclude = set(tc.exclude_tools)
        base_limit = tc.max_chars
        min_limit = min([base_limit] + [o.max_chars for o in per_tool.values() if o.max_chars])
        chars = a.text_chars
        for i in a.tool_results:
            if chars[i] <= min_limit:
                continue
            name = a.tool_names[i] or ""
            limit = base_limit
            if per_tool:
                o = per_tool.get(name)
                if o is not None:
                    if o.skip_truncation:
                        continue
                    limit = o.max_chars or base_limit
            if chars[i] <= limit or name in exclude or a.already_reduced[i]:
                continue
            oid = offload_id(a, i, "truncate")
            parts = a.text_parts[i] or 1
            per_part = limit // parts
            key = (a.hashes[i], per_part, tc.head_ratio, tc.notice, recovery, oid)
            spec = ctx.trunc.get(key)
            if spec is None:
                spec = _truncate_count(msgs[i], per_part, tc.head_ratio, tc.notice, recovery, oid, name, ctx)
                ctx.trunc[key] = spec
            new_text_tokens, head, tail, removed = spec
            new_tokens = cur[i] - a.text_tokens[i] + new_text_tokens
            if removed <= 0 or new_tokens >= cur[i]:
                continue
            total += new_tokens - cur[i]
            cur[i] = new_tokens
            actions[i] = TRUNCATE
            reductions[i] = Reduction("truncate", "truncation", oid, head, tail, removed, limit=per_part,
                                      head_ratio=tc.head_ratio, template=tc.notice)
            changed += 1
        reason = (f"{changed} tool output(s) over {base_limit:,} characters" if changed
                  else f"no tool output over {base_limit:,} characters")
        stages.append(StageResult("truncation", True, changed > 0, reason, before, total, changed))

    # 2. trpc tool-result compaction ----------------------------------------------------
    cc = config.reduction.compaction
    before = total
    if not cc.enabled:
        stages.append(StageResult("compaction", False, False, "disabled", before, before))
    else:
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
            if name in keep_tools or a.already_reduced[i] or actions[i] == CLEAR:
                continue
            forced = name in force
            if not (forced or (limit and cur[i] > limit)):
                continue
            oid = offload_id(a, i, "clear")
            new_tokens = _placeholder_tokens(a, msgs, i, cc.placeholder, recovery, oid, cur[i], ctx, framing)
            if new_tokens >= cur[i]:  # never grow the context, not even for a forced clean
                continue
            reductions[i] = Reduction("clear", "compaction", oid, clear_result=True, template=cc.placeholder,
                                      shown_tokens=cur[i])
            total += new_tokens - cur[i]
            cur[i] = new_tokens
            actions[i] = CLEAR
            changed += 1
        pass2 = 0
        m_limit = cc.oversized_max_tokens
        if m_limit:
            for i in a.tool_results:
                name = a.tool_names[i] or ""
                if actions[i] == CLEAR or name in keep_tools or cur[i] <= m_limit:
                    continue
                if name == recovery or a.already_reduced[i]:
                    continue  # recovered slices are not compacted again (trpc session_load)
                oid = offload_id(a, i, "truncate")
                spec = _fit_tokens(a, msgs, i, m_limit, a.tokens[i], oid, recovery, ctx)
                if spec is None:
                    continue
                new_tokens, head, tail, removed = spec
                if new_tokens >= cur[i]:
                    continue
                total += new_tokens - cur[i]
                cur[i] = new_tokens
                actions[i] = TRUNCATE
                reductions[i] = Reduction("truncate", "compaction", oid, head, tail, removed,
                                          template=config.reduction.truncation.notice)
                pass2 += 1
        reason = (f"pass 1: {changed} historical result(s) over {limit:,} tokens replaced; "
                  f"pass 2: " + (f"{pass2} over {m_limit:,} tokens truncated" if m_limit else "off"))
        stages.append(StageResult("compaction", True, changed + pass2 > 0, reason, before, total, changed + pass2))
    return _Reduced(cur, actions, reductions, total, stages)


@dataclass
class _ClearItems:
    """What stage 3 would do to each tool result, whatever the number of rounds kept:
    computed once per clear config (its trigger, minimum and kept rounds apart)."""

    positions: list[int]  # eligible tool results, in order
    new_tokens: list[int]  # their size as a placeholder
    reductions: list[Reduction | None]  # None where the placeholder would not be smaller
    args: list[tuple[int, str] | None]  # (call message, call id) whose arguments may be cleared
    full_args: dict[int, tuple[list[str], int, int, dict[str, str]]]  # call message -> (ids, old, new, oids)


def _clear_items(a: Analysis, msgs, config: CompactionConfig, ctx: _Ctx, framing, s12: _Reduced) -> _ClearItems:
    cl = config.reduction.clear
    recovery = config.recovery_tool
    cur = s12.cur
    actions = s12.actions
    exclude = set(cl.exclude_tools)
    per_tool = config.reduction.truncation.per_tool
    items = _ClearItems([], [], [], [], {})
    by_call: dict[int, list[str]] = {}
    # (position, its tokens) -> (placeholder tokens, reduction): the same under every
    # truncation or compaction setting that leaves the result as it is.
    memo = ctx.clear_memo.get((cl.placeholder, recovery, framing))
    if memo is None or len(memo) > 200_000:
        memo = ctx.clear_memo[(cl.placeholder, recovery, framing)] = {}
    for i in a.tool_results:
        name = a.tool_names[i] or ""
        if name in exclude or a.already_reduced[i] or actions[i] == CLEAR:
            continue
        o = per_tool.get(name) if per_tool else None
        if o is not None and o.skip_clear:
            continue
        tokens = cur[i]
        hit = memo.get((i, tokens))
        if hit is None:
            oid = offload_id(a, i, "clear")
            new_tokens = _placeholder_tokens(a, msgs, i, cl.placeholder, recovery, oid, tokens, ctx, framing)
            hit = memo[(i, tokens)] = (new_tokens, Reduction(
                "clear", "clear", oid, clear_result=True, template=cl.placeholder,
                shown_tokens=tokens) if new_tokens < tokens else None)
        items.positions.append(i)
        items.new_tokens.append(hit[0])
        items.reductions.append(hit[1])
        arg = None
        if cl.clear_arguments and i in a.result_call:
            c = a.result_call[i]
            cid = msgs[i].tool_call_id
            if a.call_args_chars.get(cid or ""):
                arg = (c, cid)
                by_call.setdefault(c, []).append(cid)
        items.args.append(arg)
    for c, ids in by_call.items():
        key = (c, tuple(ids), cl.arguments_placeholder)
        full = ctx.args_memo.get(key)
        if full is None:
            full = ctx.args_memo[key] = _clear_args(a, msgs, c, ids, cl.arguments_placeholder, ctx)
        items.full_args[c] = (ids, *full)
    return items


def _clear_args(a: Analysis, msgs, c: int, ids: list[str], template: str, ctx: _Ctx) -> tuple[int, int, dict[str, str]]:
    """(tokens before, tokens after, oids) for the arguments of call message `c` that
    clearing shrinks, among the calls whose ids are given.

    Each call is decided on its own (its placeholder is shorter than its arguments, and
    they are not a placeholder already), so re-planning the output decides the same."""
    old = 0
    new = 0
    oids: dict[str, str] = {}
    for call in msgs[c].tool_calls:
        if call.id in ids:
            args = call.arguments_raw
            if len(args) <= PLACEHOLDER_MAX_CHARS and OFFLOAD_ID_RE.search(args):
                continue
            oid = offload_id(a, c, "args:" + call.id)
            key = (oid, template)
            pair = ctx.place.get(key)
            if pair is None:
                pair = (ctx.texts.count(args), ctx.texts.count(render(template, offload_id=oid)))
                ctx.place[key] = pair
            if pair[1] < pair[0]:
                oids[call.id] = oid
                old += pair[0]
                new += pair[1]
    return old, new, oids


def _clear_candidates(a: Analysis, msgs, config: CompactionConfig, ctx: _Ctx, framing,
                      s12: _Reduced, items: _ClearItems) -> _Cleared:
    """Stage 3 (Eino clear) on the stage-2 state, as if it fired and cleared: the
    eligible results before the latest `keep_rounds` rounds."""
    n = a.n
    cl = config.reduction.clear
    cur = list(s12.cur)
    actions = list(s12.actions)
    reductions = dict(s12.reductions)
    total = s12.total
    asst = a.assistant_positions
    protected = asst[-cl.keep_rounds] if cl.keep_rounds and len(asst) >= cl.keep_rounds else (
        0 if cl.keep_rounds else n)
    k = bisect_left(items.positions, protected)
    positions, new_tokens, reds = items.positions, items.new_tokens, items.reductions
    planned = [j for j in range(k) if reds[j] is not None]
    saved = sum(cur[positions[j]] - new_tokens[j] for j in planned)
    args_saving: dict[int, list[str]] = {}
    for arg in items.args[:k]:
        if arg is not None:
            args_saving.setdefault(arg[0], []).append(arg[1])
    # Arguments: rewritten on the assistant message that made the calls.
    arg_changes: list[tuple[int, int, dict[str, str]]] = []
    for c, ids in args_saving.items():
        full = items.full_args[c]
        old, new, oids = full[1:] if ids == full[0] else _clear_args(a, msgs, c, ids, cl.arguments_placeholder, ctx)
        if new < old:
            arg_changes.append((c, old - new, oids))
            saved += old - new
    for j in planned:
        i = positions[j]
        total += new_tokens[j] - cur[i]
        cur[i] = new_tokens[j]
        actions[i] = CLEAR
        reductions[i] = reds[j]
    for c, delta, oids in arg_changes:
        cur[c] -= delta
        total -= delta
        if actions[c] == KEEP:
            actions[c] = CLEAR
        red = reductions.get(c)
        if red is None:
            reductions[c] = Reduction("clear", "clear", offload_id(a, c, "args"),
                                      clear_arguments=oids, template=cl.arguments_placeholder)
        else:  # never the shared stage-2 object: a copy with the arguments added
            reductions[c] = replace(red, clear_arguments=oids)
    return _Cleared(_Reduced(cur, actions, reductions, total), saved, len(planned), len(arg_changes), protected)


# ------------------------------------------------------------------------ stage helpers


def _cut(text: str, per_part: int, head_ratio: float, notice_t: str, recovery: str, oid: str,
         tool: str) -> tuple[int, int, int, str] | None:
    """(head chars, tail chars, removed chars, notice) for a text part over `per_part`
    characters, None when it fits. The kept text plus the notice fits the limit, so
    truncating the output again changes nothing (idempotence)."""
    if len(text) <= per_part:
        return None
    # Size the notice with the largest number it can show, then render it exactly.
    probe = render(notice_t, removed_chars=f"{len(text):,}", offload_id=oid,
                   recovery_tool=recovery, tool=tool or "tool")
    keep = max(0, per_part - len(probe) - 2)
    h = int(keep * head_ratio)
    t = keep - h
    rem = len(text) - h - t
    notice = render(notice_t, removed_chars=f"{rem:,}", offload_id=oid,
                    recovery_tool=recovery, tool=tool or "tool")
    return h, t, rem, notice


def truncate_text_parts(msg, per_part: int, head_ratio: float, notice_t: str, recovery: str,
                        oid: str, tool: str) -> tuple[list[str], int, int, int]:
    """New texts of the text parts, and (head, tail, removed chars) of the last cut.

    Shared by the planner (to count) and apply (to write), so both see the same text.
    """
    out: list[str] = []
    head = tail = removed = 0
    for p in msg.parts:
        if p.type != "text":
            continue
        cut = _cut(p.text, per_part, head_ratio, notice_t, recovery, oid, tool)
        if cut is None:
            out.append(p.text)
            continue
        h, t, rem, notice = cut
        out.append(truncated_part(p.text, h, t, notice))
        head, tail, removed = h, t, removed + rem
    return out, head, tail, removed


class _Chunks:
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


def _truncate_count(msg, per_part: int, head_ratio: float, notice_t: str, recovery: str,
                    oid: str, tool: str, ctx: _Ctx) -> tuple[int, int, int, int]:
    """(tokens of the text parts once truncated, head, tail, removed): exactly what
    counting `truncate_text_parts`' texts gives."""
    counter = ctx.texts.counter
    if not ctx.texts.by_lines:
        texts, head, tail, removed = truncate_text_parts(msg, per_part, head_ratio, notice_t, recovery, oid, tool)
        return sum(counter.count_batch(texts)), head, tail, removed
    total = 0
    head = tail = removed = 0
    for k, p in enumerate(msg.parts):
        if p.type != "text":
            continue
        key = (msg.content_hash, k)
        chunks = ctx.chunks.get(key)
        if chunks is None:
            chunks = ctx.chunks[key] = _Chunks(p.text)
        cut = _cut(p.text, per_part, head_ratio, notice_t, recovery, oid, tool)
        if cut is None:
            total += chunks.span(0, len(chunks.counts), counter)
            continue
        h, t, rem, notice = cut
        total += chunks.truncated(h, t, notice, counter)
        head, tail, removed = h, t, removed + rem
    return total, head, tail, removed


def fit_marker(removed: int, oid: str, recovery: str) -> str:
    return f"[...{removed:,} characters truncated; {recovery}(id=\"{oid}\") reloads them...]"


def _fit_tokens(a: Analysis, msgs, i: int, limit: int, current: int, oid: str,
                recovery: str, ctx: _Ctx):
    """trpc pass 2: head+tail truncate a result until it fits `limit` tokens."""
    key = (a.hashes[i], "fit", limit, oid)
    hit = ctx.trunc.get(key)
    if hit is not None:
        return hit
    msg = msgs[i]
    text = msg.text
    if not text:
        ctx.trunc[key] = None  # type: ignore[assignment]
        return None
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
        tokens = fixed + ctx.texts.counter.count(new)
        if tokens <= limit:
            result = (tokens, h, t, rem)
            break
        budget_chars = int(budget_chars * limit / tokens * 0.97)
    ctx.trunc[key] = result  # type: ignore[assignment]
    return result


def _placeholder_tokens(a: Analysis, msgs, i: int, template: str, recovery: str, oid: str,
                        tokens: int, ctx: _Ctx, framing) -> int:
    """Tokens of tool result `i` once replaced by a placeholder (all its parts go)."""
    key = (oid, template, recovery, tokens)
    v = ctx.place.get(key)
    if v is None:
        text = render(template, tool=a.tool_names[i] or "tool", tokens=f"{tokens:,}", offload_id=oid,
                      recovery_tool=recovery, tool_call_id=msgs[i].tool_call_id or "")
        v = framing.per_message + ctx.texts.counter.count(text)  # memoised here, by key (one text per id)
        ctx.place[key] = v
    return v


def _check_triggers(config, a: Analysis, cur: list[int], total: int, n: int,
                    now: datetime | None, window: int):
    """Evaluate the summarization triggers on the context as it stands."""
    tr = config.summarization.trigger
    base = a.last_summary + 1 if (tr.since_last_summary and a.last_summary >= 0) else 0
    tokens = total if base == 0 else sum(cur[base:])
    scope = "since the last summary" if base else "in context"
    idle = None
    if now is not None and a.last_timestamp is not None:
        last = a.last_timestamp if a.last_timestamp.tzinfo else a.last_timestamp.replace(tzinfo=UTC)
        ref = now if now.tzinfo else now.replace(tzinfo=UTC)
        idle = (ref - last).total_seconds()
    return _evaluate(tr, tokens, n - base, scope, idle, window)


def _evaluate(tr, tokens: int, count: int, scope: str, idle: float | None, window: int):
    checks: list[TriggerCheck] = []
    if tr.context_tokens:
        fired = tokens > tr.context_tokens
        checks.append(TriggerCheck("context_tokens", fired, tokens, tr.context_tokens,
                                   f"{tokens:,} tokens {scope} {'>' if fired else '<='} {tr.context_tokens:,}"))
    if tr.messages:
        fired = count > tr.messages
        checks.append(TriggerCheck("messages", fired, count, tr.messages,
                                   f"{count:,} messages {scope} {'>' if fired else '<='} {tr.messages:,}"))
    if tr.context_ratio:
        limit = int(tr.context_ratio * window)
        fired = tokens > limit
        checks.append(TriggerCheck("context_ratio", fired, tokens, limit,
                                   f"{tokens:,} tokens {scope} {'>' if fired else '<='} "
                                   f"{tr.context_ratio:.0%} of the {window:,} window ({limit:,})"))
    evaluated = list(checks)
    if tr.idle_seconds:
        if idle is None:
            checks.append(TriggerCheck("idle_seconds", False, 0, tr.idle_seconds,
                                       "idle time not evaluated (no clock or no timestamps)"))
        else:
            fired = idle > tr.idle_seconds
            c = TriggerCheck("idle_seconds", fired, idle, tr.idle_seconds,
                             f"last message {idle:,.0f}s ago {'>' if fired else '<='} {tr.idle_seconds:,.0f}s")
            checks.append(c)
            evaluated.append(c)
    if not evaluated:
        return checks, False
    if tr.combine == "all":
        return checks, all(c.fired for c in evaluated)
    return checks, any(c.fired for c in evaluated)


def _plan_summary(config: CompactionConfig, a: Analysis, session: Session, cur: list[int], actions: list[str],
                  ctx: _Ctx, summary_tokens: dict[str, int] | None):
    sc = config.summarization
    n = a.n
    lead = a.leading_system
    keep = sc.keep
    # Target cutoff from the keep policy.
    if keep.mode == "messages":
        target = n - keep.messages
        why = f"keep the last {keep.messages} message(s)"
    else:
        if keep.mode == "tokens":
            budget = config.keep_tokens_budget()
            why = f"keep the recent messages that fit {budget:,} tokens"
        else:
            budget = int(keep.fraction * sum(cur))
            why = f"keep the most recent {keep.fraction:.0%} of tokens ({budget:,})"
        acc = 0
        target = n
        for i in range(n - 1, lead - 1, -1):
            acc += cur[i]
            if acc > budget:
                break
            target = i
    target = max(target, lead)
    final = a.prev_safe[target]
    if final != target:
        reason = f"moved back from {target} to {final}: {a.explain_unsafe(target)}"
    else:
        reason = f"cut at {final} to {why}"
    if final <= lead:
        cut = Cutoff(target, final, reason)
        msg = ("no safe cutoff: keeping everything (Sagents)" if final != target
               else f"nothing to summarize: {why} keeps every message")
        if final != target:
            msg = f"{msg}; {reason}"
        return None, cut, msg

    # The latest user message (the current request) stays verbatim in place, even inside
    # the summarized range (trpc sends the current request after the summary).
    users = a.user_positions
    kept = [users[-1]] if keep.latest_user and users and lead <= users[-1] < final else []
    # ... and so do images or files sent without text: a summary cannot carry them.
    media = a.media_users
    kept = sorted(set(kept).union(media[bisect_left(media, lead):bisect_left(media, final)]))
    # Eino PreserveUserMessages: the most recent user messages, within budget.
    preserved_users: list[int] = []
    if sc.preserve_user_messages.enabled:
        budget = config.preserve_user_budget()
        used = 0
        for k in range(bisect_left(users, final) - 1, -1, -1):
            i = users[k]
            if i < lead:
                break
            if i in kept:
                continue
            t = cur[i]
            if used + t > budget and (preserved_users or kept or i != users[-1]):
                break  # over budget; but the latest user message is carried whatever its size
            used += t
            preserved_users.append(i)
        preserved_users.reverse()
    # PreserveSkills, generalised: latest outputs of named tools.
    preserved_tools: list[int] = []
    pt = sc.preserve_tools
    if pt.tools and pt.max_items:
        names = set(pt.tools)
        used = 0
        results = a.tool_results
        for k in range(bisect_left(results, final) - 1, -1, -1):
            i = results[k]
            if i < lead:
                break
            if (a.tool_names[i] or "") in names and actions[i] != CLEAR:
                t = min(cur[i], pt.max_tokens_per_item)
                if used + t > pt.total_tokens:
                    break
                used += t
                preserved_tools.append(i)
                if len(preserved_tools) >= pt.max_items:
                    break
        preserved_tools.reverse()
    previous = [i for i in a.record_positions if lead <= i < final] if sc.incremental else []
    replaced = sum(cur[lead:final]) - sum(cur[i] for i in kept)
    key = summary_key(a, lead, final, config)
    spec = SummarySpec(
        index=0, start=lead, end=final,
        preserved_users=preserved_users, preserved_tools=preserved_tools,
        previous_summaries=previous, replaced_tokens=replaced, estimated_tokens=0,
        exact=False, injection=sc.injection, insert_at=lead, merge_into=None, key=key, kept=kept,
    )
    counter = ctx.texts.counter
    per_message = counter.framing.per_message

    def frame_tokens(s: SummarySpec) -> int:
        """The summary message without the model's words: preamble, carried messages, hint."""
        return per_message + ctx.texts.count_long(summary_body(session, config, s, "", counter))

    # A summary must be smaller than what it replaces (apply rejects it otherwise). When
    # the messages carried verbatim leave no room, the oldest of them are folded into
    # the summary instead; when even the bare frame does not fit, nothing is summarized.
    words_tokens = math.ceil((sc.max_summary_words or 300) * TOKENS_PER_WORD)
    extractive = not sc.model or sc.model == "extractive"
    bare = frame_tokens(dataclasses.replace(spec, preserved_users=[], preserved_tools=[]))

    def text_tokens(s: SummarySpec) -> int:
        """The summary's own words: what the extractive summarizer allows itself (half
        the room the folded messages leave beside the bare frame), or for a model the
        least worth writing (its word limit is only an upper bound)."""
        if not extractive:
            return MIN_SUMMARY_TOKENS
        carried = sum(cur[i] for i in s.preserved_users) + sum(cur[i] for i in s.preserved_tools)
        return max(8, min(words_tokens, (replaced - carried - bare) // 2))

    fixed = frame_tokens(spec)
    while fixed + text_tokens(spec) >= replaced and (spec.preserved_users or spec.preserved_tools):
        (spec.preserved_users or spec.preserved_tools).pop(0)
        fixed = frame_tokens(spec)
    if fixed + text_tokens(spec) >= replaced:
        return None, Cutoff(target, final, reason), (
            f"summarizing {lead}\u2013{final - 1} would not save tokens: its {replaced:,} tokens are not more "
            f"than the summary's preamble and hint ({fixed:,}) plus a minimal summary")
    actions[lead:final] = [SUMMARIZE] * (final - lead)
    for i in spec.preserved_users:
        actions[i] = PRESERVE
    for i in spec.preserved_tools:
        actions[i] = PRESERVE
    for i in kept:
        actions[i] = KEEP
    if summary_tokens and key in summary_tokens:
        spec.exact = True
        spec.estimated_tokens = summary_tokens[key]
    else:
        # Everything around the summary text is known exactly; only its words are not.
        spec.estimated_tokens = fixed + (text_tokens(spec) if extractive else words_tokens)

    injection = sc.injection
    first_role = a.roles[final] if final < n else None
    if injection == "system_merge":
        if lead > 0:
            spec.merge_into = lead - 1
        else:
            spec.insert_at = 0
    if injection in ("system", "system_merge") and first_role in ("assistant", None) and not kept:
        injection = "user"
        spec.merge_into = None
    if injection == "user" and kept:  # merged into the kept current request (trpc user mode)
        spec.insert_at = spec.merge_into = kept[0]
    elif injection == "user":
        spec.insert_at = final
        spec.merge_into = final if first_role == "user" and a.kinds[final] == "message" else None
    spec.injection = injection
    cut = Cutoff(target, final, reason)
    summary_reason = f"{final - lead} message(s) {lead}\u2013{final - 1} into one summary; {reason}"
    return spec, cut, summary_reason


def summary_key(a: Analysis, start: int, end: int, config: CompactionConfig) -> str:
    """Summary-cache key: the exact messages replaced, the prompt and the model."""
    sc = config.summarization
    chain = a.chain()
    h = hashlib.blake2b(digest_size=16)
    h.update(chain[start] + chain[end])
    h.update(b"\x1e" + sc.prompt.encode() + b"\x1e" + sc.system_prompt.encode())
    h.update(f"\x1e{sc.max_summary_words}\x1e{sc.model or 'extractive'}".encode())
    return h.hexdigest()


def _tailor(a: Analysis, cur: list[int], actions: list[str], summaries: list[SummarySpec],
            total: int, budget: int) -> tuple[int, int, int]:
    """Drop whole oldest rounds (system messages stay) until `total` fits `budget`.

    Before the latest user message, rounds are whole user turns; after it, any safe
    point (between complete tool rounds) starts one, so a single-request agent loop
    can be tailored too. A tool call and its results always go together; the latest
    user message and the latest round are never dropped.
    """
    n = a.n
    roles = a.roles
    gone = (SUMMARIZE, PRESERVE, DROP)
    kept = [i for i in range(n) if actions[i] not in gone and roles[i] not in SYSTEM_ROLES]
    if not kept:
        return 0, total, n
    kept_set = set(kept)
    users = a.user_positions
    current = users[-1] if users and users[-1] in kept_set else -1
    bounds = [kept[0]] + [p for p in a.turn_starts() if kept[0] < p <= current and p in kept_set]
    bounds += [p for p in kept if p > max(current, kept[0]) and a.safe[p]]
    latest = bounds[-1]
    # A user-injected summary sits at the start of the first kept round and goes with it.
    evictable = [s for s in summaries if s.injection == "user"]
    dropped = 0
    for r in range(len(bounds) - 1):
        if total <= budget:
            break
        lo, hi = bounds[r], bounds[r + 1]
        if lo <= current < hi:
            continue  # the current request stays
        for i in range(lo, hi):
            if i in kept_set:
                total -= cur[i]
                cur[i] = 0
                actions[i] = DROP
                dropped += 1
        for s in evictable:
            if s.estimated_tokens and s.insert_at < hi:
                total -= s.estimated_tokens
                s.estimated_tokens = 0
                s.injection = "evicted"
    return dropped, total, latest
