"""One test (or more) per numbered ruling R1-R13 of evo_lessons/games/adaptation/rules.py."""

from __future__ import annotations

import itertools
import random
import statistics

import pytest

from evo_lessons.engine import RandomBot, play_game
from evo_lessons.games.adaptation import (
    CARDS,
    CHALLENGES,
    ChooseChallenge,
    KeepCard,
    SwapCard,
    new_game,
    next_dealer,
)
from evo_lessons.games.adaptation.data import SCORES, parse_deck
from evo_lessons.games.adaptation.rules import ADAPT, CHOOSE, DEALER_DRAW

from .helpers import deal, play_round, rig

SHAPES = ("triangle", "square", "pentagon", "hexagon")
COLOURS = ("red", "orange", "yellow", "green")

# -- R1: the make-up of the deck -------------------------------------------------------------------


def test_r1_every_combination_once_plus_two_middling_extras():
    combos = [(c.count, c.shape, c.colour) for c in CARDS]
    for combo in itertools.product(range(1, 5), SHAPES, COLOURS):
        assert combo in combos
    extras = sorted(combo for combo in set(combos) if combos.count(combo) == 2)
    assert extras == [(2, "pentagon", "orange"), (2, "triangle", "orange")]


def test_r1_each_level_of_each_property_is_on_16_to_18_cards():
    for index in range(3):
        levels = [SCORES[index].count(value) for value in set(SCORES[index])]
        assert len(levels) == 4
        assert all(16 <= n <= 18 for n in levels)


def test_r1_count_shape_and_colour_are_uncorrelated():
    for a, b in itertools.combinations(range(3), 2):
        r = statistics.correlation(SCORES[a], SCORES[b])
        assert abs(r) < 0.01, (CHALLENGES[a], CHALLENGES[b], r)


def _defeat_chance(card: int, challenge: int, rivals: int = 3) -> float:
    """Chance ``card`` is (one of) the lowest against ``rivals`` random other cards."""
    table = SCORES[challenge]
    others = [c for c in range(66) if c != card]
    share = sum(table[c] >= table[card] for c in others) / len(others)
    return share**rivals


def test_r1_no_challenge_is_safest_for_every_card_and_each_is_safest_for_some():
    safest_for = {c: 0 for c in range(3)}
    for card in range(66):
        chances = [_defeat_chance(card, c) for c in range(3)]
        best = min(chances)
        for c in range(3):
            if chances[c] == best and chances.count(best) == 1:
                safest_for[c] += 1
    assert all(count >= 10 for count in safest_for.values()), safest_for


def test_r1_a_random_card_is_about_as_safe_under_each_challenge():
    average = [statistics.fmean(_defeat_chance(card, c) for card in range(66)) for c in range(3)]
    assert max(average) - min(average) < 0.02, average


def test_r1_loader_rejects_a_deck_of_the_wrong_size_or_an_unknown_shape():
    good = {
        "scores": {"shape": {"triangle": 3}, "colour": {"red": 4}},
        "deck": {"cards": [{"count": 1, "shape": "triangle", "colour": "red"}] * 66},
    }
    assert len(parse_deck(good)) == 66
    with pytest.raises(ValueError, match="exactly 66 cards"):
        parse_deck({**good, "deck": {"cards": good["deck"]["cards"][:65]}})
    bad = [{"count": 1, "shape": "circle", "colour": "red"}] * 66
    with pytest.raises(ValueError, match="unknown shape 'circle'"):
        parse_deck({**good, "deck": {"cards": bad}})
    with pytest.raises(ValueError, match="count must be a whole number"):
        parse_deck(
            {**good, "deck": {"cards": [{"count": 0, "shape": "triangle", "colour": "red"}] * 66}}
        )
    with pytest.raises(ValueError, match=r"\[deck\]"):
        parse_deck({"scores": good["scores"]})


# -- R2, R3: seats, the youngest, going round ------------------------------------------------------


