"""Adapt or Die: one test per rule of the text (the rulings R1-R20 are in test_rulings.py).

Positions come from ``table`` (helpers.py): a game set exactly as the test needs, seat 0 to
move unless told otherwise. Habitats by number: 1 cave, 2 desert dunes, 3 soil pores, ...
(data.toml); creature 16 is the generic bug (every feature 3).
"""

from __future__ import annotations

import pytest

from evo_lessons.engine import IllegalAction
from evo_lessons.games.adapt_or_die import (
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
    new_game,
    scoring,
)

from .helpers import CENTRE, SINGLE, card, exit_space, place_node, table, texts

GENERIC = 16
ALL_MATS = {k: k for k in range(1, 9)}  # habitats 1-8 laid at places 1-8


def at_exit(side: int = 1, **kwargs):
    """Seat 0 on the exit space of ``side`` with a 1 rolled: it may exit to place ``side``."""
    players = kwargs.pop("players", 4)
    positions = [exit_space(side)] + [CENTRE] * (players - 1)
    return table(players, positions=positions, roll=1, **kwargs)


def kinds(actions) -> set[str]:
    return {type(a).__name__ for a in actions}


# -- the table ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 6])
def test_the_game_is_for_3_to_5_players(players):
    with pytest.raises(ValueError, match="3 to 5 players"):
        new_game(players=players)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_three_four_or_five_players_may_play(players):
    assert new_game(players=players, seed=1).num_players == players


def test_eighty_niche_cards_five_for_each_habitat_start_in_the_pile():
    state = new_game(seed=1)
    assert state.niche_pile == [5] * 16 and sum(state.niche_pile) == 80


def test_the_25_adaptation_cards_start_face_up_for_anyone():
    state = new_game(seed=1)
    assert state.observation(None)["pool"] == list(range(25))


def test_the_16_habitat_mats_start_shuffled_in_a_face_down_pile():
    first, second = new_game(seed=1), new_game(seed=2)
    assert sorted(first.mat_pile) == list(range(1, 17))
    assert first.mat_pile != second.mat_pile
    assert first.observation(None)["mat_pile"] == 16  # a count: the order is face down


def test_each_player_draws_a_different_creature_and_shows_it():
    state = new_game(players=5, seed=3)
    assert len(set(state.creatures)) == 5
    shown = [bug["creature"] for bug in state.observation(None)["bugs"]]
    assert shown == state.creatures


def test_the_board_has_eight_mat_places_each_beside_a_marked_exit():
    assert len(SINGLE.places) == 8
    for place in SINGLE.places:
        assert place.exits == (exit_space(place.number),)


def test_a_turn_starts_with_one_roll_of_a_six_sided_die():
    faces = set()
    for seed in range(60):
        state = new_game(seed=seed)
        rolls = [e for e in state.setup_events if e.kind == "roll"]
        assert len(rolls) == 1 and rolls[0].data["roll"] == state.roll
        faces.add(state.roll)
    assert faces == {1, 2, 3, 4, 5, 6}


# -- moving ------------------------------------------------------------------------------------
def test_the_bug_moves_anywhere_within_the_roll():
    state = table(positions=[CENTRE] * 4, roll=3)
    ends = {a.space for a in state.legal_actions()}
    # the centre's neighbours are the first space of each spoke: 1, 5, 9, ...
    assert ends == {s for side in range(8) for s in (4 * side + 1, 4 * side + 2, 4 * side + 3)}


def test_a_bug_exits_a_side_at_its_marked_space():
    state = at_exit(side=3)
    assert Exit(3) in state.legal_actions()
    state.apply(Exit(3))
    assert state.positions[0] == place_node(3)


# -- the mats ----------------------------------------------------------------------------------
def test_exiting_at_an_empty_place_lays_the_top_mat_face_up():
    state = at_exit(top_mats=[1])
    events = state.apply(Exit(1))
    assert state.mats[0] == 1
    assert "draws the Cave mat (habitat 1) and lays it at place 1" in texts(events)
    assert state.observation(None)["places"][0]["habitat"] == 1


def test_a_new_mat_gets_a_randomizer_card_for_its_three_blanks():
    state = at_exit(top_mats=[1])
    state.randomizer_pile.append(0)  # the first randomizer card: 1, 2, 4
    state.apply(Exit(1))
    # the cave's fixed pressures are eyes 1 and antennae 5; the blanks are filled in order
    assert state.mat_values[0] == (1, 2, 4, 1, 5)


def test_a_placed_mat_never_moves_or_changes():
    state = at_exit(mats={1: 2})
    before = (list(state.mats), list(state.mat_values), len(state.mat_pile))
    state.apply(Exit(1))
    assert (list(state.mats), list(state.mat_values), len(state.mat_pile)) == before


