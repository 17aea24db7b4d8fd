"""A class period and its follow-up, played as a student in a real browser, for every lesson.

One test per lesson (issue 18 section 8): open the lesson in JupyterLab, type a name, Run All
and see no result before its prediction (the placeholder line stands in its place), write and
save a prediction and see its result appear without re-running, play (the game to its end, or
ten generations of a population), Hand in, reload the page, restart the kernel and find the work
back, reopen the notebook after its kernel has gone (one line to run the cells, no widget error
box), then restore from the hand-in file (the upload box under the name) into a fresh work folder
(period two on another machine: a new browser): the answer comes back into its box, its
results open, and a second Hand in holds the same answer and result codes. No console error
anywhere.

What the notebook holds (its questions, which results wait for which predictions) is read from
the notebook itself, so the test follows the lesson as it is edited. Every wait is on a
condition (see lab.py); each step's seconds are listed at the end of the run (conftest.py),
with pytest-xdist too.

The session's JupyterLab (conftest.py: the student launch's reopen hook on) serves them; each
lesson gets its own folders (its own kernel and ``.evo_work``), so the lessons are independent
of their order and of the other tests.

Every lesson is opened, gated, predicted, played and handed in on every run. The steps after
the hand-in (reload, restart + Run All, reopen with a new kernel, a fresh folder restored from
the hand-in) test the work file, the reopen hook and restore, which are the same code for every
lesson, and cost two thirds of a period's CPU (two more Run Alls of the whole lesson): they run
for the lessons :func:`full_walk_lessons` picks (``.ci/run --full``: all of them; otherwise the
lessons the commit changes, or one lesson chosen by the commit's hash, so every lesson gets its
whole walk every few commits).
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from .lab import REPO, STEP_SECONDS, JupyterLab, LabPage

pytestmark = pytest.mark.browser

#: the numbered lessons (01_climate, ..., 10_...): others in notebooks/ are not lessons
LESSONS = sorted(p.stem for p in (REPO / "notebooks").glob("*.ipynb") if re.match(r"\d\d_", p.name))
PLACEHOLDER = "Write and save your prediction above; the result appears here"
STUDENT = "Ada Period"
RESULT_CODE = re.compile(r"EVR\d*-[A-Za-z0-9_-]+")
#: ``1``: every lesson walks the whole period (``.ci/run --full`` sets it)
FULL = "EVO_CI_FULL"
#: the lessons that walk the whole period, comma-separated (``.ci/run`` sets it from the diff)
WHOLE_WALK = "EVO_PERIOD_LESSONS"
#: output areas showing the placeholder, innermost only (a result box may sit in an Output)
INNERMOST = """[...document.querySelectorAll('.jp-OutputArea-output')].filter(
    (n) => n.textContent.includes(text) && ![...n.querySelectorAll('.jp-OutputArea-output')]
        .some((inner) => inner.textContent.includes(text)))"""


# -- what the notebook holds -------------------------------------------------------------


def _strings(call: ast.Call) -> list[str]:
    return [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]


def lesson_plan(lesson: str) -> dict:
    """Questions (id -> prompt, stage) and the question ids each result cell waits for."""
    notebook = json.loads((REPO / "notebooks" / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    questions: dict[str, tuple[str, str]] = {}
    gated: list[tuple[str, ...]] = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        tree = ast.parse("\n".join(line for line in source.splitlines() if line[:1] not in "%!"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "question":
                question_id, prompt = _strings(node)[:2]
                stage = next((k.value.value for k in node.keywords if k.arg == "stage"), "think")
                questions[question_id] = (prompt, stage)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for decorator in node.decorator_list:
                    if isinstance(decorator, ast.Call) and getattr(decorator.func, "id", "") in (
                        "result",
                    ):
                        gated.append(tuple(_strings(decorator)))
    sources = ["".join(c["source"]) for c in notebook["cells"]]
    tracked = any(m in s for m in ("track_game(", "lesson_game(") for s in sources)
    return {"questions": questions, "gated": gated, "tracks_a_game": tracked}


def first_prediction(plan: dict) -> str:
    """The question the test answers: the first one a result waits for, else the first."""
    if plan["gated"]:
        return plan["gated"][0][0]
    return next(iter(plan["questions"]))


def waiting(plan: dict, saved: set[str]) -> int:
    """How many result cells still show the placeholder once ``saved`` are saved."""
    return sum(1 for ids in plan["gated"] if not set(ids) <= saved)


def _commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def full_walk_lessons(lessons: list[str] = LESSONS) -> set[str]:
    """The lessons that walk the whole period: all with ``EVO_CI_FULL=1``; those named in
    ``EVO_PERIOD_LESSONS``; else one, chosen by the commit's hash (every lesson in turn, the
    same one on every xdist worker); all of them outside a git checkout."""
    if os.environ.get(FULL, "") == "1":
        return set(lessons)
    named = {name.strip() for name in os.environ.get(WHOLE_WALK, "").split(",") if name.strip()}
    if named & set(lessons):
        return named & set(lessons)
    commit = _commit()
    if not re.fullmatch(r"[0-9a-f]{7,64}", commit):
        return set(lessons)
    return {lessons[int(commit[:12], 16) % len(lessons)]}


# -- the page ------------------------------------------------------------------------------


class Student:
    """One student's page, with the steps of the period as methods (timed)."""

    def __init__(self, chromium, lab: JupyterLab, lesson: str) -> None:
        self.chromium, self.lab, self.lesson = chromium, lab, lesson
        self.tab = LabPage(chromium, lab)
        self.page = self.tab.page
        self.times: dict[str, float] = {}
        self.console_errors: list[str] = []
        self.outside_requests: list[str] = []

    def new_machine(self) -> None:
        """Period two on another computer: the kernels stop, a new browser opens (nothing
        cached, no storage)."""
        self.close()
        self.tab = LabPage(self.chromium, self.lab, new_machine=True)
        self.page = self.tab.page

    def timed(self, step: str, action, *args):
        start = time.perf_counter()
        value = action(*args)
        self.times[step] = round(time.perf_counter() - start, 1)
        return value

    def folder(self, name: str) -> Path:
        folder = Path(self.lab.root) / name
        folder.mkdir()
        shutil.copy(REPO / "notebooks" / f"{self.lesson}.ipynb", folder)
        return folder

    def open_and_run(self, folder: Path) -> None:
        self.tab.open_notebook(f"{folder.name}/{self.lesson}.ipynb")
        self.tab.run_all()
        self.page.locator(".evo-lesson-student input.evo-lesson-name").wait_for(timeout=60_000)

    def placeholders(self) -> int:
        return self.page.evaluate(f"([text]) => {INNERMOST}.length", [PLACEHOLDER])

    def wait_for_placeholders(self, count: int) -> None:
        self.page.wait_for_function(
            f"([text, count]) => {INNERMOST}.length === count",
            arg=[PLACEHOLDER, count],
            timeout=120_000,
        )

    def type_name(self, name: str) -> None:
        box = self.page.locator(".evo-lesson-student")
        box.locator("input.evo-lesson-name").fill(name)
        self.page.wait_for_function(
            "(el) => el.querySelector('.evo-lesson-status').textContent === 'Saved.'",
            arg=box.element_handle(),
            timeout=60_000,
        )

    def question(self, prompt: str):
        return self.page.locator(".evo-lesson-question", has_text=prompt[:60]).first

    def answer(self, prompt: str, text: str) -> None:
        question = self.question(prompt)
        question.locator("textarea").fill(text)
        self.page.wait_for_function(
            "(el) => el.querySelector('.evo-lesson-status').textContent === 'Saved.'",
            arg=question.element_handle(),
            timeout=60_000,
        )

    def play(self) -> None:
        """The student's game to its end, ten generations of the lesson's population, or (a
        lesson of field data, 07) the hand-fit slider moved from the keyboard."""
        games = self.page.locator(".evo-root")
        populations = self.page.locator(".evo-pop")
        sliders = self.page.locator(".widget-slider")
        if not games.count() and not populations.count():
            assert sliders.count(), f"{self.lesson}: nothing to play (no game, population, slider)"
            handle = sliders.first.locator(".noUi-handle").first
            handle.focus()
            for _ in range(3):
                self.page.keyboard.press("ArrowRight")
        elif games.count():
            game = games.first
            game.get_by_role("button", name="Play to end", exact=True).click()
            self.page.wait_for_function(
                "(el) => el.textContent.includes('The game is over.')",
                arg=game.element_handle(),
                timeout=300_000,
            )
        else:
            population = populations.first
            population.get_by_role("button", name="Step 10 generations").click()
            self.page.wait_for_function(
                "(el) => Number(el.dataset.generation) >= 10",
                arg=population.element_handle(),
                timeout=120_000,
            )
        self.tab.wait_until_idle()

    def hand_in(self, folder: Path) -> str:
        """Press Hand in; the Markdown file it writes, as text."""
        box = self.page.locator(".evo-lesson-handin-box").last
        box.locator("button.evo-lesson-handin").click()
        box.locator(".evo-lesson-files a", has_text=".md").wait_for(timeout=120_000)
        (path,) = (folder / "hand-in").glob(f"{self.lesson}-*.md")
        return path.read_text(encoding="utf-8")

    def restore(self, hand_in: Path) -> str:
        """Upload the hand-in file in the lesson's first cell (period two, another machine);
        what the box then says."""
        box = self.page.locator(".evo-lesson-restore")
        box.locator("input[type=file]").set_input_files(str(hand_in))
        said = box.locator(".evo-lesson-restored")
        self.page.wait_for_function(
            "(el) => el.textContent.trim() !== ''", arg=said.element_handle(), timeout=120_000
        )
        self.tab.wait_until_idle()
        return said.text_content()

    def reopen_with_a_new_kernel(self) -> None:
        """Save, let the kernel go (next lesson, a culled Binder, a server restart) and open
        the notebook again from the file browser: Lab reads the saved file into a new tab and
        starts a new kernel, and no cell has run. (The page itself is reloaded in the step
        before, with the kernel still running; here only the notebook is opened again, which
        renders the saved file the same way without loading JupyterLab a second time.)"""
        self.tab.save()
        self.tab.wait_for_replies()  # a kernel shut down under a pending request logs an error
        self.page.evaluate(
            "async () => { await window.jupyterapp.serviceManager.sessions.shutdownAll(); }"
        )
        self.tab.reopen()

    def wait_for_widget_views(self) -> None:
        """Wait until every widget output in the notebook has drawn something (its widget,
        or an error box), so counting error boxes is not early."""
        self.page.wait_for_function(
            """() => [...document.querySelectorAll(
                       '.jp-OutputArea-output[data-mime-type*="widget-view"]')]
                   .every((n) => n.childElementCount > 0)""",
            timeout=120_000,
        )

    def widget_errors(self) -> int:
        return self.page.locator(".jupyter-widgets-error-widget").count()

    def close(self, settled: bool = True) -> None:
        """Stop this page's kernels and close it, keeping what its console said (``settled``:
        after every kernel request has its reply, as a student's pause would)."""
        if self.tab is None:
            return
        if settled:
            self.tab.wait_for_replies()
        self.page.evaluate(
            "async () => { await window.jupyterapp.serviceManager.sessions.shutdownAll(); }"
        )
        self.console_errors += self.tab.console_errors
        self.outside_requests += self.tab.outside_requests
        self.tab.close()
        self.tab = None


