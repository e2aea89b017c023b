"""Values and paths a faithful summary writes in a form the measure took for made-up ones
(issue #23, session 18: found on the blind set L25, ljoukov/llm's benchmark agent runs, where
two sessions' faithful summaries read 0.29 against the judges' 0.90): a constant set with
thousands separators, a family of numbered files written with a placeholder before a double
extension, two files written as a range, sizes written as a series ending in their unit. Each
on a small made-up session, with a wrong statement of the same shape still flagged, and on
L25's own summaries."""

from __future__ import annotations

import pytest

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user


def _flagged(msgs: list[Message], summary: str) -> list[str]:
    """What the measure calls false in `summary`, standing for all but the last two of `msgs`."""
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def _chemistry() -> list[Message]:
    return [
        sys("You are a filesystem agent."),
        user("Solve the problems in input/report.md; write output/problem_01.json ... output/problem_03.json, "
             "each valid against schemas/problem_01.schema.json ... schemas/problem_03.schema.json."),
        asst("", [("c1", "read_file", '{"file_path": "input/report.md"}')]),
        tool("c1", "L17: - Charge: Q = I * t\nL19: - Faraday constant: F = 96,500 C mol-1\nL24: - Cu = 63.55"),
        asst("", [("c2", "list_directory", '{"path": "schemas"}')]),
        tool("c2", "problem_01.schema.json\nproblem_02.schema.json\nproblem_03.schema.json"),
        asst("", [("c3", "write_file", '{"file_path": "output/problem_01.json", "content": "{}"}')]),
        tool("c3", "ok"),
        asst("", [("c4", "write_file", '{"file_path": "output/problem_03.json", "content": "{}"}')]),
        tool("c4", "ok"),
    ]


def test_a_constant_with_thousands_separators_is_one_number():
    """"F = 96,500 C mol-1" sets F to 96500: read as F = 96, a summary writing "F = 96500"
    was a near miss of it, contradicted (L25's chemistry run). Another value is still one."""
    msgs = _chemistry()
    assert _flagged(msgs, "Use only the report's constants (F = 96500 C mol-1 at L19, Cu = 63.55 at L24).") == []
    assert _flagged(msgs, "Use only the report's constants (F = 96,500 C mol-1 at L19).") == []
    assert "f = 96485" in _flagged(msgs, "Use only the report's constants (F = 96485 C mol-1 at L19).")
    # (the number alone, as the report writes it without the separator; another one still flagged)
    assert _flagged(msgs, "The Faraday constant is 96500 C per mole.") == []
    assert "96400" in _flagged(msgs, "The Faraday constant is 96400 C per mole.")


def test_a_numbered_family_and_a_range_of_files_are_not_made_up():
    """"schemas/problem_0N.schema.json" writes the family problem_01..03.schema.json (the N
    stood before a single extension only); "output/problem_01.json-problem_03.json" the first
    and last of a range (L25's chemistry run: both contradicted as near misses of one file).
    A range whose second file the original never names is still flagged."""
    msgs = _chemistry()
    summary = ("Write output/problem_01.json-problem_03.json, each valid against schemas/problem_0N.schema.json; "
               "problem_01 and problem_03 are written.")
    assert _flagged(msgs, summary) == []
    assert _flagged(msgs, summary.replace("problem_03.json,", "problem_09.json,")) != []


def _rewrites() -> list[Message]:
    return [
        sys("You are a filesystem agent."),
        user("Write output/public_summary.json; its plain_language_summary has maxLength 1200 in the schema."),
        asst("", [("c1", "write_file", '{"file_path": "output/public_summary.json", "content": "' + "a" * 708 + '"}')]),
        tool("c1", "ok"),
        asst("", [("c2", "write_file", '{"file_path": "output/public_summary.json", "content": "' + "b" * 610 + '"}')]),
        tool("c2", "ok"),
        asst("Shortened once more: 594.", [("c3", "read_file", '{"file_path": "output/public_summary.json"}')]),
        tool("c3", "L1: {...} (line cut off)"),
    ]


def test_sizes_written_as_a_series_share_their_unit():
    """"shortening the summary 708 -> 610 -> 594 characters": each number of the series is a
    size the summary measured, as "708 characters" alone already was (L25's glm-5 run: 708
    and 610 flagged as made-up values). A number that is no size is still flagged."""
    msgs = _rewrites()
    assert _flagged(msgs, "It rewrote the file three times, shortening the summary 708 -> 610 -> 594 characters.") == []
    assert _flagged(msgs, "It rewrote the file three times (summary 708, then 610, then 594 characters).") == []
    assert "708" in _flagged(msgs, "It rewrote the file three times; attempt 708 failed, then 594 characters.")


