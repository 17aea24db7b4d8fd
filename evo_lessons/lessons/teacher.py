"""Teacher editions: each student notebook, plus its model answers and teaching notes.

``python -m evo_lessons.lessons teacher`` (or the console script ``evo-teacher``) reads every
``notebooks/*.ipynb`` that starts a lesson (``start_lesson("01_climate")``), finds each
``question("id", ...)`` call in its code cells, and writes ``teacher/notebooks/<name>.ipynb``
(outside ``notebooks/``, the only folder the student launch and Binder link show):
the same cells, in the same order, with the same outputs, plus

* a note after the title saying what the edition is and how it is made (and the lesson's notes);
* after each cell that asks questions, a Markdown cell with the model answer and teaching note
  of each question, from ``evo_lessons/lessons/answers/<lesson>.toml``.

The edition is generated, never edited: ``--check`` says whether the committed editions are up
to date (the test suite runs it). Notebooks are read as JSON; no Jupyter library is needed.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from pathlib import Path
from typing import Any

from evo_lessons.i18n import command_line_lang, pgettext, pN_, speaking, tr

from .answers import AnswerKey, load_answers, with_notes

COMMAND = "python -m evo_lessons.lessons teacher"
#: where the editions go, from the repository root (beside the plans, keys and class tools)
EDITIONS = Path("teacher") / "notebooks"
#: the teaching notes, one TOML file per lesson (never in the package)
NOTES = Path("teacher") / "notes"
TAG = "teacher-edition"
_MAGIC = re.compile(r"^\s*[%!]")


def _code(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def calls(source: str, name: str) -> list[str]:
    """The first (string) argument of every call to ``name(...)`` or ``x.name(...)``."""
    text = "\n".join("" if _MAGIC.match(line) else line for line in source.splitlines())
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return []
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        first = node.args[0]
        if called == name and isinstance(first, ast.Constant) and isinstance(first.value, str):
            found.append((node.lineno, node.col_offset, first.value))
    return [value for *_, value in sorted(found)]


def lesson_of(notebook: dict[str, Any]) -> str | None:
    """The lesson id a notebook starts, or None if it starts none."""
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            started = calls(_code(cell), "start_lesson")
            if started:
                return started[0]
    return None


def question_ids(notebook: dict[str, Any]) -> list[str]:
    """Every question id the notebook asks, in order."""
    ids = []
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            ids += calls(_code(cell), "question")
    return ids


def _markdown(cell_id: str, text: str) -> dict[str, Any]:
    lines = text.splitlines(keepends=True)
    return {
        "cell_type": "markdown",
        "id": cell_id[:64],
        "metadata": {"tags": [TAG]},
        "source": lines,
    }


def _switch_cell() -> dict[str, Any]:
    """The teacher's switch, before the lesson starts: every result shows at once."""
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": "teacher-edition-switch",
        "metadata": {"tags": [TAG]},
        "outputs": [],
        "source": [
            "# Teacher edition: every result shows at once (the projector switch)\n",
            "%env EVO_LESSONS_SHOW_RESULTS=1",
        ],
    }


def _quoted(text: str) -> str:
    return "\n".join(f"> {line}".rstrip() for line in text.splitlines())


def _answer_text(key: AnswerKey, question_id: str) -> str:
    entry = key.entry(question_id)
    parts = [f"**Teacher edition · model answer** (`{question_id}`)", ""]
    parts.append(entry.answer or "*(no model answer: an open question)*")
    if entry.notes:
        parts += ["", f"**Teaching note.** {entry.notes}"]
    return _quoted("\n".join(parts))


def _header(name: str, key: AnswerKey) -> str:
    text = (
        f"**Teacher edition** of `{name}`: the model answer (and any teaching note) stands "
        f"under each question. It is built by `{COMMAND}` from the student notebook, "
        f"`evo_lessons/lessons/answers/{key.lesson}.toml` and `teacher/notes/{key.lesson}.toml`: "
        "edit those, never this file. "
        f"Students work in `notebooks/{name}`, where a model answer appears only after they "
        "have written their own. Every result here shows at once: the next cell turns on the "
        "teacher's switch (`EVO_LESSONS_SHOW_RESULTS=1`) before the lesson starts."
    )
    if key.notes:
        text += f"\n\n**Notes for this lesson.** {key.notes}"
    return _quoted(text)


def load_key(lesson: str, notes: Path | None = None) -> AnswerKey:
    """A lesson's model answers (from the package) with its teaching notes (from
    ``<notes>/<lesson>.toml``, if that file exists)."""
    key = load_answers(lesson)
    path = (notes if notes is not None else NOTES) / f"{lesson}.toml"
    if path.is_file():
        key = with_notes(key, path.read_text(encoding="utf-8"), path.as_posix())
    return key


def teacher_edition(
    notebook: dict[str, Any], name: str, notes: Path | None = None
) -> dict[str, Any] | None:
    """The teacher edition of a student notebook (a new dict), or None if it has no lesson."""
    lesson = lesson_of(notebook)
    if lesson is None:
        return None
    key = load_key(lesson, notes)
    cells: list[dict[str, Any]] = []
    used: set[str] = set()
    for index, cell in enumerate(notebook.get("cells", [])):
        cells.append(cell)
        if index == 0:
            cells.append(_markdown("teacher-edition", _header(name, key)))
            cells.append(_switch_cell())
        asked = calls(_code(cell), "question") if cell.get("cell_type") == "code" else []
        if asked:
            cell_id = "teacher-" + "-".join(asked)
            while cell_id[:64] in used:
                cell_id += "-x"
            used.add(cell_id[:64])
            text = "\n>\n".join(_answer_text(key, q) for q in asked)
            cells.append(_markdown(cell_id, text))
    return {**notebook, "cells": cells}


