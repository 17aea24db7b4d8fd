"""Student-facing text goes through the catalogue: an AST check of the Python, a check of the JS.

The rule (Python): in a module that shows people text (WRAPPED below), a string literal or
f-string of two or more words is student-facing unless it is
  * a docstring, or inside a translation call (``_``, ``pgettext``, ``ngettext``, ``npgettext``,
    ``N_``, ``pN_``),
  * a translation call's context, a dict key, a comparison or ``in`` test, a subscript, or
  * on ALLOWED (text no student sees: a teacher's or developer's error, a file's contents).
A translation call's context must be a literal (the extractor cannot read a variable).

The rule (JS): game.js sets no text node, label, title or placeholder from a literal: its words
come from Python (``t("key")``).
"""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "evo_lessons"
#: modules not wrapped yet, by who wraps them this round (a module leaves when it is wrapped)
PENDING: set[str] = set()  # none left: every module is wrapped or developer-only
#: a module no student, teacher or translator ever reads text from says so, with its reason, in a
#: line of its own: ``# i18n: developer-only: <why>`` (a test harness, a schema, a bug's message)
DEVELOPER_LINE = re.compile(r"^# i18n: developer-only: \S.*$", re.M)
DEVELOPER = {
    module
    for module in (p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py"))
    if DEVELOPER_LINE.search((PACKAGE / module).read_text(encoding="utf-8"))
}
#: every module of the package is checked, except those two lists (and the database's
#: migrations: schema history, no text anybody is shown)
WRAPPED = sorted(
    module
    for module in (p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py"))
    if not module.startswith(("locale/", "service/migrations/"))
    and module not in PENDING
    and module not in DEVELOPER
)
#: (module, the literal's start): text no student reads
ALLOWED = {
    ("lessons/handin.py", "# students' hand-in files"),  # a .gitignore's contents
    ("lessons/handin.py", "<code>GameWidget."),  # Python code, put into a translated sentence
    ("lessons/handin.py", "`GameWidget."),
    ("widgets/plots.py", "upper center"),  # matplotlib's legend position
    ("lessons/handin.py", "\nbody { font"),  # the page's CSS
    ("lessons/restore.py", "trailing or too much data"),  # inside a sentence that is wrapped
    # a broken invariant: a developer's error, never a student's
    ("games/adaptation/rules.py", "nobody has tokens left"),
    ("games/adaptation/rules.py", "Adaptation: nobody is to act"),
    ("games/adapt_or_die/view.py", "a bug's fitness is asked once"),
    # an option a teacher or a script passes (a Python error, as every game's option errors are)
    ("games/adapt_or_die/rules.py", "habitats_per_player may be 6 only"),
    # lessons: English names kept as data (a trait's and a world's; shown through trait_name()
    # and shown_title()), a fit's method field (shown translated), Python's own AttributeError
    ("population/worlds/niche.py", "Copes with "),
    ("population/worlds/adapt_or_die.py", "Adapt or Die"),
    ("population/fit.py", "profile likelihood"),
    ("population/__init__.py", "module 'evo_lessons.population' has no attribute "),
    ("widgets/__init__.py", "module "),
    ("lessons/tracking.py", "no name"),  # a code's name before one is typed (data, lessons)
    # lessons: a lesson author's mistakes in a notebook's code (no student writes these calls)
    ("lessons/lesson.py", "question() now takes an id first"),
    ("lessons/lesson.py", "stage must be one of"),
    ("lessons/lesson.py", "A question needs a prompt"),
    ("lessons/lesson.py", "tolerance is a number"),
    ("lessons/lesson.py", "result() needs the id"),
    ("lessons/lesson.py", "@result(...) goes on"),
    ("lessons/work.py", "# student work: never committed"),  # a .gitignore's contents (lessons)
    # cli: a Python programmer's error (an argument passed in code, a name misspelt), a broken
    # invariant, a repr: as the games' option errors above, never translated
    ("engine/actions.py", ". : actions hold ints"),  # a game author's action declaration
    ("engine/choices.py", "legal action index out of range"),  # an IndexError, as a list's
    ("engine/state.py", "seed must be a whole number"),  # new_game(seed="7") in code
    ("engine/state.py", "a seat is a whole number"),  # observation(9) in code
    ("engine/state.py", " has no shuffle_secrets"),  # a game author's missing method
    ("engine/state.py", "player   to act"),  # the state's repr
    ("__init__.py", "module 'evo_lessons' has no attribute"),  # Python's own wording
    ("__init__.py", "a game is named by a word"),  # GameWidget(3) in code
    ("classroom/__init__.py", "module   has no attribute"),  # Python's own wording
    ("classroom/codes.py", "a result code is made from a finished game"),  # result_code(3)
    ("engine/relabelled.py", "helper bot ("),  # a key of its own table, never shown
    # the teacher edition's text: teacher material stays English this round, and the build must
    # write the same file whatever the builder's language (its --check compares)
    ("lessons/teacher.py", "**Teacher edition"),
    ("lessons/teacher.py", "\n\n**Notes for this lesson.** "),
    ("lessons/teacher.py", "# Teacher edition: every result"),
    ("lessons/teacher.py", "%env EVO_LESSONS_SHOW_RESULTS=1"),  # code
    ("lessons/teacher.py", "*(no model answer: an open question)*"),
    ("lessons/teacher.py", "**Teaching note.** "),
    ("lessons/teacher.py", "python -m evo_lessons.lessons teacher"),  # a command
    ("lessons/teacher.py", "unrecognized arguments: "),  # argparse's own error, as argparse says it
    ("service/cli.py", "evo-teacher class"),  # the command's name (prog, and before a refusal)
    # the example class's file: data, the same whatever the language (its names are in its codes)
    ("classroom/example.py", "Copy Cat"),
    ("classroom/example.py", "made-up student"),  # a seed's label
    ("classroom/example.py", "# evo_lessons example class"),
    ("classroom/example.py", "#   Climate games"),
    ("classroom/example.py", "# each student's seat"),
    ("classroom/example.py", "# game, a game the helper bot"),
    ("classroom/handins.py", "# evo-class codes: the class service's download"),  # a file's mark
    ("classroom/handins.py", "pasted codes.txt"),  # a source's name, as a file's
    # a table's data: setups (the key games are grouped by), column names, the "who" column
    ("classroom/judge.py", "not recorded"),
    ("classroom/judge.py", "population in "),
    ("classroom/report.py", "mean fitness at the end"),
    ("classroom/compare.py", "our class"),
    # seats=, measures= passed in code: a Python programmer's error
    ("classroom/compare.py", " seats are needed, one per player"),
    ("classroom/compare.py", "none of   is a measure of "),
    # phylo: a licence's name; a bot's broken invariant; the loader's errors about the
    # package's own data.toml (read by whoever edits the card data, as a Python error)
    ("games/phylo/__init__.py", "CC BY-NC-ND"),
    ("games/phylo/bots.py", "a bot is handed its own seat's observation"),
    ("games/phylo/data.py", "phylo data.toml"),
    # live: a .gitignore's contents (the class sends' folder)
    ("live/send_queue.py", "# student work: never committed"),
    # live: the server's log, HTTP headers, SQL, and a broken invariant (a developer's error)
    ("service/app.py", "judging send %s failed"),
    ("service/base.py", "application/json; charset"),
    ("service/handlers.py", "text/"),
    ("service/handlers.py", "attachment; filename="),
    ("service/db.py", "PRAGMA "),
    ("service/db.py", "BEGIN IMMEDIATE"),
    ("service/db.py", "SELECT pg_advisory_xact_lock"),
    ("service/games.py", "PRAGMA "),
    ("service/games.py", "SET LOCAL synchronous_commit"),
    ("service/deal_secret.py", "the class has no deal secret"),
}
CALLS = {"_", "_t", "gettext", "pgettext", "ngettext", "npgettext", "N_", "pN_", "tr", "data_text"}
CONTEXT_CALLS = {"pgettext", "npgettext", "pN_"}


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _words(node: ast.AST) -> str:
    """The literal text of a str constant or f-string (placeholders dropped)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    return ""


def _prose(text: str) -> bool:
    """Two words with a space between them, once HTML tags are taken out."""
    return bool(re.search(r"[A-Za-z]{2,}[,;:.!?]?\s+[A-Za-z]{2,}", re.sub(r"<[^>]*>", " ", text)))


def unwrapped(source: str) -> list[tuple[int, str]]:
    """Student-facing literals of a module that are not in a translation call."""
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):  # a docstring
            skip.add(id(first.value))
        if isinstance(node, ast.Call) and _name(node.func) in CALLS:
            for inner in ast.walk(node):
                skip.add(id(inner))
        if isinstance(node, ast.Dict):
            skip.update(id(k) for k in node.keys if k is not None)
        if isinstance(node, ast.Compare):
            for inner in [node.left, *node.comparators]:
                skip.add(id(inner))
        if isinstance(node, ast.Subscript):
            skip.add(id(node.slice))
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            for v in node.values:
                skip.add(id(v))
        text = _words(node)
        if text and _prose(text):
            found.append((node.lineno, text))
    return found


def bad_contexts(source: str) -> list[int]:
    """Lines where a translation call's context is not a literal."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and _name(node.func) in CONTEXT_CALLS
        and node.args
        and not (isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str))
    ]


