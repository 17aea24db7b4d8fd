from __future__ import annotations

import pytest

from evo_lessons.lessons import Lesson


@pytest.fixture
def climate(tmp_path) -> Lesson:
    """The Climate lesson with its work saved in a temporary folder."""
    return Lesson("01_climate", work_dir=tmp_path)
