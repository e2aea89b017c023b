"""The keys of a long rewritten text (a summary, read on every knob move) are the union
of what each of its lines gives, each line's reading kept (`fidelity.rewritten_reading`
directly): the same keys as the reading of the whole text (its words, tokens, file
names, URLs, settings, paths, values, errors), on random texts built from the pieces
those scans react to across a line break (a setting's "=", a viewer's line number, an
error's ":", line breaks `str.splitlines` cuts at but "\\n" does not, an injected block),
and on long texts cut from real sessions, each read after others (the lines kept)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.engine import fidelity
from inspector.engine.fidelity_signals import SIGNAL_KEYS
from inspector.engine.models import Message
from tests.engine.test_fidelity_search import SOURCES, _session

PIECES = ["\n", "\n\n", " ", "  ", "\t", "\r", "\r\n", "\x85", "\u2028", "\x0b", "12", "345", "1.5", "1,671", "-", ",",
          ".", ":", "|", "a", "E", "e", "_", "=", "x = 3", "timeout =", "=\n", ":\n", "\n=", "\n :", "port: 8080", "`",
          "`foo_bar`", "src/x.py", "/testbed/a/b.py", "http://h.org/a/b.csv", "v1.2.3", "0x1f", "deadbeef12", "ABC123",
          "flag{abc}", "(3 more lines above)", "(12 lines total)", "1: ", "  7|", "\n12\n", "\n  42  \n", "\u2192",
          "Error", "error:", "error: x", "ValueError: bad", "KeyError:\n  'k'", "E123", "- E123 x", "E   ", "- ",
          "FAILED", "- FAILED x", "fatal: no", "exit code 2", "Killed", "not found", "Permission denied",
          "diff --git", "\n@@ ", "</", "<system-reminder>x</system-reminder>", "done", "x" * 30]
LINES = st.lists(st.sampled_from(PIECES), max_size=12).map("".join)
FILLER = "The work so far, as the summary states it, goes on below this line. " * 32  # (over LINES_FROM)


def _same_keys(text: str, role: str, roots: tuple[str, ...] = ()) -> frozenset[str]:
    m = Message.text_message(role, text, **({"tool_call_id": "c"} if role == "tool" else {}))
    _, keys = fidelity.rewritten_reading(m, roots)
    _, whole = fidelity.rewritten_reading(m, roots, directly=False)
    assert keys == whole, text
    # (the parts the written keys are counted by, `WrittenKeys`: their union is the same)
    parts = fidelity.key_parts(m, roots)
    assert frozenset().union(*parts) == keys, text
    # (the parts recency counts, `signal_key_parts`: the same keys it may weigh, none other than these)
    signal = frozenset().union(*fidelity.signal_key_parts(m, roots))
    assert signal <= keys and {k for k in keys if k[:2] in SIGNAL_KEYS} <= signal, text
    _same_keys.by_lines += len(parts) > 1  # type: ignore[attr-defined]
    return keys


_same_keys.by_lines = 0  # type: ignore[attr-defined]  # (texts whose keys were taken in parts)


@settings(max_examples=500, deadline=None, derandomize=True)
@given(lines=st.lists(LINES, min_size=1, max_size=30), role=st.sampled_from(["user", "system", "tool"]),
       at=st.sampled_from(["start", "end", "both"]), roots=st.sampled_from([(), ("/testbed",)]))
def test_a_long_texts_keys_from_its_lines_are_the_whole_texts(lines, role, at, roots):
    body = "\n".join(lines)
    text = {"start": FILLER + "\n" + body, "end": body + "\n" + FILLER, "both": FILLER + body + FILLER}[at]
    assert len(text) > fidelity.LINES_FROM
    for _ in range(2):  # (the second time from the kept lines)
        _same_keys(text, role, roots)


def test_what_spans_a_line_break_is_read_as_in_the_whole_text():
    """A setting across a break, a viewer's number alone on its line, an error's colon
    at a line's end: read from the whole text (each key below is found only so)."""
    text = FILLER + "\ntimeout =\n  30 and done\nsee 4567\n123\n: x 8910\nfoo KeyError:\n  'missing'\n"
    keys = _same_keys(text, "user")
    assert {"=:timeout=30", "v:4567", "v:8910"} <= keys and "v:123" not in keys
    text = FILLER + "\n- FAILED tests/x.py\n"  # (no line opens the scan alone: no error)
    assert not any(k.startswith("e:") for k in _same_keys(text, "user"))
    text += "foo KeyError:\n  'missing'\n"  # (the scan opens across the break: the bulleted line's error)
    assert "e:failed tests/x.py" in _same_keys(text, "user")


@pytest.fixture(scope="module")
def texts():
    """Long texts cut from real sessions: runs of consecutive messages' texts, so the
    later ones repeat lines of the earlier ones (as a knob move's summary repeats the last)."""
    out = []
    for path in SOURCES:
        said = [m.text for m in _session(path) if m.text.strip()]
        for start in range(0, len(said), 3):
            for size in (6, 15):
                text = "\n".join(said[start:start + size])
                if len(text) > fidelity.LINES_FROM:
                    out.append(text)
    assert len(out) >= 40
    return out


