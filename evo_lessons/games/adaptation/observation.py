"""What a seat of Adaptation may see, declared: the one input of the view and the bots.

``AdaptationState._observe`` returns the game's own part (``AdaptationSeen``); the engine adds
the envelope every game shares (``engine.Observation``). A seat sees its own card, the
challenge only once it is chosen (the dealer sees it first, R12), and every round's record.
"""

# (no `from __future__ import annotations` here: Python 3.11 reads a TypedDict's NotRequired
# keys only from annotations evaluated when the class is made)

from typing import Any, TypedDict

from evo_lessons.engine import Observation


class AdaptationSeen(TypedDict):
    """The game's own keys: what ``_observe`` returns."""

    round: int
    #: dealer_draw | choose | adapt | over
    phase: str
    dealer: int
    tokens: list[int]
    active: list[bool]
    #: the seat's own card (``Card.to_json``: id, count, shape, colour, scores, label), or None
    hand: dict[str, Any] | None
    #: number | shape | colour, once this seat may see it (None: still secret)
    challenge: str | None
    challenge_chosen: bool
    dealer_redrew: bool | None
    swapped: list[int]
    kept: list[int]
    to_decide: list[int]
    draw_pile: int
    discard_pile: int
    refills: int
    #: one record a round played (round, dealer, challenge, cards, scores, defeated, tokens...)
    history: list[dict[str, Any]]


class AdaptationObservation(Observation, AdaptationSeen):
    """``state.observation(seat)`` of an Adaptation game: the envelope, then its own keys."""
