"""The lessons in the pseudo-locale (evo_lessons/lessons/pseudo.py): every block marked, the
Markdown and the code still what they were. The browser test
(tests/browser/test_pseudo_locale_browser.py) opens them; these check the build itself."""

from __future__ import annotations

import ast
import re

import pytest

from evo_lessons.lessons import pseudo, translate

LESSONS = [path.stem for path in translate.lesson_notebooks()]


def test_a_text_is_marked_longer_and_keeps_what_is_code():
    assert pseudo.pseudo_text("Undo") == "⟦Ûñdö~~⟧"
    text = pseudo.pseudo_text(
        "Run `start_lesson()` for {n} [games](https://example.org/a) <b>now</b>"
    )
    assert "`start_lesson()`" in text and "{n}" in text and "](https://example.org/a)" in text
    assert "<b>" in text and "</b>" in text and "ñöw" in text
    assert len(text) >= 1.4 * len("Run `start_lesson()` for {n} [games](https://example.org/a)")


def test_markdown_blocks_are_marked_one_by_one_and_the_syntax_kept():
    source = (
        "# A title\n\nA paragraph\nover two lines.\n\n- one item\n  continued\n- `code.py`\n"
        "1. a step\n\n| word | idea |\n|---|---|\n| `x.ipynb` | a fit |\n\n```\nprint('x')\n```\n"
        "> a quote\n\n---\n"
    )
    out = pseudo.pseudo_markdown(source).split("\n")
    assert out[0].startswith("# ⟦Â tîtlé") and out[0].endswith("⟧")
    assert out[2].startswith("⟦Â pârâgrâph") and out[3].endswith("⟧")
    assert out[5].startswith("- ⟦öñé îtém") and out[6].startswith("  çöñtîñûéd") and "⟧" in out[6]
    assert out[7] == "- `code.py`"  # only code: nothing to translate
    assert out[8].startswith("1. ⟦â stép")
    assert out[10].startswith("| ⟦wörd") and out[11] == "|---|---|"
    assert out[12].startswith("| `x.ipynb` | ⟦â fît")
    assert out[14:17] == ["```", "print('x')", "```"]
    assert out[17].startswith("> ⟦â qûöté") and out[19] == "---"


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_builds_in_the_pseudo_locale(lesson):
    built = pseudo.build(lesson)
    assert built["metadata"]["evo_lessons"]["lang"] == "en_XA"
    entries = pseudo.catalogue(lesson).entries
    assert entries and all(entry.translated for entry in entries)
    for cell in built["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code":
            ast.parse("\n".join(x for x in source.split("\n") if not re.match(r"\s*[%!]", x)))
            if "start_lesson(" in source:
                assert 'lang="en_XA"' in source
        elif source.strip() and cell["id"] != "translation-note":
            # every paragraph of prose opens a marker (a line of code spans only need not)
            first = next(line for line in source.split("\n") if re.search("[A-Za-z]", line))
            assert "⟦" in first or "`" in first, first
