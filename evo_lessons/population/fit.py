"""The selection coefficient that best explains a frequency series, with a 95% interval.

``fit_selection(frame, dominance=None)`` reads a series of samples (columns ``generation``,
``count``, ``sample``: in each generation's sample of ``sample`` individuals or gene copies,
``count`` carried the focal allele or showed its form) and fits the one-locus model of
:mod:`~evo_lessons.population.locus`:

* **The model.** The focal allele's frequency follows the deterministic recursion from its
  frequency at the first sample (``initial``); each sample is a binomial draw from the share it
  counts. Drift is left out: the populations worth fitting (moths of a county, finches of an
  island, bacteria of a flask) are large, and what makes the interval wide is the few animals
  sampled, not the few born.
* **Two unknowns.** ``s`` (selection) and ``initial`` (where the series starts). ``initial`` is
  a nuisance parameter: for every ``s`` it is set to its own best value (the profile
  likelihood), so the interval for ``s`` allows for not knowing where the series began.
* **The interval: profile likelihood.** The 95% interval holds every ``s`` whose profile
  log-likelihood is within 1.92 (half the 95% point of chi-squared with 1 degree of freedom)
  of the best. Chosen over a parametric bootstrap because it costs one pass over a grid rather
  than hundreds of refits (a lesson fits live), it is not symmetric where the likelihood is not
  (near 0 or 1, the usual case for a series nearing fixation), and its coverage is checked on
  simulated series in the tests. A side on which no ``s`` is ruled out (a series that tells
  only "strong") is reported as -1 or infinity.
* **How it is found.** numpy only: a grid over ``log(1 + s)`` from -5 to 3 (s from -0.993 to
  19) and over ``logit(initial)`` from -14 to 14, every trajectory of the grid run at once,
  then finer grids around the best point and each end of the interval (to about 1e-4 in s).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from numbers import Real
from typing import Any, SupportsInt, cast

import numpy as np

from .locus import counted_kind, dominance_coefficient, next_frequency, share_shown

#: half the 95% point of chi-squared(1): the profile likelihood's drop at the interval's ends
DROP_95 = 1.920729410347062
#: the longest series a fit follows, in generations (the cost grows with it)
MAX_SPAN = 2_000
#: the most rows a series may have
MAX_ROWS = 2_000

_R_GRID = np.linspace(-5.0, 3.0, 241)  # log(1 + s)
_L_GRID = np.linspace(-14.0, 14.0, 113)  # logit(initial)
_TINY = 1e-12


@dataclass(frozen=True)
class SelectionFit:
    """A fit: ``s`` with its 95% ``interval``, the fitted start and the fitted trajectory."""

    s: float
    interval: tuple[float, float]
    initial: float  # the focal allele's fitted frequency at the first sample
    dominance: float | None  # h, or None for haploid
    counted: str  # "allele" or "phenotype"
    log_likelihood: float
    observed: np.ndarray = field(repr=False)  # generation, count, sample (one row each)
    generations: np.ndarray = field(repr=False)  # every generation from the first to the last
    trajectory: np.ndarray = field(repr=False)  # the fitted share counted, at each of those
    method: str = "profile likelihood"

    @property
    def fitted(self) -> np.ndarray:
        """The fitted share at each sampled generation."""
        return self.trajectory[self.observed[:, 0].astype(int) - int(self.generations[0])]

    def frame(self):
        """The fitted trajectory as a pandas DataFrame (generation, fitted_share)."""
        import pandas as pd

        return pd.DataFrame({"generation": self.generations, "fitted_share": self.trajectory})

    def __str__(self) -> str:
        lo, hi = self.interval
        model = "haploid" if self.dominance is None else f"diploid, h = {self.dominance:g}"
        return (
            f"s = {self.s:.3f} per generation (95% interval {lo:.3f} to {hi:.3f}, {self.method}; "
            f"{model}; {len(self.observed)} samples)"
        )


def fit_selection(frame: Any, dominance: object = None, counted: object = None) -> SelectionFit:
    """The maximum-likelihood selection coefficient of a frequency series, with its interval.

    Args:
        frame: a pandas DataFrame (or a mapping of equal-length sequences) with columns
            ``generation`` (whole numbers, increasing), ``count`` and ``sample`` (whole
            numbers, ``0 <= count <= sample``, ``sample >= 1``); at least two rows.
        dominance: None (haploid), ``"recessive"``, ``"additive"``, ``"dominant"`` or ``h``
            from 0 to 1: how the focal allele shows in a heterozygote.
        counted: ``"allele"`` or ``"phenotype"``; None counts the form for a dominant or
            recessive allele (moths are scored by colour) and alleles otherwise.

    ``s`` is the focal allele's selection coefficient per generation (``w(AA) = 1 + s``; negative
    when it is selected against). Bad input raises ValueError with a sentence saying what is
    wrong.
    """
    h = dominance_coefficient(dominance)
    kind = counted_kind(counted, h)
    data = _series(frame)
    start = int(data[0, 0])
    steps = (data[:, 0] - start).astype(np.int64)
    counts, samples = data[:, 1], data[:, 2]

    def loglik(r: np.ndarray, logit: np.ndarray) -> np.ndarray:
        """Log-likelihood of every (r, logit) pair (broadcast together)."""
        r, logit = np.broadcast_arrays(r, logit)
        s = np.expm1(r)
        p = 1.0 / (1.0 + np.exp(-logit))
        total = np.zeros(p.shape)
        row = 0
        for t in range(int(steps[-1]) + 1):
            while row < len(steps) and steps[row] == t:
                shown = np.clip(share_shown(p, h, kind), _TINY, 1 - _TINY)
                total += counts[row] * np.log(shown) + (samples[row] - counts[row]) * np.log1p(
                    -shown
                )
                row += 1
            if t < steps[-1]:
                p = next_frequency(p, s, h)
        return total

    def profile(r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The best log-likelihood over the start for each r, and that start (logit)."""
        r = np.atleast_1d(r)
        values = loglik(r[:, None], _L_GRID[None, :])
        best = _L_GRID[np.argmax(values, axis=1)]
        width = _L_GRID[1] - _L_GRID[0]
        for _ in range(2):  # finer grids around each r's best start
            local = best[:, None] + np.linspace(-width, width, 21)[None, :]
            values = loglik(r[:, None], local)
            index = np.argmax(values, axis=1)
            best = local[np.arange(len(r)), index]
            width /= 10
        return values[np.arange(len(r)), index], best

    coarse, _ = profile(_R_GRID)
    top = int(np.argmax(coarse))
    step = _R_GRID[1] - _R_GRID[0]
    r_hat, best = _R_GRID[top], coarse[top]
    for _ in range(3):  # finer grids around the best r
        local = np.clip(r_hat + np.linspace(-step, step, 21), _R_GRID[0], _R_GRID[-1])
        values, _ = profile(local)
        r_hat, best = local[int(np.argmax(values))], float(values.max())
        step /= 10
    _, logit_hat = profile(np.array([r_hat]))
    cut = best - DROP_95
    lower = _edge(profile, r_hat, cut, -1)
    upper = _edge(profile, r_hat, cut, +1)
    initial = float(1.0 / (1.0 + math.exp(-logit_hat[0])))
    s_hat = float(math.expm1(r_hat))
    p = np.empty(int(steps[-1]) + 1)
    p[0] = initial
    for t in range(len(p) - 1):
        p[t + 1] = next_frequency(p[t], s_hat, h)
    return SelectionFit(
        s=s_hat,
        interval=(lower, upper),
        initial=initial,
        dominance=h,
        counted=kind,
        log_likelihood=best,
        observed=data,
        generations=np.arange(start, start + len(p)),
        trajectory=share_shown(p, h, kind),
    )


