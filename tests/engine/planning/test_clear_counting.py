"""The first plan's counting in stage 3 (issue 31): arguments counted once per
distinct text, placeholders in batches, and the plan the same as counting each."""

from __future__ import annotations

import json

from inspector.engine import plan, preset
from inspector.engine.tokens import TiktokenCounter, TokenCache
from tests.sessions import asst, session, sys, tool, user

CLEARING = {"reduction.clear.enabled": True, "reduction.clear.trigger_tokens": 1_000,
            "reduction.clear.at_least_tokens": 0, "reduction.clear.keep_rounds": 1,
            "reduction.clear.clear_arguments": True}


# Arguments long enough that their placeholder is shorter; a few texts, many calls.
ARGS = [json.dumps({"path": f"src/inspector/engine/planning/{name}.py", "content": "x = 1\n" * 40})
        for name in ("clear", "compaction", "memo")]


def clearing_session():
    msgs = [sys()]
    for r in range(40):
        if r % 4 == 0:
            msgs.append(user(f"request {r}: write part {r}"))
        calls = [(f"c{r}{k}", "write_file", ARGS[(r + k) % len(ARGS)]) for k in range(1 + r % 2)]
        msgs.append(asst(f"Step {r}.", calls))
        for cid, name, _ in calls:
            msgs.append(tool(cid, f"wrote {cid}: " + "log line " * 200, name))
    msgs.append(asst("Done."))
    return session(*msgs)


def _recording(monkeypatch, counter: TiktokenCounter) -> tuple[list[str], list[list[str]]]:
    singles: list[str] = []
    batches: list[list[str]] = []
    real_batch, real_count = counter.count_batch, counter.count
    monkeypatch.setattr(counter, "count_batch", lambda texts: batches.append(list(texts)) or real_batch(texts))
    monkeypatch.setattr(counter, "count", lambda text: singles.append(text) or real_count(text))
    return singles, batches


def test_clearing_counts_each_arguments_text_once_and_placeholders_in_batches(monkeypatch):
    s = clearing_session()
    counter = TiktokenCounter(model="gpt-4o")
    config = preset("balanced").with_values(CLEARING)
    from inspector.engine.analysis import analyze

    analyze(s, counter, TokenCache())  # the session's own counts, before recording
    singles, batches = _recording(monkeypatch, counter)
    p = plan(s, config, counter)
    cleared_args = [r for r in p.reductions.values() if r.clear_arguments]
    assert len(cleared_args) > 10 and sum(r.clear_result for r in p.reductions.values()) > 10
    seen = singles + [t for b in batches for t in b]
    args = {c.arguments_raw for m in s.messages for c in m.tool_calls}
    for text in args:
        assert seen.count(text) <= 1, text
    # every placeholder (one per result or call: each names its offload id) in a batch
    assert not [t for t in singles if "off-" in t]
    assert max(len(b) for b in batches) > 10


def test_batched_clearing_plans_what_counting_one_by_one_plans():
    s = clearing_session()
    config = preset("balanced").with_values(CLEARING)
    batched = plan(s, config, TiktokenCounter(model="gpt-4o"), token_cache=TokenCache())

    class OneByOne(TiktokenCounter):
        def count_batch(self, texts):
            return [self.count(t) for t in texts]

    one = plan(clearing_session(), config, OneByOne(model="gpt-4o"),
               token_cache=TokenCache())
    assert batched.tokens_after == one.tokens_after
    assert batched.reductions == one.reductions
    assert batched.stages == one.stages


def test_calls_of_a_message_with_several_are_memoised_so_a_split_counts_nothing(monkeypatch):
    s = clearing_session()  # every other message makes two calls
    counter = TiktokenCounter(model="gpt-4o")
    config = preset("balanced").with_values(CLEARING)
    plan(s, config, counter, token_cache=TokenCache())
    from inspector.engine.analysis import analyze
    from inspector.engine.planning.memo import memo_for

    memo = memo_for(analyze(s, counter), counter)
    several = sum(len(m.tool_calls) for m in s.messages if len(m.tool_calls) > 1)
    assert several and len(memo.arguments) == several
    singles, batches = _recording(monkeypatch, counter)
    for keep in range(2, 12):  # kept rounds that split no message or one
        p = plan(s, config.with_values({"reduction.clear.keep_rounds": keep}), counter)
        assert any(r.clear_arguments for r in p.reductions.values())
    assert not [t for t in singles + [t for b in batches for t in b] if "off-" in t]


def test_placeholders_counted_a_batch_at_a_time_give_the_one_batch_counts(monkeypatch):
    """`placeholder_counts` counts at most `PLACEHOLDER_BATCH` texts per call (the
    ~46,000 placeholders of a 100k-message first plan are not all held at once), and
    what it returns is what counting them in one batch gives, repeated keys included."""
    from inspector.engine.planning import compaction
    from inspector.engine.planning.memo import PlanMemo
    from inspector.engine.tokens import make_counter

    counter = make_counter(model="gpt-4o")
    template = preset("balanced").reduction.clear.placeholder
    requests = [(f"tool{k % 3}", 100 + k % 5, f"off-{k % 15:012x}", f"call{k}") for k in range(40)]  # 15 keys
    framing = counter.framing
    one = compaction.placeholder_counts(PlanMemo(counter), framing, template, "reload", requests)
    monkeypatch.setattr(compaction, "PLACEHOLDER_BATCH", 3)
    sizes: list[int] = []
    real = counter.count_batch
    monkeypatch.setattr(counter, "count_batch", lambda texts: sizes.append(len(texts)) or real(texts))
    batched = compaction.placeholder_counts(PlanMemo(counter), framing, template, "reload", requests)
    assert batched == one
    assert len(set(one)) > 1 and max(sizes) <= 3 and sum(sizes) == 15  # each key once
    assert one == [compaction.placeholder_count(PlanMemo(counter), framing, template, tool, tokens, oid, "reload", cid)
                   for tool, tokens, oid, cid in requests]


def test_arguments_the_text_cache_counted_are_not_counted_again_and_plan_the_same(monkeypatch):
    """Stage 3 takes an arguments text's count from the memo's text cache when it is
    there (replay's checks counted every call's arguments there): nothing counted
    twice, and the plan is the one counting them gives."""
    from inspector.engine.analysis import analyze
    from inspector.engine.planning.memo import memo_for

    config = preset("balanced").with_values(CLEARING)
    fresh = plan(clearing_session(), config, TiktokenCounter(model="gpt-4o"), token_cache=TokenCache())
    s = clearing_session()
    counter = TiktokenCounter(model="gpt-4o")
    memo = memo_for(analyze(s, counter, TokenCache()), counter)
    for text in ARGS:
        memo.texts.count(text)
    singles, batches = _recording(monkeypatch, counter)
    p = plan(s, config, counter)
    seen = singles + [t for b in batches for t in b]
    assert not [t for t in ARGS if t in seen]
    assert any("off-" in t for t in seen)  # the placeholders were counted
    assert p.tokens_after == fresh.tokens_after
    assert p.reductions == fresh.reductions
