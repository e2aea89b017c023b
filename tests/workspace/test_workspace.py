"""The workspace database: sessions, caches, versions, offloads, migrations, atomicity."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from inspector.engine import apply, count_messages, plan, preset
from inspector.engine.summarize import ExtractiveSummarizer, SummaryResult
from inspector.engine.tokens import TokenCache
from inspector.service.opening import import_source
from inspector.sources.swe_agent import read_traj
from inspector.workspace import migrations
from inspector.workspace.database import (
    UnknownIdError,
    Workspace,
    WorkspaceError,
    default_workspace_path,
    workspace_session_id,
)
from tests.sessions import agent_session

ROOT = Path(__file__).resolve().parents[2]
SWE = ROOT / "tests" / "fixtures" / "swe-agent"
AGENTS_DB = ROOT / "tests" / "fixtures" / "openai-agents" / "sessions.db"


def compact_config():
    """Every stage that writes something: truncation, summary (extractive), offloads."""
    return preset("balanced").with_values({
        "summarization.trigger.context_ratio": 0.0,
        "summarization.trigger.messages": 13,  # fires once more than the 12 kept (keep < trigger)
        "summarization.keep.mode": "messages",
        "summarization.keep.messages": 12,
        "reduction.truncation.max_chars": 1500,
    })


def compacted(session, config=None):
    config = config or compact_config()
    return apply(session, plan(session, config), ExtractiveSummarizer())


@pytest.fixture
def ws(tmp_path):
    with Workspace(tmp_path / "ws.db") as w:
        yield w


@pytest.fixture
def traj():
    return read_traj(SWE / "marshmallow-1867_function_calling.traj")


def canon(m):
    return (m.role, m.kind, m.name, m.tool_call_id, m.content_hash,
            [(p.type, p.text, p.data) for p in m.parts], [(c.id, c.name, c.arguments_raw, c.type) for c in m.tool_calls])


# ------------------------------------------------------------------------------ paths


def test_default_path_env_var_and_data_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("INSPECTOR_WORKSPACE", str(tmp_path / "custom" / "w.db"))
    assert default_workspace_path() == tmp_path / "custom" / "w.db"
    with Workspace() as w:  # the env var decides where it goes; folders are created
        assert w.path == tmp_path / "custom" / "w.db"
    assert (tmp_path / "custom" / "w.db").exists()
    monkeypatch.delenv("INSPECTOR_WORKSPACE")
    import platformdirs

    assert default_workspace_path() == Path(platformdirs.user_data_dir("inspector", appauthor=False)) / "workspace.db"


# --------------------------------------------------------------------------- sessions


def test_session_round_trip_keeps_canonical_messages_and_raw(ws, traj_paths):
    for p in traj_paths[:6]:
        s = read_traj(p)
        wid = ws.add_session(s)
        back = ws.load_session(wid)
        assert [canon(m) for m in back.messages] == [canon(m) for m in s.messages]
        assert [m.raw for m in back.messages] == [m.raw for m in s.messages]
        assert [m.position for m in back.messages] == list(range(len(s.messages)))
        assert back.model == s.model and back.source_path == s.source_path
        assert back.metadata["source_session_id"] == s.id and back.metadata["exit_status"] == s.metadata["exit_status"]
        # Stored hashes are handed back; they must be the ones the engine computes.
        fresh = [m.model_copy(update={"parts": list(m.parts)}) for m in back.messages]
        assert [m.content_hash for m in back.messages] == [m.content_hash for m in fresh]


def test_session_ids_are_readable_and_unique_across_sources(ws, tmp_path, traj):
    a = ws.add_session(traj)
    other = traj.model_copy(update={"source_path": str(tmp_path / "elsewhere" / "x.traj")})
    b = ws.add_session(other)
    assert a != b
    assert a.startswith("swe-agent:marshmallow-1867_function_calling-")
    assert a == workspace_session_id("swe-agent", traj.source_path, traj.id)
    assert {s.id for s in ws.list_sessions()} == {a, b}
    assert ws.session_info(a).source_session_id == traj.id
    # A session loaded from the workspace keeps its id when stored again.
    assert ws.add_session(ws.load_session(a)) == a
    assert len(ws.list_sessions()) == 2


def test_reimport_unchanged_grown_and_changed(ws):
    s = agent_session(rounds=8)
    wid, status = ws.store_session(s)
    assert status == "new"
    bodies = ws.query("SELECT count(*) FROM bodies")[0][0]
    assert ws.store_session(s)[1] == "unchanged"
    assert ws.query("SELECT count(*) FROM bodies")[0][0] == bodies

    grown = agent_session(rounds=10)  # the same first messages, then more
    assert grown.messages[5].content_hash == s.messages[5].content_hash
    assert ws.store_session(grown) == (wid, "updated")
    assert [canon(m) for m in ws.load_session(wid).messages] == [canon(m) for m in grown.messages]
    assert ws.session_info(wid).messages == len(grown.messages)

    changed = agent_session(rounds=10, output="y " * 50)
    assert ws.store_session(changed) == (wid, "updated")
    assert [canon(m) for m in ws.load_session(wid).messages] == [canon(m) for m in changed.messages]
    # Bodies nothing refers to any more were removed.
    orphans = ws.query("SELECT count(*) FROM bodies WHERE hash NOT IN (SELECT body FROM messages) "
                        "AND hash NOT IN (SELECT body FROM version_messages)")[0][0]
    assert orphans == 0


def test_list_sessions_counts_tokens_and_versions(ws, traj, counter):
    wid = ws.add_session(traj)
    info = ws.list_sessions()[0]
    msgs = traj.messages
    assert info.messages == len(msgs)
    assert info.tool_calls == sum(len(m.tool_calls) for m in msgs)
    assert info.tool_results == sum(m.role == "tool" for m in msgs)
    assert info.user_messages == sum(m.role == "user" for m in msgs)
    assert info.text_chars == sum(m.text_chars for m in msgs)
    assert info.tokens is None and info.versions == 0
    totals, _ = count_messages(msgs, counter)
    ws.record_tokens(wid, counter.name, sum(totals))
    stored = ws.load_session(wid)
    ws.save_version(wid, compacted(stored), compact_config())
    info = ws.list_sessions()[0]
    assert (info.tokens, info.counter, info.versions) == (sum(totals), counter.name, 1)
    with pytest.raises(UnknownIdError, match="no session 'nope'"):
        ws.record_tokens("nope", counter.name, 1)


class CountingCounter:
    """A real tiktoken counter that records how many texts it tokenized."""

    def __init__(self, inner):
        self.inner = inner
        self.name, self.exact, self.note, self.framing = inner.name, inner.exact, inner.note, inner.framing
        self.texts = 0

    def count(self, text):
        self.texts += 1
        return self.inner.count(text)

    def count_batch(self, texts):
        self.texts += len(texts)
        return self.inner.count_batch(texts)


def test_token_cache_persists_across_reopen(tmp_path, traj, counter):
    path = tmp_path / "ws.db"
    cold = CountingCounter(counter)
    with Workspace(path) as w:
        wid = w.add_session(traj)
        expected = count_messages(traj.messages, cold, w.token_cache())
    assert cold.texts > 0
    assert expected == count_messages(traj.messages, counter, TokenCache())
    warm = CountingCounter(counter)
    with Workspace(path) as w:
        cache = w.token_cache()
        assert cache.stored(counter.name) == len({m.content_hash for m in traj.messages})
        got = count_messages(w.load_session(wid).messages, warm, cache)
    assert got == expected
    assert warm.texts == 0, "reopening must not tokenize anything"
    # Another counter shares nothing with the first.
    with Workspace(path) as w:
        assert w.token_cache().get_many("estimate:4 chars/token", [traj.messages[0].content_hash]) == {}


@pytest.mark.parametrize("scan", [True, False], ids=["counter-scan", "lookups"])
def test_reopened_counts_are_exact_by_scan_or_lookup(tmp_path, traj, counter, monkeypatch, scan):
    """A reopened session's counts come from one scan of its counter's rows when it
    wants most of them, else from one lookup per hash: the same counts either way, and
    never another counter's (another encoding, or an estimate)."""
    from inspector.engine import make_counter
    from inspector.workspace.database import WorkspaceTokenCache

    path = tmp_path / "ws.db"
    cl100k = make_counter(encoding="cl100k_base")
    estimate = make_counter("estimate")
    other = agent_session(rounds=5, output="y " * 50, id="other")
    with Workspace(path) as w:
        wid = w.add_session(traj)
        w.add_session(other)
        for c in (counter, estimate):  # two counters' rows for every message of traj
            count_messages(traj.messages, c, w.token_cache())
        count_messages(other.messages, counter, w.token_cache())
    fresh = {c.name: count_messages(traj.messages, c, TokenCache()) for c in (counter, cl100k, estimate)}
    assert fresh[counter.name] != fresh[cl100k.name] and fresh[counter.name] != fresh[estimate.name]

    # The traj wants most of the counter's rows: scanned unless the threshold is out of reach.
    monkeypatch.setattr(WorkspaceTokenCache, "SCAN_MIN", 1 if scan else 10**9)
    queries: list[str] = []  # every statement the workspace's connection runs (sqlite3's trace)
    real_connect = sqlite3.connect

    def traced(*a, **k):
        conn = real_connect(*a, **k)
        conn.set_trace_callback(queries.append)
        return conn

    monkeypatch.setattr(sqlite3, "connect", traced)
    with Workspace(path) as w:
        session = w.load_session(wid)
        queries.clear()
        for c in (counter, estimate):
            tokenizing = CountingCounter(c)
            assert count_messages(session.messages, tokenizing, w.token_cache()) == fresh[c.name]
            assert tokenizing.texts == 0
        scans = [q for q in queries if q.startswith("SELECT hash, tokens, text_tokens FROM token_counts")]
        lookups = [q for q in queries if "json_each" in q]
        assert (len(scans), len(lookups)) == ((2, 0) if scan else (0, 2))
        # Another encoding has no stored rows: counted, exactly, and stored under its own name.
        tokenizing = CountingCounter(cl100k)
        assert count_messages(session.messages, tokenizing, w.token_cache()) == fresh[cl100k.name]
        assert tokenizing.texts > 0
        assert w.stored_counts(wid, cl100k.name) == fresh[cl100k.name]


