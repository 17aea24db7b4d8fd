"""A small reader and writer of gettext PO files, for the lessons' translations.

The lessons' catalogues (``evo_lessons/locale/<lang>/lessons/<lesson>.po`` and
``.../handouts/<handout>.po``) are plain PO files that any PO editor (Poedit, Weblate, Lokalize)
opens; ``msgfmt --check`` accepts them. Each entry is keyed by its ``msgctxt`` (a cell id, a
question id...) and holds the English source as ``msgid``: when the English changes, the entry no
longer matches it and counts as *stale* until a translator looks at it again (``#, fuzzy`` and
the previous English as ``#| msgid``, as ``msgmerge`` writes it).

Only what these catalogues use is written: ``msgctxt``, ``msgid``, ``msgstr``, translator
comments (``#.``), flags (``#,``) and previous msgids (``#|``); a plural entry is read as its
singular.
"""

from __future__ import annotations

# i18n: developer-only: a PO file's reader and writer; its errors are about a malformed file,
# read by the maintainer who rebuilds the lessons (translators use a PO editor, no Python)
from dataclasses import dataclass, field
from pathlib import Path

#: a line of a PO file is cut before this width (as msgmerge does, roughly)
WIDTH = 78


@dataclass(slots=True)
class Entry:
    """One translatable text: where it is (context), its English and its translation."""

    context: str
    msgid: str
    msgstr: str = ""
    comments: list[str] = field(default_factory=list)  # "#." lines: where the text is
    fuzzy: bool = False
    previous: str = ""  # the English the translation was made from, when it has changed since

    @property
    def translated(self) -> bool:
        """A translation that is current: not empty and made from this English."""
        return bool(self.msgstr) and not self.fuzzy


@dataclass(slots=True)
class Catalogue:
    """A PO file: a header (its comment lines and fields) and entries in order."""

    header_comments: list[str] = field(default_factory=list)
    header: dict[str, str] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)

    def by_context(self) -> dict[str, Entry]:
        return {entry.context: entry for entry in self.entries}

    def translation(self, context: str, english: str) -> str | None:
        """The current translation of ``english`` at ``context``, or None (untranslated or
        made from other English)."""
        entry = self.by_context().get(context)
        if entry is None or not entry.translated or entry.msgid != english:
            return None
        return entry.msgstr


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"not a quoted PO string: {text[:40]!r}")
    body, out, i = text[1:-1], [], 0
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
    while i < len(body):
        char = body[i]
        if char == "\\" and i + 1 < len(body):
            out.append(escapes.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(char)
            i += 1
    return "".join(out)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t") + '"'


def _field(keyword: str, text: str, prefix: str = "") -> list[str]:
    """``msgid "..."`` lines: one line if short and single-line, else wrapped msgmerge-style."""
    lines = text.split("\n")
    pieces = [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    single = f"{prefix}{keyword} {_quote(text.replace(chr(10), chr(92) + 'n'))}"
    if len(pieces) <= 1 and len(single) <= WIDTH and "\n" not in text:
        return [f"{prefix}{keyword} {_quote(text)}"]
    out = [f'{prefix}{keyword} ""']
    for piece in pieces:
        for chunk in _wrap(piece, WIDTH - 2 - len(prefix)):
            out.append(prefix + _quote(chunk).replace("\n", "\\n"))
    return out


def _wrap(text: str, width: int) -> list[str]:
    """Cut after spaces so that each quoted chunk fits ``width``; never loses a character."""
    chunks: list[str] = []
    while len(text) > width:
        cut = text.rfind(" ", 0, width)
        if cut <= 0:
            cut = text.find(" ", width)
            if cut < 0:
                break
        chunks.append(text[: cut + 1])
        text = text[cut + 1 :]
    if text:
        chunks.append(text)
    return chunks


def write(catalogue: Catalogue) -> str:
    """The PO text of a catalogue (deterministic: the same catalogue, the same bytes)."""
    out = [f"# {line}".rstrip() for line in catalogue.header_comments]
    out.append('msgid ""')
    out.append('msgstr ""')
    for key, value in catalogue.header.items():
        out.append(_quote(f"{key}: {value}\n").replace("\n", "\\n"))
    for entry in catalogue.entries:
        out.append("")
        out += [f"#. {line}".rstrip() for line in entry.comments]
        if entry.fuzzy:
            out.append("#, fuzzy")
        if entry.fuzzy and entry.previous:
            out += _field("msgid", entry.previous, prefix="#| ")
        out += _field("msgctxt", entry.context)
        out += _field("msgid", entry.msgid)
        out += _field("msgstr", entry.msgstr)
    return "\n".join(out) + "\n"


def parse(text: str) -> Catalogue:
    """Read PO text written by :func:`write` or by a PO editor."""
    catalogue = Catalogue()
    blocks = [block for block in text.replace("\r\n", "\n").split("\n\n") if block.strip()]
    for number, block in enumerate(blocks):
        entry = Entry(context="", msgid="")
        current: str | None = None
        values: dict[str, str] = {}
        header_comments = []
        for raw in block.split("\n"):
            line = raw.strip()
            if not line:
                continue
            if line.startswith("#| "):
                rest = line[3:].strip()
                if rest.startswith("msgid "):
                    current = "previous"
                    values["previous"] = _unquote(rest[6:])
                elif rest.startswith('"') and current == "previous":
                    values["previous"] += _unquote(rest)
                continue
            if line.startswith("#."):
                entry.comments.append(line[2:].strip())
            elif line.startswith("#,"):
                entry.fuzzy = "fuzzy" in {flag.strip() for flag in line[2:].split(",")}
            elif line.startswith("#"):
                header_comments.append(line[1:].strip())
            elif line.startswith('"'):
                if current is None:
                    raise ValueError(f"a string with no keyword in entry {number}: {line[:40]}")
                values[current] += _unquote(line)
            else:
                keyword, _, rest = line.partition(" ")
                if keyword in {"msgid_plural", "msgstr[0]"}:  # plurals: read as the singular
                    keyword = {"msgid_plural": "plural", "msgstr[0]": "msgstr"}[keyword]
                elif keyword.startswith("msgstr["):
                    keyword = "other plurals"
                elif keyword not in {"msgctxt", "msgid", "msgstr"}:
                    raise ValueError(f"unknown PO keyword {keyword[:20]!r} in entry {number}")
                current = keyword
                values[keyword] = _unquote(rest)
        if number == 0 and values.get("msgid") == "" and "msgctxt" not in values:
            catalogue.header_comments = header_comments
            for line in values.get("msgstr", "").split("\n"):
                key, sep, value = line.partition(":")
                if sep:
                    catalogue.header[key.strip()] = value.strip()
            continue
        entry.context = values.get("msgctxt", "")
        entry.msgid = values.get("msgid", "")
        entry.msgstr = values.get("msgstr", "")
        entry.previous = values.get("previous", "")
        catalogue.entries.append(entry)
    return catalogue


def read(path: Path) -> Catalogue:
    """The catalogue at ``path``, or an empty one if there is no file."""
    if not path.is_file():
        return Catalogue()
    return parse(path.read_text(encoding="utf-8"))
