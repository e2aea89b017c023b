"""The meaning checks a knob move runs again on the sentences of the last one keep what
each sentence gave (per sentence, and per session state where the answer reads the
session): each answer, asked warm in any order and after other sentences, equals the
answer from scratch (every memo forgotten: `fidelity.forget`), on the labelled items'
sessions and the sentences of their compactions."""

from __future__ import annotations

import random

import pytest

from inspector.engine import fidelity as fid
from inspector.engine.content import content_model, sentences
from inspector.engine.fidelity_claims import call_claims
from inspector.engine.fidelity_outcomes import result_claims
from tests import judged


@pytest.fixture(scope="module")
def items():
    return [it for d in (judged.L11, judged.L12, judged.L13, None) for it in judged.load(d)]


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


def test_call_claims_kept_per_sentence_answer_as_from_scratch(items):
    """What a sentence says of the session's calls is kept per sentence; the range's end
    (`horizon`) is applied after: each horizon's answer, warm, equals it from scratch."""
    rng = random.Random(11)
    claimed = 0
    for serial, it in enumerate(items, start=2 * 10**6):
        original = it.original()
        model = content_model(original)
        said = [s for m in it.compacted() for s in sentences(m.text)]
        horizons = sorted({len(original) - 1, len(original) // 2, rng.randrange(len(original))})

        def claims(ss, horizon):
            return call_claims(ss, original, serial, horizon, model.step_failed, model.result_of)

        fid.forget()
        cold = {h: claims(said, h) for h in horizons}
        claimed += sum(map(len, cold.values()))
        for h in rng.sample(horizons, len(horizons)):  # warm: the horizons in another order
            shuffled = rng.sample(said, len(said))
            warm = claims(shuffled, h)
            assert claims(said, h) == cold[h], it.id
            fid.forget()
            assert warm == claims(shuffled, h), it.id
    fid.forget()
    assert claimed  # (some labelled summaries name a call with a number it was never made with)
