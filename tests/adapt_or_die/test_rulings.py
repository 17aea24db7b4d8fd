"""The numbered rulings R1-R20 of rules.py's docstring: what we decided where the text is silent,
and how we read it where it is unclear.

Each test's name starts with its ruling's number. Positions come from ``table`` (helpers.py).
"""

from __future__ import annotations

from collections import deque

import pytest

from evo_lessons.engine import RandomBot, play_game
from evo_lessons.games.adapt_or_die import (
    GAME,
    AnswerTrade,
    ChooseCreature,
    EndTurn,
    ExchangeNiche,
    Exit,
    FitterBot,
    GiveNiche,
    KeepNiche,
    Move,
    OfferAdaptations,
    OfferNiches,
    ReturnAdaptation,
    ReturnNiche,
    TakeAdaptation,
    new_game,
    scoring,
)
from evo_lessons.games.adapt_or_die.rules import ROUND_LIMIT
from evo_lessons.games.adapt_or_die.tables import reach

from .helpers import CENTRE, DOUBLE, SINGLE, WORLD, card, exit_space, place_node, table, texts

ALL_MATS = {k: k for k in range(1, 9)}


def distances(board, start: int) -> dict[int, int]:
    """Steps from ``start`` along the board's lines, never through a mat place."""
    seen, queue = {start: 0}, deque([start])
    while queue:
        node = queue.popleft()
        if node != start and node >= board.spaces:
            continue
        for near in board.neighbours[node]:
            if near not in seen:
                seen[near] = seen[node] + 1
                queue.append(near)
    return seen


# -- R1: anywhere within the roll --------------------------------------------------------------
@pytest.mark.parametrize("roll", [1, 2, 4, 6])
def test_r1_a_move_ends_anywhere_from_one_step_to_the_roll(roll):
    state = table(positions=[CENTRE] * 4, roll=roll)
    ends = {a.space if isinstance(a, Move) else place_node(a.place) for a in state.legal_actions()}
    expected = {n for n, d in distances(SINGLE, CENTRE).items() if 1 <= d <= roll}
    assert ends == expected


def test_r1_bugs_may_share_a_space_and_pass_through_each_other():
    state = table(positions=[CENTRE, 1, 2, 2], roll=3)
    assert {Move(1), Move(2), Move(3)} <= set(state.legal_actions())


def test_r1_a_bug_must_move():
    state = table(positions=[CENTRE] * 4, roll=6)
    assert Move(CENTRE) not in state.legal_actions()


# -- R2: exiting -------------------------------------------------------------------------------
def test_r2_stepping_onto_the_mat_place_is_one_step_of_the_roll():
    one_in = exit_space(1) - 1  # the space just inside the exit of side 1
    assert Exit(1) not in table(positions=[one_in] * 4, roll=1).legal_actions()
    assert Exit(1) in table(positions=[one_in] * 4, roll=2).legal_actions()


def test_r2_exiting_ends_the_move_and_nobody_walks_through_a_mat_place():
    # on the double board, two exits share place 2; the far exit is not one step beyond it
    left_exit, right_exit = DOUBLE.places[1].exits
    assert right_exit not in reach(DOUBLE)[left_exit][2]


def test_r2_the_bug_waits_on_the_mat_place_and_reenters_through_its_exit():
    state = table(positions=[exit_space(1)] * 4, roll=1, mats={1: 2}, niches=[[2]])
    state.apply(Exit(1))
    assert state.positions[0] == place_node(1)
    assert reach(SINGLE)[place_node(1)][1] == (exit_space(1),)


def test_r2_stepping_off_the_mat_and_straight_back_exits_there_again():
    state = table(positions=[place_node(1)] + [CENTRE] * 3, roll=2, mats={1: 2})
    assert Exit(1) in state.legal_actions()


# -- R3: perfectly adapted ---------------------------------------------------------------------
def test_r3_each_creature_matches_both_fixed_pressures_of_its_home():
    for creature in WORLD.creatures[:15]:
        home = WORLD.habitat(creature.home)
        assert all(creature.features[f] == v for f, v in home.fixed), creature.name


def test_r3_the_generic_bug_has_no_home_and_every_feature_at_3():
    generic = WORLD.creature(16)
    assert generic.home == 0 and generic.features == (3, 3, 3, 3, 3)


# -- R4: the start -----------------------------------------------------------------------------
def test_r4_every_bug_starts_on_the_centre_and_seat_0_plays_first():
    state = new_game(seed=5, players=5)
    assert state.positions == [CENTRE] * 5
    assert state.current_player == 0


