"""``python -m evo_lessons.lessons``: the lesson tools (see teacher.py and launch.py).

* ``teacher [--check]``: build (or check) the teacher editions in teacher/notebooks/;
* ``lab``: JupyterLab on the student lessons (the file browser shows notebooks/ only);
* ``lab --teacher``: JupyterLab on the teacher edition, every result shown at once.
"""

from __future__ import annotations

from .teacher import main

if __name__ == "__main__":
    raise SystemExit(main())
