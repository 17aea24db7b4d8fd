"""One locus, haploid or diploid with dominance, against population-genetics theory.

The deterministic recursion is checked against the genotype-by-genotype count of the textbook
(``p' = (p^2 w11 + p q w12) / w_bar``), the Wright-Fisher draw against its exact expectation and
the exact fixation probability of its Markov chain, each with a 99.9% interval.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evo_lessons.population.locus import (
    Locus,
    allele_from_share,
    dominance_coefficient,
    next_frequency,
    share_shown,
    trajectory,
)

from .stats import Z999, binomial_interval


def textbook_diploid(p: float, w11: float, w12: float, w22: float) -> float:
    """Hardy-Weinberg zygotes, survival by genotype, then the allele share among survivors."""
    q = 1 - p
    zygotes = {"AA": p * p, "Aa": 2 * p * q, "aa": q * q}
    survivors = {"AA": zygotes["AA"] * w11, "Aa": zygotes["Aa"] * w12, "aa": zygotes["aa"] * w22}
    copies_of_a = 2 * survivors["AA"] + survivors["Aa"]
    return copies_of_a / (2 * sum(survivors.values()))


@settings(max_examples=40, deadline=None, database=None, derandomize=True)
@given(
    p=st.floats(min_value=0.0, max_value=1.0),
    s=st.floats(min_value=-0.95, max_value=5.0),
    h=st.floats(min_value=0.0, max_value=1.0),
)
def test_the_diploid_recursion_is_the_textbooks_p2_w11_plus_pq_w12_over_mean_fitness(p, s, h):
    expected = textbook_diploid(p, 1 + s, 1 + h * s, 1.0)
    assert float(next_frequency(p, s, h)) == pytest.approx(expected, rel=1e-12, abs=1e-15)


@settings(max_examples=20, deadline=None, database=None, derandomize=True)
@given(p=st.floats(min_value=0.0, max_value=1.0), s=st.floats(min_value=-0.95, max_value=5.0))
def test_the_haploid_default_is_the_worlds_law_p_times_one_plus_s_over_one_plus_s_p(p, s):
    assert float(next_frequency(p, s)) == pytest.approx(p * (1 + s) / (1 + s * p), rel=1e-12)


def test_dominance_words_and_numbers_give_h_and_anything_else_is_refused():
    assert dominance_coefficient(None) is None
    assert [dominance_coefficient(w) for w in ("recessive", "additive", "dominant")] == [0, 0.5, 1]
    assert dominance_coefficient(0.25) == 0.25
    for bad in ("dominantish", 1.5, -0.1, float("nan"), True, [1]):
        with pytest.raises(ValueError, match="dominance"):
            dominance_coefficient(bad)


def test_a_dominant_allele_shows_in_one_minus_q_squared_and_a_recessive_in_p_squared():
    assert share_shown(0.3, 1.0, "phenotype") == pytest.approx(1 - 0.7**2)
    assert share_shown(0.3, 0.0, "phenotype") == pytest.approx(0.09)
    assert share_shown(0.3, 1.0, "allele") == pytest.approx(0.3)
    assert allele_from_share(1 - 0.7**2, "dominant") == pytest.approx(0.3)
    assert allele_from_share(0.09, "recessive") == pytest.approx(0.3)


def test_the_recessive_light_allele_hides_in_dark_heterozygotes_and_never_quite_disappears():
    # dark (dominant) favoured by s = 0.2 for 200 generations, starting at 1% of gene copies
    light_diploid = 1 - trajectory(0.01, 0.2, 200, "dominant", counted="allele")[-1]
    light_haploid = 1 - trajectory(0.01, 0.2, 200)[-1]
    assert light_haploid < 1e-10  # gone, for any practical purpose, without a place to hide
    # in a diploid the light allele falls only about as 1/(s t): still a few percent
    assert 0.01 < light_diploid < 0.05
    dark_moths = trajectory(0.01, 0.2, 200, "dominant")[-1]  # the phenotype: 1 - q^2
    assert dark_moths > 0.998 and light_diploid > 0.01


def test_selection_against_a_dominant_allele_is_fast_and_against_a_recessive_one_slow():
    # the same selection against the focal allele, from the same start: a dominant allele is
    # seen (and removed) in every carrier; a recessive one only in the rare homozygotes
    dominant = trajectory(0.5, -0.3, 50, "dominant", counted="allele")[-1]
    recessive = trajectory(0.5, -0.3, 50, "recessive", counted="allele")[-1]
    assert dominant < 0.03 < 0.05 < recessive


@settings(max_examples=10, deadline=None, database=None, derandomize=True)
@given(
    s=st.floats(min_value=-0.5, max_value=1.0),
    p=st.floats(min_value=0.05, max_value=0.95),
    h=st.sampled_from(["recessive", "additive", "dominant", 0.2]),
)
def test_one_wright_fisher_generation_draws_2n_copies_around_the_diploid_recursion(s, p, h):
    size = 100_000
    locus = Locus(size=size, initial=p, s=s, dominance=h, seed=int(1e6 * (s + 1 + 2 * p)))
    start = locus.frequency
    expected = float(next_frequency(start, s, dominance_coefficient(h)))
    locus.step()
    error = Z999 * math.sqrt(expected * (1 - expected) / (2 * size))
    assert abs(locus.frequency - expected) <= error


def exact_fixation(size: int, s: float, h: float | None, copies: int) -> float:
    """Fixation probability from the Wright-Fisher chain itself (absorbing Markov chain)."""
    n = size if h is None else 2 * size
    states = np.arange(n + 1)
    chosen = next_frequency(states / n, s, h)
    log_choose = np.array(
        [math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) for k in states]
    )
    with np.errstate(divide="ignore", invalid="ignore"):  # rows 0 and n are replaced below
        log_p, log_q = np.log(chosen)[:, None], np.log1p(-chosen)[:, None]
        exponent = log_choose[None, :] + states[None, :] * log_p + (n - states)[None, :] * log_q
    moves = np.exp(exponent)
    moves[0], moves[n] = 0.0, 0.0
    moves[0, 0] = moves[n, n] = 1.0
    inner = np.arange(1, n)
    # u = P u with u(0) = 0, u(n) = 1: solve for the transient states
    a = np.eye(n - 1) - moves[np.ix_(inner, inner)]
    u = np.linalg.solve(a, moves[inner, n])
    return float(u[copies - 1])


@pytest.mark.parametrize("h", [None, "dominant", "recessive"])
def test_a_single_new_allele_fixes_as_often_as_the_exact_wright_fisher_chain_says(h):
    size, s, replicates = 10, 0.3, 2000
    hval = dominance_coefficient(h)
    copies = 1
    n = size if hval is None else 2 * size
    expected = exact_fixation(size, s, hval, copies)
    fixed = 0
    for seed in range(replicates):
        locus = Locus(size=size, initial=copies / n, s=s, dominance=h, seed=seed)
        while not locus.fixed_or_lost:
            locus.step()
        fixed += locus.frequency == 1.0
    lo, hi = binomial_interval(replicates, expected)
    assert lo <= fixed <= hi, (h, fixed, expected)


def test_bad_settings_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="above -1"):
        Locus(size=10, initial=0.5, s=-1.0)
    with pytest.raises(ValueError, match="size"):
        Locus(size=0, initial=0.5, s=0.1)
    with pytest.raises(ValueError, match="initial"):
        Locus(size=10, initial=1.5, s=0.1)
    with pytest.raises(ValueError, match="phenotype"):
        trajectory(0.5, 0.1, 10, 0.3, counted="phenotype")
