"""docs/architecture.md stays true: every path it names exists, every link resolves."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "architecture.md"


def test_every_path_and_link_in_the_architecture_page_exists():
    text = DOC.read_text(encoding="utf-8")
    paths = re.findall(r"`((?:tests|evo_lessons|benchmarks|docs)/[\w./-]*\w)(?:::\w+)?`", text)
    links = re.findall(r"\]\(([^)#:]+)\)", text)
    missing = [p for p in paths if not (REPO / p).exists()]
    missing += [link for link in links if not (DOC.parent / link).exists()]
    assert paths and missing == []
