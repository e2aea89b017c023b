"""What replay carries from one context to the next: an analysis extended from the last
one's (`analyze_extending`) and a validation resumed from another list's checkpoints
(`validate_resumable`) are exactly what a fresh analysis and validation find, on
generated lists (well-formed sessions, and lists with every structural problem) cut,
grown and rewritten the way compaction does, and on every context a replay plans."""

from __future__ import annotations

import dataclasses
from datetime import UTC
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector.engine import Message, Part, Session, ToolCall, make_counter, preset
from inspector.engine.analysis import OPEN_CHECKPOINT, Analysis, analyze, analyze_extending
from inspector.engine.flow import replay_step
from inspector.engine.replay import replay
from inspector.engine.validation import CHECKPOINT_EVERY, validate, validate_resumable
from inspector.sources.swe_agent import read_traj
from tests.conftest import SWE_AGENT
from tests.engine.test_properties import EST, EXAMPLES, sessions
from tests.sessions import agent_session

SETTINGS = settings(max_examples=max(1, EXAMPLES // 10), deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def messy(draw) -> list[Message]:
    """Messages in any order: calls with and without results, reused and missing ids,
    orphan and separated results, empty messages, system messages late, summaries,
    arguments that are not JSON, timestamps here and there."""
    from datetime import datetime

    out: list[Message] = []
    for k in range(draw(st.integers(0, 60))):
        kind = draw(st.integers(0, 9))
        cid = f"c{draw(st.integers(0, 12))}"
        ts = datetime(2025, 1, 1, tzinfo=UTC) if draw(st.integers(0, 5)) == 0 else None
        if kind == 0:
            out.append(Message.text_message(draw(st.sampled_from(["system", "developer"])), f"rules {k}"))
        elif kind == 1:
            out.append(Message.text_message("user", draw(st.sampled_from(["", " ", f"do {k}"])), timestamp=ts))
        elif kind in (2, 3):
            calls = [ToolCall(id=f"c{draw(st.integers(0, 12))}", name=draw(st.sampled_from(["bash", "grep"])),
                              arguments_raw=draw(st.sampled_from(['{"a": 1}', "not json", ""])))
                     for _ in range(draw(st.integers(0, 3)))]
            text = draw(st.sampled_from(["", f"step {k}"]))
            out.append(Message(role="assistant", parts=[Part(text=text)] if text else [], tool_calls=calls,
                               timestamp=ts))
        elif kind in (4, 5, 6):
            out.append(Message(role="tool", tool_call_id=draw(st.sampled_from([cid, None])),
                               name=draw(st.sampled_from([None, "bash"])),
                               parts=[Part(text=draw(st.sampled_from(["ok", "x" * 1500, 'see off-0123456789ab'])))],
                               meta=draw(st.sampled_from([{}, {"inspector_reduced": "clear"}]))))
        elif kind == 7:
            out.append(Message.text_message("system", f"summary {k}", kind="summary"))
        elif kind == 8:
            out.append(Message(role="user", parts=[Part(type="image", url="https://x.test/a.png")]))
        else:
            out.append(Message.text_message("assistant", f"answer {k}"))
    return out


@st.composite
def pairs(draw) -> tuple[list[Message], list[Message]]:
    """(a list, a list sharing its first messages, the same objects): the second is the
    first cut somewhere, then given new messages, a rewritten one or a removed range."""
    if draw(st.booleans()):
        first = draw(messy())
    else:
        first = list(draw(sessions()).messages)
    return first, draw(following(first))


@st.composite
def following(draw, first: list[Message]) -> list[Message]:
    """A list sharing the first messages of `first` (see `pairs`)."""
    cut = draw(st.integers(0, len(first)))
    rest = first[cut:]
    how = draw(st.integers(0, 3))
    if how == 0:  # grown: the same list and more
        tail = rest + draw(messy())
    elif how == 1 and rest:  # a message rewritten (a cleared result, a truncated output)
        m = rest[0]
        tail = [m.model_copy(update={"parts": [Part(text="[cleared]")], "meta": {"inspector_reduced": "clear"}})]
        tail += rest[1:] + draw(messy())
    elif how == 2:  # a range removed (a summary, tailored rounds), something appended
        drop = draw(st.integers(0, len(rest)))
        tail = rest[drop:] + draw(messy())
    else:
        tail = draw(messy())
    return first[:cut] + tail


def _fields(a: Analysis) -> dict:
    return {f.name: getattr(a, f.name) for f in dataclasses.fields(a)
            if not f.name.startswith("_") and f.name not in ("plan_memo", "offload_ids", "session_id")}


def _scan_state(a: Analysis) -> dict:
    """What an analysis records for the next one to extend it (not compared as a field)."""
    return {name: getattr(a, name) for name in ("_call_at", "_call_ids", "_call_args", "_open_at", "_open_end",
                                                "_reach")}


def _same_prefix(x: list[Message], y: list[Message]) -> int:
    n = 0
    for a, b in zip(x, y):
        if a is not b:
            break
        n += 1
    return n


def assert_extends(base_msgs: list[Message], msgs: list[Message], keep: int, counter=EST) -> None:
    base_s = Session(id="a", messages=list(base_msgs))
    base = analyze(base_s, counter)
    base.link(len(base_msgs))
    base.problems(base_s.messages)
    s = Session(id="b", messages=list(msgs))
    got = analyze_extending(s, counter, base, keep)
    assert analyze(s, counter) is got  # memoised as analyze memoises
    fresh = analyze(Session(id="b", messages=list(msgs)), counter)
    assert _fields(got) == _fields(fresh)
    assert _scan_state(got) == _scan_state(fresh)
    assert [got.link(i) for i in range(len(msgs) + 1)] == [fresh.link(i) for i in range(len(msgs) + 1)]
    assert got.problems(s.messages) == validate(msgs)


@given(pair=pairs())
@SETTINGS
def test_an_extended_analysis_is_a_fresh_one(pair):
    first, second = pair
    assert_extends(first, second, _same_prefix(first, second))


@given(pair=pairs(), data=st.data())
@SETTINGS
def test_an_analysis_extended_from_fewer_shared_messages_is_a_fresh_one_too(pair, data):
    first, second = pair
    assert_extends(first, second, data.draw(st.integers(0, _same_prefix(first, second))))


@given(first=st.one_of(messy(), sessions().map(lambda s: list(s.messages))), data=st.data())
@SETTINGS
def test_an_analysis_extended_again_and_again_is_a_fresh_one(first, data):
    """Replay extends each context's analysis from the last one's, itself extended:
    what an extended analysis records for the next one (the calls awaiting results at
    its checkpoints and end, its calls, its spans' reach) is a fresh one's. The lists
    grow past several checkpoints; each extends from all it shares (only grown: from
    the base's end) or from fewer messages (a checkpoint and the pairing replayed)."""
    base = analyze(Session(id="a0", messages=list(first)), EST)
    prev = first
    for k in range(4):
        msgs = data.draw(following(prev))
        shared = _same_prefix(prev, msgs)
        keep = data.draw(st.sampled_from([shared, data.draw(st.integers(0, shared))]))
        got = analyze_extending(Session(id=f"a{k + 1}", messages=list(msgs)), EST, base, keep)
        fresh = analyze(Session(id="f", messages=list(msgs)), EST)
        assert _fields(got) == _fields(fresh)
        assert _scan_state(got) == _scan_state(fresh)
        base, prev = got, msgs


def test_an_analysis_grown_or_cut_anywhere_across_checkpoints_is_a_fresh_one():
    """A session of parallel calls and a pending one, longer than several checkpoints:
    grown message by message from its last analysis (no message before the end read
    again), and extended from every shorter shared prefix, which starts at a
    checkpoint the pairing is replayed from; the call ids are reused (a later call's
    arguments count), and results come late and orphaned."""
    msgs = list(agent_session(rounds=80, output="x", pending=True).messages)
    msgs.insert(60, Message(role="assistant", tool_calls=[ToolCall(id="slow", name="bash", arguments_raw="{}")]))
    msgs.insert(140, Message(role="tool", tool_call_id="slow", parts=[Part(text="at last")]))
    late = Message(role="tool", tool_call_id="c5", name="bash", parts=[Part(text="late")])
    orphan = Message(role="tool", tool_call_id="nope", parts=[Part(text="lost")])
    again = Message(role="assistant", tool_calls=[ToolCall(id="c6", name="grep", arguments_raw="{}" * 9)])
    msgs[100:100] = [late, orphan, again]
    assert len(msgs) > 3 * OPEN_CHECKPOINT
    base = analyze(Session(id="g0", messages=msgs[:1]), EST)
    for n in range(2, len(msgs) + 1):  # grown: from the base's end
        base = analyze_extending(Session(id=f"g{n}", messages=msgs[:n]), EST, base, n - 1)
        fresh = analyze(Session(id="f", messages=msgs[:n]), EST)
        assert _fields(base) == _fields(fresh) and _scan_state(base) == _scan_state(fresh), n
    whole = base
    assert whole.call_args_chars["c6"] == 18 and any(sp.pending for sp in whole.spans)
    assert any(sp.call == 60 and sp.last > 2 * OPEN_CHECKPOINT for sp in whole.spans)  # open across two
    for keep in range(len(msgs)):  # the rest rewritten: a summary after `keep`
        msgs2 = msgs[:keep] + [Message.text_message("user", "summary", kind="summary")] + msgs[keep + 5:]
        got = analyze_extending(Session(id="h", messages=msgs2), EST, whole, keep)
        fresh = analyze(Session(id="f", messages=msgs2), EST)
        assert _fields(got) == _fields(fresh) and _scan_state(got) == _scan_state(fresh), keep


def test_an_analysis_cannot_extend_past_what_the_lists_share_in_length():
    msgs = [Message.text_message("user", "hi")]
    base = analyze(Session(id="a", messages=msgs), EST)
    with pytest.raises(ValueError):
        analyze_extending(Session(id="b", messages=msgs), EST, base, 2)


@given(pair=pairs())
@SETTINGS
def test_a_resumed_validation_is_a_fresh_one(pair):
    first, second = pair
    before = validate_resumable(first)
    got = validate_resumable(second, before)
    fresh = validate_resumable(second)
    assert got.problems == fresh.problems == validate(second)
    assert got.checkpoints == fresh.checkpoints
    assert (got.call_ids, got.call_positions) == (fresh.call_ids, fresh.call_positions)


def test_a_resumed_validation_finds_a_call_id_used_before_where_it_resumes():
    """The calls seen before the checkpoint a scan resumes from are the first scan's
    record (not read again): an id reused after it is a duplicate of the right one."""
    def call(cid):
        return Message(role="assistant", tool_calls=[ToolCall(id=cid, name="f", arguments_raw="{}")])

    def result(cid):
        return Message(role="tool", tool_call_id=cid, parts=[Part(text="ok")])

    msgs = [Message.text_message("user", "go")]
    for k in range(3 * CHECKPOINT_EVERY):
        msgs += [call(f"c{k % 7}" if k < 7 else f"d{k}"), result(f"c{k % 7}" if k < 7 else f"d{k}")]
    first = validate_resumable(msgs)
    assert first.problems == [] and first.call_ids[:2] == ["c0", "c1"] and first.call_positions[:2] == [1, 3]
    at = 2 * CHECKPOINT_EVERY + 5  # resumed from checkpoint 32, after the calls c0..c6
    second = msgs[:at] + [Message.text_message("user", "again"), call("c3"), result("c3"), call("c0"), result("c0")]
    got = validate_resumable(second, first)
    assert got.problems == validate(second)
    assert [(p.code, p.detail) for p in got.problems] == [
        ("duplicate_tool_call_id", "tool call id 'c3' already used at 7"),
        ("duplicate_tool_call_id", "tool call id 'c0' already used at 1")]
    assert (got.call_ids, got.call_positions) == (validate_resumable(second).call_ids,
                                                  validate_resumable(second).call_positions)


def test_a_validation_resumes_from_its_last_checkpoint_before_the_lists_differ():
    """The scan restarts at the last checkpoint before the first message the lists do
    not share: the checkpoints before it are the first validation's own."""
    msgs = list(agent_session(rounds=30).messages)
    assert len(msgs) > 4 * CHECKPOINT_EVERY
    first = validate_resumable(msgs)
    differ = 2 * CHECKPOINT_EVERY + 3
    changed = msgs[:differ] + [Message.text_message("user", "")] + msgs[differ:]
    got = validate_resumable(changed, first)
    assert got.problems == validate(changed) and [p.code for p in got.problems] == ["empty_message"]
    assert all(got.checkpoints[k] is first.checkpoints[k] for k in range(2))  # before message 32
    assert got.checkpoints[2] is not first.checkpoints[2]  # from message 32 on, scanned again
    assert validate_resumable(list(msgs), first).problems == []  # the same messages: nothing scanned


@pytest.mark.parametrize("path,extra", [
    (SWE_AGENT / "ctf_web_i_got_id_demo.traj", {}),
    (SWE_AGENT / "marshmallow-1867_function_calling.traj", {"summarization.trigger.context_tokens": 2500,
                                                             "reduction.clear.trigger_tokens": 1500,
                                                             "reduction.clear.at_least_tokens": 200}),
    (SWE_AGENT / "ctf_crypto_katy.traj", {"tailoring.budget_tokens": 5000}),
], ids=lambda x: x.stem[:20] if isinstance(x, Path) else "")
def test_every_context_a_replay_plans_is_analysed_and_validated_as_afresh(path, extra):
    counter = make_counter("tiktoken", model="gpt-4o")
    session = read_traj(path)
    config = preset("balanced").with_values({"summarization.trigger.context_tokens": 4000,
                                             "summarization.trigger.context_ratio": 0,
                                             "summarization.keep.tokens": 0}).with_values(extra)
    step = replay_step(counter)
    seen = []

    def checking(s, cfg):
        a = analyze(s, counter)
        fresh = analyze(Session(id=s.id, messages=list(s.messages)), counter)
        assert _fields(a) == _fields(fresh)
        assert a.problems(s.messages) == validate(s.messages)
        seen.append(a.n)
        return step(s, cfg)

    r = replay(session, config, counter=counter, step=checking)
    assert r.totals.compactions >= 2 and len(seen) >= 3


@given(msgs=messy(), cuts=st.lists(st.integers(0, 60), max_size=6))
@SETTINGS
def test_a_scan_fed_in_batches_is_a_fresh_analysis(msgs, cuts):
    """A scan fed the messages batch by batch as a store reads them (some batches
    counted beforehand, as the loader counts them for its rows) finishes as the
    analysis of the whole list at once; then it extends like any other."""
    from inspector.engine.analysis import Scan
    from inspector.engine.tokens import count_messages

    s = Session(id="f", messages=list(msgs))
    bounds = sorted({0, len(msgs), *(c for c in cuts if c <= len(msgs))})
    scan = Scan.fresh(EST)
    for k, (lo, hi) in enumerate(zip(bounds, bounds[1:])):
        batch = msgs[lo:hi]
        scan.feed(batch, count_messages(batch, EST, None) if k % 2 else None)
    got = scan.finish(s)
    fresh = analyze(Session(id="f", messages=list(msgs)), EST)
    assert _fields(got) == _fields(fresh)
    assert _scan_state(got) == _scan_state(fresh)
    with pytest.raises(ValueError, match="scanned"):
        Scan.fresh(EST).feed(msgs[:-1]).finish(s) if msgs else Scan.fresh(EST).finish(
            Session(id="g", messages=[Message.text_message("user", "hi")]))
    s.messages.append(Message.text_message("user", "one more"))
    grown = analyze_extending(s, EST, got, len(msgs))
    assert _fields(grown) == _fields(analyze(Session(id="f", messages=list(s.messages)), EST))
