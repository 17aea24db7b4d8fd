"""The student Binder image holds no teacher file and nothing that brings one back (F9): the
repository cloned with its git history, put through binder/postBuild as repo2docker runs it,
then every file a student can open listed and read."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from .helpers import REPO, normalise

TEACHER = REPO / "teacher"


def teacher_sentences() -> list[str]:
    """Sentences only the teacher edition holds: every teaching note, every keyed line of the
    lesson plans and diagnostics (long enough to be unmistakable)."""
    found: list[str] = []
    for notes in (TEACHER / "notes").glob("*.toml"):
        table = tomllib.loads(notes.read_text(encoding="utf-8"))
        texts = [v for v in table.values() if isinstance(v, str)]
        texts += [v for t in table.values() if isinstance(t, dict) for v in t.values()
                  if isinstance(v, str)]  # fmt: skip
        texts += [v.get("notes", "") for t in table.values() if isinstance(t, dict)
                  for v in t.values() if isinstance(v, dict)]  # fmt: skip
        found += [s for text in texts for s in re.split(r"(?<=[.!?])\s+", normalise(text))]
    for plan in [*(TEACHER / "lesson_plans").glob("*.md"), *(TEACHER / "handouts").glob("*.md")]:
        for line in plan.read_text(encoding="utf-8").splitlines():
            if "answer" in line.lower() or "key" in line.lower():
                found.append(normalise(line.strip("-*> ")))
    return sorted({s for s in found if len(s) >= 50})


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    """The repository as Binder clones it (git history included), after binder/postBuild."""
    if shutil.which("git") is None:
        pytest.skip("needs git")
    root = tmp_path_factory.mktemp("clone")
    image = root / "repo"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(REPO), str(image)], check=True)
    assert (image / ".git").is_dir() and (image / "teacher").is_dir()  # before: all there
    prefix = root / "prefix"
    shim = prefix / "bin"
    shim.mkdir(parents=True)
    (shim / "python").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    (shim / "python").chmod(0o755)
    env = {"PATH": f"{shim}:/usr/bin:/bin", "HOME": str(root), "NB_PYTHON_PREFIX": str(prefix),
           "PYTHONPATH": str(REPO)}  # fmt: skip
    subprocess.run(["bash", "binder/postBuild"], cwd=image, env=env, check=True)
    return image, prefix


def everything(folder) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


def test_the_student_image_keeps_no_git_history_nor_any_repository_to_restore(image):
    folder, _prefix = image
    paths = everything(folder)
    assert not [p for p in paths if p == ".git" or p.startswith(".git/") or "/.git" in p]
    assert not [p for p in paths if p.endswith((".pack", ".idx", "packed-refs", ".bundle"))]


def test_the_student_image_holds_only_lessons_the_package_and_its_docs(image):
    folder, _prefix = image
    top = {p.split("/")[0] for p in everything(folder)}
    assert top <= {"notebooks", "evo_lessons", "docs", "binder", "README.md", "LICENSE",
                   "pyproject.toml", ".gitignore"}, top  # fmt: skip
    assert "teacher" not in top and ".binder-teacher" not in top and "tests" not in top


def test_no_file_a_student_can_open_holds_a_teaching_note_or_a_key(image):
    folder, _prefix = image
    sentences = teacher_sentences()
    assert len(sentences) > 40  # the check has something to find
    leaks = {}
    for name in everything(folder):
        path = folder / name
        if not path.is_file() or name.endswith((".png", ".pyc")):
            continue
        text = normalise(path.read_text(encoding="utf-8", errors="ignore"))
        found = [s for s in sentences if s in text]
        if found:
            leaks[name] = found[:1]
    assert leaks == {}


def test_the_student_image_turns_the_terminal_off_and_installs_no_puller(image):
    folder, prefix = image
    config = prefix / "etc" / "jupyter"
    student = json.loads((config / "jupyter_server_config.json").read_text())
    assert student == {"ServerApp": {"terminals_enabled": False}}
    # and the server really reads it (a jupyter_server_config.d/ file would be ignored)
    shown = subprocess.run(
        [str(Path(sys.executable).with_name("jupyter")), "server", "--show-config"],
        env={**os.environ, "JUPYTER_CONFIG_PATH": str(config), "JUPYTER_CONFIG_DIR": str(prefix)},
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout  # fmt: skip
    assert ".terminals_enabled = False" in shown
    assert "nbgitpuller" not in (folder / "binder" / "requirements.txt").read_text()


def test_the_local_student_launch_turns_the_terminal_off_and_the_teachers_keeps_it():
    from evo_lessons.lessons.launch import command

    assert "--ServerApp.terminals_enabled=False" in command(teacher=False)
    assert "--ServerApp.terminals_enabled=False" not in command(teacher=True)
