"""Speed machinery for the table: what the last actions changed, kept instead of recomputed.

A random game asks at every decision where each hand card may be played (R2-R4) and, after
every action, which cards have lost their last compatible connection (R11). Both answers change
only around the spaces an action touched, so :class:`TableIndex` keeps them up to date one
space at a time instead of scanning the whole grid:

* ``plays``: for each empty space beside a card, the species that may be played there (the OR
  of ``tables.BESIDE`` over its neighbours, in the game's numbering of its species: ``bits``,
  ``tables.SpeciesBits``); ``offers`` pairs these spaces with it in the order the legal list
  takes them (``order``, the spaces alone). A moving species (R7) lands only on such a space;
* ``packed``: when those masks take one digit (two ready-made decks), all of them side by
  side in one int, a digit a space: a hand's plays (``repeat``) and a mover's moves (``lines``)
  are then counted in one AND each;
* ``targets``: for each species with a keyword play (INVASIVE, PARASITIC: R5, R6), the spaces
  whose card on top it may replace or live beneath, in reading order (``keyword_by`` from
  ``bits``: the game's own such species; ``aimable``: those with a space there): a turn's
  keyword plays look only there, and only for those;
* ``occupied``: the spaces with a card on top, in reading order; ``movers`` those whose species
  has MOVE or FLIGHT (R7), each player's apart, the only ones their moves start from;
  ``reaches``: for each mover, when ``packed`` is kept, its bit in every space its lines reach;
  ``tops``: the card ids on top as a bitmask (``on_top`` counts their copies), so a keyword
  play or a spread whose species is nowhere on the table is ruled out without a look at the
  spaces;
* ``cut_off``: the spaces whose card (bit 1) or parasite beneath (bit 2) has no compatible
  connection, as ``broken_links.cut_off_at`` last found them; ``recheck`` names the spaces whose
  neighbourhood changed since then;
* ``remembered``: how many MOVE and FLIGHT actions each player's species have, worked out from
  the table alone and kept until the table next changes: after a discard or a draw, the next
  decision reuses them;
* ``aimed``: how many species on top each event card may be played on (R10), counted by owner
  (``aimed[2 * event + owner]``; ``owner_at`` remembers whose card lies on each space): a turn
  counts its event plays from it and names the targets only when an event is picked. A game of
  two ready-made decks counts only its own decks' events (``aimed_by``, from ``bits``);
* ``held``: each player's hand as card ids (once each, in id order), ``species`` the same as a
  bitmask of the species alone, ``held_events`` its event cards alone (in id order): the owner
  reports every card that comes into or leaves a hand (``took``, ``gave``), so the legal list
  never sorts a hand, nor looks for the events in it.

Nothing here decides anything: the rules modules say what fits and what is connected, and the
test suite checks after every action of many games that the index equals one rebuilt from
scratch (tests/phylo/test_properties.py) and, at every decision of ~1,800 games, that the legal
list, the cards at risk, the scores and the hands equal the ones ``reference.py`` works out
from the table alone (tests/phylo/test_incremental_legal.py).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence

from .tables import (
    BESIDE,
    BIT,
    CARD_BITS,
    DIGIT,
    IS_SPECIES,
    MOVE_REACH,
    SpeciesBits,
    packed_lines,
    repeated,
)

#: the order key of an empty space: 4096 x its first neighbour that offers plays, plus itself
#: (the legal list names spaces as a scan of the table in reading order first meets them)
ORDER = 4096

CutOff = Callable[[int, list[int], list[int], Sequence[int], tuple[tuple[int, ...], ...]], int]


class TableIndex:
    """Incremental answers about one table; its owner reports every change (``changed``)."""

    #: every attribute in a slot: read at every change and decision, on CPython's fastest path
    __slots__ = (
        "_offers",
        "aimable",
        "aimed",
        "aimed_by",
        "beside",
        "bit",
        "bits",
        "columns",
        "counts",
        "cut_off",
        "generation",
        "held",
        "held_events",
        "keys",
        "keyword_by",
        "lines",
        "movers",
        "occupied",
        "on_top",
        "owner_at",
        "owner_of",
        "packed",
        "plays",
        "reaches",
        "recheck",
        "remembered",
        "repeat",
        "rows",
        "species",
        "targets",
        "tops",
        "width",
    )

    def __init__(self, bits: SpeciesBits = CARD_BITS, rows: int = 7, columns: int = 9) -> None:
        self.rows, self.columns = rows, columns
        self._number(bits)
        self.plays: dict[int, int] = {}  # empty space -> the species that may be played there
        #: every value of ``plays`` side by side, ``width`` bits a space: ``plays[s] << width *
        #: s``, kept when a mask takes one digit (``repeat`` is then not 0); a hand's plays are
        #: counted in one AND with the hand once for each space (``hand * repeat``)
        self.packed = 0
        self.keys: dict[int, int] = {}  # empty space -> its order key (see ORDER)
        self._offers: list[tuple[int, int]] | None = []
        #: counts the table's changes: a legal list of an earlier decision knows it is stale
        self.generation = 0
        self.occupied: list[int] = []
        self.movers: list[list[int]] = [[], []]  # each player's
        #: a mover's space -> its bit in each space it could reach (when ``packed`` is kept)
        self.reaches: dict[int, int] = {}
        self.on_top: list[int] = [0] * len(BESIDE)  # card id -> its copies on top
        self.tops = 0  # the card ids with a copy on top
        self.cut_off: dict[int, int] = {}
        self.recheck: dict[int, None] = {}
        self.remembered: dict[int, tuple[Sequence[tuple[int, int]], int]] = {}
        #: instance -> its owner: the state's ``owner_of``, handed over when the decks are dealt
        self.owner_of: Sequence[int] = (0, 1)
        self.owner_at: dict[int, int] = {}  # occupied space -> the owner of its top card
        self.aimed: list[int] = [0] * (2 * len(BESIDE))  # 2 * event + owner -> targets on top
        #: each keyword species of the game -> the spaces it may target, in reading order
        self.targets: dict[int, list[int]] = {k: [] for k in bits.keyword_species}
        self.aimable = 0  # the keyword species with a space in ``targets``, as a mask of bits
        self.held: list[list[int]] = [[], []]
        self.held_events: list[list[int]] = [[], []]
        self.counts: list[list[int]] = [[0] * len(BIT), [0] * len(BIT)]  # card id -> copies
        self.species: list[int] = [0, 0]

    def _number(self, bits: SpeciesBits) -> None:
        """Number the species in masks as ``bits`` says (``plays``, ``species``; tables.py)."""
        self.bits = bits
        self.beside, self.bit, self.width = bits.beside, bits.bit, bits.width  # (kept at hand)
        self.aimed_by = bits.aimed_by  # the game's own events that may target each species
        self.keyword_by = bits.keyword_by  # the game's own keyword species that may target it
        if bits.width == DIGIT:
            self.repeat = repeated(self.width, self.rows * self.columns)
            self.lines = packed_lines(self.width, self.rows, self.columns)  # R7's reach
        else:
            self.repeat, self.lines = 0, ()

    def rebuild(
        self, top: list[int], under: list[int], card_of, neighbours, owner_of=None, bits=None
    ) -> None:
        """Forget the table and index it as it lies (after a table is set by hand; ``bits``:
        number its species anew, and count the hands again with ``count_hands``)."""
        if owner_of is not None:
            self.owner_of = owner_of
        if bits is not None:
            self._number(bits)
        self.plays, self.keys, self._offers, self.packed = {}, {}, None, 0
        self.generation += 1
        self.occupied = [s for s, instance in enumerate(top) if instance >= 0]
        self.movers, self.reaches = [[], []], {}
        for s, instance in enumerate(top):
            if instance >= 2 and MOVE_REACH[card_of[instance]][0]:
                self.movers[self.owner_of[instance]].append(s)
                self._reach(card_of[instance], s)
        self.on_top, self.tops = [0] * len(BESIDE), 0
        self.owner_at, self.aimed = {}, [0] * (2 * len(BESIDE))
        self.targets = {k: [] for k in self.bits.keyword_species}
        self.aimable = 0
        for s in self.occupied:
            self._arrived(card_of[top[s]], self.owner_of[top[s]], s)
        self.cut_off = {}
        self.recheck = dict.fromkeys(range(len(top)))
        self.remembered = {}
        for space in range(len(top)):
            self._offer(space, top, under, card_of, neighbours)

    def placed(
        self, space: int, top: list[int], under: list[int], card_of, neighbours, fits: bool = False
    ) -> None:
        """A card now lies on top of ``space``, where none lay: the usual change, and the cheap
        one, since a card that arrives only adds. The neighbours' offers grow by what may be
        played beside it; a neighbour that was connected stays connected, so only the
        neighbours cut off before are checked again (R11), and the space itself unless the card
        ``fits`` there (its owner has just checked that a neighbour keeps it compatible: a
        play, a move; then it is connected, and most plays leave nothing to check)."""
        instance = top[space]
        card = card_of[instance]
        insort(self.occupied, space)
        owner = self.owner_of[instance]
        if instance >= 2 and MOVE_REACH[card][0]:
            insort(self.movers[owner], space)
            self._reach(card, space)
        self._arrived(card, owner, space)
        self._offers = None
        self.generation += 1
        if self.remembered:
            self.remembered = {}
        recheck, plays, keys, cut = self.recheck, self.plays, self.keys, self.cut_off
        if not fits:
            recheck[space] = None
        packed, width, packing = self.packed, self.width, self.repeat
        gone = plays.pop(space, None)
        if gone is not None:
            del keys[space]
            if packing:
                packed ^= gone << width * space
        if cut:  # (no card is cut off at most decisions)
            for n in neighbours[space]:
                if n in cut:
                    recheck[n] = None
        allowed = self.beside[card]
        for n in neighbours[space] if allowed else ():
            if top[n] < 0 and under[n] < 0:
                mask = plays.get(n)
                key = space * ORDER + n
                if mask is None:
                    plays[n], keys[n] = allowed, key
                    if packing:
                        packed |= allowed << width * n
                else:
                    grown = mask | allowed
                    if grown != mask:
                        plays[n] = grown
                        if packing:
                            packed |= grown << width * n
                    if key < keys[n]:
                        keys[n] = key
        self.packed = packed

    def _arrived(self, card: int, owner: int, space: int) -> None:
        """``card`` (``owner``'s) now lies on top of ``space``: count it on top, as a target
        of the events (R10) and of the keyword plays (R5, R6) that may aim at it."""
        self.owner_at[space] = owner
        self.on_top[card] += 1
        self.tops |= BIT[card]
        aimed = self.aimed
        for k in self.aimed_by[card * 2 + owner]:
            aimed[k] += 1
        for k in self.keyword_by[card]:
            spaces = self.targets[k]
            if not spaces:
                self.aimable |= self.bit[k]
            insort(spaces, space)

    def _reach(self, card: int, space: int) -> None:
        """A mover lies on ``space``: keep its bit in each space of its lines (R7's reach), so a
        turn counts its moves in one AND with ``packed`` and no product of its own."""
        if self.repeat:
            reach, directions = MOVE_REACH[card]
            self.reaches[space] = self.bit[card] * self.lines[space][reach][directions == 8]

    def changed_beneath(
        self, space: int, top: list[int], under: list[int], card_of, neighbours
    ) -> None:
        """A parasite came into or left ``space`` (R6): only that space's own answers change
        (whether it is empty, whether its parasite has a host), never the neighbours'."""
        self.recheck[space] = None
        if self.remembered:
            self.remembered = {}
        self._offers = None
        self.generation += 1
        self._offer(space, top, under, card_of, neighbours)

    def changed(
        self, space: int, top: list[int], under: list[int], card_of, neighbours, gone: int = -1
    ) -> None:
        """The card on top of ``space`` has changed (``gone``: the card id that left, if one
        did): update what depends on it."""
        occupied, instance = self.occupied, top[space]
        if instance >= 0:
            if space not in occupied:
                insort(occupied, space)
        elif space in occupied:
            occupied.remove(space)
        for movers in self.movers:
            if space in movers:
                movers.remove(space)
                self.reaches.pop(space, None)
        if instance >= 2 and MOVE_REACH[card_of[instance]][0]:
            insort(self.movers[self.owner_of[instance]], space)
            self._reach(card_of[instance], space)
        if gone >= 0:
            on_top = self.on_top
            left = on_top[gone] = on_top[gone] - 1
            if not left:
                self.tops ^= BIT[gone]  # its last copy left: its bit is set, XOR clears it
            aimed = self.aimed
            for k in self.aimed_by[gone * 2 + self.owner_at.pop(space)]:
                aimed[k] -= 1
            for k in self.keyword_by[gone]:
                spaces = self.targets[k]
                spaces.remove(space)
                if not spaces:
                    self.aimable ^= self.bit[k]  # its bit is set: XOR clears it
        if instance >= 0:
            self._arrived(card_of[instance], self.owner_of[instance], space)
        self._offers = None
        self.generation += 1
        if self.remembered:
            self.remembered = {}
        recheck = self.recheck
        recheck[space] = None
        self._offer(space, top, under, card_of, neighbours)
        for s in neighbours[space]:
            recheck[s] = None
            if top[s] < 0 and under[s] < 0:  # (an occupied space offers nothing, and has no
                self._offer(s, top, under, card_of, neighbours)  # entry in plays to drop)

    def _offer(self, space: int, top: list[int], under: list[int], card_of, neighbours) -> None:
        """What may be played on ``space`` now (nothing unless it is empty, R4)."""
        if top[space] >= 0 or under[space] >= 0:
            gone = self.plays.pop(space, None)
            if gone is not None:
                del self.keys[space]
                if self.repeat:
                    self.packed ^= gone << self.width * space
            return
        mask = first = 0
        beside = self.beside
        for n in neighbours[space]:  # in reading order: the first found comes first
            instance = top[n]
            if instance >= 0:
                allowed = beside[card_of[instance]]
                if allowed:
                    if not mask:
                        first = n
                    mask |= allowed
        old = self.plays.get(space, 0)
        if mask:
            self.plays[space] = mask
            self.keys[space] = first * ORDER + space
        elif old:
            del self.plays[space], self.keys[space]
        if mask != old and self.repeat:
            self.packed ^= (mask ^ old) << self.width * space

    @property
    def offers(self) -> list[tuple[int, int]]:
        """(space, the species that may be played there) in the order the legal list takes
        the spaces."""
        if self._offers is None:
            plays = self.plays
            self._offers = [(key % ORDER, plays[key % ORDER]) for key in sorted(self.keys.values())]
        return self._offers

    @property
    def order(self) -> list[int]:
        """The open spaces in the order the legal list takes them."""
        return [space for space, _mask in self.offers]

    # -- the hands -------------------------------------------------------------------------------
    def took(self, player: int, card: int) -> None:
        """A copy of ``card`` came into ``player``'s hand (``_draw`` calls it once a card)."""
        counts = self.counts[player]
        copies = counts[card]
        counts[card] = copies + 1
        if not copies:
            insort(self.held[player], card)
            if IS_SPECIES[card]:
                self.species[player] |= self.bit[card]
            else:
                insort(self.held_events[player], card)

    def gave(self, player: int, card: int) -> None:
        """A copy of ``card`` left ``player``'s hand."""
        counts = self.counts[player]
        copies = counts[card] = counts[card] - 1
        if not copies:
            self.held[player].remove(card)
            if IS_SPECIES[card]:
                self.species[player] ^= self.bit[card]  # its bit is set: XOR clears it
            else:
                self.held_events[player].remove(card)

    def count_hands(self, hands: Sequence[Sequence[int]], card_of: Sequence[int]) -> None:
        """Forget the hands and count them as they are (after hands are set by hand)."""
        self.held, self.counts, self.species = [[], []], [[0] * len(BIT), [0] * len(BIT)], [0, 0]
        self.held_events = [[], []]
        for player, hand in enumerate(hands):
            for instance in hand:
                self.took(player, card_of[instance])

    def unconnected(
        self, cut_off_at: CutOff, top: list[int], under: list[int], card_of, neighbours
    ) -> list[tuple[int, int]]:
        """Every (space, instance) without a connection, in the order of a full scan."""
        cut = self.cut_off
        for space in self.recheck:
            if top[space] < 2 and under[space] < 2:  # no species here: nothing to cut off
                cut.pop(space, None)
                continue
            bits = cut_off_at(space, top, under, card_of, neighbours)
            if bits:
                cut[space] = bits
            else:
                cut.pop(space, None)
        self.recheck = {}
        if not cut:
            return []
        found = []
        for space in sorted(cut):
            bits = cut[space]
            if bits & 1:
                found.append((space, top[space]))
            if bits & 2:
                found.append((space, under[space]))
        return found

    def __deepcopy__(self, memo: dict) -> TableIndex:
        """A copy for a cloned state (``copy``)."""
        return self.copy()

    def copy(self) -> TableIndex:
        """An independent copy (every value is a whole number: shallow copies do); what was
        remembered is not copied, the copy works it out again if asked."""
        twin = TableIndex.__new__(TableIndex)
        twin.bits, twin.beside, twin.bit, twin.width = self.bits, self.beside, self.bit, self.width
        twin.aimed_by, twin.keyword_by = self.aimed_by, self.keyword_by
        twin.targets = {k: list(spaces) for k, spaces in self.targets.items()}
        twin.aimable = self.aimable
        twin.rows, twin.columns = self.rows, self.columns
        twin.plays, twin.keys = dict(self.plays), dict(self.keys)
        twin.packed, twin.repeat, twin.lines = self.packed, self.repeat, self.lines
        twin._offers, twin.generation = None, 0
        twin.occupied, twin.movers = list(self.occupied), [list(m) for m in self.movers]
        twin.reaches = dict(self.reaches)
        twin.on_top, twin.tops = list(self.on_top), self.tops
        twin.owner_of, twin.owner_at, twin.aimed = (
            self.owner_of,
            dict(self.owner_at),
            list(self.aimed),
        )
        twin.cut_off, twin.recheck = dict(self.cut_off), dict(self.recheck)
        twin.remembered = {}
        twin.held = [list(self.held[0]), list(self.held[1])]
        twin.held_events = [list(self.held_events[0]), list(self.held_events[1])]
        twin.counts = [list(self.counts[0]), list(self.counts[1])]
        twin.species = list(self.species)
        return twin

    def __eq__(self, other: object) -> bool:
        """Equal answers (the test suite compares an index with one rebuilt from scratch)."""
        if not isinstance(other, TableIndex):
            return NotImplemented
        mine = (self.plays, self.keys, self.occupied, self.movers, self.on_top, self.tops)
        theirs = (other.plays, other.keys, other.occupied, other.movers, other.on_top, other.tops)
        return (
            mine == theirs
            and self.owner_at == other.owner_at
            and self.aimed == other.aimed
            and self.targets == other.targets
            and self.aimable == other.aimable
            and self.reaches == other.reaches
            and self.packed == other.packed
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<TableIndex of {len(self.occupied)} cards, {len(self.plays)} open spaces>"
