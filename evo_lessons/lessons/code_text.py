"""The English a lesson's code cells show: the sentences they print, their plots' labels.

A translated notebook runs the English code; only these string literals change, and only where
changing them cannot change what the code does. A literal is **shown text** when it

* holds prose (two words or more; no comparison operators),
* is an argument of ``print``, ``Markdown``, ``HTML`` or ``checkpoint``, of a plot's labelling
  method (``set_title``, ``set_xlabel``, ``text``, ``legend`` ...), a ``label=``/``title=``/
  ``xlabel=``/``ylabel=``/``success=``/``hint=`` keyword, an ipywidgets control's
  ``description=``/``tooltip=``, or a value that no call consumes (an assignment, a dict value,
  a returned f-string), and
* its English never stands where text is **data**: a dict key, a subscript, a comparison, an
  argument of any other call (a column name, an option, a label of a tracked game), or inside an
  f-string's ``{...}``. One such use anywhere in the notebook keeps that English everywhere, so
  a column named in one cell and read in another keeps its name.

A **label** the notebook makes for itself (a table's column, a row's key: text with a space,
used as a dict key, a subscript or in a comparison, and never as an argument of a call) is shown
in the tables a student reads, so it is translated too, at every place it stands, so the code
still finds it; unless the package's own files hold the same text (a column the package makes).
A one-word literal is shown text only as a direct argument of a showing call (``xlabel=
"generation"``). ``str.join``'s argument is text of what holds the join (an alt text's parts).

The same English is translated the same way throughout a notebook. An f-string is translated as a
template: its ``{...}`` parts are copied as they are; a translation may leave one out but add or
change none (:func:`placeholders_within`), or the English is kept.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

SHOWN_CALLS = frozenset({"print", "Markdown", "HTML", "checkpoint"})
#: calls whose arguments from this index on are shown text (the earlier ones are data)
SHOWN_FROM = {"checkpoint": 2, "Comparison": 2}
LABEL_METHODS = frozenset(
    {
        "set_title",
        "set_xlabel",
        "set_ylabel",
        "suptitle",
        "supxlabel",
        "supylabel",
        "set_xticklabels",
        "set_yticklabels",
        "text",
        "annotate",
        "legend",
        "set_label",
        "bar_label",
    }
)
LABEL_KEYWORDS = frozenset(
    {"label", "title", "xlabel", "ylabel", "success", "hint", "description", "tooltip"}
)  # description, tooltip: an ipywidgets control's label and the words it shows on hover
#: methods whose arguments become part of what holds the call (``", ".join(parts)``,
#: ``parts.append(text)``)
GATHERING = frozenset({"join", "append", "extend", "insert"})
#: calls that make a table: their arguments are its cells
TABLE_CALLS = frozenset({"DataFrame", "assign"})
#: calls whose ``label=`` names a tracked game or run in the work file (data, not shown text)
DATA_LABEL_CALLS = frozenset({"lesson_game", "track_game", "track_population", "keep_in_play"})
#: calls whose text the lesson tools translate themselves (prompts: see translate.py)
PROMPT_CALLS = frozenset({"question", "read_off"})
_PROSE = re.compile(r"[A-Za-z]{2,}[ \t]+[A-Za-z]{2,}")
_OPERATOR = re.compile(r"==|!=|<=|>=")
_PLACEHOLDER = re.compile(r"(?<!\{)\{(?!\{)[^{}]*\}")

SHOW, KEY, SKIP, FREE, LABEL, PARSE = "show", "key", "skip", "free", "label", "parse"
BRACE = "brace"  # inside an f-string's {...}: code (a label there is renamed with it)
CHOICE = "choice"  # a branch of ``"a" if ... else "b"`` that is shown or stored
#: DataFrame methods whose arguments name columns
COLUMN_METHODS = frozenset(
    {"groupby", "sort_values", "set_index", "pivot", "pivot_table", "drop", "dropna", "melt",
     "nlargest", "nsmallest", "drop_duplicates", "rename"}
)  # fmt: skip
#: string methods whose argument is looked for in a text: text holding it stays as it is
PARSING = frozenset(
    {"split", "rsplit", "partition", "rpartition", "replace", "startswith", "endswith",
     "find", "rfind", "index", "count", "removeprefix", "removesuffix"}
)  # fmt: skip
_WORD = re.compile(r"[A-Za-z]{2,}")


@dataclass(frozen=True, slots=True)
class Literal:
    """One string literal of a cell: its English (an f-string as a template) and its place."""

    template: str
    is_f: bool
    start: tuple[int, int]  # (line from 1, column in characters)
    end: tuple[int, int]
    mode: str


def placeholders(template: str) -> list[str]:
    """The ``{...}`` parts of an f-string template, sorted (``{{`` and ``}}`` are not)."""
    return sorted(_PLACEHOLDER.findall(template.replace("{{", "").replace("}}", "")))


def placeholders_within(translation: str, english: str) -> bool:
    """Is every ``{...}`` of the translation one of the English's (none added, none changed)?"""
    left = placeholders(english)
    for placeholder in placeholders(translation):
        if placeholder not in left:
            return False
        left.remove(placeholder)
    return True


