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
keystroke in flight. A damaged file never stops a lesson: it is kept aside as ``*.damaged`` and a
new one begins.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from .answers import check_id

FORMAT = "evo_lessons.work/1"
FOLDER = ".evo_work"
#: the environment variable that moves every lesson's work folder (tests, shared machines)
WORK_DIR_VARIABLE = "EVO_LESSONS_WORK_DIR"


def work_path(lesson: str, work_dir: str | os.PathLike | None = None) -> Path:
    """Where the work of ``lesson`` is saved: ``<work_dir>/.evo_work/<lesson>.json``."""
    base = work_dir if work_dir is not None else os.environ.get(WORK_DIR_VARIABLE, ".")
    return Path(base) / FOLDER / f"{check_id(lesson, 'lesson')}.json"


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime())


class Work:
    """The student's name, answers, checkpoint results and game codes for one lesson.

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
        self.updated = ""
        self.problem = ""  # the last reason a save or load failed, in words ("" = none)

    @classmethod
    def open(cls, lesson: str, work_dir: str | os.PathLike | None = None) -> Work:
        """The saved work of a lesson, or a fresh one if nothing is saved yet."""
        work = cls(lesson, work_path(lesson, work_dir))
        work._read()
        return work

    # -- reading and writing ----------------------------------------------------------------
    def _read(self) -> None:
        if not self.path.exists():
            return
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self._adopt(data)
        except (OSError, ValueError, TypeError, AttributeError) as error:
            aside = self.path.with_suffix(f".{int(time.time())}.damaged")
            with contextlib.suppress(OSError):
                self.path.rename(aside)
            self.problem = (
                f"Your saved work could not be read ({error}); it was kept as {aside.name} "
                "and a new file begins."
            )

    def _adopt(self, data: Any) -> None:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"this is not a {FORMAT} file")
        if data.get("lesson") != self.lesson:
            raise ValueError(f"this file is for the lesson {str(data.get('lesson'))[:40]!r}")
        self.student = str(data.get("student", ""))
        self.questions = {str(k): dict(v) for k, v in data.get("questions", {}).items()}
        self.checkpoints = {str(k): dict(v) for k, v in data.get("checkpoints", {}).items()}
        self.games = {str(k): dict(v) for k, v in data.get("games", {}).items()}
        self.updated = str(data.get("updated", ""))

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "lesson": self.lesson,
            "student": self.student,
            "updated": self.updated,
            "questions": self.questions,
            "checkpoints": self.checkpoints,
            "games": self.games,
        }

    def save(self) -> bool:
        """Write the file now (atomically). False, with ``problem`` set, if it cannot be written."""
        self.updated = _now()
        try:
            _ensure_folder(self.path.parent)
            text = json.dumps(self.to_dict(), indent=1, ensure_ascii=False)
            handle, temporary = tempfile.mkstemp(dir=self.path.parent, suffix=".tmp")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text + "\n")
            os.replace(temporary, self.path)
        except OSError as error:
            self.problem = f"Your work could not be saved ({error.strerror or error})."
            return False
        self.problem = ""
        return True

    # -- changes (each one saved at once) -----------------------------------------------------
    def set_student(self, name: str) -> bool:
        self.student = name.strip()
        return self.save()

    def register_question(self, question_id: str, prompt: str, stage: str) -> str:
        """Note a question's prompt and stage (for the hand-in); the saved answer, if any."""
        record = self.questions.setdefault(question_id, {"answer": ""})
        record["prompt"] = prompt
        record["stage"] = stage
        return str(record.get("answer", ""))

    def set_answer(self, question_id: str, answer: str) -> bool:
        record = self.questions.setdefault(question_id, {"prompt": "", "stage": ""})
        record["answer"] = answer
        return self.save()

    def mark_revealed(self, question_id: str) -> bool:
        """Record that the model answer was shown, and the student's answer at that moment."""
        record = self.questions.setdefault(question_id, {"prompt": "", "stage": "", "answer": ""})
        if not record.get("revealed"):
            record["revealed"] = True
            record["answer_when_revealed"] = record.get("answer", "")
        return self.save()

    def set_checkpoint(self, checkpoint_id: str, passed: bool, message: str, **extra: Any) -> bool:
        self.checkpoints[checkpoint_id] = {"passed": passed, "message": message, **extra}
        return self.save()

    def set_game(self, label: str, game: str, code: str, result: str = "") -> bool:
        """A game's scenario code (and, when it is finished, its result code)."""
        record = {"game": game, "code": code, **({"result": result} if result else {})}
        if self.games.get(label) == record:
            return True
        self.games[label] = record
        return self.save()


def _ensure_folder(folder: Path) -> None:
    if folder.is_dir():
        return
    folder.mkdir(parents=True, exist_ok=True)
    # keep every student's work out of version control, wherever the lesson runs
    (folder / ".gitignore").write_text("# student work: never committed\n*\n", encoding="utf-8")
