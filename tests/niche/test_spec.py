"""What Niche declares to the rest of the package (its GameSpec), the shared observation
envelope, the setup in the log, and forged actions.

The widget, the session, ``simulate``, the plots and the benchmarks know the game only through
``GAME``: these tests pin the declaration down against the rules (R13 for players, R14 for the
round cap, R16 for the metrics) and against what the state actually reports.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from evo_lessons.engine import IllegalAction, RandomBot, play_game
from evo_lessons.engine.observation import ENVELOPE
from evo_lessons.games.niche import (
    BOTS,
    GAME,
    NicheState,
    PlannerBot,
    PlayCard,
    load_json,
    new_game,
)
from evo_lessons.games.niche.rules import DEFAULT_MAX_ROUNDS, MAX_PLAYERS, MIN_PLAYERS
from evo_lessons.games.niche.tables import AIMED, TAKES

from .helpers import card_id, draw_any, give, started


# -- options -------------------------------------------------------------------------------------
def test_players_option_allows_two_to_six_and_defaults_to_four():
    players = GAME.option("players")
    assert (players.low, players.high, players.default) == (2, 6, 4)
    assert (GAME.min_players, GAME.max_players) == (MIN_PLAYERS, MAX_PLAYERS) == (2, 6)


def test_max_rounds_option_allows_one_to_ten_thousand_and_defaults_to_a_hundred():
    cap = GAME.option("max_rounds")
    assert (cap.low, cap.high, cap.default) == (1, 10_000, DEFAULT_MAX_ROUNDS) == (1, 10_000, 100)
    assert "R14" in cap.help


def test_the_declared_options_are_the_only_ones():
    assert [o.name for o in GAME.options] == ["players", "max_rounds"]
    with pytest.raises(ValueError, match="has no option 'hand_size'"):
        new_game(seed=1, hand_size=4)


def test_a_new_game_gets_the_defaults_as_its_options():
    state = new_game(seed=5)
    assert state.options == GAME.defaults() == {"players": 4, "max_rounds": 100}
    assert state.num_players == 4 and state.max_turns == 400


def test_new_game_is_the_spec_building_the_declared_state():
    assert isinstance(new_game(seed=1), NicheState)
    assert GAME.state is NicheState and NicheState.spec is GAME


def test_interned_actions_cover_every_seat_the_rules_allow():
    assert all(len(seats) >= MAX_PLAYERS for seats in AIMED.values())
    assert all(len(seats) >= MAX_PLAYERS for seats in TAKES.values())


# -- bots, view, metadata ------------------------------------------------------------------------
def test_step_is_played_by_the_planner():
    assert GAME.helper_bot == "planner"
    assert GAME.bots is BOTS and GAME.bots["planner"] is PlannerBot


def test_the_game_declares_hidden_information():
    # hands, face-down gene-pool cards, deck orders and other players' pairs are secret (R15)
    assert GAME.hidden_information is True


def test_the_renderer_registers_the_games_name():
    assert f'registerRenderer("{GAME.name}"' in GAME.renderer.read_text(encoding="utf-8")


def test_the_credit_names_the_original_game_and_its_licence():
    assert "Niche" in GAME.credit.game and GAME.credit.licence == "CC BY 3.0"
    assert "Nagy" in GAME.credit.authors and "Krakowiak" in GAME.credit.authors


# -- metrics (R16) -------------------------------------------------------------------------------
def _metric_keys(state: NicheState) -> set[str]:
    keys: set[str] = set()
    for row in state.metrics():
        keys |= set(row) - {"player", GAME.x_axis}
    return keys


def test_declared_metrics_are_exactly_what_metrics_reports_at_the_start():
    assert _metric_keys(new_game(seed=3)) == {m.name for m in GAME.metrics}


def test_declared_metrics_are_exactly_what_metrics_reports_after_a_game():
    state = new_game(players=5, seed=3)
    play_game(state, [RandomBot(seed=k) for k in range(5)])
    assert _metric_keys(state) == {m.name for m in GAME.metrics}


def test_every_metric_is_per_player_and_the_match_is_a_share():
    assert all(m.per_player for m in GAME.metrics)
    kinds = {m.name: m.kind for m in GAME.metrics}
    assert kinds["match"] is float and kinds["environments_completed"] is int


def test_the_x_axis_counts_player_turns():
    state = started(players=3, seed=4)
    assert GAME.x_axis == "turn"
    assert {row["turn"] for row in state.metrics()} == {state.turns} == {1}


# -- the observation envelope --------------------------------------------------------------------
def test_every_observation_starts_with_the_shared_envelope():
    state = started(players=3, seed=6)
    for seat in (None, 0, 1, 2):
        view = state.observation(seat)
        assert tuple(view)[: len(ENVELOPE)] == ENVELOPE
        assert view["game"] == "niche" and view["seat"] == seat and view["players"] == 3
        assert view["current_player"] == state.current_player == 0
        assert view["options"] == state.options and view["winners"] == []


def test_the_games_own_keys_never_repeat_the_envelope():
    own = new_game(players=3, seed=6)._observe(1)
    assert not set(own) & set(ENVELOPE)


def test_a_seats_own_cards_are_under_hand_and_nobody_elses_are():
    state = started(players=3, seed=6)
    assert state.observation(2)["hand"] == state.hands[2]
    assert state.observation(None)["hand"] is None
    assert all("hand" not in seat for seat in state.observation(0)["seats"])


def test_the_envelope_names_the_winners_when_the_game_is_over():
    state = new_game(players=2, seed=8)
    play_game(state, [RandomBot(seed=k) for k in range(2)])
    view = state.observation(None)
    assert view["winners"] == state.winners and view["current_player"] is None


def test_an_observation_of_a_seat_that_does_not_exist_is_refused():
    state = new_game(players=3, seed=6)
    for bad in (3, -1, True, 1.0):
        with pytest.raises(ValueError, match="seat"):
            state.observation(bad)


# -- forged actions ------------------------------------------------------------------------------
class _NumpyLikeInt:
    """Equal to an int and hashed like one, as numpy's integers are, without being an int."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return other == self.value

    def __hash__(self) -> int:
        return hash(self.value)

    def __index__(self) -> int:
        return self.value


