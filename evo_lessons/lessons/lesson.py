"""A lesson in progress: the answer key, the student's saved work, and the widgets that use them.

A notebook starts its lesson once (``start_lesson("01_climate")`` in its first code cell); every
question, checkpoint and hand-in after that belongs to it. Starting the same lesson again in the
same kernel (a re-run of that cell) returns the same object, so two objects never write the
same file with different ideas of what it holds.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from evo_lessons.i18n import pgettext, set_default_lang

from . import table_headers
from .answers import AnswerKey, check_id, load_answers
from .handin import write_hand_in
from .language import lesson_language, translated_answers
from .resultbox import SHOW_RESULTS_VARIABLE, ResultGate
from .tracking import Tracker
from .work import WORK_DIR_VARIABLE, Work

if TYPE_CHECKING:
    from evo_lessons.live.lesson_link import ClassLink

    from .restore import Restored
    from .widgets import ResultBox

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
        show_results: show every result at once, saved prediction or not (the teacher's
            projector switch); None reads ``$EVO_LESSONS_SHOW_RESULTS`` ("1" = on).
        lang: the lesson's language ("es"); None reads ``$EVO_LESSONS_LANG``, else English
            (see :mod:`evo_lessons.lessons.language`).
    """

    def __init__(
        self,
        lesson_id: str,
        work_dir: str | os.PathLike | None = None,
        *,
        show_results: bool | None = None,
        lang: str | None = None,
    ) -> None:
        self.id = check_id(lesson_id, "lesson")
        self.lang = lesson_language(lang)
        set_default_lang(lang and self.lang)  # widgets made in this kernel speak it too
        self.answers: AnswerKey = translated_answers(load_answers(lesson_id), self.lang)
        base = work_dir if work_dir is not None else os.environ.get(WORK_DIR_VARIABLE, ".")
        self.folder = Path(base)
        self.work = Work.open(lesson_id, self.folder)
        self.work.lang = self.lang
        self.show_results = _switch(show_results)
        self.results = ResultGate(self)
        self.tracker = Tracker(self)
        #: the lesson's seat in a live class, once joined (see :mod:`evo_lessons.live.lesson_link`)
        self.class_link: ClassLink | None = None
        self._boxes: weakref.WeakSet = weakref.WeakSet()  # boxes that show saved work
        self._check_lines: weakref.WeakSet = weakref.WeakSet()  # prediction check lines

    @property
    def title(self) -> str:
        return self.answers.title

    def __repr__(self) -> str:
        where = self.work.path.relative_to(self.folder).as_posix()
        lines = [
            pgettext(
                "lesson; {where} is a file's path",
                "{title}: your work is saved as you type (in {where}).",
            ).format(title=self.title, where=where)
        ]
        if self.work.problem:
            lines.append(self.work.problem)
        return "\n".join(lines)

    # -- widgets ------------------------------------------------------------------------------
    def student(self):
        """A box for the student's name (saved; printed on the hand-in), with the upload box
        that restores work from a hand-in file (period two on another machine)."""
        from .widgets import NameBox

        return self._own(NameBox(self))

    def _own(self, box: Any) -> Any:
        self._boxes.add(box)
        return box

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

        return self._own(
            QuestionBox(
                self, question_id, prompt, (stage, *STAGES[stage]), saved, bool(entry.answer)
            )
        )

    def read_off(
        self,
        checkpoint_id: str,
        prompt: str,
        value: float,
        *,
        tolerance: float,
        unit: str = "",
        after: str | tuple[str, ...] = (),
        hint: str = "",
    ):
        """A number to read off a plot or table, checked against ``value`` within ``tolerance``
        (the value stays in the kernel; the student's reading is saved).

        ``after``: the prediction(s) whose result shows the plot read here: until they are
        saved the box says so and checks nothing (under Run All it is not answerable before
        its plot appears). ``hint``: the sentence after a wrong reading (default: look again at
        the plot or the slider above; a table, or a plot read in a particular way, its own)."""
        check_id(checkpoint_id, "checkpoint")
        if not tolerance >= 0:
            raise ValueError("tolerance is a number of 0 or more")
        gates = (after,) if isinstance(after, str) else tuple(after)
        for question_id in gates:
            self.answers.entry(check_id(question_id, "question"))
        from .widgets import NumberCheck

        return self._own(
            NumberCheck(
                self,
                checkpoint_id,
                prompt,
                float(value),
                float(tolerance),
                unit,
                after=gates,
                hint=hint,
            )
        )

    def hand_in(self, *games: Any):
        """The Hand in button; ``games`` (GameWidgets) are recorded first, if given."""
        for game in games:
            self.track_game(game, record_now=True)
        from .widgets import HandInBox

        return HandInBox(self)

    def result(self, *question_ids: str) -> Callable[[Callable[[], Any]], ResultBox | None]:
        """A decorator: the function shows a result that answers these predictions; it runs
        once they are all saved (see :mod:`evo_lessons.lessons.resultbox`)."""
        if not question_ids:
            raise ValueError("result() needs the id of the prediction(s) the result answers")
        for question_id in question_ids:
            self.answers.entry(check_id(question_id, "question"))

        def decorate(function: Callable[[], Any]) -> ResultBox | None:
            if not callable(function):
                raise ValueError("@result(...) goes on a function that shows the result")
            return self.results.add(tuple(question_ids), function)

        return decorate

    # -- checks and records -------------------------------------------------------------------
    def checkpoint(self, checkpoint_id: str, passed: bool, success: str, hint: str) -> None:
        """Say well done or what to try, once, and record the result for the hand-in."""
        check_id(checkpoint_id, "checkpoint")
        # (the success and hint sentences are the lesson's own text, translated with the lesson)
        message = (
            f"✓ {success}"
            if passed
            else pgettext("checkpoint", "✗ Not yet: {hint}").format(hint=hint)
        )
        print(message)
        if not self.work.set_checkpoint(checkpoint_id, bool(passed), message):
            print(self.work.problem)

    def check_prediction(self, question_id: str) -> None:
        """A checkpoint that passes once the student has written an answer to a question
        (put it between a Predict question and the game or experiment it predicts). It is
        checked again against the saved work whenever the answer is saved and at Hand in, so
        a Run All before the student typed leaves nothing false on the hand-in."""
        self.answers.entry(question_id)  # a typo in the id is an author's error: say so
        passed, message = self._prediction(question_id)
        from IPython.display import display

        from .widgets import CheckLine

        line = CheckLine(self, question_id)
        self._check_lines.add(line)
        display(line)
        if not self.work.set_checkpoint(
            f"{question_id}-recorded", passed, message, question=question_id
        ):
            print(self.work.problem)

    def _prediction(self, question_id: str) -> tuple[bool, str]:
        answer = self.work.answer(question_id)
        if answer:
            short = answer if len(answer) <= 90 else answer[:87] + "..."
            return True, pgettext(
                "checkpoint; {answer} is the student's words",
                "✓ Your prediction is saved: “{answer}”. Now find out.",
            ).format(answer=short)
        return False, pgettext(
            "checkpoint",
            "✗ Not yet: write your prediction in the box above; the results below appear once "
            "it is saved.",
        )

    def _recheck_predictions(self, question_id: str | None = None) -> bool:
        """Bring prediction checkpoints, and the check lines on the page, up to date with the
        saved answers; True if any checkpoint changed."""
        for line in list(self._check_lines):
            if question_id is None or line.question_id == question_id:
                line.refresh()
        changed = False
        for record in self.work.checkpoints.values():
            asked = record.get("question")
            if asked and (question_id is None or asked == question_id):
                passed, message = self._prediction(asked)
                if (record.get("passed"), record.get("message")) != (passed, message):
                    record.update(passed=passed, message=message)
                    changed = True
        return changed

    def student_named(self) -> None:
        """The hook the name box calls after saving a name: the games' result boxes show it."""
        self.tracker.name_changed()

    def answer_saved(self, question_id: str) -> None:
        """The hook every question box calls after saving an answer: results behind this
        prediction may now show, and its prediction checkpoint is brought up to date."""
        if self._recheck_predictions(question_id):
            self.work.save()
        self.results.saved(question_id)
        for box in list(self._boxes):  # read-offs waiting for this result's plot
            if question_id in getattr(box, "after", ()):
                box.refresh()

    def track_game(self, game: Any, label: str | None = None, *, record_now: bool = False) -> Any:
        """Keep every game this widget finishes (result codes, labelled) and the game it shows
        now for the hand-in (see :mod:`evo_lessons.lessons.tracking`). Returns the widget,
        to display it.

        A freshly made widget is not recorded until it moves (or ``record_now``): after a
        kernel restart, the game played before the restart stays the one on record."""
        return self.tracker.track_game(game, label, record_now)

    def lesson_game(self, name: str, label: str | None = None, **options: Any) -> Any:
        """The lesson's played game: dealt and counted by the class once the lesson is joined,
        the local game with these options otherwise; running the cell again takes the same
        game up at the same move (see :mod:`evo_lessons.lessons.game_cell`)."""
        from .game_cell import lesson_game

        return lesson_game(self, name, label, **options)

    def track_population(self, run: Any, label: str = "population") -> Any:
        """Keep every run of a PopulationWidget (or a finished ``evolve`` result) as a result
        code for the hand-in. Returns what it was given, to display it."""
        return self.tracker.track_population(run, label)

    def write_hand_in(self) -> list[Path]:
        """Bring checks and codes up to date with the saved work (predictions, the name on
        result codes, the population runs shown now), save it, then write the hand-in as HTML
        and Markdown beside the notebook."""
        self.tracker.before_hand_in()
        self._recheck_predictions()
        self.work.save()
        return write_hand_in(self.work, self.title, self.folder)

    # -- period two ---------------------------------------------------------------------------
    def restore(self, parts: dict[str, Any]):
        """Restore checked hand-in parts into this lesson and refresh its boxes."""
        from .restore import restore_into

        done = restore_into(self.work, parts)
        for box in list(self._boxes):
            box.refresh()
        self._recheck_predictions()
        self.work.save()
        self.results.saved()
        self.student_named()
        return done

    def restore_text(self, text: str | bytes):
        """Restore from a hand-in file's contents (what the upload box sends)."""
        from .restore import read_hand_in

        return self.restore(read_hand_in(text))


