"""Saves and codes: the linear pre-check, one code body per game, exact versions, and move
tokens (robustness.md N1, N2 and §3's minor finding)."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evo_lessons import game_spec
from evo_lessons.engine import record
from evo_lessons.engine.seeds import check_seed


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


@settings(max_examples=3000, deadline=None)
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