def test_summary_cache_persists_and_apply_reuses_it(tmp_path, traj):
    path = tmp_path / "ws.db"
    cfg = compact_config()
    with Workspace(path) as w:
        wid = w.add_session(traj)
        s = w.load_session(wid)
        first = apply(s, plan(s, cfg), ExtractiveSummarizer(), summary_cache=w.summary_cache())
        assert first.summaries and len(w.summary_cache()) == len(first.summaries)

    class Refuses:
        name, extractive = "refuses", False

        def summarize(self, request, on_event=None):
            raise AssertionError("the cached summary should have been used")

    with Workspace(path) as w:
        s = w.load_session(wid)
        key = first.summaries[0].key
        cached = w.summary_cache().get(key)
        assert isinstance(cached, SummaryResult) and cached.text == first.summaries[0].text and cached.extractive
        again = apply(s, plan(s, cfg), Refuses(), summary_cache=w.summary_cache())
        assert [m.text for m in again.messages] == [m.text for m in first.messages]
        w.summary_cache().put("k", SummaryResult(text="t", model="m", extractive=False, attempts=2,
                                                 input_tokens=5, output_tokens=1, errors=["e"]))
    with Workspace(path) as w:
        assert w.summary_cache().get("k") == SummaryResult("t", "m", False, 2, 5, 1, ["e"])
        assert w.summary_cache().get("missing") is None


