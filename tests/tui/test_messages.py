"""Typed messages coalesce floods (Textual's `Message.can_replace`)."""

from __future__ import annotations

from inspector.engine import plan, preset
from inspector.tui.messages import ApplyProgress, LoadProgress, PlanReady
from tests.sessions import agent_session


def test_a_newer_load_progress_replaces_a_queued_one_but_not_other_messages() -> None:
    newer = LoadProgress(5, 10, "s5")
    assert newer.can_replace(LoadProgress(4, 10, "s4"))
    assert not newer.can_replace(ApplyProgress(1, 2))  # apply progress lines are all logged


def test_a_plan_replaces_only_older_queued_plans() -> None:
    session = agent_session(rounds=3)
    config = preset("balanced")
    p = plan(session, config)
    old, new = PlanReady(p, config, generation=3, ms=1.0), PlanReady(p, config, generation=4, ms=1.0)
    assert new.can_replace(old)
    assert not old.can_replace(new)  # a late old plan never hides the newer one
