"""Fidelity beyond SWE-agent (issue #23): hand-made compactions of a Claude Code transcript
(tool_use / tool_result blocks, a system reminder before the first prompt, a TodoWrite
list, absolute paths outside any sandbox root) and of the same work as an OpenAI chat
function-calling session (tests/data/fidelity_genres/, written by its make_sessions.py).
A faithful summary beats a keyword dump and a summary with planted errors, a correct
terse one beats nothing, a made-up path is flagged; and the content model reads the
session as a careful reader would."""

from __future__ import annotations

from pathlib import Path

import pytest

from inspector.engine.content import Kind, content_model
from inspector.engine.fidelity import fidelity
from inspector.engine.intro import first_request_index
from inspector.engine.models import Message
from inspector.service.opening import load_session
from tests.sessions import asst, tool, user

DATA = Path(__file__).resolve().parents[1] / "data" / "fidelity_genres"
GENRES = {"claude_code": DATA / "claude_code_ledger.jsonl", "openai_chat": DATA / "openai_chat_ledger.json"}

FAITHFUL = (
    "Task: the CSV importer dropped the last row of a file without a trailing newline "
    "(tests/test_csv_reader.py::test_no_trailing_newline failed with AssertionError: assert 2 == 3). "
    "The cause was line 6 of src/importer/csv_reader.py, `lines = data.split('\\n')[:-1]`, which drops the last "
    "element unconditionally. I replaced it with `data.splitlines()` and the reader tests now pass (3 passed). "
    "The user asked to keep the change minimal and not to rename read_rows, because the ledger CLI imports it. "
    "Still to do: check the other importers for the same split, so the next step is to grep src/importer for "
    "it and fix any other reader the same way.")
PLANTED = (
    "Task: the CSV importer dropped the last row of a file without a trailing newline "
    "(tests/test_csv_reader.py::test_no_trailing_newline failed with AssertionError: assert 2 == 3). "
    "The cause was line 9 of src/parsers/csv_reader.py, `lines = data.split('\\n')[:-1]`, which drops the last "
    "element unconditionally. I replaced it with `data.splitlines()` and the reader tests now pass (4 passed). "
    "The user asked to keep the change minimal and not to rename read_rows, because the ledger CLI imports it. "
    "Still to do: check the other importers for the same split, so the next step is to grep src/parsers for "
    "it and fix any other reader the same way.")
TERSE = ("Fixing the CSV importer's lost last row: src/importer/csv_reader.py now splits with splitlines() and its "
         "3 tests pass. Keep the name read_rows, the CLI imports it. Next: check the other importers for the same "
         "split.")
DUMP = "\n".join([
    "src/importer/csv_reader.py", "lines = data.split('\\n')[:-1]", "E       AssertionError: assert 2 == 3",
    "FAILED tests/test_csv_reader.py::test_no_trailing_newline - AssertionError: assert 2 == 3",
    "Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress.",
    "lines = data.splitlines()", "3 passed in 0.03s", "python -m pytest tests/test_csv_reader.py -q", "read_rows"])


def _messages(genre: str) -> list[Message]:
    return list(load_session(GENRES[genre]).messages)


def _compacted(msgs: list[Message], summary: str) -> list[Message]:
    """What a compaction sends: the system prompt (if any), the summary as a user
    message (none for "nothing"), then the latest messages from the grep on."""
    cut = next(i for i, m in enumerate(msgs) if "read_rows keeps its name" in m.text)
    head = [m for m in msgs[:1] if m.role == "system"]
    return [*head, *([Message.text_message("user", summary)] if summary else []), *msgs[cut:]]


@pytest.mark.parametrize("genre", GENRES)
def test_the_content_model_reads_other_genres_as_a_reader_does(genre):
    msgs = _messages(genre)
    model = content_model(msgs)
    first_prompt = next(i for i, m in enumerate(msgs) if m.role == "user")
    # the first prompt is the task, even with Claude Code's system reminder before it
    assert model.task == first_prompt
    assert first_request_index(msgs) == first_prompt  # what the offline summary states as the task
    assert model.kinds[first_prompt] is Kind.TASK
    later = next(i for i, m in enumerate(msgs) if m.text.startswith("Keep the change minimal"))
    assert model.kinds[later] is Kind.REQUEST
    # tool results, stored as user content blocks by Claude Code, are observations
    assert all(k is Kind.OBSERVATION for m, k in zip(msgs, model.kinds, strict=True) if m.role == "tool")
    assert sum(k is Kind.OBSERVATION for k in model.kinds) == 8


