"""Issue 34 on the lesson side: half an emoji never stops saving (F11), a restore never
takes back "the model answer was shown" (F6), deals played are kept across kernels, and a
restored hand-in lists its questions in the lesson's order (issue 36's walk)."""

from __future__ import annotations

import json
import random

from evo_lessons.lessons import Lesson
from evo_lessons.lessons.handin import to_markdown
from evo_lessons.lessons.restore import read_hand_in
from evo_lessons.lessons.work import Work
from evo_lessons.widgets import GameWidget

HALF_EMOJI = "\ud83d"


def send(widget, content):
    widget._on_message(widget, content, [])


# -- F11: half an emoji -----------------------------------------------------------------------
def test_half_an_emoji_typed_in_the_name_box_never_stops_saving(tmp_path):
    lesson = Lesson("01_climate", work_dir=tmp_path)
    lesson.work.set_student(f"Zoe {HALF_EMOJI}")
    assert lesson.work.save() and lesson.work.problem == ""
    question = lesson.question("climate-cooling", "P?", stage="predict")
    question.answer = f"x {HALF_EMOJI} y"
    assert question.status == "Saved."
    saved = json.loads(lesson.work.path.read_text(encoding="utf-8"))
    assert saved["student"] == "Zoe \ufffd"
    assert saved["questions"]["climate-cooling"]["answer"] == "x \ufffd y"


def test_a_work_file_holding_an_escaped_lone_surrogate_opens_and_saves_again(tmp_path):
    work = Work.open("01_climate", tmp_path)
    work.set_answer("climate-cooling", "fine")
    text = work.path.read_text(encoding="utf-8").replace("fine", "\\ud83d half")
    work.path.write_text(text, encoding="utf-8")
    again = Work.open("01_climate", tmp_path)
    assert again.problem == "" and again.answer("climate-cooling") == "\ufffd half"
    assert again.set_answer("climate-cooling", "more") and again.problem == ""


def test_a_save_that_cannot_be_written_says_so_in_the_page(tmp_path):
    lesson = Lesson("01_climate", work_dir=tmp_path)
    question = lesson.question("climate-cooling", "P?", stage="predict")
    lesson.work.questions["climate-cooling"]["prompt"] = HALF_EMOJI  # past the boundary
    question.answer = "x"
    assert question.status.startswith("Your work could not be saved")


# -- F6: the reveal record survives a restore -------------------------------------------------
def test_re_uploading_the_hand_in_made_before_reveal_keeps_the_model_answer_note(tmp_path):
    lesson = Lesson("01_climate", work_dir=tmp_path)
    question = lesson.question("climate-cooling", "P?", stage="predict")
    question.answer = "x"
    before = lesson.write_hand_in()[1].read_text(encoding="utf-8")
    assert question.reveal()
    question.answer = question.model_answer
    assert lesson.restore_text(before)  # the upload box
    record = lesson.work.questions["climate-cooling"]
    assert record["revealed"] and record["answer_when_revealed"] == "x"
    question.answer = question.model_answer or "copied"
    after = lesson.write_hand_in()[1].read_text(encoding="utf-8")
    assert "model answer was shown" in after


# -- deals played, kept across kernels --------------------------------------------------------
def finish(widget, rng):
    while not widget.view["over"]:
        if widget.view["covered"]:
            send(widget, {"type": "reveal"})
            continue
        send(widget, {"type": "act", "index": rng.choice(widget.view["actions"])["index"]})


def test_a_deal_played_in_one_kernel_is_a_replay_in_the_next(tmp_path):
    first = Lesson("05_phylo", work_dir=tmp_path)
    widget = first.track_game(GameWidget("phylo", seed=321, plot=False))
    finish(widget, random.Random(1))
    assert json.loads(first.work.path.read_text())["deals"]["phylo:321"]["shown"] == 1
    second = Lesson("05_phylo", work_dir=tmp_path)  # a new kernel: the work file only
    assert second is not first
    again = second.track_game(GameWidget("phylo", seed=321, plot=False))
    assert again.session.deal_history["before"] == 1


def test_a_restored_hand_in_brings_its_deals(tmp_path):
    lesson = Lesson("05_phylo", work_dir=tmp_path)
    lesson.track_game(GameWidget("phylo", seed=99, plot=False))
    text = lesson.write_hand_in()[0].read_text(encoding="utf-8")
    assert read_hand_in(text)["deals"]["phylo:99"]["shown"] == 1


# -- issue 36: questions in the lesson's order after a restore --------------------------------
def test_a_restored_hand_in_lists_questions_in_the_lessons_order(tmp_path):
    lesson = Lesson("01_climate", work_dir=tmp_path / "one")
    # the lesson asks these in this order; sorted by id they come the other way round
    asked = ["climate-play-log", "climate-matching-line", "climate-curve-shape"]
    assert sorted(asked) != asked
    for number, question_id in enumerate(reversed(asked)):
        lesson.question(question_id, f"Q{number}?").answer = f"answer {number}"
    text = lesson.write_hand_in()[1].read_text(encoding="utf-8")
    fresh = Lesson("01_climate", work_dir=tmp_path / "two")
    fresh.restore_text(text)
    markdown = to_markdown(fresh.work, "Climate")
    positions = [markdown.index(f"({question_id})") for question_id in asked]
    assert positions == sorted(positions)


def test_a_fixed_seed_widget_run_again_or_reopened_is_no_replay_until_it_is_played(tmp_path):
    first = Lesson("05_phylo", work_dir=tmp_path)
    first.track_game(GameWidget("phylo", seed=555, plot=False))
    again = first.track_game(GameWidget("phylo", seed=555, plot=False))  # the cell run again
    assert again.session.deal_history["before"] == 0
    finish(again, random.Random(2))
    reopened = Lesson("05_phylo", work_dir=tmp_path)  # tomorrow: the deal was played
    third = reopened.track_game(GameWidget("phylo", seed=555, plot=False))
    finish(third, random.Random(3))
    assert third.session.deal_history["before"] == 1
