"""A student's saved work for one lesson: one small JSON file beside the notebook.

Where: ``.evo_work/<lesson>.json`` in the folder the kernel runs in (JupyterLab starts a
notebook's kernel in the notebook's own folder). One hidden folder rather than a
``<lesson>.work.json`` beside each notebook, because:

* students do not open or edit it by mistake, and the file browser stays as tidy as the lesson;
* the folder writes its own ``.gitignore`` (as pytest's cache does), so a class repository or a
  test run never commits anyone's answers;
* the file is named by the lesson id, which the kernel knows for certain (it cannot know the
  notebook's file name), so a renamed copy of a notebook still finds its work.

It is written on every change (a name typed, an answer typed, a checkpoint run, a game move),
atomically (a temporary file, then a rename), so a culled server or a crash loses at most the
keystroke in flight; a temporary file left by an interrupted write is removed the next time the
lesson opens. A damaged file of any kind (not JSON, nested too deep, a value of the wrong type)
never stops a lesson: it is kept aside as ``<lesson>.<time>.damaged`` (never overwriting an
earlier one) and a new one begins.

What the file holds about games (the same goes for the hand-in, which is made from it):

* ``games``: the game each tracked widget shows now, with its number of moves. Its scenario
  code (seed and moves) is kept only when the session says it is ready
  (``session.scenario_code_ready``: the game is over, or it has no hidden information, or it is
  the teacher's): mid-game, the seed of a game with hidden cards would show every other
  player's hand, so the file says only "in progress, N moves".
* ``deals``: every deal (game and seed) the lesson's games have shown, how often, and whether
  the helper bot moved in it, so a deal played again in a new kernel is still known as a
  replay (:mod:`evo_lessons.engine.deals`);
* ``results``: every finished game's and population run's result code (``EVR1-``), labelled,
  in the order they finished: a New game, Undo or rewind never drops one;
* ``in_play``: the game each ``lesson_game`` cell plays now, so running the cell again after a
  reload, a closed tab, a restarted kernel or a reopened notebook takes it up at the same move:
  a local game's whole timeline (:meth:`~evo_lessons.widgets.session.GameSession.snapshot`,
  which holds its seed), a counted game's id in the class service and the class's join code.
  This part is the kernel's own record: it is never written into a hand-in (a local game is
  practice; the seed in it shows nothing a counted game hides, which lives in the service).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from evo_lessons.i18n import pgettext

from .answers import check_id

FORMAT = "evo_lessons.work/1"
FOLDER = ".evo_work"
#: the environment variable that moves every lesson's work folder (tests, shared machines)
WORK_DIR_VARIABLE = "EVO_LESSONS_WORK_DIR"
#: the largest work file read back (a whole lesson of long answers is well under 1 MB)
MAX_WORK_BYTES = 8_000_000
#: a temporary file older than this (seconds) is a write that never finished
STALE_TEMPORARY = 60.0

#: what each record may hold, with its type (anything else makes the file damaged)
_QUESTION = {
    "prompt": str,
    "stage": str,
    "answer": str,
    "revealed": bool,
    "answer_when_revealed": str,
}
_CHECKPOINT = {"passed": bool, "message": str, "typed": str, "question": str}
_GAME = {"game": str, "code": str, "moves": int, "over": bool, "result": str}
_RESULT = {"label": str, "kind": str, "game": str, "code": str, "helped": bool}
#: the game a lesson_game cell plays now: "local" (snapshot) or "served" (id, join_code)
_IN_PLAY: dict[str, type] = {
    "game": str,
    "kind": str,
    "options": str,
    "snapshot": dict,
    "id": str,
    "join_code": str,
}
#: every deal the lesson's games have shown ("<game>:<seed>"): see evo_lessons.engine.deals
_DEAL = {"shown": int, "helper": bool}


def work_path(lesson: str, work_dir: str | os.PathLike | None = None) -> Path:
    """Where the work of ``lesson`` is saved: ``<work_dir>/.evo_work/<lesson>.json``."""
    base = work_dir if work_dir is not None else os.environ.get(WORK_DIR_VARIABLE, ".")
    return Path(base) / FOLDER / f"{check_id(lesson, 'lesson')}.json"


def clean_text(text: object) -> str:
    """Text from the page as the work keeps it: a lone half of a surrogate pair (what a browser
    sends for half an emoji) becomes U+FFFD, so every later save can be written as UTF-8."""
    text = str(text)
    if not any("\ud800" <= c <= "\udfff" for c in text):
        return text
    return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text)


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime())


def _record(value: Any, fields: dict[str, type], what: str) -> dict[str, Any]:
    """A copy of one saved record, every field of the type it must have (else ValueError)."""
    if not isinstance(value, dict):
        raise ValueError(
            pgettext(
                "damaged work file; {part}: a part, as the file names it",
                "a “{part}” entry is not a table",
            ).format(part=what)
        )
    out = {}
    for key, item in value.items():
        kind = fields.get(key)
        if kind is None:
            raise ValueError(
                pgettext(
                    "damaged work file; {part}: a part, as the file names it",
                    "a “{part}” entry has an unknown field {field}",
                ).format(part=what, field=repr(str(key)[:30]))
            )
        if kind is int and (isinstance(item, bool) or not isinstance(item, int)):
            raise ValueError(
                pgettext(
                    "damaged work file; {part}: a part, as the file names it",
                    "the {field} of a “{part}” entry is not a whole number",
                ).format(part=what, field=key)
            )
        if not isinstance(item, kind):
            raise ValueError(
                pgettext(
                    "damaged work file; {part}: a part, as the file names it; {kind}: a type",
                    "the {field} of a “{part}” entry is not {kind}",
                ).format(part=what, field=key, kind=kind.__name__)
            )
        out[key] = clean_text(item) if kind is str else item
    return out


def _table(value: Any, fields: dict[str, type], what: str, ids: bool = True) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(
            pgettext(
                "damaged work file; {part}: a part, as the file names it",
                "the “{part}” entries are not a table",
            ).format(part=what)
        )
    if not ids and any(len(k) > 200 for k in value):
        raise ValueError(
            pgettext(
                "damaged work file; {part}: a part, as the file names it",
                "a “{part}” label is too long",
            ).format(part=what)
        )
    return {check_id(k, what) if ids else k: _record(v, fields, what) for k, v in value.items()}


def validate(data: Any, lesson: str) -> dict[str, Any]:
    """The parts of a work file as checked copies; ValueError with a reason if anything is
    missing, of another lesson, or of the wrong type (used for files and for restores)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(
            pgettext(
                "damaged work file; {format} is the file format's name, kept as it is",
                "this is not a {format} file",
            ).format(format=FORMAT)
        )
    if data.get("lesson") != lesson:
        raise ValueError(
            pgettext(
                "damaged work file; {lesson} is a lesson's id such as '01_climate'",
                "this file is for the lesson {lesson}",
            ).format(lesson=repr(str(data.get("lesson"))[:40]))
        )
    unknown = set(data) - {
        "format",
        "lesson",
        "student",
        "updated",
        "questions",
        "checkpoints",
        "games",
        "results",
        "deals",
        "in_play",
        "lang",
    }
    if unknown:
        raise ValueError(
            pgettext(
                "damaged work file; {parts} are the parts' names as in the file",
                "unknown parts {parts}",
            ).format(parts=sorted(str(u)[:30] for u in unknown))
        )
    student, updated = data.get("student", ""), data.get("updated", "")
    if not isinstance(student, str) or not isinstance(updated, str):
        raise ValueError(pgettext("damaged work file", "the name or the time is not text"))
    lang = data.get("lang", "en")
    if not isinstance(lang, str) or not re.fullmatch(r"[a-z]{2,8}(_[A-Za-z0-9]{2,8})?", lang):
        raise ValueError(pgettext("damaged work file", "the language is not a language code"))
    results = data.get("results", [])
    if not isinstance(results, list):
        raise ValueError(pgettext("damaged work file", "the results are not a list"))
    checked = [_record(r, _RESULT, "result") for r in results]
    games = _table(data.get("games", {}), _GAME, "game", ids=False)
    for label, game in games.items():  # files from before results were kept apart
        legacy = game.pop("result", "")
        if legacy and all(r["code"] != legacy for r in checked):
            checked.append(
                {
                    "label": label,
                    "kind": "game",
                    "game": game.get("game", ""),
                    "code": legacy,
                    "helped": False,
                }
            )
    if any(not r.get("code") or r.get("kind") not in ("game", "population") for r in checked):
        raise ValueError(pgettext("damaged work file", "a result has no code or kind"))
    return {
        "student": clean_text(student),
        "updated": clean_text(updated),
        "questions": _table(data.get("questions", {}), _QUESTION, "question"),
        "checkpoints": _table(data.get("checkpoints", {}), _CHECKPOINT, "checkpoint"),
        "games": games,
        "results": checked,
        "deals": _table(data.get("deals", {}), _DEAL, "deal", ids=False),
        "in_play": _table(data.get("in_play", {}), _IN_PLAY, "in_play", ids=False),
        "lang": lang,
    }


