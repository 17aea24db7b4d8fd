"""Reopened lessons: one line telling the student to run the cells, not a wall of widget errors.

A widget lives in the kernel. A notebook saved with widget outputs and opened again after the
kernel has gone (the next lesson, a server restart, a culled Binder) asks JupyterLab's widget
manager for models that no longer exist, and ``@jupyter-widgets/jupyterlab-manager`` (8.x)
then writes "Error displaying widget: model not found" in place of every widget: it has no
fallback to the output's ``text/plain`` (its renderer outranks every other MIME type, and the
text is set when the model lookup fails). The options, and why this one:

* Saving the widget state in the notebook (the manager's ``saveState`` setting) brings the
  widgets back as pictures with no kernel behind them: a student can type into a dead box and
  lose it, and the notebook file then holds every revealed model answer and game picture.
* A front-end extension would need a bundler, which this project does not use.
* **Chosen:** a Jupyter server *pre-save hook* (:func:`pre_save_hook`) that writes lesson
  notebooks to disk without widget outputs. The page the student is working in keeps its live
  widgets (the hook changes only the file); a reopened lesson shows one short line where its
  first widget was, "run the cells", and nothing else until they run; then the widgets come
  back with the saved work (from ``.evo_work/``). Only notebooks that use evo_lessons are
  touched, and only their widget outputs.

It is on wherever the package's server extension runs (:mod:`evo_lessons.jupyter_extension`
registers it beside any hook a site has): ``pip install`` enables the extension in its
environment through :data:`CONFIG` (installed into ``etc/jupyter/jupyter_server_config.d/``), so
README's plain ``jupyter lab`` launch, the launch commands, ``evo-teacher lab`` and Binder all
have it. (A ``.d`` file cannot set the hook itself: jupyter_server reads only
``jpserver_extensions`` from those files.) By hand: ``--ContentsManager.pre_save_hook=`` this
module's ``pre_save_hook``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from evo_lessons.i18n import N_, SOURCE_LANG, get_translator, normalize

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: the line put where the first widget was (English; in the notebook's language where written)
# Translators: "Run menu" and "Run All Cells" are JupyterLab's words: write them as JupyterLab
# shows them in your language (its language pack), else keep them in English
HINT = N_(
    "This notebook was closed, so its games and answer boxes are asleep: run the cells "
    "(Run menu, Run All Cells) to bring them back. Your saved work comes back with them."
)
HOOK = "evo_lessons.lessons.reopen.pre_save_hook"
#: the server configuration file that enables the package's server extension, which registers
#: the hook (pip installs it into jupyter_server_config.d/)
CONFIG = Path(__file__).parent / "config" / "evo_lessons.json"


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def uses_lessons(notebook: dict[str, Any]) -> bool:
    """Does this notebook use evo_lessons (so its widgets are ours to put to sleep)?"""
    return any(
        cell.get("cell_type") == "code" and "evo_lessons" in _source(cell)
        for cell in notebook.get("cells", [])
        if isinstance(cell, dict)
    )


def hint_output(lang: str | None = None) -> dict[str, Any]:
    """The hint as an output, in ``lang`` (a built lesson's ``metadata.evo_lessons.lang``)."""
    text = get_translator(lang or SOURCE_LANG).gettext(HINT)
    return {"output_type": "display_data", "data": {"text/plain": text}, "metadata": {}}


def notebook_lang(notebook: dict[str, Any]) -> str | None:
    """The language a built lesson says it is in (None: the English source)."""
    meta = notebook.get("metadata")
    ours = meta.get("evo_lessons") if isinstance(meta, dict) else None
    lang = ours.get("lang") if isinstance(ours, dict) else None
    if not isinstance(lang, str):
        return None
    try:
        return normalize(lang)
    except ValueError:
        return None


def strip_widget_outputs(notebook: dict[str, Any]) -> int:
    """Remove every widget output of a lesson notebook (in place); the first becomes the hint.
    Returns how many were removed (0 for a notebook that does not use evo_lessons)."""
    if not isinstance(notebook, dict) or not uses_lessons(notebook):
        return 0
    removed = 0
    lang = notebook_lang(notebook)
    for cell in notebook.get("cells", []):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        kept = []
        for output in cell.get("outputs", []) or []:
            data = output.get("data") if isinstance(output, dict) else None
            if isinstance(data, dict) and WIDGET_VIEW in data:
                if removed == 0:
                    kept.append(hint_output(lang))
                removed += 1
            else:
                kept.append(output)
        if removed:
            cell["outputs"] = kept
    return removed


def pre_save_hook(model: dict[str, Any], **_kwargs: Any) -> None:
    """jupyter_server's ContentsManager.pre_save_hook: lesson notebooks go to disk without
    widget outputs (see the module's docstring)."""
    if model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        strip_widget_outputs(model["content"])
