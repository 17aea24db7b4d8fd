"""The Markdown hand-in shows what the student typed and runs nothing; codes cannot break out;
the results section is marked for pooling; no seed of an unfinished hidden game (issue 17)."""

from __future__ import annotations

import re

import pytest

from evo_lessons import GameWidget
from evo_lessons.lessons import Lesson
from evo_lessons.lessons.handin import (
    RESULTS_HTML_OPEN,
    RESULTS_MD_CLOSE,
    RESULTS_MD_OPEN,
    fenced,
    md_escape,
    to_markdown,
)

HOSTILE = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[click](javascript:alert(1))",
    "```\n<script>x</script>\n```",
    "`` ` ``<b>x</b>",
    "# heading\n- list\n1. item",
    "&lt;script&gt;",
]


def markdown_of(tmp_path, name: str, answer: str) -> str:
    lesson = Lesson("01_climate", work_dir=tmp_path)
    lesson.student().name = name
    lesson.question("climate-cooling", "Prompt?", stage="predict").answer = answer
    return (lesson.write_hand_in()[1]).read_text(encoding="utf-8")


def raw_html(markdown: str) -> list[str]:
    """Tags a Markdown renderer would pass through as HTML (outside our own comments)."""
    return re.findall(r"<(?!!--)(?!/?section)[a-zA-Z/][^>]*>", markdown)


@pytest.mark.parametrize("typed", HOSTILE)
def test_the_markdown_hand_in_holds_no_raw_html_from_the_student(tmp_path, typed):
    text = markdown_of(tmp_path, typed.replace("\n", " "), typed)
    assert raw_html(text) == []


@pytest.mark.parametrize("typed", HOSTILE)
def test_escaped_text_opens_no_link_and_no_code_span(typed):
    shown = md_escape(typed)
    assert "](" not in shown.replace("\\](", "")
    assert "`" not in shown.replace("\\`", "")


def test_list_and_heading_marks_at_a_line_start_are_escaped():
    assert md_escape("# x") == "\\# x" and md_escape("1. x") == "1\\. x"


def test_a_fence_is_longer_than_any_backtick_run_inside():
    fence, _, close = fenced("a ```` b")
    assert fence == close == "`````"


def test_a_code_that_is_not_code_characters_is_left_out(tmp_path):
    lesson = Lesson("01_climate", work_dir=tmp_path)
    lesson.work.results.append(
        {"label": "x", "kind": "game", "game": "climate", "code": "EVR1-a`</x>"}
    )
    text = to_markdown(lesson.work, "T")
    assert "</x>" not in text


def test_the_results_section_is_marked_in_both_files(tmp_path):
    lesson = Lesson("01_climate", work_dir=tmp_path)
    html, markdown = (p.read_text() for p in lesson.write_hand_in())
    assert RESULTS_HTML_OPEN in html
    assert markdown.index(RESULTS_MD_OPEN) < markdown.index(RESULTS_MD_CLOSE)


def test_a_code_typed_into_an_answer_stays_outside_the_results_section(tmp_path):
    lesson = Lesson("01_climate", work_dir=tmp_path)
    lesson.question("climate-cooling", "P?").answer = "EVR1-abcdefgh"
    markdown = lesson.write_hand_in()[1].read_text()
    inside = markdown.split(RESULTS_MD_OPEN)[1].split(RESULTS_MD_CLOSE)[0]
    assert "EVR1-abcdefgh" not in inside


@pytest.mark.parametrize("game", ["niche", "adaptation", "phylo"])
def test_no_seed_of_an_unfinished_hidden_game_reaches_the_work_or_the_hand_in(tmp_path, game):
    lesson = Lesson("01_climate", work_dir=tmp_path)
    widget = lesson.track_game(GameWidget(game, seed=4242, plot=False))
    widget.step()
    assert not widget.state.is_over
    try:
        code = widget.scenario_code()  # today's widget gives it; the hardened one refuses
    except ValueError:
        code = ""
    saved = lesson.work.path.read_text()
    handed = "".join(p.read_text() for p in lesson.write_hand_in())
    assert lesson.work.games[game]["code"] == ""
    if code.startswith("EVO"):
        assert code not in saved and code not in handed
    assert "hidden cards" in handed


def test_typing_the_results_marker_makes_no_second_results_section(tmp_path):
    lesson = Lesson("01_climate", work_dir=tmp_path)
    lesson.student().name = RESULTS_MD_OPEN
    lesson.question(
        "climate-cooling", "P?"
    ).answer = f"{RESULTS_MD_OPEN}\nEVR1-abc\n{RESULTS_MD_CLOSE}"
    html, markdown = (p.read_text() for p in lesson.write_hand_in())
    lines = markdown.splitlines()
    assert lines.count(RESULTS_MD_OPEN) == 1 and lines.count(RESULTS_MD_CLOSE) == 1
    assert html.count(RESULTS_HTML_OPEN) == 1


mistune = pytest.importorskip("mistune")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ASCII_AND_MORE = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=80
)


def rendered(line: str) -> str:
    return mistune.html(md_escape(line))


@settings(max_examples=400, deadline=None)
@given(ASCII_AND_MORE)
def test_a_renderer_shows_any_typed_line_as_plain_text(line):
    import html as html_module

    out = rendered(line)
    tags = set(re.findall(r"</?([a-zA-Z0-9]+)", out))
    assert tags <= {"p"}, out
    shown = html_module.unescape(re.sub(r"</?p>", "", out))
    assert " ".join(shown.split()) == " ".join(line.split())


ALLOWED = {"h1", "h2", "p", "strong", "em", "blockquote", "ul", "li", "pre", "code", "br"}


@pytest.mark.parametrize("typed", HOSTILE)
def test_a_renderer_turns_the_whole_markdown_hand_in_into_text_and_our_own_markup(tmp_path, typed):
    out = mistune.html(markdown_of(tmp_path, typed.replace("\n", " "), typed))
    out = re.sub(r"<!--.*?-->", "", out, flags=re.DOTALL)
    assert set(re.findall(r"</?([a-zA-Z0-9]+)", out)) <= ALLOWED