# --------------------------------------------------------------------------- versions


def test_versions_are_saved_whole_and_never_replace_each_other(ws, traj):
    wid = ws.add_session(traj)
    s = ws.load_session(wid)
    cfg = compact_config()
    r1 = compacted(s, cfg)
    assert r1.offloads and r1.summaries, "the config must exercise offloads and summaries"
    v1 = ws.save_version(wid, r1, cfg, label="first")
    cfg2 = cfg.with_values({"summarization.keep.messages": 6})
    s1 = ws.load_version(v1)
    r2 = compacted(s1, cfg2)
    v2 = ws.save_version(wid, r2, cfg2, parent=v1)
    assert (v1, v2) == (f"{wid}@v1", f"{wid}@v2")

    infos = ws.list_versions(wid)
    assert [v.id for v in infos] == [v1, v2]
    a, b = infos
    assert a.parent is None and b.parent == v1 and a.label == "first"
    assert a.config() == cfg and b.config() == cfg2
    from inspector.engine import ENGINE_VERSION

    assert a.engine_version == ENGINE_VERSION and a.counter == r1.plan.counter
    assert a.tokens_before == r1.plan.total_before and a.tokens_after == r1.total_after
    assert a.tokens_after < a.tokens_before
    assert a.stats["summaries"][0]["extractive"] is True and a.stats["summaries"][0]["model"] == "extractive"
    assert a.summarizer == "extractive"
    saved_by_stage = {st["name"]: st["saved"] for st in a.stats["stages"]}
    assert saved_by_stage["truncation"] > 0 and saved_by_stage["summarize"] > 0

    # The older version is still exactly what was saved.
    back = ws.load_version(v1)
    assert [canon(m) for m in back.messages] == [canon(m) for m in r1.messages]
    assert [m.meta for m in back.messages] == [m.meta for m in r1.messages]
    assert back.metadata["version"] == v1 and back.metadata["workspace_session_id"] == wid
    assert ws.load_version(v2).metadata["parent"] == v1
    assert ws.version_lineage(v1) == r1.lineage
    # ... and the session itself is untouched.
    assert [canon(m) for m in ws.load_session(wid).messages] == [canon(m) for m in traj.messages]
    with pytest.raises(UnknownIdError):
        ws.load_version(f"{wid}@v9")
    with pytest.raises(UnknownIdError, match="parent"):
        ws.save_version(wid, r1, cfg, parent="nope@v1")


