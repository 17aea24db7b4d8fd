"""What a seat of Phylo may see, declared: the one input of the view and the bots.

``PhyloState._observe`` returns the game's own part (``PhyloSeen``); the engine adds the
envelope every game shares (``engine.Observation``). The other player's hand and both decks'
order are hidden; a seat sees its own hand, its picks while building and its own deck while
preselecting (R18).
"""

# (no `from __future__ import annotations` here: Python 3.11 reads a TypedDict's NotRequired
# keys only from annotations evaluated when the class is made)

from typing import NotRequired, TypedDict

from evo_lessons.engine import Observation


class TableCard(TypedDict):
    """One species card on the table."""

    space: int
    row: int
    column: int
    #: the card's number in the collection (a HOME card is ``len(CARDS)``)
    card: int
    owner: int
    #: a parasite lying beneath its host
    beneath: bool
    at_risk: bool
    #: the turn it lost its last connection (None: connected)
    risk_since: int | None


class PhyloSeen(TypedDict):
    """The game's own keys: what ``_observe`` returns."""

    #: build | preselect | play | remove | over
    phase: str
    rows: int
    columns: int
    homes: list[int]
    table: list[TableCard]
    turn: int
    turn_player: int
    actions_left: int
    event_played: bool
    wind: bool
    pollinator: bool
    challenged: bool
    #: the game ends after this turn (R12; None: not yet decided)
    end_after: int | None
    deck_sizes: list[int]
    hand_sizes: list[int]
    discards: list[list[int]]
    lost: list[int]
    scores: list[int]
    picked: list[int]
    #: the seat's own hand, sorted (None: the public view)
    hand: list[int] | None
    #: the seat's picks while building its deck (that phase only)
    picks: NotRequired[list[int]]
    #: the seat's own deck, sorted, while it preselects (R18; that phase only)
    deck: NotRequired[list[int]]


class PhyloObservation(Observation, PhyloSeen):
    """``state.observation(seat)`` of a Phylo game: the envelope, then its own keys."""
