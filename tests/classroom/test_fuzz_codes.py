"""Fuzzing the new inputs: move tokens, the linear pre-check, result codes and their record of
who played, and hand-in sections. Whatever comes in, the answer is a ValueError with a sentence
(or a correct reading), never another exception."""

from __future__ import annotations

import json

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from evo_lessons.classroom import check_code, pool, results_section
from evo_lessons.engine import record
from evo_lessons.engine.results import ResultCodeError

from .helpers import a_code, pack, unpack

FEW = settings(max_examples=examples(60), deadline=None, database=None)


@FEW
@given(st.lists(st.integers(0, 10**6), max_size=50))
def test_move_numbers_survive_their_tokens(numbers):
    assert record.decode_moves(record.encode_moves(numbers)) == numbers


@FEW
@given(st.text(max_size=40))
def test_any_moves_text_decodes_or_is_refused_with_a_sentence(text):
    try:
        numbers = record.decode_moves(text)
    except ValueError as error:
        assert str(error)
    else:
        assert record.encode_moves(numbers) == text  # one text for one list of moves


@FEW
@given(st.text(alphabet='[]{}"\\ a:,1', max_size=200))
def test_the_pre_check_never_lets_through_what_nests_too_deep(text):
    try:
        record.check_json_text(text, depth=3)
    except ValueError:
        return
    try:
        parsed = json.loads(text)
    except ValueError:
        return

    def depth(value):
        if isinstance(value, dict):
            return 1 + max((depth(v) for v in value.values()), default=0)
        if isinstance(value, list):
            return 1 + max((depth(v) for v in value), default=0)
        return 0

    assert depth(parsed) <= 3


PLAY_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 10**12), st.floats(), st.text(max_size=20),
    st.lists(st.integers(-2, 70), max_size=5),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)  # fmt: skip


@FEW
@given(key=st.sampled_from(["student", "loaded", "movers", "changed"]), value=PLAY_VALUES)
def test_a_forged_record_of_who_played_is_refused_or_read_never_crashes(key, value):
    data = unpack(a_code("Ada"))
    data["play"][key] = value
    try:
        row = check_code(pack(json.dumps(data)))
    except ResultCodeError as error:
        assert error.problem and error.sentence
    else:
        assert row["name"] == "Ada"


@FEW
@given(cut=st.integers(5, 300), junk=st.text(max_size=8))
def test_a_damaged_code_is_refused_with_a_problem_word(cut, junk):
    code = a_code("Ada")
    damaged = code[:cut] + junk + code[cut + len(junk) :]
    try:
        check_code(damaged)
    except ResultCodeError as error:
        assert error.problem
    except Exception as error:  # pragma: no cover - the failure this test looks for
        pytest.fail(f"{type(error).__name__}: {error}")


@FEW
@given(st.text(alphabet="<!-/>evo-rsultcin \n`EVR2", max_size=120))
def test_a_hand_in_section_is_found_once_or_refused(text):
    for markdown in (True, False):
        try:
            results_section(text, markdown)
        except ValueError as error:
            assert str(error)


@FEW
@given(st.binary(max_size=300))
def test_any_upload_is_pooled_without_an_exception(content):
    for name in ("x.md", "x.html", "x.txt"):
        pooled = pool({"name": name, "content": memoryview(content)})
        assert pooled.games.empty


@FEW
@given(
    scenario=st.one_of(
        st.none(), st.booleans(), st.integers(-3, 2**64), st.floats(), st.text(max_size=30),
        st.binary(max_size=30), st.dictionaries(st.text(max_size=6), st.integers(), max_size=4),
    ),
    lesson=st.one_of(st.none(), st.text(max_size=70), st.integers()),
)  # fmt: skip
def test_whatever_the_teacher_fixes_pooling_answers_or_says_why(scenario, lesson):
    from evo_lessons.classroom import Fixed

    try:
        Fixed.make(scenario, lesson)
    except ValueError as error:
        assert str(error)
