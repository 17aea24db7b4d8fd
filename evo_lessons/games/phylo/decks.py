"""Setting up and the cards in hand: decks, the opening hand, the coin, draws and discard piles.

The rulebook's beginning, in our words: two players sit facing each other, each with a deck of
24 cards and a HOME card on the table. Decks may be ready-made (themed), or built by hand; or
about 50 cards are shuffled and dealt at random between the two. Each player draws 5 cards at
random, or, if the players prefer, picks those 5 cards from their deck. A coin decides who goes
first. At the start of every turn its player draws a card; discarding a card draws three.

Rulings: R12 (taking the last card of a deck starts the end), R13 (discarding to draw, open
discard piles, no hand limit), R15 (the three ways to get decks), R16 (the first player draws
too) and R18 (the preselected opening hand). Cards that leave the table go to their owner's
discard pile and count as lost (R10).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from evo_lessons.engine import Action, Event
from evo_lessons.engine.seeds import shuffle
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import data_text, npgettext, pgettext

from . import tables as T
from .actions import DISCARD_DRAW, ChooseOpening, PickCard
from .data import MAX_COPIES, Deck
from .spaces import Spaces
from .words import Said, card_name, home_name

COLLECTION = T.COLLECTION
CARDS = T.CARDS
HOME = T.HOME
CARD_IDS = tuple(c.id for c in CARDS)
DECK_KEYS = tuple(d.key for d in COLLECTION.decks)
#: the cards of an opening hand
START_HAND = 5


# The log's commonest sentences, one shared Event each (``tables.ActionTable``): a random
# playout starts thousands of games and draws at every turn, and building an event costs more
# than finding it. Each is Said (``words.Said``): its sentence is written only when someone
# reads it, in the reader's language.
def _drawn(key: int) -> Said:
    """The log's sentence of a draw, ``key``: (seat * 4096 + cards drawn) * 4096 + cards left."""
    rest, left = divmod(key, 4096)
    player, taken = divmod(rest, 4096)

    def say() -> str:
        return npgettext(
            "phylo log",
            "{who} draws a card ({left} left in the deck).",
            "{who} draws {n} cards ({left} left in the deck).",
            taken,
        ).format(who=seat_name(player), n=taken, left=left)

    return Said("draw", say, player, {"cards": taken})


#: one shared Event for each draw sentence (a turn's draw, a discard's, an event's)
DRAWN = T.ActionTable(_drawn)


def _discarded(key: int) -> Said:
    """The log's sentence of a discard to draw (R13), ``key``: seat * 4096 + card."""
    me, card = divmod(key, 4096)

    def say() -> str:
        return pgettext("phylo log", "{who} discards {card} to draw cards.").format(
            who=seat_name(me), card=card_name(card)
        )

    return Said("discard", say, me, {"card": card})


#: one shared Event for each discard sentence
DISCARDED = T.ActionTable(_discarded)

#: one shared Event for each sentence of a card lost (``_to_discard``), by (seat, card, why):
#: an event's victims, the removal step's, an invaded species (a random playout loses five
#: cards a game, and building the event cost more than finding it)
LOST: dict[tuple[int, int, str | int], Said] = {}


def _plays_deck(p: int, deck: Deck) -> Said:
    def say() -> str:
        return pgettext("phylo log", "{who} plays the {deck} deck.").format(
            who=seat_name(p), deck=data_text("phylo", "decks.name", deck.name)
        )

    return Said("deck", say, p, {"deck": deck.key})


def _opening_hand(p: int) -> Said:
    def say() -> str:
        return pgettext("phylo log", "{who} draws {n} cards.").format(
            who=seat_name(p), n=START_HAND
        )

    return Said("draw", say, p, {"cards": START_HAND})


def _coin(first: int) -> Said:
    def say() -> str:
        # Translators: heads and tails: the two sides of a coin
        text = (
            pgettext("phylo log", "A coin is tossed: heads, so {who} goes first.")
            if first == 0
            else pgettext("phylo log", "A coin is tossed: tails, so {who} goes first.")
        )
        return text.format(who=seat_name(first))

    return Said("coin", say, first, {"first": first})


