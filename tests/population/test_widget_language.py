"""The population widget speaks its language: under the pseudo-locale en_XA every word it sends
its page is marked; in Spanish the page reads Spanish; the run's data (result columns, codes,
settings) are the same in every language."""

from __future__ import annotations

import re

import numpy as np
import pytest

from evo_lessons.i18n import PSEUDO_LANG
from evo_lessons.population import WORLDS
from evo_lessons.population.page_strings import POPULATION_PAGE
from evo_lessons.population.widget import PopulationWidget

MARKED = re.compile(r"\u27e6[^\u27e6\u27e7]*\u27e7")  # innermost first: markers nest
PAGE_FILES = ("flock.js", "population.js")


def unmarked(text: str) -> str:
    """What is left of a text once its marked parts, numbers and punctuation are taken out."""
    rest, before = text, None
    while rest != before:
        before, rest = rest, MARKED.sub(" ", rest)
    return " ".join(w for w in re.findall(r"[^\W\d_]{2,}", rest))


def stepped(game: str, lang: str) -> PopulationWidget:
    widget = PopulationWidget(game, size=200, seed=3, lang=lang)
    widget.step(3)
    return widget


def texts(widget: PopulationWidget) -> dict[str, list[str]]:
    """Every text the page shows that comes from Python."""
    view, spec = widget.view, widget.plot_spec
    flock = view["flock"]
    return {
        "page strings": list(widget.strings.values()),
        "title": [view["title"]],
        "status": [view["status"]],
        "environment": [view["environment"], view["about"]],
        "choices": [c["label"] for c in view["choices"]],
        "table": view["table"]["columns"] + [cell for row in view["table"]["rows"] for cell in row],
        "rule": [view["rule"]],
        "description": view["description"].splitlines(),
        "flock": [t["name"] for t in flock["traits"]]
        + [label for t in flock["traits"] for label in t["labels"]],
        "plots": [spec["x_label"]]
        + [p["title"] for p in spec["panels"]]
        + [p["alt"] for p in spec["panels"]]
        + [line["label"] for p in spec["panels"] for line in p["lines"]],
    }


# Niche's and Adapt or Die's data words (challenges, environments, features, habitats) come from
# the data catalogue, which the pseudo-locale marks too
@pytest.mark.parametrize("game", sorted(WORLDS))
def test_every_word_the_page_gets_is_marked_under_the_pseudo_locale(game):
    widget = stepped(game, PSEUDO_LANG)
    left = {
        part: [text for text in found if unmarked(text)] for part, found in texts(widget).items()
    }
    assert not any(left.values()), {k: v[:3] for k, v in left.items() if v}


def test_the_page_asks_only_for_words_python_sends():
    from evo_lessons.population.widget import STATIC

    asked = set()
    for name in PAGE_FILES:
        source = (STATIC / name).read_text(encoding="utf-8")
        asked |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", source))
    asked |= {f"population.feature_{k}" for k in range(5)}  # t(`population.feature_${k}`)
    assert asked == set(POPULATION_PAGE)


def test_a_refusal_is_in_the_widgets_language():
    widget = stepped("climate", "es")
    widget._on_message(widget, {"type": "set", "name": "size", "value": -3}, [])
    assert widget.error.startswith("Rechazado: size es un número entero")


def test_the_widget_says_its_language_and_direction():
    widget = PopulationWidget("climate", size=100, seed=1, lang="es")
    assert (widget.lang, widget.direction) == ("es", "ltr")
    assert widget.view["title"] == "Clima: una población que nadie dirige"
    assert widget.strings["population.play"] == "Reproducir"


@pytest.mark.parametrize("game", sorted(WORLDS))
def test_a_run_is_the_same_data_in_every_language(game):
    english, spanish = stepped(game, "en"), stepped(game, "es")
    assert np.array_equal(english.population.counts, spanish.population.counts)
    assert english.result().frame.equals(spanish.result().frame)
    assert english.settings.to_json() == spanish.settings.to_json()
    assert english.result_code("Ana") == spanish.result_code("Ana")
    assert english.view["plot"] == spanish.view["plot"]


def test_the_figure_speaks_the_widgets_language():
    figure = stepped("climate", "es").figure()
    words = [figure._suptitle.get_text()] + [ax.get_title(loc="left") for ax in figure.axes]
    assert words[0].startswith("Clima: una población que nadie dirige")
    assert "Aptitud media (1 = todos los individuos se ajustan)" in words
    assert all(ax.get_xlabel() in ("generación", "") for ax in figure.axes)


def test_a_fit_reads_in_the_current_language():
    from evo_lessons.i18n import speaking
    from evo_lessons.population import fit_selection

    series = {"generation": [0, 5, 10], "count": [10, 30, 60], "sample": [100, 100, 100]}
    fit = fit_selection(series, "additive", counted="allele")
    with speaking("es"):
        spanish = str(fit)
    assert spanish.startswith(f"s = {fit.s:.3f} por generación (intervalo del 95 % de ")
    assert "verosimilitud de perfil; diploide, h = 0.5; 3 muestras)" in spanish
    assert fit.method == "profile likelihood"  # the field stays data
    assert str(fit).startswith(f"s = {fit.s:.3f} per generation (95% interval ")
