"""The one compaction flow, without IO (sans-IO): plan -> summary requests -> results
-> exact re-plan -> apply -> invariants.

`compaction` is a generator: it yields `Summarize` (send back the `SummaryResult`,
or throw in the SummaryFailed / SummaryRejected the summarizer raised) and returns
the `Compacted` result (or, asked to, the `Plan` when it changes nothing). The CLI,
the TUI, `Compactor`, the adapters (through `service.pipeline`) and replay
(`replay_step`) all drive it with `engine.driving.drive` or `adrive`, so what a user
previews and tunes is what an agent runs and what a replay counts.

`plan()` runs twice when there are summaries (the first plan names them; the exact
re-plan sizes them), once otherwise; a third time only when the exact sizes move a
summary's range (its new summary is asked for first). A Finalizer and a
ClearRewriter are called once per summary / group: the exact re-plan counts what
they make, and apply writes the same messages.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, TypedDict, Unpack

from inspector.engine.applier import (
    ClearRewriter,
    Compacted,
    Finalizer,
    InvariantViolated,
    MemorySummaryCache,
    SummaryCache,
    apply_steps,
    finalized_summary,
    reduce_message,
    rewrites,
    rewritten_group,
    summary_request,
)
from inspector.engine.config import CompactionConfig
from inspector.engine.models import Message, Session
from inspector.engine.planning.results import Plan, PlanWarning
from inspector.engine.summarize.protocol import (
    EventHandler,
    Summarize,
    Summarizer,
    SummaryEvent,
    SummaryFailed,
    SummaryRejected,
    SummaryResult,
)
from inspector.engine.summary_format import summary_message_tokens
from inspector.engine.tokens import count_messages

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.tokens import TokenCache, TokenCounter

# (context as a session, config) -> the compaction, or the plan when it changes nothing.
CompactStep = Callable[[Session, CompactionConfig], "Compacted | Plan"]


Steps = Generator[Summarize, SummaryResult, "Compacted | Plan"]

ROUNDS = 3  # exact re-plans that may move a range; a range that keeps moving is applied as planned

# What a result that breaks an invariant falls back to, in order: the reductions that
# need no model, else the history unchanged (which breaks none of them but the
# budget, and that one only when tailoring is on).
FALLBACKS = (
    ("the reductions that need no model", {"summarization.enabled": False}),
    ("the unchanged history", {"summarization.enabled": False, "reduction.truncation.enabled": False,
                               "reduction.clear.enabled": False, "reduction.compaction.enabled": False,
                               "tailoring.enabled": False}),
)


# ------------------------------------------------------------------- exact sizes


def cached_texts(p: Plan, summary_cache: SummaryCache | None) -> dict[str, str]:
    """The text of each of the plan's summaries that `summary_cache` holds."""
    if summary_cache is None:
        return {}
    out = {}
    for spec in p.summaries:
        hit = summary_cache.get(spec.key)
        if hit is not None:
            out[spec.key] = hit.text
    return out


def summary_tokens(session: Session, p: Plan, texts: dict[str, str], counter: TokenCounter,
                   finalize: Finalizer | None = None) -> dict[str, int]:
    """Exact tokens of each summary whose text is known, as apply writes it (through
    `finalize`, when one is given)."""
    if finalize is not None:
        return {spec.key: sum(count_messages(finalized_summary(session, spec, texts[spec.key], finalize),
                                             counter)[0])
                for spec in p.summaries if texts.get(spec.key)}
    return {spec.key: summary_message_tokens(session, p.config, spec, texts[spec.key], counter)
            for spec in p.summaries if texts.get(spec.key)}


def count_rewrites(session: Session, p: Plan, counter: TokenCounter, clear_rewriter: ClearRewriter) -> None:
    """Count what a ClearRewriter makes of each cleared call group into the plan, so
    the plan's total is the applied one."""
    for i in sorted(p.reductions):
        if rewrites(p, session, i):
            replacement, group, _ = rewritten_group(session, p, i, reduce_message(session, p, i)[0], clear_rewriter)
            p.tokens_after[i] = sum(count_messages(replacement, counter)[0])
            for j in group:
                p.tokens_after[j] = 0


def _once(finalize: Finalizer) -> Finalizer:
    """`finalize` called once per summary, although the exact re-plan counts its
    output before apply writes it."""
    memo: dict[str, list[Message]] = {}

    def once(originals: Sequence[Message], summary: Message) -> list[Message]:
        key = summary.meta.get("inspector_summary", {}).get("key", "")
        if key not in memo:
            memo[key] = finalize(originals, summary)
        return memo[key]

    return once


