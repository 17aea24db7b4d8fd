"""Results behind predictions (issue 18 §1) and period two from a hand-in (issue 18 §3)."""

from __future__ import annotations

import pytest

from evo_lessons.lessons import Lesson, restore_work, start_lesson
from evo_lessons.lessons.widgets import PLACEHOLDER, ResultBox


@pytest.fixture
def lesson(tmp_path, monkeypatch):
    monkeypatch.delenv("EVO_LESSONS_SHOW_RESULTS", raising=False)
    return Lesson("01_climate", work_dir=tmp_path)


def shown_result(lesson, calls, *ids):
    def show():
        calls.append("shown")

    return lesson.result(*ids)(show)


def test_a_result_waits_behind_an_unsaved_prediction(lesson):
    calls = []
    box = shown_result(lesson, calls, "climate-rate-curve")
    assert calls == [] and isinstance(box, ResultBox)
    bundle = box._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == PLACEHOLDER


def test_the_result_appears_by_itself_once_the_prediction_is_saved(lesson):
    calls = []
    shown_result(lesson, calls, "climate-rate-curve")
    lesson.question("climate-rate-curve", "P?", stage="predict").answer = "It levels off."
    assert calls == ["shown"]


def test_further_typing_does_not_run_the_result_again(lesson):
    calls = []
    shown_result(lesson, calls, "climate-rate-curve")
    box = lesson.question("climate-rate-curve", "P?", stage="predict")
    box.answer = "a"
    box.answer = "ab"
    assert calls == ["shown"]


def test_a_result_behind_two_predictions_waits_for_both(lesson):
    calls = []
    shown_result(lesson, calls, "climate-rate-curve", "climate-cooling")
    lesson.question("climate-rate-curve", "P?").answer = "x"
    assert calls == []
    lesson.question("climate-cooling", "P?").answer = "y"
    assert calls == ["shown"]


def test_a_saved_prediction_shows_the_result_inline_at_once(lesson):
    lesson.question("climate-rate-curve", "P?").answer = "x"
    calls = []
    assert shown_result(lesson, calls, "climate-rate-curve") is None
    assert calls == ["shown"]


def test_the_teacher_switch_shows_every_result_at_once(tmp_path, monkeypatch):
    monkeypatch.setenv("EVO_LESSONS_SHOW_RESULTS", "1")
    calls = []
    shown_result(Lesson("01_climate", work_dir=tmp_path), calls, "climate-rate-curve")
    assert calls == ["shown"]


def test_re_running_the_cell_replaces_its_box_instead_of_adding_one(lesson):
    calls = []

    def cell():  # the same cell run twice: same code, same line
        @lesson.result("climate-rate-curve")
        def _():
            calls.append("shown")

    cell()
    cell()
    assert len(lesson.results.waiting) == 1
    lesson.question("climate-rate-curve", "P?").answer = "x"
    assert calls == ["shown"]


def test_an_unknown_question_id_is_an_authors_error(lesson):
    with pytest.raises(ValueError, match="answers file"):
        lesson.result("no-such-question")


# -- period two -----------------------------------------------------------------------------
def handed_in(tmp_path):
    lesson = Lesson("01_climate", work_dir=tmp_path / "period1")
    lesson.student().name = "Ada"
    box = lesson.question("climate-cooling", "P?", stage="predict")
    box.answer = "The savannah shrinks."
    box.reveal()
    lesson.checkpoint("climate-demo", True, "read it", "run it")
    return lesson.write_hand_in()


@pytest.mark.parametrize("which", [0, 1], ids=["html", "md"])
def test_restore_brings_back_answers_marks_and_checkpoints(tmp_path, which, capsys):
    path = handed_in(tmp_path)[which]
    done = restore_work(path, tmp_path / "period2")
    again = Lesson("01_climate", work_dir=tmp_path / "period2").work
    assert again.student == "Ada" and done.answers == 1
    assert again.questions["climate-cooling"]["revealed"] is True
    assert again.checkpoints["climate-demo"]["passed"] is True


def test_restore_into_a_running_lesson_refreshes_its_boxes(tmp_path, capsys):
    path = handed_in(tmp_path)[1]
    lesson = start_lesson("01_climate", tmp_path / "period2b")
    name = lesson.student()
    box = lesson.question("climate-cooling", "P?", stage="predict")
    restore_work(path, tmp_path / "period2b")
    assert name.name == "Ada" and box.answer == "The savannah shrinks."


def test_the_upload_box_restores_and_says_so(tmp_path, capsys):
    text = handed_in(tmp_path)[0].read_text()
    name = Lesson("01_climate", work_dir=tmp_path / "p2").student()
    assert name.restore(text) and name.restored.startswith("✓")


