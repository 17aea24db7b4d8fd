"""The small widgets a lesson is made of: a name box, question boxes, number checks, hand-in.

Each is an anywidget drawn by ``static/lesson.js`` (hand-written, no imports, no CDN) and owned
by a :class:`~evo_lessons.lessons.lesson.Lesson`, which saves every change. Two rules hold:

* The model answer never reaches the front end until the student has written (and saved) an
  answer: it is not a trait value until then, so it is in no notebook output or widget state.
  The value a number check compares with stays in Python too.
* Each widget's ``text/plain`` representation is the question in words (and the student's
  answer), so a notebook read where widgets cannot run (nbviewer, print, a text-only screen
  reader view) still shows the question rather than a widget placeholder.
"""

from __future__ import annotations

import base64
import math
import pathlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import anywidget
import ipywidgets
import traitlets

from evo_lessons.i18n import N_, get_translator, pgettext, tr
from evo_lessons.i18n import _ as _t
from evo_lessons.live import lesson_link as join
from evo_lessons.widgets.frontend import assemble
from evo_lessons.widgets.page_strings import LESSON_PAGE, page_strings

from .handin import STAGE_NAMES

if TYPE_CHECKING:
    from .lesson import Lesson

STATIC = pathlib.Path(__file__).parent / "static"
#: what a result box shows until its predictions are saved (see resultbox.py)
PLACEHOLDER = N_("Write and save your prediction above; the result appears here.")


class _LessonWidget(anywidget.AnyWidget):
    _esm = assemble(STATIC / "lesson.js")
    _css = assemble(STATIC / "lesson.css")
    kind = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    #: the page's words in the lesson's language (lesson.js holds no English: page_strings.py)
    strings = traitlets.Dict().tag(sync=True)

    @traitlets.default("strings")
    def _strings(self) -> dict[str, str]:
        return page_strings(get_translator(), table=LESSON_PAGE)

    def plain_text(self) -> str:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if data is not None:
            data["text/plain"] = self.plain_text()
        return bundle

    def _saved(self, ok: bool) -> None:
        self.status = pgettext("status", "Saved.") if ok else self._lesson.work.problem


#: the largest hand-in file the upload box takes (the page checks it too)
MAX_UPLOAD_CHARS = 10_000_000


class NameBox(_LessonWidget):
    """The student's name, for the hand-in, and an upload box that restores their work from
    a hand-in file (period two on a new machine or a fresh Binder)."""

    name = traitlets.Unicode("").tag(sync=True)
    restored = traitlets.Unicode("").tag(sync=True)  # what the last restore said
    # "Join your class" (live/lesson_link.py): the address and code to fill in, and what happened
    class_url = traitlets.Unicode("").tag(sync=True)
    class_code = traitlets.Unicode("").tag(sync=True)
    class_status = traitlets.Unicode("").tag(sync=True)

    def __init__(self, lesson: Lesson) -> None:
        # a damaged work file is reported here, at the top of the lesson
        super().__init__(kind="student", name=lesson.work.student, status=lesson.work.problem)
        self._lesson = lesson
        self.observe(self._typed, names="name")
        self.on_msg(self._on_message)
        join.fill_name_box(self, lesson)

    def _typed(self, change: dict) -> None:
        if change["new"].strip() != self._lesson.work.student:
            self._saved(self._lesson.work.set_student(change["new"]))
            self._lesson.student_named()

    def refresh(self) -> None:
        if self.name.strip() != self._lesson.work.student:
            self.name = self._lesson.work.student

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "join":
            join.join_message(self, self._lesson, content)
            return
        if not (isinstance(content, dict) and content.get("type") == "restore"):
            return
        text = content.get("text")
        if not isinstance(text, str) or len(text) > MAX_UPLOAD_CHARS:
            self.restored = pgettext("status", "✗ That file is too large to be a hand-in.")
            return
        self.restore(text)

    def restore(self, text: str | bytes) -> bool:
        """Restore this lesson's work from a hand-in's contents; say what happened."""
        try:
            done = self._lesson.restore_text(text)
        except ValueError as error:
            self.restored = f"✗ {error}"
            return False
        self.restored = f"✓ {done}"
        return True

    def plain_text(self) -> str:
        return pgettext("plain text of the name box", "Your name: {name}").format(
            name=self.name or "____________"
        )


