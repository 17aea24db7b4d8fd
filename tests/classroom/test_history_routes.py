"""The red-team's click routes (F1-F3), driven through the page's own messages: a peek at a
bot's hand, a rewound or replayed deal and the helper's game re-clicked are each listed apart
with their reason, and the student's first honest play of a deal still counts."""

from __future__ import annotations

import random

import pytest

from evo_lessons import GAMES, game_spec
from evo_lessons.classroom import pool
from evo_lessons.widgets import GameWidget

#: games with a per-seat secret (Adapt or Die hides only the piles' order)
PER_SEAT_SECRETS = ["climate", "niche", "adaptation", "phylo"]


def send(widget, content):
    widget._on_message(widget, content, [])
    assert widget.error == "", widget.error


def click_until(widget, rng: random.Random, done) -> None:
    """Play by clicks only: lift a cover, click one of the choices the page offers."""
    for _ in range(20_000):
        view = widget.view
        if view["over"] or done(widget):
            return
        if view["covered"]:
            send(widget, {"type": "reveal"})
            continue
        assert view["actions"], "a person's turn with no choice on the page"
        send(widget, {"type": "act", "index": rng.choice(view["actions"])["index"]})
    raise AssertionError("the game did not end")


def finish(widget, rng: random.Random) -> None:
    click_until(widget, rng, lambda w: False)


def name_and_code(widget, name: str = "Sam") -> str:
    send(widget, {"type": "name", "name": name})
    return widget.view["result"]["code"]


def pooled_problems(*codes: str) -> tuple[list[str], list[str]]:
    pooled = pool(list(codes))
    return pooled.games["name"].tolist(), pooled.apart["problem"].tolist()


def two_seat_widget(game: str, seed: int = 4242) -> GameWidget:
    spec = game_spec(game)
    return GameWidget(game, seed=seed, players=max(2, spec.min_players), plot=False)


# -- F1: a bot's hand, by clicks --------------------------------------------------------------
@pytest.mark.parametrize("game", PER_SEAT_SECRETS)
def test_a_bots_hand_shown_by_seat_menu_new_game_and_undo_is_listed_apart(game):
    """Route A: seat 2 to a person, New game, its hand on the screen, Undo to move 0, seat 2
    back to its bot, play: the page showed a bot's hand, so the game is apart ("peeked")."""
    rng = random.Random(1)
    widget = two_seat_widget(game)
    bot = widget.session.seats[1]
    send(widget, {"type": "seat", "seat": 1, "kind": "human"})
    send(widget, {"type": "new_game", "seed": None})
    click_until(widget, rng, lambda w: w.view["viewer"] == 1 and not w.view["covered"])
    assert widget.view["viewer"] == 1 and not widget.view["covered"]  # seat 2's own view
    while widget.session.position:
        send(widget, {"type": "undo"})
    send(widget, {"type": "seat", "seat": 1, "kind": bot})
    finish(widget, rng)
    assert widget.session.changed_seats == set()  # the old record saw nothing
    counted, apart = pooled_problems(name_and_code(widget))
    assert counted == [] and apart == ["peeked"]


@pytest.mark.parametrize("game", PER_SEAT_SECRETS)
def test_a_fixed_seed_dealt_again_after_a_peek_is_a_replayed_deal(game):
    """Route B: New game(seed) with seat 2 a person, its hand shown, New game(seed) with seat
    2 a bot: the second game is a replay of a deal already shown."""
    rng = random.Random(2)
    widget = two_seat_widget(game)
    bot = widget.session.seats[1]
    send(widget, {"type": "seat", "seat": 1, "kind": "human"})
    send(widget, {"type": "new_game", "seed": 777})
    click_until(widget, rng, lambda w: w.view["viewer"] == 1 and not w.view["covered"])
    send(widget, {"type": "seat", "seat": 1, "kind": bot})
    send(widget, {"type": "new_game", "seed": 777})
    finish(widget, rng)
    counted, apart = pooled_problems(name_and_code(widget))
    assert counted == [] and apart == ["replayed"]


def test_an_honest_game_with_the_students_own_hand_shown_counts():
    rng = random.Random(3)
    widget = two_seat_widget("phylo")
    finish(widget, rng)
    counted, apart = pooled_problems(name_and_code(widget))
    assert counted == ["Sam"] and apart == []


# -- F2: replaying one deal -------------------------------------------------------------------
@pytest.mark.parametrize("game", PER_SEAT_SECRETS)
def test_a_deal_rewound_with_the_timeline_and_played_again_is_apart_the_first_counts(game):
    rng = random.Random(4)
    widget = two_seat_widget(game)
    finish(widget, rng)
    first = name_and_code(widget)
    send(widget, {"type": "seek", "position": 0})  # the slider to 0, then other clicks
    widget._run_bots(frames=False)
    finish(widget, random.Random(100))
    second = widget.view["result"]["code"]
    assert second != first
    pooled = pool([second, first])
    assert pooled.games["code"].tolist() == [first]
    assert pooled.apart["problem"].tolist() == ["rewound"]


def test_undo_then_the_same_move_and_another_later_is_still_a_rewind():
    """Undo (the timeline is cut), the same move again: nothing is rewound yet; then another
    move where the game had gone before: a rewind (the student saw what came next)."""
    rng = random.Random(5)
    widget = two_seat_widget("phylo")
    click_until(widget, rng, lambda w: w.session.position >= 8)
    session = widget.session
    furthest = [action for action, _mover in session._furthest]
    send(widget, {"type": "undo"})
    send(widget, {"type": "undo"})
    send(widget, {"type": "act", "index": session.numbers[session.position]})
    assert session.deal_history["rewinds"] == 0  # the same move again is no rewind
    at = session.position
    legal = session.state.legal_actions()
    other = next(i for i, a in enumerate(legal) if a != furthest[at])
    send(widget, {"type": "act", "index": other})
    assert session.deal_history["rewinds"] == 1
    finish(widget, rng)
    assert pooled_problems(name_and_code(widget)) == ([], ["rewound"])


