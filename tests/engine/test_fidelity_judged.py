"""Fidelity against careful readers (issue #23): the labelled set of graded compactions
of real SWE-agent sessions (tests/judged.py), and the findings of the issue, each
reproduced on a small case."""

from __future__ import annotations

from collections import defaultdict
from statistics import mean

import pytest

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, user

ITEMS = judged.load() if any(judged.data_dir().glob("items-*.jsonl")) else []
needs_set = pytest.mark.skipif(not ITEMS, reason=f"the labelled set is not in {judged.data_dir()}")


def _scores() -> dict[str, dict[str, float]]:
    """session -> variant -> score (variants the key names)."""
    out: dict[str, dict[str, float]] = defaultdict(dict)
    for it in ITEMS:
        if it.variant:
            out[it.session][it.variant] = fidelity(it.original(), it.compacted()).score
    return out


@needs_set
def test_the_labelled_set_is_read_as_the_judges_read_it():
    assert len(ITEMS) >= 40 and len({it.session for it in ITEMS}) >= 8
    for it in ITEMS:
        original, compacted = it.original(), it.compacted()
        assert len(it.overall) >= 2  # two judges at least
        assert compacted[0] is original[0] and compacted[-1] is original[-1]
        assert len(compacted) == len(original) - it.cut + 1 + bool(it.replacement)


@needs_set
def test_planted_errors_and_keyword_dumps_score_below_the_faithful_summary_and_terse_above_nothing():
    by = _scores()
    sessions = [s for s, v in by.items() if {"faithful", "planted_errors", "keyword_dump", "terse", "nothing"} <= set(v)]
    assert sessions
    # a correct terse summary keeps more than nothing, in every session
    assert all(by[s]["terse"] > by[s]["nothing"] for s in sessions)
    # planted errors (a made-up path, a wrong value) cost more than they keep
    assert sum(by[s]["faithful"] > by[s]["planted_errors"] for s in sessions) >= len(sessions) - 1
    assert mean(by[s]["faithful"] for s in sessions) > mean(by[s]["planted_errors"] for s in sessions) + 0.15
    # a dump of verbatim strings keeps many artifacts but not the narrative: below the
    # faithful summary on average (per session it still ties in some: see the report)
    assert mean(by[s]["faithful"] for s in sessions) > mean(by[s]["keyword_dump"] for s in sessions)
    assert mean(by[s]["nothing"] for s in sessions) < min(mean(by[s][v] for s in sessions) for v in by[sessions[0]]
                                                          if v != "nothing")


@needs_set
def test_agreement_with_the_judges_does_not_regress():
    """Regression guard below the bench targets (0.8, 0.85; bench/fidelity_bench.py
    reports the figures): measured 0.71 and 0.89 when the measure was tuned."""
    a = judged.agreement(ITEMS, lambda it: fidelity(it.original(), it.compacted()).score)
    assert a["pairwise_accuracy"] >= 0.85
    assert a["spearman"] >= 0.65


# --------------------------------------------------------------- the findings, small

SWE_TASK = ("We're currently solving the following issue within our repository. Here's the issue text:\n"
            "ISSUE:\nTimeDelta serialization precision\nOutput of this snippet is `344`, but it seems that `345` "
            "is correct.\n\nINSTRUCTIONS:\nNow, you're going to solve this issue on your own.\n"
            "(Open file: n/a)\n(Current directory: /repo)\nbash-$")


