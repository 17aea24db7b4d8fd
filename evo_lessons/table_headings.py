"""Column headings of the tables people read, in their language; the data keeps its names.

A table's column names are data (the code selects by them, pooling reads them, a download keeps
them): the same in every language. What a student reads is the heading, so where a table is
drawn for people (a lesson's tables, :class:`evo_lessons.classroom.compare.Comparison`) its known
column names are shown translated. In English each heading is the name itself, so nothing drawn
in English changes.
"""

from __future__ import annotations

from typing import Any

from evo_lessons.i18n import Msg, Translator, current, pN_

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


def with_headings(frame: Any, translator: Translator | None = None) -> Any:
    """A copy of a DataFrame to draw, its known column names (and axis names) as headings in
    ``translator``'s language (default: the current one)."""
    translator = translator or current()
    shown = frame.rename(columns=lambda name: heading(name, translator))
    if isinstance(frame.columns.name, str):
        shown.columns.name = heading(frame.columns.name, translator)
    if isinstance(frame.index.name, str):
        shown.index.name = heading(frame.index.name, translator)
    return shown
