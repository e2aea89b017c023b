"""Fidelity's session-7 classes from the blind set L14 (issue #23, ChatDev), each on a
made-up session: a framework's repeated template and bare labels are neither the task nor
a request; an agent's boilerplate (assurances, notes, approvals naming nothing) is no
decision; a size glued from two numbers the original states together is no made-up value."""

from __future__ import annotations

from inspector.engine.content import content_model, extract_decisions, request_line, template_lines
from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user

PREAMBLE = ("[Acme Agents is a software company run by several cooperating agents, such as a chief executive "
            "officer and a programmer.\nYou are {role}. we are both working at Acme Agents. We share a common "
            "interest in collaborating to successfully complete a task assigned by a new customer.\n"
            "Here is a new customer's task: Build a tic-tac-toe game with a restart button and a score board.\n"
            "To complete the task, you must write a response that solves the requested instruction.]")


def _phase(name: str, role: str, body: str) -> Message:
    return user(f"(phase: {name})\n\n{PREAMBLE.format(role=role)}\n\n{body}")


def _role_play_run() -> list[Message]:
    """A made-up multi-agent run: every phase prompt repeats the company's preamble and
    the customer's task; a person asks one thing in the middle."""
    return [
        sys("Acme Agents run log."),
        _phase("DemandAnalysis", "Chief Product Officer", "Decide the product modality."),
        asst("<INFO> Application"),
        _phase("Coding", "Programmer", "Write the code in tictactoe.py."),
        asst("tictactoe.py\n```python\nclass Board:\n    pass\n```"),
        user("**[Update Codes]**\n\ntictactoe.py updated."),
        _phase("CodeReviewComment", "Code Reviewer", "Review the code."),
        asst("The `Board.reset` method is missing, so the restart button cannot work."),
        user("Please make the board cells bigger, the buttons are hard to hit."),
        asst("I will set the cell size to 120 pixels in `Board.draw` because the buttons are small."),
        _phase("CodeReviewModification", "Programmer", "Modify the code as the comments say."),
        asst("Added `Board.reset`; the restart button now clears the board."),
        _phase("Test", "Software Test Engineer", "Run the game."),
        asst("The game runs."),
    ]


def test_a_frameworks_repeated_template_and_labels_are_neither_the_task_nor_a_request():
    """The task is the customer's task line, not the persona and company preamble around
    it; the phase prompts and label-led messages are no requests; the person's own
    request stays one."""
    msgs = _role_play_run()
    model = content_model(msgs)
    template = template_lines(model)
    assert any(line.startswith("Here is a new customer's task") for line in template)
    assert request_line(msgs[6].text, template) == "" and request_line(msgs[5].text, template) == ""
    assert request_line(msgs[8].text, template).startswith("Please make the board cells bigger")
    f = fidelity(msgs, [msgs[0], user("Nothing kept."), *msgs[12:]])
    task = [it.text for it in f.items if it.kind == "task"]
    requests = [it.text for it in f.items if it.kind == "requests"]
    assert task and task[0].startswith("Build a tic-tac-toe game")
    assert not any(t.startswith(("You are", "[Acme", "We share")) for t in task)
    assert requests == ["Please make the board cells bigger, the buttons are hard to hit."]


def test_an_agents_boilerplate_is_no_decision_but_a_decision_naming_its_object_is():
    """Assurances, notes and approvals that name no file, symbol or value are not
    decisions a summary must keep; the same words about a named object are."""
    text = ("After making this change, the code should be ready to run without any issues. "
            "Please note that the code provided is already in the correct format. "
            "<Comment> The code seems to be well-structured and follows the regulations. "
            "However, there is one potential bug that needs to be addressed. "
            "The crash happens because `Board.reset` is never called after a win. "
            "The board should work as expected because `cell_size` is now 120.")
    found = extract_decisions(text)
    assert found == ["The crash happens because `Board.reset` is never called after a win.",
                     "The board should work as expected because `cell_size` is now 120."]


def _canvas_run() -> list[Message]:
    return [
        sys("You are a coding agent."),
        user("Draw the board on a canvas."),
        asst("I'll create the canvas: `canvas = tk.Canvas(root, width=800, height=600)` in board.py because "
             "the board needs room."),
        user("**[Test Reports]**:\n\nThe game runs."),
        asst("The canvas works; next I will add the pieces."),
    ]


