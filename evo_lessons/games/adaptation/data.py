"""The 66 playing cards of Adaptation, loaded from ``data.toml`` and checked.

Data lives beside the code so that a teacher can read (and change) the deck. The loader turns the
TOML into frozen :class:`Card` values and plain tuples of scores, which is what the rules read in
their hot path: ``SCORES[challenge][card_id]``.
"""

# i18n: developer-only: data.toml's loader: its errors are for whoever edits the English data file
# (a game author); the words it shows a student come from data.toml through data_text() or are
# marked with pN_()

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

#: the three challenge cards, in a fixed order (their index is used inside the rules)
CHALLENGES: tuple[str, ...] = ("number", "shape", "colour")
#: how many playing cards the rules call for
DECK_SIZE = 66


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: ``count`` identical objects of one shape and one colour."""

    id: int
    count: int
    shape: str
    colour: str
    shape_score: int
    colour_score: int

    def score(self, challenge: str) -> int:
        """The card's score under a challenge ("number", "shape" or "colour")."""
        if challenge == "number":
            return self.count
        if challenge == "shape":
            return self.shape_score
        if challenge == "colour":
            return self.colour_score
        raise ValueError(f"unknown challenge {challenge!r}; choose one of {list(CHALLENGES)}")

    @property
    def scores(self) -> tuple[int, int, int]:
        """(number, shape, colour) scores."""
        return (self.count, self.shape_score, self.colour_score)

    def __str__(self) -> str:
        from .words import card_label  # (the words module reads no data: no cycle)

        return card_label(self.count, self.shape, self.colour)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "count": self.count,
            "shape": self.shape,
            "colour": self.colour,
            "scores": {
                "number": self.count,
                "shape": self.shape_score,
                "colour": self.colour_score,
            },
            "label": str(self),
        }


def parse_deck(data: dict[str, Any]) -> tuple[Card, ...]:
    """Check the parsed TOML and build the cards; a ValueError says what is wrong."""
    try:
        shape_scores = data["scores"]["shape"]
        colour_scores = data["scores"]["colour"]
        rows = data["deck"]["cards"]
    except (KeyError, TypeError) as error:
        raise ValueError(
            f"data.toml needs [scores.shape], [scores.colour] and [deck] cards: missing {error}"
        ) from None
    for table, name in ((shape_scores, "shape"), (colour_scores, "colour")):
        for key, value in table.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"the {name} score of {key!r} must be a whole number >= 1")
    if not isinstance(rows, list) or len(rows) != DECK_SIZE:
        count = len(rows) if isinstance(rows, list) else "no"
        raise ValueError(f"the deck must hold exactly {DECK_SIZE} cards, data.toml has {count}")
    cards = []
    for number, row in enumerate(rows):
        if not isinstance(row, dict) or set(row) != {"count", "shape", "colour"}:
            raise ValueError(f"card {number} must have exactly count, shape and colour: {row!r}")
        count, shape, colour = row["count"], row["shape"], row["colour"]
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 9:
            raise ValueError(f"card {number}: count must be a whole number from 1 to 9")
        if shape not in shape_scores:
            raise ValueError(
                f"card {number}: unknown shape {shape!r}; known {sorted(shape_scores)}"
            )
        if colour not in colour_scores:
            raise ValueError(
                f"card {number}: unknown colour {colour!r}; known {sorted(colour_scores)}"
            )
        cards.append(Card(number, count, shape, colour, shape_scores[shape], colour_scores[colour]))
    return tuple(cards)


def load_deck() -> tuple[Card, ...]:
    """The deck described by this package's ``data.toml``."""
    text = resources.files(__package__).joinpath("data.toml").read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"data.toml is not valid TOML: {error}") from None
    return parse_deck(data)


#: every playing card, indexed by id
CARDS: tuple[Card, ...] = load_deck()
#: SCORES[challenge index][card id]: the fast table the rules and bots read
SCORES: tuple[tuple[int, ...], ...] = tuple(
    tuple(card.scores[index] for card in CARDS) for index in range(len(CHALLENGES))
)
