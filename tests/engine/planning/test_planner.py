"""The planner as a whole: counts reused across re-plans, the memo, the public names."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from inspector.engine import plan, preset
from inspector.engine.analysis import analyze
from inspector.engine.planning import Action
from inspector.engine.planning.memo import Memo, memo_for
from inspector.engine.tokens import TiktokenCounter, TokenCache
from tests.sessions import agent_session


def test_replanning_never_retokenizes_the_session(monkeypatch):
    s = agent_session(rounds=30, output="log line " * 300)
    counter = TiktokenCounter(model="gpt-4o")
    base = preset("balanced").with_values({"summarization.trigger.context_ratio": 0.0,
                                           "summarization.trigger.context_tokens": 5_000})
    plan(s, base, counter, token_cache=TokenCache())
    seen: list[str] = []
    real = counter.count_batch
    monkeypatch.setattr(counter, "count_batch", lambda texts: seen.extend(texts) or real(texts))
    monkeypatch.setattr(counter, "count", lambda text: seen.append(text) or real([text])[0])
    for k in range(10):  # threshold changes that create no new text
        p = plan(s, base.with_values({"summarization.keep.tokens": 1_000 + 500 * k,
                                      "reduction.clear.keep_rounds": 1 + k % 3}), counter)
        assert p.summaries
    # Only the text around a new summary (its preamble, preserved messages) may be
    # counted; never a message of the session, and never twice the same text.
    texts = {p.text for m in s.messages for p in m.parts} | {c.arguments_raw for m in s.messages for c in m.tool_calls}
    assert seen and not texts & set(seen)
    assert len(seen) == len(set(seen))
    assert all("[Previous conversation summary]" in t for t in seen)


def test_the_memo_lives_on_the_analysis_and_is_bounded():
    s = agent_session(rounds=10)
    counter = TiktokenCounter(model="gpt-4o")
    base = preset("balanced").with_values({"reduction.clear.trigger_tokens": 100})
    plan(s, base, counter)
    a = analyze(s, counter)
    memo = memo_for(a, counter)
    assert a.plan_memo is memo  # typed field, not an attribute set on the side
    for k in range(20):  # 20 reduction configs: only the latest few are kept
        plan(s, base.with_values({"reduction.truncation.max_chars": 100 + k}), counter)
    assert len(memo.reduced) == memo.reduced.limit < 20


def test_memo_forgets_the_oldest_first():
    m: Memo[str, int] = Memo(2)
    m.put("a", 1)
    m.put("b", 2)
    m.put("a", 3)  # an update is not a new entry
    m.put("c", 4)
    assert (m.get("a"), m.get("b"), m.get("c"), len(m)) == (None, 2, 4, 2)


def test_actions_compare_and_serialize_as_their_strings():
    p = plan(agent_session(rounds=6), preset("balanced").with_values(
        {"summarization.trigger.context_ratio": 0.0, "summarization.trigger.context_tokens": 1_000,
         "summarization.keep.mode": "messages", "summarization.keep.messages": 4}))
    assert all(isinstance(a, Action) for a in p.actions)
    assert Action.SUMMARIZE == "summarize" and "summarize" in p.actions
    d = json.loads(json.dumps(p.to_dict()))
    assert {m["action"] for m in d["messages"]} <= {a.value for a in Action}
    assert set(p.action_counts()) == {a.value for a in Action}


@pytest.mark.parametrize("first", [
    "import inspector.engine.planning.clear",
    "from inspector.engine.planning import plan as p",
    "import inspector.engine.applier",
    "import inspector.service.pipeline",
    "",
])
def test_engine_plan_is_the_function_in_every_import_order(first):
    """The package is `planning`, not `plan`: a submodule `inspector.engine.plan` would
    replace the function on the package once imported (DEVELOPERS.md)."""
    code = (f"{first}\nimport inspector.engine\nfrom inspector.engine import plan\n"
            "import inspector.engine.planning.summarize\n"
            "print(callable(plan), callable(inspector.engine.plan), inspector.engine.plan is plan)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "True", "True"]
