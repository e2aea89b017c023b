"""`inspector fidelity ORIGINAL COMPACTED`: any compaction, ours or another tool's, in
every source format inspector reads; bad input exits 2 naming the file."""

from __future__ import annotations

import json
import shutil

import pytest

from inspector.engine.fidelity import FINDINGS, KINDS
from inspector.sources.swe_agent import read_traj
from tests.conftest import FIXTURES, SWE_AGENT, run_cli

TRAJ = SWE_AGENT / "marshmallow-1867_window100.traj"
STATUSES = {"kept", "missing", "unsupported", "contradicted", "stale"}


def check_shape(d: dict) -> None:
    assert set(d) == {"score", "kinds", "items"}
    assert 0.0 <= d["score"] <= 1.0
    assert set(d["kinds"]) == set(KINDS)
    for k in d["kinds"].values():
        assert set(k) == {"items", "kept", "fraction", "missing", "unsupported"}
        assert 0 <= k["kept"] <= k["items"]
    for it in d["items"]:
        # (a contradicted item also names the original's line it contradicts)
        assert set(it) == {"kind", "text", "status", "evidence"} | ({"contradicts"} if it["status"] == "contradicted"
                                                                   else set())
        assert it["kind"] in KINDS + FINDINGS and it["status"] in STATUSES and it["evidence"]
        if it["status"] != "kept":
            assert it["evidence"] == it["status"]


def openai_chat_compaction(tmp_path, summary: str, cut: int, name: str):
    """What a LangChain `SummarizationMiddleware` run leaves: the system prompt, a
    summary message, then the recent messages, as an OpenAI chat JSON file."""
    from inspector.formats.openai_chat import message_to_openai

    msgs = read_traj(TRAJ).messages
    doc = [message_to_openai(msgs[0]), {"role": "user", "content": summary},
           *(message_to_openai(m) for m in msgs[cut:])]
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


def test_a_faithful_chat_json_compaction_beats_a_wrong_one(capsys, tmp_path):
    faithful = openai_chat_compaction(tmp_path, (
        "Task: fix TimeDelta serialization precision in marshmallow: TimeDelta(precision='milliseconds') "
        "serializes 345 ms as 344, but 345 is correct. reproduce.py reproduces it and prints 344. The cause is in "
        "/marshmallow-code__marshmallow/src/marshmallow/fields.py around line 1474: _serialize truncates with "
        "int() instead of rounding. The first edit failed with E999 IndentationError: unexpected indent."), 14, "faithful.json")
    code, out, err = run_cli(capsys, "fidelity", TRAJ, faithful, "--json")
    assert code == 0, err
    good = json.loads(out)
    check_shape(good)
    paths = [it for it in good["items"] if it["kind"] == "files"]
    assert paths and all(it["status"] == "kept" for it in paths)  # absolute and bare names match
    wrong = openai_chat_compaction(tmp_path, (
        "Task: fix TimeDelta serialization in marshmallow. The bug is in /testbed/marshmallow/fields.py "
        "line 1479 in _deserialize; tests/reproduce.py prints 346."), 14, "wrong.json")
    code, out, _ = run_cli(capsys, "fidelity", TRAJ, wrong, "--json")
    bad = json.loads(out)
    unsupported = {it["text"] for it in bad["items"] if it["status"] in ("unsupported", "contradicted")}
    assert {"/testbed/marshmallow/fields.py", "tests/reproduce.py", "346"} <= unsupported
    # the file put at another place than the original has it contradicts the original, which says where
    moved = next(it for it in bad["items"] if it["text"] == "/testbed/marshmallow/fields.py")
    assert moved["status"] == "contradicted" and "src/marshmallow/fields.py" in moved["contradicts"]
    assert bad["score"] < good["score"]


