"""One gene with two alleles: haploid (the worlds' own rule) or diploid with dominance.

The game worlds' populations are haploid (``model.py``): one copy of each trait, so a variant's
fitness is its own. Most animals and plants carry two copies of each gene, and then what
selection sees depends on **dominance**: how a heterozygote (one copy of each allele) looks. A
dark peppered moth needs only one copy of the dominant *carbonaria* allele, so when dark moths
are eaten more, the light allele hides from birds in dark heterozygotes and is never quite
removed. This module is that one locus, on its own, small enough to check against the textbook.

Fitness of the focal allele ``A`` (frequency ``p``) against the other allele ``a``
(frequency ``q = 1 - p``), with selection coefficient ``s`` (negative: selected against):

* **haploid** (``dominance=None``): ``w(A) = 1 + s``, ``w(a) = 1``, so
  ``p' = p (1 + s) / (1 + s p)``: the same law as the worlds' model with one mismatch step;
* **diploid** with dominance coefficient ``h``: ``w(AA) = 1 + s``, ``w(Aa) = 1 + h s``,
  ``w(aa) = 1``; adults mate at random (Hardy-Weinberg shares ``p^2 : 2pq : q^2`` at birth),
  selection acts on survival, and ``p' = (p^2 w(AA) + p q w(Aa)) / w_bar``. ``h`` is a word
  (``"recessive"`` 0, ``"additive"`` 0.5, ``"dominant"`` 1: the focal allele's effect shows
  fully in one copy) or a number from 0 to 1.

The Wright-Fisher version (:class:`Locus`) draws the next generation's ``N`` haploid genomes or
``2N`` gene copies binomially from ``p'``. ``s > -1`` keeps every fitness positive.
"""

from __future__ import annotations

import math
from numbers import Integral, Real

import numpy as np

from evo_lessons.i18n import pgettext

#: the dominance words and their coefficients h (the heterozygote's share of the effect)
DOMINANCE = {"recessive": 0.0, "additive": 0.5, "dominant": 1.0}

#: what a sample may count: gene copies of the focal allele, or individuals showing its form
COUNTED = ("allele", "phenotype")


def dominance_coefficient(dominance: object) -> float | None:
    """``h`` for a dominance word or number, or None for haploid (ValueError otherwise)."""
    if dominance is None:
        return None
    if isinstance(dominance, str):
        if dominance in DOMINANCE:
            return DOMINANCE[dominance]
        raise ValueError(
            pgettext(
                "population error; keep 'dominance' and 'None' (Python words); {words} are words "
                "Python takes",
                "dominance is one of {words}, a number from 0 to 1, or None (haploid), not {value}",
            ).format(words=", ".join(DOMINANCE), value=repr(dominance[:30]))
        )
    if isinstance(dominance, Real) and not isinstance(dominance, bool):
        h = float(dominance)
        if math.isfinite(h) and 0.0 <= h <= 1.0:
            return h
    raise ValueError(
        pgettext(
            "population error; keep 'dominance' and 'None' (Python words)",
            "dominance is a number from 0 to 1 (0 recessive, 0.5 additive, 1 dominant), a word, "
            "or None for haploid, not {value}",
        ).format(value=repr(str(dominance)[:30]))
    )


def counted_kind(counted: object, h: float | None) -> str:
    """What a sample counts, ``"allele"`` or ``"phenotype"`` (None: the natural choice).

    A dominant or recessive allele is seen through its form (moths are scored dark or light),
    so None means ``"phenotype"`` there and ``"allele"`` otherwise (haploids: the two agree).
    """
    if counted is None:
        return "phenotype" if h in (0.0, 1.0) else "allele"
    if counted not in COUNTED:
        raise ValueError(
            pgettext(
                "population error; keep 'counted', 'allele' and 'phenotype' (Python words)",
                "counted is 'allele' or 'phenotype', not {value}",
            ).format(value=repr(str(counted)[:30]))
        )
    if counted == "phenotype" and h is not None and h not in (0.0, 1.0):
        raise ValueError(
            pgettext(
                "population error",
                "a phenotype can be counted only when the allele is dominant or recessive: with "
                "partial dominance the heterozygotes form a third kind; count alleles instead",
            )
        )
    return str(counted)


def next_frequency(p, s, h: float | None = None):
    """The focal allele's frequency after one generation of selection (numpy, vectorised)."""
    p = np.asarray(p, dtype=np.float64)
    if h is None:
        return p * (1 + s) / (1 + s * p)
    q = 1 - p
    w_aa, w_het = 1 + s, 1 + h * s
    mean = p * p * w_aa + 2 * p * q * w_het + q * q
    return (p * p * w_aa + p * q * w_het) / mean


