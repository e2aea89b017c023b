"""Stage 2, trpc tool-result compaction: placeholders before the recent requests
(pass 1), head + tail truncation to a token limit anywhere (pass 2)."""

from __future__ import annotations

from inspector.engine import plan
from inspector.engine.planning import Action
from tests.sessions import asst, session, tool, user

from .stages import COUNTER, only, output_counts


def requests(n=4, size=800):
    msgs = []
    for r in range(n):
        msgs += [user(f"request {r}"), asst(f"step {r}", [(f"c{r}", "bash", '{"cmd": "make"}')]),
                 tool(f"c{r}", f"build {r} output line\n" * size, "bash"), asst(f"done {r}")]
    return session(*msgs)


def test_pass_1_replaces_large_results_before_the_recent_requests():
    s = requests()
    p = plan(s, only("reduction.compaction", reduction__compaction__tool_result_max_tokens=500,
                     reduction__compaction__keep_recent_requests=1), COUNTER)
    results = [i for i, m in enumerate(s.messages) if m.role == "tool"]
    # the current request and one completed one are protected
    assert [p.actions[i] for i in results] == [Action.CLEAR, Action.CLEAR, Action.KEEP, Action.KEEP]
    red = p.reductions[results[0]]
    assert (red.kind, red.stage, red.clear_result) == (Action.CLEAR, "compaction", True)
    assert red.shown_tokens == p.tokens_before[results[0]]
    assert output_counts(s, p) == p.tokens_after
    assert "pass 1: 2 historical results" in p.stage("compaction").reason


def test_keep_tools_win_over_force_clean_and_force_clean_ignores_the_size():
    s = requests()
    p = plan(s, only("reduction.compaction", reduction__compaction__tool_result_max_tokens=100_000,
                     reduction__compaction__force_clean_tools=["bash"]), COUNTER)
    assert p.actions.count(Action.CLEAR) == 2  # forced although under the limit
    p = plan(s, only("reduction.compaction", reduction__compaction__tool_result_max_tokens=100_000,
                     reduction__compaction__force_clean_tools=["bash"],
                     reduction__compaction__keep_tools=["bash"]), COUNTER)
    assert not p.changed


def test_pass_2_truncates_every_result_over_the_token_limit_to_fit_it():
    s = requests()
    p = plan(s, only("reduction.compaction", reduction__compaction__tool_result_max_tokens=0,
                     reduction__compaction__oversized_max_tokens=1_000), COUNTER)
    results = [i for i, m in enumerate(s.messages) if m.role == "tool"]
    assert all(p.actions[i] == Action.TRUNCATE for i in results)  # the current request too
    assert all(p.tokens_after[i] <= 1_000 for i in results)
    assert {p.reductions[i].stage for i in results} == {"compaction"}
    assert output_counts(s, p) == p.tokens_after


def test_off_by_default_as_in_trpc():
    from inspector.engine import preset

    p = plan(requests(), preset("balanced"), COUNTER)
    assert p.stage("compaction").reason == "disabled"
