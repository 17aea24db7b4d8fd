"""A lesson joined to a live class: the name box's Join, and every finished game sent as it ends.

Against the real class service (in this process, a free port). Without a class the name box
and the lesson behave as before (the rest of tests/lessons checks that).
"""

from __future__ import annotations

import pytest
from live.live_helpers import restart as _restart
from service.helpers import Running, finished_code, summary

from evo_lessons.lessons import Lesson, class_seat
from evo_lessons.lessons.widgets import NameBox
from evo_lessons.live.lesson_link import JOIN_FIRST
from evo_lessons.widgets import GameWidget


def counted(live) -> int:
    return summary(live)["counted"]


def named_lesson(tmp_path, name="Ada") -> Lesson:
    lesson = Lesson("01_climate", work_dir=tmp_path / "student")
    lesson.work.set_student(name)
    return lesson


def join(box: NameBox, live, code: str | None = None) -> None:
    box._on_message(box, {"type": "join", "url": live.url, "code": code or live.join_code}, [])


def finish(widget: GameWidget) -> None:
    while not widget.state.is_over:
        if widget.session.is_human_turn():
            widget.act(0)
        else:
            widget.step()


def test_the_name_box_joins_the_class_and_says_so(live, tmp_path):
    lesson = named_lesson(tmp_path)
    box = NameBox(lesson)
    assert box.class_status == ""  # no class named by a hub: nothing happens by itself
    join(box, live)
    assert box.class_status.startswith("✓ Joined your class as Ada")
    assert lesson.class_link is not None and lesson.class_link.seat.name == "Ada"


def test_a_wrong_code_in_the_name_box_shows_the_services_sentence(live, tmp_path):
    lesson = named_lesson(tmp_path)
    box = NameBox(lesson)
    join(box, live, code="WRONG-CODE")
    assert box.class_status.startswith("✗ ") and lesson.class_link is None


def test_joining_needs_a_name_first(live, tmp_path, monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    lesson = Lesson("01_climate", work_dir=tmp_path / "student")
    box = NameBox(lesson)
    join(box, live)
    assert "Type your name first" in box.class_status and lesson.class_link is None


def test_a_joined_lesson_sends_each_finished_game_as_it_ends(live, tmp_path):
    lesson = named_lesson(tmp_path)
    join(NameBox(lesson), live)
    widget = lesson.track_game(GameWidget("climate", seed=5, players=2, plot=False))
    finish(widget)
    sends = lesson.class_link.seat.sends
    assert [s["status"] for s in sends] == ["counted"] and sends[0]["label"] == "climate, game 1"
    widget.new_game(6)
    finish(widget)
    assert counted(live) == 2
    assert len(lesson.work.results) == 2  # the hand-in keeps them too


def test_results_kept_before_the_join_are_sent_at_the_join(live, tmp_path):
    lesson = named_lesson(tmp_path)
    finish(lesson.track_game(GameWidget("climate", seed=5, players=2, plot=False)))
    assert counted(live) == 0
    join(NameBox(lesson), live)
    assert counted(live) == 1


def test_the_hub_names_the_class_and_the_lesson_joins_by_itself(live, tmp_path, monkeypatch):
    monkeypatch.setenv("EVO_CLASS_URL", live.url)
    monkeypatch.setenv("EVO_CLASS_CODE", live.join_code)
    lesson = named_lesson(tmp_path)
    box = NameBox(lesson)
    assert box.class_url == live.url and box.class_code == live.join_code
    assert box.class_status.startswith("✓ Joined your class as Ada")
    assert lesson.class_link.seat.send(finished_code("Ada"))["status"] == "counted"


def test_a_counted_game_needs_a_joined_lesson_first(tmp_path, monkeypatch):
    from evo_lessons.lessons import lesson as lesson_module

    monkeypatch.setattr(lesson_module, "_current", named_lesson(tmp_path))
    with pytest.raises(ValueError) as refused:
        class_seat()
    assert str(refused.value) == str(JOIN_FIRST)


def test_a_restarted_kernel_takes_its_seat_back_and_sends_what_was_queued(tmp_path):
    data = tmp_path / "class"
    live = Running(data)
    lesson = named_lesson(tmp_path)
    join(NameBox(lesson), live)
    port = int(live.url.rsplit(":", 1)[1])
    live.stop()
    finish(lesson.track_game(GameWidget("climate", seed=5, players=2, plot=False)))
    assert [s["status"] for s in lesson.class_link.seat.sends] == ["queued"]
    lesson.class_link.seat.close()  # the kernel dies; the lesson opens again in a new one
    live = _restart(data, port)
    try:
        again = Lesson("01_climate", work_dir=tmp_path / "student")
        box = NameBox(again)
        assert box.class_status.startswith("✓ Joined your class as Ada"), box.class_status
        assert [s["status"] for s in again.class_link.seat.sends] == ["counted"]
        assert counted(live) == 1
    finally:
        live.stop()


def test_a_class_restarted_on_another_port_takes_the_student_back_by_its_code(tmp_path):
    """Issue 40.3: a class is its join code. The service restarts on a new port (same data);
    the student types the new address with the same code: the same seat, no "already joined"
    refusal, and the send queued for the old address counts once at the new one."""
    data = tmp_path / "class"
    live = Running(data)
    lesson = named_lesson(tmp_path)
    join(NameBox(lesson), live)
    seat = lesson.class_link.seat
    live.stop()
    finish(lesson.track_game(GameWidget("climate", seed=5, players=2, plot=False)))
    assert [s["status"] for s in seat.sends] == ["queued"]
    seat.close()
    moved = Running(data)  # a free port: not the old one
    try:
        assert moved.url != live.url
        again = Lesson("01_climate", work_dir=tmp_path / "student")
        box = NameBox(again)
        new_address = moved.url.replace("127.0.0.1", "localhost")  # one class, any name
        box._on_message(box, {"type": "join", "url": new_address, "code": moved.join_code}, [])
        assert box.class_status.startswith("✓ Joined your class as Ada"), box.class_status
        assert again.class_link.seat.token == seat.token  # the saved seat, taken back
        assert [s["status"] for s in again.class_link.seat.sends] == ["counted"]
        assert counted(moved) == 1
        assert len(list((tmp_path / "student" / ".evo_work").glob("class-*.json"))) == 1
    finally:
        moved.stop()


def test_a_joined_lesson_sends_a_finished_population_run(live, tmp_path):
    from evo_lessons.population.model import evolve

    lesson = named_lesson(tmp_path)
    join(NameBox(lesson), live)
    run = evolve("climate", size=100, generations=5, mutation_rate=0.01, seed=3)
    lesson.track_population(run, "drift")
    sends = lesson.class_link.seat.sends
    assert [s["label"] for s in sends] == ["drift, run 1"]
    assert sends[0]["status"] == "counted", sends[0]


def test_a_lesson_opened_days_later_does_not_join_last_weeks_class(live, tmp_path):
    import os
    import time

    lesson = named_lesson(tmp_path)
    join(NameBox(lesson), live)
    for path in (tmp_path / "student" / ".evo_work").glob("class-*.json"):
        old = time.time() - 3 * 24 * 3600
        os.utime(path, (old, old))
    later = Lesson("01_climate", work_dir=tmp_path / "student")
    assert NameBox(later).class_status == "" and later.class_link is None