def _forged_twins(action):
    """Copies of ``action`` equal to it field by field, with one field of the wrong type."""
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        fakes = [float(value), _NumpyLikeInt(value)]
        if value in (0, 1):
            fakes.append(bool(value))
        for fake in fakes:
            twin = object.__new__(type(action))
            for other in dataclasses.fields(action):
                object.__setattr__(twin, other.name, getattr(action, other.name))
            object.__setattr__(twin, field.name, fake)
            assert twin == action  # a forgery that the legality check alone would let through
            yield twin


def _states_with_every_kind_of_action():
    """A keep, a gene-pool draw, plays (one aimed, with a take), a discard: real positions."""
    keep = new_game(players=3, seed=2)
    draw = started(players=3, seed=2)
    aimed = started(players=2, seed=3)
    give(aimed, 1, play=[card_id("gills")])
    give(aimed, 0, hand=[card_id("gene_flow"), card_id("parasite"), card_id("mimicry")])
    draw_any(aimed)
    discard = started(players=2, seed=4)
    give(discard, 0, play=[card_id(k) for k in ("gills", "camouflage", "large_ears", "blubber")])
    give(discard, 0, hand=[card_id("hard_shell"), card_id("mimicry"), card_id("burrowing")])
    draw_any(discard)
    discard.apply(PlayCard(card_id("hard_shell")))
    assert discard.phase == "discard"
    return [keep, draw, aimed, discard]


@pytest.mark.parametrize("state", _states_with_every_kind_of_action(), ids=lambda s: s.phase)
def test_forged_field_types_are_refused_and_change_nothing(state):
    """A float, a numpy-like integer or a bool that equals a legal field is still refused."""
    before = state.fingerprint()
    save = state.to_json()
    tried = 0
    for action in state.legal_actions():
        for forged in _forged_twins(action):
            with pytest.raises(IllegalAction, match="wrong types"):
                state.apply(forged)
            assert state.fingerprint() == before
            tried += 1
    assert tried >= 2 * len(state.legal_actions())
    assert state.to_json() == save  # the history holds nothing forged
    state.apply(state.legal_actions()[0])  # the real action still works afterwards


def test_a_forged_draw_leaves_the_gene_pool_and_the_hand_untouched():
    """The review's reproducer: a gene-pool draw whose card is a float moved nothing."""
    state = started(players=3, seed=1)
    draw = state.legal_actions()[0]
    pool, hand, moves = json.dumps(state.gene_pool.cards), list(state.hands[0]), len(state.history)
    with pytest.raises(IllegalAction):
        state.apply(dataclasses.replace(draw, card=float(draw.card)))
    assert json.dumps(state.gene_pool.cards) == pool and state.hands[0] == hand
    assert len(state.history) == moves
    assert load_json(state.to_json()) == state


def test_an_out_of_range_field_is_refused_with_a_readable_message():
    state = started(players=2, seed=1)
    for forged in (
        dataclasses.replace(state.legal_actions()[0], card=10**9),
        dataclasses.replace(state.legal_actions()[0], stack=-1),
    ):
        with pytest.raises(IllegalAction, match="Legal now"):
            state.apply(forged)


def test_the_legal_lists_own_objects_are_what_the_history_keeps():
    state = started(players=2, seed=1)
    draw = state.legal_actions()[0]
    equal = type(draw)(draw.stack, draw.position, draw.card)
    state.apply(equal)
    assert state.history[-1] is draw and state.history[-1] is not equal
