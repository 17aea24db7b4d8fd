"""Phylo: build food webs from real species on a shared grid, and watch events break them.

Mechanics after Phylo (phylogame.org, the Phylomon project; game by Fenrislorsrai and the
Phylomon community; cards CC BY-NC-ND). We take the mechanics only: every card, fact, sentence
and picture here is our own (data.toml).

The rules in our words
----------------------
* **The table.** Two players. Each has a deck of 24 cards (species and events) and a HOME card;
  the two HOME cards lie side by side in the middle of a grid (R1). Each player shuffles and
  draws 5 cards; a coin decides who starts. A player's cards face them: the board shows whose is
  whose.
* **A turn.** Draw a card. Then take three actions, in any order, repeats allowed: discard a
  card to draw 3; play a species next to a compatible card; MOVE or FLIGHT one of your species;
  play an event on a compatible species (at most one a turn); or pass. SPREAD, for a plant with
  a copy in hand, costs no action.
* **Compatibility.** A species is played beside at least one card (R2) that, on its own, meets
  every condition: the space is empty; they share a terrain and a climate; and there is a food
  link. A rank-1 species (producers, decomposers) needs no food. A species of rank n needs a
  neighbour of rank n-1 it can eat; an omnivore may always eat a photosynthetic neighbour; eating
  meat needs a larger size class (scale) than the food; a herbivore may eat a plant of any size.
  HOME counts as every terrain and climate, and any rank-1 species may be played beside it.
  At most two species share a space.
* **Keywords.** INVASIVE: played on top of a species it may replace, discarding it; the invader
  now gives the space its terrain and climate. PARASITIC: played beneath a compatible host; it
  gives its space nothing but scores. MOVE n: up to n spaces in a straight line, not diagonally.
  FLIGHT n: the same, diagonals too. SPREAD: a copy from the hand is played beside the original
  when its condition (a POLLINATOR, or WIND) is met.
* **Events** are played on a compatible species: a wildfire burns a plant, a flood drowns small
  land species, a disease spreads through connected birds, a migration moves an animal... Their
  domino effect runs through the web: species that lose their food or their last neighbour are
  left without a compatible connection.
* **Broken links.** A card left without any compatible connection is *at risk*. It stays until
  the other player has had a whole turn to react (move it, feed it, counter with an event); at
  the end of that turn every card still without a compatible connection is removed (R11).
* **The end.** When a player takes the last card of their deck, the game ends after the other
  player's turn. Each player scores the points of their species still on the table, those
  beneath others included; the most points wins.
* **Call your bluff** (``realism=True``): every species carries its native biogeographic realms
  and real diet. A player may challenge a link between two species that never meet in nature or
  whose diet does not match; the data decides; the winner removes any card at once (R14).

Variants (keyword arguments of :func:`new_game`)
------------------------------------------------
``decks``: "themed" (each player gets a ready-made deck: ``deck_1`` and ``deck_2``, or "random"),
"pool" (the whole collection shuffled and dealt at random between the two players) or "build"
(each player builds a deck card by card, R15); ``deck_size`` (pool and build); ``rows`` and
``columns`` of the grid; ``realism`` (call your bluff).

Rulings (where the text is silent; each is tested in tests/phylo/test_rulings.py)
--------------------------------------------------------------------------------
R1. The text limits the table only by "the size of the table": ours is a grid of ``rows`` x
    ``columns`` (7 x 9 by default, 3-15 x 4-16), with spaces named like "D4" (column letter, row
    number). The HOME cards lie side by side at the middle of the middle row, Player 1's on the
    left. Cards never leave the grid.
R2. "Next to" means orthogonally adjacent (sharing a side). Diagonal spaces are not neighbours,
    even for FLIGHT, which only moves diagonally.
R3. Compatibility is checked against one neighbour at a time: that neighbour alone must share a
    terrain and a climate and give a food link. Herbivores eat photosynthetic rank-1 species;
    carnivores eat non-photosynthetic species of rank n-1 in a smaller size class; omnivores do
    either. A parasite-diet species has no ordinary food link: it needs a host (R6). HOME gives
    a connection to rank-1 species only, whoever owns it. A species may be played beside either
    player's cards.
R4. A species is played on an empty space: no card on it and no parasite in it.
R5. INVASIVE: the card names the groups it may replace (a cane toad replaces an amphibian). The
    replaced species must share a terrain and a climate with the invader, and the invader must
    be compatible with a neighbour of the space. The replaced card goes to its owner's discard
    pile and counts as lost; a parasite beneath it stays. Any player's species may be invaded.
R6. PARASITIC: the card names its host groups. A parasite goes beneath a species of such a group
    that shares a terrain and a climate with it, in a space with no parasite yet; its host is
    then its connection (an ordinary neighbour also counts). It never gives its space terrain,
    climate or food. If its host leaves, the parasite stays alone in the space, which still
    counts as occupied. A PARASITIC card with an ordinary diet (mistletoe makes its own sugar)
    may also be played as a normal species.
R7. MOVE n and FLIGHT n move one of your own species 1 to n spaces in a straight line (4
    directions for MOVE, 8 for FLIGHT), over other cards if need be, to an empty space where it
    is compatible. A parasite beneath it stays behind. A move is one action. HOME cards and
    parasites never move.
R8. SPREAD: the copy comes from your hand and goes on an empty space beside one of your own
    copies on the table. POLLINATOR is met when a species with the POLLINATOR keyword is beside
    the original, or after a Pollinator boom event this turn; WIND only after a Strong wind event
    this turn. Spreading is free and may be repeated, even after the third action: a turn whose
    actions are spent ends when its player ends it or has nothing left to spread.
R9. Passing ends the turn: doing nothing for one action and nothing for the rest is the same.
R10. An event is played on a species on top of a space (never on HOME, never on a parasite
    beneath), anyone's unless the card says "your own". At most one event a turn. The event card
    goes to its player's discard pile; species it discards go to their owners' discard piles and
    count as lost for their owners. An event does only what its card says: its domino effect is
    the broken links it leaves (R11).
R11. The exact timing of broken links. After every action the table is checked; a card with no
    compatible connection is *at risk* from that turn on. At the end of every turn, each card
    that has been at risk since an earlier turn (without a break) is removed, and counts as lost
    for its owner. A card put at risk during the turn that is ending stays for the whole of the
    next turn: that is the other player's turn to react. A card that regains a connection is
    safe, and its clock starts again if it loses it again. Cards left unconnected by a removal
    are at risk from that turn on, like any other. The first player's own broken cards are
    therefore removed at the end of the opponent's next turn: fix them before it ends your turn.
R12. The end: when a player takes the last card of their deck (the turn's draw, discarding to
    draw, or an event), the game ends at the end of the next turn, after its removal step. Each
    player scores the points of their species on the table (parasites beneath included); equal
    scores share the win.
R13. Discarding to draw needs a card left in the deck; with fewer than 3 left the player draws
    what there is. Discard piles lie face up: everyone may read them. There is no hand limit.
R14. Call your bluff (``realism``): a challenge is one action, at most one a turn, against a link
    with at least one of the opponent's cards. A link is a species and a neighbour that keeps it
    compatible. It is a bluff if the two share no realm (native or introduced), or if it is a
    food link and the food's group is not in the eater's real diet. The winner (the challenger on
    a bluff, the other player otherwise) removes any species on the table at once; every card
    that this leaves without a connection is removed at once too, and so on. Cards at risk from
    before keep their clock.
R15. Decks. "themed": ``deck_1`` and ``deck_2`` name ready-made decks ("random": two different
    ones drawn by the coin's generator). "pool": the whole collection (one copy of each card) is
    shuffled and dealt alternately, ``deck_size`` cards each. "build": each player in turn
    (Player 1 first) builds a secret deck of ``deck_size`` cards, one card a decision, at most
    two copies of a card: a deck given as a tuple of card ids becomes these decisions
    (:func:`build_actions`).
R16. The first player draws a card at the start of their first turn, like every turn.
R17. Migration moves its target like FLIGHT 3 (R7) at once, as part of the event; with nowhere
    to go nothing happens. Mast year draws two cards (fewer if the deck has fewer).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from typing import Any, ClassVar

from evo_lessons.engine import Action, Event, GameState
from evo_lessons.engine.words import seat_name, winners_sentence

from . import tables as T
from .data import DECK_SIZE, MAX_COPIES, check_deck

COLLECTION = T.COLLECTION
CARDS = T.CARDS
HOME = T.HOME
DECK_MODES = ("themed", "pool", "build")
DECK_CHOICES = ("random", *(d.key for d in COLLECTION.decks))
ACTIONS_PER_TURN = 3
START_HAND = 5
DISCARD_DRAW = 3


def card_name(card: int) -> str:
    return "HOME" if card == HOME else CARDS[card].name


def _at(row: int, column: int) -> str:
    return T.space_name(row, column)


# -- actions ---------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class PickCard(Action):
    """Deck-builder: put one card into your deck (R15)."""

    card: int

    def __str__(self) -> str:
        return f"Put {card_name(self.card)} into your deck"


@dataclasses.dataclass(frozen=True, slots=True)
class PlaySpecies(Action):
    """Play a species from the hand on an empty space beside a compatible card."""

    card: int
    row: int
    column: int

    def __str__(self) -> str:
        return f"Play {card_name(self.card)} at {_at(self.row, self.column)}"


@dataclasses.dataclass(frozen=True, slots=True)
class PlayInvasive(Action):
    """INVASIVE: play on top of a species it may replace, discarding that species (R5)."""

    card: int
    row: int
    column: int
    replaces: int

    def __str__(self) -> str:
        return (
            f"Play {card_name(self.card)} (INVASIVE) at {_at(self.row, self.column)}, "
            f"replacing {card_name(self.replaces)}"
        )


@dataclasses.dataclass(frozen=True, slots=True)
class PlayParasite(Action):
    """PARASITIC: play beneath a host species (R6)."""

    card: int
    row: int
    column: int
    host: int

    def __str__(self) -> str:
        return (
            f"Play {card_name(self.card)} (PARASITIC) beneath {card_name(self.host)} at "
            f"{_at(self.row, self.column)}"
        )


@dataclasses.dataclass(frozen=True, slots=True)
class MoveSpecies(Action):
    """MOVE or FLIGHT one of your species to a compatible empty space (R7)."""

    card: int
    from_row: int
    from_column: int
    row: int
    column: int

    def __str__(self) -> str:
        return (
            f"Move {card_name(self.card)} from {_at(self.from_row, self.from_column)} to "
            f"{_at(self.row, self.column)}"
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Spread(Action):
    """SPREAD: play a copy beside its original, free of actions (R8)."""

    card: int
    row: int
    column: int

    def __str__(self) -> str:
        return f"Spread {card_name(self.card)} to {_at(self.row, self.column)} (free)"


@dataclasses.dataclass(frozen=True, slots=True)
class PlayEvent(Action):
    """Play an event card on a compatible species (one a turn, R10)."""

    card: int
    row: int
    column: int
    target: int

    def __str__(self) -> str:
        return (
            f"Play {card_name(self.card)} on {card_name(self.target)} at "
            f"{_at(self.row, self.column)}"
        )


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardToDraw(Action):
    """Discard a card from the hand to draw three (R13)."""

    card: int

    def __str__(self) -> str:
        return f"Discard {card_name(self.card)} to draw {DISCARD_DRAW} cards"


@dataclasses.dataclass(frozen=True, slots=True)
class Challenge(Action):
    """Call your bluff: challenge the link of a species to its neighbour (R14)."""

    card: int
    row: int
    column: int
    other: int
    other_row: int
    other_column: int

    def __str__(self) -> str:
        return (
            f"Call the bluff on {card_name(self.card)} at {_at(self.row, self.column)} "
            f"beside {card_name(self.other)} at {_at(self.other_row, self.other_column)}"
        )


@dataclasses.dataclass(frozen=True, slots=True)
class RemoveCard(Action):
    """After a challenge: remove any species from the table at once (R14)."""

    card: int
    row: int
    column: int

    def __str__(self) -> str:
        return f"Remove {card_name(self.card)} at {_at(self.row, self.column)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """End the turn, passing any actions left (R9)."""

    def __str__(self) -> str:
        return "Pass: end the turn"


ACTION_TYPES = {
    cls.__name__: cls
    for cls in (
        PickCard,
        PlaySpecies,
        PlayInvasive,
        PlayParasite,
        MoveSpecies,
        Spread,
        PlayEvent,
        DiscardToDraw,
        Challenge,
        RemoveCard,
        Pass,
    )
}
PASS = Pass()


def build_actions(cards: Iterable[int]) -> list[PickCard]:
    """A deck given as card ids, checked (R15), as the deck-builder's decisions."""
    cards = tuple(cards)
    check_deck(cards)
    return [PickCard(card) for card in cards]


