"""The line-wise forms of the whole-text scans the fidelity runs on every knob move
(`content.extract_values_by_line`, `content.extract_paths_by_line`, the memoised lines of
`content.extract_errors`, `fidelity_search.Containing`) give exactly what the scans they
replace give: checked on random texts built from the pieces those scans react to (line
breaks, viewer prefixes, numbers, paths, code spans, separators), bounded examples."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.engine import content
from inspector.engine.fidelity_search import Containing

PIECES = ["\n", "\n\n", " ", "  ", "\t", "\r", "12", "345", "1.5", "-", ",", ".", ":", "|", "\u2192", "a", "_",
          "x.y", "`", "`foo_bar`", "`a.b`", "/", "./", "~/", "src/x.py", "/testbed/a/b.py", "v1.2.3", "0x1f",
          "deadbeef12", "ABC123", "PS-48210", "flag{abc}", "(3 more lines above)", "(12 lines total)",
          "1: ", "  7|", "://", "http://h.org/a/b.csv", "Error", "ValueError: bad", "E   ", "- ", "FAILED",
          "diff --git", "\n@@ ", "+", "@", "e1e2e3e4-aaaa-bbbb-cccc-123456789012", "000", "x" * 30]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


def _errors_as_first_written(text):
    """`content.extract_errors` before its lines were memoised (session 8)."""
    text = text[:content.SCAN_CHARS]
    if not content._ERROR_LINE.search(text):
        return []
    in_diff = "diff --git" in text or "\n@@ " in text
    out = {}
    for raw in text.splitlines():
        line = raw.rstrip("\r")
        if not line.strip() or len(line) > 600:
            continue
        if content._VIEWER_LINE.match(line) or (in_diff and line[:1] in "+- "):
            continue
        body = content._BULLET.sub("", line)
        if content._CODE_LINE.search(body) or "Traceback (most recent call last)" in body:
            continue
        if not content._ERROR_LINE.search(body):
            continue
        found = content._CASE_SENSITIVE_ERROR.search(body)
        if found is None and not re.search(r"(?i)error|fatal|not found|no such file|denied|fault|failed|exit|"
                                           r"returncode|killed|aborted|cannot open|^E\d{3}", body):
            continue
        norm = content.normalize_error(body)
        if len(norm) >= 6:
            out[norm] = None
    return list(out)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(text=TEXTS)
def test_values_line_by_line_are_the_whole_texts(text):
    assert content.extract_values_by_line(text) == content.extract_values(text)
    assert content.extract_values_by_line(text) == content.extract_values(text)  # (memoised lines)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(text=TEXTS)
def test_paths_line_by_line_are_the_whole_texts(text):
    assert content.extract_paths_by_line(text) == content.extract_paths(text)
    assert content.extract_paths_by_line(text) == content.extract_paths(text)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(text=TEXTS)
def test_errors_with_memoised_lines_are_the_first_scans(text):
    assert content.extract_errors(text) == _errors_as_first_written(text)
    assert content.extract_errors(text) == _errors_as_first_written(text)


def test_a_viewer_prefix_across_a_line_break_is_taken_off_as_in_the_whole_text():
    # (`\s*` of the viewer's prefix takes the line break: "123" is a line number, not a value)
    text = "see 4567\n123\n: x 8910"
    assert content.extract_values_by_line(text) == content.extract_values(text) == ["4567", "8910"]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(strings=st.lists(st.lists(st.sampled_from(["a", "b", "ab", " ", "\x00", "-m", "x"]), max_size=6).map("".join),
                        max_size=8),
       needle=st.lists(st.sampled_from(["a", "b", " ", "\x00", "x"]), max_size=3).map("".join))
def test_containing_finds_the_strings_holding_a_needle_as_a_loop_does(strings, needle):
    assert Containing(strings).positions(needle) == [k for k, s in enumerate(strings) if needle in s]


NOTICE_PIECES = PIECES + ["The original messages 1\u20139 summarized here are stored as off-3bb0; call x", "[...",
                          "[...1,234 characters truncated; see]", "]", "off-", "off-3bb0a9", '(id="', '"', ")",
                          "message", "Messages ", "turn", "TURN", " to ", "\u2013", "#", "(", "\u017f", "\u0130",
                          "\u212a", "1,671", "12,000,000", "$", "a76edd72...fac323", "\u2026", "...", "x\u2026",
                          "https://Example.org/a/b.csv?x=1.", "{base}://x"]
NOTICE_TEXTS = st.lists(st.sampled_from(NOTICE_PIECES), max_size=40).map("".join)


@settings(max_examples=500, deadline=None, derandomize=True)
@given(text=NOTICE_TEXTS)
def test_notices_taken_out_where_their_first_words_occur_as_the_whole_substitution(text):
    from inspector.engine import fidelity as fid
    from inspector.engine.fidelity_text import sub_at

    assert sub_at(fid._OWN_NOTICES, fid._OWN_NOTICE_STARTS, " ", text) == fid._OWN_NOTICES.sub(" ", text)
    assert sub_at(fid._POSITIONS, fid._POSITION_STARTS, " ", text) == fid._POSITIONS.sub(" ", text)


@settings(max_examples=500, deadline=None, derandomize=True)
@given(text=NOTICE_TEXTS)
def test_a_rewritten_texts_lines_read_one_by_one_are_the_whole_texts_reading(text):
    from inspector.engine import fidelity as fid

    # (as `_view` read the whole text before session 8)
    urls = tuple(fid._urls(text))
    own = fid.without_cut_quotes(text)
    groups = {m.group().replace(",", ""): tuple(m.group().split(",")) for m in fid._THOUSANDS.finditer(own)}
    own = fid._THOUSANDS.sub(lambda m: m.group().replace(",", ""), own)
    for _ in range(2):  # (the second time from the memoised lines)
        got_urls, got_own, got_groups = fid._own_lines(text)
        assert (got_urls, got_own, got_groups) == (urls, own, groups)
        assert list(got_groups.items()) == list(groups.items())
        assert fid._claimed_by_line(own) == fid.claimed_tokens(own)


def test_a_token_after_a_line_ending_with_a_cut_quote_is_not_claimed_line_by_line_either():
    from inspector.engine import fidelity as fid

    text = "see it ...\n123456 and\u2026\n424242 but 777777...\n555555 then 424242"
    assert fid._claimed_by_line(text) == fid.claimed_tokens(text) == ["424242"]


@settings(max_examples=500, deadline=None, derandomize=True)
@given(text=NOTICE_TEXTS)
def test_a_texts_keys_are_its_lines_keys(text):
    from inspector.engine import fidelity as fid

    assert frozenset().union(*(fid._line_keys(line) for line in text.split("\n"))) == fid._line_keys(text)


def test_a_long_rewritten_message_has_the_keys_read_line_by_line_that_the_whole_text_gives(monkeypatch):
    from inspector.engine import fidelity as fid
    from inspector.engine.content import Kind
    from inspector.engine.models import Message

    text = "\n".join(f"line {k}: see src/mod{k}.py at https://h.org/a/b{k}.csv, port 80{k % 10}8, v1.{k}.3 done, "
                     f"timeout={k}" for k in range(200))
    summary = Message.text_message("user", text)
    assert len(text) > fid._LINES_FROM and not fid._SETTING_ACROSS.search(text)
    fid.forget()
    got = fid._keys(summary, Kind.SUMMARY, ())
    fid.forget()
    monkeypatch.setattr(fid, "_LINES_FROM", len(text) + 1)  # (read whole, as before session 8)
    assert got == fid._keys(summary, Kind.SUMMARY, ())
    assert {"w:lin", "t:8028", "n:mod7.py", "u:h.org/a/b3.csv", "=:timeout=17"} <= got
    fid.forget()


SENTENCE_PIECES = ["a", "Bb", "ccc", ".", "!", "?", " ", "  ", "\n", "\n\n", "\r\n", "\r", "\t", "\x0b", "\x1c", "\u2028",
                   "\u0085", "- ", "* ", "1. ", "12.", "e.g.", "i.e.", "vs.", "cf.", "`x`", "\"", "'", "(", "A",
                   "```py\n", "```", "<command>", "</command>", "x" * 50]


@settings(max_examples=600, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(SENTENCE_PIECES), max_size=40).map("".join), limit=st.integers(1, 400))
def test_sentences_line_by_line_are_the_whole_texts(text, limit):
    for _ in range(2):  # (the second time from the memoised lines)
        assert content.sentences_by_line(text, limit) == content.sentences(text, limit, by_line=True)


SETTING_PIECES = ["timeout", "=", ":", " ", "\n", "\t", "30", "-5", "0x1F", "1.5", "\"", "'", "self.", "port", "x", ".",
                  "a_b", "\n\n", "e=5", "\"port\": 8000"]


@settings(max_examples=600, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(SETTING_PIECES), max_size=30).map("".join))
def test_settings_line_by_line_are_the_whole_texts_when_none_spans_a_line_break(text):
    from inspector.engine import fidelity as fid

    whole = set(fid._settings(text, fid._SETTING))
    if fid._SETTING_ACROSS.search(text):
        return  # (read whole: a setting may span the line break)
    assert {pair for line in text.split("\n") for pair in fid._line_settings(line)} == whole


def test_a_setting_across_a_line_break_is_read_from_the_whole_text(monkeypatch):
    from inspector.engine import fidelity as fid
    from inspector.engine.content import Kind
    from inspector.engine.models import Message

    text = "\n".join(["see the config below"] * 150 + ["timeout =", "  30 and port: 8080", "e=5"])
    summary = Message.text_message("user", text)
    assert fid._SETTING_ACROSS.search(text) and len(text) > fid._LINES_FROM
    fid.forget()
    got = fid._keys(summary, Kind.SUMMARY, ())
    fid.forget()
    monkeypatch.setattr(fid, "_LINES_FROM", len(text) + 1)
    assert got == fid._keys(summary, Kind.SUMMARY, ())
    assert {"=:timeout=30", "=:port=8080", "=:e=5"} <= got
    fid.forget()
