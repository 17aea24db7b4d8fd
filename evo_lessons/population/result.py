"""What a run leaves behind: numbers per generation, as arrays and as tidy pandas tables, and
the run's result code (:func:`result_code`), made here through the engine's result-code format
(:mod:`evo_lessons.engine.results`) so that nothing below the class tools imports them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from evo_lessons.engine import results
from evo_lessons.i18n import pgettext

from .settings import Settings
from .worlds import World

if TYPE_CHECKING:
    import pandas as pd


@dataclass(eq=False)
class Result:
    """A run's record. Arrays have one row per generation, generation 0 (the start) first.

    ``frequencies[t, c]`` is the share of individuals with the value of column ``c`` (traits in
    order, each trait's values in order; :attr:`columns` names them), pooled over demes; NaN once
    the population is extinct. ``mean_fitness[t]`` is the mean of ``exp(-selection *
    mismatch)`` (1 = every individual matches its environment); ``sizes[t, d]`` counts deme d.
    """

    settings: Settings
    world: World
    frequencies: np.ndarray
    mean_fitness: np.ndarray
    sizes: np.ndarray

    @property
    def generations(self) -> np.ndarray:
        return np.arange(self.frequencies.shape[0])

    @cached_property
    def columns(self) -> list[tuple[str, int, str]]:
        """(trait key, value, label) of every frequency column."""
        return [
            (t.key, v, label)
            for t in self.world.traits
            for v, label in zip(t.values, t.labels, strict=True)
        ]

    @cached_property
    def frame(self) -> pd.DataFrame:
        """Tidy: one row per generation, trait and value (generation, trait, value, label,
        frequency)."""
        import pandas as pd

        rows, columns = self.frequencies.shape
        keys, values, labels = zip(*self.columns, strict=True)
        return pd.DataFrame(
            {
                "generation": np.repeat(np.arange(rows), columns),
                "trait": np.tile(np.array(keys, dtype=object), rows),
                "value": np.tile(np.array(values), rows),
                "label": np.tile(np.array(labels, dtype=object), rows),
                "frequency": self.frequencies.ravel(),
            }
        )

    @cached_property
    def summary(self) -> pd.DataFrame:
        """One row per generation: generation, mean_fitness, size (all demes together)."""
        import pandas as pd

        return pd.DataFrame(
            {
                "generation": self.generations,
                "mean_fitness": self.mean_fitness,
                "size": self.sizes.sum(axis=1),
            }
        )

    def frequency(self, trait: str, value: int) -> np.ndarray:
        """The frequency of one value of one trait (by key) in every generation."""
        return self.frequencies[
            :, self.columns.index(next(c for c in self.columns if c[0] == trait and c[1] == value))
        ]

    def to_json(self) -> str:
        """The run's settings as JSON: ``run(load(text))`` gives this result again."""
        return self.settings.to_json()

    def end(self) -> dict[str, Any]:
        """The run's end in numbers: what a population result code carries."""
        return population_summary(self)


def population_summary(result: Result) -> dict[str, Any]:
    """A run's last generation: generations, size, mean fitness, extinct, and the frequency of
    every trait value (rounded to 6 decimals; none once extinct)."""
    last = -1
    frequencies = {
        f"{trait}={label}": round(float(result.frequencies[last, c]), 6)
        for c, (trait, _value, label) in enumerate(result.columns)
        if result.frequencies[last, c] == result.frequencies[last, c]  # NaN once extinct
    }
    size = int(result.sizes[last].sum())
    return {
        "generations": int(result.generations[last]),
        "size": size,
        "mean_fitness": round(float(result.mean_fitness[last]), 6) if size else 0.0,
        "extinct": size == 0,
        "frequencies": frequencies,
    }


def result_code(result: Result, name: str, lesson: str | None = None) -> str:
    """The run as a result code (``EVR2-...``) with the student's name and the lesson id.

    The class tools re-run its settings (after the work bound) and refuse a summary that
    differs, so a code whose numbers were edited is refused."""
    import json

    settings = json.loads(result.settings.to_json())
    data = results.population_result(settings, population_summary(result), name, lesson=lesson)
    return results.encode(data)


def summary_problem(settings: Settings, claimed: dict[str, Any]) -> str:
    """What is wrong with a claimed summary that can be seen without running the model ("" if
    nothing): the class tools check this first, so a forged code costs no run.

    A run always records every generation its settings ask for; it is extinct exactly when
    none is left; it never holds more than the work bound's most alive at once; its mean
    fitness and every frequency lie between 0 and 1; and its frequencies name exactly the
    world's trait values (none once extinct)."""
    from .settings import work

    world = settings.world
    _total, most_alive = work(settings, world)
    size = claimed["size"]
    if claimed["generations"] != settings.generations:
        asked = settings.generations
        return pgettext(
            "population result code refused; 'it' is the code",
            "it says {claimed} generations; its settings run {asked}",
        ).format(claimed=claimed["generations"], asked=asked)
    if not 0 <= size <= most_alive:
        return pgettext(
            "population result code refused; 'it' is the code",
            "it says {size} individuals at the end; its settings allow at most {most}",
        ).format(size=size, most=most_alive)
    if claimed["extinct"] != (size == 0):
        return pgettext(
            "population result code refused; 'it' is the code", "it says extinct and alive at once"
        )
    if not 0 <= claimed["mean_fitness"] <= 1:
        return pgettext(
            "population result code refused; 'its' is the code's",
            "its mean fitness is outside 0 to 1",
        )
    labels = {f"{trait.key}={label}" for trait in world.traits for label in trait.labels}
    frequencies = claimed["frequencies"]
    if set(frequencies) != (set() if size == 0 else labels):
        return pgettext(
            "population result code refused; 'its' is the code's",
            "its frequencies do not name this world's trait values",
        )
    if not all(0 <= value <= 1 for value in frequencies.values()):
        return pgettext("population result code refused", "a frequency is outside 0 to 1")
    return ""


def settings_key(settings: Settings) -> str:
    """One run's settings as one text, however its code was laid out or named: the same
    settings give the same run, so a pooling call runs them once."""
    return settings.to_json()