def share_shown(p, h: float | None, counted: str):
    """The share a sample counts, for focal allele frequency ``p`` (at Hardy-Weinberg)."""
    p = np.asarray(p, dtype=np.float64)
    if counted == "allele" or h is None:
        return p
    if h == 1.0:  # a dominant allele shows in AA and Aa
        return 1 - (1 - p) ** 2
    return p * p  # a recessive one only in AA


def allele_from_share(share: float, dominance: object = None, counted: object = None) -> float:
    """The focal allele's frequency at Hardy-Weinberg that shows ``share`` in a sample."""
    h = dominance_coefficient(dominance)
    kind = counted_kind(counted, h)
    if not (isinstance(share, Real) and 0.0 <= float(share) <= 1.0):
        raise ValueError(
            pgettext("population error", "a share is a number from 0 to 1, not {value}").format(
                value=repr(str(share)[:30])
            )
        )
    if kind == "allele" or h is None:
        return float(share)
    if h == 1.0:
        return 1 - math.sqrt(1 - float(share))
    return math.sqrt(float(share))


def trajectory(
    initial: float, s: float, generations: int, dominance: object = None, counted: object = None
) -> np.ndarray:
    """The deterministic share counted, generation 0 to ``generations`` (no drift).

    ``initial`` is the focal allele's frequency at generation 0; the result has
    ``generations + 1`` values of what a sample counts (``counted``, see :func:`counted_kind`).
    """
    h = dominance_coefficient(dominance)
    kind = counted_kind(counted, h)
    _check_s(s)
    if not (isinstance(initial, Real) and not isinstance(initial, bool) and 0 <= initial <= 1):
        raise ValueError(
            pgettext(
                "population error", "the initial frequency is from 0 to 1, not {value}"
            ).format(value=repr(str(initial)[:30]))
        )
    if not (
        isinstance(generations, Integral)
        and not isinstance(generations, bool)
        and 0 <= generations <= 100_000
    ):
        raise ValueError(
            pgettext(
                "population error; keep 'generations' (a Python word)",
                "generations is a whole number from 0 to 100,000",
            )
        )
    p = np.empty(int(generations) + 1)
    p[0] = initial
    for t in range(int(generations)):
        p[t + 1] = next_frequency(p[t], s, h)
    return share_shown(p, h, kind)


def _check_s(s: object) -> float:
    # (s is finite here, so "not s <= -1" is "s > -1"; numbers.Real declares only <= and <)
    if not (isinstance(s, Real) and not isinstance(s, bool) and math.isfinite(s) and not s <= -1):
        raise ValueError(
            pgettext(
                "population error",
                "the selection coefficient s is a number above -1 (fitness 1 + s > 0), not {value}",
            ).format(value=repr(str(s)[:30]))
        )
    return float(s)


# (the checks take any object: a notebook may pass anything, whatever the annotations say)
def _check_size(size: object) -> int:
    if not (isinstance(size, Integral) and not isinstance(size, bool) and 1 <= int(size) <= 10**9):
        raise ValueError(
            pgettext(
                "population error; keep 'size' (a Python word)",
                "size is a whole number of individuals from 1 to 1,000,000,000",
            )
        )
    return int(size)


def _check_initial(initial: object) -> float:
    if not (isinstance(initial, Real) and 0.0 <= float(initial) <= 1.0):
        raise ValueError(
            pgettext(
                "population error", "the initial frequency is from 0 to 1, not {value}"
            ).format(value=repr(str(initial)[:30]))
        )
    return float(initial)


class Locus:
    """One locus in a Wright-Fisher population of ``size`` individuals, seeded.

    ``Locus(size=1000, initial=0.5, s=-0.2, dominance="dominant", seed=1)``; ``step()`` breeds
    one generation: selection moves ``p`` to :func:`next_frequency`, then the ``size`` haploid
    genomes (haploid) or ``2 * size`` gene copies (diploid) of the next generation are drawn
    binomially from it. ``frequency`` is the focal allele's share now, ``history`` every
    generation's.
    """

    def __init__(
        self,
        size: int,
        initial: float,
        s: float,
        dominance: object = None,
        seed: int | None = None,
    ) -> None:
        self.size = _check_size(size)
        self.h = dominance_coefficient(dominance)
        self.s = _check_s(s)
        self.copies = self.size if self.h is None else 2 * self.size
        self.count = round(_check_initial(initial) * self.copies)
        self.rng = np.random.default_rng(seed)
        self.history = [self.frequency]

    @property
    def frequency(self) -> float:
        return self.count / self.copies

    @property
    def fixed_or_lost(self) -> bool:
        return self.count in (0, self.copies)

    def step(self, generations: int = 1) -> None:
        for _ in range(generations):
            chosen = float(next_frequency(self.frequency, self.s, self.h))
            self.count = int(self.rng.binomial(self.copies, chosen))
            self.history.append(self.frequency)