def test_r4_turns_pass_in_seat_order():
    state = table(positions=[CENTRE] * 4, roll=1)
    state.apply(Move(1))
    assert state.turn_player == 1 and state.phase == "move"  # nothing to trade: ended (R17)


# -- R5: laying a mat --------------------------------------------------------------------------
def test_r5_each_new_mat_uses_up_one_randomizer_card_at_once():
    state = table(positions=[exit_space(1)] * 4, roll=1)
    before = len(state.randomizer_pile)
    state.apply(Exit(1))
    assert len(state.randomizer_pile) == before - 1
    assert state.mat_values[0] is not None


def test_r5_the_randomizer_numbers_are_shown_to_everyone_as_the_mat_is_laid():
    state = table(positions=[exit_space(1)] * 4, roll=1)
    events = state.apply(Exit(1))
    laid = next(e for e in events if e.kind == "mat")
    for seat in (None, 0, 2):
        place = state.observation(seat)["places"][0]
        assert place["pressures"] == laid.data["pressures"] == list(state.mat_values[0])


def test_r5_a_mat_keeps_its_numbers_for_the_whole_game():
    state = new_game(seed=11)
    play_game(state, [FitterBot(seed=s) for s in range(4)])
    laid = [e.data for step in [state.setup_events] for e in step if e.kind == "mat"]
    assert laid == []  # no mat is laid during setup
    for index, values in enumerate(state.mat_values):
        if values is not None:
            habitat = WORLD.habitat(state.mats[index])
            assert all(values[f] == v for f, v in habitat.fixed)


# -- R6, R7, R8: niche decisions ---------------------------------------------------------------
def test_r6_keeping_is_allowed_but_never_forced():
    state = table(positions=[exit_space(1)] * 4, roll=1, mats={1: 2}, niches=[[5]])
    state.apply(Exit(1))
    legal = set(state.legal_actions())
    assert {KeepNiche(), ExchangeNiche(5), GiveNiche(1)} <= legal


def test_r7_the_spare_copy_goes_straight_back_when_nothing_else_is_possible():
    full = [1, 3, 4, 5]
    state = table(3, positions=[exit_space(2)] * 3, roll=1, mats=ALL_MATS, niches=[[2], full, [2]])
    events = state.apply(Exit(2))
    assert "nothing happens (R7)" in texts(events)
    assert state.niche_pile[2 - 1] == 3 and state.niches[0] == [2]


def test_r7_with_no_copy_left_in_the_pile_nothing_happens():
    state = table(5, positions=[exit_space(1)] * 5, roll=1, mats={1: 2}, niches=[[2]] * 5)
    events = state.apply(Exit(1))
    assert "No Desert dunes niche card is left" in texts(events)


def test_r8_only_players_who_lack_the_niche_and_are_short_of_the_target_may_receive_it():
    niches = [[], [2], [1, 3, 4, 5]]
    state = table(positions=[exit_space(2)] * 4, roll=1, mats=ALL_MATS, niches=niches)
    state.apply(Exit(2))
    assert [a.player for a in state.legal_actions() if isinstance(a, GiveNiche)] == [3]


# -- R9: the adaptation cards ------------------------------------------------------------------
def test_r9_the_25_cards_are_five_kinds_for_each_of_five_features():
    assert [k.symbol for k in WORLD.kinds] == ["++", "+", "-", "--", "=3"]
    assert len(WORLD.cards) == 25
    assert {(c.feature, c.kind) for c in WORLD.cards} == {
        (f, k) for f in range(5) for k in range(5)
    }


@pytest.mark.parametrize("start", [1, 2, 3, 4, 5])
def test_r9_the_back_to_the_middle_card_sets_the_feature_to_3(start):
    assert scoring.apply_in_order(start, [card("=3", "size")]) == 3


def test_r9_only_the_set_to_3_reading_fits_the_texts_sample_plus_3_on_a_leg_length_of_3():
    # the text's sample scorecard: leg length 3, adaptation "+3", end value 3
    ends = {k.symbol: k.apply(3) for k in WORLD.kinds}
    assert [symbol for symbol, end in ends.items() if end == 3] == ["=3"]


# -- R10: niche and adaptation cards move together ---------------------------------------------
def test_r10_a_gained_niche_card_waits_on_the_table_until_its_adaptation_card_is_chosen():
    state = table(positions=[exit_space(1)] * 4, roll=1, mats={1: 2})
    state.apply(Exit(1))
    state.apply(KeepNiche())
    assert state.niches[0] == [] and state.gains == [(0, 2)]
    state.apply(TakeAdaptation(card("+", "eyes")))
    assert state.niches[0] == [2] and state.gains == []


