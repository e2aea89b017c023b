"""The one compaction pipeline: config -> plan -> summaries -> apply -> save / export.

The CLI (`inspector plan|apply|export`), the TUI and the runtime `Compactor` all go
through these functions, so what a user previews and tunes is exactly what an agent
runs. No Textual import here, and no litellm until a model writes a summary.

    config = resolve_config(config_path="inspector.toml", set_values=["summarization.keep.messages=4"])
    p = plan_session(session, config, summary_cache=cache)      # exact when summaries are cached
    preview(session, p, summary_cache=cache)                      # what apply would write
    result = compact_session(session, config, summary_cache=cache, on_event=print)

A summary is generated once per (message range, prompt, model) and kept in the
summary cache; `compact_session` then re-plans with its exact size, so the plan it
returns, the preview after generation and the applied result agree byte for byte.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inspector.engine.config import CompactionConfig, ConfigError, preset

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import ClearRewriter, Compacted, Finalizer, SummaryCache
    from inspector.engine.models import Session
    from inspector.engine.planner import Plan
    from inspector.engine.summarizers import EventHandler, Summarizer, SummaryRequest
    from inspector.engine.tokens import TokenCache, TokenCounter
    from inspector.llm import CostEstimate

EXTRACTIVE = "extractive"


class PipelineError(Exception):
    """Bad input to the pipeline (source, session id, config): nothing was done."""


# --------------------------------------------------------------------------- config


def resolve_config(
    config_path: str | Path | None = None,
    preset_name: str | None = None,
    set_values: Sequence[str] = (),
    summarizer: str | None = None,
    base: CompactionConfig | None = None,
) -> CompactionConfig:
    """The config a command runs with: a file (as the TUI saves it) or a preset
    (default: `base`, else balanced), then `--set KEY=VALUE` overrides, then the
    summarizer. Raises ConfigError naming the file or key."""
    if config_path and preset_name:
        raise ConfigError("give either --config FILE or --preset NAME, not both "
                          "(a config file names the preset it started from)")
    if config_path:
        config = CompactionConfig.from_toml(config_path)
    elif preset_name:
        config = preset(preset_name)
    else:
        config = base if base is not None else preset("balanced")
    if set_values:
        config = config.with_set(list(set_values))
    if summarizer:
        config = with_summarizer(config, summarizer)
    return config


def with_summarizer(config: CompactionConfig, name: str) -> CompactionConfig:
    """`extractive` (offline) or any litellm model string; the model becomes part of
    the summary-cache key, so a previewed summary is only reused for the same model."""
    name = name.strip()
    if not name:
        raise ConfigError("--summarizer: give a model name or 'extractive'")
    model = "" if name == EXTRACTIVE else name
    return config.with_values({"summarization.model": model})


def summarizer_label(config: CompactionConfig) -> str:
    sc = config.summarization
    if not sc.model:
        return "extractive (offline, no model)"
    return " -> ".join([sc.model, *sc.fallback_models])


# ---------------------------------------------------------------------------- plan


def _counter(config: CompactionConfig, counter: TokenCounter | None) -> TokenCounter:
    from inspector.engine.planner import counter_for

    return counter or counter_for(config)


def _active(p: Plan) -> list:
    return [s for s in p.summaries if s.injection != "evicted"]


def summary_tokens(session: Session, p: Plan, texts: dict[str, str], counter: TokenCounter,
                   version: str | None = None) -> dict[str, int]:
    """Exact tokens of each summary whose text is known, as apply writes it."""
    from inspector.engine.summary_format import summary_message_tokens

    return {spec.key: summary_message_tokens(session, p.config, spec, texts[spec.key], counter, version)
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


def plan_session(
    session: Session,
    config: CompactionConfig,
    *,
    counter: TokenCounter | None = None,
    token_cache: TokenCache | None = None,
    summary_cache: SummaryCache | None = None,
    now: datetime | None = None,
    version: str | None = None,
) -> Plan:
    """`plan()`, made exact for summaries already in the cache."""
    from inspector.engine.planner import plan

    counter = _counter(config, counter)
    p = plan(session, config, counter, now=now, token_cache=token_cache)
    texts = cached_texts(p, summary_cache)
    if texts:
        p = plan(session, config, counter, now=now, token_cache=token_cache,
                 summary_tokens=summary_tokens(session, p, texts, counter, version))
    return p


def summary_requests(session: Session, p: Plan, counter: TokenCounter | None = None,
                     version: str | None = None) -> list[SummaryRequest]:
    from inspector.engine.applier import summary_request

    counter = _counter(p.config, counter)
    return [summary_request(session, p, spec, counter, version) for spec in _active(p)]


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
    version: str | None = None,
) -> Compacted:
    """The messages apply would write; summaries not generated yet show as pending."""
    from inspector.engine.applier import materialize

    return materialize(session, p, cached_texts(p, summary_cache), _counter(p.config, counter),
                       finalize=finalize, clear_rewriter=clear_rewriter, version=version)


# -------------------------------------------------------------------------- summaries


def make_summarizer(config: CompactionConfig, summarizer: Summarizer | None = None, **kwargs: Any) -> Summarizer:
    from inspector.llm import summarizer_for

    return summarizer if summarizer is not None else summarizer_for(config, **kwargs)


def _missing_requests(session: Session, p: Plan, summary_cache: SummaryCache, counter: TokenCounter,
                      version: str | None) -> list[tuple[str, SummaryRequest]]:
    from inspector.engine.applier import summary_request

    return [(spec.key, summary_request(session, p, spec, counter, version))
            for spec in _active(p) if summary_cache.get(spec.key) is None]


def generate_summaries(
    session: Session,
    p: Plan,
    summarizer: Summarizer | None = None,
    *,
    summary_cache: SummaryCache,
    counter: TokenCounter | None = None,
    on_event: EventHandler | None = None,
    version: str | None = None,
) -> int:
    """Generate the plan's missing summaries into the cache (for a preview); returns
    how many were generated. Raises SummaryFailed / SummaryRejected."""
    counter = _counter(p.config, counter)
    summ = make_summarizer(p.config, summarizer)
    missing = _missing_requests(session, p, summary_cache, counter, version)
    for key, req in missing:
        summary_cache.put(key, summ.summarize(req, on_event))
    return len(missing)


async def agenerate_summaries(
    session: Session,
    p: Plan,
    summarizer: Summarizer | None = None,
    *,
    summary_cache: SummaryCache,
    counter: TokenCounter | None = None,
    on_event: EventHandler | None = None,
    version: str | None = None,
) -> int:
    counter = _counter(p.config, counter)
    summ = make_summarizer(p.config, summarizer)
    missing = _missing_requests(session, p, summary_cache, counter, version)
    for key, req in missing:
        summary_cache.put(key, await summ.asummarize(req, on_event))
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
    version: str | None = None,
    now: datetime | None = None,
) -> Compacted:
    """Plan and apply: the whole pipeline, synchronous.

    Raises SummaryFailed / SummaryRejected / CompactionFailed with `session`
    untouched (it is never mutated) and nothing written anywhere."""
    run = _Run(session, config, counter, summarizer, summary_cache, token_cache, now, version)
    if generate_summaries(session, run.plan, run.summarizer, summary_cache=run.cache, counter=run.counter,
                          on_event=on_event, version=version):
        run.replan()
    return run.apply(on_event, finalize, clear_rewriter)


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
    version: str | None = None,
    now: datetime | None = None,
) -> Compacted:
    """`compact_session` for an event loop: summary calls are awaited (litellm's
    acompletion), so many sessions can wait on the network at once."""
    run = _Run(session, config, counter, summarizer, summary_cache, token_cache, now, version)
    if await agenerate_summaries(session, run.plan, run.summarizer, summary_cache=run.cache,
                                 counter=run.counter, on_event=on_event, version=version):
        run.replan()
    return run.apply(on_event, finalize, clear_rewriter)  # every summary is cached: no waiting


class _Run:
    """One compaction: the plan, then (once summaries exist) the exact re-plan and apply."""

    def __init__(self, session, config, counter, summarizer, summary_cache, token_cache, now, version):
        from inspector.engine.applier import MemorySummaryCache

        self.session, self.config, self.token_cache, self.now, self.version = (
            session, config, token_cache, now, version)
        self.counter = _counter(config, counter)
        self.cache = summary_cache if summary_cache is not None else MemorySummaryCache()
        self.summarizer = make_summarizer(config, summarizer)
        self.replan()

    def replan(self) -> None:
        self.plan = plan_session(self.session, self.config, counter=self.counter, token_cache=self.token_cache,
                                 summary_cache=self.cache, now=self.now, version=self.version)

    def apply(self, on_event, finalize, clear_rewriter) -> Compacted:
        from inspector.engine.applier import apply

        result = apply(self.session, self.plan, self.summarizer, self.counter, summary_cache=self.cache,
                       on_event=on_event, finalize=finalize, clear_rewriter=clear_rewriter,
                       version=self.version)
        return _label(result, self.cache)


def failure_types() -> tuple[type[BaseException], ...]:
    """Exceptions meaning "compaction failed, nothing written" (exit status 1)."""
    from inspector.engine.applier import CompactionFailed
    from inspector.engine.summarizers import SummaryFailed, SummaryRejected

    return (SummaryFailed, SummaryRejected, CompactionFailed)


# ---------------------------------------------------------------------------- sources


def _open_source(path: str | Path):
    from inspector.sources.base import open_source

    return open_source(path)


def _source_errors() -> tuple[type[BaseException], ...]:
    errs: list[type[BaseException]] = []
    try:
        from inspector.sources.base import SourceError

        errs.append(SourceError)
    except ImportError:  # pragma: no cover - store not installed
        pass
    from inspector.formats.openai_chat import ConversionError
    from inspector.sources.swe_agent import TrajError

    return (*errs, ConversionError, TrajError)


def load_session(source: str | Path, session_id: str | None = None) -> Session:
    """One session of a source file or database. Without `session_id` the source
    must hold exactly one session. Raises PipelineError naming the file."""
    from inspector.sources.base import SourceError, check_path

    path = Path(source)
    try:
        check_path(path)
    except SourceError as exc:
        raise PipelineError(str(exc)) from None
    try:
        with _open_source(path) as src:
            ids = list(src.session_ids())
            if session_id is None:
                if len(ids) == 1:
                    return src.read(ids[0])
                if not ids:
                    raise PipelineError(f"{path}: no session found")
                shown = ", ".join(ids[:8]) + (", ..." if len(ids) > 8 else "")
                raise PipelineError(f"{path}: {len(ids)} sessions; choose one with --session ({shown})")
            if session_id not in ids:
                raise PipelineError(f"{path}: no session {session_id!r} "
                                    f"(it has {len(ids)}: {', '.join(ids[:8])}{', ...' if len(ids) > 8 else ''})")
            return src.read(session_id)
    except PipelineError:
        raise
    except _source_errors() as exc:
        raise PipelineError(str(exc)) from None


def iter_sessions(source: str | Path, on_skip: Callable[[str], None] | None = None) -> Iterable[Session]:
    """Every session of a source, in its order. A directory is read file by file (in
    name order); a file there that is not a supported source is passed to `on_skip`
    (one line naming it) instead of stopping the whole run."""
    from inspector.sources.base import SourceError, check_path

    path = Path(source)
    try:
        check_path(path, directory_ok=True)
    except SourceError as exc:
        raise PipelineError(str(exc)) from None
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
        if not files:
            raise PipelineError(f"{path}: empty directory")
        for f in files:
            try:
                yield from _read_all(f)
            except PipelineError as exc:
                if on_skip is None:
                    raise
                on_skip(str(exc))
        return
    yield from _read_all(path)


def _read_all(path: Path) -> Iterable[Session]:
    try:
        with _open_source(path) as src:
            for sid in list(src.session_ids()):
                yield src.read(sid)
    except _source_errors() as exc:
        raise PipelineError(str(exc)) from None


# ------------------------------------------------------------------- export --all


@dataclass
class BatchItem:
    session_id: str
    ok: bool
    output: Path | None = None
    error: str | None = None
    result: Compacted | None = None


async def compact_many(
    sessions: Sequence[Session],
    config: CompactionConfig,
    write: Callable[[Session, Compacted], Path],
    *,
    concurrency: int = 4,
    summarizer: Summarizer | None = None,
    summary_cache: SummaryCache | None = None,
    counter: TokenCounter | None = None,
    on_event: EventHandler | None = None,
    on_done: Callable[[BatchItem], None] | None = None,
) -> list[BatchItem]:
    """Compact sessions concurrently (summaries wait on the network side by side),
    writing each result as soon as it is ready. A failed session is reported and
    written nowhere; the others go on. Results come back in input order."""
    counter = _counter(config, counter)
    summ = make_summarizer(config, summarizer)
    sem = asyncio.Semaphore(max(1, concurrency))
    failures = failure_types()

    async def one(s: Session) -> BatchItem:
        async with sem:
            try:
                result = await acompact_session(s, config, counter=counter, summarizer=summ,
                                                 summary_cache=summary_cache, on_event=on_event)
                out = write(s, result)
                item = BatchItem(s.id, True, out, result=result)
            except failures as exc:
                item = BatchItem(s.id, False, error=str(exc))
        if on_done is not None:
            on_done(item)
        return item

    return list(await asyncio.gather(*(one(s) for s in sessions)))
