"""Answer keys: the model answers of a lesson's questions, kept out of student notebooks.

Each lesson has one TOML file in ``evo_lessons/lessons/answers/``, named by the lesson's id
(``01_climate.toml`` for ``notebooks/01_climate.ipynb``). A student notebook names a question by
its id only (``question("climate-cooling", "prompt...", stage="predict")``); the answer behind
the Reveal button and the teacher edition both come from here. Answers ship in the package, so
they are out of sight, not secret (the back of the textbook): a student who reads the installed
package can find them. So the package holds the in-lesson model answers and nothing else for the
teacher: teaching notes are in ``teacher/notes/<lesson>.toml`` (read by the teacher-edition
builder, :func:`with_notes`), exit-ticket and assessment keys in the lesson plans.

The format::

    [lesson]
    title = "Lesson 1 · The Climate game"

    [questions.climate-cooling]
    answer = "The model answer, shown after the student has written their own."

and of a notes file::

    [lesson]
    notes = "Shown at the top of the teacher edition (optional)."

    [questions.climate-cooling]
    notes = "A teaching note for the teacher edition."
"""

# i18n: developer-only: its messages are a lesson author's errors in the package's answers files
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from importlib import resources

#: a lesson id or question id: letters, digits, "-" and "_" (safe in file names and TOML keys)
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


@dataclass(frozen=True, slots=True)
class Entry:
    """One question's model answer (may be empty: then there is nothing to reveal) and note."""

    answer: str
    notes: str = ""


@dataclass(frozen=True, slots=True)
class AnswerKey:
    """Everything the teacher has for one lesson: its title, notes and each question's entry."""

    lesson: str
    title: str
    notes: str = ""
    questions: dict[str, Entry] = field(default_factory=dict)

    def entry(self, question_id: str) -> Entry:
        """The entry for a question; a clear error names the file to add it to."""
        if question_id not in self.questions:
            raise ValueError(
                f"The question {question_id[:64]!r} has no entry in the answers file "
                f"evo_lessons/lessons/answers/{self.lesson}.toml: add a table "
                f'[questions.{question_id[:64]}] with answer = "..." there.'
            )
        return self.questions[question_id]


def check_id(text: object, what: str) -> str:
    """``text`` if it is a usable id, else a ValueError saying what an id looks like."""
    if not isinstance(text, str) or not ID_PATTERN.fullmatch(text):
        raise ValueError(
            f"A {what} id is a short word of letters, digits, '-' and '_' "
            f"(such as 'climate-cooling'), got {str(text)[:40]!r}."
        )
    return text


def _folder():
    return resources.files("evo_lessons.lessons") / "answers"


def available_lessons() -> list[str]:
    """The ids of every lesson with an answers file shipped in the package, sorted."""
    files = _folder().iterdir()
    return sorted(f.name.removesuffix(".toml") for f in files if f.name.endswith(".toml"))


def load_answers(lesson: str) -> AnswerKey:
    """Read and check the answers file of a lesson (``"01_climate"``)."""
    check_id(lesson, "lesson")
    path = _folder() / f"{lesson}.toml"
    if not path.is_file():
        raise ValueError(
            f"There is no answers file for the lesson {lesson!r}: lessons with one are "
            f"{', '.join(available_lessons())}."
        )
    return parse_answers(lesson, path.read_text(encoding="utf-8"))


def parse_answers(lesson: str, text: str) -> AnswerKey:
    """Parse the TOML text of an answers file, with an error naming what is wrong."""
    where = f"evo_lessons/lessons/answers/{lesson}.toml"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{where} is not valid TOML: {error}") from None
    head, tables = _tables(data, where, {"title"}, {"answer"})
    title = _text(head, "title", where, required=True)
    questions = {
        question_id: Entry(
            answer=_text(table, "answer", f"{where} [questions.{question_id}]", required=True)
        )
        for question_id, table in tables.items()
    }
    return AnswerKey(lesson=lesson, title=title, questions=questions)


def _tables(
    data: dict, where: str, lesson_keys: set[str], question_keys: set[str]
) -> tuple[dict, dict[str, dict]]:
    """The [lesson] table and each [questions.<id>] table, with only the keys allowed."""
    unknown = set(data) - {"lesson", "questions"}
    if unknown:
        raise ValueError(
            f"{where}: unknown tables {sorted(unknown)}; use [lesson] and [questions.*]"
        )
    head = data.get("lesson", {})
    if not isinstance(head, dict) or set(head) - lesson_keys:
        raise ValueError(
            f"{where}: [lesson] may hold only {', '.join(sorted(lesson_keys))}"
            + (
                " (teaching notes go in teacher/notes/, never in the package)"
                if "notes" in head and "notes" not in lesson_keys
                else ""
            )
        )
    tables = {}
    for question_id, table in data.get("questions", {}).items():
        check_id(question_id, "question")
        if not isinstance(table, dict):
            raise ValueError(f"{where}: questions.{question_id} must be a table")
        extra = set(table) - question_keys
        if extra:
            hint = (
                " (teaching notes go in teacher/notes/, never in the package)"
                if "notes" in extra and "notes" not in question_keys
                else ""
            )
            raise ValueError(
                f"{where}: questions.{question_id} has unknown keys {sorted(extra)}{hint}"
            )
        tables[question_id] = table
    return head, tables


def with_notes(key: AnswerKey, text: str, where: str) -> AnswerKey:
    """The answer key with the teaching notes of a notes file (TOML text) added; a note for a
    question the lesson does not ask is an error naming the file."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{where} is not valid TOML: {error}") from None
    head, tables = _tables(data, where, {"notes"}, {"notes"})
    questions = dict(key.questions)
    for question_id, table in tables.items():
        if question_id not in questions:
            raise ValueError(f"{where}: there is no question {question_id} in the answers file")
        note = _text(table, "notes", f"{where} [questions.{question_id}]")
        questions[question_id] = replace(questions[question_id], notes=note)
    return replace(key, notes=_text(head, "notes", where), questions=questions)


def _text(table: dict, key: str, where: str, *, required: bool = False) -> str:
    value = table.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise ValueError(f"{where}: {key} must be a string of text")
    return value.strip()
