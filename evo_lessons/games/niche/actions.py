"""The five kinds of decision a Niche player makes, each a small frozen value.

They live in their own module, below the rules, so that ``tables.py`` can build each distinct
action once (the rules hand out those shared objects) without importing the rules themselves.
Every label is plain English and names cards the acting seat can see.
"""

from __future__ import annotations

import dataclasses

from evo_lessons.engine import Action
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import pgettext

from .data import deck
from .words import card_name as card_name  # (re-exported: the rules name cards by it)
from .words import environment_name

CARDS = deck().cards
ENVIRONMENTS = deck().environments


@dataclasses.dataclass(frozen=True, slots=True)
class KeepEnvironment(Action):
    """Setup: keep one of the two environments dealt to you."""

    environment: int

    def __str__(self) -> str:
        return pgettext("niche choice", "Keep the {environment} environment").format(
            environment=environment_name(self.environment)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class DrawEnvironment(Action):
    """The turn after a completion: draw a new environment instead of drawing and playing."""

    def __str__(self) -> str:
        return pgettext("niche choice", "Draw a new environment")


@dataclasses.dataclass(frozen=True, slots=True)
class DrawFromGenePool(Action):
    """Take the available card at ``position`` of gene-pool ``stack`` into the hand."""

    stack: int
    position: int
    card: int

    def __str__(self) -> str:
        return pgettext("niche choice", "Draw {card} from gene pool {n}").format(
            card=card_name(self.card), n=self.stack + 1
        )


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
        name = card_name(self.card)
        if card.target != "other":
            return pgettext("niche choice", "Play {card}").format(card=name)
        if self.target < 0:
            return pgettext(
                "niche choice", "Play {card} with no effect (nobody can be targeted)"
            ).format(card=name)
        if self.take >= 0:
            return pgettext(
                "niche choice; {other} is a trait card another player has",
                "Play {card}: copy {other} from {who}",
            ).format(card=name, other=card_name(self.take), who=seat_name(self.target))
        return pgettext("niche choice", "Play {card} on {who}").format(
            card=name, who=seat_name(self.target)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardFromPlay(Action):
    """Discard ``card`` from your play area (rule of 4, or a mass extinction)."""

    card: int

    def __str__(self) -> str:
        return pgettext("niche choice", "Discard {card} from your play area").format(
            card=card_name(self.card)
        )


ACTION_TYPES = {
    cls.__name__: cls
    for cls in (KeepEnvironment, DrawEnvironment, DrawFromGenePool, PlayCard, DiscardFromPlay)
}
