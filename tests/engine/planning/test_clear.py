"""Stage 3, Eino clear: above the trigger, old results and their calls' arguments are
replaced by placeholders, the latest rounds kept; skipped when it frees too little."""

from __future__ import annotations

import copy
import json

import pytest

from inspector.engine import plan
from inspector.engine.analysis import analysis_of
from inspector.engine.planning import Action
from tests.sessions import agent_session, asst, session, tool, user

from .stages import COUNTER, only, output_counts


def cleared(**values):
    """Clear on, over its trigger, with no minimum saving unless given."""
    values = {"reduction__clear__trigger_tokens": 1_000, "reduction__clear__at_least_tokens": 0} | values
    return only("reduction.clear", **values)


def big():
    return agent_session(rounds=8, output="log line " * 300, parallel_every=0)


def test_not_over_the_trigger_nothing_is_cleared():
    s = big()
    p = plan(s, only("reduction.clear", reduction__clear__trigger_tokens=10_000_000), COUNTER)
    stage = p.stage("clear")
    assert stage.enabled and not stage.ran and "not over the 10,000,000 trigger" in stage.reason
    assert not p.changed


def test_over_the_trigger_old_results_and_arguments_are_cleared_latest_rounds_kept():
    s = big()
    p = plan(s, cleared(reduction__clear__keep_rounds=2), COUNTER)
    results = [i for i, m in enumerate(s.messages) if m.role == "tool"]
    protected = [i for i, m in enumerate(s.messages) if m.role == "assistant"][-2]
    assert all(p.actions[i] == Action.CLEAR for i in results if i < protected)
    assert all(p.actions[i] == Action.KEEP for i in results if i > protected)
    calls = [i for i, m in enumerate(s.messages) if m.tool_calls and i < protected]
    assert not any(c in p.reductions for c in calls)  # '{"cmd": "ls -la"}' is shorter than a placeholder
    assert output_counts(s, p) == p.tokens_after
    stage = p.stage("clear")
    assert stage.ran and stage.saved > 0 and f"before position {protected}" in stage.reason


def test_long_arguments_are_cleared_with_their_results():
    msgs = [user("write the files")]
    for r in range(4):
        args = json.dumps({"path": f"f{r}.py", "content": "print('hello')\n" * 200})
        msgs += [asst(f"writing {r}", [(f"c{r}", "write", args)]), tool(f"c{r}", "written " * 200, "write")]
    msgs.append(asst("done"))
    s = session(*msgs)
    p = plan(s, cleared(reduction__clear__keep_rounds=1), COUNTER)
    calls = [i for i, m in enumerate(s.messages) if m.tool_calls]  # the last round is the final answer
    for c in calls:
        assert p.actions[c] == Action.CLEAR and p.actions[c + 1] == Action.CLEAR
        assert set(p.reductions[c].clear_arguments) == {s.messages[c].tool_calls[0].id}
    assert output_counts(s, p) == p.tokens_after
    assert "and the arguments of 4 call messages" in p.stage("clear").reason


def test_clearing_that_frees_less_than_at_least_tokens_is_skipped():
    s = big()
    freed = plan(s, cleared(), COUNTER).stage("clear").saved
    assert freed > 0
    p = plan(s, cleared(reduction__clear__at_least_tokens=freed + 1), COUNTER)
    assert not p.changed and "less than at_least_tokens" in p.stage("clear").reason
    p = plan(s, cleared(reduction__clear__at_least_tokens=freed), COUNTER)
    assert p.stage("clear").saved == freed


def test_excluded_tools_and_arguments_off():
    s = big()
    p = plan(s, cleared(reduction__clear__exclude_tools=["bash"]), COUNTER)
    assert not p.changed  # every result of this session is bash's
    p = plan(s, cleared(reduction__clear__clear_arguments=False), COUNTER)
    assert p.changed and not any(r.clear_arguments for r in p.reductions.values())