@pytest.mark.parametrize("module", WRAPPED)
def test_student_facing_strings_are_wrapped(module):
    source = (PACKAGE / module).read_text(encoding="utf-8")
    left = [
        (line, text)
        for line, text in unwrapped(source)
        if not any(m == module and text.startswith(start) for m, start in ALLOWED)
    ]
    assert not left, f"{module}: wrap these in _() / pgettext() (or allow them): {left[:8]}"


@pytest.mark.parametrize("module", WRAPPED)
def test_translation_contexts_are_literals(module):
    assert not bad_contexts((PACKAGE / module).read_text(encoding="utf-8"))


def test_the_check_finds_an_unwrapped_sentence():
    source = 'def f(x):\n    raise ValueError(f"Bad move {x} here")\n'
    assert [line for line, _text in unwrapped(source)] == [2]
    assert unwrapped('x = "game_over"\n') == []
    assert unwrapped('pgettext("error", "Bad move here")\n') == []


# -- the page ----------------------------------------------------------------------------------
JS_TEXT = re.compile(
    r"""(?:textContent\s*=|"aria-label"\s*:|\btitle\s*:|placeholder\s*:|\.append\()\s*"""
    r"""(["'`])([^"'`]*[A-Za-z]{2,}[^"'`]*\s[^"'`]*)\1"""
)
JS_HTMLEL = re.compile(r"""htmlEl\([^()]*,\s*(["'`])([^"'`]*[A-Za-z]{2,}[^"'`]*)\1\s*\)""")