# A new game's log, one shared Event per sentence like the draws above.
#: ``PLAYS_DECK[seat, key]``: the sentence of a seat's ready-made deck (R15)
PLAYS_DECK = {(p, deck.key): _plays_deck(p, deck) for p in (0, 1) for deck in COLLECTION.decks}
#: each seat's opening draw
OPENING_HANDS = (_opening_hand(0), _opening_hand(1))
#: the coin's sentence, by the seat that goes first
COINS = (_coin(0), _coin(1))


@cache
def _shuffled(homes: tuple[int, int], columns: int) -> Said:
    """The sentence of the shuffle and where the HOME cards lie (R1), one a grid."""
    names = T.space_names(columns)

    def say() -> str:
        # Translators: {home} is the HOME card's name; {first} and {second} are spaces ("D4")
        return pgettext(
            "phylo log",
            "Each deck is shuffled. {who1}'s {home} at {first}, {who2}'s {home} at {second}.",
        ).format(
            who1=seat_name(0),
            who2=seat_name(1),
            home=home_name(),
            first=names[homes[0]],
            second=names[homes[1]],
        )

    return Said("setup", say)


#: why a card leaves the table (``_to_discard``'s ``why``): the sentence of each reason
WHY_INVADED, WHY_REMOVED, WHY_DOMINO = "invaded", "removed", "domino"


def _lost(owner: int, card: int, why: str | int) -> str:
    """The log's sentence of a card lost: ``why`` is a reason above, an event card's id (its
    victims), or ``-1 - seat`` (removed by that seat after a challenge, R14)."""
    who, name = seat_name(owner), card_name(card)
    if why == WHY_INVADED:
        text = pgettext("phylo log", "{who}'s {card} is replaced by an invasive species.")
    elif why == WHY_REMOVED:
        text = pgettext("phylo log", "{who}'s {card} still has no compatible connection: removed.")
    elif why == WHY_DOMINO:
        text = pgettext("phylo log", "{who}'s {card} loses its last link and is removed at once.")
    elif isinstance(why, int) and why < 0:
        return pgettext("phylo log", "{who}'s {card} is removed by {other}.").format(
            who=who, card=name, other=seat_name(-1 - why)
        )
    else:
        # Translators: {event} is an event card's name in small letters ("wildfire")
        return pgettext("phylo log", "{who}'s {card} is lost to the {event}.").format(
            who=who, card=name, event=card_name(int(why)).lower()
        )
    return text.format(who=who, card=name)


#: the cards of each ready-made deck, by key
DECK_CARDS = {deck.key: deck.cards for deck in COLLECTION.decks}


@cache
def deck_bits(first: str, second: str) -> T.SpeciesBits:
    """How a game of two ready-made decks numbers its species in masks (``tables.py``)."""
    cards = DECK_CARDS[first] + DECK_CARDS[second]
    species = frozenset(c for c in cards if T.IS_SPECIES[c])
    return T.species_bits(species, frozenset(c for c in cards if c in T.EVENT_TARGETS))


