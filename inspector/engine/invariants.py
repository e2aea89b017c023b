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
4. `budget`: with tailoring on, the result fits `tailoring_budget()`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from inspector.engine.models import SYSTEM_ROLES, Message, Part

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
) -> list[Violation]:
    """The invariants `after` (a compaction of `before` under `config`) breaks.

    Args:
        before: the input messages.
        after: the compacted messages.
        config: the config that produced them (opt-outs, budget).
        lineage: per output message, the input positions it came from; lets an
            output message that was already empty in the input pass.
        total_after: the result's token total, for the budget; None skips it.

    Returns:
        The violations, empty when the result is safe to write.
    """
    out: list[Violation] = []
    if any(m.role not in SYSTEM_ROLES for m in before) and all(m.role in SYSTEM_ROLES for m in after):
        out.append(Violation(NON_SYSTEM, f"all {len(after)} output message(s) are system messages "
                                         "(providers need at least one user or assistant message)", 1))
    u = latest_user(before)
    if u is not None and config.summarization.keep.latest_user:
        want = before[u].parts
        if not any(m.role == "user" and _contains(m.parts, want) for m in after):
            out.append(Violation(LATEST_USER, f"the latest user message (input position {u}) is not in the "
                                              "output verbatim", 1))
    empties = []
    for k, m in enumerate(after):
        if not is_empty(m):
            continue
        origin = lineage[k] if lineage is not None and k < len(lineage) else ()
        if len(origin) == 1 and origin[0] < len(before) and is_empty(before[origin[0]]):
            continue  # empty in the input already
        empties.append(k)
    if empties:
        out.append(Violation(NO_EMPTY, f"{len(empties)} output message(s) are empty (first at {empties[0]})",
                             len(empties)))
    if total_after is not None and config.tailoring.enabled:
        budget = config.tailoring_budget()
        if total_after > budget:
            out.append(Violation(BUDGET, f"{total_after:,} tokens, {total_after - budget:,} over the "
                                         f"{budget:,} token budget", total_after - budget))
    return out