@pytest.fixture
def period_lab(jupyter_lab):
    """The session's lab: it runs with the student launch's reopen hook (see conftest.py)."""
    return jupyter_lab


WHOLE = full_walk_lessons()


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_period_and_its_follow_up_lose_nothing_and_show_no_result_early(
    lesson, period_lab, chromium, record_property
):
    whole = lesson in WHOLE
    plan = lesson_plan(lesson)
    target = first_prediction(plan)
    prompt = plan["questions"][target][0]
    prediction = f"My prediction for {target}: it depends on who leaves more offspring."
    student = Student(chromium, period_lab, lesson)
    try:
        first = student.folder(f"period-1-{lesson}")
        student.timed("open + Run All", student.open_and_run, first)
        student.type_name(STUDENT)

        # Run All with nothing saved: every result waits behind its prediction
        assert student.placeholders() == len(plan["gated"]), "a result shows before its prediction"
        # saving the prediction brings its results in by themselves, without re-running
        student.timed("prediction to result", student.answer, prompt, prediction)
        student.wait_for_placeholders(waiting(plan, {target}))

        student.timed("play", student.play)
        handed = student.timed("hand in", student.hand_in, first)
        assert prediction in handed and STUDENT in handed
        codes = set(RESULT_CODE.findall(handed))
        if plan["tracks_a_game"]:
            assert codes, "the finished game's result code is not in the hand-in"
        if not whole:  # the later steps: this commit's other lessons (see full_walk_lessons)
            student.close()
            assert not student.console_errors, f"console errors: {student.console_errors}"
            assert not student.outside_requests, student.outside_requests
            print(f"\n{lesson} (to the hand-in): {json.dumps(student.times)}")
            return

        # a reloaded page (kernel still running): no widget error box
        student.timed("reload", student.tab.reload)
        student.wait_for_widget_views()
        assert student.widget_errors() == 0

        # a restarted kernel and Run All: the work is back, and the result shows at once
        student.tab.restart_kernel()
        student.timed("restart + Run All", student.tab.run_all)
        assert student.question(prompt).locator("textarea").input_value() == prediction
        assert student.placeholders() == waiting(plan, {target})
        assert student.widget_errors() == 0

        # the notebook reopened after its kernel has gone (saved with its widgets on
        # screen): one line to run the cells, no widget error box
        student.timed("reopen, new kernel", student.reopen_with_a_new_kernel)
        student.wait_for_widget_views()
        assert student.widget_errors() == 0
        assert "run the cells" in student.tab.text_of_outputs()

        # period two in a fresh work folder: restore from the hand-in file
        student.new_machine()
        second = student.folder(f"period-2-{lesson}")
        student.timed("fresh folder + Run All", student.open_and_run, second)
        assert student.question(prompt).locator("textarea").input_value() == ""
        (hand_in_file,) = (first / "hand-in").glob(f"{lesson}-*.md")
        said = student.timed("restore", student.restore, hand_in_file)
        assert "✗" not in said, said
        # the boxes refresh by themselves: the answer, and the results it opens
        student.page.wait_for_function(
            "([el, text]) => el.value === text",
            arg=[student.question(prompt).locator("textarea").element_handle(), prediction],
            timeout=60_000,
        )
        student.wait_for_placeholders(waiting(plan, {target}))
        again = student.hand_in(second)
        assert prediction in again and STUDENT in again
        assert codes <= set(RESULT_CODE.findall(again)), "a game was lost in the restore"

        student.close()
        assert not student.console_errors, f"console errors: {student.console_errors}"
        assert not student.outside_requests, student.outside_requests
        print(f"\n{lesson}: {json.dumps(student.times)}")
    finally:
        record_property(STEP_SECONDS, student.times)  # shown at the end (conftest.py)
        student.close(settled=False)
