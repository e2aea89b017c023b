"""Token counting: exact against tiktoken, framing as OpenAI documents it, labelled."""

from __future__ import annotations

import math

import pytest
import tiktoken

from inspector.engine.models import Message, Part, ToolCall
from inspector.engine.tokens import (
    EstimateCounter,
    Framing,
    TiktokenCounter,
    TokenCache,
    count_messages,
    encoding_for_model,
    make_counter,
)


@pytest.mark.parametrize("model,encoding", [
    ("gpt-4o", "o200k_base"), ("gpt-4o-mini", "o200k_base"), ("gpt-4.1", "o200k_base"),
    ("gpt-5", "o200k_base"), ("o1-preview", "o200k_base"), ("o3-mini", "o200k_base"),
    ("openai/gpt-4o", "o200k_base"), ("gpt-4", "cl100k_base"), ("gpt-4-turbo", "cl100k_base"),
    ("gpt-3.5-turbo", "cl100k_base"), ("ft:gpt-3.5-turbo:acme", "cl100k_base"),
])
def test_encoding_chosen_from_model_name(model, encoding):
    assert encoding_for_model(model) == (encoding, None)


def test_unknown_model_uses_o200k_with_a_visible_note():
    enc, note = encoding_for_model("claude-3-5-sonnet")
    assert enc == "o200k_base"
    assert "claude-3-5-sonnet" in note and "o200k_base" in note
    c = make_counter("tiktoken", model="claude-3-5-sonnet")
    assert c.note == note and c.name == "tiktoken:o200k_base" and c.exact


def test_counts_match_tiktoken_on_swe_agent_runs(traj_sessions):
    """Per message: framing + exact tiktoken counts of content, tool names and arguments."""
    enc = tiktoken.get_encoding("o200k_base")
    counter = TiktokenCounter(model="gpt-4o")
    checked = 0
    for s in traj_sessions:
        totals, text_tokens = count_messages(s.messages, counter, TokenCache())
        for m, total, text in zip(s.messages, totals, text_tokens):
            expect_text = sum(len(enc.encode_ordinary(p.text)) for p in m.parts if p.type == "text")
            expect = 3 + expect_text + sum(
                3 + len(enc.encode_ordinary(c.name)) + len(enc.encode_ordinary(c.arguments_raw))
                for c in m.tool_calls)
            assert text == expect_text
            assert total == expect
            checked += 1
    assert checked > 300


def test_cl100k_counts_differ_from_o200k_and_match_tiktoken(traj_sessions):
    s = traj_sessions[0]
    big = max(s.messages, key=lambda m: m.text_chars)
    c100 = TiktokenCounter(model="gpt-4")
    assert c100.count(big.text) == len(tiktoken.get_encoding("cl100k_base").encode_ordinary(big.text))
    assert c100.count(big.text) != TiktokenCounter(model="gpt-4o").count(big.text)


def test_framing_name_and_reply_priming():
    counter = TiktokenCounter(model="gpt-4o")
    plain = Message.text_message("user", "hello there")
    named = Message.text_message("user", "hello there", name="alice")
    tool = Message(role="tool", tool_call_id="c1", name="bash", parts=[Part(text="hello there")])
    (a, b, c), _ = count_messages([plain, named, tool], counter, TokenCache())
    n = counter.count("hello there")
    assert a == 3 + n
    assert b == 3 + 1 + n  # tokens_per_name
    assert c == 3 + n  # a tool result's name is not sent
    assert counter.framing.reply_priming == 3


def test_images_cost_a_fixed_amount_not_their_base64_length():
    counter = TiktokenCounter(model="gpt-4o")
    b64 = "data:image/png;base64," + "iVBORw0KGgo" * 20000
    m = Message(role="user", parts=[Part(text="what is this?"), Part(type="image", url=b64)])
    (total,), _ = count_messages([m], counter, TokenCache())
    assert total == 3 + counter.count("what is this?") + Framing().image
    assert total < 1000


def test_reasoning_text_counts_but_encrypted_payload_does_not():
    counter = TiktokenCounter(model="gpt-4o")
    m = Message(role="assistant", parts=[
        Part(type="reasoning", text="thinking about it", data={"encrypted_content": "gAAAA" * 5000}),
        Part(text="done"),
    ])
    (total,), (text,) = count_messages([m], counter, TokenCache())
    assert text == counter.count("done")
    assert total == 3 + counter.count("done") + counter.count("thinking about it")


