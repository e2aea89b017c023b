"""What a plan says: per-message actions and reductions, the summaries, the stages.

Every type here is plain data: the planner fills it in, `apply` writes what it says,
the CLI, the TUI and the exports show it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from inspector.engine.config import CompactionConfig
from inspector.engine.validation import Problem


class Action(StrEnum):
    """What compaction does to one message. A `StrEnum`, so it compares equal to (and
    serializes as) its string value."""

    KEEP = "keep"
    TRUNCATE = "truncate"
    CLEAR = "clear"
    SUMMARIZE = "summarize"
    DROP = "drop"
    PRESERVE = "preserve"  # carried verbatim inside a summary


# The injection of a user-injected summary that tailoring dropped with its round.
EVICTED = "evicted"
# The injection of a summary of the turn in flight: an assistant message right after
# the current request (`summarize._place`).
IN_FLIGHT = "assistant"


def _read_only(self: Any, *args: Any, **kwargs: Any) -> None:
    raise TypeError("a reduction's clear_arguments is shared when empty: assign a new dict")


class _NoArguments(dict[str, str]):
    """The empty `clear_arguments` every reduction without cleared arguments shares: a
    first plan of a 100,000-message session made ~45,000 of them (~3 MB)."""

    __slots__ = ()
    __setitem__ = __delitem__ = update = setdefault = pop = popitem = clear = __ior__ = _read_only  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return dict, ()


NO_ARGUMENTS: dict[str, str] = _NoArguments()


def _no_arguments() -> dict[str, str]:
    return NO_ARGUMENTS


def _shared(self: Any, *args: Any, **kwargs: Any) -> None:
    raise TypeError("a plan's reductions are shared with the plans of the same reduction config: "
                    "copy them (dict(plan.reductions)) to change them")


class SharedReductions(dict[int, "Reduction"]):
    """The reductions of the stages' state for one reduction config, which every plan
    of that config holds as its `reductions` (read-only): a copy per plan was a dict of
    ~60,000 entries (~2.6 MB) on the 100,000-message bench session, made again on every
    re-plan (bench `rss_ratio_100k`). Pickled and deep-copied as a plain dict."""

    __slots__ = ()
    __setitem__ = __delitem__ = update = setdefault = pop = popitem = clear = __ior__ = _shared  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return dict, (dict(self),)


@dataclass(slots=True)
class Reduction:
    """How a message's content is rewritten by stages 1-3."""

    kind: Action  # TRUNCATE | CLEAR
    stage: str  # "truncation" | "compaction" | "clear"
    offload_id: str
    head_chars: int = 0  # truncate: characters kept from the start of each text part
    tail_chars: int = 0  # truncate: ... and from the end
    removed_chars: int = 0
    limit: int = 0  # truncate (stage 1): characters allowed per text part
    head_ratio: float = 0.5
    shown_tokens: int = 0  # clear: the token count the placeholder states
    clear_result: bool = False  # clear: the tool result text is replaced
    clear_arguments: dict[str, str] = field(default_factory=_no_arguments)  # clear: call id -> offload id (assigned whole)
    template: str = ""  # notice or placeholder template used
    fit_notice: bool = True  # truncate (stage 1): the notice counts within the limit


@dataclass
class SummarySpec:
    """One summary a plan makes: the range it replaces, what it carries verbatim, its
    size (exact once the text is cached) and where it is injected."""

    index: int
    start: int  # first summarized position
    end: int  # one past the last summarized position (the cutoff)
    preserved_users: list[int]
    preserved_tools: list[int]
    previous_summaries: list[int]
    replaced_tokens: int  # tokens (after reduction) of everything it replaces
    estimated_tokens: int
    exact: bool  # True when the summary text is known (from the summary cache)
    injection: str  # effective injection: system | system_merge | user | assistant (IN_FLIGHT) | evicted
    insert_at: int  # position (in input numbering) the summary goes before
    merge_into: int | None  # position of the message it is merged into, if any
    key: str = ""  # summary-cache key: (range, prompt, model)
    kept: list[int] = field(default_factory=list)  # inside the range but kept in place (the latest user message)
    # The word limit when the budget lowered it below summarization.max_summary_words
    # (`planning.summarize.shrink_summary`); None: the config's.
    max_words: int | None = None

    def word_limit(self, configured: int) -> int:
        """The words this summary may take: its own lowered limit, else `configured`."""
        return configured if self.max_words is None else self.max_words

    @property
    def evicted(self) -> bool:
        """Tailoring dropped this (user-injected) summary with the round it opened."""
        return self.injection == EVICTED

    @property
    def summarized(self) -> list[int]:
        """Positions folded into the summary text (the preserved ones are carried verbatim)."""
        keep = set(self.preserved_users) | set(self.preserved_tools) | set(self.kept)
        return [i for i in range(self.start, self.end) if i not in keep]