# -- niche cards -------------------------------------------------------------------------------
def test_a_player_without_the_niche_takes_one_from_the_pile():
    state = at_exit(mats={1: 2})
    state.apply(Exit(1))
    assert state.niche_pile[2 - 1] == 4
    assert state.observation(None)["offered"] == {"habitat": 2, "spare": False}


def test_a_player_may_keep_the_niche_card_taken():
    state = at_exit(mats={1: 2})
    state.apply(Exit(1))
    assert KeepNiche() in state.legal_actions()


def test_a_kept_niche_card_comes_with_an_adaptation_card_of_the_players_choice():
    state = at_exit(mats={1: 2})
    state.apply(Exit(1))
    state.apply(KeepNiche())
    assert state.legal_actions() == [TakeAdaptation(c) for c in range(25)]
    state.apply(TakeAdaptation(card("++", "eyes")))
    assert state.niches[0] == [2] and state.adaptations[0] == [card("++", "eyes")]


def test_the_niche_card_may_be_exchanged_for_one_the_player_has():
    held = [card("+", "size"), card("+", "eyes")]
    state = at_exit(mats={1: 2}, niches=[[5, 6]], cards=[held])
    state.apply(Exit(1))
    state.apply(ExchangeNiche(5))
    state.apply(ReturnAdaptation(card("+", "size")))
    state.apply(TakeAdaptation(card("-", "eyes")))
    assert state.niches[0] == [6, 2]
    assert state.adaptations[0] == [card("+", "eyes"), card("-", "eyes")]
    assert state.niche_pile[5 - 1] == 5


def test_the_niche_card_may_be_given_to_a_player_with_fewer_than_four():
    state = at_exit(mats={1: 2})
    state.apply(Exit(1))
    state.apply(GiveNiche(2))
    assert state.current_player == 2  # the receiver picks the adaptation card
    state.apply(TakeAdaptation(card("--", "size")))
    assert state.niches[2] == [2] and state.adaptations[2] == [card("--", "size")]
    assert state.niches[0] == []


def test_a_given_niche_card_cannot_be_refused():
    state = at_exit(mats={1: 2})
    state.apply(Exit(1))
    state.apply(GiveNiche(2))
    assert kinds(state.legal_actions()) == {"TakeAdaptation"}


def test_nobody_holding_four_niche_cards_can_be_given_one():
    state = at_exit(mats={1: 2}, niches=[[], [3, 4, 5, 6]])
    state.apply(Exit(1))
    assert GiveNiche(1) not in state.legal_actions()
    assert GiveNiche(2) in state.legal_actions()


def test_a_player_with_four_niche_cards_must_exchange_or_give():
    state = at_exit(mats={1: 2}, niches=[[3, 4, 5, 6]])
    state.apply(Exit(1))
    legal = state.legal_actions()
    assert KeepNiche() not in legal
    assert kinds(legal) == {"ExchangeNiche", "GiveNiche"}


def test_a_player_who_already_holds_the_niche_must_return_another_or_force_the_copy():
    state = at_exit(mats={1: 2}, niches=[[2, 5]])
    state.apply(Exit(1))
    assert set(state.legal_actions()) == {
        ReturnNiche(5),
        ForceNiche(1),
        ForceNiche(2),
        ForceNiche(3),
    }


def test_returning_to_a_habitat_discards_an_unwanted_niche_card():
    state = at_exit(mats={1: 2}, niches=[[2, 5]], cards=[[card("+", "eyes"), card("-", "size")]])
    state.apply(Exit(1))
    state.apply(ReturnNiche(5))
    state.apply(ReturnAdaptation(card("-", "size")))
    assert state.niches[0] == [2] and state.adaptations[0] == [card("+", "eyes")]
    assert state.niche_pile[2 - 1] == 4 and state.niche_pile[5 - 1] == 5  # the copy is back


def test_forcing_the_spare_copy_makes_the_other_player_take_it():
    state = at_exit(mats={1: 2}, niches=[[2]])
    state.apply(Exit(1))
    state.apply(ForceNiche(3))
    assert state.current_player == 3
    state.apply(TakeAdaptation(card("=3", "eyes")))
    assert state.niches[3] == [2] and state.niches[0] == [2]


def test_a_returned_niche_card_takes_an_adaptation_card_back_to_the_face_up_cards():
    state = at_exit(mats={1: 2}, niches=[[2, 5]], cards=[[card("+", "eyes"), card("-", "size")]])
    state.apply(Exit(1))
    state.apply(ReturnNiche(5))
    choices = {ReturnAdaptation(card("+", "eyes")), ReturnAdaptation(card("-", "size"))}
    assert set(state.legal_actions()) == choices
    state.apply(ReturnAdaptation(card("+", "eyes")))
    assert state.pool[card("+", "eyes")]


