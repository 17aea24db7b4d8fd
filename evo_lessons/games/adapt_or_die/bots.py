"""Adapt or Die bots: random play (sensible or uniform), a greedy fitter, and a fitter that trades.

Every bot plays from ``observation(seat)`` alone (everything on the table is public; the mat
pile's order is not in it) and the public board and habitat data.

* ``SensibleRandomBot`` ("random", the default opponent of class experiments) chooses at random
  whatever decides how well a bug fits (which habitat to head for, which adaptation card to take,
  how to order the cards), but plays the game forward: it steps off the board at a habitat it
  lacks whenever it can, keeps the niche cards it wins, and ends its turn rather than haggle.
  Such players finish a game in about 15 rounds, as players who aim do (about 12). A uniformly
  random player needs hundreds of rounds and thousands of moves, most of them trade offers
  (benchmarks/bench_adapt_or_die.py): not a game a class would recognise as chance.
* ``UniformRandomBot`` ("uniform") picks uniformly among all legal moves: the engine's random
  bot, kept for fuzzing and the conformance suite, which should try every move.

* ``FitterBot`` heads for the mat places whose habitats suit its creature (a placed mat's
  pressures are known; an empty place is worth what an average unplaced habitat is expected to
  be), keeps, exchanges, gives and returns niche cards to keep its own unfit score low (and gives
  unwanted ones to the rival they suit worst), takes the adaptation card that lowers its score
  most, and orders its cards to fit best. It never trades.
* ``TraderBot`` plays like the fitter and also offers, and accepts, trades that lower its own
  score (offering only trades that do not make the partner's score worse, which a sensible
  partner would take).
"""

# i18n: developer-only: the bots' moves: their errors are broken invariants, a developer's bug
# report

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any

from evo_lessons.engine import Action, RandomBot, own_seat

from . import scoring
from .data import FEATURE_COUNT, HIGH, LOW, world
from .observation import AdaptOrDieObservation
from .rules import (
    AnswerTrade,
    ChooseCreature,
    EndTurn,
    ExchangeNiche,
    Exit,
    ForceNiche,
    GiveNiche,
    KeepNiche,
    Move,
    OfferAdaptations,
    OfferNiches,
    OrderCards,
    ReturnAdaptation,
    ReturnNiche,
    TakeAdaptation,
)

__all__ = ["BOTS", "FitterBot", "RandomBot", "SensibleRandomBot", "TraderBot", "UniformRandomBot"]

WORLD = world()
VALUES = range(LOW, HIGH + 1)
#: how much one more niche card is worth while a player still needs some (the game must end)
PROGRESS = 2.0


@cache
def _to_place(board_key: str) -> tuple[tuple[int, ...], ...]:
    """``_to_place(board)[place_index][node]``: steps from a node to exit onto that place."""
    board = WORLD.boards[board_key]
    far = 99
    table = []
    for place in board.places:
        dist = [far] * board.nodes
        dist[place.node] = 0
        queue = deque([place.node])
        while queue:
            node = queue.popleft()
            for near in board.neighbours[node]:
                # nobody walks through another mat place (R2)
                if dist[near] == far and near < board.spaces:
                    dist[near] = dist[node] + 1
                    queue.append(near)
        # standing on the place itself: out through its exit and back in
        dist[place.node] = 2
        table.append(tuple(dist))
    return tuple(table)


@cache
def _blank_distance(value: int) -> float:
    """The expected distance from ``value`` to a blank pressure (uniform over 1-5)."""
    return sum(scoring.distance(value, p) for p in VALUES) / len(VALUES)


@cache
def expected_score(features: tuple[int, ...], habitat: int) -> float:
    """A creature's expected score in a habitat whose blanks are not drawn yet."""
    fixed = dict(WORLD.habitat(habitat).fixed)
    return sum(
        scoring.distance(features[f], fixed[f]) if f in fixed else _blank_distance(features[f])
        for f in range(FEATURE_COUNT)
    )


@lru_cache(maxsize=1 << 14)
def _mean_expected(features: tuple[int, ...], placed: tuple[int, ...]) -> float:
    """A creature's expected score in a habitat drawn from those not yet on the table."""
    unplaced = [h.number for h in WORLD.habitats if h.number not in placed]
    return sum(expected_score(features, h) for h in unplaced) / len(unplaced)


