"""Sampling a fleet of sessions, and what a sample says about the whole fleet.

    positions, strata, design = draw_sample(population=10_000_000, size=10_000, seed=1, sizes=sizes)
    estimate = estimate_total(design, strata, values)     # values[k]: figure of positions[k]
    estimate.value, estimate.low, estimate.high

Two designs, both without replacement and reproducible from the seed:

- uniform: a simple random sample of `size` of the `population` sessions;
- stratified (by session size): the sessions ranked by size (ties by their place in
  the source) and cut into up to `strata` groups of equal count; each group gets a
  share of the sample proportional to its count times the spread (standard
  deviation) of its sizes (Neyman allocation, the sizes standing for the figures,
  which grow with them), at least 2 so its variance can be estimated, drawn uniformly
  within it. Big sessions cost more and vary more: sampling them more narrows the
  interval of every summed figure and keeps the normal approximation honest where
  the tail is long (tests/service/test_sampling.py: 95% coverage on a log-normal
  fleet, where shares proportional to the counts covered 86%).

The estimator of a total is the stratified expansion estimator
`sum_h N_h * mean_h` (uniform: one stratum), its variance
`sum_h N_h^2 (1 - n_h/N_h) s_h^2 / n_h` (s_h^2 the sample variance in stratum h, with
the finite-population correction), and the interval the normal approximation's 95%:
`estimate ± 1.96 * sqrt(variance)`. A stratum sampled whole adds its exact sum and
no width, so a sample at least as large as the fleet gives the exact totals with
zero width.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile
DEFAULT_STRATA = 4
DESIGNS = ("stratified", "uniform")
METHOD = ("expansion estimator of the total (stratified: sum over strata of count × sample mean), "
          "95% CI by the normal approximation with the finite-population correction")


@dataclass(frozen=True)
class Stratum:
    """One group of sessions of similar size: how many there are, how many were drawn,
    and the sizes it spans (None: sizes unknown)."""

    population: int
    sample: int
    smallest: int | None = None
    largest: int | None = None


@dataclass(frozen=True)
class SampleDesign:
    """How a sample was drawn; enough to read its estimates."""

    method: str  # "uniform" or "stratified"
    population: int
    size: int
    seed: int
    strata: tuple[Stratum, ...]
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The sample's description as a JSON-ready dict."""
        out: dict[str, Any] = {"method": self.method, "population": self.population, "size": self.size,
                               "seed": self.seed, "estimator": METHOD,
                               "strata": [{"population": s.population, "sample": s.sample, "smallest": s.smallest,
                                           "largest": s.largest} for s in self.strata]}
        if self.note:
            out["note"] = self.note
        return out

    def describe(self) -> str:
        """One line: the sample's size, method and seed."""
        how = (f"stratified by session size ({len(self.strata)} strata, Neyman allocation by size)"
               if self.method == "stratified" else "uniform")
        return (f"sample of {self.size:,} of {self.population:,} sessions, {how}, seed {self.seed}"
                + (f" ({self.note})" if self.note else ""))


@dataclass(frozen=True)
class Estimate:
    """An estimated total and its 95% confidence interval (`value ± half_width`)."""

    value: float
    half_width: float

    @property
    def low(self) -> float:
        """The interval's lower end."""
        return self.value - self.half_width

    @property
    def high(self) -> float:
        """The interval's upper end."""
        return self.value + self.half_width

    def to_dict(self) -> dict[str, float]:
        """The estimate and its interval as a JSON-ready dict, rounded."""
        return {"estimate": round(self.value, 6), "low": round(self.low, 6), "high": round(self.high, 6)}


def _spread(values: Sequence[int]) -> float:
    """Standard deviation (population form) of `values`."""
    mean = math.fsum(values) / len(values)
    return math.sqrt(math.fsum((v - mean) ** 2 for v in values) / len(values))