def is_prose(text: str, is_f: bool = False) -> bool:
    """Two words or more, and no comparison (an f-string's ``{...}`` may hold code); an
    f-string with a word between its values is prose too (``f"{low} to {high}"``)."""
    words = _PLACEHOLDER.sub(" ", text.replace("{{", "").replace("}}", "")) if is_f else text
    if _OPERATOR.search(words):
        return False
    return bool(_PROSE.search(words)) or (is_f and is_label(text, is_f) and "_" not in words)


def _name(func: ast.expr) -> tuple[str, bool]:
    if isinstance(func, ast.Name):
        return func.id, False
    if isinstance(func, ast.Attribute):
        return func.attr, True
    return "", False


def _template(node: ast.JoinedStr, source: str) -> str | None:
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            parts.append(value.value.replace("{", "{{").replace("}", "}}"))
        elif isinstance(value, ast.FormattedValue):
            expression = ast.get_source_segment(source, value.value)
            if expression is None:
                return None
            piece = "{" + expression
            if value.conversion != -1:
                piece += "!" + chr(value.conversion)
            if value.format_spec is not None:
                if not isinstance(value.format_spec, ast.JoinedStr):
                    return None
                spec = _template(value.format_spec, source)
                if spec is None:
                    return None
                piece += ":" + spec
            parts.append(piece + "}")
        else:
            return None
    return "".join(parts)


def _position(lines: list[str], line: int, byte_column: int) -> tuple[int, int]:
    text = lines[line - 1].encode("utf-8")[:byte_column].decode("utf-8")
    return line, len(text)