class _Table:
    """What one observation says, in the terms a bot weighs its options by."""

    def __init__(self, observation: AdaptOrDieObservation, seat: int) -> None:
        self.obs = observation
        self.seat = seat
        self.bugs = observation["bugs"]
        self.target = observation["target"]
        self.pressures = {
            p["habitat"]: tuple(p["pressures"])
            for p in observation["places"]
            if p["habitat"] and p["pressures"] is not None  # (a placed mat has both)
        }
        self._features: dict[int, tuple[int, ...]] = {}
        self._unknown: dict[int, float] = {}
        self._starts = [tuple(bug["features"]) if bug["features"] else () for bug in self.bugs]

    def start(self, seat: int) -> tuple[int, ...]:
        return self._starts[seat]

    def score(self, seat: int, niches: Iterable[int], cards: Iterable[int]) -> int:
        """The seat's unfit score with these niches and cards, in the best order."""
        pressures = self.pressures
        return scoring.best_unfit_of(
            self._starts[seat], tuple(sorted(cards)), tuple([pressures[h] for h in niches])
        )

    def features(self, seat: int) -> tuple[int, ...]:
        """The seat's features now, its cards in the best order for the niches it holds."""
        features = self._features.get(seat)
        if features is None:
            bug = self.bugs[seat]
            held = tuple([self.pressures[h] for h in bug["niches"]])
            cards = tuple(sorted(bug["adaptations"]))
            features = scoring.best_features_of(self._starts[seat], cards, held)
            self._features[seat] = features
        return features

    def fit(self, seat: int, habitat: int) -> float:
        """How badly the seat's bug, as it is now, fits a placed habitat (its habitat score)."""
        return scoring.habitat_score(self.features(seat), self.pressures[habitat])

    def unknown(self, seat: int) -> float:
        """The seat's expected score in the next habitat it might gain: the average over every
        mat place but those it holds (an empty place counts at its expected score)."""
        if seat in self._unknown:
            return self._unknown[seat]
        features = self.features(seat)
        held = self.bugs[seat]["niches"]
        scores: list[float] = [
            scoring.habitat_score(features, pressures)
            for habitat, pressures in self.pressures.items()
            if habitat not in held
        ]
        empty = len(self.obs["places"]) - len(self.pressures)
        if empty and len(self.pressures) < len(WORLD.habitats):
            scores += [_mean_expected(features, tuple(self.pressures))] * empty
        self._unknown[seat] = value = sum(scores) / len(scores) if scores else 0.0
        return value

    def outlook(self, seat: int, niches: list[int]) -> float:
        """A seat's score with these niches, plus what the niches still missing may cost."""
        missing = self.target - len(niches)
        cards = self.bugs[seat]["adaptations"]
        return self.score(seat, niches, cards) + max(0, missing) * (self.unknown(seat) + PROGRESS)


