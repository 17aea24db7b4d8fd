"""The English a lesson's code cells show: the sentences they print, their plots' labels.

A translated notebook runs the English code; only these string literals change, and only where
changing them cannot change what the code does. A literal is **shown text** when it

* holds prose (two words or more; no comparison operators),
* is an argument of ``print``, ``Markdown``, ``HTML`` or ``checkpoint``, of a plot's labelling
  method (``set_title``, ``set_xlabel``, ``text``, ``legend`` ...), a ``label=``/``title=``/
  ``xlabel=``/``ylabel=``/``success=``/``hint=`` keyword, or a value that no call consumes (an
  assignment, a dict value, a returned f-string), and
* its English never stands where text is **data**: a dict key, a subscript, a comparison, an
  argument of any other call (a column name, an option, a label of a tracked game), or inside an
  f-string's ``{...}``. One such use anywhere in the notebook keeps that English everywhere, so
  a column named in one cell and read in another keeps its name.

The same English is translated the same way throughout a notebook. An f-string is translated as a
template: its ``{...}`` parts are copied as they are; a translation may leave one out but add or
change none (:func:`placeholders_within`), or the English is kept.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

SHOWN_CALLS = frozenset({"print", "Markdown", "HTML", "checkpoint"})
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
LABEL_KEYWORDS = frozenset({"label", "title", "xlabel", "ylabel", "success", "hint"})
#: calls whose text the lesson tools translate themselves (prompts: see translate.py)
PROMPT_CALLS = frozenset({"question", "read_off"})
_PROSE = re.compile(r"[A-Za-z]{2,}[ \t]+[A-Za-z]{2,}")
_OPERATOR = re.compile(r"==|!=|<=|>=")
_PLACEHOLDER = re.compile(r"(?<!\{)\{(?!\{)[^{}]*\}")

SHOW, KEY, SKIP, FREE = "show", "key", "skip", "free"


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
    """Two words or more, and no comparison (an f-string's ``{...}`` may hold code)."""
    words = _PLACEHOLDER.sub(" ", text.replace("{{", "").replace("}}", "")) if is_f else text
    return bool(_PROSE.search(words)) and not _OPERATOR.search(words)


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
    def __init__(self, source: str) -> None:
        self.source = source
        self.lines = source.split("\n")
        self.found: list[Literal] = []
        self.mode = FREE

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
                mode=self.mode,
            )
        )

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str):
            self._record(node, node.value, False)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        self._record(node, _template(node, self.source), True)
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                self._with(value.value, KEY)
                self._with(value.format_spec, KEY)

    def visit_Dict(self, node: ast.Dict) -> None:
        for key in node.keys:
            self._with(key, KEY)
        for value in node.values:
            self.visit(value)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.visit(node.value)
        self._with(node.slice, KEY)

    def visit_Compare(self, node: ast.Compare) -> None:
        for operand in [node.left, *node.comparators]:
            self._with(operand, KEY)

    def visit_Call(self, node: ast.Call) -> None:
        name, method = _name(node.func)
        if name in PROMPT_CALLS:
            arguments = SKIP
        elif (not method and name in SHOWN_CALLS) or (method and name in LABEL_METHODS):
            arguments = SHOW
        else:
            arguments = KEY
        if name == "checkpoint" and not method:
            for index, argument in enumerate(node.args):
                self._with(argument, SHOW if index >= 2 else KEY)
        else:
            for argument in node.args:
                self._with(argument, arguments)
        for keyword in node.keywords:
            if arguments == SKIP:
                mode = SKIP
            elif keyword.arg in LABEL_KEYWORDS:
                mode = SHOW
            else:
                mode = KEY
            self._with(keyword.value, mode)
        self._with(node.func, KEY if method else self.mode)

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


def literals(source: str) -> list[Literal]:
    """Every string literal of a cell's source (magics blanked), with how it is used."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    finder = _Finder(source)
    finder.visit(tree)
    return sorted(finder.found, key=lambda literal: literal.start)


def data_texts(sources: list[str]) -> set[str]:
    """The English that stands as data somewhere in these cells (kept everywhere)."""
    return {
        literal.template
        for source in sources
        for literal in literals(source)
        if literal.mode in (KEY, SKIP)
    }


def shown(sources: list[str]) -> list[tuple[int, Literal]]:
    """(cell index, literal) of every translatable literal, in order."""
    kept = data_texts(sources)
    out = []
    for index, source in enumerate(sources):
        for literal in literals(source):
            usable = literal.mode in (SHOW, FREE) and literal.template not in kept
            if usable and is_prose(literal.template, literal.is_f):
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