class PhyloState(GameState):
    """The whole table: grid, decks, hands, discard piles, the turn and the cards at risk."""

    action_types: ClassVar[dict[str, type[Action]]] = ACTION_TYPES

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        super().__init__(options, seed)
        self.rows: int = options["rows"]
        self.columns: int = options["columns"]
        geometry = T.grid(self.rows, self.columns)
        self.neighbours = geometry.neighbours  # tuples: shared by clones, never copied
        self.rays = geometry.rays
        self.homes: tuple[int, int] = geometry.homes
        spaces = self.rows * self.columns
        self.top: list[int] = [-1] * spaces  # the instance on top of each space, or -1
        self.under: list[int] = [-1] * spaces  # a parasite beneath, or -1
        # instances: 0 and 1 are the HOME cards, then every deck card
        self.card_of: tuple[int, ...] = (HOME, HOME)
        self.owner_of: tuple[int, ...] = (0, 1)
        self.decks: list[list[int]] = [[], []]  # instances; the top of a deck is its end
        self.hands: list[list[int]] = [[], []]
        self.discards: list[list[int]] = [[], []]
        self.risk: dict[int, int] = {}  # instance -> the turn it lost its last connection
        self.lost = [0, 0]
        self.turn = 0
        self.turn_player = 0
        self.actions_left = 0
        self.event_played = False
        self.wind = False
        self.pollinator = False
        self.challenged = False
        self.end_after: int | None = None  # the game ends after this turn (R12)
        self.phase = "build"  # build | play | remove | over
        self.chooser = 0  # who removes a card after a challenge
        self.picks: list[list[int]] = [[], []]
        for p, space in enumerate(self.homes):
            self.top[space] = p
        if options["decks"] == "build":
            self.setup_events.append(
                Event(
                    "build",
                    f"Each player builds a deck of {options['deck_size']} cards, "
                    f"{seat_name(0)} first.",
                )
            )
        else:
            self._deal(self._ready_decks(), self.setup_events)

    # -- setup ---------------------------------------------------------------------------------
    def _ready_decks(self) -> list[list[int]]:
        opts = self.options
        if opts["decks"] == "pool":
            pool = [c.id for c in CARDS]
            self.rng.shuffle(pool)
            size = opts["deck_size"]
            self.setup_events.append(
                Event(
                    "deal",
                    f"The whole collection of {len(pool)} cards is shuffled and "
                    f"{2 * size} are dealt alternately, {size} to each player.",
                )
            )
            return [pool[0 : 2 * size : 2], pool[1 : 2 * size : 2]]
        names = [opts["deck_1"], opts["deck_2"]]
        keys = [d.key for d in COLLECTION.decks]
        if names[0] == "random" and names[1] == "random":
            names = self.rng.sample(keys, 2)
        else:
            names = [
                self.rng.choice([k for k in keys if k not in names]) if n == "random" else n
                for n in names
            ]
        decks = [list(COLLECTION.deck(n).cards) for n in names]
        for p, n in enumerate(names):
            self.setup_events.append(
                Event(
                    "deck",
                    f"{seat_name(p)} plays the {COLLECTION.deck(n).name} deck.",
                    p,
                    {"deck": n},
                )
            )
        return decks

    def _deal(self, decks: list[list[int]], events: list[Event]) -> None:
        card_of, owner_of = [HOME, HOME], [0, 1]
        for p, cards in enumerate(decks):
            instances = []
            for card in cards:
                instances.append(len(card_of))
                card_of.append(card)
                owner_of.append(p)
            self.rng.shuffle(instances)
            self.decks[p] = instances
        self.card_of, self.owner_of = tuple(card_of), tuple(owner_of)
        homes = ", ".join(
            f"{seat_name(p)}'s HOME at {self._name(s)}" for p, s in enumerate(self.homes)
        )
        events.append(Event("setup", f"Each deck is shuffled. {homes}."))
        for p in (0, 1):
            for _ in range(START_HAND):
                self.hands[p].append(self.decks[p].pop())
            events.append(
                Event("draw", f"{seat_name(p)} draws {START_HAND} cards.", p, {"cards": 5})
            )
        first = 0 if self.rng.random() < 0.5 else 1
        side = "heads" if first == 0 else "tails"
        events.append(
            Event(
                "coin",
                f"A coin is tossed: {side}, so {seat_name(first)} goes first.",
                first,
                {"first": first},
            )
        )
        self.phase = "play"
        self.turn_player = 1 - first
        self._start_turn(events)

    # -- contract ------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "build":
            return 0 if len(self.picks[0]) < self.options["deck_size"] else 1
        if self.phase == "remove":
            return self.chooser
        return self.turn_player

    def _name(self, space: int) -> str:
        return T.space_name(*divmod(space, self.columns))

    def _rc(self, space: int) -> tuple[int, int]:
        return divmod(space, self.columns)

    def _legal_actions(self) -> list[Action]:
        if self.phase == "build":
            return self._pick_actions()
        if self.phase == "remove":
            return self._removal_actions()
        return self._turn_actions()

    def _pick_actions(self) -> list[Action]:
        seat = self.current_player
        counts = [0] * len(CARDS)
        for card in self.picks[seat]:
            counts[card] += 1
        return [T.interned(PickCard, c) for c in range(len(CARDS)) if counts[c] < MAX_COPIES]

    def _removal_actions(self) -> list[Action]:
        found = []
        for space in range(len(self.top)):
            for instance in (self.top[space], self.under[space]):
                if instance >= 2:
                    r, c = self._rc(space)
                    found.append(T.interned(RemoveCard, self.card_of[instance], r, c))
        return found

    def _turn_actions(self) -> list[Action]:
        me = self.turn_player
        hand_cards = sorted({self.card_of[i] for i in self.hands[me]})
        actions: list[Action] = []
        # one pass over the table serves every kind of action below
        occupied = [(s, i) for s, i in enumerate(self.top) if i >= 0]
        if self.actions_left:
            species = [c for c in hand_cards if T.IS_SPECIES[c]]
            if species:
                actions += self._play_actions(species, occupied)
            if not self.event_played:
                for card in hand_cards:
                    if not T.IS_SPECIES[card]:
                        actions += self._event_actions(card, me, occupied)
            actions += self._move_actions(me, occupied)
            if self.decks[me]:
                actions += [T.interned(DiscardToDraw, c) for c in hand_cards]
            if self.options["realism"] and not self.challenged:
                actions += self._challenge_actions(me)
        actions += self._spread_actions(me, hand_cards)
        actions.append(PASS)
        return actions

    # -- where cards fit -----------------------------------------------------------------------
    def _empty_masks(self, occupied: list[tuple[int, int]]) -> dict[int, int]:
        """For each empty space beside a card: the species that may be played there."""
        masks: dict[int, int] = {}
        top, under, card_of, neighbours = self.top, self.under, self.card_of, self.neighbours
        beside = T.BESIDE
        for space, instance in occupied:
            allowed = beside[card_of[instance]]
            if not allowed:
                continue
            for n in neighbours[space]:
                if top[n] < 0 and under[n] < 0:
                    masks[n] = masks.get(n, 0) | allowed
        return masks

    def _fits(self, card: int, space: int, leaving: int = -1) -> bool:
        """Is species ``card`` compatible with a neighbour of ``space`` (ignoring ``leaving``)?"""
        needs = T.NEEDS[card]
        top, card_of = self.top, self.card_of
        for n in self.neighbours[space]:
            instance = top[n]
            if instance >= 0 and n != leaving and needs >> card_of[instance] & 1:
                return True
        return False

    def _play_actions(self, species: list[int], occupied: list[tuple[int, int]]) -> list[Action]:
        actions: list[Action] = []
        hand = 0
        for card in species:
            hand |= 1 << card
        plays = T.play_table(PlaySpecies, self.columns)
        for space, mask in self._empty_masks(occupied).items():
            fit = mask & hand
            while fit:
                low = fit & -fit
                actions.append(plays[(low.bit_length() - 1) * 4096 + space])
                fit ^= low
        under, card_of, columns = self.under, self.card_of, self.columns
        for card in species:
            invades, hosts = T.INVADES[card], T.HOSTS[card]
            if not (invades or hosts):
                continue
            for space, instance in occupied:
                if instance < 2:
                    continue
                target = card_of[instance]
                r, c = divmod(space, columns)
                if invades >> target & 1 and self._fits(card, space):
                    actions.append(T.interned(PlayInvasive, card, r, c, target))
                if hosts >> target & 1 and under[space] < 0:
                    actions.append(T.interned(PlayParasite, card, r, c, target))
        return actions

    def _event_actions(self, card: int, me: int, occupied: list[tuple[int, int]]) -> list[Action]:
        targets = T.EVENT_TARGETS[card]
        own = CARDS[card].target.own
        actions: list[Action] = []
        card_of, owner_of = self.card_of, self.owner_of
        for space, instance in occupied:
            if instance < 2 or not targets >> card_of[instance] & 1:
                continue
            if own and owner_of[instance] != me:
                continue
            r, c = divmod(space, self.columns)
            actions.append(T.interned(PlayEvent, card, r, c, card_of[instance]))
        return actions

    def _destinations(self, instance: int, space: int, reach: int, directions: int) -> list[int]:
        """Empty spaces in straight lines from ``space`` where the card would be compatible."""
        found = []
        top, under = self.top, self.under
        card = self.card_of[instance]
        for line in self.rays[space][:directions]:
            for d in line[:reach]:
                if top[d] < 0 and under[d] < 0 and self._fits(card, d, leaving=space):
                    found.append(d)
        return found

    def _move_actions(self, me: int, occupied: list[tuple[int, int]]) -> list[Action]:
        actions: list[Action] = []
        owner_of = self.owner_of
        for space, instance in occupied:
            if instance < 2 or owner_of[instance] != me:
                continue
            card = self.card_of[instance]
            reach, directions = T.MOVE_REACH[card]
            if not reach:
                continue
            fr, fc = self._rc(space)
            for d in self._destinations(instance, space, reach, directions):
                r, c = self._rc(d)
                actions.append(T.interned(MoveSpecies, card, fr, fc, r, c))
        return actions

    def _spread_actions(self, me: int, hand_cards: list[int]) -> list[Action]:
        spreaders = [c for c in hand_cards if T.IS_SPECIES[c] and CARDS[c].spread]
        if not spreaders:
            return []
        found: set[tuple[int, int]] = set()
        top, under, card_of = self.top, self.under, self.card_of
        for space, instance in enumerate(top):
            if instance < 2 or self.owner_of[instance] != me:
                continue
            card = card_of[instance]
            if card not in spreaders or not self._spread_condition(card, space):
                continue
            for n in self.neighbours[space]:
                if top[n] < 0 and under[n] < 0:
                    found.add((card, n))
        return [T.interned(Spread, card, *self._rc(space)) for card, space in sorted(found)]

    def _spread_condition(self, card: int, space: int) -> bool:
        if CARDS[card].spread == "wind":
            return self.wind
        if self.pollinator:
            return True
        return any(
            self.top[n] >= 2 and T.POLLINATORS >> self.card_of[self.top[n]] & 1
            for n in self.neighbours[space]
        )

    def _challenge_actions(self, me: int) -> list[Action]:
        actions: list[Action] = []
        top, card_of, owner_of = self.top, self.card_of, self.owner_of
        for space, instance in enumerate(top):
            if instance < 2:
                continue
            card = card_of[instance]
            needs = T.NEEDS[card]
            for n in self.neighbours[space]:
                other = top[n]
                if other < 2 or not needs >> card_of[other] & 1:
                    continue
                if owner_of[instance] == me and owner_of[other] == me:
                    continue
                r, c = self._rc(space)
                orow, ocol = self._rc(n)
                actions.append(T.interned(Challenge, card, r, c, card_of[other], orow, ocol))
        return actions

    # -- applying actions ----------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        me = self.current_player
        if isinstance(action, PickCard):
            self._pick(me, action.card, events)
            return events
        if isinstance(action, RemoveCard):
            self._challenge_removal(me, action, events)
        elif isinstance(action, Pass):
            events.append(Event("pass", f"{seat_name(me)} ends the turn.", me))
            self._end_turn(events)
        else:
            self._turn_action(me, action, events)
        self._after_action(events)
        return events

    def _after_action(self, events: list[Event]) -> None:
        """Check the links; a turn whose actions are spent ends unless a spread is left."""
        while self.phase == "play":
            self._update_risk(events)
            me = self.turn_player
            if self.actions_left or self._spread_actions(
                me, sorted({self.card_of[i] for i in self.hands[me]})
            ):
                return
            self._end_turn(events)

    def _pick(self, me: int, card: int, events: list[Event]) -> None:
        self.picks[me].append(card)
        size = self.options["deck_size"]
        if len(self.picks[me]) == size:
            events.append(Event("build", f"{seat_name(me)} has built a deck of {size} cards.", me))
        if len(self.picks[1]) == size:
            self._deal([list(self.picks[0]), list(self.picks[1])], events)

    def _turn_action(self, me: int, action: Action, events: list[Event]) -> None:
        who = seat_name(me)
        if isinstance(action, Spread):
            space = self._space(action)
            self._place(me, action.card, space, events, f"{who} spreads")
            return
        self.actions_left -= 1
        if isinstance(action, PlaySpecies):
            self._place(me, action.card, self._space(action), events, f"{who} plays")
        elif isinstance(action, PlayInvasive):
            space = self._space(action)
            instance = self._take_from_hand(me, action.card)
            self._remove_at(space, self.top[space], events, "is replaced by an invasive species")
            self.top[space] = instance
            events.append(
                Event(
                    "invade",
                    f"{who} plays {card_name(action.card)} (INVASIVE) at {self._name(space)}, "
                    f"replacing {card_name(action.replaces)}.",
                    me,
                    {"card": action.card, "space": space},
                )
            )
        elif isinstance(action, PlayParasite):
            space = self._space(action)
            self.under[space] = self._take_from_hand(me, action.card)
            events.append(
                Event(
                    "parasite",
                    f"{who} plays {card_name(action.card)} (PARASITIC) beneath "
                    f"{card_name(action.host)} at {self._name(space)}.",
                    me,
                    {"card": action.card, "space": space},
                )
            )
        elif isinstance(action, MoveSpecies):
            start = action.from_row * self.columns + action.from_column
            space = self._space(action)
            self.top[space], self.top[start] = self.top[start], -1
            events.append(
                Event(
                    "move",
                    f"{who} moves {card_name(action.card)} from {self._name(start)} to "
                    f"{self._name(space)}.",
                    me,
                    {"card": action.card, "from": start, "space": space},
                )
            )
        elif isinstance(action, PlayEvent):
            self._play_event(me, action, events)
        elif isinstance(action, DiscardToDraw):
            instance = self._take_from_hand(me, action.card)
            self.discards[me].append(instance)
            events.append(
                Event(
                    "discard",
                    f"{who} discards {card_name(action.card)} to draw cards.",
                    me,
                    {"card": action.card},
                )
            )
            self._draw(me, DISCARD_DRAW, events)
        elif isinstance(action, Challenge):
            self._challenge(me, action, events)

    def _space(self, action: Any) -> int:
        return action.row * self.columns + action.column

    def _take_from_hand(self, me: int, card: int) -> int:
        hand = self.hands[me]
        for k, instance in enumerate(hand):
            if self.card_of[instance] == card:
                return hand.pop(k)
        raise AssertionError("a legal action names a card in the hand")

    def _place(self, me: int, card: int, space: int, events: list[Event], verb: str) -> None:
        self.top[space] = self._take_from_hand(me, card)
        events.append(
            Event(
                "play",
                f"{verb} {card_name(card)} at {self._name(space)}.",
                me,
                {"card": card, "space": space},
            )
        )

    def _to_discard(self, instance: int, events: list[Event], why: str) -> None:
        """A card leaves the table for its owner's discard pile and counts as lost."""
        owner = self.owner_of[instance]
        self.discards[owner].append(instance)
        self.lost[owner] += 1
        self.risk.pop(instance, None)
        events.append(
            Event(
                "lost",
                f"{seat_name(owner)}'s {card_name(self.card_of[instance])} {why}.",
                owner,
                {"card": self.card_of[instance]},
            )
        )

    def _remove_at(self, space: int, instance: int, events: list[Event], why: str) -> None:
        if self.top[space] == instance:
            self.top[space] = -1
        else:
            self.under[space] = -1
        self._to_discard(instance, events, why)

    def _draw(self, player: int, count: int, events: list[Event]) -> None:
        deck = self.decks[player]
        taken = min(count, len(deck))
        for _ in range(taken):
            self.hands[player].append(deck.pop())
        who = seat_name(player)
        if taken:
            cards = "a card" if taken == 1 else f"{taken} cards"
            events.append(
                Event(
                    "draw",
                    f"{who} draws {cards} ({len(deck)} left in the deck).",
                    player,
                    {"cards": taken},
                )
            )
        else:
            events.append(Event("draw", f"{who}'s deck is empty: no card to draw.", player))
        if taken and not deck and self.end_after is None:
            self.end_after = self.turn + 1
            events.append(
                Event(
                    "last_card",
                    f"{who} has taken the last card of the deck: the game ends after "
                    f"{seat_name(1 - self.turn_player)}'s next turn.",
                    player,
                )
            )

    # -- events --------------------------------------------------------------------------------
    def _play_event(self, me: int, action: PlayEvent, events: list[Event]) -> None:
        event = CARDS[action.card]
        space = self._space(action)
        instance = self._take_from_hand(me, action.card)
        self.discards[me].append(instance)
        self.event_played = True
        events.append(
            Event(
                "event",
                f"{seat_name(me)} plays {event.name} on {card_name(action.target)} at "
                f"{self._name(space)}: {event.text}",
                me,
                {"card": action.card, "space": space},
            )
        )
        effect = event.effect
        if effect in ("discard", "area", "contagion"):
            for hit in self._event_victims(event, space):
                self._remove_at(hit, self.top[hit], events, f"is lost to the {event.name.lower()}")
        elif effect == "wind":
            self.wind = True
            events.append(Event("wind", "The wind blows: SPREAD (wind) is possible this turn.", me))
        elif effect == "pollinator":
            self.pollinator = True
            events.append(
                Event("pollinator", "Pollinators abound: SPREAD (pollinator) is possible.", me)
            )
        elif effect == "relocate":
            self._relocate(me, space, event.amount, events)
        elif effect == "draw":
            self._draw(me, event.amount, events)

    def _event_victims(self, event: Any, space: int) -> list[int]:
        """The spaces whose top species the event discards, the target's first."""
        victims = [space]
        if event.effect == "area":
            for n in self.neighbours[space]:
                instance = self.top[n]
                if instance >= 2 and event.area.matches(CARDS[self.card_of[instance]]):
                    victims.append(n)
        elif event.effect == "contagion":
            group = CARDS[self.card_of[self.top[space]]].group
            frontier = [space]
            while frontier:
                here = frontier.pop()
                for n in self.neighbours[here]:
                    instance = self.top[n]
                    if (
                        instance >= 2
                        and n not in victims
                        and CARDS[self.card_of[instance]].group == group
                    ):
                        victims.append(n)
                        frontier.append(n)
        return victims

    def _relocate(self, me: int, space: int, reach: int, events: list[Event]) -> None:
        instance = self.top[space]
        places = self._destinations(instance, space, reach, 8)
        card = card_name(self.card_of[instance])
        if not places:
            events.append(Event("migrate", f"{card} has nowhere to migrate to.", me))
            return
        # the safest place: the most compatible neighbours, then the first in reading order
        best = max(places, key=lambda d: (self._links_at(self.card_of[instance], d, space), -d))
        self.top[best], self.top[space] = instance, -1
        events.append(
            Event(
                "migrate",
                f"{card} migrates from {self._name(space)} to {self._name(best)}.",
                me,
                {"from": space, "space": best},
            )
        )

    def _links_at(self, card: int, space: int, leaving: int = -1) -> int:
        needs = T.NEEDS[card]
        return sum(
            1
            for n in self.neighbours[space]
            if n != leaving and self.top[n] >= 0 and needs >> self.card_of[self.top[n]] & 1
        )

    # -- call your bluff -----------------------------------------------------------------------
    def _challenge(self, me: int, action: Challenge, events: list[Event]) -> None:
        self.challenged = True
        bluff, reason = link_is_bluff(action.card, action.other)
        winner = me if bluff else 1 - me
        verdict = f"a bluff: {reason}" if bluff else f"real: {reason}"
        events.append(
            Event(
                "challenge",
                f"{seat_name(me)} calls the bluff on {card_name(action.card)} beside "
                f"{card_name(action.other)}. The data says the link is {verdict}. "
                f"{seat_name(winner)} removes a card of their choice.",
                me,
                {"bluff": bluff, "winner": winner},
            )
        )
        self.chooser = winner
        self.phase = "remove"

    def _challenge_removal(self, me: int, action: RemoveCard, events: list[Event]) -> None:
        space = self._space(action)
        instance = self.top[space]
        if instance < 2 or self.card_of[instance] != action.card:
            instance = self.under[space]
        before = self._unconnected()
        self._remove_at(space, instance, events, f"is removed by {seat_name(me)}")
        # immediate consequences (R14): whatever this leaves unconnected goes at once
        while True:
            newly = [(s, i) for s, i in self._unconnected() if (s, i) not in before]
            if not newly:
                break
            for s, i in newly:
                self._remove_at(s, i, events, "loses its last link and is removed at once")
        self.phase = "play"

    # -- broken links (R11) --------------------------------------------------------------------
    def _connected(self, space: int, instance: int) -> bool:
        card = self.card_of[instance]
        if self.under[space] == instance:
            host = self.top[space]
            if host >= 0 and T.HOSTS[card] >> self.card_of[host] & 1:
                return True
        return self._fits(card, space)

    def _unconnected(self) -> list[tuple[int, int]]:
        """Every (space, instance) on the table without a compatible connection."""
        found = []
        top, under, card_of, neighbours = self.top, self.under, self.card_of, self.neighbours
        needs_of, hosts_of = T.NEEDS, T.HOSTS
        for space, instance in enumerate(top):
            if instance >= 2:
                needs = needs_of[card_of[instance]]
                for n in neighbours[space]:
                    other = top[n]
                    if other >= 0 and needs >> card_of[other] & 1:
                        break
                else:
                    found.append((space, instance))
            beneath = under[space]
            if (
                beneath >= 2
                and not (instance >= 0 and hosts_of[card_of[beneath]] >> card_of[instance] & 1)
                and not self._fits(card_of[beneath], space)
            ):
                found.append((space, beneath))
        return found

    def _update_risk(self, events: list[Event]) -> None:
        broken = dict((i, s) for s, i in self._unconnected())
        risk = self.risk
        for instance in [i for i in risk if i not in broken]:
            del risk[instance]
            events.append(
                Event(
                    "safe",
                    f"{seat_name(self.owner_of[instance])}'s "
                    f"{card_name(self.card_of[instance])} is connected again.",
                    self.owner_of[instance],
                )
            )
        for instance, space in broken.items():
            if instance not in risk:
                risk[instance] = self.turn
                events.append(
                    Event(
                        "at_risk",
                        f"{seat_name(self.owner_of[instance])}'s "
                        f"{card_name(self.card_of[instance])} at {self._name(space)} has lost "
                        "every compatible connection: it is at risk.",
                        self.owner_of[instance],
                        {"space": space},
                    )
                )

    def _removal_step(self, events: list[Event]) -> None:
        """The end of a turn: cards at risk since an earlier turn are removed (R11)."""
        self._update_risk(events)
        doomed = [i for i, since in self.risk.items() if since < self.turn]
        if not doomed:
            return
        for space in range(len(self.top)):
            for instance in (self.top[space], self.under[space]):
                if instance in doomed:
                    self._remove_at(
                        space, instance, events, "still has no compatible connection: removed"
                    )
        self._update_risk(events)

    # -- turns ---------------------------------------------------------------------------------
    def _start_turn(self, events: list[Event]) -> None:
        self.turn += 1
        self.turn_player = 1 - self.turn_player
        self.actions_left = ACTIONS_PER_TURN
        self.event_played = self.wind = self.pollinator = self.challenged = False
        events.append(
            Event(
                "turn",
                f"Turn {self.turn}: {seat_name(self.turn_player)} to play.",
                self.turn_player,
                {"turn": self.turn},
            )
        )
        self._draw(self.turn_player, 1, events)

    def _end_turn(self, events: list[Event]) -> None:
        self._removal_step(events)
        if self.end_after is not None and self.turn >= self.end_after:
            self._finish(events)
        else:
            self._start_turn(events)

    def _finish(self, events: list[Event]) -> None:
        self.phase = "over"
        scores = self.scores()
        best = max(scores)
        self.winners = [p for p in (0, 1) if scores[p] == best]
        events.append(
            Event(
                "score",
                f"Final score: {seat_name(0)} {scores[0]} points, {seat_name(1)} {scores[1]} "
                "points.",
                data={"scores": scores},
            )
        )
        events.append(Event("over", winners_sentence(self.winners), data={"winners": self.winners}))

    # -- counting ------------------------------------------------------------------------------
    def table_cards(self) -> list[tuple[int, int, bool]]:
        """Every species on the table as (space, instance, beneath?)."""
        found = []
        for space in range(len(self.top)):
            if self.top[space] >= 2:
                found.append((space, self.top[space], False))
            if self.under[space] >= 2:
                found.append((space, self.under[space], True))
        return found

    def scores(self) -> list[int]:
        """Each player's points on the table (parasites beneath included)."""
        scores = [0, 0]
        for _space, instance, _beneath in self.table_cards():
            scores[self.owner_of[instance]] += T.POINTS[self.card_of[instance]]
        return scores

    def links_of(self, space: int, instance: int) -> list[int]:
        """The spaces whose cards keep this card compatible (its host first, if any)."""
        card = self.card_of[instance]
        found = []
        if self.under[space] == instance:
            host = self.top[space]
            if host >= 0 and T.HOSTS[card] >> self.card_of[host] & 1:
                found.append(space)
        needs = T.NEEDS[card]
        for n in self.neighbours[space]:
            if self.top[n] >= 0 and needs >> self.card_of[self.top[n]] & 1:
                found.append(n)
        return found

    def food_chain(self, space: int, memo: dict[int, int] | None = None) -> int:
        """The longest food chain down from the top species at ``space``, in species."""
        memo = {} if memo is None else memo
        if space in memo:
            return memo[space]
        eats = T.EATS[self.card_of[self.top[space]]]
        best = 0
        for n in self.neighbours[space]:
            other = self.top[n]
            if other >= 2 and eats >> self.card_of[other] & 1:
                best = max(best, self.food_chain(n, memo))
        memo[space] = best + 1
        return best + 1

    def metrics(self) -> list[dict[str, Any]]:
        rows = []
        memo: dict[int, int] = {}
        cards = self.table_cards()
        for p in (0, 1):
            mine = [(s, i, b) for s, i, b in cards if self.owner_of[i] == p]
            links = sum(len(self.links_of(s, i)) for s, i, _b in mine)
            chain = max((self.food_chain(s, memo) for s, _i, b in mine if not b), default=0)
            rows.append(
                {
                    "player": p,
                    "turn": self.turn,
                    "points": sum(T.POINTS[self.card_of[i]] for _s, i, _b in mine),
                    "species": len(mine),
                    "links": links,
                    "connectance": round(links / (4 * len(mine)), 3) if mine else 0.0,
                    "chain": chain,
                    "at_risk": sum(1 for i in self.risk if self.owner_of[i] == p),
                    "lost": self.lost[p],
                }
            )
        return rows

    # -- what a seat may see -------------------------------------------------------------------
    def shuffle_secrets(self, seat: int | None, rng: random.Random) -> PhyloState:
        """A copy with everything ``seat`` may not see dealt anew, for the test suite.

        Secret are both deck orders, the other player's hand (dealt anew from their hand and
        deck together, keeping the sizes), the other player's deck-builder picks and the
        generator, which orders every later draw and coin.
        """
        twin = self.clone()
        assert isinstance(twin, PhyloState)
        for p in (0, 1):
            if p != seat:
                cards = twin.hands[p] + twin.decks[p]
                rng.shuffle(cards)
                size = len(twin.hands[p])
                twin.hands[p], twin.decks[p] = cards[:size], cards[size:]
                rng.shuffle(twin.picks[p])
            rng.shuffle(twin.decks[p])
        twin.rng = random.Random(rng.random())
        return twin

    def _observe(self, player: int | None) -> dict[str, Any]:
        table = []
        for space, instance, beneath in self.table_cards():
            r, c = self._rc(space)
            table.append(
                {
                    "space": space,
                    "row": r,
                    "column": c,
                    "card": self.card_of[instance],
                    "owner": self.owner_of[instance],
                    "beneath": beneath,
                    "at_risk": instance in self.risk,
                    "risk_since": self.risk.get(instance),
                }
            )
        view: dict[str, Any] = {
            "phase": self.phase,
            "rows": self.rows,
            "columns": self.columns,
            "homes": list(self.homes),
            "table": table,
            "turn": self.turn,
            "turn_player": self.turn_player,
            "actions_left": self.actions_left,
            "event_played": self.event_played,
            "wind": self.wind,
            "pollinator": self.pollinator,
            "challenged": self.challenged,
            "end_after": self.end_after,
            "deck_sizes": [len(d) for d in self.decks],
            "hand_sizes": [len(h) for h in self.hands],
            "discards": [[self.card_of[i] for i in pile] for pile in self.discards],
            "lost": list(self.lost),
            "scores": self.scores(),
            "picked": [len(p) for p in self.picks],
            "hand": None,
        }
        if player is not None:
            view["hand"] = sorted(self.card_of[i] for i in self.hands[player])
            if self.phase == "build":
                view["picks"] = list(self.picks[player])
        return view


