"""A lesson's tables show their column headings in its language; the data keeps its names."""

from __future__ import annotations

import pandas as pd
import pytest

from evo_lessons.lessons import table_headers
from evo_lessons.table_headings import HEADINGS


@pytest.fixture
def shell():
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    yield shell
    table_headers.install("en", shell)  # as pandas draws them, for the next test


def _html(shell, obj) -> str:
    return shell.display_formatter.format(obj)[0]["text/html"]


def test_a_spanish_lesson_shows_spanish_headings_and_keeps_the_datas_names(shell):
    frame = pd.DataFrame({"year": [1939, 1940], "moths": [1, 2], "no_such_column": [3, 4]})
    assert table_headers.install("es", shell)
    html = _html(shell, frame)
    assert "año" in html and "polillas" in html and "no_such_column" in html
    assert ">year<" not in html
    assert list(frame.columns) == ["year", "moths", "no_such_column"]  # the data unchanged
    styled = _html(shell, frame.style.hide(axis="index"))
    assert "año" in styled and ">year<" not in styled


def test_an_english_lesson_draws_tables_exactly_as_pandas_does(shell):
    frame = pd.DataFrame({"environments_completed": [1], "share": [0.5]})
    table_headers.install("es", shell)
    assert "ambientes completados" in _html(shell, frame)
    assert not table_headers.install("en", shell)
    assert _html(shell, frame) == frame._repr_html_()


def test_every_heading_is_translated_in_spanish_and_marked_in_the_pseudo_locale():
    from evo_lessons.i18n import PSEUDO_LANG, get_translator

    es, pseudo = get_translator("es"), get_translator(PSEUDO_LANG)
    for name, heading in HEADINGS.items():
        assert pseudo.tr(heading).startswith("\u27e6"), name
        assert es.tr(heading) != heading.text or heading.text in {"total"}, name