def test_claude_code_transcript_after_compact(capsys):
    original, compacted = FIXTURES / "claude-code/branch_merge.jsonl", FIXTURES / "claude-code/branch_merge_compact.jsonl"
    code, out, err = run_cli(capsys, "fidelity", original, compacted, "--json")
    assert code == 0, err
    d = json.loads(out)
    check_shape(d)
    # the /compact summary states the error and the file; the turns after it are the
    # session going on, not claims to check
    assert d["kinds"]["errors"]["items"] >= 1
    assert not any(it["status"] in ("unsupported", "contradicted") for it in d["items"])
    code, text, _ = run_cli(capsys, "fidelity", original, compacted)
    assert code == 0 and text.startswith(f"fidelity {d['score']:.2f}")


@pytest.mark.parametrize(("source", "session"), [
    ("swe-agent/ctf_crypto_katy.traj", None),
    ("claude-code/representative_messages.jsonl", None),
    ("codex/rollout-replacement-history.jsonl", None),
    ("openai-agents/sessions.db", "swe-simple"),
    ("adk/sqlite_service.db", "swe-simple"),
    ("llm/message_store.db", "01m80a4zfw2kdtqknn6v54nztp"),
])
def test_every_source_format_against_itself_keeps_everything(capsys, tmp_path, source, session):
    path = tmp_path / FIXTURES.joinpath(source).name
    shutil.copy(FIXTURES / source, path)
    extra = ["-s", session] if session else []
    code, out, err = run_cli(capsys, "fidelity", path, path, *extra, "--json")
    assert code == 0, err
    d = json.loads(out)
    check_shape(d)
    assert d["score"] == 1.0 and d["items"] == []


def test_a_history_with_a_compaction_record_is_scored_on_what_it_sends(capsys):
    """The Agents SDK session holds a `compaction` item: what it sends now starts there,
    so against itself it has lost its task statement's message."""
    db = FIXTURES / "openai-agents/sessions.db"
    code, out, _ = run_cli(capsys, "fidelity", db, db, "-s", "swe-marshmallow", "--json")
    d = json.loads(out)
    assert code == 0 and d["score"] < 1.0 and d["kinds"]["task"]["items"] >= 1


def test_sessions_are_chosen_in_each_file(capsys):
    db = FIXTURES / "openai-agents/sessions.db"
    code, out, err = run_cli(capsys, "fidelity", db, db, "-s", "swe-marshmallow", "--compacted-session", "swe-simple",
                             "--json")
    assert code == 0, err
    d = json.loads(out)
    assert d["score"] < 1.0 and d["kinds"]["task"]["items"] >= 1


@pytest.mark.parametrize("bad", ["missing.json", "notes.txt", "traj-history-not-list.traj"])
def test_bad_input_exits_2_naming_the_file(capsys, bad):
    path = FIXTURES.parent / "bad_inputs" / bad
    code, out, err = run_cli(capsys, "fidelity", TRAJ, path)
    assert code == 2 and out == ""
    assert bad in err and "COMPACTED" in err
    code, _, err = run_cli(capsys, "fidelity", path, TRAJ)
    assert code == 2 and bad in err and "ORIGINAL" in err


def test_an_unknown_session_exits_2(capsys):
    db = FIXTURES / "openai-agents/sessions.db"
    code, _, err = run_cli(capsys, "fidelity", db, db, "-s", "nope")
    assert code == 2 and "sessions.db" in err and "nope" in err


def test_sweep_and_replay_say_what_each_value_loses(capsys):
    traj = SWE_AGENT / "ctf_crypto_katy.traj"
    args = ["--preset", "sagents", "--knob", "summarization.trigger.context_tokens", "--values", "3k,100k",
            "--workers", "1"]
    code, out, err = run_cli(capsys, "sweep", traj, "--all", *args, "--json")
    assert code == 0, err
    rows = {r["value"]: r for r in json.loads(out)["rows"]}
    low, high = rows[3000], rows[100000]
    assert low["fidelity"] < 1.0 and low["lost"]["items"]
    for it in low["lost"]["items"]:
        assert it["kind"] in KINDS + FINDINGS and it["status"] in {"missing", "unsupported", "contradicted", "stale"}
        assert it["session"] == "ctf_crypto_katy"
    assert any(k["kept"] < k["items"] for k in low["lost"]["kinds"].values())
    assert high["fidelity"] == 1.0 and high["lost"]["items"] == []  # nothing compacted, nothing lost
    code, text, _ = run_cli(capsys, "sweep", traj, "--all", *args)
    assert "3000: lost " in text and "100000: lost" not in text
    code, text, _ = run_cli(capsys, "replay", traj, "--preset", "sagents", "--set",
                            "summarization.trigger.context_tokens=3000")
    first = low["lost"]["items"][0]
    assert f"lost {first['kind'].replace('_', ' ')}: {first['text'][:60]}" in text


