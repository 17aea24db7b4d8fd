"""The lessons in other languages: PO files from the English notebooks, notebooks from PO files.

The English notebooks (``notebooks/*.ipynb``), their model answers
(``evo_lessons/lessons/answers/*.toml``) and the student handouts (``notebooks/handouts/*.md``)
stay the source. For a language ``<lang>``:

* ``python -m evo_lessons.lessons translate extract es`` writes (or brings up to date)
  ``evo_lessons/locale/es/lessons/<lesson>.po``, an entry per Markdown cell (``cell:<cell id>``),
  per question prompt (``question:<question id>``), per read-off prompt and unit
  (``read_off:<id>``, ``read_off:<id>:unit``), per model answer (``answer:<question id>``) and
  the lesson's title; and ``evo_lessons/locale/es/handouts/<handout>.po``, an entry per
  paragraph, list or table (``<section>/<n>``). An entry whose English changed is marked fuzzy,
  with the English it was translated from, for the translator to look at again.
* ``... translate build es`` writes ``notebooks/es/<lesson>.ipynb`` and
  ``notebooks/es/handouts/<handout>.md``: Markdown cells, prompts and the code's shown text
  (:mod:`code_text`) replaced, ``start_lesson(...)`` given ``lang="es"``, no outputs (and no
  nbval-check-output tag). Untranslated or stale entries stay English (never a wrong
  translation).
* ``... translate check es`` says which built files are stale and how much of each catalogue is
  translated (exit status 1 if a built file is stale; ``--complete`` also if an entry is not
  translated).

Model answers are read from the catalogue at run time (:func:`translated_answers`), so nothing is
built for them. How to translate without Python: docs/translating_lessons.md.
"""

from __future__ import annotations

# i18n: developer-only: the maintainers' build tool of the translated lessons; what it writes
# into PO files are translator comments in the source language (English), as gettext's are
import argparse
import ast
import copy
import json
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import code_text, po
from .extract import (
    _MAGIC,
    _code,
    _code_cells,
    _position,
    code_translations,
    handout_entries,
    lesson_entries,
    prompt_literals,
)
from .extract import PROMPTED as PROMPTED
from .extract import Literal as Literal
from .extract import code_entries as code_entries

PACKAGE = Path(__file__).resolve().parents[1]
REPO = PACKAGE.parent
LOCALE = PACKAGE / "locale"
ANSWERS = PACKAGE / "lessons" / "answers"
NOTEBOOKS = REPO / "notebooks"
HANDOUTS = NOTEBOOKS / "handouts"

LINE_LENGTH = 100  # pyproject.toml's ruff line-length: built code cells stay ruff-clean


def lesson_catalogue_path(lang: str, lesson: str, locale: Path = LOCALE) -> Path:
    return locale / lang / "lessons" / f"{lesson}.po"


def handout_catalogue_path(lang: str, handout: str, locale: Path = LOCALE) -> Path:
    return locale / lang / "handouts" / f"{handout}.po"


def lesson_notebooks(notebooks: Path = NOTEBOOKS) -> list[Path]:
    """The numbered lesson notebooks (00_start_here.ipynb ... ), in order."""
    return sorted(p for p in notebooks.glob("*.ipynb") if re.match(r"\d\d_", p.name))


# -- catalogues ---------------------------------------------------------------------------------