def test_r2_seat_0_is_the_youngest_and_deals_round_one():
    for seed in range(10):
        state = new_game(players=4, seed=seed)
        assert state.rounds[0]["dealer"] == 0
        assert "Player 1, the youngest, deals" in state.setup_events[1].text


def test_r2_cards_are_dealt_starting_at_the_youngest_players_left():
    state = new_game(players=3, seed=21)
    shuffled = list(range(66))
    random.Random(21).shuffle(shuffled)
    # popped from the end of the shuffled pile: seat 1 first, then 2, then 0
    assert state.rounds[0]["cards"][1] == shuffled[-1]
    assert state.rounds[0]["cards"][2] == shuffled[-2]
    assert state.rounds[0]["cards"][0] == shuffled[-3]


def test_r3_a_defeated_dealer_deals_again_only_if_no_other_defeated_comes_first():
    assert next_dealer(0, [0], [2, 3, 3, 3]) == 0
    assert next_dealer(0, [3, 0], [2, 3, 3, 2]) == 3
    assert next_dealer(2, [2, 1], [3, 2, 2, 3]) == 1


# -- R4: round one ---------------------------------------------------------------------------------


def test_r4_round_one_has_no_decisions_and_happens_in_new_game():
    state = new_game(players=5, seed=3)
    assert state.history == []
    assert len(state.rounds) == 1 and state.round == 2
    assert state.phase == DEALER_DRAW
    assert state.rounds[0]["redrew"] is None and state.rounds[0]["swapped"] == []
    kinds = [e.kind for e in state.setup_events]
    assert kinds[:2] == ["shuffle", "deal"] and "reveal" in kinds and kinds[-1] == "dealer"


# -- R5: one redraw for the dealer, one decision for each other player -----------------------------


def test_r5_the_dealer_redraws_at_most_once_and_before_choosing():
    state = new_game(players=4, seed=8)
    state.apply(SwapCard())
    assert state.phase == CHOOSE
    assert SwapCard() not in state.legal_actions()
    assert state.observation(state.dealer)["hand"]["id"] == state.card_of(state.dealer)


def test_r5_each_other_active_player_decides_exactly_once_a_round():
    for seed in range(20):
        state = new_game(players=6, seed=seed)
        bots = [RandomBot(seed=seed * 10 + k) for k in range(6)]
        counts: dict[tuple[int, int], int] = {}
        while not state.is_over:
            player = state.current_player
            key = (state.round, player)
            phase = state.phase
            state.apply(bots[player].choose(None, state.legal_actions()))
            if phase == ADAPT:
                counts[key] = counts.get(key, 0) + 1
        assert all(v == 1 for v in counts.values())
        for record in state.rounds[1:]:
            decided = [k for k in counts if k[0] == record["round"]]
            alive = sum(1 for c in record["cards"] if c >= 0)
            assert len(decided) == alive - 1


def test_r5_a_player_sees_earlier_decisions_of_the_round_but_not_the_challenge():
    hands = deal(
        [(1, "square", "red"), (2, "square", "red"), (3, "square", "red"), (4, "square", "red")]
    )
    state = rig(hands, dealer=0)
    state.apply(SwapCard())
    state.apply(ChooseChallenge("shape"))
    state.apply(SwapCard())  # seat 1
    state.apply(KeepCard())  # seat 2
    seen = state.observation(3)
    assert seen["current_player"] == 3
    assert seen["dealer_redrew"] is True
    assert seen["swapped"] == [1] and seen["kept"] == [2]
    assert seen["challenge"] is None
    twin = state.clone()
    twin.challenge = CHALLENGES.index("colour")
    assert twin.observation(3) == seen  # nothing in the view depends on the secret challenge
    assert twin.observation(0) != state.observation(0)  # ... except the dealer's


# -- R6: discard first, then draw ------------------------------------------------------------------