def refused(tmp_path, text: str, lesson="01_climate"):
    target = Lesson(lesson, work_dir=tmp_path / "p2")
    target.student().name = "Before"
    before = target.work.path.read_text()
    with pytest.raises(ValueError) as error:
        target.restore_text(text)
    assert target.work.path.read_text() == before and target.work.student == "Before"
    return str(error.value)


def test_an_edited_hand_in_is_refused_and_changes_nothing(tmp_path, capsys):
    text = handed_in(tmp_path)[1].read_text().replace("shrinks", "grows")
    assert "changed or damaged" in refused(tmp_path, text)


def test_a_cut_off_hand_in_is_refused(tmp_path, capsys):
    text = handed_in(tmp_path)[1].read_text()
    assert "not a hand-in" in refused(tmp_path, text[: len(text) // 2])


def test_another_lessons_hand_in_is_refused(tmp_path, capsys):
    text = handed_in(tmp_path)[1].read_text()
    assert "for the lesson 01_climate, not 02_niche" in refused(tmp_path, text, "02_niche")


def test_a_file_that_is_no_hand_in_is_refused(tmp_path):
    assert "not a hand-in" in refused(tmp_path, "# notes\nhello")


def test_windows_line_endings_do_not_count_as_an_edit(tmp_path, capsys):
    text = handed_in(tmp_path)[1].read_text().replace("\n", "\r\n")
    assert Lesson("01_climate", work_dir=tmp_path / "p3").restore_text(text).answers == 1


def test_restored_results_are_merged_not_dropped(tmp_path, capsys):
    path = handed_in(tmp_path)[1]
    lesson = Lesson("01_climate", work_dir=tmp_path / "p4")
    lesson.work.add_result({"label": "x", "kind": "game", "game": "climate", "code": "EVR1-ab"})
    lesson.restore_text(path.read_text())
    assert any(r["code"] == "EVR1-ab" for r in lesson.work.results)


# -- hostile hand-ins ---------------------------------------------------------------------------
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from evo_lessons.classroom.seal import WORK_MARKER, checksum  # noqa: E402
from evo_lessons.lessons.restore import read_hand_in  # noqa: E402


@pytest.fixture(scope="module")
def genuine(tmp_path_factory):
    folder = tmp_path_factory.mktemp("genuine")
    lesson = Lesson("01_climate", work_dir=folder)
    lesson.student().name = "Ada"
    lesson.question("climate-cooling", "P?").answer = "The savannah shrinks."
    return lesson.write_hand_in()[1].read_text()


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(position=st.floats(0, 1, exclude_max=True), char=st.characters(exclude_categories=("Cs",)))
def test_any_one_character_changed_is_refused(genuine, position, char):
    at = int(position * len(genuine.rstrip()))
    if genuine[at] == char or (genuine[at] + char).isspace():
        return  # the same text, or whitespace the checksum does not count
    changed = genuine[:at] + char + genuine[at + 1 :]
    with pytest.raises(ValueError):
        read_hand_in(changed)


def forged(body: str, data: bytes) -> str:
    """A hand-in whose copy holds ``data``, with the checksum recomputed (as a forger could)."""
    import base64
    import zlib

    payload = base64.b64encode(zlib.compress(data)).decode()
    return f"{body}<!-- {WORK_MARKER} sha256={checksum(payload, body)} {payload} -->\n"


def test_a_copy_nested_100000_deep_is_refused():
    with pytest.raises(ValueError, match="changed or damaged"):
        read_hand_in(forged("x\n", b"[" * 100_000 + b"]" * 100_000))


def test_a_copy_that_inflates_past_the_cap_is_refused():
    with pytest.raises(ValueError, match="changed or damaged"):
        read_hand_in(forged("x\n", b" " * 20_000_000))


def test_a_copy_of_the_wrong_types_is_refused():
    import json

    data = {"format": "evo_lessons.work/1", "lesson": "01_climate", "student": 5}
    with pytest.raises(ValueError, match="changed or damaged"):
        read_hand_in(forged("x\n", json.dumps(data).encode()))


def test_a_copy_for_a_lesson_that_does_not_exist_is_refused():
    import json

    data = {"format": "evo_lessons.work/1", "lesson": "99_nothing"}
    with pytest.raises(ValueError, match="changed or damaged"):
        read_hand_in(forged("x\n", json.dumps(data).encode()))


def test_a_file_too_large_is_refused_before_it_is_read():
    with pytest.raises(ValueError, match="too large"):
        read_hand_in("x" * 10_000_001)


def test_a_file_that_is_not_text_is_refused():
    with pytest.raises(ValueError, match="not a hand-in"):
        read_hand_in(b"\xff\xfe\x00binary")
