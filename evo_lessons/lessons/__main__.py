"""``python -m evo_lessons.lessons teacher``: build the teacher editions (see teacher.py)."""

from __future__ import annotations

from .teacher import main

if __name__ == "__main__":
    raise SystemExit(main())