def test_cleared_arguments_replanned_equal_a_fresh_plan_and_their_ids_are_not_kept_twice():
    msgs = [user("write the files")]
    for r in range(5):
        calls = [(f"c{r}{k}", "write", json.dumps({"path": f"f{r}{k}.py", "content": f"x = {r}\n" * 150}))
                 for k in range(2)]
        msgs += [asst(f"writing {r}", calls)] + [tool(cid, "written " * 200, "write") for cid, _, _ in calls]
    msgs.append(asst("done"))
    s = session(*msgs)
    for keep in (1, 3, 2, 4):
        config = cleared(reduction__clear__keep_rounds=keep)
        again = plan(s, config, COUNTER)  # the same session: its memo is reused
        fresh = plan(session(*msgs), config, COUNTER)
        assert again.actions == fresh.actions and again.tokens_after == fresh.tokens_after
        assert again.reductions == fresh.reductions
        assert output_counts(s, again) == again.tokens_after
        cleared_calls = [r for r in again.reductions.values() if r.clear_arguments]
        # the final answer is the latest round
        assert len(cleared_calls) == 6 - keep and all(len(r.clear_arguments) == 2 for r in cleared_calls)
    # Per-call ids live in the plans' reductions only, not also on the analysis.
    analysis = analysis_of(s, COUNTER)  # the one the plans above made
    assert not [k for k in analysis.offload_ids if k[1].startswith("args:")]


def test_reductions_without_cleared_arguments_share_one_read_only_empty_mapping():
    from inspector.engine.planning.results import NO_ARGUMENTS

    s = big()
    p = plan(s, cleared(reduction__clear__keep_rounds=2), COUNTER)
    results = [red for red in p.reductions.values() if red.clear_result and not red.clear_arguments]
    assert results, "results are cleared"
    assert all(red.clear_arguments is NO_ARGUMENTS for red in results)
    with pytest.raises(TypeError):
        results[0].clear_arguments["c1"] = "off-000000000000"
    assert NO_ARGUMENTS == {}  # compares, dumps and copies as an empty dict
    assert type(copy.deepcopy(results[0]).clear_arguments) is dict


def test_call_messages_whose_arguments_do_not_shrink_share_one_memo_entry():
    """Arguments shorter than their placeholder are kept; the memo's (before, after,
    ids) for such a call message is one shared value, not a tuple and an empty dict
    each (~25,000 of them, ~3 MB, on the 100k bench session), and re-plans still
    equal fresh plans."""
    from inspector.engine.planning.memo import memo_for
    from inspector.engine.planning.results import NO_ARGUMENTS

    msgs = [user("look around")]
    for r in range(6):
        msgs += [asst(f"listing {r}", [(f"c{r}", "ls", '{"d": "."}')]), tool(f"c{r}", "file " * 300, "ls")]
    msgs.append(asst("done"))
    s = session(*msgs)
    for keep in (1, 3, 2):
        config = cleared(reduction__clear__keep_rounds=keep)
        again = plan(s, config, COUNTER)
        fresh = plan(session(*msgs), config, COUNTER)
        assert again.actions == fresh.actions and again.reductions == fresh.reductions
        assert again.tokens_after == fresh.tokens_after == output_counts(s, again)
        assert any(a == Action.CLEAR for a in again.actions)  # the results are cleared
    analysis = analysis_of(s, COUNTER)  # the one the plans above made
    entries = list(memo_for(analysis, COUNTER).clear_arguments.items())
    unchanged = [v for _, v in entries]
    assert len(unchanged) >= 5 and all(v == (0, 0, {}) for v in unchanged)
    assert all(v is unchanged[0] for v in unchanged) and unchanged[0][2] is NO_ARGUMENTS
    # a message of one call is keyed by that call's id itself, not a tuple of one (issue 31)
    assert all(type(key[1]) is str and key[1].startswith("c") for key, _ in entries)


def test_argument_placeholders_are_not_kept_in_the_text_cache():
    """The arguments memo holds each call's (before, after) by offload id; the text
    cache kept every placeholder besides (one text per call, never met again)."""
    from inspector.engine.analysis import analyze
    from inspector.engine.planning.memo import memo_for

    msgs = [user("write the files")]
    for r in range(6):
        args = json.dumps({"path": f"f{r}.py", "content": f"print({r})\n" * 200})
        msgs += [asst(f"writing {r}", [(f"c{r}", "write", args)]), tool(f"c{r}", "written " * 200, "write")]
    msgs.append(asst("done"))
    s = session(*msgs)
    p = plan(s, cleared(reduction__clear__keep_rounds=1), COUNTER)
    oids = {oid for red in p.reductions.values() for oid in red.clear_arguments.values()}
    assert len(oids) == 6
    memo = memo_for(analyze(s, COUNTER), COUNTER)
    assert not [text for text in memo.texts.texts() if any(oid in text for oid in oids)]
    # a message with one call is memoised whole, not again call by call (issue 31)
    assert len(memo.arguments) == 0 and len(memo.clear_arguments) == 6
    assert output_counts(s, p) == p.tokens_after  # the counts are still the texts'


