"""The probe questions of `inspector eval` (issue 11): built from the removed range
only, the same every time, and the judge's grade read robustly."""

from __future__ import annotations

import re

import pytest

from inspector.engine import preset
from inspector.engine.fidelity import words
from inspector.engine.probes import (
    CATEGORIES,
    GradeError,
    answer_prompt,
    grade_prompt,
    parse_grade,
    probes,
)
from inspector.service.opening import load_session
from inspector.service.pipeline import compact_session
from tests.conftest import SWE_AGENT

TRAJ = SWE_AGENT / "ctf_web_i_got_id_demo.traj"


@pytest.fixture(scope="module")
def compacted():
    s = load_session(TRAJ, None)
    config = preset("sagents").with_set(["summarization.trigger.context_tokens=8000"])
    return s, compact_session(s, config)


def test_probes_ask_about_what_was_removed_in_every_category(compacted):
    s, result = compacted
    ps = probes(s.messages, result.messages)
    assert [p.category for p in ps] == list(CATEGORIES)
    assert all(p.question and p.reference for p in ps)
    kept = {m.content_hash for m in result.messages}
    removed_text = " ".join(" ".join(m.text.split()) for m in s.messages if m.content_hash not in kept).lower()
    removed_args = " ".join(c.arguments_raw for m in s.messages if m.content_hash not in kept
                            for c in m.tool_calls).lower()
    removed_words = words(removed_text + " " + removed_args)
    for p in ps:
        for fact in p.reference:
            # every fact comes from the removed range (its words: a challenge's name is restated)
            assert words(fact.rsplit(" ", 1)[0]) <= removed_words, (p.category, fact)  # (a cut last word)
    by = {p.category: p for p in ps}
    assert any("i got id" in f.lower() for f in by["recall"].reference)  # the task statement
    assert "/etc/passwd" in by["artifact"].reference
    assert any(f.endswith("printenv.pl (modified)") or f.endswith("printenv.pl (created)")
               for f in by["artifact"].reference)
    # the same session and compaction give the same questions
    assert probes(s.messages, result.messages) == ps


def test_nothing_removed_nothing_asked(compacted):
    s, _ = compacted
    assert probes(s.messages, s.messages) == []


def test_the_answer_prompt_holds_the_compacted_context_not_the_original(compacted):
    s, result = compacted
    p = probes(s.messages, result.messages)[0]
    user = answer_prompt(result.messages, p)[1]["content"]
    assert user.endswith(f"Question: {p.question}")
    summary = next(m for m in result.messages if m.kind == "summary")
    assert summary.text[:200] in user
    kept = {x.content_hash for x in result.messages}
    compacted_text = "\n".join(x.text for x in result.messages)
    dropped = [m.text for m in s.messages if m.content_hash not in kept and len(m.text) > 200
               and m.text not in compacted_text]
    assert dropped and not any(text in user for text in dropped)
    grade = grade_prompt(p, "the answer")[1]["content"]
    assert all(f"- {f}" in grade for f in p.reference) and grade.endswith("Answer to grade:\nthe answer")


@pytest.mark.parametrize(("reply", "want"), [
    ('{"score": 4, "reason": "misses the path"}', (4, "misses the path")),
    ('Here is my grade:\n```json\n{"score": 2, "reason": "half"}\n```', (2, "half")),
    ('{"score": 9, "reason": "generous"}', (5, "generous")),
    ('{"score": 3.6}', (4, "")),
    ("3", (3, "")),
    ("3/5", (3, "")),
])
def test_parse_grade(reply, want):
    assert parse_grade(reply) == want


@pytest.mark.parametrize("reply", ["", "I cannot grade this", '{"score": "high"}', '{"score": true}'])
def test_a_reply_without_a_score_is_an_error(reply):
    with pytest.raises(GradeError, match="no score"):
        parse_grade(reply)


@pytest.mark.parametrize("name", ["marshmallow-1867_window100", "ctf_crypto_BabyEncryption", "humanevalfix-python-0"])
def test_facts_come_from_the_content_model_not_from_observations_or_source_lines(name):
    """Issue 23.5: an observation SWE-agent stores as a user message is no request of the
    user, and a source line a viewer shows is no error that occurred."""
    from inspector.engine.content import Kind, content_model

    s = load_session(SWE_AGENT / f"{name}.traj", None)
    keep = len(s.messages) // 3
    compacted = [s.messages[0], *s.messages[-keep:]]
    ps = {p.category: p for p in probes(s.messages, compacted)}
    observed = {" ".join(m.text.split())[:60] for m, k in zip(s.messages, content_model(s.messages).kinds, strict=True)
                if k is Kind.OBSERVATION}
    for p in ps.values():
        for fact in p.reference:
            assert not fact.startswith(("[File:", "(Open file:", "Found ", "Traceback")), (p.category, fact)
            assert " ".join(fact.split())[:60] not in observed or p.category == "continuation", (p.category, fact)
            assert not re.match(r"\s*\d+:", fact), fact  # a viewer's line: "1480: except (TypeError, …"
    assert "recall" in ps and "decision" in ps


def test_questions_are_built_from_each_sessions_own_content_model():
    """Issue #23.5: not the same template questions for every session: each names the
    session's own commands and files, and its references come from the same model."""
    def asked(name):
        s = load_session(SWE_AGENT / f"{name}.traj", None)
        cut = len(s.messages) * 2 // 3
        return {p.category: p for p in probes(s.messages, [s.messages[0], *s.messages[cut:]])}

    baby, marsh = asked("ctf_crypto_BabyEncryption"), asked("marshmallow-1867_function_calling")
    for c in CATEGORIES:
        assert c in baby and c in marsh
    assert {p.question for p in baby.values()}.isdisjoint(p.question for p in marsh.values())
    # recall: the error a named command of the session gave, graded against that error
    assert "`python decrypt.py`" in baby["recall"].question
    assert "typeerror: integer argument expected, got float" in baby["recall"].reference
    # artifact: what was done to each file; a rejected edit changed nothing
    refs = baby["artifact"].reference
    assert any(f.endswith("decrypt.py (created)") for f in refs), refs
    assert not any(f.endswith("chall.py (modified)") for f in refs), refs
    assert "`decrypt.py`" in baby["artifact"].question
    refs = marsh["artifact"].reference  # (cut before the fix: the one edit of fields.py was rejected)
    assert any(f.endswith("reproduce.py (created)") for f in refs), refs
    assert any(f.endswith("src/marshmallow/fields.py") for f in refs), refs
    # continuation: the removed range's last command is the first fact
    assert marsh["continuation"].reference[0].startswith("edit")
    # decision: tied to the step the agent concluded it from
    assert "`" in baby["decision"].question and baby["decision"].reference