class FitterBot:
    """A greedy player: suitable habitats, the most helpful adaptation card, the best order."""

    name = "fitter"
    needs_observation = True
    trades = False

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def needs_observation_for(self, legal_actions: list[Action]) -> bool:
        """A fitter ends its turn without looking (a third of its decisions; see ``choose``)."""
        return type(legal_actions[0]) is not EndTurn

    def choose(
        self, observation: AdaptOrDieObservation | None, legal_actions: list[Action]
    ) -> Action:
        kind = type(legal_actions[0])
        if kind is EndTurn and not self.trades:
            return legal_actions[0]  # a fitter never trades: EndTurn comes first
        assert observation is not None  # (needs_observation_for asked for it)
        table = _Table(observation, own_seat(observation))
        # a decision's actions are of one kind (moves and exits together; the niche answers
        # together): the first one's kind says which list this is
        legal: Any = legal_actions
        if kind is Move or kind is Exit:
            return self._move(table, legal)
        if kind is TakeAdaptation:
            return self._take(table, legal)
        if kind is ReturnAdaptation:
            return self._give_back(table, legal)
        if kind is AnswerTrade:
            return self._answer(table, legal)
        if kind is EndTurn:
            return self._trade(table, legal)
        if kind is OrderCards:
            return self._order(table, legal)
        if kind is ChooseCreature:
            return self._creature(table, legal)
        return self._niche(table, legal)

    # -- moving towards good habitats ----------------------------------------------------------
    def _place_values(self, table: _Table) -> list[float]:
        """What stepping off at each mat place is worth to this seat now."""
        seat = table.seat
        mine = table.bugs[seat]["niches"]
        selected = table.obs["selected"]
        short = len(mine) < table.target
        average = table.unknown(seat)
        worst = None  # the worst fit among the niches held, once it is needed
        values = []
        for place in table.obs["places"]:
            habitat = place["habitat"]
            if habitat in selected:
                values.append(-1.0)  # nothing more happens there (R15)
            elif habitat is None:
                values.append(PROGRESS if short else 0.0)
            elif habitat in mine:
                values.append(-1.0)  # a return: only worth it to shed a bad niche, rarely wanted
            elif short:
                values.append(PROGRESS + average - table.fit(seat, habitat))
            else:
                if worst is None:
                    worst = max(table.fit(seat, h) for h in mine)
                values.append(worst - table.fit(seat, habitat) - 0.5)
        return values

    def _move(self, table: _Table, legal: list[Move | Exit]) -> Action:
        board = table.obs["board"]
        values = self._place_values(table)
        to_place = _to_place(board)

        # only the places worth going to count for a space on the way
        wanted = [(to_place[index], value) for index, value in enumerate(values) if value > 0]

        # the most worth, ties broken at random: one draw per action, in order (as max() with a
        # (worth, draw) key would, keeping the first of equal keys)
        draw = self.rng.random
        chosen, chosen_key = legal[0], None
        for action in legal:
            if type(action) is Exit:
                worth = values[action.place - 1]
            else:  # a space on the way: worth what the best place within reach is, discounted
                node = action.space  # type: ignore[union-attr]
                best = 0.0
                for steps_to, value in wanted:
                    steps = steps_to[node]
                    if steps <= 6:
                        closer = value * (7 - steps) / 6
                        if closer > best:
                            best = closer
                worth = 0.9 * best
            key = (worth, draw())
            if chosen_key is None or key > chosen_key:
                chosen, chosen_key = action, key
        return chosen

    # -- niche cards ---------------------------------------------------------------------------
    def _niche(self, table: _Table, legal: list[Action]) -> Action:
        seat = table.seat
        assert table.obs["offered"] is not None, "a niche answer is asked while one is offered"
        offered = table.obs["offered"]["habitat"]
        mine = list(table.bugs[seat]["niches"])

        def after(action: Any) -> float:  # one of the niche answers, told apart by its kind
            kind = type(action)
            if kind is KeepNiche:
                return table.outlook(seat, [*mine, offered])
            if kind is ExchangeNiche:
                return table.outlook(seat, [h for h in mine if h != action.habitat] + [offered])
            if kind is ReturnNiche:
                return table.outlook(seat, [h for h in mine if h != action.habitat])
            # give or force: our niches stay; the card goes to the rival it suits worst
            return table.outlook(seat, mine) - 0.01 * table.fit(action.player, offered)

        return min(legal, key=lambda a: (after(a), self.rng.random()))

    # -- adaptation cards ----------------------------------------------------------------------
    def _habitats_after(self, table: _Table) -> list[int]:
        """The niches this seat will hold once the move under way is done."""
        seat = table.seat
        held = [h for h in table.bugs[seat]["niches"] if h != table.obs["returning"]]
        gains = table.obs["gains"]
        if gains and gains[0][0] == seat:
            held.append(gains[0][1])
        return held

    def _card_scores(self, table: _Table) -> scoring.FeatureScores:
        """The seat's cards scored against the niches it will hold once this move is done:
        each candidate card is judged by (its score there, how far it leaves the features from
        the middle: for habitats still to come, the middle of the range is the safest place)."""
        seat = table.seat
        habitats = [table.pressures[h] for h in self._habitats_after(table)]
        return scoring.FeatureScores(table.start(seat), table.bugs[seat]["adaptations"], habitats)

    def _take(self, table: _Table, legal: list[TakeAdaptation]) -> Action:
        scores = self._card_scores(table)
        return min(legal, key=lambda a: (*scores.with_card(a.card), self.rng.random()))

    def _give_back(self, table: _Table, legal: list[ReturnAdaptation]) -> Action:
        scores = self._card_scores(table)
        return min(legal, key=lambda a: (*scores.without_card(a.card), self.rng.random()))

    def _order(self, table: _Table, legal: list[OrderCards]) -> Action:
        seat = table.seat
        held = [table.pressures[h] for h in table.bugs[seat]["niches"]]
        return min(
            legal, key=lambda a: (sum(scoring.distance(a.end, p[a.feature]) for p in held), a.end)
        )

    def _creature(self, table: _Table, legal: list[ChooseCreature]) -> Action:
        def expected(action: ChooseCreature) -> float:
            features = WORLD.creature(action.creature).features
            return sum(expected_score(features, h.number) for h in WORLD.habitats)

        return min(legal, key=lambda a: (expected(a), self.rng.random()))

    # -- trading -------------------------------------------------------------------------------
    def _gain(self, table: _Table, seat: int, offer: dict[str, Any], giving: bool) -> int:
        """How much a trade lowers ``seat``'s score (``giving``: it gives ``offer['give']``)."""
        bug = table.bugs[seat]
        out, into = (offer["give"], offer["get"]) if giving else (offer["get"], offer["give"])
        niches, cards = list(bug["niches"]), list(bug["adaptations"])
        before = table.score(seat, niches, cards)
        if offer["kind"] == "niche":
            niches = [into if h == out else h for h in niches]
        else:
            cards = [into if c == out else c for c in cards]
        return before - table.score(seat, niches, cards)

    def _answer(self, table: _Table, legal: list[AnswerTrade]) -> Action:
        offer = table.obs["offer"]
        assert offer is not None, "an answer is asked while a trade is offered"
        accept = self.trades and self._gain(table, table.seat, offer, False) > 0
        return next(a for a in legal if a.accept == accept)

    def _trade(self, table: _Table, legal: list[Action]) -> Action:
        if not self.trades:
            return legal[0]  # EndTurn comes first
        best, best_gain = legal[0], 0
        for action in legal[1:]:
            kind = "niche" if type(action) is OfferNiches else "adaptation"
            assert isinstance(action, OfferNiches | OfferAdaptations)
            offer = {"kind": kind, "give": action.give, "get": action.get}
            gain = self._gain(table, table.seat, offer, True)
            if gain > best_gain and self._gain(table, action.player, offer, False) >= 0:
                best, best_gain = action, gain
        return best


