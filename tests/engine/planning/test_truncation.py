"""Stage 1, truncation: oversized tool outputs keep head and tail, counted exactly."""

from __future__ import annotations

from inspector.engine import plan
from inspector.engine.planning import Action
from tests.sessions import asst, session, tool, user

from .stages import COUNTER, only, output_counts


def long_session():
    return session(
        user("look at the logs"),
        asst("reading", [("c1", "bash", '{"cmd": "cat big.log"}'), ("c2", "grep", '{"q": "x"}'),
                         ("c3", "bash", '{"cmd": "ls"}')]),
        tool("c1", "line of a very long log\n" * 2_000, "bash"),
        tool("c2", "match\n" * 2_000, "grep"),
        tool("c3", "short", "bash"),
        asst("done"),
    )


def test_outputs_over_the_limit_are_truncated_and_counted_as_written():
    s = long_session()
    p = plan(s, only("reduction.truncation", reduction__truncation__max_chars=4_000), COUNTER)
    assert [p.actions[i] for i in (2, 3, 4)] == [Action.TRUNCATE, Action.TRUNCATE, Action.KEEP]
    red = p.reductions[2]
    assert (red.kind, red.stage, red.limit) == (Action.TRUNCATE, "truncation", 4_000)
    assert red.head_chars + red.tail_chars <= 4_000 and red.removed_chars > 40_000
    assert output_counts(s, p) == p.tokens_after  # the planner counts what apply writes
    stage = p.stage("truncation")
    assert stage.ran and stage.messages == 2 and stage.saved == p.saved


def test_excluded_and_per_tool_overrides():
    s = long_session()
    p = plan(s, only("reduction.truncation", reduction__truncation__max_chars=4_000,
                     reduction__truncation__exclude_tools=["grep"]), COUNTER)
    assert p.actions[2] == Action.TRUNCATE and p.actions[3] == Action.KEEP
    p = plan(s, only("reduction.truncation", reduction__truncation__max_chars=4_000,
                     reduction__truncation__per_tool={"bash": {"skip_truncation": True},
                                                      "grep": {"max_chars": 8_000}}), COUNTER)
    assert p.actions[2] == Action.KEEP
    assert p.actions[3] == Action.TRUNCATE and p.reductions[3].limit == 8_000


def test_truncating_the_output_again_changes_nothing():
    from inspector.engine import materialize
    from inspector.engine.models import Session

    s = long_session()
    cfg = only("reduction.truncation", reduction__truncation__max_chars=4_000)
    out = materialize(s, plan(s, cfg, COUNTER), {}, COUNTER)
    again = plan(Session(id="s2", source_format="test", messages=out.messages).renumber(), cfg, COUNTER)
    assert not again.changed


def test_disabled_stage_reports_it():
    p = plan(long_session(), only("reduction.clear"), COUNTER)
    stage = p.stage("truncation")
    assert (stage.enabled, stage.ran, stage.reason) == (False, False, "disabled")
