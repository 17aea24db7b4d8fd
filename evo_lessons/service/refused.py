"""A request refused: its HTTP status and a sentence a student can read.

Its own module so the rulings (which refuse) and the handlers' base (which answers refusals)
both import it without importing each other.
"""

from __future__ import annotations


class Refused(Exception):
    """A request refused with a status and a sentence a student can read."""

    def __init__(self, status: int, sentence: str) -> None:
        super().__init__(sentence)
        self.status, self.sentence = status, sentence
