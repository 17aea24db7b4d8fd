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
* **Drift, when asked for.** ``population_size=N`` replaces the deterministic path by a
  Wright-Fisher hidden Markov model: the allele's frequency is a hidden state on a grid (even
  steps of ``asin(sqrt(p))``, where drift's spread is the same at every frequency), each
  generation moves it by selection and then spreads it as drift does in ``N`` individuals
  (``2N`` gene copies, or ``N`` if haploid; a normal approximation on the grid, fixation and loss
  absorbing), and each sample is a binomial draw from the state's share. The likelihood of a
  series is summed over every path the frequency could have taken (the backward algorithm,
  which gives it for every start at once, so the start is still profiled out). The grid has
  up to 401 states: drift smaller than one grid step (populations above about 8,000) is treated
  as one step's worth, which widens the interval a little (errs on the safe side). Without
  ``population_size`` the model is the deterministic one above: it assumes the population is
  so large that chance changes in its allele frequency are small beside the sampling error.
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

from evo_lessons.i18n import pgettext

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
#: the longest series a drift fit follows, in generations
MAX_DRIFT_SPAN = 500
#: the method of a fit with drift (a field's value; translated when the fit is shown)
DRIFT_METHOD = "profile likelihood with drift (Wright-Fisher hidden Markov model)"
#: the most grid states of the drift model's hidden frequency
_MAX_STATES = 401


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
    population_size: int | None = None  # N of the drift model, or None (no drift)
    #: the start each end of the interval fits best (its own profile), nan for an open end: a
    #: line drawn for an end of the interval starts here, not at the best fit's start
    interval_initials: tuple[float, float] = (math.nan, math.nan)

    @property
    def fitted(self) -> np.ndarray:
        """The fitted share at each sampled generation."""
        return self.trajectory[self.observed[:, 0].astype(int) - int(self.generations[0])]

    def frame(self):
        """The fitted trajectory as a pandas DataFrame (generation, fitted_share)."""
        import pandas as pd

        return pd.DataFrame({"generation": self.generations, "fitted_share": self.trajectory})

    def __str__(self) -> str:
        """The fit in a line, in the current language (``method`` stays a field's value)."""
        lo, hi = self.interval
        if self.dominance is None:
            model = pgettext("population fit: the model", "haploid")
        else:
            model = pgettext(
                "population fit: the model; h is the dominance coefficient", "diploid, h = {h}"
            ).format(h=f"{self.dominance:g}")
        if self.population_size is not None:
            model += pgettext(
                "population fit: the model; {n} is a number such as 1,000",
                "; drift in {n} individuals",
            ).format(n=f"{self.population_size:,}")
        methods = {
            "profile likelihood": pgettext("population fit: the method", "profile likelihood"),
            DRIFT_METHOD: pgettext(
                "population fit: the method",
                "profile likelihood with drift (Wright-Fisher hidden Markov model)",
            ),
        }
        return pgettext(
            "population fit; s is the selection coefficient, {lo} and {hi} the interval's ends, "
            "{method} and {model} the words above, {n} a number",
            "s = {s} per generation (95% interval {lo} to {hi}, {method}; {model}; {n} samples)",
        ).format(
            s=f"{self.s:.3f}",
            lo=f"{lo:.3f}",
            hi=f"{hi:.3f}",
            method=methods.get(self.method, self.method),
            model=model,
            n=len(self.observed),
        )


def _trajectory(initial: float, s: float, h: float | None, generations: int) -> np.ndarray:
    """The focal allele's frequency from ``initial`` over ``generations`` steps of the locus
    model: the best fit's line, drawn the same way with or without drift."""
    p = np.empty(generations + 1)
    p[0] = initial
    for t in range(generations):
        p[t + 1] = next_frequency(p[t], s, h)
    return p


