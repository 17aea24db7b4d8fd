"""The Spanish lessons show no English word (issue 45: "a student opens notebooks/es/00 and works
through every lesson, game and hand-in without meeting an English word on screen").

A strict, simple detector (``spanish_check.py``): common English words that are not Spanish
words ("the", "and", "your", "game", "body", "seed" ...), code and codes skipped. Checked:

* quick: the Markdown, the prompts and the code's shown text of every Spanish lesson and handout,
  without running anything; and lesson 00 run whole (outputs, widgets, figures);
* slow (``bash .ci/run --full``): every lesson 01-07 run whole with ``nbclient`` (as a student's
  Run All with every result shown, ``EVO_LESSONS_SHOW_RESULTS=1``; ``EVO_LESSONS_LANG`` unset:
  the lesson's ``start_lesson(..., lang="es")`` chooses), then every output (text, HTML, streams),
  the saved state of every widget, and the texts of every matplotlib figure left in the kernel.

English that other parts of the package still show is listed in :data:`LEFT` with its owner: a
finding matching none of it fails. The lesson's code stays the English code (test_translated_
lessons.py); what it shows comes from evo_lessons/locale/es/lessons/<lesson>.po.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from evo_lessons.lessons import code_text, translate

from .spanish_check import FIGURE_TEXTS_CELL, english_words, figure_texts, notebook_texts

SPANISH = translate.NOTEBOOKS / "es"
LESSONS = sorted(SPANISH.glob("[0-9][0-9]_*.ipynb"))
HANDOUTS = sorted((SPANISH / "handouts").glob("*.md"))

#: English a Spanish text may hold: the titles of the games and of the works it cites
NAMES = (
    "Which type of animal will you be in 10 million years?",
    "Niche: A Game of Survival and Adaptation",
    "Adapt or Die",
    "Impact of a century of climate change on small-mammal communities in Yosemite National "
    "Park, USA",
    "Freeze avoidance in a mammal: body temperatures below 0 °C in an Arctic hibernator",
    "Data from: 40 years of evolution. Darwin's finches on Daphne Major Island",
    "Local adaptation in the rock pocket mouse (Chaetodipus intermedius): natural selection and "
    "phylogenetic history of populations",
    "Food web complexity and species diversity. The American Naturalist",
    "Recent history of melanism in American peppered moths. Journal of Heredity",
    # the publications 07's tables cite under them (evo_lessons/data/tables/*.toml; a
    # citation's own words are translated: data: <table>.citation)
    "The spread of a gene in natural conditions in a colony of the moth Panaxia dominula L.",
    "The rise and fall of the carbonaria form of the peppered moth. The Quarterly Review of "
    "Biology",
    "The Quarterly Review of Biology",
    "Journal of Heredity",
    "Melanic morph frequency in the peppered moth in the Manchester area. Proceedings of the "
    "Royal Society B",
    "Selection and gene flow on a diminishing cline of melanic peppered moths. Proceedings of "
    "the National Academy of Sciences USA",
    "Selective bird predation on the peppered moth: the last experiment of Michael Majerus. "
    "Biology Letters",
)

#: English still on screen, by owner: (owner and where it comes from, a regular expression on
#: where it is found, one on the text). Each goes when its owner translates it; a finding that
#: matches none fails the test.
LEFT: list[tuple[str, str, str]] = []  # (owner and why, where, pattern): none left


def _without_names(text: str) -> str:
    text = " ".join(text.split())
    for name in NAMES:
        text = text.replace(name, " ")
    return text


def _english(texts):
    """(where, English words, text) of each text that holds English."""
    found = []
    for where, text in texts:
        words = english_words(_without_names(text))
        if words:
            found.append((where, sorted(set(words)), text))
    return found


def _static_texts(path: Path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    code = [translate._code(c) for c in notebook["cells"] if c["cell_type"] == "code"]
    for number, cell in enumerate(notebook["cells"], 1):
        if cell["cell_type"] == "markdown":
            yield f"{path.stem} cell {number} (Markdown)", "".join(cell["source"])
    for source in code:
        for literal in translate.prompt_literals(source):
            yield f"{path.stem} {literal.context}", literal.text
    for index, literal in code_text.shown(code):
        text = literal.template
        yield (
            f"{path.stem} code cell {index + 1}",
            (code_text._outside_braces(text).replace("0", " ") if literal.is_f else text),
        )


@pytest.mark.parametrize("path", LESSONS + HANDOUTS, ids=lambda p: p.stem)
def test_the_text_of_every_spanish_lesson_and_handout_is_spanish(path):
    """Markdown, prompts, and the text the code prints or draws (f-strings: their words)."""
    if path.suffix == ".md":
        texts = [(path.name, path.read_text(encoding="utf-8"))]
    else:
        texts = list(_static_texts(path))
    found = [(w, words, t[:120]) for w, words, t in _english(texts)]
    assert not found, f"English in {path.name}: {found[:8]}"


def _run(path: Path, folder: Path) -> dict:
    """The notebook run as a student's Run All with every result shown, plus a last cell that
    prints the texts of every figure left in the kernel."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell(FIGURE_TEXTS_CELL))
    before = {k: os.environ.get(k) for k in ("EVO_LESSONS_LANG", "EVO_LESSONS_SHOW_RESULTS")}
    os.environ.pop("EVO_LESSONS_LANG", None)
    os.environ["EVO_LESSONS_SHOW_RESULTS"] = "1"
    try:
        nbclient.NotebookClient(
            notebook,
            timeout=900,
            kernel_name="python3",
            resources={"metadata": {"path": str(folder)}},
        ).execute()
    finally:
        for key, value in before.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return json.loads(nbformat.writes(notebook))


