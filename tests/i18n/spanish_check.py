"""Find English words in what a Spanish lesson shows (tests/i18n/test_spanish_lessons.py).

A strict, simple detector: a word is English when it is on :data:`ENGLISH`, a list of common
English function words and the lessons' own words that are not Spanish words too ("the", "and",
"your", "game", "body", "seed"...). Code is skipped: Markdown code spans and blocks, tokens with
``_``, digits, dots or capitals inside (``start_lesson``, ``p0_body``, ``GameWidget``), card
codes in capitals (COLD), file names and links' addresses.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from typing import Any

#: English words that are not Spanish words too (so "no", "a", "me", "he", "son", "era", "come",
#: "final", "total", "color", "animal", "normal" ... are not on it)
ENGLISH = frozenset(
    """
    the and of with your you our we they them their this that these those from for to at by
    on in into onto it its or not which what when where who whom whose how why will would can
    could should shall may might must has have had having be been being is are was were do does
    did done an than then there here each every all some more less most least many much only
    also just very after before between over under out up down off about again against while
    until because if so such both either neither other another same own than too any none yes
    game games body bodies player players seed seeds lost share lineage lineages generation
    generations individuals run runs mean interval change changes changed chance
    round rounds turn turns score scores card cards hand deck bug bugs fitness drift climate
    savannah forest cell cells show shows play plays played next step undo new choose choice
    choices win wins winner shown saved save load export species habitat habitats population
    populations mutation mutations selection grows shrinks above below overlap lower higher
    high low spread gene colour color size eyes legs antennae segments features feature
    rate rates offspring share shares world warming cooling random mixed start end
    moths moth finch finches beak beaks wild type bird birds plants plant animals
    fit unfit best worst possible generic number numbers count counts table plot figure left
    right top bottom line lines dashed dotted bar bars value values average per cent percent
    player's species' people person computer class student students teacher name answer
    answers question questions predict prediction observe explain hand-in handed
    """.split()  # noqa: SIM905 (a list of words, one per line would be 200 lines)
)
#: words of the list that a Spanish text may hold as they are (names, shared words)
SHARED = frozenset({"color", "plot"})
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_FENCE = re.compile(r"```.*?```", re.S)
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_TOKEN = re.compile(r"\S+")


def _codelike(token: str) -> bool:
    """A token that is code or a code: an identifier with ``_`` or a dot, a path, CamelCase."""
    core = token.strip("()[]{}«»\"'“”‘’.,;:!?¡¿*")
    if re.fullmatch(r"[\[({]?(['\"])[a-z_]+\1[,\])}:]*", token):
        return True  # a quoted code in a printed Python value: ['climate', 'niche']
    return bool(
        "_" in core
        or "/" in core
        or "=" in core
        or re.search(r"\w\.\w", core)
        or re.search(r"[a-z][A-Z]", core)
        or (len(core) > 1 and core.isupper())
    )


def english_words(text: str) -> list[str]:
    """The English words of a text (in order, repeated as they occur)."""
    text = _FENCE.sub(" ", text)
    text = _CODE_SPAN.sub(" ", text)
    text = _LINK_TARGET.sub("]", text)
    text = html.unescape(_TAG.sub(" ", text))
    found = []
    for token in _TOKEN.findall(text):
        if _codelike(token):
            continue
        for word in _WORD.findall(token):
            lower = word.lower()
            if lower in ENGLISH and lower not in SHARED:
                found.append(lower)
    return found


def _strings(value: Any) -> Iterator[str]:
    """Every string inside a JSON value (keys too when they hold spaces: table columns)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str) and " " in key:
                yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


#: what Jupyter shows of an output: the richest kind it holds (a widget's view is read from
#: the widget's state; its text/plain is a repr nobody sees)
RICHEST = ("application/vnd.jupyter.widget-view+json", "text/html", "text/markdown", "text/plain")
_STYLE = re.compile(r"<style.*?</style>", re.S)
#: a table's cell holding one lowercase code (a CSV column, a habitat code): not a word
_CODE_CELL = re.compile(r"<t([hd])([^>]*)>\s*[a-z][a-z0-9_]*\s*</t\1>")


