"""Games and population runs on the hand-in: every finished one, labelled, never dropped.

A lesson tracks a GameWidget (``track_game``) or a population run (``track_population``):

* **Every finished game** is kept as a result code (``EVR1-``) in the work's ``results``, in
  the order the games finished: a New game, an Undo past the end, a rewind or a second game
  never drops one. The widget's ``finished_count`` trait says when a game finished and its
  ``finished_games`` list says whether the helper bot played for the person; with a widget
  that has neither, the lesson watches ``view`` and keeps each finished game once (a game is
  its scenario code: a rewind to the end of the same game is not a new one).
* **The game each widget shows now** is kept in ``games`` with its number of moves, and its
  scenario code only when ``session.scenario_code_ready`` (mid-game with hidden cards, the seed
  would show every hand).
* **Every population run** of a tracked PopulationWidget is kept when a new run replaces it
  and at Hand in (one result per run, updated as it goes on); a finished ``evolve`` result is
  kept when it is tracked.

Result codes carry the student's name. A game that finished before a name was typed is coded
again with the name at Hand in (from a copy of the finished session kept in memory).
"""

from __future__ import annotations

import contextlib
import copy
import inspect
from typing import TYPE_CHECKING, Any

from evo_lessons.i18n import pgettext

if TYPE_CHECKING:
    from .lesson import Lesson

#: the name in a result code kept before the student typed one: data, the same in every
#: language (the code is; the teacher's tools list such codes apart)
NO_NAME = "no name"


def scenario_ready(session: Any) -> bool:
    """May this session's scenario code (seed and moves) be written down now?"""
    ready = getattr(session, "scenario_code_ready", None)
    if ready is not None:
        return bool(ready)
    spec = getattr(session, "spec", None)
    return bool(session.state.is_over) or not getattr(spec, "hidden_information", True)


def game_result_code(session: Any, name: str, lesson: str) -> str:
    """The finished game's result code: the session's own (with roles and the lesson) when it
    has one, else the classroom's."""
    method = getattr(session, "result_code", None)
    if callable(method):
        return method(name, lesson=lesson)
    from evo_lessons.classroom import result_code

    if "lesson" in inspect.signature(result_code).parameters:
        return result_code(session, name, lesson=lesson)
    return result_code(session, name)


def population_result_code(finished: Any, name: str) -> str:
    from evo_lessons.classroom import result_code

    return result_code(finished, name)


def quietly(record: Any, *args: Any) -> None:
    """Run a record-keeping step from inside a widget's change: a code that cannot be made
    (ValueError: an all-bot game has no student's result, say) is skipped, never raised into
    the game the student is playing."""
    with contextlib.suppress(ValueError):
        record(*args)


