"""The Phylo widget view: only what a seat may see, every clickable action drawn on the board."""

from __future__ import annotations

import json
import random

from playing import random_moves

from evo_lessons.games.phylo import new_game, view
from evo_lessons.games.phylo.rules import (
    COLLECTION,
    DiscardToDraw,
    MoveSpecies,
    Pass,
    PickCard,
    PlayEvent,
    PlaySpecies,
    RemoveCard,
)

from .helpers import act, table


def played(seed: int, steps: int, **options):
    return random_moves(new_game(seed=seed, **options), steps, seed)


def test_action_targets_name_board_elements():
    assert view.action_target(PlaySpecies(3, 2, 4)) == "put-3-2-4"
    assert view.action_target(PlayEvent(120, 1, 1, 3)) == "put-120-1-1"
    assert view.action_target(MoveSpecies(5, 1, 2, 3, 2)) == "move-1-2-3-2"
    assert view.action_target(DiscardToDraw(7)) == "discard-7"
    assert view.action_target(RemoveCard(7, 0, 1)) == "remove-0-1-7"
    assert view.action_target(Pass()) is None
    assert view.action_target(PickCard(12)) == "pick-12"


def test_every_target_of_the_acting_seat_is_drawn_on_its_board():
    for seed in range(25):
        state = new_game(seed=seed, realism=seed % 3 == 0)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            board = view.view_model(state.observation(seat))
            hand = {c["id"] for c in board["hand"]}
            mine = {(c["row"], c["column"]) for c in board["cells"] if c["owner"] == seat}
            cells = {(c["row"], c["column"], c["card"]) for c in board["cells"]}
            for action in state.legal_actions():
                target = view.action_target(action)
                if target is None:
                    continue
                kind, *numbers = target.split("-")
                numbers = list(map(int, numbers))
                if kind in ("put", "discard"):
                    assert numbers[0] in hand  # a hand card the renderer can select
                if kind == "put":
                    assert 0 <= numbers[1] < board["rows"] and 0 <= numbers[2] < board["columns"]
                if kind == "move":
                    assert tuple(numbers[:2]) in mine
                if kind == "remove":
                    assert (numbers[0], numbers[1], numbers[2]) in cells
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_the_view_holds_only_the_seats_own_hand():
    state = played(4, 12)
    seat = state.current_player
    board = view.view_model(state.observation(seat))
    json.dumps(board)
    assert sorted(c["id"] for c in board["hand"]) == sorted(
        state.card_of[i] for i in state.hands[seat]
    )
    assert view.view_model(state.observation(None))["hand"] is None


def test_no_hidden_card_leaks_into_the_view_or_the_words():
    for seed in range(20):
        state = played(seed, 15)
        for seat in (None, 0, 1):
            text = json.dumps(view.view_model(state.observation(seat))) + view.describe(
                state.observation(seat)
            )
            visible = {state.card_of[i] for i in state.top if i >= 2}
            visible |= {state.card_of[i] for i in state.under if i >= 2}
            visible |= {state.card_of[i] for pile in state.discards for i in pile}
            if seat is not None:
                visible |= {state.card_of[i] for i in state.hands[seat]}
            hidden = {
                state.card_of[i]
                for p in (0, 1)
                for i in state.decks[p] + (state.hands[p] if p != seat else [])
            }
            for card in hidden - visible:
                assert COLLECTION.cards[card].name not in text, (seed, seat, card)


def test_the_board_shows_cards_at_risk_and_food_links():
    state = table(hands=(["wildfire"], []), placed=[("indian_plum", 1, "B2"), ("horse", 1, "B1")])
    board = view.view_model(state.observation(0))
    assert {"from": 10, "to": 1, "kind": "food"} in board["links"]  # plum (B2) feeds horse (B1)
    act(state, "Play Wildfire on Indian plum at B2")
    board = view.view_model(state.observation(0))
    horse = next(c for c in board["cells"] if c["face"]["name"] == "Horse")
    assert horse["at_risk"] and horse["owner"] == 1
    assert "AT RISK" in view.describe(state.observation(0))


def test_card_faces_carry_words_not_only_colours():
    face = view.faces()[COLLECTION.by_key("american_robin").id]
    assert face["diet_label"] == "OMNIVORE" and face["colour"].startswith("#")
    assert face["terrain_names"] == ["FOR", "GRS"] and face["climates"]
    assert face["keywords"] == ["FLIGHT 2"] and face["points"] == 2  # rank 3, as the rules text


def test_describe_names_every_card_on_the_table_and_whose_turn_it_is():
    state = table(placed=[("valley_oak", 0, "C4")])
    words = view.describe(state.observation(0))
    assert "C4: Player 1's Valley oak" in words and "Player 1 is to act." in words


