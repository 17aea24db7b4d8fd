"""``evo-teacher class serve --help`` shows the service's own options (the teacher command's
parser once swallowed ``--help`` and printed its own)."""

from __future__ import annotations

import pytest

from evo_lessons.lessons.teacher import main


def test_class_serve_help_lists_the_services_options(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["class", "serve", "--help"])
    assert stopped.value.code == 0
    shown = capsys.readouterr().out
    assert "--data" in shown and "--port" in shown and "--db" in shown
