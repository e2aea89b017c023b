"""A call the replacement says found something, or went well, whose results held nothing
(`engine.fidelity_empty`; issue #23, session 17: the blind sets' summaries with errors
planted in them stated findings of a section read back as its heading alone, of a filing
search that answered `{"results":"[]"}`, and a pytest run that found no such test called
passed; each scored with no false statement, up to 0.93 against the judges' 0.30)."""

from __future__ import annotations

import random

import pytest

from inspector.engine import fidelity as fid
from inspector.engine.content import Kind, content_model, message_artifacts, sentences
from inspector.engine.fidelity import fidelity
from inspector.engine.fidelity_empty import empty_claims, read_result
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user

# ------------------------------------------------------------------------------ results

# Results of the labelled sets' sessions, as their tools answered.
KIMI_NO_TEST = ("<system>Command failed with exit code: 4.</system>\n"
                "============================= test session starts ==============================\n"
                "rootdir: /testbed\nconfigfile: setup.cfg\n"
                "ERROR: not found: /testbed/sklearn/compose/tests/test_column_transformer.py::"
                "test_column_transformer_mixed_types\n\ncollecting ... collected 0 items\n\n"
                "============================ no tests ran in 0.04s =============================\n")
PIP_NO_SPACE = ("\nThe output of your call to bash was too long to be displayed.\nHere is a truncated version:\n"
                "<START_TOOL_OUTPUT>\nERROR: Could not install packages due to an OSError: [Errno 28] No space left "
                "on device\n\n\nCollecting gym\n  Downloading gym-0.26.2.tar.gz (721 kB)\n")
PIP_RESOLVER = ("ERROR: pip's dependency resolver does not currently take into account all the packages that are "
                "installed. This behaviour is the source of the following dependency conflicts.\ns3fs 2024.12.0 "
                "requires fsspec==2024.12.0.*, but you have fsspec 2024.6.1 which is incompatible.\n"
                "Collecting torch==2.3.0+cpu\n")


@pytest.mark.parametrize(("text", "empty", "failed"), [
    ("## Business career\n", True, False),  # (L22: a section read back as its heading)
    ('{"results":"[]"}', True, False),  # (L21: a filing search that found nothing)
    ("[]", True, False),
    ("No files found", True, False),
    ("(no output)", True, False),
    (KIMI_NO_TEST, True, True),  # (L20: no such test, exit code 4)
    (PIP_NO_SPACE, False, True),  # (L21: an install that failed)
    ("Exit code 127\n/bin/bash: line 1: pip: command not found", True, True),
    ("ValueError: Channel External not found in the channels list", True, True),
    # (what the call looked for is absent: it found nothing)
    ("Error: Patient PT-84201 not found", True, True),
    ("ls: cannot access 'src/lib': No such file or directory\n[The command completed with exit code 2.]", True, True),
    ('[[{"flight_number": "HAT112", "price": 404}]]', False, False),
    ("Function main not found! Instead, here is the decompilation of equivalent function FUN_00401260:\n"
     "undefined8 FUN_00401260(void)\n{\n  long lVar1;\n  puts(\"Enter the flag\");\n" + "  lVar1 = 0;\n" * 30,
     False, False),  # (L1's decompiler: something else was found)
    # Results that hold something, or report no failure:
    ("", False, False),  # (blank: a command printing nothing, an image)
    ("None", False, False),  # (what a tool that acts returns: a message sent)
    ("[{'page_id': 'vince_mcmahon', 'title': 'Vince McMahon'}]", False, False),
    ("#### Purchase and 1980s wrestling boom\n\nWhen he purchased the WWF in 1982, ...", False, False),
    ("## Early life\n## Business career\n## Personal life", False, False),  # (a table of contents)
    ('{"results": [], "status": "ok"}', False, False),
    (PIP_RESOLVER, False, False),  # (an "ERROR:" level line saying nothing failed: torch was installed)
    ("Exit code 1\n====\n3 passed, 1 failed in 0.2s", False, False),  # (tests passed: not "nothing")
    ("Running tests\nsrc/tools.test.ts:\n(pass) Bash tool - command error with exit code 1 [0.07ms]\n"
     "(pass) Bash tool - background exec\nAll done.", False, False),  # (an exit code named by a test, not stated of the run)
])
def test_a_result_holding_nothing_is_read_from_its_own_text(text, empty, failed):
    r = read_result(text)
    assert (r.empty, r.failed) == (empty, failed)