def test_the_food_web_graph_has_a_node_per_card_and_arrows_from_food_to_eater():
    state = table(
        placed=[("indian_plum", 1, "B2"), ("horse", 1, "B1"), ("grey_wolf", 0, "A1")],
    )
    web = view.view_model(state.observation(0))["web"]
    nodes = {n["where"]: n for n in web["nodes"]}
    assert set(nodes) == {"B2", "B1", "A1"}
    assert [n["rank"] for n in web["nodes"]] == [1, 2, 3]  # stacked by rank, producers first
    plum, horse = nodes["B2"], nodes["B1"]
    assert {"from": plum["id"], "to": horse["id"], "kind": "food"} in web["edges"]
    assert plum["eaten_by"] == [horse["id"]] and horse["eats"] == [plum["id"]]
    assert nodes["A1"]["eats"] == []  # the wolf (rank 3) is no larger than the horse: no meat link


def test_a_parasite_hangs_from_its_host_in_the_graph():
    state = table(placed=[("horse", 1, "B1")], beneath=[("blacklegged_tick", 0, "B1")])
    web = view.view_model(state.observation(0))["web"]
    host, tick = (
        next(n for n in web["nodes"] if n["name"] == k) for k in ("Horse", "Blacklegged tick")
    )
    assert (
        tick["beneath"] and {"from": host["id"], "to": tick["id"], "kind": "host"} in web["edges"]
    )


def test_the_description_gives_the_food_web_level_by_level_in_words():
    state = table(hands=(["wildfire"], []), placed=[("indian_plum", 1, "B2"), ("horse", 1, "B1")])
    words = view.describe(state.observation(0))
    assert "Food web graph: 2 species, 1 feeding link " in words
    assert (
        "Rank 1 (producers and decomposers: energy enters here): Indian plum B2 (Player 2), "
        "eaten by Horse B1." in words
    )
    assert "Rank 2 (consumers): Horse B1 (Player 2), eats Indian plum B2." in words
    act(state, "Play Wildfire on Indian plum at B2")
    assert "Horse B1 (Player 2), no food link, AT RISK." in view.describe(state.observation(0))


def test_an_empty_table_says_so_in_the_web_words():
    assert "Food web graph: no species on the table yet." in view.describe(table().observation(0))


#: the groups the renderer has a drawing for (renderer.js, GROUPS)
DRAWN_GROUPS = {
    "plant",
    "alga",
    "fungus",
    "microbe",
    "insect",
    "invertebrate",
    "fish",
    "amphibian",
    "reptile",
    "bird",
    "mammal",
}


def test_every_species_face_names_a_group_the_board_has_a_drawing_for():
    for face in view.faces():
        if face["kind"] == "species":
            assert face["group"] in DRAWN_GROUPS, face["name"]


def test_the_faces_on_the_table_and_in_the_hand_carry_their_group():
    state = played(5, 40)
    board = view.view_model(state.observation(0))
    faces = [cell["face"] for cell in board["cells"]] + (board["hand"] or [])
    species = [f for f in faces if f["kind"] == "species"]
    assert species
    assert all(f["group"] in DRAWN_GROUPS for f in species)


def test_deck_building_draws_every_pickable_card_of_the_collection():
    state = new_game(seed=3, decks="build")
    rng = random.Random(3)
    for _ in range(30):
        seat = state.current_player
        board = view.view_model(state.observation(seat))
        shown = {f["id"] for f in board["collection"]}
        for action in state.legal_actions():
            assert view.action_target(action) == f"pick-{action.card}"
            assert action.card in shown
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def test_deck_building_shows_only_the_viewers_own_picks():
    state = new_game(seed=3, decks="build")
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    mine, theirs = view.view_model(state.observation(0)), view.view_model(state.observation(1))
    assert len(mine["picks"]) == mine["picked"][0]
    assert len(theirs["picks"]) == theirs["picked"][1]
    assert view.view_model(state.observation(None))["picks"] == []


def test_the_collection_is_sent_only_while_decks_are_built():
    assert view.view_model(new_game(seed=3).observation(0))["collection"] == []


def test_while_opening_hands_are_picked_the_seat_reads_its_own_deck_and_the_counts():
    """R18 (preselected opening hands): the description says how far each player has picked
    and lists the seat's own deck, which only that seat observes."""
    from evo_lessons import game_spec

    state = game_spec("phylo").new_game(seed=1, preselect=True)
    words = view.describe(state.observation(0))
    assert "Player 1 has picked 0 of 5 cards, Player 2 0 of 5." in words
    assert "Your deck: " in words and "Your deck: " not in view.describe(state.observation(None))
