"""Speed machinery for Phylo: compatibility as bitmasks, grid geometry, shared action objects.

The rules modules state the rules; this module precomputes them once per process so that a
random playout asks "which of my hand cards fit beside this card?" with one integer AND. Every
table here is derived from :func:`evo_lessons.games.phylo.data.collection_data` and the rule
functions of ``compatibility.py``, which read like the rulebook and are what the tests check.
A game of two ready-made decks renumbers its species so its masks take one digit
(:class:`SpeciesBits`). Nothing here decides anything: it only remembers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .compatibility import (
    AS_EVENT,
    CARDS,
    COLLECTION,
    HOME,
    SPECIES,
    compatible,
    feeds_on,
    may_host,
    may_invade,
    shares_habitat,
)


def _mask(ids) -> int:
    m = 0
    for i in ids:
        m |= 1 << i
    return m


_ALL = range(len(CARDS) + 1)
_SPECIES_IDS = [s.id for s in SPECIES]


def _per_card(value, blank):
    """A table indexed by card id (HOME included): ``value(species)``, ``blank`` otherwise."""
    return tuple(value(SPECIES[c]) if c < len(SPECIES) else blank for c in _ALL)


#: NEEDS[x]: the neighbours (card ids, HOME included) that keep species x compatible
NEEDS: tuple[int, ...] = _per_card(lambda s: _mask(y for y in _ALL if compatible(s, y)), 0)
#: BESIDE[y]: the species that may be played beside card y (the transpose of NEEDS)
BESIDE: tuple[int, ...] = tuple(_mask(x for x in _SPECIES_IDS if NEEDS[x] >> y & 1) for y in _ALL)
#: HOSTS[x]: the hosts species x may live beneath (0 if it is not PARASITIC)
HOSTS: tuple[int, ...] = _per_card(lambda s: _mask(y for y in _ALL if may_host(s, y)), 0)
#: INVADES[x]: the species x may replace (0 if it is not INVASIVE)
INVADES: tuple[int, ...] = _per_card(lambda s: _mask(y for y in _ALL if may_invade(s, y)), 0)
#: EATS[x]: the neighbours species x has a food link to (for links and food chains)
EATS: tuple[int, ...] = _per_card(
    lambda s: _mask(
        y for y in _SPECIES_IDS if feeds_on(s, SPECIES[y]) and shares_habitat(s, SPECIES[y])
    ),
    0,
)
IS_SPECIES: tuple[bool, ...] = _per_card(lambda s: True, False)
POINTS: tuple[int, ...] = _per_card(lambda s: s.points, 0)
POLLINATORS: int = _mask(s.id for s in SPECIES if s.pollinator)
#: EVENT_TARGETS[e]: the species event e may be played on (its card's filter; "own" aside)
EVENT_TARGETS: dict[int, int] = {
    e.id: _mask(s.id for s in SPECIES if e.target.matches(s)) for e in COLLECTION.events
}
#: the reach of a card's MOVE (4 directions) or FLIGHT (8); (0, 0) when it has neither
MOVE_REACH: tuple[tuple[int, int], ...] = _per_card(
    lambda s: (s.move, 4) if s.move else (s.flight, 8) if s.flight else (0, 0), (0, 0)
)
#: the farthest any card moves in one action: MOVE, FLIGHT, or a Migration event (R7, R17)
REACH: int = max(
    [reach for reach, _directions in MOVE_REACH]
    + [e.amount for e in COLLECTION.events if e.effect == "relocate"]
)
#: SPREAD[x]: a species' SPREAD condition ("wind", "pollinator"), "" if it has none or is no species
SPREAD: tuple[str, ...] = _per_card(lambda s: s.spread, "")
#: the species with SPREAD, as a bitmask; those whose condition is WIND, and POLLINATOR
SPREADERS: int = _mask(s.id for s in SPECIES if s.spread)
WIND_SPREADERS: int = _mask(s.id for s in SPECIES if s.spread == "wind")
POLLINATED: int = _mask(s.id for s in SPECIES if s.spread == "pollinator")
#: EVENT_OWN[e]: does event e say "your own" species?
EVENT_OWN: dict[int, bool] = {e.id: e.target.own for e in COLLECTION.events}


def _members(mask: int) -> tuple[bool, ...]:
    """``mask`` as truths indexed by card id (HOME included)."""
    return tuple(map("1".__eq__, format(mask, f"0{len(_ALL)}b")[::-1]))


# The same answers as truths, for the loops that ask one card at a time: NEEDED[x][y] is
# NEEDS[x] >> y & 1. A collection's bitmasks are wide ints (over a hundred bits), and a shift
# and an AND of one build two new ints; a lookup in a tuple builds nothing.
NEEDED: tuple[tuple[bool, ...], ...] = tuple(_members(m) for m in NEEDS)
HOSTED: tuple[tuple[bool, ...], ...] = tuple(_members(m) for m in HOSTS)
INVADED: tuple[tuple[bool, ...], ...] = tuple(_members(m) for m in INVADES)
TARGETED: dict[int, tuple[bool, ...]] = {e: _members(m) for e, m in EVENT_TARGETS.items()}
#: CAUGHT[e][y]: does an "area" event e also discard species y beside its target (its card's
#: area filter)?
CAUGHT: dict[int, tuple[bool, ...]] = {
    e.id: _members(_mask(s.id for s in SPECIES if e.area.matches(s))) for e in COLLECTION.events
}
#: AIMED_BY[2 * x + owner]: ``2 * e + owner`` for each event card e that may be played on
#: species x (R10): the index counts, per event card and owner, the species on top it may
#: target (``index.aimed``)
AIMED_BY: tuple[tuple[int, ...], ...] = tuple(
    tuple(2 * e + owner for e, m in EVENT_TARGETS.items() if m >> x & 1)
    for x in _ALL
    for owner in (0, 1)
)
#: BIT[x]: card id x's bit in a bitmask of card ids (a wide int, built once)
BIT: tuple[int, ...] = tuple(1 << x for x in _ALL)


#: the species with an INVASIVE or a PARASITIC play
KEYWORD_PLAYS: int = _mask(c for c in _ALL if INVADES[c] or HOSTS[c])
#: KEYWORD_BY[y]: the species that may replace card y (INVASIVE, R5) or live beneath it
#: (PARASITIC, R6), in id order: the index keeps, for each, the spaces where such a card lies
KEYWORD_BY: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in _ALL if (INVADES[c] | HOSTS[c]) >> y & 1) for y in _ALL
)
#: the most species a game may number in one digit of a Python int (30 bits)
DIGIT = 30


class SpeciesBits:
    """How one game numbers its species in masks: a hand's species, what may be played on a
    space (``index.plays``), and all the open spaces' masks side by side (``index.packed``).

    Such masks are ANDed and counted at every decision. Over the whole collection they are
    wide ints (a bit per card id, over a hundred), and each operation builds a new one of
    several digits. Two ready-made decks hold at most 30 species, so their game numbers them
    0 to 29 in card-id order: a mask is one digit (30 bits) of a Python int, and the open
    spaces' masks side by side take a digit a space. Other games (pool decks, built decks) use
    the card ids themselves (:data:`CARD_BITS`). Nothing here decides anything: ``beside[y]``
    is ``BESIDE[y]`` in these bits.
    """

    __slots__ = (
        "aimed_by",
        "beside",
        "bit",
        "card",
        "events",
        "keyword_by",
        "keyword_species",
        "pollinated",
        "spreaders",
        "width",
        "wind",
    )

    def __init__(
        self, species: tuple[int, ...] | None = None, events: frozenset[int] | None = None
    ) -> None:
        card = tuple(_SPECIES_IDS) if species is None else species
        local = {c: i for i, c in enumerate(card)}

        def bits(mask: int) -> int:
            return sum(1 << i for c, i in local.items() if mask >> c & 1)

        #: card[i]: the card id of bit i (in the same order as the ids)
        self.card: tuple[int, ...] = card
        #: bit[x]: card id x's bit (0 for a card that is no species of this game)
        self.bit: tuple[int, ...] = tuple(1 << local[x] if x in local else 0 for x in _ALL)
        #: beside[y]: the species that may be played beside card y (``BESIDE``)
        self.beside: tuple[int, ...] = tuple(bits(m) for m in BESIDE)
        self.spreaders = bits(SPREADERS)
        self.wind, self.pollinated = bits(WIND_SPREADERS), bits(POLLINATED)
        #: the bits a space takes when masks lie side by side: a digit, when the species fit
        self.width = DIGIT if len(card) <= DIGIT else len(card)
        #: the event cards of the game (None: any), and ``AIMED_BY`` cut to them: the index
        #: counts the targets only of events that can reach a hand
        self.events = events
        self.aimed_by: tuple[tuple[int, ...], ...] = (
            AIMED_BY
            if events is None
            else tuple(tuple(k for k in keys if k // 2 in events) for keys in AIMED_BY)
        )
        #: the game's species with a keyword play, and ``KEYWORD_BY`` cut to them (all of
        #: them for ``CARD_BITS``)
        self.keyword_species = tuple(c for c in card if KEYWORD_PLAYS >> c & 1)
        self.keyword_by: tuple[tuple[int, ...], ...] = (
            KEYWORD_BY
            if species is None
            else tuple(tuple(c for c in cards if c in local) for cards in KEYWORD_BY)
        )


#: the bits of a game whose species are not known in advance: the species' card ids
CARD_BITS = SpeciesBits()


@cache
def species_bits(species: frozenset[int], events: frozenset[int]) -> SpeciesBits:
    """The bits of a game holding these species and events: a digit's worth when the species
    fit in one."""
    return SpeciesBits(tuple(sorted(species)), events) if len(species) <= DIGIT else CARD_BITS


@cache
def packed_lines(width: int, rows: int, columns: int) -> tuple:
    """``lines[s][n][diagonals?]``: the spaces of ``grid(rows, columns).within[s][n][...]``
    (R7's reach of a MOVE n or FLIGHT n from s), a 1 at the start of each one's ``width`` bits:
    ``bit * lines[s][n][d]`` is a species' bit in each space it could reach, ready to AND with
    the open spaces' masks side by side (``index.packed``)."""
    return tuple(
        tuple(tuple(sum(1 << width * d for d in spaces) for spaces in reach) for reach in s)
        for s in grid(rows, columns).within
    )


@cache
def repeated(width: int, spaces: int) -> int:
    """A 1 at the start of each space's ``width`` bits: ``mask * repeated(width, n)`` is the
    mask once for each of n spaces, ready to AND with masks side by side."""
    return sum(1 << width * s for s in range(spaces))


# -- the grid (rulings R1, R2, R7) ------------------------------------------------------------
_DIRECTIONS = ((-1, 0), (0, -1), (0, 1), (1, 0), (-1, -1), (-1, 1), (1, -1), (1, 1))


@dataclass(frozen=True, slots=True)
class Grid:
    rows: int
    columns: int
    #: neighbours[s]: the orthogonally adjacent spaces
    neighbours: tuple[tuple[int, ...], ...]
    #: rays[s][d]: the spaces in a straight line from s in direction d (4 straight, then 4
    #: diagonal), nearest first
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    homes: tuple[int, int]
    #: within[s][n][diagonals?]: the spaces 1 to n steps from s in straight lines, direction by
    #: direction and nearest first (R7's MOVE n; with diagonals FLIGHT n), for n up to REACH
    within: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]

    def name(self, space: int) -> str:
        return space_name(*divmod(space, self.columns))