def header(lang: str, title: str) -> tuple[list[str], dict[str, str]]:
    comments = [
        f"{title}: the {lang} translation.",
        "Made from the English source by `python -m evo_lessons.lessons translate extract`;",
        "translate the msgstr lines (docs/translating_lessons.md). A teacher's review is welcome.",
    ]
    fields = {
        "Project-Id-Version": "evo_lessons",
        "PO-Revision-Date": "2026-11-28 08:00+0000",
        "Last-Translator": "evo_lessons translators",
        "Language-Team": f"evo_lessons {lang}",
        "Language": lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    return comments, fields


def compendium(lang: str, locale: Path = LOCALE) -> dict[str, str]:
    """English -> translation from ``locale/<lang>/compendium.po``: translations made ahead of
    English that is not merged yet (another branch's edit), used by ``extract`` when an entry
    has no translation of its own (as ``msgmerge --compendium`` does)."""
    catalogue = po.read(locale / lang / "compendium.po")
    return {entry.msgid: entry.msgstr for entry in catalogue.entries if entry.translated}


def merge(
    old: po.Catalogue, fresh: list[po.Entry], ahead: dict[str, str] | None = None
) -> list[po.Entry]:
    """The fresh English entries, each with its old translation (or one from ``ahead``, the
    compendium); changed English -> fuzzy."""
    known = old.by_context()
    same_english = {e.msgid: e for e in old.entries if e.translated}
    merged = []
    for entry in fresh:
        before = known.get(entry.context)
        if entry.msgid in same_english and (before is None or before.msgid != entry.msgid):
            before = same_english[entry.msgid]  # the same English under a new key (a moved cell)
        if before is not None and before.msgstr:
            entry.msgstr = before.msgstr
            if before.msgid != entry.msgid or before.fuzzy:
                entry.fuzzy = True
                kept = before.fuzzy and before.previous
                entry.previous = before.previous if kept else before.msgid
        if (not entry.msgstr or entry.fuzzy) and ahead and entry.msgid in ahead:
            entry.msgstr, entry.fuzzy, entry.previous = ahead[entry.msgid], False, ""
        merged.append(entry)
    return merged


def update_catalogue(
    path: Path,
    fresh: list[po.Entry],
    lang: str,
    title: str,
    ahead: dict[str, str] | None = None,
) -> po.Catalogue:
    old = po.read(path)
    comments, fields = header(lang, title)
    catalogue = po.Catalogue(
        header_comments=old.header_comments or comments,
        header={**fields, **old.header},
        entries=merge(old, fresh, ahead),
    )
    return catalogue


# -- building -----------------------------------------------------------------------------------


def _literal(text: str, indent: int, room: int) -> str:
    """``text`` as Python source: one literal, or adjacent ones one per line (ruff's style)."""
    quote = "'" if '"' in text and "'" not in text else '"'

    def quoted(piece: str) -> str:
        body = piece.replace("\\", "\\\\").replace("\n", "\\n").replace(quote, "\\" + quote)
        return quote + body + quote

    whole = quoted(text)
    if indent + len(whole) <= room:
        return whole
    width = room - indent - 2
    chunks, rest = [], text
    while len(quoted(rest)) - 2 > width:
        cut = rest.rfind(" ", 0, width)
        if cut <= 0:
            break
        chunks.append(rest[: cut + 1])
        rest = rest[cut + 1 :]
    chunks.append(rest)
    return ("\n" + " " * indent).join(quoted(chunk) for chunk in chunks)


def _offset(lines: list[str], position: tuple[int, int]) -> int:
    line, column = position
    return sum(len(text) + 1 for text in lines[: line - 1]) + column


def _chunks(text: str, width: int, is_f: bool) -> list[str]:
    """Cut a template after spaces (never inside an f-string's ``{...}``) into pieces of at
    most ``width`` characters where the words allow."""
    tokens, current, depth = [], "", 0
    for char in text:
        current += char
        if is_f:
            depth += {"{": 1, "}": -1}.get(char, 0)
        if char == " " and depth == 0:
            tokens.append(current)
            current = ""
    if current:
        tokens.append(current)
    pieces, piece = [], ""
    for token in tokens:
        if piece and len(piece) + len(token) > width:
            pieces.append(piece)
            piece = ""
        piece += token
    if piece:
        pieces.append(piece)
    return pieces


def _code_literal(text: str, is_f: bool, quote: str, indent: int) -> str:
    """Translated text as Python source: one literal, or adjacent ones in parentheses (ruff
    lays them out)."""
    width = max(30, LINE_LENGTH - indent - 24)
    pieces = _chunks(text, width, is_f)
    rendered = []
    for piece in pieces:
        placeholder = is_f and bool(code_text.placeholders(piece))
        if is_f and not placeholder:
            piece = piece.replace("{{", "{").replace("}}", "}")
        rendered.append(code_text.render(piece, placeholder, quote))
    if len(rendered) == 1:
        return rendered[0]
    return "(" + "\n".join(rendered) + ")"


def translate_code(
    source: str,
    catalogue: po.Catalogue,
    lang: str,
    shown: list[code_text.Literal] = (),  # type: ignore[assignment]
    texts: dict[str, str] | None = None,
    renames: dict[str, str] | None = None,
) -> str:
    """A code cell with its prompts translated, ``start_lesson(...)`` given ``lang``, the
    ``shown`` literals (:func:`code_text.shown`) replaced by their ``texts``, and every f-string
    that reads a renamed label inside its braces (``renames``) rewritten with the new name."""
    # magics blanked with spaces: every position stays where it is in ``source``
    magicless = "\n".join(" " * len(x) if _MAGIC.match(x) else x for x in source.split("\n"))
    lines = magicless.split("\n")
    edits: list[tuple[int, int, str]] = []
    for literal in prompt_literals(magicless):
        text = catalogue.translation(literal.context, literal.text)
        if text is None:
            continue
        indent = literal.start[1]
        line_end = lines[literal.end[0] - 1][literal.end[1] :]
        room = LINE_LENGTH - (1 if line_end.startswith(",") else 0)
        replacement = _literal(text, indent, room)
        edits.append((_offset(lines, literal.start), _offset(lines, literal.end), replacement))
    renames = renames or {}
    replaced = set()
    for shown_literal in shown:
        translated = (texts or {}).get(shown_literal.template)
        if shown_literal.is_f:
            renamed = code_text.rename_in_braces(translated or shown_literal.template, renames)
            translated = renamed if translated or renamed != shown_literal.template else None
        if translated is None:
            continue
        replaced.add(shown_literal.start)
        at, to = _offset(lines, shown_literal.start), _offset(lines, shown_literal.end)
        indent = len(lines[shown_literal.start[0] - 1]) - len(
            lines[shown_literal.start[0] - 1].lstrip()
        )
        quote = code_text.quote_of(magicless[at:to])
        edits.append((at, to, _code_literal(translated, shown_literal.is_f, quote, indent)))
    for found in code_text.literals(magicless) if renames else ():
        # an f-string that is not shown text but reads a renamed label: the new name
        if not found.is_f or found.mode == code_text.BRACE or found.start in replaced:
            continue
        renamed = code_text.rename_in_braces(found.template, renames)
        if renamed != found.template:
            at, to = _offset(lines, found.start), _offset(lines, found.end)
            indent = len(lines[found.start[0] - 1]) - len(lines[found.start[0] - 1].lstrip())
            quote = code_text.quote_of(magicless[at:to])
            edits.append((at, to, _code_literal(renamed, True, quote, indent)))
    try:
        tree = ast.parse(magicless)
    except SyntaxError:
        tree = None
    for node in ast.walk(tree) if tree is not None else ():
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "start_lesson"
            and not any(k.arg == "lang" for k in node.keywords)
            and node.args
        ):
            last = node.args[-1]
            if node.keywords:
                last = node.keywords[-1].value
            after = _position(lines, last.end_lineno or 1, last.end_col_offset or 0)
            at = _offset(lines, after)
            edits.append((at, at, f", lang={lang!r}".replace("'", '"')))
    for first, last_char, text in sorted(edits, reverse=True):
        source = source[:first] + text + source[last_char:]
    return source


