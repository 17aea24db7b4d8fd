"""The Climate widget view: the genes the drawing needs, and every place-able action on the map."""

from __future__ import annotations

import json
import random

from playing import random_moves

from evo_lessons.games.climate import GAME
from evo_lessons.games.climate.actions import EndTurn, Move, Place, PlanAhead
from evo_lessons.games.climate.data import world
from evo_lessons.games.climate.view import action_target, view_model


def _played(seed: int, moves: int):
    return random_moves(GAME.new_game(seed=seed), moves, seed)


def _board_ids(board: dict) -> set[str]:
    """Every element id the renderer can make clickable: the cells and the viewer's gene slots."""
    ids = {f"cell-{c}" for c in range(1, board["rows"] * board["columns"] + 1)}
    ids |= {
        f"gene-{g}-{h['gene_value']}" for g in range(len(board["genes"])) for h in board["habitats"]
    }
    return ids


def test_every_action_with_a_place_names_a_cell_or_a_gene_slot_on_the_board():
    for seed in range(12):
        state = _played(seed, 60)
        if state.is_over:
            continue
        ids = _board_ids(view_model(state.observation(state.current_player)))
        for action in state.legal_actions():
            target = action_target(action)
            if isinstance(action, EndTurn):
                assert target is None
            else:
                assert target in ids, action


def test_places_and_moves_target_their_cell_and_plan_ahead_its_gene_slot():
    assert action_target(Place(29)) == "cell-29"
    assert action_target(Move(12, 4, 4, 4, cost=3)) == "cell-12"
    assert action_target(PlanAhead(1, 3, cost=2)) == "gene-1-3"


def test_the_view_carries_every_species_genome_for_drawing_it():
    state = _played(3, 40)
    board = view_model(state.observation(0))
    json.dumps(board)
    for species in board["species"]:
        assert len(species["genome"]) == 3
        assert all(1 <= v <= 4 for v in species["genome"])


def test_the_view_names_each_gene_value_in_words_for_the_drawings_text_equivalent():
    board = view_model(GAME.new_game(seed=1).observation(0))
    w = world()
    assert board["genes"] == [g.name for g in w.genes]
    assert board["gene_variants"] == [list(g.variants) for g in w.genes]
    assert all(len(v) == 4 for v in board["gene_variants"])


def test_the_view_gives_each_habitat_its_key_for_its_drawn_tile():
    board = view_model(GAME.new_game(seed=1).observation(0))
    assert [h["key"] for h in board["habitats"]] == [
        "savannah",
        "tropical_forest",
        "temperate_forest",
        "tundra",
    ]
    assert len(board["cells"]) == board["rows"] * board["columns"]


def test_only_the_viewing_seat_sees_a_hand():
    state = _played(5, 10)
    assert view_model(state.observation(None))["hand"] is None
    assert view_model(state.observation(0))["hand"] is not None


def test_a_pending_moves_hand_is_kept_when_the_others_secrets_are_dealt_anew():
    """The twin the leak check looks at is a state the rules could make: while a move is pending
    (its choices worked out from the acting player's hand), that hand is not dealt anew, while
    every other hand hidden from the looking seat is."""
    checked = 0
    for seed in range(40):
        state = _played(seed, 3 + seed % 7)
        if state.is_over or state.phase not in ("move", "end"):
            continue
        actor = state.turn_player
        for seat in [None, *range(state.num_players)]:
            twin = state.shuffle_secrets(seat, random.Random(seed))
            assert twin.deck.hands[actor] == state.deck.hands[actor]
            assert twin.legal_actions() == state.legal_actions()
        checked += 1
    assert checked >= 5


def test_a_hand_is_dealt_anew_when_no_move_is_pending():
    changed = 0
    for seed in range(40):
        state = _played(seed, 3 + seed % 7)
        if state.is_over or state.phase in ("move", "end"):
            continue
        looker = (state.turn_player + 1) % state.num_players
        twin = state.shuffle_secrets(looker, random.Random(seed))
        assert twin.deck.hands[looker] == state.deck.hands[looker]
        changed += twin.deck.hands[state.turn_player] != state.deck.hands[state.turn_player]
    assert changed >= 1
