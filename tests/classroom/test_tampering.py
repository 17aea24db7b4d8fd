"""Every kind of tampered result code is rejected, and the rejection names what is wrong.

A code is checked in layers (prefix, size, base64, zlib, JSON size and depth, format and
version, kind, name, fields), then the game is replayed through its rules; each test below
damages one layer and expects that layer's word in ``problem``.
"""

from __future__ import annotations

import json

import pytest

from evo_lessons.classroom import check_code, pool
from evo_lessons.engine import record, results
from evo_lessons.engine.results import ResultCodeError

from .helpers import a_code, pack, readable, repack, unpack


def problem_of(code: str) -> str:
    with pytest.raises(ResultCodeError) as caught:
        check_code(code)
    assert str(caught.value)  # a sentence, never an empty error
    return caught.value.problem


def edited(change) -> str:
    data = readable(unpack(a_code()))
    change(data)
    return repack(data)


def test_a_good_code_is_accepted_with_its_name():
    assert check_code(a_code("Ada Lovelace"))["name"] == "Ada Lovelace"


def test_a_bad_prefix_is_named():
    assert problem_of("XYZ1-" + a_code()[5:]) == "prefix"
    assert problem_of("hello") == "prefix"


def test_a_scenario_code_is_never_taken_for_a_result():
    scenario = record.encode(unpack(a_code())["save"])
    assert scenario.startswith("EVO1-") and problem_of(scenario) == "scenario"


def test_damaged_base64_is_named():
    code = a_code()
    assert problem_of(code[:40] + "!" + code[41:]) == "base64"
    assert problem_of(code[:-1] if len(code[5:]) % 4 == 2 else code + "A") == "base64"


def test_data_that_does_not_unpack_is_named():
    assert problem_of("EVR1-" + "QUJDREVGR0hJSktM" * 4) == "zlib"
    assert problem_of(a_code()[:-8]) == "zlib"  # cut short, but still whole base64


def test_a_wrong_version_is_named():
    assert problem_of("EVR3-" + a_code()[5:]) == "version"
    assert problem_of(edited(lambda d: d.update(version=3))) == "version"
    assert problem_of(edited(lambda d: d.update(version=True))) == "version"


def test_an_unknown_game_is_named():
    assert problem_of(edited(lambda d: d["save"].update(game="chess"))) == "game"


def test_an_illegal_move_is_named():
    def swap(data):  # keep a card where a challenge must be chosen
        actions = data["save"]["actions"]
        choose = next(i for i, a in enumerate(actions) if a["type"] == "ChooseChallenge")
        actions[choose] = {"type": "KeepCard"}

    assert problem_of(edited(swap)) == "move"


def test_an_unfinished_game_is_named():
    assert problem_of(edited(lambda d: d["save"]["actions"].pop())) == "unfinished"


@pytest.mark.parametrize(
    "forge",
    [
        lambda d: d["save"].update(seed="5"),
        lambda d: d["save"].update(seed=5.0),
        lambda d: d["save"].update(actions={"0": 1}),
        lambda d: d.update(kind="games"),
        lambda d: d.update(extra=1),
        lambda d: d["save"].update(seats=["human", "keeper", "oracle"]),
    ],
    ids=["seed-text", "seed-float", "actions-object", "kind", "extra-key", "unknown-bot"],
)
def test_a_forged_field_type_is_named(forge):
    assert problem_of(edited(forge)) in ("field", "kind")


def test_a_move_with_a_forged_field_type_is_refused():
    def forge(data):  # a challenge named by a number instead of its word
        actions = data["save"]["actions"]
        choose = next(a for a in actions if a["type"] == "ChooseChallenge")
        choose["challenge"] = 1

    assert problem_of(edited(forge)) == "move"


def test_bad_options_are_named():
    assert problem_of(edited(lambda d: d["save"]["options"].update(players=99))) == "options"


def test_too_deep_is_refused_before_parsing():
    deep = '{"format":"evo_lessons.result","version":2,"kind":"game","name":"A","save":'
    deep += "[" * 5000 + "]" * 5000 + "}"
    assert problem_of(pack(deep)) == "depth"


def test_too_large_is_refused_before_unpacking():
    assert problem_of("EVR2-" + "A" * (results.MAX_CODE_CHARS + 1)) == "size"
    assert problem_of(pack(b" " * (results.MAX_RESULT_BYTES + 10))) == "size"  # a zip bomb


@pytest.mark.parametrize("name", [5, None, ["Ada"], {"n": "Ada"}])
def test_a_name_that_is_not_text_is_named(name):
    assert problem_of(edited(lambda d: d.update(name=name))) == "name"


@pytest.mark.parametrize("name", ["A" * (results.MAX_NAME + 1), "", "   ", "Ada\u0000"])
def test_a_name_too_long_empty_or_with_control_characters_is_named(name):
    assert problem_of(edited(lambda d: d.update(name=name))) == "name"


def test_json_that_is_not_a_result_is_named():
    assert problem_of(pack(json.dumps([1, 2, 3]))) == "field"
    assert problem_of(pack("{not json")) == "json"


def test_pool_lists_every_rejected_code_with_its_reason_and_counts_none():
    good = a_code("Ada")
    bad = ["XYZ1-abc", good[:40] + "!" + good[41:], "EVR3-" + good[5:]]
    games, rejected = pool([good, *bad])
    assert games["name"].tolist() == ["Ada"]
    assert rejected["problem"].tolist() == ["prefix", "base64", "version"]
    assert rejected["reason"].map(len).min() > 20
