"""The meaning checks a knob move runs again on the sentences of the last one keep what
each sentence gave (per sentence, and per session state where the answer reads the
session): each answer, asked warm in any order and after other sentences, equals the
answer from scratch (every memo forgotten: `fidelity.forget`), on the labelled items'
sessions and the sentences of their compactions."""

from __future__ import annotations

import random

import pytest

from inspector.engine import fidelity as fid
from inspector.engine.content import sentences
from inspector.engine.fidelity_outcomes import result_claims
from tests import judged


@pytest.fixture(scope="module")
def items():
    return [it for d in (judged.L12, judged.L13, None) for it in judged.load(d)]


def test_result_claims_kept_per_sentence_answer_as_from_scratch(items):
    rng = random.Random(7)
    claimed = 0
    for serial, it in enumerate(items, start=10**6):
        original = it.original()
        said = [s for m in it.compacted() for s in sentences(m.text)]
        fid.forget()
        cold = result_claims(said, original, serial)
        claimed += len(cold)
        # warm: other sentences of the same session first, then these in another order and again
        result_claims(rng.sample(said, len(said) // 2), original, serial)
        shuffled = rng.sample(said, len(said))
        warm = result_claims(shuffled, original, serial)
        fid.forget()
        assert warm == result_claims(shuffled, original, serial), it.id
        assert result_claims(said, original, serial) == cold, it.id
        # (another state of the session: its answers are its own)
        assert result_claims(said, original[:-1], serial) == result_claims(said, original[:-1], serial + 1), it.id
    fid.forget()
    assert claimed  # (some labelled summaries quote a result as another call's: the memo holds answers)
