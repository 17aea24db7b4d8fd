"""What every part of Niche's rules reads: the table's attributes, declared once.

The rulebook's parts (``playing``, ``environments``, ``turns``) are mixins of
:class:`~.rules.NicheState`, which sets these attributes up; each part reads and changes them on
``self``, and calls the steps the other parts define. Declaring them here (annotations only:
nothing is created, so the state's own attributes and methods are what run) lets a type checker
check every part on its own, as Climate's ``shared.Table`` does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from evo_lessons.engine import Event

if TYPE_CHECKING:
    from .gene_pool import GenePool


class Table:
    """The shared state and steps of a Niche game (see :mod:`.rules` for each)."""

    # the engine's (GameState)
    options: dict[str, Any]
    rng: random.Random
    winners: list[int]
    # the table
    _n: int
    max_turns: int
    trait_deck: list[int]
    discard: list[int]
    environment_deck: list[int]
    set_aside: list[int]
    gene_pool: GenePool
    dealt: list[list[int]]
    environment: list[int]
    completed: list[list[int]]
    hands: list[list[int]]
    play: list[list[int]]
    copies: dict[int, int]
    suffered: list[int]
    environment_log: list[tuple[int, int, int, str]]
    held_since: list[int]
    pending: list[tuple[int, int]]
    turns: int
    turn_player: int
    phase: str
    _current: int | None
    ended_by_time: bool

    # the steps one part calls in another (defined by the part named)
    _arrive: Callable[[int, int], None]  # playing
    _leave_play: Callable[[int, int], None]  # playing
    _take_environment: Callable[[list[Event]], int]  # environments
    _shuffle_in: Callable[[int], None]  # environments
    _check_completion: Callable[[int, list[Event]], None]  # environments
    _log_environment: Callable[[int, int, str], None]  # environments
    covered: Callable[[int], int]  # environments
    match: Callable[[int], float]  # environments
    _finish: Callable[[list[int], list[Event], str], None]  # turns
    _end_turn: Callable[[list[Event]], None]  # turns
    _draw_trait: Callable[[list[Event]], int]  # turns
    _reshuffle_discard: Callable[[list[Event]], None]  # turns
    _rebuild: Callable[[int, list[Event]], None]  # turns
    _time_runs_out: Callable[[list[Event]], None]  # turns
    protected: Callable[[int], bool]  # rules