def test_langgraph_checkpoints_as_either_argument(capsys, tmp_path):
    """A LangGraph `SqliteSaver` database written by a real `create_agent` graph: a
    thread against itself keeps everything; against a shorter thread of the same
    database (`--compacted-session`) it loses the later turns, named by kind."""
    pytest.importorskip("langgraph.checkpoint.sqlite", reason="langgraph-checkpoint-sqlite is in the test extra")
    from langgraph.checkpoint.sqlite import SqliteSaver

    from tests.langgraph_agent import run_threads

    db = tmp_path / "checkpoints.sqlite"
    with SqliteSaver.from_conn_string(str(db)) as saver:
        run_threads(saver, {"long": 4, "short": 1})
    code, out, err = run_cli(capsys, "fidelity", db, db, "-s", "long", "--json")
    assert code == 0, err
    d = json.loads(out)
    check_shape(d)
    assert d["score"] == 1.0 and d["items"] == []
    code, out, err = run_cli(capsys, "fidelity", db, db, "-s", "long", "--compacted-session", "short", "--json")
    assert code == 0, err
    d = json.loads(out)
    check_shape(d)
    assert d["score"] < 1.0
    assert any(it["status"] == "missing" for it in d["items"])


def test_an_openai_chat_json_original(capsys, tmp_path):
    """OpenAI chat JSON as the original too: against itself everything is kept; against
    a compaction of it, what the summary lost is named."""
    from inspector.formats.openai_chat import message_to_openai

    msgs = read_traj(TRAJ).messages
    original = tmp_path / "original.json"
    original.write_text(json.dumps([message_to_openai(m) for m in msgs]))
    code, out, err = run_cli(capsys, "fidelity", original, original, "--json")
    assert code == 0, err
    assert json.loads(out)["score"] == 1.0
    compacted = openai_chat_compaction(tmp_path, "Task: fix TimeDelta serialization precision.", 14, "short.json")
    code, out, err = run_cli(capsys, "fidelity", original, compacted, "--json")
    assert code == 0, err
    d = json.loads(out)
    check_shape(d)
    assert 0.0 < d["score"] < 1.0 and any(it["status"] == "missing" for it in d["items"])


def test_a_damaged_database_exits_2_naming_it(capsys, tmp_path):
    bad = tmp_path / "sessions.db"
    bad.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    code, out, err = run_cli(capsys, "fidelity", TRAJ, bad)
    assert code == 2 and out == "" and "sessions.db" in err


def test_the_plans_fidelity_lines_say_what_was_lost_and_why(capsys):
    """A newcomer reads, under the plan's fidelity line, what "lost" and "not in the
    original" mean, and each kind's lost items; the line says the latest messages were
    kept (why losing the history is not losing everything)."""
    traj = SWE_AGENT / "ctf_web_i_got_id_demo.traj"
    code, out, err = run_cli(capsys, "plan", traj, "--preset", "sagents", "--set",
                             "summarization.trigger.context_tokens=8000")
    assert code == 0, err
    lines = out.splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("fidelity "))
    assert "latest messages kept verbatim" in lines[at]
    assert lines[at + 1].strip().startswith("(lost: neither the summary nor a kept message states it")
    assert lines[at + 2].strip().startswith(("lost ", "not in the original ("))
