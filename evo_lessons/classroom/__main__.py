"""``python -m evo_lessons.classroom example [--students N] [--out PATH]``: write the example
class's result codes (see :mod:`evo_lessons.classroom.example`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from evo_lessons.i18n import command_line_lang, pgettext, speaking

from .example import EXAMPLE_FILE, write_example


def main(argv: list[str] | None = None) -> None:
    """In the command line's language (EVO_LESSONS_LANG, the POSIX locale, English); the file
    it writes is the same in every language."""
    with speaking(command_line_lang()):
        parser = argparse.ArgumentParser(prog="python -m evo_lessons.classroom")
        commands = parser.add_subparsers(dest="command", required=True)
        example = commands.add_parser(
            "example", help=pgettext("command line", "write the example class's result codes")
        )
        example.add_argument("--students", type=int, default=30)
        example.add_argument("--out", type=Path, default=EXAMPLE_FILE)
        args = parser.parse_args(argv)
        path = write_example(args.out, args.students)
        print(pgettext("command line", "wrote {path}").format(path=path))


if __name__ == "__main__":
    main()
