"""A seat's sends, kept on disk until the class service has answered each one.

Where: ``.evo_work/class-<key>.json`` in the lesson's work folder (the folder lessons save work
in, ``$EVO_LESSONS_WORK_DIR`` or the kernel's own), one file per class and student, written as
the lesson's work file is: atomically (a temporary file, then a rename), on every change. So a
kernel restarted or a connection dropped between a game's end and the service's answer loses
nothing: the next seat on the same folder reads the file and sends what is still queued.

Each code gets its ``send_id`` (a uuid4, 32 hex digits) once, when it is first queued, and
keeps it: sending it again, after a lost answer or a restart, is the same send, which the
service answers as before and never counts twice.

The file also keeps the seat's token, so a restarted kernel takes its seat back rather than
joining as a new student. A damaged file is set aside as ``<name>.<time>.damaged`` (as a damaged
work file is) and a new one begins.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from evo_lessons.i18n import pgettext

#: the lessons' work folder (evo_lessons.lessons.work.FOLDER; the class tools may not import
#: the lessons, which sit above them)
FOLDER = ".evo_work"
WORK_DIR_VARIABLE = "EVO_LESSONS_WORK_DIR"
FORMAT = "evo_lessons.class/1"
#: the largest queue file read back (codes are sent one by one; a class's worth is far less)
MAX_FILE_BYTES = 16_000_000
#: how recently a seat must have been used for a restarted kernel to take it back (seconds)
REJOIN_SECONDS = 12 * 3600
QUEUED, COUNTED, APART, REFUSED = "queued", "counted", "apart", "refused"
ANSWERED = frozenset({COUNTED, APART, REFUSED})
_ENTRY = {"send_id": str, "code": str, "status": str, "reason": str, "label": str}


def queue_path(join_code: str, name: str, work_dir: str | os.PathLike | None) -> Path:
    """The file of one student's seat in one class, in the lesson's work folder.

    A class is its join code, not its address (issue 40.3): the same seat and the same queued
    sends whether the service is reached as localhost, 127.0.0.1 or the machine's name, or
    restarted on another port or Wi-Fi address with the same data."""
    base = work_dir if work_dir is not None else os.environ.get(WORK_DIR_VARIABLE, ".")
    key = hashlib.sha256(f"class\n{join_code.upper()}\n{name.casefold()}".encode()).hexdigest()
    path = Path(base) / FOLDER / f"class-{key[:16]}.json"
    if not path.exists():
        _adopt_older_file(path, join_code, name)
    return path


def _adopt_older_file(path: Path, join_code: str, name: str) -> None:
    """A seat kept by an earlier version (its file named by address too) becomes this class's
    file, the most recently used one if there are several."""
    found = []
    for older in path.parent.glob("class-*.json"):
        with contextlib.suppress(OSError, ValueError, TypeError, AttributeError, RecursionError):
            if older.stat().st_size > MAX_FILE_BYTES:
                continue
            data = json.loads(older.read_text(encoding="utf-8"))
            student = data.get("student", {}).get("name", "")
            same_code = str(data.get("join_code", "")).upper() == join_code.upper()
            if same_code and isinstance(student, str) and student.casefold() == name.casefold():
                found.append((older.stat().st_mtime, older))
    if found:
        with contextlib.suppress(OSError):
            max(found)[1].rename(path)


def saved_seats(
    work_dir: str | os.PathLike | None, within: float = REJOIN_SECONDS
) -> list[tuple[str, str, str]]:
    """(url, join code, student name) of each seat kept in a work folder and used in the last
    ``within`` seconds (a class period's restarted kernel, not last week's class), newest first."""
    base = work_dir if work_dir is not None else os.environ.get(WORK_DIR_VARIABLE, ".")
    found = []
    recent = []
    for path in (Path(base) / FOLDER).glob("class-*.json"):
        with contextlib.suppress(OSError):
            stat = path.stat()
            if time.time() - stat.st_mtime <= within and stat.st_size <= MAX_FILE_BYTES:
                recent.append((stat.st_mtime, path))
    for _, path in sorted(recent, reverse=True):
        with contextlib.suppress(OSError, ValueError, TypeError, AttributeError, RecursionError):
            data = json.loads(path.read_text(encoding="utf-8"))
            url, code = data.get("url"), data.get("join_code")
            name = data.get("student", {}).get("name")
            if all(isinstance(v, str) and v for v in (url, code, name)):
                found.append((url, code, name))
    return found


def new_send_id() -> str:
    return uuid.uuid4().hex


def _entry(value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or set(value) != set(_ENTRY):
        raise ValueError(pgettext("class error", "a send is not a table of the right fields"))
    for key, kind in _ENTRY.items():
        if not isinstance(value[key], kind):
            # Translators: {key} is a field of the file ("code", "status"): keep it
            raise ValueError(pgettext("class error", "a send's {key} is not text").format(key=key))
    if len(value["send_id"]) != 32 or any(c not in "0123456789abcdef" for c in value["send_id"]):
        raise ValueError(pgettext("class error", "a send id is not 32 hex digits"))
    if value["status"] not in ANSWERED | {QUEUED}:
        raise ValueError(pgettext("class error", "a send's status is unknown"))
    return dict(value)


class SendQueue:
    """The seat's token and sends, as the file holds them; every change is written at once."""

    def __init__(self, path: Path, url: str, join_code: str) -> None:
        self.path = path
        self.url = url
        self.join_code = join_code
        self.token = ""
        #: a join sent and not yet answered (issue 40.4): sent again with the same id
        self.join_id = ""
        self.student: dict[str, Any] = {}
        self.sends: list[dict[str, str]] = []
        self.problem = ""  # the last reason the file could not be read or written

    @classmethod
    def open(cls, path: Path, url: str, join_code: str) -> SendQueue:
        queue = cls(path, url, join_code)
        queue._read()
        return queue

    def _read(self) -> None:
        if not self.path.exists():
            return
        try:
            if self.path.stat().st_size > MAX_FILE_BYTES:
                raise ValueError(pgettext("class error", "it is too large"))
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ValueError(
                    pgettext("class error", "it is not a {format} file").format(format=FORMAT)
                )
            if str(data.get("join_code", "")).upper() != self.join_code.upper():
                # (the address may differ: the class moved to another port or host; the seat
                # and its sends follow the code)
                raise ValueError(pgettext("class error", "it is for another class"))
            token, student, sends = data.get("token"), data.get("student"), data.get("sends")
            if not isinstance(token, str) or not isinstance(student, dict):
                raise ValueError(pgettext("class error", "its seat is not readable"))
            if not isinstance(sends, list):
                raise ValueError(pgettext("class error", "its sends are not a list"))
            self.sends = [_entry(s) for s in sends]
            self.token, self.student = token, student
            join_id = data.get("join_id", "")
            self.join_id = join_id if isinstance(join_id, str) and len(join_id) <= 64 else ""
        except RecursionError:
            self._set_aside(pgettext("class error", "it is nested too deeply"))
        except (OSError, ValueError, TypeError) as error:
            self._set_aside(str(error)[:200])

    def _set_aside(self, reason: str) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime())
        aside = self.path.with_suffix(f".{stamp}.damaged")
        number = 2
        while aside.exists():
            aside = self.path.with_suffix(f".{stamp}-{number}.damaged")
            number += 1
        with contextlib.suppress(OSError):
            self.path.rename(aside)
        # Translators: {reason} says what is wrong with the file ("it is for another class")
        text = pgettext(
            "class error", "Your class sends could not be read ({reason}); a new list begins."
        )
        self.problem = text.format(reason=reason)

    def save(self) -> bool:
        """Write the file now (atomically). False, with ``problem`` set, if it cannot be."""
        data = {
            "format": FORMAT,
            "url": self.url,
            "join_code": self.join_code,
            "token": self.token,
            "join_id": self.join_id,
            "student": self.student,
            "sends": self.sends,
        }
        temporary = None
        try:
            _ensure_folder(self.path.parent)
            handle, temporary = tempfile.mkstemp(
                dir=self.path.parent, prefix=f".{self.path.stem}.", suffix=".tmp"
            )
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
            os.replace(temporary, self.path)
            temporary = None
        except OSError as error:
            text = pgettext("class error", "Your class sends could not be saved ({error}).")
            self.problem = text.format(error=error.strerror or error)
            return False
        finally:
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
        self.problem = ""
        return True

    # -- sends ----------------------------------------------------------------------------------
    def find(self, code: str) -> dict[str, str] | None:
        for entry in self.sends:
            if entry["code"] == code:
                return entry
        return None

    def add(self, code: str, label: str = "") -> dict[str, str]:
        """The send of ``code``: the one kept already, or a new one (queued, with its id)."""
        found = self.find(code)
        if found is not None:
            return found
        entry = {
            "send_id": new_send_id(),
            "code": code,
            "status": QUEUED,
            "reason": "",
            "label": label[:200],
        }
        self.sends.append(entry)
        self.save()
        return entry

    def queued(self) -> list[dict[str, str]]:
        return [entry for entry in self.sends if entry["status"] == QUEUED]

    def answered(self, entry: dict[str, str], status: str, reason: str) -> None:
        entry["status"] = status
        entry["reason"] = reason[:400]
        self.save()


def _ensure_folder(folder: Path) -> None:
    if folder.is_dir():
        return
    folder.mkdir(parents=True, exist_ok=True)
    # as the lessons' work folder does: keep every student's work out of version control
    (folder / ".gitignore").write_text("# student work: never committed\n*\n", encoding="utf-8")
