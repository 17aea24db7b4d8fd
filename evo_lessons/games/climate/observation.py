"""What a seat of Climate may see, declared: the one input of the view and the bots.

``ClimateState._observe`` returns the game's own part (``ClimateSeen``); the engine adds the
envelope every game shares (``engine.Observation``). Everything is public except hands: others
see only how many cards each holds.
"""

# (no `from __future__ import annotations` here: Python 3.11 reads a TypedDict's NotRequired
# keys only from annotations evaluated when the class is made)

from typing import NotRequired, TypedDict

from evo_lessons.engine import Observation


class Species(TypedDict):
    """One seat's species on the board."""

    player: int
    #: the board cell (1-based), None before it is placed
    cell: int | None
    #: the habitat index of that cell, None before it is placed
    habitat: int | None
    #: body, colour, metabolism: 1 to 4 each
    genome: list[int]
    adapted: bool
    #: the habitat indices of the tokens held
    tokens: list[int]
    hand_size: int
    extinctions: int


class ClimateSeen(TypedDict):
    """The game's own keys: what ``_observe`` returns."""

    round: int
    turns: int
    phase: str
    roll: int | None
    #: the climate board in play: 1 coldest to 5 warmest
    temperature: int
    temperature_log: list[int]
    after_change: bool
    species: list[Species]
    draw_pile: int
    #: how deep in the draw pile each face-up deleterious card lies (1: the top card)
    deleterious_from_top: list[int]
    discard: list[str]
    #: the seat's own cards, by label (a seat's view only; the public view has no hand)
    hand: NotRequired[list[str]]


class ClimateObservation(Observation, ClimateSeen):
    """``state.observation(seat)`` of a Climate game: the envelope, then its own keys."""
