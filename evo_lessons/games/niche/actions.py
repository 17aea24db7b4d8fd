"""The five kinds of decision a Niche player makes, each a small frozen value.

They live in their own module, below the rules, so that ``tables.py`` can build each distinct
action once (the rules hand out those shared objects) without importing the rules themselves.
Every label is plain English and names cards the acting seat can see.
"""

from __future__ import annotations

import dataclasses

from evo_lessons.engine import Action
from evo_lessons.engine.words import seat_name

from .data import deck

CARDS = deck().cards
ENVIRONMENTS = deck().environments


def card_name(card: int) -> str:
    return CARDS[card].name


@dataclasses.dataclass(frozen=True, slots=True)
class KeepEnvironment(Action):
    """Setup: keep one of the two environments dealt to you."""

    environment: int

    def __str__(self) -> str:
        return f"Keep the {ENVIRONMENTS[self.environment].name} environment"


@dataclasses.dataclass(frozen=True, slots=True)
class DrawEnvironment(Action):
    """The turn after a completion: draw a new environment instead of drawing and playing."""

    def __str__(self) -> str:
        return "Draw a new environment"


@dataclasses.dataclass(frozen=True, slots=True)
class DrawFromGenePool(Action):
    """Take the available card at ``position`` of gene-pool ``stack`` into the hand."""

    stack: int
    position: int
    card: int

    def __str__(self) -> str:
        return f"Draw {card_name(self.card)} from gene pool {self.stack + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play ``card`` from the hand; ``target`` is a seat for events aimed at another player
    (-1 otherwise) and ``take`` the trait that Gene flow copies (-1 otherwise; R7: the donor
    keeps it)."""

    card: int
    target: int = -1
    take: int = -1

    def __str__(self) -> str:
        card = CARDS[self.card]
        if card.target != "other":
            return f"Play {card.name}"
        if self.target < 0:
            return f"Play {card.name} with no effect (nobody can be targeted)"
        if self.take >= 0:
            return f"Play {card.name}: copy {card_name(self.take)} from {seat_name(self.target)}"
        return f"Play {card.name} on {seat_name(self.target)}"


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardFromPlay(Action):
    """Discard ``card`` from your play area (rule of 4, or a mass extinction)."""

    card: int

    def __str__(self) -> str:
        return f"Discard {card_name(self.card)} from your play area"


ACTION_TYPES = {
    cls.__name__: cls
    for cls in (KeepEnvironment, DrawEnvironment, DrawFromGenePool, PlayCard, DiscardFromPlay)
}
