"""Speed machinery for a turn's legal list: counted part by part, only the picked action built.

A random player uses one action of a turn's list of about 28: half the time an ordinary play
(about 16 of the list), a quarter of the time a discard (about 6), now and then an event or a
move. So :class:`TurnChoices` counts those parts instead of building them:

* the ordinary plays (R2-R4) from the index's open spaces and the hand: when the game's masks
  of species take one digit, one AND of the hand, repeated once for each space, with every open
  space's mask side by side (``index.packed``); otherwise one AND and a bit count a space;
* the event plays (R10) from the index's count of the species each event card may target
  (``index.aimed``), by owner for the cards that say "your own";
* the moves (R7), species by species (``placement.Placement._move_counts``);
* the discards (R13): one per card in the hand, while the deck has cards.

It builds only the action that is picked; the other parts (keyword plays, challenges, spreads,
pass) are short lists, built at once. The order is exactly the whole list's
(``rules.PhyloState._legal_actions``), which ``_whole`` builds when something reads all of it (a
widget, a strategic bot); the test suite checks both against ``reference.py`` at every decision
of many games.
"""

# i18n: developer-only: speed machinery; its two messages are broken invariants (a bug's)

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from evo_lessons.engine import Action
from evo_lessons.engine.choices import Choices

from .actions import DiscardToDraw
from .index import ORDER, TableIndex
from .placement import PLAYS, ordinary_plays
from .tables import card_actions

if TYPE_CHECKING:
    from .event_cards import EventCards

STALE = "a legal list is read after its decision: ask the state again"
#: the shared discard action of each card
DISCARDS = card_actions(DiscardToDraw)


class TurnChoices(Choices):
    """A turn's legal actions, in the whole list's order: the ordinary plays (counted), the
    keyword plays (a list), the event plays (counted per card), the moves (counted per
    species), the discards (one per hand card), then the rest (a list: challenges, spreads,
    pass).

    It reads the table as it is at this decision (``index.plays``: what may be played on each
    open space; the event targets) and refuses to be read once the table has changed: a legal
    list belongs to its decision.
    """

    __slots__ = (
        "_count",
        "_discards",
        "_events",
        "_generation",
        "_hand",
        "_index",
        "_keyword",
        "_me",
        "_moves",
        "_rest",
        "_size",
        "_state",
    )

    def __init__(
        self,
        state: EventCards,
        hand: int,
        keyword: Sequence[Action],
        events: Sequence[tuple[int, int]],
        moves: Sequence[tuple[int, int]],
        discards: Sequence[int],
        rest: Sequence[Action],
        size: int,
    ) -> None:
        """``hand``: the hand's species as a mask (``index.bits``); ``events``: (event card,
        how many targets) in hand order;
        ``moves``: (space, how many moves) of each species that can move; ``discards``: the
        hand's card ids, or none; ``size``: every part but the ordinary plays, counted."""
        self._given = self._list = None  # Choices.__init__, inlined: a call less a decision
        index = self._index = state.index
        self._generation, self._state, self._me = index.generation, state, state.turn_player
        self._hand = hand
        self._keyword, self._events, self._moves = keyword, events, moves
        self._discards, self._rest = discards, rest
        # the count needs no order: what fits each open space, counted (all the spaces at once
        # when their masks lie side by side, a digit a space: the hand once in each digit)
        repeat = index.repeat
        count = self._count = (
            (index.packed & hand * repeat).bit_count()
            if repeat
            else sum([(mask & hand).bit_count() for mask in index.plays.values()])
        )
        self._size = count + size

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, k):  # the common case at once: a random player's whole number
        if type(k) is int and 0 <= k < self._size:
            action = self._given = self._play(k) if k < self._count else self._at(k)
            return action
        return Choices.__getitem__(self, k)

    def pick(self, fraction: float) -> Action:  # self[int(fraction * len(self))], at once
        k = int(fraction * self._size)
        action = self._given = self._play(k) if k < self._count else self._at(k)
        return action

    def _table(self) -> TableIndex:
        """The table's index, as it was at this decision (a legal list belongs to its decision)."""
        index = self._index
        if index.generation != self._generation:
            raise RuntimeError(STALE)
        return index

    def _at(self, k: int) -> Action:
        if k < self._count:
            return self._play(k)
        k -= self._count
        keyword = self._keyword
        if k < len(keyword):
            return keyword[k]
        k -= len(keyword)
        for card, targets in self._events:
            if k < targets:
                self._table()
                return self._state._event_actions(card, self._me)[k]
            k -= targets
        for space, moves in self._moves:
            if k < moves:
                self._table()
                return self._state._moves_of(space)[k]
            k -= moves
        discards = self._discards
        if k < len(discards):
            return DISCARDS[discards[k]]
        return self._rest[k - len(discards)]

    def _play(self, k: int) -> Action:
        """The ``k``-th ordinary play: the open spaces in the legal list's order (``index.
        offers`` without building it), whole spaces skipped, then cards. A pick in the second
        half is counted from the end: a random player's pick stops a quarter of the way."""
        index, hand = self._table(), self._hand
        plays = index.plays
        order = sorted(index.keys.values())
        backwards = 2 * k >= self._count
        if backwards:  # the k-th play is the (count - 1 - k)-th from the end
            order.reverse()
            k = self._count - 1 - k
        for key in order:
            space = key % ORDER
            fit = plays[space] & hand
            if fit:
                here = fit.bit_count()
                if k < here:
                    if backwards:  # a space's cards are in id order, counted from the start
                        k = here - 1 - k
                    while k:
                        fit &= fit - 1
                        k -= 1
                    table = PLAYS[index.bits][self._state.columns]  # (the grid's, its bits)
                    return table[((fit & -fit).bit_length() - 1) * 4096 + space]
                k -= here
        raise AssertionError("the count of plays is the sum of the spaces' counts")

    def _whole(self) -> list[Action]:
        if self._list is None:
            index, state, me = self._table(), self._state, self._me
            table = PLAYS[index.bits][state.columns]
            actions = ordinary_plays(index.offers, self._hand, table)
            actions += self._keyword
            for card, _targets in self._events:
                actions += state._event_actions(card, me)
            for space, _moves in self._moves:
                actions += state._moves_of(space)
            actions += [DISCARDS[card] for card in self._discards]
            actions += self._rest
            self._list = actions
        return self._list
