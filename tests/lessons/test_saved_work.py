"""Saved work: written on every change, read back by a new session (a restart, a reopen)."""

from __future__ import annotations

import json

from evo_lessons.lessons import Lesson, Work, start_lesson, work_path


def reopen(lesson: Lesson) -> Lesson:
    return Lesson(lesson.id, work_dir=lesson.folder)


def test_the_work_file_is_a_hidden_folder_beside_the_notebook(tmp_path):
    assert work_path("01_climate", tmp_path) == tmp_path / ".evo_work" / "01_climate.json"


def test_an_answer_survives_a_new_session_reading_the_same_file(climate):
    climate.question("climate-cooling", "Prompt?").answer = "The savannah shrinks."
    again = reopen(climate).question("climate-cooling", "Prompt?")
    assert again.answer == "The savannah shrinks."
    assert again.can_reveal


def test_the_name_survives_a_new_session(climate):
    climate.student().name = "Ada"
    assert reopen(climate).student().name == "Ada"


def test_checkpoint_results_survive_a_new_session(climate, capsys):
    climate.checkpoint("climate-demo-extinctions", True, "read the table", "run the demo")
    saved = reopen(climate).work.checkpoints["climate-demo-extinctions"]
    assert saved == {"passed": True, "message": "✓ read the table"}


def test_the_work_folder_keeps_itself_out_of_version_control(climate):
    climate.student().name = "Ada"
    assert (climate.work.path.parent / ".gitignore").read_text().splitlines()[-1] == "*"


def test_a_damaged_file_is_kept_aside_and_a_new_one_begins(tmp_path):
    path = work_path("01_climate", tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text("{ not json", encoding="utf-8")
    work = Work.open("01_climate", tmp_path)
    assert work.questions == {} and "could not be read" in work.problem
    assert [p.name for p in path.parent.glob("*.damaged")]


def test_a_file_for_another_lesson_is_not_read_as_this_one(tmp_path):
    path = work_path("01_climate", tmp_path)
    path.parent.mkdir(parents=True)
    other = {"format": "evo_lessons.work/1", "lesson": "02_niche", "student": "Bo"}
    path.write_text(json.dumps(other), encoding="utf-8")
    assert Work.open("01_climate", tmp_path).student == ""


def test_a_failed_save_says_why_and_keeps_the_lesson_going(tmp_path):
    (tmp_path / ".evo_work").write_text("a file where the folder should be", encoding="utf-8")
    lesson = Lesson("01_climate", work_dir=tmp_path)
    box = lesson.question("climate-cooling", "Prompt?")
    box.answer = "Still works."
    assert box.can_reveal
    assert "could not be saved" in box.status


def test_starting_a_lesson_twice_in_one_kernel_gives_the_same_lesson(tmp_path):
    first = start_lesson("01_climate", work_dir=tmp_path)
    assert start_lesson("01_climate", work_dir=tmp_path) is first


def test_a_game_move_records_the_scenario_code(climate):
    from evo_lessons import GameWidget

    game = climate.track_game(GameWidget("climate", seed=3, players=2, plot=False))
    assert "climate" not in climate.work.games  # a fresh game is not on record until it moves
    game.step()
    saved = reopen(climate).work.games["climate"]
    assert saved["moves"] == len(game.state.history) and saved["over"] is False
