"""`inspector replay` and `inspector sweep`: JSON shapes, agreement with the service,
tables, and bad input (exit status 2)."""

from __future__ import annotations

import json

from inspector.cli.main import main
from tests.conftest import SWE_AGENT

WEB = SWE_AGENT / "ctf_web_i_got_id_demo.traj"
TOTALS = {"calls", "compactions", "billed_input_tokens", "cached_input_tokens", "unmanaged_input_tokens",
          "summary_output_tokens", "peak_context_tokens", "over_window_calls", "cost_usd", "unmanaged_cost_usd"}
SET = ["--set", "summarization.trigger.context_ratio=0", "--set", "summarization.keep.tokens=0"]


def run(capsys, *argv):
    code = main([*map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_json(capsys):
    code, out, err = run(capsys, "replay", WEB, "-s", "ctf_web_i_got_id_demo", *SET,
                         "--set", "summarization.trigger.context_tokens=6000", "--model", "gpt-4o", "--json")
    assert code == 0, err
    d = json.loads(out)
    assert set(d) == {"session", "model", "calls", "totals", "fidelity"}
    assert d["session"] == "ctf_web_i_got_id_demo" and d["model"] == "gpt-4o"
    assert set(d["totals"]) == TOTALS | {"thrashing"}  # compacts on most calls (issue 24.7)
    assert d["totals"]["thrashing"] == (d["totals"]["compactions"] >= 3
                                        and 2 * d["totals"]["compactions"] > d["totals"]["calls"])
    assert all(set(c) == {"index", "position", "tokens_unmanaged", "tokens_sent", "cached_tokens", "compacted"}
               for c in d["calls"])
    t = d["totals"]
    assert t["billed_input_tokens"] == sum(c["tokens_sent"] for c in d["calls"])
    assert t["cached_input_tokens"] == sum(c["cached_tokens"] for c in d["calls"])
    assert t["unmanaged_input_tokens"] == sum(c["tokens_unmanaged"] for c in d["calls"])
    assert t["compactions"] == sum(c["compacted"] for c in d["calls"]) >= 1
    assert t["calls"] == len(d["calls"]) and t["cost_usd"] > 0
    assert 0 <= d["fidelity"]["score"] < 1 and "files" in d["fidelity"]["kinds"]


def test_replay_table(capsys):
    code, out, _ = run(capsys, "replay", WEB, "--preset", "none")
    assert code == 0
    assert "0 compactions" in out and "billed input saved: 0 tokens" in out
    assert "fidelity at the last call: 1.00 (nothing removed)" in out


def test_sweep_json(capsys):
    code, out, err = run(capsys, "sweep", WEB, "-s", "ctf_web_i_got_id_demo", *SET,
                         "--knob", "summarization.trigger.context_tokens", "--values", "4k:12k:4k",
                         "--workers", "1", "--json")
    assert code == 0, err
    d = json.loads(out)
    assert d["knob"] == "summarization.trigger.context_tokens"
    assert [r["value"] for r in d["rows"]] == [4000, 8000, 12000]
    for r in d["rows"]:
        assert {"value", "sessions", "totals", "p50", "p90", "max"} <= set(r)
        assert set(r["totals"]) == set(r["p50"]) == set(r["p90"]) == set(r["max"]) == TOTALS
        assert r["sessions"] == 1 and r["p50"]["billed_input_tokens"] == r["totals"]["billed_input_tokens"]
    code, one, _ = run(capsys, "replay", WEB, *SET, "--set", "summarization.trigger.context_tokens=8000", "--json")
    totals = json.loads(one)["totals"]
    assert {k: totals[k] for k in TOTALS} == d["rows"][1]["totals"]
    assert ([r["value"] for r in d["rows"] if r["thrashing"]]
            == [r["value"] for r in d["rows"] if 2 * r["totals"]["compactions"] > r["totals"]["calls"]
                and r["totals"]["compactions"] >= 3])


def test_sweep_all_on_a_pool_prints_a_table(capsys):
    code, out, err = run(capsys, "sweep", SWE_AGENT, "--all", "--knob", "preset", "--values", "none,eino")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "sweep of preset" and lines[3].startswith("none") and lines[4].startswith("eino")
    assert "skipped:" in err and "LICENSE" in err  # not a session file: named, not fatal


def test_bad_input_exits_2(capsys):
    cases = [
        ["sweep", WEB, "--knob", "preset", "--values", "eino"],  # neither --session nor --all
        ["sweep", WEB, "--all", "--knob", "summarization.nope", "--values", "1,2"],
        ["sweep", WEB, "--all", "--knob", "summarization.trigger.context_tokens", "--values", "a,b"],
        ["sweep", WEB, "-s", "nope", "--knob", "preset", "--values", "eino"],
        ["replay", SWE_AGENT / "missing.traj"],
        ["replay", WEB, "--preset", "nope"],
    ]
    for argv in cases:
        code, out, err = run(capsys, *argv)
        assert code == 2, (argv, err)
        assert out == "" and err.startswith("inspector: ") and len(err.strip().splitlines()) == 1, err
