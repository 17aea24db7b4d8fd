"""The Climate game's rules, one test per rule of the text (the rulings are in test_rulings.py).

A position is built by playing the placement and setting the table exactly as a test needs it
(``table``); chance is scripted with ``LoadedDice``, the state's own generator with chosen values
first. Cells used below, on board 3 (the start): 39 is savannah with neighbours 32 (temperate
forest), 38 (savannah), 40 (tropical forest) and 46 (savannah); row 9 (cells 57-60) is
savannah on every board.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import pairwise

import pytest
from playing import LoadedDice, random_moves

from evo_lessons.engine import IllegalAction
from evo_lessons.games import climate
from evo_lessons.games.climate import ClimateState, EndTurn, Move, Place, PlanAhead, new_game

WORLD = ClimateState.world
SAVANNAH, TROPICAL, TEMPERATE, TUNDRA = range(4)
BODY, COLOUR, METABOLISM = range(3)
DEFAULT_CELLS = (39, 60, 59, 58, 57)
#: a card that always leaves its holder a decision (a plan-ahead move, or a move): see ``table``
STOPPER = ["+1 body"]


# -- position builders (also used by test_rulings.py) ----------------------------------------
def die(face: int) -> float:
    """The generator value that makes the die show ``face``."""
    return (face - 0.5) / 6


def pick(index: int, count: int) -> float:
    """The generator value that makes a random choice among ``count`` items take ``index``."""
    return (index + 0.5) / count


def label(card: int) -> str:
    return WORLD.cards[card].label(WORLD.genes)


def hand_labels(state: ClimateState, player: int) -> list[str]:
    return sorted(label(c) for c in state.deck.hands[player])


def _take(state: ClimateState, labels, used: set[int]) -> list[int]:
    chosen = []
    for wanted in labels:
        for card in state.deck.in_game:
            if card not in used and label(card) == wanted:
                used.add(card)
                chosen.append(card)
                break
        else:
            raise LookupError(f"no spare {wanted!r} card in this game")
    return chosen


def _rest_order(card: int) -> int:
    # under the scripted cards: deleterious at the bottom, neutral nearest the top, so that
    # the extra turns a test plays through draw harmless cards and eat no scripted values
    return {"deleterious": 0, "mutation": 1, "neutral": 2}[WORLD.cards[card].kind]


def table(
    players: int = 2,
    *,
    cells=None,
    genomes=None,
    hands=None,
    tokens=None,
    extinctions=None,
    temperature: int = 3,
    after_change: bool = False,
    top=(),
    discard=(),
    rest: str | int = "draw",
    dice=(),
    chance_seed: int = 1,
    **options,
):
    """Start seat 0's first turn on a table set exactly as given; return (state, events).

    Unless told otherwise, seat 0's hand is empty and every other seat holds the STOPPER card,
    so their turns wait for a decision and a test sees seat 0's turn and no further.

    cells: each seat's cell (seats 0..n-2 are moved there; the last seat is placed by playing,
    so its cell must be an empty savannah cell at ``temperature``). genomes, tokens (habitat
    indices), extinctions: per seat. hands: card labels per seat ("+1 body", "neutral", ...),
    empty by default. top: labels of the next cards drawn, first drawn first. discard: labels
    in the discard pile. rest: where every other card goes ("draw", "discard" or a seat).
    dice: scripted generator values (``die(face)``, ``pick(i, n)``) in the order used; after
    them, and for every shuffle, chance is seeded with ``chance_seed``.
    """
    state = new_game(players=players, seed=0, **options)
    for _ in range(players - 1):
        state.apply(state.legal_actions()[0])  # placeholder placements, overwritten below
    cells = list(cells or DEFAULT_CELLS[:players])
    for player in range(players - 1):
        state.positions[player] = cells[player]
    state.temperature = temperature
    state.temperature_log = [temperature]
    state.after_change = after_change
    for player, genome in enumerate(genomes or []):
        state.genomes[player] = list(genome)
    for player, held in enumerate(tokens or []):
        state.tokens[player] = sum(1 << h for h in set(held) | {SAVANNAH})
    for player, count in enumerate(extinctions or []):
        state.extinctions[player] = count
    used: set[int] = set()
    hands = list(hands or [[]])
    hands += [STOPPER] * (players - len(hands))
    hand_ids = [_take(state, labels, used) for labels in hands]
    top_ids = _take(state, top, used)
    discard_ids = _take(state, discard, used)
    others = sorted((c for c in state.deck.in_game if c not in used), key=_rest_order)
    state.deck.hands = [[] for _ in range(players)]
    state.deck.counts = [[0] * 6 for _ in range(players)]
    for player, ids in enumerate(hand_ids):
        for card in ids:
            state.deck.to_hand(player, card)
    state.deck.draw_pile = list(reversed(top_ids))
    state.deck.discard = list(discard_ids)
    if rest == "draw":
        state.deck.draw_pile[:0] = others
    elif rest == "discard":
        state.deck.discard.extend(others)
    else:
        for card in others:
            state.deck.to_hand(rest, card)
    state.rng = LoadedDice(dice, chance_seed)
    events = state.apply(Place(cells[-1]))
    return state, events


def texts(events) -> str:
    return "\n".join(e.text for e in events)


def cards_everywhere(state: ClimateState) -> list[int]:
    return sorted(
        [c for h in state.deck.hands for c in h] + state.deck.draw_pile + state.deck.discard
    )


# -- the deck --------------------------------------------------------------------------------
MUTATION_LABELS = [f"{sign} {g}" for g in ("body", "colour", "metabolism") for sign in "+-"]


def _composition(state: ClimateState) -> Counter:
    return Counter(label(c).replace("+1", "+").replace("-1", "-") for c in state.deck.in_game)


@pytest.mark.parametrize("players", [4, 5])
def test_deck_holds_38_cards_with_four_or_five_players(players):
    state = new_game(players=players, seed=3)
    assert len(state.deck.in_game) == 38
    counts = _composition(state)
    assert all(counts[name] == 5 for name in MUTATION_LABELS)
    assert counts["neutral"] == 6
    assert counts["deleterious"] == 2


@pytest.mark.parametrize("players", [2, 3])
def test_deck_holds_36_cards_with_two_or_three_players_four_of_them_neutral(players):
    state = new_game(players=players, seed=3)
    assert len(state.deck.in_game) == 36
    counts = _composition(state)
    assert all(counts[name] == 5 for name in MUTATION_LABELS)
    assert counts["neutral"] == 4
    assert counts["deleterious"] == 2


def test_every_card_of_the_game_starts_in_a_hand_or_the_draw_pile():
    for seed in range(30):
        state = new_game(players=4, seed=seed)
        assert cards_everywhere(state) == sorted(state.deck.in_game)
        # only a deleterious card met while dealing is discarded at the start (R5)
        assert all(WORLD.cards[c].kind == "deleterious" for c in state.deck.discard)


def test_the_deleterious_cards_are_shuffled_to_random_depths():
    depths = set()
    for seed in range(60):
        state = new_game(players=4, seed=seed)
        depths.add(tuple(state.observation(None)["deleterious_from_top"]))
    assert len(depths) > 30


def test_the_deleterious_cards_lie_face_up_so_everyone_sees_where_they_are():
    state = new_game(players=3, seed=5)
    expected = [
        depth
        for depth, card in enumerate(reversed(state.deck.draw_pile), start=1)
        if WORLD.cards[card].kind == "deleterious"
    ]
    assert len(expected) == 2
    for seat in (None, 0, 1, 2):
        assert state.observation(seat)["deleterious_from_top"] == expected


# -- the start -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_species_starts_at_1_1_1_with_two_cards_and_the_savannah_token(players):
    state = new_game(players=players, seed=players)
    for player in range(players):
        assert state.genomes[player] == [1, 1, 1]
        assert len(state.deck.hands[player]) == 2
        assert state.observation(None)["species"][player]["tokens"] == [SAVANNAH]


def test_play_starts_on_board_3_with_placement():
    state = new_game(players=3, seed=1)
    assert state.temperature == 3
    assert state.phase == "place"
    assert state.round == 0
    assert state.current_player == 0


def test_placement_offers_exactly_the_empty_savannah_cells_of_board_3():
    state = new_game(players=3, seed=1)
    savannah = [c for c in range(1, 64) if WORLD.boards[2][c - 1] == SAVANNAH]
    assert state.legal_actions() == [Place(c) for c in savannah]


def test_one_species_per_cell_at_placement():
    state = new_game(players=3, seed=1)
    state.apply(Place(39))
    assert Place(39) not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(Place(39))


def test_a_move_never_enters_an_occupied_cell():
    hand = ["+1 body", "+1 body", "+1 colour", "+1 colour"]
    state, _ = table(2, cells=(39, 38), hands=[hand], top=["neutral"], dice=[die(5)])
    cells = {a.cell for a in state.legal_actions()}
    assert cells == {32, 40, 46}


# -- a turn: draw ----------------------------------------------------------------------------
def test_a_turn_begins_by_drawing_the_top_card_into_the_hand():
    state, events = table(2, top=["+1 metabolism"], dice=[die(2)])
    assert hand_labels(state, 0) == ["+1 metabolism"]
    assert "Player 1 draws a mutation card." in texts(events)


def test_a_deleterious_card_is_discarded_with_two_random_cards_from_the_hand():
    hand = ["+1 body", "+1 colour", "-1 metabolism"]
    state, events = table(
        2, hands=[hand], top=["deleterious"], dice=[pick(0, 3), pick(1, 2), die(2)]
    )
    # first pick: "+1 body" (index 0 of 3); second: "-1 metabolism" (index 1 of the two left)
    assert hand_labels(state, 0) == ["+1 colour"]
    assert sorted(label(c) for c in state.deck.discard) == [
        "+1 body",
        "-1 metabolism",
        "deleterious",
    ]
    assert "draws a deleterious mutation" in texts(events)


def test_the_random_discards_of_a_deleterious_card_depend_on_chance():
    hand = ["+1 body", "+1 colour", "-1 metabolism"]
    kept = set()
    for first, second in ((0, 0), (0, 1), (1, 1)):
        state, _ = table(
            2, hands=[hand], top=["deleterious"], dice=[pick(first, 3), pick(second, 2), die(2)]
        )
        kept.add(tuple(hand_labels(state, 0)))
    assert kept == {("-1 metabolism",), ("+1 colour",), ("+1 body",)}


# -- a turn: the roll ------------------------------------------------------------------------
@pytest.mark.parametrize("face", [1, 2, 3])
def test_a_roll_of_1_to_3_keeps_the_species_where_it_is(face):
    state, events = table(2, top=["neutral"], dice=[die(face)])
    assert state.positions[0] == 39
    assert f"Player 1 rolls {face}: the species stays." in texts(events)
    assert state.current_player == 1  # nothing to decide: the turn passed on


@pytest.mark.parametrize("face", [4, 5, 6])
def test_a_roll_of_4_to_6_forces_a_move_to_a_neighbouring_empty_cell(face):
    state, events = table(2, top=["neutral"], dice=[die(face)])
    legal = state.legal_actions()
    assert all(isinstance(a, Move) and not a.stay for a in legal)
    assert {a.cell for a in legal} == {38, 46}  # the savannah neighbours: no cards to adapt
    assert "must move to a neighbouring empty cell" in texts(events)


# -- adaptation ------------------------------------------------------------------------------
def test_entering_another_habitat_needs_two_genes_at_its_value():
    state, _ = table(2, hands=[["+1 body", "+1 colour"]], top=["neutral"], dice=[die(5)])
    moves = {a.cell: a for a in state.legal_actions()}
    assert moves[40] == Move(40, 2, 2, 1, cost=2)  # tropical forest: two genes at 2
    assert 32 not in moves  # temperate forest needs two genes at 3: the hand cannot pay


def test_adaptation_is_paid_with_cards_of_the_right_gene_and_sign():
    hand = ["+1 body", "+1 colour", "-1 body", "+1 metabolism"]
    state, _ = table(2, hands=[hand], top=["neutral"], dice=[die(5)])
    state.apply(Move(40, 2, 2, 1, cost=2))
    assert state.genomes[0] == [2, 2, 1]
    assert state.positions[0] == 40
    assert hand_labels(state, 0) == ["+1 metabolism", "-1 body", "neutral"]
    assert sorted(label(c) for c in state.deck.discard) == ["+1 body", "+1 colour"]


def test_a_move_the_hand_cannot_pay_for_is_not_offered():
    state, _ = table(2, hands=[["+1 body", "-1 colour"]], top=["neutral"], dice=[die(5)])
    assert {a.cell for a in state.legal_actions()} == {38, 46}
    with pytest.raises(IllegalAction):
        state.apply(Move(40, 2, 2, 1, cost=2))


def test_any_number_of_cards_can_be_spent_in_one_turn():
    hand = ["+1 body", "+1 body", "+1 colour", "+1 colour"]
    state, _ = table(2, hands=[hand], top=["neutral"], dice=[die(5)])
    state.apply(Move(32, 3, 3, 1, cost=4))
    assert state.genomes[0] == [3, 3, 1]
    assert hand_labels(state, 0) == ["neutral"]


# -- tokens ----------------------------------------------------------------------------------
def test_reaching_a_new_habitat_type_earns_its_token():
    state, _ = table(2, hands=[["+1 body", "+1 colour"]], top=["neutral"], dice=[die(5)])
    events = state.apply(Move(40, 2, 2, 1, cost=2))
    assert state.observation(None)["species"][0]["tokens"] == [SAVANNAH, TROPICAL]
    assert "Player 1 earns the tropical forest token (2 of 4)." in texts(events)


def test_a_habitat_type_already_held_earns_no_second_token():
    state, _ = table(
        2,
        hands=[["+1 body", "+1 colour"]],
        tokens=[[TROPICAL]],
        top=["neutral"],
        dice=[die(5)],
    )
    events = state.apply(Move(40, 2, 2, 1, cost=2))
    assert state.observation(None)["species"][0]["tokens"] == [SAVANNAH, TROPICAL]
    assert not [e for e in events if e.kind == "token"]


# -- the hand limit and planning ahead ----------------------------------------------------------
FIVE_USELESS = ["-1 body", "-1 colour", "-1 metabolism", "-1 body", "-1 colour"]


def test_a_hand_above_five_at_the_end_of_the_turn_loses_a_random_card():
    # 1-1-1 cannot go lower, so these cards offer no planning ahead and the turn just ends
    state, events = table(2, hands=[FIVE_USELESS], top=["neutral"], dice=[die(2), pick(5, 6)])
    assert len(state.deck.hands[0]) == 5
    assert "neutral" not in hand_labels(state, 0)  # the sixth card was the one picked
    assert "loses one at random (neutral)" in texts(events)


def test_planning_ahead_spends_cards_and_avoids_the_random_discard():
    hand = ["+1 body", "-1 body", "-1 colour", "-1 metabolism", "-1 colour"]
    state, _ = table(2, hands=[hand], top=["neutral"], dice=[die(2)])
    assert len(state.deck.hands[0]) == 6
    events = state.apply(PlanAhead(BODY, 2, cost=1))
    assert len(state.deck.hands[0]) == 5
    assert state.genomes[0] == [2, 1, 1]
    assert not [e for e in events if e.kind == "discard" and e.player == 0]


def test_planning_ahead_offers_one_gene_changes_that_keep_two_genes_adapted():
    # savannah, genome 1-1-2: body and colour hold it there, so only metabolism may change
    hand = ["+1 body", "+1 metabolism", "+1 metabolism"]
    state, _ = table(2, genomes=[(1, 1, 2)], hands=[hand], top=["neutral"], dice=[die(2)])
    assert state.legal_actions() == [
        EndTurn(),
        PlanAhead(METABOLISM, 3, cost=1),
        PlanAhead(METABOLISM, 4, cost=2),
    ]


def test_planning_ahead_that_would_break_adaptation_is_refused():
    state, _ = table(2, genomes=[(1, 1, 2)], hands=[["+1 body"]], top=["neutral"], dice=[die(2)])
    assert state.current_player == 1  # no planning ahead possible: the turn simply ended
    assert state.genomes[0] == [1, 1, 2]


# -- the climate -----------------------------------------------------------------------------
def _round_then_climate(climate_face: int, direction_face: int, **kwargs):
    """Seats 0 and 1 roll 2 with nothing to decide, then the climate dice are rolled.

    Seat 0 then rolls 2 again and stops on a plan-ahead decision (it draws "+1 body"); its
    cell 58 is savannah on every board, so it is adapted whatever the climate does.
    """
    dice = [die(2), die(2), die(climate_face), die(direction_face), die(2)]
    top = ["neutral", "neutral", "+1 body"]
    return table(2, cells=(58, 60), hands=[[], []], top=top, dice=dice, **kwargs)


@pytest.mark.parametrize("face", [1, 2, 3])
def test_a_climate_roll_of_1_to_3_leaves_the_climate_alone(face):
    state, events = _round_then_climate(face, 6)
    assert state.temperature == 3
    assert state.after_change is False
    assert f"the climate die shows {face}; the climate holds at board 3" in texts(events)


@pytest.mark.parametrize("face", [4, 5, 6])
def test_a_climate_roll_of_4_to_6_changes_the_climate(face):
    state, _ = _round_then_climate(face, 6)
    assert state.temperature == 4
    assert state.after_change is True


@pytest.mark.parametrize(("direction", "after"), [(1, 2), (2, 2), (3, 2), (4, 4), (5, 4), (6, 4)])
def test_the_direction_die_cools_on_1_to_3_and_warms_on_4_to_6(direction, after):
    state, _ = _round_then_climate(5, direction)
    assert state.temperature == after


def test_the_climate_at_board_1_can_only_warm():
    state, _ = _round_then_climate(5, 1, temperature=1)
    assert state.temperature == 2


def test_the_climate_at_board_5_can_only_cool():
    state, _ = _round_then_climate(5, 6, temperature=5)
    assert state.temperature == 4


def test_species_keep_their_cell_numbers_when_the_climate_changes():
    state, _ = _round_then_climate(5, 6)
    assert state.positions == [58, 60]
    assert WORLD.boards[3][32 - 1] == SAVANNAH  # e.g. cell 32 is savannah on board 4 ...
    assert WORLD.boards[2][32 - 1] == TEMPERATE  # ... but temperate forest on board 3


def test_the_climate_is_rolled_only_after_every_player_has_had_a_turn():
    _, events = table(
        3,
        hands=[[], [], []],
        top=["neutral", "neutral", "neutral", "+1 body"],
        dice=[die(2), die(2), die(2), die(5), die(6), die(2)],
    )
    kinds = [e.kind for e in events]
    assert kinds.count("roll") >= 3
    assert kinds.index("climate") > max(i for i, k in enumerate(kinds[:8]) if k == "roll")
    assert [e.player for e in events if e.kind == "roll"][:3] == [0, 1, 2]


# -- the round after a change ------------------------------------------------------------------
def test_after_a_change_a_low_roll_on_a_suitable_cell_keeps_the_species_safely():
    state, events = table(2, after_change=True, top=["neutral"], dice=[die(2)])
    assert state.positions[0] == 39
    assert state.extinctions[0] == 0
    assert "must be adapted to its cell's new habitat" in texts(events)


def test_after_a_change_a_low_roll_offers_only_adapting_in_place():
    hand = ["+1 body", "+1 body", "+1 colour", "+1 colour"]
    state, _ = table(2, cells=(32, 60), hands=[hand], after_change=True, dice=[die(2)])
    assert state.legal_actions() == [Move(32, 3, 3, 1, cost=4, stay=True)]
    state.apply(Move(32, 3, 3, 1, cost=4, stay=True))
    assert state.genomes[0] == [3, 3, 1]
    assert state.positions[0] == 32


def test_after_a_change_a_low_roll_without_the_cards_to_adapt_is_extinction():
    state, events = table(
        2, cells=(32, 60), hands=[["-1 body", "+1 colour"]], after_change=True, dice=[die(2)]
    )
    assert state.extinctions[0] == 1
    assert state.positions[0] is None
    assert state.phase == "restart"
    assert "goes extinct" in texts(events)


def test_after_a_change_a_high_roll_allows_up_to_two_steps():
    state, _ = table(2, cells=(32, 60), after_change=True, top=["neutral"], dice=[die(5)])
    # within two orthogonal steps of 32, the savannah cells (1-1-1 needs no cards there)
    assert {a.cell for a in state.legal_actions()} == {30, 31, 38, 39, 46}


def test_after_a_change_the_two_steps_do_not_pass_through_occupied_cells():
    state, _ = table(3, cells=(32, 31, 60), after_change=True, top=["neutral"], dice=[die(5)])
    # 31 is taken, so 30 (reached only through 31) is out of reach; 38 and 46 go through 39
    assert {a.cell for a in state.legal_actions()} == {38, 39, 46}


def test_after_a_change_a_high_roll_with_nowhere_adapted_to_stop_is_extinction():
    state, _ = table(2, cells=(4, 60), after_change=True, top=["neutral"], dice=[die(5)])
    assert state.extinctions[0] == 1
    assert state.phase == "restart"


def test_the_round_after_a_change_applies_to_every_player_and_then_ends():
    # round 1: both pass, the climate warms; round 2: both roll 2 on cells that stay savannah;
    # round 3: the climate held, so seat 0's low roll is an ordinary one again
    dice = [die(2), die(2), die(5), die(6), die(2), die(2), die(1), die(2)]
    top = ["neutral"] * 4 + ["+1 body"]
    state, events = table(2, cells=(58, 60), hands=[[], []], top=top, dice=dice)
    rolls = [e.text for e in events if e.kind == "roll"]
    assert rolls[2:4] == [
        "Player 1 rolls 2: the species stays and must be adapted to its cell's new habitat.",
        "Player 2 rolls 2: the species stays and must be adapted to its cell's new habitat.",
    ]
    assert rolls[4] == "Player 1 rolls 2: the species stays."
    assert state.round == 3 and state.after_change is False


# -- extinction ------------------------------------------------------------------------------
def _extinct(**kwargs):
    return table(
        2,
        cells=(32, 60),
        hands=[["-1 body", "-1 colour", "neutral"]],
        tokens=[[TROPICAL, TUNDRA]],
        after_change=True,
        top=["+1 body", "+1 colour", "+1 metabolism"],
        dice=[die(2)],
        **kwargs,
    )


def test_extinction_loses_every_card_and_every_token_but_the_savannah_one():
    state, _ = _extinct()
    assert state.deck.hands[0] == []
    assert sorted(label(c) for c in state.deck.discard) == [
        "+1 body",
        "-1 body",
        "-1 colour",
        "neutral",
    ]
    assert state.observation(None)["species"][0]["tokens"] == [SAVANNAH]


def test_an_extinct_species_restarts_on_an_empty_savannah_cell_of_its_choice():
    state, _ = _extinct()
    savannah = [c for c in range(1, 64) if WORLD.boards[2][c - 1] == SAVANNAH and c != 60]
    assert state.current_player == 0
    assert state.legal_actions() == [Place(c) for c in savannah]
    state.apply(Place(45))
    assert state.positions[0] == 45


def test_a_restarted_species_gets_two_new_cards_from_the_top_of_the_draw_pile():
    state, _ = _extinct()
    state.apply(Place(45))
    assert hand_labels(state, 0) == ["+1 colour", "+1 metabolism"]


# -- winning ---------------------------------------------------------------------------------
def test_the_first_species_with_all_four_tokens_wins():
    state, _ = table(
        2,
        hands=[["+1 body", "+1 colour"]],
        tokens=[[TEMPERATE, TUNDRA]],
        top=["neutral"],
        dice=[die(5)],
    )
    events = state.apply(Move(40, 2, 2, 1, cost=2))
    assert state.is_over
    assert state.winners == [0]
    assert state.legal_actions() == []
    assert "Player 1 wins, having lived in 4 habitats!" in texts(events)


# -- the piles -------------------------------------------------------------------------------
def test_an_empty_draw_pile_is_refilled_by_shuffling_the_discard_pile():
    state, events = table(2, rest="discard", dice=[die(2)])
    shuffle = [e for e in events if e.kind == "shuffle"]
    assert shuffle and shuffle[0].data["cards"] == 35  # all but seat 1's STOPPER card
    first_draw = next(e for e in events if e.kind in ("draw", "deleterious"))
    assert events.index(shuffle[0]) < events.index(first_draw)
    assert cards_everywhere(state) == sorted(state.deck.in_game)


def test_the_reshuffled_draw_pile_is_in_a_new_random_order():
    orders = set()
    for chance_seed in range(5):
        state, _ = table(2, rest="discard", dice=[die(2)], chance_seed=chance_seed)
        orders.add(tuple(state.deck.draw_pile))
    assert len(orders) == 5


# -- variant options -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players_can_play(players):
    state = new_game(players=players, seed=1)
    assert state.num_players == players
    for player in range(players):
        assert state.current_player == player
        state.apply(state.legal_actions()[player])
    assert state.round == 1


@pytest.mark.parametrize(
    ("tokens_to_win", "held"), [(2, []), (3, [TEMPERATE]), (4, [TEMPERATE, TUNDRA])]
)
def test_tokens_to_win_sets_how_many_habitats_win(tokens_to_win, held):
    state, _ = table(
        2,
        hands=[["+1 body", "+1 colour"]],
        tokens=[held],
        top=["neutral"],
        dice=[die(5)],
        tokens_to_win=tokens_to_win,
    )
    state.apply(Move(40, 2, 2, 1, cost=2))
    assert state.winners == [0]
    assert state.is_over


@pytest.mark.parametrize("tokens_to_win", [3, 4])
def test_fewer_tokens_than_tokens_to_win_do_not_win(tokens_to_win):
    state, _ = table(
        2,
        hands=[["+1 body", "+1 colour"]],
        tokens=[[TEMPERATE]] if tokens_to_win == 4 else [[]],
        top=["neutral"],
        dice=[die(5)],
        tokens_to_win=tokens_to_win,
    )
    state.apply(Move(40, 2, 2, 1, cost=2))
    assert not state.is_over
    assert state.winners == []


def _random_game(seed: int, **options) -> ClimateState:
    from evo_lessons.engine import RandomBot, play_game

    state = new_game(seed=seed, **options)
    play_game(state, [RandomBot(seed * 10 + p) for p in range(state.num_players)])
    return state


def test_climate_change_faces_zero_never_changes_the_climate():
    for seed in range(20):
        state = _random_game(seed, players=3, climate_change_faces=0, max_rounds=30)
        assert set(state.temperature_log) == {3}


def test_climate_change_faces_six_changes_the_climate_every_round():
    for seed in range(20):
        state = _random_game(seed, players=3, climate_change_faces=6, max_rounds=30)
        log = state.temperature_log
        assert all(a != b for a, b in pairwise(log))


def test_a_warming_trend_only_warms():
    reached = set()
    for seed in range(20):
        state = _random_game(seed, players=3, climate_trend="warming", max_rounds=30)
        log = state.temperature_log
        assert all(b >= a for a, b in pairwise(log))
        reached.add(max(log))
    assert 5 in reached


def test_a_cooling_trend_only_cools():
    reached = set()
    for seed in range(20):
        state = _random_game(seed, players=3, climate_trend="cooling", max_rounds=30)
        log = state.temperature_log
        assert all(b <= a for a, b in pairwise(log))
        reached.add(min(log))
    assert 1 in reached


@pytest.mark.parametrize("max_rounds", [1, 3, 12])
def test_max_rounds_caps_the_length_of_the_game(max_rounds):
    for seed in range(10):
        state = _random_game(seed, players=4, max_rounds=max_rounds)
        assert state.is_over
        assert 1 <= state.round <= max_rounds
        assert len(state.temperature_log) <= max_rounds + 1


def test_blind_mutation_keeps_every_hand_empty():
    for seed in range(10):
        state = new_game(players=3, seed=seed, blind_mutation=True)
        assert state.deck.hands == [[], [], []]
        state = _random_game(seed, players=3, blind_mutation=True)
        assert state.deck.hands == [[], [], []]


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 6},
        {"players": "3"},
        {"players": True},
        {"players": 3.0},
        {"tokens_to_win": 1},
        {"tokens_to_win": 5},
        {"climate_change_faces": -1},
        {"climate_change_faces": 7},
        {"climate_trend": "hot"},
        {"climate_trend": None},
        {"max_rounds": 0},
        {"max_rounds": 1001},
        {"blind_mutation": "yes"},
        {"blind_mutation": 1},
        {"seed": "seven"},
    ],
)
def test_bad_options_raise_value_error_naming_the_option(options):
    with pytest.raises(ValueError) as error:
        new_game(**options)
    assert next(iter(options)) in str(error.value)


def test_the_stored_options_rebuild_the_same_start():
    state = new_game(
        players=5,
        seed=9,
        tokens_to_win=3,
        climate_change_faces=6,
        climate_trend="cooling",
        max_rounds=40,
        blind_mutation=True,
    )
    assert new_game(seed=9, **state.options) == state


# -- what is measured -------------------------------------------------------------------------
def test_metrics_give_each_players_genes_match_count_cards_tokens_extinctions_and_climate():
    state, _ = table(
        2,
        cells=(40, 60),
        genomes=[(2, 2, 1)],
        hands=[["+1 body"]],
        tokens=[[TROPICAL]],
        extinctions=[1],
        top=["neutral"],
        dice=[die(2)],
    )
    row = state.metrics()[0]
    assert row == {
        "turn": 2,  # player-turns started: seat 0 passed, seat 1's turn is on
        "round": 1,
        "player": 0,
        "body": 2,
        "colour": 2,
        "metabolism": 1,
        "matches": 2,
        "habitat": "tropical_forest",
        "cards": 2,
        "tokens": 2,
        "extinctions": 1,
        "temperature": 3,
    }
    assert len(state.metrics()) == 2


def test_a_summary_row_tells_how_the_game_ended():
    state = _random_game(2, players=4, max_rounds=3)
    row = state.summary()
    assert row["rounds"] == state.round
    assert row["final_temperature"] == state.temperature
    assert row["extinctions"] == sum(state.extinctions)
    assert row["timed_out"] == (max(t.bit_count() for t in state.tokens) < 4)


# -- illegal actions -------------------------------------------------------------------------
def test_an_illegal_placement_raises_naming_the_legal_ones_and_changes_nothing():
    state = new_game(players=3, seed=2)
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as error:
        state.apply(Place(1))  # tundra
    assert str(state.legal_actions()[0]) in str(error.value)
    assert state.fingerprint() == before


@pytest.mark.parametrize(
    "bad",
    [
        Move(40, 2, 2, 1, cost=1),  # the price is wrong
        Move(40, 2, 1, 1, cost=1),  # not adapted there
        Move(33, 1, 1, 1, cost=0),  # not a neighbour
        EndTurn(),  # a move is required
        PlanAhead(BODY, 2, cost=1),
        Place(38),
        "Move to cell 40",
    ],
)
def test_an_illegal_move_raises_and_leaves_the_state_unchanged(bad):
    state, _ = table(2, hands=[["+1 body", "+1 colour"]], top=["neutral"], dice=[die(5)])
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as error:
        state.apply(bad)
    assert "Legal now: " in str(error.value)
    assert str(Move(40, 2, 2, 1, cost=2)) in str(error.value)
    assert state.fingerprint() == before


def test_an_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, ValueError)


def test_no_action_is_legal_once_the_game_is_over():
    state = _random_game(4, players=2)
    with pytest.raises(IllegalAction) as error:
        state.apply(EndTurn())
    assert "the game is over" in str(error.value)


# -- saves -----------------------------------------------------------------------------------
def _mid_game(seed: int = 21, actions: int = 25) -> ClimateState:
    return random_moves(new_game(players=3, seed=seed), actions, seed)


def test_a_save_loads_back_into_an_equal_game():
    state = _mid_game()
    loaded = climate.load_json(state.to_json())
    assert loaded == state
    assert loaded.legal_actions() == state.legal_actions()


def test_a_finished_game_saves_and_loads():
    state = _random_game(8, players=4, blind_mutation=True)
    assert climate.load_json(state.to_json()) == state


def _tampered(state: ClimateState):
    data = json.loads(state.to_json())
    paid = [i for i, a in enumerate(data["actions"]) if a["type"] == "Move" and a["cost"] > 0]
    first_move = paid[0]
    one_card = next(i for i in paid if data["actions"][i]["cost"] == 1)

    def edit(at: int = first_move, **changes):
        copy = json.loads(json.dumps(data))
        for path, value in changes.items():
            if path.startswith("action_"):
                copy["actions"][at][path[len("action_") :]] = value
            else:
                copy[path] = value
        return json.dumps(copy)

    return {
        "a move's price lowered": edit(action_cost=data["actions"][first_move]["cost"] - 1),
        "a move to a tundra cell": edit(action_cell=1),
        "a genome made up": edit(action_body=4, action_colour=4, action_metabolism=4),
        "a cost given as text": edit(action_cost="2"),
        "a cost of 1 written as true": edit(one_card, action_cost=True),
        "a cost of 1 written as 1.0": edit(one_card, action_cost=1.0),
        "an unknown action type": edit(actions=[*data["actions"], {"type": "Teleport"}]),
        "an extra field": edit(actions=[{**data["actions"][0], "speed": 3}]),
        "too many players": edit(options={**data["options"], "players": 9}),
        "an unknown option": edit(options={**data["options"], "lava": True}),
        "another game": edit(game="niche"),
        "a text seed": edit(seed="2"),
        "a future version": edit(version=99),
        "an action after the end": edit(actions=[*data["actions"], {"type": "EndTurn"}]),
        "cut in half": state.to_json()[: len(state.to_json()) // 2],
        "not an object": "[1, 2, 3]",
        "not JSON": "climate game, seed 2",
    }


SAVED = _random_game(0, players=3)  # a finished game with paid moves, one costing 1 card
TAMPERED = _tampered(SAVED)


@pytest.mark.parametrize("case", sorted(TAMPERED))
def test_a_tampered_or_corrupted_save_is_rejected_with_a_value_error(case):
    assert any(isinstance(a, Move) and a.cost == 1 for a in SAVED.history)
    with pytest.raises(ValueError, match="save rejected"):
        climate.load_json(TAMPERED[case])


# -- observations ----------------------------------------------------------------------------
def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others():
    state = _mid_game(seed=3, actions=12)
    obs = state.observation(1)
    assert obs["hand"] == hand_labels(state, 1)
    for species in obs["species"]:
        assert species["hand_size"] == len(state.deck.hands[species["player"]])
        assert "hand" not in species
    assert "hand" not in state.observation(None)


def test_an_observation_does_not_change_when_hidden_cards_change():
    state = _mid_game(seed=3, actions=12)
    twin = state.clone()
    # swap seat 1's cards with cards of the draw pile (same sizes, same deleterious depths)
    hidden = [c for c in twin.deck.draw_pile if WORLD.cards[c].kind != "deleterious"]
    swap = hidden[-len(twin.deck.hands[1]) :]
    assert swap and set(swap).isdisjoint(twin.deck.hands[1])
    old = list(twin.deck.hands[1])
    twin.deck.hands[1], twin.deck.counts[1] = [], [0] * 6
    for card in swap:
        twin.deck.to_hand(1, card)
    twin.deck.draw_pile = [old[swap.index(c)] if c in swap else c for c in twin.deck.draw_pile]
    assert sorted(twin.deck.hands[1]) != sorted(state.deck.hands[1])
    for seat in (None, 0, 2):
        assert twin.observation(seat) == state.observation(seat)
    assert twin.observation(1) != state.observation(1)


def test_observations_are_json_safe():
    state = _mid_game(seed=5, actions=30)
    for seat in (None, 0, 1, 2):
        obs = state.observation(seat)
        assert json.loads(json.dumps(obs)) == obs


def test_the_log_never_names_a_card_drawn_into_a_secret_hand():
    labels = {label(c) for c in range(len(WORLD.cards))} - {"neutral", "deleterious"}
    state = new_game(players=3, seed=12)
    chooser = random.Random(12)
    while not state.is_over:
        legal = state.legal_actions()
        for event in state.apply(legal[chooser.randrange(len(legal))]):
            if event.kind == "draw":
                assert not any(name in event.text for name in labels), event.text
