"""`inspector plan | apply | versions | recover` end to end on the SWE-agent fixtures."""

from __future__ import annotations

import json

import pytest

from tests.conftest import SWE_AGENT
from tests.conftest import run_cli as run

TRAJ = SWE_AGENT / "ctf_web_i_got_id_demo.traj"
SUMMARIZE = ["--preset", "sagents", "--set", "summarization.trigger.context_tokens=8000"]


pytestmark = pytest.mark.usefixtures("workspace")


def litellm_script(monkeypatch, *answers):
    """Route litellm.completion through its own mock_response, one answer per call."""
    import litellm

    real = litellm.completion
    script = iter(answers)
    calls = []

    def completion(**kw):
        calls.append(kw["model"])
        return real(**kw, mock_response=next(script))

    monkeypatch.setattr(litellm, "completion", completion)
    return calls


# ----------------------------------------------------------------------------- plan


def test_plan_prints_a_readable_report(capsys):
    code, out, err = run(capsys, "plan", TRAJ, *SUMMARIZE)
    assert code == 0, err
    assert out.startswith("session ctf_web_i_got_id_demo (swe-agent, 43 messages)")
    assert "tokens: 13,229 -> " in out
    for stage in ("truncation", "compaction", "clear", "summarize", "tailor"):
        assert f"\n  {stage} " in out
    assert "* context_tokens: " in out and "> 8,000" in out
    assert "cutoff: 37 (target 37): cut at 37 to keep the last 6 messages" in out
    assert "summarizer: extractive (offline, no model)" in out
    assert "  1\u201336: summarize (36 messages)" in out
    assert "  37\u201342: keep (6 messages)" in out


def test_plan_json_is_the_plans_dict(capsys):
    from inspector.engine import plan
    from inspector.service.config import resolve_config
    from inspector.sources.swe_agent import read_traj

    code, out, _ = run(capsys, "plan", TRAJ, *SUMMARIZE, "--json")
    assert code == 0
    d = json.loads(out)
    cfg = resolve_config(preset_name="sagents", set_values=["summarization.trigger.context_tokens=8000"])
    expected = plan(read_traj(TRAJ), cfg).to_dict()
    for key in ("tokens_before", "tokens_after", "saved", "triggered", "cutoff", "actions", "messages", "stages"):
        assert d[key] == json.loads(json.dumps(expected[key])), key
    assert d["summarizer"] == "extractive" and d["cost"]["usd"] == 0.0


def test_plan_shows_the_cost_of_a_model_summary(capsys):
    code, out, _ = run(capsys, "plan", TRAJ, *SUMMARIZE, "--set", "summarization.model=gpt-4o-mini", "--json")
    d = json.loads(out)
    assert d["cost"]["model"] == "gpt-4o-mini" and d["cost"]["input_tokens"] > 5000 and d["cost"]["usd"] > 0
    code, out, _ = run(capsys, "plan", TRAJ, *SUMMARIZE, "--set", "summarization.model=gpt-4o-mini")
    assert "cost before applying: gpt-4o-mini: " in out and "$" in out


def test_plan_with_a_config_file_and_warnings(capsys, tmp_path):
    cfg = tmp_path / "inspector.toml"
    assert run(capsys, "config", "init", cfg, "--preset", "trpc")[0] == 0
    code, out, _ = run(capsys, "plan", TRAJ, "--config", cfg, "--set", "tokens.context_window=8000")
    assert code == 0 and "preset trpc" in out
    assert "context_ratio" in out


