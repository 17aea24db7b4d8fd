"""Where a class's result codes are found: pasted text, files, folders, uploads, hand-ins.

**Only a hand-in's results section is read.** A student's hand-in file (Markdown or HTML,
written by :mod:`evo_lessons.lessons`) holds their answers too, and a code typed into an
answer must never count. So in a hand-in file (``.md``, ``.markdown``, ``.html``, ``.htm``)
codes are read from its results section only, marked exactly so:

* Markdown: a line ``<!-- evo-results -->`` opens the section and a line
  ``<!-- /evo-results -->`` closes it (each on a line of its own; blanks around them allowed);
* HTML: ``<section id="evo-results">`` opens it and the next ``</section>`` closes it.

**A hand-in is pooled whole or not at all.** Its last line is a seal: a copy of the work and a
SHA-256 checksum over the whole file (:mod:`evo_lessons.classroom.seal`). A hand-in whose seal
is missing or does not match (a results line deleted in a text editor, a loss taken out) is
refused with a sentence, and none of its codes is read.

The hand-in escapes everything a student typed (``<`` becomes ``&lt;``), so no answer can open
a section. A hand-in file with no results section (from an older evo_lessons), or with more
than one, is listed apart with the reason and none of its codes is read. A teacher's own list
(``.txt``) and pasted text are read line by line, whole.

**A ``.txt`` in a folder or an upload is read only if it is the teacher's** (red-team N6): the
class service's "Download codes" file, which starts with :data:`CODES_HEADER` and ends with a
seal (:func:`teachers_codes_file`). Any other text file there (a student's list of chosen
codes, a renamed hand-in) is listed apart as ``unsealed`` and none of its codes is read. A
``.txt`` named directly (``pool("my_list.txt")``) is the teacher's choice and read whole.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evo_lessons.engine import results
from evo_lessons.i18n import pgettext, pN_, tr

from .seal import seal_intact, seal_line, seal_of

#: files read in a folder (hand-ins are HTML and Markdown; a teacher's list may be text)
SUFFIXES = (".html", ".htm", ".md", ".markdown", ".txt")
HAND_IN_SUFFIXES = (".html", ".htm", ".md", ".markdown")
#: a folder is read this deep and this far, so a wrong path cannot walk a whole disk
MAX_FILES = 5_000
MAX_FILE_BYTES = 5_000_000
#: the results section's markers (see the module docstring)
MARKDOWN_OPEN = "<!-- evo-results -->"
MARKDOWN_CLOSE = "<!-- /evo-results -->"
HTML_OPEN = '<section id="evo-results">'
HTML_CLOSE = "</section>"
#: in pasted text, anything shaped like one of our codes (damaged ones too, to say why)
_LOOSE = re.compile(r"EV[A-Z]\d*-[^\s<>\"'`]*")
_MD_OPEN = re.compile(r"^[ \t]*<!-- evo-results -->[ \t]*$", re.MULTILINE)
_MD_CLOSE = re.compile(r"^[ \t]*<!-- /evo-results -->[ \t]*$", re.MULTILINE)
_HTML_OPEN = re.compile(r"""<section\s+id\s*=\s*["']evo-results["']\s*>""", re.IGNORECASE)


def markdown_results(lines: list[str]) -> str:
    """A Markdown hand-in's results section around ``lines`` (each a line of Markdown that
    holds result codes; nothing a student typed may go in it)."""
    return "\n".join([MARKDOWN_OPEN, *lines, MARKDOWN_CLOSE])


def html_results(inner: str) -> str:
    """An HTML hand-in's results section around ``inner`` (HTML holding result codes, with no
    ``</section>`` of its own; nothing a student typed may go in it)."""
    return f"{HTML_OPEN}{inner}{HTML_CLOSE}"


@dataclass
class Attempt:
    """One code as found: its text and where it came from (a file, an upload, "pasted").

    ``problem``/``reason``: set when the place itself could not be read (no code then)."""

    code: str
    source: str
    problem: str = ""
    reason: str = ""


def _pasted() -> str:
    # Translators: where a code came from: pasted in, not read from a file
    return pgettext("hand-in source", "pasted")


def _no_section() -> str:
    # Translators: {marker} is the section's marker in the file, kept as it is
    return pgettext("hand-in refused", "it has no results section ({marker})")


def results_section(text: str, markdown: bool) -> str:
    """The results section of a hand-in's text; ValueError if it has none, or two."""
    if markdown:
        opens, closes = list(_MD_OPEN.finditer(text)), list(_MD_CLOSE.finditer(text))
        if not opens:
            raise ValueError(_no_section().format(marker=MARKDOWN_OPEN))
        if len(opens) > 1 or len(closes) != 1 or closes[0].start() < opens[0].end():
            raise ValueError(
                pgettext(
                    "hand-in refused",
                    "its results section is not marked once, opened and then closed",
                )
            )
        return text[opens[0].end() : closes[0].start()]
    opens = list(_HTML_OPEN.finditer(text))
    if not opens:
        raise ValueError(_no_section().format(marker=HTML_OPEN))
    if len(opens) > 1:
        raise ValueError(pgettext("hand-in refused", "it has more than one results section"))
    end = text.find(HTML_CLOSE, opens[0].end())
    if end < 0:
        raise ValueError(pgettext("hand-in refused", "its results section is never closed"))
    return text[opens[0].end() : end]


def _from_text(text: str, source: str, loose: bool) -> list[Attempt]:
    """Codes in a text: in pasted text every line is an attempt (so junk is reported)."""
    found = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):  # a blank line or a comment in a list of codes
            continue
        matches = (_LOOSE if loose else results.CODE_PATTERN).findall(line)
        if matches:
            found += [Attempt(m, source) for m in matches]
        elif loose:
            found.append(Attempt(line, source))
    return found


