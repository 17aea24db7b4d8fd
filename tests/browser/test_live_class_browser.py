"""A live class end to end: a lesson in JupyterLab joins from its name box and plays a counted
game to its end by clicks, while the teacher's live page (a second browser) counts it.

The class service runs in the test's process (a free 127.0.0.1 port), as ``evo-teacher class
serve`` would on the teacher's laptop; the student's kernel reaches it over HTTP.
"""

from __future__ import annotations

import json

import pytest
from service.helpers import call, status_says

from .lab import notebook_of, wait_for_move

pytestmark = pytest.mark.browser

#: a folder per language: a lesson's work folder keeps its student (and seat) between tests
FOLDER = "live-class-{lang}"
NOTEBOOK = FOLDER + "/live_class.ipynb"
CELLS = [
    "from evo_lessons.lessons import start_lesson, student\n"
    "from evo_lessons.lessons import class_seat\n"
    'start_lesson("01_climate", lang="{lang}")\n'
    "student()",
    'game = class_seat().game("climate", players=2)\ngame',
]
#: what the student and the teacher read, in each language (the lesson's; the page's ?lang=)
SAYS = {
    "en": {"name": "Ada Lovelace", "saved": "Saved.",
           "joined": "Joined your class as Ada Lovelace", "served": "counted game",
           "seed": "dealt by your class", "counted": "Counted by your class",
           "none": "0 counted", "one": "1 counted"},
    "es": {"name": "Zoë Núñez", "saved": "Guardado.",
           "joined": "Te uniste a tu clase como Zoë Núñez", "served": "partida que cuenta",
           "seed": None, "counted": "Contada por tu clase",
           "none": "0 partidas que cuentan", "one": "1 partida que cuenta"},
}  # fmt: skip


def _write_notebook(root, lang: str) -> None:
    folder = root / FOLDER.format(lang=lang)
    folder.mkdir(exist_ok=True)
    notebook = notebook_of([source.replace("{lang}", lang) for source in CELLS])
    (root / NOTEBOOK.format(lang=lang)).write_text(json.dumps(notebook), encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_lesson_joins_and_its_counted_game_fills_the_teachers_page(
    lab_page, jupyter_lab, chromium, live, lang
):
    """In English, and in a Spanish lesson beside a Spanish live page: the student's sentences
    (the kernel's and the class service's) and the teacher's page in the language."""
    says = SAYS[lang]
    _write_notebook(jupyter_lab.root, lang)
    page = lab_page.page
    lab_page.open_notebook(NOTEBOOK.format(lang=lang))
    lab_page.run_through("student()")

    # the student types a name, opens "Join your class", and joins with the teacher's code
    page.locator(".evo-lesson-name").fill(says["name"])
    page.locator(".evo-lesson-student .evo-lesson-status", has_text=says["saved"]).wait_for()
    page.locator(".evo-lesson-join-box summary").click()
    page.locator(".evo-lesson-class-url").fill(live.url)
    page.locator(".evo-lesson-class-code").fill(live.join_code)
    page.locator(".evo-lesson-join").click()
    page.locator(".evo-lesson-class-status", has_text=says["joined"]).wait_for(timeout=60_000)

    # the teacher deals the game: a cap on its rounds, so a student who always takes the first
    # choice reaches the end in a bounded number of clicks (with no cap and a fresh seed each
    # run, a game of first choices could outlast the test's 200 clicks)
    status, _ = call(
        live.url,
        "POST",
        "/api/deal",
        {"game": "climate", "seed": 2026, "options": {"max_rounds": 12}},
        live.teacher,
    )
    assert status == 200

    # the teacher's page, on the teacher's own computer
    teacher_context = chromium.new_machine()
    teacher = teacher_context.new_page()
    teacher.goto(f"{live.url}/teacher?token={live.teacher}&lang={lang}")
    status_says(teacher, says["none"])
    assert says["name"] in teacher.inner_text("#grid")  # the projector layout: who is doing what

    lab_page.run_through("class_seat()")
    lab_page.wait_for_widgets(count=1)
    game = page.locator(".evo-root").first
    game.locator(".evo-board .evo-climate-map").wait_for(timeout=60_000)
    served = game.locator(".evo-served-line")
    assert says["served"] in served.text_content()
    # the controls a counted game refuses are not offered
    for hidden in (".evo-undo", ".evo-play", ".evo-game-row", ".evo-seats", ".evo-scenario-row"):
        assert not game.locator(hidden).first.is_visible(), hidden
    if says["seed"]:
        assert game.locator(".evo-seed").text_content() == says["seed"]

    clicks = 0
    while says["counted"] not in (served.text_content() or ""):
        position = game.get_attribute("data-position")
        choice = game.locator(".evo-actions button").first
        choice.click()
        wait_for_move(page, game, position)
        clicks += 1
        assert clicks < 200, "the game did not end"
        assert not game.locator(".evo-error-line").is_visible()
    lab_page.wait_until_idle()

    status_says(teacher, says["one"])
    teacher_context.close()
    assert lab_page.console_errors == []
    assert lab_page.outside_requests == []
