"""What a seat of Niche may see, declared: the one input of the view and the bots.

``NicheState._observe`` returns the game's own part (``NicheSeen``); the engine adds the
envelope every game shares (``engine.Observation``). Hands and dealt environments are a seat's
own; face-down gene-pool cards show only that they are there.
"""

# (no `from __future__ import annotations` here: Python 3.11 reads a TypedDict's NotRequired
# keys only from annotations evaluated when the class is made)

from typing import TypedDict

from evo_lessons.engine import Observation


class PoolCard(TypedDict):
    """One position of a gene-pool stack (a face-down card's identity is left out)."""

    position: int
    present: bool
    face_up: bool
    card: int | None
    available: bool


class Seat(TypedDict):
    """One seat's public table: its environment, play area and progress."""

    seat: int
    #: the environment card in play (None between environments)
    environment: int | None
    challenges_met: list[int]
    completed: list[int]
    play_area: list[int]
    hand_size: int
    protected: bool
    events_suffered: int
    #: the share of the environment's challenges met (R16)
    match: float
    #: [card, the card it copies] for each copying card in play
    copies: list[list[int]]


class PendingDiscard(TypedDict):
    player: int
    keep: int | None


class NicheSeen(TypedDict):
    """The game's own keys: what ``_observe`` returns."""

    #: keep | environment | draw | play | discard | over
    phase: str
    turn_player: int
    turn: int
    round: int
    gene_pool: list[list[PoolCard]]
    trait_deck_size: int
    discard: list[int]
    environment_deck_size: int
    set_aside: list[int]
    seats: list[Seat]
    #: the seat's own hand and dealt environments (None in the public view)
    hand: list[int] | None
    dealt_environments: list[int] | None
    pending_discard: PendingDiscard | None
    ended_by_time: bool


class NicheObservation(Observation, NicheSeen):
    """``state.observation(seat)`` of a Niche game: the envelope, then its own keys."""
