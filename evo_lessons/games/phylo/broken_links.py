"""Broken links: cards left without a compatible connection, and when they go (R11).

The rulebook: after your actions, cards with no compatible connection left may stay on the
table until the other player has had a turn to react (move them, feed them, counter with an
event); at the end of that turn, every card still without a compatible connection is removed.

A card is *connected* when a neighbour alone keeps it compatible (R3), or, for a parasite, when
its host lies on top of it (R6). Ruling R11 fixes the exact timing: after every action the table
is checked, and a card that has lost its last connection is *at risk* from that turn on; at the
end of each turn the cards at risk since an earlier turn are removed and count as lost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from evo_lessons.engine import Event
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import pgettext

from . import tables as T
from .decks import WHY_REMOVED
from .event_cards import EventCards
from .words import Said, card_name

NEEDS, HOSTS = T.NEEDS, T.HOSTS
NEEDED, HOSTED = T.NEEDED, T.HOSTED


def cut_off_at(
    space: int,
    top: list[int],
    under: list[int],
    card_of: Sequence[int],
    neighbours: tuple[tuple[int, ...], ...],
) -> int:
    """Which species at ``space`` have no connection: bit 1 the one on top, bit 2 the parasite.

    HOME cards (instances 0 and 1) are never cut off. A parasite is connected by a host on top
    of it, or like any species by a neighbour.
    """
    bits = 0
    instance = top[space]
    if instance >= 2:
        needs = NEEDED[card_of[instance]]  # NEEDS as truths (tables.py)
        for n in neighbours[space]:
            other = top[n]
            if other >= 0 and needs[card_of[other]]:
                break
        else:
            bits = 1
    beneath = under[space]
    if beneath >= 2 and not (instance >= 0 and HOSTED[card_of[beneath]][card_of[instance]]):
        needs = NEEDED[card_of[beneath]]
        for n in neighbours[space]:
            other = top[n]
            if other >= 0 and needs[card_of[other]]:
                break
        else:
            bits |= 2
    return bits


def _safe(owner: int, card: int) -> Callable[[], str]:
    return lambda: pgettext("phylo log", "{who}'s {card} is connected again.").format(
        who=seat_name(owner), card=card_name(card)
    )


def _at_risk(owner: int, card: int, where: str) -> Callable[[], str]:
    return lambda: pgettext(
        "phylo log",
        "{who}'s {card} at {space} has lost every compatible connection: it is at risk.",
    ).format(who=seat_name(owner), card=card_name(card), space=where)


class BrokenLinks(EventCards):
    """Which cards are at risk, and the removal step (a part of :class:`PhyloState`)."""

    def _connected(self, space: int, instance: int) -> bool:
        card = self.card_of[instance]
        if self.under[space] == instance:
            host = self.top[space]
            if host >= 0 and HOSTS[card] >> self.card_of[host] & 1:
                return True
        return self._fits(card, space)

    def _unconnected(self) -> list[tuple[int, int]]:
        """Every (space, instance) on the table without a compatible connection (a full scan)."""
        found = []
        top, under, card_of, neighbours = self.top, self.under, self.card_of, self.neighbours
        for space in range(len(top)):
            bits = cut_off_at(space, top, under, card_of, neighbours)
            if bits & 1:
                found.append((space, top[space]))
            if bits & 2:
                found.append((space, under[space]))
        return found

    def _update_risk(self, events: list[Event]) -> None:
        """After every action: start the clock of newly cut-off cards, stop it for rejoined ones."""
        if not self.index.recheck:  # no card came or went since the last check: nothing changed
            return
        cut = self.index.unconnected(
            cut_off_at, self.top, self.under, self.card_of, self.neighbours
        )
        risk = self.risk
        if not cut and not risk:
            return
        broken = dict((i, s) for s, i in cut)
        owner_of, card_of = self.owner_of, self.card_of
        for instance in [i for i in risk if i not in broken]:
            del risk[instance]
            events.append(
                Said("safe", _safe(owner_of[instance], card_of[instance]), owner_of[instance])
            )
        for instance, space in broken.items():
            if instance not in risk:
                risk[instance] = self.turn
                owner, card = owner_of[instance], card_of[instance]
                where = T.space_names(self.columns)[space]
                events.append(
                    Said("at_risk", _at_risk(owner, card, where), owner, {"space": space})
                )

    def _removal_step(self, events: list[Event]) -> None:
        """The end of a turn: cards at risk since an earlier turn are removed (R11)."""
        if not self.risk and not self.index.recheck:  # most turns: nothing at risk, nothing new
            return
        self._update_risk(events)
        doomed = [i for i, since in self.risk.items() if since < self.turn]
        if not doomed:
            return
        # space by space in reading order, top before beneath; every card at risk lies on a
        # space the index has just found cut off, so only those are looked at
        top, under = self.top, self.under
        for space in sorted(self.index.cut_off):
            for instance in (top[space], under[space]):
                if instance in doomed:
                    self._remove_at(space, instance, events, WHY_REMOVED)
        self._update_risk(events)
