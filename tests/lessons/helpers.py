"""Shared helpers for the lesson tests: the notebooks, and their text as a student sees it."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
STUDENT_NOTEBOOKS = sorted(NOTEBOOKS.glob("*.ipynb"))
EDITIONS = REPO / "teacher" / "notebooks"
TEACHER_NOTEBOOKS = sorted(EDITIONS.glob("*.ipynb"))
#: lesson notebooks are numbered (01_climate.ipynb); others in notebooks/ are tools for teachers
LESSON_NOTEBOOKS = [p for p in STUDENT_NOTEBOOKS if re.match(r"\d\d_", p.name)]


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def string_constants(source: str) -> list[str]:
    """Every string literal in a code cell (adjacent literals joined, as Python joins them)."""
    code = "\n".join("" if re.match(r"\s*[%!]", line) else line for line in source.splitlines())
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def visible_text(notebook: dict) -> str:
    """All a notebook holds: sources, the strings its code builds, and every output's text."""
    parts = []
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        parts.append(source)
        if cell["cell_type"] == "code":
            parts += string_constants(source)
            parts.append(json.dumps(cell.get("outputs", []), ensure_ascii=False))
    parts.append(json.dumps(notebook.get("metadata", {}), ensure_ascii=False))
    return normalise(" ".join(parts))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))
