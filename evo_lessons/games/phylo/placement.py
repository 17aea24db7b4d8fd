"""Building the web: playing, moving and spreading species (the rulebook's "how to build").

A species is played on an empty space (R4) beside at least one card that, on its own, makes it
compatible (R2, R3; ``compatibility.py`` says when two cards are). Keywords bend this:

* INVASIVE: played on top of a species it may replace, which is discarded (R5);
* PARASITIC: played beneath a compatible host, in a space with no parasite yet (R6);
* MOVE n and FLIGHT n: one of your species moves 1 to n spaces in a straight line to an empty
  space where it is compatible, FLIGHT diagonally too; one action (R7);
* SPREAD: a copy from the hand goes beside its original when its condition (a POLLINATOR
  neighbour or a Pollinator boom, or a Strong wind) is met, free of actions (R8).

The legal lists come out in one fixed order (plays space by space, then each card's keyword
plays, ...): a seeded random player's game depends on it. Where a card may be played is read
from the speed index (``index.py``), which remembers it between actions.
"""

from __future__ import annotations

from collections.abc import Sequence

from evo_lessons.engine import Action, Event
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import pgettext

from . import tables as T
from .actions import MoveSpecies, PlayInvasive, PlayParasite, PlaySpecies, Spread
from .decks import WHY_INVADED, Decks
from .words import Said, card_name

CARDS = T.CARDS
NEEDS = T.NEEDS
#: the same, as truths indexed by card id (``tables.py``: no wide ints built to test a bit)
NEEDED, HOSTED, INVADED = T.NEEDED, T.HOSTED, T.INVADED
MOVE_REACH, SPREAD, POLLINATORS = T.MOVE_REACH, T.SPREAD, T.POLLINATORS
#: the shared action objects of each grid (``tables.py``); the plays also by how the game
#: numbers its species: ``PLAYS[index.bits][columns]``
PLAYS = T.ActionTable(
    lambda bits: T.PerGrid(lambda columns: T.play_table(PlaySpecies, columns, bits.card))
)
INVASIONS = T.PerGrid(lambda columns: T.keyword_table(PlayInvasive, columns))
PARASITES = T.PerGrid(lambda columns: T.keyword_table(PlayParasite, columns))
MOVES = T.PerGrid(lambda columns: T.move_table(MoveSpecies, columns))
#: MOVE_WAY[x]: R7's reach of species x and whether it flies (diagonals too), as ``within`` is
#: indexed
MOVE_WAY = tuple((reach, directions == 8) for reach, directions in MOVE_REACH)
#: the count of a player without a species that moves: no spaces, no moves (shared)
NO_MOVES: tuple[tuple, int] = ((), 0)


def _played(columns: int) -> T.ActionTable:
    """``table[((seat * 2 + spread?) * 4096 + card) * 4096 + space]``: the log's sentence of a
    species played (or spread, R8) on a space, one shared Event each (``tables.ActionTable``),
    written when it is read (``words.Said``)."""
    names = T.space_names(columns)

    def make(key: int) -> Said:
        rest, space = divmod(key, 4096)
        rest, card = divmod(rest, 4096)
        me, spread = divmod(rest, 2)

        def say() -> str:
            text = (
                pgettext("phylo log", "{who} spreads {card} at {space}.")
                if spread
                else pgettext("phylo log", "{who} plays {card} at {space}.")
            )
            return text.format(who=seat_name(me), card=card_name(card), space=names[space])

        return Said("play", say, me, {"card": card, "space": space})

    return T.ActionTable(make)


#: the log's sentences of plays and spreads on each grid
PLAYED = T.PerGrid(_played)


def ordinary_plays(offers: list[tuple[int, int]], hand: int, plays) -> list[Action]:
    """R2-R4: every hand species on every open space it fits, space by space in the index's
    order, the cards of one space in id order (``offers``: the index's open spaces with what
    may be played there; ``hand``: the hand's species as a bitmask; ``plays``: the grid's
    PLAYS table)."""
    actions: list[Action] = []
    append = actions.append
    for space, mask in offers:
        fit = mask & hand
        if not fit:
            continue
        if not fit & (fit - 1):  # one card fits here: the usual case
            append(plays[(fit.bit_length() - 1) * 4096 + space])
            continue
        while fit:  # several: in card order
            low = fit & -fit
            append(plays[(low.bit_length() - 1) * 4096 + space])
            fit ^= low
    return actions