def output_texts(output: dict[str, Any]) -> Iterator[str]:
    if output.get("output_type") == "stream":
        yield "".join(output.get("text", ""))
    data = output.get("data") or {}
    kind = next((k for k in RICHEST if k in data), None)
    if kind in ("text/plain", "text/html", "text/markdown"):
        text = "".join(data[kind]) if isinstance(data[kind], list) else data[kind]
        if kind == "text/html":  # an image's alt text is read out: keep it, drop the data
            text = _STYLE.sub(" ", text)
            text = _CODE_CELL.sub(" ", text)
            text = re.sub(r'src="data:[^"]*"', "", text)
            text = re.sub(r'alt="([^"]*)"', r"> \1 <", text)
        yield text
    if output.get("output_type") == "error":
        yield f"{output.get('ename')}: {output.get('evalue')}"


#: widget state keys that are code, not text (ids, colours, paths, the JS's own keys)
CODE_KEYS = frozenset(
    {"_model_module", "_model_name", "_view_module", "_view_name", "_esm", "_css", "layout",
     "style", "children", "question_id", "stage", "kind", "colour", "lang", "direction", "files",
     "bar_style", "orientation", "tooltip", "tabbable", "_dom_classes", "target", "id", "key",
     "code", "codes", "seed", "path", "game", "icon", "src"}
)  # fmt: skip


#: widget state keys whose one-word values are words on screen (elsewhere a single word is a code)
LABEL_KEYS = frozenset(
    {"label", "title", "text", "name", "description", "value", "status", "message", "prompt",
     "unit", "stage_name", "caption", "heading", "x_label", "y_label", "alt", "placeholder"}
)  # fmt: skip
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _widget_strings(value: Any, key: str = "") -> Iterator[str]:
    if key in CODE_KEYS or key.startswith("_"):
        return
    if isinstance(value, str):
        text = _PLACEHOLDER.sub(" ", value)
        if " " in text.strip() or key in LABEL_KEYS:
            yield text
    elif isinstance(value, dict):
        for k, item in value.items():
            yield from _widget_strings(item, str(k))
    elif isinstance(value, list):
        for item in value:
            yield from _widget_strings(item, key)


def notebook_texts(notebook: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(where, text) of everything a student can see in a notebook that has run: Markdown,
    outputs, and the saved state of its widgets."""
    for number, cell in enumerate(notebook["cells"], 1):
        where = f"cell {number} {cell.get('id', '')}"
        if cell["cell_type"] == "markdown":
            yield where + " markdown", "".join(cell["source"])
        for output in cell.get("outputs", []):
            for text in output_texts(output):
                yield where + " output", text
    state = notebook.get("metadata", {}).get("widgets", {})
    models = state.get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    for model_id, model in models.items():
        name = model.get("model_name", "")
        for key, value in model.get("state", {}).items():
            for text in _widget_strings(value, key):
                yield f"widget {name} {model_id[:6]} {key}", text


def json_texts(text: str) -> Iterator[str]:
    """The strings of a JSON document a cell printed (figure texts, see the test)."""
    yield from _strings(json.loads(text))


#: a cell run at the end of a lesson: every matplotlib figure still alive, its words as JSON
FIGURE_TEXTS_CELL = r"""
import gc as _gc, json as _json
from matplotlib.figure import Figure as _Figure
_texts = []
for _fig in [o for o in _gc.get_objects() if isinstance(o, _Figure)]:
    _texts += [t.get_text() for t in _fig.texts]
    for _ax in _fig.axes:
        _texts += [_ax.get_title(loc) for loc in ("left", "center", "right")]
        _texts += [_ax.get_xlabel(), _ax.get_ylabel()] + [t.get_text() for t in _ax.texts]
        _texts += [t.get_text() for t in _ax.get_xticklabels() + _ax.get_yticklabels()]
        if _ax.get_legend() is not None:
            _texts += [t.get_text() for t in _ax.get_legend().get_texts()]
            _texts.append(_ax.get_legend().get_title().get_text())
print("FIGURE-TEXTS " + _json.dumps(sorted({t for t in _texts if t.strip()}), ensure_ascii=False))
"""


def figure_texts(notebook: dict[str, Any]) -> list[str]:
    """The figure texts the :data:`FIGURE_TEXTS_CELL` printed."""
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            text = "".join(output.get("text", "")) if output.get("output_type") == "stream" else ""
            if text.startswith("FIGURE-TEXTS "):
                return list(json.loads(text.split(" ", 1)[1]))
    return []
