"""The two launch commands: the student's lessons and the teacher's edition.

* ``python -m evo_lessons.lessons lab`` (students): JupyterLab with its file browser rooted at
  ``notebooks/``, so it shows the lessons and the student handouts only (no teacher edition,
  plan or key is reachable from it), opening ``00_start_here.ipynb``.
* ``python -m evo_lessons.lessons lab --teacher`` or ``evo-teacher lab`` (teachers): rooted at
  the repository, opening ``teacher/README.md``, with every result shown at once
  (``EVO_LESSONS_SHOW_RESULTS=1``, the projector switch).

Both load the package's server extension (the reopen hook, :mod:`evo_lessons.lessons.reopen`),
and JupyterLab's news toast stays off. Any further arguments go to ``jupyter lab``
(``--port 8890``, ``--allow-root`` ...).
Run from the repository root (the folder with ``notebooks/``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from evo_lessons.i18n import pgettext

from .resultbox import SHOW_RESULTS_VARIABLE

STUDENT_ROOT = "notebooks"
STUDENT_START = "notebooks/00_start_here.ipynb"
TEACHER_START = "teacher/README.md"


def command(teacher: bool = False, extra: list[str] | None = None) -> list[str]:
    """The ``jupyter lab`` command line for a student or a teacher."""
    root, start = (".", TEACHER_START) if teacher else (STUDENT_ROOT, STUDENT_START)
    return [
        sys.executable,
        "-m",
        "jupyterlab",
        f"--ServerApp.root_dir={root}",
        # the package's server extension (pip enables it; said again for a copy run from the
        # source tree): kernel messages without Nagle's wait, and the reopen hook
        "--ServerApp.jpserver_extensions=evo_lessons.jupyter_extension=True",
        "--LabApp.news_url=None",
        # a student's terminal could read the teacher edition beside notebooks/ (F9)
        *([] if teacher else ["--ServerApp.terminals_enabled=False"]),
        *(extra or []),
        start,
    ]


def lab(teacher: bool = False, extra: list[str] | None = None, folder: Path = Path(".")) -> int:
    """Start JupyterLab (blocks until it stops); 2 if not run from the repository root."""
    start = folder / (TEACHER_START if teacher else STUDENT_START)
    if not start.exists():
        print(
            pgettext(
                "command line; {path} is a file's path",
                "There is no {path}: run this from the repository root (the folder that holds "
                "notebooks/ and teacher/).",
            ).format(path=start),
            file=sys.stderr,
        )
        return 2
    env = dict(os.environ)
    if teacher:
        env[SHOW_RESULTS_VARIABLE] = "1"
    return subprocess.call(command(teacher, extra), env=env, cwd=folder)
