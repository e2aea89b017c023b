"""Fidelity's session-7 classes (issue #23), each on a made-up session: a paraphrase of
the agent's decision that shares only a few of its words earns some credit, and a count
the summary makes of a total the original gives ("345/346") is not a made-up value."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user

DECISION = ("I'll read the settings lazily, on first use, instead of at import time, since the import fails "
            "without a config file.")


def _lazy_settings() -> list[Message]:
    """A made-up run: the import crashes without a config, the agent decides to load
    the settings lazily, edits, and the tests pass."""
    return [
        sys("You are a coding agent."),
        user("Importing app.settings crashes when there is no config.toml. Fix it."),
        asst("Let's reproduce it.", [("c1", "bash", '{"cmd": "python -c \\"import app.settings\\""}')]),
        tool("c1", "FileNotFoundError: [Errno 2] No such file or directory: 'config.toml'"),
        asst(DECISION, [("c2", "edit", '{"path": "app/settings.py", "search": "CONFIG = load()", '
                        '"replace": "def config():\\n    return load()"}')]),
        tool("c2", "Text replaced."),
        asst("Let's run the tests.", [("c3", "bash", '{"cmd": "pytest -q tests/test_settings.py"}')]),
        tool("c3", "4 passed in 0.12s"),
        asst("The import no longer needs the config; the tests pass."),
    ]


def _decision_credit(summary: str) -> float:
    msgs = _lazy_settings()
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[8:]])
    return next(it.credit for it in f.items if it.kind == "decisions" and it.text.startswith("I'll read the settings"))


def test_a_paraphrase_of_a_decision_earns_some_credit_between_none_and_a_full_statement():
    """The judges' decision sub-score credits a decision stated in other words; the
    measure credits it in part (a tenth to a fifth of its words shared), less than a
    statement that shares most of them, and nothing for a summary that does not state it."""
    paraphrase = "Importing app.settings crashed without config.toml. The settings now load on demand, so a missing " \
                 "config no longer breaks startup; 4 tests pass."
    stated = "Importing app.settings crashed without config.toml. The agent chose to read the settings lazily on " \
             "first use instead of at import time, since the import fails without a config file; 4 tests pass."
    silent = "Importing app.settings crashed without config.toml; 4 tests pass."
    assert _decision_credit(silent) == 0.0
    assert 0.0 < _decision_credit(paraphrase) < _decision_credit(stated)


def _coverage_run() -> list[Message]:
    """A made-up run whose coverage report gives a total (346 regions) and the one missed."""
    return [
        sys("You are a coding agent."),
        user("Bring the Rust port's coverage up and report it."),
        asst("Let's measure it.", [("c1", "bash", '{"cmd": "cargo llvm-cov"}')]),
        tool("c1", "Filename  Regions  Missed Regions  Cover\nTOTAL     346      1               99.71%"),
        asst("Only one region is missed; line coverage is complete.", [("c2", "bash", '{"cmd": "git status"}')]),
        tool("c2", "nothing to commit, working tree clean"),
    ]


def _flagged(summary: str) -> list[str]:
    msgs = _coverage_run()
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[4:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def test_a_count_of_a_total_the_original_gives_is_not_a_made_up_value():
    assert _flagged("`cargo llvm-cov` reports regions 345/346 (99.71%): one region missed.") == []
    assert _flagged("`cargo llvm-cov` reports 345 of 346 regions covered.") == []
    # more than the total, or a count of no total the original gives, is still flagged
    assert _flagged("`cargo llvm-cov` reports regions 347/346 covered.") == ["347"]
    assert _flagged("`cargo llvm-cov` reports 341 regions covered.") == ["341"]


def test_losing_the_next_step_costs_more_than_losing_a_decision_or_the_last_command():
    """The judges' continuation sub-score follows where the work goes next more than any
    other item (kind weights fitted leaving each labelled set out: bench/fidelity_weights.py):
    of two compactions that each lose one item of an otherwise kept range, the one that
    loses the next step scores lowest, and losing the last command costs least."""
    from inspector.engine.fidelity import KINDS, Fidelity, KindScore

    def losing(kind: str) -> float:
        kinds = {k: KindScore(items=1, kept=int(k != kind), credit=float(k != kind)) for k in KINDS}
        return Fidelity(kinds, removed_messages=10, state_kept=True).items_base

    assert losing("next_step") < losing("decisions") < losing("last_step") < 1.0
    assert losing("next_step") < losing("task")
