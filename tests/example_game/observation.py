"""What a seat of Peppered moths may see, declared: the one input of the view and the bots.

``PepperedMothsState._observe`` returns the game's own part (``MothsSeen``); the engine adds
the envelope every game shares (``Observation``: game, seat, players, current_player, winners,
options). mypy checks the rules, the view and the bots against these keys.
"""

# (no `from __future__ import annotations` here: Python 3.11 reads a TypedDict's NotRequired
# keys only from annotations evaluated when the class is made)

from typing import TypedDict

from evo_lessons.engine import Observation


class MothsSeen(TypedDict):
    """The game's own keys: what ``_observe`` returns."""

    round: int
    rounds: int
    #: the bark cards turned up so far, oldest first (public, R2)
    bark_turned: list[str]
    #: how many bark cards are left face down: never which (R1)
    bark_left: int
    #: who has rested a moth this round: never what (R1)
    rested: list[bool]
    #: the moth this seat rested this round (None: none yet, or the public view)
    my_moth: str | None
    #: each seat's moth shown last round
    shown: list[str | None]
    survivors: list[int]


class MothsObservation(Observation, MothsSeen):
    """``state.observation(seat)`` of a Peppered moths game: the envelope, then its own keys."""