def _edge(profile, r_hat: float, cut: float, direction: int) -> float:
    """Where the profile falls to ``cut`` on one side of the best r, as an s (or -1 / inf).

    Steps out from the best r by distances growing geometrically (1e-5 to the grid's end), so
    a sharp peak between two points of the coarse grid is not stepped over, then narrows the
    crossing down.
    """
    limit = _R_GRID[-1] if direction > 0 else _R_GRID[0]
    open_end = math.inf if direction > 0 else -1.0
    span = abs(limit - r_hat)
    if span <= 1e-5:
        return open_end
    points = r_hat + direction * np.geomspace(1e-5, span, 60)
    values, _ = profile(points)
    below = np.flatnonzero(values < cut)
    if not below.size:
        return open_end
    inside = r_hat if below[0] == 0 else points[below[0] - 1]
    outside = points[below[0]]
    for _ in range(3):  # the crossing lies between inside and outside: narrow it down
        points = np.linspace(inside, outside, 11)
        values, _ = profile(points)
        first_out = int(np.argmax(values < cut))
        if first_out == 0:  # the grid's own rounding: keep the bracket found so far
            break
        inside, outside = points[first_out - 1], points[first_out]
    return float(math.expm1((inside + outside) / 2))


def _series(frame: Any) -> np.ndarray:
    """The series as an (n, 3) float array of generation, count, sample, checked."""
    if isinstance(frame, Mapping):
        columns = frame
    elif hasattr(frame, "columns") and hasattr(frame, "__getitem__"):
        columns = {name: frame[name] for name in frame.columns}
    else:
        raise ValueError(
            "give the series as a table (a pandas DataFrame or a dict) with columns generation, "
            f"count and sample, not a {type(frame).__name__}"
        )
    missing = [c for c in ("generation", "count", "sample") if c not in columns]
    if missing:
        raise ValueError(
            f"the series needs the columns generation, count and sample; {', '.join(missing)} "
            "is missing"
        )
    data = []
    for name in ("generation", "count", "sample"):
        values = list(columns[name])
        if len(values) > MAX_ROWS:
            raise ValueError(f"a series has at most {MAX_ROWS:,} rows")
        for value in values:
            if not (isinstance(value, Real) and not isinstance(value, bool)) or not (
                # (every Real converts with int(); typeshed's numbers.Real does not declare it)
                math.isfinite(value) and float(value) == int(cast(SupportsInt, value))
            ):
                raise ValueError(
                    f"every {name} is a whole number; found {str(value)[:30]!r} (a missing "
                    "sample size cannot be guessed: leave the row out)"
                )
        data.append(values)
    if len({len(v) for v in data}) != 1:
        raise ValueError("the columns generation, count and sample must have the same length")
    array = np.array(data, dtype=np.float64).T
    if len(array) < 2:
        raise ValueError("a fit needs at least two samples, at two different generations")
    generation, count, sample = array.T
    if np.any(np.diff(generation) <= 0):
        raise ValueError("generations must increase from row to row, each one once")
    if generation[-1] - generation[0] > MAX_SPAN:
        raise ValueError(f"a series may span at most {MAX_SPAN:,} generations")
    if np.any(sample < 1):
        raise ValueError("every sample counted at least one individual (sample >= 1)")
    if np.any((count < 0) | (count > sample)):
        raise ValueError("every count lies between 0 and its sample size")
    return array


__all__ = ["DROP_95", "SelectionFit", "fit_selection"]