def fit_selection(
    frame: Any,
    dominance: object = None,
    counted: object = None,
    population_size: object = None,
) -> SelectionFit:
    """The maximum-likelihood selection coefficient of a frequency series, with its interval.

    Args:
        frame: a pandas DataFrame (or a mapping of equal-length sequences) with columns
            ``generation`` (whole numbers, increasing), ``count`` and ``sample`` (whole
            numbers, ``0 <= count <= sample``, ``sample >= 1``); at least two rows.
        dominance: None (haploid), ``"recessive"``, ``"additive"``, ``"dominant"`` or ``h``
            from 0 to 1: how the focal allele shows in a heterozygote.
        counted: ``"allele"`` or ``"phenotype"``; None counts the form for a dominant or
            recessive allele (moths are scored by colour) and alleles otherwise.
        population_size: None (no drift: the deterministic model) or ``N``, the (effective)
            number of individuals, 2 or more: the fit then allows for genetic drift in a
            Wright-Fisher population of ``N`` (see the module's notes). Slower: about a second
            for a series of a few dozen generations.

    ``s`` is the focal allele's selection coefficient per generation (``w(AA) = 1 + s``; negative
    when it is selected against). Bad input raises ValueError with a sentence saying what is
    wrong.
    """
    h = dominance_coefficient(dominance)
    kind = counted_kind(counted, h)
    data = _series(frame)
    size = _check_population_size(population_size)
    start = int(data[0, 0])
    steps = (data[:, 0] - start).astype(np.int64)
    counts, samples = data[:, 1], data[:, 2]
    if size is not None:
        if steps[-1] > MAX_DRIFT_SPAN:
            raise ValueError(
                pgettext(
                    "population fit error",
                    "a fit with drift follows at most {most} generations; this series spans {n}",
                ).format(most=MAX_DRIFT_SPAN, n=int(steps[-1]))
            )
        return _fit_with_drift(data, steps, h, kind, size)

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

    r_hat, best, lower, upper = _search(profile, _R_GRID)
    _, logit_hat = profile(np.array([r_hat]))
    initial = float(1.0 / (1.0 + math.exp(-logit_hat[0])))
    ends = _finite_ends(lower, upper)
    _, logit_ends = profile(np.log1p(np.nan_to_num(ends)))
    end_starts = np.where(np.isnan(ends), np.nan, 1.0 / (1.0 + np.exp(-logit_ends)))
    s_hat = float(math.expm1(r_hat))
    p = _trajectory(initial, s_hat, h, int(steps[-1]))
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
        interval_initials=(float(end_starts[0]), float(end_starts[1])),
    )


def _finite_ends(lower: float, upper: float) -> np.ndarray:
    """The interval's ends as an array, nan where an end is open (-1 or infinity)."""
    return np.array([lower if lower > -1.0 else np.nan, upper if math.isfinite(upper) else np.nan])


def _search(profile, grid: np.ndarray, points: int = 60) -> tuple[float, float, float, float]:
    """The best r on ``grid`` refined, its profile value and the interval's ends (as s)."""
    coarse, _ = profile(grid)
    top = int(np.argmax(coarse))
    step = grid[1] - grid[0]
    r_hat, best = grid[top], float(coarse[top])
    for _ in range(3):  # finer grids around the best r
        local = np.clip(r_hat + np.linspace(-step, step, 21), _R_GRID[0], _R_GRID[-1])
        values, _ = profile(local)
        r_hat, best = local[int(np.argmax(values))], float(values.max())
        step /= 10
    cut = best - DROP_95
    lower = _edge(profile, r_hat, cut, -1, points)
    upper = _edge(profile, r_hat, cut, +1, points)
    return float(r_hat), best, lower, upper


def _edge(profile, r_hat: float, cut: float, direction: int, steps: int = 60) -> float:
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
    points = r_hat + direction * np.geomspace(1e-5, span, steps)
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


def _check_population_size(size: object) -> int | None:
    if size is None:
        return None
    if (
        isinstance(size, bool)
        or not isinstance(size, Real)
        or not math.isfinite(size)
        or float(size) != int(cast(SupportsInt, size))
        or int(cast(SupportsInt, size)) < 2
    ):
        raise ValueError(
            pgettext(
                "population fit error; keep 'population_size' and 'None' (Python words)",
                "population_size is a whole number of individuals, 2 or more (or None for no "
                "drift), not {value}",
            ).format(value=repr(str(size)[:30]))
        )
    return int(cast(SupportsInt, size))


