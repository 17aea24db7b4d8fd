"""Codes never depend on the language: the same seeded game in English and Spanish gives
byte-identical result and scenario codes, and a Spanish hand-in pools beside an English one."""

from __future__ import annotations

import pytest

from evo_lessons import GAMES
from evo_lessons.classroom import pool
from evo_lessons.lessons.handin import to_html, to_markdown, with_work
from evo_lessons.lessons.work import Work
from evo_lessons.widgets.game_widget import GameWidget


def _finished(game: str, lang: str, seed: int = 11) -> GameWidget:
    widget = GameWidget(game, seed=seed, lang=lang, plot=False)
    widget.play_to_end()
    return widget


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_same_seeded_game_gives_the_same_codes_in_english_and_spanish(game):
    en, es = _finished(game, "en"), _finished(game, "es")
    assert es.lang == "es" and en.lang == "en"
    assert es.result_code("Ana") == en.result_code("Ana")
    assert es.scenario_code() == en.scenario_code()
    assert es.to_csv() == en.to_csv()  # column names and values: data, never translated


def test_the_widget_speaks_its_own_language_beside_another():
    es, en = GameWidget("climate", seed=3, lang="es"), GameWidget("climate", seed=3, lang="en")
    assert es.strings["undo"] == "Deshacer" and en.strings["undo"] == "Undo"
    assert "Jugador 1" in es.view["status"] and "Player 1" in en.view["status"]


def _work(tmp_path, lang: str, name: str) -> Work:
    work = Work("01", tmp_path / f"{name}.json")
    work.student = name
    work.lang = lang  # type: ignore[attr-defined]  # the lesson's language (start_lesson(lang=))
    widget = GameWidget("climate", seed=len(name) * 7 + ord(name[0]), lang=lang, plot=False)
    while not widget.state.is_over:  # the student plays every move of their seat (counted)
        widget.act(len(widget.state.legal_actions()) - 1)
    work.results.append({"label": "Game 1", "game": "climate", "code": widget.result_code(name)})
    return work


def test_a_spanish_hand_in_says_its_language_and_keeps_the_results_marker(tmp_path):
    page = to_html(_work(tmp_path, "es", "Ana"), "Clima")
    assert '<html lang="es" dir="ltr">' in page
    assert '<section id="evo-results">' in page
    assert "Resultados para la clase" in page


def test_a_right_to_left_hand_in_says_dir_rtl(tmp_path):
    work = Work("01", tmp_path / "w.json")
    work.lang = "ar"  # type: ignore[attr-defined]
    assert '<html lang="ar" dir="rtl">' in to_html(work, "Climate")


def test_pooling_counts_a_spanish_hand_in_beside_an_english_one(tmp_path):
    files = []
    for lang, name in (("es", "Ana"), ("en", "Ben")):
        work = _work(tmp_path, lang, name)
        for suffix, text in ((".html", to_html(work, "Climate")), (".md", to_markdown(work, "C"))):
            path = tmp_path / f"{name}{suffix}"
            path.write_text(with_work(text, work), encoding="utf-8")  # sealed, as handed in
            files.append(path)
    results = pool([f for f in files if f.suffix == ".html"])
    assert sorted(results.games["name"]) == ["Ana", "Ben"]
    assert results.rejected.empty
    results = pool([f for f in files if f.suffix == ".md"])
    assert sorted(results.games["name"]) == ["Ana", "Ben"]