# ------------------------------------------------------------------------ a wiki search


def _wiki(*extra: Message) -> list[Message]:
    return [
        sys("Use the provided Wikipedia search tools to help answer questions."),
        user("In what year did Vince McMahon officially found Titan Sports?"),
        asst("", [("c1", "view_sections", '{"page_id": "vince_mcmahon"}')]),
        tool("c1", "[{'section_id': 'vince_mcmahon:business_career', 'section_name': 'Business career'}, "
                   "{'section_id': 'vince_mcmahon:purchase', 'section_name': 'Purchase'}]"),
        asst("", [("c2", "read_section", '{"section_id": "vince_mcmahon:business_career"}')]),
        tool("c2", "## Business career\n"),
        asst("", [("c3", "read_section", '{"section_id": "vince_mcmahon:purchase"}')]),
        tool("c3", "#### Purchase\n\nWhen he purchased the federation, wrestling was run by regional promotions."),
        *extra,
        asst("", [("c9", "search_pages", '{"query": "Titan Sports founded"}')]),
        tool("c9", "[{'page_id': 'vince_mcmahon', 'title': 'Vince McMahon'}]"),
    ]


def _flagged(msgs: list[Message], summary: str) -> list[str]:
    """What the measure calls false in `summary`, standing for all but the last two of `msgs`."""
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


TASK = "Task: the year Vince McMahon officially founded Titan Sports. "


def test_a_finding_of_a_call_whose_result_was_a_heading_alone_is_contradicted():
    """L22's planted error: the section came back as its title, and the summary says it
    states the founding."""
    msgs = _wiki()
    assert _flagged(msgs, TASK + 'read_section("vince_mcmahon:business_career") -> says he founded Titan Sports '
                                 "with his wife.") == ["read_section(vince_mcmahon:business_career)"]
    assert _flagged(msgs, TASK + "read_section(vince_mcmahon:business_career) returned the founding of Titan "
                                 "Sports.") == ["read_section(vince_mcmahon:business_career)"]
    f = fidelity(msgs, [msgs[0], user(TASK + "read_section(business_career): Titan Sports was founded by him."),
                        *msgs[-2:]])
    (item,) = [it for it in f.items if it.status == "contradicted"]
    assert item.contradicts == "its result held nothing: ## Business career"


def test_a_call_said_false_twice_is_one_error():
    """A summary repeating a false finding of one call makes one error, not two (L17's
    planted summary said `uniq -Di` printed the duplicates, then that it gives the right
    answer: another check called the first false already)."""
    msgs = _wiki()
    assert _flagged(msgs, TASK + 'read_section("vince_mcmahon:business_career") -> says he founded Titan Sports '
                                 "with his wife. So read_section(business_career) confirmed the founding.") == [
        "read_section(vince_mcmahon:business_career)"]
    dup = [sys("You are a shell agent."), user("List duplicate file names, ignoring case."),
           asst("Action: execute[find . -type f | sort | uniq -D]"), user("(no output)"),
           asst("Action: execute[find . -type f | sort | uniq -Di]"), user("(no output)"),
           asst("Action: execute[ls]"), user("a.txt\nA.txt")]
    assert len(_flagged(dup, "Task: duplicate file names, ignoring case. `find . -type f | sort | uniq -Di` printed "
                             "the duplicates: a.txt, A.txt. So `uniq -Di` gives the right answer.")) == 1


def test_a_call_said_to_give_nothing_a_step_ahead_or_a_result_held_is_not():
    msgs = _wiki()
    for summary in (
            'read_section("vince_mcmahon:business_career") -> heading only, empty.',
            "read_section(business_career) returned only its heading; no founding year found.",
            # (the offline summary: what the result held, quoted)
            'called read_section {"section_id":"vince_mcmahon:business_career"} \u2192 ## Business career',
            "read_section: ## Business career",
            # (a section that held text: what it says is the finding's business, not this check's)
            'read_section("vince_mcmahon:purchase") -> he purchased the federation from his father.',
            # (a step still to take)
            'Next: read_section("vince_mcmahon:business_career") again to find the founding year.',
            # (a call of the tool with another argument that held text)
            "search_pages returned the McMahon biography.",
    ):
        assert _flagged(msgs, TASK + summary) == [], summary


