"""A refused move, save or code says why in the reader's language; what it is (its type, its
problem word) never depends on the language."""

from __future__ import annotations

import json

import pytest

from evo_lessons.engine import IllegalAction, record, results
from evo_lessons.engine.results import ResultCodeError
from evo_lessons.games import climate
from evo_lessons.i18n import speaking


def _refusal(code: str, lang: str) -> ResultCodeError:
    with speaking(lang), pytest.raises(ResultCodeError) as caught:
        results.parse_result(code)
    return caught.value


@pytest.mark.parametrize(
    "code",
    ["EVO1-abc", "EVR2-@@@", "hello", "EVR9-abc", '{"format": "x"}', "EVR2-" + "A" * 40],
)
def test_a_refused_result_code_has_the_same_problem_in_every_language(code):
    en, es = _refusal(code, "en"), _refusal(code, "es")
    assert en.problem == es.problem
    assert en.sentence != es.sentence  # each says why in its own words


def test_a_damaged_result_code_is_refused_in_spanish():
    refused = _refusal("EVR2-@@@", "es")
    assert refused.problem == "base64"
    assert "dañado" in refused.sentence and "EVR2-" in refused.sentence


def test_a_refused_save_is_a_save_rejected_in_every_language():
    state = climate.new_game(players=2, seed=3)
    state.apply(state.legal_actions()[0])
    data = record.save_dict(state)
    data.pop("actions", None)
    data["moves"] = "z"  # move number 25: no such choice at the start
    text = json.dumps(data)
    said = {}
    for lang in ("en", "es"):
        with speaking(lang), pytest.raises(record.SaveRejected) as caught:
            climate.load_json(text)
        said[lang] = str(caught.value)
    assert said["en"].startswith("save rejected: ")
    assert said["es"].startswith("partida guardada rechazada: ")


def test_an_illegal_move_is_refused_in_spanish_and_names_the_legal_ones():
    state = climate.new_game(players=2, seed=3)
    legal = state.legal_actions()
    with speaking("es"), pytest.raises(IllegalAction) as caught:
        state.apply(object())  # type: ignore[arg-type]
    assert str(caught.value).startswith("Jugada no permitida")
    assert caught.value.legal == list(legal)


def test_a_seed_is_refused_in_spanish():
    from evo_lessons.engine.seeds import check_seed

    with speaking("es"), pytest.raises(ValueError, match="Una semilla es un número entero"):
        check_seed(-1)
