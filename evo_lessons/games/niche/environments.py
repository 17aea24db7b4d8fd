"""Environments: meeting their challenges, completing them, and drawing the next.

The rules in our words
----------------------
Each environment card shows the challenges a creature must overcome there. When the traits in a
player's play area meet every challenge of their environment, the environment is set aside (its
traits stay in play). The player's next turn is spent drawing a new environment instead of
drawing and playing a trait card. Whoever completes a third environment wins at once.

Rulings: R5 (what meets a challenge), R11 (when completion is checked), R12 (the environment
deck runs out), R16 (the *match*: the share of the environment's challenges met). The rulings are
written out in ``rules.py``.
"""

from __future__ import annotations

from evo_lessons.engine import Event
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import pgettext

from .shared import Table
from .tables import CARD_MASK, ENV_MASK
from .words import environment_name

ENVIRONMENTS_TO_WIN = 3


def count_met(mask: int) -> int:
    """How many challenges a bit mask names."""
    return mask.bit_count()


class Environments(Table):
    """The part of :class:`~.rules.NicheState` that tracks environments and their challenges."""

    def _take_environment(self, events: list[Event]) -> int:
        if not self.environment_deck:
            # R12: recycle the set-aside environments
            self.environment_deck = self.set_aside
            self.set_aside = []
            self.rng.shuffle(self.environment_deck)
            events.append(
                Event(
                    "shuffle",
                    pgettext(
                        "niche log",
                        "The environment deck is empty: the completed environments are "
                        "shuffled into a new one.",
                    ),
                    None,
                    {},
                )
            )
        return self.environment_deck.pop()

    def _shuffle_in(self, environment: int) -> None:
        """Shuffle one card into the environment deck by putting it at a uniformly random place:
        for a deck that is already shuffled, the chances are those of shuffling it all again."""
        deck = self.environment_deck
        deck.insert(self.rng.randrange(len(deck) + 1), environment)

    def _draw_environment(self, player: int, events: list[Event]) -> None:
        new = self._take_environment(events)
        self.environment[player] = new
        self.held_since[player] = self.turns
        events.append(
            Event(
                "environment",
                pgettext("niche log", "{who} draws a new environment: the {environment}.").format(
                    who=seat_name(player), environment=environment_name(new)
                ),
                player,
                {"environment": new},
            )
        )

    def covered(self, player: int) -> int:
        """Bit mask of the challenge types met by ``player``'s play area (R5, R7)."""
        mask = 0
        copies = self.copies
        for card in self.play[player]:
            mask |= CARD_MASK[card]
            if copies and card in copies:
                mask |= CARD_MASK[copies[card]]
        return mask

    def _check_completion(self, player: int, events: list[Event]) -> None:
        env = self.environment[player]
        if env < 0:
            return
        need = ENV_MASK[env]
        if self.covered(player) & need != need:
            return
        self.environment[player] = -1
        self.completed[player].append(env)
        self.set_aside.append(env)
        self._log_environment(player, env, "completed")
        done = len(self.completed[player])
        events.append(
            Event(
                "complete",
                pgettext(
                    "niche log",
                    "{who} is adapted to the {environment}! That is {done} of {goal} environments.",
                ).format(
                    who=seat_name(player),
                    environment=environment_name(env),
                    done=done,
                    goal=ENVIRONMENTS_TO_WIN,
                ),
                player,
                {"environment": env, "completed": done},
            )
        )
        if done >= ENVIRONMENTS_TO_WIN:
            self._finish(
                [player],
                events,
                pgettext("niche log", "{who} wins the game!").format(who=seat_name(player)),
            )

    def _log_environment(self, player: int, env: int, outcome: str) -> None:
        self.environment_log.append((env, player, self.turns - self.held_since[player], outcome))
        self.held_since[player] = self.turns

    def match(self, player: int) -> float:
        """R16: share of the current environment's challenges met (1.0 between environments).

        A match to the environment, not fitness: fitness is relative reproductive success."""
        env = self.environment[player]
        if env < 0:
            return 1.0 if self.completed[player] else 0.0
        need = ENV_MASK[env]
        return count_met(self.covered(player) & need) / count_met(need)
