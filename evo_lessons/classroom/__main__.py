"""``python -m evo_lessons.classroom example [--students N] [--out PATH]``: write the example
class's result codes (see :mod:`evo_lessons.classroom.example`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from .example import EXAMPLE_FILE, write_example


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m evo_lessons.classroom")
    commands = parser.add_subparsers(dest="command", required=True)
    example = commands.add_parser("example", help="write the example class's result codes")
    example.add_argument("--students", type=int, default=30)
    example.add_argument("--out", type=Path, default=EXAMPLE_FILE)
    args = parser.parse_args(argv)
    path = write_example(args.out, args.students)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
