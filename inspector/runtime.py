"""The runtime API: what a production agent imports.

    from inspector import Compactor

    compactor = Compactor.from_toml("inspector.toml")     # the file the TUI saves
    messages = compactor.compact(messages)                # OpenAI chat dicts in and out
    messages = await compactor.acompact(messages)         # same, for an event loop

`compact` runs exactly the pipeline the CLI and the TUI run (`inspector.service.pipeline`):
plan, generate the summaries (LiteLLM with retry and failover, or the offline
extractive summarizer), apply. Below the trigger it changes nothing, and it
recognises its own earlier summaries, so calling it on every turn folds the previous
summary into the next one (incremental summaries).

Content that compaction removed (truncated and cleared tool outputs, cleared
arguments, the messages a summary replaced) is kept in an offload store; `recover(offload_id, offset, limit)` gives it
back, for a tool the agent exposes (see `recovery_tool()`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from inspector.engine.config import CompactionConfig, preset
from inspector.service.recover import MemoryOffloadStore, OffloadNotFound, OffloadStore

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import ClearRewriter, Compacted, Finalizer, SummaryCache
    from inspector.engine.models import Session
    from inspector.engine.planning import Plan
    from inspector.engine.summarize import EventHandler, Summarizer
    from inspector.engine.tokens import TokenCounter
    from inspector.service.pipeline import CompactOptions


def _to_chat(messages: Any) -> list[dict[str, Any]]:
    """OpenAI chat dicts exactly as `inspector export --format openai-json` writes them
    (untouched messages verbatim; reasoning and thinking blocks kept on changed ones)."""
    from inspector.formats.openai_chat import to_openai_chat

    return to_openai_chat(messages)


class Compactor:
    """Compacts an agent's messages with a tuned config, in-process.

    Extension points (as Eino, trpc and Sagents offer them):
      counter        any `inspector.engine.tokens.TokenCounter` (default: the config's)
      summarizer     any `Summarizer` (default: LiteLLM if the config names a model,
                     else extractive)
      finalize       (original messages, summary message) -> messages standing for it
                     (Eino Finalize), canonical `Message`s
      clear_rewriter (call message, its results) -> replacement messages, for tool
                     calls whose arguments were cleared (Eino ClearMessageRewriter)
      on_event       called with each `SummaryEvent` (before, attempt, after, failed)
      offloads       where removed content goes (default: in memory; pass a
                     `WorkspaceOffloadStore` to read back what `inspector apply` saved)
      summary_cache  reuse summaries across calls (default: in memory, per Compactor)
      clock          () -> aware datetime for the idle-time trigger (default: the
                     system clock); chat dicts carry no time, so a message is dated
                     when this Compactor first saw it
    """

    def __init__(
        self,
        config: CompactionConfig | None = None,
        *,
        counter: TokenCounter | None = None,
        summarizer: Summarizer | None = None,
        finalize: Finalizer | None = None,
        clear_rewriter: ClearRewriter | None = None,
        on_event: EventHandler | None = None,
        offloads: OffloadStore | None = None,
        summary_cache: SummaryCache | None = None,
        session_id: str = "runtime",
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        from inspector.engine.applier import MemorySummaryCache

        self.config = config if config is not None else preset("balanced")
        if not isinstance(self.config, CompactionConfig):
            raise TypeError("config must be a CompactionConfig (use Compactor.from_toml for a file)")
        self._counter = counter
        self._summarizer = summarizer
        self.finalize = finalize
        self.clear_rewriter = clear_rewriter
        self.on_event = on_event
        self.offloads: OffloadStore = offloads if offloads is not None else MemoryOffloadStore()
        self.summary_cache: SummaryCache = summary_cache if summary_cache is not None else MemorySummaryCache()
        self.session_id = session_id
        self.last: Compacted | None = None
        from inspector.service.pipeline import system_clock

        self.clock = clock or system_clock
        self._seen: dict[str, datetime] = {}  # content hash -> when first seen

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_toml(cls, path: str | os.PathLike[str], **kwargs: Any) -> Compactor:
        """A Compactor for the config file the TUI saves (`inspector config init` writes one)."""
        from inspector.service.config import load_config

        return cls(load_config(path), **kwargs)

    @classmethod
    def from_preset(cls, name: str, **kwargs: Any) -> Compactor:
        """A compactor with the named preset's config (`balanced`, `sagents`, ...); `kwargs` as in the constructor."""
        return cls(preset(name), **kwargs)

    @property
    def counter(self) -> TokenCounter:
        """The token counter the config names (made on first use)."""
        if self._counter is None:
            from inspector.engine.planning import counter_for

            self._counter = counter_for(self.config)
        return self._counter

    @property
    def summarizer(self) -> Summarizer:
        """The summarizer the config names (made on first use)."""
        if self._summarizer is None:
            from inspector.llm import summarizer_for

            self._summarizer = summarizer_for(self.config)
        return self._summarizer

    # ------------------------------------------------------------------- conversion

    def session(self, messages: Sequence[dict[str, Any]], session_id: str | None = None) -> Session:
        """The canonical session for OpenAI chat message dicts; our earlier summaries
        are recognised by the config's summary prefix."""
        from inspector.engine.models import Session
        from inspector.formats.openai_chat import from_openai

        msgs = from_openai(list(messages), summary_prefix=self.config.summarization.summary_prefix or None)
        now = self.clock()
        seen = {}
        for m in msgs:
            if m.timestamp is None:  # dated when first seen, for the idle-time trigger
                m.timestamp = seen[m.content_hash] = self._seen.get(m.content_hash, now)
        self._seen = seen
        return Session(id=session_id or self.session_id, source_format="openai-chat", messages=msgs)

    # -------------------------------------------------------------------- pipeline

    def plan(self, messages: Sequence[dict[str, Any]], *, session_id: str | None = None) -> Plan:
        """What `compact` would do, without doing it (no summary is generated)."""
        from inspector.service.pipeline import plan_session

        return plan_session(self.session(messages, session_id), self.config, counter=self.counter,
                            summary_cache=self.summary_cache, now=self.clock())

    def _options(self) -> CompactOptions:
        # fallback: under summarization.on_failure = "keep" an agent is never halted by a
        # result that would break an invariant (Sagents: keep everything, do not halt)
        return {"counter": self.counter, "summarizer": self.summarizer, "summary_cache": self.summary_cache,
                "on_event": self.on_event, "finalize": self.finalize, "clear_rewriter": self.clear_rewriter,
                "now": self.clock(), "fallback": True}

    def _kept(self, result: Compacted) -> Compacted:
        """`result`, its offloads stored for `recover`, kept as `last`."""
        self.offloads.put_offloads(result.offloads)
        self.last = result
        return result

    def compact_session(self, session: Session) -> Compacted:
        """Plan + apply on a canonical session (the service's `compact_session`, a
        driver of the engine's compaction flow); offloads are stored for `recover`."""
        from inspector.service.pipeline import compact_session

        return self._kept(compact_session(session, self.config, **self._options()))

    async def acompact_session(self, session: Session) -> Compacted:
        """`compact_session` for an event loop (summary calls are awaited)."""
        from inspector.service.pipeline import acompact_session

        return self._kept(await acompact_session(session, self.config, **self._options()))

    def compact(self, messages: Sequence[dict[str, Any]], *, session_id: str | None = None) -> list[dict[str, Any]]:
        """Compacted OpenAI chat message dicts. Messages compaction leaves alone come
        back as the very dicts passed in. Raises SummaryFailed / CompactionFailed
        (the input is never modified); under summarization.on_failure = "keep" a summary
        that fails, or a result that would break an invariant, falls back instead (to
        the reductions that need no model, else the unchanged history) and `on_event`
        gets a "kept" or "fallback" event."""
        return _to_chat(self.compact_session(self.session(messages, session_id)).messages)

    async def acompact(self, messages: Sequence[dict[str, Any]], *,
                       session_id: str | None = None) -> list[dict[str, Any]]:
        """`compact` for async agents: the compacted Chat Completions messages.

        Args:
            messages: the conversation as Chat Completions message dicts.
            session_id: the session's id (offloads and logs name it); a fresh one when None.

        Returns:
            The messages to send, as Chat Completions message dicts.
        """
        return _to_chat((await self.acompact_session(self.session(messages, session_id))).messages)

    # -------------------------------------------------------------------- recovery

    def recover(self, offload_id: str, offset: int = 0, limit: int | None = None) -> str:
        """Content that reduction removed, by the id its notice or placeholder shows
        (trpc's on-demand recovery). `offset`/`limit` are in characters."""
        return self.offloads.recover(offload_id, offset, limit)

    def recovery_tool(self) -> dict[str, Any]:
        """An OpenAI function-tool definition for `recover`, named as the config's
        notices tell the model to call it (`recovery_tool`)."""
        from inspector.engine.recovery_tool import recovery_tool_function

        return {"type": "function", "function": recovery_tool_function(self.config.recovery_tool)}

    def handle_recovery_call(self, arguments: str | dict[str, Any]) -> str:
        """Run a recovery tool call (its JSON arguments); errors come back as text the
        model can read."""
        import json

        try:
            args = json.loads(arguments) if isinstance(arguments, str) else dict(arguments)
            return self.recover(str(args["id"]), int(args.get("offset") or 0),
                                int(args["limit"]) if args.get("limit") is not None else None)
        except OffloadNotFound as exc:
            return f"error: {exc}"
        except (ValueError, KeyError, TypeError) as exc:
            return f"error: bad arguments for {self.config.recovery_tool}: {exc}"
