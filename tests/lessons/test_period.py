"""The hand-in holds the whole period: every finished game and population run, labelled, and
checks read at the moment of Hand in (issue 18 §2)."""

from __future__ import annotations

from evo_lessons import GameWidget
from evo_lessons.lessons import Lesson
from evo_lessons.population import PopulationWidget, evolve


def lesson_with_name(tmp_path, name="Ada"):
    lesson = Lesson("01_climate", work_dir=tmp_path)
    lesson.student().name = name
    return lesson


def game(lesson, seed=4):
    return lesson.track_game(GameWidget("climate", seed=seed, players=2, plot=False))


def test_a_finished_game_survives_a_new_game(tmp_path):
    lesson = lesson_with_name(tmp_path)
    widget = game(lesson)
    widget.play_to_end()
    widget.new_game(seed=5)
    markdown = lesson.write_hand_in()[1].read_text()
    (kept,) = lesson.work.results
    assert kept["code"] in markdown and kept["label"] == "climate, game 1"


def test_a_finished_game_survives_an_undo_and_a_rewind(tmp_path):
    lesson = lesson_with_name(tmp_path)
    widget = game(lesson)
    widget.play_to_end()
    widget.undo()
    widget.seek(0)
    assert len(lesson.work.results) == 1


def test_two_finished_games_are_both_kept_and_numbered(tmp_path):
    lesson = lesson_with_name(tmp_path)
    widget = game(lesson)
    widget.play_to_end()
    widget.new_game(seed=9)
    widget.play_to_end()
    assert [r["label"] for r in lesson.work.results] == ["climate, game 1", "climate, game 2"]


def test_rewinding_to_the_end_of_the_same_game_keeps_it_once(tmp_path):
    lesson = lesson_with_name(tmp_path)
    widget = game(lesson)
    widget.play_to_end()
    end = len(widget.session.actions)
    widget.seek(0)
    widget.seek(end)
    assert len(lesson.work.results) == 1


def test_a_game_finished_before_the_name_gets_the_name_at_hand_in(tmp_path):
    from evo_lessons.engine.results import parse_result

    lesson = Lesson("01_climate", work_dir=tmp_path)
    widget = game(lesson)
    widget.play_to_end()
    lesson.student().name = "Grace"
    lesson.write_hand_in()
    (kept,) = lesson.work.results
    assert "Grace" in str(parse_result(kept["code"]))


def test_results_survive_a_new_session(tmp_path):
    lesson = lesson_with_name(tmp_path)
    game(lesson).play_to_end()
    assert len(Lesson("01_climate", work_dir=tmp_path).work.results) == 1


def test_a_population_run_is_kept_at_hand_in(tmp_path):
    lesson = lesson_with_name(tmp_path)
    widget = lesson.track_population(PopulationWidget("climate", size=200, seed=1), "drift")
    widget.step(5)
    markdown = lesson.write_hand_in()[1].read_text()
    (kept,) = lesson.work.results
    assert kept["kind"] == "population" and kept["code"] in markdown
    assert kept["label"] == "drift, run 1"


def test_a_population_run_replaced_by_a_new_run_is_kept_too(tmp_path):
    lesson = lesson_with_name(tmp_path)
    widget = lesson.track_population(PopulationWidget("climate", size=200, seed=1), "drift")
    widget.step(5)
    widget.reset(seed=2)
    widget.step(3)
    lesson.write_hand_in()
    assert [r["label"] for r in lesson.work.results] == ["drift, run 1", "drift, run 2"]


def test_a_run_stepped_after_a_hand_in_is_updated_not_doubled(tmp_path):
    lesson = lesson_with_name(tmp_path)
    widget = lesson.track_population(PopulationWidget("climate", size=200, seed=1), "drift")
    widget.step(2)
    lesson.write_hand_in()
    widget.step(2)
    lesson.write_hand_in()
    assert len(lesson.work.results) == 1


def test_an_evolve_result_is_kept_when_tracked(tmp_path):
    lesson = lesson_with_name(tmp_path)
    run = evolve("climate", size=100, generations=3, mutation_rate=0.01, seed=1, temperature=3)
    lesson.track_population(run, "evolve")
    assert lesson.work.results[0]["kind"] == "population"