class QuestionBox(_LessonWidget):
    """A question, a labelled box for the student's answer, and a Reveal button that works
    only once the box holds a saved answer."""

    question_id = traitlets.Unicode("").tag(sync=True)
    stage = traitlets.Unicode("think").tag(sync=True)
    stage_name = traitlets.Unicode("Think").tag(sync=True)
    colour = traitlets.Unicode("#555555").tag(sync=True)
    prompt = traitlets.Unicode("").tag(sync=True)
    answer = traitlets.Unicode("").tag(sync=True)
    has_model_answer = traitlets.Bool(False).tag(sync=True)
    can_reveal = traitlets.Bool(False).tag(sync=True)
    model_answer = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        lesson: Lesson,
        question_id: str,
        prompt: str,
        stage: tuple[str, str, str],
        saved_answer: str,
        has_model_answer: bool,
    ) -> None:
        key, name, colour = stage
        super().__init__(
            kind="question",
            question_id=question_id,
            stage=key,
            stage_name=tr(STAGE_NAMES[key]) if key in STAGE_NAMES else name,
            colour=colour,
            prompt=prompt,
            answer=saved_answer,
            has_model_answer=has_model_answer,
            can_reveal=has_model_answer and bool(saved_answer.strip()),
        )
        self._lesson = lesson
        self.observe(self._typed, names="answer")
        self.on_msg(self._on_message)

    def _typed(self, change: dict) -> None:
        ok = self._lesson.work.set_answer(self.question_id, change["new"])
        self._saved(ok)
        self.can_reveal = self.has_model_answer and bool(change["new"].strip())
        self._lesson.answer_saved(self.question_id)

    def refresh(self) -> None:
        """Show the saved work again (after a restore)."""
        saved = self._lesson.work.questions.get(self.question_id, {})
        if self.answer != saved.get("answer", ""):
            self.answer = saved.get("answer", "")
        if saved.get("revealed") and self.model_answer:
            return
        if not saved.get("revealed"):
            self.model_answer = ""

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "reveal":
            self.reveal()

    def reveal(self) -> bool:
        """Show the model answer, if the student has written one of their own first."""
        if not self.has_model_answer:
            return False
        if not self.answer.strip():
            self.status = pgettext(
                "status", "Write your own answer first: then you can compare it with a model one."
            )
            return False
        self._lesson.work.mark_revealed(self.question_id)
        self.model_answer = self._lesson.answers.entry(self.question_id).answer
        return True

    def plain_text(self) -> str:
        answer = self.answer.strip() or pgettext(
            "plain text of a question", "(write your answer in the box when the notebook runs)"
        )
        said = pgettext("plain text of a question", "Your answer: {answer}").format(answer=answer)
        return f"{self.stage_name}. {self.prompt}\n{said}"


def parse_number(text: str) -> float | None:
    """A number typed by a student ("12", "0.5", "0,5"; "50%" is 0.5), or None."""
    cleaned = text.strip().replace(",", ".")
    percent = cleaned.endswith("%")
    try:
        value = float(cleaned.removesuffix("%").strip())
    except ValueError:
        return None
    if not math.isfinite(value):
        return None
    return value / 100 if percent else value


#: a wrong reading's default hint; a read-off may give its own (what to look at again)
READ_ACROSS = N_("Look again at the plot (or the slider) above and read its value.")
#: a read-off whose plot waits behind a prediction (under Run All, say)
WAIT_FOR_PLOT = N_(
    "The plot this asks about appears once your prediction above is saved: write it, then "
    "read the plot here."
)