@pytest.mark.parametrize("genre", GENRES)
def test_items_of_other_genres_are_the_sessions_own(genre):
    msgs = _messages(genre)
    f = fidelity(msgs, _compacted(msgs, ""))
    texts = {kind: [it.text for it in f.items if it.kind == kind] for kind in ("task", "requests", "errors", "files")}
    # the task is the user's words, not the reminder injected before them
    assert texts["task"] and all("system-reminder" not in t and "claudemd" not in t.lower() for t in texts["task"])
    assert any("drops the last row" in t for t in texts["task"])
    assert texts["requests"] == ["Keep the change minimal, and don't rename read_rows: the ledger CLI imports it."]
    # the failing test is an error that occurred; the source line a Read shows
    # (`raise ValueError(...)`, numbered with an arrow) is not
    assert any("assert 2 == 3" in e for e in texts["errors"])
    assert not any("valueerror" in e or "bad amount" in e for e in texts["errors"])
    assert any(p.endswith("src/importer/csv_reader.py") for p in texts["files"])


@pytest.mark.parametrize("genre", GENRES)
def test_a_faithful_summary_beats_a_dump_and_planted_errors_and_terse_beats_nothing(genre):
    msgs = _messages(genre)
    score = {name: fidelity(msgs, _compacted(msgs, text)).score
             for name, text in (("faithful", FAITHFUL), ("planted", PLANTED), ("terse", TERSE), ("dump", DUMP),
                                ("nothing", ""))}
    assert score["faithful"] > score["dump"], score
    assert score["faithful"] > score["planted"], score
    assert score["faithful"] > score["terse"] > score["nothing"], score


@pytest.mark.parametrize("genre", GENRES)
def test_made_up_paths_and_values_in_other_genres_are_unsupported(genre):
    msgs = _messages(genre)
    planted = fidelity(msgs, _compacted(msgs, PLANTED))
    unsupported = {it.text for it in planted.items if it.status in ("unsupported", "contradicted")}
    assert any("src/parsers" in u for u in unsupported), unsupported
    assert "4" not in unsupported  # a one-digit number is no claim to check
    faithful = fidelity(msgs, _compacted(msgs, FAITHFUL))
    assert not [it.text for it in faithful.items if it.status in ("unsupported", "contradicted")]
    # the relative path of the summary names the absolute path of the tool calls
    files = [it for it in faithful.items if it.kind == "files" and it.text.endswith("importer/csv_reader.py")]
    assert files and all(it.status == "kept" for it in files)


def test_harness_notices_in_user_turns_are_not_requests_and_a_tool_use_error_is_an_error():
    """Claude Code writes into user turns what the user did not say: a reminder alone,
    the notice of an interrupted request; and marks a refused tool call with
    `<tool_use_error>`."""
    from tests.sessions import asst, tool, user

    msgs = [
        user("<system-reminder>\nThe user opened the file src/app.py in the IDE.\n</system-reminder>\n"
             "Rename the config loader to load_settings."),
        asst("I'll edit it.", [("t1", "Edit", '{"file_path": "/home/u/app/src/app.py", "old_string": "load_cfg", '
                                               '"new_string": "load_settings"}')]),
        tool("t1", "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>"),
        user("[Request interrupted by user for tool use]"),
        user("<system-reminder>\nThe TodoWrite tool hasn't been used recently.\n</system-reminder>"),
        user("Use the Read tool first, then edit."),
    ]
    model = content_model(msgs)
    assert model.task == 0 and model.kinds[0] is Kind.TASK
    assert model.kinds[3] is Kind.SYSTEM and model.kinds[4] is Kind.SYSTEM
    assert model.kinds[5] is Kind.REQUEST
    assert model.step_failed(1)
    f = fidelity(msgs, [msgs[-1]])
    assert [it.text for it in f.items if it.kind == "requests"] == []  # (the last request is kept)
    assert any("file has not been read yet" in it.text for it in f.items if it.kind == "errors")
    assert all("reminder" not in it.text.lower() and "todowrite" not in it.text.lower() for it in f.items)


