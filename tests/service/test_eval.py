"""service.eval: the model-judged fidelity check, through litellm's `mock_response`
(no network, no key). The fake judge below grades for real: the share of reference
facts the answer repeats, so the scores the report gives can be checked."""

from __future__ import annotations

import json
import re

import pytest

from inspector.engine import preset
from inspector.engine.probes import ANSWER_SYSTEM, MAX_SCORE
from inspector.service.opening import load_session
from tests.conftest import SWE_AGENT

TRAJ = SWE_AGENT / "ctf_web_i_got_id_demo.traj"
CONFIG = preset("sagents").with_set(["summarization.trigger.context_tokens=8000"])


def judge_through_litellm(answer_for):
    """A completion through litellm.completion with `mock_response`: answers are
    `answer_for(context, question)`; grades count the reference facts found in the
    answer."""
    import litellm

    calls = []

    def completion(**kw):
        calls.append(kw)
        system, user = kw["messages"][0]["content"], kw["messages"][1]["content"]
        if system == ANSWER_SYSTEM:
            context, question = user.split("\n</context>\n\nQuestion: ")
            reply = answer_for(context, question)
        else:
            facts = re.findall(r"^- (.*)$", user.split("Answer to grade:")[0], re.M)
            answer = user.split("Answer to grade:\n", 1)[1].lower()
            found = sum(f.lower() in answer for f in facts)
            reply = json.dumps({"score": round(MAX_SCORE * found / len(facts)), "reason": f"{found} of {len(facts)}"})
        return litellm.completion(**kw, mock_response=reply)

    return completion, calls


def test_judged_scores_per_question_category_and_total():
    from inspector.service.eval import evaluate

    session = load_session(TRAJ, None)

    def answer_for(context, question):
        # An answer that repeats every path of the context: artifacts the context still
        # names score, what the compaction dropped does not.
        return "\n".join(sorted(set(re.findall(r"/[\w./-]+", context))))

    completion, calls = judge_through_litellm(answer_for)
    report = evaluate(session, CONFIG, "gpt-4o-mini", completion=completion)
    assert [r.category for r in report.results] == ["recall", "artifact", "continuation", "decision"]
    assert len(calls) == 2 * len(report.results)  # one answer and one grade per question
    assert all(c["model"] == "gpt-4o-mini" and c["temperature"] == 0 for c in calls)
    by = {r.category: r for r in report.results}
    for r in report.results:
        found = sum(f.lower() in r.answer.lower() for f in r.reference)
        assert r.score == round(MAX_SCORE * found / len(r.reference)), r.category
    assert by["decision"].score == 0  # no path answers "what was decided"
    cats = report.category_scores()
    assert cats == {r.category: r.score / MAX_SCORE for r in report.results}
    assert report.score == pytest.approx(sum(cats.values()) / 4)
    assert report.judge_input_tokens > 0 and report.judge_output_tokens > 0  # litellm's mock usage
    from inspector.llm import model_price

    pin, pout = model_price("gpt-4o-mini")
    assert report.judge_usd == pytest.approx(report.judge_input_tokens * pin + report.judge_output_tokens * pout)
    d = report.to_dict()
    assert d["categories"] == {c: round(v, 4) for c, v in cats.items()}
    assert d["questions"][1]["reference"] == by["artifact"].reference
    assert 0 <= d["offline_fidelity"]["score"] <= 1 and d["tokens_after"] < d["tokens_before"]


def test_an_answer_that_repeats_the_facts_scores_full_marks():
    from inspector.service.eval import evaluate

    session = load_session(TRAJ, None)
    from inspector.engine.probes import probes
    from inspector.service.pipeline import compact_session

    result = compact_session(session, CONFIG)
    facts = {p.question: "\n".join(p.reference) for p in probes(session.messages, result.messages)}
    completion, _ = judge_through_litellm(lambda context, question: facts[question])
    report = evaluate(session, CONFIG, "gpt-4o-mini", completion=completion)
    assert report.score == 1.0 and all(r.score == MAX_SCORE for r in report.results)


def test_nothing_removed_asks_nothing():
    from inspector.service.eval import evaluate

    completion, calls = judge_through_litellm(lambda c, q: "")
    report = evaluate(load_session(TRAJ, None), preset("none"), "gpt-4o-mini", completion=completion)
    assert report.results == [] and report.score is None and calls == []


def test_no_key_is_bad_input_before_anything_is_sent(monkeypatch):
    from inspector.service.eval import EvalError, evaluate

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(EvalError, match="OPENAI_API_KEY"):
        evaluate(load_session(TRAJ, None), CONFIG, "gpt-4o-mini")


def test_a_failing_judge_fails_the_check_naming_the_question():
    import litellm

    from inspector.service.eval import EvalFailed, evaluate

    def completion(**kw):
        return litellm.completion(**kw, mock_response="litellm.RateLimitError")

    with pytest.raises(EvalFailed, match="recall question: judge model 'gpt-4o-mini' failed: RateLimitError"):
        evaluate(load_session(TRAJ, None), CONFIG, "gpt-4o-mini", completion=completion)


def test_a_grade_without_a_score_fails_the_check():
    import litellm

    from inspector.service.eval import EvalFailed, evaluate

    def completion(**kw):
        return litellm.completion(**kw, mock_response="I would rather not say")

    with pytest.raises(EvalFailed, match="no score in the judge's reply"):
        evaluate(load_session(TRAJ, None), CONFIG, "gpt-4o-mini", completion=completion)