def test_a_call_read_again_with_text_is_not_contradicted():
    """Every call of it up to the range's end must have held nothing: one that held text
    may be what the summary states."""
    again = (asst("", [("c4", "read_section", '{"section_id": "vince_mcmahon:business_career"}')]),
             tool("c4", "## Business career\n\nIn 1980 he and his wife founded Titan Sports."))
    assert _flagged(_wiki(*again), TASK + 'read_section("vince_mcmahon:business_career") -> says he founded '
                                          "Titan Sports with his wife.") == []


def test_an_empty_search_said_to_have_found_a_filing_is_contradicted():
    """L21's planted error: the tool named without an argument it can be told by (its query
    in other words): every call of it in the range came back empty."""
    msgs = [sys("You are a financial agent."), user("Find Caesars' 2024 10-K and its Adjusted EBITDA."),
            asst("", [("e1", "edgar_search", '{"search_query": "Caesars 2024 10-K", "ciks": ["1590895"]}'),
                      ("w1", "web_search", '{"search_query": "Caesars 2024 annual report"}')]),
            tool("e1", '{"results":"[]"}'), tool("w1", '{"results":"[{\\"url\\": \\"https://news.example/czr\\"}]"}'),
            asst("Parsing the filing."), user("Go on.")]
    summary = "Task: Caesars' 2024 10-K and its Adjusted EBITDA. "
    assert _flagged(msgs, summary + "edgar_search (Caesars, 10-K) returned the 2024 10-K filing.") == [
        "edgar_search(caesars)"]
    assert _flagged(msgs, summary + "edgar_search returned no results; web_search found a news page.") == []
    # (a parallel call answered with text: each result read by its call's id)
    assert _flagged(msgs, summary + "web_search (Caesars annual report) returned a news page.") == []


# ------------------------------------------------------------------------------- a run


def _coding(result: str, *extra: Message) -> list[Message]:
    return [sys("You are a coding agent."), user("Fix ColumnTransformer.set_output for the remainder."),
            asst("", [("b1", "bash", '{"command": "python -m pytest tests/test_ct.py::test_mixed_types -v"}')]),
            tool("b1", result), *extra,
            asst("Updating the docstring."), user("Go on.")]


WORK = "The fix is in; tests/test_ct.py was run. "


def test_a_run_that_found_no_such_test_said_to_pass_is_contradicted():
    """L20's planted error: `::test_mixed_types passed` where the run exited with code 4."""
    msgs = _coding(KIMI_NO_TEST)
    assert _flagged(msgs, WORK + "pytest: ::test_mixed_types passed; the docstring is next.") == ["test_mixed_types"]
    assert _flagged(msgs, WORK + "`pytest tests/test_ct.py::test_mixed_types -v` passed.") == [
        "pytest tests/test_ct.py::test_mixed_types -v"]
    assert _flagged(msgs, WORK + "::test_mixed_types was not found (exit code 4); no test ran.") == []


def test_a_run_that_passed_once_or_a_void_answer_is_not():
    passed = (asst("", [("b2", "bash", '{"command": "python -m pytest tests/test_ct.py::test_mixed_types"}')]),
              tool("b2", "1 passed in 0.3s"))
    assert _flagged(_coding(KIMI_NO_TEST, *passed), WORK + "::test_mixed_types passed.") == []
    assert _flagged(_coding("1 passed in 0.3s"), WORK + "::test_mixed_types passed.") == []
    # (a tool that acts answers None: its message was sent)
    sent = [sys("You are a Slack assistant."), user("Send Charlie a direct message: Congrats!"),
            asst("", [("s1", "send_direct_message", '{"recipient": "Charlie", "body": "Congrats!"}')]),
            tool("s1", "None"), asst("Done."), user("Thanks.")]
    for summary in ('send_direct_message("Charlie") -> sent.', "send_direct_message to Charlie succeeded.",
                    "send_direct_message returned None: the message went through."):
        assert _flagged(sent, "The user wants Charlie sent Congrats!. " + summary) == [], summary


