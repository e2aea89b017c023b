"""Counting pathological text is bounded (issue 15: a 200 MB message without spaces took
`stats` 275 s and 9.9 GB): long texts are counted in chunks cut where tiktoken cuts
(exact), and a run with no space over the limit is estimated, and labelled so."""

from __future__ import annotations

import json
import random

import pytest
import tiktoken

from inspector.cli.main import main
from inspector.engine.tokens import LONG_TEXT_CHARS, TiktokenCounter


def _tiktoken(counter: TiktokenCounter) -> tiktoken.Encoding:
    """tiktoken's own encoding of the counter's name: the reference count."""
    return tiktoken.get_encoding(counter.encoding_name)


def test_long_text_with_spaces_is_counted_exactly_in_chunks():
    c = TiktokenCounter("gpt-4o")
    rng = random.Random(3)
    words = ["hello", "world", "  ", "\n", "foo.bar()", "123456", "é", "日本", " ", "x" * 50, "don't", "\t"]
    text = "".join(rng.choice(words) + (" " if rng.random() < 0.7 else "") for _ in range(400_000))
    assert len(text) > 2 * LONG_TEXT_CHARS
    assert c.count(text) == len(_tiktoken(c).encode_ordinary(text))
    assert c.count_batch([text, "short"]) == [len(_tiktoken(c).encode_ordinary(text)), 1]
    assert c.estimated_runs == 0 and not (c.note or "").count("estimate")


def test_a_run_without_spaces_is_estimated_and_labelled():
    c = TiktokenCounter("gpt-4o")
    run = "ab1+" * (LONG_TEXT_CHARS // 2)  # 2 MB, no space
    text = "Here is the blob: " + run + " and the end."
    n = c.count(text)
    exact = len(_tiktoken(c).encode_ordinary(text))
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


def _real_output_text(chars: int) -> str:
    """Real SWE-agent tool outputs (code, tracebacks, `\\r\\n` line ends), concatenated."""
    from pathlib import Path

    outputs = []
    for path in sorted((Path(__file__).resolve().parents[1] / "fixtures" / "swe-agent").glob("*.traj")):
        for h in json.loads(path.read_text(encoding="utf-8"))["history"]:
            content = h.get("content")
            if h.get("role") in ("tool", "user") and isinstance(content, str) and content:
                outputs.append(content)
    rng = random.Random(11)
    pieces, size = [], 0
    while size < chars:
        piece = rng.choice(outputs)
        pieces.append(piece)
        size += len(piece) + 1
    return "\n".join(pieces)


def test_a_long_real_output_counted_in_pieces_on_threads_is_the_whole_text_count():
    """Issue 14: a 50 MB tool output took ~15 s to plan. Its pieces are now counted on
    several threads (tiktoken releases the GIL), and the sum is still tiktoken's count
    of the whole text."""
    import threading

    text = _real_output_text(4 * LONG_TEXT_CHARS)
    c = TiktokenCounter("gpt-4o", threads=2)
    enc = _tiktoken(c)
    whole = len(enc.encode_ordinary(text))
    threads: set[int] = set()
    real = tiktoken.Encoding.encode_ordinary

    def recording(self, t):
        threads.add(threading.get_ident())
        return real(self, t)

    with pytest.MonkeyPatch.context() as mp:  # which threads tiktoken encodes on
        mp.setattr(tiktoken.Encoding, "encode_ordinary", recording)
        assert c.count(text) == whole
    assert len(threads) == 2, "one long text is spread over the threads"
    short = text[:1000]
    assert c.count_batch([short, text, "", text[5:]]) == [
        len(enc.encode_ordinary(short)), whole, 0, len(enc.encode_ordinary(text[5:]))]
    assert TiktokenCounter("gpt-4o", threads=1).count(text) == whole
    assert c.estimated_runs == 0


def test_the_last_clean_cut_is_found_as_a_scan_of_every_match_finds_it():
    from inspector.engine.tokens import CLEAN_CUT, _last_clean_cut

    def scanned(text, lo, hi):
        cut = None
        for m in CLEAN_CUT.finditer(text, lo, hi):
            cut = m.start()
        return cut

    rng = random.Random(5)
    cases = ["a b" + "  \n" * 50_000, "x" * 70_000 + " y" + "  " * 40_000, "  " * 30_000, "a b c"]
    cases += ["".join(rng.choice(["a", " ", "  ", "\n", "é", "\t"]) for _ in range(rng.randrange(1, 9000)))
              for _ in range(200)]
    for text in cases:
        for _ in range(5):
            lo = rng.randrange(1, len(text) + 1)
            hi = rng.randrange(lo, len(text) + 1)
            assert _last_clean_cut(text, lo, hi) == scanned(text, lo, hi)
