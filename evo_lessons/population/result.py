"""What a run leaves behind: numbers per generation, as arrays and as tidy pandas tables."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

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
        """The run's settings as JSON: ``evolve_settings(text)`` gives this result again."""
        return self.settings.to_json()
