"""`inspector eval SOURCE -s ID --judge MODEL` (issue 11): litellm's mock_response
stands in for the judge; a fake key lets the key check pass (nothing is sent)."""

from __future__ import annotations

import json

from inspector.engine.fidelity import KINDS
from inspector.engine.probes import ANSWER_SYSTEM
from tests.conftest import SWE_AGENT, run_cli

TRAJ = SWE_AGENT / "ctf_web_i_got_id_demo.traj"
SUMMARIZE = ["--preset", "sagents", "--set", "summarization.trigger.context_tokens=8000"]


def mock_judge(monkeypatch, answer: str, grade: str):
    import litellm

    real = litellm.completion
    calls = []

    def completion(**kw):
        calls.append(kw)
        reply = answer if kw["messages"][0]["content"] == ANSWER_SYSTEM else grade
        return real(**kw, mock_response=reply)

    monkeypatch.setattr(litellm, "completion", completion)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-sent")
    return calls


def test_eval_json_has_per_question_and_per_category_scores(capsys, monkeypatch, workspace):
    calls = mock_judge(monkeypatch, "The flag file was read with /etc/passwd.", '{"score": 3, "reason": "partly"}')
    code, out, err = run_cli(capsys, "eval", TRAJ, "-s", "ctf_web_i_got_id_demo", "--judge", "gpt-4o-mini",
                             *SUMMARIZE, "--json")
    assert code == 0, err
    d = json.loads(out)
    assert d["session"] == "ctf_web_i_got_id_demo" and d["judge"] == "gpt-4o-mini"
    assert [q["category"] for q in d["questions"]] == ["recall", "artifact", "continuation", "decision"]
    assert all(q["score"] == 3 and q["fraction"] == 0.6 and q["reference"] for q in d["questions"])
    assert d["categories"] == {c: 0.6 for c in ("recall", "artifact", "continuation", "decision")}
    assert d["score"] == 0.6
    assert len(calls) == 8 and {c["model"] for c in calls} == {"gpt-4o-mini"}
    assert set(d["offline_fidelity"]["kinds"]) == set(KINDS)


def test_eval_prints_a_table(capsys, monkeypatch, workspace):
    mock_judge(monkeypatch, "not in the context", '{"score": 0, "reason": "the answer says it does not know"}')
    code, out, err = run_cli(capsys, "eval", TRAJ, "--judge", "gpt-4o-mini", *SUMMARIZE)
    assert code == 0, err
    assert out.startswith("session ctf_web_i_got_id_demo: 13,229 -> ")
    assert "artifact      the answer says it does not know    0/5" in out
    assert "judged score: 0.00 (recall 0.00, artifact 0.00, continuation 0.00, decision 0.00)" in out
    assert "offline fidelity: " in out


def test_eval_bad_input_exits_2(capsys, monkeypatch, workspace):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    code, _, err = run_cli(capsys, "eval", TRAJ, "--judge", "gpt-4o-mini", *SUMMARIZE)
    assert code == 2 and "judge model 'gpt-4o-mini' needs OPENAI_API_KEY (not set)" in err
    code, _, err = run_cli(capsys, "eval", TRAJ, "-s", "no-such-session", "--judge", "gpt-4o-mini")
    assert code == 2 and "no-such-session" in err
    code, _, err = run_cli(capsys, "eval", TRAJ)  # --judge is required
    assert code == 2 and "--judge" in err


def test_a_failing_judge_exits_1(capsys, monkeypatch, workspace):
    mock_judge(monkeypatch, "litellm.InternalServerError", "")
    code, out, err = run_cli(capsys, "eval", TRAJ, "--judge", "gpt-4o-mini", *SUMMARIZE)
    assert code == 1 and out == ""
    assert err.startswith("inspector: eval failed: ctf_web_i_got_id_demo: recall question: judge model")
