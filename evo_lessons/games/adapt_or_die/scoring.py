"""Scoring, as the text's scorecard does it: pure functions of numbers, shared by rules and bots.

A creature's features are changed by its adaptation cards (applied in the order its player
chooses where several touch one feature; a step stops at 1 and 5); then each held habitat scores,
for each feature, the distance between the feature and the habitat's pressure (at most 4). The
sum over habitats and features is the *unfit* score: lower is better.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from functools import lru_cache

from .data import FEATURE_COUNT, HIGH, world
from .tables import ORDERS

WORLD = world()
MAX_DISTANCE = WORLD.max_distance


def distance(value: int, pressure: int) -> int:
    """One cell of the scorecard: how far a feature is from a pressure (never more than 4)."""
    gap = value - pressure if value > pressure else pressure - value
    return gap if gap < MAX_DISTANCE else MAX_DISTANCE


def habitat_score(features: Sequence[int], pressures: Sequence[int]) -> int:
    """A creature's score in one habitat: the sum of its five distances."""
    return _habitat_score(tuple(features), tuple(pressures))


def feature_cards(cards: Iterable[int]) -> list[list[int]]:
    """Adaptation card ids grouped by the feature they touch (each group sorted)."""
    groups: list[list[int]] = [[] for _ in range(FEATURE_COUNT)]
    for card in sorted(cards):
        groups[WORLD.cards[card].feature].append(card)
    return groups


def apply_in_order(start: int, cards: Sequence[int]) -> int:
    """A feature after these cards, applied first to last."""
    value = start
    for card in cards:
        value = WORLD.kinds[WORLD.cards[card].kind].apply(value)
    return value