L25 = judged.load(judged.L25) if any(judged.L25.glob("items-*.jsonl")) else []


@pytest.mark.skipif(not L25, reason="the labelled set L25 is not there")
def test_l25_faithful_summaries_state_nothing_false():
    """On L25 (session 18's second blind set) no faithful or short faithful summary is flagged."""
    for it in L25:
        if it.variant in ("faithful", "faithful_short"):
            f = fidelity(it.original(), it.compacted())
            flagged = [x.text for x in f.items if x.status in ("unsupported", "contradicted")]
            assert flagged == [], (it.session, it.variant, flagged)


def test_a_dois_parts_are_no_values():
    """"10.1038/s41586-025-09006-8" names a paper: its "10.1038", "025" and "09006" were three
    value items a summary had to quote (L25's tumor-vaccine runs). A number beside it still is."""
    from inspector.engine.content import extract_values

    text = 'doi: "10.1038/s41586-025-09006-8", cohort of 130 patients, p=0.01'
    values = extract_values(text)
    assert not {"10.1038", "025", "09006"} & set(values), values
    assert {"130", "0.01"} <= set(values)
    assert extract_values(text, direct=False) == values


def test_a_line_numbered_read_gives_no_result_line():
    """A read tool numbering its lines "L1: {", "L2: ..." shows a file, as a viewer's "1:" does:
    its first line ("L1: {") was the last step's result item, which nothing can state."""
    msgs = [
        sys("You are a filesystem agent."),
        user("Check output/public_summary.json and fix it."),
        asst("", [("c1", "read_file", '{"file_path": "output/public_summary.json"}')]),
        tool("c1", 'L1: {\nL2:   "headline": "mRNA vaccines may help",\nL3:   "plain_language_summary": "..."'),
        asst("It looks cut off; rewriting.", [("c2", "write_file", '{"file_path": "output/public_summary.json"}')]),
        tool("c2", "Successfully wrote file: output/public_summary.json"),
    ]
    f = fidelity(msgs, [msgs[0], user("The agent read output/public_summary.json."), *msgs[-2:]])
    steps = [it.text for it in f.items if it.kind == "last_step"]
    assert steps and not any(t.startswith("L1:") for t in steps), steps


def _filings() -> list[Message]:
    return [
        sys("You are a financial research agent."),
        user("Compare Caesars' EBITDAR in the 2021 and 2024 10-K filings; audit claims C01 to C04 of the draft."),
        asst("", [("c1", "parse_html_page", '{"url": "https://sec.gov/czr-20211231.htm", "key": "czr2021"}')]),
        tool("c1", "Stored czr2021: fiscal year 2021 annual report."),
        asst("", [("c2", "list_files", '{"dir": "data"}')]),
        tool("c2", "etudkutelo15.xls\netudkutelo16.xls\netudkutelo17.xls\netudkut16.xls"),
        asst("", [("c3", "read_claims", '{"ids": ["C01", "C02", "C03", "C04"]}')]),
        tool("c3", "C01 strong; C02 moderate; C03 weak; C04 moderate"),
    ]


def test_a_fiscal_year_a_range_of_ids_and_a_series_of_numbered_files_are_what_they_name():
    """Session 18's faithful-summary writers (tests/data/faithful_summaries, ids `-h6-`): "the
    FY2021 10-K" (read as a near miss of another id), "C01-C04" (the claims C01 to C04), and
    "etudkutelo15/16/17.xls" (three spreadsheets, not a directory) were flagged on true
    summaries. A year, an id or a file the original does not have is still flagged."""
    msgs = _filings()
    assert _flagged(msgs, "Parsed the FY2021 10-K as key czr2021; claims C01-C04 read; "
                          "spreadsheets etudkutelo15/16/17.xls listed.") == []
    assert _flagged(msgs, "Parsed the FY2019 10-K as key czr2021.") != []
    assert _flagged(msgs, "Claims C01-C07 read.") != []
    assert _flagged(msgs, "Spreadsheets etudkutelo15/16/19.xls listed.") != []


def test_words_before_a_clause_break_bind_no_number_after_it():
    """"fields description, ..., additional; 7 of the 9 are required": the words before the
    semicolon name the last field, not the count after it, which a table of the original gave
    another row ("| Additional context | 5/8 |": contradicted as a row swap; session 18's
    faithful-summary writers). Within one clause the binding is still read."""
    from inspector.engine.fidelity_swaps import stated_in

    assert [s.value for s in stated_in("fields repro, logs, additional; 7 of the 9 are required.")] == []
    assert [s.value for s in stated_in("fields repro, logs (render), additional 7 of the 9.")] == ["7"]
    assert [s.value for s in stated_in("GLPI interest 1,212 in 2024.")][:1] == ["1212"]


