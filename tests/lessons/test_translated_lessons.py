"""The lessons in other languages (issue 45 items 2 and 4): notebooks/<lang>/ built from PO files.

The English notebooks stay the source; ``python -m evo_lessons.lessons translate extract|build es``
writes the catalogues and the Spanish edition. These tests fail when the edition is stale against
its catalogues and the English, print each catalogue's coverage, check that a built notebook's
code is the English code (only ``lang`` and the prompts differ, so nbval need not run the Spanish
experiments a second time: tests/i18n/test_spanish_lessons.py runs the Spanish 00 alone), and
that a lesson started with ``lang="es"`` shows its model answers in Spanish and keeps its
language in the work and hand-in.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess

import pytest

from evo_lessons.i18n import current_lang, set_default_lang
from evo_lessons.lessons import code_text, po, translate
from evo_lessons.lessons.answers import load_answers
from evo_lessons.lessons.language import (
    lesson_language,
    text_direction,
    translated_answers,
)

from .helpers import LESSON_NOTEBOOKS, NOTEBOOKS

LANG = "es"
#: lessons shipped complete (and every handout): each entry translated from the English as it is
COMPLETE = [p.stem for p in LESSON_NOTEBOOKS]
BUILT = {path.name: NOTEBOOKS / LANG / path.name for path in LESSON_NOTEBOOKS}


@pytest.fixture(autouse=True)
def _kernel_language_reset():
    """start_lesson(lang=...) sets the kernel's language: no test leaves it behind."""
    yield
    set_default_lang(None)


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def stale_now():
    """The files of the edition that are stale now, worked out once (a whole build of the
    edition and its catalogues): the check of the repository's edition and the fuzzy-entry test's
    starting point (a copy of the same files) are one result."""
    return translate.stale_files(LANG)


def test_the_spanish_edition_is_built_from_its_catalogues_and_the_english_as_they_are_now(
    stale_now,
):
    stale = stale_now
    assert not stale, (
        "stale: "
        + ", ".join(str(p.relative_to(translate.REPO)) for p in stale)
        + f"; run: python -m evo_lessons.lessons translate extract {LANG} && "
        f"python -m evo_lessons.lessons translate build {LANG}"
    )


def test_coverage_table_and_every_shipped_lesson_complete(capsys):
    rows = translate.coverage(LANG)
    with capsys.disabled():
        print("\n" + translate.table(rows))
    missing = {
        row.name: (row.untranslated, row.stale) for row in rows if row.untranslated or row.stale
    }
    assert not missing, f"(untranslated, stale) entries: {missing}"


@pytest.mark.parametrize("path", LESSON_NOTEBOOKS, ids=lambda p: p.stem)
def test_a_built_notebook_runs_the_english_code_but_for_lang_and_shown_text(path):
    """Every code cell's AST is the English one but for start_lesson's lang, the prompts, and
    the literals code_text calls shown text, each replaced by its catalogue's translation."""
    english, spanish = load(path), load(BUILT[path.name])
    assert spanish["metadata"]["evo_lessons"]["lang"] == LANG
    catalogue = po.read(translate.lesson_catalogue_path(LANG, path.stem))
    texts = translate.code_translations(catalogue)
    english_code = [c for c in english["cells"] if c["cell_type"] == "code"]
    shown = {
        (index, literal.template)
        for index, literal in code_text.shown([translate._code(c) for c in english_code])
    }
    renames = code_text.renamed_labels([translate._code(c) for c in english_code], texts)
    pairs = list(zip(english["cells"], spanish["cells"], strict=False))
    assert [c["id"] for c in english["cells"]] == [c["id"] for c, _ in pairs]
    code_index = -1
    for en, es in pairs:
        assert en["cell_type"] == es["cell_type"], en["id"]
        if en["cell_type"] != "code":
            assert en["metadata"] == es["metadata"]
            continue
        code_index += 1
        tags = [t for t in en["metadata"].get("tags", []) if t != "nbval-check-output"]
        expected = {k: v for k, v in en["metadata"].items() if k != "tags"}
        assert es["metadata"] == expected | ({"tags": tags} if tags else {}), en["id"]
        assert es["outputs"] == [], en["id"]
        allowed = {t: texts[t] for i, t in shown if i == code_index and t in texts}
        _same_but_text(translate._code(en), translate._code(es), allowed, en["id"], renames)
    extra = spanish["cells"][len(english["cells"]) :]
    assert [c["id"] for c in extra] == ["translation-note"]
    sources = ["".join(c["source"]) for c in spanish["cells"] if c["cell_type"] == "code"]
    assert any("start_lesson(" in s and f'lang="{LANG}"' in s for s in sources)