def test_estimator_is_explicit_and_labelled():
    est = make_counter("estimate", chars_per_token=4.0)
    assert not est.exact
    assert est.name == "estimate:4 chars/token"
    assert est.count("x" * 10) == 3  # ceil(10 / 4)
    est2 = EstimateCounter(2.5)
    assert est2.count("x" * 10) == 4
    assert est2.name == "estimate:2.5 chars/token"
    with pytest.raises(ValueError):
        make_counter("guess")


def test_cache_only_tokenizes_new_content(monkeypatch):
    counter = TiktokenCounter(model="gpt-4o")
    cache = TokenCache()
    msgs = [Message.text_message("user", f"message number {i}") for i in range(50)]
    first, _ = count_messages(msgs, counter, cache)
    calls: list[int] = []
    real = counter.count_batch
    monkeypatch.setattr(counter, "count_batch", lambda texts: calls.append(len(texts)) or real(texts))
    again, _ = count_messages(msgs, counter, cache)
    assert again == first and calls == []
    more = msgs + [Message.text_message("user", "a new one")]
    count_messages(more, counter, cache)
    assert calls == [1]


def test_cache_is_per_counter():
    cache = TokenCache()
    msgs = [Message.text_message("user", "word " * 100)]
    exact, _ = count_messages(msgs, TiktokenCounter(model="gpt-4o"), cache)
    est, _ = count_messages(msgs, EstimateCounter(4.0), cache)
    assert exact != est
    assert est == [math.ceil(len("word " * 100) / 4)]


def test_content_hash_ignores_position_and_raw_but_not_content():
    a = Message.text_message("user", "same", position=1, raw={"x": 1})
    b = Message.text_message("user", "same", position=9, raw={"y": 2})
    c = Message.text_message("user", "different")
    d = Message(role="assistant", tool_calls=[ToolCall(id="1", name="f", arguments_raw="{}")])
    e = Message(role="assistant", tool_calls=[ToolCall(id="1", name="f", arguments_raw='{"a":1}')])
    assert a.content_hash == b.content_hash != c.content_hash
    assert d.content_hash != e.content_hash


def test_model_copy_with_new_content_rehashes():
    a = Message.text_message("user", "before")
    h = a.content_hash
    b = a.model_copy(update={"parts": [Part(text="after")]})
    assert b.content_hash != h
    assert a.model_copy(update={"position": 5}).content_hash == h


def test_token_spans_cover_the_text():
    counter = TiktokenCounter(model="gpt-4o")
    text = "Héllo wörld, naïve café — 東京 🚀 tokens!"
    spans = counter.token_spans(text)
    assert spans[0][0] == 0 and spans[-1][1] == len(text)
    assert all(a <= b for a, b in spans)
    assert all(spans[k][1] == spans[k + 1][0] for k in range(len(spans) - 1))
    assert len(spans) == counter.count(text)


def test_offline_bpe_files_come_from_litellm_without_importing_it():
    """Counts are tiktoken's own, from litellm's bundled BPE files (the edge's
    `use_bundled_encodings` points tiktoken there), and the environment is left alone
    (it used to get TIKTOKEN_CACHE_DIR)."""
    import os
    import subprocess
    import sys

    from inspector.edge import bundled_tiktoken_dir

    text = "Héllo wörld, naïve café — 東京 🚀 tokens! <|endoftext|> def f(x):\n    return x ** 2\n"
    env = {k: v for k, v in os.environ.items() if k not in ("TIKTOKEN_CACHE_DIR", "DATA_GYM_CACHE_DIR")}
    ours = ("import os, sys\n"
            "from inspector.engine.tokens import TiktokenCounter\n"
            "counts = [TiktokenCounter(encoding=e).count(sys.argv[1]) for e in ('o200k_base', 'cl100k_base')]\n"
            "print(*counts, 'litellm' in sys.modules, 'TIKTOKEN_CACHE_DIR' in os.environ)")
    out = subprocess.run([sys.executable, "-c", ours, text], capture_output=True, text=True, check=True, env=env)
    # tiktoken itself, pointed at the same files through its own cache variable
    theirs = ("import sys, tiktoken\n"
              "print(*[len(tiktoken.get_encoding(e).encode_ordinary(sys.argv[1])) "
              "for e in ('o200k_base', 'cl100k_base')])")
    ref = subprocess.run([sys.executable, "-c", theirs, text], capture_output=True, text=True, check=True,
                         env=env | {"TIKTOKEN_CACHE_DIR": bundled_tiktoken_dir() or ""})
    assert out.stdout.split() == ref.stdout.split() + ["False", "False"]


