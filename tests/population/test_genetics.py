"""The model against population genetics: known results, each checked with a 99.9% interval.

Sizes and replicate counts are modest (the whole file runs in a few seconds) but the intervals
are exact (binomial) or honest (standard errors from independent replicates or batch means).
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from evo_lessons.population import Population, evolve

from .stats import Z999, batch_means_interval, binomial_interval, mean_interval

#: Adaptation cards: (number, shape sides, colour score); under the "number" challenge only
#: the number matters, so colour is a neutral marker and number 4 beats number 3 by one step
BEST = (4, 3, 1)


def run_until_absorbed(population: Population, column: int, limit: int = 10_000) -> float:
    while 0 < population.frequencies[column] < 1 and population.generation < limit:
        population.step()
    return population.frequencies[column]


def test_a_new_neutral_variant_fixes_with_probability_one_over_n():
    size, replicates = 20, 2000
    fixed = 0
    for seed in range(replicates):
        population = Population(
            "adaptation",
            size=size,
            mutation_rate=0.0,
            selection=1.0,
            seed=seed,
            challenge="number",
            start=[[size - 1, [4, 3, 1]], [1, [4, 3, 2]]],  # one new colour: neutral here
        )
        column = 4 + 4 + 1  # colour score 2
        fixed += run_until_absorbed(population, column) == 1.0
    lo, hi = binomial_interval(replicates, 1 / size)
    assert lo <= fixed <= hi, f"{fixed} of {replicates} fixed; expected {lo}..{hi} for p = 1/N"


def heterozygosity(frequencies: np.ndarray, world_sizes) -> np.ndarray:
    """1 - sum p^2 per trait, averaged over traits, for each generation."""
    out, start = [], 0
    for k in world_sizes:
        p = frequencies[:, start : start + k]
        out.append(1 - (p**2).sum(axis=1))
        start += k
    return np.mean(out, axis=0)


def test_under_drift_alone_heterozygosity_decays_as_one_minus_one_over_n_per_generation():
    size, generations, replicates = 40, 40, 300
    residuals = {t: [] for t in (10, 20, 40)}
    for seed in range(replicates):
        result = evolve(
            "adaptation",
            size=size,
            generations=generations,
            mutation_rate=0.0,
            selection=0.0,
            seed=seed,
            start="random",
        )
        h = heterozygosity(result.frequencies, result.world.sizes)
        for t in residuals:  # E[H_t | H_0] = H_0 (1 - 1/N)^t for a haploid Wright-Fisher
            residuals[t].append(h[t] - h[0] * (1 - 1 / size) ** t)
    for t, values in residuals.items():
        lo, hi = mean_interval(values)
        assert lo <= 0 <= hi, f"generation {t}: mean H_t - H_0(1-1/N)^t in [{lo:.4f}, {hi:.4f}]"


@settings(max_examples=12, deadline=None, database=None, derandomize=True)
@given(
    selection=st.floats(min_value=0.02, max_value=2.0),
    p=st.floats(min_value=0.05, max_value=0.95),
)
def test_one_generation_of_selection_follows_p_times_one_plus_s_over_one_plus_s_p(selection, p):
    size = 200_000
    fitter = round(p * size)
    population = Population(
        "adaptation",
        size=size,
        mutation_rate=0.0,
        selection=selection,
        seed=int(selection * 1e6) ^ int(p * 1e6),
        challenge="number",
        start=[[fitter, [4, 3, 1]], [size - fitter, [3, 3, 1]]],
    )
    p0 = fitter / size
    s = math.exp(selection) - 1  # one mismatch step: relative fitness 1 + s
    expected = p0 * (1 + s) / (1 + s * p0)
    population.step()
    observed = population.frequencies[3]  # number 4
    error = Z999 * math.sqrt(expected * (1 - expected) / size)
    assert abs(observed - expected) <= error, (p0, s, observed, expected)


def test_mutation_selection_balance_is_near_mu_over_s():
    mu, s = 1e-3, 0.1
    selection = -math.log(1 - s)  # a missing way of coping costs s of fitness
    result = evolve(
        "niche",
        size=20_000,
        generations=1200,
        mutation_rate=mu,
        selection=selection,
        seed=12,
        environment="deep_sea",
        start=[1] * 8,
    )
    needed = [0, 3, 5, 7]  # cold, darkness, scarce food, water
    lacking = np.mean([result.frequencies[200:, 2 * k] for k in needed], axis=0)
    q = 0.0  # the deterministic haploid recursion, back-mutation included
    for _ in range(5000):
        q = q * (1 - s) / (1 - s * q)
        q = q * (1 - mu) + (1 - q) * mu
    lo, hi = batch_means_interval(lacking)
    assert lo <= q <= hi, f"equilibrium {q:.5f} outside [{lo:.5f}, {hi:.5f}]"
    assert abs(lacking.mean() - mu / s) < 0.15 * mu / s


def test_with_selection_off_trait_frequencies_show_no_trend():
    replicates, generations = 50, 60
    for game in ("climate", "niche", "adaptation", "adapt_or_die"):
        changes = []
        for seed in range(replicates):
            result = evolve(
                game,
                size=200,
                generations=generations,
                mutation_rate=0.01,
                selection=0.0,
                seed=seed,
                start="random",
            )
            changes.append(result.frequencies[-1] - result.frequencies[0])
        changes = np.array(changes)
        for column in range(changes.shape[1]):  # 4 standard errors: many columns at once
            lo, hi = mean_interval(changes[:, column], z=4.0)
            assert lo <= 0 <= hi, (game, result.columns[column], lo, hi)


def test_with_selection_on_the_same_check_finds_the_trend():
    changes = []
    for seed in range(20):
        result = evolve(
            "climate",
            size=200,
            generations=60,
            mutation_rate=0.01,
            selection=1.0,
            seed=seed,
            start="random",
            temperature=1,  # cell 29 is tundra: value 4
        )
        changes.append(result.frequency("body", 4)[-1] - result.frequency("body", 4)[0])
    lo, _ = mean_interval(changes, z=4.0)
    assert lo > 0.3


@settings(max_examples=6, deadline=None, database=None, derandomize=True)
@given(kind=st.sampled_from(["uniform", "step"]), seed=st.integers(0, 2**32))
def test_mutation_is_blind_to_the_environment(kind, seed):
    runs = [
        evolve(
            "climate",
            size=300,
            generations=30,
            mutation_rate=0.05,
            selection=0.0,
            seed=seed,
            mutation=kind,
            temperature=t,
        )
        for t in (1, 5)
    ]
    assert np.array_equal(runs[0].frequencies, runs[1].frequencies)


def test_uniform_mutation_picks_every_other_value_equally_often():
    size = 30_000
    population = Population("climate", size=size, mutation_rate=1.0, selection=0.0, seed=5)
    population.step()  # everyone was 1-1-1; every gene mutated once
    lo, hi = binomial_interval(size, 1 / 3)
    for column in (1, 2, 3, 5, 6, 7, 9, 10, 11):
        count = round(population.frequencies[column] * size)
        assert lo <= count <= hi


def test_step_mutation_moves_one_value_up_or_down_equally_often():
    size = 30_000
    population = Population(
        "climate",
        size=size,
        mutation_rate=1.0,
        selection=0.0,
        seed=6,
        mutation="step",
        start=[2, 2, 2],
    )
    population.step()
    lo, hi = binomial_interval(size, 1 / 2)
    for gene in range(3):
        f = population.frequencies[4 * gene : 4 * gene + 4] * size
        assert f[1] == 0 and f[3] == 0  # never stays, never jumps two
        assert lo <= round(f[0]) <= hi