def _session() -> list[Message]:
    return [
        sys("SETTING: You are an autonomous programmer."),
        user(SWE_TASK),
        asst("Let's reproduce it.\n```\npython reproduce.py\n```"),
        user("344\n(Open file: n/a)\n(Current directory: /repo)\nbash-$"),
        asst("The output is 344, which confirms the truncation bug. Let's open fields.py.\n```\n"
             "open /repo/src/marshmallow/fields.py 1474\n```"),
        user("[File: /repo/src/marshmallow/fields.py (1997 lines total)]\n1480:        except (TypeError, ValueError)"
             " as error:\n1481:            raise ValueError(\n(Open file: /repo/src/marshmallow/fields.py)\n"
             "(Current directory: /repo)\nbash-$"),
        asst("Let's edit line 1475.\n```\nedit 1475:1475\n  return int(round(x))\nend_of_edit\n```"),
        user("Your proposed edit has introduced new syntax error(s).\n\nERRORS:\n- E999 IndentationError: unexpected "
             "indent\n(Open file: /repo/src/marshmallow/fields.py)\n(Current directory: /repo)\nbash-$"),
        asst("The edit needs the method's indentation. Let's retry it.\n```\nedit 1475:1475\n"
             "        return int(round(x))\nend_of_edit\n```"),
        user("File updated.\n(Open file: /repo/src/marshmallow/fields.py)\n(Current directory: /repo)\nbash-$"),
    ]


def _compacted(summary: str, cut: int = 8) -> list[Message]:
    msgs = _session()
    return [msgs[0], *([user(summary)] if summary else []), *msgs[cut:]]


def test_observations_are_not_requests_and_viewer_lines_are_not_errors():
    f = fidelity(_session(), _compacted(""))
    assert f.kinds["requests"].items == 0  # "[File: …]", "344", the lint report are observations
    errors = [it.text for it in f.items if it.kind == "errors"]
    assert errors == ["e999 indentationerror: unexpected indent"]  # not "1480: except (TypeError, …"


def test_a_paraphrased_task_counts_and_a_quoted_error_keeps_its_bullet_or_not():
    faithful = ("Task: TimeDelta serialization precision is wrong, 345 ms serialize to 344. reproduce.py prints 344. "
                "The bug is in src/marshmallow/fields.py line 1475 (int truncates). The first edit failed: "
                "- E999 IndentationError: unexpected indent. Next: retry the edit with the method's indentation.")
    f = fidelity(_session(), _compacted(faithful))
    assert f.kinds["task"].fraction == 1.0  # no verbatim boilerplate needed
    assert f.kinds["errors"].kept == 1  # quoted with its "- "
    assert f.kinds["files"].kept == f.kinds["files"].items  # relative paths match /repo/src/…
    assert all(d["evidence"] for d in f.to_dict()["items"])  # a sentence, or "missing"


def test_a_made_up_path_is_worse_than_a_missing_one():
    faithful = "Task: TimeDelta serialization precision. The bug is in src/marshmallow/fields.py line 1475."
    missing = "Task: TimeDelta serialization precision. The bug is in the serializer."
    wrong = "Task: TimeDelta serialization precision. The bug is in src/marshmallow/utils.py line 1475."
    good, gone, bad = (fidelity(_session(), _compacted(s)) for s in (faithful, missing, wrong))
    assert bad.score < gone.score < good.score
    assert [it.text for it in bad.items if it.status == "unsupported"] == ["src/marshmallow/utils.py"]
    assert next(it for it in bad.items if it.status == "unsupported").evidence.startswith("The bug is in")


def test_our_own_notices_are_not_claims():
    """A cleared tool result's notice ("1,124 tokens") and a summary's recovery hint (an
    offload id, message positions) state nothing the original should hold."""
    from tests.sessions import tool

    msgs = [*_session()[:2], asst("", [("c1", "bash", '{"cmd": "cat log"}')]), tool("c1", "x " * 500),
            *_session()[2:]]
    cleared = tool("c1", "[bash output cleared to save context (1,124 tokens). recover(id=\"off-3af2c1d4e5f6\")]")
    summary = Message.text_message("system", "Summary: the TimeDelta bug is confirmed.\n\nThe original messages "
                                             "120\u20133400 summarized here are stored as off-3af2c1d4e5f6; call "
                                             "recover(id=\"off-3af2c1d4e5f6\") to read them.", kind="summary")
    f = fidelity(msgs, [msgs[0], summary, msgs[1], msgs[2], cleared, *msgs[4:]])
    assert not [it for it in f.items if it.status == "unsupported"]
