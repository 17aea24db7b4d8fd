"""The session behind the widget: timeline, undo, seats and scenarios (no widget needed)."""

from __future__ import annotations

import json

import pytest

from evo_lessons.engine import IllegalAction, record, results
from evo_lessons.engine.record import PREFIX
from evo_lessons.widgets.session import GameSession


def played(seats=("planner", "planner", "planner"), moves=25, seed=4) -> GameSession:
    """A game part-played by bots, in a teacher's session (scenario codes at any time)."""
    session = GameSession("climate", seed=seed, seats=list(seats), players=len(seats), teacher=True)
    for _ in range(moves):
        if session.state.is_over:
            break
        session.bot_step()
    return session


def test_seek_back_replays_exactly_the_earlier_state():
    session = played()
    twin = GameSession("climate", seed=4, seats=["planner"] * 3, players=3)
    for action in session.actions[:10]:
        twin.apply(action)
    session.seek(10)
    assert session.state == twin.state
    assert session.position == 10 and len(session.actions) == 25


def test_seek_forward_again_restores_the_future():
    session = played()
    final = session.state.clone()
    session.seek(3)
    session.seek(25)
    assert session.state == final


def test_acting_after_a_rewind_cuts_off_the_old_future():
    session = played()
    session.seek(5)
    session.bot_step()
    assert len(session.actions) == 6 and session.position == 6


def test_rows_are_recorded_for_every_step_and_every_player():
    session = played(moves=12)
    assert {row["step"] for row in session.rows} == set(range(13))
    assert len(session.rows) == 13 * 3
    session.seek(4)
    assert max(row["step"] for row in session.rows) == 4


def test_undo_goes_back_to_before_the_last_human_decision():
    session = GameSession("climate", seed=9, seats=["human", "planner", "planner"], players=3)
    session.act_index(0)  # the human places the species
    while not session.is_human_turn():
        session.bot_step()
    human_moves = [i for i, who in enumerate(session.actors) if who == 0]
    session.undo()
    assert session.position == human_moves[-1]
    assert session.is_human_turn()


def test_a_browser_index_must_be_a_legal_choice_on_a_human_turn():
    session = GameSession("climate", seed=2, seats=["human", "planner"], players=2)
    before = session.state.fingerprint()
    for bad in (-1, 999, True, "0", 1.0, None):
        with pytest.raises(IllegalAction):
            session.act_index(bad)
    assert session.state.fingerprint() == before


def test_a_human_index_is_refused_on_a_bot_turn():
    session = GameSession("climate", seed=2, seats=["planner", "human"], players=2)
    with pytest.raises(IllegalAction, match="bot's turn"):
        session.act_index(0)


def test_seats_are_checked():
    with pytest.raises(ValueError, match="seats are needed"):
        GameSession("climate", seats=["human"], players=2)
    with pytest.raises(ValueError, match="one of the bots"):
        GameSession("climate", seats=["human", "alphago"], players=2)


def test_scenario_code_round_trips_the_position():
    session = played(moves=15)
    code = session.scenario_code()
    assert code.startswith(PREFIX)
    again = GameSession.from_scenario(code)
    assert again.state == session.state and again.seats == session.seats


def test_scenario_json_without_moves_starts_the_same_game():
    session = played(moves=15)
    data = session.scenario(include_moves=False)
    fresh = GameSession.from_scenario(json.dumps(data))
    assert fresh.position == 0 and fresh.seed == session.seed
    assert fresh.state == GameSession("climate", seed=4, seats=["planner"] * 3, players=3).state


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.update(game="chess"),
        lambda d: d.update(seed="x"),
        lambda d: d.update(seats=["human"]),
        lambda d: d.update(options={"players": 9}),
        lambda d: d.update(extra=1),
        lambda d: d["actions"].append({"type": "Move", "cell": 1}),
        lambda d: d["actions"].__setitem__(0, {"type": "Place", "cell": 1}),
        lambda d: d.update(moves="zzzz"),
    ],
)
def test_a_tampered_scenario_is_rejected(mutate):
    session = played(moves=15)
    data = record.save_dict(session.state, seats=session.seats)  # the readable form
    mutate(data)
    with pytest.raises(ValueError):
        GameSession.from_scenario(json.dumps(data))


