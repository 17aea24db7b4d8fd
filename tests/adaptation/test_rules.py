"""One test (or a few) per rule of the Adaptation rules text, including every worked example."""

from __future__ import annotations

import pytest

from evo_lessons.engine import IllegalAction
from evo_lessons.games.adaptation import (
    CARDS,
    CHALLENGES,
    ChooseChallenge,
    KeepCard,
    SwapCard,
    new_game,
    next_dealer,
)
from evo_lessons.games.adaptation.rules import ADAPT, CHOOSE, DEALER_DRAW, OVER

from .helpers import deal, play_round, rig, rig_round_one

# -- components --------------------------------------------------------------------------------


def test_deck_has_66_playing_cards_and_three_challenges():
    assert len(CARDS) == 66
    assert CHALLENGES == ("number", "shape", "colour")
    assert len({c.id for c in CARDS}) == 66


def test_shape_scores_are_the_number_of_sides():
    sides = {"triangle": 3, "square": 4, "pentagon": 5, "hexagon": 6}
    assert {c.shape for c in CARDS} == set(sides)
    for c in CARDS:
        assert c.score("shape") == sides[c.shape]


def test_colour_scores_follow_the_rainbow_red_best():
    ranks = {"red": 4, "orange": 3, "yellow": 2, "green": 1}
    assert {c.colour for c in CARDS} == set(ranks)
    for c in CARDS:
        assert c.score("colour") == ranks[c.colour]


def test_number_score_is_the_count_of_objects():
    for c in CARDS:
        assert c.score("number") == c.count >= 1


def test_unknown_challenge_is_a_value_error():
    with pytest.raises(ValueError, match="unknown challenge"):
        CARDS[0].score("size")


# -- players and tokens ------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 9))
def test_two_to_eight_players_each_start_with_three_tokens(players):
    state = new_game(players=players, seed=players)
    assert state.num_players == players
    assert state.tokens == [3] * players


@pytest.mark.parametrize("players", [0, 1, 9, 20, -3])
def test_other_player_counts_are_refused(players):
    with pytest.raises(ValueError, match="players must be from 2 to 8"):
        new_game(players=players)


@pytest.mark.parametrize("players", [True, 4.0, "4", None])
def test_player_count_must_be_a_whole_number(players):
    with pytest.raises(ValueError, match="whole number"):
        new_game(players=players)


def test_variation_more_tokens_prolongs_the_game():
    state = new_game(players=3, seed=1, tokens=7)
    assert state.tokens == [7, 7, 7]
    assert state.options == {"players": 3, "tokens": 7}


# -- round one -----------------------------------------------------------------------------------


def test_round_one_deals_a_card_to_everyone_and_uses_the_number_challenge():
    state = new_game(players=6, seed=11)
    first = state.rounds[0]
    assert first["round"] == 1 and first["challenge"] == "number"
    assert all(c >= 0 for c in first["cards"])
    assert len(set(first["cards"])) == 6


def test_round_one_example_single_lowest_number_is_defeated_and_deals():
    # Player 1: 4 triangles, Player 2: 2 pentagons, Player 3: 3 triangles, Player 4: 1 triangle.
    hands = deal(
        [
            (4, "triangle", "red"),
            (2, "pentagon", "red"),
            (3, "triangle", "green"),
            (1, "triangle", "yellow"),
        ]
    )
    state = rig_round_one(hands)
    assert state.rounds[0]["scores"] == [4, 2, 3, 1]
    assert state.rounds[0]["defeated"] == [3]
    assert state.dealer == 3 and state.current_player == 3


def test_round_one_costs_no_token():
    for seed in range(30):
        state = new_game(players=5, seed=seed)
        assert state.tokens == [3] * 5
        assert state.rounds[0]["defeated"]
        assert state.rounds[0]["tokens"] == [3] * 5


def test_round_one_example_two_tied_first_clockwise_deals():
    # Players 2 (1 pentagon) and 4 (1 triangle) tie on 1: Player 2 deals next.
    hands = deal(
        [
            (2, "square", "red"),
            (1, "pentagon", "green"),
            (3, "hexagon", "red"),
            (1, "triangle", "red"),
        ]
    )
    state = rig_round_one(hands)
    assert state.rounds[0]["defeated"] == [1, 3]
    assert state.dealer == 1


def test_round_one_example_three_players_3_and_4_tied_player_3_deals():
    hands = deal(
        [
            (2, "square", "red"),
            (3, "pentagon", "green"),
            (1, "hexagon", "red"),
            (1, "triangle", "red"),
        ]
    )
    state = rig_round_one(hands)
    assert state.rounds[0]["defeated"] == [2, 3]
    assert state.dealer == 2


def test_cards_stay_with_their_players_after_round_one():
    state = new_game(players=4, seed=5)
    assert [state.card_of(p) for p in range(4)] == state.rounds[0]["cards"]


# -- the dealer ---------------------------------------------------------------------------------