def _switch(value: bool | None) -> bool:
    if value is None:
        return os.environ.get(SHOW_RESULTS_VARIABLE, "").strip() == "1"
    return bool(value)


# -- the notebook's functions: one current lesson per kernel -----------------------------------
_LESSONS: dict[Path, Lesson] = {}
_current: Lesson | None = None


def _key(lesson_id: str, work_dir: str | os.PathLike | None) -> Path:
    base = work_dir if work_dir is not None else os.environ.get(WORK_DIR_VARIABLE, ".")
    return (Path(base) / lesson_id).resolve()


def start_lesson(
    lesson_id: str,
    work_dir: str | os.PathLike | None = None,
    *,
    show_results: bool | None = None,
    lang: str | None = None,
) -> Lesson:
    """Start (or, on a re-run, continue) a lesson: its saved work is read back at once.

    ``show_results``: the teacher's projector switch (every result at once); None reads
    ``$EVO_LESSONS_SHOW_RESULTS``. ``lang``: the lesson's language ("es"); None reads
    ``$EVO_LESSONS_LANG``, else English."""
    global _current
    check_id(lesson_id, "lesson")
    key = _key(lesson_id, work_dir)
    found = _LESSONS.get(key)
    if found is None:
        found = _LESSONS[key] = Lesson(lesson_id, work_dir, show_results=show_results, lang=lang)
    else:
        found.lang = found.work.lang = lesson_language(lang)
        set_default_lang(lang and found.lang)
        # an author may have edited the answers
        found.answers = translated_answers(load_answers(lesson_id), found.lang)
        found.show_results = _switch(show_results)
    _current = found
    # the tables it shows: headings in its language (English: as pandas draws them)
    table_headers.install(found.lang)
    return found