@pytest.mark.parametrize("argv, needle", [
    (["plan", "missing.traj"], "missing.traj: no such file"),
    (["plan", TRAJ, "--session", "nope"], "no session 'nope'"),
    (["plan", TRAJ, "--set", "summarization.keep.messagez=3"], "unknown config key 'summarization.keep.messagez'"),
    (["plan", TRAJ, "--set", "summarization.keep.messages=-1"], "--set: summarization.keep.messages"),
    (["plan", TRAJ, "--set", "noequals"], "expected KEY=VALUE"),
    (["plan", TRAJ, "--preset", "nope"], "unknown preset 'nope'"),
    (["plan", TRAJ, "--config", "absent.toml"], "absent.toml: no such config file"),
    (["plan", TRAJ, "--config", "x.toml", "--preset", "eino"], "not both"),
    (["apply", TRAJ, "--summarizer", " "], "--summarizer"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err
    assert out == ""


def test_bad_config_file_names_the_file(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[summarization]\nretries = 'many'\n")
    code, _, err = run(capsys, "plan", TRAJ, "--config", bad)
    assert code == 2 and str(bad) in err and "summarization.retries" in err


# ---------------------------------------------------------------------------- apply


def test_apply_writes_a_version_and_prints_its_id(capsys, workspace):
    from inspector.workspace.database import Workspace

    code, out, err = run(capsys, "apply", TRAJ, *SUMMARIZE)
    assert code == 0, err
    vid = out.strip()
    assert vid.endswith("@v1") and "\n" not in vid
    assert "summarizing offline (extractive)" in err and "13,229 -> " in err
    with Workspace(workspace) as ws:
        info = ws.version_info(vid)
        # the TUI stores the same label (service.pipeline.summarizer_label)
        assert info.summarizer == "extractive (offline, no model)" and info.preset == "sagents"
        version = ws.load_version(vid)
        summary = version.messages[1]
        assert summary.kind == "summary" and 'call read_offload(id="off-' in summary.text
        # the hint names the offload only, so the version counts what the plan counted
        assert "workspace version" not in summary.text
    code, out, _ = run(capsys, "versions")
    assert code == 0 and vid in out and "13,229 -> " in out
    code, out, _ = run(capsys, "versions", "--json")
    assert [v["id"] for v in json.loads(out)] == [vid]
    # a second apply is a new version
    code, out, _ = run(capsys, "apply", TRAJ, *SUMMARIZE)
    assert out.strip().endswith("@v2")


def test_apply_offline_builds_no_cost_estimate(capsys, monkeypatch):
    # The offline summarizer costs nothing: building and counting its requests for an
    # estimate nobody sees was a tenth of applying 100,000 messages (bench apply_100k).
    import inspector.service.pipeline as pipeline

    estimated = []
    real = pipeline.estimate_cost
    monkeypatch.setattr(pipeline, "estimate_cost", lambda *a, **kw: estimated.append(a) or real(*a, **kw))
    code, _, err = run(capsys, "apply", TRAJ, *SUMMARIZE)
    assert code == 0, err
    assert estimated == [] and "summary cost" not in err


def test_apply_with_a_model_through_litellm_mock(capsys, monkeypatch, workspace):
    import inspector.service.pipeline as pipeline
    from inspector.workspace.database import Workspace

    estimated = []
    real = pipeline.estimate_cost
    monkeypatch.setattr(pipeline, "estimate_cost", lambda *a, **kw: estimated.append(a) or real(*a, **kw))
    calls = litellm_script(monkeypatch, "litellm.RateLimitError", "The agent found the flag in /static/id.")
    code, out, err = run(capsys, "apply", TRAJ, *SUMMARIZE, "--summarizer", "gpt-4o-mini",
                         "--set", "summarization.backoff_seconds=0", "--json")
    assert code == 0, err
    assert calls == ["gpt-4o-mini", "gpt-4o-mini"]
    assert "summary cost before applying: gpt-4o-mini" in err and len(estimated) == 1
    assert "RateLimitError" in err and "retrying in 0.0s" in err
    d = json.loads(out)
    assert d["summaries"][0]["model"] == "gpt-4o-mini" and not d["summaries"][0]["extractive"]
    with Workspace(workspace) as ws:
        v = ws.load_version(d["version"])
        assert "The agent found the flag in /static/id." in v.messages[1].text


def test_total_failure_exits_1_and_writes_nothing(capsys, monkeypatch, workspace):
    from inspector.workspace.database import Workspace

    calls = litellm_script(monkeypatch, *["litellm.InternalServerError"] * 4)
    code, out, err = run(capsys, "apply", TRAJ, *SUMMARIZE, "--set", "summarization.model=gpt-4o-mini",
                         "--set", "summarization.fallback_models=['gpt-4o']", "--set", "summarization.retries=1",
                         "--set", "summarization.backoff_seconds=0", "--set", "summarization.on_failure=raise")
    assert code == 1 and out == ""
    assert calls == ["gpt-4o-mini", "gpt-4o-mini", "gpt-4o", "gpt-4o"]
    last = err.strip().splitlines()[-1]
    assert last.startswith("inspector: compaction failed, nothing written: summary failed after 4 attempts")
    with Workspace(workspace) as ws:
        sid = ws.list_sessions()[0].id
        assert ws.list_versions(sid) == []


def test_recover_prints_offloaded_content(capsys, workspace):
    from inspector.sources.swe_agent import read_traj
    from inspector.workspace.database import Workspace

    traj = SWE_AGENT / "marshmallow-1867_function_calling.traj"  # has tool messages
    code, out, err = run(capsys, "apply", traj, "--preset", "balanced", "--set", "summarization.enabled=false",
                         "--set", "reduction.truncation.max_chars=1000", "--json")
    assert code == 0, err
    d = json.loads(out)
    assert d["offloads"]
    oid = d["offloads"][0]
    with Workspace(workspace) as ws:
        off = ws.get_offload(oid)
    original = read_traj(traj).messages[off.position].text
    code, out, _ = run(capsys, "recover", oid)
    assert code == 0 and out == original
    code, out, _ = run(capsys, "recover", oid, "--offset", "5", "--limit", "20")
    assert out == original[5:25]
    code, out, err = run(capsys, "recover", "off-000000000000")
    assert code == 2 and "no offloaded content with id 'off-000000000000'" in err


def test_runtime_and_cli_apply_give_identical_messages(capsys, workspace, tmp_path):
    """One config file: `inspector apply` and `Compactor.compact` write the same thing."""
    from inspector import Compactor
    from inspector.formats.openai_chat import to_openai
    from inspector.workspace.database import Workspace

    cfg = tmp_path / "inspector.toml"
    assert run(capsys, "config", "init", cfg, "--preset", "sagents")[0] == 0
    text = cfg.read_text().replace("context_tokens = 170000", "context_tokens = 8000")
    text = text.replace("recovery_hint = true", "recovery_hint = false")
    cfg.write_text(text)
    code, out, err = run(capsys, "apply", TRAJ, "--config", cfg)
    assert code == 0, err
    with Workspace(workspace) as ws:
        vid = out.strip()
        applied = to_openai(ws.load_version(vid).messages, keep_raw=False)
        session = ws.load_session(ws.version_info(vid).session_id)
    runtime = Compactor.from_toml(cfg, session_id=session.id).compact(to_openai(session.messages))
    assert json.dumps(runtime) == json.dumps(applied)


def test_apply_offloads_the_summarized_messages_and_recover_prints_them(capsys, workspace):
    """Issue 11, finding 7: the summary's hint names an id `inspector recover` answers."""
    import re

    from inspector.workspace.database import Workspace

    code, out, err = run(capsys, "apply", TRAJ, *SUMMARIZE, "--json")
    assert code == 0, err
    vid = json.loads(out)["version"]
    with Workspace(workspace) as ws:
        summary = next(m for m in ws.load_version(vid).messages if m.kind == "summary")
    oid = re.search(r'stored as (off-[0-9a-f]{12}); call read_offload\(id="(off-[0-9a-f]{12})"\)', summary.text)
    assert oid and oid.group(1) == oid.group(2)
    code, out, err = run(capsys, "recover", oid.group(1))
    assert code == 0, err
    assert "We're currently solving the following CTF challenge" in out and "assistant:" in out


def test_plan_json_has_the_fidelity_apply_would_reach(capsys):
    from inspector.engine.fidelity import KINDS, fidelity
    from inspector.service.config import resolve_config
    from inspector.service.pipeline import compact_session
    from inspector.sources.swe_agent import read_traj

    code, out, err = run(capsys, "plan", TRAJ, *SUMMARIZE, "--json")
    assert code == 0, err
    f = json.loads(out)["fidelity"]
    assert set(f["kinds"]) == set(KINDS) and f["summaries"] == "extractive"
    for k in f["kinds"].values():
        assert set(k) == {"items", "kept", "fraction", "missing", "unsupported"}
        assert 0 <= k["kept"] <= k["items"] and len(k["missing"]) <= k["items"] - k["kept"]
    # the plan's measure is the applied result's: the same summary text, the same messages
    s = read_traj(TRAJ)
    cfg = resolve_config(preset_name="sagents", set_values=["summarization.trigger.context_tokens=8000"])
    applied = fidelity(s.messages, compact_session(s, cfg).messages).to_dict()
    assert {k: v for k, v in f.items() if k not in ("summaries", "scored")} == applied
    assert f["removed_messages"] == 36 and f["kinds"]["task"]["kept"] >= 1
    assert f["score"] < 1  # the summary is not the 36 messages it replaces
    # the readable plan says the same in a line
    code, out, _ = run(capsys, "plan", TRAJ, *SUMMARIZE)
    assert f"fidelity {f['score']:.2f} of the offline summary" in out  # what was scored, in words
    lost = [it for it in f["items"] if it["status"] == "missing"]
    assert lost and f"lost {lost[0]['kind'].replace('_', ' ')}: {lost[0]['text']}" in out


def test_plan_fidelity_with_a_model_summary_not_generated_is_a_lower_bound(capsys):
    code, out, _ = run(capsys, "plan", TRAJ, *SUMMARIZE, "--set", "summarization.model=gpt-4o-mini", "--json")
    f = json.loads(out)["fidelity"]
    assert f["summaries"] == "pending" and f["kinds"]["task"]["kept"] == 0
    code, out, _ = run(capsys, "plan", TRAJ, *SUMMARIZE, "--json")
    assert json.loads(out)["fidelity"]["score"] > f["score"]
    code, out, _ = run(capsys, "plan", TRAJ, "--preset", "none", "--json")
    none = json.loads(out)["fidelity"]
    assert none["summaries"] == "none" and none["score"] == 1.0 and none["removed_messages"] == 0


def test_plan_of_a_file_counts_the_summaries_of_the_workspace(capsys, workspace):
    """Issue 17.3: once `apply` generated a summary, `plan FILE` counts it exactly, as
    `plan WORKSPACE -s ID` does (it used to estimate it, 10 tokens apart)."""
    code, out, err = run(capsys, "plan", TRAJ, *SUMMARIZE, "--json")
    assert code == 0 and json.loads(out)["tokens_after_estimated"] is True
    code, _, err = run(capsys, "apply", TRAJ, *SUMMARIZE)
    assert code == 0, err
    code, out, err = run(capsys, "plan", TRAJ, *SUMMARIZE, "--json")
    assert code == 0 and json.loads(out)["tokens_after_estimated"] is False


def test_plan_of_a_file_with_a_damaged_default_workspace_warns_and_plans(capsys, workspace):
    workspace.write_bytes(b"not a database at all" * 100)
    code, out, err = run(capsys, "plan", TRAJ, *SUMMARIZE)
    assert code == 0 and out.startswith("session ctf_web_i_got_id_demo")
    assert "warning: " in err and "planned without its summaries" in err
    code, _, err = run(capsys, "plan", TRAJ, *SUMMARIZE, "-w", workspace)  # asked for: an error
    assert code == 2 and str(workspace.name) in err
