"""Reopened lessons: the pre-save hook writes lesson notebooks without widget outputs, the first
one replaced by a single "run the cells" line (issue 18 §4; the browser test proves the page)."""

from __future__ import annotations

import copy

from evo_lessons.lessons.reopen import HINT, WIDGET_VIEW, pre_save_hook, strip_widget_outputs


def widget_output(model_id: str) -> dict:
    return {
        "output_type": "display_data",
        "data": {"text/plain": "GameWidget()", WIDGET_VIEW: {"model_id": model_id}},
        "metadata": {},
    }


def lesson_notebook() -> dict:
    stream = {"output_type": "stream", "name": "stdout", "text": "✓ saved\n"}
    return {
        "cells": [
            {"cell_type": "markdown", "source": "# Lesson"},
            {
                "cell_type": "code",
                "source": 'from evo_lessons.lessons import start_lesson\nstart_lesson("01")',
                "outputs": [widget_output("a")],
            },
            {"cell_type": "code", "source": "game", "outputs": [widget_output("b"), stream]},
        ]
    }


def outputs(notebook: dict) -> list:
    return [o for c in notebook["cells"] for o in c.get("outputs", [])]


def test_every_widget_output_is_removed_and_one_hint_stands_in_the_first_place():
    notebook = lesson_notebook()
    assert strip_widget_outputs(notebook) == 2
    kept = outputs(notebook)
    assert not any(WIDGET_VIEW in o.get("data", {}) for o in kept)
    assert [o["data"]["text/plain"] for o in kept if "data" in o] == [HINT]
    assert notebook["cells"][1]["outputs"][0]["data"]["text/plain"] == HINT


def test_other_outputs_are_kept():
    notebook = lesson_notebook()
    strip_widget_outputs(notebook)
    assert notebook["cells"][2]["outputs"] == [
        {"output_type": "stream", "name": "stdout", "text": "✓ saved\n"}
    ]


def test_a_notebook_that_does_not_use_evo_lessons_is_left_alone():
    notebook = lesson_notebook()
    notebook["cells"][1]["source"] = "import ipywidgets"
    before = copy.deepcopy(notebook)
    assert strip_widget_outputs(notebook) == 0 and notebook == before


def test_the_hook_changes_only_notebooks():
    model = {"type": "file", "content": "evo_lessons"}
    pre_save_hook(model=model, path="x.txt", contents_manager=None)
    assert model == {"type": "file", "content": "evo_lessons"}
    notebook = {"type": "notebook", "content": lesson_notebook()}
    pre_save_hook(model=notebook, path="x.ipynb", contents_manager=None)
    assert HINT in str(notebook)


def test_the_hook_loads_from_the_server_configuration_name():
    from traitlets.utils.importstring import import_item

    from evo_lessons.jupyter_extension import HOOK as REGISTERED
    from evo_lessons.lessons.reopen import HOOK

    assert import_item(HOOK) is pre_save_hook and REGISTERED == HOOK


def test_a_built_lesson_gets_the_hint_in_its_own_language():
    notebook = lesson_notebook()
    notebook["metadata"] = {"evo_lessons": {"lang": "es"}}
    strip_widget_outputs(notebook)
    hint = notebook["cells"][1]["outputs"][0]["data"]["text/plain"]
    assert hint.startswith("Este cuaderno se cerró") and hint != HINT


def test_a_lesson_with_a_strange_language_gets_the_english_hint():
    notebook = lesson_notebook()
    notebook["metadata"] = {"evo_lessons": {"lang": "not a language!"}}
    strip_widget_outputs(notebook)
    assert notebook["cells"][1]["outputs"][0]["data"]["text/plain"] == HINT
