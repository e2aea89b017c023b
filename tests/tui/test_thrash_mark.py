"""The Replay view's totals mark a policy that compacts on most calls (issue 24.7)."""

from __future__ import annotations

from pathlib import Path

from inspector.engine import preset
from inspector.service.replay import replay_session
from inspector.sources.swe_agent import read_traj
from inspector.tui.screens.replay import totals_text

TRAJ = Path(__file__).resolve().parents[1] / "fixtures" / "swe-agent" / "ctf_crypto_katy.traj"


def test_totals_say_thrashing_only_when_most_calls_compact():
    s = read_traj(TRAJ)
    # 3 kept after the summary and the system prompt: 5 messages, over the trigger at every call
    hot = replay_session(s, preset("sagents").with_values({"summarization.trigger.messages": 4,
                                                           "summarization.keep.messages": 3,
                                                           "summarization.trigger.context_ratio": 0.0}))
    calm = replay_session(s, preset("balanced"))
    assert hot.totals.thrashing and not calm.totals.thrashing
    assert "thrashing" in totals_text(hot, "gpt-4o").plain
    assert "thrashing" not in totals_text(calm, "gpt-4o").plain
