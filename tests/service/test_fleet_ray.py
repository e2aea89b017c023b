"""The Ray engine: on a local Ray instance the module starts once (two CPUs, no
dashboard, loopback only), the same sweep as the local engines, byte for byte, from
the service and from the CLI. (The pool equals the in-process engine byte for byte:
tests/service/test_fleet.py; here Ray is compared with the in-process one, which
starts no processes of its own.)"""

from __future__ import annotations

import json

import pytest

from inspector.service.engines import InlineEngine, ray_engine
from inspector.service.fleet import SampleSpec, fleet_sweep
from inspector.service.replay import parse_values
from tests.lazy import installed
from tests.service.fleet_data import KNOB, SET, VALUES, base_config, write_fleet

pytestmark = [pytest.mark.slow,  # Ray's own start, ~20 s on 2 cores
              pytest.mark.skipif(not installed("ray"), reason="the test extra installs ray")]


@pytest.fixture(scope="module")
def local_ray():
    import ray  # when these tests run, not at collection (tests/lazy.py)

    from inspector.service.ray_engine import local_options

    started = not ray.is_initialized()
    if started:  # as the engine starts one (its workers' priority included), on two CPUs
        ray.init(**local_options(2), _node_ip_address="127.0.0.1")
    yield ray
    if started:
        ray.shutdown()


@pytest.fixture(scope="module")
def fleet_db(tmp_path_factory):
    return write_fleet(tmp_path_factory.mktemp("fleet-ray") / "agents.db", sessions=12)


def _sweep(db, engine, **kw):
    try:
        return fleet_sweep(db, base_config(), KNOB, parse_values(VALUES), engine=engine, **kw)
    finally:
        engine.close()


def test_ray_sweep_equals_the_local_sweep_byte_for_byte(local_ray, fleet_db):
    engine = ray_engine()
    assert engine.name == "ray" and engine.cores == 2
    on_ray = json.dumps(_sweep(fleet_db, engine).to_dict())
    local = json.dumps(_sweep(fleet_db, InlineEngine()).to_dict())
    assert on_ray == local
    rows = json.loads(on_ray)["rows"]
    assert rows[0]["sessions"] == 12 and rows[0]["totals"] != rows[1]["totals"]
    assert local_ray.is_initialized()  # an instance the engine joined is left running


def test_local_ray_workers_run_at_the_drivers_priority(local_ray):
    # Ray starts its workers at niceness 15: on a busy machine they got a fraction of
    # the CPU the pool's workers (forked from the driver, its niceness) got.
    import os

    @local_ray.remote(num_cpus=1)
    def niceness() -> int:
        return os.nice(0)

    assert local_ray.get([niceness.remote() for _ in range(2)]) == [os.nice(0)] * 2


def test_ray_sample_equals_the_local_sample(local_ray, fleet_db):
    spec = SampleSpec(10, seed=2)
    assert (json.dumps(_sweep(fleet_db, ray_engine(), sample=spec).to_dict())
            == json.dumps(_sweep(fleet_db, InlineEngine(), sample=spec).to_dict()))


def test_cli_engine_ray_prints_what_the_pool_prints(local_ray, fleet_db, capsys):
    from inspector.cli.main import main

    common = ["sweep", str(fleet_db), "--all", *SET, "--knob", KNOB, "--values", VALUES]
    local = {"pool": ["--workers", "1"], "ray": []}  # in process: the pool's output (the test above)
    outs = {}
    for engine in ("pool", "ray"):
        for fmt in ([], ["--json"]):
            code = main([*common, "--engine", engine, *local[engine], *fmt])
            out, err = capsys.readouterr()
            assert code == 0, err
            outs[engine, bool(fmt)] = out
            if fmt:
                events = [json.loads(line) for line in err.splitlines()]
                assert events[-1]["event"] == "progress"
                assert events[-1]["engine"] == {"pool": "inline", "ray": "ray"}[engine]
                assert events[-1]["done"] == events[-1]["total"] == 12
    assert outs["ray", False] == outs["pool", False] and outs["ray", True] == outs["pool", True]
    assert outs["ray", False].startswith(f"sweep of {KNOB}\n")


def test_a_worker_error_comes_back_named(local_ray, fleet_db):
    from inspector.service.pipeline import PipelineError

    with pytest.raises(PipelineError, match="no session 'nope'"):
        _sweep(fleet_db, ray_engine(), ids=["nope"])


def test_ray_workers_read_a_postgres_store_by_url(local_ray, fleet_db, postgres):
    """The Ray tasks open the PostgreSQL URL themselves (only ids go out), and the
    sampled sweep equals the in-process one on the same URL and on the SQLite file."""
    import sqlite3
    import uuid

    psycopg = pytest.importorskip("psycopg")
    from inspector.exports.postgres import AGENTS_SCHEMA

    name = postgres.create_database(f"rayfleet_{uuid.uuid4().hex[:8]}")
    src = sqlite3.connect(fleet_db)
    with psycopg.connect(postgres.url(name)) as conn, conn.cursor() as cur:
        for ddl in AGENTS_SCHEMA:
            cur.execute(ddl)
        cur.executemany("INSERT INTO agent_sessions (session_id) VALUES (%s)",
                        list(src.execute("SELECT session_id FROM agent_sessions ORDER BY rowid")))
        cur.executemany("INSERT INTO agent_messages (session_id, message_data) VALUES (%s, %s)",
                        list(src.execute("SELECT session_id, message_data FROM agent_messages ORDER BY id")))
    src.close()
    url = postgres.url(name, "psycopg")
    spec = SampleSpec(8, seed=5)
    on_ray = json.dumps(_sweep(url, ray_engine(), sample=spec).to_dict())
    assert on_ray == json.dumps(_sweep(url, InlineEngine(), sample=spec).to_dict())
    assert on_ray == json.dumps(_sweep(fleet_db, InlineEngine(), sample=spec).to_dict())
    assert json.loads(on_ray)["sample"]["method"] == "stratified"