# ------------------------------------------------------------- the clear results memo


def test_clear_results_keep_what_a_dict_of_pairs_kept():
    """`ClearResults` (columns by position, an overflow for a position's other token
    counts) answers as the dict of (position, tokens) -> (new tokens, reduction) it
    replaced: every pair put is found with its own values, no other pair is, and a
    prefix holds exactly the pairs before it."""
    import random

    from inspector.engine.planning.memo import ClearResults
    from inspector.engine.planning.results import Reduction

    rng = random.Random(31)
    results, reference = ClearResults(), {}
    for _ in range(3000):
        position, tokens = rng.randrange(400), rng.choice([0, 1, 7, 300, 2**40, 2**70, rng.randrange(5000)])
        if (position, tokens) in reference:
            continue
        value = (rng.choice([0, 5, 2**64]), rng.choice([None, Reduction(Action.CLEAR, "clear", f"off-{position}")]))
        results.put(position, tokens, *value)
        reference[(position, tokens)] = value
    for position in range(420):
        for tokens in {0, 1, 7, 300, 2**40, 2**70, *range(0, 5000, 97)} | {t for p, t in reference if p == position}:
            want = reference.get((position, tokens))
            got = results.get(position, tokens)
            assert got == want and results.known(position, tokens) == (want is not None)
            if want is not None:
                assert got is not None and got[1] is want[1]  # the reduction object itself
    head = results.prefix(150)
    assert {k for k in reference if k[0] < 150} == {k for k in reference if head.known(*k)}
    assert not head.known(200, next(t for p, t in reference if p == 200))


def _source_session(source: str, bench_messages: int):
    """A fixture's first session, or the bench's shape with `bench_messages` messages ("bench-shape")."""
    from inspector.sources.registry import open_source
    from tests.conftest import FIXTURES
    from tests.engine.test_materialize_view import bench_session

    if source == "bench-shape":
        return bench_session(bench_messages)
    opened = open_source(FIXTURES / source)
    return opened.read(opened.session_ids()[0])


@pytest.mark.parametrize("source", ["swe-agent/marshmallow-1867_function_calling.traj",
                                    "claude-code-subagent/agent-a7be2f0.jsonl", "bench-shape"])
def test_clearing_replanned_through_the_memo_equals_plans_from_scratch(source):
    """Real sessions and the bench's shape, a sweep of truncation and clear settings
    (a truncation limit changes tool results' tokens: the same positions at other
    counts, the memo's overflow): each plan served by the session's memo equals one
    made from scratch."""
    from inspector.engine import preset
    from inspector.engine.models import Session
    from inspector.engine.tokens import TokenCache

    s = _source_session(source, 1500)
    cfg = preset("balanced").with_values({"reduction.clear.enabled": True, "reduction.clear.trigger_tokens": 500,
                                          "reduction.clear.at_least_tokens": 0, "reduction.clear.keep_rounds": 2})
    for values in ({}, {"reduction.truncation.max_chars": 400}, {"reduction.clear.keep_rounds": 1},
                   {"reduction.truncation.max_chars": 120}, {"reduction.truncation.max_chars": 400},
                   {"reduction.clear.placeholder": "[gone: {offload_id}]"}, {"reduction.clear.keep_rounds": 4}):
        cfg = cfg.with_values(values)
        cached = plan(s, cfg, COUNTER)
        scratch = plan(Session(id=s.id, messages=[m.model_copy() for m in s.messages]), cfg, COUNTER,
                       token_cache=TokenCache())
        assert cached.actions == scratch.actions and cached.tokens_after == scratch.tokens_after
        assert cached.reductions == scratch.reductions
        assert [(st.name, st.ran, st.tokens_after) for st in cached.stages] == \
               [(st.name, st.ran, st.tokens_after) for st in scratch.stages]
    assert any(a == Action.CLEAR for a in cached.actions)  # clearing did something to compare


