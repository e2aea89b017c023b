"""A knob move that brings back a context measured before (the slider back over a
threshold it passed, a knob that leaves the summary as it is and clears other tool
results) is answered in part from what the measure kept of it: the claim checks of the
same replacement for the same range, the recency of the same removed and rewritten
messages, the sentence weights and finders of the same rewritten messages. Each such
measure equals a from-scratch one (every memo and index forgotten: `fidelity.forget`)
of the same context: the score, every item with its status, evidence and credit."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from inspector.engine import fidelity as fid
from tests.engine.test_fidelity_search import SOURCES, _compacted, _placeholder, _same, _session

WALKS = settings(max_examples=10, deadline=None, derandomize=True, phases=[Phase.explicit, Phase.generate],
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def sessions():
    return [_session(p) for p in SOURCES]


def _walk_equals_cold(original, contexts, walk, index_on=None, texts=False):
    """Each context measured along `walk` (after the index is built on `index_on`, when
    given) equals its measure from scratch (with `texts`, content's per-text memos
    forgotten too, as the bench forgets them)."""
    fid.forget(texts=texts)
    if index_on is not None:
        fid.fidelity(original, index_on)  # (the index, built once per session)
    warm = [fid.fidelity(original, contexts[k]) for k in walk]  # one after the other, as the TUI measures
    for k, w in zip(walk, warm, strict=True):
        fid.forget(texts=texts)
        _same(w, fid.fidelity(original, contexts[k]))
    fid.forget()


@WALKS
@given(data=st.data())
def test_a_walk_back_over_contexts_measured_before_measures_as_from_scratch(sessions, data):
    original = sessions[data.draw(st.integers(0, len(sessions) - 1), label="session")]
    n = len(original)
    a = data.draw(st.integers(1, n // 3), label="start")
    ends = data.draw(st.lists(st.integers(a + 1, n - 2), min_size=2, max_size=4, unique=True), label="ends")
    cleared = [set(data.draw(st.lists(st.integers(0, n - 1), max_size=n), label=f"cleared {k}")) for k in range(2)]
    # per end of the removed range, one summary and two ways of clearing the tool results
    # after it; and the first of them with one more message dropped (nothing written in its
    # place: the same rewritten messages, another removed range)
    contexts = [_compacted(original, a, b, c, seed=b) for b in ends for c in cleared]
    contexts += [c[:-2] + c[-1:] for c in contexts[::2]]
    walk = data.draw(st.lists(st.integers(0, len(contexts) - 1), min_size=3, max_size=8), label="walk")
    walk += walk[::-1]  # and back
    _walk_equals_cold(original, contexts, walk)


def test_a_walk_over_more_contexts_than_the_measure_keeps_measures_as_from_scratch(sessions):
    # (every kept answer forgotten and found again: more contexts than the memos hold)
    original = sessions[2]
    n = len(original)
    ends = list(range(3, n - 2))[:70]
    contexts = [_compacted(original, 2, b, set(range(b, n, 3)), seed=b) for b in ends]
    walk = list(range(len(contexts))) + list(range(len(contexts) - 1, -1, -7))
    _walk_equals_cold(original, contexts, walk)


def test_slider_walks_on_the_bench_session_shape_measure_as_from_scratch():
    """The bench's session shape (bench/data.py) under plans of a slider walked up and
    back down: every measure through the measuring view, warm, equals a from-scratch one."""
    from inspector.engine import make_counter, plan, preset
    from inspector.engine.materialize_view import measured_messages
    from tests.engine.test_materialize_view import _texts, bench_session

    session = bench_session(700)
    counter = make_counter(model=session.model)
    thresholds = [5_000, 6_500, 8_000, 12_000, 8_000, 6_500, 5_000, 12_000]
    plans = {t: plan(session, preset("balanced").with_values({
        "summarization.trigger.context_tokens": t, "summarization.trigger.context_ratio": 0.0,
        "summarization.keep.tokens": 0}), counter) for t in dict.fromkeys(thresholds)}
    texts = {t: _texts(session, p, counter, True) for t, p in plans.items()}
    contexts = {t: measured_messages(session, p, texts[t], counter) for t, p in plans.items()}
    assert len({p.applied_summaries()[0].end for p in plans.values()}) > 2
    order = list(contexts)
    _walk_equals_cold(session.messages, [contexts[t] for t in order], [order.index(t) for t in thresholds])


# ------------------------------------------------------------------ new contexts
# A knob move to a context never measured (bench/fidelity_bench.py `measure_speed`): the
# session's index built on another plan, then each context once. What the measure keeps
# per message of the index (a removed message's items, the plans the agent wrote) and per
# rewritten message (its view) serves every range: each measure equals a from-scratch one.


def _fresh_walk_equals_cold(original, other, contexts, texts=False):
    _walk_equals_cold(original, contexts, range(len(contexts)), index_on=other, texts=texts)


@WALKS
@given(data=st.data())
def test_a_walk_over_contexts_never_measured_measures_as_from_scratch(sessions, data):
    original = sessions[data.draw(st.integers(0, len(sessions) - 1), label="session")]
    n = len(original)
    a = data.draw(st.integers(1, n // 3), label="start")
    ends = data.draw(st.lists(st.integers(a + 1, n - 2), min_size=2, max_size=5, unique=True), label="ends")
    cleared = set(data.draw(st.lists(st.integers(0, n - 1), max_size=n), label="cleared"))
    # (a slider's order: the cut moves by a few messages each time, the clearing shifts with it)
    contexts = [_compacted(original, a, b, {k for k in cleared if k >= b}, seed=b) for b in sorted(ends)]
    other = _compacted(original, max(0, a - 1), a + 1, set(), seed=7919)
    _fresh_walk_equals_cold(original, other, contexts)


def test_slider_moves_to_new_plans_on_the_bench_session_shape_measure_as_from_scratch():
    """The bench's timed pass: summaries made, the measure forgotten (content's per-text
    memos too), another plan measured, then each threshold's plan once in slider order;
    each equals a from-scratch measure."""
    from inspector.engine import make_counter, plan, preset
    from inspector.engine.materialize_view import measured_messages
    from tests.engine.test_materialize_view import _texts, bench_session

    session = bench_session(700)
    counter = make_counter(model=session.model)

    def context(t):
        p = plan(session, preset("balanced").with_values({
            "summarization.trigger.context_tokens": t, "summarization.trigger.context_ratio": 0.0,
            "summarization.keep.tokens": 0}), counter)
        return p, measured_messages(session, p, _texts(session, p, counter, True), counter)

    plans = [context(t) for t in (5_000, 5_500, 6_000, 6_500, 8_000, 12_000)]
    assert len({p.applied_summaries()[0].end for p, _ in plans}) > 2
    _fresh_walk_equals_cold(session.messages, context(5_000 + 7_919)[1], [c for _, c in plans], texts=True)


def _verbatim_summary(original, a, b):
    """A long summary of [a, b) as an extractive one writes it: a header, then the removed
    messages verbatim, and a notice naming the range: the next one of a range grown or
    shrunk repeats most of its lines (what `fidelity_text` reads once per line)."""
    from inspector.engine.models import Message, Part

    body = "\n\n".join(m.text for m in original[a:b] if m.text.strip())
    return Message(role="user", parts=[Part(text=f"[Previous conversation summary]\n\nThe work so far:\n{body}\n\n"
                                                 f"The original messages {a + 1}\u2013{b} summarized here are stored "
                                                 f"as off-{a:04x}{b:04x}; call read_offload(id=\"off-{a:04x}{b:04x}\").")])


@WALKS
@given(data=st.data())
def test_long_summaries_of_a_range_that_grows_and_shrinks_measure_as_from_scratch(sessions, data):
    original = sessions[data.draw(st.integers(0, len(sessions) - 1), label="session")]
    n = len(original)
    a = data.draw(st.integers(1, n // 4), label="start")
    ends = data.draw(st.lists(st.integers(a + 2, n - 2), min_size=2, max_size=5, unique=True), label="ends")
    cleared = set(data.draw(st.lists(st.integers(0, n - 1), max_size=n), label="cleared"))
    contexts = []
    for b in ends:  # (in the order drawn: the range grows and shrinks)
        context = [*original[:a], _verbatim_summary(original, a, b)]
        context += [_placeholder(m, k) if m.role in ("tool", "user") and k in cleared else m
                    for k, m in enumerate(original[b:], start=b)]
        contexts.append(context)
    assert max(len(c[a].text) for c in contexts) > fid.LINES_FROM  # (read line by line)
    other = _compacted(original, max(0, a - 1), a + 1, set(), seed=7919)
    _fresh_walk_equals_cold(original, other, contexts)


def _claimed_reference(text):
    """`fidelity.claimed_tokens` as first written: a regular expression searched over the
    whole prefix before each token for a cut quote's "..." (quadratic in the text)."""
    import re

    cut, cut_before = re.compile(r"(?:\u2026|\.\.\.)"), re.compile(r"(?:\u2026|\.\.\.)$")
    value = re.compile(r"\d{2,}|0x[0-9a-f]{2,}|(?=.*[a-z])(?!\d+(?:st|nd|rd|th)$).{6,}")
    low = text.lower()
    out = {}
    for m in re.finditer(r"(?<![a-z0-9])(?=[a-z]*[0-9])[a-z0-9]{2,}(?![a-z0-9])", low):
        tok = m.group()
        if len(tok) >= fid.LONG_TOKEN or not value.fullmatch(tok):
            continue
        if cut.match(low, m.end()) or cut_before.search(low, 0, m.start()):
            continue
        out[tok] = None
    return list(out)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(["a76edd72", "12", "0x1f", "port", "8080", "...", "\u2026", "\n", " ", "\n\n",
                                      ".", "x", "3rd", "v2", "abc123def", "A1B2C3", "..", "\u2026\n", "9" * 40]),
                     max_size=40).map("".join))
def test_claimed_tokens_are_the_quadratic_searchs_tokens(text):
    assert fid.claimed_tokens(text) == _claimed_reference(text)


def test_claimed_tokens_after_a_cut_quote_at_a_line_end():
    # ("$" at the end of the searched prefix also matches before one final newline)
    assert fid.claimed_tokens("see a76edd72...\n123456 and ...\n\n424242") == ["424242"]
    assert fid.claimed_tokens("see a76edd72...\n123456 and ...\n\n424242") == _claimed_reference(
        "see a76edd72...\n123456 and ...\n\n424242")


@settings(max_examples=400, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(["a", "b1", "{", "}", ".", "..", "...", "\u2026", "/", "-", " ", "\n", "_", "\u00e9",
                                      "x" * 40, "\u00b2"]), max_size=30).map("".join))
def test_cut_quotes_are_blanked_as_the_quadratic_pattern_blanked_them(text):
    import re

    # (as first written: `[\w{}]*` tried from every character of a word)
    first = re.compile(r"[\w{}]*(?:\u2026|\.\.\.)[\w{}/.-]*")
    assert fid.without_cut_quotes(text) == first.sub(" ", text)
