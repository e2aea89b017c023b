"""Fidelity on a conversation of agents (issue #23, sixth pass): an AutoGen-style chat
where a user proxy runs the assistant's code and replies with the executor's output, a
critic agent grades the work, and the session goes on after the summarized range. Each
case on a small made-up session."""

from __future__ import annotations

from inspector.engine.content import Kind, content_model
from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, user

TASK = "Download the ledger from the team share and plot the monthly totals as a bar chart. Save the chart to a file."


def _chat() -> list[Message]:
    return [
        sys("You are a helpful assistant who writes Python code in fenced blocks."),
        user(TASK),
        asst("I will load the ledger with pandas and plot it.\n```python\nimport pandas as pd\n"
             "df = pd.read_csv(path)\n```"),
        user("exitcode: 1 (execution failed)\nCode output: Traceback (most recent call last):\n"
             "NameError: name 'path' is not defined"),
        asst("I forgot to define the path of the ledger file. Here is the corrected code.\n```python\n"
             "path = 'ledger.csv'\ndf = pd.read_csv(path)\nprint(df.columns)\n```"),
        user("exitcode: 0 (execution succeeded)\nCode output: Index(['month', 'total_eur'], dtype='object')"),
        asst("Critique of the current code:\n- Data loading: 9/10; the corrected path now loads the ledger "
             "and the columns are printed.\n- Chart: 0/10; there is no chart yet, the totals still need a "
             "bar chart saved to a file."),
        user("Also label the y axis in euros, please."),
        asst("Here is the bar chart of the monthly totals with the y axis labelled in euros.\n```python\n"
             "df.plot.bar(x='month', y='total_eur').figure.savefig('totals.png')\n```"),
        user("exitcode: 0 (execution succeeded)\nCode output: "),
    ]


def test_an_executor_reply_is_the_environment_not_a_request():
    kinds = content_model(_chat()).kinds
    assert kinds[3] is Kind.OBSERVATION and kinds[5] is Kind.OBSERVATION and kinds[9] is Kind.OBSERVATION
    assert kinds[7] is Kind.REQUEST  # the user's own words still are


def _measure(summary: str):
    msgs = _chat()
    return fidelity(msgs, [msgs[0], user(summary), *msgs[7:]])


def _reviewed() -> list[Message]:
    """The chat with a critic's review in the summarized range (messages 2-6) and the
    assistant going on after it (7 on)."""
    return [
        sys("You are a helpful assistant who writes Python code in fenced blocks."),
        user(TASK),
        asst("I will load the ledger and print its columns.\n```python\nimport pandas as pd\n"
             "df = pd.read_csv('ledger.csv')\nprint(df.columns)\n```"),
        user("exitcode: 0 (execution succeeded)\nCode output: Index(['month', 'total_eur'], dtype='object')"),
        asst("It seems the totals column is named total_eur rather than total, so the chart must use total_eur."),
        asst("Review of the work so far:\n- Data loading: 9/10; the ledger loads and the totals column is "
             "named total_eur.\n- Chart: 0/10; there is no chart yet."),
        user("Please go on with the chart."),
        asst("As found before, it seems the totals column is named total_eur rather than total, so the chart "
             "must use total_eur; here it is.\n```python\n"
             "df.plot.bar(x='month', y='total_eur').figure.savefig('totals.png')\n```"),
        user("exitcode: 0 (execution succeeded)\nCode output: "),
    ]


FINDING = "It seems the totals column is named total_eur rather than total"


def _finding_credit(summary: str) -> float:
    msgs = _reviewed()
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[6:]])
    return max(it.credit for it in f.items if it.text.startswith(FINDING))


def test_a_critique_line_copied_with_its_bullet_states_that_line_only():
    """A quoted line of the critic's list ("- Data loading: ...") is what the critic
    said, not a paraphrase of the assistant's finding it shares words with."""
    assert _finding_credit(TASK + "\n- Data loading: 9/10; the ledger loads and the totals column is named "
                                  "total_eur.") == 0.0


def test_a_statement_the_session_restates_later_is_credited_by_what_the_summary_says():
    """When a kept message after the range restates an item in more of its words than
    the summary does, the summary's own paraphrase still earns its credit (the later
    restatement is credited once, by the kept messages' weight)."""
    assert _finding_credit(TASK + "\nThe assistant found that the ledger's totals column is total_eur, not "
                                  "total, and decided the chart uses it.") > 0.5


def test_an_openhands_prompt_states_its_task_inside_the_template():
    """OpenHands wraps the work in a template: the resolver's "# Problem Statement" up
    to its IMPORTANT instructions, the SWE-bench prompt's <issue_description>. The task
    a summary should keep is that statement, not the template's opening lines."""
    from inspector.engine.fidelity import _task_items

    resolver = ("Please fix the following issue for the repository in /workspace.\nEnvironment has been set up for "
                "you to start working. You may assume all necessary tools are installed.\n\n# Problem Statement\n"
                "The ledger chart should support a dark theme with a toggle in the header.\n\nIMPORTANT: You should "
                "ONLY interact with the environment provided to you AND NEVER ASK FOR HUMAN HELP.")
    swe = ("I've uploaded a C code repository in the directory ledger__1.0. Consider the following issue "
           "description:\n\n<issue_description>\nThe report job segfaults on an empty ledger file.\n"
           "</issue_description>\n\nCan you help me implement the necessary changes?")
    assert _task_items(resolver)[0].startswith("The ledger chart should support a dark theme")
    assert not any("IMPORTANT" in t or "Environment has been set up" in t for t in _task_items(resolver))
    assert _task_items(swe) == ["The report job segfaults on an empty ledger file."]
