"""The JSONL reader's fast path (orjson) gives exactly what the standard parser gives,
and leaves to it every line where the two could differ (issue 14: a 100,000-message
transcript is read in a fraction of the time)."""

from __future__ import annotations

import gc
import json

import pytest

from inspector.edge import collection_paused
from inspector.engine.limits import MAX_JSON_DEPTH
from inspector.sources.jsonio import iter_jsonl
from inspector.sources.model import SourceError
from inspector.sources.registry import open_source

LINES = [
    '{"type": "user", "message": {"content": "caf\\u00e9 \\ud83d\\ude00 plain é"}}',
    '{"n": 18446744073709551615, "m": -9223372036854775808, "f": 1.5e300, "z": -0.0, "e": 1E2}',
    '{"big": 123456789012345678901234567890}',  # past 64 bits: orjson would make it a float
    '{"neg": -98765432109876543210987}',
    '[' * MAX_JSON_DEPTH + ']' * MAX_JSON_DEPTH,
    '{"braces": "' + "{[" * 200 + '", "ok": [1, {"a": [2]}]}',
    '{"dup": 1, "dup": 2}',
    '"just a string"',
    '{"control": "tab\\tnewline\\n"}',
]


def _parsed(tmp_path, text: str, name: str = "t.jsonl"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    skipped: list[tuple[str, str]] = []
    return list(iter_jsonl(path, lambda where, reason: skipped.append((where, reason)))), skipped


def test_every_line_is_what_the_standard_parser_reads(tmp_path):
    values, skipped = _parsed(tmp_path, "\n".join(LINES) + "\n")
    assert skipped == []
    assert values == [(k, json.loads(line)) for k, line in enumerate(LINES, 1)]
    big = dict(values[2][1])
    assert type(big["big"]) is int and big["big"] == 123456789012345678901234567890
    assert type(values[3][1]["neg"]) is int


def test_what_only_the_standard_parser_accepts_or_repairs_is_still_handled(tmp_path):
    text = "\ufeff" + "\n".join([
        '{"first": "after a byte order mark"}',
        '{"nan": NaN, "inf": 1e400}',  # not JSON for orjson; Python's parser reads them
        '{"half": "\\ud83d emoji"}',  # a lone surrogate: repaired and reported
        "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1),
        "{not json}",
        "   ",
        '{"last": true}',
    ]) + "\n"
    values, skipped = _parsed(tmp_path, text)
    got = dict(values)
    assert got[1] == {"first": "after a byte order mark"}
    assert got[2]["nan"] != got[2]["nan"] and got[2]["inf"] == float("inf")
    assert got[3] == {"half": "\ufffd emoji"}
    assert got[7] == {"last": True} and set(got) == {1, 2, 3, 7}
    reasons = dict(skipped)
    assert "surrogate" in reasons["line 3"]
    assert f"nested deeper than {MAX_JSON_DEPTH}" in reasons["line 4"]
    assert "invalid JSON" in next(r for w, r in skipped if w.startswith("line 5"))
    with pytest.raises(SourceError, match=r"line 4.*nested deeper"):
        list(iter_jsonl(tmp_path / "t.jsonl"))


def test_invalid_utf8_is_still_named_with_its_line(tmp_path):
    path = tmp_path / "b.jsonl"
    path.write_bytes(b'{"a": 1}\n{"b": "\xff"}\n')
    with pytest.raises(SourceError, match=r"line 2: invalid UTF-8 \(byte 0xff"):
        list(iter_jsonl(path))


def test_the_collector_is_paused_while_parsing_and_restored(tmp_path, monkeypatch):
    assert gc.isenabled()
    with collection_paused():
        assert not gc.isenabled()
        with collection_paused():
            assert not gc.isenabled()
        assert not gc.isenabled(), "an inner pause leaves the outer one in force"
    assert gc.isenabled()
    gc.disable()
    try:
        with collection_paused():
            pass
        assert not gc.isenabled(), "a collector the caller turned off stays off"
    finally:
        gc.enable()

    # What the process froze itself stays frozen; otherwise nothing is left frozen.
    gc.freeze()
    frozen = gc.get_freeze_count()
    try:
        with collection_paused():
            kept = [[k] for k in range(1000)]
        assert gc.get_freeze_count() == frozen and kept
    finally:
        gc.unfreeze()
    with collection_paused():
        kept = [[k] for k in range(1000)]
    assert gc.get_freeze_count() == 0

    # A reader that fails midway leaves the collector on.
    seen: list[bool] = []
    from inspector.sources import claude_code

    def part(block, where, strict=True):  # the reader's conversion of a content block
        seen.append(gc.isenabled())
        raise SourceError("a reader failing midway")
    monkeypatch.setattr(claude_code, "block_part", part)
    path = tmp_path / "cc.jsonl"
    path.write_text(json.dumps({"type": "user", "uuid": "u", "sessionId": "s", "message": {
        "role": "user", "content": [{"type": "text", "text": "x"}]}}) + "\n")
    with pytest.raises(SourceError, match="midway"):
        open_source(path)
    assert seen == [False] and gc.isenabled()
