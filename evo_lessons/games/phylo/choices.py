"""Speed machinery for a turn's legal list: the ordinary plays counted, not built.

Most of a turn's legal actions are ordinary plays (R2-R4: a hand species on an open space it
fits), about 16 of 28 in a random game, and a random player uses one action of the list. So
:class:`TurnChoices` counts the plays from the index's open spaces and the hand (one AND and a
bit count a space) and builds only the play that is picked; what follows them in the list
(keyword plays, events, moves, discards, challenges, spreads, pass) is an ordinary list. The
order is exactly ``rules.PhyloState._turn_actions``'s whole list, which ``placement.
ordinary_plays`` builds when something reads all of it (a widget, a strategic bot); the test
suite checks both against ``reference.py`` at every decision of many games.
"""

from __future__ import annotations

from evo_lessons.engine import Action
from evo_lessons.engine.choices import Choices

from .index import ORDER, TableIndex
from .placement import ordinary_plays

STALE = "a legal list is read after its decision: ask the state again"


class TurnChoices(Choices):
    """A turn's legal actions: ordinary plays first (counted), then ``rest`` (a list).

    It reads the table's index as it is at this decision (``index.plays``: what may be played
    on each open space) and refuses to be read once the table has changed: a legal list belongs
    to its decision.
    """

    __slots__ = ("_count", "_generation", "_hand", "_index", "_plays", "_rest", "_size")

    def __init__(self, index: TableIndex, hand: int, plays, rest: list[Action]) -> None:
        self._given = self._list = None  # Choices.__init__, inlined: a call less a decision
        self._index, self._generation = index, index.generation
        self._hand, self._plays, self._rest = hand, plays, rest
        # the count needs no order: what fits each open space, counted
        count = self._count = sum([(mask & hand).bit_count() for mask in index.plays.values()])
        self._size = count + len(rest)

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, k):  # the common case at once: a random player's whole number
        if type(k) is int and 0 <= k < self._size:
            action = self._given = self._at(k)
            return action
        return Choices.__getitem__(self, k)

    def _table(self) -> TableIndex:
        """The table's index, as it was at this decision (a legal list belongs to its decision)."""
        index = self._index
        if index.generation != self._generation:
            raise RuntimeError(STALE)
        return index

    def _at(self, k: int) -> Action:
        if k >= self._count:
            return self._rest[k - self._count]
        index, hand = self._table(), self._hand
        plays = index.plays
        # the open spaces in the legal list's order (``index.offers`` without building it: a
        # random player's pick stops about halfway); the k-th play: skip whole spaces, then cards
        for key in sorted(index.keys.values()):
            space = key % ORDER
            fit = plays[space] & hand
            if fit:
                here = fit.bit_count()
                if k < here:
                    while k:
                        fit &= fit - 1
                        k -= 1
                    return self._plays[((fit & -fit).bit_length() - 1) * 4096 + space]
                k -= here
        raise AssertionError("the count of plays is the sum of the spaces' counts")

    def _whole(self) -> list[Action]:
        if self._list is None:
            self._list = ordinary_plays(self._table().offers, self._hand, self._plays) + self._rest
        return self._list
