"""The offline summary's "Errors seen" come from the content model's errors.

Careful readers of the labelled sets marked the offline summary down for listing, as
errors, source lines a file viewer showed (pi's `read` of a TypeScript file:
`console.error(chalk.red("No models available."));`, `error?: string;`), which the
content model (`engine.content`) already knew were code, not something that happened.
"""

from __future__ import annotations

import pytest

from inspector.engine.content import SCAN_CHARS, artifacts, content_model, error_core, normalize_error
from inspector.engine.summarize.extractive import build_summary
from tests import judged
from tests.sessions import asst, tool, user

SOURCE = """\
   40\tif (!model) {
   41\t\tconsole.error(chalk.red("No models available."));
   42\t\tthrow new Error(`Failed to load custom tool "${path}": ${error}`);
   43\t}
   44\texport interface Result {
   45\t\terror?: string;
   46\t}"""


def _errors_section(summary: str) -> list[str]:
    return [line.split(": ", 1)[1] for line in _section(summary, "Errors seen (newest first)")]  # (after the tool)


# (numbered as a viewer shows them, or plain as pi's `read` returns a file)
@pytest.mark.parametrize("shown", [SOURCE, "\n".join(line.split("\t", 1)[1] for line in SOURCE.splitlines())])
def test_source_lines_a_viewer_shows_are_not_errors_and_a_failure_beside_them_is(shown):
    msgs = [user("Turn off thinking when no model is given."),
            asst("Reading main.ts.", [("c1", "read", '{"path": "src/main.ts"}')]),
            tool("c1", shown, "read"),
            asst("Looking for agent.ts.", [("c2", "bash", '{"command": "grep -n thinking packages/ai/src/agent.ts"}')]),
            tool("c2", "grep: packages/ai/src/agent.ts: No such file or directory", "bash")]
    text = build_summary(msgs, [], 300)
    assert _errors_section(text) == ["grep: packages/ai/src/agent.ts: No such file or directory"]
    assert "console.error" not in text and "error?: string" not in text
    # the viewer alone: nothing to list
    assert "Errors seen" not in build_summary(msgs[:3], [], 300)


def test_a_traceback_is_listed_by_its_exception_and_a_test_logs_failure_at_its_end():
    trace = ('Traceback (most recent call last):\n  File "x.py", line 3, in <module>\n'
             '    raise ValueError("bad width")\nValueError: bad width')
    log = "\n".join([f"tests/test_{i}.py ....  [{i}%]" for i in range(3000)] + ["FAILED tests/test_w.py::test_width"])
    msgs = [user("Fix the width check."),
            asst("Running it.", [("c1", "bash", '{"command": "python x.py"}')]), tool("c1", trace, "bash"),
            asst("Running the tests.", [("c2", "bash", '{"command": "pytest"}')]), tool("c2", log, "bash")]
    assert _errors_section(build_summary(msgs, [], 300)) == ["FAILED tests/test_w.py::test_width",
                                                             "ValueError: bad width"]


def _sessions() -> list[tuple[str, list]]:
    out: dict[str, list] = {}
    for name, labelled in judged.SETS.items():
        for item in judged.load(labelled.path):
            out.setdefault(f"{name}/{item.session}", item.original())
    return sorted(out.items())


