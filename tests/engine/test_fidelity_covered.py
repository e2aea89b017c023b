"""`fidelity_signals.CoveredWeights`, the covered weight of each removed message kept from
one knob move to the next (each an exact sum that a key's weight is added to or taken
from as it comes or goes), against `covered_weight` summed from scratch against the
written keys of each move: the same float, on random weights and moves and on the keys
of real sessions' messages under summaries of a moving range."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector.engine import fidelity as fid
from inspector.engine.fidelity_signals import CoveredWeights, WrittenKeys, covered_weight, weighted_keys
from tests.engine.test_fidelity_search import SOURCES, _compacted, _session

WALKS = settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def _postings(keys_of):
    out = {}
    for i, keys in enumerate(keys_of):
        for k in keys:
            out.setdefault(k, []).append(i)
    return out


def _walk(keys_of, weights_of, moves, n):
    """Every move's covered weights, kept across moves, each equal to the one from scratch."""
    postings = _postings(keys_of)
    covered = CoveredWeights()
    asked = 0
    for k, (written, first, last) in enumerate(moves):
        covered.move(written, postings, n, first, last)
        if k % 2:  # (`weights_of` first on every other move: its misses read by `weight`, then its hits)
            found = [(i, (0.0, weights_of[i])) for i in range(first, last + 1) if weights_of[i] is not None]
            assert covered.weights_of(found) == [covered_weight(w[1], written) for _, w in found]
        for i in range(first, last + 1):
            if weights_of[i] is None:
                continue
            assert covered.weight(i, weights_of[i]) == covered_weight(weights_of[i], written), (i, first, last)
            asked += 1
    return asked


@WALKS
@given(data=st.data())
def test_covered_weights_across_moves_are_the_sums_from_scratch(data):
    n = data.draw(st.integers(20, 200), label="messages")
    words = [f"w:{k}" for k in range(60)] + [f"t:{k}" for k in range(20)] + [f"c:{k}" for k in range(5)]
    rng = random.Random(data.draw(st.integers(0, 10**6), label="seed"))
    keys_of = [frozenset(rng.sample(words, rng.randrange(0, 25))) for _ in range(n)]
    postings = _postings(keys_of)
    fid.forget()  # (every example's memos its own)
    weights_of = [weighted_keys(keys, lambda k: len(postings.get(k, ())), n)[1]
                  for i, keys in enumerate(keys_of)]
    moves = []
    for _ in range(data.draw(st.integers(1, 8), label="moves")):
        first = rng.randrange(0, n - 1)
        moves.append((set(rng.sample(words, rng.randrange(0, len(words)))), first, rng.randrange(first, n)))
    assert _walk(keys_of, weights_of, moves, n) > 0


@pytest.mark.parametrize("path", SOURCES)
def test_covered_weights_of_real_messages_under_summaries_of_a_moving_range(path):
    original = _session(path)
    n = len(original)
    fid.forget()
    fid.fidelity(original, original[:1])  # (the session's index: its postings)
    keys_of = [fid.text_keys(m.text) for m in original]
    postings = _postings(keys_of)
    weights_of = [weighted_keys(keys, lambda k: len(postings[k]), n)[1] for keys in keys_of]
    assert sum(bool(w) for w in weights_of) > n // 2
    # (no weight under 0.5: each sum kept exactly, none summed again from scratch)
    assert min(w for ws in weights_of for w in ws.values()) >= math.log(2)
    rng = random.Random(len(original))
    moves, a = [], 1
    for b in [*range(a + 3, n - 1, max(1, n // 12)), *range(n - 2, a + 2, -max(1, n // 9))]:
        # a summary's keys: the keys of some messages of the range [a, b), a few of after it
        written = set().union(*(keys_of[i] for i in rng.sample(range(a, b), min(b - a, 6))))
        written |= set().union(*(keys_of[i] for i in rng.sample(range(b, n), min(n - b, 3))))
        moves.append((written, max(a, b - 40), b - 1))
    assert _walk(keys_of, weights_of, moves, n) > 3 * len(moves)


@pytest.mark.parametrize("path", SOURCES)
def test_covered_weights_with_the_held_keys_rebuilt_at_every_move_are_the_sums_from_scratch(path, monkeypatch):
    # (the keys of messages no longer kept forgotten whenever the range moves: the bound
    # a slider walked over a long session reaches)
    from inspector.engine import fidelity_signals

    monkeypatch.setattr(fidelity_signals, "HELD_MAX", 0)
    test_covered_weights_of_real_messages_under_summaries_of_a_moving_range(path)


@pytest.mark.parametrize("path", SOURCES)
def test_written_keys_kept_across_moves_are_the_union_from_scratch(path):
    """`WrittenKeys` moved along the rewritten messages of summaries of a moving range
    (the range growing and shrinking, tool results cleared, a message twice, none), each
    message's keys given in parts (one per line, as a long summary's: `fidelity.key_parts`,
    or whole): after each move its counts are the union of the messages' keys (each key
    with the number of parts of distinct messages holding it), the keys it says changed
    are the union's symmetric difference with the last one's, each once, and only the
    messages not written the last time are read."""
    original = _session(path)
    n = len(original)
    rng = random.Random(n)
    hashes_of = {m.content_hash for m in original}
    walks = []
    for b in [*range(4, n - 1, max(1, n // 10)), *range(n - 2, 3, -max(1, n // 7))]:
        context = _compacted(original, 2, b, {k for k in range(b, n) if rng.random() < 0.5}, seed=b)
        rewritten = [m for m in context if m.content_hash not in hashes_of]
        walks.append(rewritten + rewritten[:rng.randrange(0, 3)])  # (some written twice)
    walks += [[], walks[0], walks[0], walks[-1]]
    written, last, moved = WrittenKeys(), set(), 0

    def parts_of(m):
        # (a message in lines, some the same, when it has several: as a long summary's parts)
        lines = m.text.split("\n")
        return [fid.text_keys(line) for line in lines] if len(lines) > 1 else [fid.text_keys(m.text)]

    for rewritten in walks:
        hashes = [m.content_hash for m in rewritten]
        asked = []

        def keys(k, rewritten=rewritten, asked=asked):
            asked.append(rewritten[k].content_hash)
            return parts_of(rewritten[k])

        before = set(written.keys_of)
        changed = written.move(hashes, keys)
        distinct = {m.content_hash: m for m in rewritten}
        union = set().union(*(part for m in distinct.values() for part in parts_of(m)))
        assert set(written.counts) == union
        for key, c in written.counts.items():
            assert c == sum(key in part for m in distinct.values() for part in parts_of(m)), key
        assert len(changed) == len(set(changed))
        assert set(changed) == union ^ last
        assert sorted(asked) == sorted(set(distinct) - before)
        moved += bool(changed)
        last = union
    assert moved > len(walks) // 2