class _Finder(ast.NodeVisitor):
    def __init__(self, source: str, local: frozenset[str] = frozenset()) -> None:
        self.source = source
        self.local = local  # functions the notebook defines: their arguments are its own
        self.lines = source.split("\n")
        self.found: list[Literal] = []
        self.mode = FREE
        self.inside_braces = 0  # within an f-string's {...}: code, whatever it holds

    def _with(self, node: ast.AST | None, mode: str) -> None:
        if node is None:
            return
        before, self.mode = self.mode, mode
        self.visit(node)
        self.mode = before

    def _record(self, node: ast.expr, template: str | None, is_f: bool) -> None:
        if template is None or node.end_lineno is None or node.end_col_offset is None:
            return
        self.found.append(
            Literal(
                template=template,
                is_f=is_f,
                start=_position(self.lines, node.lineno, node.col_offset),
                end=_position(self.lines, node.end_lineno, node.end_col_offset),
                mode=BRACE if self.inside_braces else self.mode,
            )
        )

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str):
            self._record(node, node.value, False)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        self._record(node, _template(node, self.source), True)
        self.inside_braces += 1
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                self._with(value.value, KEY)
                self._with(value.format_spec, KEY)
        self.inside_braces -= 1

    def visit_Dict(self, node: ast.Dict) -> None:
        for key in node.keys:
            self._with(key, LABEL)
        for value in node.values:
            self.visit(value)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.visit(node.value)
        self._with(node.slice, LABEL)

    def visit_Compare(self, node: ast.Compare) -> None:
        for operand in [node.left, *node.comparators]:
            self._with(operand, LABEL)

    def visit_Call(self, node: ast.Call) -> None:
        name, method = _name(node.func)
        if method and name in GATHERING and self.mode in (SHOW, FREE):
            arguments = self.mode  # the parts of a text are text; an item kept in a list too
        elif name in TABLE_CALLS:
            arguments = FREE  # a table's cells (its columns are labels: dict keys)
        elif method and name in PARSING:
            arguments = PARSE  # text the code looks for in other text
        elif method and name in COLUMN_METHODS:
            arguments = LABEL  # a table's columns, by name
        elif not method and name in self.local:
            arguments = LABEL  # the notebook's own function: a label it passes, or text
        elif (not method and name in SHOWN_CALLS) or (method and name in LABEL_METHODS):
            arguments = SHOW
        else:
            arguments = KEY
        if name in PROMPT_CALLS and not method:
            # the id and the prompts (translate.py's) stay; the value read off is code
            for index, argument in enumerate(node.args):
                first = len(self.found)
                self._with(argument, SKIP if index == 1 else KEY)
                if index == 1 and isinstance(argument, ast.JoinedStr) and first < len(self.found):
                    # an f-string prompt: translate.py leaves it, so it is shown text here
                    self.found[first] = replace(self.found[first], mode=SHOW)
        elif name in SHOWN_FROM and not method:
            for index, argument in enumerate(node.args):
                self._with(argument, SHOW if index >= SHOWN_FROM[name] else KEY)
        else:
            for argument in node.args:
                self._with(argument, arguments)
        for keyword in node.keywords:
            if name in PROMPT_CALLS and keyword.arg in ("prompt", "unit"):
                mode = SKIP
            elif keyword.arg in LABEL_KEYWORDS and name not in PROMPT_CALLS | DATA_LABEL_CALLS:
                mode = SHOW
            elif name in TABLE_CALLS:
                mode = FREE
            elif (method and name in COLUMN_METHODS) or (not method and name in self.local):
                mode = LABEL
            else:
                mode = KEY
            self._with(keyword.value, mode)
        if method and name == "join" and self.mode in (SHOW, FREE):
            self._with(node.func, SHOW)  # the separator of a text's parts: " and "
        else:
            self._with(node.func, KEY if method else self.mode)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        texts = [node.body, node.orelse]
        if self.mode in (SHOW, FREE) and all(
            isinstance(x, ast.Constant) and isinstance(x.value, str) for x in texts
        ):
            self._with(node.test, KEY)
            for text in texts:
                self._with(text, CHOICE)  # "grows" if ... else "shrinks"
        else:
            self.generic_visit(node)

    def _body(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        body = node.body
        first = body[0] if body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            self._with(first, SKIP)  # a docstring: nobody sees it
            body = body[1:]
        for decorator in node.decorator_list:
            self._with(decorator, KEY)
        for statement in body:
            self.visit(statement)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._with(node.args, KEY)
        self._body(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._with(node.args, KEY)
        self._body(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._body(node)


def literals(source: str, local: frozenset[str] = frozenset()) -> list[Literal]:
    """Every string literal of a cell's source (magics blanked), with how it is used
    (``local``: the names of the functions the notebook defines)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    finder = _Finder(source, local)
    finder.visit(tree)
    return sorted(finder.found, key=lambda literal: literal.start)


def local_functions(sources: list[str]) -> frozenset[str]:
    """The names of the functions the cells define."""
    names = set()
    for source in sources:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        names |= {
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        }
    return frozenset(names)


def data_texts(sources: list[str]) -> set[str]:
    """The English that stands as data somewhere in these cells (kept everywhere)."""
    local = local_functions(sources)
    return {
        literal.template
        for source in sources
        for literal in literals(source, local)
        if literal.mode in (KEY, PARSE)
    }


def _outside_braces(template: str) -> str:
    """An f-string template's own text, each ``{...}`` (nested too) as a ``0``."""
    text, before = template.replace("{{", "").replace("}}", ""), None
    while text != before:
        before, text = text, _PLACEHOLDER.sub("0", text)
    return text


def is_label(text: str, is_f: bool = False) -> bool:
    """A label of the notebook's own: words with a space between (``"lineages lost"``,
    ``"95% interval"``), not a comparison."""
    words = _outside_braces(text) if is_f else text
    return " " in words.strip() and bool(_WORD.search(words)) and not _OPERATOR.search(words)


def is_shown_word(text: str, is_f: bool = False) -> bool:
    """Text with a word of three letters or more, and nothing that looks like code (``_``,
    ``=``): an axis's label (``"generation"``), a legend's (``f"eyes {value}"``)."""
    words = _PLACEHOLDER.sub(" ", text.replace("{{", "").replace("}}", "")) if is_f else text
    return bool(re.search(r"[A-Za-z]{3,}", words)) and not re.search(r"[_=<>]", words)


def _package_texts() -> str:
    """The package's own source and data (what a label must not be: a column it makes)."""
    from pathlib import Path

    package = Path(__file__).resolve().parents[1]
    parts = []
    for path in package.rglob("*"):
        if path.suffix in (".py", ".toml", ".json") and "locale" not in path.parts:
            parts.append(path.read_text(encoding="utf-8", errors="replace"))
    return "\n".join(parts)


_PACKAGE: list[str] = []


def in_package(text: str) -> bool:
    """Does the package's source or data hold ``text`` as a string of its own?"""
    if not _PACKAGE:
        _PACKAGE.append(_package_texts())
    return any(f"{quote}{text}{quote}" in _PACKAGE[0] for quote in ('"', "'"))


def _renamable(text: str, written: set[str]) -> bool:
    """A label the notebook may rename: its own, or one the package does not hold."""
    return is_label(text) and (text in written or not in_package(text))


def _strings(nodes: Sequence[ast.expr | None]) -> set[str]:
    return {n.value for n in nodes if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _written(sources: list[str]) -> set[str]:
    """The labels the cells write: a dict's keys (a table's rows, its columns), the new names
    of ``.rename(columns={...})``, a column set by ``frame["..."] = ...``, and the strings of a
    tuple a ``for`` loop hands out (``for label, hits in (("body 3 lost", ...), ...)``)."""
    keys: set[str] = set()
    for source in sources:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                keys |= _strings(node.keys)
            elif isinstance(node, ast.Call) and _name(node.func) == ("rename", True):
                for value in [*node.args, *(k.value for k in node.keywords)]:
                    if isinstance(value, ast.Dict):
                        keys |= _strings(value.values)
            elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
                keys |= _strings([node.slice])
            elif isinstance(node, ast.For) and isinstance(node.iter, ast.Tuple | ast.List):
                for item in node.iter.elts:
                    keys |= _strings(list(item.elts) if isinstance(item, ast.Tuple) else [item])
    return keys


def shown(sources: list[str]) -> list[tuple[int, Literal]]:
    """(cell index, literal) of every translatable literal, in order."""
    kept = data_texts(sources)
    local = local_functions(sources)
    every = [
        (index, literal)
        for index, source in enumerate(sources)
        for literal in literals(source, local)
    ]
    written = _written(sources)  # labels the notebook makes itself (a row's keys)
    labels = {literal.template for _, literal in every if literal.mode in (LABEL, BRACE)}
    # code inside an f-string's braces is kept, but for a label (renamed there too)
    kept |= {
        literal.template
        for _, literal in every
        if literal.mode == BRACE and (literal.is_f or not _renamable(literal.template, written))
    }
    parsed = {literal.template for _, literal in every if literal.mode == PARSE}
    parsed = {text for text in parsed if re.search(r"[A-Za-z]", text)}
    out = []
    for index, literal in every:
        template, is_f = literal.template, literal.is_f
        if template in kept or literal.mode not in (SHOW, FREE, LABEL, CHOICE):
            continue
        own = _outside_braces(template).replace("0", "") if is_f else template
        if own.strip() in {text.strip() for text in parsed}:
            continue  # the code splits it or searches it: f"{low} to {high}" by " to "
        label = template in labels and not is_f and _renamable(template, written)
        label = label or (template in labels and is_f and is_label(template, is_f))
        if literal.mode == CHOICE and template not in labels:
            usable = is_prose(template) or is_shown_word(template)
        elif literal.mode == SHOW:  # only shown: a word is enough ("generation", "eyes {v}")
            usable = label or (template not in labels and is_prose(template, is_f))
            usable = usable or is_shown_word(template, is_f)
        elif template in labels:
            usable = label
        else:  # prose, or words with a number ("under 1.7")
            usable = is_prose(template, is_f) or (
                is_label(template, is_f) and bool(re.search(r"\d", template)) and not is_f
            )
        if usable:
            out.append((index, literal))
    return out


def render(text: str, is_f: bool, quote: str) -> str:
    """A translated template as one Python literal (ruff formats it later)."""
    body = text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
    if quote in body:
        other = "'" if quote == '"' else '"'
        if other not in body and not (is_f and other in _expressions(text)):
            quote = other
        else:
            body = body.replace(quote, "\\" + quote)
    return ("f" if is_f else "") + quote + body + quote


def _expressions(template: str) -> str:
    return "".join(_PLACEHOLDER.findall(template))


def quote_of(source_text: str) -> str:
    """The quote character of a literal's source (``f"..."`` -> ``"``)."""
    stripped = source_text.lstrip("rRbBuUfF")
    return stripped[:1] if stripped[:1] in ("'", '"') else '"'


def _braces(template: str) -> list[tuple[int, int]]:
    """The (start, end) of each top-level ``{...}`` of an f-string template."""
    spans, depth, start, i = [], 0, 0, 0
    while i < len(template):
        if depth == 0 and template[i : i + 2] in ("{{", "}}"):
            i += 2
            continue
        if template[i] == "{":
            if depth == 0:
                start = i
            depth += 1
        elif template[i] == "}" and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, i + 1))
        i += 1
    return spans


def rename_in_braces(template: str, renames: dict[str, str]) -> str:
    """An f-string template with each renamed label quoted inside its ``{...}``
    (``{r['share lost']}``) written as its new name; the rest as it is."""
    if not renames or "{" not in template:
        return template
    out, last = [], 0
    for start, end in _braces(template):
        code = template[start:end]
        for old, new in renames.items():
            for quote in ("'", '"'):
                other = '"' if quote == "'" else "'"
                written = quote if quote not in new else other
                code = code.replace(f"{quote}{old}{quote}", f"{written}{new}{written}")
        out += [template[last:start], code]
        last = end
    return "".join(out) + template[last:]


def renamed_labels(sources: list[str], texts: dict[str, str]) -> dict[str, str]:
    """English -> translation of the labels that code reads inside an f-string's braces (each
    such use is rewritten with the new name, so the code still finds its column)."""
    local = local_functions(sources)  # once for the notebook, not once for every cell
    braced = {
        literal.template
        for source in sources
        for literal in literals(source, local)
        if literal.mode == BRACE and not literal.is_f
    }
    usable = {literal.template for _, literal in shown(sources)}
    return {
        english: texts[english]
        for english in sorted(braced & usable)
        if english in texts and not all(quote in texts[english] for quote in "'\"")
    }
