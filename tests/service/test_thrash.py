"""Replay and Sweep mark values that compact on most calls (issue 24, point 7): each
result stays over the trigger, so the next call compacts again."""

from __future__ import annotations

from pathlib import Path

from inspector.cli.replay import format_replay, format_sweep
from inspector.engine import preset
from inspector.engine.replay import thrashes
from inspector.service.replay import replay_session, sweep
from inspector.sources.swe_agent import read_traj

TRAJ = Path(__file__).resolve().parents[1] / "fixtures" / "swe-agent" / "ctf_crypto_katy.traj"
# a message trigger just over what is kept (3, with the system prompt and the summary: 5):
# every call over it compacts again
THRASH = {"summarization.trigger.messages": 4, "summarization.keep.messages": 3,
          "summarization.trigger.context_ratio": 0.0}


def test_a_value_that_compacts_on_most_calls_is_marked():
    s = read_traj(TRAJ)
    calm = replay_session(s, preset("balanced"))
    hot = replay_session(s, preset("sagents").with_values(THRASH))
    t = hot.totals
    assert t.compactions * 2 > t.calls >= 3  # what the mark says, counted here
    assert t.thrashing and hot.to_dict()["totals"]["thrashing"] is True
    assert not calm.totals.thrashing and calm.to_dict()["totals"]["thrashing"] is False
    assert "thrashing: compacts on" in format_replay(hot, "gpt-4o")
    assert "thrashing" not in format_replay(calm, "gpt-4o").split("\n")[1]


def test_sweep_rows_name_the_sessions_a_value_thrashes_on():
    s = read_traj(TRAJ)
    result = sweep(TRAJ, [s.id], preset("sagents").with_values({"summarization.trigger.context_ratio": 0.0,
                                                                "summarization.keep.messages": 3}),
                   "summarization.trigger.messages", [4, 10_000], workers=1, sessions=[s])
    hot, calm = result.rows
    assert hot.thrashing == [s.id] and calm.thrashing == []
    d = result.to_dict()
    assert d["rows"][0]["thrashing"] == [s.id] and d["rows"][1]["thrashing"] == []
    table = format_sweep(result)
    assert "thrashing" in table.splitlines()[1] and "1 !" in table


def test_thrashes_needs_most_calls():
    assert thrashes(10, 6) and not thrashes(10, 5) and not thrashes(2, 2)
