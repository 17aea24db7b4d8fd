"""The widget's view of Adaptation: JSON-safe, hides every secret, and every action has a target."""

from __future__ import annotations

import json
import random

import pytest

from evo_lessons.engine import RandomBot
from evo_lessons.games.adaptation import ChooseChallenge, SwapCard, new_game, view


def _games(count: int, players: int = 4):
    """States met along seeded random games."""
    for seed in range(count):
        state = new_game(players=players, seed=seed)
        bots = [RandomBot(seed=seed * 5 + k) for k in range(players)]
        while not state.is_over:
            yield state
            state.apply(bots[state.current_player].choose(None, state.legal_actions()))
        yield state


def test_view_model_and_description_are_json_safe_text():
    for state in _games(10):
        for seat in [None, *range(state.num_players)]:
            board = view.view_model(state.observation(seat))
            assert json.loads(json.dumps(board)) == board
            text = view.describe(state.observation(seat))
            assert isinstance(text, str) and "Last reveal" in text


def test_the_view_never_shows_a_card_or_challenge_the_seat_cannot_see():
    checked = 0
    for state in _games(25):
        if state.is_over:
            continue
        twin = state.clone()
        random.Random(checked).shuffle(twin.draw_pile)
        twin.challenge = (state.challenge + 1) % 3 if state.challenge >= 0 else -1
        for seat in range(state.num_players):
            # give every other player a different secret card
            other = twin.clone()
            for s in range(state.num_players):
                if s != seat and other.hands[s] >= 0 and other.draw_pile:
                    other.hands[s], other.draw_pile[0] = other.draw_pile[0], other.hands[s]
            same = view.view_model(other.observation(seat))
            if seat != state.dealer or state.challenge < 0:
                assert same == view.view_model(state.observation(seat))
                assert view.describe(other.observation(seat)) == view.describe(
                    state.observation(seat)
                )
                checked += 1
    assert checked > 300


def test_the_owner_sees_their_card_face_up_and_others_face_down():
    state = new_game(players=4, seed=3)
    board = view.view_model(state.observation(1))
    assert board["seats"][1]["card"]["id"] == state.card_of(1)
    assert not board["seats"][1]["face_down"]
    for s in (0, 2, 3):
        assert board["seats"][s]["card"] is None and board["seats"][s]["face_down"]
        assert board["seats"][s]["last_shown"]["id"] == state.rounds[-1]["cards"][s]
    public = view.view_model(state.observation(None))
    assert all(p["card"] is None for p in public["seats"])


def test_the_dealer_marker_and_the_hidden_challenge():
    state = new_game(players=3, seed=8)
    dealer = state.dealer
    state.apply(SwapCard())
    state.apply(ChooseChallenge("shape"))
    other = (dealer + 1) % 3
    board = view.view_model(state.observation(other))
    assert [p["dealer"] for p in board["seats"]] == [s == dealer for s in range(3)]
    assert board["challenge"] is None and board["challenge_chosen"]
    assert board["seats"][dealer]["changed_since"] and board["dealer_redrew"]
    assert view.view_model(state.observation(dealer))["challenge"] == "shape"
    told = view.describe(state.observation(other))
    assert "hidden until the reveal" in told
    assert "shape challenge" not in told.split("Last reveal")[0]


def test_every_legal_action_has_a_distinct_board_target():
    seen = set()
    for state in _games(5):
        legal = state.legal_actions()
        targets = [view.action_target(a) for a in legal]
        assert all(isinstance(t, str) for t in targets)
        assert len(set(targets)) == len(targets)
        seen.update(targets)
    assert seen == {"keep", "swap", "challenge-number", "challenge-shape", "challenge-colour"}
    assert view.action_target(object()) is None


def test_after_the_game_every_card_of_the_last_reveal_is_face_up():
    state = next(s for s in _games(1) if s.is_over)
    board = view.view_model(state.observation(0))
    for p, card in zip(board["seats"], board["history"][-1]["cards"], strict=True):
        assert (p["card"] is None) == (card is None)
        assert not p["face_down"]


def test_plot_panels_name_metrics_the_game_reports():
    row = new_game(seed=1).metrics()[0]
    assert view.VIEW.panels and view.VIEW.table_columns
    for panel in view.VIEW.panels:
        assert panel.metric in row
    for column in view.VIEW.table_columns:
        assert column in row
    assert view.VIEW.markers_key in row


@pytest.mark.parametrize("seed", [1, 2])
def test_the_widget_plays_a_round_from_python(seed):
    from evo_lessons.widgets.game_widget import GameWidget

    widget = GameWidget(
        "adaptation", seats=["human", "memory", "memory"], seed=seed, plot=False, players=3
    )
    rounds = len(widget.state.rounds)
    guard = 0
    while len(widget.state.rounds) == rounds and not widget.state.is_over:
        assert widget.view["human_turn"]
        labels = {a["target"] for a in widget.view["actions"]}
        assert labels in (
            {"keep", "swap"},
            {f"challenge-{c}" for c in ("number", "shape", "colour")},
        )
        widget.act(0)
        guard += 1
        assert guard < 10
    assert len(widget.state.rounds) == rounds + 1 or widget.state.is_over
    assert widget.view["board"]["history"][-1]["round"] == widget.state.rounds[-1]["round"]


def test_round_one_opens_the_widgets_log():
    """R4's round one happens in new_game; its events are the first lines a student reads."""
    from evo_lessons.widgets.game_widget import GameWidget

    widget = GameWidget(
        "adaptation", seats=["human", "memory", "memory"], seed=4, plot=False, players=3
    )
    opening = [e.text for e in widget.state.setup_events]
    assert [line["text"] for line in widget.view["log"][: len(opening)]] == opening
    assert all(line["step"] == 0 for line in widget.view["log"][: len(opening)])
    assert opening[0] == "The 66 playing cards are shuffled."
    assert "Player 1, the youngest, deals" in opening[1]
    assert "round one costs no token" in opening[3]


def test_round_one_opens_the_log_again_after_undo_and_a_new_game():
    from evo_lessons.widgets.session import GameSession

    session = GameSession("adaptation", seed=7, seats=["human", "random", "random"], players=3)
    opening = [(0, e.text) for e in session.state.setup_events]
    assert session.log == opening
    session.apply(session.state.legal_actions()[0])
    assert session.log[: len(opening)] == opening and len(session.log) > len(opening)
    session.undo()
    assert session.log == opening
    session.new_game(seed=8)
    assert session.log == [(0, e.text) for e in session.state.setup_events]
    assert session.log != opening


def test_every_card_shown_names_its_count_colour_and_shape_for_drawing_its_organisms():
    for state in _games(3):
        board = view.view_model(state.observation(0))
        cards = [p["card"] for p in board["seats"] if p["card"]]
        cards += [c for r in board["history"] for c in r["cards"] if c]
        for card in cards:
            assert 1 <= card["count"] <= 4
            assert card["colour"] in board["colours"]
            assert board["sides"][card["shape"]] in (3, 4, 5, 6)
