"""Hand-in: one HTML page (prints well) and one Markdown file, with everything the teacher needs."""

from __future__ import annotations

import base64

import pytest

from evo_lessons import GameWidget


@pytest.fixture
def finished(climate, capsys):
    """A Climate lesson with a name, two answers, a checkpoint and a game that has moved."""
    climate.student().name = "Ada Lovelace"
    climate.question(
        "climate-cooling", "What happens when it cools?", stage="predict"
    ).answer = "The savannah <shrinks> & moves south."
    climate.question("climate-curve-shape", "Explain the curve.", stage="explain")
    climate.checkpoint("climate-demo-extinctions", True, "You read the table.", "run the demo")
    game = GameWidget("climate", seed=4, players=2, plot=False)
    game.step()
    box = climate.hand_in(game)
    return climate, box, game


def read(box, suffix: str) -> str:
    (found,) = [f for f in box.files if f["name"].endswith(suffix)]
    return base64.b64decode(found["href"].split(",", 1)[1]).decode("utf-8")


def test_hand_in_writes_html_and_markdown_beside_the_notebook(finished):
    climate, box, _ = finished
    paths = box.hand_in()
    assert [p.name for p in paths] == [
        "01_climate-ada-lovelace.html",
        "01_climate-ada-lovelace.md",
    ]
    assert all(p.parent == climate.folder / "hand-in" for p in paths)


@pytest.mark.parametrize("suffix", [".html", ".md"])
def test_the_hand_in_holds_the_name_the_questions_and_the_answers(finished, suffix):
    _, box, _ = finished
    box.hand_in()
    text = read(box, suffix)
    assert "Ada Lovelace" in text
    assert "What happens when it cools?" in text and "Explain the curve." in text
    assert "(no answer)" in text  # the unanswered question is listed too
    assert "shrinks" in text


@pytest.mark.parametrize("suffix", [".html", ".md"])
def test_the_hand_in_holds_the_checkpoint_results_and_the_game_in_progress(finished, suffix):
    _, box, _game = finished
    box.hand_in()
    text = read(box, suffix)
    assert "✓ You read the table." in text
    assert "in progress, " in text and "hidden cards" in text


def test_the_html_escapes_what_the_student_typed(finished):
    _, box, _ = finished
    box.hand_in()
    html = read(box, ".html")
    assert "&lt;shrinks&gt; &amp; moves" in html and "<shrinks>" not in html


def test_the_html_prints_well_and_loads_nothing_from_outside(finished):
    _, box, _ = finished
    box.hand_in()
    html = read(box, ".html")
    assert "@media print" in html and "break-inside: avoid" in html
    assert "<script" not in html and "http" not in html


def test_the_hand_in_is_offered_as_downloads_with_their_file_names(finished):
    _, box, _ = finished
    box.hand_in()
    assert [f["href"].split(";")[0] for f in box.files] == ["data:text/html", "data:text/markdown"]
    assert box.status.startswith("Handed in")


def test_a_hand_in_message_from_the_front_end_writes_the_files(finished):
    climate, box, _ = finished
    box._on_message(box, {"type": "hand_in"}, [])
    assert (climate.folder / "hand-in" / "01_climate-ada-lovelace.md").exists()


def test_the_hand_in_button_reads_as_text_where_widgets_cannot_run(finished):
    _, box, _ = finished
    data = box._repr_mimebundle_()
    text = (data[0] if isinstance(data, tuple) else data)["text/plain"]
    assert text.startswith("Hand in:")


def test_each_checkpoint_shows_one_mark(finished):
    _, box, _ = finished
    box.hand_in()
    assert "✓ ✓" not in read(box, ".md") and "- ✓ You read the table." in read(box, ".md")


def test_a_finished_game_also_hands_in_its_result_code_with_the_name(climate):
    from evo_lessons.engine.results import parse_result

    climate.student().name = "Ada"
    game = GameWidget("climate", seed=4, players=2, plot=False)
    game.play_to_end()
    box = climate.hand_in(game)
    box.hand_in()
    (kept,) = climate.work.results
    result = kept["code"]
    assert result.startswith("EVR") and result in read(box, ".md")
    assert "Ada" in json_text(parse_result(result))


def json_text(value) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


def test_a_result_names_its_game_in_the_hand_ins_language():
    from evo_lessons.i18n import speaking
    from evo_lessons.lessons.handin import result_title

    run = {"label": "Explora, corrida 1", "kind": "population", "game": "climate"}
    game = {"label": "Juego", "kind": "game", "game": "adapt_or_die"}
    with speaking("es"):
        assert result_title(run) == "Explora, corrida 1: simulación de población de Clima"
        assert result_title(game) == "Juego: partida de Adáptate o muere"
    assert result_title(run) == "Explora, corrida 1: population run of Climate"
