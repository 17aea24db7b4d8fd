"""``evo-teacher --help`` lists every command the console script takes (it once showed only
the editions' options, with no word of ``lab`` or ``class``)."""

from __future__ import annotations

import sys

from evo_lessons.lessons.teacher import console


def test_evo_teacher_help_lists_lab_and_class(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)  # nothing is built: there are no notebooks here
    for flag in ("--help", "-h"):
        monkeypatch.setattr(sys, "argv", ["evo-teacher", flag])
        assert console() == 0
        shown = capsys.readouterr().out
        assert shown.startswith("usage: evo-teacher")
        for command in ("evo-teacher lab", "evo-teacher class serve --data DIR", "--check"):
            assert command in shown, command
    assert not any(tmp_path.iterdir())
