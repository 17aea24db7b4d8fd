"""The three kinds of decision an Adaptation player makes, each a small frozen value.

They live in their own module, below the rules, so that ``tables.py`` can build each action once
(the rules hand out those shared objects) without importing the rules themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

from evo_lessons.engine import Action
from evo_lessons.i18n import pgettext


@dataclass(frozen=True, slots=True)
class KeepCard(Action):
    """Keep the card in hand (the dealer declining to redraw, or a player not adapting)."""

    def __str__(self) -> str:
        return pgettext("adaptation choice", "Keep your card")


@dataclass(frozen=True, slots=True)
class SwapCard(Action):
    """Discard the card in hand and draw a new one (the dealer's redraw, or a player's swap)."""

    def __str__(self) -> str:
        return pgettext("adaptation choice", "Discard your card and draw a new one")


@dataclass(frozen=True, slots=True)
class ChooseChallenge(Action):
    """The dealer secretly picks the challenge of the round: "number", "shape" or "colour"."""

    challenge: str

    def __str__(self) -> str:
        from .words import challenge_word  # (words reads the data, which these actions precede)

        return pgettext(
            "adaptation choice; {challenge} is number, shape or colour",
            "Choose the {challenge} challenge",
        ).format(challenge=challenge_word(self.challenge))


#: every action class by name, for saves
ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls for cls in (KeepCard, SwapCard, ChooseChallenge)
}
