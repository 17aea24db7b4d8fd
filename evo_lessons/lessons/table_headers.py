"""A lesson's tables with their column headings in the lesson's language.

A lesson shows pandas tables the code builds from data: a game's history (its CSV columns,
``environments_completed``), a field table (``year``, ``moths``), an experiment's summary
(``share``, ``runs``). Their column names are data: the code selects by them, pooling reads
them, a download keeps them, and they are the same in every language. What a student *reads* is
the heading, so a lesson in another language shows each known column name translated, at the
moment the table is drawn, and nothing else changes: the DataFrame keeps its English columns.

:func:`install` (called by ``start_lesson(..., lang=...)`` for a language other than English)
adds an HTML formatter to IPython for DataFrames and Stylers. In English nothing is installed,
so an English lesson's outputs are byte-identical to before. A name not in
:data:`evo_lessons.table_headings.HEADINGS` shows as it is (a column the lesson's own Markdown
names, say).
"""

from __future__ import annotations

from typing import Any

from evo_lessons.i18n import SOURCE_LANG, Translator, get_translator, normalize
from evo_lessons.table_headings import heading, with_headings


def _frame_html(frame: Any, translator: Translator) -> str | None:
    return with_headings(frame, translator)._repr_html_()


def _styler_html(styler: Any, translator: Translator) -> str | None:
    styler.format_index(lambda name: heading(name, translator), axis="columns")
    return styler._repr_html_()


#: the types whose HTML shows headings: (module, class) as the class says it (pandas 3 says
#: "pandas" for DataFrame, older pandas "pandas.core.frame")
_FRAMES = (("pandas", "DataFrame"), ("pandas.core.frame", "DataFrame"))
_STYLERS = (("pandas.io.formats.style", "Styler"),)
_TYPES = _FRAMES + _STYLERS


def install(lang: str | None, shell: Any = None) -> bool:
    """Show every DataFrame and Styler of this kernel with its headings in ``lang`` (nothing
    for English, or outside IPython). True if installed."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if shell is None:
        return False
    html = shell.display_formatter.formatters["text/html"]
    if lang is None or normalize(lang) == SOURCE_LANG:  # (a kernel back in English: as pandas)
        for module, name in _TYPES:
            html.deferred_printers.pop((module, name), None)
            for cls in [
                c for c in html.type_printers if (c.__module__, c.__name__) == (module, name)
            ]:
                html.type_printers.pop(cls)
        return False
    translator = get_translator(lang)
    for module, name in _FRAMES:
        html.for_type_by_name(module, name, lambda frame: _frame_html(frame, translator))
    for module, name in _STYLERS:
        html.for_type_by_name(module, name, lambda styler: _styler_html(styler, translator))
    return True
