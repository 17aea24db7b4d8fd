"""What a seat of Adapt or Die may see, declared: the one input of the view and the bots.

``AdaptOrDieState._observe`` returns the game's own part (``AdaptOrDieSeen``); the engine adds
the envelope every game shares (``engine.Observation``). Everything on the table is public;
only the piles' order is hidden (from everyone).
"""

# (no `from __future__ import annotations` here: Python 3.11 reads a TypedDict's NotRequired
# keys only from annotations evaluated when the class is made)

from typing import Any, TypedDict

from evo_lessons.engine import Observation


class Bug(TypedDict):
    """One seat's creature on the board."""

    seat: int
    #: the creature card's number (None: not chosen yet)
    creature: int | None
    #: the creature's starting features (None: not chosen yet)
    features: list[int] | None
    position: int
    #: the habitats this bug holds as niches
    niches: list[int]
    #: the adaptation cards it holds
    adaptations: list[int]
    unfit: int
    #: the order of each feature's cards (R13), or None while none is chosen
    orders: list[list[int] | None]


class Place(TypedDict):
    """One habitat place of the board and the mat lying on it."""

    place: int
    node: int
    #: the habitat mat's number (None: no mat yet)
    habitat: int | None
    pressures: list[int] | None


class AdaptOrDieSeen(TypedDict):
    """The game's own keys: what ``_observe`` returns."""

    board: str
    phase: str
    turn: int
    round: int
    turn_player: int
    roll: int | None
    reachable: list[int]
    target: int
    scoring: str
    bugs: list[Bug]
    places: list[Place]
    mat_pile: int
    niche_pile: list[int]
    pool: list[int]
    #: the habitat offered and whether it is a spare (None: no offer of a niche)
    offered: dict[str, Any] | None
    returning: int | None
    gains: list[list[int]]
    #: a trade on the table: kind, from, to, give, get (None: no trade)
    offer: dict[str, Any] | None
    #: the kinds of trade made this turn (niche, adaptation; R11)
    traded: list[str]
    declined: list[list[Any]]
    selected: list[int]
    creatures_left: list[int]
    #: each seat's final score once the game is over (total, extinctions, best_in)
    final: list[dict[str, Any]] | None


class AdaptOrDieObservation(Observation, AdaptOrDieSeen):
    """``state.observation(seat)`` of an Adapt or Die game: the envelope, then its own keys."""
