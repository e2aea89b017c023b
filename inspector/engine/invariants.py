"""What every compaction result must hold before it is written or sent.

`validate()` finds what a provider rejects in any message list; these invariants
compare a result with its input and config. Each broken one is an error: `apply`
raises `InvariantViolated` (a `CompactionFailed`) before anything is written.

1. `non_system_message`: the output has a message that is not a system message
   (Anthropic rejects a request without one).
2. `latest_user_kept`: the latest user message of the input is in the output with
   its parts verbatim (a summary merged in front of it is allowed). A config opts out
   with `summarization.keep.latest_user = false`; the plan then warns.
3. `no_empty_message`: compaction made no message empty (no text, no media, no calls).
4. `budget`: every budget the config sets and the plan promises is met:
   - the tailoring budget (`tailoring_budget()`), with tailoring on: the final budget,
     met whatever the plan (a plan that cannot meet it warns `over_budget`, and apply
     then fails);
   - each summary's share: its own text is at most `summary_share()` tokens
     (max_summary_words x TOKENS_PER_WORD, what the plan reserves for it; an
     over-long model summary is trimmed to it before it is accepted);
   - the summarization trigger after compaction (its token thresholds, context_tokens
     and context_ratio of the window, counted as the planner counts them, since the
     last summary when `since_last_summary`), when the plan promised to end below it:
     it evaluated the trigger and did not warn `still_over_trigger`. Synaptic's
     "staying within budget" is this promise; a plan that cannot keep it says so
     instead, as the trigger is a target, not a limit (tailoring is the limit).
   Not here: per-message limits (truncation.max_chars, the compaction thresholds,
   preserve_tools' per-item cap) are how the reductions rewrite a message, exact by
   construction and tested stage by stage; keep and preserve budgets choose what stays
   and yield to the latest user message, so they promise no size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from inspector.engine.models import SYSTEM_ROLES, Message, Part
from inspector.engine.summarize.protocol import summary_share_tokens
from inspector.engine.validation import same_objects
from inspector.engine.wording import plural

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.config import CompactionConfig

NON_SYSTEM = "non_system_message"
LATEST_USER = "latest_user_kept"
NO_EMPTY = "no_empty_message"
BUDGET = "budget"
INVARIANTS = (NON_SYSTEM, LATEST_USER, NO_EMPTY, BUDGET)


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken invariant: which, where, and by how much (`excess`, tokens or messages)."""

    invariant: str
    detail: str
    excess: int = 0

    def __str__(self) -> str:
        return f"invariant {self.invariant} broken: {self.detail}"


def summary_share(config: CompactionConfig) -> int:
    """Tokens a summary's own text may take (the planner's and the summarizers' share)."""
    return summary_share_tokens(config.summarization.max_summary_words)


def latest_user(messages: Sequence[Message]) -> int | None:
    """Position of the latest user message (not a summary record), or None."""
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        if m.role == "user" and m.kind == "message":
            return i
    return None


def is_empty(m: Message) -> bool:
    """True when a model would receive nothing from `m`."""
    if m.tool_calls or m.role == "tool":
        return False  # a call, or a result answering one (its text may legitimately be empty)
    return not any(p.text.strip() or p.type != "text" or p.data for p in m.parts)


def _contains(parts: list[Part], sub: list[Part]) -> bool:
    """`sub` appears in `parts` as a contiguous run (a merged summary may precede it)."""
    if not sub:
        return True
    k = len(sub)
    return any(parts[j:j + k] == sub for j in range(len(parts) - k + 1))