def test_long_texts_from_real_sessions_have_the_keys_of_their_whole_texts(texts):
    fidelity.forget(texts=True)
    found = set()
    _same_keys.by_lines = 0  # type: ignore[attr-defined]
    for role in ("user", "system"):
        for text in texts:
            found |= _same_keys(text, role, ("/testbed",))
    # (the real texts hold what each part of the reading takes: not a test of empty readings)
    assert {k[:2] for k in found} >= {"w:", "t:", "n:", "v:", "a:", "P:", "S:", "e:", "=:"}
    assert _same_keys.by_lines > len(texts) // 4  # type: ignore[attr-defined]  # (many in parts, one per line; the others show a viewer's line numbers)
    fidelity.forget(texts=True)


def test_a_lines_words_taken_from_its_views_reading_are_the_lines_words():
    """A rewritten line's words, when its view read it as one sentence (a knob move's new
    summary line is read by its view, then by its keys), are the words of the line read
    from scratch: the keys of each line of real sessions' texts, with and without the
    views' readings of the messages holding them."""
    from inspector.engine import content

    lines = list(dict.fromkeys(line for path in SOURCES for m in _session(path) for line in m.text.split("\n")
                               if line.strip()))[:1500]
    assert len(lines) > 500
    whole = 0
    for k in range(0, len(lines), 50):
        batch = lines[k:k + 50]
        fidelity.forget(texts=True)
        for line in batch:
            fidelity.rewritten_reading(Message.text_message("user", line))  # (its view reads the line)
        warm = [fidelity.text_keys(line) for line in batch]
        fidelity.forget(texts=True)
        assert warm == [fidelity.text_keys(line) for line in batch]
        whole += sum(content.line_sentences(line) == (" ".join(line.split()),) for line in batch)
    assert whole > 300  # (lines read as one sentence: their words taken from the view's reading)


SENTENCE_PIECES = ["Done.", " ", "  ", "\t", "\u00a0", "\u2003", "\x1c", "\r", "e.g.", "i.e. x", "vs.", "A", "a", "ok",
                   "Ab", "X1", "Z", "Ok.", "x", "!", "?", ". ", "! The", "? `x`", '. "Q', ". (see", "- item",
                   "1. first", "* b", "\u03a3\u0391\u03a3", "O\u03a3 ", "\u0130", "\u212a",
                   "The fix was in src/x.py and it works.",
                   "word " * 45, "snake_case", "v1.2.3", "ab12", "\u2026"]
SENTENCE_LINES = st.lists(st.sampled_from(SENTENCE_PIECES), max_size=16).map("".join)


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(line=SENTENCE_LINES)
def test_a_lines_words_from_its_sentences_readings_are_the_lines_words(line):
    """A line's words among its keys once its view read it (sentences cut at white
    space, short parts left out, long ones cut in windows, a "\\r" at its end cut by
    `str.splitlines`), when they come from the reading's sentences: the line's `words`."""
    from inspector.engine import content

    if "\n" in line or any(c in line[:-1] for c in "\r\x1c"):
        return  # (a line of `str.split("\\n")` the view cut apart: no reading of it is kept)
    fidelity.forget(texts=True)
    fidelity.rewritten_reading(Message.text_message("user", line))  # (its view reads the line)
    keys = fidelity.text_keys(line)
    assert {k for k in keys if k.startswith("w:")} == {"w:" + w for w in fidelity.words(line)}, repr(line)
    SENTENCES_READ.append(len(content.line_sentences(line)))


SENTENCES_READ: list[int] = []


def test_many_random_lines_were_of_several_sentences():
    """(the test above is no test of lines of one sentence only: many had several)"""
    SENTENCES_READ.clear()
    test_a_lines_words_from_its_sentences_readings_are_the_lines_words()
    assert sum(n > 1 for n in SENTENCES_READ) > 300


def test_a_viewers_lines_total_note_alone_keeps_a_text_read_by_line():
    """A long text quoting a viewer's "(n lines total)" note (a summary's last actions
    quote one) and no line-number prefix is read line by line (the note taken out of its
    line as the whole text's scan takes it out): the same keys and values as the whole
    reading, recency's parts one per line; a line-number prefix anywhere reads it whole."""
    from inspector.engine import content

    fidelity.forget(texts=True)
    body = "- called open {\"path\": \"a.py\"} -> [File: a.py (3120 lines total)] (see 4567)\n- ran 7 of 8999 checks"
    text = FILLER + "\n" + body + "\n" + FILLER
    keys = _same_keys(text, "user")
    assert {"v:4567", "v:8999"} <= keys and "v:3120" not in keys
    m = Message.text_message("user", text)
    assert len(fidelity.signal_key_parts(m, ())) == len(text.split("\n"))
    own = fidelity.read_rewritten(text)
    assert own.values == fidelity.read_rewritten(text, by_line=False).values
    assert content.line_without_viewer_notes("x (12 lines total) y") == "x  y"
    for line in ("  12: x (3 lines total)", "12", " 7 ", "(3 more lines above)"):
        assert content.line_without_viewer_notes(line) is None
    # (a numbered line below: the whole text's scan, the same keys)
    prefixed = text + "\n  12: numbered 5678"
    assert "v:5678" in _same_keys(prefixed, "user")
    assert len(fidelity.signal_key_parts(Message.text_message("user", prefixed), ())) == 1
    fidelity.forget(texts=True)