def _source_lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def note_cell(catalogue: po.Catalogue) -> dict[str, Any] | None:
    note = catalogue.header.get("X-Translation-Note", "")
    if not note:
        return None
    return {
        "cell_type": "markdown",
        "id": "translation-note",
        "metadata": {},
        "source": _source_lines("---\n\n*" + note + "*"),
    }


def build_notebook(
    notebook: dict[str, Any], lesson: str, catalogue: po.Catalogue, lang: str
) -> dict[str, Any]:
    """The ``lang`` edition of an English lesson notebook."""
    built = copy.deepcopy(notebook)
    cells = _code_cells(built)
    by_cell: dict[int, list[code_text.Literal]] = {}
    for index, literal in code_text.shown([_code(cell) for cell in cells]):
        by_cell.setdefault(id(cells[index]), []).append(literal)
    texts = code_translations(catalogue)
    renames = code_text.renamed_labels([_code(cell) for cell in cells], texts)
    for cell in built["cells"]:
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"])
            translated = catalogue.translation(f"cell:{cell['id']}", text)
            if translated is not None:
                cell["source"] = _source_lines(translated)
        elif cell["cell_type"] == "code":
            code = translate_code(
                "".join(cell["source"]), catalogue, lang, by_cell.get(id(cell), []), texts, renames
            )
            cell["source"] = _source_lines(code)
            cell["outputs"] = []
            cell["execution_count"] = None
            tags = cell["metadata"].get("tags")
            if tags and "nbval-check-output" in tags:
                # the English edition checks this output; here it is in another language (and
                # the game's words too), so nbval runs the cell without comparing
                tags.remove("nbval-check-output")
                if not tags:
                    del cell["metadata"]["tags"]
    note = note_cell(catalogue)
    if note is not None:
        built["cells"].append(note)
    built["metadata"]["evo_lessons"] = {
        "lang": lang,
        "source": f"notebooks/{lesson}.ipynb",
        "translation": f"evo_lessons/locale/{lang}/lessons/{lesson}.po",
    }
    return built