class Decks(Spaces):
    """Decks, hands and discard piles of the two players (a part of :class:`PhyloState`)."""

    options: dict[str, Any]
    rng: random.Random
    setup_events: list[Event]
    card_of: tuple[int, ...]
    owner_of: tuple[int, ...]
    decks: list[list[int]]  # instances; the top of a deck is its end
    hands: list[list[int]]
    discards: list[list[int]]
    picks: list[list[int]]  # the deck-builder's picks (card ids)
    lost: list[int]
    risk: dict[int, int]
    phase: str
    turn: int
    turn_player: int
    end_after: int | None
    _start_turn: Callable[[list[Event]], None]

    if TYPE_CHECKING:  # the state's (rules.py)

        @property
        def current_player(self) -> int | None: ...

    # -- where the decks come from (R15) -------------------------------------------------------
    def _ready_decks(self) -> tuple[list[Sequence[int]], T.SpeciesBits]:
        """The two decks, and how the game numbers their species in masks."""
        opts = self.options
        if opts["decks"] == "pool":
            pool = list(CARD_IDS)
            shuffle(self.rng, pool)
            size = opts["deck_size"]
            self.setup_events.append(
                Event(
                    "deal",
                    pgettext(
                        "phylo log",
                        "The whole collection of {cards} cards is shuffled and {dealt} are dealt "
                        "alternately, {n} to each player.",
                    ).format(cards=len(pool), dealt=2 * size, n=size),
                )
            )
            return [pool[0 : 2 * size : 2], pool[1 : 2 * size : 2]], T.CARD_BITS
        names = [opts["deck_1"], opts["deck_2"]]
        if names[0] == "random" and names[1] == "random":
            names = self.rng.sample(DECK_KEYS, 2)
        else:
            names = [
                self.rng.choice([k for k in DECK_KEYS if k not in names]) if n == "random" else n
                for n in names
            ]
        first, second = names
        self.setup_events += (PLAYS_DECK[0, first], PLAYS_DECK[1, second])
        return [DECK_CARDS[first], DECK_CARDS[second]], deck_bits(first, second)

    def _pick_actions(self) -> list[Action]:
        """The deck-builder's choices: any card of the collection, at most two copies (R15)."""
        seat = self.current_player
        assert seat is not None  # (a live game's)
        counts = [0] * len(CARDS)
        for card in self.picks[seat]:
            counts[card] += 1
        picks = T.card_actions(PickCard)
        return [picks[c] for c in range(len(CARDS)) if counts[c] < MAX_COPIES]

    def _pick(self, me: int, card: int, events: list[Event]) -> None:
        self.picks[me].append(card)
        size = self.options["deck_size"]
        if len(self.picks[me]) == size:
            events.append(
                Said(
                    "build",
                    lambda: pgettext("phylo log", "{who} has built a deck of {n} cards.").format(
                        who=seat_name(me), n=size
                    ),
                    me,
                )
            )
        if len(self.picks[1]) == size:
            self._deal([list(self.picks[0]), list(self.picks[1])], events)

    # -- the deal, the opening hands and the coin ------------------------------------------------
    def _deal(self, decks: list[Sequence[int]], events: list[Event]) -> None:
        # instances: the two HOMEs, then Player 1's cards, then Player 2's, in deck order
        first, second = decks
        self.card_of = (HOME, HOME, *first, *second)
        self.owner_of = (0, 1) + (0,) * len(first) + (1,) * len(second)
        self.index.owner_of = self.owner_of  # the index counts event targets by owner
        start = 2
        for p, cards in enumerate(decks):
            instances = list(range(start, start + len(cards)))
            start += len(cards)
            shuffle(self.rng, instances)
            self.decks[p] = instances
        events.append(_shuffled(self.homes, self.columns))
        if self.options["preselect"]:
            self.phase = "preselect"
            events.append(
                Event(
                    "preselect",
                    pgettext(
                        "phylo log",
                        "Each player picks {n} cards from their own deck for the opening hand, "
                        "{who} first (R18).",
                    ).format(n=START_HAND, who=seat_name(0)),
                )
            )
            return
        took, card_of = self.index.took, self.card_of
        for p in (0, 1):
            deck, hand = self.decks[p], self.hands[p]
            for _ in range(START_HAND):  # self._to_hand(p, deck.pop()), inlined
                instance = deck.pop()
                hand.append(instance)
                took(p, card_of[instance])
            events.append(OPENING_HANDS[p])
        self._toss_coin(events)

    def _opening_chooser(self) -> int:
        """Who picks an opening card now (R18): Player 1 until their hand is full."""
        return 0 if len(self.hands[0]) < START_HAND else 1

    def _opening_actions(self) -> list[Action]:
        """R18: any card left in the chooser's own deck, once per card id."""
        deck = self.decks[self._opening_chooser()]
        choices = T.card_actions(ChooseOpening)
        return [choices[c] for c in sorted({self.card_of[i] for i in deck})]

    def _choose_opening(self, me: int, card: int, events: list[Event]) -> None:
        deck = self.decks[me]
        for k in range(len(deck) - 1, -1, -1):  # the copy nearest the top
            if self.card_of[deck[k]] == card:
                self._to_hand(me, deck.pop(k))
                break
        if len(self.hands[me]) == START_HAND:
            events.append(
                Event(
                    "draw",
                    pgettext(
                        "phylo log", "{who} has picked {n} cards for the opening hand (R18)."
                    ).format(who=seat_name(me), n=START_HAND),
                    me,
                    {"cards": START_HAND},
                )
            )
            if me == 1:
                self._toss_coin(events)

    def _toss_coin(self, events: list[Event]) -> None:
        first = 0 if self.rng.random() < 0.5 else 1
        events.append(COINS[first])
        self.phase = "play"
        self.turn_player = 1 - first
        self._start_turn(events)

    # -- hands, draws and discard piles ----------------------------------------------------------
    def reindex(self) -> None:
        """Rebuild the speed index from the table and the hands as they are."""
        super().reindex()
        self.index.count_hands(self.hands, self.card_of)

    def _to_hand(self, me: int, instance: int) -> None:
        """The way into a hand (``_draw`` inlines it): the speed index hears of it."""
        self.hands[me].append(instance)
        self.index.took(me, self.card_of[instance])

    def _take_from_hand(self, me: int, card: int) -> int:
        """The only way out of a hand: the copy of ``card`` drawn first."""
        hand, card_of = self.hands[me], self.card_of
        k = 0
        while card_of[hand[k]] != card:  # (a legal action names a card in the hand)
            k += 1
        self.index.gave(me, card)
        return hand.pop(k)

    def _discard_to_draw(self, me: int, card: int, events: list[Event]) -> None:
        """R13: the card goes face up on the discard pile; up to three are drawn."""
        instance = self._take_from_hand(me, card)
        self.discards[me].append(instance)
        events.append(DISCARDED[me * 4096 + card])
        self._draw(me, DISCARD_DRAW, events)

    def _draw(self, player: int, count: int, events: list[Event]) -> None:
        """Up to ``count`` cards from the top of the deck into the hand; the last one starts
        the end (R12)."""
        deck = self.decks[player]
        taken = count if count < len(deck) else len(deck)  # min(count, len(deck)), no call
        hand, card_of, index = self.hands[player], self.card_of, self.index
        for _ in range(taken):  # self._to_hand(player, deck.pop()), inlined
            instance = deck.pop()
            hand.append(instance)
            index.took(player, card_of[instance])
        if deck:  # the usual draw: cards are left
            events.append(DRAWN[(player * 4096 + taken) * 4096 + len(deck)])
            return
        if not taken:
            events.append(
                Event(
                    "draw",
                    pgettext("phylo log", "{who}'s deck is empty: no card to draw.").format(
                        who=seat_name(player)
                    ),
                    player,
                )
            )
            return
        events.append(DRAWN[(player * 4096 + taken) * 4096])
        if self.end_after is None:  # R12
            self.end_after = self.turn + 1
            events.append(
                Event(
                    "last_card",
                    pgettext(
                        "phylo log",
                        "{who} has taken the last card of the deck: the game ends after "
                        "{other}'s next turn.",
                    ).format(who=seat_name(player), other=seat_name(1 - self.turn_player)),
                    player,
                )
            )

    def _to_discard(self, instance: int, events: list[Event], why: str | int) -> None:
        """A card leaves the table for its owner's discard pile and counts as lost (R10)."""
        owner, card = self.owner_of[instance], self.card_of[instance]
        self.discards[owner].append(instance)
        self.lost[owner] += 1
        self.risk.pop(instance, None)
        key = (owner, card, why)
        event = LOST.get(key)
        if event is None:
            event = LOST[key] = Said("lost", lambda: _lost(owner, card, why), owner, {"card": card})
        events.append(event)

    def _remove_at(self, space: int, instance: int, events: list[Event], why: str | int) -> None:
        self._lift(space, instance)
        self._to_discard(instance, events, why)
