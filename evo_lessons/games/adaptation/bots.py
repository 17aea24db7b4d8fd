"""Bots for Adaptation: a random baseline, a player with a perfect memory, and a stubborn keeper.

Every bot sees only ``observation(player)``. The observation carries the public history (R12 in
``rules.py``): the cards shown at every reveal, who swapped, whether the dealer redrew and which
challenges each dealer chose. That is exactly what a player with a perfect memory would know, so
:class:`MemoryBot` reads its memory from there.
"""

# i18n: developer-only: the bots' moves: their errors are broken invariants or a Python programmer's
# argument

from __future__ import annotations

import itertools
import math
import random
from typing import Any

from evo_lessons.engine import Action, RandomBot, own_seat

from .data import CHALLENGES, DECK_SIZE, SCORES
from .observation import AdaptationObservation
from .tables import CHALLENGE_INDEX, CHOICES, KEEP, SWAP


class Memory:
    """What a perfect memory knows at one decision, rebuilt from an observation.

    Attributes:
        known: seat -> card id for every other active player whose card was shown at the last
            reveal and not thrown away since.
        unknown: the other active players whose card is new (swapped or redrawn this round).
        pool: the cards that could be an unknown card or the next draw (all cards minus the
            bot's own, the known cards and the discards remembered since the last refill).
    """

    def __init__(self, observation: AdaptationObservation) -> None:
        me = observation["seat"]
        history = observation["history"]
        last = history[-1]
        dealer = observation["dealer"]
        redrew = bool(observation["dealer_redrew"])
        swapped = set(observation["swapped"])
        if redrew:
            swapped.add(dealer)
        self.me = me
        self.my_card = observation["hand"]["id"] if observation["hand"] else -1
        self.known: dict[int, int] = {}
        self.unknown: list[int] = []
        for seat, alive in enumerate(observation["active"]):
            if seat == me or not alive:
                continue
            if seat in swapped:
                self.unknown.append(seat)
            else:
                self.known[seat] = last["cards"][seat]
        discards = _remembered_discards(history)
        if observation["refills"] > sum(1 for record in history if record["refilled"]):
            discards = set()  # the pile was refilled during this round: forget what was in it
        discards.update(last["cards"][seat] for seat in swapped)
        taken = set(self.known.values()) | discards | {self.my_card}
        self.pool = [card for card in range(DECK_SIZE) if card not in taken]
        if not self.pool:  # cannot happen with 66 cards; keeps the arithmetic safe
            self.pool = [card for card in range(DECK_SIZE) if card != self.my_card]
        # at_least[c][s]: share of the pool scoring s or more under challenge c
        self.at_least = []
        size = len(self.pool)
        for table in SCORES:
            top = max(table)
            counts = [0] * (top + 2)
            for card in self.pool:
                counts[table[card]] += 1
            share = [0.0] * (top + 2)
            running = 0
            for score in range(top, -1, -1):
                running += counts[score]
                share[score] = running / size
            self.at_least.append(share)


def _remembered_discards(history: list[dict[str, Any]]) -> set[int]:
    """The face-down discards a perfect memory can name: every one was shown at a reveal."""
    discards: set[int] = set()
    for before, record in itertools.pairwise(history):
        if record["refilled"]:
            discards = set()  # some went back into the draw pile: forget them (a safe guess)
            continue
        throwers = list(record["swapped"])
        if record["redrew"]:
            throwers.append(record["dealer"])
        discards.update(before["cards"][seat] for seat in throwers)
        discards.update(record["cards"][seat] for seat in record["extinct"])
    if history and not history[-1]["refilled"]:
        discards.update(history[-1]["cards"][seat] for seat in history[-1]["extinct"])
    return discards


def swap_rates(history: list[dict[str, Any]], players: int) -> list[float]:
    """How often each player swapped when they had the choice (starting from one in two)."""
    swaps = [1] * players
    chances = [2] * players
    for record in history[1:]:
        for seat in range(players):
            if seat != record["dealer"] and record["cards"][seat] >= 0:
                chances[seat] += 1
        for seat in record["swapped"]:
            swaps[seat] += 1
    return [s / c for s, c in zip(swaps, chances, strict=True)]


