"""The English a lesson or handout shows a student, read as entries for ``translate extract``.

:mod:`.translate` turns the English notebooks into PO files and PO files back into notebooks.
This is its reading half: what a student reads in a lesson (Markdown cells, the prompts of
``question(...)`` and ``read_off(...)`` calls, the text code cells print or draw, the model
answers, the title) and in a handout (its blocks), each as an untranslated :class:`.po.Entry`
keyed so that a moved cell keeps its translation. It reads the notebooks as text and never
runs them; :mod:`.translate` builds from what it finds (the prompts' places in a cell, the code
cells' text and its translations).
"""

from __future__ import annotations

# i18n: developer-only: the maintainers' build tool of the translated lessons; what it writes
# into PO files are translator comments in the source language (English), as gettext's are
import ast
import re
import tomllib
from dataclasses import dataclass
from typing import Any

from . import code_text, po

#: the calls whose prompt (second argument) a student reads: function -> what the id names
PROMPTED = {"question": "question", "read_off": "read_off"}
_MAGIC = re.compile(r"\s*[%!]")


def _code(cell: dict[str, Any]) -> str:
    """A code cell's source with IPython magics blanked (same lines, so positions still hold)."""
    source = "".join(cell["source"])
    return "\n".join(" " * len(x) if _MAGIC.match(x) else x for x in source.split("\n"))


@dataclass(frozen=True, slots=True)
class Literal:
    """A string literal a student reads, inside a code cell: its context and where it is."""

    context: str
    text: str
    start: tuple[int, int]  # (line, column in characters), 1-based line
    end: tuple[int, int]
    comment: str


def _position(lines: list[str], line: int, byte_column: int) -> tuple[int, int]:
    """ast's (line, UTF-8 byte offset) as (line, character offset)."""
    text = lines[line - 1].encode("utf-8")[:byte_column].decode("utf-8")
    return line, len(text)


def prompt_literals(source: str) -> list[Literal]:
    """Every prompt (and read-off unit) in a code cell's source, in order."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    lines = source.split("\n")
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name not in PROMPTED or not node.args:
            continue
        first = node.args[0]
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            continue
        parts: list[tuple[str, ast.expr | None]] = [
            ("", node.args[1] if len(node.args) > 1 else None)
        ]
        parts += [("", k.value) for k in node.keywords if k.arg == "prompt"]
        parts += [(":unit", k.value) for k in node.keywords if k.arg == "unit"]
        for suffix, value in parts:
            if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
                continue
            if not value.value.strip() or value.end_lineno is None:
                continue
            what = "unit of the read-off" if suffix else f"{name}() prompt"
            found.append(
                Literal(
                    context=f"{PROMPTED[name]}:{first.value}{suffix}",
                    text=value.value,
                    start=_position(lines, value.lineno, value.col_offset),
                    end=_position(lines, value.end_lineno, value.end_col_offset or 0),
                    comment=what,
                )
            )
    return sorted(found, key=lambda literal: literal.start)


def lesson_entries(notebook: dict[str, Any], lesson: str, answers_text: str) -> list[po.Entry]:
    """The English a student reads in one lesson, as untranslated entries, in reading order."""
    where = f"notebooks/{lesson}.ipynb"
    answers = tomllib.loads(answers_text)
    entries = [
        po.Entry(
            "title",
            answers["lesson"]["title"],
            comments=[f"The lesson's title (evo_lessons/lessons/answers/{lesson}.toml)"],
        )
    ]
    for number, cell in enumerate(notebook["cells"], 1):
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"])
            if text.strip():
                entries.append(
                    po.Entry(
                        f"cell:{cell['id']}",
                        text,
                        comments=[f"{where}, cell {number} (Markdown): keep its Markdown/HTML"],
                    )
                )
        elif cell["cell_type"] == "code":
            for literal in prompt_literals(_code(cell)):
                entries.append(
                    po.Entry(
                        literal.context,
                        literal.text,
                        comments=[f"{where}, cell {number}: the {literal.comment}"],
                    )
                )
    entries += code_entries(notebook, where)
    for question_id, table in answers.get("questions", {}).items():
        if table.get("answer"):
            entries.append(
                po.Entry(
                    f"answer:{question_id}",
                    table["answer"],
                    comments=[
                        f"The model answer to {question_id}, shown after the student wrote one "
                        f"(evo_lessons/lessons/answers/{lesson}.toml)"
                    ],
                )
            )
    return entries


def _code_cells(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    return [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]


def code_entries(notebook: dict[str, Any], where: str) -> list[po.Entry]:
    """An entry per English sentence the code cells show (printed, or a plot's label): the same
    English once, keyed by the first cell that shows it (see :mod:`code_text`)."""
    cells = _code_cells(notebook)
    entries: dict[str, po.Entry] = {}
    counts: dict[str, int] = {}
    for index, literal in code_text.shown([_code(cell) for cell in cells]):
        if literal.template in entries:
            continue
        cell_id = cells[index]["id"]
        counts[cell_id] = counts.get(cell_id, 0) + 1
        comment = f"{where}, code cell {cell_id}: text the code prints or draws"
        if literal.is_f:
            comment += "; keep every {...} exactly as it is (it is code)"
        entries[literal.template] = po.Entry(
            f"code:{cell_id}#{counts[cell_id]}", literal.template, comments=[comment]
        )
    return list(entries.values())


def code_translations(catalogue: po.Catalogue) -> dict[str, str]:
    """English -> translation of the code cells' text, where current and sound (every
    ``{...}`` of an f-string's translation must be one of the English's, or the English stays;
    a translation may leave one out, such as an English article)."""
    out = {}
    for entry in catalogue.entries:
        sound = code_text.placeholders_within(entry.msgstr, entry.msgid)
        if entry.context.startswith("code:") and entry.translated and sound:
            out[entry.msgid] = entry.msgstr
    return out


def _blocks(text: str) -> list[str]:
    """A Markdown file's blocks: runs of lines between blank lines (a table or list is one)."""
    return [block for block in re.split(r"\n[ \t]*\n", text.strip("\n")) if block.strip()]


def _slug(heading: str) -> str:
    words = re.sub(r"[^a-z0-9]+", "-", heading.lstrip("#").strip().lower()).strip("-")
    return words[:40].rstrip("-") or "top"


def handout_entries(text: str, handout: str) -> list[po.Entry]:
    """An entry per block of a handout, keyed by its section's heading and its place in it."""
    entries = []
    section, count = "top", 0
    for block in _blocks(text):
        if block.startswith("#"):
            section, count = _slug(block.split("\n")[0]), 0
        count += 1
        entries.append(
            po.Entry(
                f"{section}/{count}",
                block,
                comments=[f"notebooks/handouts/{handout}.md: keep its Markdown"],
            )
        )
    return entries
