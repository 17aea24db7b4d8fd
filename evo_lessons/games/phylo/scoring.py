"""The end of the game and the score (R12), and what the plots count.

The rulebook: when a player takes the last card of their deck, the game ends at the end of the
other player's turn. Each player then tallies the points of their species still face up on the
table, those underneath others included; the most points wins (equal scores share the win).

A card's points come from how hard it is to play (``data.points_for``): narrow habitats and a
high food-chain rank score more, helpful keywords less. The metrics (links, connectance, the
longest food chain) are ours: they let a class see a web's redundancy on the live plot.
"""

from __future__ import annotations

from typing import Any

from evo_lessons.engine import Event
from evo_lessons.engine.words import seat_name, winners_sentence
from evo_lessons.i18n import pgettext

from . import tables as T
from .spaces import Spaces
from .words import Said


class Scoring(Spaces):
    """Scores, the end of the game and the per-player metrics (a part of :class:`PhyloState`)."""

    phase: str
    turn: int
    risk: dict[int, int]
    lost: list[int]
    winners: list[int]

    def _finish(self, events: list[Event]) -> None:
        self.phase = "over"
        scores = self.scores()
        best = max(scores)
        self.winners = [p for p in (0, 1) if scores[p] == best]
        winners = self.winners
        events.append(
            Said(
                "score",
                lambda: pgettext(
                    "phylo log", "Final score: {who1} {points1} points, {who2} {points2} points."
                ).format(
                    who1=seat_name(0), points1=scores[0], who2=seat_name(1), points2=scores[1]
                ),
                data={"scores": scores},
            )
        )
        events.append(Said("over", lambda: winners_sentence(winners), data={"winners": winners}))

    def scores(self) -> list[int]:
        """Each player's points on the table (parasites beneath included)."""
        scores = [0, 0]
        owner_of, card_of, points, top = self.owner_of, self.card_of, T.POINTS, self.top
        # the cards on top (the index's occupied spaces), then any parasite beneath
        for instance in [top[space] for space in self.index.occupied] + self.under:
            if instance >= 2:  # HOMEs (0, 1) and empty spaces (-1) aside
                scores[owner_of[instance]] += points[card_of[instance]]
        return scores

    def links_of(self, space: int, instance: int) -> list[int]:
        """The spaces whose cards keep this card compatible (its host first, if any)."""
        card = self.card_of[instance]
        found = []
        if self.under[space] == instance:
            host = self.top[space]
            if host >= 0 and T.HOSTS[card] >> self.card_of[host] & 1:
                found.append(space)
        needs = T.NEEDS[card]
        for n in self.neighbours[space]:
            if self.top[n] >= 0 and needs >> self.card_of[self.top[n]] & 1:
                found.append(n)
        return found

    def food_chain(self, space: int, memo: dict[int, int] | None = None) -> int:
        """The longest food chain down from the top species at ``space``, in species."""
        memo = {} if memo is None else memo
        if space in memo:
            return memo[space]
        eats = T.EATS[self.card_of[self.top[space]]]
        best = 0
        for n in self.neighbours[space]:
            other = self.top[n]
            if other >= 2 and eats >> self.card_of[other] & 1:
                best = max(best, self.food_chain(n, memo))
        memo[space] = best + 1
        return best + 1

    def metrics(self) -> list[dict[str, Any]]:
        rows = []
        memo: dict[int, int] = {}
        cards = self.table_cards()
        for p in (0, 1):
            mine = [(s, i, b) for s, i, b in cards if self.owner_of[i] == p]
            links = sum(len(self.links_of(s, i)) for s, i, _b in mine)
            chain = max((self.food_chain(s, memo) for s, _i, b in mine if not b), default=0)
            rows.append(
                {
                    "player": p,
                    "turn": self.turn,
                    "points": sum(T.POINTS[self.card_of[i]] for _s, i, _b in mine),
                    "species": len(mine),
                    "links": links,
                    "connectance": round(links / (4 * len(mine)), 3) if mine else 0.0,
                    "chain": chain,
                    "at_risk": sum(1 for i in self.risk if self.owner_of[i] == p),
                    "lost": self.lost[p],
                }
            )
        return rows