def link_is_bluff(card: int, other: int) -> tuple[bool, str]:
    """The realism mode's verdict on ``card`` kept compatible by its neighbour ``other`` (R14)."""
    a, b = CARDS[card], CARDS[other]
    if not a.all_realms & b.all_realms:
        return True, f"{a.name} and {b.name} never meet in nature (no realm in common)"
    food = T.EATS[card] >> other & 1
    if food and b.group not in a.eats:
        return True, f"{a.name} does not eat that kind of food ({b.group}; it eats {_diet(a)})"
    shared = sorted(a.all_realms & b.all_realms)
    if food:
        return False, f"both live in the {shared[0]} realm and {a.name} eats {_diet(a)}"
    return False, f"both live in the {shared[0]} realm"


def _diet(species) -> str:
    return (
        ", ".join(species.eats[:-1]) + " and " + species.eats[-1]
        if len(species.eats) > 1
        else species.eats[0]
    )


__all__ = [
    "ACTION_TYPES",
    "DECK_CHOICES",
    "DECK_MODES",
    "DECK_SIZE",
    "Challenge",
    "DiscardToDraw",
    "MoveSpecies",
    "Pass",
    "PhyloState",
    "PickCard",
    "PlayEvent",
    "PlayInvasive",
    "PlayParasite",
    "PlaySpecies",
    "RemoveCard",
    "Spread",
    "build_actions",
    "card_name",
    "link_is_bluff",
]