def test_r6_the_card_just_discarded_joins_the_refill():
    state = new_game(players=2, seed=4)
    state.draw_pile = []
    state.discard_pile = []
    # hide the other 64 cards out of play to isolate the rule
    dealer = state.dealer
    old = state.card_of(dealer)
    state.apply(SwapCard())
    assert state.card_of(dealer) == old  # the only card in the refilled pile
    assert state.refills == 1


def test_r6_refill_happens_at_the_draw_that_finds_the_pile_empty():
    state = new_game(players=3, seed=5)
    state.discard_pile = state.draw_pile[:-1]
    state.draw_pile = state.draw_pile[-1:]
    state.apply(SwapCard())  # takes the last card: no refill yet
    assert state.refills == 0 and state.draw_pile == []
    state.apply(ChooseChallenge("number"))
    events = state.apply(SwapCard())
    assert state.refills == 1
    assert [e.kind for e in events] == ["swap", "refill"]


# -- R7: tokens ------------------------------------------------------------------------------------


@pytest.mark.parametrize("tokens", [3, 4, 10, 20])
def test_r7_three_or_more_tokens_up_to_twenty(tokens):
    assert new_game(players=3, tokens=tokens).tokens == [tokens] * 3


@pytest.mark.parametrize("tokens", [0, 1, 2, 21, 100, -1])
def test_r7_other_token_counts_are_refused(tokens):
    with pytest.raises(ValueError, match="tokens must be from 3 to 20"):
        new_game(players=3, tokens=tokens)


# -- R8: extinct players ---------------------------------------------------------------------------


def test_r8_an_extinct_players_card_goes_to_the_discards_at_the_end_of_the_round():
    hands = deal([(4, "square", "red"), (1, "hexagon", "red"), (3, "square", "red")])
    state = rig(hands, dealer=0, tokens=[3, 1, 3])
    play_round(state, "number")
    assert state.hands[1] == -1
    assert state.discard_pile == [hands[1]]
    assert state.rounds[-1]["extinct"] == [1]
    assert state.rounds[-1]["cards"][1] == hands[1]  # it was still shown at the reveal


def test_r8_extinct_players_are_not_shown_in_later_reveals():
    hands = deal([(4, "square", "red"), (1, "hexagon", "red"), (3, "square", "red")])
    state = rig(hands, dealer=0, tokens=[3, 1, 3])
    play_round(state, "number")
    play_round(state, "colour")
    assert state.rounds[-1]["cards"][1] == -1 and state.rounds[-1]["scores"][1] == -1


# -- R9: the next dealer in one rule ---------------------------------------------------------------


def test_r9_the_next_dealer_always_has_tokens_and_is_defeated_if_a_defeated_player_can():
    rng = random.Random(0)
    for _ in range(2000):
        n = rng.randrange(2, 9)
        tokens = [rng.randrange(0, 4) for _ in range(n)]
        if not any(tokens):
            tokens[rng.randrange(n)] = 1
        dealer = rng.randrange(n)
        defeated = [s for s in range(n) if rng.random() < 0.4] or [rng.randrange(n)]
        chosen = next_dealer(dealer, defeated, tokens)
        assert tokens[chosen] > 0
        alive_defeated = [s for s in defeated if tokens[s] > 0]
        if alive_defeated:
            assert chosen in alive_defeated
        else:
            assert tokens[chosen] == min(t for t in tokens if t > 0)


def test_r9_nobody_to_deal_is_an_error():
    with pytest.raises(ValueError, match="nobody has tokens"):
        next_dealer(0, [1], [0, 0, 0])


# -- R10: the end ----------------------------------------------------------------------------------


