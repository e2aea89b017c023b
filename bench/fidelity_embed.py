"""Narrative items matched by meaning (an embedding model) against lexical coverage:
the measurement issue #23 asks the choice to rest on.

Fidelity matches its narrative items (the task, requests, decisions, the current state,
the next step) to the compacted context's sentences by the share of their weighted
content words one sentence holds (`engine.fidelity._match_narrative`, lexical coverage).
The candidate tried here is wordllama's static embeddings (`TextEmbedder` below: the
cosine of an item's mean token vector to a sentence's; `pip install wordllama`, MIT, its
16 MB of weights inside the wheel, never downloaded), calibrated to a credit
linearly between two cut points LO (no credit) and HI (full credit), in three variants:

- embed: the embedding alone for narrative items (an item every word of which one
  sentence holds, coverage 1, stays credited: a quote is a quote; commands stay lexical);
- best: the better of the lexical and the embedding credit;
- blend: W * lexical credit + (1 - W) * embedding credit.

Every labelled set is measured under each option (the cut points from a grid), then:

- per set, Spearman / pairwise with the blend constants committed (`engine.fidelity_blend`);
- leaving one whole set out (bench/fidelity_fit.py's thirteen sets): the option (cut
  points, and W) and the blend constants chosen together on the other twelve, scored on
  the one left out; L15, L17 and L18, out of the fit, scored with the choice on the thirteen;
- per variant of compaction (faithful, terse, keyword_dump, ...): the mean score and gold.

    python bench/fidelity_embed.py [--quick]    # --quick: a smaller grid of cut points
    python bench/fidelity_embed.py --speed blend 0.3 0.5 0.8   # knob moves, lexical vs this option
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from inspector.engine import fidelity as measure  # noqa: E402
from tests import judged  # noqa: E402

# The static word embeddings wordllama's wheel ships (MIT): 32k tokens x 256 dimensions,
# 16 MB, read from the installed package, never downloaded.
WORDLLAMA_WEIGHTS = ("weights", "l2_supercat_256.safetensors")
WORDLLAMA_TOKENIZER = ("tokenizers", "l2_supercat_tokenizer_config.json")


class TextEmbedder:  # (not wired: the measurement said no; README, "Fidelity": "Matching by meaning")
    """Texts to unit vectors (the mean of their tokens' static embeddings, as wordllama's
    `embed` computes them), each text embedded once and kept (`cached`), and the cosine
    of every text to every other (`similarity`).

    A knob move asks about the same items and mostly the same summary sentences again:
    only the new texts are tokenized, in one batch.
    """

    def __init__(self, table: Any, tokenizer: Any, cache_size: int = 200_000) -> None:
        import numpy as np

        self._np = np
        self._table = np.ascontiguousarray(table.astype(np.float32))
        self._tokenizer = tokenizer
        self._cache: dict[str, Any] = {}
        self._cache_size = cache_size
        self._lock = threading.Lock()

    @property
    def cached(self) -> int:
        """How many texts' vectors are kept."""
        return len(self._cache)

    def embed_fresh(self, texts: list[str]) -> Any:
        """The texts' unit vectors (a float32 array, one row per text), computed now."""
        np = self._np
        out = np.zeros((len(texts), self._table.shape[1]), dtype=np.float32)
        if not texts:
            return out
        encoded = self._tokenizer.encode_batch(texts, add_special_tokens=False)
        ids = [e.ids for e in encoded]
        lengths = np.fromiter((len(i) for i in ids), dtype=np.int64, count=len(ids))
        flat = np.fromiter((t for i in ids for t in i), dtype=np.int64, count=int(lengths.sum()))
        np.clip(flat, 0, self._table.shape[0] - 1, out=flat)
        rows = lengths > 0
        if rows.any():
            starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))[rows]
            sums = np.add.reduceat(self._table[flat], starts, axis=0)
            norms = np.linalg.norm(sums, axis=1, keepdims=True)
            out[rows] = sums / np.maximum(norms, 1e-12)  # (the mean's direction: its sum's)
        return out

    def embed(self, texts: list[str]) -> Any:
        """The texts' unit vectors, the new ones computed in one batch and kept."""
        np = self._np
        with self._lock:
            missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
            if missing:
                if len(self._cache) + len(missing) > self._cache_size:
                    self._cache.clear()
                for text, vector in zip(missing, self.embed_fresh(missing), strict=True):
                    self._cache[text] = vector
            if not texts:
                return np.zeros((0, self._table.shape[1]), dtype=np.float32)
            return np.stack([self._cache[t] for t in texts])

    def similarity(self, items: list[str], sentences: list[str]) -> list[list[float]]:
        """The cosine of each of `items` to each of `sentences` (the engine's `Similarity`)."""
        if not items or not sentences:
            return [[] for _ in items]
        result: list[list[float]] = (self.embed(items) @ self.embed(sentences).T).tolist()
        return result


