"""Period two on any machine: a student's work restored from their own hand-in file.

Every hand-in (.html or .md) ends with a machine-readable copy of the work and a SHA-256
checksum over that copy and the rest of the file (see :func:`~.handin.with_work`). Restoring
reads only that copy, after checking that:

* the file is a hand-in at all, and its copy is whole (not cut off, not re-encoded);
* the checksum matches: an edit anywhere in the file, or damage on the way (a truncated
  download, an e-mail program that rewrapped lines), shows as a mismatch; line endings and
  trailing spaces do not count;
* it is for the lesson being restored, and every part has the type a work file needs.

Anything else is refused with one sentence, and nothing changes. What the checksum does *not*
do: it is a plain hash, not a signature (a student install holds no secret), so someone who
rebuilds the copy and recomputes the hash with this code can make a file that restores. It
protects against accidents and the wrong file, not against forgery; the teacher's class
pooling does not trust hand-ins either (it replays every result code).

On success the restored work becomes the lesson's work: answers, revealed marks, checkpoints,
the games on record and every result code come back (result codes are merged with any already
saved, never dropped); the work file that was there, if it held anything, is kept aside as
``<lesson>.<time>.replaced``.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import os
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evo_lessons.classroom.seal import checksum, seal_of
from evo_lessons.i18n import N_, pgettext
from evo_lessons.i18n import _ as _t

from .answers import available_lessons
from .work import MAX_WORK_BYTES, Work, _free_name, validate

#: the largest hand-in file read (a whole lesson with long answers is well under 1 MB)
MAX_HAND_IN_BYTES = 10_000_000
NOT_A_HAND_IN = N_(
    "This is not a hand-in file from these lessons, or its last line was cut off: use the "
    ".html or .md file exactly as the Hand in box gave it."
)
CHANGED = N_(
    "This hand-in has been changed or damaged since it was handed in, so it cannot be "
    "restored: use the file exactly as the Hand in box gave it."
)


@dataclass(frozen=True)
class Restored:
    """What came back: the lesson, the name, and how many of each part."""

    lesson: str
    student: str
    answers: int
    checkpoints: int
    games: int
    results: int
    path: Path

    def __str__(self) -> str:
        counts = {
            "lesson": self.lesson,
            "answers": self.answers,
            "checkpoints": self.checkpoints,
            "games": self.games,
            "results": self.results,
        }
        if self.student:
            said = pgettext(
                "restore; {student} is a name",
                "{student}'s work for {lesson} is back: {answers} answers, {checkpoints} "
                "checkpoints, {games} games on record and {results} result codes (run the cells "
                "below if a box still looks empty).",
            )
            return said.format(student=self.student, **counts)
        return pgettext(
            "restore",
            "Your work for {lesson} is back: {answers} answers, {checkpoints} checkpoints, "
            "{games} games on record and {results} result codes (run the cells below if a box "
            "still looks empty).",
        ).format(**counts)


def read_hand_in(text: str | bytes) -> dict[str, Any]:
    """The checked work inside a hand-in's text (ValueError with one sentence otherwise)."""
    if isinstance(text, bytes):
        if len(text) > MAX_HAND_IN_BYTES:
            raise ValueError(pgettext("restore", "This file is too large to be a hand-in."))
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(_t(NOT_A_HAND_IN)) from None
    if not isinstance(text, str) or len(text) > MAX_HAND_IN_BYTES:
        raise ValueError(pgettext("restore", "This file is too large to be a hand-in."))
    seal = seal_of(text)
    if seal is None:
        raise ValueError(_t(NOT_A_HAND_IN))
    start, digest, payload = seal
    if checksum(payload, text[:start]) != digest:
        raise ValueError(_t(CHANGED))
    try:
        packed = base64.b64decode(payload, validate=True)
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, MAX_WORK_BYTES)
        if inflate.unconsumed_tail or inflate.unused_data or not inflate.eof:
            raise ValueError("trailing or too much data")
        data = json.loads(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, ValueError, RecursionError, UnicodeDecodeError):
        raise ValueError(_t(CHANGED)) from None
    lesson = data.get("lesson") if isinstance(data, dict) else None
    if not isinstance(lesson, str) or lesson not in available_lessons():
        raise ValueError(_t(CHANGED))
    try:
        parts = validate(data, lesson)
    except (ValueError, TypeError, RecursionError):
        raise ValueError(_t(CHANGED)) from None
    return {"lesson": lesson, **parts}


