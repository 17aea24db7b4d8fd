"""Results behind predictions: a result shows only once its prediction is saved.

A lesson cell that shows a result (a plot, a table, a printed conclusion) answering a Predict
question wraps it in a function::

    @result("climate-rate-curve")          # one or more question ids
    def _(shown=comparison):               # computed above; the function only shows it
        display(shown)

* Every named prediction already saved (or the teacher's switch on): the function runs at once
  and its output stands in the cell, as if it were the cell's own (nbval sees it).
* Otherwise the cell shows one line, "Write and save your prediction above; the result appears
  here", in an Output widget; the moment the last named prediction is saved, the function
  runs into that box by itself (once), without re-running anything.

So Run All never prints a result before anyone predicts. The lesson keeps one table of waiting
boxes, keyed by the question ids and the cell (its code's file and line: ipykernel names a cell's
code by a hash of its source), so running the cell again replaces its box instead of adding a
second one, and one answer-saved hook serves every box: no callback is added per box or per
run. A waiting box costs nothing until it shows; the function runs once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the box is a widget: it loads only when one is made (see widgets.py)
    from .lesson import Lesson
    from .widgets import ResultBox

#: ``EVO_LESSONS_SHOW_RESULTS=1``: the teacher's projector switch (and the test suite's)
SHOW_RESULTS_VARIABLE = "EVO_LESSONS_SHOW_RESULTS"


def cell_key(question_ids: Sequence[str], function: Callable[..., Any]) -> tuple:
    """Which box a decorated function is: the same cell run again gives the same key."""
    code = getattr(function, "__code__", None)
    where = (code.co_filename, code.co_firstlineno) if code is not None else (id(function),)
    return (tuple(question_ids), *where)


class ResultGate:
    """A lesson's waiting result boxes, opened by the one hook the lesson calls on a save."""

    def __init__(self, lesson: Lesson) -> None:
        self._lesson = lesson
        self._waiting: dict[tuple, ResultBox] = {}

    def ready(self, question_ids: Sequence[str]) -> bool:
        lesson = self._lesson
        return lesson.show_results or all(lesson.work.answer(q) for q in question_ids)

    def add(self, question_ids: tuple[str, ...], function: Callable[[], Any]) -> ResultBox | None:
        """Run ``function`` now (returns None) or display a waiting box for it (returns it)."""
        from IPython.display import display

        from .widgets import ResultBox

        key = cell_key(question_ids, function)
        old = self._waiting.pop(key, None)
        if old is not None:
            old.close()
        if self.ready(question_ids):
            function()
            return None
        box = ResultBox(question_ids, function)
        self._waiting[key] = box
        display(box)
        return box

    def saved(self, question_id: str | None = None) -> None:
        """A prediction was saved (or restored): show every box now ready."""
        for key, box in list(self._waiting.items()):
            if (question_id is None or question_id in box.question_ids) and self.ready(
                box.question_ids
            ):
                del self._waiting[key]
                box.show()

    @property
    def waiting(self) -> list[ResultBox]:
        return list(self._waiting.values())
