"""The one compaction pipeline: config -> plan -> summaries -> apply -> save / export.

The CLI (`inspector plan|apply|export`), the TUI and the runtime `Compactor` all go
through these functions, so what a user previews and tunes is exactly what an agent
runs. No Textual import here, and no litellm until a model writes a summary.

    config = resolve_config(config_path="inspector.toml", set_values=["summarization.keep.messages=4"])  # service.config
    p = plan_session(session, config, summary_cache=cache)      # exact when summaries are cached
    preview(session, p, summary_cache=cache)                      # what apply would write
    result = compact_session(session, config, summary_cache=cache, on_event=print)

A summary is generated once per (message range, prompt, model) and kept in the
summary cache; `compact_session` then re-plans with its exact size, so the plan it
returns, the preview after generation and the applied result agree byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from inspector.engine.config import CompactionConfig

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import ClearRewriter, Compacted, Finalizer, InvariantViolated, SummaryCache
    from inspector.engine.breakdown import Breakdown
    from inspector.engine.fidelity import Fidelity
    from inspector.engine.models import Message, Session
    from inspector.engine.planning import Plan
    from inspector.engine.summarize import EventHandler, Summarizer, SummaryRequest
    from inspector.engine.tokens import TokenCache, TokenCounter
    from inspector.llm import CostEstimate

EXTRACTIVE = "extractive"


class PipelineError(Exception):
    """Bad input to the pipeline (source, session id, config): nothing was done."""


def system_clock() -> datetime:
    """The clock every entry point gives the idle-time trigger unless it is given one."""
    return datetime.now(UTC)


# --------------------------------------------------------------------------- config


def summarizer_label(config: CompactionConfig) -> str:
    sc = config.summarization
    if not sc.model:
        return "extractive (offline, no model)"
    return " -> ".join([sc.model, *sc.fallback_models])


# ---------------------------------------------------------------------------- plan


def _counter(config: CompactionConfig, counter: TokenCounter | None) -> TokenCounter:
    from inspector.engine.planning import counter_for

    return counter or counter_for(config)


def _active(p: Plan) -> list:
    return p.applied_summaries()


def summary_tokens(session: Session, p: Plan, texts: dict[str, str], counter: TokenCounter,
                   finalize: Finalizer | None = None) -> dict[str, int]:
    """Exact tokens of each summary whose text is known, as apply writes it (through
    `finalize`, when one is given)."""
    from inspector.engine.applier import finalized_summary
    from inspector.engine.summary_format import summary_message_tokens
    from inspector.engine.tokens import count_messages

    if finalize is not None:
        return {spec.key: sum(count_messages(finalized_summary(session, spec, texts[spec.key], finalize),
                                             counter)[0])
                for spec in p.summaries if texts.get(spec.key)}
    return {spec.key: summary_message_tokens(session, p.config, spec, texts[spec.key], counter)
            for spec in p.summaries if texts.get(spec.key)}


def cached_texts(p: Plan, summary_cache: SummaryCache | None) -> dict[str, str]:
    if summary_cache is None:
        return {}
    out = {}
    for spec in p.summaries:
        hit = summary_cache.get(spec.key)
        if hit is not None:
            out[spec.key] = hit.text
    return out


def context_total(message_tokens: Sequence[int], counter: TokenCounter) -> int:
    """A session's tokens as one request, counted as the plan counts them (its
    `total_before`): every message with its framing, plus the reply priming.

    Args:
        message_tokens: per-message counts (`count_messages`).
        counter: the counter that made them (its framing).

    Returns:
        The total; 0 for no messages.
    """
    return sum(message_tokens) + (counter.framing.reply_priming if message_tokens else 0)


def plan_session(
    session: Session,
    config: CompactionConfig,
    *,
    counter: TokenCounter | None = None,
    token_cache: TokenCache | None = None,
    summary_cache: SummaryCache | None = None,
    now: datetime | None = None,
    finalize: Finalizer | None = None,
    clear_rewriter: ClearRewriter | None = None,
) -> Plan:
    """`plan()`, made exact for summaries already in the cache (as `finalize` writes
    them, when given). `now` (default: the system clock) evaluates the idle-time
    trigger."""
    from inspector.engine.planning import plan

    counter = _counter(config, counter)
    now = now if now is not None else system_clock()
    p = plan(session, config, counter, now=now, token_cache=token_cache)
    texts = cached_texts(p, summary_cache)
    if texts:
        p = plan(session, config, counter, now=now, token_cache=token_cache,
                 summary_tokens=summary_tokens(session, p, texts, counter, finalize))
    if clear_rewriter is not None:
        _count_rewrites(session, p, counter, clear_rewriter)
    return p


def session_breakdown(
    session: Session,
    counter: TokenCounter,
    *,
    plan: Plan | None = None,
    token_cache: TokenCache | None = None,
    top_files: int = 10,
) -> Breakdown:
    """Where the session's tokens go, by category, before and (with `plan`) after it:
    what the TUI's breakdown view and `inspector stats --breakdown` show.

    Args:
        session: the session.
        counter: the counter of the plan (and of the counts in `token_cache`).
        plan: the plan to show the after-figures of; None for the session as it is.
        token_cache: the cache the session was counted with.
        top_files: how many files to list by the tokens their contents take.

    Returns:
        The engine's `Breakdown`; its totals are the plan's (`context_total` without one).
    """
    from inspector.engine.breakdown import breakdown

    return breakdown(session, counter, plan=plan, kinds=content_kinds(session), cache=token_cache,
                     top_files=top_files)


def content_kinds(session: Session) -> list[str]:
    """The content model's kind of each message (`engine.content`): an observation
    stored as a user message is told from a request, a demonstration from the task."""
    from inspector.engine.content import content_model

    return [k.value for k in content_model(session.messages).kinds]


def _count_rewrites(session: Session, p: Plan, counter: TokenCounter, clear_rewriter: ClearRewriter) -> None:
    """Count what a ClearRewriter makes of each cleared call group into the plan, so
    the plan's total is the applied one."""
    from inspector.engine.applier import reduce_message, rewrites, rewritten_group
    from inspector.engine.tokens import count_messages

    for i in sorted(p.reductions):
        if rewrites(p, session, i):
            replacement, group, _ = rewritten_group(session, p, i, reduce_message(session, p, i)[0], clear_rewriter)
            p.tokens_after[i] = sum(count_messages(replacement, counter)[0])
            for j in group:
                p.tokens_after[j] = 0


