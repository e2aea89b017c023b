"""The fidelity's fast searches (engine/fidelity_search) against the plain loops they
replace, and the measure over a sequence of knob moves (the merged postings carried
from one measure to the next, every memo warm) against a cold one with the plain
loops, on real sessions: the score, every item with its status, evidence and credit."""

from __future__ import annotations

import dataclasses
import gc
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector.engine import fidelity as fid
from inspector.engine import fidelity_search as fs
from inspector.engine.fidelity_signals import weighted_keys
from inspector.engine.models import Message, Part
from inspector.sources.registry import open_source
from tests.conftest import FIXTURES, SWE_AGENT

SOURCES = [FIXTURES / "claude-code-subagent/agent-a7be2f0.jsonl", SWE_AGENT / "ctf_web_i_got_id_demo.traj",
           SWE_AGENT / "marshmallow-1867_function_calling.traj"]
MOVES = settings(max_examples=12, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _session(path):
    with open_source(path) as src:
        return src.read(src.session_ids()[0]).messages


@pytest.fixture(scope="module")
def sessions():
    out = [_session(p) for p in SOURCES]
    assert all(len(s) >= 20 for s in out)
    return out


# ------------------------------------------------------------------ the plain loops


class PlainPostings:
    """Every rewritten message's postings, per item (the loop `ViewPostings` replaces)."""

    def __init__(self, views):
        self.views = views

    def sentence_weights(self, weights, prose_only):
        out = {}
        for k, v in enumerate(self.views):
            acc = {}
            for w, wt in weights.items():
                for j in v.postings.get(w, ()):
                    if not prose_only or j in v.prose:
                        acc[j] = acc.get(j, 0.0) + wt
            if acc:
                out[k] = acc
        return out

    def release(self):
        pass


class PlainFinder:
    def __init__(self, pairs):
        self.pairs = [(*p, False)[:3] for p in pairs]  # (sentence, lower case, written as prose)

    def first(self, needle):
        return next((s for s, low, _ in self.pairs if needle in low), None)

    def first_prose(self, needle):
        return next((s for s, low, prose in self.pairs if prose and needle in low), self.first(needle))


class PlainKept:
    """Every posting of each telling word, kept or not (the loop `KeptScores` replaces)."""

    def __init__(self, hay):
        self.hay = hay

    def scores(self, ws, sources):
        score = {}
        for w, i in self.hay.index.telling(ws):
            if i in self.hay.kept and self.hay.original.kinds[i] in sources:
                score[i] = score.get(i, 0.0) + fid._weight(w)
        return score

    def top(self, ws, sources, k):
        score = self.scores(ws, sources)
        return sorted(score, key=lambda i: (-score[i], -i))[:k]


def plain_kept_best(hay, ws, weights, total, sources):
    """The kept sentences read one by one, each sentence's origin written down (the loop
    `_Haystack.kept_best` and its lazy `origin_of` replace)."""
    out = []
    for s, sw in fid._kept_sentences(ws, hay, sources):
        out.append((sum(weights[w] for w in ws & sw) / total, s))
    return out


def _plain(monkeypatch):
    monkeypatch.setattr(fid._Haystack, "merged", property(lambda hay: PlainPostings(hay.views)))
    monkeypatch.setattr(fid._Haystack, "line_finder", property(lambda hay: PlainFinder(
        (s, low, j in v.prose) for v in hay.views for j, (s, low) in enumerate(zip(v.sentences, v.lower, strict=True)))))
    monkeypatch.setattr(fid._Haystack, "kept_scores", property(PlainKept))
    monkeypatch.setattr(fid._Haystack, "kept_best", plain_kept_best)


def _cold():
    """Forget every memo of the measure: the next one starts from scratch."""
    fid.forget()


def _same(a, b):
    assert a.to_dict() == b.to_dict()
    assert [dataclasses.asdict(it) for it in a.items] == [dataclasses.asdict(it) for it in b.items]
    assert (a.score, a.state_kept, a.fragments, a.removed_messages) == (
        b.score, b.state_kept, b.fragments, b.removed_messages)


# ------------------------------------------------------------------ compacted contexts


def _placeholder(m, k):
    return Message(role=m.role, tool_call_id=m.tool_call_id, name=m.name,
                   parts=[Part(text=f"[Output of the tool cleared to save context: {100 + k * 37:,} tokens; "
                                    f"recover it with off-{k:06x} if it is needed again.]")])


def _summary(original, a, b, rng):
    """A summary of [a, b): sentences of the removed messages, some verbatim, some cut
    short, some with another number; a plan; a step said to have run."""
    lines = ["Summary of the earlier conversation:"]
    for i in sorted(rng.sample(range(a, b), min(6, b - a))):
        text = " ".join(original[i].text.split())
        if not text:
            continue
        start = rng.randrange(max(1, len(text) - 120))
        piece = text[start:start + rng.choice([40, 90, 160])]
        form = rng.random()
        if form < 0.2:
            piece += "..."
        elif form < 0.35:
            piece = piece.replace("1", "7")
        lines.append(f"- {piece}")
    lines.append("Next: run `python -m pytest -q` again and then check the output of the last step.")
    lines.append("I ran `ls -la` and it worked; the file config.py was updated to set timeout=30.")
    return Message(role="user", parts=[Part(text="\n".join(lines))])


def _compacted(original, a, b, cleared, seed):
    rng = random.Random(seed)
    out = list(original[:a]) + [_summary(original, a, b, rng)]
    for k, m in enumerate(original[b:], start=b):
        out.append(_placeholder(m, k) if m.role in ("tool", "user") and k in cleared else m)
    return out


@MOVES
@given(data=st.data())
def test_a_sequence_of_knob_moves_measures_as_a_cold_measure_with_the_plain_loops(sessions, monkeypatch, data):
    original = sessions[data.draw(st.integers(0, len(sessions) - 1), label="session")]
    n = len(original)
    a = data.draw(st.integers(1, n // 3), label="start")
    b = data.draw(st.integers(a + 1, n - 2), label="end")
    cleared = set(data.draw(st.lists(st.integers(0, n - 1), max_size=n), label="cleared"))
    steps = data.draw(st.lists(st.integers(-6, 6), min_size=2, max_size=5), label="moves")
    contexts = []
    for k, step in enumerate(steps):  # the removed range grows and shrinks at its end
        b = min(max(a + 1, b + step), n - 1)
        contexts.append(_compacted(original, a, b, cleared, seed=b * 31 + k))
    _cold()
    warm = [fid.fidelity(original, c) for c in contexts]  # one after the other, as the TUI measures
    with monkeypatch.context() as m:
        _plain(m)
        for c, w in zip(contexts, warm, strict=True):
            _cold()
            _same(w, fid.fidelity(original, c))
    _cold()


def test_the_merged_postings_follow_views_that_come_and_go(sessions):
    _cold()
    original = sessions[1]
    n = len(original)
    cleared = set(range(n))
    # (each with a summary of its own: a context measured before is answered from what was
    # kept of it, the merged postings untouched; here they follow every move)
    contexts = [_compacted(original, 2, b, cleared, seed=b + k) for k, b in enumerate((n - 3, 5, n // 2, 5, n - 3))]
    warm = [fid.fidelity(original, c) for c in contexts]
    merged = fs._LAST[0]
    # it holds the last context's rewritten messages only, each of their words
    last = contexts[-1]
    hashes = set(fid.content_model(original).hashes)
    rewritten = {m.content_hash for m in last if m.content_hash not in hashes}
    # (a large one, a summary, is looked up on its own postings, not merged)
    small = {h for h in rewritten if len(fid.message_view(next(m for m in last if m.content_hash == h)).postings)
             <= fs.LARGE_VIEW}
    assert len(merged.views) == len(small)
    assert set(merged.every) == {w for v in merged.views.values() for w in v.postings}
    _cold()
    for c, w in zip(contexts, warm, strict=True):
        _cold()
        _same(w, fid.fidelity(original, c))


def _kept_as(shape, n, rng):
    """Kept messages: at random with a share, or as a compaction keeps them (a few first
    ones, then a removed range, then a window of the latest with holes: the messages it
    rewrote), or every one but a removed range in the middle (more first ones than are
    read one by one)."""
    if isinstance(shape, float):
        return {i for i in range(n) if rng.random() < shape}
    if shape == "window":
        cut = rng.randrange(n // 3, n - 5)
        return set(rng.sample(range(6), rng.randint(0, 6))) | {i for i in range(cut, n) if rng.random() < 0.6}
    lo = rng.randrange(fs.HEAD_MAX + 1, n - 2)
    return set(range(lo)) | set(range(rng.randrange(lo + 1, n), n))


@pytest.mark.parametrize("kept_share", [0.02, 0.3, 1.0, "window", "ends"])
def test_kept_scores_equal_the_loop_over_the_postings(sessions, kept_share):
    original = sessions[2] + sessions[0]
    model = fid.content_model(original)
    index = fid._index_of(model)
    rng = random.Random(7)
    vocabulary = sorted({w[2:] for w in index.postings if w.startswith("w:")})
    for trial in range(60):
        if trial % 15 == 0:  # (another kept set of the shape)
            hay = fid._Haystack(_kept_as(kept_share, len(original), rng), index, model, [], "", set())
            scores = hay.kept_scores
        ws = frozenset(rng.sample(vocabulary, rng.randint(1, 12)))
        for sources in (fid._PROSE, fid._TASK_SOURCES, frozenset()):
            assert scores.scores(ws, sources) == PlainKept(hay).scores(ws, sources)
            for k in (1, 6, 40):
                assert scores.top(ws, sources, k) == PlainKept(hay).top(ws, sources, k)


def test_the_sentence_finder_finds_the_first_sentence_holding_a_string():
    pairs = [(s, s.lower()) for s in ["Alpha beta.", "", "Gamma BETA delta", "x\x00y", "beta"]]
    finder = fs.SentenceFinder(pairs)
    plain = PlainFinder(pairs)
    for needle in ["beta", "gamma beta", "a.", "", "x\x00y", "\x00", "a beta", "delta", "zeta", "y", "a\x00g"]:
        assert finder.first(needle) == plain.first(needle), needle
    assert fs.SentenceFinder([]).first("a") is None


def test_the_merged_and_the_large_views_weigh_sentences_as_the_loop(sessions):
    """Small views merged, large ones (summaries) on their own postings, over moves that
    swap both: every sentence's weight as the loop over every view's postings."""
    rng = random.Random(11)
    messages = [m for s in sessions for m in s if m.text.strip()]
    views = [fid.message_view(m) for m in messages]
    assert any(len(v.postings) > fs.LARGE_VIEW for v in views) and any(len(v.postings) <= fs.LARGE_VIEW for v in views)
    vocabulary = sorted({w for v in views for w in v.postings})
    fs.forget()
    for _ in range(8):
        chosen = rng.sample(views, rng.randint(1, min(60, len(views))))
        merged = fs.ViewPostings(chosen)
        for _ in range(20):
            weights = {w: rng.choice([1.0, 2.0]) for w in rng.sample(vocabulary, rng.randint(1, 10))}
            for prose_only in (False, True):
                assert merged.sentence_weights(weights, prose_only) == PlainPostings(chosen).sentence_weights(
                    weights, prose_only)
        merged.release()


def test_a_measure_leaves_no_cycle_for_the_collector(sessions):
    """What a measure builds to search its context (the haystack, its staleness test of the
    next step, which holds it) is freed by reference counting when it returns: measures
    of moving ranges, the collector off, leave nothing only the collector would free."""
    rng = random.Random(3)
    contexts = []
    for original in sessions:
        n = len(original)
        for _ in range(4):
            a = rng.randint(1, n // 3)
            b = rng.randint(a + 1, n - 2)
            cleared = set(rng.sample(range(n), n // 4))
            contexts.append((original, _compacted(original, a, b, cleared, seed=b)))
    fid.forget()
    for original, compacted in contexts[:1]:  # (the index and the module caches built first)
        fid.fidelity(original, compacted)
    gc.collect()
    gc.disable()
    try:
        measured = [fid.fidelity(original, compacted) for original, compacted in contexts]
        left = gc.collect()
    finally:
        gc.enable()
    # (each measure matched a next step, the item whose staleness test held the haystack)
    assert all(f.kinds["next_step"].items for f in measured)
    assert left == 0


def test_the_finder_of_views_finds_as_the_loop_over_their_sentences(sessions):
    """Views joined one by one (kept from move to move, empty ones among them): the first
    sentence holding a string, as the loop over every sentence finds it."""
    rng = random.Random(5)
    views = [fid.message_view(m) for s in sessions for m in s] + [fid.message_view(Message(role="user", parts=[Part(text="")]))]
    for _ in range(30):
        chosen = rng.sample(views, rng.randint(0, 40))
        for prose_only in (False, True):
            pairs = [(v.sentences[j], v.lower[j]) for v in chosen
                     for j in (sorted(v.prose) if prose_only else range(len(v.sentences)))]
            finder, plain = fs.SentenceFinder.of_views(chosen, prose_only), PlainFinder(pairs)
            needles = [low[a:a + rng.randint(1, 12)] for _, low in rng.sample(pairs, min(8, len(pairs)))
                       for a in [rng.randrange(max(1, len(low)))]]
            for needle in [*needles, "", "zzqzz", "\x00"]:
                assert finder.first(needle) == plain.first(needle), needle
            if not prose_only:  # (the first prose sentence holding it, else the first: `_evidence_in`)
                plain = PlainFinder((v.sentences[j], v.lower[j], j in v.prose) for v in chosen
                                    for j in range(len(v.sentences)))
                prose = [low for _, low, is_prose in plain.pairs if is_prose]
                needles += [low[a:a + rng.randint(1, 12)] for low in rng.sample(prose, min(8, len(prose)))
                            for a in [rng.randrange(max(1, len(low)))]]
                for needle in [*needles, "", "zzqzz", "\x00", "."]:
                    assert finder.first_prose(needle) == plain.first_prose(needle), needle


def plain_recency(removed, kinds, weighted, written):
    """`fidelity_signals.recency` as the loop over every removed work message (each sum
    in Python, exactly rounded, the middle of the range summed too)."""
    import math

    from inspector.engine import fidelity_signals as sig

    work = [i for i in removed[-sig.SCANNED:] if kinds[i] not in sig._NOT_WORK]
    covered, at = [], []
    for i in work:
        total, ks = weighted(i)
        if total:
            small, large = (written, ks) if len(written) < len(ks) else (ks, written)
            covered.append((math.fsum(ks[k] for k in small if k in large), total))
            at.append(i)
    if not covered:
        return sig.Recency()
    late = max(1, int(len(covered) * sig.LATE_SHARE))
    early = max(1, int(len(covered) * sig.EARLY_SHARE))

    def share(part):
        total = math.fsum(t for _, t in part)
        return math.fsum(c for c, _ in part) / total if total else 0.0

    return sig.Recency(share(covered[-late:]), share(covered[:early]), at[-late], at[-1])


def test_recency_reads_as_the_loop_over_every_removed_message(sessions):
    from inspector.engine.fidelity_signals import recency

    rng = random.Random(3)
    original = sessions[2] + sessions[1] + sessions[0]
    model = fid.content_model(original)
    index = fid._index_of(model)
    keys = sorted({k for i in range(len(original)) for k in fid._keys(original[i], model.kinds[i], model.roots)})

    def weighted(i):
        return weighted_keys(fid._keys(original[i], model.kinds[i], model.roots),
                             lambda k: len(index.postings.get(k, ())), len(original))

    for _ in range(40):
        a = rng.randrange(len(original))
        b = rng.randrange(a, len(original) + 1)
        removed = [i for i in range(a, b) if rng.random() < 0.9]
        written = set(rng.sample(keys, rng.randint(0, min(len(keys), 3000))))
        assert recency(removed, model.kinds, weighted, written) == plain_recency(removed, model.kinds, weighted,
                                                                                 written)


def test_key_weights_give_each_messages_weighted_keys_and_first_shown_keys(sessions):
    """`KeyWeights` (each key's weight and first message kept, a message's weighted keys
    looked up per key) against `weighted_keys` and `keys_first_shown`, over every message
    of real sessions, asked in a random order and with keys no message holds."""
    from inspector.engine.fidelity_signals import KeyWeights, keys_first_shown

    rng = random.Random(11)
    original = sessions[2] + sessions[1] + sessions[0]
    texts = [fid.text_keys(m.text, by_line=False) for m in original]
    n = len(original)
    post: dict[str, list[int]] = {}
    for i, ks in enumerate(texts):
        for k in ks:
            post.setdefault(k, []).append(i)

    def doc_freq(k: str) -> int:
        return len(post.get(k, ()))

    def first_seen(k: str) -> int:
        return post.get(k, [-1])[0]

    by_key = KeyWeights(doc_freq, first_seen, n)
    order = list(range(n))
    rng.shuffle(order)
    distinct = 0
    for i in order:
        keys = texts[i]
        if rng.random() < 0.3:  # (keys of no message: weighed as `weighted_keys` weighs them)
            keys = keys | {f"w:absent{rng.randrange(5)}", f"t:{rng.randrange(10**6)}x"}
        # (its memo is by content hash: the keys made up here are this call's alone)
        expected = weighted_keys(keys, doc_freq, n)
        got = by_key.weighted(keys)
        assert got == expected and list(got[1]) == list(expected[1])
        distinct += bool(got[1])
        if keys is texts[i]:
            assert by_key.first_shown(i, got[1]) == keys_first_shown(i, {i: expected}.__getitem__, first_seen)
    assert distinct > n // 2  # (most messages hold a distinctive key: the weights were compared, not empty sets)


def test_recency_is_free_of_the_order_of_the_keys(sessions):
    """The recency sums are exactly rounded: the same `Recency` whatever order a message's
    weighted keys and the written keys iterate in (what lets them be built in parts)."""
    from collections import Counter

    from inspector.engine.content import Kind
    from inspector.engine.fidelity_signals import keys_first_seen_in, recency

    rng = random.Random(5)
    original = sessions[2] + sessions[1] + sessions[0]
    texts = [fid.text_keys(m.text, by_line=False) for m in original]
    df = Counter(k for ks in texts for k in ks)
    first: dict[str, int] = {}
    for i, ks in enumerate(texts):
        for k in ks:
            first.setdefault(k, i)
    weights = {i: weighted_keys(texts[i], df.__getitem__, len(original)) for i in range(len(original))}
    keys = sorted(df)

    def shuffled(ks):
        items = list(ks.items())
        rng.shuffle(items)
        return dict(items)

    def first_shown(i):
        return {k: w for k, w in weights[i][1].items() if first[k] == i}

    kinds = [Kind.ACTION] * len(original)
    for _ in range(30):
        a = rng.randrange(len(original))
        b = rng.randrange(a, len(original) + 1)
        removed = list(range(a, b))
        written = rng.sample(keys, rng.randint(0, min(len(keys), 2000)))
        again = list(written)
        rng.shuffle(again)
        mixed = {i: (t, shuffled(ks)) for i, (t, ks) in weights.items()}
        one = recency(removed, kinds, weights.__getitem__, set(written),
                      lambda half: keys_first_seen_in(half, first_shown))
        other = recency(removed, kinds, mixed.__getitem__, set(again),
                        lambda half: shuffled(keys_first_seen_in(half, first_shown)))
        assert one == other


def test_knob_moves_on_the_bench_session_shape_measure_as_cold_plain_measures():
    """The bench's session shape (real episodes repeated and varied, bench/data.py) under
    plans a slider walks through (each threshold up, then back down): every measure made
    one after the other through the measuring view, every cache warm, equals a cold one
    of `materialize`'s context with the plain loops."""
    from inspector.engine import make_counter, plan, preset
    from inspector.engine.applier import materialize
    from inspector.engine.materialize_view import measured_messages
    from tests.engine.test_materialize_view import _texts, bench_session

    session = bench_session(700)
    counter = make_counter(model=session.model)
    plans = [plan(session, preset("balanced").with_values({
        "summarization.trigger.context_tokens": t, "summarization.trigger.context_ratio": 0.0,
        "summarization.keep.tokens": 0}), counter) for t in (5_000, 8_000, 12_000, 8_000)]
    texts = [_texts(session, p, counter, True) for p in plans]
    assert all(p.applied_summaries() for p in plans) and len({p.applied_summaries()[0].end for p in plans}) > 2
    _cold()
    warm = [fid.fidelity(session.messages, measured_messages(session, p, t, counter)) for p, t in zip(plans, texts)]
    mp = pytest.MonkeyPatch()
    try:
        _plain(mp)
        for p, t, w in zip(plans, texts, warm, strict=True):
            _cold()
            _same(w, fid.fidelity(session.messages, materialize(session, p, t, counter, offload_summarized=False).messages))
    finally:
        mp.undo()
        _cold()


def _best_sentences_agree(messages, items, weight=lambda w: 2.0 if len(w) >= 5 else 1.0):
    """`best_sentence` as read (cold: the words of the sentences an item's stems occur in,
    best bound first; warm: every sentence's words already read) against the loop over
    every sentence."""
    checked = 0
    for warm in (False, True):
        fid.forget(texts=True)
        for m in messages:
            for ws in items:
                weights = {w: weight(w) for w in ws}
                total = sum(weights.values())
                if warm:
                    fid.best_sentence(m, ws, weights, total, direct=False)  # (its words read)
                got = fid.best_sentence(m, ws, weights, total)
                assert got == fid.best_sentence(m, ws, weights, total, direct=False), (m.text[:80], ws)
                checked += got[0] > 0
    return checked


def test_a_kept_messages_best_sentence_is_the_loops_over_every_sentence(sessions):
    messages = [m for s in sessions for m in s]
    rng = random.Random(11)
    vocabulary = sorted({w for m in messages for w in fid.words(m.text[:2000])})
    items = [frozenset(rng.sample(vocabulary, rng.randint(1, 12))) for _ in range(25)]
    # (items made of a message's own words: sentences that cover them, best ones to tell apart)
    items += [frozenset(rng.sample(sorted(ws), min(len(ws), 6))) for m in rng.sample(messages, 25)
              for ws in [fid.words(m.text[:500])] if ws]
    assert _best_sentences_agree(messages, items) > 100


def test_a_best_sentence_read_best_bound_first_is_the_loops_whatever_the_weights(sessions):
    """Sentences passed over by their bound (the weight of the stems they hold as strings)
    leave the same best sentence, the first of the best, with weights whose sums depend
    on the order they are added in (the measure's are 1 and 2) and many ties (all 1)."""
    messages = [m for s in sessions for m in s][::3]
    rng = random.Random(5)
    vocabulary = sorted({w for m in messages for w in fid.words(m.text[:2000])})
    items = [frozenset(rng.sample(vocabulary, rng.randint(2, 10))) for _ in range(10)]
    items += [frozenset(rng.sample(sorted(ws), min(len(ws), 5))) for m in rng.sample(messages, 15)
              for ws in [fid.words(m.text[:500])] if ws]
    odd = {w: rng.uniform(0.1, 3.0) for ws in items for w in ws}
    assert _best_sentences_agree(messages, items, odd.__getitem__) > 50
    assert _best_sentences_agree(messages, items, lambda w: 1.0) > 50


BEST_PIECES = ["The ", "fix", "fixed ", "FIXES", "tests", "Test ", "serialization", ". ", ".\n", "\n\n", "\u212aelvin ",
               "\u0130nterrupt ", "\u03a3ASS ", "stra\u00dfe ", "x", "12", "3.5", "`a_b`", "fi\ufb01x", "ing", "ed ",
               "Error: ", "line 4 ", "run ", "\u2026", "...", "```\ncode\n```"]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(BEST_PIECES), max_size=30).map("".join),
       item=st.lists(st.sampled_from(BEST_PIECES), min_size=1, max_size=6).map("".join))
def test_the_best_sentence_of_any_text_is_the_loops(text, item):
    ws = fid.words(item)
    if ws:
        _best_sentences_agree([Message(role="assistant", parts=[Part(text=text)])], [ws])


def test_the_kept_positions_are_those_whose_hash_the_context_holds(sessions):
    """Looked up per hash (each hash's positions found once per original) as by testing
    every message's hash, with messages repeated (the same content twice) and hashes the
    original does not hold."""
    rng = random.Random(5)
    original = sessions[2] + sessions[0] + sessions[2][:15] + sessions[2][:5]  # (the first 5 three times)
    hashes = fid.content_model(original).hashes
    for _ in range(40):
        kept = {h for h in hashes if rng.random() < rng.choice([0.0, 0.05, 0.5, 1.0])} | {"not-a-hash"}
        found = fid.kept_positions(hashes, kept)
        assert found == fid.kept_positions(hashes, kept, direct=False)
        assert found == {i for i, h in enumerate(hashes) if h in kept}
    assert len(fid.kept_positions(hashes, {hashes[0]})) == 3  # (the first message, and its repeats)


PATHS = ["/testbed/src/x.py", "src/x.py", "x.py", "/testbed/x.py", "/other/src/x.py", "~/src/x.py", "tests/x.py",
         "src", "/testbed/src", "/testbed/src/", "src/", "a/b/c.txt", "b/c.txt", "c.txt", "c", "/", "/testbed", "x.py/",
         "docs/README.md", "README.md", "readme.md", "/testbed/docs/README.md", "~/a.py", "a.py", ".", "./a.py"]


@settings(max_examples=400, deadline=None, derandomize=True)
@given(a=st.sampled_from(PATHS), b=st.sampled_from(PATHS),
       roots=st.sampled_from([("/testbed",), ("/testbed", "/other"), ("/testbed/src",), ()]))
def test_two_paths_naming_the_same_file_end_with_the_same_name(a, b, roots):
    """What `_collect` asks a path's files of: only those with its last component."""
    from inspector.engine.content import normalize_path, path_matches

    a, b = normalize_path(a), normalize_path(b)
    if path_matches(a, b, roots):
        assert a.rpartition("/")[2] == b.rpartition("/")[2]


def test_a_session_s_paths_naming_the_same_file_end_with_the_same_name(sessions):
    from inspector.engine.content import extract_paths, path_matches

    messages = [m for s in sessions for m in s]
    model = fid.content_model(messages)
    paths = sorted({p for m in messages for p in extract_paths(m.text)})[:400]
    matched = 0
    for a in paths:
        for b in paths:
            if path_matches(a, b, model.roots):
                matched += a != b
                assert a.rpartition("/")[2] == b.rpartition("/")[2], (a, b)
    assert matched


@pytest.mark.parametrize("widening", ["\u0130", "\u0130" * 12, "\u0130stanbul \u0130zmir " + "\u0130" * 20])
def test_a_best_sentence_after_letters_longer_lower_case_is_the_loops(widening):
    """A sentence whose lower case form is longer than it ("\u0130" lowers to two characters)
    moves where the next ones start in the sentences lowered and joined: an item's word
    at the end of one sentence is found in it, not in the next."""
    text = f"{widening} opened the serialization module. Then we applied the fix. Nothing else happened here."
    m = Message(role="assistant", parts=[Part(text=text)])
    for item in ("fix", "module", "applied fix", "serialization module opened", "happened"):
        ws = fid.words(item)
        fid.forget(texts=True)
        got = fid.best_sentence(m, ws, {w: 1.0 for w in ws}, float(len(ws)))
        assert got[0] > 0, item  # (the word is there: some sentence covers it)
        fid.forget(texts=True)
        assert got == fid.best_sentence(m, ws, {w: 1.0 for w in ws}, float(len(ws)), direct=False), item
