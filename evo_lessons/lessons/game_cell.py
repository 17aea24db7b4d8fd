"""The lesson's own game: one call gives the game a lesson plays, counted when the class is joined.

``lesson_game("climate", seed=2026, players=4, max_rounds=10)`` in a lesson cell gives:

* **a counted game, dealt by the class** when the lesson is joined to a live class (the name
  box's "Join your class", or ``EVO_CLASS_URL``/``EVO_CLASS_CODE`` set by the teacher's hub):
  the service deals it (its own seed: ``seed`` and ``seats`` are the local game's and are not
  sent; the other options are) and records every move, so nothing is typed or handed in;
* **the local game of today** otherwise: the same widget with the given seed and seats, whose
  result codes go on the hand-in (and to the class as practice, if it is joined later).

**Running the cell again takes the same game up again, at the same move** (a reload after Ctrl+S,
a closed tab, Run All, a restarted kernel, a reopened notebook): in the same kernel the same
widget is shown again; in a new kernel a local game is rebuilt from its timeline in the work
file (``in_play``: :meth:`~evo_lessons.widgets.session.GameSession.snapshot`), and a counted
game is asked of the service, which holds it (its id is kept in the work file beside the class's
join code, so the student is told it is the same game). A game taken up again is one play: its
deal is not counted as shown again, and nothing in its result blames a reload.
"""

from __future__ import annotations

import html
import json
from typing import TYPE_CHECKING, Any

from evo_lessons.i18n import N_, _

if TYPE_CHECKING:
    from .lesson import Lesson

LOCAL, SERVED = "local", "served"
#: what a local game's options may not carry to the class (the class deals and seats it)
LOCAL_ONLY = ("seed", "seats")
#: the English texts (translated where shown, in the lesson's language)
# Translators: {move} is a number
RESUMED = N_("Your game in play was taken up again at move {move}: carry on where you were.")
# Translators: {reason} is the class service's sentence saying why
NOT_DEALT = N_("Your class's game could not be dealt: {reason} Run this cell again in a moment.")


class NotDealt:
    """What the cell shows when the class could not deal its game (it says why, and what to do)."""

    def __init__(self, reason: str) -> None:
        self.text = _(NOT_DEALT).format(reason=reason.rstrip(".") + ".")

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return f'<p class="evo-not-dealt" role="status">⚠ {html.escape(self.text)}</p>'


def options_key(game: str, options: dict[str, Any]) -> str:
    """The cell's game and options as one string: a changed cell is a new game, not a resume."""
    return json.dumps([game, options], sort_keys=True, default=str)[:2000]


def lesson_game(lesson: Lesson, name: str, label: str | None = None, **options: Any) -> Any:
    """The lesson's played game (see the module's docstring); the widget to display."""
    label = label or name
    link = lesson.class_link
    if link is not None:
        return _served_game(lesson, link.seat, name, label, options)
    return _local_game(lesson, name, label, options)


def _shown(lesson: Lesson, label: str, key: str) -> Any:
    """The widget this cell made earlier in this kernel, if it is still the cell's game."""
    widget = lesson.tracker.games.get(label)
    if widget is None or getattr(widget, "lesson_game_key", None) != key:
        return None
    if getattr(widget, "comm", True) is None:  # closed
        return None
    return widget


def _local_game(lesson: Lesson, name: str, label: str, options: dict[str, Any]) -> Any:
    from evo_lessons.widgets import GameWidget
    from evo_lessons.widgets.session import GameSession

    key = options_key(name, options)
    widget = _shown(lesson, label, key)
    if widget is not None and isinstance(widget.session, GameSession):
        return widget
    tracker = lesson.tracker
    kept = lesson.work.in_play.get(label)
    widget = None
    if kept and kept.get("kind") == LOCAL and kept.get("options") == key:
        try:
            session = GameSession.resume(kept.get("snapshot", {}), tracker.deal_book())
        except ValueError:
            session = None  # a damaged record: a fresh game (the work file says nothing worse)
        if session is not None:
            widget = GameWidget(session.spec, session=session)
    if widget is None:
        widget = GameWidget(name, **options)
    widget.lesson_game_key = key
    tracker.track_game(widget, label)
    tracker.keep_in_play(label, widget)
    return widget


def _served_game(lesson: Lesson, seat: Any, name: str, label: str, options: dict[str, Any]) -> Any:
    from evo_lessons.live.served import ServedGame

    plot = bool(options.get("plot", True))
    sent = {k: v for k, v in options.items() if k not in (*LOCAL_ONLY, "plot")}
    key = options_key(name, {"class": seat.join_code, **sent})
    widget = _shown(lesson, label, key)
    # (a class joined again at a new address, same code: the game is asked for there)
    if isinstance(widget, ServedGame) and widget.served.url == seat.url:
        try:
            widget.refresh()  # the game as the service holds it now
        except ValueError as error:
            widget.error = str(error)
        return widget
    kept = lesson.work.in_play.get(label) or {}
    same_class = kept.get("kind") == SERVED and kept.get("join_code") == seat.join_code
    kept_id = kept.get("id", "") if same_class and kept.get("game") == name else ""
    try:
        widget = seat.game(name, plot=plot, **sent)
    except ValueError as error:
        return NotDealt(str(error))
    widget.lesson_game_key = key
    if kept_id and widget.served.id == kept_id and widget.served.move:
        widget.note(_(RESUMED).format(move=widget.served.move))
    lesson.tracker.track_game(widget, label)
    record = {
        "game": name,
        "kind": SERVED,
        "options": key,
        "snapshot": {},
        "id": widget.served.id,
        "join_code": seat.join_code,
    }
    lesson.work.set_in_play(label, record)
    return widget
