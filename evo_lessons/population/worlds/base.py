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
from evo_lessons.i18n import Msg, pgettext, tr

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
        raise ValueError(
            pgettext(
                "population error; {trait} is a trait's key such as 'body'",
                "{trait} takes one of {allowed}, not {value}",
            ).format(trait=self.key, allowed=allowed, value=short_repr(value))
        )


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
    #: the world's name in English (a deme's default name, data); :meth:`shown_title` is the
    #: name people read, in their language
    title: ClassVar[str] = ""
    #: the start a population takes when none is given: "random" or one value per trait
    default_start: ClassVar[str | tuple[int, ...]] = "random"
    #: a sentence on what an environment is and how mismatch is counted (translated when shown)
    about: ClassVar[Msg] = Msg("", "")
    #: the world's name as people read it (translated when shown)
    heading: ClassVar[Msg] = Msg("", "")

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
        """The widget's frequency plots: one per trait, a line per value, by default (titles
        in the current language)."""
        return tuple(
            Panel(self.trait_name(k), tuple((k, i) for i in range(len(t.values))))
            for k, t in enumerate(self.traits)
        )

    # -- what people read, in the current language (the traits' own names and labels stay
    # English: they name a result's columns and a code's frequencies) -----------------------
    def shown_title(self) -> str:
        """The world's name ("Climate"), in the current language."""
        return tr(self.heading) if self.heading.text else self.title

    def shown_about(self) -> str:
        """What an individual carries and how mismatch is counted, in the current language."""
        return tr(self.about) if self.about.text else ""

    def trait_name(self, k: int) -> str:
        """Trait ``k``'s name as a label ("Body"), in the current language."""
        return self.traits[k].name

    def value_label(self, k: int, i: int) -> str:
        """The label of trait ``k``'s value ``i`` ("3 temperate forest"), in the current
        language."""
        return self.traits[k].labels[i]

    # -- shared helpers ------------------------------------------------------------------------
    def fixed_demes(self, old: Mapping[str, Any], new: Mapping[str, Any]) -> None:
        """A run keeps its demes: an environment change may not add, drop or reorder them."""
        if self.demes(old) != self.demes(new):
            raise ValueError(
                pgettext(
                    "population error",
                    "the places the population lives in cannot change during a run; "
                    "start a new population instead",
                )
            )

    def genotype_code(self, values: tuple[Any, ...] | list[Any]) -> int:
        """The genotype code of one value per trait (the game's numbers, or labels)."""
        if not isinstance(values, list | tuple) or len(values) != len(self.traits):
            names = ", ".join(t.key for t in self.traits)
            raise ValueError(
                pgettext(
                    "population error; {names} are the traits' keys, {got} what was given",
                    "a genotype gives one value for each trait ({names}), got {got}",
                ).format(names=names, got=short_repr(values))
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
        names = ", ".join(sorted(known)) or "-"
        raise ValueError(
            pgettext(
                "population error; {world} is a world's name, {setting} what was given, "
                "{names} the settings' names (Python words, kept as they are)",
                "the {world} world has no setting {setting}; its settings: {names}",
            ).format(world=world.shown_title(), setting=short_repr(extra[0]), names=names)
        )


def choose_from(what: str, value: Any, allowed: Mapping[str, Any] | tuple[str, ...]) -> str:
    """A value that must be one of a few words."""
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(
            pgettext(
                "population error; {what} is a setting's name (a Python word, kept as it is)",
                "{what} is one of {allowed}, not {value}",
            ).format(what=what, allowed=", ".join(allowed), value=short_repr(value))
        )
    return value


def number_in(what: str, value: Any, low: float, high: float) -> float:
    """A real number in [low, high] (bools and NaN refused)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ValueError(
            pgettext(
                "population error; {what} is a setting's name (a Python word, kept as it is)",
                "{what} is a number from {low} to {high}, not {value}",
            ).format(what=what, low=f"{low:g}", high=f"{high:g}", value=short_repr(value))
        )
    return float(value)
