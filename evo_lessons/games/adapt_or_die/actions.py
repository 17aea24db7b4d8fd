"""The decisions of Adapt or Die: one small frozen value for each kind of choice a player makes.

A player chooses a creature (in the choose-your-creature variant), moves the bug or steps off the
board at an exit, decides what becomes of a niche card (keep, exchange, give; or, holding it
already, return another or force the copy on someone), picks or returns the adaptation card that
goes with a niche card, offers and answers trades, ends the turn, and at the end orders the cards
that touch one feature. Each value's ``str`` is the button a student reads, in plain words.

The phases below name whose decision is awaited and of what kind; the rules (``rules.py`` and its
parts) move from one to the next.
"""

from __future__ import annotations

import dataclasses

from evo_lessons.engine import Action
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import pgettext

from .data import world
from .words import card_name as card_name  # (re-exported, as habitat_name: the rules use them)
from .words import creature_name, feature_word
from .words import habitat_name as habitat_name

WORLD = world()


def with_article(name: str) -> str:
    """ "a Cave", "an Air over a pond": the article a name needs."""
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


# -- the decisions --------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class ChooseCreature(Action):
    """Choose a creature card (the choose-your-creature variant, R16)."""

    creature: int

    def __str__(self) -> str:
        return pgettext("adapt_or_die choice", "Choose creature {n}, the {creature}").format(
            n=self.creature, creature=creature_name(self.creature)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Action):
    """Move the bug to a space on the board (R1)."""

    space: int

    def __str__(self) -> str:
        return pgettext("adapt_or_die choice", "Move to space {n}").format(n=self.space)


@dataclasses.dataclass(frozen=True, slots=True)
class Exit(Action):
    """Leave the board at a marked exit, onto the mat place beside it (R2)."""

    place: int

    def __str__(self) -> str:
        return pgettext("adapt_or_die choice", "Exit the board to mat place {n}").format(
            n=self.place
        )


@dataclasses.dataclass(frozen=True, slots=True)
class KeepNiche(Action):
    """Keep the niche card just taken (R6)."""

    def __str__(self) -> str:
        return pgettext("adapt_or_die choice", "Keep the niche card")


@dataclasses.dataclass(frozen=True, slots=True)
class ExchangeNiche(Action):
    """Keep the new niche card and return one of yours to the pile (R6, R10)."""

    habitat: int

    def __str__(self) -> str:
        return pgettext(
            "adapt_or_die choice", "Keep it and return your {habitat} niche card"
        ).format(habitat=habitat_name(self.habitat))


@dataclasses.dataclass(frozen=True, slots=True)
class GiveNiche(Action):
    """Give the niche card just taken to another player (R6, R8)."""

    player: int

    def __str__(self) -> str:
        return pgettext("adapt_or_die choice", "Give the niche card to {who}").format(
            who=seat_name(self.player)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class ReturnNiche(Action):
    """Holding this niche already: return another niche card with the spare copy (R7)."""

    habitat: int

    def __str__(self) -> str:
        return pgettext(
            "adapt_or_die choice", "Return your {habitat} niche card with the spare copy"
        ).format(habitat=habitat_name(self.habitat))


@dataclasses.dataclass(frozen=True, slots=True)
class ForceNiche(Action):
    """Holding this niche already: force the spare copy on another player (R7)."""

    player: int

    def __str__(self) -> str:
        return pgettext("adapt_or_die choice", "Force the spare niche card on {who}").format(
            who=seat_name(self.player)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class ReturnAdaptation(Action):
    """Return an adaptation card along with a returned niche card (R10)."""

    card: int

    def __str__(self) -> str:
        return pgettext("adapt_or_die choice", "Return the {card} adaptation card").format(
            card=card_name(self.card)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class TakeAdaptation(Action):
    """Take a face-up adaptation card along with a niche card (R10)."""

    card: int

    def __str__(self) -> str:
        return pgettext("adapt_or_die choice", "Take the {card} adaptation card").format(
            card=card_name(self.card)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class OfferNiches(Action):
    """Offer another player a swap of one niche card each (R11)."""

    player: int
    give: int
    get: int

    def __str__(self) -> str:
        return pgettext(
            "adapt_or_die choice", "Offer {who} your {give} niche for their {get} niche"
        ).format(
            who=seat_name(self.player), give=habitat_name(self.give), get=habitat_name(self.get)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class OfferAdaptations(Action):
    """Offer another player a swap of one adaptation card each (R11)."""

    player: int
    give: int
    get: int

    def __str__(self) -> str:
        return pgettext(
            "adapt_or_die choice", "Offer {who} your {give} card for their {get} card"
        ).format(who=seat_name(self.player), give=card_name(self.give), get=card_name(self.get))


@dataclasses.dataclass(frozen=True, slots=True)
class AnswerTrade(Action):
    """The offered player's answer (R11)."""

    accept: bool

    def __str__(self) -> str:
        if self.accept:
            return pgettext("adapt_or_die choice", "Accept the trade")
        return pgettext("adapt_or_die choice", "Decline the trade")


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish the turn without (further) trading."""

    def __str__(self) -> str:
        return pgettext("adapt_or_die choice", "End the turn")


@dataclasses.dataclass(frozen=True, slots=True)
class OrderCards(Action):
    """Apply one feature's adaptation cards in this order, ending at ``end`` (R13)."""

    feature: int
    cards: tuple[int, ...]
    end: int

    def __str__(self) -> str:
        then = pgettext("adapt_or_die choice; between card symbols: ++, then -", ", then ")
        symbols = then.join(WORLD.kinds[WORLD.cards[c].kind].symbol for c in self.cards)
        return pgettext(
            "adapt_or_die choice; {feature} is leg length, segments ...",
            "Apply the {feature} cards {symbols}: {feature} ends at {end}",
        ).format(feature=feature_word(self.feature), symbols=symbols, end=self.end)


ACTION_TYPES = {
    cls.__name__: cls
    for cls in (
        ChooseCreature,
        Move,
        Exit,
        KeepNiche,
        ExchangeNiche,
        GiveNiche,
        ReturnNiche,
        ForceNiche,
        ReturnAdaptation,
        TakeAdaptation,
        OfferNiches,
        OfferAdaptations,
        AnswerTrade,
        EndTurn,
        OrderCards,
    )
}
#: the decisions that carry no value: one object each
KEEP, END_TURN = KeepNiche(), EndTurn()
ACCEPT, DECLINE = AnswerTrade(True), AnswerTrade(False)

#: phases: whose decision, and of what kind
CHOOSE, MOVE, NICHE, RETURN, PICK, TRADE, ANSWER, ORDER, OVER = (
    "choose",
    "move",
    "niche",
    "return",
    "pick",
    "trade",
    "answer",
    "order",
    "over",
)
