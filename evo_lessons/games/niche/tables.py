"""Speed machinery for the Niche rules: precomputed tables and interned objects.

Random playouts run well over a thousand games a second, and at that rate building an action or
an event sentence costs as much as the rule that needs it. So everything the rules use on every
turn is computed here once: the cards' challenge masks, the pyramid's covering bit masks, one
object for each distinct action, and one shared :class:`Event` for each distinct sentence that
happens every turn. ``rules.py`` and ``gene_pool.py`` import these and read like the rulebook;
nothing here decides anything, it only remembers.

Everything is derived from the rules' own definitions (the cards in ``data.toml``, the pyramid of
ruling R1 in ``pyramid.py``, the action classes) and is read-only: events are shared between
games, so nobody may change one after ``apply`` returns it (see ``engine/events.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from evo_lessons.engine import Event
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import npgettext, per_language, pgettext

from .actions import (
    CARDS,
    ENVIRONMENTS,
    DiscardFromPlay,
    DrawEnvironment,
    DrawFromGenePool,
    PlayCard,
    card_name,
)
from .pyramid import COVERED_BY, FACE_UP_WHEN_DEALT, STACK_SIZE, STACKS

#: the most seats any table has (R13): the interned tables are built for all of them
MOST_PLAYERS = 6

# -- the cards, as numbers ------------------------------------------------------------------------
#: bit c set: the card meets challenge c (0 for event cards, R5)
CARD_MASK = tuple(card.mask for card in CARDS)
#: the event card's effect ("" for trait cards)
CARD_EFFECT = tuple(card.effect for card in CARDS)
#: bit c set: the environment shows challenge c
ENV_MASK = tuple(env.mask for env in ENVIRONMENTS)
REFUGE_CARDS = frozenset(card.id for card in CARDS if card.effect == "refuge")
#: events aimed at another player (R7)
TARGETED_CARDS = frozenset(card.id for card in CARDS if card.target == "other")
#: traits and two-trait cards: the cards that go into a play area as traits
TRAIT_CARDS = frozenset(card.id for card in CARDS if not card.is_event)


# -- the pyramid (R1), as bit masks over a stack's ten positions ----------------------------------
def _covered_positions(present: int) -> int:
    """Bit mask of the positions that have a present card lying on them (R1)."""
    covered = 0
    for pos in range(STACK_SIZE):
        if any(present >> over & 1 for over in COVERED_BY[pos]):
            covered |= 1 << pos
    return covered


#: for every set of present positions (a 10-bit mask), the positions that are covered
COVERED_TABLE = tuple(_covered_positions(present) for present in range(1 << STACK_SIZE))
#: the positions named by each 10-bit mask, in order
POSITIONS_OF = tuple(
    tuple(p for p in range(STACK_SIZE) if mask >> p & 1) for mask in range(1 << STACK_SIZE)
)
FULL_STACK = (1 << STACK_SIZE) - 1
FACE_UP_MASK = sum(1 << pos for pos in range(STACK_SIZE) if FACE_UP_WHEN_DEALT[pos])

# -- interned actions: the legal lists hand out these objects instead of building new ones -------
DRAW_ENVIRONMENT = DrawEnvironment()
#: DRAWS[stack][position][card]
DRAWS = tuple(
    tuple(tuple(DrawFromGenePool(s, p, c) for c in range(len(CARDS))) for p in range(STACK_SIZE))
    for s in range(STACKS)
)
#: PLAYS[card]: play a card with no target
PLAYS = tuple(PlayCard(c) for c in range(len(CARDS)))
#: DISCARDS[card]: discard a card from your play area
DISCARDS = tuple(DiscardFromPlay(c) for c in range(len(CARDS)))
#: AIMED[card][seat]: play an event card on another seat (Parasite, Population crash)
AIMED = {
    card.id: tuple(PlayCard(card.id, seat) for seat in range(MOST_PLAYERS))
    for card in CARDS
    if card.target == "other"
}
#: TAKES[card][seat][taken]: play Gene flow on a seat, copying one of its trait cards (R7)
TAKES = {
    card.id: tuple(
        tuple(PlayCard(card.id, seat, taken) for taken in range(len(CARDS)))
        for seat in range(MOST_PLAYERS)
    )
    for card in CARDS
    if card.effect == "gene_flow"
}


# -- interned events: each distinct sentence of the everyday events is built once ---------------
class PerSeat(dict):
    """Shared events for each seat, built on the seat's first use: ``table[seat][...]``.

    The three events of every turn are looked up in nested lists (the cheapest look-up there
    is), built for a seat when that seat first acts rather than for all six at import."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[[int], list]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, seat: int) -> list:
        table = self[seat] = self.build(seat)
        return table


