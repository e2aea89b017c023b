"""Fidelity's general signals (`engine.fidelity_signals`, blended by `engine.fidelity_blend`):
recency (does the replacement reach where the removed range ended?) and narrative (is
it written as statements or as fragments?), each on a small made-up session."""

from __future__ import annotations

import math
import random

import pytest

from inspector.engine.content import Kind
from inspector.engine.fidelity import fidelity
from inspector.engine.fidelity_blend import CUT_LOST, blend
from inspector.engine.fidelity_signals import (
    FirstSeenKeys,
    Recency,
    keys_first_seen_in,
    keys_first_shown,
    narrative,
    recency,
)
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user

TASK = "The nightly export writes an empty CSV for accounts with a zero balance. Find out why and fix it."


def _session() -> list[Message]:
    """A function-calling agent: it finds the cause early, then edits, tests, and ends
    with a failing migration check just before the cut (message 13)."""
    return [
        sys("You are a coding agent. Use the tools."),
        user(TASK),
        asst("Let me read the exporter.", [("c1", "read_file", '{"path": "exporter/writer.py"}')]),
        tool("c1", "def rows(accounts):\n    return [a for a in accounts if a.balance]\n"),
        asst("The filter `if a.balance` drops accounts whose balance is zero: that is the empty CSV.",
             [("c2", "bash", '{"command": "grep -rn balance exporter"}')]),
        tool("c2", "exporter/writer.py:2: return [a for a in accounts if a.balance]\nexporter/schema.py:7: balance"),
        asst("I will change the filter to `a.balance is not None`.",
             [("c3", "edit_file", '{"path": "exporter/writer.py", "old": "if a.balance", '
                                   '"new": "if a.balance is not None"}')]),
        tool("c3", "Edited exporter/writer.py"),
        asst("Now run the exporter tests.", [("c4", "bash", '{"command": "pytest tests/test_writer.py -q"}')]),
        tool("c4", "7 passed in 0.41s"),
        asst("Tests pass. The ledger migration must also accept zero balances; check it.",
             [("c5", "bash", '{"command": "python manage.py check_migrations --ledger quarterly"}')]),
        tool("c5", "MigrationConflict: ledger.0042_quarterly_rollup conflicts with ledger.0041_archive_flags"),
        asst("The quarterly rollup migration 0042 conflicts with 0041_archive_flags; I will rebase 0042 on 0041.",
             [("c6", "bash", '{"command": "python manage.py makemigrations ledger --merge"}')]),
        tool("c6", "Created ledger/migrations/0043_merge_rollup_archive.py"),
        asst("The merge migration exists; next I run check_migrations again."),
    ]


CUT = 14  # the compaction keeps the system prompt, the summary, and messages 14..

FAITHFUL = ("The task: the nightly export wrote an empty CSV for zero-balance accounts. The cause was the filter "
            "`if a.balance` in exporter/writer.py, which dropped accounts whose balance is zero; I changed it to "
            "`a.balance is not None` and the exporter tests passed (7 passed). Then check_migrations failed with a "
            "MigrationConflict: the quarterly rollup migration 0042 conflicts with 0041_archive_flags, so I ran "
            "makemigrations --merge for the ledger.")
# The same writer, accurate, but stopping halfway: nothing of the migration conflict.
STALE = ("The task: the nightly export wrote an empty CSV for zero-balance accounts. The cause was the filter "
         "`if a.balance` in exporter/writer.py, which dropped accounts whose balance is zero; I changed it to "
         "`a.balance is not None` and the exporter tests passed (7 passed).")
# The same facts as FAITHFUL, as a list of strings.
FRAGMENTS = ("empty CSV\nzero balance\nexporter/writer.py\nif a.balance\na.balance is not None\n7 passed\n"
             "check_migrations\nMigrationConflict\n0042_quarterly_rollup\n0041_archive_flags\nmakemigrations --merge")


def _compacted(summary: str) -> list[Message]:
    msgs = _session()
    return [msgs[0], user(summary), *msgs[CUT:]]


def test_a_stale_summary_scores_below_the_faithful_one_and_says_why():
    original = _session()
    faithful, stale = fidelity(original, _compacted(FAITHFUL)), fidelity(original, _compacted(STALE))
    assert faithful.recency.reach > stale.recency.reach
    assert stale.recency.early > stale.recency.late
    assert faithful.score > stale.score
    # the finding says which part of the range the summary stops short of
    found = [it for it in stale.items if it.kind == "recency"]
    assert found and found[0].status == "stale" and "of the range's first half" in found[0].text
    assert not [it for it in faithful.items if it.kind == "recency"]
    assert stale.to_dict()["signals"]["reach"] < faithful.to_dict()["signals"]["reach"]


