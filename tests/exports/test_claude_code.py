"""Write-back as a Claude Code transcript: fresh ids, one valid `parentUuid` chain, the
summary as Claude Code writes its own compact summaries; our reader accepts it round
trip, and the records follow the rules Claude Code's own transcripts follow."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inspector.engine import preset
from inspector.exports.claude_code import SUMMARY_PREAMBLE, to_claude_code
from inspector.exports.registry import ExportError, export_session
from inspector.sources.registry import open_source
from tests.exports.test_adk import small_config
from tests.exports.test_formats import chat_session, compact, model_view

ROOT = Path(__file__).resolve().parents[2]
SWE = ROOT / "tests" / "fixtures" / "swe-agent"
CC = ROOT / "tests" / "fixtures" / "claude-code"


def read(path: Path):
    with open_source(path) as src:
        assert src.format == "claude-code"
        return src.read(src.session_ids()[0])


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def check_transcript(recs: list[dict], session_id: str) -> None:
    """The record rules of Claude Code transcripts (as its own files show them)."""
    uuids = [r["uuid"] for r in recs]
    assert len(set(uuids)) == len(uuids), "uuids are unique"
    parent = None
    for r in recs:
        assert r["type"] in ("user", "assistant", "system")
        assert r["sessionId"] == session_id and r["isSidechain"] is False
        assert r["parentUuid"] == parent, "each record's parent is the record before it"
        assert r["timestamp"].endswith("Z")
        if r["type"] != "system":
            assert r["message"]["role"] == r["type"]
        parent = r["uuid"]
    # assistant records of one API response are adjacent; every tool_use is answered
    # by a tool_result in the user records that follow, before the next response.
    seen_ids: list[str] = []
    open_calls: set[str] = set()
    for r in recs:
        if r["type"] == "assistant":
            mid = r["message"]["id"]
            if not seen_ids or seen_ids[-1] != mid:
                assert mid not in seen_ids, "an API response split by other records"
                assert not open_calls, f"calls {open_calls} unanswered before the next response"
                seen_ids.append(mid)
            for b in r["message"]["content"]:
                if b["type"] == "tool_use":
                    open_calls.add(b["id"])
        elif r["type"] == "user" and isinstance(r["message"]["content"], list):
            for b in r["message"]["content"]:
                if b.get("type") == "tool_result":
                    assert b["tool_use_id"] in open_calls, "a tool_result without its tool_use"
                    open_calls.discard(b["tool_use_id"])
    assert not open_calls


def without_system(messages):
    return [model_view(m) for m in messages if not (m.role == "system" and m.kind == "message")]


def test_compacted_chat_session_round_trips_with_a_compact_boundary(tmp_path):
    session = chat_session(SWE / "function_calling_simple.traj")
    # the request folded into the summary too: the boundary opens the file
    result = compact(session, small_config().with_values({"summarization.keep.latest_user": False}))
    summary = next(m for m in result.messages if m.kind == "summary")
    res = export_session(session, "claude-code", tmp_path, compacted=result)
    assert res.path == tmp_path / f"{res.session_id}.jsonl"  # a folder gets <sessionId>.jsonl
    assert any("system message left out" in w for w in res.warnings)
    recs = records(res.path)
    check_transcript(recs, res.session_id)
    boundary, first = recs[0], recs[1]
    assert boundary["type"] == "system" and boundary["subtype"] == "compact_boundary"
    assert boundary["compactMetadata"] == {"trigger": "manual", "preTokens": result.plan.total_before}
    assert first["isCompactSummary"] is True and first["parentUuid"] == boundary["uuid"]
    assert first["message"]["content"] == SUMMARY_PREAMBLE + summary.text

    back = read(res.path)
    assert back.id == res.session_id
    assert back.messages[0].kind == "compaction" and back.messages[0].text == SUMMARY_PREAMBLE + summary.text
    assert [model_view(m) for m in back.messages[1:]] == without_system(
        [m for m in result.messages if m.kind != "summary"])


def test_the_summary_of_the_turn_in_flight_stays_after_its_request(tmp_path):
    """The summary of work already done for the current request (an assistant message
    right after it, issue 24) is written there as the assistant's, not as a compact
    boundary, which would open the file and put the summary before the request."""
    session = chat_session(SWE / "function_calling_simple.traj")
    result = compact(session, small_config())
    k = next(i for i, m in enumerate(result.messages) if m.kind == "summary")
    assert result.messages[k].role == "assistant" and result.messages[k - 1].role == "user"
    res = export_session(session, "claude-code", tmp_path / "t.jsonl", compacted=result)
    recs = records(res.path)
    check_transcript(recs, res.session_id)
    assert not [x for x in recs if x.get("subtype") == "compact_boundary"]
    assert not [w for w in res.warnings if "before the summary" in w]
    back = read(res.path)
    assert [model_view(m) for m in back.messages] == without_system(result.messages)


def test_claude_code_session_keeps_its_records_with_new_ids(tmp_path):
    session = read(CC / "branch_merge.jsonl")
    cfg = preset("none").with_values({
        "reduction.clear.enabled": True, "reduction.clear.trigger_tokens": 100,
        "reduction.clear.keep_rounds": 1, "reduction.clear.clear_arguments": True})
    result = compact(session, cfg)
    assert result.plan.changed
    out = tmp_path / "out.jsonl"
    res = export_session(session, "claude-code", out, compacted=result)
    assert any(f"named {res.session_id}.jsonl" in w for w in res.warnings)  # Claude Code's naming rule
    named = export_session(session, "claude-code", tmp_path / "0a1b2c3d-0000-4000-8000-00000000000f.jsonl",
                           compacted=result)
    assert named.session_id == "0a1b2c3d-0000-4000-8000-00000000000f"
    assert not [w for w in named.warnings if "inspector mcp" not in w]  # the naming rule is met
    recs = records(out)
    check_transcript(recs, res.session_id)
    source = records(CC / "branch_merge.jsonl")
    assert {r["uuid"] for r in recs}.isdisjoint({r.get("uuid") for r in source})
    assert res.session_id != session.id
    # untouched records come back whole (thinking signature, UI data) under new ids
    thinking = [b for r in recs if r["type"] == "assistant" for b in r["message"]["content"]
                if b["type"] == "thinking"]
    assert thinking and thinking[0]["signature"] == "EqQBCkYIBxgCKkBsignature-bytes-base64=="
    assert not any(r.get("toolUseResult") for r in recs)  # both results were cleared: rebuilt
    plain = export_session(session, "claude-code", tmp_path / "plain.jsonl")  # nothing changed
    plain_recs = records(plain.path)
    check_transcript(plain_recs, plain.session_id)
    active = [r for r in source if r.get("toolUseResult") and not r.get("isSidechain")]
    assert [r["toolUseResult"] for r in plain_recs if r.get("toolUseResult")] == [
        r["toolUseResult"] for r in active]
    back = read(out)
    assert [model_view(m) for m in back.messages] == [model_view(m) for m in result.messages]
    assert not any(m.kind == "compaction" for m in back.messages)  # no summary: no boundary


def test_a_transcript_with_its_own_compaction_is_written_with_one_boundary(tmp_path):
    session = read(CC / "branch_merge_compact.jsonl")
    sid, recs = to_claude_code(session.messages, session_id="0a1b2c3d-0000-4000-8000-000000000001")
    check_transcript(recs, sid)
    assert [r.get("subtype") for r in recs if r["type"] == "system"] == ["compact_boundary"]
    assert recs[0]["compactMetadata"] == {"trigger": "manual", "preTokens": 18342}
    out = tmp_path / f"{sid}.jsonl"
    out.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    assert [model_view(m) for m in read(out).messages] == [model_view(m) for m in session.messages]


def test_never_over_the_source(tmp_path):
    src = tmp_path / "session.jsonl"
    src.write_bytes((CC / "branch_merge.jsonl").read_bytes())
    session = read(src)
    with pytest.raises(ExportError, match="is the source being read"):
        export_session(session, "claude-code", src, into_source=True)
    assert src.read_bytes() == (CC / "branch_merge.jsonl").read_bytes()


def test_a_summary_merged_into_the_system_prompt_becomes_the_compact_summary(tmp_path):
    from tests.sessions import agent_session

    # the kept messages start with a user message, so trpc's injection merges the summary
    cfg = small_config().with_values({"summarization.injection": "system_merge", "summarization.keep.messages": 9,
                                      "summarization.trigger.messages": 10})
    result = compact(agent_session(rounds=6), cfg)
    assert result.messages[0].role == "system" and result.messages[0].meta.get("inspector_summary")
    sid, recs = to_claude_code(result.messages)
    check_transcript(recs, sid)
    assert recs[0]["subtype"] == "compact_boundary" and recs[1]["isCompactSummary"] is True
    assert "[Previous conversation summary]" in recs[1]["message"]["content"]


def test_export_all_names_each_transcript_by_its_session_id(tmp_path, monkeypatch, capsys):
    """`claude --resume <sessionId>` finds a transcript by its file name: with --all
    every file is `<sessionId>.jsonl`, the id inside it."""
    from inspector.cli.main import main

    monkeypatch.setenv("INSPECTOR_WORKSPACE", str(tmp_path / "ws.db"))
    src = Path(__file__).resolve().parents[1] / "fixtures" / "swe-agent"
    out = tmp_path / "out"
    assert main(["export", str(src), "--all", "-f", "claude-code", "-o", f"{out}/", "--preset", "none"]) == 0
    files = sorted(out.glob("*"))
    assert len(files) == len(list(src.glob("*.traj"))) > 1
    for f in files:
        assert f.suffix == ".jsonl" and not f.name.endswith(".claude.jsonl")
        ids = {r["sessionId"] for r in records(f) if "sessionId" in r}
        assert ids == {f.stem}, f.name


def test_request_ids_and_the_boundary_s_logical_parent_are_written_as_claude_code_writes_them(tmp_path):
    """Claude Code puts the API request's id on every assistant record of a reply (the
    records of one message share it) and a `logicalParentUuid` on its compact boundary."""
    from inspector.engine import apply, plan
    from inspector.engine.summarize import ExtractiveSummarizer
    from inspector.exports.registry import export_session
    from inspector.sources.registry import open_source
    from tests.exports.test_formats import compact_config

    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    with open_source(fixtures / "swe-agent" / "marshmallow-1867_function_calling.traj") as src:
        s = src.read(src.session_ids()[0])
    r = apply(s, plan(s, compact_config().with_values({"summarization.keep.latest_user": False})),
              ExtractiveSummarizer())
    recs = records(export_session(s, "claude-code", tmp_path / "t.jsonl", compacted=r).path)
    assistant = [x for x in recs if x["type"] == "assistant"]
    assert assistant and all(str(x.get("requestId", "")).startswith("req_") for x in assistant)
    by_message: dict[str, set[str]] = {}
    for x in assistant:
        by_message.setdefault(x["message"]["id"], set()).add(x["requestId"])
    assert all(len(v) == 1 for v in by_message.values())
    assert len({next(iter(v)) for v in by_message.values()}) == len(by_message), "one request per reply"
    boundary = [x for x in recs if x.get("subtype") == "compact_boundary"]
    assert len(boundary) == 1 and "logicalParentUuid" in boundary[0] and boundary[0]["parentUuid"] is None


def test_parentless_records_are_read_in_file_order_and_said_so(tmp_path):
    from inspector.sources.registry import open_source

    src = Path(__file__).resolve().parents[1] / "fixtures" / "claude-code" / "representative_messages.jsonl"
    lines = []
    for line in src.read_text().splitlines():
        rec = json.loads(line)
        if "parentUuid" in rec:
            rec["parentUuid"] = None
        lines.append(json.dumps(rec))
    flat = tmp_path / "flat.jsonl"
    flat.write_text("\n".join(lines) + "\n")
    with open_source(src) as a, open_source(flat) as b:
        linked, parentless = a.read(a.session_ids()[0]), b.read(b.session_ids()[0])
        skipped = list(b.skipped)
    assert [m.text for m in parentless.messages] == [m.text for m in linked.messages]
    assert any("parentUuid null" in s.reason and "file order" in s.reason for s in skipped), skipped


@pytest.mark.parametrize("fixture", ["representative_messages.jsonl", "todowrite_examples.jsonl"])
@pytest.mark.parametrize("links", ["dangling", "dangling-and-null", "dangling-among-links"])
def test_records_whose_parents_are_not_in_the_file_are_read_in_file_order(tmp_path, fixture, links):
    """A transcript cut out of a longer one (or written by a tool that invents parent
    ids): every parentUuid names a record that is not in the file (`dangling`), or
    null for some and dangling for the rest, or every third dangling among real links.
    Each such record is read after the record before it in file order, said so in
    `skipped`, and the export of what was read is a valid transcript. (A null parent
    among real links stays a root: Claude Code starts a prompt retried from scratch
    that way, branch_merge.jsonl.)"""
    import uuid

    from inspector.exports.registry import export_session
    from inspector.sources.registry import open_source

    src = Path(__file__).resolve().parents[1] / "fixtures" / "claude-code" / fixture
    lines = []
    for k, line in enumerate(src.read_text().splitlines()):
        rec = json.loads(line)
        if rec.get("parentUuid") is not None or k:
            if links == "dangling" or k % 3 == 1 or (links == "dangling-and-null" and k % 2):
                rec["parentUuid"] = str(uuid.uuid4())  # names nothing in the file
            elif links == "dangling-and-null":
                rec["parentUuid"] = None
        lines.append(json.dumps(rec))
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines) + "\n")
    with open_source(src) as a, open_source(cut) as b:
        linked, parentless = a.read(a.session_ids()[0]), b.read(b.session_ids()[0])
        skipped = list(b.skipped)
    assert len(linked.messages) > 3
    assert [m.text for m in parentless.messages] == [m.text for m in linked.messages]
    assert [[c.id for c in m.tool_calls] for m in parentless.messages] == [
        [c.id for c in m.tool_calls] for m in linked.messages]
    assert any("not in the file" in s.reason and "file order" in s.reason for s in skipped), skipped
    res = export_session(parentless, "claude-code", tmp_path / "out.jsonl")
    check_transcript(records(res.path), res.session_id)