def test_a_command_in_text_the_environment_answered_is_an_action_in_a_session_that_also_calls_tools():
    """Runs of several frameworks in one session (the demo's marathon): a fenced command
    that the environment answered in the next user message ran, even though other
    turns call tools through the API."""
    from tests.sessions import asst, sys, tool, user

    footer = "\n(Open file: n/a)\n(Current directory: /repo)\nbash-$"
    msgs = [
        sys("SETTING: You are an autonomous programmer."),
        user("We're currently solving the following issue within our repository. Here's the issue text:\nISSUE:\n"
             "The build script exits with code 2 on a clean checkout.\n" + footer),
        asst("Let me list the scripts.", [("c1", "bash", '{"command": "ls scripts"}')]),
        tool("c1", "build.sh\nrelease.sh"),
        asst("Let's run the build script to see the failure.\n```\nbash scripts/build.sh\n```"),
        user("scripts/build.sh: line 3: ./configure: No such file or directory" + footer),
        asst("The script expects ./configure, which a clean checkout lacks, so it must run autoreconf first.\n"
             "```\nopen scripts/build.sh\n```"),
        user("[File: /repo/scripts/build.sh (9 lines total)]\n1:#!/bin/sh\n2:set -e\n3:./configure" + footer),
    ]
    model = content_model(msgs)
    assert [model.kinds[i] for i in (2, 4, 6)] == [Kind.ACTION] * 3
    assert model.step_failed(4)
    f = fidelity(msgs, [msgs[0], msgs[1], msgs[-2], msgs[-1]])
    assert "bash scripts/build.sh" in [it.text for it in f.items if it.kind == "last_step"]


def test_the_demo_sessions_read_as_a_reader_does():
    """Every demo session has its task; no command the environment answered is taken
    for reasoning; no tool result or environment reply is a request."""
    from inspector.demo import demo_sessions

    for s in demo_sessions():
        model = content_model(s.messages)
        assert model.task is not None, s.id
        for i in range(len(s.messages) - 1):
            m, k, after = s.messages[i], model.kinds[i], model.kinds[i + 1]
            if m.role == "assistant" and after is Kind.OBSERVATION and s.messages[i + 1].role == "user":
                assert k is Kind.ACTION, (s.id, i)
        assert all(k is Kind.OBSERVATION for m, k in zip(s.messages, model.kinds, strict=True) if m.role == "tool")


@pytest.mark.parametrize("genre", GENRES)
def test_the_open_entries_of_the_agents_todo_list_are_what_it_decided_to_do(genre):
    """A Claude Code agent keeps its plan in a TodoWrite list: the entries it left open
    are items a summary should keep (the completed ones are history)."""
    msgs = _messages(genre)
    f = fidelity(msgs, _compacted(msgs, FAITHFUL))
    decisions = {it.text: it for it in f.items if it.kind == "decisions"}
    assert "Check the other importers for the same split" in decisions
    assert "Run the reader tests" in decisions  # pending when the list was written
    assert not any(t.startswith("Fix the split in read_rows") and it.status == "missing"
                   for t, it in decisions.items())  # in progress, and the summary says it was done
    assert decisions["Check the other importers for the same split"].status == "kept"
    forgot = FAITHFUL.replace("Still to do: check the other importers for the same split, so the next step is to "
                              "grep src/importer for it and fix any other reader the same way.", "")
    lost = fidelity(msgs, _compacted(msgs, forgot))
    # (the kept tail says it then: counted there, by the tail's weight, not again; what
    # credit it keeps comes from the summary's own sentences, lexical overlap here)
    item = next(it for it in lost.items if it.text == "Check the other importers for the same split")
    assert not item.credit or item.evidence in forgot
    assert decisions["Check the other importers for the same split"].credit == 1.0
    assert lost.score < f.score


