"""The games run without numpy, matplotlib and pandas (issue 41.7): a browser-only Python
(Pyodide) has none of them on the package index yet, and can then run the games today.

They are imported lazily, where only an experiment, a plot, a population or a table needs them.
A fresh interpreter, with those imports blocked, plays every registered game to its end in its
widget (the person's seat through the widget's own ``act``, the bots on theirs) and makes its
result code, and runs the cells of lesson 00 (its ``%`` magics left out).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BLOCKED = ("numpy", "matplotlib", "pandas")

BLOCK = f"""
import importlib.abc, sys

class Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in {BLOCKED!r}:
            raise ImportError(f"{{name}} is blocked: the games must run without it")
        return None

sys.meta_path.insert(0, Blocked())
"""

PLAY = """
from evo_lessons import GAMES, GameWidget

for name in sorted(GAMES):
    widget = GameWidget(name, seed=3)
    for _ in range(20_000):  # the person's first choice each turn; the bots play on by themselves
        if widget.state.is_over:
            break
        widget.act(0) if widget.session.is_human_turn() else widget.step()
    assert widget.state.is_over, f"{name}: the game did not end"
    widget.result_code("Ada")
    print(name, "played to its end")
"""


def run(code: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO / "tests")}
    return subprocess.run(
        [sys.executable, "-c", BLOCK + code],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_every_game_plays_to_its_end_without_numpy_matplotlib_or_pandas(tmp_path):
    done = run(PLAY, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.count("played to its end") >= 5, done.stdout


def test_lesson_00_runs_without_numpy_matplotlib_or_pandas(tmp_path):
    notebook = json.loads((REPO / "notebooks" / "00_start_here.ipynb").read_text("utf-8"))
    cells = [
        "\n".join(line for line in "".join(cell["source"]).splitlines() if line[:1] not in "%!")
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
    ]
    code = "\n".join(f"exec({textwrap.dedent(cell)!r})" for cell in cells)
    done = run(code + "\nprint('lesson 00 ran')", tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "lesson 00 ran" in done.stdout