def build_handout(text: str, catalogue: po.Catalogue) -> str:
    out = []
    for entry in handout_entries(text, ""):
        translated = catalogue.translation(entry.context, entry.msgid)
        out.append(translated if translated is not None else entry.msgid)
    note = catalogue.header.get("X-Translation-Note", "")
    if note:
        out += ["---", f"*{note}*"]
    return "\n\n".join(out) + "\n"


def notebook_text(notebook: dict[str, Any], formatted: bool = False) -> str:
    """A notebook as Jupyter writes it (indent 1, key order kept, a final newline); with
    ``formatted``, its code cells as ``ruff format`` lays them out (when ruff is installed)."""
    text = json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"
    return ruff_format(text) if formatted else text


def _ruff() -> list[str] | None:
    found = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    return [found] if found else None


def ruff_format(text: str) -> str:
    """A notebook's JSON with its code cells formatted by ruff (the project's settings), so a
    translated literal of any length is laid out as the English code is; unchanged if ruff is
    not installed or refuses."""
    ruff = _ruff()
    if ruff is None:
        return text
    name = "notebooks/translated.ipynb"
    steps = (  # the parentheses a long translation was wrapped in, where not needed; layout
        ["check", "--fix-only", "--exit-zero", "--select", "UP034", "--stdin-filename", name],
        ["format", "--stdin-filename", name],
    )
    for step in steps:
        out = subprocess.run(
            [*ruff, *step, "-"], input=text, capture_output=True, text=True, cwd=REPO, check=False
        )
        if out.returncode != 0 or not out.stdout.strip():
            return text
        text = out.stdout
    return json.dumps(json.loads(text), indent=1, ensure_ascii=False) + "\n"


# -- the whole edition ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Coverage:
    name: str
    total: int
    translated: int
    stale: int  # fuzzy: translated from English that has changed since

    @property
    def untranslated(self) -> int:
        return self.total - self.translated - self.stale


def _lesson_sources(notebooks: Path) -> list[tuple[str, dict[str, Any], str]]:
    sources = []
    for path in lesson_notebooks(notebooks):
        lesson = path.stem
        answers = ANSWERS / f"{lesson}.toml"
        answers_text = answers.read_text(encoding="utf-8") if answers.is_file() else ""
        sources.append((lesson, json.loads(path.read_text(encoding="utf-8")), answers_text))
    return sources


def catalogues(
    lang: str, notebooks: Path = NOTEBOOKS, locale: Path = LOCALE
) -> dict[Path, po.Catalogue]:
    """Every catalogue of ``lang`` brought up to date with the English (not written)."""
    out = {}
    ahead = compendium(lang, locale)
    for lesson, notebook, answers_text in _lesson_sources(notebooks):
        path = lesson_catalogue_path(lang, lesson, locale)
        fresh = lesson_entries(notebook, lesson, answers_text or '[lesson]\ntitle = ""\n')
        out[path] = update_catalogue(path, fresh, lang, f"Lesson {lesson}", ahead)
    for handout in sorted((notebooks / "handouts").glob("*.md")):
        path = handout_catalogue_path(lang, handout.stem, locale)
        fresh = handout_entries(handout.read_text(encoding="utf-8"), handout.stem)
        out[path] = update_catalogue(path, fresh, lang, f"Handout {handout.stem}", ahead)
    return out


