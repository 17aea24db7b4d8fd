from __future__ import annotations

import pytest

from .helpers import Running


@pytest.fixture
def live(tmp_path):
    """A class service in this process, on a free port, with its database in tmp_path."""
    running = Running(tmp_path / "class")
    yield running
    running.stop()
