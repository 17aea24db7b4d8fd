"""``python -m evo_lessons.lessons``: the lesson tools (see teacher.py, launch.py, translate.py).

* ``teacher [--check]``: build (or check) the teacher editions in teacher/notebooks/;
* ``lab``: JupyterLab on the student lessons (the file browser shows notebooks/ only);
* ``lab --teacher``: JupyterLab on the teacher edition, every result shown at once;
* ``translate extract|build|check <lang>``: the lessons in another language (notebooks/<lang>/).
"""

from __future__ import annotations

import sys

from .teacher import main

if __name__ == "__main__":
    if sys.argv[1:2] == ["translate"]:
        from .translate import main as translate_main

        raise SystemExit(translate_main(sys.argv[2:]))
    raise SystemExit(main())
