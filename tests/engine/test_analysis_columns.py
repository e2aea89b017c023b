"""The analysis' integer columns no message holds (prefix sums, tool results' lengths,
the safe cuts' `prev_safe` and `unsafe_by`) are arrays, not lists of int objects (bench
`rss_ratio_100k`): each equals what its definition gives, read from scratch, on real
sessions, generated ones and analyses extended from another."""

from __future__ import annotations

from array import array
from itertools import accumulate

from hypothesis import given

from inspector.engine import make_counter
from inspector.engine.analysis import Analysis, analyze, analyze_extending
from inspector.engine.models import Session
from inspector.sources.swe_agent import read_traj
from tests.conftest import SWE_AGENT
from tests.engine.test_properties import EST, SETTINGS, sessions

COUNTER = make_counter()


def _reference(a: Analysis, msgs: list) -> dict[str, list[int]]:
    """The columns as lists, each from its definition: the prefix sums of the counts,
    each tool result's text characters, the first span covering each cut (in span
    order; -1 for none) and the latest safe cut at or before each (0 for none)."""
    n = a.n
    unsafe_by = [-1] * (n + 1)
    for k, span in enumerate(a.spans):
        for i in range(span.start + 1, min(span.last, n) + 1):
            if unsafe_by[i] < 0:
                unsafe_by[i] = k
    prev_safe, last = [], 0
    for i in range(n + 1):
        if unsafe_by[i] < 0:
            last = i
        prev_safe.append(last)
    chars = [sum(len(p.text) for p in m.parts if p.type == "text") if m.role == "tool" else 0 for m in msgs]
    return {"prefix": list(accumulate(a.tokens, initial=0)), "text_chars": chars, "unsafe_by": unsafe_by,
            "prev_safe": prev_safe}


def _check(a: Analysis, msgs: list) -> None:
    want = _reference(a, msgs)
    for name, values in want.items():
        got = getattr(a, name)
        assert isinstance(got, array), name  # not a list of int objects
        assert got.tolist() == values, name
    assert list(a.safe) == [int(v < 0) for v in want["unsafe_by"]]
    assert a.total == want["prefix"][-1]


def test_the_columns_of_real_sessions_are_what_their_definitions_give():
    paths = sorted(SWE_AGENT.glob("*.traj"))
    assert len(paths) >= 10
    for path in paths:
        s = read_traj(path)
        _check(analyze(s, COUNTER), s.messages)


@SETTINGS
@given(sessions())
def test_the_columns_of_generated_sessions_are_what_their_definitions_give(s):
    _check(analyze(s, EST), s.messages)


def test_the_columns_of_an_extended_analysis_are_a_fresh_ones():
    """An analysis extended from another (the columns cut and grown as arrays) has the
    columns a fresh one has, cut anywhere."""
    for path in sorted(SWE_AGENT.glob("*.traj"))[:6]:
        s = read_traj(path)
        n = len(s.messages)
        base = analyze(Session(id="base", messages=list(s.messages[: n * 2 // 3])), EST)
        for keep in (0, n // 3, n * 2 // 3):
            grown = analyze_extending(Session(id="grown", messages=list(s.messages)), EST, base, keep)
            _check(grown, s.messages)
            fresh = analyze(Session(id="fresh", messages=list(s.messages)), EST)
            for name in ("prefix", "text_chars", "unsafe_by", "prev_safe"):
                assert getattr(grown, name) == getattr(fresh, name), name
