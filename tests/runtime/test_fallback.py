"""A result that would break an invariant (issue 11): the CLI fails with one line; the
runtime raises, or under summarization.on_failure = "keep" falls back to the
reductions that need no model, else to the unchanged history, and says so in an event."""

from __future__ import annotations

import json

import pytest

from inspector import Compactor
from inspector.engine import preset
from inspector.engine.applier import InvariantViolated
from inspector.engine.invariants import BUDGET, NO_EMPTY
from inspector.engine.models import Message
from inspector.engine.tokens import EstimateCounter

EST = EstimateCounter(4.0)


def _over_budget() -> list[dict]:
    """The latest request alone is over a 500-token budget: no compaction can fit it."""
    return [{"role": "system", "content": "sys"}, {"role": "user", "content": "x " * 4000},
            {"role": "assistant", "content": "ok"}]


def _budget_config(on_failure: str):
    return preset("sagents").with_values({"tailoring.enabled": True, "tailoring.budget_tokens": 500,
                                          "summarization.on_failure": on_failure})


def test_runtime_raises_a_broken_invariant_under_on_failure_raise():
    with pytest.raises(InvariantViolated) as err:
        Compactor(_budget_config("raise"), counter=EST).compact(_over_budget())
    assert err.value.violations[0].invariant == BUDGET


def test_runtime_falls_back_to_the_unchanged_history_under_on_failure_keep():
    events = []
    compactor = Compactor(_budget_config("keep"), counter=EST, on_event=events.append)
    history = _over_budget()
    out = compactor.compact(history)
    assert out == history  # even the reductions that need no model (tailoring) break the budget
    fallback = [e for e in events if e.kind == "fallback"]
    assert len(fallback) == 1 and fallback[0].text == "the unchanged history"
    assert "invariant budget broken" in fallback[0].error and "over the 500 token budget" in fallback[0].error
    assert "applied the unchanged history instead" in fallback[0].describe()
    assert compactor.last is not None
    assert [w.code for w in compactor.last.plan.warnings if w.code == "invariant_fallback"] == ["invariant_fallback"]


def _big_tool_history() -> list[dict]:
    msgs: list[dict] = [{"role": "system", "content": "sys"}, {"role": "user", "content": "fix the build"}]
    for r in range(6):
        msgs += [
            {"role": "assistant", "content": "", "tool_calls": [{
                "id": f"c{r}", "type": "function", "function": {"name": "bash", "arguments": '{"cmd": "make"}'}}]},
            {"role": "tool", "tool_call_id": f"c{r}", "content": f"run {r}\n" + "log line\n" * 400},
        ]
    msgs.append({"role": "user", "content": "and now?"})
    return msgs


def test_runtime_falls_back_to_the_reductions_that_need_no_model():
    """A Finalize hook that makes the summary an empty message breaks `no_empty_message`:
    the summary goes, the truncation (no model) still applies."""
    config = preset("balanced").with_values({
        "summarization.trigger.context_ratio": 0.0, "summarization.trigger.context_tokens": 800,
        "summarization.keep.tokens": 300, "summarization.on_failure": "keep",
        "reduction.truncation.max_chars": 1000})

    def empty(originals, summary):
        return [Message(role="assistant")]

    history = _big_tool_history()
    events = []
    with pytest.raises(InvariantViolated) as err:  # under "raise"
        Compactor(config.with_values({"summarization.on_failure": "raise"}), counter=EST,
                  finalize=empty).compact(history)
    assert err.value.violations[0].invariant == NO_EMPTY
    compactor = Compactor(config, counter=EST, finalize=empty, on_event=events.append)
    out = compactor.compact(history)
    assert [e.text for e in events if e.kind == "fallback"] == ["the reductions that need no model"]
    assert "invariant no_empty_message broken" in next(e.error for e in events if e.kind == "fallback")
    assert len(out) == len(history) and not compactor.last.summaries
    truncated = [m for m, h in zip(out, history) if m != h]
    assert truncated and all(m["role"] == "tool" and "characters truncated" in m["content"] for m in truncated)
    assert all(m["content"] for m in out if m["role"] != "assistant")


def test_cli_exits_1_with_one_line_even_under_on_failure_keep(tmp_path, capsys):
    from inspector.cli.main import main

    src = tmp_path / "s.json"
    src.write_text(json.dumps(_over_budget()))
    out = tmp_path / "out.json"
    rc = main(["export", str(src), "--preset", "sagents", "--set", "summarization.on_failure=keep",
               "--set", "tailoring.enabled=true", "--set", "tailoring.budget_tokens=500",
               "--set", "tokens.counter=estimate", "--workspace", str(tmp_path / "ws.db"),
               "--format", "openai-json", "-o", str(out)])
    err = capsys.readouterr().err.strip().splitlines()
    assert rc == 1 and not out.exists()
    assert len(err) == 1 and "invariant budget broken" in err[0] and "over the 500 token budget" in err[0]


def test_a_fallback_identical_to_the_failing_config_is_not_planned_again(monkeypatch):
    """With summarization already off, "the reductions that need no model" is the config
    that just failed: planning it again would fail the same way, so it is skipped."""
    from inspector.engine.planning import planner

    plans = []
    original = planner.plan

    def counting(session, config, *args, **kwargs):
        plans.append(config)
        return original(session, config, *args, **kwargs)

    monkeypatch.setattr(planner, "plan", counting)
    events = []
    config = _budget_config("keep").with_values({"summarization.enabled": False})
    out = Compactor(config, counter=EST, on_event=events.append).compact(_over_budget())
    assert out == _over_budget()
    assert [e.text for e in events if e.kind == "fallback"] == ["the unchanged history"]
    assert len(plans) == 2  # the failing plan, then the unchanged history; not the failing one twice
    assert plans[0] != plans[1]
