"""Samples of a fleet and the estimator of its totals (`inspector.service.sampling`),
on synthetic fleets whose true totals are known; every draw is seeded."""

from __future__ import annotations

import math
import random

import pytest

from inspector.service.sampling import draw_sample, estimate_total


def synthetic_fleet(population: int, seed: int) -> tuple[list[int], list[float]]:
    """Session sizes with a long tail (log-normal, as real fleets have) and a figure
    that grows with the size, with noise (billed tokens, say)."""
    rng = random.Random(seed)
    sizes = [int(rng.lognormvariate(8, 1.0)) + 1 for _ in range(population)]
    values = [s * rng.uniform(0.5, 1.5) + rng.uniform(0, 500) for s in sizes]
    return sizes, values


def coverage(design: str, population: int = 3000, size: int = 150, draws: int = 400) -> tuple[float, float]:
    """(share of seeded draws whose 95% interval holds the true total, mean half-width)."""
    sizes, values = synthetic_fleet(population, seed=11)
    truth = math.fsum(values)
    hits = 0
    widths = []
    for seed in range(draws):
        positions, strata, d = draw_sample(population, size, seed=seed, sizes=sizes, design=design)
        e = estimate_total(d, strata, [values[p] for p in positions])
        hits += e.low <= truth <= e.high
        widths.append(e.half_width)
    return hits / draws, sum(widths) / draws


@pytest.mark.parametrize("design", ["stratified", "uniform"])
def test_the_95_percent_interval_covers_the_true_total_about_95_percent_of_the_time(design):
    share, _ = coverage(design)
    assert 0.91 <= share <= 0.985, share


def test_strata_by_size_narrow_the_interval():
    _, stratified = coverage("stratified", draws=100)
    _, uniform = coverage("uniform", draws=100)
    assert stratified < 0.8 * uniform


def test_a_sample_as_large_as_the_fleet_is_the_fleet_exactly():
    sizes, values = synthetic_fleet(500, seed=2)
    for design in ("stratified", "uniform"):
        for size in (500, 501, 10_000):
            positions, strata, d = draw_sample(500, size, seed=1, sizes=sizes, design=design)
            assert positions == list(range(500)) and d.size == 500
            e = estimate_total(d, strata, [values[p] for p in positions])
            assert e.value == sum(values) and e.half_width == 0 and e.low == e.high == e.value


def test_draws_are_reproducible_sorted_and_allocated_to_the_spread():
    sizes, _ = synthetic_fleet(1000, seed=3)
    one = draw_sample(1000, 100, seed=9, sizes=sizes)
    assert one == draw_sample(1000, 100, seed=9, sizes=sizes)
    assert one[0] != draw_sample(1000, 100, seed=10, sizes=sizes)[0]
    positions, strata, d = one
    assert positions == sorted(set(positions)) and len(positions) == 100 == d.size
    assert [s.population for s in d.strata] == [250] * 4
    samples = [s.sample for s in d.strata]
    assert sum(samples) == 100 and min(samples) >= 2
    assert samples == sorted(samples) and samples[-1] > 40  # the long tail of big sessions sampled most
    # strata by size: each stratum's sessions are no smaller than the one before's
    for lower, upper in zip(d.strata, d.strata[1:]):
        assert lower.largest <= upper.smallest
    for p, h in zip(positions, strata):
        assert d.strata[h].smallest <= sizes[p] <= d.strata[h].largest


def test_small_samples_keep_two_per_stratum_and_unknown_sizes_fall_back_to_uniform():
    sizes, _ = synthetic_fleet(1000, seed=4)
    _, _, d = draw_sample(1000, 5, seed=1, sizes=sizes)
    assert len(d.strata) == 2 and all(s.sample >= 2 for s in d.strata) and d.size == 5
    _, _, d = draw_sample(1000, 50, seed=1, sizes=None)
    assert d.method == "uniform" and "no session sizes" in d.note and len(d.strata) == 1
    with pytest.raises(ValueError, match="at least 1"):
        draw_sample(10, 0, seed=1)
