"""Climate bots: a random player, and one that plans its genome and its safety.

``ClimateBot`` plays from the observation only (the boards are public). It prefers moves that
earn a new token, spends as few cards as it can (cards are its insurance against the next
climate change), waits on cells whose habitat survives a climate step either way, drifts towards
the nearest habitat it still lacks, and plans ahead (ruling R6) only when the hand limit would
otherwise throw a card away at random.

In a blind-mutation game (ruling R12) nobody plans: the planner then moves, places and colonises
on a random cell among those the rules allow, exactly like the random bot, so that comparing
chosen with blind mutation compares foresight with none.
"""

from __future__ import annotations

import random
from typing import cast

from evo_lessons.engine import Action, RandomBot, own_seat

from .actions import EndTurn, Move, Place, PlanAhead
from .data import world
from .observation import ClimateObservation, Species

__all__ = ["BOTS", "ClimateBot", "RandomBot"]


class ClimateBot:
    """A good player: chases new tokens, spends few cards, plans ahead towards the habitat it
    wants next; in a blind game (R12) a mover without foresight."""

    name = "planner"
    needs_observation = True

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: ClimateObservation, legal_actions: list[Action]) -> Action:
        if observation["options"]["blind_mutation"]:
            # R12: no foresight in a blind game: any cell the rules allow, chosen at random
            return legal_actions[int(self.rng.random() * len(legal_actions))]
        me = observation["species"][own_seat(observation)]
        held = set(me["tokens"])
        first = legal_actions[0]
        if isinstance(first, Place):
            # restart far from the crowd, nearest the cooler north (smaller cell numbers)
            places = cast(list[Place], legal_actions)  # a decision's actions: one kind
            return min(places, key=lambda a: (a.cell, self.rng.random()))
        if isinstance(first, Move):
            moves = cast(list[Move], legal_actions)
            return max(moves, key=lambda a: self._score_move(a, observation, held))
        return self._end_of_turn(observation, me, held, legal_actions)

    # -- moving --------------------------------------------------------------------------------
    def _score_move(self, move: Move, observation: ClimateObservation, held: set[int]) -> float:
        temperature = observation["temperature"]
        habitat = _habitat_of_cell(temperature, move.cell)
        score = 0.0
        if habitat not in held:
            score += 10.0  # a new token is the point of the game
        score -= 1.5 * move.cost  # cards are future adaptations: spend few
        # a cell whose habitat survives a climate step either way is a safe place to wait
        for shifted in (temperature - 1, temperature + 1):
            if 1 <= shifted <= 5 and _habitat_of_cell(shifted, move.cell) == habitat:
                score += 1.0
        # keep one more gene ready for the habitat we want next
        wanted = self._wanted_habitat(observation, held, habitat)
        if wanted is not None:
            score += 0.5 * sum(1 for g in move.genome if g == wanted + 1)
            # and drift towards it: north for the cold habitats, east for the tropical forest
            row, column = divmod(move.cell - 1, 7)
            score += 0.1 * ((8 - row) if wanted >= 2 else column)
        return score + self.rng.random() * 0.01

    def _wanted_habitat(
        self, observation: ClimateObservation, held: set[int], current: int
    ) -> int | None:
        missing = [h for h in range(4) if h not in held and h != current]
        if not missing:
            return None
        # the nearest missing habitat in gene space: fewest card steps from where we are
        return min(missing, key=lambda h: (abs(h - current), h))

    # -- end of turn ---------------------------------------------------------------------------
    def _end_of_turn(
        self,
        observation: ClimateObservation,
        me: Species,
        held: set[int],
        legal_actions: list[Action],
    ) -> Action:
        plans = [a for a in legal_actions if isinstance(a, PlanAhead)]
        habitat = me["habitat"]
        if not plans or me["hand_size"] <= 5 or habitat is None:  # (placed by a turn's end)
            return EndTurn()  # keep the cards: they are the insurance against climate change
        wanted = self._wanted_habitat(observation, held, habitat)
        goal = (wanted if wanted is not None else habitat) + 1
        genome = me["genome"]
        # over the limit: a card would be lost at random anyway, so spend one on purpose, moving
        # a gene towards the habitat wanted next and never undoing earlier progress
        closer = [a for a in plans if abs(a.value - goal) < abs(genome[a.gene] - goal)]
        if not closer:
            return EndTurn()
        return min(closer, key=lambda a: (abs(a.value - goal), a.cost, a.gene))


def _habitat_of_cell(temperature: int, cell: int) -> int:
    return world().boards[temperature - 1][cell - 1]


BOTS = {"random": RandomBot, "planner": ClimateBot}
