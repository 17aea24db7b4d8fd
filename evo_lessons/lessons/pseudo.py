"""The lessons in the pseudo-locale ``en_XA``: every text a student reads, marked and longer.

The package's own strings get their pseudo-locale from ``tools/i18n/catalog.py`` (a compiled
catalogue, ``locale/en_XA``); a lesson's own text (its Markdown cells, question prompts, the
sentences its code prints, its title and model answers) lives in the lesson's catalogue instead
(:mod:`evo_lessons.lessons.translate`). This module makes that catalogue for ``en_XA`` from the
English, as a translator would, with :func:`pseudo_text`: ``Undo`` -> ``⟦Ûñdö~~⟧``. A notebook
built from it (:func:`build`, with ``translate.build_notebook``) shows a student nothing but
marked text, so a browser test can fail on any English word left on screen (one that bypasses
the catalogues) and on text that no longer fits when a language is 40% longer than English
(``tests/browser/test_pseudo_locale_browser.py``).

Markdown keeps its syntax: each paragraph, heading, list item and table cell is marked on its
own (a rendered block reads ``⟦…⟧``), and code spans, links' addresses, HTML tags and
``{placeholders}`` are left as they are. Nothing here is shipped to students: the pseudo
catalogues are made when asked for, never written into ``locale/``.

    python -m evo_lessons.lessons.pseudo notebooks/en_XA   # write the pseudo lessons there
"""

from __future__ import annotations

# i18n: developer-only: builds the pseudo-locale for tests; its usage line is for developers
import json
import re
import sys
from pathlib import Path
from typing import Any

from evo_lessons.i18n import PSEUDO_LANG

from . import po, translate

#: the letters the pseudo-locale changes (a word with none of them changed is English)
PLAIN = "aceinouyACEINOUY"
ACCENTED = "âçéîñöûýÂÇÉÎÑÖÛÝ"
_TABLE = str.maketrans(PLAIN, ACCENTED)
OPEN, CLOSE = "\u27e6", "\u27e7"

#: what stays as it is inside a text: code spans, a link's or image's address, an autolink or
#: an HTML tag, an HTML entity, a {placeholder}, a printf-style field
_KEEP = re.compile(
    r"`+[^`]*`+"  # `code`
    r"|\]\([^)]*\)"  # ](address)
    r"|<[^<>\n]+>"  # <tag ...> or <https://...>
    r"|&#?\w+;"  # &nbsp;
    r"|\{[^{}\n]*\}"  # {placeholder}
    r"|%[-+#0]*\d*(?:\.\d+)?[sdifgexXr]"  # %s, %.2f
)
#: attributes whose value a person reads (a screen reader, a tooltip): marked inside a tag
_READ_ATTRIBUTES = re.compile(r'((?:aria-label|title|alt|placeholder)=")([^"{}]*)(")')


def _accent(text: str) -> str:
    """The letters changed, what :data:`_KEEP` matches kept (a tag's read attributes marked)."""
    out, at = [], 0
    for match in _KEEP.finditer(text):
        out.append(text[at : match.start()].translate(_TABLE))
        kept = match.group(0)
        if kept.startswith("<") and not kept.startswith(("<http", "<mailto")):
            kept = _READ_ATTRIBUTES.sub(
                lambda m: m.group(1) + pseudo_text(m.group(2)) + m.group(3), kept
            )
        out.append(kept)
        at = match.end()
    out.append(text[at:].translate(_TABLE))
    return "".join(out)


def _padding(text: str) -> str:
    """About 40% of the text's length as short runs of ``~`` (they wrap as words do)."""
    extra = max(1, round(len(text) * 0.4))
    return " ".join("~" * min(4, extra - n) for n in range(0, extra, 5))


def pseudo_text(text: str) -> str:
    """Marked and about 40% longer, placeholders kept: 'Undo' -> '⟦Ûñdö~~⟧'.

    The same transformation as the package catalogue's pseudo-locale (tools/i18n/catalog.py
    uses this function), with code spans, addresses and tags kept too."""
    if not text.strip():
        return text
    body = _accent(text)
    pad = _padding(text)
    return f"{OPEN}{body} {pad}{CLOSE}" if " " in text.strip() else f"{OPEN}{body}{pad}{CLOSE}"


