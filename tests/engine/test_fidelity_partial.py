"""A file the replacement says was read in full whose reads showed a part of it only
(`engine.fidelity_partial`; issue #23, session 17: L21's planted summary said
seller-operational-constraints.eml was "read in full" after its lines 0-199 of 425, and
scored 0.71 against the judges' 0.40 with no false statement found)."""

from __future__ import annotations

import random

import pytest

from inspector.engine import fidelity as fid
from inspector.engine.content import content_model, sentences
from inspector.engine.fidelity import fidelity
from inspector.engine.fidelity_partial import covers, partial_claims, shown_part
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user


@pytest.mark.parametrize(("text", "part"), [
    # (NeMo Gym's read, L21)
    ("[Read seller-operational-constraints.eml: showing lines 0-199 of 425. Limit applied: default 200 lines. "
     "Use offset=200, limit=200 to continue.]\n\nFrom: Patricia M. Voss", (0, 199, 425)),
    # (Inspect AI's read_file_chunk, L21's PaperBench run)
    ("File has 106 total lines. Showing lines 1 to 50.\n\n1: ## Useful details", (1, 50, 106)),
    # (SWE-agent's window)
    ("[File: /testbed/src/fields.py (372 lines total)]\n(100 more lines above)\n101:    def f():\n"
     "(172 more lines below)", (101, 200, 372)),
    ("[File: /testbed/setup.py (12 lines total)]\n1:from setuptools import setup", (1, 12, 12)),
    ("def f():\n    return 1\n", None),
    ("Found 3 matches for 'lines 1-2 of the spec'", None),
])
def test_the_part_a_read_shows_is_read_from_its_head(text, part):
    assert shown_part(text) == part


def test_parts_cover_a_file_from_its_first_line_to_its_last_with_no_gap():
    assert covers([(0, 199, 399), (200, 399, 399)])  # (L21's playbook: read in full)
    assert covers([(1, 50, 106), (51, 100, 106), (101, 106, 106)])
    assert covers([(0, 199, 425), (200, 399, 425), (400, 424, 425)])
    assert not covers([(0, 199, 425)])  # (L21's constraints e-mail)
    assert not covers([(1, 50, 106), (101, 106, 106)])
    assert not covers([(200, 399, 399)])


def _read(name: str, first: int, last: int, total: int, cid: str) -> tuple[Message, Message]:
    end = "End of file." if last >= total - 1 else f"Use offset={last + 1}, limit=200 to continue."
    return (asst("", [(cid, "read", f'{{"file_path": "{name}", "offset": {first}, "limit": 200}}')]),
            tool(cid, f"[Read {name}: showing lines {first}-{last} of {total}. Limit applied. {end}]\n\nbody"))


def _legal(*extra: Message) -> list[Message]:
    return [sys("You are a legal assistant with file tools."),
            user("Review the markup against the playbook and the constraints e-mail; write a memo."),
            *_read("constraints.eml", 0, 199, 425, "r1"), *_read("playbook.docx", 0, 199, 399, "r2"),
            *_read("playbook.docx", 200, 399, 399, "r3"), *extra,
            asst("", [("w1", "write_docx", '{"file_path": "memo.docx"}')]), tool("w1", "Written.")]


def _flagged(msgs: list[Message], summary: str) -> list[str]:
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


TASK = "Task: review the markup against the playbook and the constraints e-mail and write a memo. "


def test_a_file_said_read_in_full_after_its_first_page_is_contradicted():
    msgs = _legal()
    assert _flagged(msgs, TASK + "- constraints.eml (425 lines): read in full.") == ["constraints.eml"]
    assert _flagged(msgs, TASK + "I read constraints.eml fully; the playbook too.") == ["constraints.eml"]
    f = fidelity(msgs, [msgs[0], user(TASK + "- constraints.eml (425 lines): read in full."), *msgs[-2:]])
    (item,) = [it for it in f.items if it.status == "contradicted"]
    assert item.contradicts == "its reads showed lines 0-199 of 425 only"


def test_a_file_read_whole_a_part_said_or_a_read_ahead_is_not():
    msgs = _legal()
    for summary in (
            "- playbook.docx: read in full (399 lines).",  # (its two pages cover it)
            "- constraints.eml: only lines 0-199 of 425; not read in full yet.",
            "- constraints.eml (425 lines): the first page read; the rest is next.",
            "Next: read constraints.eml in full.",
            # (L21's faithful short summary: the whole read is the playbook's, named last before it)
            "Files: playbook.docx (the firm's positions; read in full), constraints.eml (the Voss e-mail; only its "
            "first page).",
    ):
        assert _flagged(msgs, TASK + summary) == [], summary
    # (a read that showed no part, `cat`: what it showed is not known)
    cat = (asst("", [("c1", "bash", '{"command": "cat constraints.eml"}')]), tool("c1", "From: Voss\nbody"))
    assert _flagged(_legal(*cat), TASK + "- constraints.eml (425 lines): read in full.") == []


@pytest.fixture(scope="module")
def labelled():
    return [(name, it) for name, s in judged.SETS.items() for it in judged.load(s.path)]


def _claims(it: judged.JudgedItem, serial: int, said: list[str], horizon: int) -> list[tuple[str, str, str]]:
    original = it.original()
    return [(o.text, o.sentence, o.source) for o in partial_claims(said, original, serial, horizon,
                                                                     content_model(original).result_of)]


def test_only_the_planted_incomplete_read_is_claimed_across_the_labelled_sets(labelled):
    claimed = []
    for serial, (name, it) in enumerate(labelled, start=5 * 10**6):
        for text, _, _ in _claims(it, serial, sentences(it.replacement), it.cut - 1):
            claimed.append((name, it.session, it.variant, text))
    fid.forget()
    assert claimed == [("L21", "nemo_legal_tsa_markup.json", "planted_errors", "seller-operational-constraints.eml")]


def test_partial_claims_kept_per_file_answer_as_from_scratch(labelled):
    """The calls naming a file are kept per index state and file, the range's end applied
    after; each read's part per message: warm, at any horizon, each answer equals the
    answer from scratch."""
    rng = random.Random(19)
    claimed = 0
    chosen = [(n, it) for n, it in labelled if n in ("L1+L2", "L20", "L21")]
    for serial, (_, it) in enumerate(chosen, start=6 * 10**6):
        said = [s for m in it.compacted() for s in sentences(m.text)]
        said += [f"{name} was read in full." for name in ("seller-operational-constraints.eml", "paper.md",
                                                          "addendum.md", "fields.py")]
        n = len(it.original())
        horizons = sorted({n - 1, it.cut - 1, rng.randrange(n)})
        fid.forget()
        cold = {h: _claims(it, serial, said, h) for h in horizons}
        claimed += sum(map(len, cold.values()))
        for h in rng.sample(horizons, len(horizons)):
            warm = _claims(it, serial, rng.sample(said, len(said)), h)
            assert sorted(warm) == sorted(cold[h]), it.id
    fid.forget()
    assert claimed
