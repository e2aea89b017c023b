"""`inspector sweep` over a fleet: a sample's estimates printed beside each figure,
progress events with --json, and a sweep killed mid-way that resumes from the
workspace to the same output as an uninterrupted one."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from inspector.cli.main import main
from tests.service.fleet_data import KNOB, SET, VALUES, write_fleet


@pytest.fixture(scope="module")
def fleet_db(tmp_path_factory):
    return write_fleet(tmp_path_factory.mktemp("fleet-cli") / "agents.db")


def run(capsys, *argv):
    code = main([*map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def sweep_args(db, *more):
    return ["sweep", db, "--all", *SET, "--knob", KNOB, "--values", VALUES, "--workers", "1", *more]


def test_progress_events_with_json(fleet_db, capsys):
    code, out, err = run(capsys, *sweep_args(fleet_db, "--json"))
    assert code == 0, err
    events = [json.loads(line) for line in err.splitlines()]
    assert events and all(e["event"] == "progress" and e["total"] == 24 and e["engine"] == "inline"
                          for e in events)
    assert events[0]["done"] == 0 and events[0]["eta_s"] is None
    assert events[-1]["done"] == 24 and events[-1]["eta_s"] == 0
    assert set(json.loads(out)) == {"knob", "rows"}  # stdout: the result alone


def test_a_sample_prints_estimates_with_their_interval(fleet_db, capsys):
    code, out, err = run(capsys, *sweep_args(fleet_db, "--sample", "8", "--seed", "4"))
    assert code == 0, err
    assert "sample of 8 of 24 sessions, stratified by session size" in out and "seed 4" in out
    assert "95% confidence interval" in out and "expansion estimator" in out
    table = out[out.index("estimated totals"):].splitlines()[1:]
    assert table[0].split()[:3] == ["value", "compactions", "billed"]
    assert len(table) == 4 and all(" ± " in line for line in table[2:])
    code, again, _ = run(capsys, *sweep_args(fleet_db, "--sample", "8", "--seed", "4"))
    assert again == out
    code, as_json, _ = run(capsys, *sweep_args(fleet_db, "--sample", "8", "--seed", "4", "--json"))
    d = json.loads(as_json)
    assert d["sample"]["size"] == 8 and d["sample"]["population"] == 24
    assert all(r["sessions"] == 8 and r["estimate"]["billed_input_tokens"]["high"]
               > r["estimate"]["billed_input_tokens"]["low"] for r in d["rows"])


def test_bad_fleet_options_exit_2(fleet_db, capsys):
    for more in (["--sample", "0"], ["--seed", "3"], ["--address", "auto"], ["--sample-design", "uniform"]):
        code, out, err = run(capsys, *sweep_args(fleet_db, *more))
        assert code == 2 and out == "" and err.startswith("inspector: "), (more, err)


def test_a_killed_sweep_resumes_to_the_same_output(fleet_db, tmp_path, capsys, source_guard):
    source_guard.record(fleet_db)
    code, expected, _ = run(capsys, *sweep_args(fleet_db, "--json"))
    assert code == 0
    ws = tmp_path / "ws.db"
    cmd = [sys.executable, "-m", "inspector.cli", *map(str, sweep_args(fleet_db, "--json", "--resume", "-w", ws))]
    env = dict(os.environ, INSPECTOR_FAULT="fleet.batch_kept@3")  # killed -9 once 3 batches are kept
    killed = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    assert killed.returncode == -signal.SIGKILL and killed.stdout == ""
    progressed = [json.loads(line)["done"] for line in killed.stderr.splitlines() if line.startswith("{")]
    assert progressed and max(progressed) < 24  # killed before the end (progress at most once a second)
    # the resumed and the repeated sweep run in this process (the kill needed a process of its own)
    code, out, err = run(capsys, *sweep_args(fleet_db, "--json", "--resume", "-w", ws))
    assert code == 0, err
    assert out == expected
    first = json.loads(err.splitlines()[0])
    # every batch kept before the kill is reused (progress lines are at most one a second)
    assert first["reused"] == first["done"] and max(progressed) <= first["reused"] < 24 and first["reused"] > 0
    # the finished sweep run again replays nothing
    code, out, err = run(capsys, *sweep_args(fleet_db, "--json", "--resume", "-w", ws))
    assert code == 0 and out == expected and json.loads(err.splitlines()[0])["reused"] == 24
