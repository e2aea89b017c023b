"""Issue 17.7: a system prompt stored as the first user event (Google ADK and others)
is the system prompt for the planner too: kept, never summarized, as in the copy of
the same run that stores it with the system role."""

from __future__ import annotations

from inspector.engine import plan
from inspector.engine.analysis import analyze
from inspector.engine.config import preset
from inspector.engine.planning.planner import counter_for


def _pair():
    from inspector.sources.swe_agent import read_traj
    from tests.conftest import SWE_AGENT

    as_system = read_traj(SWE_AGENT / "marshmallow-1867_function_calling.traj")
    assert as_system.messages[0].role == "system"
    first = as_system.messages[0].model_copy(update={"role": "user"})
    as_user = as_system.model_copy(update={"messages": [first, *as_system.messages[1:]]})
    return as_system, as_user


def test_a_system_prompt_stored_as_a_user_message_is_pinned_like_the_system_one():
    as_system, as_user = _pair()
    config = preset("balanced").with_values({"summarization.trigger.context_tokens": 2000,
                                             "summarization.trigger.context_ratio": 0.0})
    counter = counter_for(config)
    assert analyze(as_user, counter).leading_system == analyze(as_system, counter).leading_system == 1
    p_user, p_system = plan(as_user, config, counter), plan(as_system, config, counter)
    assert p_system.triggered and p_system.actions[0] == "keep"
    assert p_user.actions[0] == "keep"  # not summarized away
    assert p_user.actions == p_system.actions


def test_a_real_first_request_is_not_taken_for_a_system_prompt():
    as_system, _ = _pair()
    request_first = as_system.model_copy(update={"messages": as_system.messages[1:]})
    assert request_first.messages[0].role == "user"
    assert analyze(request_first, counter_for(preset("balanced"))).leading_system == 0


def test_tailoring_keeps_a_system_prompt_stored_as_a_user_message():
    as_system, as_user = _pair()
    config = preset("balanced").with_values({"summarization.enabled": False, "tailoring.enabled": True,
                                             "tailoring.budget_tokens": 3000})
    counter = counter_for(config)
    p_user, p_system = plan(as_user, config, counter), plan(as_system, config, counter)
    # tailoring drops rounds (tool rounds of the one request, issue 11 finding 5) and fits
    assert p_system.actions[0] == "keep" and "drop" in p_system.actions and p_system.total_after <= 3000
    assert p_user.actions[0] == "keep"  # the prompt is not the oldest round to drop
    assert p_user.actions == p_system.actions