def check(
    before: Sequence[Message],
    after: Sequence[Message],
    config: CompactionConfig,
    *,
    lineage: Sequence[Sequence[int]] | None = None,
    total_after: int | None = None,
    summary_tokens: Sequence[int] = (),
    trigger_tokens: int | None = None,
) -> list[Violation]:
    """The invariants `after` (a compaction of `before` under `config`) breaks.

    Args:
        before: the input messages.
        after: the compacted messages.
        config: the config that produced them (opt-outs, budgets).
        lineage: per output message, the input positions it came from; lets an
            output message that was already empty in the input pass.
        total_after: the result's token total, for the tailoring budget; None skips it.
        summary_tokens: the tokens of each summary's own text, for its share.
        trigger_tokens: the result's tokens as the summarization trigger counts them,
            given when the plan promised to end below the trigger; None skips it.

    Returns:
        The violations, empty when the result is safe to write.
    """
    out: list[Violation] = []
    if any(m.role not in SYSTEM_ROLES for m in before) and all(m.role in SYSTEM_ROLES for m in after):
        out.append(Violation(NON_SYSTEM, f"all {plural(len(after), 'output message')} are system messages "
                                         "(providers need at least one user or assistant message)", 1))
    u = latest_user(before)
    if u is not None and config.summarization.keep.latest_user:
        want = before[u].parts
        # from the end: it is the latest message of the input, so near the output's end
        if not any(m.role == "user" and _contains(m.parts, want) for m in reversed(after)):
            out.append(Violation(LATEST_USER, f"the latest user message (input position {u}) is not in the "
                                              "output verbatim", 1))
    empties = []
    # The output's leading messages that are the input's own, from their own positions
    # (lineage [k] at k), are empty only if they were: not examined again.
    for k in range(_own_prefix(before, after, lineage), len(after)):
        m = after[k]
        if not is_empty(m):
            continue
        origin = lineage[k] if lineage is not None and k < len(lineage) else ()
        if len(origin) == 1 and origin[0] < len(before) and is_empty(before[origin[0]]):
            continue  # empty in the input already
        empties.append(k)
    if empties:
        out.append(Violation(NO_EMPTY, f"{plural(len(empties), 'output message')} {'is' if len(empties) == 1 else 'are'} empty (first at {empties[0]})",
                             len(empties)))
    if total_after is not None and config.tailoring.enabled:
        budget = config.tailoring_budget()
        if total_after > budget:
            out.append(Violation(BUDGET, f"{total_after:,} tokens, {total_after - budget:,} over the "
                                         f"{budget:,} token budget", total_after - budget))
    share = summary_share(config)
    for k, tokens in enumerate(summary_tokens):
        if tokens > share:
            out.append(Violation(BUDGET, f"summary {k + 1} is {tokens:,} tokens, {tokens - share:,} over its "
                                         f"{share:,} token share (summarization.max_summary_words)", tokens - share))
    if trigger_tokens is not None:
        limit = _trigger_limit(config, trigger_tokens)
        if limit is not None:
            out.append(Violation(BUDGET, f"{trigger_tokens:,} tokens after compaction, {trigger_tokens - limit:,} "
                                         f"over the {limit:,} token summarization trigger the plan ended below",
                                 trigger_tokens - limit))
    return out


# [[0], [1], ...]: the lineage of messages kept where they were, compared in one go.
_SINGLES: list[list[int]] = []


def _own_prefix(before: Sequence[Message], after: Sequence[Message], lineage: Sequence[Sequence[int]] | None) -> int:
    """How many leading messages of `after` are the very objects at the same positions of
    `before`, each with lineage `[k]` (0 when the lineage says otherwise)."""
    if lineage is None:
        return 0
    k = same_objects(after, before)
    if len(_SINGLES) < k:
        _SINGLES.extend([j] for j in range(len(_SINGLES), k))
    return k if len(lineage) >= k and lineage[:k] == _SINGLES[:k] else 0


def _trigger_limit(config: CompactionConfig, tokens: int) -> int | None:
    """The token threshold `tokens` still fires (combined as the config combines its
    token triggers), or None. Under combine = "all" with a message trigger the promise
    depends on counts, not tokens: None."""
    from inspector.engine.planning.summarize import evaluate

    tr = config.summarization.trigger
    if tr.combine == "all" and tr.messages:
        return None
    tokens_only = tr.model_copy(update={"messages": 0, "idle_seconds": 0.0})
    checks, fired = evaluate(tokens_only, tokens, 0, "after compaction", None, config.context_window)
    if not fired:
        return None
    return min(int(c.threshold) for c in checks if c.fired)
