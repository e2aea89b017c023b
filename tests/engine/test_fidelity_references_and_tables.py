"""Forms a faithful summary writes that the measure took for made-up or contradicted values
(issue #23, session 20: found on the blind set L29, read on main before any change for it:
Spider2's SQL agent, kubectl-ai sessions, TradingAgents' analyst reports): a quoted input
dated by the message it came from, a numbered list past nine entries, an indicator's name
written as one word where the original spaces it, a figure of a comma-separated table, the
part of a chain of commands that worked. Each on a small made-up session, with a wrong
statement of the same shape still flagged."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _false(msgs: list[Message], summary: str) -> list[str]:
    """What the measure calls false in `summary`, standing for all but the last two of `msgs`."""
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def _chat() -> list[Message]:
    """A CLI chat whose user tests what the assistant remembers: twelve short inputs."""
    msgs = [sys("You are a Kubernetes assistant.")]
    for k, said in enumerate(["model", "models", "tools", "exit", "show me the pods", "describe pod web-1",
                              "exit", "what did I ask first", "list namespaces", "exit", "get events",
                              "what was my last question"]):
        msgs += [user(said), asst(f"Answer {k}.")]
    return [*msgs, user("and before that?"), asst("Let me look.")]


def test_a_quoted_input_dated_by_its_message_is_a_reference():
    """'"show me the pods" (9)' gives where in the session the input is, as "message 9"
    does: the message at that index holds the quoted words. A quote that message does not
    hold, or an index past the session, is still a value."""
    msgs = _chat()
    assert _false(msgs, 'Inputs: "describe pod web-1" (11), "list namespaces" (17), "get events" (21).') == []
    assert "13" in _false(msgs, 'Inputs: "describe pod web-1" (13), "list namespaces" (17).')
    assert "91" in _false(msgs, 'Inputs: "list namespaces" (91).')


def test_the_numbers_of_a_long_list_are_its_entries_places():
    """"10. exit" in a numbered list of the user's inputs is the tenth entry, no value the
    original must state (entries 1-9 were never read as values; "10." was)."""
    msgs = _chat()
    listed = "\n".join(f"{k}. {said}" for k, said in enumerate(
        ["model", "models", "tools", "exit", "show me the pods", "describe pod web-1", "exit",
         "what did I ask first", "list namespaces", "exit", "get events", "what was my last question"], 1))
    assert _false(msgs, "The user's inputs, in order:\n" + listed) == []
    assert "4711" in _false(msgs, "The user's inputs, in order:\n" + listed + "\nThe pod's port is 4711.")


def _indicators() -> list[Message]:
    # (each figure's paragraph longer than a record's reach: the records of two names apart)
    why = " The reading is taken from the daily closes of the period and compared with the price." * 4
    report = ("## close_200_sma values from 2025-08-31 to 2026-05-18:\n2026-05-15: 75.3512\n\n"
              f"200 SMA: A long-term trend benchmark.\n\n- **EMA 10 = 56.38**.{why}\n- **SMA 50 = 62.93**.{why}\n"
              f"- **SMA 200 = 75.35**.{why}\n\n| Trend | EMA10 < SMA50 < SMA200 | bearish | high |")
    return [sys("You are a market analyst."), user("Analyse APTV as of 2026-05-18."),
            asst("", [("c1", "get_indicators", '{"symbol": "APTV", "indicator": "close_200_sma"}')]),
            tool("c1", report), asst("The trend is bearish."), user("Go on.")]


def test_an_indicator_written_as_one_word_is_the_one_the_original_spaces():
    """"SMA200 75.35, EMA10 56.38" where the original writes "SMA 200 = 75.35" and "EMA 10 =
    56.38": the same names, each with its own figure (the record of "EMA10" is where the
    original writes it spaced; before, only the table row without figures was read, and the
    figure read as another entry's). Figures swapped between them are still contradicted, and
    a name of another number is still made up."""
    msgs = _indicators()
    assert _false(msgs, "EMA10 56.38 < SMA50 62.93 < SMA200 75.35: a bearish stack.") == []
    assert _false(msgs, "EMA10 62.93 < SMA50 56.38 < SMA200 75.35: a bearish stack.") != []
    assert "sma300" in _false(msgs, "SMA50 62.93 and SMA300 75.35.")


def test_a_figure_of_a_comma_separated_table_is_stated():
    """"close 75.77 on 2025-11-18" where a tool printed the CSV row
    "2025-11-18,76.01,76.81,75.11,75.77,3433900": the figure is the original's (it was
    contradicted as a near miss of another 75.x). A figure no row holds is still flagged."""
    rows = ("Date,Open,High,Low,Close,Volume\n2025-11-18,76.01,76.81,75.11,75.77,3433900\n"
            "2025-11-19,75.81,75.81,72.25,72.36,3703600\n")
    msgs = [sys("You are a market analyst."), user("Get APTV's prices since 2025-11-18."),
            asst("", [("c1", "get_stock_data", '{"symbol": "APTV"}')]), tool("c1", rows),
            asst("Done."), user("Go on.")]
    assert _false(msgs, "get_stock_data returned the rows: close 75.77 on 2025-11-18, then 72.36.") == []
    assert _false(msgs, "get_stock_data returned the rows: close 75.97 on 2025-11-18, then 72.36.") != []


def _chain() -> list[Message]:
    return [sys("You are a Kubernetes assistant."), user("Create a dummy cluster."),
            asst("", [("c1", "bash", '{"command": "curl -Lo ./kind https://kind.sigs.k8s.io/dl/v0.23.0/kind-linux-amd64'
                                   ' && chmod +x ./kind && sudo mv ./kind /usr/local/bin/kind"}')]),
            tool("c1", '{"error": "exit status 127", "exit_code": 127, "stderr": "  % Total  % Received\\n'
                       '100 6304k  100 6304k\\nbash: line 3: sudo: command not found"}'),
            asst("", [("c2", "bash", '{"command": "mkdir -p $HOME/bin && mv ./kind $HOME/bin/kind"}')]),
            tool("c2", '{"stdout": ""}'),
            asst("kind is in $HOME/bin."), user("Go on.")]


def test_the_part_of_a_chain_that_worked_is_not_contradicted_by_the_part_that_failed():
    """"the download of kind v0.23.0 worked but sudo mv failed": a step of chained commands
    (`curl ... && chmod ... && sudo mv ...`) failed as a whole, and the sentence says which part
    did; the part it says worked is not contradicted. A sentence calling the whole step a
    success is."""
    msgs = _chain()
    assert _false(msgs, "The download of kind v0.23.0 with curl worked but sudo mv failed (sudo not found), "
                        "so kind went to $HOME/bin.") == []
    assert _false(msgs, "The curl download of kind v0.23.0 and the sudo mv to /usr/local/bin/kind worked.") != []