class Tracker:
    """One lesson's tracked games and population runs (see the module's docstring)."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.games: dict[str, Any] = {}  # label -> the widget tracked under it now
        self.populations: dict[str, Any] = {}  # label -> PopulationWidget
        self._counted: dict[int, int] = {}  # widget id -> finished games already kept
        self._seen: dict[int, Any] = {}  # population widget id -> the run it last showed
        self._run_codes: dict[int, str] = {}  # id of a population run -> its kept code
        self._runs: dict[int, Any] = {}  # id of a population run -> the run (kept alive)
        self._unnamed: dict[str, Any] = {}  # code kept without a name -> a copy of its session
        self._deal_book: Any = None  # the lesson's deals shown (see deal_book)
        self._in_play: set[str] = set()  # labels whose local game is kept to resume (game_cell)

    def deal_book(self) -> Any:
        """The lesson's one book of deals shown, kept in its work file (saved on change)."""
        if self._deal_book is None:
            from evo_lessons.engine.deals import DealBook

            work = self.lesson.work
            self._deal_book = DealBook(work.deals, work.save)
        return self._deal_book

    # -- naming -------------------------------------------------------------------------------
    def name(self) -> str:
        from evo_lessons.engine.results import fit_name

        link = self.lesson.class_link  # joined to a class: its codes carry the seat's name
        return fit_name(link.seat.name if link is not None else self.lesson.work.student) or ""

    def _give_name(self, widget: Any) -> None:
        """The lesson's name goes on the widget's result box (issue 32: it stood empty)."""
        name = self.name()
        if name and hasattr(widget, "set_student_name"):
            quietly(widget.set_student_name, name)

    def name_changed(self) -> None:
        """The name box changed (typed, or brought back by a restore): every tracked game's
        result box shows the new name and its code."""
        for widget in list(self.games.values()):
            self._give_name(widget)

    def _number(self, label: str, kind: str) -> int:
        return 1 + sum(
            1
            for r in self.lesson.work.results
            if r["kind"] == kind and r["label"].rsplit(",", 1)[0] == label
        )

    # -- games ----------------------------------------------------------------------------------
    def track_game(self, widget: Any, label: str | None = None, record_now: bool = False) -> Any:
        label = label or widget.session.game
        if hasattr(widget, "lesson"):
            widget.lesson = self.lesson.id  # the widget's own result codes name the lesson
        if hasattr(widget.session, "use_deals"):  # deals shown count across kernels
            widget.session.use_deals(self.deal_book())
        if self.games.get(label) is not widget:
            self.games[label] = widget

            def moved(_change: Any = None) -> None:
                if self.games.get(label) is widget:  # a newer widget under this label wins
                    quietly(self._moved, label, widget)

            widget.observe(moved, names="view")
            if widget.has_trait("finished_count"):
                widget.observe(
                    lambda _c: quietly(self._finished, label, widget), names="finished_count"
                )
                quietly(self._finished, label, widget)  # games finished before it was tracked
        self._give_name(widget)
        fresh = not widget.session.state.history
        if record_now and not (fresh and label in self.lesson.work.games):
            self._moved(label, widget)  # a fresh widget never replaces the game on record
        return widget

    def keep_in_play(self, label: str, widget: Any) -> None:
        """Keep this label's local game in the work file at every move, so running its cell
        again in a new kernel takes it up at the same move (see :mod:`.game_cell`)."""
        self._in_play.add(label)
        self._keep_in_play(label, widget)

    def _keep_in_play(self, label: str, widget: Any) -> bool:
        """The game in play's record in the work (not saved here); whether it changed."""
        snapshot = getattr(widget.session, "snapshot", None)
        if label not in self._in_play or not callable(snapshot):
            return False
        work = self.lesson.work
        record = {
            "game": widget.session.game,
            "kind": "local",
            "options": str(getattr(widget, "lesson_game_key", "")),
            "snapshot": snapshot(),
            "id": "",
            "join_code": "",
        }
        if work.in_play.get(label) == record:
            return False
        work.in_play[label] = record
        return True

    def _moved(self, label: str, widget: Any) -> None:
        session = widget.session
        state = session.state
        ready = scenario_ready(session)
        record = {
            "game": session.game,
            "moves": len(state.history),
            "over": bool(state.is_over),
            "code": session.scenario_code() if ready else "",
        }
        work = self.lesson.work
        resumable = self._keep_in_play(label, widget)  # one save for both records
        if work.games.get(label) != record or resumable:
            work.games[label] = record
            work.save()
        if state.is_over and not widget.has_trait("finished_count"):
            self._keep_game(label, session, helped=False)

    def _finished(self, label: str, widget: Any) -> None:
        finished = list(getattr(widget, "finished_games", []))
        start = self._counted.get(id(widget), 0)
        self._counted[id(widget)] = len(finished)
        for number, entry in enumerate(finished[start:], start=start + 1):
            helped = bool(entry.get("helped", False))
            if number == len(finished) and widget.session.state.is_over:  # the game shown now
                self._keep_game(label, widget.session, helped=helped)
            elif entry.get("result_code"):  # an earlier game, coded by the widget
                self._keep(label, "game", widget.session.game, entry["result_code"], helped)

    def _keep_game(self, label: str, session: Any, helped: bool) -> None:
        name = self.name()
        code = game_result_code(session, name or NO_NAME, self.lesson.id)
        if any(r["code"] == code for r in self.lesson.work.results):
            return
        if not name:
            # a copy is a convenience: without it the code keeps "no name"
            with contextlib.suppress(Exception):
                self._unnamed[code] = copy.deepcopy(session)
        self._keep(label, "game", session.game, code, helped)

    def _keep(self, label: str, kind: str, game: str, code: str, helped: bool = False) -> None:
        number = self._number(label, kind)
        # the label reads "<label>, game 2" in the lesson's language (counted by what comes
        # before its last comma: see _number)
        word = (
            pgettext("a result's label, before its number: a finished game", "game")
            if kind == "game"
            else pgettext("a result's label, before its number: a population run", "run")
        )
        self.lesson.work.add_result(
            {
                "label": f"{label}, {word} {number}",
                "kind": kind,
                "game": game,
                "code": code,
                "helped": helped,
            }
        )
        if self.lesson.class_link is not None:  # a live class: sent as it ends
            self.lesson.class_link.result_kept(code, f"{label}, {word} {number}")

    # -- population runs ----------------------------------------------------------------------
    def track_population(self, finished: Any, label: str) -> Any:
        if hasattr(finished, "population") and hasattr(finished, "observe"):
            if self.populations.get(label) is not finished:
                self.populations[label] = finished
                self._seen[id(finished)] = finished.population
                finished.observe(
                    lambda _c: quietly(self._population_moved, label, finished), names="view"
                )
            return finished
        self._keep_run(label, finished)
        return finished

    def _population_moved(self, label: str, widget: Any) -> None:
        before = self._seen.get(id(widget))
        now = widget.population
        if before is not None and before is not now:  # a new run replaced the one shown
            self._keep_run(label, before)
        self._seen[id(widget)] = now

    def _keep_run(self, label: str, run: Any) -> None:
        if getattr(run, "generation", 1) == 0:
            return  # nothing has happened in this run yet
        code = population_result_code(run, self.name() or NO_NAME)
        game = getattr(getattr(run, "world", None), "name", "") or str(
            getattr(getattr(run, "settings", None), "game", "")
        )
        old = self._run_codes.get(id(run))
        if old is not None and self._runs.get(id(run)) is run:
            if old != code:
                self.lesson.work.replace_result(old, code)
                self.lesson.work.save()
        else:
            self._keep(label, "population", game, code)
        self._run_codes[id(run)] = code
        self._runs[id(run)] = run

    # -- at Hand in ---------------------------------------------------------------------------
    def before_hand_in(self) -> None:
        """Keep the runs shown now, and put the name on codes kept before it was typed."""
        for label, widget in self.populations.items():
            self._keep_run(label, widget.population)
        name = self.name()
        if not name:
            return
        for old, session in list(self._unnamed.items()):
            try:
                new = game_result_code(session, name, self.lesson.id)
            except ValueError:
                continue
            self.lesson.work.replace_result(old, new)
            del self._unnamed[old]
        for run_id, old in list(self._run_codes.items()):
            run = self._runs[run_id]
            new = population_result_code(run, name)
            if new != old:
                self.lesson.work.replace_result(old, new)
                self._run_codes[run_id] = new
