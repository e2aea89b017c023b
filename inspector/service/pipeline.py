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
The sequence itself is the engine's one compaction flow (`engine.flow.compaction`, a
sans-IO generator); `compact_session` and `acompact_session` drive it with the
summarizer (`engine.driving.drive` / `adrive`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Unpack, cast

from inspector.edge import collection_paused
from inspector.engine.config import CompactionConfig
from inspector.engine.flow import PlanOptions, cached_texts
from inspector.service.errors import PipelineError as PipelineError  # its home before `errors`

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import ClearRewriter, Compacted, Finalizer, SummaryCache
    from inspector.engine.breakdown import Breakdown
    from inspector.engine.fidelity import Fidelity
    from inspector.engine.models import Session
    from inspector.engine.planning import Plan, SummarySpec
    from inspector.engine.summarize import EventHandler, Summarizer, SummaryRequest, SummaryResult
    from inspector.engine.summarize.protocol import Summarize
    from inspector.engine.tokens import TokenCache, TokenCounter
    from inspector.llm import CostEstimate

EXTRACTIVE = "extractive"


def system_clock() -> datetime:
    """The clock every entry point gives the idle-time trigger unless it is given one."""
    return datetime.now(UTC)


# --------------------------------------------------------------------------- config


def summarizer_label(config: CompactionConfig) -> str:
    """The summarizer a config uses, as shown: the model and its fallbacks, or `extractive`."""
    sc = config.summarization
    if not sc.model:
        return "extractive (offline, no model)"
    return " -> ".join([sc.model, *sc.fallback_models])


# ---------------------------------------------------------------------------- plan


def _counter(config: CompactionConfig, counter: TokenCounter | None) -> TokenCounter:
    from inspector.engine.planning import counter_for

    return counter or counter_for(config)


def _active(p: Plan) -> list[SummarySpec]:
    return p.applied_summaries()


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


def plan_session(session: Session, config: CompactionConfig, *, counter: TokenCounter | None = None,
                 **options: Unpack[PlanOptions]) -> Plan:
    """`plan()`, made exact for the summaries already in the cache: the flow's plan
    before any summary is written (`engine.flow.exact_plan`).

    Args:
        session: the session.
        config: the compaction config.
        counter: the token counter (default: the config's).
        **options: see `engine.flow.PlanOptions`; `now` defaults to the system clock
            (the idle-time trigger).

    Returns:
        The plan.
    """
    from inspector.engine.flow import exact_plan

    options["now"] = options.get("now") or system_clock()
    return exact_plan(session, config, _counter(config, counter), **options)


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
        if parts and f.state_kept:
            parts.append("latest messages kept verbatim")
        return f"fidelity {f.score:.2f} of {self.scored}: {', '.join(parts) or 'nothing removed'}"

    def lost_lines(self, per_kind: int = 3) -> list[str]:
        """What was lost, by kind: "lost decisions: …", "not in the original (files): …",
        after a line that says what each means.

        Args:
            per_kind: items shown per kind at most.

        Returns:
            The key, then one line per kind that lost something (none when nothing was).
        """
        out = []
        kinds = self.fidelity.kinds.values()
        if any(k.missing for k in kinds) or any(k.unsupported for k in kinds):
            out.append("(lost: neither the summary nor a kept message states it; not in the original: the summary "
                       "states what the original never had, which costs more than a loss)")
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
    from inspector.engine.materialize_view import measured_messages

    # (what materialize writes, read only: the kept messages by reference, no counts)
    return FidelityReport(fidelity(session.messages, measured_messages(session, p, texts, counter)), label)


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
    """The summarizer given, or the one the config names (`kwargs` passed to `summarizer_for`)."""
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


class CompactOptions(PlanOptions, total=False):
    """What `compact_session` and `acompact_session` take besides the session and
    config: `engine.flow.PlanOptions`, and

    counter: the token counter (default: the config's). summarizer: writes the
    summaries (default: the config's, `make_summarizer`). on_event: summarization
    progress. on_plan: gets the first plan, before any summary is written. fallback:
    see `compact_session`. `now` defaults to the system clock. pause_collector: the
    engine's work (and an offline summary) done with the cyclic collector paused
    (`compact_session`; what inspector's own apply asks for, not the runtime, which
    runs inside an agent's process).
    """

    counter: TokenCounter | None
    summarizer: Summarizer | None
    on_event: EventHandler | None
    on_plan: Callable[[Plan], None] | None
    fallback: bool
    pause_collector: bool


def _flow(session: Session, config: CompactionConfig,
          options: CompactOptions) -> tuple[Generator[Summarize, SummaryResult, Compacted], Summarizer]:
    """The engine's compaction flow for these options, and the summarizer to drive it with."""
    from inspector.engine.flow import compaction

    steps = compaction(session, config, _counter(config, options.get("counter")),
                       summary_cache=options.get("summary_cache"), token_cache=options.get("token_cache"),
                       now=options.get("now") or system_clock(), finalize=options.get("finalize"),
                       clear_rewriter=options.get("clear_rewriter"), on_event=options.get("on_event"),
                       on_plan=options.get("on_plan"), fallback=options.get("fallback", False))
    return cast("Generator[Summarize, SummaryResult, Compacted]", steps), make_summarizer(
        config, options.get("summarizer"))


def compact_session(session: Session, config: CompactionConfig, **options: Unpack[CompactOptions]) -> Compacted:
    """Plan and apply: the whole pipeline (`engine.flow.compaction`), blocking.

    Args:
        session: the session (never mutated).
        config: the compaction config.
        **options: see `CompactOptions`. With `pause_collector` (inspector's apply,
            `service.versions`), see `_paused`. With `fallback` (the runtime `Compactor`),
            under summarization.on_failure = "keep", a result that would break an
            invariant (`engine.invariants`) is replaced by the reductions that need no
            model, or by the unchanged history, and reported as a "fallback" event
            and an `invariant_fallback` plan warning; without it (the CLI, the TUI)
            such a result always fails.

    Returns:
        The compaction. Raises SummaryFailed / SummaryRejected / CompactionFailed with
        nothing written anywhere.
    """
    from inspector.engine.driving import drive

    steps, summarizer = _flow(session, config, options)
    on_event = options.get("on_event")
    if not options.get("pause_collector"):
        return drive(steps, lambda step: summarizer.summarize(step.request, on_event))
    offline = getattr(summarizer, "extractive", False)

    def perform(step: Summarize) -> SummaryResult:
        if not offline:  # a model call may wait: the collector stays on meanwhile
            return summarizer.summarize(step.request, on_event)
        with collection_paused():
            return summarizer.summarize(step.request, on_event)

    return drive(_paused(steps), perform)


def _paused(steps: Generator[Summarize, SummaryResult, Compacted]) -> Generator[Summarize, SummaryResult, Compacted]:
    """`steps` with the engine's work between two steps done with the cyclic collector
    paused (`edge.collection_paused`): planning, counting and applying 100,000 messages
    allocate millions of objects that live on, and the full collections they set off
    walked all of them again (a tenth of `inspector apply` on 100,000 messages). The
    summarizer's own work (a model's network wait) is outside."""
    answer: Any = None
    error: Exception | None = None
    while True:
        with collection_paused():
            try:
                step = steps.throw(error) if error is not None else steps.send(answer)
            except StopIteration as stop:
                return cast("Compacted", stop.value)
        answer, error = None, None
        try:
            answer = yield step
        except Exception as exc:  # thrown in by the driver: the flow decides what it means
            error = exc


async def acompact_session(session: Session, config: CompactionConfig,
                           **options: Unpack[CompactOptions]) -> Compacted:
    """`compact_session` for an event loop: summary calls are awaited (litellm's
    acompletion), so many sessions can wait on the network at once."""
    from inspector.engine.driving import adrive

    steps, summarizer = _flow(session, config, options)
    on_event = options.get("on_event")
    return await adrive(steps, lambda step: summarizer.asummarize(step.request, on_event))


def failure_types() -> tuple[type[BaseException], ...]:
    """Exceptions meaning "compaction failed, nothing written" (exit status 1)."""
    from inspector.engine.applier import CompactionFailed
    from inspector.engine.summarize import SummaryFailed, SummaryRejected

    return (SummaryFailed, SummaryRejected, CompactionFailed)