def test_unchanged_messages_are_stored_once(ws, traj):
    wid = ws.add_session(traj)
    before = ws.query("SELECT count(*) FROM bodies")[0][0]
    r = compacted(ws.load_session(wid))
    ws.save_version(wid, r, compact_config())
    after = ws.query("SELECT count(*) FROM bodies")[0][0]
    changed = sum(1 for m, o in zip(r.messages, r.lineage)
                  if not (len(o) == 1 and traj.messages[o[0]].model_dump(exclude={"position"})
                          == m.model_dump(exclude={"position"})))
    assert 0 < changed < len(r.messages)
    assert after - before == changed


def test_offloads_are_recoverable_by_the_id_in_the_hint(ws, traj):
    wid = ws.add_session(traj)
    r = compacted(ws.load_session(wid))
    vid = ws.save_version(wid, r, compact_config())
    assert ws.list_offloads(vid) == sorted(r.offloads, key=lambda o: (o.position, o.id))
    for off in r.offloads:
        hinted = [m for m in r.messages if off.id in m.text or any(off.id in c.arguments_raw for c in m.tool_calls)]
        assert hinted, f"{off.id} appears in no recovery hint"
        assert ws.get_offload(off.id) == off
        assert ws.recover(off.id) == off.content
        assert ws.recover(off.id, 10, 25) == off.content[10:35]
        assert ws.recover(off.id, len(off.content) + 5) == ""
    assert ws.get_offload("off-000000000000") is None
    with pytest.raises(UnknownIdError, match="no offloaded content with id 'off-000000000000'") as err:
        ws.recover("off-000000000000")
    assert isinstance(err.value, KeyError) and isinstance(err.value, WorkspaceError)
    with pytest.raises(WorkspaceError, match="negative"):
        ws.recover(r.offloads[0].id, -1)