def test_a_damaged_code_is_rejected_with_a_message():
    code = played(moves=5).scenario_code()
    for bad in (code[:-7], "EVO1-!!!!", "hello", code.replace(PREFIX, "EVO9-")):
        with pytest.raises(ValueError):
            GameSession.from_scenario(bad)


def test_history_csv_has_a_header_and_a_line_per_row():
    session = played(moves=6)
    lines = session.to_csv().strip().splitlines()
    assert lines[0].startswith("step,turn,round,player")
    assert len(lines) == 1 + len(session.rows)


# -- the API the widget and the class tools rely on --------------------------------------------
def test_a_scenario_code_is_refused_mid_game_when_the_game_hides_cards():
    session = GameSession("niche", seed=5, seats=["human", "planner", "planner"], players=3)
    assert session.spec.hidden_information and not session.scenario_code_ready
    with pytest.raises(ValueError, match="hidden cards"):
        session.scenario_code()


def test_a_teacher_session_gives_the_scenario_code_mid_game():
    session = GameSession("niche", 5, ["human", "planner", "planner"], players=3, teacher=True)
    assert session.scenario_code_ready
    assert session.scenario_code().startswith(PREFIX)


def test_the_scenario_code_is_given_once_the_game_is_over():
    session = GameSession("niche", seed=5, seats=["planner"] * 3, players=3)
    session.play_to_end()
    assert session.scenario_code_ready and session.scenario_code().startswith(PREFIX)


@pytest.mark.parametrize("bad", [-5, 2**63, True, 1.5, "7"])
def test_a_seed_breaking_the_one_seed_rule_is_refused(bad):
    with pytest.raises(ValueError, match="A seed is a whole number"):
        GameSession("climate", seed=bad, players=2)
    session = GameSession("climate", seed=1, players=2)
    with pytest.raises(ValueError, match="A seed is a whole number"):
        session.new_game(bad)


def test_every_move_records_who_chose_it():
    session = GameSession("climate", seed=9, seats=["human", "planner", "planner"], players=3)
    session.act_index(0)
    session.run_bots()
    session.bot_step()  # Step on the person's turn: the helper bot moves for them
    assert session.movers[0] == "person"
    assert set(session.movers[1:-1]) <= {"planner"}
    assert session.movers[-1] == "helper"
    assert len(session.movers) == len(session.actions) == len(session.numbers)


def test_a_bot_plays_the_same_move_after_an_undo():
    session = GameSession("climate", seed=9, seats=["human", "random", "random"], players=3)
    session.act_index(0)
    session.run_bots()
    first = list(session.actions)
    session.seek(1)
    session.run_bots()
    assert session.actions == first


def test_a_loaded_scenario_s_moves_are_the_scenario_s():
    teacher = played(moves=6)
    student = GameSession.from_scenario(teacher.scenario_code())
    assert student.movers == ["scenario"] * 6 and student.loaded_moves == 6


def test_switching_a_seat_mid_game_is_recorded():
    session = GameSession("climate", seed=9, seats=["human", "planner", "planner"], players=3)
    session.set_seat(2, "random")  # before the first move: setting up, not a change
    session.act_index(0)
    session.set_seat(1, "human")
    assert session.changed_seats == {1}


def test_the_result_code_records_seats_student_movers_and_lesson():
    session = GameSession("climate", seed=9, seats=["human", "planner", "planner"], players=3)
    session.act_index(0)
    session.run_bots()
    session.play_to_end()
    data = results.parse_result(session.result_code("Ada", "01_climate"))
    assert data["lesson"] == "01_climate" and data["save"]["seats"] == session.seats
    assert data["play"]["student"] == 0 and data["play"]["movers"].startswith("p1h")


def test_a_result_code_needs_a_finished_game():
    session = GameSession("climate", seed=9, players=2)
    with pytest.raises(ValueError, match="finished game"):
        session.result_code("Ada")