def _flat(source):
    """The cell's AST with every string blanked (f-strings keep their expressions), the
    strings in order, and start_lesson's lang taken out."""
    tree = ast.parse(source)
    texts = []

    class Blank(ast.NodeTransformer):
        def visit_JoinedStr(self, node):
            texts.append(code_text._template(node, source))
            return ast.Constant(value="<text>")

        def visit_Constant(self, node):
            if isinstance(node.value, str):
                texts.append(node.value)
                return ast.Constant(value="<text>")
            return node

        def visit_Call(self, node):
            if isinstance(node.func, ast.Name) and node.func.id == "start_lesson":
                langs = [k.value for k in node.keywords if k.arg == "lang"]
                assert all(isinstance(v, ast.Constant) and v.value == LANG for v in langs)
                node.keywords = [k for k in node.keywords if k.arg != "lang"]
            self.generic_visit(node)
            return node

    return ast.dump(Blank().visit(tree)), texts


def _same_but_text(english, spanish, allowed, where, renames):
    """The same code but for translated text; an f-string that reads a renamed label in its
    braces (``{r['share lost']}``) reads it by its new name."""
    en_tree, en_texts = _flat(english)
    es_tree, es_texts = _flat(spanish)
    assert en_tree == es_tree, where
    prompts = {x.text for x in translate.prompt_literals(english)}
    for en, es in zip(en_texts, es_texts, strict=True):
        if en != es and en not in prompts:
            renamed = code_text.rename_in_braces(en, renames)
            expected = code_text.rename_in_braces(allowed.get(en, en), renames)
            assert expected == es, (where, en[:60], es[:60])
            assert code_text.placeholders_within(es, renamed), (where, es[:60])


def test_every_prompt_and_markdown_cell_of_a_complete_lesson_is_spanish():
    for path in LESSON_NOTEBOOKS:
        if path.stem not in COMPLETE:
            continue
        english = {c["id"]: "".join(c["source"]) for c in load(path)["cells"]}
        for cell in load(BUILT[path.name])["cells"]:
            text = "".join(cell["source"])
            if cell["cell_type"] == "markdown" and text.strip() and cell["id"] in english:
                assert text != english[cell["id"]], f"{path.stem} {cell['id']} is English"
        english_prompts = {x.text for c in load(path)["cells"] if c["cell_type"] == "code"
                           for x in translate.prompt_literals(translate._code(c))}  # fmt: skip
        for cell in load(BUILT[path.name])["cells"]:
            if cell["cell_type"] == "code":
                for literal in translate.prompt_literals(translate._code(cell)):
                    assert literal.text not in english_prompts, literal.context


@pytest.mark.parametrize("lesson", COMPLETE)
def test_model_answers_and_title_come_from_the_catalogue(lesson):
    english = load_answers(lesson)
    spanish = translated_answers(english, LANG)
    assert spanish.title != english.title
    assert spanish.questions.keys() == english.questions.keys()
    for question_id, entry in english.questions.items():
        if entry.answer:
            assert spanish.questions[question_id].answer != entry.answer, question_id