# -------------------------------------------------------------------------- migrations


def _v1_database(path: Path, session, version: int = 1) -> None:
    """A workspace as schema `version` left it (1: before versions), written with that
    version's SQL: each body its canonical JSON."""
    conn = sqlite3.connect(path)
    conn.execute("BEGIN")
    migrations.apply_migrations(conn, 0, version)
    conn.execute(
        "INSERT INTO sessions (id, source_format, source_path, source_session_id, title, imported_at, digest, "
        "messages) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        ("old:s", session.source_format, session.source_path, session.id, "old one", "2025-01-01T00:00:00+00:00",
         "x", len(session.messages)))
    for i, m in enumerate(session.messages):
        body = m.model_dump_json(exclude={"position"})
        conn.execute("INSERT OR IGNORE INTO bodies (hash, data) VALUES (?, ?)", (f"h{i}", body))
        conn.execute("INSERT INTO messages VALUES (?, ?, ?, ?, ?, ?)", ("old:s", i, m.role, m.kind, m.content_hash, f"h{i}"))
    conn.execute("COMMIT")
    conn.close()


def test_opening_an_older_schema_migrates_it(tmp_path, traj):
    assert migrations.SCHEMA_VERSION >= 2
    path = tmp_path / "old.db"
    _v1_database(path, traj)
    conn = sqlite3.connect(path)
    assert migrations.read_version(conn) == 1
    assert "versions" not in {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    conn.close()
    with Workspace(path) as w:
        assert w.schema_version == migrations.SCHEMA_VERSION
        s = w.load_session("old:s")
        assert [canon(m) for m in s.messages] == [canon(m) for m in traj.messages]
        vid = w.save_version("old:s", compacted(s), compact_config())  # the new tables work
        assert [v.id for v in w.list_versions("old:s")] == [vid]
    with Workspace(path) as w:  # reopening does not migrate again
        assert w.schema_version == migrations.SCHEMA_VERSION and len(w.list_versions("old:s")) == 1


def test_newer_schema_is_refused_with_a_clear_message(tmp_path):
    path = tmp_path / "workspace.db"
    Workspace(path).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(migrations.SCHEMA_VERSION + 5),))
    conn.commit()
    conn.close()
    with pytest.raises(WorkspaceError) as err:
        Workspace(path)
    assert str(err.value) == (f"workspace.db: schema version {migrations.SCHEMA_VERSION + 5} is newer than this "
                              f"inspector ({migrations.SCHEMA_VERSION}); upgrade inspector to open it")


def test_foreign_files_are_refused(tmp_path):
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    with pytest.raises(WorkspaceError, match="other.db: not an inspector workspace"):
        Workspace(other)
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(WorkspaceError, match="junk.db: not an inspector workspace"):
        Workspace(junk)
    assert junk.read_bytes() == b"this is not sqlite at all" * 100


# -------------------------------------------------------------------------- atomicity


class _DyingJson:
    """Stands in for the workspace's `json` module: calls `die` at the Nth `dumps`.

    Version rows serialise their lineage with `json.dumps` while `executemany` pulls
    them, so the Nth call happens after earlier rows of the version were inserted.
    """

    def __init__(self, n, die):
        self.calls, self.n, self.die = 0, n, die

    def dumps(self, *a, **k):
        self.calls += 1
        if self.calls == self.n:
            self.die()
        return json.dumps(*a, **k)

    def __getattr__(self, name):
        return getattr(json, name)


