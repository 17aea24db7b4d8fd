"""Phylo: build food webs from real species on a shared grid, and watch events break them.

Mechanics after Phylo (phylogame.org, the Phylomon project; game by Fenrislorsrai and the
Phylomon community; cards CC BY-NC-ND). We take the mechanics only: every card, fact, sentence
and picture here is our own (data.toml).

The rules in our words
----------------------
* **The table.** Two players. Each has a deck of 24 cards (species and events) and a HOME card;
  the two HOME cards lie side by side in the middle of a grid (R1). Each player shuffles and
  draws 5 cards (or picks them, R18); a coin decides who starts. A player's cards face them:
  the board shows whose is whose.
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
``columns`` of the grid; ``realism`` (call your bluff); ``preselect`` (pick the opening hand, R18).

Where each part of the rules lives
----------------------------------
``actions.py`` the actions of a turn; ``compatibility.py`` when two cards are compatible (R3, the
food chain rules); ``spaces.py`` the table (R1, R2, R4); ``decks.py`` decks, the opening hand,
draws and discard piles (R12, R13, R15, R16, R18); ``placement.py`` playing, moving and
spreading species (R4-R9); ``event_cards.py`` events (R10, R17, R19); ``broken_links.py`` cards
at risk and the removal step (R11); ``bluff.py`` call your bluff (R14); ``scoring.py`` the end
and the score (R12). This module holds the turn. ``tables.py`` and ``index.py`` only make it
fast: they remember what the rules modules compute.

Rulings (where the text is silent; each is tested in tests/phylo/test_rulings.py)
--------------------------------------------------------------------------------
R1. The text limits the table only by "the size of the table": ours is a grid of ``rows`` x
    ``columns`` (7 x 9 by default, 3-15 x 4-16), with spaces named like "D4" (column letter, row
    number). The HOME cards lie side by side at the middle of the middle row, Player 1's on the
    left. Cards never leave the grid.
R2. "Next to" means orthogonally adjacent (sharing a side). Diagonal spaces are not neighbours,
    even for FLIGHT, which only moves diagonally.
R3. Compatibility is checked against one neighbour at a time: that neighbour alone must share a
    terrain and a climate and give a food link. Herbivores eat photosynthetic rank-1 species
    (and fungi, R20); carnivores eat non-photosynthetic species of rank n-1 in a smaller size
    class; omnivores do either. A parasite-diet species has no ordinary food link: it needs a
    host (R6). HOME gives a connection to rank-1 species only, whoever owns it. A species may be
    played beside either player's cards.
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
    food link and the food's group is not in the eater's real diet. The data always decide: the
    two cards' realms and real diets settle every challenge, never the players' arguments. The
    winner (the challenger on a bluff, the other player otherwise) removes any species on the
    table at once; every card that this leaves without a connection is removed at once too, and
    so on. Cards at risk from before keep their clock.
R15. Decks. "themed": ``deck_1`` and ``deck_2`` name ready-made decks ("random": two different
    ones drawn by the coin's generator). "pool": the whole collection (one copy of each card) is
    shuffled and dealt alternately, ``deck_size`` cards each. "build": each player in turn
    (Player 1 first) builds a secret deck of ``deck_size`` cards, one card a decision, at most
    two copies of a card: a deck given as a tuple of card ids becomes these decisions
    (:func:`build_actions`).
R16. The first player draws a card at the start of their first turn, like every turn.
R17. Migration moves its target like FLIGHT 3 (R7) at once, as part of the event; with nowhere
    to go nothing happens. Mast year draws two cards (fewer if the deck has fewer).
R18. The preselected opening hand (``preselect=True``; off by default, as the text makes it the
    players' choice): after the decks are shuffled, each player in turn (Player 1 first) picks
    the 5 cards of their opening hand from their own deck, one card a decision, in secret; the
    rest of the deck stays shuffled. Then the coin is tossed. With built decks (R15) the picks
    come after the building.
R19. Wildfire "discards any Plantae card it is played on": it may be played on any plant (the
    group "plant"; algae, lichens and other fungi are not plants), whatever its terrain, a water
    lily or a cactus as much as an oak.
R20. Fungus eaters: a herbivore whose real diet lists fungi eats a rank-1 fungus as it eats a
    plant, whatever its size (eating a fungus is no carnivorous link). So the leafcutter ant
    links to the fungus it farms, and a squirrel to the mushrooms it eats.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, cast

from evo_lessons.engine import Action, Event, GameState
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import pgettext

from . import tables as T
from .actions import (
    ACTION_TYPES,
    DISCARD_DRAW,
    PASS,
    Challenge,
    ChooseOpening,
    DiscardToDraw,
    MoveSpecies,
    Pass,
    PickCard,
    PlayEvent,
    PlayInvasive,
    PlayParasite,
    PlaySpecies,
    RemoveCard,
    Spread,
    build_actions,
)
from .bluff import CallYourBluff, link_is_bluff
from .broken_links import cut_off_at
from .choices import TurnChoices
from .data import DECK_SIZE
from .decks import START_HAND
from .observation import PhyloSeen, TableCard
from .placement import NO_MOVES, PLAYED, POLLINATORS
from .scoring import Scoring
from .words import Said, card_name

COLLECTION = T.COLLECTION
CARDS = T.CARDS
HOME = T.HOME
DECK_MODES = ("themed", "pool", "build")
DECK_CHOICES = ("random", *(d.key for d in COLLECTION.decks))
ACTIONS_PER_TURN = 3
IS_SPECIES = T.IS_SPECIES
SPREAD = T.SPREAD
EVENT_OWN = T.EVENT_OWN
#: card ids: the species first, then the events (``tables._per_card``)
FIRST_EVENT = len(T.SPECIES)


def _pass(me: int) -> Said:
    return Said(
        "pass", lambda: pgettext("phylo log", "{who} ends the turn.").format(who=seat_name(me)), me
    )


#: the log's sentence of a pass, one shared Event a seat (written when read: ``words.Said``)
PASSES = (_pass(0), _pass(1))
#: the end of most turns' lists: no challenge, no spread, the pass
ONLY_PASS = (PASS,)


def _turn_starts(key: int) -> Said:
    """The log's sentence of a turn's start, ``key``: turn * 2 + seat."""
    turn, me = divmod(key, 2)

    def say() -> str:
        return pgettext("phylo log", "Turn {turn}: {who} to play.").format(
            turn=turn, who=seat_name(me)
        )

    return Said("turn", say, me, {"turn": turn})


#: one shared Event for each turn's start (``tables.ActionTable``)
TURN_STARTS = T.ActionTable(_turn_starts)


class PhyloState(CallYourBluff, Scoring, GameState):
    """The whole table: grid, decks, hands, discard piles, the turn and the cards at risk.

    The rules' parts are its bases (see "Where each part of the rules lives" above); this class
    holds the turn: whose decision it is, what they may do, and what each action does.
    """

    #: the grid's shape and neighbour tables (``spaces.py``), fixed for the game: slots keep
    #: the state's ``__dict__`` under ``MAX_ATTRIBUTES`` (``engine/state.py``), so its rules read
    #: their attributes and call their methods on CPython's fast path
    __slots__ = ("columns", "homes", "neighbours", "rays", "rows", "within")
    #: the grid's geometry, the same for every game of its size: not part of the fingerprint
    FROM_OPTIONS = ("homes", "neighbours", "rays", "within")

    action_types: ClassVar[Mapping[str, type[Action]]] = ACTION_TYPES

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        super().__init__(options, seed)
        # instances: 0 and 1 are the HOME cards, then every deck card (see spaces.py)
        self.card_of: tuple[int, ...] = (HOME, HOME)
        self.owner_of: tuple[int, ...] = (0, 1)
        # ready-made and pool decks are known before the HOMEs are laid: so are their species
        ready = None if options["decks"] == "build" else self._ready_decks()
        bits = T.CARD_BITS if ready is None else ready[1]
        self._lay_out(options["rows"], options["columns"], bits)
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
        self.phase = "build"  # build | preselect | play | remove | over
        self.chooser = 0  # who removes a card after a challenge
        self.picks: list[list[int]] = [[], []]
        if ready is None:
            self.setup_events.append(
                Event(
                    "build",
                    pgettext(
                        "phylo log", "Each player builds a deck of {n} cards, {who} first."
                    ).format(n=options["deck_size"], who=seat_name(0)),
                )
            )
        else:
            self._deal(ready[0], self.setup_events)

    # -- contract ------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == "play":
            return self.turn_player
        if phase == "over":
            return None
        if phase == "build":
            return 0 if len(self.picks[0]) < self.options["deck_size"] else 1
        if self.phase == "preselect":
            return self._opening_chooser()
        if self.phase == "remove":
            return self.chooser
        return self.turn_player

    def _setting_up_actions(self) -> list[Action]:
        """The choices before the first turn and after a won challenge."""
        if self.phase == "build":
            return self._pick_actions()
        if self.phase == "preselect":
            return self._opening_actions()
        return self._removal_actions()

    def _legal_actions(self) -> list[Action] | TurnChoices:
        """A turn's choices, always in this order: plays, keyword plays, events, moves,
        discards, challenges, spreads, pass. The plays, events, moves and discards are
        counted and built only when one is picked (``choices.py``). (Building a deck,
        choosing the opening hand and a challenge's removal have their own:
        ``_setting_up_actions``.)"""
        if self.phase != "play":
            return self._setting_up_actions()
        me = self.turn_player
        index = self.index
        bits = index.bits  # how this game numbers its species in masks (tables.py)
        if not self.actions_left:  # only spreads (R8) and the pass are left
            hand = index.species[me]
            return (self._spread_actions(me) if hand & bits.spreaders else []) + [PASS]
        hand_cards, hand = index.held[me], index.species[me]
        # (the parts that are usually empty are a shared empty tuple until something is found)
        # (only a keyword species with a space to aim at has keyword plays: index.targets)
        keyword = self._keyword_plays(hand) if hand & index.aimable else ()
        size = len(keyword)
        events: list[tuple[int, int]] | tuple = ()
        held_events = index.held_events[me]
        if held_events and not self.event_played:
            events = []
            aimed = index.aimed  # the species each event may target, by owner (R10)
            for card in held_events:
                key = card * 2
                targets = aimed[key + me] if EVENT_OWN[card] else aimed[key] + aimed[key + 1]
                if targets:
                    events.append((card, targets))
                    size += targets
        # (a player without a species that moves has none to count: no call)
        moves, move_count = self._move_counts(me) if index.movers[me] else NO_MOVES
        discards = tuple(hand_cards) if self.decks[me] else ()  # the hand as it is now
        rest: list[Action] | tuple = ONLY_PASS  # the challenges, the spreads, the pass
        if self.options["realism"] and not self.challenged:
            rest = [*self._challenge_actions(me), PASS]
        # a SPREAD needs a Strong wind, a Pollinator boom or a pollinator on the table (R8):
        # most turns none, and no call
        if hand & bits.spreaders and (self.wind or self.pollinator or index.tops & POLLINATORS):
            spreads = self._spread_actions(me)
            if spreads:
                rest = [*rest[:-1], *spreads, PASS]
        size += move_count + len(discards) + len(rest)
        return TurnChoices(self, hand, keyword, events, moves, discards, rest, size)

    # -- applying actions ----------------------------------------------------------------------
    # (``action: Any``: told apart by its exact class, kept for speed, which mypy does not
    # narrow by; it is the legal list's own Action)
    def _apply(self, action: Any) -> list[Event]:
        events: list[Event] = []
        kind = type(action)  # the legal list's own object: exactly one of ACTION_TYPES
        if self.phase == "play":  # a turn's actions: nearly every decision
            me = self.turn_player
            if kind is PlaySpecies:  # half the decisions: one action, a hand card onto a space
                self.actions_left -= 1
                columns, card = self.columns, action.card
                space = action.row * columns + action.column  # self._space(action), inlined
                # self._place(me, card, space, events, 0), inlined: the card goes onto an empty
                # space where a neighbour keeps it compatible (R2-R4), so the index hears of it
                # at once (Spaces._put's first case)
                top = self.top
                top[space] = self._take_from_hand(me, card)
                self.index.placed(space, top, self.under, self.card_of, self.neighbours, True)
                events.append(PLAYED[columns][(me * 8192 + card) * 4096 + space])
            elif kind is DiscardToDraw:  # a quarter of them
                self.actions_left -= 1
                self._discard_to_draw(me, action.card, events)
            elif kind is Pass:
                events.append(PASSES[me])
                self._end_turn(events)
            else:
                self._turn_action(me, action, events)
            if self.actions_left and not self.index.recheck:  # no link to check, the turn goes on
                return events  # (self._after_action(events) would do nothing)
            self._after_action(events)
            return events
        me = cast(int, self.current_player)  # (a live game's)
        if kind is PickCard:
            self._pick(me, action.card, events)
        elif kind is ChooseOpening:
            self._choose_opening(me, action.card, events)
        elif kind is RemoveCard:
            self._challenge_removal(me, action, events)
        self._after_action(events)
        return events

    def _after_action(self, events: list[Event]) -> None:
        """Check the links (R11); a turn whose actions are spent ends unless a spread is left."""
        while self.phase == "play":
            if self.index.recheck:  # self._update_risk(events) if a card came or went, inlined
                self._update_risk(events)
            if self.actions_left:
                return
            me = self.turn_player
            index = self.index
            if (
                index.species[me] & index.bits.spreaders
                and (self.wind or self.pollinator or index.tops & POLLINATORS)  # (see above)
                and self._spread_actions(me)
            ):
                return
            self._end_turn(events)

    def _turn_action(self, me: int, action: Any, events: list[Event]) -> None:
        """Every action of a turn but a play, a discard and a pass, which ``_apply`` carries out
        itself."""
        kind = type(action)
        if kind is Spread:  # free (R8)
            self._place(me, action.card, self._space(action), events, 1)
            return
        self.actions_left -= 1
        if kind is MoveSpecies:
            self._move(me, action, events)
        elif kind is PlayEvent:
            self._play_event(me, action, events)
        elif kind is PlayParasite:
            self._parasitise(me, action, events)
        elif kind is PlayInvasive:
            self._invade(me, action, events)
        elif kind is Challenge:
            self._challenge(me, action, events)

    # -- turns ---------------------------------------------------------------------------------
    def _start_turn(self, events: list[Event]) -> None:
        self.turn += 1
        self.turn_player = 1 - self.turn_player
        self.actions_left = ACTIONS_PER_TURN
        self.event_played = self.wind = self.pollinator = self.challenged = False
        events.append(TURN_STARTS[self.turn * 2 + self.turn_player])
        self._draw(self.turn_player, 1, events)  # R16: the first turn too

    def _end_turn(self, events: list[Event]) -> None:
        self._removal_step(events)
        if self.end_after is not None and self.turn >= self.end_after:
            self._finish(events)
        else:
            self._start_turn(events)

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
        twin.index.count_hands(twin.hands, twin.card_of)
        twin.rng = random.Random(rng.random())
        return twin

    def _observe(self, player: int | None) -> PhyloSeen:
        table: list[TableCard] = []
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
        view: PhyloSeen = {
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
            if self.phase == "preselect":  # R18: a player looks through their own deck
                view["deck"] = sorted(self.card_of[i] for i in self.decks[player])
        return view


__all__ = [
    "ACTIONS_PER_TURN",
    "ACTION_TYPES",
    "CARDS",
    "COLLECTION",
    "DECK_CHOICES",
    "DECK_MODES",
    "DECK_SIZE",
    "DISCARD_DRAW",
    "HOME",
    "START_HAND",
    "Challenge",
    "ChooseOpening",
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
    "cut_off_at",
    "link_is_bluff",
]
