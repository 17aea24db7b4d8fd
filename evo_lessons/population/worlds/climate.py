"""Climate's world as a population: three genes 1-4 against the habitat under each cell.

From the game (evo_lessons/games/climate/data.toml): a gene value suits one habitat (1 savannah,
2 tropical forest, 3 temperate forest, 4 tundra), and the habitat under a numbered cell depends
on the global temperature (boards 1-5). The population lives on one or more cells; each cell is a
deme. Changing the temperature changes the habitat under the cells, as a climate die does in the
game, and nothing in the population sees it coming.

Mismatch: the number of genes (0-3) whose value does not suit the habitat of the deme's cell.
The game calls a species *adapted* with at most one such gene; the population feels every gene.
Migration goes between orthogonally neighbouring cells among those the population lives on (the
game's ruling R1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from evo_lessons.engine.words import is_whole, short_repr
from evo_lessons.games.climate.data import world as climate_world
from evo_lessons.games.climate.words import habitat_word
from evo_lessons.i18n import data_text, pgettext, pN_

from .base import Choice, Trait, World, unknown_options

#: a cell that is savannah at the starting temperature, temperate forest one step cooler and
#: tundra two steps cooler: the game's 1-1-1 species starts at home and the climate can move on
DEFAULT_CELLS = (29,)


class ClimateWorld(World):
    name = "climate"
    title = "Climate"
    default_start = (1, 1, 1)  # the game's starting species: a savannah genome
    heading = pN_("population world", "Climate")
    about = pN_(
        "population world",
        "Each individual carries the game's three genes (1 savannah .. 4 tundra). Mismatch is "
        "the number of genes that do not suit the habitat under its cell.",
    )

    def __init__(self) -> None:
        self.data = climate_world()
        traits = tuple(
            Trait(
                key=gene.key,
                name=gene.name,
                values=(1, 2, 3, 4),
                labels=tuple(f"{h.gene_value} {h.name.lower()}" for h in self.data.habitats),
            )
            for gene in self.data.genes
        )
        super().__init__(traits)
        # suits[h, g]: how many genes of genotype g do NOT hold habitat h's value
        habitat_values = np.array([h.gene_value for h in self.data.habitats])
        self._mismatch = (self.values[None, :, :] != habitat_values[:, None, None]).sum(axis=2)

    def environment(self, options: Mapping[str, Any]) -> dict[str, Any]:
        unknown_options(self, options, {"temperature", "cells"})
        temperature = options.get("temperature", self.data.start_temperature)
        if not is_whole(temperature) or not 1 <= temperature <= len(self.data.boards):
            raise ValueError(
                pgettext(
                    "population error; keep 'temperature' (a Python word)",
                    "temperature is a whole number from 1 (coldest) to {top} (warmest), not "
                    "{value}",
                ).format(top=len(self.data.boards), value=short_repr(temperature))
            )
        cells = options.get("cells", DEFAULT_CELLS)
        if isinstance(cells, int) and not isinstance(cells, bool):
            cells = (cells,)
        if not isinstance(cells, list | tuple) or not cells:
            raise ValueError(
                pgettext(
                    "population error; keep 'cells' (a Python word)",
                    "cells is a list of cell numbers 1-63, not {value}",
                ).format(value=short_repr(cells))
            )
        for cell in cells:
            if not is_whole(cell) or not 1 <= cell <= self.data.cells:
                raise ValueError(
                    pgettext(
                        "population error", "a cell is a whole number from 1 to {top}, not {value}"
                    ).format(top=self.data.cells, value=short_repr(cell))
                )
        if len(set(cells)) != len(cells):
            raise ValueError(
                pgettext(
                    "population error; keep 'cells' (a Python word)", "cells lists a cell twice"
                )
            )
        return {"temperature": temperature, "cells": list(cells)}

    def demes(self, environment: Mapping[str, Any]) -> tuple[str, ...]:
        return tuple(f"cell {c}" for c in environment["cells"])

    def neighbours(self, environment: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        cells = environment["cells"]
        where = {cell: d for d, cell in enumerate(cells)}
        return tuple(
            tuple(where[n] for n in self.data.neighbours[cell - 1] if n in where) for cell in cells
        )

    def habitats(self, environment: Mapping[str, Any]) -> list[int]:
        """The habitat index under each deme's cell."""
        board = self.data.boards[environment["temperature"] - 1]
        return [board[cell - 1] for cell in environment["cells"]]

    def mismatch(self, environment: Mapping[str, Any]) -> np.ndarray:
        return self._mismatch[self.habitats(environment)].astype(np.float64)

    def describe(self, environment: Mapping[str, Any]) -> str:
        names = [self.data.habitats[h] for h in self.habitats(environment)]
        where = "; ".join(
            pgettext(
                "population environment; {habitat} is a habitat such as 'tundra', {value} 1-4",
                "cell {cell} is {habitat} (suits gene value {value})",
            ).format(cell=c, habitat=habitat_word(h), value=h.gene_value)
            for c, h in zip(environment["cells"], names, strict=True)
        )
        return pgettext(
            "population environment; {cells} is the sentences about each cell",
            "Temperature {temperature} of 5: {cells}.",
        ).format(temperature=environment["temperature"], cells=where)

    def choices(self, environment: Mapping[str, Any]) -> tuple[Choice, ...]:
        t = environment["temperature"]
        found = []
        if t < len(self.data.boards):
            warmer = pgettext("population button", "Climate step: warmer")
            found.append(Choice("warmer", warmer, {"temperature": t + 1}))
        if t > 1:
            cooler = pgettext("population button", "Climate step: cooler")
            found.append(Choice("cooler", cooler, {"temperature": t - 1}))
        return tuple(found)

    def trait_name(self, k: int) -> str:
        return data_text("climate", "genes.name", self.data.genes[k].name)

    def value_label(self, k: int, i: int) -> str:
        habitat = self.data.habitats[i]
        return f"{habitat.gene_value} {habitat_word(habitat)}"


WORLD = ClimateWorld()