def test_failure_between_rows_leaves_the_old_version(tmp_path, traj, monkeypatch):
    import inspector.workspace.database as wsmod

    path = tmp_path / "ws.db"
    with Workspace(path) as w:
        wid = w.add_session(traj)
        s = w.load_session(wid)
        r = compacted(s)
        v1 = w.save_version(wid, r, compact_config())
        counts = {t: w.query(f"SELECT count(*) FROM {t}")[0][0]
                  for t in ("versions", "version_messages", "offloads", "bodies", "summaries")}
        seen = {}

        def die():
            # Inside the transaction: the new version's row and first messages exist.
            seen["rows"] = w.query(
                "SELECT count(*) FROM version_messages WHERE version_id = ?", (f"{wid}@v2",))[0][0]
            raise RuntimeError("injected failure between rows")

        monkeypatch.setattr(wsmod, "json", _DyingJson(6, die))
        r2 = compacted(s, compact_config().with_values({"summarization.keep.messages": 8}))
        with pytest.raises(RuntimeError, match="injected"):
            w.save_version(wid, r2, compact_config())
        monkeypatch.setattr(wsmod, "json", json)
        assert seen["rows"] >= 3
        assert {t: w.query(f"SELECT count(*) FROM {t}")[0][0] for t in counts} == counts
        assert [v.id for v in w.list_versions(wid)] == [v1]
        # The workspace is still usable, and numbering continues from the saved one.
        assert w.save_version(wid, r2, compact_config()) == f"{wid}@v2"


def test_killed_writer_leaves_the_old_version(tmp_path, traj):
    path = tmp_path / "ws.db"
    with Workspace(path) as w:
        wid = w.add_session(traj)
        v1 = w.save_version(wid, compacted(w.load_session(wid)), compact_config())
        before = [canon(m) for m in w.load_version(v1).messages]
    script = textwrap.dedent(f"""
        import os, sys
        sys.path.insert(0, {str(ROOT)!r})
        import inspector.workspace.database as wsmod
        from tests.workspace.test_workspace import _DyingJson, compacted, compact_config
        w = wsmod.Workspace({str(path)!r})
        s = w.load_session({wid!r})
        r = compacted(s, compact_config().with_values({{"summarization.keep.messages": 8}}))
        def die():
            rows = w.query("SELECT count(*) FROM version_messages WHERE version_id = ?",
                           ({wid!r} + "@v2",))[0][0]
            print(rows, flush=True)
            os._exit(17)  # no rollback, no close: as if the process were killed
        wsmod.json = _DyingJson(6, die)
        w.save_version({wid!r}, r, compact_config())
    """)
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 17, proc.stderr
    assert int(proc.stdout.strip()) >= 3  # killed with rows of the new version written
    with Workspace(path) as w:
        assert w.query("PRAGMA integrity_check")[0][0] == "ok"
        assert [v.id for v in w.list_versions(wid)] == [v1]
        assert [canon(m) for m in w.load_version(v1).messages] == before
        assert w.query("SELECT count(*) FROM version_messages WHERE version_id != ?", (v1,))[0][0] == 0


def test_add_session_is_one_transaction(ws):
    s = agent_session(rounds=6)
    # The 10th message row fails to insert, mid-transaction (the session's row and nine
    # messages already written in it): a trigger another connection adds to the file.
    with sqlite3.connect(ws.path) as other:
        other.execute("CREATE TRIGGER fail_tenth BEFORE INSERT ON messages WHEN (SELECT count(*) FROM messages) >= 9 "
                      "BEGIN SELECT RAISE(ABORT, 'boom'); END")
    other.close()
    with pytest.raises(sqlite3.DatabaseError, match="boom"):
        ws.add_session(s)
    assert ws.list_sessions() == []
    assert ws.query("SELECT count(*) FROM messages")[0][0] == 0


# ------------------------------------------------------------------------ batch work


