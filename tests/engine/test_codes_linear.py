"""Saves and codes: the linear pre-check, one code body per game, exact versions, and move
tokens (robustness.md N1, N2 and §3's minor finding)."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from evo_lessons import game_spec
from evo_lessons.classroom import pool
from evo_lessons.engine import record, results
from evo_lessons.engine.seeds import check_seed
from evo_lessons.widgets import GameWidget
from evo_lessons.widgets.session import GameSession


def finished(game: str = "climate", seed: int = 3):
    from evo_lessons.engine import RandomBot, play_game

    state = game_spec(game).new_game(seed=seed, players=2)
    return play_game(state, [RandomBot(1), RandomBot(2)])


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        ("[[[]]]", False),
        ("[[[[]]]]", True),
        ('["[[[[[[", {"a": "]]]]"}]', False),  # brackets inside strings do not count
        ('["\\"[[[[[", [[["x"]]]]', True),  # nor escaped quotes end a string
        ('["\\\\", [[["x"]]]]', True),  # an escaped backslash does not escape the quote
        ('[["[[[[[[', False),  # a string left open runs to the end
        ('[["\\', False),  # ... even one ending in a lone backslash
        ("[\\[[[", True),  # a backslash outside strings is just a character
    ],
)
def test_the_pre_check_counts_brackets_outside_strings_only(text, deep):
    if deep:
        with pytest.raises(ValueError, match="nests more than 3"):
            record.check_json_text(text, depth=3)
    else:
        record.check_json_text(text, depth=3)


def deepest(text: str) -> int:
    """The reference: a character-by-character scan of the brackets outside strings."""
    level = top = 0
    inside = escaped = False
    for char in text:
        if inside:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                inside = False
        elif char == '"':
            inside = True
        elif char in "[{":
            level += 1
            top = max(top, level)
        elif char in "]}":
            level -= 1
    return top


@settings(max_examples=examples(3000), deadline=None)
@given(st.text(alphabet='[]{}"\\ a', max_size=40), st.integers(0, 4))
def test_the_pre_check_refuses_exactly_the_texts_nesting_too_deep(text, depth):
    if deepest(text) > depth:
        with pytest.raises(ValueError, match=f"nests more than {depth}"):
            record.check_json_text(text, depth=depth)
    else:
        record.check_json_text(text, depth=depth)


def test_an_unterminated_run_of_escaped_quotes_ends_the_scan():
    record.check_json_text('"' + '\\"' * 1_000_000, limit=10**8)  # one pass, then the parser
    with pytest.raises(ValueError, match="not a save"):
        record.parse_save('"' + '\\"' * 999_999)


def test_data_after_a_scenario_codes_stream_is_refused():
    state = finished()
    raw = json.dumps(record.compact_save(state)).encode()
    code = base64.urlsafe_b64encode(zlib.compress(raw) + b"more").decode().rstrip("=")
    with pytest.raises(ValueError, match="damaged"):
        record.parse_save(record.PREFIX + code)
    assert record.parse_save(record.encode(record.compact_save(state)))["seed"] == 3


@pytest.mark.parametrize("version", [True, 1.0, "1", None])
def test_a_save_version_must_be_the_whole_number_itself(version):
    data = record.save_dict(finished())
    data["version"] = version
    with pytest.raises(ValueError, match="version 1"):
        record.check_envelope(data)


def test_a_save_holds_its_moves_one_way_only():
    data = record.compact_save(finished())
    data["actions"] = []
    with pytest.raises(ValueError, match="one of"):
        record.check_envelope(data)


def test_moves_as_tokens_replay_the_same_game():
    state = finished("niche", 4)
    spec = game_spec("niche")
    assert record.replay(spec, record.compact_save(state)) == state
    assert len(json.dumps(record.compact_save(state))) < len(state.to_json()) / 5


@pytest.mark.parametrize("moves", ["zzzzzzzz", "A", "Ab", "!", "B"])
def test_bad_move_tokens_are_refused_with_a_sentence(moves):
    data = record.compact_save(finished())
    data["moves"] = moves
    with pytest.raises(ValueError, match="save rejected"):
        record.replay(game_spec("climate"), data)


def test_a_save_too_long_to_list_its_actions_lists_move_tokens(monkeypatch):
    state = finished()
    monkeypatch.setattr(record, "MAX_SAVE_BYTES", 200)
    text = state.to_json()
    assert '"moves"' in text and '"actions"' not in text
    monkeypatch.undo()
    assert game_spec("climate").load_json(text) == state


@pytest.mark.parametrize("bad", [-1, 2**63, True, 1.0, "7", None, [1]])
def test_one_rule_for_a_seed(bad):
    with pytest.raises(ValueError, match="A seed is a whole number from 0"):
        check_seed(bad)
    assert check_seed(0) == 0 and check_seed(2**63 - 1) == 2**63 - 1


@pytest.mark.parametrize("bad", [-5, 2**63])
def test_a_game_a_save_and_a_code_follow_the_same_seed_rule(bad):
    with pytest.raises(ValueError, match="A seed is a whole number from 0"):
        game_spec("climate").new_game(seed=bad)
    data = record.save_dict(finished())
    data["seed"] = bad
    with pytest.raises(ValueError, match="A seed is a whole number from 0"):
        record.check_envelope(data)


# -- issue 34 (F7): every decoder linear ----------------------------------------------------------
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
        results.check_game_result(game_spec("phylo"), data)