def _normal_tail(x: np.ndarray) -> np.ndarray:
    """P(Z > x) for a standard normal Z (Abramowitz & Stegun 7.1.26, error under 1e-7)."""
    z = np.abs(x) / math.sqrt(2.0)
    t = 1.0 / (1.0 + 0.3275911 * z)
    poly = t * (
        0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))
    )
    upper = 0.5 * poly * np.exp(-z * z)  # P(Z > |x|)
    return np.where(x >= 0, upper, 1.0 - upper)


class _DriftModel:
    """The Wright-Fisher hidden Markov model of a series: its grid, samples and likelihood."""

    def __init__(self, steps, counts, samples, h, kind, size):
        self.h, self.steps = h, steps
        copies = size if h is None else 2 * size
        drift_sd = 0.5 / math.sqrt(copies)  # spread of asin(sqrt(p)) in one generation
        states = int(min(_MAX_STATES, max(61, math.ceil(1.2 * (math.pi / 2) / drift_sd) + 1)))
        self.phi = np.linspace(0.0, math.pi / 2, states)
        self.width = self.phi[1] - self.phi[0]
        self.sd = max(drift_sd, self.width)
        self.p = np.sin(self.phi) ** 2
        self.p[0], self.p[-1] = 0.0, 1.0
        shown = np.clip(share_shown(self.p, h, kind), _TINY, 1 - _TINY)
        # log-probability of each sample (rows) from each state (columns)
        self.emission = (
            counts[:, None] * np.log(shown)[None, :]
            + (samples - counts)[:, None] * np.log1p(-shown)[None, :]
        )

    def transitions(self, s: np.ndarray) -> np.ndarray:
        """(len(s), states, states): the chance of moving from state i to j in a generation."""
        moved = next_frequency(self.p[None, :], s[:, None], self.h)
        mean = np.arcsin(np.sqrt(np.clip(moved, 0.0, 1.0)))  # (n, states)
        z = (self.phi[None, None, :] - mean[:, :, None]) / self.sd
        matrix = np.exp(-0.5 * z * z) * (self.width / (self.sd * math.sqrt(2 * math.pi)))
        # the ends (loss, fixation) take all the spread beyond half a step from them
        half = 0.5 * self.width
        matrix[:, :, 0] = 1.0 - _normal_tail((half - mean) / self.sd)
        matrix[:, :, -1] = _normal_tail((self.phi[-1] - half - mean) / self.sd)
        matrix /= matrix.sum(axis=2, keepdims=True)
        matrix[:, 0, :] = 0.0  # lost and fixed alleles stay so
        matrix[:, 0, 0] = 1.0
        matrix[:, -1, :] = 0.0
        matrix[:, -1, -1] = 1.0
        return matrix

    def profile(self, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The best log-likelihood over the start for each r, and that start's state index."""
        r = np.atleast_1d(np.asarray(r, dtype=np.float64))
        values = np.empty(len(r))
        starts = np.empty(len(r), dtype=np.int64)
        for lo in range(0, len(r), 24):  # a few s at a time: each has a states x states matrix
            chunk = r[lo : lo + 24]
            matrix = self.transitions(np.expm1(chunk))
            values[lo : lo + 24], starts[lo : lo + 24] = self._backward(matrix)
        return values, starts

    def _backward(self, matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Backward algorithm: log P(every sample | start state), maximised over the start."""
        rows = len(self.steps) - 1
        log_scale = np.zeros(matrix.shape[0])
        emission = self.emission[rows]
        peak = emission.max()
        beta = np.broadcast_to(np.exp(emission - peak), matrix.shape[:2]).copy()
        log_scale += peak
        for t in range(int(self.steps[-1]) - 1, -1, -1):
            beta = np.matmul(matrix, beta[:, :, None])[:, :, 0]
            if rows > 0 and self.steps[rows - 1] == t:
                rows -= 1
                emission = self.emission[rows]
                peak = emission.max()
                beta *= np.exp(emission - peak)[None, :]
                log_scale += peak
            top = beta.max(axis=1)
            top = np.where(top > 0, top, 1.0)
            beta /= top[:, None]
            log_scale += np.log(top)
        with np.errstate(divide="ignore"):
            logs = np.log(beta) + log_scale[:, None]
        return logs.max(axis=1), np.argmax(logs, axis=1)


def _fit_with_drift(data, steps, h, kind, size) -> SelectionFit:
    """fit_selection with drift in a Wright-Fisher population of ``size`` individuals."""
    model = _DriftModel(steps, data[:, 1], data[:, 2], h, kind, size)
    r_hat, best, lower, upper = _search(model.profile, np.linspace(-5.0, 3.0, 41), points=30)
    _, start_state = model.profile(np.array([r_hat]))
    initial = float(model.p[int(start_state[0])])
    ends = _finite_ends(lower, upper)
    _, end_states = model.profile(np.log1p(np.nan_to_num(ends)))
    end_starts = np.where(np.isnan(ends), np.nan, model.p[end_states])
    s_hat = float(math.expm1(r_hat))
    p = _trajectory(initial, s_hat, h, int(steps[-1]))
    start = int(data[0, 0])
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
        method=DRIFT_METHOD,
        population_size=size,
        interval_initials=(float(end_starts[0]), float(end_starts[1])),
    )


def _series(frame: Any) -> np.ndarray:
    """The series as an (n, 3) float array of generation, count, sample, checked."""
    if isinstance(frame, Mapping):
        columns = frame
    elif hasattr(frame, "columns") and hasattr(frame, "__getitem__"):
        columns = {name: frame[name] for name in frame.columns}
    else:
        raise ValueError(
            pgettext(
                "population fit error; keep the columns' names generation, count and sample; "
                "{kind} is a Python type's name",
                "give the series as a table (a pandas DataFrame or a dict) with columns "
                "generation, count and sample, not a {kind}",
            ).format(kind=type(frame).__name__)
        )
    missing = [c for c in ("generation", "count", "sample") if c not in columns]
    if missing:
        raise ValueError(
            pgettext(
                "population fit error; keep the columns' names generation, count and sample",
                "the series needs the columns generation, count and sample; {missing} is missing",
            ).format(missing=", ".join(missing))
        )
    data = []
    for name in ("generation", "count", "sample"):
        values = list(columns[name])
        if len(values) > MAX_ROWS:
            raise ValueError(
                pgettext("population fit error", "a series has at most {most} rows").format(
                    most=f"{MAX_ROWS:,}"
                )
            )
        for value in values:
            if not (isinstance(value, Real) and not isinstance(value, bool)) or not (
                # (every Real converts with int(); typeshed's numbers.Real does not declare it)
                math.isfinite(value) and float(value) == int(cast(SupportsInt, value))
            ):
                raise ValueError(
                    pgettext(
                        "population fit error; {name} is a column's name (generation, count or "
                        "sample)",
                        "every {name} is a whole number; found {value} (a missing sample size "
                        "cannot be guessed: leave the row out)",
                    ).format(name=name, value=repr(str(value)[:30]))
                )
        data.append(values)
    if len({len(v) for v in data}) != 1:
        raise ValueError(
            pgettext(
                "population fit error; keep the columns' names",
                "the columns generation, count and sample must have the same length",
            )
        )
    array = np.array(data, dtype=np.float64).T
    if len(array) < 2:
        raise ValueError(
            pgettext(
                "population fit error",
                "a fit needs at least two samples, at two different generations",
            )
        )
    generation, count, sample = array.T
    if np.any(np.diff(generation) <= 0):
        raise ValueError(
            pgettext(
                "population fit error", "generations must increase from row to row, each one once"
            )
        )
    if generation[-1] - generation[0] > MAX_SPAN:
        raise ValueError(
            pgettext("population fit error", "a series may span at most {most} generations").format(
                most=f"{MAX_SPAN:,}"
            )
        )
    if np.any(sample < 1):
        raise ValueError(
            pgettext(
                "population fit error", "every sample counted at least one individual (sample >= 1)"
            )
        )
    if np.any((count < 0) | (count > sample)):
        raise ValueError(
            pgettext("population fit error", "every count lies between 0 and its sample size")
        )
    return array


__all__ = ["DROP_95", "MAX_DRIFT_SPAN", "SelectionFit", "fit_selection"]
