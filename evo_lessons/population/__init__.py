"""A game's environment, run as a population that nobody steers.

Each game gives one player one genome, card or set of traits, and lets the player choose how it
changes. Here the same world holds a population of individuals with heritable variation; random
mutation, selection by the environment of the moment, and drift change it, generation after
generation, and nobody chooses anything.

>>> from evo_lessons.population import evolve
>>> result = evolve("climate", size=1000, generations=50, mutation_rate=0.01, seed=1,
...                 temperature=2)
>>> result.frame.columns.tolist()
['generation', 'trait', 'value', 'label', 'frequency']

``Population`` steps a run (``.step()``, ``.change_environment(temperature=2)``) from one
:class:`Settings` object (or the same keyword arguments); every run is bounded by one work
bound (``MAX_WORK`` individual-generations over all demes, size changes included); a run's
result code is ``result.end()``'s numbers with its settings; the widget
(``evo_lessons.population.widget.PopulationWidget``) draws one live. numpy only: pandas loads
when a frame is asked for, and nothing here imports a widget library.

One gene on its own (``locus.py``): ``Locus`` is a Wright-Fisher locus, haploid or diploid with
dominance (recessive, additive, dominant or a number), and ``fit_selection(frame,
dominance="dominant")`` fits its selection coefficient to a real frequency series, with a 95%
profile-likelihood interval (``fit.py``).
"""

from __future__ import annotations

from typing import Any

from .fit import SelectionFit, fit_selection
from .locus import Locus
from .model import Population, evolve, run
from .result import Result, population_summary
from .settings import MAX_WORK, Settings
from .worlds import WORLDS, World, get_world


def load(text: str | bytes) -> Settings:
    """Settings saved with ``result.to_json()`` (checked again: a bad file says what is wrong)."""
    return Settings.from_json(text)


def __getattr__(name: str) -> Any:
    if name == "PopulationWidget":  # lazy: anywidget loads only for the widget
        from .widget import PopulationWidget

        return PopulationWidget
    raise AttributeError(f"module 'evo_lessons.population' has no attribute {name!r}")


__all__ = [
    "MAX_WORK",
    "WORLDS",
    "Locus",
    "Population",
    "PopulationWidget",
    "Result",
    "SelectionFit",
    "Settings",
    "World",
    "evolve",
    "fit_selection",
    "get_world",
    "load",
    "population_summary",
    "run",
]