def read_hand_in_file(path: str | os.PathLike) -> dict[str, Any]:
    """:func:`read_hand_in` of a file, with a sentence if it cannot be read at all."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_HAND_IN_BYTES:
            raise ValueError(pgettext("restore", "This file is too large to be a hand-in."))
        data = path.read_bytes()
    except OSError as error:
        raise ValueError(
            pgettext(
                "restore; {why} is the system's reason",
                "The file {name} could not be read ({why}).",
            ).format(name=path.name, why=error.strerror)
        ) from None
    return read_hand_in(data)


def merge(work: Work, parts: dict[str, Any]) -> None:
    """Make ``parts`` (a checked hand-in) the work: restored parts win, nothing is dropped
    (questions, checkpoints and games only in the current work stay; results are united)."""
    kept_reveals = {
        question_id: str(record.get("answer_when_revealed", ""))
        for question_id, record in work.questions.items()
        if record.get("revealed")
    }
    known = {r["code"] for r in parts["results"]}
    results = parts["results"] + [r for r in work.results if r["code"] not in known]
    work.adopt(
        {
            "student": parts["student"] or work.student,
            "updated": parts["updated"],
            "questions": {**work.questions, **parts["questions"]},
            "checkpoints": {**work.checkpoints, **parts["checkpoints"]},
            "games": {**work.games, **parts["games"]},
            "results": results,
            "deals": _merged_deals(work.deals, parts.get("deals", {})),
        }
    )
    # the record that a model answer was shown is never taken back by a restore: a hand-in
    # made before Reveal, uploaded again, must not erase it
    for question_id, before in kept_reveals.items():
        record = work.questions.setdefault(question_id, {"prompt": "", "stage": "", "answer": ""})
        if not record.get("revealed"):
            record["revealed"] = True
            record["answer_when_revealed"] = before


def _merged_deals(mine: dict[str, Any], theirs: dict[str, Any]) -> dict[str, Any]:
    """Deals from both: the larger count of showings, helped if either says so."""
    merged = {key: dict(value) for key, value in mine.items()}
    for key, value in theirs.items():
        kept = merged.get(key, {"shown": 0, "helper": False})
        merged[key] = {
            "shown": max(kept["shown"], value["shown"]),
            "helper": kept["helper"] or value["helper"],
        }
    return merged


def keep_aside(work: Work) -> None:
    """Keep the current work file as ``<lesson>.<time>.replaced`` if it holds anything."""
    if not (work.path.exists() and (work.student or work.questions or work.results)):
        return
    with contextlib.suppress(OSError):
        _free_name(work.path, "replaced").write_bytes(work.path.read_bytes())


def restore_into(work: Work, parts: dict[str, Any]) -> Restored:
    """Restore checked parts into an open work (kept aside first) and save it."""
    if parts["lesson"] != work.lesson:
        raise ValueError(
            pgettext(
                "restore",
                "This hand-in is for the lesson {theirs}, not {ours}: restore it in that lesson's "
                "notebook.",
            ).format(theirs=parts["lesson"], ours=work.lesson)
        )
    keep_aside(work)
    merge(work, parts)
    if not work.save():
        raise ValueError(work.problem)
    answered = sum(1 for q in work.questions.values() if str(q.get("answer", "")).strip())
    return Restored(
        lesson=work.lesson,
        student=work.student,
        answers=answered,
        checkpoints=len(work.checkpoints),
        games=len(work.games),
        results=len(work.results),
        path=work.path,
    )
