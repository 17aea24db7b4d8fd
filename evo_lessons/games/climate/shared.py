"""What the Climate rules' parts share: the species on the map, what a cell is today.

(``shared.py`` as in Niche and Adapt or Die; ``tables.py`` holds the precomputed lookups.)

Five habitat boards show the same numbered cells at five temperatures (``board.py``); a species
stands on one cell, one species a cell (R13), and what its cell is depends on the climate of the
moment. This base holds the shared state of the rules' parts (see ``rules.py``) and the die.
"""

# i18n: developer-only: the rules' shared state: its one error is a broken invariant, a developer's
# bug report

from __future__ import annotations

import random
from typing import Any

from evo_lessons.engine.words import seat_name

from . import board
from .actions import Move, PlanAhead
from .data import Habitat
from .mutation_deck import MutationDeck
from .tables import WORLD


class Table:
    """What every part of the rules reads: positions, genomes, tokens, the deck, the die."""

    options: dict[str, Any]
    rng: random.Random
    blind: bool
    temperature: int
    positions: list[int | None]
    colonists: list[int]
    genomes: list[list[int]]
    tokens: list[int]
    extinctions: list[int]
    round: int
    turns: int
    turn_player: int
    phase: str
    after_change: bool
    roll: int | None
    temperature_log: list[int]
    pending_moves: tuple[Move, ...]
    pending_plans: tuple[PlanAhead, ...]
    deck: MutationDeck
    winners: list[int]

    @property
    def num_players(self) -> int:
        return len(self.positions)

    def _die(self) -> int:
        # random() is several times cheaper than randint(); the die is just as fair
        return int(self.rng.random() * 6) + 1

    def _habitat_at(self, cell: int) -> int:
        """The habitat index of ``cell`` in today's climate."""
        return board.habitat_at(self.temperature, cell)

    def _cell_of(self, player: int) -> int:
        """The cell ``player``'s species stands on; asked only of a species on the map.

        A position is None only between an extinction and the new lineage's colonising
        (R10), when no rule reads it, so None here is a bug in the rules, said plainly.
        """
        cell = self.positions[player]
        if cell is None:
            raise RuntimeError(f"{seat_name(player)}'s species is not on the map")
        return cell

    def _habitat_of(self, player: int) -> Habitat:
        return WORLD.habitats[self._habitat_at(self._cell_of(player))]
