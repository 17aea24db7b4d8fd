"""A lesson's tables with their column headings in the lesson's language.

A lesson shows pandas tables the code builds from data: a game's history (its CSV columns,
``environments_completed``), a field table (``year``, ``moths``), an experiment's summary
(``share``, ``runs``). Their column names are data: the code selects by them, pooling reads
them, a download keeps them, and they are the same in every language. What a student *reads* is
the heading, so a lesson in another language shows each known column name translated, at the
moment the table is drawn, and nothing else changes: the DataFrame keeps its English columns.

:func:`install` (called by ``start_lesson(..., lang=...)`` for a language other than English)
adds an HTML formatter to IPython for DataFrames and Stylers. In English nothing is installed,
so an English lesson's outputs are byte-identical to before. A name not in :data:`HEADINGS`
shows as it is (a column the lesson's own Markdown names, say).
"""

from __future__ import annotations

from typing import Any

from evo_lessons.i18n import SOURCE_LANG, Msg, Translator, get_translator, normalize, pN_

#: a column name as the data has it -> its heading (in English, the name itself as people read
#: it; translated by the catalogue: context "table heading")
HEADINGS: dict[str, Msg] = {
    "antennae": pN_("table heading", "antennae"),
    "assays": pN_("table heading", "assays"),
    "at_risk": pN_("table heading", "at risk"),
    "body": pN_("table heading", "body"),
    "bugs": pN_("table heading", "bugs"),
    "cards": pN_("table heading", "cards"),
    "cards_in_play": pN_("table heading", "cards in play"),
    "chain": pN_("table heading", "chain"),
    "challenge_name": pN_("table heading", "challenge"),
    "challenges": pN_("table heading", "challenges"),
    "change": pN_("table heading", "change"),
    "climate": pN_("table heading", "climate"),
    "colour": pN_("table heading", "colour"),
    "confirmed": pN_("table heading", "confirmed"),
    "count": pN_("table heading", "count"),
    "counts": pN_("table heading", "counts"),
    "creature": pN_("table heading", "creature"),
    "dark_percent": pN_("table heading", "dark (%)"),
    "deals": pN_("table heading", "deals"),
    "defeated": pN_("table heading", "defeated"),
    "environment": pN_("table heading", "environment"),
    "environments_completed": pN_("table heading", "environments completed"),
    "events_suffered": pN_("table heading", "events suffered"),
    "extinct": pN_("table heading", "extinct"),
    "eyes": pN_("table heading", "eyes"),
    "fixed": pN_("table heading", "fixed"),
    "games": pN_("table heading", "games"),
    "generation": pN_("table heading", "generation"),
    "group": pN_("table heading", "group"),
    "habitat": pN_("table heading", "habitat"),
    "habitats": pN_("table heading", "habitats"),
    "high": pN_("table heading", "high"),
    "home": pN_("table heading", "home"),
    "individuals": pN_("table heading", "individuals"),
    "kind": pN_("table heading", "kind"),
    "knocked_out": pN_("table heading", "knocked out"),
    "leg_length": pN_("table heading", "leg length"),
    "links": pN_("table heading", "links"),
    "lost": pN_("table heading", "lost"),
    "low": pN_("table heading", "low"),
    "match": pN_("table heading", "match"),
    "matches": pN_("table heading", "matches"),
    "measure": pN_("table heading", "measure"),
    "metabolism": pN_("table heading", "metabolism"),
    "method": pN_("table heading", "method"),
    "model": pN_("table heading", "model"),
    "moths": pN_("table heading", "moths"),
    "niches": pN_("table heading", "niches"),
    "number": pN_("table heading", "number"),
    "per": pN_("table heading", "per"),
    "place": pN_("table heading", "place"),
    "player": pN_("table heading", "player"),
    "points": pN_("table heading", "points"),
    "population": pN_("table heading", "population"),
    "populations": pN_("table heading", "populations"),
    "rank": pN_("table heading", "rank"),
    "relation": pN_("table heading", "relation"),
    "runs": pN_("table heading", "runs"),
    "sample": pN_("table heading", "sample"),
    "segments": pN_("table heading", "segments"),
    "shape": pN_("table heading", "shape"),
    "share": pN_("table heading", "share"),
    "size": pN_("table heading", "size"),
    "species": pN_("table heading", "species"),
    "study": pN_("table heading", "study"),
    "tokens": pN_("table heading", "tokens"),
    "total": pN_("table heading", "total"),
    "turn": pN_("table heading", "turn"),
    "unfit": pN_("table heading", "unfit"),
    "value": pN_("table heading", "value"),
    "what": pN_("table heading", "what"),
    "world": pN_("table heading", "world"),
    "year": pN_("table heading", "year"),
}


def heading(name: Any, translator: Translator) -> Any:
    """The heading shown for a column ``name`` (a name not known, or not a str, as it is)."""
    if not isinstance(name, str):
        return name
    known = HEADINGS.get(name)
    return translator.tr(known) if known is not None else name


def _frame_html(frame: Any, translator: Translator) -> str | None:
    shown = frame.rename(columns=lambda name: heading(name, translator))
    if isinstance(frame.columns.name, str):
        shown.columns.name = heading(frame.columns.name, translator)
    if isinstance(frame.index.name, str):
        shown.index.name = heading(frame.index.name, translator)
    return shown._repr_html_()


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
