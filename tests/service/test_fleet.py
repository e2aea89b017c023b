"""Fleet sweeps (`inspector.service.fleet`): the same result as `sweep` on every local
engine, batches of ids (never the sessions) leaving the driver, resuming from the
workspace, progress, and a sample's estimates."""

from __future__ import annotations

import json

import pytest

from inspector.service.engines import Batch, InlineEngine, PoolEngine, pool_engine
from inspector.service.fleet import SampleSpec, fleet_sweep
from inspector.service.replay import parse_values, session_ids, sweep
from tests.conftest import SWE_AGENT
from tests.service.fleet_data import KNOB, VALUES, base_config, write_fleet


@pytest.fixture(scope="module")
def fleet_db(tmp_path_factory):
    return write_fleet(tmp_path_factory.mktemp("fleet") / "agents.db")


@pytest.fixture(scope="module")
def reference(fleet_db):
    """`sweep` in process over the whole store: what every engine must print."""
    ids = session_ids(fleet_db)
    return sweep(fleet_db, ids, base_config(), KNOB, parse_values(VALUES), workers=1)


class Recording:
    """An engine that runs batches in process and records what left the driver."""

    name = "recording"

    def __init__(self, cores: int = 2) -> None:
        self._cores = cores
        self.batches: list[Batch] = []
        self.inner = InlineEngine()

    @property
    def cores(self) -> int:
        return self._cores

    def run(self, job, batches):
        def tap():
            for b in batches:
                self.batches.append(b)
                yield b
        return self.inner.run(job, tap())

    def close(self) -> None:
        pass


def dumped(result) -> str:
    return json.dumps(result.to_dict())


def test_every_local_engine_gives_sweeps_json_byte_for_byte(fleet_db, reference):
    values = parse_values(VALUES)
    expected = dumped(reference)
    assert any(r.summed()["compactions"] for r in reference.rows)  # the values differ: a real check
    assert reference.rows[0].summed() != reference.rows[1].summed()
    for engine in (InlineEngine(), PoolEngine(2)):
        try:
            got = fleet_sweep(fleet_db, base_config(), KNOB, values, engine=engine)
        finally:
            engine.close()
        assert dumped(got) == expected, engine.name
        assert got.replayed == len(session_ids(fleet_db)) and got.reused == 0


