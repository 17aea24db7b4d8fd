"""The command line tools speak EVO_LESSONS_LANG, then the POSIX locale, then English; what
they print for machines (the JSON line) and the files they write never change with it."""

from __future__ import annotations

import pytest

from evo_lessons.i18n import command_line_lang


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({}, "en"),
        ({"LANG": "es_MX.UTF-8"}, "es_MX"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "POSIX", "LANG": "es_ES.UTF-8"}, "en"),
        ({"LC_MESSAGES": "es_ES.UTF-8", "LANG": "en_GB.UTF-8"}, "es_ES"),
        ({"EVO_LESSONS_LANG": "en", "LANG": "es_ES.UTF-8"}, "en"),
        ({"EVO_LESSONS_LANG": "es", "LANG": "C"}, "es"),
        ({"LANG": "not a locale!"}, "en"),
    ],
)
def test_the_command_lines_language(environ, lang):
    assert command_line_lang(environ) == lang


def test_the_class_command_refuses_in_the_posix_locales_language(monkeypatch, capsys):
    from evo_lessons.service.cli import main

    monkeypatch.delenv("EVO_LESSONS_LANG")
    monkeypatch.setenv("LANG", "es_MX.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert main(["new", "Biología 2B"]) == 2
    assert "indica la carpeta --data" in capsys.readouterr().err
    monkeypatch.setenv("EVO_LESSONS_LANG", "en")  # EVO_LESSONS_LANG comes first
    assert main(["new", "Biology 2B"]) == 2
    assert "give the service's --data folder" in capsys.readouterr().err


def test_the_teacher_editions_are_the_same_in_every_language(monkeypatch, tmp_path, capsys):
    """--check under Spanish finds the committed (English) editions up to date."""
    import pathlib

    from evo_lessons.lessons.teacher import main

    root = pathlib.Path(__file__).resolve().parents[2]
    monkeypatch.setenv("EVO_LESSONS_LANG", "es")
    assert main(["teacher", "--check", "--notebooks", str(root / "notebooks")]) == 0
    assert "desactualizada" not in capsys.readouterr().out
