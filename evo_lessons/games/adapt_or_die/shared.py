"""What every part of Adapt or Die's rules reads: the table's attributes, declared once.

The rulebook's parts (``movement``, ``niches``, ``trading``, ``ending``) are mixins of
:class:`~.rules.AdaptOrDieState`, which sets these attributes up; each part reads and changes
them on ``self``, and calls the steps the other parts define. Declaring them here (annotations
only: nothing is created, so the state's own attributes, slots and properties are what run)
lets a type checker check every part on its own, as Climate's ``shared.Table`` does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from evo_lessons.engine import Action, Event

if TYPE_CHECKING:
    from .data import Board
    from .scoring import Scorecard


class Table:
    """The shared state and steps of an Adapt or Die game (see :mod:`.rules` for each)."""

    # the engine's (GameState)
    options: dict[str, Any]
    rng: random.Random
    winners: list[int]
    # the settings
    target: int
    same: bool
    scoring: str
    # the bugs, their cards and the table
    positions: list[int]
    creatures: list[int]
    niches: list[list[int]]
    adaptations: list[list[int]]
    pool: list[bool]
    niche_pile: list[int]
    mats: list[int]
    mat_values: list[tuple[int, ...] | None]
    mat_pile: list[int]
    randomizer_pile: list[int]
    creature_pile: list[int]
    selected: list[int]
    # whose turn, and the decision under way
    turn_player: int
    turns: int
    round: int
    roll: int | None
    phase: str
    offered: int
    spare: bool
    returning: int
    gains: list[tuple[int, int]]
    offer: tuple[str, int, int, int] | None
    traded: set[str]
    declined: list[tuple[str, int]]
    order_queue: list[tuple[int, int]]
    orders: list[list[tuple[int, ...] | None]]
    final: list[dict[str, Any]] | None

    # the steps one part calls in another (defined by the part named)
    _start_turn: Callable[[list[Event]], None]  # movement
    _place_mat: Callable[[int, int, list[Event]], None]  # movement
    _take_niche: Callable[[int, list[Event]], None]  # movement
    _eligible: Callable[[int], list[int]]  # niches
    _niche_options: Callable[[], list[Action]]  # niches
    _await_adaptations: Callable[[list[Event]], None]  # niches
    _select_for_all: Callable[[int, list[Event]], None]  # niches
    _to_trade: Callable[[], None]  # trading
    _start_scoring: Callable[[list[Event]], None]  # ending
    _finish: Callable[[list[Event]], None]  # ending
    pressures_of: Callable[[int], tuple[int, ...]]  # ending

    if TYPE_CHECKING:  # the state's properties (rules.py, and the engine's GameState)

        @property
        def board(self) -> Board: ...

        @property
        def num_players(self) -> int: ...

        def scorecard(self, seat: int) -> Scorecard: ...
