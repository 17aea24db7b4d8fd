"""The intervals every number of games in the package is reported with.

Games (their balance reports), the benchmarks, the class-results tools and the lessons all
quote shares of games "with a 95% interval"; they use :func:`wilson`, so the same numbers give
the same interval everywhere. A measure of a class's games (a share, or a mean of counts) gets
its interval from :func:`measure_interval`, which pooling's comparison table and the teacher's
live page both call: a count that is never negative gets a lower bound clipped at 0 in both.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

#: numbers within this of 0 print as 0 (a sum of floats that should be 0)
TINY = 1e-9

#: the two-sided 95% point of the standard normal distribution
Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95% by default): good near 0 and 1, where the
    plain ``p ± z sqrt(p(1-p)/n)`` runs past the ends. ``successes`` may count a shared win as a
    fraction. With no trials the share is unknown: NaN to NaN."""
    if n == 0:
        return (math.nan, math.nan)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def t_quantile(df: int, z: float = Z95) -> float:
    """Student's t quantile (two-sided 95% by default), by Hill's expansion in 1/df.

    Exact to three decimals from 3 degrees of freedom up (4.303 at 2 is given exactly), which
    is all an interval drawn on a bar needs, without scipy.
    """
    if df < 1:
        return math.nan
    exact = {1: 12.706, 2: 4.303}
    if df in exact and abs(z - Z95) < 1e-9:
        return exact[df]
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% t interval (NaN bounds for fewer than two values)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n < 2:
        return (mean, math.nan, math.nan)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(n - 1) * sd / math.sqrt(n)
    return (mean, mean - half, mean + half)


def _zero_if_tiny(x: float) -> float:
    return 0.0 if abs(x) < TINY else x


def measure_interval(values: Iterable[Any], share: bool) -> dict[str, float]:
    """``n``, ``value``, ``low`` and ``high`` of one measure over a class's games.

    A share (1 = won, 0 = not) gets Wilson's interval; any other measure the mean and Student's
    t interval, whose lower bound is clipped at 0 when no value is negative (a count of
    habitats, tokens or events cannot be below 0, so neither can its interval). Missing values
    (None, NaN) are left out; NaN where nothing is known.
    """
    clean = [float(v) for v in values if v is not None and v == v]
    if share:
        low, high = wilson(sum(clean), len(clean))
        mean = sum(clean) / len(clean) if clean else math.nan
    else:
        mean, low, high = mean_interval(clean)
        if clean and min(clean) >= 0 and low == low:
            low = max(0.0, low)
    mean, low, high = (_zero_if_tiny(x) for x in (mean, low, high))
    return {"n": len(clean), "value": mean, "low": low, "high": high}