def test_niche_and_adaptation_counts_are_equal_after_every_step_of_an_exchange():
    state = at_exit(mats={1: 2}, niches=[[5, 6]])
    for action in (
        Exit(1),
        ExchangeNiche(6),
        ReturnAdaptation(state.adaptations[0][1]),
        TakeAdaptation(24),
    ):
        state.apply(action)
        assert [len(n) for n in state.niches] == [len(a) for a in state.adaptations]


def test_nobody_is_ever_offered_a_second_copy_of_a_niche():
    state = at_exit(mats={1: 2}, niches=[[], [2], [3]])
    state.apply(Exit(1))
    assert GiveNiche(1) not in state.legal_actions()


# -- trading at the end of the turn ----------------------------------------------------------
def trade_table(**kwargs):
    """Seat 0 has just moved (no exit) and may trade: it holds the cave, seat 1 the dunes."""
    state = table(
        positions=[CENTRE] * 4,
        roll=1,
        mats={1: 1, 2: 2},
        niches=[[1], [2]],
        cards=[[card("+", "eyes")], [card("-", "size")]],
        **kwargs,
    )
    state.apply(Move(1))
    return state


def test_at_the_end_of_the_turn_the_player_may_offer_a_niche_trade():
    state = trade_table()
    assert OfferNiches(1, 1, 2) in state.legal_actions()
    assert EndTurn() in state.legal_actions()


def test_the_other_player_answers_a_trade_offer():
    state = trade_table()
    state.apply(OfferNiches(1, 1, 2))
    assert state.current_player == 1
    assert state.legal_actions() == [AnswerTrade(True), AnswerTrade(False)]


def test_an_accepted_niche_trade_swaps_the_two_cards():
    state = trade_table()
    state.apply(OfferNiches(1, 1, 2))
    state.apply(AnswerTrade(True))
    assert state.niches[0] == [2] and state.niches[1] == [1]


def test_a_declined_trade_changes_no_card():
    state = trade_table()
    state.apply(OfferNiches(1, 1, 2))
    state.apply(AnswerTrade(False))
    assert state.niches[0] == [1] and state.niches[1] == [2]
    assert state.current_player == 0


def test_an_adaptation_card_may_be_traded_too():
    state = trade_table()
    state.apply(OfferAdaptations(1, card("+", "eyes"), card("-", "size")))
    state.apply(AnswerTrade(True))
    assert state.adaptations[0] == [card("-", "size")]
    assert state.adaptations[1] == [card("+", "eyes")]


def test_a_niche_trade_never_leaves_anyone_with_two_copies():
    state = table(positions=[CENTRE] * 4, roll=1, mats=ALL_MATS, niches=[[1, 2], [2, 3]])
    state.apply(Move(1))
    niche_offers = [
        a for a in state.legal_actions() if isinstance(a, OfferNiches) and a.player == 1
    ]
    assert niche_offers == [OfferNiches(1, 1, 3)]


# -- the end -----------------------------------------------------------------------------------
#: cards with one possible result each (no order to choose): =3 leg, =3 segments, =3 size;
#: =3 antennae, ++ leg, ++ segments; ++ antennae and + antennae (5 in either order from 3)
ONE_WAY = [[4, 9, 14], [24, 0, 5], [20, 21]]


def last_niche_table(**kwargs):
    """Three players, three habitats each: seat 2 lacks its third, which waits at place 8."""
    kwargs.setdefault("cards", ONE_WAY)
    return table(
        3,
        habitats_per_player=3,
        positions=[CENTRE, CENTRE, exit_space(8)],
        roll=1,
        turn_player=2,
        mats={k: k for k in range(1, 8)},
        top_mats=[9],
        niches=[[1, 2, 3], [4, 5, 6], [6, 7]],
        **kwargs,
    )


def test_players_who_reach_the_target_keep_playing_until_the_last_gets_there():
    state = table(
        3, positions=[CENTRE] * 3, roll=2, mats=ALL_MATS, niches=[[1, 2, 3, 4], [1, 2, 3, 4]]
    )
    state.apply(Move(2))
    state.apply(EndTurn())
    assert not state.is_over
    assert state.turn_player == 1 and state.phase == "move"


def test_the_game_ends_at_the_end_of_the_turn_in_which_the_last_player_gets_there():
    state = last_niche_table()
    state.apply(Exit(8))
    state.apply(KeepNiche())
    state.apply(TakeAdaptation(card("=3", "eyes")))
    assert not state.is_over  # the turn is not over: the player may still trade
    assert EndTurn() in state.legal_actions()
    state.apply(EndTurn())
    assert state.phase in ("order", "over")