def test_after_run_all_the_hand_in_reads_the_prediction_saved_later(tmp_path, capsys):
    lesson = lesson_with_name(tmp_path)
    box = lesson.question("climate-cooling", "P?", stage="predict")
    lesson.check_prediction("climate-cooling")  # Run All: the cell ran before anyone typed
    box.answer = "The savannah shrinks."
    markdown = lesson.write_hand_in()[1].read_text()
    assert "Not yet" not in markdown and "prediction is saved" in markdown


def test_a_prediction_cleared_after_the_check_is_not_reported_as_saved(tmp_path, capsys):
    lesson = lesson_with_name(tmp_path)
    box = lesson.question("climate-cooling", "P?", stage="predict")
    box.answer = "x"
    lesson.check_prediction("climate-cooling")
    box.answer = ""
    assert not lesson.work.checkpoints["climate-cooling-recorded"]["passed"]


class CountingWidget(GameWidget):
    """A GameWidget with the finished-games API the widget layer gives (``finished_count``,
    ``finished_games``), so the lesson's use of it is tested whatever widget is installed."""

    import traitlets as _traitlets

    finished_count = _traitlets.Int(0)

    def __init__(self, *args, helped=False, **kwargs):
        self._entries, self._keys, self._helped_flag = [], set(), helped
        super().__init__(*args, **kwargs)

    @property
    def finished_games(self):
        return list(self._entries)

    def _refresh(self, *args, **kwargs):
        super()._refresh(*args, **kwargs)
        session = self.session
        key = (session.seed, tuple(session.actions[: session.position]))
        if session.state.is_over and key not in self._keys:
            self._keys.add(key)
            number = len(self._entries) + 1
            self._entries.append(
                {
                    "label": f"g, game {number}",
                    "number": number,
                    "result_code": None,
                    "helped": self._helped_flag,
                }
            )
            self.finished_count = number


def counting_widget():
    """The installed widget when it gives finished games itself, else the stand-in above;
    either way Play to end is the helper bot playing for the person."""
    if "finished_count" in GameWidget.class_traits():
        return GameWidget("climate", seed=4, players=2, plot=False)
    return CountingWidget("climate", seed=4, players=2, plot=False, helped=True)


def test_the_widgets_finished_games_are_each_kept_with_the_helped_mark(tmp_path):
    lesson = lesson_with_name(tmp_path)
    widget = lesson.track_game(counting_widget())
    widget.play_to_end()
    widget.new_game(seed=6)
    widget.play_to_end()
    kept = lesson.work.results
    assert [r["label"] for r in kept] == ["climate, game 1", "climate, game 2"]
    assert all(r["helped"] for r in kept)
    assert "played to the end by the helper bot" in lesson.write_hand_in()[1].read_text()


def test_a_tracked_widget_is_told_its_lesson(tmp_path):
    lesson = lesson_with_name(tmp_path)
    widget = GameWidget("climate", seed=4, players=2, plot=False)
    widget.lesson = None
    lesson.track_game(widget)
    assert widget.lesson == "01_climate"


def test_a_fresh_widget_at_hand_in_keeps_the_game_played_before_a_restart(tmp_path):
    lesson = lesson_with_name(tmp_path)
    game(lesson).step()
    moves = lesson.work.games["climate"]["moves"]
    restarted = Lesson("01_climate", work_dir=tmp_path)  # a kernel restart, then Run All
    restarted.hand_in(GameWidget("climate", seed=4, players=2, plot=False))
    assert restarted.work.games["climate"]["moves"] == moves > 0


def test_a_result_code_that_cannot_be_made_never_breaks_the_game(tmp_path, monkeypatch):
    from evo_lessons.lessons import tracking

    def refuse(*_args, **_kwargs):
        raise ValueError("no person played this game")

    monkeypatch.setattr(tracking, "game_result_code", refuse)
    lesson = lesson_with_name(tmp_path)
    widget = game(lesson)
    widget.play_to_end()  # would raise out of the widget's change if the lesson let it
    assert widget.state.is_over and lesson.work.results == []
