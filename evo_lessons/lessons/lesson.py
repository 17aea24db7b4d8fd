"""A lesson in progress: the answer key, the student's saved work, and the widgets that use them.

A notebook starts its lesson once (``start_lesson("01_climate")`` in its first code cell); every
question, checkpoint and hand-in after that belongs to it. Starting the same lesson again in the
same kernel (a re-run of that cell) returns the same object, so two objects never write the
same file with different ideas of what it holds.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .answers import AnswerKey, check_id, load_answers
from .handin import write_hand_in
from .work import WORK_DIR_VARIABLE, Work

#: the rhythm of every lesson: stage -> (the word shown, its colour; a word is always shown too)
STAGES: dict[str, tuple[str, str]] = {
    "predict": ("Predict", "#E69F00"),
    "play": ("Play", "#0072B2"),
    "observe": ("Observe", "#009E73"),
    "explain": ("Explain", "#CC79A7"),
    "think": ("Think", "#555555"),
}


class Lesson:
    """One lesson for one student: answers from the package, work from ``.evo_work/``.

    Args:
        lesson_id: the answers file's name, usually the notebook's ("01_climate").
        work_dir: the folder to save work and hand-ins in (default: the kernel's folder, which
            is the notebook's, or ``$EVO_LESSONS_WORK_DIR``).
    """

    def __init__(self, lesson_id: str, work_dir: str | os.PathLike | None = None) -> None:
        self.id = check_id(lesson_id, "lesson")
        self.answers: AnswerKey = load_answers(lesson_id)
        base = work_dir if work_dir is not None else os.environ.get(WORK_DIR_VARIABLE, ".")
        self.folder = Path(base)
        self.work = Work.open(lesson_id, self.folder)
        self._tracked: dict[str, Any] = {}

    @property
    def title(self) -> str:
        return self.answers.title

    def __repr__(self) -> str:
        where = self.work.path.relative_to(self.folder).as_posix()
        lines = [f"{self.title}: your work is saved as you type (in {where})."]
        if self.work.problem:
            lines.append(self.work.problem)
        return "\n".join(lines)

    # -- widgets ------------------------------------------------------------------------------
    def student(self):
        """A box for the student's name (saved; printed on the hand-in)."""
        from .widgets import NameBox

        return NameBox(self)

    def question(self, question_id: str, prompt: str, *, stage: str = "think"):
        """A question with a labelled answer box; its model answer comes from the answers file
        and shows only after the student has written an answer of their own."""
        if isinstance(question_id, str) and " " in question_id.strip():
            raise ValueError(
                "question() now takes an id first, then the prompt: question('climate-cooling', "
                "'prompt...', stage='predict'); the model answer goes in "
                f"evo_lessons/lessons/answers/{self.id}.toml (see docs/writing_a_lesson.md)."
            )
        check_id(question_id, "question")
        if stage not in STAGES:
            raise ValueError(f"stage must be one of {', '.join(STAGES)}, got {str(stage)[:20]!r}")
        if not isinstance(prompt, str) or not prompt.strip():
            raise ValueError("A question needs a prompt: the words the student answers.")
        entry = self.answers.entry(question_id)
        saved = self.work.register_question(question_id, prompt, stage)
        from .widgets import QuestionBox

        return QuestionBox(
            self, question_id, prompt, (stage, *STAGES[stage]), saved, bool(entry.answer)
        )

    def read_off(
        self,
        checkpoint_id: str,
        prompt: str,
        value: float,
        *,
        tolerance: float,
        unit: str = "",
    ):
        """A number to read off a plot or table, checked against ``value`` within ``tolerance``
        (the value stays in the kernel; the student's reading is saved)."""
        check_id(checkpoint_id, "checkpoint")
        if not tolerance >= 0:
            raise ValueError("tolerance is a number of 0 or more")
        from .widgets import NumberCheck

        return NumberCheck(self, checkpoint_id, prompt, float(value), float(tolerance), unit)

    def hand_in(self, *games: Any):
        """The Hand in button; ``games`` (GameWidgets) are recorded first, if given."""
        for game in games:
            self.track_game(game, record_now=True)
        from .widgets import HandInBox

        return HandInBox(self)

    # -- checks and records -------------------------------------------------------------------
    def checkpoint(self, checkpoint_id: str, passed: bool, success: str, hint: str) -> None:
        """Say well done or what to try, once, and record the result for the hand-in."""
        check_id(checkpoint_id, "checkpoint")
        message = f"✓ {success}" if passed else f"✗ Not yet: {hint}"
        print(message)
        if not self.work.set_checkpoint(checkpoint_id, bool(passed), message):
            print(self.work.problem)

    def check_prediction(self, question_id: str) -> None:
        """A checkpoint that passes once the student has written an answer to a question
        (put it between a Predict question and the game or experiment it predicts)."""
        self.answers.entry(question_id)  # a typo in the id is an author's error: say so
        answer = str(self.work.questions.get(question_id, {}).get("answer", "")).strip()
        short = answer if len(answer) <= 90 else answer[:87] + "..."
        self.checkpoint(
            f"{question_id}-recorded",
            bool(answer),
            f"Your prediction is saved: “{short}”. Now find out.",
            "write your prediction in the box above first, then run this cell again.",
        )

    def track_game(self, game: Any, label: str | None = None, *, record_now: bool = False) -> Any:
        """Record a GameWidget's scenario code in the saved work after every move, so the
        hand-in holds the game the student played. Returns the widget, to display it.

        A freshly made widget is not recorded until it moves (or ``record_now``): after a
        kernel restart, the game played before the restart stays the one on record."""
        name = label or game.session.game

        def record(_change: Any = None) -> None:
            if self._tracked.get(name) is game:  # a newer widget under this label wins
                self._record_game(name, game)

        if self._tracked.get(name) is not game:
            self._tracked[name] = game
            game.observe(record, names="view")
        if record_now:
            record()
        return game

    def _record_game(self, name: str, game: Any) -> None:
        """The game's scenario code and, once it is finished, its result code (EVR1-: what
        the teacher's class pooling in :mod:`evo_lessons.classroom` reads from a hand-in)."""
        result = ""
        if game.state.is_over:
            from evo_lessons.classroom import result_code
            from evo_lessons.engine.results import fit_name

            result = result_code(game, fit_name(self.work.student) or "no name")
        self.work.set_game(name, game.session.game, game.scenario_code(), result)

    def write_hand_in(self) -> list[Path]:
        """Save the work (with the name on each finished game's result code), then write the
        hand-in as HTML and Markdown beside the notebook."""
        for name, game in self._tracked.items():
            if self.work.games.get(name, {}).get("result"):
                self._record_game(name, game)  # the name may have changed since the game ended
        self.work.save()
        return write_hand_in(self.work, self.title, self.folder)


# -- the notebook's functions: one current lesson per kernel -----------------------------------
_LESSONS: dict[Path, Lesson] = {}
_current: Lesson | None = None


def start_lesson(lesson_id: str, work_dir: str | os.PathLike | None = None) -> Lesson:
    """Start (or, on a re-run, continue) a lesson: its saved work is read back at once."""
    global _current
    check_id(lesson_id, "lesson")
    base = work_dir if work_dir is not None else os.environ.get(WORK_DIR_VARIABLE, ".")
    key = (Path(base) / lesson_id).resolve()
    found = _LESSONS.get(key)
    if found is None:
        found = _LESSONS[key] = Lesson(lesson_id, work_dir)
    else:
        found.answers = load_answers(lesson_id)  # an author may have edited the answers
    _current = found
    return found


def current_lesson() -> Lesson:
    """The lesson this kernel started, or an error that says which cell to run."""
    if _current is None:
        raise RuntimeError(
            "No lesson has started in this notebook yet: run its first code cell (the one with "
            "start_lesson(...)) and then this cell again."
        )
    return _current


def student():
    """A box for the student's name (see :meth:`Lesson.student`)."""
    return current_lesson().student()


def question(question_id: str, prompt: str, *, stage: str = "think"):
    """A question box (see :meth:`Lesson.question`)."""
    return current_lesson().question(question_id, prompt, stage=stage)


def checkpoint(checkpoint_id: str, passed: bool, success: str, hint: str) -> None:
    """Print a check's result once and record it (see :meth:`Lesson.checkpoint`)."""
    current_lesson().checkpoint(checkpoint_id, passed, success, hint)


def check_prediction(question_id: str) -> None:
    """Has the student written their prediction yet? (see :meth:`Lesson.check_prediction`)."""
    current_lesson().check_prediction(question_id)


def read_off(checkpoint_id: str, prompt: str, value: float, *, tolerance: float, unit: str = ""):
    """A number to read off a plot, checked in the kernel (see :meth:`Lesson.read_off`)."""
    return current_lesson().read_off(checkpoint_id, prompt, value, tolerance=tolerance, unit=unit)


def track_game(game: Any, label: str | None = None) -> Any:
    """Record a game's scenario code for the hand-in (see :meth:`Lesson.track_game`)."""
    return current_lesson().track_game(game, label)


def hand_in(*games: Any):
    """The Hand in button (see :meth:`Lesson.hand_in`)."""
    return current_lesson().hand_in(*games)
