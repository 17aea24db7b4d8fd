"""Field data from real organisms, each table shipped with where its numbers come from.

Every table is a small CSV file in ``tables/`` beside a TOML header of the same name: the title,
the licence, the precision of its numbers (rounded how, read from text, a table or a figure),
what each column means, and each source's citation, DOI and where in the publication the
numbers are. A number without such a header is not shipped.

>>> from evo_lessons.data import datasets, load
>>> "peppered_moth" in datasets()
True
>>> frame = load("finch_beak_depth")          # a pandas DataFrame
>>> frame.attrs["licence"].startswith("CC0")
True

pandas loads only when :func:`load` is called (``import evo_lessons.data`` stays light);
:func:`info` gives the header alone, without pandas.
"""

# i18n: developer-only: the tables' loader: its errors are a Python programmer's (load("x")) or a
# table author's (a header's fields); the words a student reads (titles, licences, citations,
# the words columns) come from the tables through data_text()

from __future__ import annotations

import csv
import io
import tomllib
from functools import cache
from importlib import resources
from typing import Any

from evo_lessons.i18n import data_text

_TABLES = resources.files(__package__) / "tables"

#: what every header must say (checked when a table is read, so a bad header fails loudly)
_REQUIRED = ("title", "licence", "precision", "rows", "columns", "sources")


def datasets() -> list[str]:
    """The names of the shipped tables, sorted (pass one to :func:`load`)."""
    return sorted(p.name[: -len(".csv")] for p in _TABLES.iterdir() if p.name.endswith(".csv"))


def _check_name(name: object) -> str:
    if not isinstance(name, str) or name not in datasets():
        shown = repr(name)[:60]
        raise ValueError(f"no table named {shown}; the tables are {', '.join(datasets())}")
    return name


@cache
def _header(name: str) -> dict[str, Any]:
    text = (_TABLES / f"{name}.toml").read_text(encoding="utf-8")
    header = tomllib.loads(text)
    missing = [key for key in _REQUIRED if key not in header]
    if missing:
        raise ValueError(f"the header of table {name!r} lacks {', '.join(missing)}")
    for key, source in header["sources"].items():
        if not source.get("citation") or "where" not in source:
            raise ValueError(f"source {key!r} of table {name!r} needs a citation and a where")
    return header


def info(name: str) -> dict[str, Any]:
    """A table's header: title, licence, precision, rows, columns and sources (a copy)."""
    header = _header(_check_name(name))
    return {
        **header,
        "columns": dict(header["columns"]),
        "sources": {k: dict(v) for k, v in header["sources"].items()},
    }


def _rows(name: str) -> tuple[list[str], list[list[str]]]:
    text = (_TABLES / f"{name}.csv").read_text(encoding="utf-8")
    reader = csv.reader(io.StringIO(text))
    columns = next(reader)
    rows = [row for row in reader if row]
    header = _header(name)
    if list(header["columns"]) != columns:
        raise ValueError(f"table {name!r}: its header describes columns other than its CSV's")
    if "source" in columns:
        keys = {row[columns.index("source")] for row in rows}
        if not keys <= set(header["sources"]):
            raise ValueError(f"table {name!r} names a source its header does not cite")
    return columns, rows


def citation(name: str) -> str:
    """Every source of a table, cited in full, one per line (DOI or PMC id where checked).

    In the current language: the words a citation adds of its own (what a source says, "e.g.",
    "(abstract)") are translated, from the catalogue of data words (context ``data:
    <table>.citation``); authors, years, titles, journals and DOIs stay as published.
    """
    lines = []
    for source in info(name)["sources"].values():
        line = _word(name, "citation", source["citation"])
        if source.get("doi"):
            line += f" doi:{source['doi']}"
        elif source.get("pmc"):
            line += f" {source['pmc']}"
        lines.append(line)
    return "\n".join(dict.fromkeys(lines))


def _word(name: str, field: str, text: str) -> str:
    return data_text("data", f"{name}.{field}", text)


def load(name: str):
    """A table as a pandas DataFrame, its header in ``frame.attrs``.

    ``attrs`` holds ``citation`` (every source, one per line), ``licence``, ``title``,
    ``precision``, ``columns`` (what each means), ``source`` (where in each publication the
    numbers are, one per line) and ``sources`` (each source's citation, DOI and where).

    The title, the licence, the words of the citations (see :func:`citation`) and the cells of
    the header's ``words`` columns (a place, how a share is stated) are in the current language
    (a lesson's: ``start_lesson(..., lang=)``), from the catalogue of data words (context
    ``data: <table>.<column>``); numbers, ids, column names, species' scientific names and the
    publications cited (authors, titles, journals) are the same in every language.
    """
    import pandas as pd  # lazy: importing the package never loads pandas

    header = info(_check_name(name))
    columns, rows = _rows(name)
    text = io.StringIO()
    csv.writer(text).writerows([columns, *rows])
    frame = pd.read_csv(io.StringIO(text.getvalue()))
    for column in header.get("words", ()):
        frame[column] = frame[column].map(
            lambda cell, column=column: _word(name, column, cell) if isinstance(cell, str) else cell
        )
    frame.attrs.update(
        name=name,
        title=_word(name, "title", header["title"]),
        citation=citation(name),
        licence=_word(name, "licence", header["licence"]),
        precision=header["precision"],
        columns=header["columns"],
        sources=header["sources"],
        source="\n".join(s["where"] for s in header["sources"].values()),
    )
    return frame


__all__ = ["citation", "datasets", "info", "load"]
