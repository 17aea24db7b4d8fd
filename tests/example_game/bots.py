"""Bots for Peppered moths: the random baseline, and a naturalist who counts the bark cards.

A bot sees only its seat's observation and the legal actions, never the state (so it cannot
peek at the deck). The naturalist knows the deck's make-up from ``data.toml``, takes away the
cards already turned (public, R2), and rests the moth that the likeliest next bark hides.
"""

from __future__ import annotations

import random
from collections import Counter

from evo_lessons.engine import RandomBot

from .data import BARKS
from .observation import MothsObservation
from .rules import Rest


class NaturalistBot:
    """Rests the moth hidden by the bark most likely to turn up next (ties: a seeded pick)."""

    name = "naturalist"
    needs_observation = True

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: MothsObservation | None, legal_actions: list[Rest]) -> Rest:
        assert observation is not None
        turned = Counter(observation["bark_turned"])
        left = [bark.cards - turned[bark.key] for bark in BARKS]
        most = max(left)
        hidden = {bark.hides for bark, n in zip(BARKS, left, strict=True) if n == most}
        best = [action for action in legal_actions if action.moth in hidden]
        return best[int(self.rng.random() * len(best))]


BOTS = {"random": RandomBot, "naturalist": NaturalistBot}
