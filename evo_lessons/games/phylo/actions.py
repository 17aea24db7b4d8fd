"""The actions of a turn, as the rulebook lists them, and the deck-builder's picks.

A turn is three actions from: discard a card to draw three (R13); play a species beside a
compatible card, on top of one it may replace (INVASIVE, R5) or beneath a host (PARASITIC, R6);
MOVE or FLIGHT one of your species (R7); play an event (one a turn, R10); or pass (R9).
SPREAD costs no action (R8). Call your bluff adds a challenge and, after it, the winner's
removal (R14); the deck-builder adds one pick a decision (R15). Each action is a frozen value
whose ``str`` is the button's label.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from evo_lessons.engine import Action
from evo_lessons.i18n import pgettext

from . import tables as T
from .data import check_deck
from .words import card_name

HOME = T.HOME
CARDS = T.CARDS
#: the cards drawn by discarding one (R13)
DISCARD_DRAW = 3


def _at(row: int, column: int) -> str:
    return T.space_name(row, column)


@dataclasses.dataclass(frozen=True, slots=True)
class PickCard(Action):
    """Deck-builder: put one card into your deck (R15)."""

    card: int

    def __str__(self) -> str:
        return pgettext("phylo choice", "Put {card} into your deck").format(
            card=card_name(self.card)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseOpening(Action):
    """Preselected opening hand: take one card of your deck into your hand (R18)."""

    card: int

    def __str__(self) -> str:
        return pgettext("phylo choice", "Take {card} into your opening hand").format(
            card=card_name(self.card)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class PlaySpecies(Action):
    """Play a species from the hand on an empty space beside a compatible card."""

    card: int
    row: int
    column: int

    def __str__(self) -> str:
        # Translators: {space} is a space of the grid such as "D4" (column letter, row number)
        return pgettext("phylo choice", "Play {card} at {space}").format(
            card=card_name(self.card), space=_at(self.row, self.column)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class PlayInvasive(Action):
    """INVASIVE: play on top of a species it may replace, discarding that species (R5)."""

    card: int
    row: int
    column: int
    replaces: int

    def __str__(self) -> str:
        return pgettext(
            "phylo choice", "Play {card} (INVASIVE) at {space}, replacing {other}"
        ).format(
            card=card_name(self.card),
            space=_at(self.row, self.column),
            other=card_name(self.replaces),
        )


@dataclasses.dataclass(frozen=True, slots=True)
class PlayParasite(Action):
    """PARASITIC: play beneath a host species (R6)."""

    card: int
    row: int
    column: int
    host: int

    def __str__(self) -> str:
        return pgettext("phylo choice", "Play {card} (PARASITIC) beneath {host} at {space}").format(
            card=card_name(self.card), host=card_name(self.host), space=_at(self.row, self.column)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class MoveSpecies(Action):
    """MOVE or FLIGHT one of your species to a compatible empty space (R7)."""

    card: int
    from_row: int
    from_column: int
    row: int
    column: int

    def __str__(self) -> str:
        return pgettext("phylo choice", "Move {card} from {start} to {space}").format(
            card=card_name(self.card),
            start=_at(self.from_row, self.from_column),
            space=_at(self.row, self.column),
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Spread(Action):
    """SPREAD: play a copy beside its original, free of actions (R8)."""

    card: int
    row: int
    column: int

    def __str__(self) -> str:
        return pgettext("phylo choice", "Spread {card} to {space} (free)").format(
            card=card_name(self.card), space=_at(self.row, self.column)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class PlayEvent(Action):
    """Play an event card on a compatible species (one a turn, R10)."""

    card: int
    row: int
    column: int
    target: int

    def __str__(self) -> str:
        # Translators: {card} is an event card, {target} the species it is played on
        return pgettext("phylo choice", "Play {card} on {target} at {space}").format(
            card=card_name(self.card),
            target=card_name(self.target),
            space=_at(self.row, self.column),
        )


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardToDraw(Action):
    """Discard a card from the hand to draw three (R13)."""

    card: int

    def __str__(self) -> str:
        return pgettext("phylo choice", "Discard {card} to draw {n} cards").format(
            card=card_name(self.card), n=DISCARD_DRAW
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Challenge(Action):
    """Call your bluff: challenge the link of a species to its neighbour (R14)."""

    card: int
    row: int
    column: int
    other: int
    other_row: int
    other_column: int

    def __str__(self) -> str:
        return pgettext(
            "phylo choice", "Call the bluff on {card} at {space} beside {other} at {other_space}"
        ).format(
            card=card_name(self.card),
            space=_at(self.row, self.column),
            other=card_name(self.other),
            other_space=_at(self.other_row, self.other_column),
        )


@dataclasses.dataclass(frozen=True, slots=True)
class RemoveCard(Action):
    """After a challenge: remove any species from the table at once (R14)."""

    card: int
    row: int
    column: int

    def __str__(self) -> str:
        return pgettext("phylo choice", "Remove {card} at {space}").format(
            card=card_name(self.card), space=_at(self.row, self.column)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """End the turn, passing any actions left (R9)."""

    def __str__(self) -> str:
        return pgettext("phylo choice", "Pass: end the turn")


ACTION_TYPES = {
    cls.__name__: cls
    for cls in (
        PickCard,
        ChooseOpening,
        PlaySpecies,
        PlayInvasive,
        PlayParasite,
        MoveSpecies,
        Spread,
        PlayEvent,
        DiscardToDraw,
        Challenge,
        RemoveCard,
        Pass,
    )
}
PASS = Pass()


def build_actions(cards: Iterable[int]) -> list[PickCard]:
    """A deck given as card ids, checked (R15), as the deck-builder's decisions."""
    cards = tuple(cards)
    check_deck(cards)
    return [PickCard(card) for card in cards]
