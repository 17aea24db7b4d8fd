"""A git merge driver for the catalogue's .po and .pot files: two branches that each added or
translated entries merge without a conflict.

    git config merge.evo-po.driver "python tools/i18n/merge_po.py %O %A %B"
    # .gitattributes: evo_lessons/locale/**/*.po merge=evo-po (and *.pot)

The result is "ours" (%A) with every entry only "theirs" (%B) has, and every translation theirs
made where ours did not change it since the base (%O). A translation both sides changed keeps
ours. The compiled .mo files are then stale: run `python tools/i18n/catalog.py all` after the
merge (it also drops entries whose code neither side kept).
"""

from __future__ import annotations

import io
import pathlib
import sys

from babel.messages import Catalog
from babel.messages.pofile import read_po, write_po


def _read(path: str) -> Catalog:
    data = pathlib.Path(path).read_bytes() if pathlib.Path(path).exists() else b""
    return read_po(io.BytesIO(data)) if data else Catalog()


def _key(message) -> tuple:
    return (message.id, message.context)


def merged(base: Catalog, ours: Catalog, theirs: Catalog) -> Catalog:
    for message in theirs:
        if not message.id:
            continue
        mine = ours.get(message.id, message.context)
        if mine is None:
            ours[message.id] = message
            continue
        before = base.get(message.id, message.context)
        unchanged = before is not None and before.string == mine.string
        empty = not mine.string or (isinstance(mine.string, tuple) and not all(mine.string))
        if message.string and (empty or unchanged or mine.fuzzy) and not message.fuzzy:
            mine.string = message.string
            mine.flags.discard("fuzzy")
            mine.auto_comments = message.auto_comments or mine.auto_comments
            mine.user_comments = message.user_comments or mine.user_comments  # translators' notes
    if ours.header_comment == base.header_comment:  # only theirs changed the file's header
        ours.header_comment = theirs.header_comment
    return ours


def main(argv: list[str]) -> int:
    base, ours, theirs = argv[:3]
    catalog = merged(_read(base), _read(ours), _read(theirs))
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_by_file=False, omit_header=False)
    pathlib.Path(ours).write_bytes(buffer.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