#: (translated where it is given: ``tr(EDITED)``)
EDITED = pN_(
    "hand-in refused",
    "this hand-in was changed after it was made (or damaged on the way): its seal does not "
    "match its text, so none of its codes is read. Ask the student for the file exactly as "
    "the Hand in box gave it",
)


#: the first line of the class service's "Download codes" file
CODES_HEADER = "# evo-class codes: the class service's download"
UNSEALED = pN_(
    "hand-in refused",
    "a text file among hand-ins that is not the class service's own download: its codes are "
    "not read (a list of codes can hold any codes someone chose). Pool the student's sealed "
    "hand-in instead, or name this file on its own if it is yours",
)


def teachers_codes_file(codes: Iterable[str]) -> str:
    """The class service's codes download: a header, one code a line, and a seal, so pooling
    a folder reads it as the teacher's (a text-editor edit breaks the seal)."""
    body = "\n".join([CODES_HEADER, *codes]) + "\n"
    return body + seal_line("codes", body)


def _teachers_list(text: str) -> str | None:
    """The codes of the service's sealed download (the seal line left out), else None."""
    if not text.lstrip().startswith(CODES_HEADER) or not seal_intact(text):
        return None
    found = seal_of(text)
    return text[: found[0]] if found is not None else None


def _from_named_text(text: str, name: str, strict: bool = False) -> list[Attempt]:
    """``strict``: a file found in a folder or uploaded (a ``.txt`` there must be the
    teacher's sealed download)."""
    suffix = Path(name).suffix.lower()
    if suffix == ".txt" and (strict or text.lstrip().startswith(CODES_HEADER)):
        listed = _teachers_list(text)
        if listed is None:
            return [Attempt("", name, "unsealed", tr(UNSEALED if strict else EDITED))]
        return _from_text(listed, name, loose=True)
    if suffix in HAND_IN_SUFFIXES:
        if not seal_intact(text):
            return [Attempt("", name, "edited", tr(EDITED))]
        text = text.replace("\r\n", "\n").replace("\r", "\n")  # as the seal reads it
        try:
            section = results_section(text, markdown=suffix in (".md", ".markdown"))
        except ValueError as error:
            return [
                Attempt(
                    "",
                    name,
                    "no-results",
                    # Translators: {why} is one of the "results section" sentences
                    pgettext(
                        "hand-in refused",
                        "a hand-in whose codes are not read: {why}. Codes typed into answers "
                        "never count; ask for a hand-in made by this evo_lessons",
                    ).format(why=error),
                )
            ]
        return _from_text(section, name, loose=False)
    return _from_text(text, name, loose=suffix == ".txt")