def test_only_ids_in_bounded_batches_leave_the_driver(fleet_db, reference):
    engine = Recording(cores=1)
    got = fleet_sweep(fleet_db, base_config(), KNOB, parse_values(VALUES), engine=engine)
    assert dumped(got) == dumped(reference)
    ids = session_ids(fleet_db)
    sent = [sid for b in engine.batches for sid in b.ids]
    assert sent == ids  # each session once, in order, as ids
    assert all(isinstance(sid, str) for b in engine.batches for sid in b.ids)
    assert len(engine.batches) > 1 and all(b.indices == (0, 1) for b in engine.batches)
    assert max(len(b.ids) for b in engine.batches) <= -(-len(ids) // 8)


def test_few_sessions_go_per_value_and_proved_values_are_not_sent():
    """One session, many trigger values: the highest goes first; values its replay
    proved (`same_from_trigger`) are served without a task, as `sweep` does."""
    path = SWE_AGENT / "ctf_web_i_got_id_demo.traj"
    values = parse_values("4k:40k:4k")
    expected = sweep(path, ["ctf_web_i_got_id_demo"], base_config(), KNOB, values, workers=1)
    engine = Recording(cores=2)
    got = fleet_sweep(path, base_config(), KNOB, values, engine=engine)
    assert dumped(got) == dumped(expected)
    assert all(len(b.ids) == 1 and len(b.indices) == 1 for b in engine.batches)
    assert engine.batches[0].indices == (len(values) - 1,)
    assert len(engine.batches) < len(values)  # some values were served, not replayed


def test_resume_reuses_kept_results_and_gives_the_same_output(fleet_db, reference, tmp_path):
    from inspector.workspace.database import Workspace

    values = parse_values(VALUES)
    ids = session_ids(fleet_db)
    with Workspace(tmp_path / "ws.db") as ws:
        first = fleet_sweep(fleet_db, base_config(), KNOB, values, engine=InlineEngine(), ids=ids[:10], resume=ws)
        assert first.replayed == 10
        engine = Recording(cores=1)
        events = []
        again = fleet_sweep(fleet_db, base_config(), KNOB, values, engine=engine, resume=ws, progress=events.append)
    assert dumped(again.result) == dumped(reference)
    assert again.reused == 10 and again.replayed == len(ids) - 10
    assert [sid for b in engine.batches for sid in b.ids] == ids[10:]  # the kept ones never sent
    assert events[0].done == events[0].reused == 10 and events[-1].done == events[-1].total == len(ids)
    assert [e.done for e in events] == sorted(e.done for e in events)


def test_kept_results_are_per_config_model_and_source(fleet_db, tmp_path):
    from inspector.workspace.database import Workspace

    ids = session_ids(fleet_db)[:3]
    with Workspace(tmp_path / "ws.db") as ws:
        fleet_sweep(fleet_db, base_config(), KNOB, [3000], engine=InlineEngine(), ids=ids, resume=ws)
        other_value = fleet_sweep(fleet_db, base_config(), KNOB, [6000], engine=InlineEngine(), ids=ids, resume=ws)
        other_model = fleet_sweep(fleet_db, base_config(), KNOB, [3000], engine=InlineEngine(), ids=ids, resume=ws,
                                  model="gpt-4o-mini")
        same = fleet_sweep(fleet_db, base_config(), KNOB, [3000], engine=InlineEngine(), ids=ids, resume=ws)
    assert other_value.reused == 0 and other_model.reused == 0 and same.reused == 3


def test_a_sample_at_least_the_fleet_gives_exact_totals_with_zero_width(fleet_db, reference):
    n = len(session_ids(fleet_db))
    got = fleet_sweep(fleet_db, base_config(), KNOB, parse_values(VALUES), engine=InlineEngine(),
                      sample=SampleSpec(n + 5, seed=3))
    d = got.to_dict()
    assert d["sample"]["population"] == d["sample"]["size"] == n
    for row, ref in zip(d["rows"], reference.to_dict()["rows"]):
        assert {k: v for k, v in row.items() if k != "estimate"} == ref
        for key, e in row["estimate"].items():
            exact = (len(ref[key]) if key in ("overflowing", "thrashing")
                     else sum(k["items"] - k["kept"] for k in ref["lost"]["kinds"].values()) if key == "lost_items"
                     else ref["totals"][key])
            assert e["estimate"] == e["low"] == e["high"] == pytest.approx(exact, abs=1e-6), key


def test_a_stratified_sample_is_reproducible_and_estimates_the_fleet(fleet_db, reference):
    values = parse_values(VALUES)
    one = fleet_sweep(fleet_db, base_config(), KNOB, values, engine=InlineEngine(), sample=SampleSpec(12, seed=5))
    two = fleet_sweep(fleet_db, base_config(), KNOB, values, engine=InlineEngine(), sample=SampleSpec(12, seed=5))
    other = fleet_sweep(fleet_db, base_config(), KNOB, values, engine=InlineEngine(), sample=SampleSpec(12, seed=6))
    assert dumped(one) == dumped(two) and dumped(one) != dumped(other)
    d = one.to_dict()
    assert d["sample"]["method"] == "stratified" and len(d["sample"]["strata"]) > 1
    assert d["rows"][0]["sessions"] == 12
    for row, ref in zip(d["rows"], reference.to_dict()["rows"]):
        e = row["estimate"]["billed_input_tokens"]
        assert e["low"] < e["estimate"] < e["high"]
        assert row["totals"]["billed_input_tokens"] < e["estimate"]  # scaled up to the fleet
        assert ref["totals"]["billed_input_tokens"] / 3 < e["estimate"] < 3 * ref["totals"]["billed_input_tokens"]


def test_bad_sample_and_source_are_pipeline_errors(tmp_path):
    from inspector.service.pipeline import PipelineError

    with pytest.raises(PipelineError, match="no such file"):
        fleet_sweep(tmp_path / "nope.db", base_config(), KNOB, [3000], engine=pool_engine(1))
    with pytest.raises(PipelineError, match="no session 'nope'"):
        fleet_sweep(SWE_AGENT, base_config(), KNOB, [3000], engine=pool_engine(1), ids=["nope"])
    with pytest.raises(PipelineError, match="at least 1"):
        fleet_sweep(SWE_AGENT, base_config(), KNOB, [3000], engine=pool_engine(1), sample=SampleSpec(0))


def test_sizes_come_from_the_store_without_reading_sessions(fleet_db, tmp_path):
    import sqlite3

    from inspector.service.fleet import catalog
    from inspector.service.opening import import_source
    from inspector.workspace.database import Workspace

    ids, sizes = catalog(fleet_db, with_sizes=True)
    conn = sqlite3.connect(f"file:{fleet_db}?mode=ro", uri=True)
    stored = dict(conn.execute("SELECT session_id, SUM(LENGTH(message_data)) FROM agent_messages GROUP BY session_id"))
    conn.close()
    assert ids == session_ids(fleet_db) and sizes == [stored[i] for i in ids] and len(set(sizes)) > 3
    assert catalog(fleet_db) == (ids, None)
    with Workspace(tmp_path / "ws.db") as ws:
        import_source(ws, fleet_db)
        infos = {s.id: s.text_chars for s in ws.list_sessions()}
    ids, sizes = catalog(tmp_path / "ws.db", with_sizes=True)
    assert sizes == [infos[i] for i in ids] and all(sizes)
    # a directory of trajectories: no sizes without reading them, so the sample is uniform
    assert catalog(SWE_AGENT, with_sizes=True)[1] is None
    got = fleet_sweep(SWE_AGENT, base_config(), KNOB, [3000], engine=InlineEngine(), sample=SampleSpec(2, seed=1))
    assert got.design is not None and got.design.method == "uniform" and "no session sizes" in got.design.note


def test_kept_results_name_a_database_url_without_its_password(tmp_path):
    from inspector.service.fleet import source_key

    assert source_key("postgresql://app:s3cret@db.internal:5432/agents") == "postgresql://app@db.internal:5432/agents"
    assert source_key("postgresql://db.internal/agents") == "postgresql://db.internal/agents"
    assert source_key(tmp_path / "x" / ".." / "a.db") == str((tmp_path / "a.db").resolve())


def test_the_estimates_table_has_thrashing_and_lost_columns(fleet_db, reference):
    """Issue 24: Sweep marks values that compact on most calls; a sample's estimates
    say it for the fleet too, beside the fidelity items lost."""
    from inspector.cli.fleet import format_estimates

    n = len(session_ids(fleet_db))
    got = fleet_sweep(fleet_db, base_config(), KNOB, parse_values(VALUES), engine=InlineEngine(),
                      sample=SampleSpec(n + 5, seed=3))
    header = format_estimates(got).splitlines()[2]
    assert "thrashing" in header and "lost" in header
    for est, ref in zip(got.estimates, reference.rows):
        assert est["thrashing"].value == pytest.approx(len(ref.thrashing))
        assert est["lost_items"].value == pytest.approx(sum(k["items"] - k["kept"]
                                                            for k in ref.lost()["kinds"].values()))