def test_numbers_in_chinese_text_and_at_another_scale_are_stated():
    """A session in Chinese (L26's DeerFlow food-delivery run, read blind on session 18's final
    main: its faithful summary at 0.34 against the judges' 0.90): "高达47.1%" holds 47.1 (the
    characters around a number are word characters, so it was no value), and "126万" is what
    an English summary writes "1.26 million". A number at a scale the original never gives it
    is still flagged."""
    msgs = [
        sys("You are a research agent."),
        user("比较京东和美团的外卖业务。"),
        asst("", [("c1", "web_search", '{"query": "即时零售 增长率"}')]),
        tool("c1", "预计到2026年仍将保持约47.1%的增长率。2025年3月，同时使用两款骑士APP的用户数量达到了126万。"),
        asst("", [("c2", "web_search", '{"query": "京东 日订单"}')]),
        tool("c2", "京东外卖日订单突破1000万单。"),
    ]
    assert "47.1" in extract_values_of(msgs[3].text)
    assert _flagged(msgs, "Instant retail is expected to grow about 47.1% a year to 2026; "
                          "1.26 million riders used both apps in March 2025.") == []
    assert _flagged(msgs, "1.27 million riders used both apps in March 2025.") != []
    assert _flagged(msgs, "JD passed 10 million daily orders.") == []


def extract_values_of(text: str) -> list[str]:
    from inspector.engine.content import extract_values

    values = extract_values(text)
    assert extract_values(text, direct=False) == values
    return values


def _retries() -> list[Message]:
    msgs = [sys("You answer questions with search, lookup and finish."),
            user("Question: which river is longer, the Tana or the Daugava?")]
    for trial in range(3):
        msgs += [asst("", [(f"s{trial}", "search", '{"entity": "Tana River"}')]),
                 tool(f"s{trial}", "The Tana is a river in Kenya, about 1,000 km long."),
                 asst("", [(f"f{trial}", "finish", '{"answer": "Tana"}')]),
                 tool(f"f{trial}", "Answer is INCORRECT")]
    return [*msgs, asst("Trying the other one."), user("Trial 4")]


def test_a_span_of_the_sessions_messages_in_parentheses_is_a_reference():
    """"Trial 2 (6-9): answered Tana again" gives the messages a part of the summary covers, as
    "messages 6-9" does: a summary counts them from what it read, the original need not state
    them (L27, Reflexion's HotpotQA runs: every faithful summary dated its trials so and read as
    made up). A span past the session's end, or a range of another thing, is still a value."""
    msgs = _retries()  # 16 messages
    assert _flagged(msgs, "Trial 1 (2-5): Finish[Tana] -> INCORRECT. Trials 2 (6-9) and 3 (10-13, current): "
                          "the same answer, graded INCORRECT.") == []
    assert "40" in _flagged(msgs, "Trial 3 (10-40): the same answer, graded INCORRECT.")
    assert "1020" in _flagged(msgs, "The Tana is about 1,000 km long and the Daugava (1,020-1,300 km) longer.")
    assert "1300" in _flagged(msgs, "The Tana is about 1,000 km long and the Daugava (1020-1300) longer.")


def test_a_range_given_around_a_number_the_original_states_is_not_made_up():
    """"the concatenation code near lines 850-890" where the file viewer showed line 853: the
    bounds are the summary's, the line within them the original's (a faithful summary of L20's
    Kimi CLI run, contradicted as a near miss of 853). A range holding no number the original
    states, or one too wide to mean anything, is still checked."""
    msgs = [sys("You fix bugs."), user("Fix the concat bug in pipeline.py."),
            asst("", [("c1", "bash", '{"cmd": "grep -n concat pipeline.py"}')]),
            tool("c1", "853:    out = pd.concat(parts, axis=1)"),
            asst("Found it."), user("Go on.")]
    assert _flagged(msgs, "The concatenation code is near lines 850-890 of pipeline.py.") == []
    assert _flagged(msgs, "The concatenation code is near lines 850 to 890 of pipeline.py.") == []
    assert "860" in _flagged(msgs, "The concatenation code is near lines 860-890 of pipeline.py.")
    assert "8500" in _flagged(msgs, "The concatenation code is near lines 800-8500 of pipeline.py.")