def notebook_text(notebook: dict[str, Any]) -> str:
    """A notebook as Jupyter writes it (sorted keys, one-space indent, final newline)."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def build(notebooks: Path, out: Path, check: bool = False, notes: Path | None = None) -> list[Path]:
    """Write (or with ``check``, compare) every teacher edition; return the stale ones.
    ``notes``: the teaching notes folder (default: ``teacher/notes`` beside ``out``)."""
    stale = []
    notes = notes if notes is not None else out.parent / "notes"
    for path in sorted(notebooks.glob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        edition = teacher_edition(notebook, path.name, notes)
        if edition is None:
            continue
        target = out / path.name
        text = notebook_text(edition)
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current == text:
            continue
        stale.append(target)
        if not check:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    return stale


def main(argv: list[str] | None = None) -> int:
    """The lesson tools' command line, in its language (EVO_LESSONS_LANG, then the POSIX
    locale, then English). The editions it writes are the same in every language."""
    with speaking(command_line_lang()):
        return _main(argv)


def _main(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m evo_lessons.lessons",
        description=pgettext(
            "command line",
            "Lesson tools. 'teacher' builds teacher/notebooks/<name>.ipynb: each student "
            "notebook plus its model answers and teaching notes.",
        ),
    )
    commands = parser.add_subparsers(dest="command", required=True)
    teacher = commands.add_parser(
        "teacher", help=pgettext("command line", "build the teacher editions")
    )
    teacher.add_argument("--notebooks", type=Path, default=Path("notebooks"))
    teacher.add_argument(
        "--out",
        type=Path,
        default=None,
        # Translators: the help of --out; {folder} is teacher/notebooks
        help=pgettext("command line", "default: {folder}").format(folder=EDITIONS),
    )
    teacher.add_argument(
        "--check",
        action="store_true",
        help=pgettext("command line", "only say whether the editions are up to date"),
    )
    lab = commands.add_parser(
        "lab",
        help=pgettext(
            "command line",
            "start JupyterLab on the student lessons (or, with --teacher, the edition)",
        ),
    )
    lab.add_argument(
        "--teacher", action="store_true", help=pgettext("command line", "the teacher's edition")
    )
    commands.add_parser(  # its own options (and --help) are the class service's (service/cli.py)
        "class",
        help=pgettext(
            "command line", "run a live class: 'class serve --data DIR' (see teacher/README.md)"
        ),
        add_help=False,
    )
    args, extra = parser.parse_known_args(argv)
    if args.command == "class":
        from evo_lessons.service.cli import main as class_main

        return class_main(extra)
    if args.command == "lab":
        from .launch import lab as start_lab

        return start_lab(args.teacher, extra)
    if extra:
        # (argparse's own wording, which its domain translates: kept as argparse says it)
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if not args.notebooks.is_dir():
        parser.error(
            pgettext(
                "command line",
                "no folder {folder}: run from the repository root or pass --notebooks",
            ).format(folder=args.notebooks)
        )
    out = args.out or args.notebooks.parent / EDITIONS
    stale = build(args.notebooks, out, check=args.check)
    if args.check:
        for path in stale:
            print(
                pgettext("command line", "out of date: {path} (run {command})").format(
                    path=path, command=COMMAND
                )
            )
        return 1 if stale else 0
    for path in stale:
        print(pgettext("command line", "wrote {path}").format(path=path))
    if not stale:
        print(
            pgettext("command line", "teacher editions in {folder} are up to date").format(
                folder=out
            )
        )
    return 0


#: ``evo-teacher --help``: every command the console script takes (the parser above knows them
#: as ``python -m evo_lessons.lessons`` subcommands, where building the editions is "teacher")
CONSOLE_HELP = pN_(
    "command line: evo-teacher --help",
    """\
usage: evo-teacher [--check] [--notebooks DIR] [--out DIR]
       evo-teacher lab [JupyterLab's options]
       evo-teacher class serve --data DIR [--host ADDRESS] [--port PORT] [--db URL]
       evo-teacher class new --data DIR NAME (or --db URL): another class in the same service

The teacher's tools for evo_lessons.

commands:
  (none)   build the teacher editions: teacher/notebooks/<name>.ipynb, each student notebook
           with its model answers and teaching notes (--check only says whether they are
           up to date)
  lab      open the teacher's edition in JupyterLab
  class    run a live class: 'evo-teacher class serve --data DIR' (teacher/README.md, "Run a
           live class"); 'evo-teacher class new --data DIR NAME' adds another class to a
           running service; 'evo-teacher class serve --help' lists its options

options:
  -h, --help  show this help and exit
""",
)


def console() -> int:
    """The ``evo-teacher`` console script: ``evo-teacher [--check]`` builds the editions;
    ``evo-teacher lab`` opens the teacher's edition in JupyterLab; ``evo-teacher class serve``
    runs a live class (:mod:`evo_lessons.service`)."""
    arguments = sys.argv[1:]
    if arguments[:1] in (["-h"], ["--help"]):
        with speaking(command_line_lang()):
            print(tr(CONSOLE_HELP), end="")
        return 0
    if arguments[:1] == ["lab"]:
        return main(["lab", "--teacher", *arguments[1:]])
    if arguments[:1] == ["class"]:
        return main(arguments)
    return main(["teacher", *arguments])
