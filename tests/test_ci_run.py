"""Which run a commit gets from ``.ci/run`` (its ``--plan``): full when the commit changes the
engine, the service, the population model, a game's rules or data, or pyproject.toml; a
commit's run otherwise, the lessons it changes walking their whole period in the browser."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def plan(tmp_path: Path, changed: list[str], *args: str) -> str:
    """The plan line of ``.ci/run`` in a repository whose last commit changes ``changed``."""
    (tmp_path / ".ci").mkdir()
    shutil.copy(REPO / ".ci" / "run", tmp_path / ".ci" / "run")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("EVO_CI_", "EVO_PERIOD_"))}
    env.update(GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")  # fmt: skip

    def git(*words: str) -> None:
        subprocess.run(["git", *words], cwd=tmp_path, env=env, check=True, capture_output=True)

    git("init", "-q")
    git("add", ".")
    git("commit", "-qm", "first")
    for name in changed:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("changed\n")
    git("add", ".")
    git("commit", "-qm", "second")
    done = subprocess.run(
        ["bash", ".ci/run", "--plan", *args], cwd=tmp_path, env=env, capture_output=True,
        text=True, check=True,
    )  # fmt: skip
    return done.stdout.strip().splitlines()[-1]


@pytest.mark.parametrize(
    "changed",
    [
        ["evo_lessons/engine/state.py"],
        ["evo_lessons/service/db.py"],
        ["evo_lessons/population/model.py"],
        ["evo_lessons/games/niche/rules.py"],
        ["evo_lessons/games/climate/data.toml"],
        ["pyproject.toml"],
    ],
)
def test_a_commit_that_changes_the_models_core_runs_in_full(tmp_path, changed):
    assert plan(tmp_path, changed).startswith("full=1")


def test_a_commit_that_changes_one_lesson_walks_that_lessons_whole_period(tmp_path):
    changed = ["notebooks/02_niche.ipynb", "evo_lessons/games/niche/renderer.js", "README.md"]
    assert plan(tmp_path, changed) == "full=0 period_lessons=02_niche themes=all"


def test_a_commit_that_changes_no_css_or_js_checks_the_layout_in_one_theme(tmp_path):
    line = plan(tmp_path, ["notebooks/02_niche.ipynb"])
    assert line.startswith("full=0 period_lessons=02_niche themes=")
    assert line.rsplit("=", 1)[1] in ("light", "dark")


def test_quick_and_full_override_what_the_commit_changes(tmp_path):
    assert plan(tmp_path, ["evo_lessons/engine/state.py"], "--quick").startswith("full=0")


def test_full_on_request(tmp_path):
    assert plan(tmp_path, ["docs/architecture.md"], "--full") == "full=1 period_lessons= themes=all"
