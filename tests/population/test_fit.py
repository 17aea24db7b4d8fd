"""fit_selection: the maximum-likelihood s of a frequency series and its profile interval."""

from __future__ import annotations

import numpy as np
import pytest

from evo_lessons.population import fit_selection
from evo_lessons.population.locus import allele_from_share, trajectory


def simulated(s, initial, generations, sample, dominance, rng):
    """A series as fit_selection assumes it: the deterministic path, binomial samples."""
    shares = trajectory(initial, s, generations[-1], dominance)[generations]
    return {
        "generation": list(generations),
        "count": rng.binomial(sample, shares).tolist(),
        "sample": [sample] * len(generations),
    }


@pytest.mark.parametrize(
    ("s", "initial", "dominance", "replicates", "seed"),
    [(0.2, 0.1, None, 100, 1), (-0.15, 0.6, "dominant", 80, 2)],
)
def test_the_95_percent_interval_covers_the_true_s_at_least_90_percent_of_nominal(
    s, initial, dominance, replicates, seed
):
    # 11 samples of 50 over 20 generations; coverage must be >= 0.9 x 0.95 = 0.855 (with 80
    # replicates a true 95% falls below that with probability under 1e-3)
    rng = np.random.default_rng(seed)
    generations = list(range(0, 21, 2))
    covered = 0
    for _ in range(replicates):
        fit = fit_selection(simulated(s, initial, generations, 50, dominance, rng), dominance)
        covered += fit.interval[0] <= s <= fit.interval[1]
    assert covered / replicates >= 0.855, covered


def test_a_long_well_sampled_series_recovers_s_closely():
    rng = np.random.default_rng(5)
    fit = fit_selection(simulated(0.1, 0.3, list(range(40)), 2000, None, rng))
    assert fit.interval[0] < 0.1 < fit.interval[1]
    assert fit.interval[1] - fit.interval[0] < 0.05
    assert abs(fit.initial - 0.3) < 0.03


def test_the_american_moth_decline_gives_about_0_14_against_the_dominant_dark_form():
    # above 90% dark in 1959, 6% in 2001 (Grant & Wiseman 2002); one generation a year
    fit = fit_selection(
        {"generation": [1959, 2001], "count": [90, 6], "sample": [100, 100]}, "dominant"
    )
    assert fit.s == pytest.approx(-0.139, abs=0.002)
    lo, hi = fit.interval
    assert lo < fit.s < hi < 0
    assert fit.initial == pytest.approx(allele_from_share(0.9, "dominant"), abs=0.005)
    assert fit.trajectory[0] == pytest.approx(0.9, abs=0.005)
    assert fit.trajectory[-1] == pytest.approx(0.06, abs=0.005)
    assert len(fit.trajectory) == len(fit.generations) == 43
    assert list(fit.fitted) == [fit.trajectory[0], fit.trajectory[-1]]


def test_the_interval_is_not_forced_to_be_symmetric():
    fit = fit_selection({"generation": [0, 10], "count": [5, 45], "sample": [50, 50]})
    lo, hi = fit.interval
    assert abs((hi - fit.s) - (fit.s - lo)) > 0.01


def test_a_series_that_only_says_strong_leaves_the_interval_open_above():
    fit = fit_selection({"generation": [0, 1, 2], "count": [0, 50, 50], "sample": [50] * 3})
    assert fit.interval[1] == float("inf")


def test_a_dataframe_works_like_a_dict():
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"generation": [0, 5, 10], "count": [10, 20, 35], "sample": [50] * 3})
    assert fit_selection(frame).s == pytest.approx(fit_selection(frame.to_dict(orient="list")).s)


@pytest.mark.parametrize(
    ("series", "words"),
    [
        ({"generation": [0, 1], "count": [1, 2]}, "sample is missing"),
        ({"generation": [0], "count": [1], "sample": [5]}, "at least two"),
        ({"generation": [1, 0], "count": [1, 2], "sample": [5, 5]}, "increase"),
        ({"generation": [0, 1], "count": [1, 6], "sample": [5, 5]}, "between 0"),
        ({"generation": [0, 1], "count": [1, 2], "sample": [5, float("nan")]}, "whole number"),
        ({"generation": [0, 1.5], "count": [1, 2], "sample": [5, 5]}, "whole number"),
        ({"generation": [0, 1], "count": [1, "2"], "sample": [5, 5]}, "whole number"),
        ({"generation": [0, 1], "count": [0, 0], "sample": [0, 5]}, "at least one"),
        ({"generation": [0, 1], "count": [1], "sample": [5, 5]}, "same length"),
        ({"generation": [0, 5000], "count": [1, 2], "sample": [5, 5]}, "span"),
        ("0,1,2", "table"),
    ],
)
def test_bad_series_are_refused_with_a_sentence(series, words):
    with pytest.raises(ValueError, match=words):
        fit_selection(series)


def test_bad_dominance_is_refused():
    with pytest.raises(ValueError, match="dominance"):
        fit_selection({"generation": [0, 1], "count": [1, 2], "sample": [5, 5]}, "strong")


def test_the_interval_holds_the_estimate_and_narrows_as_samples_grow():
    # a sharp likelihood peak between two points of the coarse grid must not be stepped over
    widths = []
    for sample in (100, 1_000, 10_000):
        series = {
            "generation": [1959, 2001],
            "count": [90 * sample // 100, 6 * sample // 100],
            "sample": [sample, sample],
        }
        fit = fit_selection(series, "dominant")
        lo, hi = fit.interval
        assert lo < fit.s < hi
        widths.append(hi - lo)
    assert widths[0] > 2 * widths[1] > 4 * widths[2]


def test_the_numbers_lesson_07_and_its_plan_quote_for_michigan():
    # 90 of 100 dark in 1959, 6 of 100 in 2001 (samples of 100 assumed, as the lesson says)
    fit = fit_selection(
        {"generation": [1959, 2001], "count": [90, 6], "sample": [100, 100]}, "dominant"
    )
    lo, hi = fit.interval
    assert (f"{-fit.s:.2f}", f"{-hi:.2f}", f"{-lo:.2f}") == ("0.14", "0.11", "0.17")