def _once_per_group(rewriter: ClearRewriter) -> ClearRewriter:
    """`rewriter` called once per group, although the exact re-plan counts its output."""
    memo: dict[tuple[str, ...], list[Message] | None] = {}

    def once(call: Message, results: list[Message]) -> list[Message] | None:
        key = (call.content_hash, *(r.content_hash for r in results))
        if key not in memo:
            memo[key] = rewriter(call, results)
        return memo[key]

    return once


def summarized_offloads(session: Session, result: Compacted) -> None:
    """Add what the reductions removed from messages a summary then replaced: the
    summarizer read them reduced, so a summary may quote their offload ids, and every
    id that reaches an output must resolve (`recover`)."""
    plan = result.plan
    have = {o.id for o in result.offloads}
    for spec in result.summaries:
        for i in range(spec.start, spec.end):
            if i not in plan.reductions:
                continue
            for o in reduce_message(session, plan, i)[1]:
                if o.id not in have:
                    have.add(o.id)
                    result.offloads.append(o)


# ------------------------------------------------------------------------ the flow


class PlanOptions(TypedDict, total=False):
    """What a plan of the flow may be given besides the session, config and counter.

    summary_cache: summaries already written; each one written is put there (default:
    a cache of the run's own). token_cache: counts already known. now: the planner's
    clock (None: no idle-time trigger). finalize: (original messages, summary message)
    -> the messages standing for it (Eino Finalize). clear_rewriter: (call message, its
    results) -> their replacement (Eino ClearMessageRewriter).
    """

    summary_cache: SummaryCache | None
    token_cache: TokenCache | None
    now: datetime | None
    finalize: Finalizer | None
    clear_rewriter: ClearRewriter | None


class FlowOptions(PlanOptions, total=False):
    """What `compaction` may be given besides `PlanOptions`.

    on_event: gets the "kept" and "fallback" events. on_plan: called once with the
    first plan, before any summary is asked for. fallback: under
    summarization.on_failure = "keep", a result that would break an invariant is
    replaced by the reductions that need no model, or by the unchanged history
    ("fallback" event, `invariant_fallback` warning); without it such a result raises
    InvariantViolated. unchanged_plan: return the plan itself when it changes nothing
    (replay), instead of applying it.
    """

    on_event: EventHandler | None
    on_plan: Callable[[Plan], None] | None
    fallback: bool
    unchanged_plan: bool


class _Run:
    """The state of one compaction: the session, what is configured now (a failure
    may switch summarization off), the plan so far and the summaries written."""

    def __init__(self, session: Session, config: CompactionConfig, counter: TokenCounter, options: PlanOptions,
                 on_event: EventHandler | None = None) -> None:
        self.session, self.config, self.counter = session, config, counter
        self.token_cache, self.now = options.get("token_cache"), options.get("now")
        cache = options.get("summary_cache")
        self.cache: SummaryCache = cache if cache is not None else MemorySummaryCache()
        finalize, clear_rewriter = options.get("finalize"), options.get("clear_rewriter")
        self.finalize = _once(finalize) if finalize is not None else None
        self.clear_rewriter = _once_per_group(clear_rewriter) if clear_rewriter is not None else None
        self.on_event = on_event
        self.plan = self.replan(None)
        self.rounds = 0

    def replan(self, exact: dict[str, int] | None) -> Plan:
        from inspector.engine.planning.planner import plan

        p = plan(self.session, self.config, self.counter, now=self.now, token_cache=self.token_cache,
                 summary_tokens=exact)
        if self.clear_rewriter is not None:
            count_rewrites(self.session, p, self.counter, self.clear_rewriter)
        return p

    def missing(self) -> list[Summarize]:
        """What the plan's summaries need written (those not in the cache)."""
        return [Summarize(spec.key, summary_request(self.session, self.plan, spec, self.counter))
                for spec in self.plan.applied_summaries() if self.cache.get(spec.key) is None]

    def exact(self) -> bool:
        """Re-plan with the exact size of every summary the plan names; True when the
        new plan needs a summary not cached (and another round is allowed)."""
        texts = cached_texts(self.plan, self.cache)
        if not texts:
            return False
        self.plan = self.replan(summary_tokens(self.session, self.plan, texts, self.counter, self.finalize))
        self.rounds += 1
        return self.rounds < ROUNDS and any(self.cache.get(s.key) is None for s in self.plan.applied_summaries())

    def emit(self, event: SummaryEvent) -> None:
        if self.on_event is not None:
            self.on_event(event)

    def keep_on_failure(self, exc: SummaryFailed | SummaryRejected) -> None:
        """summarization.on_failure = "keep" (Sagents): re-plan without summarizing, so
        the reductions that need no model still apply; the failure becomes an event and
        a plan warning. Re-raises under "raise"."""
        if self.config.summarization.on_failure != "keep":
            raise exc
        key = next((s.key for s in self.plan.applied_summaries()), "")
        self.config = self.config.with_values({"summarization.enabled": False})
        self.plan = self.replan(None)
        message = f"summary failed, kept the messages it would have replaced: {exc}"
        self.plan.warnings.append(PlanWarning("summary_failed_kept", message))
        self.emit(SummaryEvent("kept", key, error=str(exc)))

    def apply(self) -> Generator[Summarize, SummaryResult, Compacted]:
        """Apply the plan (a summary still missing is asked for first)."""
        return apply_steps(self.session, self.plan, self.counter, summary_cache=self.cache,
                           finalize=self.finalize, clear_rewriter=self.clear_rewriter)

    def fall_back(self, exc: InvariantViolated) -> Generator[Summarize, SummaryResult, Compacted]:
        """summarization.on_failure = "keep" at runtime: the first fallback whose result
        holds every invariant; the failure becomes an event and a plan warning."""
        config = self.config
        failed = [config]
        for what, values in FALLBACKS:
            self.config = config.with_values(values)
            if self.config in failed:  # planning is deterministic: the same config fails the same way
                continue
            failed.append(self.config)
            self.plan = self.replan(None)
            try:
                result = yield from self.apply()
            except InvariantViolated:
                continue
            self.plan.warnings.append(PlanWarning(
                "invariant_fallback", f"compaction failed ({exc}): applied {what} instead (on_failure = keep)"))
            self.emit(SummaryEvent("fallback", "", error=str(exc), text=what))
            return result
        raise exc  # the unchanged history breaks nothing a compaction can: not reached


