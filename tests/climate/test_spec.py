"""What the Climate game declares to the rest of the package (its GameSpec), and the contract.

The widget, the session, ``simulate``, the plots and the benchmarks know the game only through
``GAME``: these tests pin the declaration down against the rules (R9, R12) and against what the
state reports: its options, its metrics, the events of the setup, the shared observation
envelope, and the refusal of forged actions.
"""

from __future__ import annotations

import dataclasses
import json

import numpy
import pytest

from evo_lessons.engine import IllegalAction, RandomBot, play_game
from evo_lessons.engine.observation import ENVELOPE
from evo_lessons.games.climate import (
    BOTS,
    GAME,
    ClimateBot,
    ClimateState,
    EndTurn,
    Move,
    Place,
    PlanAhead,
    load_json,
    new_game,
)

from .test_rules import die, table


# -- options -----------------------------------------------------------------------------------
def _range(name: str) -> tuple:
    option = GAME.option(name)
    return option.low, option.high, option.default


def test_players_option_allows_two_to_five_and_defaults_to_four():
    assert _range("players") == (2, 5, 4)
    assert (GAME.min_players, GAME.max_players) == (2, 5)


def test_tokens_to_win_allows_two_to_four_and_defaults_to_the_rules_four():
    assert _range("tokens_to_win") == (2, 4, 4)


def test_climate_change_faces_allows_zero_to_six_and_defaults_to_the_rules_three():
    assert _range("climate_change_faces") == (0, 6, 3)


def test_climate_trend_is_random_warming_or_cooling_and_defaults_to_random():
    trend = GAME.option("climate_trend")
    assert trend.kind is str
    assert (trend.choices, trend.default) == (("random", "warming", "cooling"), "random")


def test_max_rounds_allows_one_to_1000_or_none_and_defaults_to_none():
    max_rounds = GAME.option("max_rounds")
    assert _range("max_rounds") == (1, 1000, None)
    assert max_rounds.allow_none and "R9" in max_rounds.help
    assert new_game(seed=1, max_rounds=None).options["max_rounds"] is None


def test_blind_mutation_is_a_flag_off_by_default():
    blind = GAME.option("blind_mutation")
    assert (blind.kind, blind.default) == (bool, False)
    assert "R12" in blind.help


def test_the_declared_options_are_the_only_ones():
    assert GAME.defaults() == {
        "players": 4,
        "tokens_to_win": 4,
        "climate_change_faces": 3,
        "climate_trend": "random",
        "max_rounds": None,
        "blind_mutation": False,
        "start_habitat": "savannah",
    }
    with pytest.raises(ValueError, match="has no option 'lava'"):
        new_game(seed=1, lava=True)


def test_a_new_game_gets_the_defaults_as_its_options():
    state = new_game(seed=5)
    assert state.options == GAME.defaults()
    assert state.num_players == 4


def test_new_game_is_the_spec_building_the_declared_state():
    assert isinstance(new_game(seed=1), ClimateState)
    assert GAME.state is ClimateState and ClimateState.spec is GAME
    assert new_game(seed=1).game_name == GAME.name == "climate"


# -- bots, view, metadata ----------------------------------------------------------------------
def test_step_is_played_by_the_planner():
    assert GAME.helper_bot == "planner"
    assert GAME.bots is BOTS and GAME.bots["planner"] is ClimateBot


def test_the_game_declares_hidden_information():
    # hands are secret, and so is the order of the draw pile
    assert GAME.hidden_information is True


def test_the_renderer_registers_the_games_name():
    assert GAME.renderer.is_file()
    assert f'registerRenderer("{GAME.name}"' in GAME.renderer.read_text(encoding="utf-8")


def test_the_plots_step_once_a_turn_and_mark_climate_changes():
    assert GAME.x_axis == "turn"
    assert GAME.view.markers_key == "temperature"


def test_the_credit_names_the_games_author_and_licence():
    assert "Leonardi" in GAME.credit.authors
    assert GAME.credit.licence == "CC BY-NC-ND 4.0"


# -- metrics -----------------------------------------------------------------------------------
def _metric_keys(state: ClimateState) -> set[str]:
    keys = set()
    for row in state.metrics():
        keys |= set(row) - {"player", GAME.x_axis}
    return keys


def test_declared_metrics_are_exactly_what_metrics_reports_at_the_start():
    assert _metric_keys(new_game(seed=3)) == {m.name for m in GAME.metrics}


