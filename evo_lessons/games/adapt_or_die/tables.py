"""Speed machinery, kept apart so that rules.py reads like the rulebook.

* ``reach(board)``: for every node and every roll, the nodes a bug may end on (ruling R1),
  computed once per board instead of a search every turn.
* ``ORDERS[start][mask]``: for a feature starting at ``start`` and the set of adaptation kinds
  ``mask`` held for it, every end value some order reaches, with the first such order.
* ``Interned``: one shared object per distinct action. Actions are immutable values, so equal
  ones can be one object; a dictionary lookup costs a fraction of building a frozen dataclass.
  ``intern`` is the one the rules use.
* ``MOVES[board][node][roll]``: the move actions themselves (Move or Exit) for ``reach``.
* ``NICHE_OFFERS[to][give][get]`` and ``CARD_OFFERS[to][give][get]``: every trade offer, made
  once (ruling R11), so listing the offers of a turn builds no object.
"""

from __future__ import annotations

from collections import deque
from itertools import permutations
from typing import Any

from .actions import Exit, Move, OfferAdaptations, OfferNiches
from .data import HIGH, LOW, Board, world


def _reach_from(board: Board, start: int, most: int) -> tuple[tuple[int, ...], ...]:
    """Destinations for each roll 0..most: 1 to roll steps away, entering a place ends a move."""
    spaces = board.spaces
    dist = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node != start and node >= spaces:
            continue  # a mat place is off the board: a bug cannot walk through it (R2)
        if dist[node] == most:
            continue
        for near in board.neighbours[node]:
            if near not in dist:
                dist[near] = dist[node] + 1
                queue.append(near)
    by_roll = []
    for roll in range(most + 1):
        ends = [n for n, d in dist.items() if 1 <= d <= roll]
        if start >= spaces and roll >= 2:
            ends.append(start)  # out through the exit and straight back in: a return (R2)
        by_roll.append(tuple(sorted(ends)))
    return tuple(by_roll)


_REACH: dict[str, tuple] = {}


def reach(board: Board) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``reach(board)[node][roll]``: the nodes a bug on ``node`` may end on after ``roll``."""
    table = _REACH.get(board.key)
    if table is None:
        faces = world().die_faces
        table = _REACH[board.key] = tuple(
            _reach_from(board, node, faces) for node in range(board.nodes)
        )
    return table


def _orders() -> tuple[tuple[tuple[tuple[int, tuple[int, ...]], ...], ...], ...]:
    kinds = world().kinds
    table: list[tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]] = [()]  # from 1
    for start in range(LOW, HIGH + 1):
        by_mask = []
        for mask in range(1 << len(kinds)):
            held = [k for k in range(len(kinds)) if mask >> k & 1]
            first: dict[int, tuple[int, ...]] = {}
            for order in permutations(held):  # lexicographic: the first order of each end
                value = start
                for kind in order:
                    value = kinds[kind].apply(value)
                first.setdefault(value, order)
            by_mask.append(tuple(sorted(first.items())))
        table.append(tuple(by_mask))
    return tuple(table)


ORDERS = _orders()


class Interned:
    """One shared action object per distinct value: ``intern(Move, 12)``."""

    def __init__(self) -> None:
        self._made: dict[tuple, Any] = {}

    def __call__(self, cls: type, *fields: Any) -> Any:
        key = (cls, *fields)
        action = self._made.get(key)
        if action is None:
            action = self._made[key] = cls(*fields)
        return action


intern = Interned()


def _board_moves(board: Board) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """For each node and roll, the move actions (Move or Exit) in node order (R1, R2)."""
    spaces = board.spaces

    def action(node: int) -> Any:
        if node < spaces:
            return intern(Move, node)
        return intern(Exit, node - spaces + 1)

    return tuple(
        tuple(tuple(action(n) for n in ends) for ends in by_roll) for by_roll in reach(board)
    )


_WORLD = world()
MOVES = {key: _board_moves(board) for key, board in _WORLD.boards.items()}
_SEATS = range(5)
_HABITATS = range(len(_WORLD.habitats) + 1)  # habitat numbers count from 1
_CARDS = range(len(_WORLD.cards))
NICHE_OFFERS = [[[OfferNiches(t, g, h) for h in _HABITATS] for g in _HABITATS] for t in _SEATS]
CARD_OFFERS = [[[OfferAdaptations(t, g, c) for c in _CARDS] for g in _CARDS] for t in _SEATS]
