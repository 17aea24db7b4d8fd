"""The Niche widget view: only what a seat may see, every action clickable on the board."""

from __future__ import annotations

import json
import random

from evo_lessons.games.niche import (
    CARDS,
    GAME,
    DiscardFromPlay,
    DrawEnvironment,
    DrawFromGenePool,
    KeepEnvironment,
    PlayCard,
    new_game,
    view,
)
from evo_lessons.games.niche.pyramid import COVERED_BY

from .helpers import card_id, draw_any, give, started


def _board_ids(board: dict) -> set[str]:
    """Every element id the renderer draws a clickable for."""
    ids = {"environment-deck"}
    for s, stack in enumerate(board["gene_pool"]):
        ids |= {f"pool-{s}-{slot['position']}" for slot in stack if slot["available"]}
    for player in board["players"]:
        ids |= {f"play-{c['id']}" for c in player["play_area"]}
    ids |= {f"hand-{c['id']}" for c in board["hand"] or []}
    ids |= {f"dealt-{e['id']}" for e in board["dealt"]}
    return ids


def test_action_targets_name_board_elements():
    assert view.action_target(DrawFromGenePool(1, 7, 12)) == "pool-1-7"
    assert view.action_target(PlayCard(5, 2, -1)) == "hand-5"
    assert view.action_target(DiscardFromPlay(9)) == "play-9"
    assert view.action_target(KeepEnvironment(3)) == "dealt-3"
    assert view.action_target(DrawEnvironment()) == "environment-deck"