def _left(where: str, text: str) -> str | None:
    """The LEFT entry a finding belongs to, if any."""
    for owner, place, pattern in LEFT:
        if re.search(place, where) and re.search(pattern, text):
            return owner.split(" (")[0].split(":")[0]
    return None


def _check_run(path: Path, folder: Path, capsys) -> None:
    notebook = _run(path, folder)
    errors = [
        f"{o.get('ename')}: {o.get('evalue', '')[:200]}"
        for c in notebook["cells"]
        for o in c.get("outputs", [])
        if o.get("output_type") == "error"
    ]
    assert not errors, errors
    texts = [(w, t) for w, t in notebook_texts(notebook) if not t.startswith("FIGURE-TEXTS ")]
    texts += [("figure", t) for t in figure_texts(notebook)]
    found = _english(texts)
    left: dict[str, int] = {}
    new = []
    for where, words, text in found:
        owner = _left(where, text)
        if owner is None:
            new.append((where, words, text[:160]))
        else:
            left[owner] = left.get(owner, 0) + 1
    with capsys.disabled():
        print(f"\n{path.stem}: English left to other owners: {left or 'none'}")
    assert not new, f"English on screen in {path.name}: {new[:6]}"


def test_lesson_00_in_spanish_shows_no_english(tmp_path, capsys):
    _check_run(SPANISH / "00_start_here.ipynb", tmp_path, capsys)


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS[1:], ids=lambda p: p.stem)
def test_every_spanish_lesson_run_whole_shows_no_english(path, tmp_path, capsys):
    _check_run(path, tmp_path, capsys)


def test_readme_links_every_spanish_lesson_and_a_binder_opens_the_spanish_00():
    from urllib.parse import parse_qs, urlparse

    readme = (translate.REPO / "README.md").read_text(encoding="utf-8")
    for path in LESSONS:
        assert f"(notebooks/es/{path.name})" in readme, path.name
    binder = [
        link
        for link in re.findall(r"https://mybinder\.org/v2/gh/[^>)\s]+", readme)
        if parse_qs(urlparse(link).query).get("labpath") == ["notebooks/es/00_start_here.ipynb"]
    ]
    assert binder and urlparse(binder[0]).path == "/v2/gh/evo-lessons/evo_lessons/HEAD"
