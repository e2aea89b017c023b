"""A judge or summary model that misbehaves (issue 26, point 5): a NaN or infinite
score is a judge failure (exit 1, one line), a malformed usage object costs nothing and
prints nothing, and an error carrying a traceback is reported in one short line."""

from __future__ import annotations

import json
import warnings

import pytest

from inspector.engine.probes import GradeError, parse_grade
from inspector.llm import Judge, JudgeFailed
from tests.cli.test_eval import SUMMARIZE, TRAJ, mock_judge
from tests.conftest import run_cli


@pytest.mark.parametrize("reply", ['{"score": NaN, "reason": "x"}', '{"score": Infinity}', '{"score": -Infinity}',
                                   '{"score": 1e999}'])
def test_a_non_finite_score_is_a_grade_error(reply):
    with pytest.raises(GradeError, match="not a finite number"):
        parse_grade(reply)


@pytest.mark.parametrize("score", ["NaN", "Infinity"])
def test_eval_with_a_non_finite_score_exits_1_with_one_line(score, capsys, monkeypatch, workspace):
    mock_judge(monkeypatch, "an answer", f'{{"score": {score}, "reason": "?"}}')
    for flags in ((), ("--json",)):
        code, out, err = run_cli(capsys, "eval", TRAJ, "--judge", "gpt-4o-mini", *SUMMARIZE, *flags)
        assert (code, out) == (1, "") and err.count("\n") == 1, err
        assert "eval failed: " in err and "not a finite number" in err


def reply(usage):
    return {"choices": [{"message": {"content": "fine"}}], "usage": usage}


@pytest.mark.parametrize("usage", [{"prompt_tokens": "many", "completion_tokens": None},
                                   {"prompt_tokens": float("nan"), "completion_tokens": -3},
                                   {"prompt_tokens": 2.5, "completion_tokens": True}, "not an object"])
def test_a_malformed_usage_counts_nothing(usage):
    judge = Judge("gpt-4o-mini", completion=lambda **kw: reply(usage))
    assert judge.ask([{"role": "user", "content": "q"}]) == "fine"
    assert (judge.input_tokens, judge.output_tokens) == (0, 0)


def test_a_failure_with_warnings_and_a_traceback_is_one_short_line():
    def completion(**kw):
        for k in range(3):
            warnings.warn(f"Pydantic serializer warnings: Expected `int` {k}", UserWarning, stacklevel=1)
        raise RuntimeError("litellm.APIError: bad usage\nTraceback (most recent call last):\n  File \"x.py\", "
                           "line 1, in <module>\nValueError: " + "x" * 5000)

    judge = Judge("gpt-4o-mini", completion=completion)
    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter("always")
        with pytest.raises(JudgeFailed) as failed:
            judge.ask([{"role": "user", "content": "q"}])
    assert shown == []
    message = str(failed.value)
    assert "\n" not in message and "Traceback" not in message and len(message) < 400
    assert message == "judge model 'gpt-4o-mini' failed: RuntimeError: litellm.APIError: bad usage"


def test_eval_json_keeps_working_with_a_good_judge(capsys, monkeypatch, workspace):
    mock_judge(monkeypatch, "an answer", json.dumps({"score": 4, "reason": "ok"}))
    code, out, _ = run_cli(capsys, "eval", TRAJ, "--judge", "gpt-4o-mini", *SUMMARIZE, "--json")
    assert code == 0 and json.loads(out)["score"] == 0.8