# -- scoring -----------------------------------------------------------------------------------
def test_adaptation_cards_change_a_feature_and_stop_at_1_and_5():
    assert scoring.apply_in_order(3, [card("++", "eyes")]) == 5
    assert scoring.apply_in_order(5, [card("+", "eyes")]) == 5  # an increase from 5: no change
    assert scoring.apply_in_order(1, [card("--", "eyes")]) == 1  # a decrease from 1: no change
    assert scoring.apply_in_order(2, [card("--", "eyes")]) == 1


def test_each_feature_scores_its_distance_from_the_pressure_at_most_4():
    assert scoring.distance(3, 5) == 2 and scoring.distance(3, 1) == 2  # the text's example
    assert scoring.distance(1, 5) == 4


def test_the_unfit_score_is_the_sum_over_every_habitat_and_feature():
    features = (3, 3, 3, 3, 3)
    habitats = [(1, 2, 3, 4, 5), (5, 5, 5, 5, 5)]
    assert scoring.unfit_score(features, habitats) == (2 + 1 + 0 + 1 + 2) + 10


def test_the_lowest_unfit_score_wins():
    state = finished(scoring="total")
    totals = [r["total"] for r in state.final]
    assert state.winners == [s for s in range(3) if totals[s] == min(totals)]
    assert totals == [10, 12, 9]


def finished(**options):
    """A finished game of three generic bugs: seat 0 extinct in a cave of pressures 1."""
    state = last_niche_table(creatures=[GENERIC] * 3, **options)
    state.mat_values = [(1, 1, 1, 1, 1)] + [(3, 3, 3, 3, 3)] * 6 + [None]
    state.randomizer_pile.append(3)  # the next mat, under bark: blanks 4, 3, 3
    state.apply(Exit(8))
    state.apply(KeepNiche())
    state.apply(TakeAdaptation(card("=3", "eyes")))
    state.apply(EndTurn())
    assert state.is_over
    return state


def test_a_player_chooses_the_order_of_cards_that_touch_one_feature():
    # the generic bug's eyes (3) with + and =3: + then =3 ends at 3, =3 then + ends at 4
    cards = [ONE_WAY[0], ONE_WAY[1], [card("+", "eyes"), card("=3", "eyes")]]
    state = last_niche_table(creatures=[GENERIC] * 3, cards=cards)
    state.apply(Exit(8))
    state.apply(KeepNiche())
    state.apply(TakeAdaptation(card("++", "size")))
    state.apply(EndTurn())
    assert state.phase == "order" and state.current_player == 2
    assert {a.end for a in state.legal_actions()} == {3, 4}
    state.apply(OrderCards(3, (card("=3", "eyes"), card("+", "eyes")), 4))
    assert state.is_over and state.final[2]["features"][3] == 4


# -- variants ----------------------------------------------------------------------------------
def test_three_habitats_per_player_end_the_game_at_three():
    state = last_niche_table()
    state.apply(Exit(8))
    state.apply(KeepNiche())
    state.apply(TakeAdaptation(card("=3", "eyes")))
    state.apply(EndTurn())
    assert state.is_over or state.phase == "order"
    assert [len(n) for n in state.niches] == [3, 3, 3]


def test_five_habitats_per_player_use_the_double_board_with_12_mat_places():
    state = new_game(seed=1, habitats_per_player=5)
    assert state.board.key == "double" and len(state.board.places) == 12


def test_players_may_choose_their_creatures_instead_of_drawing():
    state = new_game(seed=1, players=3, choose_creature=True)
    assert state.phase == "choose" and len(state.legal_actions()) == 16
    state.apply(ChooseCreature(7))
    assert ChooseCreature(7) not in state.legal_actions()
    assert state.current_player == 1


def test_extinction_scoring_counts_habitats_scoring_above_8():
    state = finished(scoring="extinctions")
    assert [r["extinctions"] for r in state.final] == [1, 0, 0]  # the cave scores 10
    assert state.winners == [1, 2]


def test_with_the_same_habitats_everyone_receives_a_selected_habitat_clockwise():
    positions = [CENTRE, CENTRE, exit_space(1), CENTRE]
    state = table(positions=positions, roll=1, turn_player=2, mats={1: 2}, same_habitats=True)
    state.apply(Exit(1))
    pickers = []
    while state.phase == "pick":
        pickers.append(state.current_player)
        state.apply(state.legal_actions()[0])
    assert pickers == [2, 3, 0, 1]
    assert all(held == [2] for held in state.niches)


def test_an_illegal_action_is_refused_and_changes_nothing():
    state = at_exit()
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(Move(40))
    assert state.fingerprint() == before
