"""A lesson's hand-in carries the finished game's result code, and the class pool reads it."""

from __future__ import annotations

from evo_lessons.classroom import pool, result_code
from evo_lessons.engine.results import MAX_NAME, fit_name
from evo_lessons.lessons import Lesson
from evo_lessons.population import Population
from evo_lessons.widgets import GameWidget


def test_a_hand_in_folder_pools_into_the_students_game(tmp_path):
    lesson = Lesson("01_climate", work_dir=tmp_path)
    lesson.work.set_student("Ada Lovelace")
    game = GameWidget("climate", seed=11, players=3, plot=False)
    lesson.track_game(game)
    game.play_to_end()
    written = lesson.write_hand_in()
    assert all("EVR" in path.read_text(encoding="utf-8") for path in written)
    results = pool(tmp_path)
    assert results.rejected.empty
    # the helper played this game to the end: genuine, listed apart, not the student's result
    assert set(results.apart["problem"]) <= {"helped", "unrecorded", "no-results"}


def test_a_name_box_too_long_for_a_code_is_trimmed_not_refused(tmp_path):
    lesson = Lesson("01_climate", work_dir=tmp_path)
    lesson.work.set_student("Ada " * 40 + "\u0007")
    game = lesson.track_game(GameWidget("climate", seed=11, players=3, plot=False))
    game.play_to_end()
    lesson.write_hand_in()
    results = pool(tmp_path)
    assert results.rejected.empty
    assert all(len(n) <= MAX_NAME for n in results.apart["name"].dropna())


def test_fit_name_keeps_one_printable_line():
    assert fit_name("  Ada \n Lovelace\u0007 ") == "Ada Lovelace"
    assert fit_name("\u200b") == ""


def test_a_stepped_population_hands_in_a_code_that_pools():
    population = Population("climate", size=300, mutation_rate=0.01, seed=2, temperature=2)
    population.step(15)
    population.change_environment(temperature=3)
    population.step(5)
    results = pool(result_code(population, "Chen"))
    assert results.rejected.empty and results.populations["generations"].tolist() == [20]
