"""The one interval every win share and proportion in the package is reported with.

Games (their balance reports), the benchmarks, the class-results tools and the lessons all
quote shares of games "with a 95% interval"; they use this one, so the same numbers give the
same interval everywhere.
"""

from __future__ import annotations

import math

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
