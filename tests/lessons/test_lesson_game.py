"""lesson_game (issue 40 items 1 and 2): the lesson's own game, local or dealt by the class, and
taken up again at the same move when its cell runs again (same kernel, or a new one)."""

from __future__ import annotations

from service.helpers import summary

from evo_lessons.lessons import Lesson
from evo_lessons.lessons.game_cell import RESUMED, NotDealt
from evo_lessons.lessons.widgets import NameBox
from evo_lessons.live.served import ServedGame
from evo_lessons.widgets import GameWidget

from .test_lesson_link import finish, join, named_lesson


def moves(widget: GameWidget, count: int) -> None:
    for _ in range(count):
        if widget.state.is_over:
            return
        if widget.session.is_human_turn():
            widget.act(0)
        else:
            widget.step()


def new_kernel(tmp_path) -> Lesson:
    """The same student's lesson in a fresh kernel (a restart, a reopened notebook)."""
    return Lesson("01_climate", work_dir=tmp_path / "student")


def test_without_a_class_the_lesson_game_is_the_local_game_of_today(tmp_path):
    lesson = named_lesson(tmp_path)
    game = lesson.lesson_game("climate", seed=2026, players=2, plot=False)
    assert isinstance(game, GameWidget) and not isinstance(game, ServedGame)
    assert game.session.seed == 2026 and lesson.tracker.games["climate"] is game


def test_running_the_cell_again_in_the_same_kernel_shows_the_same_game(tmp_path):
    lesson = named_lesson(tmp_path)
    game = lesson.lesson_game("climate", seed=2026, players=2, plot=False)
    moves(game, 3)
    assert lesson.lesson_game("climate", seed=2026, players=2, plot=False) is game


def test_a_new_kernel_takes_the_local_game_up_at_the_same_move(tmp_path):
    lesson = named_lesson(tmp_path)
    game = lesson.lesson_game("climate", seed=2026, players=2, plot=False)
    moves(game, 5)
    position, movers = game.session.position, list(game.session.movers)
    seen = game.state.observation(0)
    again = new_kernel(tmp_path).lesson_game("climate", seed=2026, players=2, plot=False)
    assert again is not game
    assert again.session.position == position and again.session.movers == movers
    assert again.state.observation(0) == seen


def test_a_resumed_game_is_one_play_never_a_replay(tmp_path):
    lesson = named_lesson(tmp_path)
    game = lesson.lesson_game("climate", seed=2026, players=2, plot=False)
    moves(game, 4)
    later = new_kernel(tmp_path)
    again = later.lesson_game("climate", seed=2026, players=2, plot=False)
    finish(again)
    history = again.session.history_record()
    assert history["before"] == 0 and history["rewinds"] == 0
    assert later.work.deals["climate:2026"]["shown"] == 1  # one play of the deal, not two
    (kept,) = later.work.results
    assert kept["label"] == "climate, game 1"


def test_a_changed_cell_is_a_new_game_not_a_resume(tmp_path):
    lesson = named_lesson(tmp_path)
    moves(lesson.lesson_game("climate", seed=2026, players=2, plot=False), 4)
    other = new_kernel(tmp_path).lesson_game("climate", seed=2027, players=2, plot=False)
    assert other.session.seed == 2027 and other.session.position == 0


def test_a_damaged_record_of_the_game_in_play_gives_a_fresh_game(tmp_path):
    lesson = named_lesson(tmp_path)
    moves(lesson.lesson_game("climate", seed=2026, players=2, plot=False), 4)
    later = new_kernel(tmp_path)
    later.work.in_play["climate"]["snapshot"]["movers"] = ["person"]
    game = later.lesson_game("climate", seed=2026, players=2, plot=False)
    assert game.session.position == 0


def test_the_game_in_play_is_never_written_into_a_hand_in(tmp_path):
    lesson = named_lesson(tmp_path)
    moves(lesson.lesson_game("climate", seed=2026, players=2, plot=False), 4)
    assert "in_play" in lesson.work.path.read_text()
    assert "in_play" not in lesson.work.to_dict()


def test_a_joined_lesson_game_is_dealt_and_counted_by_the_class(live, tmp_path):
    lesson = named_lesson(tmp_path)
    join(NameBox(lesson), live)
    game = lesson.lesson_game("climate", seed=2026, players=2, plot=False)
    assert isinstance(game, ServedGame)
    assert game.session.seed is None  # the class deals: no seed reaches the kernel
    finish(game)
    assert summary(live)["counted"] == 1
    assert lesson.work.in_play["climate"]["join_code"] == live.join_code


def test_a_joined_lesson_game_is_taken_up_again_in_a_new_kernel(live, tmp_path):
    lesson = named_lesson(tmp_path)
    join(NameBox(lesson), live)
    game = lesson.lesson_game("climate", players=2, plot=False)
    moves(game, 3)
    move = game.served.move
    assert lesson.lesson_game("climate", players=2, plot=False) is game  # same kernel
    lesson.class_link.seat.close()
    later = new_kernel(tmp_path)
    NameBox(later)  # the name box takes the seat back (the class kept in the work folder)
    assert later.class_link is not None
    again = later.lesson_game("climate", players=2, plot=False)
    assert isinstance(again, ServedGame) and again.served.id == game.served.id
    assert again.served.move == move
    assert RESUMED.format(move=move) in again._served()["text"]


def test_a_class_that_cannot_deal_says_why_and_what_to_do(live, tmp_path):
    lesson = named_lesson(tmp_path)
    join(NameBox(lesson), live)
    shown = lesson.lesson_game("climate", players=99, plot=False)
    assert isinstance(shown, NotDealt) and "Run this cell again" in repr(shown)


def test_a_class_moved_to_another_port_resumes_the_same_game_in_the_same_kernel(tmp_path):
    from service.helpers import Running

    data = tmp_path / "class"
    live = Running(data)
    lesson = named_lesson(tmp_path)
    box = NameBox(lesson)
    join(box, live)
    game = lesson.lesson_game("climate", players=2, plot=False)
    moves(game, 3)
    live.stop()
    moved = Running(data)
    try:
        join(box, moved)  # the student types the new address, with the same code
        again = lesson.lesson_game("climate", players=2, plot=False)
        assert again is not game and again.served.url == moved.url
        assert again.served.id == game.served.id and again.served.move == game.served.move
        moves(again, 1)
        assert again.error == ""
    finally:
        moved.stop()


def test_a_class_game_not_dealt_says_so_in_the_lessons_language():
    from evo_lessons.i18n import speaking

    with speaking("es"):
        text = repr(NotDealt("The class is full"))
    assert text.startswith("No se pudo repartir la partida de tu clase: The class is full.")