@pytest.mark.parametrize("source", ["swe-agent/marshmallow-1867_function_calling.traj",
                                    "claude-code-subagent/agent-a7be2f0.jsonl", "bench-shape"])
def test_stage_3_worked_out_a_chunk_at_a_time_is_what_one_pass_gives(source, monkeypatch):
    """Stage 3's first pass makes its requests and keys a chunk of results at a time (the
    first plan's peak on 100,000 messages): with chunks of 1, 3 and 7 items, each plan,
    its reductions in their order and the memo's entries are those of one chunk for all,
    over a sweep of truncation and clear settings, each planned fresh and again."""
    from inspector.engine import preset
    from inspector.engine.analysis import analysis_of
    from inspector.engine.models import Session
    from inspector.engine.planning import clear as stage3
    from inspector.engine.planning.memo import memo_for

    s = _source_session(source, 800)
    base = preset("balanced").with_values({"reduction.clear.enabled": True, "reduction.clear.trigger_tokens": 500,
                                           "reduction.clear.at_least_tokens": 0, "reduction.clear.keep_rounds": 2})
    configs = [base.with_values(v) for v in ({}, {"reduction.truncation.max_chars": 400},
                                             {"reduction.clear.keep_rounds": 1},
                                             {"reduction.clear.arguments_placeholder": "[args: {offload_id}]"})]

    def run(chunk: int):
        monkeypatch.setattr(stage3, "CHUNK", chunk)
        fresh = Session(id=s.id, messages=[m.model_copy() for m in s.messages])
        plans = [plan(fresh, cfg, COUNTER) for cfg in configs + configs[::-1]]
        memo = memo_for(analysis_of(fresh, COUNTER), COUNTER)
        return plans, memo.clear_arguments.items(), memo.arguments.items()

    whole, whole_args, whole_pairs = run(10**9)
    assert any(a == Action.CLEAR for p in whole for a in p.actions)  # clearing did something to compare
    assert any(r.clear_arguments for p in whole for r in p.reductions.values())  # and to arguments
    for chunk in (1, 3, 7):
        plans, args, pairs = run(chunk)
        for got, want in zip(plans, whole, strict=True):
            assert got.actions == want.actions and got.tokens_after == want.tokens_after
            assert list(got.reductions.items()) == list(want.reductions.items())
            assert [(st.name, st.ran, st.reason, st.tokens_after) for st in got.stages] == \
                   [(st.name, st.ran, st.reason, st.tokens_after) for st in want.stages]
        assert args == whole_args and pairs == whole_pairs


def test_plans_of_one_reduction_config_share_its_reductions_read_only():
    """A plan holds its reduction config's reductions, not a copy (a dict of ~60,000
    entries on the 100k bench session): plans differing in a summarization knob share
    them, they refuse changes (the next plan would read them), and a copy, a pickle or
    a deep copy is a plain dict equal to a fresh plan's."""
    import pickle

    from inspector.engine.models import Session

    s = big()
    first = plan(s, cleared(reduction__clear__keep_rounds=2), COUNTER)
    second = plan(s, cleared(reduction__clear__keep_rounds=2, summarization__max_summary_words=150), COUNTER)
    assert first.reductions and second.reductions is first.reductions
    with pytest.raises(TypeError):
        first.reductions[0] = next(iter(first.reductions.values()))
    with pytest.raises(TypeError):
        first.reductions.pop(next(iter(first.reductions)))
    scratch = plan(Session(id=s.id, messages=[m.model_copy() for m in s.messages]),
                   cleared(reduction__clear__keep_rounds=2), COUNTER)
    for other in (dict(first.reductions), pickle.loads(pickle.dumps(first.reductions)),
                  copy.deepcopy(first).reductions):
        assert type(other) is dict and other == scratch.reductions
    mine = dict(first.reductions)
    mine.clear()  # a copy is the caller's own
    assert first.reductions == scratch.reductions
