"""Every decoder linear (F7): a move number has a digit cap, moves are read as the replay
goes, and a hostile code stops at its first bad move. Work is counted, never timed."""

from __future__ import annotations

import pytest

from evo_lessons.classroom import pool
from evo_lessons.engine import record, results
from evo_lessons.widgets import GameWidget
from evo_lessons.widgets.session import GameSession


class Counted(str):
    """A string that counts how many characters a decoder reads from it."""

    def __iter__(self):
        self.read = 0
        for char in str.__iter__(self):
            self.read += 1
            yield char


def test_a_move_number_of_more_digits_than_the_cap_is_refused_where_it_stands():
    text = Counted("B" * 1_000_000 + "a")
    with pytest.raises(ValueError, match="longer than 4 digits"):
        record.decode_moves(text)
    assert text.read == record.MAX_MOVE_DIGITS


def test_every_move_number_a_game_can_offer_round_trips_under_the_cap():
    numbers = [0, 31, 32, 1023, 1024, 32**4 - 1]
    assert record.decode_moves(record.encode_moves(numbers)) == numbers


def test_a_replay_reads_only_the_moves_it_plays():
    session = GameSession("phylo", 3, ["human", "builder"])
    session.play_to_end()
    save = session.scenario(True)
    save["moves"] = Counted(save["moves"] + "a" * 1_000_000)  # a game "continued" after its end
    data = results.game_result(save, "Ann", play=session.play_record())
    data["save"]["moves"] = save["moves"]
    from evo_lessons import game_spec

    with pytest.raises(results.ResultCodeError, match="no such move"):
        results.check_game_result(game_spec("phylo"), data)
    assert save["moves"].read <= len(session.actions) + 1


def test_a_3kb_code_that_unpacks_to_2mb_is_refused_unread():
    session = GameSession("phylo", 3, ["human", "builder"])
    session.play_to_end()
    data = results.game_result(session.scenario(True), "Ann", play=session.play_record())
    data["save"]["moves"] = "B" * 1_990_000 + "a"
    code = results.encode(data)
    assert len(code) < 4_000
    pooled = pool(code)
    assert pooled.rejected["problem"].tolist() == ["size"]
    assert "64 times its own length" in pooled.rejected["reason"].iloc[0]


def test_a_move_number_past_the_cap_in_a_code_is_refused_as_a_move():
    session = GameSession("phylo", 3, ["human", "builder"])
    session.play_to_end()
    data = results.game_result(session.scenario(True), "Ann", play=session.play_record())
    data["save"]["moves"] = "BBBBBa" + data["save"]["moves"]
    pooled = pool(results.encode(data))
    assert pooled.rejected["problem"].tolist() == ["move"]
    assert "longer than 4 digits" in pooled.rejected["reason"].iloc[0]


def test_honest_codes_unpack_well_inside_the_ratio():
    session = GameSession("adapt_or_die", 3, ["human", "fitter", "fitter"], players=3)
    session.play_to_end()
    code = session.result_code("Ann")
    inflated = record.unpack(code[5:], 10**8)
    assert len(inflated) < results.INFLATE_RATIO / 4 * len(code)


def test_a_huge_move_number_in_the_widgets_load_box_gets_a_sentence():
    widget = GameWidget("climate", seed=1, plot=False)
    save = widget.session.scenario(True)
    save["moves"] = "B" * 80_000 + "a"
    widget._on_message(widget, {"type": "load_code", "code": record.encode(save)}, [])
    assert "longer than 4 digits" in widget.error and "Exceeds" not in widget.error


def test_a_movers_record_claiming_millions_of_moves_is_read_as_the_replay_goes():
    session = GameSession("phylo", 3, ["human", "builder"])
    session.play_to_end()
    data = results.game_result(session.scenario(True), "Ann", play=session.play_record())
    data["play"]["movers"] = "h1999999"
    with pytest.raises(results.ResultCodeError, match="longer than the game"):
        results.check_game_result(__import__("evo_lessons").game_spec("phylo"), data)