# ------------------------------------------------------------------ the labelled sets


def _claims(it: judged.JudgedItem, serial: int, said: list[str], horizon: int) -> list[tuple[str, str, str]]:
    original = it.original()
    model = content_model(original)
    commands = [(i, " ".join(c.split()).lower()) for i in model.indices(Kind.ACTION)
                for c in message_artifacts(original[i], Kind.ACTION).commands]
    return [(o.text, o.sentence, o.source) for o in empty_claims(
        said, original, serial, horizon, lambda text: [i for i, c in commands if text in c], model.result_of)]


@pytest.fixture(scope="module")
def labelled():
    return [(name, it) for name, s in judged.SETS.items() for it in judged.load(s.path)]


def test_only_summaries_with_errors_planted_are_claimed_across_the_labelled_sets(labelled):
    """Every labelled summary, of every set: the check claims the four planted errors of
    L20-L22 it was written for, and nothing in a faithful, short, terse, vague, stale or
    offline summary, a keyword dump or the task alone (its claims on planted summaries
    elsewhere are errors the writers planted too: `uniq -Di` "gives the right answer"
    where it printed nothing, an install "succeeded" that had no pip)."""
    claimed: dict[str, set[str]] = {}
    for serial, (name, it) in enumerate(labelled, start=7 * 10**6):
        for text, _, _ in _claims(it, serial, sentences(it.replacement), it.cut - 1):
            assert it.variant == "planted_errors", (name, it.id, it.variant, text)
            claimed.setdefault(it.session, set()).add(text)
    fid.forget()
    assert claimed["wiki_search_titan_sports_gpt5mini.json"] == {"read_section(vince_mcmahon:business_career)"}
    assert claimed["wiki_search_amex_warner_gpt41mini.json"] == {"read_section(american_express:1980s_to_present)"}
    assert claimed["nemo_finance_czr_ebitdar.json"] == {"edgar_search"}
    assert claimed["kimi_sklearn26323_main.json"] == {"test_column_transformer_mixed_types"}


def test_the_planted_errors_lower_the_blind_sets_scores(labelled):
    """Each of the four planted summaries now has a contradicted statement (each had none
    from this class: the titan one scored 0.93 against the judges' 0.30)."""
    wanted = {"wiki_search_titan_sports_gpt5mini.json", "wiki_search_amex_warner_gpt41mini.json",
              "nemo_finance_czr_ebitdar.json", "kimi_sklearn26323_main.json"}
    for _, it in labelled:
        if it.session in wanted and it.variant == "planted_errors":
            f = fidelity(it.original(), it.compacted())
            found = [x for x in f.items if x.status == "contradicted" and x.contradicts.startswith(("its result",
                                                                                                   "each of its"))]
            assert found, it.session


def test_empty_claims_kept_per_sentence_answer_as_from_scratch(labelled):
    """What a sentence says of the session's calls is kept per sentence and index state,
    each result's reading per message; the range's end is applied after: warm, in any
    order and at any horizon, each answer equals the answer from scratch."""
    rng = random.Random(17)
    claimed = 0
    chosen = [(n, it) for n, it in labelled if n in ("L17", "L19", "L20", "L21", "L22")]
    for serial, (_, it) in enumerate(chosen, start=8 * 10**6):
        said = [s for m in it.compacted() for s in sentences(m.text)]
        n = len(it.original())
        horizons = sorted({n - 1, it.cut - 1, rng.randrange(n)})
        fid.forget()
        cold = {h: _claims(it, serial, said, h) for h in horizons}
        claimed += sum(map(len, cold.values()))
        for h in rng.sample(horizons, len(horizons)):
            shuffled = rng.sample(said, len(said))
            warm = _claims(it, serial, shuffled, h)
            assert _claims(it, serial, said, h) == cold[h], it.id
            fid.forget()
            assert warm == _claims(it, serial, shuffled, h), it.id
    fid.forget()
    assert claimed