def load_text_embedder() -> TextEmbedder | None:
    """wordllama's bundled embeddings and tokenizer, read from its installed package
    (found without importing it: its import configures the root logger), or None when
    wordllama (or numpy, safetensors, tokenizers) is not installed."""
    spec = importlib.util.find_spec("wordllama")
    if spec is None or not spec.submodule_search_locations:
        return None
    try:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer
    except ImportError:
        return None
    for base in spec.submodule_search_locations:
        weights, tokenizer = os.path.join(base, *WORDLLAMA_WEIGHTS), os.path.join(base, *WORDLLAMA_TOKENIZER)
        if os.path.isfile(weights) and os.path.isfile(tokenizer):
            return TextEmbedder(load_file(weights)["embedding.weight"], Tokenizer.from_file(tokenizer))
    return None


def _fit_module() -> Any:
    spec = importlib.util.spec_from_file_location("fidelity_fit", ROOT / "bench" / "fidelity_fit.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["fidelity_fit"] = module  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


fit = _fit_module()
ALL_SETS = fit.ALL_SETS
OUT_OF_FIT = {name: d for name, d in ALL_SETS.items() if name not in fit.SETS}
# (variant, LO, HI, W): W only for blend.
Option = tuple[str, float, float, float]
LEXICAL: Option = ("lexical", 0.0, 0.0, 0.0)
CUTS_LO = (0.2, 0.3, 0.5)
CUTS_HI = (0.5, 0.6, 0.9)
QUICK_LO, QUICK_HI = (0.4, 0.5), (0.8,)
BLEND_W = (0.5, 0.8)

_ORIGINAL = measure._match_narrative


def _matcher(embedder: TextEmbedder, option: Option) -> Callable[..., tuple[float, str]]:
    """`_match_narrative` under `option`."""
    variant, lo, hi, w = option
    low, high = measure.LOW, measure.HIGH

    def credit_of(cos: float) -> float:
        return max(0.0, min(1.0, (cos - lo) / (hi - lo)))

    def embedded(item: str, hay: Any, sources: Any, prose_only: bool, skip: Any) -> tuple[float, str]:
        # `_match_narrative` with a `similarity`, the same answer, but `skip` asked of the
        # best sentences first until one is not skipped (as its lexical path does) rather
        # than of every sentence: the question costs (a stale plan, a quote of another).
        ws = measure._ITEM_WORDS.get(item)
        if ws is None:
            ws = measure._ITEM_WORDS.put(item, measure.words(item))
        if not ws:
            return 0.0, ""
        prose = hay.prose_sentences(prose_only)
        candidates = prose + measure._kept_sentences(ws, hay, measure._PROSE if sources is None else sources)
        if not candidates:
            return 0.0, ""
        sims = embedder.similarity([item], [c for c, _ in candidates])[0]
        for k in sorted(range(len(candidates)), key=lambda k: (-sims[k], k)):
            if skip is None or k >= len(prose) or not skip(*candidates[k]):
                # (a credit as the coverage `fidelity._credit` turns back into it)
                return low + credit_of(sims[k]) * (high - low), candidates[k][0]
        return 0.0, ""

    def match(item: str, hay: Any, similarity: Any, sources: Any = None, prose_only: bool = True,
              skip: Any = None) -> tuple[float, str]:
        lex = _ORIGINAL(item, hay, None, sources, prose_only, skip)
        if lex[0] >= 0.99:  # every word in one sentence: a quote, and a command's only way
            return lex
        emb = embedded(item, hay, sources, prose_only, skip)
        if variant == "embed":
            return emb
        if variant == "best":
            return lex if measure._credit(lex[0]) >= measure._credit(emb[0]) else emb
        lc, ec = measure._credit(lex[0]), measure._credit(emb[0])
        c = w * lc + (1 - w) * ec
        return low + c * (high - low), lex[1] if lc >= ec else emb[1]

    return match


def measure_rows(embedder: TextEmbedder | None, option: Option) -> tuple[list[Any], dict[str, float], float]:
    """Every judged item of every set measured under `option`: the fit's rows, each
    item's score with the committed constants, and the seconds it took."""
    measure.forget()
    if option != LEXICAL:
        assert embedder is not None
        measure._match_narrative = _matcher(embedder, option)  # type: ignore[assignment]
    t = time.perf_counter()
    rows, scores = [], {}
    try:
        for name, directory in ALL_SETS.items():
            for it in judged.load(directory):
                f = measure.fidelity(it.original(), it.compacted())
                contradicted = f.contradicted_statements
                rows.append(fit.Row(name, it, f.items_base, f.false_statements - contradicted, contradicted,
                                    f.recency.reach, f.narrative, f.specifics, f.stale_summary))
                scores[it.id] = f.score
    finally:
        measure._match_narrative = _ORIGINAL  # type: ignore[assignment]
        measure.forget()
    return rows, scores, time.perf_counter() - t


def per_set(rows: list[Any], params: Any) -> dict[str, dict[str, float]]:
    """Spearman / pairwise per set with the blend constants `params`."""
    return {name: fit.agreement([r for r in rows if r.set == name], params) for name in ALL_SETS}


def choose(rows_by: dict[Option, list[Any]], options: list[Option], sets: list[str]) -> tuple[Option, Any, float]:
    """The option and blend constants best on `sets` together (ties: the earlier option)."""
    best: tuple[Option, Any, float] | None = None
    for option in options:
        params = fit.choose(rows_by[option], sets)
        value = fit._objective(rows_by[option], sets, params)
        if best is None or value > best[2] + 1e-12:
            best = (option, params, value)
    assert best is not None
    return best


def leave_one_set_out(rows_by: dict[Option, list[Any]], options: list[Option]) -> dict[str, tuple[Option, Any, dict[str, float]]]:
    """Per held-out set of the fit: the choice on the others and the held-out set's figures;
    the sets out of the fit: the choice on all thirteen."""
    out = {}
    fit_sets = list(fit.SETS)
    for held in fit_sets:
        option, params, _ = choose(rows_by, options, [s for s in fit_sets if s != held])
        out[held] = (option, params, fit.agreement([r for r in rows_by[option] if r.set == held], params))
    option, params, _ = choose(rows_by, options, fit_sets)
    for held in OUT_OF_FIT:
        out[held] = (option, params, fit.agreement([r for r in rows_by[option] if r.set == held], params))
    return out


def variant_means(scores: dict[str, float], rows: list[Any]) -> dict[str, tuple[float, float, int]]:
    """Per variant of compaction: (mean score, mean gold, items)."""
    out = {}
    for v in sorted({r.item.variant or "?" for r in rows}):
        group = [r.item for r in rows if (r.item.variant or "?") == v]
        out[v] = (statistics.mean(scores[it.id] for it in group), statistics.mean(it.gold for it in group), len(group))
    return out


def check_embedder(embedder: TextEmbedder) -> str:
    """The cache against the from-scratch computation (every text it holds, in one new
    batch), and the vectors against wordllama's own `embed` (a sample)."""
    np = embedder._np
    texts = list(embedder._cache)
    cached = np.stack([embedder._cache[t] for t in texts]) if texts else np.zeros((0, 1))
    fresh = embedder.embed_fresh(texts)
    line = f"cache check: {len(texts)} texts, max |cached - fresh| {float(np.abs(cached - fresh).max(initial=0.0)):.2e}"
    try:
        import wordllama  # (its import configures the root logger: only here)
    except ImportError:
        return line
    model = wordllama.WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
    sample = [t for t in texts[:: max(1, len(texts) // 2000)] if t.strip()]
    theirs = model.embed(sample, norm=True)
    ok = ~np.isnan(theirs).any(axis=1)  # (wordllama's vector of a text without tokens is NaN, ours zeros)
    diff = float(np.abs(embedder.embed(sample)[ok] - theirs[ok]).max(initial=0.0))
    return line + f"; against wordllama's embed: {int(ok.sum())} texts, max difference {diff:.2e}"


def measure_speed(embedder: TextEmbedder, option: Option, repeats: int = 2) -> None:
    """A knob move on the 10k bench session (`fidelity_bench.measure_speed`), lexical and
    under `option` in turn, `repeats` times (the machine is shared: compare within a
    run). The embeddings are forgotten with the measure's per-text memos before the
    moves, so each move embeds its new sentences (the items' and the kept messages'
    sentences too: an upper bound)."""
    sys.path.insert(0, str(ROOT / "bench"))
    import data
    import fidelity_bench

    from inspector.engine import make_counter

    session = data.big_session()
    counter = make_counter(model=session.model)
    forget = measure.forget

    def forget_embeddings_too(*, texts: bool = False) -> None:
        forget(texts=texts)
        if texts:
            embedder._cache.clear()

    keys = ("replan_median_ms", "fidelity_move_median_ms", "fidelity_revisit_median_ms")
    for _ in range(repeats):
        for current in (LEXICAL, option):
            measure.forget(texts=True)
            if current != LEXICAL:
                measure._match_narrative = _matcher(embedder, current)  # type: ignore[assignment]
                measure.forget = forget_embeddings_too  # type: ignore[assignment]
            try:
                figures = fidelity_bench.measure_speed(session, counter)
            finally:
                measure._match_narrative = _ORIGINAL  # type: ignore[assignment]
                measure.forget = forget  # type: ignore[assignment]
            print(current, {k: figures[k] for k in keys}, flush=True)


def _fmt(a: dict[str, float]) -> str:
    return f"{a['spearman']:.3f} / {a['pairwise_accuracy']:.3f}"


def main(argv: list[str] | None = None) -> int:
    """Measure every option, print the tables."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="a smaller grid of cut points")
    ap.add_argument("--lo", type=float, nargs="+", help="the LO cut points tried (default CUTS_LO)")
    ap.add_argument("--hi", type=float, nargs="+", help="the HI cut points tried (default CUTS_HI)")
    ap.add_argument("--w", type=float, nargs="+", help="blend's lexical weights W tried (default BLEND_W)")
    ap.add_argument("--speed", nargs=4, metavar=("VARIANT", "LO", "HI", "W"),
                    help="time knob moves on the 10k session instead, lexical against this option")
    ap.add_argument("--variants", nargs="+", default=["embed", "best", "blend"], help="which variants (and lexical)")
    args = ap.parse_args(argv)
    t = time.perf_counter()
    embedder = load_text_embedder()
    print(f"embedder loaded in {time.perf_counter() - t:.3f} s" if embedder else "wordllama is not installed")
    if embedder is None:
        return 1
    if args.speed:
        variant, lo, hi, w = args.speed
        measure_speed(embedder, (variant, float(lo), float(hi), float(w)))
        return 0
    los, his = (QUICK_LO, QUICK_HI) if args.quick else (args.lo or CUTS_LO, args.hi or CUTS_HI)
    ws = args.w or BLEND_W
    cuts = [(lo, hi) for lo in los for hi in his if hi > lo]
    families: dict[str, list[Option]] = {
        "lexical": [LEXICAL],
        "embed": [("embed", lo, hi, 0.0) for lo, hi in cuts],
        "best": [("best", lo, hi, 0.0) for lo, hi in cuts],
        "blend": [("blend", lo, hi, w) for lo, hi in cuts for w in ws],
    }
    families = {k: v for k, v in families.items() if k == "lexical" or k in args.variants}
    rows_by: dict[Option, list[Any]] = {}
    scores_by: dict[Option, dict[str, float]] = {}
    for options in families.values():
        for option in options:
            rows_by[option], scores_by[option], seconds = measure_rows(embedder, option)
            print(f"measured {option} in {seconds:.1f} s ({embedder.cached} texts embedded so far)", flush=True)
    print(check_embedder(embedder))
    committed = fit.committed()
    print("\nper set, the committed blend constants (no refit): spearman / pairwise")
    print("option | " + " | ".join(ALL_SETS))
    for option in rows_by:
        figures = per_set(rows_by[option], committed)
        print(f"{option} | " + " | ".join(_fmt(figures[s]) for s in ALL_SETS))
    print("\nleave one set out (option and blend chosen on the other fit sets; L15/L17/L18 with the choice on all 13)")
    summary = {}
    for family, options in families.items():
        folds = leave_one_set_out(rows_by, options)
        inner = [folds[s][2] for s in fit.SETS]
        sp = [a["spearman"] for a in inner]
        pw = [a["pairwise_accuracy"] for a in inner]
        summary[family] = folds
        print(f"-- {family}: mean {statistics.mean(sp):.3f} / {statistics.mean(pw):.3f}, min {min(sp):.3f} / {min(pw):.3f}")
        for held, (option, params, a) in folds.items():
            print(f"   {held:6s} {_fmt(a)}   chose {option} {params}")
    print("\nper variant of compaction, the committed blend constants: mean score (gold)")
    chosen = {family: summary[family]["L15"][0] for family in families}  # (the choice on all thirteen)
    for label, sets in (("all sets", list(ALL_SETS)), *((name, [name]) for name in OUT_OF_FIT)):
        print(f"- {label}\nvariant | gold | " + " | ".join(f"{f} {chosen[f][1:]}" for f in families))
        means_by = {f: variant_means(scores_by[chosen[f]], [r for r in rows_by[chosen[f]] if r.set in sets])
                    for f in families}
        for v, (_, gold, n) in means_by["lexical"].items():
            print(f"{v} ({n}) | {gold:.3f} | " + " | ".join(f"{means_by[f][v][0]:.3f}" for f in families))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