def test_store_and_load_statements_do_not_grow_with_rows(tmp_path, monkeypatch):
    """Storing and loading are batch work: the number of execute/executemany calls does
    not depend on how many messages a session has."""
    calls = {"execute": 0, "executemany": 0}

    class Conn(sqlite3.Connection):
        def execute(self, *a, **k):
            calls["execute"] += 1
            return super().execute(*a, **k)

        def executemany(self, *a, **k):
            calls["executemany"] += 1
            return super().executemany(*a, **k)

    real_connect = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: real_connect(*a, factory=Conn, **k))
    per = {}
    for rounds in (5, 500):
        with Workspace(tmp_path / f"w{rounds}.db") as w:
            s = agent_session(rounds=rounds)
            calls.update(execute=0, executemany=0)
            wid = w.add_session(s)
            stored = dict(calls)
            calls.update(execute=0, executemany=0)
            assert len(w.load_session(wid).messages) == len(s.messages)
            per[rounds] = (stored["execute"], stored["executemany"], calls["execute"] + calls["executemany"])
    assert len(agent_session(rounds=500).messages) > 1000
    assert per[500][0] == per[5][0], per  # no execute per message
    assert per[500][1] <= per[5][1] + 2, per  # bodies go in batches of 1000 rows
    # one query loads every message (beside it: the session row and the page-cache pragmas)
    assert per[500][2] == per[5][2] <= 6, per


# ---------------------------------------------------------------------------- imports


def test_import_source_uses_the_source_readers(ws):
    progress: list[tuple[int, int]] = []
    report = import_source(ws, AGENTS_DB, progress=lambda done, total: progress.append((done, total)))
    assert report.format == "openai-agents"
    assert len(report.session_ids) == 2 and report.new == report.session_ids
    assert progress[0] == (0, 2) and progress[-1] == (2, 2)
    info = {s.source_session_id: s for s in ws.list_sessions()}
    assert set(info) == {"swe-marshmallow", "swe-simple"}
    s = ws.load_session(info["swe-simple"].id)
    reasoning = [p for m in s.messages for p in m.parts if p.type == "reasoning"]
    assert reasoning and reasoning[0].data["encrypted_content"] == "gAAAAABoZ3fake-encrypted-reasoning-blob=="
    again = import_source(ws, AGENTS_DB)
    assert again.unchanged == report.session_ids and again.new == []


def test_closed_workspace_says_so(tmp_path):
    w = Workspace(tmp_path / "w.db")
    w.close()
    with pytest.raises(WorkspaceError, match="closed"):
        w.list_sessions()


def test_stats_json_is_plain_json(ws, traj):
    wid = ws.add_session(traj)
    vid = ws.save_version(wid, compacted(ws.load_session(wid)), compact_config())
    raw = ws.query("SELECT stats FROM versions WHERE id = ?", (vid,))[0][0]
    stats = json.loads(raw)
    assert stats["tokens_before"] - stats["tokens_after"] == stats["saved"]
    assert stats["messages_after"] == ws.version_info(vid).messages
    assert os.path.exists(ws.path)


def test_stored_counts_without_loading_messages(ws, traj, counter):
    wid = ws.add_session(traj)
    assert ws.stored_counts(wid, counter.name) is None  # nothing counted yet
    s = ws.load_session(wid)
    expected = count_messages(s.messages, counter, ws.token_cache())
    assert ws.stored_counts(wid, counter.name) == expected
    assert ws.stored_counts(wid, "estimate:4 chars/token") is None
    r = compacted(s)
    vid = ws.save_version(wid, r, compact_config())
    assert ws.stored_counts(vid, counter.name) is None  # summaries and truncated results are new
    assert count_messages(ws.load_version(vid).messages, counter, ws.token_cache())[0] == r.tokens_after
    assert ws.stored_counts(vid, counter.name)[0] == r.tokens_after


def test_import_reports_skipped_records(ws, tmp_path):
    import shutil

    db = tmp_path / "agents.db"
    shutil.copy(AGENTS_DB, db)
    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO agent_messages (session_id, message_data) VALUES ('swe-simple', '{not json')")
    conn.commit()
    conn.close()
    report = import_source(ws, db)
    assert len(report.session_ids) == 2
    assert len(report.skipped) == 1 and "invalid JSON" in report.skipped[0] and "swe-simple" in report.skipped[0]
    from inspector.sources.model import SourceError

    with pytest.raises(SourceError):
        import_source(ws, tmp_path / "missing.db")


