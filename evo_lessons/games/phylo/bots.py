"""Phylo bots: a random player, a builder and an attacker. They read only their observation.

A bot sees the table, its own hand and the public piles (``observation(seat)``); the other
hand and both deck orders stay hidden. The card data is public (it is printed on the cards),
so a bot may look up which cards fit where, exactly as a player reads the cards on the table.

* ``builder`` (the helper bot) prefers plays that add links (a card with two or three
  compatible neighbours survives losing one), rescues its cards at risk, spreads whenever it
  can, and plays an event only when it hurts the opponent more than itself.
* ``attacker`` builds the same way but hunts for the opponent's single points of failure: an
  event whose victims leave other opposing cards without any connection (the domino) scores
  the points it would knock off the table.
"""

from __future__ import annotations

import random
from typing import cast

from evo_lessons.engine import Action, RandomBot

from . import tables as T
from .observation import PhyloObservation
from .rules import (
    Challenge,
    ChooseOpening,
    DiscardToDraw,
    MoveSpecies,
    Pass,
    PickCard,
    PlayEvent,
    PlayInvasive,
    PlayParasite,
    PlaySpecies,
    RemoveCard,
    Spread,
    link_is_bluff,
)

__all__ = ["BOTS", "AttackerBot", "BuilderBot", "RandomBot"]


class Board:
    """The table as a bot sees it: card ids on top of and beneath each space."""

    def __init__(self, observation: PhyloObservation) -> None:
        self.rows, self.columns = observation["rows"], observation["columns"]
        geometry = T.grid(self.rows, self.columns)
        self.neighbours = geometry.neighbours
        spaces = self.rows * self.columns
        self.top = [-1] * spaces
        self.under = [-1] * spaces
        self.owner = [-1] * spaces
        self.under_owner = [-1] * spaces
        self.at_risk: set[int] = set()
        for p, space in enumerate(observation["homes"]):
            self.top[space], self.owner[space] = T.HOME, p
        for entry in observation["table"]:
            s = entry["space"]
            if entry["beneath"]:
                self.under[s], self.under_owner[s] = entry["card"], entry["owner"]
            else:
                self.top[s], self.owner[s] = entry["card"], entry["owner"]
                if entry["at_risk"]:
                    self.at_risk.add(s)

    def space(self, row: int, column: int) -> int:
        return row * self.columns + column

    def links(self, card: int, space: int, leaving: int = -1) -> int:
        """How many neighbours would keep ``card`` compatible at ``space``."""
        needs = T.NEEDS[card]
        return sum(
            1
            for n in self.neighbours[space]
            if n != leaving and self.top[n] >= 0 and needs >> self.top[n] & 1
        )

    def connected(self, space: int) -> bool:
        card = self.top[space]
        return card >= 0 and self.links(card, space) > 0

    def victims(self, event_card: int, space: int) -> list[int]:
        """The spaces whose top species an event played at ``space`` discards."""
        event = T.AS_EVENT[event_card]
        hit = [space]
        if event.effect == "area":
            for n in self.neighbours[space]:
                card = self.top[n]
                if 0 <= card < T.HOME and event.area.matches(T.SPECIES[card]):
                    hit.append(n)
        elif event.effect == "contagion":
            group = T.SPECIES[self.top[space]].group
            frontier = [space]
            while frontier:
                here = frontier.pop()
                for n in self.neighbours[here]:
                    card = self.top[n]
                    if 0 <= card < T.HOME and n not in hit and T.SPECIES[card].group == group:
                        hit.append(n)
                        frontier.append(n)
        elif event.effect != "discard":
            return []
        return hit

    def dominoes(self, removed: list[int]) -> list[int]:
        """The top species left without a connection once ``removed`` are gone."""
        saved = [self.top[s] for s in removed]
        for s in removed:
            self.top[s] = -1
        broken = [
            s
            for s, card in enumerate(self.top)
            if 0 <= card < T.HOME and s not in self.at_risk and not self.connected(s)
        ]
        for s, card in zip(removed, saved, strict=True):
            self.top[s] = card
        return broken


