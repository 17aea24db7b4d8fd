"""A request refused: its HTTP status, a sentence a person can read and a code a program reads.

Its own module so the rulings (which refuse) and the handlers' base (which answers refusals)
both import it without importing each other.

The sentence is in the request's language (the handlers run each request in it: every refusal
is made with ``pgettext`` where it is raised); the ``code`` is the same in every language, and
is what a client decides on (``{"error": sentence, "code": code}``, with ``field`` when the
refusal is about one field of the request).
"""

from __future__ import annotations


class Refused(Exception):
    """A request refused with a status, a sentence a person can read and a stable ``code``
    (``extra``: more machine-readable fields of the answer, such as ``field``)."""

    def __init__(self, status: int, sentence: str, code: str = "refused", **extra: str) -> None:
        super().__init__(sentence)
        self.status, self.sentence, self.code = status, sentence, code
        self.extra = extra

    def answer(self) -> dict[str, str]:
        """The refusal's JSON body."""
        return {"error": self.sentence, "code": self.code, **self.extra}