def test_a_fragment_list_scores_below_a_narrative_summary_with_the_same_facts():
    original = _session()
    prose, fragments = fidelity(original, _compacted(FAITHFUL)), fidelity(original, _compacted(FRAGMENTS))
    assert prose.narrative == 1.0 and fragments.narrative < 0.2
    assert prose.score > fragments.score


def test_nothing_removed_or_nothing_written_costs_nothing_by_the_signals():
    original = _session()
    same = fidelity(original, original)
    assert same.recency.reach == 1.0 and same.narrative == 1.0 and same.score == same.items_score
    dropped = fidelity(original, [original[0], *original[CUT:]])
    assert dropped.narrative == 1.0  # nothing written: no prose to ask about
    assert dropped.recency.reach == 0.0 and dropped.score < dropped.items_score


def test_recency_compares_the_end_of_the_range_with_its_start():
    weights = {i: (1.0, {f"w:{i}": 1.0}) for i in range(8)}  # each message one distinctive word
    work = [Kind.ACTION] * 8  # every message is work (no system prompt or task among them)
    covers_start = recency(list(range(8)), work, weights.__getitem__, {"w:0", "w:1", "w:2"})
    covers_end = recency(list(range(8)), work, weights.__getitem__, {"w:6", "w:7"})
    covers_all = recency(list(range(8)), work, weights.__getitem__, {f"w:{i}" for i in range(8)})
    assert covers_start.reach == 0.0 and covers_start.stale
    assert covers_end.reach == 1.0 and not covers_end.stale
    assert covers_all.reach == 0.5 and not covers_all.stale
    assert (covers_end.first_late, covers_end.last) == (6, 7)
    assert Recency().reach == 1.0 and narrative(0, 0) == 1.0 and narrative(1, 4) == 0.25


# The same writer, accurate, stopping at the cause: nothing of the edit, the tests, the migration.
FIRST_HALF = ("The task: the nightly export wrote an empty CSV for zero-balance accounts. The cause was the filter "
              "`if a.balance` in exporter/writer.py, which dropped accounts whose balance is zero.")


def test_a_summary_naming_nothing_of_the_ranges_second_half_is_reported_as_losing_the_state_at_the_cut():
    original = _session()
    faithful, first_half = fidelity(original, _compacted(FAITHFUL)), fidelity(original, _compacted(FIRST_HALF))
    assert first_half.recency.cut == 0.0 < faithful.recency.cut
    found = [it for it in first_half.items if it.kind == "state_at_cut"]
    assert found and found[0].status == "stale" and "first seen in the range's second half" in found[0].text
    assert found[0] in first_half.lost()
    assert not [it for it in faithful.items if it.kind == "state_at_cut"]
    # weighed since session 12: such a replacement keeps CUT_LOST of what its items and recency give
    assert first_half.score == blend(first_half.items_score, first_half.recency.reach, first_half.narrative,
                                     cut_lost=True)
    assert first_half.score == pytest.approx(CUT_LOST * blend(first_half.items_score, first_half.recency.reach,
                                                              first_half.narrative))
    assert faithful.score == blend(faithful.items_score, faithful.recency.reach, faithful.narrative)
    assert first_half.score < faithful.score


def test_only_a_summary_is_weighed_as_stale_not_notices_in_place_of_results():
    original = _session()
    first_half = fidelity(original, _compacted(FIRST_HALF))
    assert first_half.summarized and first_half.stale_summary
    # every tool result cleared to a notice naming its call (what reduction writes): no
    # summary, so nothing that could stop early; what the notices lose is the items' to say
    notices = [tool(m.tool_call_id, f"[result of {m.tool_call_id} cleared]") if m.role == "tool" else m
               for m in original]
    cleared = fidelity(original, notices)
    assert cleared.removed_messages and not cleared.summarized and not cleared.stale_summary
    assert cleared.score == blend(cleared.items_score, cleared.recency.reach, cleared.narrative)


