"""The front-end kit: one copy of the DOM helper, base CSS and plot module in every widget."""

from __future__ import annotations

import re

import pytest

from evo_lessons import GAMES, game_spec
from evo_lessons.widgets.frontend import KIT_CSS, KIT_JS, STATIC, assemble, game_module


def test_the_kit_comes_first_then_the_widgets_own_files_in_order(tmp_path):
    a, b = tmp_path / "a.js", tmp_path / "b.js"
    a.write_text("function fromA() {}\n")
    b.write_text("function fromB() {}\n")
    text = assemble(a, b)
    positions = [text.index(p.read_text()) for p in (*KIT_JS, a, b)]
    assert positions == sorted(positions)


def test_css_gets_the_base_styles_first(tmp_path):
    own = tmp_path / "own.css"
    own.write_text(".own { color: red; }\n")
    text = assemble(own)
    assert text.index(KIT_CSS[0].read_text()) < text.index(".own")


def test_a_name_declared_again_is_refused_at_import_naming_both_files(tmp_path):
    copy = tmp_path / "copy.js"
    copy.write_text("function htmlEl(tag) { return tag; }\n")
    with pytest.raises(ValueError, match=r"copy\.js declares 'htmlEl'.*dom\.js"):
        assemble(copy)


def test_mixed_kinds_are_refused(tmp_path):
    (tmp_path / "a.js").write_text("")
    (tmp_path / "a.css").write_text("")
    with pytest.raises(ValueError, match="one kind"):
        assemble(tmp_path / "a.js", tmp_path / "a.css")


def _declares(text: str, name: str) -> int:
    return len(re.findall(rf"^(?:function|const|let|class)\s+{name}\b", text, re.M))


def test_the_game_widget_has_one_dom_helper_and_one_plot_module():
    from evo_lessons.widgets import GameWidget

    esm = GameWidget("climate", seed=1)._esm
    for name in ("htmlEl", "svgEl", "createLivePlot", "registerRenderer"):
        assert _declares(esm, name) == 1
    assert ".evo-kit" in GameWidget._css


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_widget_ships_its_own_renderer_and_no_other(game):
    from evo_lessons.widgets import GameWidget

    esm = GameWidget(game, seed=1)._esm
    assert esm == game_module(game_spec(game).renderer)
    registered = re.findall(r"registerRenderer\(\s*[\"'](\w+)[\"']", esm)
    assert registered == [game]
    for other in sorted(set(GAMES) - {game}):
        assert game_spec(other).renderer.read_text(encoding="utf-8") not in esm


def test_a_game_module_is_joined_once_per_game():
    spec = game_spec("niche")
    assert game_module(spec.renderer) is game_module(spec.renderer)


def test_the_population_widget_uses_the_same_kit():
    from evo_lessons.population import PopulationWidget

    assert _declares(PopulationWidget._esm, "htmlEl") == 1
    assert "function el(" not in PopulationWidget._esm  # its old copy is gone
    assert ".evo-kit" in PopulationWidget._css


def test_the_kit_documents_its_api_for_renderers():
    head = (STATIC / "dom.js").read_text().split("const SVG_NS")[0]
    for name in ("registerRenderer", "makeTarget", "animate", "roundText", "createLivePlot"):
        assert name in head


def test_round_text_never_says_of_null():
    text = (STATIC / "dom.js").read_text()
    assert "maxRounds === null" in text  # roundText: "Round 3" when there is no limit