def _too_large(name: str) -> Attempt:
    return Attempt(
        "",
        name,
        "size",
        pgettext("hand-in refused", "larger than {limit} bytes, not read").format(
            limit=f"{MAX_FILE_BYTES:,}"
        ),
    )


def _from_file(path: Path, label: str | None = None, strict: bool = False) -> list[Attempt]:
    name = label or path.name
    if path.stat().st_size > MAX_FILE_BYTES:
        return [_too_large(name)]
    return _from_named_text(path.read_bytes().decode("utf-8", errors="replace"), name, strict)


def _from_folder(folder: Path) -> list[Attempt]:
    found: list[Attempt] = []
    count = 0
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))  # .evo_work, checkpoints
        for name in sorted(files):
            if name.startswith(".") or not name.lower().endswith(SUFFIXES):
                continue
            count += 1
            if count > MAX_FILES:
                return found
            path = Path(root) / name
            found += _from_file(path, path.relative_to(folder).as_posix(), strict=True)
    return found


def _upload(item: Mapping[str, Any]) -> list[Attempt]:
    """A file from an ipywidgets FileUpload (``{"name": ..., "content": memoryview}``)."""
    name = str(item.get("name", "upload"))[:120]
    content = bytes(item.get("content", b""))
    if len(content) > MAX_FILE_BYTES:
        return [_too_large(name)]
    return _from_named_text(content.decode("utf-8", errors="replace"), name, strict=True)


def _may_be_path(text: str) -> bool:
    """Whether one pasted line could name a file or folder (a code, or JSON, never does)."""
    if not text or len(text) >= 4096 or text.startswith("{"):
        return False
    return not re.match(r"(?i)ev[a-z]\d*-", text)


def find_codes(sources: Any) -> list[Attempt]:
    """Every code attempt in ``sources``: a code, pasted text, a file or folder path, an
    upload (a FileUpload's value), or a list of any of these."""
    if isinstance(sources, Attempt):
        return [sources]
    if isinstance(sources, os.PathLike):
        path = Path(sources)
        if path.is_dir():
            return _from_folder(path)
        if path.is_file():
            return _from_file(path)
        return [
            Attempt(
                "", str(path)[:80], "missing", pgettext("hand-in refused", "no such file or folder")
            )
        ]
    if isinstance(sources, bytes | bytearray | memoryview):
        text = bytes(sources).decode("utf-8", errors="replace")
        return _from_text(text, pgettext("hand-in source", "bytes"), True)
    if isinstance(sources, Mapping):
        return _upload(sources)
    if isinstance(sources, str):
        text = sources.strip()
        if "\n" not in text and _may_be_path(text):
            path = Path(os.path.expanduser(text))
            try:
                exists = path.exists()
            except (OSError, ValueError):  # a name too long for the system, a NUL: not a path
                exists = False
            if exists:
                return find_codes(path)
        if "\n" in text and text.startswith(CODES_HEADER):  # the service's download, pasted
            return _from_named_text(text, "pasted codes.txt")
        if "\n" in text:
            return _from_text(text, _pasted(), loose=True)
        return [Attempt(text, _pasted())] if text else []
    if isinstance(sources, Iterable):
        found: list[Attempt] = []
        for item in sources:
            found += find_codes(item)
        return found
    # Translators: where a code came from (a file's name, "pasted"): here, nothing readable
    return [Attempt(repr(sources)[:60], pgettext("hand-in source", "not text"))]