class Placement(Decks):
    """Where species may go, and putting them there (a part of :class:`PhyloState`)."""

    wind: bool
    pollinator: bool

    def _fits(self, card: int, space: int, leaving: int = -1) -> bool:
        """Is species ``card`` compatible with a neighbour of ``space`` (ignoring ``leaving``)?"""
        needs = NEEDS[card]
        top, card_of = self.top, self.card_of
        for n in self.neighbours[space]:
            instance = top[n]
            if instance >= 0 and n != leaving and needs >> card_of[instance] & 1:
                return True
        return False

    # -- the legal choices ---------------------------------------------------------------------
    def _keyword_plays(self, hand: int) -> list[Action]:
        """R5, R6: each card's INVASIVE plays (on a species it may replace, compatible with a
        neighbour) and PARASITIC plays (beneath a host with no parasite yet), in card order,
        space by space among those the index keeps for it (``index.targets``)."""
        actions: list[Action] = []
        append = actions.append
        index = self.index
        keyword, named, targets = hand & index.aimable, index.bits.card, index.targets
        under, card_of, top, neighbours = self.under, self.card_of, self.top, self.neighbours
        invasions, parasites = INVASIONS[self.columns], PARASITES[self.columns]
        while keyword:  # the hand's species with a keyword play, in id order
            low = keyword & -keyword
            keyword ^= low
            card = named[low.bit_length() - 1]
            spaces = targets[card]  # where a card lies it may replace or live beneath
            invades, hosts, needs = INVADED[card], HOSTED[card], NEEDED[card]
            base = card * 4096
            for space in spaces:  # in reading order
                target = card_of[top[space]]  # (no card invades or lives beneath a HOME)
                if invades[target]:
                    for n in neighbours[space]:  # self._fits(card, space), inlined
                        other = top[n]
                        if other >= 0 and needs[card_of[other]]:
                            append(invasions[(base + space) * 4096 + target])
                            break
                if hosts[target] and under[space] < 0:
                    append(parasites[(base + space) * 4096 + target])
        return actions

    def _destinations(self, instance: int, space: int, reach: int, directions: int) -> list[int]:
        """Empty spaces in straight lines from ``space`` where the card would be compatible.

        The card must fit without counting itself: beside its own old space, the neighbours are
        checked one by one; elsewhere the index's open spaces say it at once.
        """
        card = self.card_of[instance]
        bit = self.index.bit[card]
        get = self.index.plays.get
        within = self.within[space][reach][directions == 8]
        beside = self.neighbours[space]
        return [
            d
            for d in within
            if get(d, 0) & bit and (d not in beside or self._fits(card, d, leaving=space))
        ]

    def _move_actions(self, me: int) -> list[Action]:
        """R7: MOVE and FLIGHT of the player's own species, space by space."""
        return [move for space, _n in self._move_counts(me)[0] for move in self._moves_of(space)]

    def _moves_of(self, space: int) -> list[Action]:
        """R7: where the species on ``space`` may move, line by line and nearest first."""
        instance = self.top[space]
        card = self.card_of[instance]
        moves, base = MOVES[self.columns], (card * 4096 + space) * 4096
        places = self._destinations(instance, space, *MOVE_REACH[card])
        return [moves[base + d] for d in places]

    def _move_counts(self, me: int) -> tuple[Sequence[tuple[int, int]], int]:
        """R7: how many MOVE and FLIGHT actions each of the player's species has, space by
        space (those with none left out), and their sum; a turn counts its moves and names
        them only when one is picked (``_moves_of``).

        A species lands only on an open space that offers it (``index.plays``), and beside its
        old space it must fit without counting itself. A species that cannot keep its own
        kind compatible (no species with MOVE or FLIGHT in today's cards can) never makes a
        space offer itself, so wherever it is offered another card keeps it: only one that
        can has its old neighbours checked one by one.

        Remembered until the table changes (``index.remembered``): do not change it.
        """
        index = self.index
        counted = index.remembered.get(me)  # the key of a player's moves: the player
        if counted is not None:
            return counted
        movers = index.movers[me]
        if not movers:  # (no species of this player moves: most decisions of many games)
            return NO_MOVES
        counts: list[tuple[int, int]] = []
        total = 0
        top, card_of, packed, reaches = self.top, self.card_of, index.packed, index.reaches
        for space in movers:
            card = card_of[top[space]]
            # the open spaces in its lines where it may be played: one AND for them all when
            # the masks lie side by side (with its bit in each space of its lines, kept)
            if reaches:  # (kept only when the masks lie side by side, for every mover)
                n = (packed & reaches[space]).bit_count()
            else:  # the game's masks take several digits: one space at a time
                n = self._open_in_reach(card, space)
            if n and NEEDED[card][card]:  # it could keep itself compatible: see above
                n -= self._kept_only_by_itself(card, space)
            if n:
                counts.append((space, n))
                total += n
        counted = index.remembered[me] = (counts, total)
        return counted

    def _open_in_reach(self, card: int, space: int) -> int:
        """The open spaces in the lines of the species on ``space`` that offer it, one by one
        (a game whose masks take several digits keeps no ``index.reaches``)."""
        plays, (reach, flies) = self.index.plays, MOVE_WAY[card]
        bit = self.index.bit[card]
        return sum(1 for d in self.within[space][reach][flies] if plays.get(d, 0) & bit)

    def _kept_only_by_itself(self, card: int, space: int) -> int:
        """The spaces beside ``space`` that offer its species only because it lies there."""
        plays, bit = self.index.plays, self.index.bit[card]
        return sum(
            1
            for d in self.neighbours[space]
            if plays.get(d, 0) & bit and not self._fits(card, d, leaving=space)
        )

    def _spread_actions(self, me: int) -> list[Action]:
        """R8: a copy in the hand beside its original, where the condition is met."""
        index = self.index
        bits = index.bits
        # the hand's species whose condition may be met now: WIND after a Strong wind,
        # POLLINATOR after a Pollinator boom or with a pollinator on the table (a neighbour of
        # the copy, checked below); most turns, none
        spreading = index.species[me] & (
            (bits.wind if self.wind else 0)
            | (bits.pollinated if self.pollinator or index.tops & POLLINATORS else 0)
        )
        if not spreading:
            return []
        on_top, wanted = index.on_top, set()  # those with a copy on the table, as card ids
        while spreading:
            low = spreading & -spreading
            spreading ^= low
            card = bits.card[low.bit_length() - 1]
            if on_top[card]:
                wanted.add(card)
        if not wanted:
            return []
        found: set[tuple[int, int]] = set()
        top, under, card_of = self.top, self.under, self.card_of
        for space in self.index.occupied:
            instance = top[space]
            if instance < 2 or self.owner_of[instance] != me:
                continue
            card = card_of[instance]
            if card not in wanted or not self._spread_condition(card, space):
                continue
            for n in self.neighbours[space]:
                if top[n] < 0 and under[n] < 0:
                    found.add((card, n))
        return [T.interned(Spread, card, *self._rc(space)) for card, space in sorted(found)]

    def _spread_condition(self, card: int, space: int) -> bool:
        if SPREAD[card] == "wind":
            return self.wind
        if self.pollinator:
            return True
        return any(
            self.top[n] >= 2 and POLLINATORS >> self.card_of[self.top[n]] & 1
            for n in self.neighbours[space]
        )

    # -- carrying them out ---------------------------------------------------------------------
    def _place(self, me: int, card: int, space: int, events: list[Event], spread: int) -> None:
        """R4, R8: a hand card onto an empty space (``spread``: 1 for a SPREAD, 0 for a play).
        A play fits where it goes (R2); a spread's copy need not."""
        self._put(space, self._take_from_hand(me, card), not spread)
        events.append(PLAYED[self.columns][((me * 2 + spread) * 4096 + card) * 4096 + space])

    def _invade(self, me: int, action: PlayInvasive, events: list[Event]) -> None:
        """R5: the replaced species is discarded; the invader now gives the space its habitat."""
        space = self._space(action)
        instance = self._take_from_hand(me, action.card)
        self._remove_at(space, self.top[space], events, WHY_INVADED)
        self._put(space, instance, True)  # compatible with a neighbour (R5)
        names = T.space_names(self.columns)
        events.append(
            Said(
                "invade",
                lambda: pgettext(
                    "phylo log", "{who} plays {card} (INVASIVE) at {space}, replacing {other}."
                ).format(
                    who=seat_name(me),
                    card=card_name(action.card),
                    space=names[space],
                    other=card_name(action.replaces),
                ),
                me,
                {"card": action.card, "space": space},
            )
        )

    def _parasitise(self, me: int, action: PlayParasite, events: list[Event]) -> None:
        """R6: the parasite goes beneath its host."""
        space = self._space(action)
        self._put_under(space, self._take_from_hand(me, action.card))
        names = T.space_names(self.columns)
        events.append(
            Said(
                "parasite",
                lambda: pgettext(
                    "phylo log", "{who} plays {card} (PARASITIC) beneath {host} at {space}."
                ).format(
                    who=seat_name(me),
                    card=card_name(action.card),
                    host=card_name(action.host),
                    space=names[space],
                ),
                me,
                {"card": action.card, "space": space},
            )
        )

    def _move(self, me: int, action: MoveSpecies, events: list[Event]) -> None:
        """R7: a parasite beneath the moving species stays behind."""
        start = action.from_row * self.columns + action.from_column
        space = self._space(action)
        instance = self.top[start]
        self._put(start, -1)
        self._put(space, instance, True)  # compatible there without itself (R7)
        names = T.space_names(self.columns)
        events.append(
            Said(
                "move",
                lambda: pgettext("phylo log", "{who} moves {card} from {start} to {space}.").format(
                    who=seat_name(me),
                    card=card_name(action.card),
                    start=names[start],
                    space=names[space],
                ),
                me,
                {"card": action.card, "from": start, "space": space},
            )
        )
