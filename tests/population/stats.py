"""Exact and large-sample intervals for the population-genetics tests (no scipy needed).

Each test states a known result, runs seeded replicates, and checks that the observed value lies
inside an interval that holds with probability >= 99.9% if the model is right. The seeds are
fixed, so a test passes or fails the same way every time; the interval says the seed was not
picked to pass.
"""

from __future__ import annotations

import math

import numpy as np

#: two-sided 99.9% normal quantile
Z999 = 3.29


def binomial_interval(n: int, p: float, level: float = 0.999) -> tuple[int, int]:
    """The central ``level`` acceptance region [lo, hi] of a Binomial(n, p) count (exact)."""
    tail = (1 - level) / 2
    log_p, log_q = math.log(p), math.log1p(-p)
    pmf = [
        math.exp(
            math.lgamma(n + 1)
            - math.lgamma(k + 1)
            - math.lgamma(n - k + 1)
            + k * log_p
            + (n - k) * log_q
        )
        for k in range(n + 1)
    ]
    below, lo = 0.0, 0
    while below + pmf[lo] <= tail:
        below += pmf[lo]
        lo += 1
    above, hi = 0.0, n
    while above + pmf[hi] <= tail:
        above += pmf[hi]
        hi -= 1
    return lo, hi


def mean_interval(samples: np.ndarray, z: float = Z999) -> tuple[float, float]:
    """mean +- z standard errors of independent samples (the CLT interval)."""
    samples = np.asarray(samples, dtype=float)
    half = z * samples.std(ddof=1) / math.sqrt(samples.size)
    return samples.mean() - half, samples.mean() + half


#: two-sided 99.9% quantile of Student's t with 19 degrees of freedom (20 batch means)
T999_19 = 3.883


def batch_means_interval(series: np.ndarray, batches: int = 20, z: float = T999_19):
    """mean +- t standard errors of an autocorrelated series, from the means of 20 long batches
    (each much longer than the correlation time, so the batch means are nearly independent)."""
    series = np.asarray(series, dtype=float)
    usable = series[: series.size // batches * batches]
    return mean_interval(usable.reshape(batches, -1).mean(axis=1), z)