def js_literals(source: str) -> list[str]:
    """Text set from a literal: text nodes, labels, titles, placeholders, htmlEl's text."""
    code = re.sub(r"^\s*(//|\*|/\*).*$", "", source, flags=re.M)  # comments say what they like
    found = [m.group(2) for m in JS_TEXT.finditer(code)]
    found += [
        m.group(2) for m in JS_HTMLEL.finditer(code) if " " in m.group(2) or m.group(2)[0].isupper()
    ]
    # a template of placeholders only (`${seat.name} `) carries no words of its own
    return [text for text in found if re.search(r"[A-Za-z]{2,}", re.sub(r"\$\{[^}]*\}", "", text))]


#: front ends not wrapped yet (a file leaves when its words all come from Python)
PENDING_JS: set[str] = set()
#: every front end of the package sets no text from a literal, except those pending
WRAPPED_JS = sorted(
    module
    for module in (p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.js"))
    if module not in PENDING_JS
)


@pytest.mark.parametrize("module", WRAPPED_JS)
def test_the_game_page_sets_no_text_from_a_literal(module):
    source = (PACKAGE / module).read_text(encoding="utf-8")
    assert js_literals(source) == []


def test_every_key_the_pages_ask_for_is_sent():
    from evo_lessons.i18n import get_translator
    from evo_lessons.population.page_strings import POPULATION_PAGE
    from evo_lessons.widgets.page_strings import GAME_STRINGS, LESSON_PAGE, page_strings

    sent = {**LESSON_PAGE, **POPULATION_PAGE}
    for game in GAME_STRINGS:  # each renderer's keys begin with its game's name
        sent.update(page_strings(get_translator("en"), game))
    for module in WRAPPED_JS:
        if module == LIVE_PAGE_JS:  # the live page's words are the service's (its own test)
            continue
        source = (PACKAGE / module).read_text(encoding="utf-8")
        asked = set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", source))
        asked |= set(re.findall(r"""\bsay\(model,\s*["']([\w.]+)["']""", source))
        asked |= set(re.findall(r"""["'](climate\.[\w]+)["']""", source))
        assert asked <= set(sent), f"{module} asks for keys Python never sends: {asked - set(sent)}"


LIVE_PAGE_JS = "service/static/live_page.js"


def test_every_key_the_live_page_asks_for_is_sent():
    """The live page (the class service's) reads its words from service/page_words.py."""
    from evo_lessons.service.page_words import page_words

    sent = page_words("en")
    source = (PACKAGE / LIVE_PAGE_JS).read_text(encoding="utf-8")
    source = re.sub(r"^\s*(//|\*|/\*).*$", "", source, flags=re.M)  # not its comments
    asked = set(re.findall(r"""\bt\(\s*["'](\w+)["']""", source))
    plurals = set(re.findall(r"""\btn\(\s*["'](\w+)["']""", source))
    assert asked <= set(sent["words"]), f"asked and never sent: {asked - set(sent['words'])}"
    assert plurals <= set(sent["plurals"]), f"never sent: {plurals - set(sent['plurals'])}"


def test_the_live_page_template_holds_no_words():
    """live_page.html's text and labels are all ``{{key}}`` of the service's words."""
    import html.parser

    from evo_lessons.service.page_words import WORDS

    template = (PACKAGE / "service/static/live_page.html").read_text(encoding="utf-8")
    found: list[str] = []

    class Text(html.parser.HTMLParser):
        skip = 0

        def handle_starttag(self, tag, attrs):
            self.skip += tag in ("script", "style")
            for name, value in attrs:
                if name in ("aria-label", "title", "placeholder", "alt") and value:
                    found.append(value)

        def handle_endtag(self, tag):
            self.skip -= tag in ("script", "style")

        def handle_data(self, data):
            if not self.skip:
                found.append(data)

    Text().feed(template)
    words = [re.sub(r"\{\{\w+\}\}", "", text) for text in found]
    assert [w for w in words if re.search(r"[A-Za-z]{2,}", w)] == []
    keys = set(re.findall(r"\{\{(\w+)\}\}", template)) - {"lang", "dir", "words_json"}
    assert keys <= set(WORDS)


def test_the_js_check_finds_a_literal_label():
    assert js_literals('htmlEl("h4", {}, box, "Result code");') == ["Result code"]
    assert js_literals('b = htmlEl("button", { "aria-label": "Legal actions" });') == [
        "Legal actions"
    ]
    assert js_literals('htmlEl("h4", {}, box, t("result_code"));') == []


def test_what_is_left_to_wrap_is_counted(capsys):
    """Not a check: the table of unwrapped prose per area, printed in CI's log (the next
    modules to add to WRAPPED)."""
    rows = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = str(path.relative_to(PACKAGE))
        if module not in PENDING:
            continue
        count = len(unwrapped(path.read_text(encoding="utf-8")))
        if count:
            rows.append((module, count))
    js = [
        (str(p.relative_to(PACKAGE)), len(js_literals(p.read_text(encoding="utf-8"))))
        for p in sorted(PACKAGE.rglob("*.js"))
    ]
    with capsys.disabled():
        total = sum(n for _, n in rows)
        print(f"\nunwrapped prose literals outside WRAPPED: {total} in {len(rows)} modules")
        areas: dict[str, int] = {}
        for module, n in rows:
            area = (
                "/".join(module.split("/")[:2])
                if module.startswith("games/")
                else module.split("/")[0]
            )
            areas[area] = areas.get(area, 0) + n
        for area, n in sorted(areas.items(), key=lambda kv: -kv[1]):
            print(f"  {area:28s} {n}")
        print("JS text set from literals: " + ", ".join(f"{m} {n}" for m, n in js if n))