def test_the_state_at_the_cut_counts_only_what_the_ranges_second_half_first_showed():
    # message i holds w:i; message 5 also repeats w:1, first seen in the first half
    weights = {i: (1.0, {f"w:{i}": 1.0}) for i in range(8)}
    weights[5] = (2.0, {"w:5": 1.0, "w:1": 1.0})
    work = [Kind.ACTION] * 8

    def first_seen(key: str) -> int:
        return min(i for i, (_, ks) in weights.items() if key in ks)

    def late(half: tuple[int, ...]) -> dict[str, float]:
        return keys_first_seen_in(half, lambda i: keys_first_shown(i, weights.__getitem__, first_seen))

    assert set(late((4, 5, 6, 7))) == {"w:4", "w:5", "w:6", "w:7"}
    start_only = recency(list(range(8)), work, weights.__getitem__, {"w:0", "w:1", "w:2"}, late)
    reaches_cut = recency(list(range(8)), work, weights.__getitem__, {"w:0", "w:1", "w:7"}, late)
    assert start_only.first_half == 4 and start_only.cut == 0.0 and start_only.cut_lost
    assert reaches_cut.cut == 0.25 and not reaches_cut.cut_lost
    # not asked (no `late_keys`), or nothing written of the start either: never lost
    assert not recency(list(range(8)), work, weights.__getitem__, {"w:0"}).cut_lost
    assert not recency(list(range(8)), work, weights.__getitem__, set(), late).cut_lost
    assert keys_first_seen_in((), weights.__getitem__) == {}
    assert keys_first_shown(5, weights.__getitem__, first_seen) == {"w:5": 1.0}


def test_the_blend_keeps_a_perfect_score_and_scales_by_each_signal():
    assert blend(1.0, 1.0, 1.0) == 1.0
    assert blend(1.0, 1.0, 1.0, cut_lost=True) == CUT_LOST < 1.0
    assert blend(0.8, 0.0, 1.0, 0.3, 0.1, True, 0.5) == pytest.approx(0.8 * 0.7 * 0.5)
    assert blend(0.8, 0.0, 1.0, 0.3, 0.1) == 0.8 * 0.7
    assert blend(0.8, 1.0, 0.0, 0.3, 0.1) == 0.8 * 0.9
    assert blend(0.5, 0.2, 0.5) < blend(0.5, 0.6, 0.5)
    assert blend(0.5, 0.6, 0.5, 0.3, 0.1) < blend(0.5, 0.6, 0.9, 0.3, 0.1)


@pytest.mark.parametrize("seed", range(12))
def test_first_seen_keys_kept_across_moves_are_the_keys_gathered_from_scratch(seed):
    """`FirstSeenKeys` moved along halves of a moving range (growing, shrinking, jumping,
    back again, empty): after each move the same keys with the same weights as
    `keys_first_seen_in` of that half, and the same exactly rounded total; each message's
    first-shown keys asked only for the messages that came or went, once the half moves
    by a few."""
    rng = random.Random(seed)
    n = rng.randrange(30, 300)
    words = [f"w:{k}" for k in range(rng.randrange(5, 400))]
    weights = {}
    for i in range(n):
        keys = rng.sample(words, rng.randrange(0, min(30, len(words))))
        weights[i] = (0.0, {k: math.log(n / rng.randrange(1, n) + 1) for k in keys})

    def first_seen(key: str) -> int:
        return min(i for i, (_, ks) in weights.items() if key in ks)

    firsts = {k: first_seen(k) for _, ks in weights.values() for k in ks}
    asked: list[int] = []

    def first_shown(i: int) -> dict[str, float]:
        asked.append(i)
        return keys_first_shown(i, weights.__getitem__, firsts.__getitem__)

    kept, walked = FirstSeenKeys(), 0
    a, b = rng.randrange(0, n // 2), rng.randrange(n // 2, n)
    for _ in range(40):
        move = rng.random()
        if move < 0.7:  # the range's end moves a little (the slider), its half with it
            b = min(n, max(a + 1, b + rng.randrange(-6, 7)))
            a = min(b - 1, max(0, a + rng.randrange(-3, 4)))
        elif move < 0.85:  # a jump
            a = rng.randrange(0, n - 1)
            b = rng.randrange(a + 1, n + 1)
        half = tuple(k for k in range(a, b) if rng.random() < 0.9 or k in kept.messages) if move < 0.95 else ()
        before = set(kept.messages)
        asked.clear()
        got = dict(kept.move(half, first_shown))
        want = keys_first_seen_in(half, lambda i: keys_first_shown(i, weights.__getitem__, firsts.__getitem__))
        assert got == want
        assert math.fsum(got.values()) == math.fsum(want.values())
        changed = before.symmetric_difference(half)
        if len(changed) < len(half):
            assert set(asked) == changed
            walked += 1
    assert walked > 10