# -- Markdown ------------------------------------------------------------------------------------

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^(\s*#{1,6}\s+)(.*)$")
_ITEM = re.compile(r"^(\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?)(.*)$")
_QUOTE = re.compile(r"^(\s*(?:>\s?)+)(.*)$")
_RULE = re.compile(r"^\s*(?:-{3,}|\*{3,}|_{3,})\s*$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_HTML_LINE = re.compile(r"^\s*</?[A-Za-z][^>]*>")
#: an HTML tag inside a text the code shows ('<p style="...">Sources: {cited}<br>')
_TAG = re.compile(r"</?[A-Za-z][^<>]*>")


def _mark_lines(lines: list[str]) -> list[str]:
    """One block of text (a paragraph, or a list item with its continuation lines), marked:
    ``⟦`` before its first word, the padding and ``⟧`` after its last."""
    text = "\n".join(lines)
    if not re.search(r"[A-Za-z]", _KEEP.sub("", text)):
        return lines  # only code, an address, a number: nothing to translate
    marked = pseudo_text(text.strip())
    lead = text[: len(text) - len(text.lstrip())]
    return (lead + marked).split("\n")


def _mark_cells(line: str) -> str:
    """A table row: each cell marked on its own."""
    parts = line.split("|")
    inner = range(1 if line.lstrip().startswith("|") else 0, len(parts))
    for i in inner:
        cell = parts[i]
        if cell.strip() and re.search(r"[A-Za-z]", _KEEP.sub("", cell)):
            lead = cell[: len(cell) - len(cell.lstrip())]
            tail = cell[len(cell.rstrip()) :]
            parts[i] = lead + pseudo_text(cell.strip()) + tail
    return "|".join(parts)


def _mark_html(line: str) -> str:
    """A line of HTML: each run of text between tags marked on its own."""
    pieces = re.split(r"(<[^<>]+>)", line)
    out = []
    for piece in pieces:
        if piece.startswith("<"):
            out.append(_accent(piece) if _READ_ATTRIBUTES.search(piece) else piece)
        elif piece.strip() and re.search(r"[A-Za-z]", piece):
            lead = piece[: len(piece) - len(piece.lstrip())]
            tail = piece[len(piece.rstrip()) :]
            out.append(lead + pseudo_text(piece.strip()) + tail)
        else:
            out.append(piece)
    return "".join(out)


def pseudo_markdown(text: str) -> str:
    """A Markdown cell in the pseudo-locale: every paragraph, heading, list item, quote and
    table cell marked on its own; fenced code, rules and the syntax itself kept."""
    out: list[str] = []
    block: list[str] = []  # the lines of the paragraph or list item being read
    prefix = ""  # its first line's syntax ("- ", "## ", "> ")

    def flush() -> None:
        nonlocal block, prefix
        if block:
            marked = _mark_lines(block)
            marked[0] = prefix + marked[0]
            out.extend(marked)
        block, prefix = [], ""

    fenced = False
    for line in text.split("\n"):
        if _FENCE.match(line):
            flush()
            fenced = not fenced
            out.append(line)
            continue
        if fenced or not line.strip() or _RULE.match(line) or _TABLE_RULE.match(line):
            flush()
            out.append(line)
            continue
        if line.lstrip().startswith("|") or (block == [] and line.count("|") >= 2):
            flush()
            out.append(_mark_cells(line))
            continue
        if _HTML_LINE.match(line):
            flush()
            out.append(_mark_html(line))
            continue
        heading = _HEADING.match(line)
        if heading:
            flush()
            out.append(heading.group(1) + "\n".join(_mark_lines([heading.group(2)])))
            continue
        start = _ITEM.match(line) or _QUOTE.match(line)
        if start:
            flush()
            prefix, block = start.group(1), [start.group(2)]
            continue
        block.append(line)
    flush()
    return "\n".join(out)


# -- a lesson's catalogue and notebook ------------------------------------------------------------


def pseudo_entry(entry: po.Entry) -> po.Entry:
    """An English entry of a lesson's catalogue with its pseudo-locale translation."""
    kind = entry.context.split(":", 1)[0]
    if kind in ("cell", "answer"):
        text = pseudo_markdown(entry.msgid)
    elif _TAG.search(entry.msgid):  # HTML the code writes: each run of text between tags marked
        text = _mark_html(entry.msgid)
    else:
        text = pseudo_text(entry.msgid)
    return po.Entry(entry.context, entry.msgid, text, comments=list(entry.comments))


def catalogue(lesson: str, notebooks: Path = translate.NOTEBOOKS) -> po.Catalogue:
    """The lesson's catalogue in the pseudo-locale, made from its English notebook."""
    notebook = json.loads((notebooks / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    answers = translate.ANSWERS / f"{lesson}.toml"
    answers_text = answers.read_text(encoding="utf-8") if answers.is_file() else ""
    entries = translate.lesson_entries(notebook, lesson, answers_text or '[lesson]\ntitle = ""\n')
    comments, header = translate.header(PSEUDO_LANG, f"Lesson {lesson} (pseudo-locale)")
    return po.Catalogue(comments, header, [pseudo_entry(entry) for entry in entries])


def build(lesson: str, notebooks: Path = translate.NOTEBOOKS) -> dict[str, Any]:
    """The lesson's notebook in the pseudo-locale (``start_lesson(..., lang="en_XA")``)."""
    notebook = json.loads((notebooks / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    return translate.build_notebook(notebook, lesson, catalogue(lesson, notebooks), PSEUDO_LANG)


def write_catalogues(locale: Path, notebooks: Path = translate.NOTEBOOKS) -> list[Path]:
    """Every lesson's pseudo catalogue under ``locale/en_XA/lessons/`` (a test's own folder:
    the package's ``locale/`` never holds them)."""
    written = []
    for path in translate.lesson_notebooks(notebooks):
        target = translate.lesson_catalogue_path(PSEUDO_LANG, path.stem, locale)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(po.write(catalogue(path.stem, notebooks)), encoding="utf-8")
        written.append(target)
    return written


def use_in_this_kernel(notebooks: Path = translate.NOTEBOOKS) -> None:
    """Let the lessons started in this kernel read their title and model answers from the
    pseudo catalogues (made here from the English; a lesson reads them from its catalogue in
    ``locale/<lang>/lessons/``, which never holds the pseudo-locale's). For a test's kernel:
    the first cell of a pseudo lesson there calls it."""
    from . import language

    shipped = language._catalogue

    def find(lesson: str, lang: str, locale: Path) -> po.Catalogue | None:
        if lang == PSEUDO_LANG:
            return catalogue(lesson, notebooks)
        return shipped(lesson, lang, locale)

    language._catalogue = find


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0].startswith("-"):
        print(
            "usage: python -m evo_lessons.lessons.pseudo <folder>  (writes every lesson there "
            "in the pseudo-locale en_XA)",
            file=sys.stderr,
        )
        return 2
    folder = Path(args[0])
    folder.mkdir(parents=True, exist_ok=True)
    for path in translate.lesson_notebooks():
        built = build(path.stem)
        (folder / path.name).write_text(translate.notebook_text(built), encoding="utf-8")
        print(f"wrote {folder / path.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