class MemoryBot:
    """Remembers every card shown and how each dealer behaved, and plays the odds.

    It estimates, for each challenge, the chance that its card would be (one of) the lowest,
    treating the others' known cards as certain, their unknown cards as drawn from the cards it
    cannot place, and a player still to decide as swapping as often as they did before. As a
    dealer it keeps or redraws, then picks the challenge its card is best at relative to the others;
    as a player it guesses the challenge from the dealer's past choices and the dealer's own card.
    """

    name = "memory"
    needs_observation = True

    def __init__(self, seed: int | str | None = None, sharpness: float = 6.0) -> None:
        self.rng = random.Random(seed)
        self.sharpness = sharpness

    # -- estimates -------------------------------------------------------------------------
    @staticmethod
    def defeat_chance(
        card: int,
        challenge: int,
        memory: Memory,
        rivals: dict[int, int],
        unknown: list[int],
        swap_chance: dict[int, float],
    ) -> float:
        """Chance that ``card`` scores lowest (ties included) under ``challenge``."""
        return MemoryBot.score_defeat_chance(
            SCORES[challenge][card], challenge, memory, rivals, unknown, swap_chance
        )

    @staticmethod
    def score_defeat_chance(
        mine: int,
        challenge: int,
        memory: Memory,
        rivals: dict[int, int],
        unknown: list[int],
        swap_chance: dict[int, float],
    ) -> float:
        """Chance that a card scoring ``mine`` under ``challenge`` is (one of) the lowest.

        Only the card's score matters, so a decision that weighs every card of the pool asks
        this once per score (see :meth:`risk_by_score`), not once per card.
        """
        table = SCORES[challenge]
        at_least = memory.at_least[challenge]
        chance = 1.0
        share = at_least[mine] if mine < len(at_least) else 0.0
        for seat, theirs in rivals.items():
            keeps = 1.0 if table[theirs] >= mine else 0.0
            w = swap_chance.get(seat, 0.0)
            chance *= (1.0 - w) * keeps + w * share
            if chance == 0.0:
                return 0.0
        for _ in unknown:
            chance *= share
        return chance

    def risk_by_score(self, memory: Memory, swap_chance: dict[int, float]) -> list[list[float]]:
        """``risk[c][card]``: the defeat chance of every card under challenge ``c``.

        The same numbers as :meth:`defeat_chance` card by card, worked out once per distinct
        score (four a challenge) instead of once per card (66).
        """
        risk = []
        for c, table in enumerate(SCORES):
            by_score = {
                score: self.score_defeat_chance(
                    score, c, memory, memory.known, memory.unknown, swap_chance
                )
                for score in set(table)
            }
            risk.append([by_score[score] for score in table])
        return risk

    def _risks(self, card: int, memory: Memory, swap_chance: dict[int, float]) -> list[float]:
        return [
            self.defeat_chance(card, c, memory, memory.known, memory.unknown, swap_chance)
            for c in range(len(CHALLENGES))
        ]

    def challenge_belief(self, observation: AdaptationObservation, memory: Memory) -> list[float]:
        """Chance of each challenge, from the dealer's past choices and the dealer's own card."""
        dealer = observation["dealer"]
        weights = [1.0] * len(CHALLENGES)
        for record in observation["history"][1:]:
            if record["dealer"] == dealer:
                weights[CHALLENGE_INDEX[record["challenge"]]] += 1.0
        if dealer in memory.known:
            # the dealer kept a card we saw: it probably chose where that card is safest
            theirs = memory.known[dealer]
            others = {s: c for s, c in memory.known.items() if s != dealer}
            if self.me_card_known(observation):
                me = own_seat(observation)
                others[me] = observation["history"][-1]["cards"][me]
            risks = [
                self.defeat_chance(theirs, c, memory, others, memory.unknown, {})
                for c in range(len(CHALLENGES))
            ]
            weights = [
                w * math.exp(-self.sharpness * r) for w, r in zip(weights, risks, strict=True)
            ]
        total = sum(weights)
        return [w / total for w in weights]

    @staticmethod
    def me_card_known(observation: AdaptationObservation) -> bool:
        """Whether the dealer saw our card at the last reveal (we have not swapped since)."""
        return observation["seat"] not in observation["swapped"]

    # -- decisions -------------------------------------------------------------------------
    def choose(
        self, observation: AdaptationObservation | None, legal_actions: list[Action]
    ) -> Action:
        if observation is None:
            raise ValueError("MemoryBot needs its observation")
        memory = Memory(observation)
        rates = swap_rates(observation["history"], observation["players"])
        phase = observation["phase"]
        me = observation["seat"]
        if phase == "choose":
            # the others still to decide may swap
            waiting = {s: rates[s] for s in observation["to_decide"]}
            risks = self._risks(memory.my_card, memory, waiting)
            best = min(risks)
            options = [c for c, r in enumerate(risks) if r <= best + 1e-12]
            return CHOICES[self.rng.choice(options)]
        if phase == "dealer_draw":
            waiting = {s: rates[s] for s in observation["to_decide"]}
            number, shape, colour = self.risk_by_score(memory, waiting)
            mine = memory.my_card
            keep = min(number[mine], shape[mine], colour[mine])
            redraw = sum(min(number[card], shape[card], colour[card]) for card in memory.pool)
            redraw /= len(memory.pool)
            return SWAP if redraw < keep else KEEP
        # a player keeping or swapping, the challenge unknown
        belief = self.challenge_belief(observation, memory)
        queue = observation["to_decide"]
        waiting = {s: rates[s] for s in queue if s != me}
        number, shape, colour = self.risk_by_score(memory, waiting)
        p_number, p_shape, p_colour = belief

        def expected(card: int) -> float:
            # sum(), as before: from Python 3.12 it rounds differently from a chain of "+"
            return sum((p_number * number[card], p_shape * shape[card], p_colour * colour[card]))

        keep = expected(memory.my_card)
        swap = sum(expected(card) for card in memory.pool) / len(memory.pool)
        return SWAP if swap < keep else KEEP


class KeeperBot:
    """Never changes its card: a lineage with fixed traits and no new variation, which can only
    survive or not.

    As a dealer it repeats the last challenge, changing to another one (at random) with the
    chance ``change``: so ``change`` sets how often the environment changes in an experiment.
    """

    name = "keeper"
    needs_observation = True

    def __init__(self, seed: int | str | None = None, change: float = 0.5) -> None:
        if not 0.0 <= change <= 1.0:
            raise ValueError(f"change must be a chance from 0 to 1, got {change!r}")
        self.rng = random.Random(seed)
        self.change = change

    def choose(
        self, observation: AdaptationObservation | None, legal_actions: list[Action]
    ) -> Action:
        if KEEP in legal_actions:
            return KEEP
        if observation is None:
            raise ValueError("KeeperBot needs its observation")
        last = CHALLENGE_INDEX[observation["history"][-1]["challenge"]]
        if self.rng.random() < self.change:
            return CHOICES[self.rng.choice([c for c in range(len(CHALLENGES)) if c != last])]
        return CHOICES[last]


BOTS: dict[str, type] = {"random": RandomBot, "memory": MemoryBot, "keeper": KeeperBot}

__all__ = ["BOTS", "KeeperBot", "Memory", "MemoryBot", "RandomBot", "swap_rates"]