class TraderBot(FitterBot):
    """The fitter, plus trades: it offers and accepts swaps that lower its own score."""

    name = "trader"
    trades = True
    # a trader weighs trades when its turn ends: it always looks
    needs_observation_for = None  # type: ignore[assignment]


class UniformRandomBot(RandomBot):
    """Uniformly random among all legal moves (the engine's random bot): for fuzzing."""

    name = "uniform"


class SensibleRandomBot:
    """Random where it matters for fit, but it plays the game forward (see the module's notes).

    * Moving: exits, at random, at a place whose habitat it lacks (an empty place, or with the
      same habitats for all, a habitat not yet selected) whenever one is in reach; otherwise a
      random move that is not a return to a habitat it holds (R7), if there is one.
    * A niche card: keeps it when it may; holding it already, forces the spare copy on someone
      when it can, so its own niches stay; otherwise a random choice.
    * The end of a turn: ends it, never offering a trade; an offer made to it: a random answer.
    * Everything else (the adaptation card to take or give back, the order of the cards, the
      creature): at random.
    """

    name = "random"
    needs_observation = True

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def _pick(self, options: list[Action]) -> Action:
        return options[int(self.rng.random() * len(options))]

    def choose(self, observation: AdaptOrDieObservation, legal_actions: list[Action]) -> Action:
        kind = type(legal_actions[0])
        if kind is EndTurn:
            return legal_actions[0]
        if kind is Move or kind is Exit:
            return self._pick(self._moves(observation, legal_actions))
        if kind is KeepNiche:
            return legal_actions[0]  # keeping comes first when it is allowed
        if kind in (ExchangeNiche, ReturnNiche, GiveNiche, ForceNiche):
            forced: list[Action] = [a for a in legal_actions if type(a) is ForceNiche]
            return self._pick(forced or legal_actions)
        return self._pick(legal_actions)

    @staticmethod
    def _moves(observation: AdaptOrDieObservation, legal: list[Action]) -> list[Action]:
        """The exits to a habitat this seat lacks; else the moves that are not returns."""
        places = observation["places"]
        if observation["options"]["same_habitats"]:
            have = observation["selected"]  # R15: only a habitat not yet selected is new
        else:
            have = observation["bugs"][own_seat(observation)]["niches"]
        new: list[Action] = []
        others: list[Action] = []
        for action in legal:
            if type(action) is Exit:
                habitat = places[action.place - 1]["habitat"]
                if habitat is None or habitat not in have:
                    new.append(action)
                # else a return to a habitat held (or selected): taken only if nothing else is
            else:
                others.append(action)
        return new or others or legal


BOTS = {
    "random": SensibleRandomBot,
    "uniform": UniformRandomBot,
    "fitter": FitterBot,
    "trader": TraderBot,
}
