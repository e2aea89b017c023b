"""The short cuts of what the fidelity reads of a rewritten message on every knob move
give exactly what the plain scans give: a scan skipped where what it looks for cannot
be (a digit, a "{", an error word), a substitution tried where its matches can start,
the sentences a reader keeps picked before they are normalized, a text's normal form
put together from its lines'. Checked on random texts built from the pieces those scans
react to (line breaks, fences, error words, the letters case-insensitive matching folds
to ASCII ones), bounded examples."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.engine import content, fidelity, fidelity_swaps
from inspector.engine.models import Message

PIECES = ["\n", "\n\n", " ", "  ", "\t", "\r", "\x85", "\u2028", "\xa0", "12", "345", "1.5", "1,671", "-", ",", ".",
          ":", "|", "a", "E", "e", "_", "=", "x = 3", "`", "``", "```", "```py\n", "`foo_bar`", "<command>",
          "</command>", "ls -la", "{", "}", "flag{abc}", "src/x.py", "v1.2.3", "0x1f", "deadbeef12", "ABC123",
          "\u0663", "e1e2e3e4-aaaa-bbbb-cccc-123456789012", "deadbeef-aaaa-bbbb-cccc-ddddeeeeffff", "(3 more lines above)",
          "Error", "error: x", "ValueError: bad", "E123", "E   ", "- ", "FAILED", "fatal: no", "exit code 2",
          "<returncode>1", "Killed", "not found", "no such file or directory", "Permission denied", "Aborted",
          "Segmentation fault", "cannot open", "<tool_use_error>", "\u212aILLED", "no \u017fuch file or directory",
          "\u0130nterruptError: x", "\u0131", "Warning: w", "Exit", "Interrupt", "Failure", "\u03a3", "\u03c3", "OK.",
          " The", "(", "\"", "e.g. ", "1. ", "* ", "x" * 30, "\u2026", "..."]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


@settings(max_examples=500, deadline=None, derandomize=True)
@given(text=TEXTS)
def test_fences_taken_out_where_they_can_start_as_by_the_scan(text):
    assert content.without_fences(text) == content.without_fences(text, direct=False)


# Fences opened and closed around the 4,000 characters `_FENCE` reaches (its ends found
# by `str.find`, not by the pattern): gaps just short of it, at it, just past it.
REACH_PIECES = ["```", "```py\n", "``", "`", "\n", "<command>", "</command>", "</command", "x", "y" * 3990,
                "z" * 7, " ", "a`b\n"]


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(REACH_PIECES), max_size=14).map("".join))
def test_fences_ended_where_the_lazy_scan_ends_them_within_its_reach(text):
    assert content.without_fences(text) == content.without_fences(text, direct=False)


@settings(max_examples=500, deadline=None, derandomize=True)
@given(text=TEXTS, limit=st.sampled_from([5, 40, content.SCAN_CHARS]))
def test_the_sentences_holding_a_mark_are_those_of_all_sentences(text, limit):
    for marks in (("`", "="), ("`",), ("=",)):
        assert content.sentences_holding(text, marks, limit) == [
            s for s in content.sentences(text, limit) if any(c in s for c in marks)]


@settings(max_examples=500, deadline=None, derandomize=True)
@given(text=TEXTS)
def test_values_scanned_where_they_can_be_are_every_scans(text):
    assert content.extract_values(text) == content.extract_values(text, direct=False)
    assert content.extract_values_by_line(text) == content.extract_values(text, direct=False)
    assert fidelity.digit_tokens(text) == fidelity.digit_tokens(text, direct=False)
    assert fidelity.claimed_tokens(text) == fidelity.claimed_tokens(text, direct=False)


TOKEN_PIECES = ["a", "b7", "0x", "1f", "Z", "9", "12", "st", "th", "-", "_", ".", "...", "\u2026", " ", "\n", "off-",
                "deadbeef", "\u0663", "\u212a", "\u0130", "x" * 31, "1" * 31, "v1.2", "A76EDD72", "fac323", "\u00e9"]


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(TOKEN_PIECES), max_size=30).map("".join))
def test_digit_tokens_found_from_their_digits_are_the_scans(text):
    # (runs of letters and digits glued, cut, at a text's ends, long, with non-ASCII digits and folds)
    assert fidelity.digit_tokens(text) == fidelity.digit_tokens(text, direct=False)
    assert fidelity.claimed_tokens(text) == fidelity.claimed_tokens(text, direct=False)


PATH_PIECES = ["/", ".", "./", "../", "~/", "src", "x.py", "a.txt", "README.md", "-", "@", "+", "_", " ", "\n", ":",
               "https://h/a.py", "://", "file.tar.gz", "v1.2", "x.", ".py", "a/b", "\u00e9", "1", "Q.JSON"]


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(text=st.one_of(TEXTS, st.lists(st.sampled_from(PATH_PIECES), max_size=30).map("".join)))
def test_paths_scanned_for_file_names_alone_without_a_slash_are_every_scans(text):
    plain = content.extract_paths(text, direct=False)
    assert content.extract_paths(text) == plain
    for line in text.split("\n"):  # (each line alone, as `extract_paths_by_line` reads them)
        assert content.extract_paths(line) == content.extract_paths(line, direct=False)


@settings(max_examples=500, deadline=None, derandomize=True)
@given(text=TEXTS)
def test_errors_scanned_where_an_error_word_is_are_every_scans(text):
    plain = content.extract_errors(text, direct=False)
    assert content.extract_errors(text) == plain
    assert content.extract_errors(text) == plain  # (the lines memoised)
    for line in text.split("\n"):  # (each line alone, as a summary's lines come)
        assert content.extract_errors(line) == content.extract_errors(line, direct=False)


def test_an_error_line_with_a_letter_case_folding_matches_is_still_read():
    # (re.IGNORECASE matches the long s with "s" and the dotted capital I with "i", which
    # `str.lower` does not give: the short cut leaves such a text to the scan)
    for text in ("no \u017fuch file or directory", "\u0130nterruptError: x", "\u212aILLED"):
        assert content.extract_errors(text) == content.extract_errors(text, direct=False) != [], text


@settings(max_examples=400, deadline=None, derandomize=True)
@given(text=TEXTS)
def test_a_rewritten_texts_normal_form_from_its_lines_is_the_whole_texts(text):
    view, _ = fidelity.rewritten_reading(Message.text_message("user", text))
    assert view.norm == " ".join(text.split()).lower()
    view, _ = fidelity.rewritten_reading(Message.text_message("user", text))  # (the lines memoised)
    assert view.norm == " ".join(text.split()).lower()


def _windows(sentence: str) -> list[str]:
    ws = sentence.split()
    if len(ws) <= fidelity.SENTENCE_WORDS:
        return [sentence]
    return [" ".join(ws[k:k + fidelity.SENTENCE_WORDS]) for k in range(0, len(ws), fidelity.SENTENCE_WORDS)]


LONG = st.lists(st.sampled_from(PIECES + ["word " * 45, "A b c d e f g. " * 4]), max_size=30).map("".join)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(text=LONG)
def test_a_rewritten_texts_sentences_read_line_by_line_are_its_sentences_each_read(text):
    expected = tuple(w for s in content.sentences_by_line(text, fidelity.REWRITTEN_CHARS) for w in _windows(s))
    for _ in range(2):  # (the second time from the lines kept)
        view, _ = fidelity.rewritten_reading(Message.text_message("assistant", text))
        assert view.sentences == expected
        assert view.words == tuple(fidelity.words(s) for s in expected)
        assert view.lower == tuple(s.lower() for s in expected)
        assert view.prose <= frozenset(j for j, s in enumerate(expected) if fidelity.is_prose(s))


def test_a_messages_artifacts_without_decisions_are_its_artifacts_less_those():
    from dataclasses import replace

    from tests import judged

    msgs = [m for it in judged.load(None)[:40] for m in it.original()][:2000]
    kinds = list(content.Kind)
    fidelity.forget(texts=True)
    for k, m in enumerate(msgs):
        kind = kinds[k % len(kinds)]
        plain = content.message_artifacts(m, kind, decisions=False)  # (first: read without decisions)
        full = content.message_artifacts(m, kind)
        assert plain == replace(full, decisions=())
        assert content.message_artifacts(m, kind, decisions=False) == plain  # (from the full one kept)
    assert any(content.message_artifacts(m, content.Kind.SUMMARY).decisions for m in msgs)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(PIECES), min_size=100, max_size=600).map("".join),
       marks=st.sampled_from([("`", "="), ("`",), ("=",), ("x = 3",), ("EE",)]))
def test_the_sentences_around_marks_far_apart_are_those_of_the_whole_text_split(text, marks):
    """(long texts: the look back from a mark past `_BACK` characters and sentences spanning many)"""
    plain = content.sentences_holding(text, marks, direct=False)
    assert content.sentences_holding(text, marks) == plain
    assert plain == [s for s in content.sentences(text) if any(c in s for c in marks)]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=TEXTS)
def test_a_views_postings_are_each_words_sentences_in_order(text):
    view, _ = fidelity.rewritten_reading(Message.text_message("user", text or "x"), directly=False)
    plain: dict[str, list[int]] = {}
    for j, ws in enumerate(view.words):
        for w in ws:
            plain.setdefault(w, []).append(j)
    assert list(view.postings.items()) == list(plain.items())
    assert type(view.postings) is dict  # (a look-up of a word it lacks adds none)


def test_the_shortest_hash_version_and_capitals_id_pass_the_scans_gates():
    """Seven hex digits, "1.2.3", "v1.2", six capitals and digits (a "-" inside): each
    is found where a scan gated on its run of characters looks, as the plain scan finds it."""
    for text in ["commit abc1234 done", "abc1234", "v1.2", "see 1.2.3.", "ZFA04Y", "(PS-482)", "id AB-12CD",
                 "a-bcdef0 then 1.5 and A1B2C3"]:
        found = content.extract_values(text)
        assert found == content.extract_values(text, direct=False)
        assert found, text


def test_the_values_of_real_messages_scanned_where_a_number_can_start_are_every_scans():
    # (`_NUMBER` tried at the runs of digits alone: real sessions' texts, their lines
    # and the bench session's shape, against the plain scan)
    from tests.engine.test_fidelity_search import SOURCES, _session
    from tests.engine.test_materialize_view import bench_session

    texts = [m.text for path in SOURCES for m in _session(path)] + [m.text for m in bench_session(300).messages]
    numbered = 0
    for text in texts:
        plain = content.extract_values(text, direct=False)
        assert content.extract_values(text) == plain
        assert fidelity.digit_tokens(text) == fidelity.digit_tokens(text, direct=False)
        assert fidelity.claimed_tokens(text) == fidelity.claimed_tokens(text, direct=False)
        numbered += any(c.isdigit() for v in plain for c in v)
        for line in text.split("\n")[:50]:
            assert content.extract_values(line) == content.extract_values(line, direct=False)
    assert numbered > len(texts) // 10


SENTENCE_PIECES = PIECES + ["Next, ", "we will ", "PLAN", "planned", "Then", "\u017fhould", "\u212aeep", "Ran `x`",
                            "It failed. ", "the", "The ", "was", "\u2026\"", "...'", "...`", "off-", "abc123def456"]


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(SENTENCE_PIECES), max_size=30).map("".join))
def test_a_sentences_reading_with_its_short_cuts_is_the_plain_scans(text):
    # (prose counted from the lower case form, the plan's words matched case by case in
    # an ASCII sentence, the cut-short test tried on an ending it can match: the same)
    for x in (text, " ".join(text.split())):
        assert fidelity.is_prose(x) == fidelity.is_prose(x, direct=False)
        fidelity.forget()
        plain = fidelity.sentence_reading(x, direct=False)
        assert fidelity.sentence_reading(x) == plain
        assert fidelity.sentence_reading(x) == plain  # (kept)


def test_the_sentences_of_real_rewritten_messages_read_with_short_cuts_are_the_plain_scans():
    from tests.engine.test_fidelity_search import SOURCES, _session
    from tests.engine.test_materialize_view import bench_session

    texts = [m.text for path in SOURCES for m in _session(path)] + [m.text for m in bench_session(300).messages]
    fidelity.forget()
    read = prose = plans = fragments = 0
    for text in texts:
        for x in content.sentences_by_line(text, fidelity.REWRITTEN_CHARS):
            plain = fidelity.sentence_reading(x, direct=False)
            assert fidelity.sentence_reading(x) == plain, x
            read += 1
            prose += plain.prose
            plans += plain.plan
            fragments += plain.fragment
    assert read > 1_000 and prose > 100 and plans > 10 and fragments > 0


PARAGRAPH_PIECES = ["\n", "\n\n", "\n\n\n", " \n", "\n ", "-", "*", "- ", "* ", "1.", "12. ", "\n-", "\n1.", "x", "a b",
                    "`x`", "=", "a = 1", ". ", "! ", "? ", "The", "e.g.", " (", "\"", "```", "```\n", "\r", "\u2028"]


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(PARAGRAPH_PIECES), max_size=40).map("".join))
def test_the_sentences_holding_a_mark_read_paragraph_by_paragraph_are_the_whole_texts(text):
    # (blank lines, list items' marks ending a paragraph, breaks around them; twice: the
    # second time from the paragraphs kept)
    for marks in (("`", "="), ("`",), ("=",)):
        plain = content.sentences_holding(text, marks, direct=False)
        assert plain == [s for s in content.sentences(text) if any(c in s for c in marks)]
        assert content.sentences_holding(text, marks) == plain
        assert content.sentences_holding(text, marks) == plain


def test_a_list_items_mark_ending_a_paragraph_is_read_with_the_next():
    text = "Ran `a`\n-\n\nnext `b` here"
    # (the break before "-" looks past the blank line: "Ran `a`" and "-" apart)
    assert content.sentences_holding(text, ("`",)) == content.sentences_holding(text, ("`",), direct=False) == [
        "Ran `a`", "next `b` here"]


YEAR_PIECES = PIECES + ["1999", "2023", "1600", "1599", "2100", "20", "23", "19", "$", "/", "#", "%", "1999.5",
                        "2023,4", "v2023", "2023-", "in 1921, ", "May 2023", "(1887)", "16", "99"]


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(YEAR_PIECES), max_size=30).map("".join))
def test_the_years_looked_for_where_their_digits_are_are_the_plain_scans(text):
    plain = [(y.span(), y.group()) for y in fidelity_swaps.years_written(text, direct=False)]
    assert [(y.span(), y.group()) for y in fidelity_swaps.years_written(text)] == plain


ITEM_PIECES = ["\n", "\n\n", " ", "\t", "\r", "\u2028", "\x85", "-", "*", "\u2022", "1", "12", "123", ".", ")", "1.",
               "12)", "- ", "* ", "\u2022\t", "1. ", "x", "Alice", "Bob Lee", ":", ": ", "B09RDX8KQJ", "**", "review it"]


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(ITEM_PIECES), max_size=30).map("".join))
def test_a_list_items_line_looked_for_after_line_breaks_is_found_as_by_the_line_scan(text):
    assert fidelity_swaps.has_item_line(text) == fidelity_swaps.has_item_line(text, direct=False)


def test_the_years_and_item_lines_of_real_messages_looked_for_directly_are_the_plain_scans():
    from tests.engine.test_fidelity_search import SOURCES, _session
    from tests.engine.test_materialize_view import bench_session

    messages = [m for path in SOURCES for m in _session(path)] + list(bench_session(300).messages)
    texts = [m.text for m in messages] + ["\n" + c.arguments_raw for m in messages for c in m.tool_calls]
    years = items = 0
    for text in texts:
        plain = [(y.span(), y.group()) for y in fidelity_swaps.years_written(text, direct=False)]
        assert [(y.span(), y.group()) for y in fidelity_swaps.years_written(text)] == plain
        years += bool(plain)
        listed = fidelity_swaps.has_item_line(text, direct=False)
        assert fidelity_swaps.has_item_line(text) == listed
        items += listed
    assert years > 10 and items > 10 and years + items < len(texts)


VALUE_PIECES = SENTENCE_PIECES + ["2024 ", "3,938", "46 countries", "from 46", "1% stop-loss", "$ 12", ": 7", "= 9",
                                  "revenue ", "Q3 ", "\u0663\u0664", "\u00b2", "million", "x/2", "1.5.2"]


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(VALUE_PIECES), max_size=25).map("".join))
def test_the_values_a_sentence_binds_read_only_with_a_digit_are_every_sentences_tokens(text):
    assert fidelity_swaps.stated_in(text) == fidelity_swaps.stated_in(text, direct=False)


def test_the_values_real_sentences_bind_read_only_with_a_digit_are_every_sentences_tokens():
    from tests.engine.test_fidelity_search import SOURCES, _session
    from tests.engine.test_materialize_view import bench_session

    texts = [m.text for path in SOURCES for m in _session(path)] + [m.text for m in bench_session(300).messages]
    bound = read = 0
    for text in texts:
        for x in content.sentences_by_line(text, fidelity.REWRITTEN_CHARS):
            plain = fidelity_swaps.stated_in(x, direct=False)
            assert fidelity_swaps.stated_in(x) == plain, x
            read += 1
            bound += bool(plain)
    assert read > 1_000 and 10 < bound < read