class BuilderBot:
    """Builds a web with redundant links, rescues cards at risk, attacks only when it pays."""

    name = "builder"
    needs_observation = True
    #: how much a point knocked off the opponent's table is worth against one on our own
    aggression = 1.0

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: PhyloObservation, legal_actions: list[Action]) -> Action:
        if isinstance(legal_actions[0], PickCard):
            return self._pick(observation, legal_actions)
        if isinstance(legal_actions[0], ChooseOpening):
            return self._opening(observation, legal_actions)
        board = Board(observation)
        me = observation["seat"]
        assert me is not None, "a bot is handed its own seat's observation"
        best, best_score = legal_actions[-1], -1e9
        for action in legal_actions:
            score = self.score(action, board, me, observation) + self.rng.random() * 0.01
            if score > best_score:
                best, best_score = action, score
        return best

    # -- deck building -------------------------------------------------------------------------
    def _pick(self, observation: PhyloObservation, legal: list[Action]) -> Action:
        picked = observation.get("picks", [])
        producers = sum(1 for c in picked if T.IS_SPECIES[c] and T.SPECIES[c].rank == 1)
        events = sum(1 for c in picked if not T.IS_SPECIES[c])

        def value(action: Action) -> float:
            card = cast(PickCard, action).card
            if not T.IS_SPECIES[card]:
                return (2.0 if events < 4 else -5.0) + self.rng.random()
            s = T.SPECIES[card]
            partners = sum(1 for c in picked if T.NEEDS[card] >> c & 1 or T.NEEDS[c] >> card & 1)
            base = 6.0 if s.rank == 1 and producers < 7 else 0.0
            if s.rank > 1 and not any(T.NEEDS[card] >> c & 1 for c in picked):
                base -= 6.0  # nothing to eat yet
            return base + partners + 0.5 * s.points + self.rng.random()

        return max(legal, key=value)

    def _opening(self, observation: PhyloObservation, legal: list[Action]) -> Action:
        """R18: an opening hand that can start a web: producers first, then what eats them."""
        hand = observation["hand"] or []
        producers = sum(1 for c in hand if T.IS_SPECIES[c] and T.SPECIES[c].rank == 1)

        def value(action: Action) -> float:
            card = cast(ChooseOpening, action).card
            if not T.IS_SPECIES[card]:
                return 1.0 + self.rng.random()
            if T.SPECIES[card].rank == 1:
                return (6.0 if producers < 3 else 1.5) + self.rng.random()
            eats_in_hand = any(T.NEEDS[card] >> c & 1 for c in hand)
            return (4.0 if eats_in_hand else 0.5) + 0.3 * T.POINTS[card] + self.rng.random()

        return max(legal, key=value)

    # -- playing -------------------------------------------------------------------------------
    def score(self, action: Action, board: Board, me: int, observation: PhyloObservation) -> float:
        if isinstance(action, PlaySpecies | Spread):
            space = board.space(action.row, action.column)
            links = board.links(action.card, space)
            rescues = sum(
                1
                for n in board.neighbours[space]
                if n in board.at_risk
                and board.owner[n] == me
                and T.NEEDS[board.top[n]] >> action.card & 1
            )
            free = 3.0 if isinstance(action, Spread) else 0.0
            return 10 + free + 3 * min(links, 3) + T.POINTS[action.card] + 6 * rescues
        if isinstance(action, PlayParasite):
            return 9 + T.POINTS[action.card]
        if isinstance(action, PlayInvasive):
            space = board.space(action.row, action.column)
            sign = 1 if board.owner[space] != me else -1
            return 8 + T.POINTS[action.card] + sign * T.POINTS[action.replaces]
        if isinstance(action, MoveSpecies):
            start = board.space(action.from_row, action.from_column)
            space = board.space(action.row, action.column)
            links = board.links(action.card, space, leaving=start)
            if start in board.at_risk:
                return 30 + 3 * links
            return -1 + (links - board.links(action.card, start)) * 0.5
        if isinstance(action, PlayEvent):
            return self.event_score(action, board, me, observation)
        if isinstance(action, DiscardToDraw):
            # (this bot never sees its other choices here: a discard is never "playable")
            return 2 - T.POINTS[action.card] * 0.3
        if isinstance(action, Challenge):
            return 25 if link_is_bluff(action.card, action.other)[0] else -100
        if isinstance(action, RemoveCard):
            space = board.space(action.row, action.column)
            mine = board.owner[space] == me and board.top[space] == action.card
            hurt = T.POINTS[action.card] + sum(
                T.POINTS[board.top[s]] for s in board.dominoes([space]) if board.owner[s] != me
            )
            return -hurt if mine else hurt
        if isinstance(action, Pass):
            return 0.0
        return 0.0

    def event_score(
        self, action: PlayEvent, board: Board, me: int, observation: PhyloObservation
    ) -> float:
        event = T.AS_EVENT[action.card]
        space = board.space(action.row, action.column)
        if event.effect == "relocate":
            return 28.0 if space in board.at_risk else -2.0
        if event.effect == "draw":
            return 4.0
        if event.effect in ("wind", "pollinator"):
            hand = observation["hand"] or []
            copies = sum(1 for c in hand if T.IS_SPECIES[c] and T.SPECIES[c].spread)
            return 5.0 * copies - 1
        harm = self.harm(board.victims(action.card, space), board, me)
        return (5 + 2 * harm) if harm > 0 else -5.0

    def harm(self, victims: list[int], board: Board, me: int) -> float:
        """Points the opponent loses minus points we lose (the direct victims only)."""
        return sum(
            T.POINTS[board.top[s]] * (self.aggression if board.owner[s] != me else -1.0)
            for s in victims
        )


class AttackerBot(BuilderBot):
    """Aims events at the opponent's single points of failure (and counts the dominoes)."""

    name = "attacker"
    aggression = 1.5

    def harm(self, victims: list[int], board: Board, me: int) -> float:
        direct = super().harm(victims, board, me)
        domino = sum(
            T.POINTS[board.top[s]] * (0.8 if board.owner[s] != me else -1.0)
            for s in board.dominoes(victims)
        )
        return direct + domino

    def event_score(
        self, action: PlayEvent, board: Board, me: int, observation: PhyloObservation
    ) -> float:
        score = super().event_score(action, board, me, observation)
        return (
            score + 10
            if score > 5
            and T.AS_EVENT[action.card].effect
            in (
                "discard",
                "area",
                "contagion",
            )
            else score
        )


BOTS = {"random": RandomBot, "builder": BuilderBot, "attacker": AttackerBot}
