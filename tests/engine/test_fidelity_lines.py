"""The line-wise forms of the whole-text scans the fidelity runs on every knob move
(`content.extract_values_by_line`, `content.extract_paths_by_line`, the memoised lines of
`content.extract_errors`, `fidelity_search.Containing`) give exactly what the scans they
replace give: checked on random texts built from the pieces those scans react to (line
breaks, viewer prefixes, numbers, paths, code spans, separators), bounded examples."""

from __future__ import annotations

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
def test_errors_from_memoised_lines_are_the_first_reading_and_one_lines_each(text):
    first = content.extract_errors(text)
    assert content.extract_errors(text) == first  # (the lines memoised)
    assert len(first) == len(set(first))
    lines = {content.normalize_error(line) for line in text.splitlines()} | {
        content.normalize_error(line.lstrip("-*\u2022> E").strip()) for line in text.splitlines()}
    assert all(any(e == n or n.endswith(e) for n in lines) for e in first)


def test_the_errors_of_an_output_are_its_error_lines_in_order_each_once():
    text = "ok\nValueError: bad value\n- FAILED tests/x.py\n  1: x = 1\nValueError: bad value\nE   KeyError: 'k'"
    for _ in range(2):
        assert content.extract_errors(text) == ["valueerror: bad value", "failed tests/x.py", "keyerror: 'k'"]


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


@settings(max_examples=600, deadline=None, derandomize=True)
@given(text=NOTICE_TEXTS)
def test_a_rewritten_text_read_line_by_line_states_what_the_whole_text_states(text):
    from inspector.engine import fidelity as fid

    whole = fid.read_rewritten(text, by_line=False)
    for _ in range(2):  # (the second time from the memoised lines)
        got = fid.read_rewritten(text)
        assert got == whole
        assert list(got.groups.items()) == list(whole.groups.items())


def test_numbers_of_a_rewritten_text_are_claimed_line_by_line_as_in_the_whole_text():
    from inspector.engine import fidelity as fid

    text = "see it \u2026\n123456 and a76edd72...fac323\n424242 but 1,671 ...\n555555 then 424242 (off-3bb0a9f8c1d1)"
    got = fid.read_rewritten(text)
    assert got == fid.read_rewritten(text, by_line=False)
    assert got.claimed == ["123456", "424242", "1671", "555555"] and got.groups == {"1671": ("1", "671")}


@settings(max_examples=500, deadline=None, derandomize=True)
@given(text=NOTICE_TEXTS)
def test_a_texts_keys_are_its_lines_keys(text):
    from inspector.engine import fidelity as fid

    assert fid.text_keys(text) == fid.text_keys(text, by_line=False)


def test_a_long_rewritten_text_has_the_keys_read_line_by_line_that_the_whole_text_gives():
    from inspector.engine import fidelity as fid

    text = "\n".join(f"line {k}: see src/mod{k}.py at https://h.org/a/b{k}.csv, port 80{k % 10}8, v1.{k}.3 done, "
                     f"timeout={k}" for k in range(200))
    assert len(text) > fid.LINES_FROM and not fid.SETTING_ACROSS.search(text)
    got = fid.text_keys(text)
    assert got == fid.text_keys(text, by_line=False)
    assert {"w:lin", "t:8028", "n:mod7.py", "u:h.org/a/b3.csv", "=:timeout=17"} <= got


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
def test_settings_line_by_line_are_the_whole_texts(text):
    from inspector.engine import fidelity as fid

    assert fid.text_keys(text) == fid.text_keys(text, by_line=False)
    # (and the settings looked for only where a number may be set: those of the plain scan)
    assert fid.text_keys(text, by_line=False) == fid.text_keys(text, by_line=False, direct=False)


def test_the_settings_of_real_messages_looked_for_where_a_number_may_be_set_are_the_plain_scans():
    from inspector.engine import fidelity as fid
    from tests.engine.test_fidelity_search import SOURCES, _session

    texts = [t for path in SOURCES for m in _session(path) for t in (m.text, *(c.arguments_raw for c in m.tool_calls))]
    found = 0
    for text in texts:
        plain = fid.text_keys(text, by_line=False, direct=False)
        assert fid.text_keys(text, by_line=False) == plain
        found += any(k.startswith("=:") for k in plain)
    assert found > 10  # (texts that set names to numbers, read both ways)


def test_a_setting_across_a_line_break_is_read_from_the_whole_text():
    from inspector.engine import fidelity as fid

    text = "\n".join(["see the config below"] * 150 + ["timeout =", "  30 and port: 8080", "e=5"])
    assert fid.SETTING_ACROSS.search(text) and len(text) > fid.LINES_FROM
    got = fid.text_keys(text)
    assert got == fid.text_keys(text, by_line=False)
    assert {"=:timeout=30", "=:port=8080", "=:e=5"} <= got


@settings(max_examples=300, deadline=None, derandomize=True)
@given(lines=st.lists(TEXTS, min_size=1, max_size=120))
def test_a_long_summarys_artifacts_read_line_by_line_are_the_whole_texts(lines):
    """`message_artifacts` reads what a compaction wrote line by line (a knob move's new
    summary repeats most of the last one's lines): the same paths and values as the
    whole-text scans, in the same order."""
    from inspector.engine.models import Message, Part

    body = "\n".join(lines)
    for prefix in ("", "[Previous conversation summary]\n\n", "x" * 2_000 + "\n"):
        text = prefix + body
        m = Message(role="user", kind="summary", parts=[Part(text=text)])
        content.forget_models()
        got = content.message_artifacts(m, content.Kind.SUMMARY)
        own = content.own_text(text)[:content.SCAN_CHARS]
        assert got.paths == tuple(content.extract_paths(own))
        assert got.values == tuple(content.extract_values(own))