def test_a_letta_sessions_items_are_its_users_words_not_its_runtimes_json():
    """Letta's sessions (L15: agent files of a companion, a customer-service agent, a
    support agent and two sleep-time memory agents) hold each user turn in a JSON
    envelope, the runtime's heartbeats and logins, a memory alert with the summary of
    the evicted messages, and, for a memory agent, its main agent's turns forwarded after
    a reminder. Read as text, their items were `"type": "user_message",`, "{",
    "<system-reminder>" and the alert's first lines as the task, which only a verbatim
    dump of the JSON kept (the judges' 0.95 faithful summary scored 0.44, under the
    dump's 0.47)."""
    from tests import judged

    seen = set()
    for it in judged.load(judged.L15):
        if it.session in seen:
            continue
        seen.add(it.session)
        f = fidelity(it.original(), it.compacted())
        junk = [x.text for x in f.items
                if x.text.startswith(('"type"', "{", "<system-reminder")) or x.text in ("{", "}", "[", "]")]
        assert junk == [], (it.session, junk)
        model = content_model(it.original())
        if it.session == "letta_customer_service.json":
            requests = [x.text for x in f.items if x.kind == "requests"]
            assert requests and all(not r.startswith(("{", '"')) for r in requests)
            assert any("order" in r for r in requests)
        if it.session == "letta_lettabot_sleeptime.json":
            assert model.kinds[1] is Kind.SUMMARY  # (the memory alert: the evicted messages' summary)
            assert model.task is None  # (a memory agent's work comes as forwarded conversations)
    assert len(seen) == 5


@pytest.mark.parametrize(("result", "said"), [
    ("Observation:\nThe page lists 3 stops: Alewife, Davis, Porter", "The page lists 3 stops: Alewife, Davis, Porter"),
    ("<returncode>1</returncode>\n<output>\nFAILED tests/test_x.py::test_y\n</output>", "FAILED tests/test_x.py::test_y"),
    ("Exit code 1\nerror: no such table: users", "error: no such table: users"),
    ("<system>Command executed successfully.</system>", "Command executed successfully."),
    ('{\n  "status": "OK",\n  "message": "None"\n}', '"status": "OK",'),
    ("<returncode>0</returncode>", "<returncode>0</returncode>"),  # (nothing after it: the status is the result)
    ("Chunk ID: 046310\nWall time: 0.0518 seconds\nProcess exited with code 0\nOriginal token count: 30\nOutput:\n"
     "AGENTS.md\nREADME.md", "AGENTS.md"),  # (Codex's exec header)
])
def test_the_last_result_is_what_it_says_not_its_heading(result, said):
    """The last step's result is the first line that says something: smolagents heads it
    "Observation:", mini-swe-agent "<returncode>" and "<output>", Claude Code "Exit code 1",
    Kimi wraps it in "<system>", a JSON result opens with "{" (L18, L5, L13, L20, L15), and
    Codex heads it with its chunk, wall time, exit code and token count (L13) (each was a lost
    item the reader could make nothing of)."""
    original = [Message.text_message("system", "You are an agent."),
                user("Find what the tool reports and fix it please."),
                asst("Running the check.", [("c1", "run_check", '{"all": true}')]),
                tool("c1", result),
                asst("Now I will fix the reported problem in the code."),
                user("Go on.")]
    f = fidelity(original, [original[0], original[1], original[-1]])
    assert said in [x.text for x in f.items if x.kind == "last_step"]


def test_a_step_offered_as_next_is_not_the_last_step_kept():
    """A summary written before the range's last step offers it as what comes next ("Next:
    read PrepareCommitMsg ..."): it keeps nothing of the last step, which happened (L10's
    stale summary was credited with the range's last read from its "Next:" sentence). The
    same step told as done keeps it."""
    original = [Message.text_message("system", "You are a coding agent."),
                user("Stop the hook asking to link commits during a rebase."),
                asst("Let me look at PrepareCommitMsg in manual_commit_hooks.go to see where it prompts.",
                     [("c1", "Read", '{"file_path": "strategy/manual_commit_hooks.go"}')]),
                tool("c1", "PrepareCommitMsg prompts the user to link the commit unless a trailer exists"),
                asst("It prompts unless a trailer exists; I will add a rebase check before the prompt."),
                user("Sounds good.")]
    kept = [original[0], original[1], original[-1]]

    def last_step_credit(summary: str) -> float:
        f = fidelity(original, [kept[0], kept[1], user(summary), kept[2]])
        return sum(x.credit for x in f.items if x.kind == "last_step")

    ahead = "Next: look at PrepareCommitMsg in manual_commit_hooks.go to see where it prompts the user to link."
    done = "I looked at PrepareCommitMsg in manual_commit_hooks.go: it prompts the user to link unless a trailer exists."
    assert last_step_credit(done) > last_step_credit(ahead)
    assert last_step_credit(ahead) < last_step_credit(ahead.replace("Next: look", "Looked"))
