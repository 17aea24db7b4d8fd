"""The teacher's class-results notebook keeps what the teacher gave (Run All, a restart) and
says when it shows the example class instead (issue 18 §5). Run in a fresh kernel each time."""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).parents[2] / "teacher" / "class_results.ipynb"

pytestmark = pytest.mark.skipif(not NOTEBOOK.exists(), reason="the teacher edition is not here")


def run_all(folder: Path) -> str:
    """Run All in a new kernel in ``folder``; every printed line of every cell, joined."""
    notebook = nbformat.read(folder / NOTEBOOK.name, as_version=4)
    for cell in notebook.cells:  # chance played 20 times, not 1,000: the lists are the point
        cell.source = cell.source.replace("comparisons(n=1000)", "comparisons(n=20)")
    NotebookClient(notebook, timeout=300, resources={"metadata": {"path": str(folder)}}).execute()
    return "\n".join(
        output.get("text", "")
        for cell in notebook.cells
        for output in cell.get("outputs", [])
        if output.get("output_type") == "stream"
    )


def test_without_codes_it_says_it_shows_the_example_class(tmp_path):
    shutil.copy(NOTEBOOK, tmp_path)
    printed = run_all(tmp_path)
    assert "showing the EXAMPLE class, not yours" in printed


def test_pasted_codes_kept_beside_it_survive_a_new_kernel(tmp_path):
    from .helpers import a_code

    shutil.copy(NOTEBOOK, tmp_path)
    (tmp_path / "class_codes").mkdir()
    (tmp_path / "class_codes" / "pasted.txt").write_text(a_code("Ada") + "\n", encoding="utf-8")
    printed = run_all(tmp_path)
    assert "Showing YOUR class" in printed and "Counted: 1 game in 1 setup" in printed
