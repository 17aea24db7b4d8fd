"""A hand-in's seal: its last line, a machine-readable copy of the work with a SHA-256 checksum
over the whole file.

The Hand in box writes it (:mod:`evo_lessons.lessons.handin`), a restore reads the work back
from it (:mod:`evo_lessons.lessons.restore`), and class pooling reads a hand-in only while it is
intact (:mod:`evo_lessons.classroom.handins`), so the one definition lives here, below both.
The checksum catches a file edited in a text editor or damaged on the way, not a student who
recomputes it with Python (the teacher docs say so).
"""

from __future__ import annotations

import hashlib
import re

#: the seal's marker (the number is the format's version)
WORK_MARKER = "evo-work:1"

_SEAL = re.compile(
    r"<!-- " + re.escape(WORK_MARKER) + r" sha256=([0-9a-f]{64}) ([A-Za-z0-9+/=]{1,12000000}) -->"
    r"[ \t\r\n]*\Z"
)


def normalised(text: str) -> str:
    """A file's text as the checksum sees it: any line endings, no trailing spaces."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(line.rstrip() for line in lines).strip("\n")


def checksum(payload: str, body: str) -> str:
    """SHA-256 over the copy and the rest of the file (normalised): an edit anywhere shows."""
    return hashlib.sha256(f"{payload}\n{normalised(body)}".encode()).hexdigest()


def seal_line(payload: str, body: str) -> str:
    """The last line that seals ``body`` with the work's ``payload``."""
    return f"<!-- {WORK_MARKER} sha256={checksum(payload, body)} {payload} -->\n"


def seal_of(text: str) -> tuple[int, str, str] | None:
    """Where the seal starts, its checksum and its payload; None if the file has none."""
    start = text.rfind(f"<!-- {WORK_MARKER} ")
    found = _SEAL.match(text, start) if start >= 0 else None
    return None if found is None else (start, found.group(1), found.group(2))


def seal_intact(text: str) -> bool:
    """Whether a hand-in's text is exactly as the Hand in box wrote it (line endings and
    trailing spaces aside): its seal is there and its checksum matches the whole file. Class
    pooling reads a hand-in only then, so a results section edited by hand is never pooled."""
    seal = seal_of(text)
    return seal is not None and checksum(seal[2], text[: seal[0]]) == seal[1]