def test_r10_in_an_exchange_the_returned_adaptation_card_may_be_taken_again():
    held = [card("+", "eyes"), card("-", "eyes")]
    state = table(
        positions=[exit_space(1)] * 4, roll=1, mats=ALL_MATS, niches=[[5, 6]], cards=[held]
    )
    state.apply(Exit(1))
    state.apply(ExchangeNiche(5))
    state.apply(ReturnAdaptation(card("+", "eyes")))
    assert TakeAdaptation(card("+", "eyes")) in state.legal_actions()


# -- R11: trades -------------------------------------------------------------------------------
def trading(**kwargs):
    state = table(
        positions=[CENTRE] * 4,
        roll=1,
        mats=ALL_MATS,
        niches=[[1], [2]],
        cards=[[card("+", "eyes")], [card("-", "size")]],
        **kwargs,
    )
    state.apply(Move(1))
    return state


def three_partners(**kwargs):
    """Seat 0 has just moved, holding the cave (1); seats 1-3 each hold another niche and card."""
    state = table(
        positions=[CENTRE] * 4,
        roll=1,
        mats=ALL_MATS,
        niches=[[1], [2], [3], [4]],
        cards=[[card("+", "eyes")], [card("-", "size")], [card("++", "size")], [card("-", "eyes")]],
        **kwargs,
    )
    state.apply(Move(1))
    return state


def offers_to(state, kind) -> set[int]:
    return {a.player for a in state.legal_actions() if isinstance(a, kind)}


def test_r11_a_declined_offer_leaves_the_trade_open_for_another_willing_player():
    state = three_partners()
    state.apply(OfferNiches(1, 1, 2))
    state.apply(AnswerTrade(False))
    assert offers_to(state, OfferNiches) == {2, 3}
    state.apply(OfferNiches(2, 1, 3))
    state.apply(AnswerTrade(True))
    assert state.niches[0] == [3] and state.niches[2] == [1]


def test_r11_a_player_who_declined_is_not_asked_again_for_that_kind_this_turn():
    state = three_partners()
    state.apply(OfferAdaptations(3, card("+", "eyes"), card("-", "eyes")))
    state.apply(AnswerTrade(False))
    assert 3 not in offers_to(state, OfferAdaptations)
    assert 3 in offers_to(state, OfferNiches)  # declining cards is not declining niches


def test_r11_an_accepted_offer_is_the_turns_one_trade_of_its_kind():
    state = three_partners()
    state.apply(OfferNiches(1, 1, 2))
    state.apply(AnswerTrade(True))
    assert offers_to(state, OfferNiches) == set()
    assert offers_to(state, OfferAdaptations) == {1, 2, 3}


def test_r11_when_every_player_has_declined_both_kinds_the_turn_ends():
    state = three_partners(players=4)
    for other in (1, 2, 3):
        state.apply(OfferNiches(other, 1, other + 1))
        state.apply(AnswerTrade(False))
    for other, theirs in ((1, card("-", "size")), (2, card("++", "size"))):
        state.apply(OfferAdaptations(other, card("+", "eyes"), theirs))
        state.apply(AnswerTrade(False))
    state.apply(OfferAdaptations(3, card("+", "eyes"), card("-", "eyes")))
    state.apply(AnswerTrade(False))
    assert state.turn_player == 1 and state.phase == "move"  # only EndTurn was left (R17)


def test_r11_after_both_trades_the_turn_ends():
    state = trading()
    state.apply(OfferNiches(1, 1, 2))
    state.apply(AnswerTrade(True))
    state.apply(OfferAdaptations(1, card("+", "eyes"), card("-", "size")))
    state.apply(AnswerTrade(True))
    assert state.turn_player == 1 and state.phase == "move"


def test_r11_declines_are_forgotten_at_the_next_turn():
    state = three_partners()
    state.apply(OfferNiches(1, 1, 2))
    state.apply(AnswerTrade(False))
    state.apply(EndTurn())
    assert state.turn_player == 1 and state.declined == []


# -- R12: the end is checked at the end of every turn ------------------------------------------
def test_r12_a_player_may_fall_below_the_target_and_the_game_goes_on():
    full = [1, 3, 4, 5]
    niches = [[2, 1, 3, 4], full, full]
    state = table(3, positions=[exit_space(2)] * 3, roll=1, mats=ALL_MATS, niches=niches)
    state.apply(Exit(2))  # seat 0 already holds the dunes (2): a return; nobody can take it
    assert set(state.legal_actions()) == {ReturnNiche(1), ReturnNiche(3), ReturnNiche(4)}
    state.apply(ReturnNiche(4))
    state.apply(ReturnAdaptation(state.adaptations[0][0]))
    state.apply(EndTurn())
    assert not state.is_over and len(state.niches[0]) == 3
    assert state.turn_player == 1