@pytest.mark.parametrize(("session", "messages"), _sessions(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_error_the_summary_lists_is_one_the_content_model_reads(session, messages):
    # The real sessions of every labelled set (SWE-agent, Claude Code, Codex, OpenHands,
    # aider, tau-bench, smolagents, ...), summarized up to two thirds of their messages.
    # The model reads an output's head (`SCAN_CHARS`), the summary the whole output (a
    # test log's failures are at its end): the lines of a head are compared.
    live = messages[1:max(2, len(messages) * 2 // 3)]
    listed = _errors_section(build_summary(live, [], 400))
    model = content_model(live)
    known = [error_core(e) for i in range(len(live)) for e in artifacts(model, i).errors]
    heads = [" ".join(m.text[:SCAN_CHARS].split()) for m in live]
    for line in (line for line in listed if any(line.rstrip("\u2026") in head for head in heads)):
        core = error_core(normalize_error(line)).rstrip("\u2026").strip()[:100]
        assert any(core in k or k.startswith(core) for k in known), (session, line)


def _section(summary: str, title: str) -> list[str]:
    if f"{title}:\n" not in summary:
        return []
    out = []
    for line in summary.split(f"{title}:\n", 1)[1].splitlines():
        if not line.startswith("- "):
            break
        out.append(line[2:])
    return out


def test_a_file_named_in_several_spellings_is_listed_once_by_its_fullest():
    # pi names a file bare, absolute and relative to the repository in turn; the files
    # listed are the content model's (`path_matches`), each once, two files ending alike
    # apart (packages/ai/src/agent.ts is not packages/agent/src/agent.ts).
    root = "/Users/dev/pi-mono"
    calls = [("main.ts", "main.ts"), ("m2", f"{root}/packages/coding-agent/src/main.ts"),
             ("m3", "packages/coding-agent/src/main.ts"), ("a1", f"{root}/packages/agent/src/agent.ts"),
             ("a2", "packages/agent/src/agent.ts"), ("a3", "packages/ai/src/agent.ts"), ("p1", "prompt.txt"),
             ("p2", "/prompt.txt")]
    msgs = [user("Turn off thinking when no model is given.")]
    for cid, path in calls:
        msgs += [asst(f"Reading {path}.", [(cid, "read", f'{{"path": "{path}"}}')]), tool(cid, "1 line", "read")]
    files = _section(build_summary(msgs, [], 400), "Files read or named")
    assert len(files) == 4 and files[0] in ("prompt.txt", "/prompt.txt")  # (newest first: either spelling)
    assert set(files[1:]) == {f"{root}/packages/coding-agent/src/main.ts", f"{root}/packages/agent/src/agent.ts",
                              "packages/ai/src/agent.ts"}


def test_an_error_in_an_observation_stored_as_a_user_message_is_listed_and_the_tasks_is_not():
    # SWE-agent and InterCode store the environment's output as user messages; the content
    # model reads them as observations, and so does the summary. The error the user pasted
    # in the task is the task's, not a step that failed.
    footer = "(Open file: /testbed/src/fields.py)\n(Current directory: /testbed)\nbash-$"
    msgs = [user("Fix this: ValueError: width must be positive\nin fields.py."),
            asst("Let me reproduce it.\n```\npython reproduce.py\n```"),
            user('Traceback (most recent call last):\n  File "reproduce.py", line 4, in <module>\n'
                 '    f.validate(-1)\nTypeError: integer argument expected, got float\n' + footer),
            asst("The width is a float. Let me open fields.py.\n```\nopen src/fields.py\n```"),
            user("[File: /testbed/src/fields.py (120 lines total)]\n1:import re\n" + footer)]
    assert _errors_section(build_summary(msgs, [], 300)) == ["TypeError: integer argument expected, got float"]


def test_each_call_in_the_last_actions_says_what_its_result_was():
    # The judges of L18 and L19: "the call sequence, but no ratings or winners", "no results
    # (no counts)". Each call's line carries its result's first words; a file read, how
    # much it showed; a framework's heading is skipped; the last result is said once.
    msgs = [user("Recommend the top-rated car rental company in London."),
            asst("", [("c1", "get_all_car_rental_companies_in_city", '{"city": "London"}')]),
            tool("c1", "Car Rental Names: Green Motion New Car Rental", "get_all_car_rental_companies_in_city"),
            asst("", [("c2", "get_rating_reviews_for_car_rental", '{"company_name": ["Green Motion"]}'),
                      ("c3", "read", '{"path": "notes.md"}')]),
            tool("c2", "Observation:\n{'Green Motion': 'Rating: 4.3'}", "get_rating_reviews_for_car_rental"),
            tool("c3", "# Notes\nprefer electric\nbudget 500", "read"),
            asst("", [("c4", "book", '{"company": "Green Motion"}')]),
            tool("c4", "Error: booking service unavailable", "book")]
    text = build_summary(msgs, [], 400)
    assert _section(text, "Last result") == ["book: Error: booking service unavailable"]
    actions = _section(text, "Last actions (newest first)")
    assert actions == [
        'called book {"company": "Green Motion"}',  # (its result is the last one: said above)
        "called read notes.md \u2192 3 lines shown",
        "called get_rating_reviews_for_car_rental {\"company_name\": [\"Green Motion\"]} \u2192 {'Green Motion': "
        "'Rating: 4.3'}",
        "called get_all_car_rental_companies_in_city {\"city\": \"London\"} \u2192 Car Rental Names: Green Motion "
        "New Car Rental"]


def test_a_next_step_not_stated_is_said_to_be_so():
    # A range ending on a result the assistant has not spoken about: the next step is not
    # known, and "continue from the result of send_direct_message ..." read as an order to
    # send again (L19's judges). A stated one, a pending call, a request still stand.
    sent = [user("Congratulate the most active user."),
            asst("Eve wrote the most messages; sending.", [("c1", "send_direct_message", '{"recipient": "Eve"}')]),
            tool("c1", "None", "send_direct_message")]
    assert _section(build_summary(sent, [], 300), "Next step") == [
        'not stated after the last action (send_direct_message {"recipient": "Eve"}); decide from its result']
    said = [*sent, asst("Sent. Next I will report the result to the user.")]
    assert _section(build_summary(said, [], 300), "Next step") == ["Sent. Next I will report the result to the user."]
    pending = [*sent[:2]]
    assert _section(build_summary(pending, [], 300), "Next step") == ['waiting for send_direct_message {"recipient": "Eve"}']


def test_a_file_whose_every_edit_failed_is_not_listed_as_changed():
    # L20's judges: "lists tui-renderer.ts as changed by an edit that never applied". An
    # edit's result that opens with an error, or an edit with no result before the next
    # message, did not change the file; one edit that applied, before or after, did.
    failed = '<tool_use_error>String to replace not found in file.</tool_use_error>'
    msgs = [user("Port the selector to the theme."),
            asst("", [("e1", "Edit", '{"file_path": "src/tui-renderer.ts", "old_string": "a", "new_string": "b"}'),
                      ("e2", "Edit", '{"file_path": "src/editor.ts", "old_string": "c", "new_string": "d"}')]),
            tool("e1", failed, "Edit"),
            tool("e2", "The file src/editor.ts has been updated.", "Edit"),
            asst("", [("e3", "Edit", '{"file_path": "src/theme.ts", "old_string": "e", "new_string": "f"}')]),
            tool("e3", failed, "Edit"),
            asst("", [("e4", "Edit", '{"file_path": "src/theme.ts", "old_string": "e ", "new_string": "f"}')]),
            tool("e4", "The file src/theme.ts has been updated.", "Edit"),
            asst("", [("e5", "Edit", '{"file_path": "src/selector.ts", "old_string": "g", "new_string": "h"}')]),
            user("Stop, that is wrong."),  # (the batch never ran: no result)
            asst("Understood.", [("e6", "Edit", '{"file_path": "src/last.ts", "old_string": "i", "new_string": "j"}')])]
    text = build_summary(msgs, [], 400)
    # (src/last.ts: its result is beyond the summarized messages, unknown: listed)
    assert sorted(_section(text, "Files changed")) == ["src/editor.ts", "src/last.ts", "src/theme.ts"]
    assert sorted(_section(text, "Files read or named")) == ["src/selector.ts", "src/tui-renderer.ts"]


def test_calls_in_a_recording_without_any_results_are_not_taken_for_never_run():
    # LangGraph's tutorial printouts (L11) keep the calls and the user's replies but no
    # tool result at all: an edit there is not known to have failed.
    msgs = [user("Fix the typo in README.md."),
            asst("", [("e1", "write_file", '{"path": "README.md", "content": "fixed"}')]),
            user("Thanks, now the docs."),
            asst("Done.")]
    assert _section(build_summary(msgs, [], 300), "Files changed") == ["README.md"]


def test_a_text_agents_command_says_what_its_observation_said():
    # SWE-agent writes its command in its text and the environment's answer comes back as
    # a user message: the action line ends with that answer's first words (a download's
    # progress meter skipped), as a tool call's does.
    footer = "(Open file: n/a)\n(Current directory: /app)\nbash-$"
    meter = ("  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n"
             "                                 Dload  Upload   Total   Spent    Left  Speed\n"
             "100   293  100   293    0     0  12993      0 --:--:-- --:--:-- --:--:-- 15421\n")
    msgs = [user("Find the flag on the web server."),
            asst("Let me look at the main page.\n```\ncurl http://web.chal:8000\n```"),
            user(meter + "<title>Perl Examples</title>\n" + footer),
            asst("Now the hello script.\n```\ncurl http://web.chal:8000/cgi-bin/hello.pl\n```"),
            user("Hello World from Perl!\n" + footer),
            asst("The forms script next.\n```\ncurl http://web.chal:8000/cgi-bin/forms.pl\n```"),
            user("<form>Name</form>\n" + footer)]
    text = build_summary(msgs, [], 300)
    actions = _section(text, "Last actions (newest first)")
    assert actions[1].endswith("\u2192 Hello World from Perl! (Open file: n/a) (Current directory: /app) bash-$")
    assert actions[2].endswith("\u2192 <title>Perl Examples</title> (Open file: n/a) (Current directory: /app) bash-$")
    assert "\u2192" not in actions[0]  # (its answer is the last result, said above)
    assert _section(text, "Last result")[0].startswith("<form>Name</form>")


def test_an_error_listed_is_what_went_wrong_not_the_bare_exit_status_before_it():
    # L20's judges: "errors listed only as exit codes". Claude Code's Bash opens a failure
    # with "Exit code 1", SWE-agent's with "<returncode>2</returncode>": the line after says
    # what went wrong. A status alone is still listed.
    msgs = [user("Run the integration tests."),
            asst("", [("c1", "Bash", '{"command": "go test ./integration_test/..."}')]),
            tool("c1", "Exit code 1\nFAIL\tentire.io/cli/integration_test\t19.666s\n", "Bash"),
            asst("", [("c2", "Bash", '{"command": "python3 apply_fix.py"}')]),
            tool("c2", "<returncode>2</returncode>\npython3: can't open file '/testbed/apply_fix.py': "
                       "[Errno 2] No such file or directory", "Bash"),
            asst("", [("c3", "Bash", '{"command": "false"}')]),
            tool("c3", "Exit code 1", "Bash"),
            asst("Let me look at the failures.")]
    assert _errors_section(build_summary(msgs, [], 400)) == [
        "Exit code 1", "python3: can't open file '/testbed/apply_fix.py': [Errno 2] No such file or directory",
        "FAIL entire.io/cli/integration_test 19.666s"]


def test_an_observation_from_a_named_user_is_listed_as_output():
    # AutoGen stores the executor's output as a user message named after the agent that
    # ran it: the error's source is "output", as for any user-role observation.
    from inspector.engine.models import Message

    footer = "(Open file: n/a)\n(Current directory: /app)\nbash-$"
    observed = Message.text_message("user", "ValueError: width must be positive\n" + footer)
    observed = observed.model_copy(update={"name": "user_proxy"})
    msgs = [user("Fix the width check."), asst("Running it.\n```\npython check.py\n```"), observed,
            asst("The width is negative.")]
    assert _section(build_summary(msgs, [], 300), "Errors seen (newest first)") == [
        "output: ValueError: width must be positive"]