class Interned(dict):
    """Shared events built on first use: ``table[key]`` is ``build(*key)`` (the rarer ones)."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[..., Event]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: tuple[Hashable, ...]) -> Event:
        event = self[key] = self.build(*key)
        return event


def _draw(player: int, stack: int, position: int, card: int) -> Event:
    return Event(
        "draw",
        pgettext("niche log", "{who} draws {card} from gene pool {n}.").format(
            who=seat_name(player), card=card_name(card), n=stack + 1
        ),
        player,
        {"card": card, "stack": stack, "position": position},
    )


def _play_trait(player: int, card: int) -> Event:
    return Event(
        "play",
        pgettext("niche log", "{who} plays {card}.").format(
            who=seat_name(player), card=card_name(card)
        ),
        player,
        {"card": card},
    )


def _discard(player: int, card: int) -> Event:
    return Event(
        "discard",
        pgettext("niche log", "{who} discards {card} from their play area.").format(
            who=seat_name(player), card=card_name(card)
        ),
        player,
        {"card": card},
    )


def _rebuild(stack: int, dealt: int) -> Event:
    """A stack dealt again mid-game: how many cards, never which (R15)."""
    return Event(
        "rebuild",
        pgettext(
            "niche log", "Gene pool {n} is rebuilt with {cards} cards from the trait deck."
        ).format(n=stack + 1, cards=dealt),
        None,
        {"stack": stack, "cards": dealt},
    )


def _flip(stack: int, positions: tuple[int, ...], flipped: tuple[int, ...]) -> Event:
    names = pgettext("niche log; between two card names", " and ").join(
        card_name(c) for c in flipped
    )
    return Event(
        "flip",
        npgettext(
            "niche log",
            "In gene pool {n}, {cards} is turned face up.",
            "In gene pool {n}, {cards} are turned face up.",
            len(flipped),
        ).format(n=stack + 1, cards=names),
        None,
        {"stack": stack, "positions": list(positions), "cards": flipped},
    )


_ALL_CARDS = range(len(CARDS))


@per_language
def draw_events() -> PerSeat:
    """draw_events()[player][stack][position][card]: a player draws a gene-pool card."""
    return PerSeat(
        lambda player: [
            [[_draw(player, s, p, c) for c in _ALL_CARDS] for p in range(STACK_SIZE)]
            for s in range(STACKS)
        ]
    )


@per_language
def trait_events() -> PerSeat:
    """trait_events()[player][card]: a player plays a trait card into their play area."""
    return PerSeat(lambda player: [_play_trait(player, c) for c in _ALL_CARDS])


@per_language
def discard_events() -> PerSeat:
    """discard_events()[player][card]: a player discards a card from their play area."""
    return PerSeat(lambda player: [_discard(player, c) for c in _ALL_CARDS])


@per_language
def rebuild_events() -> Interned:
    """rebuild_events()[stack, dealt]: an emptied stack is dealt again (R2)."""
    return Interned(_rebuild)


@per_language
def flip_events() -> Interned:
    """flip_events()[stack, positions, cards]: uncovered face-down cards are turned face up."""
    return Interned(_flip)
