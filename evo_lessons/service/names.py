"""Seats: who may take which name in a class (red-team N4).

* **Names are compared by their skeleton** (:func:`name_key`): NFKC, case folded, accents and
  marks dropped, Cyrillic and Greek letters that look like Latin ones mapped to them (a small
  table of the look-alikes a projector cannot tell apart: "Bоb" with a Cyrillic o, "Βob" with a
  Greek B), digits 0 and 1 read as o and l, and everything but letters and digits left out
  ("B ob", "Bob."). Two seats of a class never share a skeleton; a second "Bob" is asked to add
  an initial. The name shown is the one typed.
* **On a JupyterHub a seat is the hub user.** With hub auth on, a join needs the hub token and
  takes the hub user's name; a typed name is refused (:func:`hub_refusal`). The same hub user
  may join again at any time (a new kernel): the seat is theirs.
* **A re-opened seat goes to one join, once.** The teacher's "Let join again" makes a one-time
  rejoin code (:func:`open_seat`), shown only to the teacher, who gives it to the student; the
  student joins with that code in place of the class's join code and the seat's name. The code
  is kept hashed, works once, for that name only, for :data:`REJOIN_HOURS` hours. Anyone else
  joining under that name meanwhile gets the usual "already joined" answer, so a re-opened seat
  cannot be raced.
"""

from __future__ import annotations

import datetime as dt
import threading
import unicodedata

from sqlalchemy import DateTime, ForeignKey, String, delete, select
from sqlalchemy.orm import Mapped, mapped_column

from evo_lessons.i18n import pgettext

from . import auth
from .db import Base, Student, now

REJOIN_HOURS = 2
_TICKETS = threading.Lock()
KEY_LENGTH = 80

#: Cyrillic and Greek letters (after case folding) that look like a Latin letter, and digits
#: read as letters: the projector's confusables (after Unicode's confusables.txt, Latin targets)
LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic (either case looks like a Latin letter)
        "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
        "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
        "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "ү": "y", "ҫ": "c", "ѵ": "v",
        # Greek
        "α": "a", "β": "b", "γ": "y", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k",
        "μ": "m", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ϲ": "c",
        "ϳ": "j", "ϱ": "p", "ϐ": "b",
        # Latin look-alikes of other Latin letters, and digits read as letters
        "ı": "i", "ȷ": "j", "ɑ": "a", "ɡ": "g", "ɩ": "i", "ʟ": "l", "ɪ": "i", "ᴏ": "o",
        "0": "o", "1": "l",
    }
)  # fmt: skip


def name_key(name: str) -> str:
    """A name's skeleton: what two names must not share in one class."""
    text = unicodedata.normalize("NFKC", name).casefold()
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.translate(LOOK_ALIKES)
    text = unicodedata.normalize("NFKC", text).casefold()
    kept = "".join(c for c in text if c.isalnum())
    return (kept or name.casefold())[:KEY_LENGTH]


class RejoinTicket(Base):
    """A one-time rejoin code for one seat (only its hash is kept)."""

    __tablename__ = "rejoin_tickets"
    student_id: Mapped[int] = mapped_column(ForeignKey("students.id"), primary_key=True)
    code_hash: Mapped[str] = mapped_column(String(64), index=True)
    made: Mapped[dt.datetime] = mapped_column(DateTime, default=now)


def open_seat(db, student: Student) -> str:
    """Let ``student``'s seat be taken again by the next join with the returned code (once).
    A new code replaces an older one. The caller commits."""
    code = auth.new_join_code()
    db.execute(delete(RejoinTicket).where(RejoinTicket.student_id == student.id))
    db.add(RejoinTicket(student_id=student.id, code_hash=auth.token_hash(code)))
    student.may_rejoin = True
    return code


def ticket_seat(db, code: str, key: str) -> Student | None:
    """The seat a rejoin ``code`` opens for the name skeleton ``key`` (the ticket is used up),
    or None."""
    if not code or len(code) > 20:
        return None
    ticket = db.scalar(select(RejoinTicket).where(RejoinTicket.code_hash == auth.token_hash(code)))
    if ticket is None or now() - ticket.made > dt.timedelta(hours=REJOIN_HOURS):
        return None
    student = db.get(Student, ticket.student_id)
    if student is None or student.key != key:
        return None
    used = db.execute(  # once: of two joins at one moment, in any processes, one deletes it
        delete(RejoinTicket).where(
            RejoinTicket.student_id == student.id, RejoinTicket.code_hash == ticket.code_hash
        )
    )
    if used.rowcount != 1:
        db.rollback()
        return None
    student.may_rejoin = False
    return student


def join_by_ticket(db, code: str, name: str) -> tuple[str, Student] | None:
    """A join with the teacher's one-time rejoin code: a new token for that seat (the old one
    stops working), or None if the code opens no seat of this name. Committed."""
    from .results import touch

    with _TICKETS:  # one join at a time reads and spends a ticket in this process
        student = ticket_seat(db, code.strip().upper(), name_key(name))
        if student is None:
            return None
        token = auth.new_token()
        student.token_hash = auth.token_hash(token)
        touch(db, student.class_id)
        db.commit()
    return token, student


def hub_refusal(hub_enabled: bool, hub_user: str | None) -> str | None:
    """Why a join is refused on a hub (None: it may go on)."""
    if hub_enabled and hub_user is None:
        return pgettext(
            "class service",
            "On this JupyterHub you join with your hub account: open the lesson from your own "
            "hub server (a typed name cannot take a seat here).",
        )
    return None


def rekey_students(db) -> int:
    """Give older seats (keyed by case folding only) their skeleton key where no other seat of
    theirs has it; how many changed. The caller commits."""
    changed = 0
    students = db.scalars(select(Student)).all()
    taken = {(s.class_id, s.key) for s in students}
    for student in students:
        key = name_key(student.name)
        place = (student.class_id, key)
        if student.key != key and place not in taken:
            taken.discard((place[0], student.key))
            taken.add(place)
            student.key = key
            changed += 1
    return changed
