"""A class's own records outside its rulings: who holds a token, a new class, its language.

:class:`~.rulings.ClassRulings` rules inside one class that is already found. What comes
before that, or around it, lives here: the handlers find who asks (a student's token, a hub
user's seat, the classes a teacher may see) before any ruling runs; the command line and the
service make a class (its join code, teacher token and deal secret); and a class's language
is a service setting, read by the live page and set by the teacher. Each function takes an
open session, as the rulings do, and reads the database every time (any number of service
processes may share it).
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from evo_lessons.i18n import pgettext

from . import auth, language
from .db import SchoolClass, Setting, Student
from .deal_secret import new_secret

#: the name of a class nobody named (stored data, in no language: the live page then shows its
#: own title, in the page's language)
DEFAULT_CLASS_NAME = "Class"


# -- who asks -----------------------------------------------------------------------------------
def student_by_token(db: Session, token: str) -> Student | None:
    """The student holding a class token (read from the database every time: a token the
    teacher's "let join again" replaced stops working in every process at once)."""
    student = db.scalar(select(Student).where(Student.token_hash == auth.token_hash(token)))
    if student is not None:
        db.expunge(student)
    return student


def student_by_hub_user(db: Session, name: str) -> Student | None:
    """The hub user's newest seat (a hub user joins each class under their own name)."""
    student = db.scalar(
        select(Student).where(Student.hub_user == name).order_by(Student.id.desc()).limit(1)
    )
    if student is not None:
        db.expunge(student)
    return student


def teacher_classes(
    db: Session, token: str | None = None, groups: list[str] | None = None, default_group=None
) -> list[int]:
    """The classes a teacher token, or a hub teacher's groups, may see (ids, oldest first).

    A class with a hub group is taught by that group's members; one without, by the service's
    ``EVO_TEACHER_GROUP`` (``default_group``)."""
    found: list[int] = []
    if token is not None:
        hashed = auth.token_hash(token)  # classes keep only their teacher token's hash
        for klass in db.scalars(select(SchoolClass).order_by(SchoolClass.id)):
            if auth.same(hashed, klass.teacher_token):
                found.append(klass.id)
    if groups is not None:
        for klass in db.scalars(select(SchoolClass).order_by(SchoolClass.id)):
            group = klass.hub_group or default_group
            if group is not None and group in groups and klass.id not in found:
                found.append(klass.id)
    return found


def create_class(
    db: Session,
    name: str,
    join_code: str | None = None,
    hub_group: str | None = None,
    teacher_token: str | None = None,
    lang: str | None = None,
) -> SchoolClass:
    """A new class (its join code made here unless given); committed. ``lang``: the language
    its live page opens in (:func:`set_class_lang`; ValueError for one the service does not
    ship)."""
    name = name.strip()[:120] or DEFAULT_CLASS_NAME
    if lang is not None and language.chosen(lang) is None:
        raise ValueError(_unknown_lang(lang))
    token = teacher_token or auth.new_token()
    for attempt in range(5):
        klass = SchoolClass(
            name=name,
            join_code=join_code or auth.new_join_code(),
            teacher_token=auth.token_hash(token),  # only the hash is kept (issue 42)
            deal_secret=new_secret(),  # every served seed comes from it (deal_secret)
            hub_group=hub_group,
            paused=False,
            version=1,
        )
        db.add(klass)
        try:
            db.commit()
        except IntegrityError:
            db.rollback()
            if join_code is not None or attempt == 4:
                text = pgettext("class service", "the join code {code} is another class's")
                raise ValueError(text.format(code=join_code)) from None
            continue
        klass.new_teacher_token = token  # type: ignore[attr-defined]  # shown once, not stored
        if lang is not None:
            set_class_lang(db, klass.id, lang)
        return klass
    raise AssertionError("unreachable")


#: a class's language (its live page's, when the address and the teacher's choice name none),
#: kept as a service setting (no column: a class without one follows the browser)
CLASS_LANG = "class_lang:{}"


def _unknown_lang(lang: str) -> str:
    text = pgettext("class service", "The class service has no language {lang}; it has {langs}.")
    return text.format(lang=repr(lang[:20]), langs=", ".join(sorted(language.shipped())))


def class_lang(db: Session, class_id: int) -> str | None:
    """The language set for a class (None: its page follows the browser)."""
    found = db.get(Setting, CLASS_LANG.format(class_id))
    return language.chosen(found.value) if found is not None else None


def set_class_lang(db: Session, class_id: int, lang: str | None) -> None:
    """Set (or with None clear) a class's language; committed. ValueError for a language the
    service does not ship."""
    key = CLASS_LANG.format(class_id)
    found = db.get(Setting, key)
    if lang is None:
        if found is not None:
            db.delete(found)
    else:
        chosen = language.chosen(lang)
        if chosen is None:
            raise ValueError(_unknown_lang(lang))
        if found is None:
            db.add(Setting(key=key, value=chosen))
        else:
            found.value = chosen
    db.commit()