def test_an_answer_whose_english_changed_stays_english(tmp_path):
    key = load_answers("00_start_here")
    catalogue = po.read(translate.lesson_catalogue_path(LANG, "00_start_here"))
    (entry,) = [e for e in catalogue.entries if e.context == "answer:start-adapted"]
    entry.msgid = "Some older English."
    folder = tmp_path / LANG / "lessons"
    folder.mkdir(parents=True)
    (folder / "00_start_here.po").write_text(po.write(catalogue), encoding="utf-8")
    shown = translated_answers(key, LANG, locale=tmp_path)
    assert shown.questions["start-adapted"].answer == key.questions["start-adapted"].answer
    assert shown.title != key.title  # the title is still current


def test_a_changed_english_cell_makes_its_entry_fuzzy_and_the_edition_stale(tmp_path, stale_now):
    notebooks = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, notebooks, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    locale = tmp_path / "locale"
    shutil.copytree(translate.LOCALE, locale)
    # the copy starts clean: it is the repository's files, so it is stale exactly where they are
    # (stale_now, worked out once, not by a second whole build of the same edition)
    assert not stale_now
    source = notebooks / "00_start_here.ipynb"
    notebook = load(source)
    notebook["cells"][-1]["source"].append("\nOne more English sentence.")
    source.write_text(translate.notebook_text(notebook), encoding="utf-8")
    stale = {p.name for p in translate.stale_files(LANG, notebooks, locale)}
    assert stale == {"00_start_here.ipynb", "00_start_here.po"}
    catalogue = translate.catalogues(LANG, notebooks, locale)[
        translate.lesson_catalogue_path(LANG, "00_start_here", locale)
    ]
    (changed,) = [e for e in catalogue.entries if e.fuzzy]
    assert changed.context == f"cell:{notebook['cells'][-1]['id']}" and changed.previous
    built = translate.build_notebook(notebook, "00_start_here", catalogue, LANG)
    assert "".join(built["cells"][-2]["source"]).endswith("One more English sentence.")


