"""The Niche game: adapt to three environments, one trait card at a time.

Mechanics from *Niche: A Game of Survival and Adaptation* by Réka Nagy and Jakub Krakowiak
(CC BY 3.0). Every sentence, environment and card here is our own; the cards are designed in
``data.toml``.

The rules in our words
----------------------
* **The cards.** 12 environment cards (real habitats, each showing 2-4 challenges such as cold,
  darkness or predators) and 52 trait cards: traits (a real adaptation that meets one challenge
  type), two-trait cards (meet two) and special event cards (an effect instead of a trait).
  There is an environment deck, a trait deck and one discard pile for trait cards.
* **The gene pool** (the game's name for its two draw piles; in biology a gene pool is the
  alleles of one population, see notebooks/handouts/glossary.md). Two stacks of ten trait
  cards, each built as a small pyramid: four face down, three face up on top of them, two face
  down on those, one face up on top (R1). A card can be drawn when it is face up and no card
  lies on it. At the end of every turn a face-down card with nothing on it is turned face up.
  A stack whose last card was drawn is rebuilt from the trait deck; when the deck runs short
  the discard pile is shuffled into a new deck (R2).
* **Setup.** Each player gets two environment cards, looks at the gene pool, keeps one and
  shuffles the other back into the environment deck (R3). Then everyone gets three trait cards.
* **A turn**, the gene pool's upkeep and the end of the game: :mod:`.turns`. **Playing a card**,
  the rule of 4 and the special event cards: :mod:`.playing`. **Completing environments**:
  :mod:`.environments`. The pyramid's shape is :mod:`.pyramid` and the gene pool's cards
  :mod:`.gene_pool`; the decisions, as their buttons read, are :mod:`.actions`. Each module's
  docstring is that part of the rules in our words. Speed machinery (precomputed masks, actions
  and log lines) lives in :mod:`.tables`, beside the rules and never inside them.

Variants (keyword arguments of :func:`new_game`)
------------------------------------------------
``players`` 2-6 (R13); ``max_rounds`` 1-10,000, default 100 (R14).

Rulings (where the text is silent; each is tested in tests/niche/test_rulings.py)
-------------------------------------------------------------------------------
R1. *Pyramid geometry.* A stack has ten positions in four layers: layer 0 (the bottom) holds
    positions 0-3, layer 1 positions 4-6, layer 2 positions 7-8 and layer 3 position 9. Card j of
    layer L+1 lies across cards j and j+1 of layer L, so it *covers* both. Hence 4 covers 0 and 1;
    5 covers 1 and 2; 6 covers 2 and 3; 7 covers 4 and 5; 8 covers 5 and 6; 9 covers 7 and 8.
    Layers 0 and 2 are dealt face down, layers 1 and 3 face up, bottom layer first. A card is
    *available* when it is there, face up, and every card covering it has been drawn. Face-up
    cards that are still covered are visible to everyone but cannot be drawn.
R2. *End of turn, in order:* every emptied stack is rebuilt (dealt bottom first, same faces as
    at setup); if the trait deck runs out while building, the discard pile is shuffled to become
    the new deck and building goes on; if both are empty the stack stays partly built, or empty,
    in which case building is tried again at the end of later turns (a stack is only rebuilt
    once it is empty). Then every face-down card with nothing on it is turned face up (for a
    full stack the order makes no difference). At the start of every turn at least one card is
    available: with six players at most 18 cards are in hands and 24 in play areas, so at least
    10 of the 52 are in the pool, deck or discard.
R3. *Setup order.* Gene pool first, then two environments to each player, then the choices in
    seat order (each player sees the gene pool and their own two cards, not other players'
    pairs); every returned environment is shuffled into the environment deck at once. Then three
    trait cards each. Seat 0 plays first and play goes up the seats (the text's clockwise).
    The log starts with the setup: both decks shuffled, each stack built (naming its face-up
    cards), and the environments dealt (naming none, R15).
R4. *Drawing is compulsory* and comes before playing; the drawn card may be the one played.
R5. *Meeting challenges.* A trait meets its challenge type in any environment. An environment
    lists each challenge type at most once, and is complete when every one of its types is met
    by at least one card in play. Event cards meet nothing, except a Gene flow card in play,
    which meets what the trait it copies meets (R7).
R6. *Rule of 4.* When a card arrives in a play area that already holds four (a played trait, a
    Mutation's helpful variant, a Gene flow copy, a Parasite, the Refuge), the owner of that play
    area (even on another player's turn) chooses one of the four cards that were there before and
    discards it; the newcomer stays. That choice is the owner's next decision.
R7. *Targets.* Parasite may be placed with any other player; Population crash targets another
    player with at least one card in play; Gene flow copies a trait (not an event card) in
    another player's play area. A player whose play area holds the Refuge cannot be targeted
    and skips Mass extinction. An event with no possible target may still be played: it is
    discarded with no effect. Self and table events can always be played.
    *Gene flow* is between populations of one species, and the population the migrants left
    keeps its alleles: the donor keeps its card (and suffers nothing); the Gene flow card goes
    into the player's own play area and, while it is there, meets what the copied trait meets.
    The copy is fixed when it is made: it lasts if the donor later loses its card, and it ends
    when the Gene flow card leaves the play area.
R8. *Mutation* reveals the top card of the trait deck (shuffling the discard pile into a new
    deck first if the deck is empty). Mutations are random with respect to need, and most do
    nothing or harm: an event card is a *harmful* mutation (the player loses a random card from
    their play area, if there is one, and suffers the event, R16); a trait or two-trait card
    that meets a challenge of the player's environment not yet met is a *helpful* variant and
    joins the play area (rule of 4 applies); any other trait makes *no difference*. A revealed
    card that does not join the play area is discarded, and so is the Mutation card after its
    effect. If deck and discard pile are both empty nothing happens.
R9. *Migration* draws the new environment first and then shuffles the old one back into the
    environment deck, so the player always moves somewhere new; whether the new environment is
    already met is checked at the end of the turn, as usual (R11).
R10. *Mass extinction:* in seat order starting with the player who played it, every player who
    has a card in play and no Refuge discards one card of their choice from their play area.
R11. *When completion is checked.* At the end of every turn, for the player whose turn it was:
    during a turn other players' play areas can only lose cards, so nobody else can become
    complete. After drawing a new environment it is checked at once: traits already in play
    may meet it (pre-adaptation), and then it is completed straight away, the player's next turn
    again being spent drawing an environment. A third completion ends the game at once.
R12. *Environment deck runs out:* the environments set aside by all players are shuffled into a
    new environment deck (players keep their count of completed environments).
R13. *Players: 2 to 6.* Twelve environments deal two to each of at most six players; with six,
    18 trait cards in hands and 20 in the gene pool still leave 14 in the deck. One player would
    have nobody for the special events to touch.
R14. *Time runs out* (so that every game ends, even between bots that never adapt): a game ends
    after ``max_rounds`` rounds (a round is one turn of every player) without a winner. Then the
    players with the most completed environments win, ties broken by the largest match (the
    share of the current environment's challenges met); players still tied share the win.
R15. *Hidden information:* hands, face-down gene-pool cards, the order of both decks and other
    players' environment pairs during setup are secret. The discard pile, play areas, current
    and completed environments and face-up gene-pool cards (covered or not) are public.
R16. *Metrics.* The *match* is the share of the current environment's challenges met by the
    cards in play; between environments (after a completion, before the next draw) it is 1. It
    is a match to the environment, not biological fitness (relative reproductive success, which
    nothing in the game measures). An event is *suffered* by every player whose play area it
    changes against their will: the target of Parasite and Population crash, a player who loses
    a card to a harmful Mutation, and everyone who discards to a Mass extinction.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from evo_lessons.engine import Action, Event, GameState
from evo_lessons.engine.words import and_list, seat_name
from evo_lessons.i18n import pgettext

from .actions import (
    ACTION_TYPES,
    DiscardFromPlay,
    DrawEnvironment,
    DrawFromGenePool,
    KeepEnvironment,
    PlayCard,
    card_name,
)
from .data import Deck, deck
from .environments import ENVIRONMENTS_TO_WIN, Environments, count_met
from .gene_pool import GenePool
from .observation import NicheSeen, PendingDiscard, Seat
from .playing import Playing
from .pyramid import STACK_SIZE, STACKS
from .tables import (
    AIMED,
    CARD_EFFECT,
    DISCARDS,
    DRAW_ENVIRONMENT,
    PLAYS,
    REFUGE_CARDS,
    TAKES,
    TARGETED_CARDS,
    TRAIT_CARDS,
    discard_events,
    draw_events,
    trait_events,
)
from .turns import Turns
from .words import environment_name

__all__ = [
    "ACTION_TYPES",
    "CARDS",
    "CHALLENGES",
    "DEFAULT_MAX_ROUNDS",
    "ENVIRONMENTS",
    "ENVIRONMENTS_TO_WIN",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "DiscardFromPlay",
    "DrawEnvironment",
    "DrawFromGenePool",
    "KeepEnvironment",
    "NicheState",
    "PlayCard",
    "count_met",
    "in_words",
]

DECK: Deck = deck()
CARDS = DECK.cards
ENVIRONMENTS = DECK.environments
CHALLENGES = DECK.challenges

HAND_SIZE = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 6
DEFAULT_MAX_ROUNDS = 100
#: R1: the position at the top of a stack's pyramid
TOP = STACK_SIZE - 1


def in_words(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C" (and "nothing" for none)."""
    if not names:
        return pgettext("niche log; no cards", "nothing")
    return and_list(names)