class Work:
    """The student's name, answers, checkpoint results, games and results for one lesson.

    Everything is kept in plain dicts in the order it first appeared (the order of the
    notebook), read from the file on start and written back after every change.
    """

    def __init__(self, lesson: str, path: Path) -> None:
        self.lesson = lesson
        self.path = path
        self.student = ""
        self.questions: dict[str, dict[str, Any]] = {}
        self.checkpoints: dict[str, dict[str, Any]] = {}
        self.games: dict[str, dict[str, Any]] = {}
        self.results: list[dict[str, Any]] = []
        #: deals shown in this lesson, across kernels (a DealBook's entries; see module docs)
        self.deals: dict[str, dict[str, Any]] = {}
        #: the games lesson_game cells play now (see the module's docstring; never handed in)
        self.in_play: dict[str, dict[str, Any]] = {}
        self.updated = ""
        #: the lesson's language (its start_lesson's lang; see evo_lessons.lessons.language)
        self.lang = "en"
        self.problem = ""  # the last reason a save or load failed, in words ("" = none)

    @classmethod
    def open(cls, lesson: str, work_dir: str | os.PathLike | None = None) -> Work:
        """The saved work of a lesson, or a fresh one if nothing is saved yet."""
        work = cls(lesson, work_path(lesson, work_dir))
        work._clean_temporaries()
        work._read()
        return work

    # -- reading and writing ----------------------------------------------------------------
    def _read(self) -> None:
        if not self.path.exists():
            return
        try:
            if self.path.stat().st_size > MAX_WORK_BYTES:
                raise ValueError(
                    pgettext(
                        "damaged work file; 'it' is the file, {most} a number",
                        "it is larger than {most} bytes",
                    ).format(most=f"{MAX_WORK_BYTES:,}")
                )
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self.adopt(validate(data, self.lesson))
        except RecursionError:
            self._set_aside(
                pgettext(
                    "damaged work file; 'it' is the file",
                    "it is nested too deeply to be a work file",
                )
            )
        except (OSError, ValueError, TypeError, AttributeError) as error:
            self._set_aside(str(error)[:200])

    def _set_aside(self, reason: str) -> None:
        aside = _free_name(self.path)
        try:
            self.path.rename(aside)
            kept = pgettext(
                "damaged work file; 'it' is the file, {name} its new name",
                "it was kept as {name} and a new file begins",
            ).format(name=aside.name)
        except OSError:
            kept = pgettext("damaged work file", "a new file begins")
        self.problem = pgettext(
            "damaged work file; {reason} says what is wrong, {kept} where the file went",
            "Your saved work could not be read ({reason}); {kept}.",
        ).format(reason=reason, kept=kept)

    def _clean_temporaries(self) -> None:
        """Remove temporary files of this lesson left by a write that never finished."""
        folder = self.path.parent
        if not folder.is_dir():
            return
        limit = time.time() - STALE_TEMPORARY
        for leftover in folder.glob(f".{self.lesson}.*.tmp"):
            with contextlib.suppress(OSError):
                if leftover.stat().st_mtime < limit:
                    leftover.unlink()

    def adopt(self, parts: dict[str, Any]) -> None:
        """Take over checked parts (from :func:`validate`) as this work."""
        self.student = parts["student"]
        self.questions = parts["questions"]
        self.checkpoints = parts["checkpoints"]
        self.games = parts["games"]
        self.results = parts["results"]
        self.lang = parts.get("lang", self.lang)
        self.deals.clear()  # the same dict: a session's DealBook may hold it
        self.deals.update(parts.get("deals", {}))
        if parts.get("in_play"):  # a hand-in restored carries none: keep ours
            self.in_play = parts["in_play"]
        self.updated = parts["updated"]

    def to_dict(self, *, in_play: bool = False) -> dict[str, Any]:
        """The work as JSON; ``in_play`` adds the games in play (the file has them; a hand-in
        does not)."""
        data = {
            "format": FORMAT,
            "lesson": self.lesson,
            "student": self.student,
            "updated": self.updated,
            "questions": self.questions,
            "checkpoints": self.checkpoints,
            "games": self.games,
            "results": self.results,
            "deals": self.deals,
            "lang": self.lang,
        }
        if in_play:
            data["in_play"] = self.in_play
        return data

    def save(self) -> bool:
        """Write the file now (atomically). False, with ``problem`` set, if it cannot be written."""
        self.updated = _now()
        temporary = None
        try:
            _ensure_folder(self.path.parent)
            text = json.dumps(self.to_dict(in_play=True), indent=1, ensure_ascii=False)
            handle, temporary = tempfile.mkstemp(
                dir=self.path.parent, prefix=f".{self.lesson}.", suffix=".tmp"
            )
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text + "\n")
            os.replace(temporary, self.path)
            temporary = None
        except OSError as error:
            self.problem = pgettext(
                "saving work; {error} is the system's message (often in English)",
                "Your work could not be saved ({error}).",
            ).format(error=error.strerror or error)
            return False
        except (UnicodeError, ValueError) as error:  # text that cannot be written (never kept)
            self.problem = pgettext(
                "saving work; {error} is a Python error's name, kept as it is",
                "Your work could not be saved ({error}): retype it.",
            ).format(error=type(error).__name__)
            return False
        finally:
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
        self.problem = ""
        return True

    # -- changes (each one saved at once) -----------------------------------------------------
    def set_student(self, name: str) -> bool:
        self.student = clean_text(name).strip()
        return self.save()

    def register_question(self, question_id: str, prompt: str, stage: str) -> str:
        """Note a question's prompt and stage (for the hand-in); the saved answer, if any."""
        record = self.questions.setdefault(question_id, {"answer": ""})
        record["prompt"] = prompt
        record["stage"] = stage
        return str(record.get("answer", ""))

    def answer(self, question_id: str) -> str:
        """The saved answer to a question ("" if none), as it is now."""
        return str(self.questions.get(question_id, {}).get("answer", "")).strip()

    def set_answer(self, question_id: str, answer: str) -> bool:
        record = self.questions.setdefault(question_id, {"prompt": "", "stage": ""})
        record["answer"] = clean_text(answer)
        return self.save()

    def mark_revealed(self, question_id: str) -> bool:
        """Record that the model answer was shown, and the student's answer at that moment."""
        record = self.questions.setdefault(question_id, {"prompt": "", "stage": "", "answer": ""})
        if not record.get("revealed"):
            record["revealed"] = True
            record["answer_when_revealed"] = record.get("answer", "")
        return self.save()

    def set_checkpoint(self, checkpoint_id: str, passed: bool, message: str, **extra: Any) -> bool:
        extra = {k: clean_text(v) if isinstance(v, str) else v for k, v in extra.items()}
        self.checkpoints[checkpoint_id] = {
            "passed": passed,
            "message": clean_text(message),
            **extra,
        }
        return self.save()

    def set_game(self, label: str, record: dict[str, Any]) -> bool:
        """The game a tracked widget shows now (see the module's note on what is kept)."""
        if self.games.get(label) == record:
            return True
        self.games[label] = record
        return self.save()

    def set_in_play(self, label: str, record: dict[str, Any] | None) -> bool:
        """The game a lesson_game cell plays now (None: forget it); saved at once."""
        if record is None:
            if self.in_play.pop(label, None) is None:
                return True
        elif self.in_play.get(label) == record:
            return True
        else:
            self.in_play[label] = record
        return self.save()

    def add_result(self, record: dict[str, Any]) -> bool:
        """A finished game's or population run's result code; the same code is kept once."""
        for kept in self.results:
            if kept["code"] == record["code"]:
                return True
        self.results.append(record)
        return self.save()

    def replace_result(self, old: str, new: str) -> None:
        """Swap one result code for another (the same game, with the name now typed)."""
        for kept in self.results:
            if kept["code"] == old:
                kept["code"] = new


def _free_name(path: Path, kind: str = "damaged") -> Path:
    """``<lesson>.<date-time>.damaged``, with a number added if that name is taken."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime())
    aside = path.with_suffix(f".{stamp}.{kind}")
    number = 2
    while aside.exists():
        aside = path.with_suffix(f".{stamp}-{number}.{kind}")
        number += 1
    return aside


def _ensure_folder(folder: Path) -> None:
    if folder.is_dir():
        return
    folder.mkdir(parents=True, exist_ok=True)
    # keep every student's work out of version control, wherever the lesson runs
    (folder / ".gitignore").write_text("# student work: never committed\n*\n", encoding="utf-8")
