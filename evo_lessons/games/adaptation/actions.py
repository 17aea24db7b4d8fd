"""The three kinds of decision an Adaptation player makes, each a small frozen value.

They live in their own module, below the rules, so that ``tables.py`` can build each action once
(the rules hand out those shared objects) without importing the rules themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

from evo_lessons.engine import Action


@dataclass(frozen=True, slots=True)
class KeepCard(Action):
    """Keep the card in hand (the dealer declining to redraw, or a player not adapting)."""

    def __str__(self) -> str:
        return "Keep your card"


@dataclass(frozen=True, slots=True)
class SwapCard(Action):
    """Discard the card in hand and draw a new one (the dealer's redraw, or a player's swap)."""

    def __str__(self) -> str:
        return "Discard your card and draw a new one"


@dataclass(frozen=True, slots=True)
class ChooseChallenge(Action):
    """The dealer secretly picks the challenge of the round: "number", "shape" or "colour"."""

    challenge: str

    def __str__(self) -> str:
        return f"Choose the {self.challenge} challenge"


#: every action class by name, for saves
ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls for cls in (KeepCard, SwapCard, ChooseChallenge)
}
