"""An output quoted after the name of the tool that printed it is an echo, no next step
(`fidelity._Stale`; issue #23, session 18): our extractive summary's "Last result:
- update_reservation_flights: Error: gift card balance is not enough" was read as the
agent's next step, `update_reservation_flights gift_card_6276644`, by the words the two
share, where the bare error line counted as the output it echoes (the judges: "a mechanical
next step"). A faithful summary's next step is read as before."""

from __future__ import annotations

import pytest

from inspector.engine import fidelity as fid
from inspector.engine.fidelity import fidelity
from tests import judged


def _next_step(it: judged.JudgedItem) -> float:
    f = fidelity(it.original(), it.compacted())
    return sum(x.credit for x in f.items if x.kind == "next_step")


def _items(path, session: str) -> list[judged.JudgedItem]:
    return [it for it in judged.load(path) if it.session.startswith(session)]


@pytest.mark.skipif(not any(judged.L6.glob("items-*.jsonl")) or not any(judged.L19.glob("items-*.jsonl")),
                    reason="the labelled sets L6 and L19 are not there")
def test_an_output_quoted_after_its_tools_name_states_no_next_step(monkeypatch):
    """L6 (tau-bench airline): the next step 1.0 from the quoted error, judges 0.60 against
    0.90 for the faithful summary; L19 (AgentDojo Slack): 0.6 from "send_channel_message:
    ValueError: Channel External_ not found". Both fall; the faithful summaries of the two
    sessions keep what they had."""
    cases = [(judged.L6, "tau-bench_airline_gpt-4o_task3"), (judged.L19, "agentdojo_slack_gpt4o_ut12")]
    for path, session in cases:
        items = _items(path, session)
        ours = next(it for it in items if it.variant == "inspector")
        faithful = [it for it in items if it.variant in ("faithful", "faithful_short")]
        fid.forget()
        on = _next_step(ours), [_next_step(it) for it in faithful]
        monkeypatch.setattr(fid, "ECHO_WITH_TOOL", False)
        fid.forget()
        off = _next_step(ours), [_next_step(it) for it in faithful]
        monkeypatch.setattr(fid, "ECHO_WITH_TOOL", True)
        fid.forget()
        assert on[0] < off[0] - 0.3, session
        assert on[1] == off[1], session


@pytest.mark.skipif(not any(judged.L19.glob("items-*.jsonl")), reason="the labelled set L19 is not there")
def test_no_faithful_summary_of_the_tool_calling_sets_loses_its_next_step(monkeypatch):
    """Every faithful summary of L19 (tool calls named in snake_case, their outputs quoted
    often) keeps its next step's credit."""
    faithful = [it for it in judged.load(judged.L19) if it.variant in ("faithful", "faithful_short")]
    fid.forget()
    on = [_next_step(it) for it in faithful]
    monkeypatch.setattr(fid, "ECHO_WITH_TOOL", False)
    fid.forget()
    off = [_next_step(it) for it in faithful]
    fid.forget()
    assert on == off
