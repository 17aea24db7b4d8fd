"""What students open holds student notebooks and handouts only (issue 17 §2): the student
Binder image (binder/postBuild on the tracked tree) and the student launch's root folder."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from evo_lessons.lessons import available_lessons, load_answers
from evo_lessons.lessons.launch import STUDENT_ROOT, command

from .helpers import LESSON_NOTEBOOKS, NOTEBOOKS, REPO, normalise

TEACHER_ONLY = re.compile(
    r"(^|/)(teacher[^/]*|lesson_plans|[^/]*diagnostic[^/]*|cer_rubric[^/]*|workshop_sweeps[^/]*)"
    r"(/|$)"
)
#: the back of the textbook: the in-lesson model answers ship in the package, by design
PACKAGE_ANSWERS = "evo_lessons/lessons/answers/"
#: the lessons' translations (in the package) hold each model answer's English beside its own
PACKAGE_LOCALE = "evo_lessons/locale/"


def model_answer_sentences() -> list[str]:
    found = []
    for lesson in available_lessons():
        for entry in load_answers(lesson).questions.values():
            found += [
                s for s in re.split(r"(?<=[.!?:;])\s+", normalise(entry.answer)) if len(s) >= 60
            ]
    return found


def tracked_files() -> list[str]:
    """The files a commit of the working tree would hold: tracked ones, and new ones not yet
    added that .gitignore does not leave out (an author's new lesson is checked before git add)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [line for line in listed.splitlines() if (REPO / line).is_file()]


@pytest.fixture(scope="module")
def student_image(tmp_path_factory):
    """The tree a commit would hold copied and put through binder/postBuild (as repo2docker
    would)."""
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("needs the git checkout")
    image = tmp_path_factory.mktemp("binder")
    for name in tracked_files():
        (image / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, image / name)
    prefix = tmp_path_factory.mktemp("prefix")
    shim = prefix / "bin"
    shim.mkdir()
    (shim / "python").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    (shim / "python").chmod(0o755)
    env = {"PATH": f"{shim}:/usr/bin:/bin", "HOME": str(image), "NB_PYTHON_PREFIX": str(prefix)}
    subprocess.run(["bash", "binder/postBuild"], cwd=image, env=env, check=True)
    return image


def files_in(folder) -> list[str]:
    return [p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()]


def test_the_student_image_holds_no_teacher_file(student_image):
    material = [f for f in files_in(student_image) if not f.endswith(".py")]  # code is no key
    assert [f for f in material if TEACHER_ONLY.search(f)] == []


def test_the_student_image_still_holds_every_student_lesson(student_image):
    lessons = sorted(p.name for p in LESSON_NOTEBOOKS)
    assert lessons and all((student_image / "notebooks" / n).is_file() for n in lessons)


def test_the_student_image_holds_no_model_answer_outside_the_package(student_image):
    sentences = model_answer_sentences()
    leaks = {}
    for name in files_in(student_image):
        if name.startswith((PACKAGE_ANSWERS, PACKAGE_LOCALE)) or name.endswith((".png", ".pyc")):
            continue
        text = normalise((student_image / name).read_text(encoding="utf-8", errors="ignore"))
        found = [s for s in sentences if s in text]
        if found:
            leaks[name] = found[:1]
    assert leaks == {}


def test_the_student_image_turns_on_the_reopen_hook(student_image):
    configs = list(student_image.parent.glob("prefix*/etc/jupyter/*/evo_lessons.json"))
    assert configs and '"evo_lessons.jupyter_extension": true' in configs[0].read_text()


def test_nothing_under_notebooks_is_teacher_only():
    inside = [f for f in files_in(NOTEBOOKS) if not f.startswith((".", "hand-in/"))]
    assert [f for f in inside if TEACHER_ONLY.search(f) and ".evo_work" not in f] == []


def test_the_student_root_folder_holds_no_model_answer_text():
    sentences = model_answer_sentences()
    for path in NOTEBOOKS.rglob("*"):
        if path.is_file() and path.suffix in (".ipynb", ".md", ".txt", ".py"):
            text = normalise(path.read_text(encoding="utf-8", errors="ignore"))
            assert not [s for s in sentences if s in text], path


def test_the_student_launch_is_rooted_at_notebooks_and_opens_the_first_lesson():
    line = command()
    assert f"--ServerApp.root_dir={STUDENT_ROOT}" in line
    assert line[-1] == "notebooks/00_start_here.ipynb"
    assert "--ServerApp.jpserver_extensions=evo_lessons.jupyter_extension=True" in line


def test_the_teacher_launch_opens_the_teacher_readme_at_the_repository_root():
    line = command(teacher=True)
    assert "--ServerApp.root_dir=." in line and line[-1] == "teacher/README.md"
    assert (REPO / "teacher" / "README.md").is_file()


def test_the_student_binder_image_installs_no_puller_of_other_repositories():
    assert "nbgitpuller" not in (REPO / "binder" / "requirements.txt").read_text()


def test_a_launch_outside_the_repository_root_says_where_to_run_it(tmp_path, capsys):
    from evo_lessons.lessons.launch import lab

    assert lab(folder=tmp_path) == 2
    assert "repository root" in capsys.readouterr().err


def test_evo_teacher_lab_opens_the_teacher_edition(monkeypatch):
    from evo_lessons.lessons import launch, teacher

    seen = {}
    monkeypatch.setattr(launch, "lab", lambda t, extra: seen.update(teacher=t, extra=extra) or 0)
    monkeypatch.setattr(sys, "argv", ["evo-teacher", "lab", "--port", "8890"])
    assert teacher.console() == 0
    assert seen == {"teacher": True, "extra": ["--port", "8890"]}


def test_the_teacher_binder_link_builds_the_teacher_ref_and_opens_the_teacher_readme():
    from urllib.parse import parse_qs, urlparse

    for doc in (REPO / "teacher" / "README.md", REPO / "README.md"):
        text = doc.read_text(encoding="utf-8")
        (link,) = re.findall(r"https://mybinder\.org/v2/gh/[^>)\s]+teacher-binder[^>)\s]*", text)
        outer = urlparse(link)
        assert outer.path == "/v2/gh/evo-lessons/evo_lessons/teacher-binder"
        assert parse_qs(outer.query)["labpath"] == ["teacher/README.md"]
    assert (REPO / ".binder-teacher" / "requirements.txt").is_file()
