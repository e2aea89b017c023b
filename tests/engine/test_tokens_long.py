"""Counting pathological text is bounded (issue 15: a 200 MB message without spaces took
`stats` 275 s and 9.9 GB): long texts are counted in chunks cut where tiktoken cuts
(exact), and a run with no space over the limit is estimated, and labelled so."""

from __future__ import annotations

import json
import random

from inspector.cli.main import main
from inspector.engine.tokens import LONG_TEXT_CHARS, TiktokenCounter


def test_long_text_with_spaces_is_counted_exactly_in_chunks():
    c = TiktokenCounter("gpt-4o")
    rng = random.Random(3)
    words = ["hello", "world", "  ", "\n", "foo.bar()", "123456", "é", "日本", " ", "x" * 50, "don't", "\t"]
    text = "".join(rng.choice(words) + (" " if rng.random() < 0.7 else "") for _ in range(400_000))
    assert len(text) > 2 * LONG_TEXT_CHARS
    assert c.count(text) == len(c._enc.encode_ordinary(text))
    assert c.count_batch([text, "short"]) == [len(c._enc.encode_ordinary(text)), 1]
    assert c.estimated_runs == 0 and not (c.note or "").count("estimate")


def test_a_run_without_spaces_is_estimated_and_labelled():
    c = TiktokenCounter("gpt-4o")
    run = "ab1+" * (LONG_TEXT_CHARS // 2)  # 2 MB, no space
    text = "Here is the blob: " + run + " and the end."
    n = c.count(text)
    exact = len(c._enc.encode_ordinary(text))
    assert abs(n - exact) <= exact * 0.02
    assert c.estimated_runs == 1
    assert "without a space: counted by estimate" in c.note


def test_stats_says_the_count_is_an_estimate(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("INSPECTOR_WORKSPACE", str(tmp_path / "ws.db"))
    path = tmp_path / "blob.json"
    path.write_text(json.dumps([{"role": "user", "content": "x" * (3 * LONG_TEXT_CHARS)},
                                {"role": "assistant", "content": "ok"}]))
    assert main(["stats", str(path)]) == 0
    out = capsys.readouterr().out
    assert "counted by estimate" in out
