"""The table: a grid of spaces, and what lies on top of and beneath each one (R1, R2, R4).

The text limits the table only by its size; ours is a grid of ``rows`` x ``columns`` spaces
named like "D4" (R1). Two cards are neighbours when they share a side (R2). A space holds at most
two species: one on top, and a PARASITIC card beneath (R6). Cards are *instances*: 0 and 1 are
the two HOME cards, then every card of both decks, each with its card id (``card_of``) and its
owner (``owner_of``).

Every card that arrives on or leaves a space goes through :meth:`Spaces._put`,
:meth:`Spaces._put_under` or :meth:`Spaces._lift`, so the speed index (``index.py``) hears of
every change. Code that sets ``top`` or ``under`` by hand (a test's table) calls
:meth:`Spaces.reindex` afterwards.
"""

from __future__ import annotations

from typing import Any

from . import tables as T
from .index import TableIndex

#: the table of a new game, HOMEs laid, with its index, by (species bits, rows, columns): a
#: random playout starts thousands of games, and copying the index costs a tenth of building it
_LAID_OUT: dict[tuple[T.SpeciesBits, int, int], tuple[tuple[int, ...], TableIndex]] = {}


class Spaces:
    """The grid's geometry and contents; the rules' other parts build on it."""

    rows: int
    columns: int
    neighbours: tuple[tuple[int, ...], ...]
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    within: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]
    homes: tuple[int, int]
    top: list[int]  # the instance on top of each space, or -1
    under: list[int]  # a parasite beneath, or -1
    card_of: tuple[int, ...]
    owner_of: tuple[int, ...]
    index: TableIndex

    def _lay_out(self, rows: int, columns: int, bits: T.SpeciesBits = T.CARD_BITS) -> None:
        """An empty grid with the two HOME cards side by side in the middle row (R1); ``bits``:
        how the game numbers its species in masks (``tables.SpeciesBits``)."""
        self.rows, self.columns = rows, columns
        geometry = T.grid(rows, columns)
        self.neighbours = geometry.neighbours  # tuples: shared by clones, never copied
        self.rays = geometry.rays
        self.within = geometry.within
        self.homes = geometry.homes
        self.under = [-1] * (rows * columns)
        laid = _LAID_OUT.get((bits, rows, columns))
        if laid is not None:  # every game starts from the same table: copy it
            self.top, self.index = list(laid[0]), laid[1].copy()
            return
        self.top = [-1] * (rows * columns)
        self.index = TableIndex(bits, rows, columns)
        for p, space in enumerate(self.homes):
            self._put(space, p)
        _LAID_OUT[bits, rows, columns] = (tuple(self.top), self.index.copy())

    def reindex(self) -> None:
        """Rebuild the speed index from ``top`` and ``under`` as they are. A game numbers only
        its own decks' species in masks and counts the targets of its own decks' events
        (``tables.SpeciesBits``): cards set by hand from elsewhere make it number the species
        by card id and count every event's targets."""
        bits, species, events = self.index.bits, T.IS_SPECIES, self.index.bits.events
        if not all(
            bits.bit[c] if species[c] else events is None or c not in T.EVENT_TARGETS or c in events
            for c in self.card_of
        ):
            bits = T.CARD_BITS
        self.index.rebuild(self.top, self.under, self.card_of, self.neighbours, self.owner_of, bits)

    # -- the only writers ----------------------------------------------------------------------
    def _put(self, space: int, instance: int, fits: bool = False) -> None:
        """``instance`` now lies on top of ``space`` (-1: nothing does); ``fits``: the caller
        has checked that a neighbour keeps it compatible there (R2, R3), so it is connected."""
        top = self.top
        gone = top[space]
        top[space] = instance
        if gone < 0 <= instance:
            self.index.placed(space, top, self.under, self.card_of, self.neighbours, fits)
        else:
            card_of = self.card_of
            self.index.changed(
                space, top, self.under, card_of, self.neighbours, card_of[gone] if gone >= 0 else -1
            )

    def _put_under(self, space: int, instance: int) -> None:
        """``instance`` now lies beneath ``space`` (-1: nothing does)."""
        self.under[space] = instance
        self.index.changed_beneath(space, self.top, self.under, self.card_of, self.neighbours)

    def _lift(self, space: int, instance: int) -> None:
        """Take ``instance`` off ``space``, from the top or from beneath."""
        if self.top[space] == instance:
            self._put(space, -1)
        else:
            self._put_under(space, -1)

    # -- names ---------------------------------------------------------------------------------
    def _space(self, action: Any) -> int:
        return action.row * self.columns + action.column

    def _rc(self, space: int) -> tuple[int, int]:
        return divmod(space, self.columns)

    def _name(self, space: int) -> str:
        return T.space_names(self.columns)[space]

    def table_cards(self) -> list[tuple[int, int, bool]]:
        """Every species on the table as (space, instance, beneath?)."""
        found = []
        for space in range(len(self.top)):
            if self.top[space] >= 2:
                found.append((space, self.top[space], False))
            if self.under[space] >= 2:
                found.append((space, self.under[space], True))
        return found
