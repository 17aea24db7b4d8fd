"""widget.finished_games: every distinct game finished in a widget, for the lesson's hand-in."""

from __future__ import annotations

from evo_lessons.widgets import GameWidget


def send(widget, content):
    widget._on_message(widget, content, [])


def watched(**kwargs) -> tuple[GameWidget, list]:
    w = GameWidget("climate", seed=8, players=2, plot=False, **kwargs)
    counts: list[int] = []
    w.observe(lambda change: counts.append(change["new"]), names="finished_count")
    return w, counts


def play_by_hand(widget: GameWidget) -> None:
    """The person always takes the first choice; bots play their own seats."""
    while not widget.state.is_over:
        widget.act(0)


def test_no_game_is_listed_before_one_finishes():
    w, counts = watched()
    assert w.finished_games == [] and w.finished_count == 0 and counts == []


def test_a_finished_game_is_listed_once_and_fires_finished_count():
    w, counts = watched()
    play_by_hand(w)
    w._refresh()  # a redraw of the same finished game does not list it again
    assert counts == [1] and w.finished_count == 1
    (entry,) = w.finished_games
    assert entry["number"] == 1 and entry["label"] == "The Climate game, game 1"
    assert entry["helped"] is False and entry["result_code"] is None


def test_a_game_the_helper_played_to_the_end_is_marked_helped():
    w, _ = watched()
    w.play_to_end()
    assert w.finished_games[0]["helped"] is True


def test_step_on_the_persons_turn_marks_the_game_helped():
    w, _ = watched()
    w.step()  # the helper moves for the person
    play_by_hand(w)
    assert w.finished_games[0]["helped"] is True


def test_a_helper_move_undone_and_replayed_by_hand_is_not_helped():
    w, _ = watched()
    w.step()
    w.seek(0)
    play_by_hand(w)
    assert w.finished_games[0]["helped"] is False


def test_undo_past_the_end_and_finishing_again_differently_lists_a_second_game():
    w, counts = watched()
    play_by_hand(w)
    w.undo()
    legal = w.state.legal_actions()
    w.act(len(legal) - 1)  # another choice this time
    play_by_hand(w)
    assert counts == [1, 2] and [g["number"] for g in w.finished_games] == [1, 2]


def test_rewinding_to_the_same_end_does_not_list_it_again():
    w, counts = watched()
    play_by_hand(w)
    end = w.session.position
    w.seek(1)
    w.seek(end)
    assert counts == [1]


def test_a_second_game_is_listed_after_new_game():
    w, _ = watched()
    play_by_hand(w)
    w.new_game(seed=9)
    play_by_hand(w)
    assert [g["label"] for g in w.finished_games] == [
        "The Climate game, game 1",
        "The Climate game, game 2",
    ]


def test_a_name_typed_gives_every_finished_game_its_result_code():
    w, _ = watched()
    play_by_hand(w)
    w.new_game(seed=9)
    play_by_hand(w)
    send(w, {"type": "name", "name": "Ada"})
    codes = [g["result_code"] for g in w.finished_games]
    assert all(c and c.startswith("EVR2-") for c in codes) and codes[0] != codes[1]


def test_a_game_finished_after_the_name_was_typed_has_its_code_at_once():
    w, _ = watched()
    play_by_hand(w)
    send(w, {"type": "name", "name": "Ada"})
    w.new_game(seed=9)
    play_by_hand(w)
    assert w.finished_games[1]["result_code"].startswith("EVR2-")


def test_finished_games_is_a_copy_the_caller_cannot_change():
    w, _ = watched()
    play_by_hand(w)
    w.finished_games[0]["helped"] = True
    assert w.finished_games[0]["helped"] is False
