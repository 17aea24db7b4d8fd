"""The gene pool: two stacks of ten trait cards, each laid out as a small pyramid (R1, R2).

A card can be drawn when it is face up and no card lies on it; at the end of every turn the
face-down cards with nothing on them are turned face up, and a stack whose last card was drawn
is dealt again from the trait deck. The state owns the decks and whose turn it is; this class
owns where the pool's cards lie and which of them show their face.

Each stack is kept as bit masks over its ten positions (``present``, ``face_up``), so "which
cards are available" is two table look-ups (``tables.py``) rather than a walk over the pyramid.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from evo_lessons.engine import Action, Event

from .observation import PoolCard
from .pyramid import FACE_UP_WHEN_DEALT, STACK_SIZE, STACKS
from .tables import COVERED_TABLE, DRAWS, FACE_UP_MASK, FULL_STACK, POSITIONS_OF, flip_events


def _empty_stacks() -> list[list[int]]:
    return [[-1] * STACK_SIZE for _ in range(STACKS)]


def _no_positions() -> list[int]:
    return [0] * STACKS


@dataclasses.dataclass(slots=True)
class GenePool:
    """Where the gene pool's cards lie. Its ``repr`` shows everything (for state equality)."""

    #: cards[stack][position]: the card there, or -1 for an empty position
    cards: list[list[int]] = dataclasses.field(default_factory=_empty_stacks)
    #: bit p of present[stack]: position p of that stack holds a card
    present: list[int] = dataclasses.field(default_factory=_no_positions)
    #: bit p of face_up[stack]: the card at position p of that stack shows its face
    face_up: list[int] = dataclasses.field(default_factory=_no_positions)

    # -- drawing (R1) ------------------------------------------------------------------------------
    def available(self, stack: int, position: int) -> bool:
        """R1: there, face up, and every card lying on it has been drawn."""
        present = self.present[stack]
        return bool(present & self.face_up[stack] & ~COVERED_TABLE[present] & (1 << position))

    def draws(self) -> list[Action]:
        """A draw action for every available card, stack 1 first, bottom position first."""
        out: list[Action] = []
        for stack in range(STACKS):
            present = self.present[stack]
            available = present & self.face_up[stack] & ~COVERED_TABLE[present]
            if available:
                cards = self.cards[stack]
                draws = DRAWS[stack]
                for position in POSITIONS_OF[available]:
                    out.append(draws[position][cards[position]])
        return out

    def take(self, stack: int, position: int) -> None:
        """Lift the card at ``position`` of ``stack`` (the rules have checked it is available)."""
        self.cards[stack][position] = -1
        self.present[stack] &= ~(1 << position)

    # -- the end of a turn (R2) --------------------------------------------------------------------
    def emptied(self) -> tuple[int, ...]:
        """The stacks with no card left (only these are dealt again)."""
        present = self.present
        if present[0] and present[1]:
            return ()
        return tuple(stack for stack in range(STACKS) if not present[stack])

    def build(self, stack: int, deck: list[int], draw: Callable[[], int]) -> int:
        """Deal the stack's empty positions bottom first, each face as R1 says; return how many.

        Cards come off the top (the end) of ``deck``; if it holds fewer than a stack, ``draw``
        gives each next card instead (it may reshuffle the discard pile) and -1 when none is
        left, which leaves the stack partly built (R2).
        """
        if not self.present[stack] and len(deck) >= STACK_SIZE:
            # the usual case, in one step: the top ten cards, bottom position first
            self.cards[stack][:] = deck[-1 : -STACK_SIZE - 1 : -1]
            del deck[-STACK_SIZE:]
            self.present[stack] = FULL_STACK
            self.face_up[stack] = FACE_UP_MASK
            return STACK_SIZE
        dealt = 0
        for position in range(STACK_SIZE):
            if self.present[stack] >> position & 1:
                continue
            card = draw()
            if card < 0:
                break
            self.cards[stack][position] = card
            self.present[stack] |= 1 << position
            if FACE_UP_WHEN_DEALT[position]:
                self.face_up[stack] |= 1 << position
            else:
                self.face_up[stack] &= ~(1 << position)
            dealt += 1
        return dealt

    def turn_up(self, events: list[Event]) -> None:
        """R2: every face-down card with nothing lying on it is turned face up (and logged)."""
        for stack in range(STACKS):
            present = self.present[stack]
            turn = present & ~self.face_up[stack] & ~COVERED_TABLE[present]
            if turn:
                self.face_up[stack] |= turn
                positions = POSITIONS_OF[turn]
                cards = self.cards[stack]
                events.append(flip_events()[stack, positions, tuple(cards[p] for p in positions)])

    # -- what everyone sees (R15) ------------------------------------------------------------------
    def face_up_cards(self, stack: int) -> list[tuple[int, int]]:
        """(position, card) for every face-up card of ``stack``, covered or not: public."""
        shown = self.present[stack] & self.face_up[stack]
        return [(position, self.cards[stack][position]) for position in POSITIONS_OF[shown]]

    def face_down(self) -> list[tuple[int, int]]:
        """(stack, position) of every face-down card: secret from everyone (R15)."""
        return [
            (stack, position)
            for stack in range(STACKS)
            for position in POSITIONS_OF[self.present[stack] & ~self.face_up[stack]]
        ]

    def observe(self) -> list[list[PoolCard]]:
        """Every position of both stacks; a face-down card's identity is left out."""
        pool = []
        for stack in range(STACKS):
            row: list[PoolCard] = []
            for position in range(STACK_SIZE):
                here = bool(self.present[stack] >> position & 1)
                up = here and bool(self.face_up[stack] >> position & 1)
                row.append(
                    {
                        "position": position,
                        "present": here,
                        "face_up": up,
                        "card": self.cards[stack][position] if up else None,
                        "available": self.available(stack, position),
                    }
                )
            pool.append(row)
        return pool
