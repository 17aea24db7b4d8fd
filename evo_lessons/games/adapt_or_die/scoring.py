"""Scoring, as the text's scorecard does it: pure functions of numbers, shared by rules and bots.

A creature's features are changed by its adaptation cards (applied in the order its player
chooses where several touch one feature; a step stops at 1 and 5); then each held habitat scores,
for each feature, the distance between the feature and the habitat's pressure (at most 4). The
sum over habitats and features is the *unfit* score: lower is better.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from .data import FEATURE_COUNT, world
from .tables import ORDERS

WORLD = world()
MAX_DISTANCE = WORLD.max_distance


def distance(value: int, pressure: int) -> int:
    """One cell of the scorecard: how far a feature is from a pressure (never more than 4)."""
    gap = value - pressure if value > pressure else pressure - value
    return gap if gap < MAX_DISTANCE else MAX_DISTANCE


def habitat_score(features: Sequence[int], pressures: Sequence[int]) -> int:
    """A creature's score in one habitat: the sum of its five distances."""
    return sum(distance(v, p) for v, p in zip(features, pressures, strict=True))


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
    groups = feature_cards(cards)
    return tuple(
        best_end(start[f], groups[f], [h[f] for h in habitats]) for f in range(FEATURE_COUNT)
    )


def unfit_score(features: Sequence[int], habitats: Sequence[Sequence[int]]) -> int:
    """The total unfit score of these features over these habitats' pressures."""
    return sum(habitat_score(features, h) for h in habitats)


def best_unfit(
    start: Sequence[int], cards: Iterable[int], habitats: Sequence[Sequence[int]]
) -> int:
    """The unfit score now, with the cards held applied in the best order."""
    return unfit_score(best_features(start, cards, habitats), habitats)


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
