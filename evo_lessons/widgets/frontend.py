"""The front-end kit joined into each widget's one ES module and one stylesheet.

anywidget loads ``_esm`` as a single module from a blob URL, where relative imports between
files cannot resolve; so the hand-written files are joined here, in the order their globals need
(no bundler, no CDN). Every widget (game, population, lesson) gets the same kit first:
``static/dom.js`` (the DOM and SVG helper) and ``static/plot.js`` (live plots) before its own
JavaScript, and ``static/base.css`` (Lab theme colours, focus rings, no mid-word breaks) before
its own CSS. One helper, so there is one copy of each.

A top-level name declared twice in one module is a SyntaxError the browser reports only when
the widget is shown (nbval never runs the JavaScript), so :func:`assemble` refuses a duplicate
at import time, naming the files.

A game widget ships only what it draws: :func:`game_module` is the kit, ``draw.js``, that one
game's renderer and the shell (``game.js``), joined once per game and kept. (Every renderer in
every game widget was 178,648 characters; one game's module is 68,397 to 85,928.)
"""

# i18n: developer-only: joins the front ends' files; its errors are a developer's
from __future__ import annotations

import functools
import pathlib
import re

STATIC = pathlib.Path(__file__).parent / "static"
#: the kit, in the order each widget's module needs it
KIT_JS = (STATIC / "dom.js", STATIC / "plot.js")
KIT_CSS = (STATIC / "base.css",)

# a declaration at the start of a line, outside any block (the files' own style)
_TOP_LEVEL = re.compile(
    r"^(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)", re.M
)


def assemble(*parts: str | pathlib.Path) -> str:
    """The kit, then ``parts`` (paths to .js or .css files, all of one kind), as one text.

    Raises:
        ValueError: parts of mixed or unknown kinds, or a top-level JavaScript name declared
            in two files (the browser would refuse the whole module).
    """
    paths = [pathlib.Path(p) for p in parts]
    kinds = {p.suffix for p in paths}
    if len(kinds) != 1 or not kinds <= {".js", ".css"}:
        raise ValueError("assemble joins .js files or .css files, one kind at a time")
    kit = KIT_JS if kinds == {".js"} else KIT_CSS
    files = [*kit, *(p for p in paths if p not in kit)]
    texts = [(p, p.read_text(encoding="utf-8")) for p in files]
    if kinds == {".js"}:
        _check_names(texts)
    return "\n".join(f"/* --- {p.name} --- */\n{text}" for p, text in texts)


@functools.cache
def game_module(renderer: pathlib.Path) -> str:
    """One game widget's ES module: the kit, ``draw.js``, the game's ``renderer`` (its spec's
    ``renderer`` path; it registers itself by the game's name), then the shell. Joined once
    per game, on the first widget of that game."""
    return assemble(STATIC / "draw.js", renderer, STATIC / "game.js")


def _check_names(texts: list[tuple[pathlib.Path, str]]) -> None:
    seen: dict[str, str] = {}
    for path, text in texts:
        for name in _TOP_LEVEL.findall(text):
            if name in seen and seen[name] != path.name:
                raise ValueError(
                    f"{path.name} declares {name!r}, which {seen[name]} already declares: "
                    "the kit's names (see dom.js) must not be declared again"
                )
            seen[name] = path.name


__all__ = ["KIT_CSS", "KIT_JS", "STATIC", "assemble", "game_module"]