def test_declared_metrics_are_exactly_what_metrics_reports_after_a_game():
    state = new_game(players=3, seed=3, max_rounds=12)
    play_game(state, [RandomBot(seed=k) for k in range(3)])
    assert _metric_keys(state) == {m.name for m in GAME.metrics}


def test_the_round_and_the_climate_are_the_metrics_shared_by_the_whole_table():
    assert [m.name for m in GAME.metrics if not m.per_player] == ["round", "temperature"]
    state = new_game(players=3, seed=2, max_rounds=5)
    play_game(state, [RandomBot(seed=k) for k in range(3)])
    rows = state.metrics()
    assert len({(row["round"], row["temperature"]) for row in rows}) == 1


def test_the_habitat_is_the_only_metric_that_is_a_label():
    assert [m.name for m in GAME.metrics if m.kind is str] == ["habitat"]


# -- setup events ------------------------------------------------------------------------------
def test_the_setup_shuffles_the_deck_and_deals_two_cards_to_each_seat_in_order():
    state = new_game(players=3, seed=4)
    kinds = [e.kind for e in state.setup_events]
    assert kinds[0] == "shuffle"
    dealt = [e.player for e in state.setup_events if e.text.endswith("is dealt a mutation card.")]
    assert dealt == [0, 0, 1, 1, 2, 2]


def test_the_setup_shuffle_says_where_the_face_up_deleterious_cards_lie():
    state = new_game(players=4, seed=1)
    shuffle = state.setup_events[0]
    assert shuffle.text == (
        "The 38 mutation cards are shuffled into the draw pile; the deleterious ones lie face "
        "up in it, 2 and 21 cards from the top."
    )
    assert shuffle.data["deleterious_from_top"] == [2, 21]


def test_a_deleterious_card_met_while_dealing_is_in_the_setup_log():
    state = new_game(players=4, seed=1)  # the second card from the top is deleterious
    assert [e.kind for e in state.setup_events].count("draw") == 9
    assert "discarded and another drawn (R5)" in state.setup_events[2].text


def test_blind_species_are_dealt_cards_they_discard_and_the_setup_log_says_so():
    state = new_game(players=2, seed=1, blind_mutation=True)
    dealt = [e for e in state.setup_events if e.kind == "draw"]
    assert len(dealt) == 4 and all("blind species keep no hand (R12)" in e.text for e in dealt)
    assert state.deck.hands == [[], []]


def test_the_setup_log_never_names_a_secret_card():
    labels = {"+1", "-1", "body", "colour", "metabolism", "neutral"}
    for seed in range(20):
        for event in new_game(players=5, seed=seed).setup_events:
            assert not any(word in event.text for word in labels), event.text
            json.dumps(event.to_json())


def test_the_setup_log_is_not_repeated_by_the_first_action():
    state = new_game(players=2, seed=3)
    events = state.apply(state.legal_actions()[0])
    assert not set(map(id, events)) & set(map(id, state.setup_events))
    assert [e.kind for e in events] == ["place"]


# -- the observation envelope ------------------------------------------------------------------
def test_every_observation_starts_with_the_shared_envelope():
    state = new_game(players=3, seed=6)
    for seat in (None, 0, 1, 2):
        seen = state.observation(seat)
        assert tuple(seen)[: len(ENVELOPE)] == ENVELOPE
        assert seen["game"] == "climate" and seen["seat"] == seat
        assert seen["players"] == 3 and seen["options"] == {**GAME.defaults(), "players": 3}


def test_the_envelope_names_the_next_seat_and_the_winners():
    state = new_game(players=3, seed=6)
    assert state.observation(None)["current_player"] == 0
    assert state.observation(None)["winners"] == []
    play_game(state, [ClimateBot(seed=k) for k in range(3)])
    seen = state.observation(1)
    assert seen["current_player"] is None and seen["winners"] == state.winners


def test_a_seats_own_cards_are_under_hand_and_the_public_view_has_none():
    state = new_game(players=4, seed=9)
    for seat in range(4):
        labels = sorted(
            GAME.state.world.cards[c].label(GAME.state.world.genes) for c in state.deck.hands[seat]
        )
        assert state.observation(seat)["hand"] == labels
    assert "hand" not in state.observation(None)


def test_the_game_keys_never_repeat_the_envelope_or_the_old_names():
    state = new_game(players=3, seed=9)
    own = state._observe(1)
    assert not set(own) & set(ENVELOPE)
    assert "you" not in own and "turn_player" not in own