def estimate_cost(session: Session, p: Plan, counter: TokenCounter | None = None,
                  summary_cache: SummaryCache | None = None) -> CostEstimate | None:
    """What the plan's summaries would cost before anything is sent: input tokens x
    the model's price from litellm's local price map. None when there is nothing to
    summarize; summaries already cached cost nothing."""
    from inspector.llm import estimate_request_cost

    specs = [s for s in _active(p) if summary_cache is None or summary_cache.get(s.key) is None]
    if not _active(p):
        return None
    counter = _counter(p.config, counter)
    from inspector.engine.applier import summary_request

    reqs = [summary_request(session, p, s, counter) for s in specs]
    return estimate_request_cost(p.config.summarization.model or EXTRACTIVE, reqs)


def preview(
    session: Session,
    p: Plan,
    *,
    summary_cache: SummaryCache | None = None,
    counter: TokenCounter | None = None,
    finalize: Finalizer | None = None,
    clear_rewriter: ClearRewriter | None = None,
) -> Compacted:
    """The messages apply would write; summaries not generated yet show as pending."""
    from inspector.engine.applier import materialize

    return materialize(session, p, cached_texts(p, summary_cache), _counter(p.config, counter),
                       finalize=finalize, clear_rewriter=clear_rewriter)


# --------------------------------------------------------------------------- fidelity


