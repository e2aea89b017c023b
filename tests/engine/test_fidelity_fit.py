"""The blend's committed constants (`engine.fidelity_blend`) are what bench/fidelity_fit.py
fits across the labelled sets, and leaving each whole set out keeps every set above a floor."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from inspector.engine import fidelity_blend
from tests import judged

_SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "fidelity_fit.py"
_HAVE_SETS = all(any(d.glob("items-*.jsonl")) for d in judged.sets("fit", "study").values())


def _bench_module(name: str = "fidelity_fit"):
    """A script of bench/ as a module (bench/ is no package)."""
    spec = importlib.util.spec_from_file_location(name, _SCRIPT.with_name(f"{name}.py"))
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def mean_of(folds: dict, key: str) -> float:
    """The mean of the held-out sets' `key` figure."""
    return sum(a[key] for _, a, _ in folds.values()) / len(folds)


@pytest.mark.slow  # every item of the sixteen sets measured once (~40 s)
@pytest.mark.skipif(not _HAVE_SETS, reason="the labelled sets are not there")
def test_the_committed_constants_are_the_fit_and_each_held_out_set_holds():
    fit = _bench_module()
    rows = fit.measure(fit.ALL_SETS)  # (the fit and the first folds read the thirteen SETS among them)
    assert fit.fit(rows) == fit.committed() == (fidelity_blend.RECENCY, fidelity_blend.NARRATIVE,
                                                 fidelity_blend.UNSUPPORTED, fidelity_blend.CONTRADICTED,
                                                 fidelity_blend.FALSE_FLOOR, fidelity_blend.SPECIFICS)
    folds = {held: (params, a, before) for held, params, a, before in fit.leave_one_set_out(rows)}
    # Measured (session 5, ten sets, L9-L11 among them): held out, Spearman 0.45 (L10) to 0.92
    # (L1+L2), mean 0.704 against 0.682 for the items' score alone; pairwise 0.75 to 1.00.
    # (Seven sets, before L9-L11 came: 0.67 to 0.92, mean 0.770.) Session 6, with the claims
    # the original contradicts (`fidelity_claims`) weighed apart: 0.67 (L7) to 0.92, mean
    # 0.757; pairwise 0.85 to 1.00, mean 0.914. With session 6's blind sets (twelve sets:
    # L12 0.457 and L13 0.608 held out before the counts, versions and units that are no
    # made-up values): 0.59 (L12) to 0.92, mean 0.740; pairwise 0.76 to 1.00, mean 0.897;
    # with ids in capitals and digits as values: 0.61 (L12) to 0.92, mean 0.743 / 0.901.
    # Session 7 (paraphrases credited from a tenth of an item's words; a count of a total
    # the original gives is no made-up value; kind weights chosen leaving each set out,
    # bench/fidelity_weights.py): 0.64 (L12) to 0.93, mean 0.766; pairwise 0.82 to 1.00, mean 0.918.
    # With session 7's blind set L14 (thirteen sets; L14 0.373 held out as it came): after its
    # framework template, labels and boilerplate decisions are read as such and a size or a
    # model name's version is no made-up value: 0.64 (L12, L14) to 0.93, mean 0.756; pairwise
    # 0.82 to 1.00, mean 0.911. Session 8, errors about meaning flagged (`fidelity_bindings`,
    # `fidelity_outcomes`): 0.65 (L12) to 0.93, mean 0.762 (L14 0.733); pairwise 0.815 to 1.00, mean 0.913.
    # Session 9, more errors about meaning (labels, errors' files, commands' words, results of
    # other calls, swapped choices) and the newest request weighed as five: 0.686 (L10) to
    # 0.93, mean 0.785; pairwise 0.852 to 1.00, mean 0.928.
    assert min(a["spearman"] for _, a, _ in folds.values()) >= 0.62
    assert min(a["pairwise_accuracy"] for _, a, _ in folds.values()) >= 0.80
    assert mean_of(folds, "spearman") >= 0.75 and mean_of(folds, "pairwise_accuracy") >= 0.90
    mean = sum(a["spearman"] for _, a, _ in folds.values()) / len(folds)
    before = sum(b["spearman"] for _, _, b in folds.values()) / len(folds)
    assert mean > before
    # Session 10: L15, L17 and L18 (blind as they came, development data since) held out too,
    # sixteen folds. Measured: Spearman 0.427 (L17) to 0.918, mean 0.748 (0.742 before the
    # outcomes aligned with steps, `fidelity_slots`); pairwise 0.729 (L17) to 1.00, mean 0.907
    # (0.901). Session 12 (an error stated word for word kept, numbers swapped between a list's
    # named entries flagged, a stale summary weighed: `fidelity_blend.CUT_LOST`): 0.445 (L17) to
    # 0.91, mean 0.759; pairwise 0.760 to 1.00, mean 0.910. Session 14 (a family of numbered
    # files and a count "of them" no made-up statements: L17's two flagged faithful summaries):
    # 0.581 (L17) to 0.91, mean 0.768; pairwise 0.793 (L15) to 1.00, mean 0.917; with a person's
    # full name the session never has flagged (L17's planted swap of the key figures): 0.630
    # (L15) to 0.91, mean 0.773; pairwise 0.793 (L15) to 1.00, mean 0.919; with a conversation
    # forwarded as a user's turn an observation (L15's sleep-time agents): 0.645 (L15) to 0.91,
    # mean 0.773; pairwise 0.807 (L15) to 1.00, mean 0.920; with "before anything is cancelled"
    # a step denied (L8's stale summary): mean 0.778 / 0.921. Session 15 (Letta's envelopes, a
    # slash command's arguments, aider's, smolagents' and OpenHands' turns read as theirs, a name
    # put in a file that does not define it, a file said unchanged that its last change went
    # into): 0.657 (L17) to 0.92, mean 0.790; pairwise 0.855 (L10) to 1.00, mean 0.931. Session
    # 16 (a task quoted and cut short keeps half its credit, a copy of the task states no next
    # step: `fidelity_quotes`): mean 0.798; pairwise mean 0.936; with an error said in a
    # summary's own words kept, a path one word of a prose sentence, the agent's latest decision
    # weighed three, a harness's numbered reminder no request and a call stated with an
    # identifier it never had contradicted: 0.665 (L17) to 0.94, mean 0.806; pairwise 0.877 (L12)
    # to 1.00, mean 0.939. Session 17 (values stated for another entity of the same sort,
    # `fidelity_swaps`: L17's stop-loss and take-profit given each other's values): 0.678 (L17)
    # to 0.94, mean 0.807; pairwise 0.877 (L12) to 1.00, mean 0.940. Session 18 (errors kept by
    # a quote of their message, a dense "Next:" plan read as a plan, a stale summary's steps not
    # credited through the range's start, errors that say only that something failed no items):
    # 0.687 (L15, L17) to 0.94, mean 0.813; pairwise 0.874 (L15) to 1.00, mean 0.944. Guards a
    # little below those figures (0.68 / 0.87, 0.81 / 0.94).
    every = {held: a for held, _, a, _ in fit.leave_one_set_out(rows, fit.ALL_SETS)}
    assert len(every) == 16
    assert min(a["spearman"] for a in every.values()) >= 0.68
    assert min(a["pairwise_accuracy"] for a in every.values()) >= 0.87
    assert sum(a["spearman"] for a in every.values()) / 16 >= 0.81
    assert sum(a["pairwise_accuracy"] for a in every.values()) / 16 >= 0.94
    # The stale summary's factor is what leaving each of the sixteen sets out chooses
    # (bench/fidelity_cut.py; session 12: every fold chose 0.85).
    cut = _bench_module("fidelity_cut")
    chosen = [factor for factor, _, _ in cut.leave_one_set_out(rows, list(fit.ALL_SETS)).values()]
    assert chosen.count(fidelity_blend.CUT_LOST) >= len(chosen) - 1 and fidelity_blend.CUT_LOST < 1.0