def test_new_game_with_the_seed_shown_at_the_end_is_a_replayed_deal():
    rng = random.Random(6)
    widget = two_seat_widget("climate")
    finish(widget, rng)
    first = name_and_code(widget)
    send(widget, {"type": "new_game", "seed": widget.view["seed"]})
    finish(widget, random.Random(7))
    second = widget.view["result"]["code"]
    counted, apart = pooled_problems(first, second)
    assert counted == ["Sam"] and apart == ["replayed"]
    assert pool([second, first]).games["code"].tolist() == [first]  # order does not matter


def test_the_rewind_route_of_the_red_team_no_longer_lifts_a_win_rate():
    """rewind_until_win, in small: up to 5 plays of each deal, stopping at a win. Every replay
    is apart, so what counts is one play per deal, as an honest student's would be."""
    codes, deals = [], 6
    for deal in range(deals):
        widget = two_seat_widget("phylo", seed=500 + deal)
        for attempt in range(5):
            if attempt:
                send(widget, {"type": "new_game", "seed": 500 + deal})
            finish(widget, random.Random(deal * 10 + attempt))
            codes.append(name_and_code(widget))
            if 0 in widget.state.winners:
                break
    pooled = pool(codes)
    assert len(pooled.games) == deals
    assert set(pooled.apart["problem"]) <= {"replayed"}
    assert len(pooled.games) + len(pooled.apart) == len(codes)


# -- F3: the helper's game re-clicked ---------------------------------------------------------
@pytest.mark.parametrize("game", ["phylo", "climate"])
def test_the_helpers_game_clicked_again_after_new_game_with_its_seed_is_apart(game):
    widget = two_seat_widget(game)
    send(widget, {"type": "play"})
    helped = name_and_code(widget)
    seed, moves = widget.view["seed"], list(widget.session.numbers)
    send(widget, {"type": "new_game", "seed": seed})
    session = widget.session
    while not widget.view["over"]:
        if widget.view["covered"]:
            send(widget, {"type": "reveal"})
            continue
        send(widget, {"type": "act", "index": moves[session.position]})
    laundered = widget.view["result"]["code"]
    for codes in ([laundered, helped], [helped, laundered]):
        pooled = pool(codes)
        assert pooled.games.empty
        assert len(pooled.apart) + len(pooled.rejected) == 2
        # the helper's exact moves: refused as the helper's (its seeded choices), or apart
        assert set(pooled.apart["problem"]) | set(pooled.rejected["problem"]) <= {
            "helped",
            "helper-first",
            "duplicate",
            "relabelled",
        }


def test_the_helpers_deal_replayed_in_a_fresh_kernel_has_no_first_play_to_credit():
    """Without the work file (a fresh kernel, another folder) the replay says it is a first
    play, as the helped game does: pooling cannot tell which came first, so neither counts."""
    first = two_seat_widget("phylo")
    send(first, {"type": "play"})
    helped = name_and_code(first)
    seed, moves = first.view["seed"], list(first.session.numbers)
    second = GameWidget("phylo", seed=seed, players=2, plot=False)
    while not second.view["over"]:
        if second.view["covered"]:
            send(second, {"type": "reveal"})
            continue
        send(second, {"type": "act", "index": moves[second.session.position]})
    laundered = name_and_code(second)
    pooled = pool([laundered, helped])
    assert pooled.games.empty
    assert pooled.apart["problem"].tolist() == ["helped"]
    # the copied moves are every one the helper's seeded choice: refused as relabelled
    assert pooled.rejected["problem"].tolist() == ["relabelled"]


def test_two_first_plays_of_one_deal_from_one_student_count_for_neither():
    """A fresh kernel knows nothing of the first play: both claim to be first."""
    codes = []
    for clicks in (11, 12):
        widget = two_seat_widget("phylo", seed=31)
        finish(widget, random.Random(clicks))
        codes.append(name_and_code(widget))
    assert codes[0] != codes[1]
    counted, apart = pooled_problems(*codes)
    assert counted == [] and apart == ["deal-twice", "deal-twice"]


def test_every_game_gets_its_history_into_the_result_code():
    from evo_lessons.engine.results import parse_result

    for game in GAMES:
        widget = two_seat_widget(game)
        finish(widget, random.Random(8))
        history = parse_result(name_and_code(widget))["play"]["history"]
        assert history == {"before": 0, "helper_first": False, "rewinds": 0, "peeked": []}


# -- F10: the error line names no move the page does not show ----------------------------------
@pytest.mark.parametrize("game", PER_SEAT_SECRETS)
def test_a_forged_choice_at_a_bots_turn_lists_none_of_the_bots_moves(game):
    widget = two_seat_widget(game)
    for seat, kind in enumerate(widget.session.seats):
        if kind == "human":
            widget._on_message(widget, {"type": "seat", "seat": seat,
                                        "kind": game_spec(game).helper_bot}, [])  # fmt: skip
    legal = [str(a) for a in widget.state.legal_actions()]
    widget._on_message(widget, {"type": "act", "index": 999}, [])
    assert widget.error and "Legal now" not in widget.error
    assert not any(action in widget.error for action in legal)


def test_a_choice_past_the_list_at_a_persons_turn_names_no_move_either():
    widget = two_seat_widget("phylo")
    widget._on_message(widget, {"type": "act", "index": 999}, [])
    assert "There are" in widget.error and "Legal now" not in widget.error
