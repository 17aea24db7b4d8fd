"""The world the species live in: numbered cells, the habitat under a cell at each temperature,
neighbours, and the cells a species can reach (ruling R1).

The five boards show the same 63 cells at five temperatures; the state keeps only which board
is in play and where each species stands, and asks this module what that means.
"""

from __future__ import annotations

from collections.abc import Iterable

from .tables import WORLD

#: BOARDS[temperature - 1][cell - 1]: the habitat index (0 savannah .. 3 tundra) of a cell
BOARDS = WORLD.boards
#: NEIGHBOURS[cell - 1]: the orthogonally adjacent cells (R1)
NEIGHBOURS = WORLD.neighbours
CELLS = range(1, WORLD.cells + 1)


def habitat_at(temperature: int, cell: int) -> int:
    """The habitat index of ``cell`` on the board of ``temperature``."""
    return BOARDS[temperature - 1][cell - 1]


def free_cells(temperature: int, habitat: int, taken: Iterable[int | None]) -> list[int]:
    """The empty cells of one habitat (one species per cell), in cell order."""
    board = BOARDS[temperature - 1]
    taken = set(taken)
    return [cell for cell in CELLS if board[cell - 1] == habitat and cell not in taken]


def reachable(
    start: int, steps: int, taken: Iterable[int | None], include_start: bool = True
) -> list[int]:
    """Cells within ``steps`` orthogonal moves of ``start`` through empty cells (R1)."""
    taken = set(taken)
    if steps == 1 and not include_start:  # the usual turn: one step to an empty neighbour
        return sorted(near for near in NEIGHBOURS[start - 1] if near not in taken)
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for cell in frontier:
            for near in NEIGHBOURS[cell - 1]:
                if near not in seen and near not in taken:
                    seen.add(near)
                    nxt.append(near)
        frontier = nxt
    if not include_start:
        seen.discard(start)
    return sorted(seen)
