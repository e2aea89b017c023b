"""`inspector export`: compaction through the engine, then the exporter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inspector.cli.main import main
from tests.conftest import SWE_AGENT

TRAJ = SWE_AGENT / "ctf_web_i_got_id_demo.traj"


@pytest.fixture(autouse=True)
def workspace(tmp_path, monkeypatch):
    monkeypatch.setenv("INSPECTOR_WORKSPACE", str(tmp_path / "ws.db"))


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_export_and_runtime_give_identical_json(capsys, tmp_path):
    """One config file: `inspector export --format openai-json` and
    `Compactor.from_toml(...).compact(messages)` produce the same messages."""
    from inspector import Compactor
    from inspector.engine import preset
    from inspector.formats.openai_chat import to_openai
    from inspector.service.config import save_config
    from inspector.sources.swe_agent import read_traj

    cfg = tmp_path / "inspector.toml"  # as the TUI saves it
    save_config(preset("balanced").with_values({
        "summarization.trigger.context_ratio": 0.0, "summarization.trigger.context_tokens": 6000,
        "summarization.keep.tokens": 3000}), cfg)
    out = tmp_path / "out.json"
    code, _, err = run(capsys, "export", TRAJ, "--config", cfg, "--format", "openai-json", "-o", out)
    assert code == 0, err
    exported = json.loads(out.read_text())["messages"]

    session = read_traj(TRAJ)
    runtime = Compactor.from_toml(cfg, session_id=session.id).compact(to_openai(session.messages))
    assert json.dumps(runtime) == json.dumps(exported)
    assert len(exported) < len(session.messages)  # it did compact


def test_export_preset_none_writes_the_session_as_it_is(capsys, tmp_path):
    from inspector.sources.swe_agent import history_to_openai

    out = tmp_path / "same.jsonl"
    code, _, err = run(capsys, "export", TRAJ, "--preset", "none", "-f", "openai-jsonl", "-o", out)
    assert code == 0, err
    line = json.loads(out.read_text())
    history = json.loads(TRAJ.read_text())["history"]
    assert line["messages"] == history_to_openai(history)


def test_export_all_writes_one_file_per_session_with_progress(capsys, tmp_path):
    out = tmp_path / "exports"
    code, _, err = run(capsys, "export", SWE_AGENT, "--all", "--preset", "sagents",
                       "--set", "summarization.trigger.context_tokens=4000", "-f", "markdown", "-o", out,
                       "--concurrency", "3")
    assert code == 0, err
    trajs = sorted(p.stem for p in SWE_AGENT.glob("*.traj"))
    assert sorted(p.stem for p in out.iterdir()) == trajs
    assert all(p.suffix == ".md" for p in out.iterdir())
    assert f"[{'#' * 24}] {len(trajs)}/{len(trajs)} sessions" in err
    assert f"exported {len(trajs)} of {len(trajs)} sessions" in err
    assert "skipped" in err and "LICENSE" in err  # not a session file: named, not fatal
    compacted = (out / "ctf_web_i_got_id_demo.md").read_text()
    assert "(compacted)" in compacted and "Previous conversation summary" in compacted


def test_export_all_concurrent_model_summaries_and_one_failure(capsys, tmp_path, monkeypatch):
    """Sessions wait on the (mocked) network side by side; one session whose model
    fails is reported and not written, the others are, and the exit status is 1."""
    import asyncio

    import litellm

    real = litellm.acompletion
    in_flight = 0
    peak = 0

    async def acompletion(**kw):
        nonlocal in_flight, peak
        in_flight += 1
        peak = max(peak, in_flight)
        await asyncio.sleep(0.05)
        in_flight -= 1
        text = kw["messages"][-1]["content"]
        if "BabyEncryption" in text:
            return await real(**kw, mock_response="litellm.InternalServerError")
        return await real(**kw, mock_response="The agent explored the challenge files.")

    monkeypatch.setattr(litellm, "acompletion", acompletion)
    src = tmp_path / "src"
    src.mkdir()
    for name in ("ctf_crypto_BabyEncryption", "ctf_crypto_katy", "ctf_rev_rock", "ctf_web_i_got_id_demo"):
        (src / f"{name}.traj").write_bytes((SWE_AGENT / f"{name}.traj").read_bytes())
    out = tmp_path / "out"
    code, _, err = run(capsys, "export", src, "--all", "--preset", "sagents",
                       "--set", "summarization.trigger.context_tokens=4000",
                       "--set", "summarization.keep.messages=4",
                       "--set", "summarization.retries=0", "--summarizer", "gpt-4o-mini",
                       "--set", "summarization.on_failure=raise",
                       "-f", "openai-json", "-o", out, "--concurrency", "4")
    assert code == 1, err
    assert peak >= 2
    assert sorted(p.stem for p in out.iterdir()) == ["ctf_crypto_katy", "ctf_rev_rock", "ctf_web_i_got_id_demo"], err
    assert "ctf_crypto_BabyEncryption: compaction failed, not written" in err
    assert "exported 3 of 4 sessions" in err
    doc = json.loads((out / "ctf_rev_rock.json").read_text())
    assert any("The agent explored the challenge files." in (m.get("content") or "") for m in doc["messages"])


def test_export_usage_errors(capsys, tmp_path):
    f = tmp_path / "file.json"
    f.write_text("{}")
    code, _, err = run(capsys, "export", SWE_AGENT, "--all", "-f", "openai-json", "-o", f)
    assert code == 2 and "give a directory" in err
    code, _, err = run(capsys, "export", TRAJ, "--all", "--session", "x", "-f", "openai-json", "-o", tmp_path)
    assert code == 2 and "not both" in err
    code, _, err = run(capsys, "export", TRAJ, "-f", "nope", "-o", tmp_path / "x")
    assert code == 2 and "invalid choice" in err
    code, _, err = run(capsys, "export", TRAJ, "--preset", "none", "-f", "openai-json", "-o", f / "sub" / "x.json")
    assert code == 2 and str(f) in err and err.count("\n") == 1 and "Traceback" not in err


def test_export_report_carries_the_plan(capsys, tmp_path):
    out = tmp_path / "report.json"
    code, _, err = run(capsys, "export", TRAJ, "--preset", "sagents",
                       "--set", "summarization.trigger.context_tokens=8000", "-f", "report", "-o", out)
    assert code == 0, err
    doc = json.loads(out.read_text())
    assert doc["applied"] is True and doc["plan"]["cutoff"]["final"] == 37
    assert doc["stats"]["summaries"][0]["model"] == "extractive"


def test_export_report_has_the_fidelity_of_what_was_written(capsys, tmp_path):
    from inspector.engine.fidelity import KINDS, fidelity
    from inspector.formats.openai_chat import from_openai
    from inspector.sources.swe_agent import read_traj

    args = ["--preset", "sagents", "--set", "summarization.trigger.context_tokens=8000"]
    assert run(capsys, "export", TRAJ, *args, "-f", "report", "-o", tmp_path / "r.json")[0] == 0
    assert run(capsys, "export", TRAJ, *args, "-f", "openai-json", "-o", tmp_path / "c.json")[0] == 0
    f = json.loads((tmp_path / "r.json").read_text())["fidelity"]
    assert set(f["kinds"]) == set(KINDS) and f["summaries"] == "applied"
    # measured on the messages the other export wrote
    written = from_openai(json.loads((tmp_path / "c.json").read_text())["messages"])
    expected = fidelity(read_traj(TRAJ).messages, written).to_dict()
    assert f["score"] == expected["score"] < 1 and f["kinds"]["task"] == expected["kinds"]["task"]
    assert f["kinds"]["task"]["kept"] >= 1 and f["removed_messages"] == 36


def test_export_never_writes_over_its_source(capsys, tmp_path, source_guard):
    import hashlib
    import shutil

    src = tmp_path / "chat.json"
    src.write_text(json.dumps({"messages": [{"role": "user", "content": "hi"},
                                            {"role": "assistant", "content": "hello"}]}))
    before = src.read_bytes()
    code, _, err = run(capsys, "export", src, "--preset", "none", "-f", "openai-json", "-o", src)
    assert code == 2
    assert err.strip() == f"inspector: {src}: is the source being read; inspector never modifies a source"
    assert src.read_bytes() == before

    db = tmp_path / "agent.db"
    shutil.copy(SWE_AGENT.parent / "openai-agents" / "sessions.db", db)
    digest = hashlib.sha256(db.read_bytes()).hexdigest()
    from inspector.sources.registry import open_source

    with open_source(db) as source:
        sid = source.session_ids()[0]
    code, _, err = run(capsys, "export", db, "-s", sid, "--preset", "none", "-f", "openai-agents-sqlite", "-o", db)
    assert code == 2 and "--into-source" in err
    assert hashlib.sha256(db.read_bytes()).hexdigest() == digest
    # Asked for explicitly: a new session is added, the existing ones stay as they were.
    with open_source(db) as source:
        before_ids = source.session_ids()
        before_msgs = {i: [m.content_hash for m in source.read(i).messages] for i in before_ids}
    assert not source_guard.changed()  # refused: nothing was written
    code, out, err = run(capsys, "export", db, "-s", sid, "--preset", "none", "-f", "openai-agents-sqlite",
                         "-o", db, "--into-source")
    source_guard.forget(db)  # this one write was asked for
    assert code == 0, err
    with open_source(db) as source:
        after_ids = source.session_ids()
        assert set(before_ids) < set(after_ids)
        # the id an agent resumes with is printed (stdout, alone on its line)
        assert set(after_ids) - set(before_ids) == {out.strip()}
        assert {i: [m.content_hash for m in source.read(i).messages] for i in before_ids} == before_msgs


def test_exports_into_one_directory_never_overwrite_each_other(capsys, tmp_path):
    """Issue 17: openai-json, anthropic-json and report into `-o DIR/` got one name; a
    directory not yet there with a trailing slash became a file."""
    out = tmp_path / "out"  # does not exist yet
    written = []
    for fmt in ("openai-json", "anthropic-json", "report", "openai-jsonl", "markdown"):
        code, _, err = run(capsys, "export", TRAJ, "--preset", "balanced", "-f", fmt, "-o", f"{out}/")
        assert code == 0, err
        written.append(err.strip().rsplit("wrote ", 1)[1])
    assert out.is_dir()
    assert len(set(written)) == 5 and sorted(p.name for p in out.iterdir()) == sorted(Path(w).name for w in written)
    assert "anthropic_version" not in json.loads((out / Path(written[1]).name).read_text())  # really Anthropic's body
    assert "system" in json.loads((out / Path(written[1]).name).read_text())
    assert json.loads((out / Path(written[2]).name).read_text())["report"] == "inspector-compaction"
    # An existing directory without the slash is a directory too.
    code, _, err = run(capsys, "export", TRAJ, "--preset", "none", "-f", "openai-json", "-o", out)
    assert code == 2 and "exists; not replaced (--force replaces it)" in err


def test_an_existing_file_is_replaced_only_with_force(capsys, tmp_path):
    target = tmp_path / "mine.json"
    target.write_text("my notes\n")
    code, _, err = run(capsys, "export", TRAJ, "--preset", "none", "-f", "openai-json", "-o", target)
    assert code == 2
    assert err.strip() == f"inspector: {target}: exists; not replaced (--force replaces it)"
    assert target.read_text() == "my notes\n"
    code, _, err = run(capsys, "export", TRAJ, "--preset", "none", "-f", "openai-json", "-o", target, "--force")
    assert code == 0, err
    assert json.loads(target.read_text())["messages"]