def space_name(row: int, column: int) -> str:
    """ "D4": column letter, then row number counted from 1 at the top."""
    return f"{chr(ord('A') + column)}{row + 1}"


#: the most spaces a grid has (R1: at most 15 x 16)
MAX_SPACES = 15 * 16


@cache
def space_names(columns: int) -> tuple[str, ...]:
    """``names[space]``: every space's name on a grid of ``columns`` columns (the log names
    spaces at every action; a tuple lookup is cheaper than building the name)."""
    return tuple(space_name(*divmod(space, columns)) for space in range(MAX_SPACES))


@cache
def grid(rows: int, columns: int) -> Grid:
    neighbours, rays = [], []
    for s in range(rows * columns):
        r, c = divmod(s, columns)
        near = []
        lines = []
        for k, (dr, dc) in enumerate(_DIRECTIONS):
            line = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < rows and 0 <= cc < columns:
                line.append(rr * columns + cc)
                rr, cc = rr + dr, cc + dc
            lines.append(tuple(line))
            if k < 4 and line:
                near.append(line[0])
        neighbours.append(tuple(near))
        rays.append(tuple(lines))
    middle = (rows // 2) * columns + columns // 2
    within = tuple(
        tuple(
            tuple(
                tuple(d for line in lines[:directions] for d in line[:n]) for directions in (4, 8)
            )
            for n in range(REACH + 1)
        )
        for lines in rays
    )
    return Grid(rows, columns, tuple(neighbours), tuple(rays), (middle - 1, middle), within)


# -- shared action objects --------------------------------------------------------------------
_INTERNED: dict[tuple, object] = {}


def interned(cls, *fields):
    """One shared object per distinct action (building a frozen dataclass costs ~1 µs)."""
    key = (cls, *fields)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = cls(*fields)
    return action


class PlayTable(dict):
    """``table[bit * 4096 + space]``: the shared play action of a species on a space of one
    grid, the species named by its bit in a game's masks (``cards[bit]``: its card id).

    A random playout asks for thousands of plays; an int key found in a dict is the cheapest
    way to hand out the same object each time.
    """

    def __init__(self, cls, columns: int, cards: tuple[int, ...]) -> None:
        super().__init__()
        self.cls, self.columns, self.cards = cls, columns, cards

    def __missing__(self, key: int):
        bit, space = divmod(key, 4096)
        action = self[key] = self.cls(self.cards[bit], *divmod(space, self.columns))
        return action


@cache
def play_table(cls, columns: int, cards: tuple[int, ...]) -> PlayTable:
    return PlayTable(cls, columns, cards)


class ActionTable(dict):
    """``table[key]``: the one shared action whose fields a whole-number ``key`` packs.

    ``make(key)`` builds it the first time. Keys pack card ids and spaces as base-4096 digits
    (a grid has at most 15 x 16 spaces, a collection far fewer than 4096 cards). The log's
    commonest sentences are kept the same way, one shared ``Event`` each (a play, a draw):
    building the sentence and the event costs more than finding it.
    """

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: int):
        action = self[key] = self.make(key)
        return action


