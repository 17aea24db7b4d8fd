"""The mutation deck: the draw pile, the face-up discard pile and the players' secret hands.

For each gene, five "+1" and five "-1" cards; six neutral cards (four with two or three
players); two deleterious cards that lie face up inside the shuffled pile, so everyone sees
where they are. When the draw pile runs out, the discard pile is shuffled into a new one (and if
both are empty, nothing is drawn: R14). Chance comes from the state's generator, passed in.
"""

from __future__ import annotations

import dataclasses
import random

from evo_lessons.engine import Event
from evo_lessons.engine.words import and_list, seat_name
from evo_lessons.i18n import pgettext

from .tables import CARD_KIND, CARD_SLOT, DELETERIOUS, NEUTRAL, WORLD, is_dealt_a_card


def pick(rng: random.Random, count: int) -> int:
    """A uniformly random index below ``count`` (a neighbour choosing a card unseen)."""
    # random() is several times cheaper than randrange(); the choice is just as fair
    return int(rng.random() * count)


@dataclasses.dataclass(slots=True)
class MutationDeck:
    """Where every card of the game is. Cards are ids into the world's card list (data.toml).

    ``counts[p]`` says how many cards of each of the six mutation types (+1 body, -1 body,
    +1 colour, ...: see ``tables.slot``) hand ``p`` holds. It is kept in step with the hand,
    because the legal moves ask "can this hand pay?" many times a turn.
    """

    in_game: tuple[int, ...]
    draw_pile: list[int]
    discard: list[int]
    hands: list[list[int]]
    counts: list[list[int]]

    @classmethod
    def shuffled(cls, players: int, rng: random.Random, events: list[Event]) -> MutationDeck:
        """The game's cards, shuffled into the draw pile, with empty hands."""
        cards = [c for c in WORLD.cards if c.kind != NEUTRAL]
        neutral = [c for c in WORLD.cards if c.kind == NEUTRAL]
        if players <= 3:
            neutral = neutral[: WORLD.neutral_small_game]
        in_game = tuple(sorted(c.id for c in cards + neutral))
        draw_pile = list(in_game)
        rng.shuffle(draw_pile)
        deck = cls(
            in_game, draw_pile, [], [[] for _ in range(players)], [[0] * 6 for _ in range(players)]
        )
        depths = deck.deleterious_depths()
        events.append(
            Event(
                "shuffle",
                pgettext(
                    "climate log; {depths} is a list of numbers such as '3, 7 and 23'",
                    "The {n} mutation cards are shuffled into the draw pile; the deleterious ones "
                    "lie face up in it, {depths} cards from the top.",
                ).format(n=len(in_game), depths=_in_words(depths)),
                None,
                {"cards": len(in_game), "deleterious_from_top": depths},
            )
        )
        return deck

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, rng: random.Random, events: list[Event], player: int) -> int | None:
        """The top card, reshuffling the discard pile if the draw pile is empty (None: R14)."""
        if not self.draw_pile:
            if not self.discard:
                said = pgettext("climate log", "Both piles are empty: no card to draw (R14).")
                events.append(Event("draw", said, player))
                return None
            self.draw_pile = self.discard
            self.discard = []
            rng.shuffle(self.draw_pile)
            events.append(
                Event(
                    "shuffle",
                    pgettext(
                        "climate log",
                        "The draw pile is empty: the {n} discarded cards are shuffled into a new "
                        "draw pile.",
                    ).format(n=len(self.draw_pile)),
                    None,
                    {"cards": len(self.draw_pile)},
                )
            )
        return self.draw_pile.pop()

    def deal(self, player: int, rng: random.Random, events: list[Event], blind: bool) -> None:
        """Deal one card that is not deleterious (setup and restart, R5).

        A deleterious card met while dealing is discarded and another drawn. With blind
        mutation (R12) nobody keeps a hand, so the dealt card is discarded.
        """
        for _ in range(len(self.in_game)):
            card = self.draw(rng, events, player)
            if card is None:
                return
            if CARD_KIND[card] == DELETERIOUS:
                self.discard.append(card)
                events.append(
                    Event(
                        "draw",
                        pgettext(
                            "climate log",
                            "A deleterious card turns up while dealing a new species' cards; it "
                            "is discarded and another drawn (R5).",
                        ),
                        player,
                    )
                )
                continue
            if blind:
                self.discard.append(card)
                events.append(
                    Event(
                        "draw",
                        pgettext(
                            "climate log",
                            "{who} is dealt a mutation card and discards it: blind species keep "
                            "no hand (R12).",
                        ).format(who=seat_name(player)),
                        player,
                    )
                )
            else:
                self.to_hand(player, card)
                events.append(is_dealt_a_card()[player])
            return

    # -- hands -----------------------------------------------------------------------------------
    def to_hand(self, player: int, card: int) -> None:
        self.hands[player].append(card)
        mutation_type = CARD_SLOT[card]
        if mutation_type >= 0:
            self.counts[player][mutation_type] += 1

    def from_hand(self, player: int, index: int) -> int:
        card = self.hands[player].pop(index)
        mutation_type = CARD_SLOT[card]
        if mutation_type >= 0:
            self.counts[player][mutation_type] -= 1
        return card

    def lose_at_random(self, player: int, count: int, rng: random.Random) -> list[int]:
        """Discard ``count`` random cards of the hand (all of them if it holds fewer)."""
        hand = self.hands[player]
        lost = [self.from_hand(player, pick(rng, len(hand))) for _ in range(min(count, len(hand)))]
        self.discard.extend(lost)
        return lost

    def spend(self, player: int, mutation_type: int, count: int) -> list[int]:
        """Discard ``count`` cards of one mutation type, lowest-numbered first (R2)."""
        hand = self.hands[player]
        spent = []
        for _ in range(count):
            card = min(c for c in hand if CARD_SLOT[c] == mutation_type)
            spent.append(self.from_hand(player, hand.index(card)))
        self.discard.extend(spent)
        return spent

    def give_up_hand(self, player: int) -> None:
        """An extinct species loses every card (R10)."""
        self.discard.extend(self.hands[player])
        self.hands[player] = []
        self.counts[player] = [0] * 6

    # -- what everyone sees ------------------------------------------------------------------------
    def deleterious_depths(self) -> list[int]:
        """How deep in the draw pile each face-up deleterious card lies (1 = the top card)."""
        pile = self.draw_pile
        return [
            depth
            for depth, card in enumerate(reversed(pile), start=1)
            if CARD_KIND[card] == DELETERIOUS
        ]

    def deal_secrets_anew(
        self, seat: int | None, rng: random.Random, keep: tuple[int, ...] = ()
    ) -> None:
        """Deal again every card ``seat`` cannot see (for the test suite's leak check).

        The other hands and the face-down cards of the draw pile are one pool, dealt again with
        each hand and the pile keeping its size and each deleterious card its depth. The hands
        of the seats in ``keep`` stay as they are: a player whose pending choices were worked
        out from their hand keeps it, so the twin is a state the rules could make.
        """
        others = [p for p in range(len(self.hands)) if p != seat and p not in keep]
        pool = [card for p in others for card in self.hands[p]]
        pool += [card for card in self.draw_pile if CARD_KIND[card] != DELETERIOUS]
        rng.shuffle(pool)
        for p in others:
            size = len(self.hands[p])
            self.hands[p], self.counts[p] = [], [0] * 6
            for _ in range(size):
                self.to_hand(p, pool.pop())
        self.draw_pile = [
            card if CARD_KIND[card] == DELETERIOUS else pool.pop() for card in self.draw_pile
        ]


def _in_words(numbers: list[int]) -> str:
    """ "7", "7 and 23", "3, 7 and 23"."""
    return and_list([str(n) for n in numbers])