def built_files(lang: str, notebooks: Path = NOTEBOOKS, locale: Path = LOCALE) -> dict[Path, str]:
    """Every file of the ``lang`` edition, as it should be on disk."""
    out = {}
    for lesson, notebook, _ in _lesson_sources(notebooks):
        catalogue = po.read(lesson_catalogue_path(lang, lesson, locale))
        built = build_notebook(notebook, lesson, catalogue, lang)
        out[notebooks / lang / f"{lesson}.ipynb"] = notebook_text(built, formatted=True)
    for handout in sorted((notebooks / "handouts").glob("*.md")):
        catalogue = po.read(handout_catalogue_path(lang, handout.stem, locale))
        text = build_handout(handout.read_text(encoding="utf-8"), catalogue)
        out[notebooks / lang / "handouts" / handout.name] = text
    return out


def coverage(lang: str, notebooks: Path = NOTEBOOKS, locale: Path = LOCALE) -> list[Coverage]:
    """How much of each catalogue is translated, against the English as it is now."""
    rows = []
    for path, catalogue in catalogues(lang, notebooks, locale).items():
        entries = catalogue.entries
        rows.append(
            Coverage(
                name=f"{path.parent.name}/{path.stem}",
                total=len(entries),
                translated=sum(e.translated for e in entries),
                stale=sum(bool(e.msgstr) and e.fuzzy for e in entries),
            )
        )
    return rows


def stale_files(lang: str, notebooks: Path = NOTEBOOKS, locale: Path = LOCALE) -> list[Path]:
    """Built files missing or different from what the catalogues and the English make now,
    and catalogues that are not up to date with the English."""
    stale = [
        path
        for path, text in built_files(lang, notebooks, locale).items()
        if not path.is_file() or path.read_text(encoding="utf-8") != text
    ]
    stale += [
        path
        for path, catalogue in catalogues(lang, notebooks, locale).items()
        if not path.is_file() or po.write(po.read(path)) != po.write(catalogue)
    ]
    return stale


def table(rows: list[Coverage]) -> str:
    lines = [f"{'catalogue':<40} {'entries':>7} {'done':>5} {'stale':>5} {'to do':>5}  %"]
    for row in rows:
        percent = 100 * row.translated / row.total if row.total else 100
        lines.append(
            f"{row.name:<40} {row.total:>7} {row.translated:>5} {row.stale:>5} "
            f"{row.untranslated:>5}  {percent:.0f}%"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m evo_lessons.lessons translate",
        description="The lessons in another language: PO files from the English notebooks "
        "(extract), notebooks/<lang>/ from the PO files (build), and a check (check).",
    )
    parser.add_argument("command", choices=["extract", "build", "check"])
    parser.add_argument("lang", help="a language code, such as es")
    parser.add_argument("--notebooks", type=Path, default=NOTEBOOKS)
    parser.add_argument(
        "--complete", action="store_true", help="check: fail too on an untranslated entry"
    )
    args = parser.parse_args(argv)
    if not re.fullmatch(r"[a-z]{2,3}(_[A-Z]{2})?", args.lang):
        parser.error(f"not a language code: {args.lang[:20]!r} (such as es, pt_BR)")
    if args.command == "extract":
        for path, catalogue in catalogues(args.lang, args.notebooks).items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(po.write(catalogue), encoding="utf-8")
        print(table(coverage(args.lang, args.notebooks)))
        return 0
    if args.command == "build":
        for path, text in built_files(args.lang, args.notebooks).items():
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                print(f"wrote {path.relative_to(args.notebooks.parent)}")
        return 0
    rows = coverage(args.lang, args.notebooks)
    print(table(rows))
    stale = stale_files(args.lang, args.notebooks)
    for path in stale:
        print(
            f"stale: {path} (run: python -m evo_lessons.lessons translate extract/build "
            f"{args.lang})",
            file=sys.stderr,
        )
    missing = sum(row.untranslated + row.stale for row in rows)
    return 1 if stale or (args.complete and missing) else 0


if __name__ == "__main__":
    raise SystemExit(main())