# -- R13: the order of the cards ---------------------------------------------------------------
def test_r13_orders_with_the_same_result_are_one_choice():
    # from 1, "+" and "++" end at 4 in either order: no decision
    assert len(scoring.orders_by_end(1, [card("++", "eyes"), card("+", "eyes")])) == 1


def test_r13_each_end_value_is_offered_once_named_by_its_first_order():
    cards = [card("+", "eyes"), card("-", "eyes"), card("=3", "eyes")]
    outcomes = scoring.orders_by_end(5, sorted(cards))
    ends = [end for end, _ in outcomes]
    assert ends == sorted(set(ends)) and len(ends) >= 2
    for end, order in outcomes:
        assert scoring.apply_in_order(5, order) == end


# -- R14: winners ------------------------------------------------------------------------------
def test_r14_habitats_scoring_goes_to_the_best_in_the_most_habitats():
    state = new_game(seed=3, same_habitats=True)
    play_game(state, [FitterBot(seed=s) for s in range(4)])
    best = [r["best_in"] for r in state.final]
    assert state.scoring == "habitats"
    assert state.winners == [s for s in range(4) if best[s] == max(best)]


def test_r14_a_tie_shares_the_win():
    for seed in range(40):
        state = new_game(seed=seed, players=3, same_habitats=True, habitats_per_player=3)
        play_game(state, [FitterBot(seed=s) for s in range(3)])
        if len(state.winners) > 1:
            best = [state.final[s]["best_in"] for s in state.winners]
            assert len(set(best)) == 1
            return
    pytest.fail("no tie in 40 games with the same habitats for all")


# -- R15: the same habitats for all ------------------------------------------------------------
def test_r15_exiting_at_a_selected_habitat_does_nothing_more():
    state = table(positions=[exit_space(1)] * 4, roll=1, mats={1: 2}, same_habitats=True)
    state.selected = [2]
    events = state.apply(Exit(1))
    assert "already selected" in texts(events)
    assert state.niche_pile[2 - 1] == 5


def test_r15_no_niche_is_exchanged_given_or_returned_with_the_same_habitats():
    state = new_game(seed=8, same_habitats=True)
    play_game(state, [FitterBot(seed=s) for s in range(4)])
    kinds = {type(a).__name__ for a in state.history}
    assert not kinds & {"ExchangeNiche", "GiveNiche", "ReturnNiche", "ForceNiche", "OfferNiches"}


def test_r15_six_habitats_each_are_allowed_with_the_same_habitats_for_all():
    state = new_game(seed=3, players=4, same_habitats=True, habitats_per_player=6)
    play_game(state, [FitterBot(seed=s) for s in range(4)])
    assert state.is_over and len(state.selected) == 6
    assert all(len(held) == 6 for held in state.niches)


def test_r15_six_habitats_each_are_refused_without_the_same_habitats():
    with pytest.raises(ValueError, match="habitats_per_player may be 6 only with same_habitats"):
        new_game(seed=3, habitats_per_player=6)


def test_r15_seven_habitats_each_are_refused():
    with pytest.raises(ValueError, match="habitats_per_player"):
        new_game(seed=3, same_habitats=True, habitats_per_player=7)


# -- R16: choosing creatures -------------------------------------------------------------------
def test_r16_creatures_are_chosen_in_seat_order_and_a_chosen_one_is_gone():
    state = new_game(seed=2, players=3, choose_creature=True)
    for seat, creature in enumerate([16, 1, 7]):
        assert state.current_player == seat
        state.apply(ChooseCreature(creature))
    assert state.creatures == [16, 1, 7] and state.phase == "move"


# -- R17: one option is no decision ------------------------------------------------------------
def test_r17_a_single_card_to_return_is_returned_at_once_and_logged():
    state = table(
        positions=[exit_space(1)] * 4,
        roll=1,
        mats={1: 2},
        niches=[[5]],
        cards=[[card("+", "size")]],
    )
    state.apply(Exit(1))
    events = state.apply(ExchangeNiche(5))
    assert "returns the + size adaptation card" in texts(events)
    assert state.phase == "pick"


def test_r17_a_forced_move_is_made_at_once():
    # seat 1 waits on mat place 1 and will roll a 1: its only move is back to the exit
    state = table(positions=[CENTRE, place_node(1), CENTRE, CENTRE], roll=1, dice=[1])
    events = state.apply(Move(1))  # seat 0 has nothing to trade: its turn ends (also R17)
    assert "Player 2 rolls a 1.\nPlayer 2 moves to space 4." in texts(events)
    assert state.positions[1] == exit_space(1)


