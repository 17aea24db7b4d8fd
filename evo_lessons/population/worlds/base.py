"""What every game's world shares: heritable traits, genotypes, and an environment to match.

A world adapter (one small module per game) says three things, all read from the game's own data:
which heritable traits an individual carries (Climate's three genes, Adaptation's card
properties ...), which environments exist (a cell's habitat at a temperature, a challenge ...),
and how badly each genotype matches each deme's environment: the *mismatch*, a number >= 0 where
0 is a perfect match. The population model turns mismatch into fitness; worlds never see
fitness, random numbers or individuals, so a world is a pure function of the game's data.

Genotypes are numbered in mixed radix: with traits of K1, K2, ... values, genotype code
``g = i1 * (K2 * K3 ...) + i2 * (K3 ...) + ...`` where ``ik`` is the index of trait k's value.
Every world's genotype space is small (64 for Climate, 256 for Niche, 3,125 for Adapt or Die), so
the whole mismatch table (demes x genotypes) is computed once per environment and looked up.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from evo_lessons.engine.words import short_repr

#: names the population model's own settings use: an environment option may not take them
RESERVED = frozenset(
    {
        "game",
        "size",
        "generations",
        "mutation_rate",
        "selection",
        "seed",
        "growth",
        "migration",
        "mutation",
        "start",
        "changes",
        "starts",
    }
)


@dataclass(frozen=True, slots=True)
class Trait:
    """One heritable trait: the game's own values for it, and a word or two for each value."""

    key: str
    name: str
    values: tuple[int, ...]
    labels: tuple[str, ...]

    def index(self, value: Any) -> int:
        """The index of a value given as the game's number (or its label); ValueError if none."""
        if type(value) is int and value in self.values:
            return self.values.index(value)
        if isinstance(value, str) and value in self.labels:
            return self.labels.index(value)
        allowed = ", ".join(str(v) for v in self.values)
        raise ValueError(f"{self.name} takes one of {allowed}, not {short_repr(value)}")


@dataclass(frozen=True, slots=True)
class Choice:
    """An environment change the widget offers as a button ("Warmer", "Challenge: shape")."""

    key: str
    label: str
    changes: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Panel:
    """One plot of the widget: a title and the (trait index, value index) lines it draws."""

    title: str
    lines: tuple[tuple[int, int], ...]


class World:
    """Base class of the per-game adapters; subclasses fill in the environment methods."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: the start a population takes when none is given: "random" or one value per trait
    default_start: ClassVar[str | tuple[int, ...]] = "random"
    #: a sentence on what an environment is and how mismatch is counted
    about: ClassVar[str] = ""

    def __init__(self, traits: tuple[Trait, ...]) -> None:
        self.traits = traits
        self.sizes = np.array([len(t.values) for t in traits], dtype=np.int64)
        #: strides[k]: how much genotype code one step of trait k's value index is worth
        self.strides = np.array(
            [int(np.prod(self.sizes[k + 1 :])) for k in range(len(traits))], dtype=np.int64
        )
        self.genotypes = int(np.prod(self.sizes))
        #: grid[g, k]: the value index of trait k in genotype g (the index order of the codes)
        self.grid = np.array(
            list(itertools.product(*(range(int(k)) for k in self.sizes))), dtype=np.int64
        ).reshape(self.genotypes, len(traits))
        #: values[g, k]: the game's own value of trait k in genotype g
        self.values = np.array(
            [[t.values[i] for t, i in zip(traits, row, strict=True)] for row in self.grid],
            dtype=np.int64,
        ).reshape(self.genotypes, len(traits))

    # -- what a subclass provides --------------------------------------------------------------
    def environment(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Check environment options, fill defaults; a JSON-safe dict or a readable ValueError."""
        raise NotImplementedError

    def demes(self, environment: Mapping[str, Any]) -> tuple[str, ...]:
        """The name of every deme (a cell, a habitat); one deme by default."""
        return (self.title,)

    def neighbours(self, environment: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        """For each deme, the demes a migrant from it may reach (none by default)."""
        return tuple(() for _ in self.demes(environment))

    def mismatch(self, environment: Mapping[str, Any]) -> np.ndarray:
        """(demes, genotypes) float array: how badly each genotype matches each deme, >= 0."""
        raise NotImplementedError

    def describe(self, environment: Mapping[str, Any]) -> str:
        """The environment now, in a sentence or two for the widget and screen readers."""
        raise NotImplementedError

    def choices(self, environment: Mapping[str, Any]) -> tuple[Choice, ...]:
        """The environment changes the widget offers from here."""
        return ()

    def panels(self) -> tuple[Panel, ...]:
        """The widget's frequency plots: one per trait, a line per value, by default."""
        return tuple(
            Panel(t.name, tuple((k, i) for i in range(len(t.values))))
            for k, t in enumerate(self.traits)
        )

    # -- shared helpers ------------------------------------------------------------------------
    def fixed_demes(self, old: Mapping[str, Any], new: Mapping[str, Any]) -> None:
        """A run keeps its demes: an environment change may not add, drop or reorder them."""
        if self.demes(old) != self.demes(new):
            raise ValueError(
                "the places the population lives in cannot change during a run; "
                "start a new population instead"
            )

    def genotype_code(self, values: tuple[Any, ...] | list[Any]) -> int:
        """The genotype code of one value per trait (the game's numbers, or labels)."""
        if not isinstance(values, list | tuple) or len(values) != len(self.traits):
            names = ", ".join(t.name.lower() for t in self.traits)
            raise ValueError(
                f"a genotype gives one value for each trait ({names}), got {short_repr(values)}"
            )
        return int(
            sum(
                t.index(v) * int(s)
                for t, v, s in zip(self.traits, values, self.strides, strict=True)
            )
        )

    def genotype_values(self, code: int) -> tuple[int, ...]:
        return tuple(int(v) for v in self.values[code])


def unknown_options(world: World, options: Mapping[str, Any], known: set[str]) -> None:
    """Refuse an environment option the world does not have, naming the ones it does."""
    extra = sorted(set(options) - known)
    if extra:
        names = ", ".join(sorted(known)) or "none"
        raise ValueError(
            f"the {world.title} world has no setting {short_repr(extra[0])}; its settings: {names}"
        )


def choose_from(what: str, value: Any, allowed: Mapping[str, Any] | tuple[str, ...]) -> str:
    """A value that must be one of a few words."""
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{what} is one of {', '.join(allowed)}, not {short_repr(value)}")
    return value


def number_in(what: str, value: Any, low: float, high: float) -> float:
    """A real number in [low, high] (bools and NaN refused)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ValueError(f"{what} is a number from {low:g} to {high:g}, not {short_repr(value)}")
    return float(value)