BLOCK_PIECES = [*SETTING_PIECES, "\r", "\u00a0", "\x0b", " \n", "=\n", ":\n", "\n=", "\n :", "\n \n", "name", "v",
                "0", "9.25", "a.b.", "(", "x=", "self.e", "`", "is"]


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(BLOCK_PIECES), max_size=60).map("".join))
def test_settings_across_line_breaks_block_by_block_are_the_whole_texts(text):
    """A text where a setting may span a line break has its settings read block by block
    (cut at the breaks no setting can span, each block's kept): the same settings as the
    whole-text scan, the second time from the kept blocks too."""
    from inspector.engine import fidelity as fid

    for _ in range(2):
        assert fid.text_keys(text) == fid.text_keys(text, by_line=False)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(text=TEXTS)
def test_viewer_prefixes_taken_out_by_the_anchored_branches_alone_as_by_the_whole_pattern(text):
    for t in (text, text.replace("(12 lines total)", "(12 lines total"), text + "\n(3 lines total)"):
        assert content.without_viewer_prefixes(t) == content.without_viewer_prefixes(t, direct=False)


# (lines that hold no viewer prefix: what `read_rewritten` reads from its lines' values alone)
UNPREFIXED_TEXTS = st.lists(st.sampled_from([p for p in NOTICE_PIECES if not any(c in p for c in ":|\t\u2192(")]),
                            max_size=40).map("".join)


@settings(max_examples=80, deadline=None, derandomize=True)
@given(lines=st.one_of(st.lists(NOTICE_TEXTS, min_size=1, max_size=12),
                       st.lists(UNPREFIXED_TEXTS, min_size=1, max_size=12)),
       repeat=st.integers(1, 900), tail=UNPREFIXED_TEXTS)
def test_a_long_rewritten_texts_paths_and_values_from_its_lines_are_the_whole_texts(lines, repeat, tail):
    """Past `SCAN_CHARS` (where `extract_values` stops, inside a line or at its end), with
    a viewer prefix in the part read or not: the paths and values `read_rewritten` puts
    together from its lines' are the whole own text's."""
    from inspector.engine import fidelity as fid

    text = "\n".join(lines * repeat) + "\n" + tail
    whole = fid.read_rewritten(text, by_line=False)
    for _ in range(2):  # (the second time from the memoised lines)
        got = fid.read_rewritten(text)
        assert got == whole
        assert got.paths == tuple(content.extract_paths(got.own))
        assert got.values == tuple(content.extract_values(got.own))


def test_a_viewer_prefix_whose_digits_end_a_line_is_taken_out_as_in_the_whole_text():
    """A prefix's white space after its digits may take the line break ("123" on one
    line, ": x" on the next): the line ending with digits may start one, and the values
    come from the whole text's scan, as `extract_values` reads it."""
    from inspector.engine import fidelity as fid

    for text in ["see 4242\n123\n: 456789 and 1234", "a\n 777 \n| 31337 then", "x\n  \n 5150\t: 8080",
                 "y\n9999 \n\n: 65536"]:
        for long in (False, True):
            whole_text = ("filler line 24601\n" * 1200 + text) if long else text
            got = fid.read_rewritten(whole_text)
            assert got == fid.read_rewritten(whole_text, by_line=False)
            assert got.values == tuple(content.extract_values(got.own))


FOLD_PIECES = ["message", "Message", "MESSAGES", "mEsSaGe", "turn", "TURNS", "tUrN", " ", "\n", "12", " 3", "#4", "(5)",
               " to 6", "\u2013", "\u2026", "?", "\u00e9", "\u00c9", "\u0130", "\u0131", "\u017f", "\u212a", "me\u017f\u017fage",
               "\u1e9e", "\U0001f600", "x", "-"]


@settings(max_examples=800, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(FOLD_PIECES), max_size=30).map("".join))
def test_a_substitution_ignoring_case_tried_where_its_starts_are_is_the_whole_scan(text):
    # (a text not all ASCII: its starts found in its ASCII letters lower case, the
    # characters case folding takes to ASCII letters read by the plain scan)
    import re

    from inspector.engine.fidelity_text import sub_at

    positions = re.compile(r"\b(?:messages?|turns?)\s+[#(]?\d+\)?(?:\s*(?:[-\u2013]|to)\s*#?\d+)?", re.I)
    assert sub_at(positions, ("message", "turn"), " ", text) == positions.sub(" ", text)
    assert sub_at(re.compile(r"x\?|\?x", re.I), ("x?", "?x"), "", text) == re.sub(r"(?i)x\?|\?x", "", text)


CUT_PIECES = ["\n", "\n\n", " ", "  ", "\t", "\r", "\u00a0", "\u2028", "\x85", "a", "word", "x.y", ".", "..", "...",
              "....", "\u2026", "\u2026\u2026", '"', "'", "`", '..."', "\u2026'` ", "(", ")", "- ", "1. "]


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(CUT_PIECES), max_size=30).map("".join))
def test_the_lines_a_quote_is_cut_short_on_are_the_whole_texts_matches(text):
    from inspector.engine.fidelity_text import cut_lines

    assert cut_lines(text) == cut_lines(text, direct=False), repr(text)
    CUT_FOUND.append(len(cut_lines(text)))


CUT_FOUND: list[int] = []


def test_many_random_texts_had_lines_cut_short():
    """(the test above is no test of texts without such a line: hundreds had one, some several)"""
    CUT_FOUND.clear()
    test_the_lines_a_quote_is_cut_short_on_are_the_whole_texts_matches()
    assert sum(n > 0 for n in CUT_FOUND) > 300 and sum(n > 1 for n in CUT_FOUND) > 20