# -- R18: the double board ---------------------------------------------------------------------
def test_r18_the_double_board_joins_two_octagons_and_has_12_mat_places():
    assert len(DOUBLE.places) == 12
    shared = [p for p in DOUBLE.places if len(p.exits) == 2]
    assert len(shared) == 2
    # the passage: the left octagon's east exit is one step from the right one's west exit
    assert 85 in DOUBLE.neighbours[12]


def test_r18_five_or_six_habitats_use_the_double_board():
    assert new_game(seed=1, habitats_per_player=5).board.key == "double"
    six = new_game(seed=1, habitats_per_player=6, same_habitats=True)
    assert six.board.key == "double"


def test_r18_three_or_four_habitats_use_the_single_board():
    for n in (3, 4):
        assert new_game(seed=1, habitats_per_player=n).board.key == "single"


# -- R19: time ---------------------------------------------------------------------------------
def test_r19_a_capped_game_is_scored_at_the_end_of_its_last_round():
    state = new_game(seed=4, max_rounds=3)
    play_game(state, [FitterBot(seed=s) for s in range(4)])
    assert state.is_over and state.round == 3
    assert state.final is not None


def test_r19_only_players_with_the_most_niches_can_win_a_capped_game():
    for seed in range(20):
        state = new_game(seed=seed, max_rounds=2)
        play_game(state, [FitterBot(seed=s) for s in range(4)])
        most = max(len(n) for n in state.niches)
        assert all(len(state.niches[w]) == most for w in state.winners)


def test_r19_an_uncapped_game_ends_after_500_rounds_at_most():
    assert ROUND_LIMIT == 500 == GAME.option("max_rounds").high
    state = new_game(seed=1, players=3)
    state.round, state.turn_player = ROUND_LIMIT, 2  # the last turn of round 500
    state.turns = 3 * ROUND_LIMIT
    state.phase = "trade"
    state._legal = None
    events = state.apply(EndTurn())
    assert "Time is up after 500 rounds (R19)" in texts(events)
    assert state.is_over or state.phase == "order"


def test_r19_a_round_cap_above_the_limit_is_refused():
    with pytest.raises(ValueError, match="max_rounds"):
        new_game(seed=1, max_rounds=ROUND_LIMIT + 1)


def test_r19_the_limit_is_far_beyond_a_game_between_players_who_exit():
    for seed in range(10):
        state = new_game(seed=seed)
        play_game(state, [GAME.make_bot("random", seed + s) for s in range(4)])
        assert not state.summary()["timed_out"] and state.round < ROUND_LIMIT // 10


def test_r19_even_uniformly_random_games_end_and_their_saves_reload():
    state = new_game(seed=936479117784, players=5, habitats_per_player=5, scoring="extinctions")
    play_game(state, [RandomBot(seed=s) for s in range(5)], max_actions=10**6)
    assert state.is_over and state.round <= ROUND_LIMIT
    assert GAME.load_json(state.to_json()) == state


# -- R20: enough cards -------------------------------------------------------------------------
def test_r20_five_players_with_five_habitats_each_hold_every_adaptation_card_at_most():
    state = new_game(seed=6, players=5, habitats_per_player=5, same_habitats=True)
    play_game(state, [FitterBot(seed=s) for s in range(5)])
    assert sum(len(a) for a in state.adaptations) == 25 and not any(state.pool)


def test_r20_with_six_habitats_and_five_players_the_last_habitat_comes_without_a_card():
    state = new_game(seed=6, players=5, habitats_per_player=6, same_habitats=True)
    log = []
    play_game(
        state,
        [FitterBot(seed=s) for s in range(5)],
        on_step=lambda _s, _a, events: log.extend(events),
    )
    assert all(len(n) == 6 for n in state.niches)
    assert all(len(a) == 5 for a in state.adaptations) and not any(state.pool)
    alone = [e for e in log if e.kind == "gain" and e.data["card"] is None]
    assert len(alone) == 5 and {e.data["habitat"] for e in alone} == {state.selected[-1]}
    assert "no adaptation card is left" in alone[0].text


def test_r20_with_six_habitats_and_four_players_every_niche_card_comes_with_one():
    state = new_game(seed=6, players=4, habitats_per_player=6, same_habitats=True)
    play_game(state, [FitterBot(seed=s) for s in range(4)])
    assert [len(a) for a in state.adaptations] == [len(n) for n in state.niches] == [6] * 4


def test_r20_the_distance_cap_of_4_never_binds():
    assert max(scoring.distance(a, b) for a in range(1, 6) for b in range(1, 6)) == 4