def test_r10_a_shared_win_goes_only_to_those_alive_at_the_start_of_the_round():
    hands = [*deal([(2, "square", "red"), (2, "hexagon", "green"), (3, "triangle", "yellow")]), -1]
    state = rig(hands, dealer=0, tokens=[1, 1, 1, 0])
    play_round(state, "shape")  # shapes 4, 6, 3: only seat 2 loses
    assert not state.is_over
    assert state.tokens == [1, 1, 0, 0]
    play_round(state, "number")  # counts 2 and 2: both go extinct together
    assert state.is_over and state.winners == [0, 1]
    assert state.summary()["shared_win"] is True


# -- R11: games end without a cap ------------------------------------------------------------------


@pytest.mark.parametrize("players,tokens", [(2, 3), (5, 3), (8, 3), (4, 20), (8, 20)])
def test_r11_a_game_lasts_at_most_one_plus_players_times_tokens_rounds(players, tokens):
    for seed in range(40):
        state = new_game(players=players, seed=seed, tokens=tokens)
        play_game(state, [RandomBot(seed=seed + k) for k in range(players)])
        assert state.is_over
        assert len(state.rounds) <= 1 + players * tokens


# -- R12: what is public and what is secret --------------------------------------------------------


def _scramble_secrets(state, seed):
    """A twin with the same public past but different secrets: piles and unrevealed cards."""
    twin = state.clone()
    rng = random.Random(seed)
    rng.shuffle(twin.draw_pile)
    # other players' cards drawn this round are secret: exchange them with the draw pile
    for seat in range(twin.players):
        changed = seat in twin.observation(None)["swapped"] or (seat == twin.dealer and twin.redrew)
        if changed and twin.draw_pile:
            twin.hands[seat], twin.draw_pile[0] = twin.draw_pile[0], twin.hands[seat]
    return twin


def test_r12_an_observation_does_not_depend_on_anything_the_seat_cannot_see():
    checked = 0
    for seed in range(60):
        state = new_game(players=4, seed=seed)
        bots = [RandomBot(seed=seed * 7 + k) for k in range(4)]
        while not state.is_over:
            seat = state.current_player
            twin = _scramble_secrets(state, seed)
            if twin.hands[seat] == state.hands[seat]:
                assert twin.observation(seat) == state.observation(seat)
                checked += 1
            state.apply(bots[seat].choose(None, state.legal_actions()))
    assert checked > 500


def test_r12_only_the_owner_sees_a_card_and_only_the_dealer_the_challenge():
    state = new_game(players=4, seed=12)
    state.apply(SwapCard())
    state.apply(ChooseChallenge("number"))
    dealer = state.dealer
    for seat in range(4):
        seen = state.observation(seat)
        assert seen["hand"]["id"] == state.card_of(seat)
        assert (seen["challenge"] == "number") == (seat == dealer)
    public = state.observation(None)
    assert public["hand"] is None and public["challenge"] is None
    assert public["dealer_redrew"] is True
    assert public["draw_pile"] == len(state.draw_pile)
    assert public["discard_pile"] == 1


def test_r12_observation_of_a_seat_that_does_not_exist_is_refused():
    with pytest.raises(ValueError, match="seat is a whole number from 0 to 3"):
        new_game(players=4).observation(4)


def test_r12_the_history_is_a_copy_a_bot_cannot_change_the_game():
    state = new_game(players=3, seed=2)
    seen = state.observation(0)
    seen["history"][0]["cards"][0] = 999
    seen["tokens"][0] = 99
    assert state.rounds[0]["cards"][0] != 999 and state.tokens[0] == 3


# -- R13: everyone tied ----------------------------------------------------------------------------


def test_r13_when_all_players_tie_all_are_defeated():
    hands = deal(
        [
            (1, "square", "red"),
            (2, "square", "green"),
            (3, "square", "yellow"),
            (4, "square", "orange"),
        ]
    )
    state = rig(hands, dealer=1)
    play_round(state, "shape")
    assert state.rounds[-1]["defeated"] == [2, 3, 0, 1]
    assert state.tokens == [2, 2, 2, 2]
    assert state.dealer == 2