def test_dealer_may_keep_or_discard_and_redraw_first():
    state = new_game(players=4, seed=2)
    assert state.phase == DEALER_DRAW
    assert state.current_player == state.dealer
    assert set(state.legal_actions()) == {KeepCard(), SwapCard()}
    dealer = state.dealer
    old = state.card_of(dealer)
    top = state.draw_pile[-1]
    state.apply(SwapCard())
    assert state.card_of(dealer) == top
    assert state.discard_pile == [old]
    assert state.redrew and state.phase == CHOOSE


def test_dealer_then_secretly_chooses_one_of_three_challenges():
    state = new_game(players=4, seed=2)
    state.apply(KeepCard())
    assert state.current_player == state.dealer
    assert set(state.legal_actions()) == {ChooseChallenge(c) for c in CHALLENGES}
    state.apply(ChooseChallenge("colour"))
    assert state.observation(state.dealer)["challenge"] == "colour"
    for seat in range(4):
        if seat != state.dealer:
            assert state.observation(seat)["challenge"] is None
            assert state.observation(seat)["challenge_chosen"] is True
    assert state.observation(None)["challenge"] is None


def test_other_players_keep_or_swap_clockwise_from_dealers_left():
    hands = deal(
        [
            (1, "square", "red"),
            (2, "square", "red"),
            (3, "square", "red"),
            (4, "square", "red"),
            (1, "hexagon", "red"),
        ]
    )
    state = rig(hands, dealer=2)
    state.apply(KeepCard())
    state.apply(ChooseChallenge("number"))
    order = []
    while state.phase == ADAPT:
        order.append(state.current_player)
        assert set(state.legal_actions()) == {KeepCard(), SwapCard()}
        state.apply(KeepCard())
    assert order == [3, 4, 0, 1]


def test_a_swap_discards_then_draws_from_the_top():
    state = new_game(players=3, seed=4)
    state.apply(KeepCard())
    state.apply(ChooseChallenge("shape"))
    seat = state.current_player
    old = state.card_of(seat)
    top = state.draw_pile[-1]
    state.apply(SwapCard())
    assert state.card_of(seat) == top and state.discard_pile[-1] == old
    assert seat in state.observation(None)["swapped"]


# -- the reveal ------------------------------------------------------------------------------------


def test_the_lowest_score_loses_one_token():
    hands = deal(
        [
            (4, "triangle", "green"),
            (1, "hexagon", "green"),
            (3, "pentagon", "yellow"),
            (1, "triangle", "red"),
        ]
    )
    state = rig(hands, dealer=0)
    play_round(state, "shape")
    # shape: 3, 6, 5, 3 -> players 1 and 4 (seats 0 and 3) lose a token
    assert state.rounds[-1]["defeated"] == [3, 0]
    assert state.tokens == [2, 3, 3, 2]


def test_shape_example_players_1_and_4_defeated_player_4_deals():
    hands = deal(
        [
            (4, "triangle", "green"),
            (1, "hexagon", "green"),
            (1, "pentagon", "yellow"),
            (1, "triangle", "red"),
        ]
    )
    state = rig(hands, dealer=0)
    play_round(state, "shape")
    assert state.rounds[-1]["scores"] == [3, 6, 5, 3]
    assert sorted(state.rounds[-1]["defeated"]) == [0, 3]
    assert state.dealer == 3


def test_same_cards_under_number_player_1_would_score_highest():
    hands = deal(
        [
            (4, "triangle", "green"),
            (1, "hexagon", "green"),
            (1, "pentagon", "yellow"),
            (1, "triangle", "red"),
        ]
    )
    state = rig(hands, dealer=0)
    play_round(state, "number")
    assert state.rounds[-1]["scores"][0] == max(state.rounds[-1]["scores"])
    assert 0 not in state.rounds[-1]["defeated"]


def test_colour_example_players_1_and_2_green_defeated_player_2_deals():
    hands = deal(
        [
            (4, "triangle", "green"),
            (1, "hexagon", "green"),
            (1, "pentagon", "yellow"),
            (1, "triangle", "red"),
        ]
    )
    state = rig(hands, dealer=0)
    play_round(state, "colour")
    assert state.rounds[-1]["scores"] == [1, 1, 2, 4]
    assert state.rounds[-1]["defeated"] == [1, 0]
    assert state.tokens == [2, 2, 3, 3]
    assert state.dealer == 1


def test_ties_for_lowest_all_lose_a_token():
    hands = deal([(2, "square", "red"), (2, "hexagon", "green"), (2, "triangle", "yellow")])
    state = rig(hands, dealer=0)
    play_round(state, "number")
    assert state.tokens == [2, 2, 2]


def test_cards_return_face_down_and_stay_in_hand_after_a_reveal():
    hands = deal([(2, "square", "red"), (3, "hexagon", "green"), (4, "triangle", "yellow")])
    state = rig(hands, dealer=0)
    play_round(state, "number")
    assert [state.card_of(p) for p in range(3)] == hands
    assert state.observation(1)["hand"]["id"] == hands[1]


# -- next dealer ---------------------------------------------------------------------------------


def test_single_defeated_player_deals_next():
    assert next_dealer(0, [2], [3, 3, 2, 3]) == 2