def running_lesson(lesson_id: str, work_dir: str | os.PathLike | None = None) -> Lesson | None:
    """The lesson started in this kernel for this id and folder, if any."""
    return _LESSONS.get(_key(lesson_id, work_dir))


def restore_work(path: str | os.PathLike, work_dir: str | os.PathLike | None = None) -> Restored:
    """Restore a student's work from their own hand-in file (.html or .md).

    The work goes to ``<work_dir>/.evo_work/<lesson>.json`` (default: the kernel's folder, or
    ``$EVO_LESSONS_WORK_DIR``), for the lesson the hand-in names; if that lesson is running in
    this kernel, its boxes show the restored work at once. A file from another lesson (in a
    lesson's upload box), edited or damaged is refused with one sentence, and nothing changes.
    """
    from .restore import Work, read_hand_in_file, restore_into

    parts = read_hand_in_file(path)
    live = running_lesson(parts["lesson"], work_dir)
    if live is not None:
        return live.restore(parts)
    return restore_into(Work.open(parts["lesson"], work_dir), parts)


def current_lesson() -> Lesson:
    """The lesson this kernel started, or an error that says which cell to run."""
    if _current is None:
        raise RuntimeError(
            pgettext(
                "lesson; keep start_lesson(...) (Python code)",
                "No lesson has started in this notebook yet: run its first code cell (the one "
                "with start_lesson(...)) and then this cell again.",
            )
        )
    return _current


def class_seat():
    """The current lesson's seat in its live class, once joined from the name box: counted
    games are dealt by the class with ``class_seat().game("phylo")``."""
    from evo_lessons.live.lesson_link import JOIN_FIRST

    link = current_lesson().class_link
    if link is None:
        raise ValueError(JOIN_FIRST)
    return link.seat


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


def read_off(
    checkpoint_id: str,
    prompt: str,
    value: float,
    *,
    tolerance: float,
    unit: str = "",
    after: str | tuple[str, ...] = (),
    hint: str = "",
):
    """A number to read off a plot, checked in the kernel (see :meth:`Lesson.read_off`)."""
    return current_lesson().read_off(
        checkpoint_id, prompt, value, tolerance=tolerance, unit=unit, after=after, hint=hint
    )


def track_game(game: Any, label: str | None = None) -> Any:
    """Keep every game a widget finishes for the hand-in (see :meth:`Lesson.track_game`)."""
    return current_lesson().track_game(game, label)


def lesson_game(name: str, label: str | None = None, **options: Any) -> Any:
    """The lesson's played game, counted by the class once joined (see
    :meth:`Lesson.lesson_game`): ``lesson_game("climate", seed=2026, players=4)``."""
    return current_lesson().lesson_game(name, label, **options)


def track_population(run: Any, label: str = "population") -> Any:
    """Keep every population run for the hand-in (see :meth:`Lesson.track_population`)."""
    return current_lesson().track_population(run, label)


def result(*question_ids: str) -> Callable[[Callable[[], Any]], ResultBox | None]:
    """Show a result once its predictions are saved (see :meth:`Lesson.result`)."""
    return current_lesson().result(*question_ids)


def hand_in(*games: Any):
    """The Hand in button (see :meth:`Lesson.hand_in`)."""
    return current_lesson().hand_in(*games)
