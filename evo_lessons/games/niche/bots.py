"""Niche bots: a random player, a planner, and a planner that hoards generalist traits.

Bots see only ``observation(seat)``: the face-up gene pool, every play area and environment,
the discard pile and their own hand. ``PlannerBot`` counts which challenges of its environment
are still unmet, draws and plays the cards that meet them, keeps cards that will help in many
environments, and aims its events at the leader. ``GeneralistBot`` is the same planner but
values two-trait and widely useful cards far more: the lesson's "does hoarding generalist
traits pay?" experiment pits the two against each other.
"""

from __future__ import annotations

import random
from typing import cast

from evo_lessons.engine import Action, RandomBot, own_seat

from .observation import NicheObservation
from .rules import (
    CARDS,
    ENVIRONMENTS,
    DiscardFromPlay,
    DrawEnvironment,
    DrawFromGenePool,
    KeepEnvironment,
    PlayCard,
)
from .tables import ENV_MASK

__all__ = ["BOTS", "GeneralistBot", "PlannerBot", "RandomBot"]

#: how many environments show each challenge type: a trait's value for the future
DEMAND = [sum(1 for e in ENVIRONMENTS if c in e.challenges) for c in range(8)]


def _bits(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


class PlannerBot:
    """A good player: meets the unmet challenges first and makes the leader suffer."""

    name = "planner"
    needs_observation = True
    #: weight of a card's usefulness in future environments (per environment that needs it)
    future_weight = 0.15
    #: extra value of a two-trait card, whatever it meets
    double_bonus = 0.0

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: NicheObservation, legal_actions: list[Action]) -> Action:
        first = legal_actions[0]
        if len(legal_actions) == 1 or isinstance(first, DrawEnvironment):
            return first
        me = own_seat(observation)
        if isinstance(first, KeepEnvironment):
            keeps = cast(list[KeepEnvironment], legal_actions)  # a decision's actions: one kind
            return max(keeps, key=lambda a: self._keep_score(observation, a))
        if isinstance(first, DrawFromGenePool):
            need = self._unmet(observation, me)
            return max(
                cast(list[DrawFromGenePool], legal_actions),
                key=lambda a: (
                    self._card_value(observation, me, a.card, need) + self.rng.random() * 1e-3
                ),
            )
        if isinstance(first, DiscardFromPlay):
            return self._discard(observation, me, legal_actions)
        return max(
            cast(list[PlayCard], legal_actions),
            key=lambda a: self._play_score(observation, me, a) + self.rng.random() * 1e-3,
        )

    # -- helpers ----------------------------------------------------------------------------
    @staticmethod
    def _mask_in_play(observation: NicheObservation, player: int, card: int) -> int:
        """What a card in ``player``'s play area meets (a Gene flow copy meets its trait's)."""
        for flow, copied in observation["seats"][player]["copies"]:
            if flow == card:
                return CARDS[copied].mask
        return CARDS[card].mask

    def _covered(self, observation: NicheObservation, player: int) -> int:
        mask = 0
        for card in observation["seats"][player]["play_area"]:
            mask |= self._mask_in_play(observation, player, card)
        return mask

    def _unmet(self, observation: NicheObservation, player: int) -> int:
        env = observation["seats"][player]["environment"]
        if env is None:
            return 0
        return ENV_MASK[env] & ~self._covered(observation, player)

    def _future(self, mask: int) -> float:
        return self.future_weight * sum(DEMAND[c] for c in _bits(mask))

    def _trait_value(self, mask: int, need: int) -> float:
        value = 10.0 * len(_bits(mask & need)) + self._future(mask)
        if len(_bits(mask)) > 1:
            value += self.double_bonus
        return value

    def _card_value(self, observation: NicheObservation, me: int, card: int, need: int) -> float:
        info = CARDS[card]
        if info.kind != "event":
            return self._trait_value(info.mask, need)
        effect = info.effect
        if effect == "gene_flow":
            best = 0.0
            for seat in observation["seats"]:
                if seat["seat"] != me and not seat["protected"]:
                    for taken in seat["play_area"]:
                        best = max(best, self._trait_value(CARDS[taken].mask, need))
            return best + 1.0
        if effect in ("parasite", "bottleneck", "mass_extinction"):
            return 3.0 + 2.0 * self._leader_threat(observation, me)
        if effect == "refuge":
            return 2.0
        if effect == "migration":
            return 1.0 + 2.0 * len(_bits(need))
        return 2.5  # mutation

    @staticmethod
    def _leader_threat(observation: NicheObservation, me: int) -> float:
        mine = len(observation["seats"][me]["completed"]) + observation["seats"][me]["match"]
        best = max(
            len(s["completed"]) + s["match"] for s in observation["seats"] if s["seat"] != me
        )
        return max(0.0, best - mine + 0.5)

    def _keep_score(self, observation: NicheObservation, action: KeepEnvironment) -> float:
        mask = ENV_MASK[action.environment]
        score = -3.0 * len(_bits(mask))
        for stack in observation["gene_pool"]:
            for slot in stack:
                if slot["available"] and slot["card"] is not None:
                    score += len(_bits(CARDS[slot["card"]].mask & mask))
        score += 0.3 * sum(DEMAND[c] for c in _bits(mask))  # common challenges: more cards
        return score

    def _keep_value(
        self, observation: NicheObservation, me: int, card: int, need_all: int
    ) -> float:
        """How much a card already in play is worth keeping."""
        info = CARDS[card]
        mask = self._mask_in_play(observation, me, card)
        if info.kind == "event" and not mask:
            return 5.0 if info.effect == "refuge" else -100.0  # a parasite goes first
        area = observation["seats"][me]["play_area"]
        others = 0
        for other in area:
            if other != card:
                others |= self._mask_in_play(observation, me, other)
        unique = mask & need_all & ~others  # challenges only this card meets
        return 10.0 * len(_bits(unique)) + self._trait_value(mask, 0)

    def _discard(self, observation: NicheObservation, me: int, legal: list[Action]) -> Action:
        env = observation["seats"][me]["environment"]
        need_all = ENV_MASK[env] if env is not None else 0
        return min(
            cast(list[DiscardFromPlay], legal),
            key=lambda a: (
                self._keep_value(observation, me, a.card, need_all) + self.rng.random() * 1e-3
            ),
        )

    def _play_score(self, observation: NicheObservation, me: int, action: PlayCard) -> float:
        info = CARDS[action.card]
        seats = observation["seats"]
        area = seats[me]["play_area"]
        env = seats[me]["environment"]
        need_all = ENV_MASK[env] if env is not None else 0
        need = self._unmet(observation, me)
        # what a new card in my play area would cost me under the rule of 4
        cheapest = min((self._keep_value(observation, me, c, need_all) for c in area), default=0.0)
        room_cost = max(0.0, cheapest) if len(area) >= 4 else 0.0
        if info.kind != "event":
            gain = self._trait_value(info.mask, need)
            if not info.mask & need:
                gain -= 6.0  # nothing new here: better kept in hand
            return gain - room_cost
        effect = info.effect
        if action.target >= 0:
            victim = seats[action.target]
            threat = len(victim["completed"]) * 3 + victim["match"] * 4
            if effect == "gene_flow":  # a copy: the donor loses nothing (R7)
                return self._trait_value(CARDS[action.take].mask, need) - room_cost
            if effect == "bottleneck":
                return 1.0 + threat
            return 0.5 + threat + (3.0 if len(victim["play_area"]) >= 4 else 0.0)  # parasite
        if info.target == "other":
            return -5.0  # a wasted event
        if effect == "mutation":
            return 3.0 - room_cost
        if effect == "migration":
            return -8.0 + 4.0 * len(_bits(need)) - 2.0 * len(_bits(need_all & ~need))
        if effect == "refuge":
            return 1.0 - room_cost
        # mass extinction: good when the others lose more than I do
        mine = len(area) * 2 + (3 if len(area) >= 4 else 0)
        theirs = max(
            (len(s["play_area"]) * 2 + 4 * s["match"] for s in seats if s["seat"] != me),
            default=0,
        )
        return theirs - mine - 2.0


class GeneralistBot(PlannerBot):
    """The planner, but it hoards two-trait and widely useful cards."""

    name = "generalist"
    future_weight = 1.0
    double_bonus = 6.0


BOTS = {"random": RandomBot, "planner": PlannerBot, "generalist": GeneralistBot}