@dataclass(frozen=True)
class FidelityReport:
    """What a compaction keeps of what it removes or rewrites (`engine.fidelity`), and
    which summary text the measure read.

    `summaries`: "none" (the plan has no summary), "applied" (the result's own),
    "cached" (generated earlier), "extractive" (generated offline for the measure, as
    apply would write it), or "pending" (a model summary not generated yet: the
    measure credits it with nothing, so it is a lower bound).
    """

    fidelity: Fidelity
    summaries: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (`inspector plan --json`, the report): score, removed
        messages, per category items / kept / fraction / missing / unsupported, every
        item with its evidence, `summaries` and what was scored (`scored`)."""
        return self.fidelity.to_dict() | {"summaries": self.summaries, "scored": self.scored}

    @property
    def scored(self) -> str:
        """What the score is of, in words."""
        return {
            "applied": "the applied compaction",
            "cached": "the summaries in the workspace",
            "extractive": "the offline summary (no model summary yet: a model's may keep more)",
            "pending": "the plan without its model summary (not generated yet: a lower bound)",
        }.get(self.summaries, "the plan")

    def headline(self) -> str:
        """One line a newcomer can read: the score, what it is of, and per kind what
        was kept ("fidelity 0.62 of the offline summary …: task 1/1, files 2/4 …")."""
        f = self.fidelity
        parts = [f"{name.replace('_', ' ')} {k.kept}/{k.items}" for name, k in f.kinds.items() if k.items]
        made_up = sum(len(k.unsupported) for k in f.kinds.values())
        if made_up:
            parts.append(f"{made_up} stated but not in the original")
        return f"fidelity {f.score:.2f} of {self.scored}: {', '.join(parts) or 'nothing removed'}"

    def lost_lines(self, per_kind: int = 3) -> list[str]:
        """What was lost, by kind: "lost decisions: …", "made up files: …".

        Args:
            per_kind: items shown per kind at most.

        Returns:
            One line per kind that lost something.
        """
        out = []
        for name, k in self.fidelity.kinds.items():
            label = name.replace("_", " ")
            if k.missing:
                out.append(f"lost {label}: " + "; ".join(k.missing[:per_kind]))
            if k.unsupported:
                out.append(f"not in the original ({label}): " + "; ".join(k.unsupported[:per_kind]))
        return out


def measure_fidelity(
    session: Session,
    p: Plan | None = None,
    *,
    result: Compacted | None = None,
    summary_cache: SummaryCache | None = None,
    counter: TokenCounter | None = None,
    scratch: SummaryCache | None = None,
) -> FidelityReport:
    """The fidelity of a plan (as apply would write it) or of an applied result: per
    category (task statement, user requests, file paths, errors, last step), the
    retained fraction and what was lost. The one place the CLI, the TUI and the
    report get it from.

    Args:
        session: the original session.
        p: the plan, when nothing is applied yet.
        result: the applied compaction (wins over `p`).
        summary_cache: summaries already generated; the offline extractive ones
            that are missing are generated for the measure (not stored there).
        counter: the plan's counter (default: the config's).
        scratch: where the extractive summaries generated for the measure are kept
            and read back (the TUI's, so re-measuring after a knob move is cheap).

    Returns:
        The measure and which summary texts it read.
    """
    from inspector.engine.fidelity import fidelity

    if result is not None:
        return FidelityReport(fidelity(session.messages, result.messages),
                              "applied" if result.summaries else "none")
    if p is None:
        raise ValueError("measure_fidelity needs a plan or an applied result")
    counter = _counter(p.config, counter)
    active = _active(p)
    texts = cached_texts(p, summary_cache)
    label = "cached" if active else "none"
    missing = [spec for spec in active if spec.key not in texts]
    if missing and p.config.summarization.model in ("", EXTRACTIVE):
        texts |= _extractive_texts(session, p, missing, counter, scratch)
        label = "extractive"
    if any(spec.key not in texts for spec in active):
        label = "pending"
    from inspector.engine.applier import materialize

    shown = materialize(session, p, texts, counter, offload_summarized=False)
    return FidelityReport(fidelity(session.messages, shown.messages), label)


def compare_compaction(original: Session, compacted: Session) -> Fidelity:
    """The fidelity of any compaction, ours or another tool's: what the context
    `compacted` sends now keeps of `original` (`inspector fidelity`).

    Args:
        original: the session before compaction (any source inspector reads).
        compacted: the session after it: a compacted context, or a history whose
            compaction records say what it sends now (`engine.fidelity.sent_context`).

    Returns:
        The measure: score, per kind, every item with its evidence.
    """
    from inspector.engine.fidelity import align, fidelity, sent_context

    context = align(original.messages, sent_context(compacted.messages))
    return fidelity(original.messages, context)


def _extractive_texts(session: Session, p: Plan, specs: Sequence[Any], counter: TokenCounter,
                      scratch: SummaryCache | None) -> dict[str, str]:
    """The offline summaries apply would write for `specs` (deterministic, no model),
    from `scratch` when it has them; one that the summarizer rejects stays missing."""
    from inspector.engine.applier import summary_request
    from inspector.engine.summarize import SummaryRejected
    from inspector.engine.summarize.extractive import ExtractiveSummarizer

    out = {}
    for spec in specs:
        hit = scratch.get(spec.key) if scratch is not None else None
        if hit is None:
            try:
                hit = ExtractiveSummarizer().summarize(summary_request(session, p, spec, counter))
            except SummaryRejected:
                continue
            if scratch is not None:
                scratch.put(spec.key, hit)
        out[spec.key] = hit.text
    return out


# -------------------------------------------------------------------------- summaries


def make_summarizer(config: CompactionConfig, summarizer: Summarizer | None = None, **kwargs: Any) -> Summarizer:
    from inspector.llm import summarizer_for

    return summarizer if summarizer is not None else summarizer_for(config, **kwargs)


def _missing_requests(session: Session, p: Plan, summary_cache: SummaryCache,
                      counter: TokenCounter) -> list[tuple[str, SummaryRequest]]:
    from inspector.engine.applier import summary_request

    return [(spec.key, summary_request(session, p, spec, counter))
            for spec in _active(p) if summary_cache.get(spec.key) is None]


def generate_summaries(
    session: Session,
    p: Plan,
    summarizer: Summarizer | None = None,
    *,
    summary_cache: SummaryCache,
    counter: TokenCounter | None = None,
    on_event: EventHandler | None = None,
) -> int:
    """Generate the plan's missing summaries into the cache (for a preview); returns
    how many were generated. Raises SummaryFailed / SummaryRejected."""
    counter = _counter(p.config, counter)
    summ = make_summarizer(p.config, summarizer)
    missing = _missing_requests(session, p, summary_cache, counter)
    for key, req in missing:
        summary_cache.put(key, summ.summarize(req, on_event))
    return len(missing)


# ------------------------------------------------------------------------------ apply


def _label(result: Compacted, summary_cache: SummaryCache) -> Compacted:
    """Name the model that actually wrote each summary (a failover model, or the
    extractive summarizer)."""
    for g in result.summaries:
        hit = summary_cache.get(g.key)
        if hit is not None:
            g.model, g.extractive = hit.model, hit.extractive
    return result


def _summarized_offloads(session: Session, result: Compacted) -> None:
    """Add what the reductions removed from messages a summary then replaced: the
    summarizer read them reduced, so a summary may quote their offload ids, and every
    id that reaches an output must resolve (`recover`)."""
    from inspector.engine.applier import reduce_message

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


class _Run:
    """One compaction: plan once, generate what is missing, re-plan with the exact
    summary sizes, apply. `plan()` runs twice when there are summaries (the first plan
    names them; the exact re-plan sizes them), once otherwise; a third time only when
    the exact sizes move a summary's range (its new summary is generated first).

    A Finalizer and a ClearRewriter are called once per summary / group: the exact
    re-plan counts what they make, and apply writes the same messages."""

    ROUNDS = 3  # exact re-plans that may move a range; a range that keeps moving is applied as planned

    def __init__(self, session: Session, config: CompactionConfig, counter: TokenCounter | None,
                 summarizer: Summarizer | None, summary_cache: SummaryCache | None,
                 token_cache: TokenCache | None, now: datetime | None,
                 finalize: Finalizer | None = None, clear_rewriter: ClearRewriter | None = None) -> None:
        from inspector.engine.applier import MemorySummaryCache

        self.finalize = _once(finalize) if finalize is not None else None
        self.clear_rewriter = _once_per_group(clear_rewriter) if clear_rewriter is not None else None
        self.session, self.config, self.token_cache, self.now = (
            session, config, token_cache, now if now is not None else system_clock())
        self.counter = _counter(config, counter)
        self.cache: SummaryCache = summary_cache if summary_cache is not None else MemorySummaryCache()
        self.summarizer = make_summarizer(config, summarizer)
        self.plan: Plan = self._plan(None)
        self.rounds = 0

    def _plan(self, exact: dict[str, int] | None) -> Plan:
        from inspector.engine.planning.planner import plan

        p = plan(self.session, self.config, self.counter, now=self.now, token_cache=self.token_cache,
                 summary_tokens=exact)
        if self.clear_rewriter is not None:
            _count_rewrites(self.session, p, self.counter, self.clear_rewriter)
        return p

    def missing(self) -> list[tuple[str, SummaryRequest]]:
        return _missing_requests(self.session, self.plan, self.cache, self.counter)

    def exact(self) -> bool:
        """Re-plan with the exact size of every summary the plan names; True when the
        new plan needs a summary not cached."""
        texts = cached_texts(self.plan, self.cache)
        if not texts:
            return False
        self.plan = self._plan(summary_tokens(self.session, self.plan, texts, self.counter, self.finalize))
        self.rounds += 1
        return self.rounds < self.ROUNDS and bool(self.missing())

    def keep_on_failure(self, exc: Exception, on_event: EventHandler | None) -> None:
        """summarization.on_failure = "keep" (Sagents): re-plan without summarizing, so
        the reductions that need no model still apply; the failure becomes an event and
        a plan warning. Re-raises under "raise"."""
        from inspector.engine.planning import PlanWarning
        from inspector.engine.summarize import SummaryEvent

        if self.config.summarization.on_failure != "keep":
            raise exc
        key = next((s.key for s in _active(self.plan)), "")
        self.config = self.config.with_values({"summarization.enabled": False})
        self.plan = self._plan(None)
        message = f"summary failed, kept the messages it would have replaced: {exc}"
        self.plan.warnings.append(PlanWarning("summary_failed_kept", message))
        if on_event is not None:
            on_event(SummaryEvent("kept", key, error=str(exc)))

    def _apply(self, on_event: EventHandler | None) -> Compacted:
        from inspector.engine.applier import apply

        return apply(self.session, self.plan, self.summarizer, self.counter, summary_cache=self.cache,
                     on_event=on_event, finalize=self.finalize, clear_rewriter=self.clear_rewriter)

    def apply(self, on_event: EventHandler | None, fallback: bool = False) -> Compacted:
        """Apply the plan; with `fallback` (the runtime) and summarization.on_failure =
        "keep", a result that breaks an invariant is replaced by `fall_back`'s."""
        from inspector.engine.applier import InvariantViolated

        try:
            result = self._apply(on_event)
        except InvariantViolated as exc:
            if not fallback or self.config.summarization.on_failure != "keep":
                raise
            result = self.fall_back(exc, on_event)
        _summarized_offloads(self.session, result)
        return _label(result, self.cache)

    # What a result that breaks an invariant falls back to, in order: the reductions
    # that need no model, else the history unchanged (which breaks none of them but
    # the budget, and that one only when tailoring is on).
    FALLBACKS = (
        ("the reductions that need no model", {"summarization.enabled": False}),
        ("the unchanged history", {"summarization.enabled": False, "reduction.truncation.enabled": False,
                                   "reduction.clear.enabled": False, "reduction.compaction.enabled": False,
                                   "tailoring.enabled": False}),
    )

    def fall_back(self, exc: InvariantViolated, on_event: EventHandler | None) -> Compacted:
        """summarization.on_failure = "keep" at runtime: the first fallback whose result
        holds every invariant; the failure becomes an event and a plan warning."""
        from inspector.engine.applier import InvariantViolated
        from inspector.engine.planning import PlanWarning
        from inspector.engine.summarize import SummaryEvent

        config = self.config
        failed = [config]
        for what, values in self.FALLBACKS:
            self.config = config.with_values(values)
            if self.config in failed:  # planning is deterministic: the same config fails the same way
                continue
            failed.append(self.config)
            self.plan = self._plan(None)
            try:
                result = self._apply(on_event)
            except InvariantViolated:
                continue
            self.plan.warnings.append(PlanWarning(
                "invariant_fallback", f"compaction failed ({exc}): applied {what} instead (on_failure = keep)"))
            if on_event is not None:
                on_event(SummaryEvent("fallback", "", error=str(exc), text=what))
            return result
        raise exc  # the unchanged history breaks nothing a compaction can: not reached

    def generate(self, on_event: EventHandler | None) -> None:
        """Every summary of the final plan into the cache (network), then the exact
        plan; on failure, what summarization.on_failure says (`keep_on_failure`)."""
        from inspector.engine.summarize import SummaryFailed, SummaryRejected

        try:
            while True:
                for key, req in self.missing():
                    self.cache.put(key, self.summarizer.summarize(req, on_event))
                if not self.exact():
                    return
        except (SummaryFailed, SummaryRejected) as exc:
            self.keep_on_failure(exc, on_event)

    async def agenerate(self, on_event: EventHandler | None) -> None:
        from inspector.engine.summarize import SummaryFailed, SummaryRejected

        try:
            while True:
                for key, req in self.missing():
                    self.cache.put(key, await self.summarizer.asummarize(req, on_event))
                if not self.exact():
                    return
        except (SummaryFailed, SummaryRejected) as exc:
            self.keep_on_failure(exc, on_event)


def compact_session(
    session: Session,
    config: CompactionConfig,
    *,
    counter: TokenCounter | None = None,
    summarizer: Summarizer | None = None,
    summary_cache: SummaryCache | None = None,
    token_cache: TokenCache | None = None,
    on_event: EventHandler | None = None,
    finalize: Finalizer | None = None,
    clear_rewriter: ClearRewriter | None = None,
    now: datetime | None = None,
    fallback: bool = False,
) -> Compacted:
    """Plan and apply: the whole pipeline, synchronous.

    `fallback` (the runtime `Compactor`): under summarization.on_failure = "keep", a
    result that would break an invariant (`engine.invariants`) is replaced by the
    reductions that need no model, or by the unchanged history, and reported as a
    "fallback" event and an `invariant_fallback` plan warning. Without it (the CLI,
    the TUI) such a result always fails.

    Raises SummaryFailed / SummaryRejected / CompactionFailed with `session`
    untouched (it is never mutated) and nothing written anywhere."""
    run = _Run(session, config, counter, summarizer, summary_cache, token_cache, now, finalize,
               clear_rewriter)
    run.generate(on_event)
    return run.apply(on_event, fallback)


async def acompact_session(
    session: Session,
    config: CompactionConfig,
    *,
    counter: TokenCounter | None = None,
    summarizer: Summarizer | None = None,
    summary_cache: SummaryCache | None = None,
    token_cache: TokenCache | None = None,
    on_event: EventHandler | None = None,
    finalize: Finalizer | None = None,
    clear_rewriter: ClearRewriter | None = None,
    now: datetime | None = None,
    fallback: bool = False,
) -> Compacted:
    """`compact_session` for an event loop: summary calls are awaited (litellm's
    acompletion), so many sessions can wait on the network at once."""
    run = _Run(session, config, counter, summarizer, summary_cache, token_cache, now, finalize,
               clear_rewriter)
    await run.agenerate(on_event)
    return run.apply(on_event, fallback)  # every summary is cached: no waiting


def failure_types() -> tuple[type[BaseException], ...]:
    """Exceptions meaning "compaction failed, nothing written" (exit status 1)."""
    from inspector.engine.applier import CompactionFailed
    from inspector.engine.summarize import SummaryFailed, SummaryRejected

    return (SummaryFailed, SummaryRejected, CompactionFailed)