def test_every_legal_action_of_the_acting_seat_has_a_target_on_its_board():
    for seed in range(40):
        state = new_game(players=4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            ids = _board_ids(view.view_model(state.observation(seat)))
            for action in state.legal_actions():
                assert view.action_target(action) in ids, (action, seat)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_the_view_is_json_and_holds_only_the_seats_own_hand():
    state = started(players=3, seed=4)
    board = view.view_model(state.observation(1))
    json.dumps(board)
    assert [c["id"] for c in board["hand"]] == state.hands[1]
    text = json.dumps(view.view_model(state.observation(None)))
    assert view.view_model(state.observation(None))["hand"] is None
    for player in range(3):
        if player != 1:
            for card in state.hands[player]:
                assert f'"id": {card},' not in text or card in _public_cards(state)


def _public_cards(state) -> set[int]:
    public = set(state.discard)
    for area in state.play:
        public |= set(area)
    pool = state.gene_pool
    for s in range(2):
        public |= {c for p, c in enumerate(pool.cards[s]) if c >= 0 and pool.face_up[s] >> p & 1}
    return public


def test_face_down_cards_are_blank_in_the_view():
    state = started(players=2, seed=4)
    for s, stack in enumerate(view.view_model(state.observation(0))["gene_pool"]):
        for slot in stack:
            if slot["present"] and not slot["face_up"]:
                assert slot["card"] is None
            if slot["card"] is not None:
                assert slot["card"]["id"] == state.gene_pool.cards[s][slot["position"]]


def test_challenges_are_ticked_off_with_text_labels():
    state = started(players=2, seed=4)
    give(state, 0, play=[card_id("gills")])
    board = view.view_model(state.observation(0))
    env = board["players"][0]["environment"]
    met = {c["short"] for c in env["challenges"] if c["met"]}
    needs_water = any(c["short"] == "WATER" for c in env["challenges"])
    assert met == ({"WATER"} if needs_water else set())


def test_describe_reads_the_whole_table_in_words():
    state = started(players=3, seed=4)
    text = view.describe(state.observation(0))
    for player in (1, 2, 3):
        assert f"Player {player}" in text
    assert "Gene pool 1: can be drawn:" in text and "Your hand (Player 1)" in text
    draw_any(state)
    assert "Player 1 is to act." in view.describe(state.observation(0))
    assert "Your hand" not in view.describe(state.observation(None))


def test_plot_panels_name_metrics_the_game_reports():
    state = started(players=2, seed=4)
    row = state.metrics()[0]
    for panel in GAME.view.panels:
        assert panel.metric in row
    assert set(GAME.view.table_columns) <= set(row)


def test_the_widget_plays_niche_and_rejects_a_forged_action():
    from evo_lessons.widgets import GameWidget

    widget = GameWidget("niche", seed=3, players=3, plot=False)
    board = widget.view["board"]
    assert widget.view["game"] == "niche" and board["dealt"]
    targets = {a["target"] for a in widget.view["actions"]}
    assert targets == {f"dealt-{e['id']}" for e in board["dealt"]}
    before = widget.state.fingerprint()
    widget._on_message(widget, {"type": "act", "index": 99}, [])
    assert widget.error and widget.state.fingerprint() == before
    widget._on_message(widget, {"type": "act", "index": 0}, [])
    assert widget.error == "" and widget.state.history


def test_every_card_name_fits_the_gene_pool_card_in_at_most_two_full_lines():
    for card in CARDS:
        lines = view.card_view(card.id)["name_lines"]
        assert " ".join(lines) == card.name  # never clipped
        assert len(lines) <= 2 and all(len(line) <= view.NAME_LINE for line in lines), card.name


def test_the_gene_pool_carries_r1_geometry_so_the_renderer_keeps_no_copy():
    board = view.view_model(new_game(players=2, seed=1).observation(None))
    for stack in board["gene_pool"]:
        across = {slot["position"]: slot["across"] for slot in stack}
        for position, over in enumerate(COVERED_BY):
            for top in over:  # a card lies across the two cards below it, half a card in
                assert across[top] - across[position] in (-0.5, 0.5)
        assert [across[p] for p in range(4)] == [0, 1, 2, 3]


def test_the_renderer_takes_seat_names_and_geometry_from_the_view_model():
    source = GAME.renderer.read_text(encoding="utf-8")
    assert "Player ${" not in source and "FIRST" not in source
    assert "seats[s].name" in source and "slot.across" in source


def test_trait_cards_show_their_kind_of_adaptation_and_a_gene_flow_copy_what_it_copies():
    state = started(players=2, seed=3)
    gills, flow = card_id("gills"), card_id("gene_flow")
    give(state, 1, play=[gills])
    give(state, 0, hand=[flow, card_id("mimicry"), card_id("blubber")])
    draw_any(state)
    state.apply(PlayCard(flow, 1, gills))
    board = view.view_model(state.observation(0))
    (copy,) = [c for c in board["players"][0]["play_area"] if c["id"] == flow]
    assert copy["copy_of"] == "Gills" and copy["meets"] == ["WATER"]
    (donor,) = board["players"][1]["play_area"]
    assert donor["adaptation"] == ["structural"] and donor["copy_of"] is None
    assert "Gene flow (a copy of Gills: Life in water)" in view.describe(state.observation(0))


def test_every_trait_card_carries_the_key_its_drawn_body_part_is_chosen_by():
    board = view.view_model(started(players=3, seed=4).observation(0))
    cards = [slot["card"] for stack in board["gene_pool"] for slot in stack if slot["card"]]
    cards += board["hand"]
    assert cards
    keys = {c.key for c in CARDS}
    for card in cards:
        assert card["key"] in keys


def test_a_gene_flow_copy_is_drawn_as_the_trait_it_copies():
    copied = next(c for c in CARDS if c.kind != "event")
    flow = next(c for c in CARDS if c.key == "gene_flow")
    shown = view.card_view(flow.id, copies=copied.id)
    assert shown["key"] == copied.key
    assert shown["name"] == flow.name


def test_each_environment_carries_the_key_its_drawn_scene_is_chosen_by():
    state = new_game(players=2, seed=3)
    board = view.view_model(state.observation(state.current_player))
    assert board["dealt"]
    for env in board["dealt"]:
        assert env["key"]
