"""The Adapt or Die widget view: JSON-safe, only what a seat may see, every action clickable."""

from __future__ import annotations

import json
import random

from playing import random_moves

from evo_lessons.games.adapt_or_die import (
    AnswerTrade,
    EndTurn,
    ExchangeNiche,
    Exit,
    GiveNiche,
    KeepNiche,
    Move,
    OfferNiches,
    OrderCards,
    TakeAdaptation,
    new_game,
)
from evo_lessons.games.adapt_or_die.view import VIEW, action_target, describe, view_model

BUTTONS = (AnswerTrade, EndTurn, OrderCards)  # answered in the list of choices, not on the board


def _board_ids(board: dict) -> set[str]:
    """Every element id the renderer makes clickable."""
    ids = {f"space-{n}" for n in board["reachable"]}
    ids |= {f"place-{p['place']}" for p in board["places"]}
    ids |= {f"pool-{c['id']}" for c in board["pool"]}
    ids |= {f"creature-{c['number']}" for c in board["creatures"]}
    ids |= {"offered"} if board["offered"] else set()
    for bug in board["bugs"]:
        s = bug["seat"]
        ids.add(f"bug-{s}")
        mine = s == board["turn_player"]
        for h in bug["niches"]:
            ids.add(f"held-niche-{h['number']}" if mine else f"niche-{s}-{h['number']}")
        for c in bug["adaptations"]:
            ids.add(f"held-card-{c['id']}" if mine else f"card-{s}-{c['id']}")
    return ids


def test_action_targets_name_board_elements():
    assert action_target(Move(17)) == "space-17"
    assert action_target(Exit(3)) == "place-3"
    assert action_target(TakeAdaptation(4)) == "pool-4"
    assert action_target(KeepNiche()) == "offered"
    assert action_target(ExchangeNiche(5)) == "held-niche-5"
    assert action_target(GiveNiche(2)) == "bug-2"
    assert action_target(OfferNiches(1, 3, 7)) == "niche-1-7"
    assert action_target(EndTurn()) is None


def test_every_board_action_of_the_acting_seat_has_its_element_on_the_board():
    for seed in range(12):
        options = [{}, {"choose_creature": True}, {"same_habitats": True}][seed % 3]
        state = new_game(seed=seed, max_rounds=6, **options)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            ids = _board_ids(view_model(state.observation(seat)))
            for action in state.legal_actions():
                if not isinstance(action, BUTTONS):
                    assert action_target(action) in ids, (action, seat)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_the_view_and_description_are_json_safe_for_every_seat():
    state = new_game(seed=4, max_rounds=5)
    rng = random.Random(4)
    for _ in range(150):
        if state.is_over:
            break
        for seat in (None, *range(state.num_players)):
            json.dumps(view_model(state.observation(seat)))
            assert describe(state.observation(seat))
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def test_a_seats_view_never_shows_the_order_of_the_face_down_piles():
    state = new_game(seed=9)
    twin = state.clone()
    twin.mat_pile.reverse()
    twin.randomizer_pile.reverse()
    twin.creature_pile.reverse()
    for seat in (None, 0, 1):
        assert view_model(twin.observation(seat)) == view_model(state.observation(seat))
        assert describe(twin.observation(seat)) == describe(state.observation(seat))


def test_the_description_names_the_mats_pressures_and_each_bugs_creature():
    state = new_game(seed=2)
    text = describe(state.observation(0))
    for bug in state.observation(0)["bugs"]:
        assert f"Player {bug['seat'] + 1}: the " in text
    assert "rolled" in text


def test_the_scorecard_in_the_view_adds_up_to_the_unfit_score():
    state = new_game(seed=3, same_habitats=True)
    rng = random.Random(3)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        for bug in view_model(state.observation(None))["bugs"]:
            card = bug["scorecard"]
            assert card["total"] == sum(row["total"] for row in card["rows"])
            if state.phase not in ("order", "over"):
                assert card["total"] == bug["unfit"]


def test_the_plot_panels_cover_the_unfit_score_niches_and_every_feature():
    metrics = [p.metric for p in VIEW.panels]
    assert metrics[:2] == ["unfit", "niches"]
    assert len([m for m in metrics if m.endswith("_misfit")]) == 5


def _midgame(seed: int = 4, moves: int = 60):
    return random_moves(new_game(seed=seed), moves, seed)


def test_each_laid_mat_names_its_habitat_key_for_its_drawn_picture():
    from evo_lessons.games.adapt_or_die.data import world

    keys = {h.key for h in world().habitats}
    board = view_model(_midgame().observation(0))
    laid = [p for p in board["places"] if p["habitat"]]
    assert laid
    for place in laid:
        assert place["habitat"]["key"] in keys


def test_the_bug_is_drawn_from_five_features_now_each_1_to_5():
    board = view_model(_midgame().observation(0))
    for bug in board["bugs"]:
        if bug["creature"] is None:
            continue
        now = [row["end"] for row in bug["scorecard"]["rows"]]
        assert len(now) == len(board["features"]) == 5
        assert all(1 <= v <= 5 for v in now)


def test_each_adaptation_card_names_the_feature_it_sits_on_and_its_symbol():
    board = view_model(_midgame(moves=120).observation(0))
    cards = [c for bug in board["bugs"] for c in bug["adaptations"]] + board["pool"]
    assert cards
    for card in cards:
        assert 0 <= card["feature"] < 5
        assert card["symbol"] in {"++", "+", "-", "--", "=3"}
