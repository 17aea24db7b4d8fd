"""docs/writing_a_game.md stays true: its quoted code is the example game's code, verbatim.

Every fenced block of the guide whose first line names a file (``# tests/example_game/rules.py``)
must appear, line for line, in that file; every file of the example game is quoted; and every
path and link the guide gives exists. Change the example game and this test says which quote to
update.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
GUIDE = REPO / "docs" / "writing_a_game.md"
EXAMPLE = Path(__file__).resolve().parent
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.S | re.M)
NAMED = re.compile(r"^(?:#|//) (tests/\S+)$")


def quotes() -> list[tuple[str, str]]:
    """(file, quoted text) for every block of the guide that names its file."""
    found = []
    for match in FENCE.finditer(GUIDE.read_text(encoding="utf-8")):
        first, _, body = match.group(2).partition("\n")
        named = NAMED.match(first)
        if named:
            found.append((named.group(1), body))
    return found


@pytest.mark.parametrize(("path", "text"), quotes(), ids=lambda v: v if "\n" not in v else "")
def test_each_quote_in_the_guide_is_in_its_file_verbatim(path, text):
    source = (REPO / path).read_text(encoding="utf-8")
    assert text in source, f"the guide's quote of {path} no longer matches the file: update it"


def test_the_guide_quotes_every_file_of_the_example_game():
    quoted = {path for path, _ in quotes()}
    files = {
        str(p.relative_to(REPO))
        for p in EXAMPLE.iterdir()
        if p.suffix in (".py", ".js", ".toml") and not p.name.startswith("test_")
    }
    assert files - quoted == set()


def test_every_path_and_link_in_the_guide_exists():
    text = GUIDE.read_text(encoding="utf-8")
    paths = re.findall(r"`((?:tests|evo_lessons|benchmarks|docs|notebooks)/[\w./-]*)`", text)
    links = re.findall(r"\]\(([^)#:]+)\)", text)
    missing = [p for p in paths if not (REPO / p).exists()]
    missing += [link for link in links if not (GUIDE.parent / link).exists()]
    assert paths and missing == []