def _allocate(counts: Sequence[int], size: int, weights: Sequence[float]) -> list[int]:
    """`size` split over strata of `counts` in proportion to `weights` (largest
    remainders), each stratum at least 2 (or all of it) and at most its count."""
    total = math.fsum(weights)
    exact = [min(c, size * w / total) for c, w in zip(counts, weights)]
    alloc = [min(c, max(min(2, c), math.floor(e))) for c, e in zip(counts, exact)]
    order = sorted(range(len(counts)), key=lambda h: (-(exact[h] - math.floor(exact[h])), h))
    while sum(alloc) < size:
        grew = False
        for h in order:
            if sum(alloc) >= size:
                break
            if alloc[h] < counts[h]:
                alloc[h] += 1
                grew = True
        if not grew:
            break
    while sum(alloc) > size:  # the minimum of 2 took more than the weighted share
        above = [k for k in range(len(alloc)) if alloc[k] > min(2, counts[k])]
        if not above:
            break
        alloc[max(above, key=lambda k: (alloc[k] - exact[k], k))] -= 1
    return alloc


def draw_sample(population: int, size: int, *, seed: int, sizes: Sequence[int] | None = None,
                design: str = "stratified", strata: int = DEFAULT_STRATA,
                ) -> tuple[list[int], list[int], SampleDesign]:
    """A sample of positions 0..population-1.

    Args:
        population: how many sessions the fleet has.
        size: how many to draw (at least the population: all of them).
        seed: the random generator's seed (the same seed, the same sample).
        sizes: each session's size (any measure that grows with its cost), for the
            stratified design; None falls back to uniform (said in the design's note).
        design: "stratified" or "uniform".
        strata: at most this many strata.

    Returns:
        (the drawn positions in increasing order, each one's stratum index, the design).
    """
    if size < 1:
        raise ValueError("--sample: give at least 1 session")
    if design not in DESIGNS:
        raise ValueError(f"--sample-design {design!r}: use {' or '.join(DESIGNS)}")
    note = ""
    if design == "stratified" and sizes is None:
        design, note = "uniform", "the source gives no session sizes without reading every session"
    rng = random.Random(seed)
    if size >= population:  # the whole fleet: one stratum, its exact sums
        groups = [list(range(population))]
    elif design == "stratified":
        assert sizes is not None
        ranked = sorted(range(population), key=lambda p: (sizes[p], p))
        h_count = max(1, min(strata, size // 2, population))
        groups = [ranked[h * population // h_count:(h + 1) * population // h_count] for h in range(h_count)]
    else:
        groups = [list(range(population))]
    weights = [float(len(g)) for g in groups]
    if len(groups) > 1 and sizes is not None:
        # Neyman allocation, the spread of sizes standing for the figures' spread
        weights = [len(g) * _spread([sizes[p] for p in g]) for g in groups]
        if not any(weights):
            weights = [float(len(g)) for g in groups]
    alloc = _allocate([len(g) for g in groups], min(size, population), weights)
    chosen: list[tuple[int, int]] = []
    layers = []
    for h, (group, n_h) in enumerate(zip(groups, alloc)):
        picked = group if n_h >= len(group) else rng.sample(group, n_h)
        chosen.extend((p, h) for p in picked)
        span = ((sizes[group[0]], sizes[group[-1]]) if len(groups) > 1 and sizes is not None
                else (None, None))
        layers.append(Stratum(len(group), n_h, *span))
    chosen.sort()
    return ([p for p, _ in chosen], [h for _, h in chosen],
            SampleDesign(design, population, len(chosen), seed, tuple(layers), note))


def estimate_total(design: SampleDesign, strata: Sequence[int], values: Sequence[float]) -> Estimate:
    """The fleet's total of a figure from its values on the sample.

    Args:
        design: the sample's design (`draw_sample`).
        strata: each sampled session's stratum index.
        values: the figure on each sampled session (same order as `strata`).

    Returns:
        The estimate and the half-width of its 95% interval (0 for a stratum sampled whole).
    """
    by: list[list[float]] = [[] for _ in design.strata]
    for h, v in zip(strata, values):
        by[h].append(v)
    total = 0.0
    variance = 0.0
    for layer, ys in zip(design.strata, by):
        n_h, big_n = len(ys), layer.population
        if n_h == 0:
            continue
        if n_h >= big_n:
            total += sum(ys)  # exact (summed in the sample's order, as the sweep sums): all replayed
            continue
        mean = math.fsum(ys) / n_h
        total += big_n * mean
        if n_h > 1:
            s2 = math.fsum((y - mean) ** 2 for y in ys) / (n_h - 1)
            variance += big_n * big_n * (1 - n_h / big_n) * s2 / n_h
    return Estimate(total, Z95 * math.sqrt(variance))