def test_several_defeated_first_clockwise_from_dealers_left_deals():
    assert next_dealer(0, [1, 3], [3, 2, 3, 2]) == 1  # round-one example: players 2 and 4
    assert next_dealer(0, [2, 3], [3, 3, 2, 2]) == 2  # players 3 and 4
    assert next_dealer(0, [0, 3], [2, 3, 3, 2]) == 3  # shape example: players 1 and 4
    assert next_dealer(2, [1, 3], [3, 2, 3, 2]) == 3


def test_extinct_defeated_player_cannot_deal_next_defeated_active_player_does():
    # players 2 and 3 defeated; 2 comes first but is extinct: 3 deals
    assert next_dealer(0, [1, 2], [3, 0, 1, 3]) == 2
    assert next_dealer(0, [1, 2], [3, 0, 1, 3]) != 1


def test_no_active_defeated_player_fewest_tokens_deals():
    assert next_dealer(0, [1], [3, 0, 1, 2]) == 2


def test_fewest_tokens_tie_broken_clockwise_from_dealers_left():
    assert next_dealer(1, [2], [2, 3, 0, 2]) == 3  # seats 0 and 3 tied on 2: 3 comes first
    assert next_dealer(3, [2], [2, 3, 0, 2]) == 0


def test_extinction_dealer_succession_in_play():
    # seat 1 loses its last token; seat 3 (defeated too) still has tokens and deals
    hands = deal(
        [(4, "square", "red"), (1, "hexagon", "red"), (3, "square", "red"), (1, "square", "green")]
    )
    state = rig(hands, dealer=0, tokens=[3, 1, 3, 2])
    play_round(state, "number")
    assert state.tokens == [3, 0, 3, 1]
    assert state.dealer == 3


def test_extinction_with_no_other_defeated_the_fewest_tokens_deal():
    hands = deal(
        [(4, "square", "red"), (1, "hexagon", "red"), (3, "square", "red"), (2, "square", "green")]
    )
    state = rig(hands, dealer=0, tokens=[2, 1, 3, 2])
    play_round(state, "number")
    assert state.tokens == [2, 0, 3, 2]
    assert state.dealer == 3  # seats 0 and 3 tie on 2 tokens; 3 comes before 0 from seat 0's left


# -- extinction and the end ------------------------------------------------------------------------


def test_a_player_without_tokens_is_extinct_and_skipped():
    hands = deal([(4, "square", "red"), (1, "hexagon", "red"), (3, "square", "red")])
    state = rig(hands, dealer=0, tokens=[3, 1, 3])
    play_round(state, "number")
    assert state.tokens[1] == 0
    assert state.card_of(1) == -1
    assert not state.observation(None)["active"][1]
    assert state.dealer != 1
    state.apply(KeepCard())
    state.apply(ChooseChallenge("number"))
    assert 1 not in state.observation(None)["to_decide"]
    while state.phase == ADAPT:
        assert state.current_player != 1
        state.apply(KeepCard())


def test_last_player_with_tokens_wins():
    hands = deal([(4, "square", "red"), (1, "hexagon", "red")])
    state = rig(hands, dealer=0, tokens=[2, 1])
    events = play_round(state, "number")
    assert state.is_over and state.phase == OVER
    assert state.winners == [0]
    assert state.current_player is None and state.legal_actions() == []
    assert any(e.kind == "win" for e in events)


def test_all_remaining_extinct_in_the_same_round_share_the_win():
    hands = [*deal([(2, "square", "red"), (2, "hexagon", "green"), (2, "triangle", "yellow")]), -1]
    state = rig(hands, dealer=0, tokens=[1, 1, 1, 0])
    play_round(state, "number")
    assert state.is_over
    assert state.winners == [0, 1, 2]


def test_a_finished_game_refuses_every_action():
    hands = deal([(4, "square", "red"), (1, "hexagon", "red")])
    state = rig(hands, dealer=0, tokens=[1, 1])
    play_round(state, "number")
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(KeepCard())


def test_empty_draw_pile_is_refilled_by_shuffling_the_discards():
    state = new_game(players=2, seed=9)
    while state.draw_pile:
        state.discard_pile.append(state.draw_pile.pop())
    discards = sorted(state.discard_pile)
    dealer = state.dealer
    old = state.card_of(dealer)
    events = state.apply(SwapCard())
    assert any(e.kind == "refill" for e in events)
    assert state.refills == 1
    assert state.discard_pile == []
    assert sorted([*state.draw_pile, state.card_of(dealer)]) == sorted([*discards, old])


def test_cards_read_in_plain_english_with_their_scores():
    one = next(c for c in CARDS if (c.count, c.shape, c.colour) == (1, "pentagon", "yellow"))
    three = next(c for c in CARDS if (c.count, c.shape, c.colour) == (3, "hexagon", "red"))
    assert str(one) == "1 yellow pentagon" and str(three) == "3 red hexagons"
    assert three.to_json() == {
        "id": three.id,
        "count": 3,
        "shape": "hexagon",
        "colour": "red",
        "scores": {"number": 3, "shape": 6, "colour": 4},
        "label": "3 red hexagons",
    }
    assert one.scores == (1, 5, 2)