def _unsupported_values(summary: str) -> list[str]:
    msgs = _canvas_run()
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[4:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def test_a_size_glued_from_numbers_one_message_states_together_is_not_made_up():
    """"800x600" from `width=800, height=600` is derived; "800x700" is not."""
    assert "800x600" not in _unsupported_values("board.py draws the board on an 800x600 tk canvas.")
    assert "800x700" in _unsupported_values("board.py draws the board on an 800x700 tk canvas.")


def test_the_version_in_a_model_or_package_name_is_no_made_up_value():
    """"GPT-3.5-turbo" names the model the run used, which a summary may know from
    outside the session; "3.5 seconds" is a value the session must hold."""
    assert "3.5" not in _unsupported_values("Run on GPT-3.5-turbo: board.py draws the board on a tk canvas.")
    assert "3.5" in _unsupported_values("board.py draws the board on a tk canvas in 3.5 seconds.")


def test_a_task_put_to_the_reader_is_no_persona_preamble():
    """"You are Chief Product Officer." is a persona a framework's template states; "You are
    given a list, ..." is the task itself, and stays the task."""
    from inspector.engine.content import task_text

    assert task_text("You are given a list of numbers, sort them in place and print the result.") \
        == "You are given a list of numbers, sort them in place and print the result."
    assert task_text("You are asked to find, in the logs, why the nightly build failed.").startswith("You are asked")
    assert task_text("You are Chief Product Officer. we are both working at ChatDev.\n"
                     "Task: develop a poker game with two players and blinds.") \
        == "develop a poker game with two players and blinds."


def _reminded_run() -> list[Message]:
    """A made-up run of an agent a harness reminds of the time left after each step (as
    Inspect AI's basic agent does: "Info: 0:06:16 time elapsed out of 3:00:00. ..."), and
    a person who asks one thing in the middle."""
    out = [sys("You are a research agent."), user("Reproduce the paper in /home/paper as a git repository.")]
    for k, (cmd, said) in enumerate([("ls /home/paper", "paper.md addendum.md"), ("cat addendum.md", "Use SB3."),
                                     ("git init", "Initialized empty Git repository"),
                                     ("pip install torch", "No space left on device")]):
        out += [asst("", [(f"c{k}", "bash", f'{{"cmd": "{cmd}"}}')]), tool(f"c{k}", said),
                user(f"Info: 0:0{k}:{17 * k + 5:02d} time elapsed out of 3:00:00. Remember, you only have to stop "
                     "working when the time limit has been reached.")]
        if k == 1:
            out.append(user("Please keep the experiments in rice/experiments, not at the top level."))
    return [*out, asst("I will free some disk space and retry the install.")]


def test_a_harness_reminder_that_says_another_number_each_turn_is_no_request():
    """A line a harness repeats each turn with only its numbers changed (the time elapsed, the
    turns left) is the framework's, as a verbatim one is: no request item of fidelity (which
    a summary could only keep by copying the reminders, and an empty context kept from the
    kept tail's next reminder), and not among the offline summary's requests. Session 16's
    blind set L21 (a PaperBench run) held eight such items; its extractive summary listed
    the reminders as the user's requests."""
    from inspector.engine.summarize.extractive import build_summary

    msgs = _reminded_run()
    template = template_lines(content_model(msgs))
    assert request_line(msgs[4].text, template) == ""
    assert request_line(msgs[8].text, template).startswith("Please keep the experiments")
    f = fidelity(msgs, [msgs[0], user("Nothing kept."), *msgs[-2:]])
    requests = [it.text for it in f.items if it.kind == "requests"]
    assert requests == ["Please keep the experiments in rice/experiments, not at the top level."]
    summary = build_summary(msgs[:-1], [], max_words=300)
    assert "Please keep the experiments" in summary and "time elapsed" not in summary, summary
    assert "Reproduce the paper in /home/paper" in summary  # (the task stays)


def test_a_short_numbered_request_said_each_turn_stays_a_request():
    """A driver's short numbered requests ("REQ-07: handle item 7", "Process order 48213")
    ask what their numbers say: compared verbatim, each is its own request (the spec of
    issue #24: a request must survive summaries of summaries)."""
    from inspector.engine.summarize.extractive import build_summary

    msgs = [sys("You are an agent.")]
    for k in range(6):
        msgs += [user(f"REQ-{k:02d}: handle item {k}"), asst(f"Done with item {k}.")]
    template = template_lines(content_model(msgs))
    assert [request_line(m.text, template) for m in msgs[1::2]] == [f"REQ-{k:02d}: handle item {k}" for k in range(6)]
    summary = build_summary(msgs, [], max_words=300)
    assert all(f"REQ-{k:02d}" in summary for k in range(6)), summary
