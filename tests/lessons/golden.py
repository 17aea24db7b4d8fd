"""What a gated result cell must print, kept under tests/, never in the student's notebook.

A result behind a prediction (a cell with ``@result``) printed into the shipped notebook file
would show the answer the moment a student opens the lesson, before any prediction (issue 32).
So the student notebooks ship those cells without outputs, and what nbval compares them with
lives here: ``golden_outputs/<notebook>.json`` maps each checked cell's id to the outputs it
must produce with the teacher's switch on (as the suite's notebook kernels run).

The root ``conftest.py`` hands these outputs to nbval just before it runs the cell, so a
changed number still fails the suite exactly as a committed output did.

To write them again after changing a lesson on purpose (runs the notebook once, headless)::

    python tests/lessons/golden.py notebooks/01_climate.ipynb
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
REPO = HERE.parent.parent
GOLDEN = HERE / "golden_outputs"
#: the tag nbval reads to compare a cell's outputs
CHECK_TAG = "nbval-check-output"
#: words that mark a cell whose output answers a prediction (the same the before-stop check
#: and the student-file test look for)
GATE_MARKERS = ("@result", "shown once the prediction")


def source(cell: dict[str, Any]) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else str(text)


def is_gated(cell: dict[str, Any]) -> bool:
    """A code cell whose output is a result behind a prediction."""
    return cell.get("cell_type") == "code" and any(m in source(cell) for m in GATE_MARKERS)


def is_checked(cell: dict[str, Any]) -> bool:
    return CHECK_TAG in cell.get("metadata", {}).get("tags", [])


def golden_path(notebook: str | os.PathLike) -> Path:
    return GOLDEN / f"{Path(notebook).stem}.json"


def load(notebook: str | os.PathLike) -> dict[str, list[dict[str, Any]]]:
    """The golden outputs of a notebook's gated checked cells, by cell id ({} if none)."""
    path = golden_path(notebook)
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def write(notebook: str | os.PathLike, outputs: dict[str, list[dict[str, Any]]]) -> Path:
    path = golden_path(notebook)
    GOLDEN.mkdir(exist_ok=True)
    path.write_text(json.dumps(outputs, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _stream_only(outputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Printed text only (what nbval-lax compares), with execution counts dropped."""
    kept = []
    for output in outputs:
        if output.get("output_type") == "stream":
            text = output["text"]
            kept.append(
                {
                    "name": output["name"],
                    "output_type": "stream",
                    "text": text if isinstance(text, list) else text.splitlines(keepends=True),
                }
            )
    return kept


def regenerate(notebook: Path) -> Path:
    """Run ``notebook`` headless with every result shown and keep its gated checked outputs."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(notebook, as_version=4)
    os.environ["EVO_LESSONS_SHOW_RESULTS"] = "1"
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={
        "metadata": {"path": str(notebook.parent)}
    }).execute()  # fmt: skip
    outputs = {
        cell["id"]: _stream_only(cell.get("outputs", []))
        for cell in nb.cells
        if is_gated(cell) and is_checked(cell)
    }
    return write(notebook, outputs)


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(regenerate(Path(name).resolve()))