@dataclass
class StageResult:
    """What one stage of the plan (truncation, compaction, clear, summarize, tailor) did, or why not,
    and the context's tokens before and after it."""

    name: str
    enabled: bool
    ran: bool
    reason: str
    tokens_before: int
    tokens_after: int
    messages: int = 0

    @property
    def saved(self) -> int:
        """Tokens this stage took off the context."""
        return self.tokens_before - self.tokens_after


@dataclass
class TriggerCheck:
    """One summarization trigger checked: its value against its threshold, and whether it fired."""

    name: str
    fired: bool
    value: float
    threshold: float
    detail: str


@dataclass
class Cutoff:
    """Where summarization cuts: the position the keep settings ask for (`target`) and the
    safe one it moved to (`final`, never inside a tool-call pair), with the reason."""

    target: int
    final: int
    reason: str


@dataclass
class PlanWarning:
    """Something the user should know about a plan (`code` is stable, `message` says it)."""

    code: str
    message: str
    positions: list[int] = field(default_factory=list)


@dataclass
class Plan:
    """What a compaction would do to a session, message by message, before anything is
    written: each message's action and tokens before and after, the reductions, the
    summaries, each stage's and trigger's result, and the warnings."""

    session_id: str
    counter: str
    counter_exact: bool
    config: CompactionConfig
    actions: list[Action]
    tokens_before: list[int]
    tokens_after: list[int]
    reductions: dict[int, Reduction]
    summaries: list[SummarySpec]
    stages: list[StageResult]
    triggers: list[TriggerCheck]
    triggered: bool
    cutoff: Cutoff | None
    warnings: list[PlanWarning]
    input_problems: list[Problem]
    notes: list[str]
    context_window: int
    reply_priming: int

    @property
    def total_before(self) -> int:
        """Tokens of the context as it is, the reply priming included."""
        return sum(self.tokens_before) + self.reply_priming

    @property
    def total_after(self) -> int:
        """Tokens of the context after the plan, summaries at their (estimated or exact) size."""
        extra = sum(s.estimated_tokens for s in self.summaries)
        return sum(self.tokens_after) + extra + self.reply_priming

    @property
    def estimated(self) -> bool:
        """True while a summary the plan applies is not generated yet: `total_after`
        then counts its estimated size, and every screen says "estimated"."""
        return any(not s.exact for s in self.applied_summaries())

    @property
    def saved(self) -> int:
        """Tokens the plan takes off the context."""
        return self.total_before - self.total_after

    @property
    def tokens_until_trigger(self) -> int | None:
        """How many more tokens of context before the summarization trigger fires: 0
        when it has fired, None when no token trigger is configured (only a message
        count or idle time). With several token triggers, the nearest."""
        if self.triggered:
            return 0
        gaps = [int(t.threshold - t.value) for t in self.triggers if t.name in ("context_tokens", "context_ratio")]
        return max(0, min(gaps)) if gaps else None

    @property
    def changed(self) -> bool:
        """True when any message is not kept as it is."""
        return any(a != Action.KEEP for a in self.actions)

    def applied_summaries(self) -> list[SummarySpec]:
        """The summaries that reach the output: all but those tailoring evicted."""
        return [s for s in self.summaries if not s.evicted]

    def stage(self, name: str) -> StageResult:
        """The result of the stage called `name` (truncation, compaction, clear, summarize or tailor)."""
        return next(s for s in self.stages if s.name == name)

    def action_counts(self) -> dict[str, int]:
        """Messages per action, every action present (keyed by the action's value)."""
        found = Counter(self.actions)  # counted in C: the TUI shows them on every knob move
        return {a.value: found.get(a, 0) for a in Action}

    def to_dict(self, messages: bool = True) -> dict[str, Any]:
        """The plan as JSON-ready data (what `inspector plan --json` prints).

        Args:
            messages: include one entry per message (action and tokens).

        Returns:
            A dict of plain values.
        """
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