class NumberCheck(_LessonWidget):
    """Read a number off a plot or table: the student types it; it is compared, within a
    tolerance, with the value the notebook computed (which never leaves Python)."""

    prompt = traitlets.Unicode("").tag(sync=True)
    unit = traitlets.Unicode("").tag(sync=True)
    typed = traitlets.Unicode("").tag(sync=True)
    result = traitlets.Unicode("").tag(sync=True)
    passed = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        lesson: Lesson,
        checkpoint_id: str,
        prompt: str,
        value: float,
        tolerance: float,
        unit: str,
        *,
        after: tuple[str, ...] = (),
        hint: str = "",
    ) -> None:
        saved = lesson.work.checkpoints.get(checkpoint_id, {})
        super().__init__(kind="read_off", prompt=prompt, unit=unit, typed=saved.get("typed", ""))
        self._lesson = lesson
        self.checkpoint_id = checkpoint_id
        self._value = float(value)
        self._tolerance = float(tolerance)
        #: the predictions whose result shows what is read here (the box waits for them)
        self.after = tuple(after)
        self._hint = hint or READ_ACROSS
        self.refresh()
        self.on_msg(self._on_message)

    def waiting(self) -> bool:
        """Is the plot this asks about still behind a prediction not yet saved?"""
        return bool(self.after) and not self._lesson.results.ready(self.after)

    def refresh(self) -> None:
        """Show the saved reading again (after a restore, or once its plot appears)."""
        saved = self._lesson.work.checkpoints.get(self.checkpoint_id, {})
        self.typed = saved.get("typed", "")
        if self.waiting():
            self.passed, self.result = False, _t(WAIT_FOR_PLOT)
        elif self.typed:
            self.check(save=False)
        else:
            self.passed, self.result = False, ""

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "check":
            typed = content.get("typed", "")
            self.typed = typed[:40] if isinstance(typed, str) else ""
            self.check()

    def check(self, save: bool = True) -> bool:
        """Compare what the student typed with the computed value; record the result."""
        if self.waiting():
            self.passed, self.result = False, _t(WAIT_FOR_PLOT)
            return False
        number = parse_number(self.typed)
        if number is None:
            self.passed = False
            self.result = pgettext("read-off", "Type a number (such as 1.5), then press Check.")
            return False
        self.passed = abs(number - self._value) <= self._tolerance + 1e-9
        unit = f" {self.unit}" if self.unit else ""
        if self.passed:
            self.result = pgettext(
                "read-off; {value} is a number and its unit",
                "✓ Yes: {value} is a good reading of the plot.",
            ).format(value=f"{number:g}{unit}")
        else:
            # (the hint is the lesson's own sentence, or READ_ACROSS)
            self.result = pgettext(
                "read-off; {value} is a number and its unit, {hint} a sentence",
                "✗ Not yet: {value} is not what the plot shows. {hint}",
            ).format(value=f"{number:g}{unit}", hint=_t(self._hint))
        if save:
            mark = "✓" if self.passed else "✗"
            message = f"{mark} {self.prompt} " + pgettext(
                "read-off; {value} is a number and its unit", "You read {value}."
            ).format(value=f"{number:g}{unit}")
            ok = self._lesson.work.set_checkpoint(
                self.checkpoint_id, self.passed, message, typed=self.typed
            )
            if not ok:
                self.status = self._lesson.work.problem
        return self.passed

    def plain_text(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        head = pgettext("plain text of a read-off", "Read off: {prompt}").format(prompt=self.prompt)
        reading = pgettext("plain text of a read-off", "Your reading: {value}").format(
            value=f"{self.typed or '____'}{unit}"
        )
        return f"{head}\n{reading}"


class CheckLine(_LessonWidget):
    """A prediction's check line: "✓ Your prediction is saved ..." or "✗ Not yet ...".

    A printed line stays as it was printed, so after a Run All it read "Not yet" beside
    results that had appeared once the student saved the prediction (issue 32). The lesson
    refreshes this one whenever the prediction is saved or restored."""

    message = traitlets.Unicode("").tag(sync=True)
    passed = traitlets.Bool(False).tag(sync=True)

    def __init__(self, lesson: Lesson, question_id: str) -> None:
        super().__init__(kind="check")
        self._lesson = lesson
        self.question_id = question_id
        self.refresh()

    def refresh(self) -> None:
        self.passed, self.message = self._lesson._prediction(self.question_id)

    def plain_text(self) -> str:
        return self.message

    def __repr__(self) -> str:  # printed as its line where no widget can show (a plain shell)
        return self.message


class HandInBox(_LessonWidget):
    """A Hand in button: writes the hand-in files beside the notebook and offers downloads."""

    files = traitlets.List(traitlets.Dict()).tag(sync=True)

    def __init__(self, lesson: Lesson) -> None:
        super().__init__(kind="hand_in")
        self._lesson = lesson
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "hand_in":
            self.hand_in()

    def hand_in(self) -> list[pathlib.Path]:
        """Write the HTML and Markdown hand-in files and offer them as downloads."""
        try:
            paths = self._lesson.write_hand_in()
        except OSError as error:
            self.status = pgettext(
                "status; {why} is the system's reason", "The hand-in could not be written ({why})."
            ).format(why=error.strerror or error)
            return []
        except ValueError as error:  # a code that cannot be made: say so, keep the lesson
            self.status = pgettext(
                "status; {why} is the reason", "The hand-in could not be written: {why}"
            ).format(why=error)
            return []
        kinds = {".html": "text/html", ".md": "text/markdown"}
        self.files = [
            {
                "name": path.name,
                "path": f"{path.parent.name}/{path.name}",
                "href": f"data:{kinds[path.suffix]};charset=utf-8;base64,"
                + base64.b64encode(path.read_bytes()).decode("ascii"),
            }
            for path in paths
        ]
        self.status = pgettext(
            "status; {when} is a date and time", "Handed in at {when}: download both files below."
        ).format(when=self._lesson.work.updated)
        return paths

    def plain_text(self) -> str:
        return pgettext(
            "plain text of the hand-in box",
            "Hand in: run this cell in Jupyter and press 'Hand in' to save your answers as a web "
            "page and a Markdown file (in the hand-in folder beside this notebook).",
        )


class ResultBox(ipywidgets.Output):
    """The place of a result that waits for its prediction
    (see :mod:`evo_lessons.lessons.resultbox`): one line until then, the result after."""

    def __init__(self, question_ids: tuple[str, ...], function: Callable[[], Any]) -> None:
        super().__init__()
        self.question_ids = question_ids
        self._function = function
        self.shown = False
        self.outputs: tuple[dict[str, str], ...] = (
            {"output_type": "stream", "name": "stdout", "text": _t(PLACEHOLDER) + "\n"},
        )

    def show(self) -> None:
        """Run the result into the box (once)."""
        if self.shown:
            return
        self.shown = True
        self.outputs = ()
        with self:
            self._function()

    def __repr__(self) -> str:
        return pgettext("result box", "(result shown above)") if self.shown else _t(PLACEHOLDER)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if data is not None:
            data["text/plain"] = (
                pgettext("result box", "(result shown above)") if self.shown else _t(PLACEHOLDER)
            )
        return bundle