def test_po_files_round_trip_and_pass_msgfmt():
    paths = sorted(translate.LOCALE.glob(f"{LANG}/lessons/*.po"))
    paths += sorted(translate.LOCALE.glob(f"{LANG}/handouts/*.po"))
    paths += sorted(translate.LOCALE.glob(f"{LANG}/compendium.po"))
    assert paths
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert po.write(po.parse(text)) == text, path.name
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (gettext) is not installed")
    for path in paths:
        out = subprocess.run(
            ["msgfmt", "--check", "-o", "/dev/null", str(path)],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert out.returncode == 0, out.stderr[-800:]


def test_a_lesson_keeps_its_language_in_the_work_and_the_hand_in(tmp_path, monkeypatch):
    from evo_lessons.lessons.handin import to_html
    from evo_lessons.lessons.lesson import Lesson

    monkeypatch.delenv("EVO_LESSONS_LANG", raising=False)
    lesson = Lesson("00_start_here", tmp_path, lang="es")
    assert lesson.lang == "es" and lesson.title.startswith("Empieza aquí")
    assert current_lang() == "es"  # widgets made after it speak the lesson's language
    assert lesson.answers.questions["start-adapted"].answer.startswith("Todavía")
    lesson.work.set_student("Ana")
    assert json.loads(lesson.work.path.read_text(encoding="utf-8"))["lang"] == "es"
    assert '<html lang="es" dir="ltr">' in to_html(lesson.work, lesson.title)
    monkeypatch.setenv("EVO_LESSONS_LANG", "es_MX.UTF-8")
    again = Lesson("00_start_here", tmp_path / "other")
    assert again.lang == "es_MX" and again.title == lesson.title  # falls back to "es"
    english = Lesson("00_start_here", tmp_path / "en", lang="en")
    assert english.title == load_answers("00_start_here").title


def test_the_language_choice():
    assert lesson_language("pt-br") == "pt_BR"
    assert text_direction("ar") == "rtl" and text_direction("es") == "ltr"
    with pytest.raises(ValueError, match="language code"):
        lesson_language("Spanish!")


def test_no_spanish_model_answer_appears_in_the_spanish_edition():
    sentences = set()
    for path in translate.LOCALE.glob(f"{LANG}/lessons/*.po"):
        for entry in po.read(path).entries:
            if entry.context.startswith("answer:") and entry.msgstr:
                sentences |= {s.strip() for s in entry.msgstr.split(". ") if len(s.split()) >= 8}
    assert sentences
    for path in (NOTEBOOKS / LANG).rglob("*"):
        if path.suffix in (".ipynb", ".md"):
            text = " ".join(path.read_text(encoding="utf-8").split())
            assert not [s for s in sentences if s in text], path.name


def test_only_text_that_is_not_data_is_shown_text():
    cells = [
        'rows = [{"lineages lost": 1}]\nprint("In this model: two words")\n'
        'ax.set_title(f"{n} games of climate")\nlabel = "every change warms"\n'
        'df.groupby("by this column")\nprint(f"at {x!r:>4} the end")',
        'frame["lineages lost"]\nprint("lineages lost")\nif kind == "some kind of run": pass\n'
        'x = "some kind of run"\ndef f():\n    """A docstring is not shown."""\n'
        "    return f\"{a} and {b['key here']:.2f} more\"",
    ]
    shown = [literal.template for _, literal in code_text.shown(cells)]
    assert shown == [
        "lineages lost",  # a row's key the notebook writes: a label, translated everywhere
        "In this model: two words",
        "{n} games of climate",
        "every change warms",
        "by this column",  # a column named for groupby: a label too
        "at {x!r:>4} the end",
        "lineages lost",
        "lineages lost",
        "some kind of run",  # compared and stored: a label, translated at every place
        "some kind of run",
        "{a} and {b['key here']:.2f} more",  # 'key here' is code in braces: it stays
    ]


def test_a_column_the_package_makes_keeps_its_name():
    cells = ['report.groupby("mean fitness at the end").size()\nprint("share of runs here")']
    shown = [literal.template for _, literal in code_text.shown(cells)]
    assert shown == ["share of runs here"]  # evo_lessons/classroom/report.py names that column


def test_labels_join_parts_captions_and_axis_words_are_shown_text():
    cells = [
        'rows = [{"share lost": 1, "runs per point": 2}]\ntable = pd.DataFrame(rows)\n'
        'print(f"{t[\'share lost\']:.2f} of them")\ntable["runs per point"].sum()\n'
        'alt = "Points: " + ", ".join(f"{v} at step {k}" for k, v in pairs)\n'
        'ax.set_xlabel("generation")\nax.legend(loc="upper left")\nwhere = "left"\n'
        'Comparison(table, fig, alt, "Four bots in every seat.")',
    ]
    shown = [literal.template for _, literal in code_text.shown(cells)]
    assert shown == [
        "share lost",  # labels the notebook writes: translated everywhere...
        "runs per point",
        "{t['share lost']:.2f} of them",  # ...and renamed in the braces that read them
        "runs per point",
        "{v} at step {k}",  # a part of a joined (shown) text
        "generation",
        "Four bots in every seat.",
    ]
    renames = code_text.renamed_labels(cells, {"share lost": "proporción perdida"})
    assert code_text.rename_in_braces("{t['share lost']:.2f} of them", renames) == (
        "{t['proporción perdida']:.2f} of them"
    )


def test_text_the_code_splits_stays_and_a_tracked_games_label_is_data():
    cells = [
        'row = {"span": f"{low:.2f} to {high:.2f}"}\na, b = row["span"].split(" to ")\n'
        'lesson_game("climate", label="a try-out game", seed=1)\n'
        'table = pd.DataFrame({"runs per seat": [f"{a:.1f} and {b:.1f}"]})',
    ]
    shown = [literal.template for _, literal in code_text.shown(cells)]
    # f"{low:.2f} to {high:.2f}" is split by " to ": kept; a table's cells are shown text
    assert shown == ["runs per seat", "{a:.1f} and {b:.1f}"]
    assert code_text.placeholders_within("{a} y {b['key here']:.2f}", "{a} and {b['key here']:.2f}")
    assert not code_text.placeholders_within("{a} y {c}", "{a} and {b}")
