"""A lesson joined to a live class: the name box's "Join your class", and every result sent.

The name box offers "Join your class" (the class's address and join code, which the teacher's
``evo-teacher class serve`` prints). Where the teacher's hub sets ``EVO_CLASS_URL`` and
``EVO_CLASS_CODE`` the lesson joins by itself when the name box is shown (on a JupyterHub the
hub user is the name; elsewhere once a name is typed), and the box shows the class it joined.

Once joined, the lesson sends every result it keeps (:mod:`evo_lessons.lessons.tracking`: each
finished game's and population run's result code, as it ends) with
:meth:`~evo_lessons.live.seat.Seat.send`: kept on disk, retried, never counted twice. Results
the lesson kept before the join that carry the seat's name are sent at the join. The codes carry
the seat's name from then on (on a hub, the hub user's), so the class can match them to the seat.
A restarted kernel takes the seat back when the name box is shown (the class it joined is kept
in the work folder), and sends what was still queued.
Without a class nothing changes: the hand-in still carries every code.

Counted games are played with ``class_seat().game("phylo")``
(:func:`evo_lessons.lessons.class_seat`): dealt and recorded by the class.
"""

from __future__ import annotations

import contextlib
import os
import weakref
from typing import TYPE_CHECKING, Any

from evo_lessons.i18n import pgettext, pN_

if TYPE_CHECKING:
    from evo_lessons.lessons.lesson import Lesson
    from evo_lessons.live.seat import Seat

# Translators: 'Join your class' and Join are the name box's part and button: use their words
JOIN_FIRST = pN_(
    "class",
    "Join your class first: open 'Join your class' under your name, type the address and the "
    "code your teacher gives, and press Join.",
)


class ClassLink:
    """A lesson's seat in its class: sends every result the lesson keeps."""

    def __init__(self, lesson: Lesson, seat: Seat) -> None:
        self.lesson = lesson
        self.seat = seat
        self.boxes: weakref.WeakSet = weakref.WeakSet()  # name boxes that show the status
        seat.listeners.append(lambda _send: self.show())  # answers that come in the background

    def result_kept(self, code: str, label: str) -> None:
        """The lesson kept a result: send it (queued if the class cannot be reached now)."""
        with contextlib.suppress(ValueError):  # a code too long to send stays on the hand-in
            self.seat.send(code, label)
        self.show()

    def show(self) -> None:
        """Bring every name box's class line up to date."""
        line = self.status()
        for box in list(self.boxes):
            box.class_status = line

    def status(self) -> str:
        """One line for the name box: the class joined, and what is still waiting to be sent."""
        sends = self.seat.sends
        waiting = sum(1 for s in sends if s["status"] == "queued")
        counted = sum(1 for s in sends if s["status"] == "counted")
        if waiting:
            # Translators: {name} is the student's name; {counted} and {waiting} are numbers
            line = pgettext(
                "class",
                "✓ Joined your class as {name}: each finished game is sent as it ends "
                "({counted} counted so far, {waiting} waiting to be sent).",
            )
        else:
            line = pgettext(
                "class",
                "✓ Joined your class as {name}: each finished game is sent as it ends "
                "({counted} counted so far).",
            )
        return line.format(name=self.seat.name, counted=counted, waiting=waiting)


def join_lesson(lesson: Lesson, url: str, join_code: str, name: str | None = None) -> str:
    """Join the class for this lesson; the sentence the name box shows (ValueError: why not)."""
    from evo_lessons.live.seat import join_class

    typed = lesson.work.student if name is None else name
    if not typed.strip() and not os.environ.get("JUPYTERHUB_USER"):
        raise ValueError(
            pgettext(
                "class error",
                "Type your name first (it is how your class knows you), then press Join.",
            )
        )
    seat = join_class(url, join_code, typed, work_dir=lesson.folder)
    old = lesson.class_link
    if old is not None and old.seat is not seat:
        old.seat.close()
    link = lesson.class_link = ClassLink(lesson, seat)
    if seat.name and seat.name != lesson.work.student:
        lesson.work.set_student(seat.name)  # the hub's name, or the name as the class keeps it
    for result in list(lesson.work.results):
        if _named(result["code"], seat.name):
            link.result_kept(result["code"], result["label"])
    return link.status()


def auto_join(lesson: Lesson) -> str:
    """Join the class the hub names (``EVO_CLASS_URL``/``EVO_CLASS_CODE``) if there is one;
    the name box's sentence ("" with no class named)."""
    from evo_lessons.live.seat import CODE_VARIABLE, HUB_USER_VARIABLE, URL_VARIABLE

    url = os.environ.get(URL_VARIABLE, "").strip()
    code = os.environ.get(CODE_VARIABLE, "").strip()
    if not url or not code:
        return _join_again(lesson)
    if lesson.class_link is not None:
        return lesson.class_link.status()
    if not lesson.work.student.strip() and not os.environ.get(HUB_USER_VARIABLE):
        return pgettext("class", "Type your name, then press Join to join your class.")
    try:
        return join_lesson(lesson, url, code)
    except ValueError as error:
        return f"✗ {error}"


def _join_again(lesson: Lesson) -> str:
    """A restarted kernel: take back the seat this folder's student used in the last hours (its
    sends still queued go out now); "" if there is none. Last week's class is not joined."""
    from evo_lessons.live.send_queue import saved_seats

    name = lesson.work.student.strip().casefold()
    for url, join_code, student in saved_seats(lesson.folder):
        if student.casefold() == name and name:
            try:
                return join_lesson(lesson, url, join_code)
            except ValueError as error:
                return f"✗ {error}"
    return ""


def class_address() -> tuple[str, str]:
    """The class address and code the hub names, to fill the join form ("" if none)."""
    from evo_lessons.live.seat import CODE_VARIABLE, URL_VARIABLE

    return os.environ.get(URL_VARIABLE, "").strip(), os.environ.get(CODE_VARIABLE, "").strip()


def fill_name_box(box: Any, lesson: Lesson) -> None:
    """The name box's "Join your class" part: the hub's class address and code, if any, and
    the join made at once where the hub names a class."""
    box.class_url, box.class_code = class_address()
    link = lesson.class_link  # a re-run cell's new box shows the class joined already
    box.class_status = link.status() if link is not None else auto_join(lesson)
    if lesson.class_link is not None:
        lesson.class_link.boxes.add(box)
    box.refresh()  # a hub's name replaces the typed one


def join_message(box: Any, lesson: Lesson, content: dict[str, Any]) -> None:
    """The page's Join button: ``{"type": "join", "url", "code"}``; the box says what happened."""
    url, code = content.get("url"), content.get("code")
    if not (isinstance(url, str) and isinstance(code, str) and len(url) + len(code) < 400):
        box.class_status = "✗ " + pgettext(
            "class error", "Type the class address and the join code your teacher gave."
        )
        return
    try:
        box.class_status = join_lesson(lesson, url, code)
        if lesson.class_link is not None:  # (always: join_lesson has just linked the class)
            lesson.class_link.boxes.add(box)
    except ValueError as error:
        box.class_status = f"✗ {error}"
    box.refresh()


def _named(code: str, name: str) -> bool:
    """Does a kept result code carry this name? (Only those are the seat's to send.)"""
    from evo_lessons.engine.results import parse_result

    try:
        data: Any = parse_result(code)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("name") == name
