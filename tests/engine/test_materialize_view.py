"""`materialize_view.measured_messages` against `applier.materialize`: on real sessions
and the bench's session shape, over random plans (presets, thresholds, kept windows,
reductions on and off, summaries known or pending), the same messages in the same
order (role, name, kind, text, tool calls, content hash), and the same fidelity."""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector.engine import make_counter, plan, preset
from inspector.engine.analysis import analyze
from inspector.engine.applier import materialize, summary_request
from inspector.engine.fidelity import fidelity
from inspector.engine.materialize_view import measured_messages
from inspector.engine.summarize import SummaryRejected
from inspector.engine.summarize.extractive import ExtractiveSummarizer
from inspector.sources.registry import open_source
from tests.conftest import FIXTURES, SWE_AGENT

SOURCES = [FIXTURES / "claude-code-subagent/agent-a7be2f0.jsonl", SWE_AGENT / "ctf_web_i_got_id_demo.traj",
           SWE_AGENT / "marshmallow-1867_function_calling.traj"]
PLANS = settings(max_examples=25, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
BENCH = Path(__file__).resolve().parents[2] / "bench"


def bench_session(n: int):
    """The bench's session (bench/data.big_session: real episodes repeated, varied), `n` messages."""
    spec = importlib.util.spec_from_file_location("bench_data", BENCH / "data.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    path = list(sys.path)
    try:
        spec.loader.exec_module(module)
        return module.big_session(n)
    finally:
        sys.path[:] = path


@pytest.fixture(scope="module")
def sessions():
    out = []
    for p in SOURCES:
        with open_source(p) as src:
            out.append(src.read(src.session_ids()[0]))
    out.append(bench_session(600))
    return out


def _config(draw, session, counter):
    name = draw(st.sampled_from(["balanced", "eino", "trpc", "synaptic", "sagents"]), label="preset")
    total = analyze(session, counter).total
    threshold = draw(st.integers(500, max(1000, total)), label="threshold")
    values = {"summarization.trigger.context_tokens": threshold, "summarization.trigger.context_ratio": 0.0}
    if name == "balanced":
        values["summarization.keep.tokens"] = draw(st.sampled_from([0, threshold // 4]), label="keep")
    try:
        return preset(name).with_values(values)
    except Exception:  # a preset without these knobs: its own defaults
        return preset(name)


def _texts(session, p, counter, known: bool):
    """The offline summaries of the plan (as the measure reads them), or none (pending markers)."""
    out = {}
    for spec in p.applied_summaries() if known else ():
        try:
            out[spec.key] = ExtractiveSummarizer().summarize(summary_request(session, p, spec, counter)).text
        except SummaryRejected:
            continue
    return out


def _read(m):
    return (m.role, m.name, m.kind, m.tool_call_id, m.text, [(c.id, c.name, c.arguments_raw) for c in m.tool_calls],
            m.content_hash)


@PLANS
@given(data=st.data())
def test_the_measured_messages_are_the_materialized_ones(sessions, data):
    session = sessions[data.draw(st.integers(0, len(sessions) - 1), label="session")]
    counter = make_counter(model=session.model)
    known = data.draw(st.booleans(), label="summaries known")
    for _ in range(data.draw(st.integers(1, 3), label="moves")):
        p = plan(session, _config(data.draw, session, counter), counter)
        texts = _texts(session, p, counter, known)
        shown = materialize(session, p, texts, counter, offload_summarized=False).messages
        measured = measured_messages(session, p, texts, counter)
        assert [_read(m) for m in measured] == [_read(m) for m in shown]
        # again: the kept and the reduced messages are the same objects (a summary is written afresh)
        again = measured_messages(session, p, texts, counter)
        assert all(a is b for a, b in zip(again, measured, strict=True) if "inspector_summary" not in a.meta)
        a, b = fidelity(session.messages, measured), fidelity(session.messages, shown)
        assert [dataclasses.asdict(it) for it in a.items] == [dataclasses.asdict(it) for it in b.items]
        assert a.to_dict() == b.to_dict()


def test_the_kept_messages_are_the_sessions_own(sessions):
    session = sessions[-1]
    counter = make_counter(model=session.model)
    p = plan(session, preset("balanced").with_values({"summarization.trigger.context_tokens": 20_000,
                                                      "summarization.trigger.context_ratio": 0.0}), counter)
    measured = measured_messages(session, p, _texts(session, p, counter, True), counter)
    originals = {id(m) for m in session.messages}
    kept = [i for i, act in enumerate(p.actions) if act == "keep"]
    assert kept and sum(id(m) in originals for m in measured) == len(kept)
