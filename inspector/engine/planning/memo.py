"""What successive plans of one session share: counts of generated text and stage
results per config, each in a bounded memo, so re-planning on every keypress does
list arithmetic and memory stays bounded however many configs are tried.
"""

from __future__ import annotations

from array import array
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from inspector.engine.analysis import Analysis
from inspector.engine.bounded import Memo
from inspector.engine.planning.results import Action, Reduction, SharedReductions, StageResult
from inspector.engine.tokens import TextCountCache, TokenCounter

if TYPE_CHECKING:
    from inspector.engine.content import Kind
    from inspector.engine.planning.clear import Cleared, ClearItems
    from inspector.engine.planning.truncation import Chunks

@dataclass
class Reduced:
    """The context after some stages, for one reduction config. Shared by every plan
    with that config, so read-only: a plan copies the lists before changing them, and
    holds the reductions themselves (`SharedReductions`, which refuses changes)."""

    cur: list[int]
    actions: list[Action]
    reductions: SharedReductions
    total: int
    stages: list[StageResult] = field(default_factory=list)


# (tokens after, head chars, tail chars, removed chars) of a truncated tool result
Truncation = tuple[int, int, int, int]

class ClearResults:
    """What clearing makes of each tool result under one placeholder setting: (its
    position, its tokens) -> (the placeholder's tokens, the reduction, or None where
    the placeholder would not be smaller).

    Kept in columns by position, not as a dict of pairs: a first plan of the
    100,000-message bench session made ~34,000 entries, each a key tuple, a value
    tuple and a dict slot (~6 MB beside the reductions, bench `rss_ratio_100k`). A
    position's first token count sits in the columns (8 + 8 + 8 bytes a position);
    another count of the same position (a truncation setting that changed the result)
    in a bounded overflow memo, as every entry was before.
    """

    __slots__ = ("_more", "_new", "_reductions", "_tokens")

    def __init__(self, limit: int = 200_000) -> None:
        """`limit`: the most entries the overflow keeps (oldest forgotten first)."""
        self._tokens = array("q")  # the token count each position's column entry is for; -1: none
        self._new = array("q")
        self._reductions: list[Reduction | None] = []
        self._more: Memo[tuple[int, int], tuple[int, Reduction | None]] = Memo(limit)

    def known(self, position: int, tokens: int) -> bool:
        """Is the result of `position` at `tokens` tokens kept?"""
        if position < len(self._tokens) and self._tokens[position] == tokens:
            return True
        return self._more.get((position, tokens)) is not None

    def get(self, position: int, tokens: int) -> tuple[int, Reduction | None] | None:
        """(placeholder tokens, reduction) of `position` at `tokens` tokens, or None.

        Args:
            position: the tool result's position.
            tokens: its tokens in the state cleared.

        Returns:
            What `put` kept for them, or None.
        """
        if position < len(self._tokens) and self._tokens[position] == tokens:
            return self._new[position], self._reductions[position]
        return self._more.get((position, tokens))

    def put(self, position: int, tokens: int, new_tokens: int, reduction: Reduction | None) -> None:
        """Keep what clearing `position` at `tokens` tokens gives.

        Args:
            position: the tool result's position.
            tokens: its tokens in the state cleared.
            new_tokens: the placeholder's tokens.
            reduction: the reduction, or None where the placeholder is not smaller.
        """
        columns = self._tokens
        if position >= len(columns):
            grow = position + 1 - len(columns)
            columns.extend([-1] * grow)
            self._new.extend([0] * grow)
            self._reductions.extend([None] * grow)
        if columns[position] == -1 and 0 <= tokens < 2**63 and 0 <= new_tokens < 2**63:
            columns[position] = tokens
            self._new[position] = new_tokens
            self._reductions[position] = reduction
        elif columns[position] != tokens:
            self._more.put((position, tokens), (new_tokens, reduction))

    def prefix(self, keep: int) -> ClearResults:
        """The entries of the positions before `keep` (a new object)."""
        out = ClearResults(self._more.limit)
        out._tokens = self._tokens[:keep]
        out._new = self._new[:keep]
        out._reductions = self._reductions[:keep]
        for key, value in self._more.items():
            if key[0] < keep:
                out._more.put(key, value)
        return out


# Generated texts per session are few (one notice or placeholder per result and
# setting); the bound only matters when a session is re-planned for very long.
TEXT_LIMIT = 100_000
# Whole stage results: a few recent configs (the one being tuned and its neighbours).
STATE_LIMIT = 6


class PlanMemo:
    """Per-(session, counter) state shared by successive plans (on the `Analysis`)."""

    def __init__(self, counter: TokenCounter, shared: PlanMemo | None = None):
        """`shared`: a memo of another context of the same session (replay's contexts,
        call after call), whose counts of generated text this one uses and adds to:
        they are keyed by what determines the text (offload ids stand for a message's
        content and position), never by position alone."""
        if shared is None:
            self.texts = TextCountCache(counter)
            # token counts of generated text, keyed by what determines the text
            self.truncations: Memo[Hashable, Truncation] = Memo(TEXT_LIMIT)  # stage 1
            self.fits: Memo[Hashable, Truncation | None] = Memo(TEXT_LIMIT)  # stage 2, pass 2
            self.placeholders: Memo[Hashable, int] = Memo(TEXT_LIMIT)
            self.arguments: Memo[Hashable, tuple[int, int]] = Memo(TEXT_LIMIT)  # (before, after)
            self.chunks: Memo[Hashable, Chunks] = Memo(TEXT_LIMIT)  # long tool outputs, for truncation
        else:
            self.texts = shared.texts
            self.truncations = shared.truncations
            self.fits = shared.fits
            self.placeholders = shared.placeholders
            self.arguments = shared.arguments
            self.chunks = shared.chunks
        # stage results per config
        self.reduced: Memo[Hashable, Reduced] = Memo(STATE_LIMIT)
        self.cleared: Memo[Hashable, Cleared] = Memo(STATE_LIMIT)
        self.clear_items: Memo[Hashable, ClearItems] = Memo(3)
        # clear: (position, its tokens) -> (placeholder tokens, reduction), per placeholder
        self.clear_results: Memo[Hashable, ClearResults] = Memo(STATE_LIMIT)
        self.clear_arguments: Memo[Hashable, tuple[int, int, dict[str, str]]] = Memo(TEXT_LIMIT)
        # the task's position (`planner.task_position`), found on first use
        self.task: int | None = None
        # the kinds of `planner.RequestKinds`' windows, by (start, end)
        self.request_kinds: Memo[tuple[int, int], tuple[Kind, ...]] = Memo(8)


    def carry(self, prev: PlanMemo, keep: int) -> None:
        """Take over what `prev`, the memo of another context of the same session,
        worked out per message for its first `keep` messages, when this context's first
        `keep` messages are the same (the same content, so the same offload ids: what
        clearing makes of each result and call's arguments)."""
        for key, results in prev.clear_results._data.items():
            self.clear_results.put(key, results.prefix(keep))
        self.clear_arguments._data = {k: v for k, v in prev.clear_arguments._data.items()
                                      if isinstance(k, tuple) and k[0] < keep}


def memo_for(a: Analysis, counter: TokenCounter) -> PlanMemo:
    """The memo of `a` (an analysis is per session and counter), made on first use."""
    memo = a.plan_memo
    if memo is None:
        memo = a.plan_memo = PlanMemo(counter)
    return memo