def orders_by_end(start: int, cards: Sequence[int]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every end value some order of ``cards`` reaches, each with the first order reaching it.

    The cards all touch one feature. Orders that end at the same value are the same outcome, so
    the player chooses among end values (ruling R13); the order named is the first in card order.
    """
    if not cards:
        return ((start, ()),)
    feature = WORLD.cards[cards[0]].feature
    mask = 0
    for card in cards:
        mask |= 1 << WORLD.cards[card].kind
    base = feature * len(WORLD.kinds)
    return tuple((end, tuple(base + kind for kind in kinds)) for end, kinds in ORDERS[start][mask])


def best_end(start: int, cards: Sequence[int], pressures: Sequence[int]) -> int:
    """The end value, among those an order can reach, closest to these pressures in total."""
    options = ORDERS[start][_mask(cards)] if cards else ((start, ()),)
    return min(options, key=lambda o: (sum(distance(o[0], p) for p in pressures), o[0]))[0]


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << WORLD.cards[card].kind
    return mask


def best_features(
    start: Sequence[int], cards: Iterable[int], habitats: Sequence[Sequence[int]]
) -> tuple[int, ...]:
    """The features after the adaptation cards, each feature's order chosen to fit best."""
    return _best_features(*_key(start, cards, habitats))


def unfit_score(features: Sequence[int], habitats: Sequence[Sequence[int]]) -> int:
    """The total unfit score of these features over these habitats' pressures."""
    return sum(habitat_score(features, h) for h in habitats)


def best_unfit(
    start: Sequence[int], cards: Iterable[int], habitats: Sequence[Sequence[int]]
) -> int:
    """The unfit score now, with the cards held applied in the best order."""
    return _best_unfit(*_key(start, cards, habitats))


# -- remembered results (speed only) --------------------------------------------------------------
# Every observation shows each seat's unfit score, and the bots weigh each option by the score it
# would leave, so the same few (creature, cards, habitats) come up thousands of times a game. The
# answers are pure functions of those numbers; remembering them changes no result. The key holds
# the cards sorted (their order in the hand does not matter: the best order is chosen) and the
# habitats' pressures as given.
_CACHE_SIZE = 1 << 16


def _key(
    start: Sequence[int], cards: Iterable[int], habitats: Sequence[Sequence[int]]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    return (
        start if type(start) is tuple else tuple(start),
        tuple(sorted(cards)),
        tuple(h if type(h) is tuple else tuple(h) for h in habitats),
    )


@lru_cache(maxsize=_CACHE_SIZE)
def _habitat_score(features: tuple[int, ...], pressures: tuple[int, ...]) -> int:
    return sum(distance(v, p) for v, p in zip(features, pressures, strict=True))


#: _TO[pressure][value]: the distance of every value from one pressure
_TO = tuple(tuple(distance(value, p) for value in range(HIGH + 1)) for p in range(HIGH + 1))
_NOTHING = ((0,) * (HIGH + 1),) * FEATURE_COUNT


@lru_cache(maxsize=_CACHE_SIZE)
def _costs(habitats: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """``_costs(habitats)[feature][value]``: what that value of the feature scores over them."""
    if not habitats:
        return _NOTHING
    return tuple(
        tuple(map(sum, zip(*[_TO[h[f]] for h in habitats], strict=True)))
        for f in range(FEATURE_COUNT)
    )


_FEATURE_OF = tuple(card.feature for card in WORLD.cards)
_KIND_BIT = tuple(1 << card.kind for card in WORLD.cards)


def _masks(cards: tuple[int, ...]) -> list[int]:
    """For each feature, the kinds of adaptation card held for it, as bits."""
    masks = [0] * FEATURE_COUNT
    for card in cards:
        masks[_FEATURE_OF[card]] |= _KIND_BIT[card]
    return masks


@lru_cache(maxsize=_CACHE_SIZE)
def _feature_best(start: int, mask: int, cost: tuple[int, ...]) -> tuple[int, int]:
    """As ``best_end`` for one feature: (the reachable end costing least, then the lowest;
    its cost), where ``cost[value]`` is what a value scores over the habitats."""
    best = best_cost = -1
    for end, _order in ORDERS[start][mask]:  # ends in increasing order
        if best < 0 or cost[end] < best_cost:
            best, best_cost = end, cost[end]
    return best, best_cost


class FeatureScores:
    """One creature's cards and habitats, scored feature by feature.

    A bot weighing which adaptation card to take (or give back) changes one feature at a time:
    ``with_card``/``without_card`` re-score only that feature, so each candidate costs one
    remembered look-up instead of a whole scorecard. ``exact`` is the unfit score (as
    :func:`best_unfit`); ``middle`` is how far the cards, applied in card order, leave the
    features from the middle value 3 in total (a guess at habitats still to come).
    """

    __slots__ = ("costs", "exact", "masks", "middle", "start")

    def __init__(
        self, start: Sequence[int], cards: Iterable[int], habitats: Sequence[Sequence[int]]
    ) -> None:
        start, cards, habitats = _key(start, cards, habitats)
        self.start = start
        self.costs = _costs(habitats)
        self.masks = _masks(cards)
        self.exact = [
            _feature_best(start[f], self.masks[f], self.costs[f])[1] for f in range(FEATURE_COUNT)
        ]
        self.middle = [_off_middle(start[f], self.masks[f]) for f in range(FEATURE_COUNT)]

    def _with_mask(self, feature: int, mask: int) -> tuple[int, int]:
        exact = _feature_best(self.start[feature], mask, self.costs[feature])[1]
        middle = _off_middle(self.start[feature], mask)
        return (
            sum(self.exact) - self.exact[feature] + exact,
            sum(self.middle) - self.middle[feature] + middle,
        )

    def with_card(self, card: int) -> tuple[int, int]:
        """(exact, middle) with one more card (not one already held)."""
        feature = _FEATURE_OF[card]
        return self._with_mask(feature, self.masks[feature] | _KIND_BIT[card])

    def without_card(self, card: int) -> tuple[int, int]:
        """(exact, middle) with one held card fewer."""
        feature = _FEATURE_OF[card]
        return self._with_mask(feature, self.masks[feature] & ~_KIND_BIT[card])


@lru_cache(maxsize=_CACHE_SIZE)
def _off_middle(start: int, mask: int) -> int:
    """How far a feature ends from 3 with these kinds applied in card order (lowest kind first)."""
    value = start
    for kind, card_kind in enumerate(WORLD.kinds):
        if mask >> kind & 1:
            value = card_kind.apply(value)
    return abs(value - 3)


@lru_cache(maxsize=_CACHE_SIZE)
def _best_features(
    start: tuple[int, ...], cards: tuple[int, ...], habitats: tuple[tuple[int, ...], ...]
) -> tuple[int, ...]:
    costs = _costs(habitats)
    masks = _masks(cards)
    return tuple(_feature_best(start[f], masks[f], costs[f])[0] for f in range(FEATURE_COUNT))


@lru_cache(maxsize=_CACHE_SIZE)
def _best_unfit(
    start: tuple[int, ...], cards: tuple[int, ...], habitats: tuple[tuple[int, ...], ...]
) -> int:
    costs = _costs(habitats)
    masks = _masks(cards)
    return sum(_feature_best(start[f], masks[f], costs[f])[1] for f in range(FEATURE_COUNT))


#: The same, for callers that already hold the key: the creature's features and the habitats'
#: pressures as tuples, and the card ids as a sorted tuple (the observation and the bots).
best_unfit_of = _best_unfit
best_features_of = _best_features


# -- the scorecard ------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class FeatureRow:
    """One line of the scorecard: a feature from its start value to its habitat scores."""

    feature: str
    start: int
    adapt: str  # the cards applied, in order ("++ -")
    end: int
    #: (selection pressure, score) for each habitat column
    cells: tuple[tuple[int, int], ...]
    total: int


@dataclasses.dataclass(frozen=True)
class Scorecard:
    habitats: tuple[int, ...]  # habitat numbers, one column each
    rows: tuple[FeatureRow, ...]
    #: each habitat column's score (above the extinction limit: extinct there)
    habitat_totals: tuple[int, ...]
    total: int


def scorecard(
    start: Sequence[int],
    orders: Sequence[Sequence[int]],
    habitats: Sequence[tuple[int, Sequence[int]]],
) -> Scorecard:
    """Fill in the text's scorecard.

    Args:
        start: the creature's five feature values.
        orders: for each feature, the adaptation card ids applied to it, first to last.
        habitats: (habitat number, its five pressures) for each column.
    """
    rows = []
    for f in range(FEATURE_COUNT):
        end = apply_in_order(start[f], orders[f])
        cells = tuple((h[f], distance(end, h[f])) for _, h in habitats)
        rows.append(
            FeatureRow(
                feature=WORLD.features[f].name,
                start=start[f],
                adapt=" ".join(WORLD.kinds[WORLD.cards[c].kind].symbol for c in orders[f]),
                end=end,
                cells=cells,
                total=sum(score for _, score in cells),
            )
        )
    columns = tuple(sum(row.cells[i][1] for row in rows) for i in range(len(habitats)))
    return Scorecard(
        habitats=tuple(number for number, _ in habitats),
        rows=tuple(rows),
        habitat_totals=columns,
        total=sum(row.total for row in rows),
    )