class NicheState(Playing, Environments, Turns, GameState):
    """The whole table: gene pool, decks, discard pile, environments, hands and play areas."""

    action_types: ClassVar[Mapping[str, type[Action]]] = ACTION_TYPES

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        super().__init__(options, seed)
        n = options["players"]
        self._n = n
        self.max_turns = options["max_rounds"] * n
        self.trait_deck: list[int] = list(range(len(CARDS)))  # top = last
        self.rng.shuffle(self.trait_deck)
        self.discard: list[int] = []
        self.environment_deck: list[int] = list(range(len(ENVIRONMENTS)))
        self.rng.shuffle(self.environment_deck)
        self.set_aside: list[int] = []  # completed environments of all players (R12)
        self.gene_pool = GenePool()
        self.dealt: list[list[int]] = []  # each player's two environments until they keep one
        self.environment: list[int] = [-1] * n
        self.completed: list[list[int]] = [[] for _ in range(n)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.play: list[list[int]] = [[] for _ in range(n)]
        #: R7: each Gene flow card in a play area, and the trait card it copies
        self.copies: dict[int, int] = {}
        self.suffered: list[int] = [0] * n
        #: (environment, player, turns held, outcome) for every environment a player has left
        self.environment_log: list[tuple[int, int, int, str]] = []
        self.held_since: list[int] = [0] * n
        #: queued discard decisions: (player, card that may not be discarded or -1)
        self.pending: list[tuple[int, int]] = []
        self.turns = 0  # player-turns started
        self.turn_player = 0
        self.phase = "keep"  # keep | environment | draw | play | discard | over
        self._current: int | None = 0
        self.ended_by_time = False
        self._set_up()

    def _set_up(self) -> None:
        """R3: the decks are shuffled, the gene pool is built, two environments go to each."""
        log = self.setup_events
        log.append(
            Event(
                "shuffle",
                pgettext(
                    "niche log",
                    "The {traits} trait cards and the {environments} environment cards are "
                    "shuffled into two decks.",
                ).format(traits=len(CARDS), environments=len(ENVIRONMENTS)),
                None,
                {},
            )
        )
        for stack in range(STACKS):
            dealt = self.gene_pool.build(stack, self.trait_deck, lambda: -1)  # 52 cards: enough
            log.append(self._built_event(stack, dealt))
        self.dealt = [
            [self.environment_deck.pop(), self.environment_deck.pop()] for _ in range(self._n)
        ]
        log.append(
            Event(
                "deal",
                pgettext(
                    "niche log",
                    "Every player is dealt 2 environment cards and looks at them in secret.",
                ),
                None,
                {},
            )
        )

    def _built_event(self, stack: int, dealt: int) -> Event:
        """A stack dealt at setup, naming its face-up cards (public) and no face-down one."""
        shown = self.gene_pool.face_up_cards(stack)
        below = [card_name(card) for position, card in shown if position != TOP]
        top = [card_name(card) for position, card in shown if position == TOP]
        if top:
            text = pgettext(
                "niche log",
                "Gene pool {n} is built with {cards} cards from the trait deck. Face up: {below}, "
                "with {top} on top.",
            )
        else:
            text = pgettext(
                "niche log",
                "Gene pool {n} is built with {cards} cards from the trait deck. Face up: {below}.",
            )
        return Event(
            "build",
            text.format(n=stack + 1, cards=dealt, below=in_words(below), top=top[0] if top else ""),
            None,
            {
                "stack": stack,
                "cards": dealt,
                "positions": [position for position, _ in shown],
                "face_up": [card for _, card in shown],
            },
        )

    # -- contract ------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self._n

    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def round(self) -> int:
        """Rounds started (0 during setup)."""
        return (self.turns + self._n - 1) // self._n

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "draw":
            return self.gene_pool.draws()
        if phase == "play":
            hand = self.hands[self.turn_player]
            if TARGETED_CARDS.isdisjoint(hand):
                return [PLAYS[card] for card in hand]
            return self._play_actions(hand)
        if phase == "discard":
            player, keep = self.pending[0]
            return [DISCARDS[c] for c in self.play[player] if c != keep]
        if phase == "environment":
            return [DRAW_ENVIRONMENT]
        if phase == "keep":
            return [KeepEnvironment(e) for e in self.dealt[self._current]]  # type: ignore[index]
        return []

    def _play_actions(self, hand: list[int]) -> list[Action]:
        """Play actions when the hand holds an event aimed at another player (R7)."""
        out: list[Action] = []
        targets = self.targets(self.turn_player)
        for card in hand:
            if card not in TARGETED_CARDS:
                out.append(PLAYS[card])
                continue
            before = len(out)
            if CARD_EFFECT[card] == "gene_flow":  # one action per trait card in play there
                takes = TAKES[card]
                for other in targets:
                    per_card = takes[other]
                    out += [per_card[c] for c in self.play[other] if c in TRAIT_CARDS]
            else:
                aimed = AIMED[card]
                parasite = CARD_EFFECT[card] == "parasite"
                for other in targets:
                    if parasite or self.play[other]:
                        out.append(aimed[other])
            if len(out) == before:
                out.append(PLAYS[card])  # R7: no target, no effect
        return out

    def targets(self, player: int) -> list[int]:
        """Players that ``player``'s events may touch: the others without a Refuge (R7)."""
        return [p for p in range(self._n) if p != player and not self.protected(p)]

    def protected(self, player: int) -> bool:
        return not REFUGE_CARDS.isdisjoint(self.play[player])

    # (``action: Any``: told apart by its exact class, kept for speed, which mypy does not
    # narrow by; it is the legal list's own Action)
    def _apply(self, action: Any) -> list[Event]:
        events: list[Event] = []
        player: Any = self._current  # (a live game's seat: never None here)
        kind = type(action)
        if kind is DrawFromGenePool:
            self.gene_pool.take(action.stack, action.position)
            self.hands[player].append(action.card)
            events.append(draw_events()[player][action.stack][action.position][action.card])
            self.phase = "play"
        elif kind is PlayCard:
            card = action.card
            self.hands[player].remove(card)
            if card in TRAIT_CARDS:
                events.append(trait_events()[player][card])
                self._arrive(player, card)
            else:
                self._play_event(player, action, events)
            self._after_decision(events)
        elif kind is DiscardFromPlay:
            card = action.card
            self.pending.pop(0)
            self._leave_play(player, card)
            events.append(discard_events()[player][card])
            self._after_decision(events)
        elif kind is DrawEnvironment:
            self._draw_environment(player, events)
            self._check_completion(player, events)
            self._end_turn(events)
        else:
            self._keep(player, action.environment, events)
        return events

    # -- setup ---------------------------------------------------------------------------------
    def _keep(self, player: int, environment: int, events: list[Event]) -> None:
        pair = self.dealt[player]
        returned = pair[1] if pair[0] == environment else pair[0]
        self.dealt[player] = []
        self.environment[player] = environment
        self._shuffle_in(returned)
        events.append(
            Event(
                "keep",
                pgettext(
                    "niche log",
                    "{who} keeps the {environment} and shuffles the other environment back into "
                    "the environment deck.",
                ).format(who=seat_name(player), environment=environment_name(environment)),
                player,
                {"environment": environment},
            )
        )
        if player + 1 < self._n:
            self._current = player + 1
            return
        for p in range(self._n):
            for _ in range(HAND_SIZE):
                self.hands[p].append(self._draw_trait(events))
        events.append(
            Event(
                "deal",
                pgettext("niche log", "Every player is dealt {n} trait cards.").format(n=HAND_SIZE),
                None,
                {},
            )
        )
        self._start_turn(0, events)

    # -- what players see --------------------------------------------------------------------------
    def _observe(self, player: int | None) -> NicheSeen:
        seats: list[Seat] = []
        for p in range(self._n):
            env = self.environment[p]
            covered = self.covered(p)
            seats.append(
                {
                    "seat": p,
                    "environment": env if env >= 0 else None,
                    "challenges_met": [
                        c
                        for c in (ENVIRONMENTS[env].challenges if env >= 0 else ())
                        if covered >> c & 1
                    ],
                    "completed": list(self.completed[p]),
                    "play_area": list(self.play[p]),
                    "hand_size": len(self.hands[p]),
                    "protected": self.protected(p),
                    "events_suffered": self.suffered[p],
                    "match": self.match(p),
                    "copies": [[c, self.copies[c]] for c in self.play[p] if c in self.copies],
                }
            )
        pending: PendingDiscard | None = None
        if self.phase == "discard":
            who, keep = self.pending[0]
            pending = {"player": who, "keep": keep if keep >= 0 else None}
        return {
            "phase": self.phase,
            "turn_player": self.turn_player,
            "turn": self.turns,
            "round": self.round,
            "gene_pool": self.gene_pool.observe(),
            "trait_deck_size": len(self.trait_deck),
            "discard": list(self.discard),
            "environment_deck_size": len(self.environment_deck),
            "set_aside": list(self.set_aside),
            "seats": seats,
            "hand": list(self.hands[player]) if player is not None else None,
            "dealt_environments": list(self.dealt[player]) if player is not None else None,
            "pending_discard": pending,
            "ended_by_time": self.ended_by_time,
        }

    def shuffle_secrets(self, seat: int | None, rng: random.Random) -> NicheState:
        """A copy with everything ``seat`` may not see dealt anew (R15), for the test suite.

        The other players' hands, the trait deck and the face-down gene-pool cards are one
        face-down pile, dealt again with each hand, the deck and every face-down position
        keeping its place and size; the environment deck and the other players' pairs likewise.
        The generator, which orders every later shuffle, is reseeded.
        """
        twin = self.clone()
        assert isinstance(twin, NicheState)
        others = [p for p in range(self._n) if p != seat]
        pool = twin.gene_pool
        face_down = pool.face_down()
        cards = [c for p in others for c in twin.hands[p]] + twin.trait_deck
        cards += [pool.cards[stack][position] for stack, position in face_down]
        rng.shuffle(cards)
        for p in others:
            twin.hands[p] = [cards.pop() for _ in twin.hands[p]]
        for stack, position in face_down:
            pool.cards[stack][position] = cards.pop()
        twin.trait_deck = cards
        environments = [e for p in others for e in twin.dealt[p]] + twin.environment_deck
        rng.shuffle(environments)
        for p in others:
            twin.dealt[p] = [environments.pop() for _ in twin.dealt[p]]
        twin.environment_deck = environments
        twin.rng = random.Random(rng.random())
        twin._legal = None
        return twin

    def metrics(self) -> list[dict[str, Any]]:
        return [
            {
                "player": p,
                "turn": self.turns,
                "match": self.match(p),
                "environments_completed": len(self.completed[p]),
                "cards_in_play": len(self.play[p]),
                "events_suffered": self.suffered[p],
            }
            for p in range(self._n)
        ]

    def summary(self) -> dict[str, Any]:
        row = super().summary()
        row["players"] = self._n
        row["turns"] = self.turns
        row["rounds"] = self.round
        row["ended_by_time"] = self.ended_by_time
        row["environment_log"] = [list(entry) for entry in self.environment_log]
        return row