def compaction(session: Session, config: CompactionConfig, counter: TokenCounter,
               **options: Unpack[FlowOptions]) -> Steps:
    """One compaction of `session`, step by step (see the module docstring).

    Args:
        session: the session (never mutated).
        config: the compaction config.
        counter: the token counter.
        **options: what `PlanOptions` and `FlowOptions` say.

    Returns:
        The compaction, its summaries labelled with the model that wrote each; raises
        SummaryFailed / SummaryRejected / CompactionFailed with nothing changed.
    """
    run = _Run(session, config, counter, options, options.get("on_event"))
    on_plan, unchanged_plan = options.get("on_plan"), options.get("unchanged_plan", False)
    if on_plan is not None:
        on_plan(run.plan)
    if unchanged_plan and not run.plan.changed:
        return run.plan
    try:
        while True:
            for step in run.missing():
                run.cache.put(step.key, (yield step))
            if not run.exact():
                break
    except (SummaryFailed, SummaryRejected) as exc:
        run.keep_on_failure(exc)
    if unchanged_plan and not run.plan.changed:
        return run.plan
    try:
        result = yield from run.apply()
    except InvariantViolated as exc:
        if not options.get("fallback") or run.config.summarization.on_failure != "keep":
            raise
        result = yield from run.fall_back(exc)
    summarized_offloads(session, result)
    return result


def exact_plan(session: Session, config: CompactionConfig, counter: TokenCounter,
               **options: Unpack[PlanOptions]) -> Plan:
    """The flow's plan before any summary is written: made exact for the summaries the
    summary cache already holds (as a Finalizer writes them), with what a
    ClearRewriter makes counted in. What a preview shows, and what `compaction`
    applies when no summary is missing.

    Args:
        session: the session.
        config: the compaction config.
        counter: the token counter.
        **options: see `PlanOptions`.

    Returns:
        The plan.
    """
    run = _Run(session, config, counter, options)
    run.exact()
    return run.plan


def summarizing(summarizer: Summarizer, on_event: EventHandler | None = None) -> Callable[[Summarize], SummaryResult]:
    """What `drive` performs for a compaction: `summarizer` writes each summary."""
    return lambda step: summarizer.summarize(step.request, on_event)


def replay_step(counter: TokenCounter, summarizer: Summarizer | None = None,
                summary_cache: SummaryCache | None = None) -> CompactStep:
    """What `Compactor.compact` does to a replay's context: the flow, driven, with the
    plan itself when it changes nothing (Compactor then returns the messages it was
    given). Summaries are the extractive summarizer's unless `summary_cache` has them."""
    from inspector.engine.driving import drive
    from inspector.engine.summarize.extractive import ExtractiveSummarizer

    perform = summarizing(summarizer if summarizer is not None else ExtractiveSummarizer())
    cache = summary_cache if summary_cache is not None else MemorySummaryCache()

    def step(s: Session, config: CompactionConfig) -> Compacted | Plan:
        return drive(compaction(s, config, counter, summary_cache=cache, unchanged_plan=True), perform)

    return step
