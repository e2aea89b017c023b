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