@cache
def event_table(cls, columns: int) -> ActionTable:
    """``table[(card * 4096 + space) * 4096 + target]``: an event played on a space's species."""

    def make(key: int):
        rest, target = divmod(key, 4096)
        card, space = divmod(rest, 4096)
        return cls(card, *divmod(space, columns), target)

    return ActionTable(make)


@cache
def move_table(cls, columns: int) -> ActionTable:
    """``table[(card * 4096 + start) * 4096 + space]``: a species moved from start to space."""

    def make(key: int):
        rest, space = divmod(key, 4096)
        card, start = divmod(rest, 4096)
        return cls(card, *divmod(start, columns), *divmod(space, columns))

    return ActionTable(make)


@cache
def keyword_table(cls, columns: int) -> ActionTable:
    """``table[(card * 4096 + space) * 4096 + other]``: a keyword play (INVASIVE, PARASITIC)
    of a card on a space whose species is ``other`` (the one it replaces, or its host)."""

    def make(key: int):
        rest, other = divmod(key, 4096)
        card, space = divmod(rest, 4096)
        return cls(card, *divmod(space, columns), other)

    return ActionTable(make)


class PerGrid(ActionTable):
    """``tables[columns]``: one of the tables above for a grid of ``columns`` columns, made
    the first time (the same make-on-first-use dict as :class:`ActionTable`).

    The legal list asks for its tables at every decision; a dict lookup by the column count is
    cheaper than a call to a cached function.
    """


@cache
def card_actions(cls) -> tuple:
    """``table[card]``: the action of ``cls`` naming just a card (a pick, a discard)."""
    return tuple(interned(cls, card) for card in range(len(CARDS)))


__all__ = [
    "AIMED_BY",
    "AS_EVENT",
    "BESIDE",
    "CARDS",
    "COLLECTION",
    "EATS",
    "EVENT_OWN",
    "EVENT_TARGETS",
    "HOME",
    "HOSTS",
    "INVADES",
    "IS_SPECIES",
    "KEYWORD_BY",
    "MOVE_REACH",
    "NEEDS",
    "POINTS",
    "POLLINATED",
    "POLLINATORS",
    "SPECIES",
    "SPREAD",
    "SPREADERS",
    "WIND_SPREADERS",
    "Grid",
    "compatible",
    "feeds_on",
    "grid",
    "may_host",
    "may_invade",
    "shares_habitat",
    "space_name",
]