def test_the_default_token_cache_is_bounded_and_keeps_the_recent_entries():
    """Regression (issue 10): a process-wide cache that was never emptied: 200
    `Compactor.compact()` calls on 20-message conversations left 4,000 entries."""
    from inspector import Compactor
    from inspector.engine import counter_for, preset, tokens
    from inspector.formats.openai_chat import from_openai

    cache = tokens.DEFAULT_CACHE
    assert cache.max_entries is not None  # bounded by default
    before, limit = cache.max_entries, 1_000
    cache.max_entries = limit  # a small bound, so 200 calls overflow it
    try:
        compactor = Compactor(preset("balanced"), session_id="s")
        last = None
        for k in range(200):
            last = [{"role": "user" if i % 2 == 0 else "assistant", "content": f"call {k} message {i}"}
                    for i in range(20)]
            compactor.compact(last)
        assert len(cache) <= limit
        # least recently used first out: the latest conversation is still counted
        counter = counter_for(preset("balanced"))
        latest = from_openai(last)
        assert len(cache.get_many(counter.name, [m.content_hash for m in latest])) == len(latest)
    finally:
        cache.max_entries = before


def test_token_cache_evicts_the_least_recently_used():
    cache = TokenCache(max_entries=2)
    cache.put_many("c", {"a": (1, 1), "b": (2, 2)})
    assert cache.get_many("c", ["a"]) == {"a": (1, 1)}  # a is now the most recent
    cache.put_many("c", {"d": (4, 4)})
    assert set(cache.get_many("c", ["a", "b", "d"])) == {"a", "d"}
    assert len(cache) == 2


def test_rewritten_counts_equal_a_recount_or_say_they_cannot(counter) -> None:
    """apply takes the planner's total of a reduced message and stores (total, text-part
    tokens) for the next analysis without tokenizing: each case recounted."""
    from inspector.engine.models import Message, Part, ToolCall
    from inspector.engine.tokens import TokenCache, count_messages, rewritten_counts

    call = ToolCall(id="c1", name="bash", arguments_raw='{"cmd": "' + "pytest -k parser " * 40 + '"}')
    before_call = Message(role="assistant", parts=[Part(text="Running the parser tests now.")], tool_calls=[call])
    args_cleared = Message(role="assistant", parts=list(before_call.parts),
                           tool_calls=[ToolCall(id="c1", name="bash", arguments_raw='{"cleared": "off-0123456789ab"}')])
    result = Message(role="tool", tool_call_id="c1", name="bash", parts=[Part(text="line of output\n" * 300)])
    cleared = Message(role="tool", tool_call_id="c1", name="bash",
                      parts=[Part(text="[output cleared: call read_offload(id=\"off-0123456789ab\")]")])
    both = Message(role="assistant", parts=[Part(text="Ran them.")], tool_calls=args_cleared.tool_calls)

    def fresh(m: Message) -> tuple[int, int]:
        totals, texts = count_messages([m], counter, TokenCache())
        return totals[0], texts[0]

    for before, after in ((before_call, args_cleared), (result, cleared)):
        want = fresh(after)
        assert rewritten_counts(before, after, fresh(before), want[0], counter.framing) == want
    assert rewritten_counts(before_call, both, fresh(before_call), fresh(both)[0], counter.framing) is None


def test_counting_through_a_text_memo_gives_the_same_counts(counter, traj_sessions) -> None:
    """apply counts what summarization wrote through the plans' memo of text counts,
    by memoised lines: the same (total, text) counts as tokenizing each message whole."""
    from inspector.engine.tokens import TextCountCache, TokenCache, count_messages

    messages = [m for s in traj_sessions for m in s.messages]
    counted: list[str] = []

    class Recording(TextCountCache):
        def count_long(self, text):
            counted.append(text)
            return super().count_long(text)

    memo = Recording(counter)
    assert count_messages(messages, counter, TokenCache(), text_counts=memo) == count_messages(
        messages, counter, TokenCache())
    assert counted, "the memo was not used"


@pytest.mark.parametrize("limit", [None, 1, 5, 17, 40])
def test_storing_a_batch_leaves_the_entries_storing_one_by_one_leaves(limit):
    import random

    from inspector.engine.tokens import _Entries

    rng = random.Random(limit or 0)
    batch, plain = _Entries(limit), _Entries(limit)
    for round_ in range(40):
        values = {(rng.choice("ab"), f"h{rng.randrange(60)}"): (round_, rng.randrange(9))
                  for _ in range(rng.randrange(1, 30))}
        batch.put_all(values.items())
        for key, value in values.items():
            plain[key] = value
        assert list(batch.items()) == list(plain.items())
        if limit is not None:
            assert len(batch) <= limit
