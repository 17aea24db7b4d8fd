"""Speed machinery for the Climate rules: precomputed tables and interned objects.

A random game takes about ten microseconds a decision, and at that rate building an action or a
sentence for the log costs as much as the rule that needs it. So what the rules use every turn
is made here once: each card's kind, mutation type and label; one object for each distinct
action; and one shared :class:`Event` for each fixed sentence a seat says every turn (a draw, a
roll). ``rules.py``, ``genome.py``, ``mutation_deck.py`` and ``board.py`` import these and read
like the rulebook; nothing here decides anything, it only remembers.

Everything is derived from the game's own definitions (the world and deck of ``data.toml``, the
action classes, the seat names of ``engine/words.py``) and is read-only: events are shared
between games, so nobody may change one after ``apply`` returns it (see ``engine/events.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from evo_lessons.engine import Event
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import per_language, pgettext

from .actions import EndTurn, Move, Place, PlanAhead
from .data import World, world

#: the boards and cards, shared by every game (read-only)
WORLD: World = world()
#: the largest table the rules allow (the ``players`` option's limit): tables cover every seat
MOST_PLAYERS = 5

# -- the cards, as numbers ------------------------------------------------------------------------
MUTATION, NEUTRAL, DELETERIOUS = "mutation", "neutral", "deleterious"


def slot(gene: int, step: int) -> int:
    """Index of a mutation type in a hand's count list: +1 body, -1 body, +1 colour, ..."""
    return gene * 2 + (0 if step > 0 else 1)


#: per card id: its kind ("mutation", "neutral", "deleterious")
CARD_KIND: tuple[str, ...] = tuple(card.kind for card in WORLD.cards)
#: per card id: its mutation type (see ``slot``), or -1 for neutral and deleterious cards
CARD_SLOT: tuple[int, ...] = tuple(
    -1 if card.gene is None else slot(card.gene, card.step) for card in WORLD.cards
)


#: per card id: its label in the log and the hand ("+1 body", "neutral")
@per_language
def card_labels() -> tuple[str, ...]:
    """Per card id, in the current language."""
    return tuple(card.label(WORLD.genes) for card in WORLD.cards)


CARD_LABEL: tuple[str, ...] = card_labels()  # English (tests, data); the log uses card_labels()

# -- interned actions: the legal lists hand out these objects instead of building new ones -------
END_TURN = EndTurn()
#: PLACES[cell] (index 0 unused: cells count from 1)
PLACES: tuple[Place, ...] = tuple(Place(cell) for cell in range(WORLD.cells + 1))
#: PLANS_AHEAD[gene, value, cost]
PLANS_AHEAD: dict[tuple[int, int, int], PlanAhead] = {
    (gene, value, cost): PlanAhead(gene, value, cost)
    for gene in range(3)
    for value in range(1, 5)
    for cost in range(1, 4)
}
#: filled as moves are first offered: at most 63 cells x 64 genomes x a few costs
MOVES: dict[tuple[int, int, int, int, int, bool], Move] = {}


def move(cell: int, genome: Sequence[int], cost: int, stay: bool) -> Move:
    """The one shared :class:`Move` with these values (``genome``: its three gene values)."""
    key = (cell, genome[0], genome[1], genome[2], cost, stay)
    found = MOVES.get(key)
    if found is None:
        found = MOVES[key] = Move(*key)
    return found


# -- the log's fixed sentences, one shared Event per seat (and roll), per language ---------------
def _per_seat(kind: str, sentence: str) -> tuple[Event, ...]:
    return tuple(
        Event(kind, sentence.format(who=seat_name(seat)), seat) for seat in range(MOST_PLAYERS)
    )


@per_language
def draws_a_card() -> tuple[Event, ...]:
    return _per_seat("draw", pgettext("climate log", "{who} draws a mutation card."))


@per_language
def is_dealt_a_card() -> tuple[Event, ...]:
    return _per_seat("draw", pgettext("climate log", "{who} is dealt a mutation card."))


def roll_sentences() -> dict[str, str]:
    """What a roll means, by the situation it is rolled in (the keys of rolls())."""
    return {
        "stays": pgettext(
            "climate log; {who} is a seat, {roll} the die's face",
            "{who} rolls {roll}: the species stays.",
        ),
        "must move": pgettext(
            "climate log; {who} is a seat, {roll} the die's face",
            "{who} rolls {roll}: the species must move to a neighbouring empty cell.",
        ),
        "cannot move": pgettext(
            "climate log; {who} is a seat, {roll} the die's face",
            "{who} rolls {roll} but no neighbouring cell can be reached, so the species stays "
            "(R3).",
        ),
        "stays and adapts": pgettext(
            "climate log; {who} is a seat, {roll} the die's face",
            "{who} rolls {roll}: the species stays and must be adapted to its cell's new habitat.",
        ),
        "may move two": pgettext(
            "climate log; {who} is a seat, {roll} the die's face",
            "{who} rolls {roll}: the species may move up to two steps and must be adapted where "
            "it stops.",
        ),
    }


def _rolls(sentence: str, seat: int) -> tuple[Event, ...]:
    """One seat's roll events, indexed by the face less one (a die shows 1 to 6)."""
    who = seat_name(seat)
    return tuple(
        Event("roll", sentence.format(who=who, roll=roll), seat, {"roll": roll})
        for roll in range(1, 7)
    )


@per_language
def rolls() -> dict[str, tuple[tuple[Event, ...], ...]]:
    """rolls()[situation][seat][roll - 1]: the roll's event (in the current language)."""
    return {
        situation: tuple(_rolls(sentence, seat) for seat in range(MOST_PLAYERS))
        for situation, sentence in roll_sentences().items()
    }
