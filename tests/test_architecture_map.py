"""docs/architecture.md is a map that matches (issue 41.5): every module has a line in it.

The Layout block (the first code block under "## Layout") is a tree: a line's first column
(up to two spaces) holds one or more names (``words.py, stats.py``), indented under the folder
they are in; the text after two spaces says what they are, and a line with no names of that
shape (a description carried on) is skipped. Every module of the package outside a game's own
folder (``games/<name>/``) must be named, ``__init__.py`` files excepted (a folder's line
speaks for it); every folder named must exist, so the map never names what is gone.
"""

from __future__ import annotations

import re
from pathlib import Path

import evo_lessons

ROOT = Path(evo_lessons.__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
PACKAGE = "evo_lessons"
#: one name in a line's first column: a file or a folder (``<name>/`` stands for every game)
NAME = re.compile(r"[\w.<>-]+/?|\.[\w.-]+(/[\w.-]+)?")


def layout_block(text: str) -> list[str]:
    after = text.split("\n## Layout", 1)[1]
    return after.split("```", 2)[1].splitlines()[1:]


def named_paths(lines: list[str]) -> set[str]:
    """Every path the Layout tree names (folders end in /)."""
    named: set[str] = set()
    folders: list[tuple[int, str]] = []  # (indent, path) of the folders above this line
    for line in lines:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        column = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
        names = [name.strip() for name in column.split(",")]
        if not all(NAME.fullmatch(name) for name in names):
            continue  # a description carried on from the line above
        while folders and folders[-1][0] >= indent:
            folders.pop()
        parent = folders[-1][1] if folders else ""
        for name in names:
            path = parent + name
            named.add(path)
            if name.endswith("/") and len(names) == 1:
                folders.append((indent, path))
    return named


def modules() -> list[str]:
    """The package's modules that need a line: outside games/<name>/, no __init__.py."""
    found = []
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        parts = relative.split("/")
        if parts[1] == "games" and len(parts) > 3:
            continue  # a game's own modules: the games/<name>/ line describes them
        if parts[-1] == "__init__.py" and relative != f"{PACKAGE}/__init__.py":
            continue
        found.append(relative)
    return found


def where_to_add(module: str) -> str:
    folder, name = module.rsplit("/", 1)
    depth = folder.count("/")
    return (
        f"under `{folder.split('/', 1)[-1]}/` add the line `{'  ' * depth}  {name}  <what it is>`"
    )


def test_every_module_outside_a_games_folder_has_a_line_in_the_layout():
    named = named_paths(layout_block(DOC.read_text(encoding="utf-8")))
    missing = [module for module in modules() if module not in named]
    assert not missing, "docs/architecture.md's Layout names no:\n" + "\n".join(
        f"  {module}: {where_to_add(module)}" for module in missing
    )


def test_every_folder_the_layout_names_under_the_package_exists():
    named = named_paths(layout_block(DOC.read_text(encoding="utf-8")))
    gone = [
        path
        for path in sorted(named)
        if path.startswith(f"{PACKAGE}/") and "<" not in path and not (ROOT / path).exists()
    ]
    assert not gone, f"docs/architecture.md's Layout names what is not there: {gone}"


def test_the_map_reader_follows_the_tree():
    lines = [
        "evo_lessons/",
        "  engine/               the engine",
        "    words.py, stats.py  names and intervals",
        "                        text.py (a description carried on), not a name",
        "  live/                 the kernel's client",
        "    client.py           one request",
        "tools/                  tools",
    ]
    assert named_paths(lines) == {
        "evo_lessons/",
        "evo_lessons/engine/",
        "evo_lessons/engine/words.py",
        "evo_lessons/engine/stats.py",
        "evo_lessons/live/",
        "evo_lessons/live/client.py",
        "tools/",
    }