# -- forged actions ----------------------------------------------------------------------------
def _a_move_decision():
    """Seat 0 must move (roll 5), and may pay for the tropical forest on cell 40."""
    state, _ = table(2, hands=[["+1 body", "+1 colour"]], top=["neutral"], dice=[die(5)])
    move = Move(40, 2, 2, 1, cost=2)
    assert move in state.legal_actions()
    return state, move


def _end_of_turn_decision():
    """Seat 0 may end the turn or plan ahead, setting its body gene to 2 with one card."""
    state, _ = table(2, hands=[["+1 body"]], top=["neutral"], dice=[die(2)])
    assert state.legal_actions() == [EndTurn(), PlanAhead(0, 2, cost=1)]
    return state


def _refused_and_unchanged(state: ClimateState, forged) -> None:
    before, saved = state.fingerprint(), state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(forged)
    assert "Legal now: " in str(error.value)
    assert state.fingerprint() == before
    assert state.to_json() == saved


@pytest.mark.parametrize("field", ["cell", "body", "colour", "metabolism", "cost"])
def test_a_move_with_a_float_equal_to_a_legal_value_is_refused_and_changes_nothing(field):
    state, move = _a_move_decision()
    forged = dataclasses.replace(move, **{field: float(getattr(move, field))})
    assert forged == move  # it compares equal: only its type is wrong
    _refused_and_unchanged(state, forged)


@pytest.mark.parametrize("field", ["cell", "body", "colour", "metabolism", "cost"])
def test_a_move_with_a_numpy_integer_is_refused_and_changes_nothing(field):
    state, move = _a_move_decision()
    forged = dataclasses.replace(move, **{field: numpy.int64(getattr(move, field))})
    assert forged == move
    _refused_and_unchanged(state, forged)


def test_a_move_with_zero_for_false_is_refused_and_changes_nothing():
    state, move = _a_move_decision()
    forged = dataclasses.replace(move, stay=0)
    assert forged == move
    _refused_and_unchanged(state, forged)


def test_a_plan_ahead_move_with_true_for_one_is_refused_and_changes_nothing():
    state = _end_of_turn_decision()
    forged = PlanAhead(0, 2, cost=True)
    assert forged == PlanAhead(0, 2, cost=1)
    _refused_and_unchanged(state, forged)


def test_a_plan_ahead_move_with_a_float_is_refused_and_changes_nothing():
    state = _end_of_turn_decision()
    _refused_and_unchanged(state, PlanAhead(0, 2.0, cost=1))


def test_a_placement_on_a_float_cell_is_refused_and_changes_nothing():
    state = new_game(players=3, seed=1)
    cell = state.legal_actions()[0].cell
    _refused_and_unchanged(state, Place(float(cell)))
    _refused_and_unchanged(state, Place(numpy.int64(cell)))


def test_a_plan_ahead_move_of_a_gene_that_does_not_exist_is_refused_with_a_readable_message():
    state = _end_of_turn_decision()
    _refused_and_unchanged(state, PlanAhead(3, 2, cost=1))
    _refused_and_unchanged(state, PlanAhead(10**100, 2, cost=1))


def test_after_forged_actions_a_played_game_still_matches_its_own_save():
    state = new_game(players=3, seed=12)
    bots = [RandomBot(seed=k) for k in range(3)]
    while not isinstance(state.legal_actions()[0], Move) or state.legal_actions()[0].cost == 0:
        state.apply(bots[state.current_player].choose(None, state.legal_actions()))
    move = state.legal_actions()[0]
    for field in ("cell", "body", "colour", "metabolism", "cost"):
        for kind in (float, numpy.int64):
            _refused_and_unchanged(
                state, dataclasses.replace(move, **{field: kind(getattr(move, field))})
            )
    _refused_and_unchanged(state, dataclasses.replace(move, stay=int(move.stay)))
    assert load_json(state.to_json()) == state
    state.apply(move)
    assert load_json(state.to_json()) == state


def test_a_save_made_before_the_plan_ahead_rename_still_loads():
    # saves from before R6's rename name the move "Preadapt" and have no start_habitat option
    state = new_game(players=3, seed=2026)
    play_game(state, [ClimateBot(seed=seat) for seat in range(3)])
    data = json.loads(state.to_json())
    assert any(raw["type"] == "PlanAhead" for raw in data["actions"])
    for raw in data["actions"]:
        if raw["type"] == "PlanAhead":
            raw["type"] = "Preadapt"
    del data["options"]["start_habitat"]
    again = load_json(json.dumps(data))
    assert again.history == state.history
    assert again.winners == state.winners
