"""The fidelity index's shortcuts (a replay's cold cost is mostly this index of the
whole session) against the from-scratch expressions they replace, on every message of
real sessions of several formats, under every kind the content model gives."""

from __future__ import annotations

import re

import pytest

from inspector.engine import fidelity as fid
from inspector.engine.content import SCAN_CHARS, Kind, extract_errors, forget_texts, message_artifacts, message_values
from inspector.sources.registry import open_source
from tests.conftest import FIXTURES, SWE_AGENT

SOURCES = ["claude-code/branch_merge_compact.jsonl", "codex/rollout-replacement-history.jsonl",
           "openai-agents/sessions.db", "adk/sqlite_service.db", "llm/message_store.db"]


def _messages():
    out = []
    paths = [FIXTURES / s for s in SOURCES] + sorted(SWE_AGENT.glob("*.traj"))[:6]
    for path in paths:
        with open_source(path) as src:
            for sid in src.session_ids():
                out.extend(src.read(sid).messages)
    return out


def _words_from_scratch(text):
    latin = {fid._stem(w) for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in fid._STOP and len(w) > 1}
    # (unspaced script: each pair of characters in a run, `fid.CJK_BIGRAMS`)
    pairs = {run[k:k + 2] for run in re.findall(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+", text)
             for k in range(len(run) - 1)}
    return frozenset(latin | pairs)


@pytest.fixture(scope="module")
def messages():
    msgs = _messages()
    assert len(msgs) > 100
    return msgs


def test_words_equal_the_from_scratch_stems_cold_and_memoised(messages):
    texts = [m.text for m in messages] + ["a I x1 the Fixed fixes fix serialization e 42 42 A an"]
    fid.forget()  # (the stems memoised too)
    cold = [fid.words(t) for t in texts]
    warm = [fid.words(t) for t in texts]  # every stem now from the memo
    expected = [_words_from_scratch(t) for t in texts]
    assert cold == expected and warm == expected
    assert not set(fid._STOP) & set(fid._STEMS)


def test_words_with_the_memo_full_still_stem(messages, monkeypatch):
    monkeypatch.setattr(fid, "_STEMS", {})
    monkeypatch.setattr(fid, "_STEMS_MAX", 3)
    texts = [m.text for m in messages[:40]]
    assert [fid.words(t) for t in texts] == [_words_from_scratch(t) for t in texts]
    assert len(fid._STEMS) == 3


@pytest.mark.parametrize("kind", list(Kind), ids=lambda k: k.name)
def test_errors_the_index_reuses_are_those_of_the_same_text(messages, kind):
    # `_keys` does not extract an observation's or a request's errors again when its
    # artifacts hold none: they were extracted from the same text.
    for m in messages:
        a = message_artifacts(m, kind)
        if kind in fid._ERRORS_FROM_TEXT:
            assert a.errors == tuple(extract_errors(m.text[:SCAN_CHARS])), m.text[:80]


@pytest.mark.parametrize("kind", list(Kind), ids=lambda k: k.name)
def test_index_keys_hold_every_error_of_the_text(messages, kind):
    # what `_keys` gave before the shortcut: errors of the artifacts, else of the text
    roots = (f"/not-memoised-{kind.name}",)  # keys computed here, not memoised by an earlier test
    for m in messages:
        akind = Kind.OBSERVATION if kind in (Kind.SYSTEM, Kind.DEMONSTRATION) else kind
        a = message_artifacts(m, akind)
        text = m.text[:SCAN_CHARS]
        expected = {"e:" + fid.error_core(e) for e in (a.errors or extract_errors(text))}
        got = {k for k in fid._keys(m, kind, roots) if k.startswith("e:")}
        assert got == expected, m.text[:80]


@pytest.mark.parametrize("kind", list(Kind), ids=lambda k: k.name)
def test_a_messages_values_read_alone_are_its_artifacts_values(messages, kind):
    """`message_values` (what recency weighs of a message whose calls a knob move cleared)
    read before its artifacts, then after them (kept): their values, on every message."""
    forget_texts()
    alone = [message_values(m, kind) for m in messages]
    plain = [message_artifacts(m, kind, decisions=False).values for m in messages]
    assert alone == plain
    assert alone == [message_values(m, kind) for m in messages]  # (now from the artifacts kept)
    if kind not in (Kind.SYSTEM, Kind.DEMONSTRATION):
        assert sum(map(bool, alone)) > 20  # (not a test of empty readings)
    forget_texts()
