"""The remembered scores (scoring.py's speed machinery) give exactly what the scorecard gives.

The bots and the observation ask for best scores thousands of times a game, so scoring.py keeps
them (per-habitat cost rows, each feature's best end) and lets a bot re-score one card more or
less by that card's feature alone. None of it may change a number: these tests compare it with
the plain definitions (every order of the cards tried, every cell of the scorecard added up).
"""

from __future__ import annotations

from itertools import permutations

from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from evo_lessons.games.adapt_or_die import scoring

from .helpers import WORLD

VALUES = st.integers(min_value=1, max_value=5)
BODIES = st.tuples(VALUES, VALUES, VALUES, VALUES, VALUES)
HABITATS = st.lists(BODIES, max_size=6)
HANDS = st.sets(st.integers(min_value=0, max_value=24), max_size=6)
SOME = settings(max_examples=examples(300), deadline=None, database=None)


def plain_best_unfit(start, cards, habitats) -> int:
    """The definition: for each feature, the best over every order of its cards."""
    groups = scoring.feature_cards(cards)
    total = 0
    for f in range(5):
        ends = {scoring.apply_in_order(start[f], order) for order in permutations(groups[f])}
        total += min(sum(scoring.distance(end, h[f]) for h in habitats) for end in ends)
    return total


@SOME
@given(start=BODIES, cards=HANDS, habitats=HABITATS)
def test_the_remembered_best_score_is_the_best_over_every_order(start, cards, habitats):
    assert scoring.best_unfit(start, cards, habitats) == plain_best_unfit(start, cards, habitats)


@SOME
@given(start=BODIES, cards=HANDS, habitats=HABITATS)
def test_the_best_features_score_the_best_score(start, cards, habitats):
    features = scoring.best_features(start, cards, habitats)
    assert scoring.unfit_score(features, habitats) == scoring.best_unfit(start, cards, habitats)
    for f, card_ids in enumerate(scoring.feature_cards(cards)):
        assert features[f] in {end for end, _ in scoring.orders_by_end(start[f], card_ids)}


@SOME
@given(start=BODIES, cards=HANDS, habitats=HABITATS, data=st.data())
def test_one_card_more_or_less_is_scored_as_the_whole_hand_would_be(start, cards, habitats, data):
    scores = scoring.FeatureScores(start, cards, habitats)

    def middle(hand) -> int:
        groups = scoring.feature_cards(hand)
        return sum(abs(scoring.apply_in_order(start[f], groups[f]) - 3) for f in range(5))

    free = sorted(set(range(len(WORLD.cards))) - cards)
    if free:
        extra = data.draw(st.sampled_from(free))
        hand = [*cards, extra]
        assert scores.with_card(extra) == (
            scoring.best_unfit(start, hand, habitats),
            middle(hand),
        )
    if cards:
        gone = data.draw(st.sampled_from(sorted(cards)))
        hand = sorted(cards - {gone})
        assert scores.without_card(gone) == (
            scoring.best_unfit(start, hand, habitats),
            middle(hand),
        )


def test_the_order_of_the_cards_in_hand_does_not_change_the_score():
    habitats = [(1, 2, 3, 4, 5), (5, 4, 3, 2, 1)]
    hand = [3, 17, 9]
    assert scoring.best_unfit((2, 2, 2, 2, 2), hand, habitats) == scoring.best_unfit(
        (2, 2, 2, 2, 2), list(reversed(hand)), habitats
    )