# ------------------------------------------------------------- packed source records

PACKED_SOURCES = [
    ROOT / "tests" / "fixtures" / "claude-code" / "representative_messages.jsonl",
    ROOT / "tests" / "fixtures" / "codex" / "rollout-2025-10-29T01-00-00-marshmallow.jsonl",
    SWE / "marshmallow-1867_function_calling.traj",
    AGENTS_DB,
]


_VOLATILE = __import__("re").compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?:msg|req)_[0-9a-f]{24}|\d{4}-\d\d-\d\dT[\d:.]+Z")


def _adk_events(path):
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT event_data FROM events ORDER BY rowid").fetchall()
    events = [json.loads(_VOLATILE.sub("<uuid>", r[0])) for r in rows]
    for e in events:  # the time of writing
        e.pop("timestamp", None)
    return events


@pytest.mark.parametrize("source", PACKED_SOURCES, ids=lambda p: p.name)
def test_a_loaded_session_keeps_its_records_packed_and_exports_byte_equal(tmp_path, source):
    import copy
    import pickle

    from inspector.engine.models import PackedRaw
    from inspector.exports.registry import TargetOptions, export_session
    from inspector.sources.registry import open_source

    original = next(iter(open_source(source).sessions()))
    with Workspace(tmp_path / "ws.db") as w:
        wid = w.add_session(original)
    with Workspace(tmp_path / "ws.db") as w:
        loaded = w.load_session(wid)
    # Records are packed in memory and read back equal.
    packed = [m for m in loaded.messages if type(m.packed_raw) is PackedRaw]
    assert len(packed) > len(loaded.messages) // 2
    assert [m.raw for m in loaded.messages] == [m.raw for m in original.messages]
    # Every export writes the same bytes as from the same session holding its records
    # as plain objects (as the source's reader gives them).
    plain = loaded.model_copy(update={"messages": [m.model_copy(update={"raw": copy.deepcopy(m.raw)})
                                                   for m in loaded.messages]})
    assert not any(type(m.packed_raw) is PackedRaw for m in plain.messages)
    for fmt in ("openai-json", "anthropic-json", "markdown", "claude-code", "adk-sqlite"):
        target = TargetOptions(max_tokens=1024)  # the fixture's model is not in litellm's map
        a = export_session(plain, fmt, tmp_path / f"a-{fmt}" / f"out.{fmt}", target=target)
        b = export_session(loaded, fmt, tmp_path / f"b-{fmt}" / f"out.{fmt}", target=target)
        if fmt == "adk-sqlite":
            a_rows = _adk_events(a.path)
            assert a_rows and a_rows == _adk_events(b.path)
        else:  # the Claude Code writer draws new ids (and times for untimed messages) per file
            assert _VOLATILE.sub("<uuid>", Path(a.path).read_text()) == _VOLATILE.sub("<uuid>", Path(b.path).read_text())
            if fmt != "claude-code":
                assert Path(a.path).read_bytes() == Path(b.path).read_bytes(), fmt
    # Pickled (the sweep's process pool): same messages, still packed.
    again = pickle.loads(pickle.dumps(loaded))
    assert again.messages == loaded.messages
    assert type(again.messages[-1].packed_raw) is type(loaded.messages[-1].packed_raw)
    # Stored again, changed (its last message gone), its bodies are the ones stored:
    # a packed record is written as the record it packs.
    with Workspace(tmp_path / "ws.db") as w:
        before = set(w.query("SELECT hash FROM bodies"))
        w.add_session(loaded.model_copy(update={"messages": [m.model_copy() for m in loaded.messages[:-1]]}))
        after = set(w.query("SELECT hash FROM bodies"))
        assert after < before and len(after) == len(before) - 1
