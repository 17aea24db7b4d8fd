"""The Climate game: which animal will your species be after ten million years of climate change?

Mechanics from the board game by Dr Michela Leonardi (Evolutionary Ecology Group and Museum of
Zoology, University of Cambridge; CC BY-NC-ND 4.0). We use its mechanics only: every sentence,
board and card text here is our own.

The rules in our words
----------------------
* **The world.** Five habitat boards show the same numbered cells at five global temperatures,
  1 (coldest) to 5 (warmest). Each cell is savannah, tropical forest, temperate forest or tundra.
  Warming grows the savannah; cooling grows the tundra. Play starts on board 3.
* **The genome.** A species has three genes (body, colour, metabolism), each 1..4, where 1 suits
  the savannah, 2 the tropical forest, 3 the temperate forest and 4 the tundra. A species is
  *adapted* to a habitat when at least two of its genes hold that habitat's value. Everyone starts
  at 1-1-1 on a savannah cell of their choice, with two mutation cards and the savannah token.
  One species per cell.
* **The mutation deck.** For each gene, five "+1" and five "-1" cards; six neutral cards (four
  with 2-3 players); two deleterious cards that lie face up inside the shuffled deck, so everyone
  can see where they are. Hands are secret. When the draw pile runs out, the discard pile is
  shuffled into a new one.
* **A turn.** Draw a card. A deleterious card is discarded at once along with two random cards
  from the hand. Roll the die: 1-3, stay; 4-6, move to a neighbouring empty cell. Entering a
  habitat of another type needs adaptation, paid for with mutation cards (each card moves its gene
  one step; any number a turn; spent cards are discarded). Reaching a habitat type for the first
  time earns its token (one per type). To end the turn a player may *preadapt*: change one gene
  with cards, as long as two genes stay adapted to the current habitat. Whoever ends a turn with
  more than five cards loses random cards down to five.
* **The climate.** After every round a die roll of 4-6 changes the climate; a second roll says
  down (1-3) or up (4-6), one step, never below 1 or above 5. Species keep their cell numbers,
  so many suddenly stand in a new habitat. In the round after a change, a player who rolls 1-3
  must be, or become, adapted to their cell; a player who rolls 4-6 may move up to two steps (not
  through occupied cells) and must be adapted where they stop. A species that cannot manage it
  goes extinct: it loses every card and every token but the savannah one, and restarts on an
  empty savannah cell of its player's choice with two new cards.
* **Winning.** The first species to hold all four habitat tokens wins.

Variants (keyword arguments of :func:`new_game`)
------------------------------------------------
``players`` 2-5; ``tokens_to_win`` 2-4; ``climate_change_faces`` 0-6, how many faces of the
climate die change the climate (3 in the rules: the lesson's main dial); ``climate_trend``
"random" (the rules), "warming" or "cooling"; ``max_rounds`` (see R9); ``blind_mutation`` (R12).

Rulings (where the text is silent; each is tested in tests/climate/test_rulings.py)
-----------------------------------------------------------------------------------
R1. *Neighbouring* means orthogonally adjacent on our 9 x 7 grid (no diagonals); "two steps" is a
    path of at most two such moves through empty cells. The boards are ours, designed as a
    Whittaker biome map (data.toml says how); every board holds all four habitats.
R2. Adapting is chosen as a whole: a move names its destination and the genome the species will
    have there (two genes, or all three, set to the habitat's value; the third gene unchanged).
    The cards are paid automatically: a change of k steps in one gene costs k cards of that gene
    and direction. A species already adapted to the destination moves for free.
R3. A species that must move (roll 4-6) but has no empty neighbour it can reach, even with its
    cards, stays where it is: it is still adapted to its own cell, and the text ties extinction to
    standing in a habitat it cannot adapt to, which is not the case.
R4. Neutral cards cannot be played: they leave a hand only as random discards, through a
    deleterious card, or at extinction.
R5. The deleterious card itself never enters the hand; the two random cards are taken from the
    hand as it was before the draw (all of them if fewer than two). A deleterious card drawn as
    one of the two restart cards after an extinction is discarded and another card drawn, so a new
    species always starts with two real cards.
R6. Preadaptation changes exactly one gene by any number of steps, paid with that gene's cards,
    at most once a turn, and only where two genes stay adapted to the current cell. It is the
    player's last act in a turn.
R7. The hand limit discards random cards until five remain. Since at most one card enters a hand
    a turn this is the text's single random discard, stated so that it holds in every case.
R8. A token is earned whenever a species ends an action adapted to a cell of a habitat type it
    has no token for: after placing, moving, or (in the round after a climate change) checking
    its own cell. A species that wins does so at once, mid-turn.
R9. The text's only end is a species holding every habitat token, and that is the default.
    The text also frames a game as "nearly ten million years" at about a million years a round
    and about 30 minutes of play, so a teacher with a short class may set ``max_rounds`` (1 to
    1,000; ``None``, the default, sets no cap): when the cap is reached the species with the most
    tokens win, ties go to the fewer extinctions, and a tie on both is shared. Collecting every
    token first still wins at once. So that every game ends even where no species can ever
    collect the tokens (a variant with no climate change and blind mutation, say), a game with no
    cap stops the same way after 1,000 rounds, a billion years; at the default options no
    simulated game has come near it (tests/climate/test_rulings.py measures it).
R10. After an extinction the genome resets to 1-1-1: the restarted species is a savannah lineage,
    so it must be adapted to its savannah cell. Extinction ends that player's turn.
R11. At temperature 1 a change always goes up and at 5 always down (the direction die is rolled
    but overridden, and the log says so). With ``climate_trend="warming"`` a change always goes up
    (none happens at 5); ``"cooling"`` the reverse.
R12. ``blind_mutation=True`` (the lesson's no-foresight mode): a drawn mutation card acts at once on
    its gene instead of going to the hand. If the species stays adapted to its own cell, the
    mutation stays, useful or not. If not, but it fits the habitat of an empty neighbouring cell,
    the mutants are the ones that thrive: the lineage shifts into that cell (a random one if
    several), as a population living across a habitat edge would. Otherwise selection removes it
    (the card is discarded with no effect). Species can only move into cells they are already
    adapted to. Deleterious cards are discarded with no further effect (there is no hand to
    lose). Hands stay empty.
R13. Placement at the start goes in seat order, each species on an empty savannah cell of board 3.
    Seat 0 plays first (the text's "youngest player").
R14. If both the draw pile and the discard pile are empty, no card is drawn (the log says so).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from evo_lessons.engine import Action, Event, GameState
from evo_lessons.engine.words import seat_name, seats_in_words

from .data import World, world

GENE_NAMES = ("body", "colour", "metabolism")
TRENDS = ("random", "warming", "cooling")
#: R9: with no cap set, a game that somehow runs this long (a billion years) still ends
ROUND_LIMIT = 1_000


# -- actions ---------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the species on an empty savannah cell (at the start, or after an extinction)."""

    cell: int

    def __str__(self) -> str:
        return f"Place the species on cell {self.cell}"


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Action):
    """Go to ``cell`` (or stay, if it is the current cell) with the given genome."""

    cell: int
    body: int
    colour: int
    metabolism: int
    cost: int  # cards spent: part of the action so the label can say it
    stay: bool = False

    @property
    def genome(self) -> tuple[int, int, int]:
        return (self.body, self.colour, self.metabolism)

    def __str__(self) -> str:
        where = f"Stay on cell {self.cell}" if self.stay else f"Move to cell {self.cell}"
        if self.cost == 0:
            return f"{where} (already adapted)"
        genome = "-".join(map(str, self.genome))
        cards = "card" if self.cost == 1 else "cards"
        return f"{where}, adapting to genome {genome} ({self.cost} {cards})"


@dataclasses.dataclass(frozen=True, slots=True)
class Preadapt(Action):
    """Change one gene with cards while staying adapted, then end the turn."""

    gene: int
    value: int
    cost: int

    def __str__(self) -> str:
        cards = "card" if self.cost == 1 else "cards"
        return (
            f"Preadapt: set {GENE_NAMES[self.gene]} to {self.value} ({self.cost} {cards}), "
            "then end the turn"
        )


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish the turn (random discards follow if the hand holds more than five cards)."""

    def __str__(self) -> str:
        return "End the turn"


ACTION_TYPES = {cls.__name__: cls for cls in (Place, Move, Preadapt, EndTurn)}
# Actions are immutable values, so equal ones can be one shared object: building a frozen
# dataclass costs about a microsecond, a dictionary lookup a twentieth of that.
END_TURN = EndTurn()
_PREADAPTS = {
    (gene, value, cost): Preadapt(gene, value, cost)
    for gene in range(3)
    for value in range(1, 5)
    for cost in range(1, 4)
}
_MOVES: dict[tuple, Move] = {}  # at most 63 cells x 64 genomes x few costs: a few thousand

NEUTRAL, DELETERIOUS = "neutral", "deleterious"


def _slot(gene: int, step: int) -> int:
    """Index of a mutation type in a hand's count list: +1 body, -1 body, +1 colour, ..."""
    return gene * 2 + (0 if step > 0 else 1)


class ClimateState(GameState):
    """The whole table: boards, species, genomes, hands, piles, tokens and the climate."""

    action_types: ClassVar[dict[str, type[Action]]] = ACTION_TYPES

    #: the boards and cards, shared by every game (read-only)
    world: ClassVar[World] = world()
    #: per card id: its mutation slot (see _slot), or -1 for neutral and deleterious cards
    #: per card id: its kind ("mutation", "neutral", "deleterious")
    card_kind: ClassVar[tuple[str, ...]] = tuple(c.kind for c in world.cards)
    card_slot: ClassVar[tuple[int, ...]] = tuple(
        _slot(c.gene, c.step) if c.kind == "mutation" else -1 for c in world.cards
    )

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        super().__init__(options, seed)
        self.blind: bool = options["blind_mutation"]
        n = options["players"]
        self.temperature = self.world.start_temperature
        self.positions: list[int | None] = [None] * n
        self.genomes: list[list[int]] = [[1, 1, 1] for _ in range(n)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        # how many cards of each mutation type each hand holds (kept in step with hands: the
        # legal moves ask "can this hand pay?" many times a turn)
        self.counts: list[list[int]] = [[0] * 6 for _ in range(n)]
        self.tokens: list[int] = [0b0001] * n  # bit h set = token of habitat h held
        self.extinctions: list[int] = [0] * n
        self.discard: list[int] = []
        self.round = 0  # 0 during placement, then 1, 2, ...
        self.turns = 0  # player-turns started (the x axis of the plots)
        self.turn_player = 0
        # place | move | end | restart: a decision is awaited; done: the turn is over and the
        # machine moves on by itself; over: the game has ended
        self.phase = "place"
        self.after_change = False
        self.roll: int | None = None
        self.temperature_log: list[int] = [self.temperature]  # one entry per completed round
        self.pending_moves: tuple[Move, ...] = ()
        self.pending_preadapts: tuple[Preadapt, ...] = ()
        used = [c for c in self.world.cards if c.kind != NEUTRAL]
        neutral = [c for c in self.world.cards if c.kind == NEUTRAL]
        if n <= 3:
            neutral = neutral[: self.world.neutral_small_game]
        self.in_game: tuple[int, ...] = tuple(sorted(c.id for c in used + neutral))
        self.draw_pile: list[int] = list(self.in_game)
        self.rng.shuffle(self.draw_pile)
        for player in range(n):
            for _ in range(self.world.start_cards):
                self._deal_real_card(player, self.setup_events)

    # -- contract ------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.positions)

    @property
    def round_cap(self) -> int:
        """The round after which time is up (R9): the teacher's cap, else the safety limit."""
        return self.options["max_rounds"] or ROUND_LIMIT

    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.turn_player

    def _legal_actions(self) -> list[Action]:
        if self.phase in ("place", "restart"):
            return [Place(cell) for cell in self._free_cells_of(0)]
        if self.phase == "move":
            return list(self.pending_moves)
        # phase "end"
        return [END_TURN, *self.pending_preadapts]

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        player = self.turn_player
        if isinstance(action, Place):
            self.positions[player] = action.cell
            events.append(
                Event(
                    "place",
                    f"{seat_name(player)} places the species on cell {action.cell} (savannah).",
                    player,
                    {"cell": action.cell},
                )
            )
            if self.phase == "place":
                if player + 1 < self.num_players:
                    self.turn_player = player + 1
                    return events
                self.round = 1
                self.turn_player = 0
                self._start_turn(events)
            else:
                # restart after an extinction: two fresh cards, then the turn ends (R5, R10)
                for _ in range(self.world.restart_cards):
                    self._deal_real_card(player, events)
                self.phase = "done"
        elif isinstance(action, Move):
            self._pay_for_genome(player, action.genome, events)
            moved = action.cell != self.positions[player]
            self.positions[player] = action.cell
            habitat = self._habitat_of(player)
            verb = "moves to" if moved else "stays on"
            events.append(
                Event(
                    "move",
                    f"{seat_name(player)} {verb} cell {action.cell} ({habitat.name.lower()}).",
                    player,
                    {"cell": action.cell},
                )
            )
            if not self._award_token(player, events):
                self._enter_end_phase()
        elif isinstance(action, Preadapt):
            genome = list(self.genomes[player])
            genome[action.gene] = action.value
            self._pay_for_genome(player, tuple(genome), events, verb="preadapts")
            self.phase = "done"
        else:  # EndTurn
            self.phase = "done"
        while self.phase == "done":
            self._finish_turn(events)
        return events

    # -- turn structure ------------------------------------------------------------------------
    def _start_turn(self, events: list[Event]) -> None:
        player = self.turn_player
        self.turns += 1
        self.roll = None
        self._draw_for_turn(player, events)
        if self.phase == "over":  # a blind mutation carried the lineage to its last token
            return
        self.roll = roll = self._die()
        blind = self.blind
        options: list[Move]
        if self.after_change:
            if roll <= 3:
                events.append(
                    Event(
                        "roll",
                        f"{seat_name(player)} rolls {roll}: the species stays and "
                        "must be adapted to its cell's new habitat.",
                        player,
                        {"roll": roll},
                    )
                )
                options = self._moves_to([self.positions[player]], player, blind, stay=True)
            else:
                events.append(
                    Event(
                        "roll",
                        f"{seat_name(player)} rolls {roll}: the species may move "
                        "up to two steps and must be adapted where it stops.",
                        player,
                        {"roll": roll},
                    )
                )
                options = self._moves_to(self._reachable(player, 2), player, blind)
            if not options:
                self._go_extinct(player, events)
                return
            if len(options) == 1 and options[0].stay and options[0].cost == 0:
                # already adapted where it stands: nothing to decide
                if not self._award_token(player, events):
                    self._enter_end_phase()
                return
        else:
            if roll <= 3:
                events.append(
                    Event(
                        "roll",
                        f"{seat_name(player)} rolls {roll}: the species stays.",
                        player,
                        {"roll": roll},
                    )
                )
                self._enter_end_phase()
                return
            options = self._moves_to(self._reachable(player, 1, include_self=False), player, blind)
            if not options:
                events.append(
                    Event(
                        "roll",
                        f"{seat_name(player)} rolls {roll} but no neighbouring "
                        "cell can be reached, so the species stays (R3).",
                        player,
                        {"roll": roll},
                    )
                )
                self._enter_end_phase()
                return
            events.append(
                Event(
                    "roll",
                    f"{seat_name(player)} rolls {roll}: the species must move to "
                    "a neighbouring empty cell.",
                    player,
                    {"roll": roll},
                )
            )
        self.phase = "move"
        self.pending_moves = tuple(options)

    def _enter_end_phase(self) -> None:
        """Offer preadaptation if there is any; otherwise the turn simply ends."""
        self.pending_moves = ()
        self.pending_preadapts = tuple(self._preadapt_options(self.turn_player))
        self.phase = "end" if self.pending_preadapts else "done"

    def _finish_turn(self, events: list[Event]) -> None:
        """Hand limit, next player, end of round; then start the next turn."""
        player = self.turn_player
        hand = self.hands[player]
        while len(hand) > self.world.hand_limit:
            card = self._from_hand(player, self._pick(len(hand)))
            self.discard.append(card)
            events.append(
                Event(
                    "discard",
                    f"{seat_name(player)} holds more than "
                    f"{self.world.hand_limit} cards and loses one at random "
                    f"({self._card_label(card)}).",
                    player,
                    {"card": card},
                )
            )
        self.pending_moves = ()
        self.pending_preadapts = ()
        if player + 1 < self.num_players:
            self.turn_player = player + 1
        else:
            self._end_round(events)
            if self.phase == "over":
                return
            self.turn_player = 0
        self._start_turn(events)

    def _end_round(self, events: list[Event]) -> None:
        self.after_change = False
        faces = self.options["climate_change_faces"]
        roll = self._die()
        if roll > 6 - faces:
            before = self.temperature
            direction_roll = self._die()
            step = 1 if direction_roll >= 4 else -1
            trend = self.options["climate_trend"]
            note = ""
            if trend == "warming":
                step, note = 1, " (the warming trend always pushes up)"
            elif trend == "cooling":
                step, note = -1, " (the cooling trend always pushes down)"
            elif before == 1 and step < 0:
                step, note = 1, " (it cannot get colder than board 1, so it warms)"
            elif before == 5 and step > 0:
                step, note = -1, " (it cannot get warmer than board 5, so it cools)"
            after = min(5, max(1, before + step))
            if after != before:
                self.temperature = after
                self.after_change = True
                word = "warms" if after > before else "cools"
                events.append(
                    Event(
                        "climate",
                        f"End of round {self.round}: the climate die shows "
                        f"{roll} and the direction die {direction_roll}: the world "
                        f"{word} to board {after}{note}.",
                        None,
                        {
                            "roll": roll,
                            "direction": direction_roll,
                            "temperature": after,
                            "before": before,
                        },
                    )
                )
            else:
                events.append(
                    Event(
                        "climate",
                        f"End of round {self.round}: the climate die shows "
                        f"{roll}, but the climate is already at its limit{note}.",
                        None,
                        {"roll": roll, "temperature": after},
                    )
                )
        else:
            events.append(
                Event(
                    "climate",
                    f"End of round {self.round}: the climate die shows "
                    f"{roll}; the climate holds at board {self.temperature}.",
                    None,
                    {"roll": roll, "temperature": self.temperature},
                )
            )
        self.temperature_log.append(self.temperature)
        if self.round >= self.round_cap:
            ranks = [(self._token_count(p), -self.extinctions[p]) for p in range(self.num_players)]
            best = max(ranks)
            self.winners = [p for p in range(self.num_players) if ranks[p] == best]
            self.phase = "over"
            names = seats_in_words(self.winners)
            events.append(
                Event(
                    "game_over",
                    f"Time is up after {self.round} rounds (R9), about {self.round} million "
                    f"years: {names} won with {best[0]} tokens.",
                    None,
                    {"winners": list(self.winners)},
                )
            )
            return
        self.round += 1

    # -- hands ---------------------------------------------------------------------------------
    def _to_hand(self, player: int, card: int) -> None:
        self.hands[player].append(card)
        slot = self.card_slot[card]
        if slot >= 0:
            self.counts[player][slot] += 1

    def _from_hand(self, player: int, index: int) -> int:
        card = self.hands[player].pop(index)
        slot = self.card_slot[card]
        if slot >= 0:
            self.counts[player][slot] -= 1
        return card

    # -- chance --------------------------------------------------------------------------------
    def _die(self) -> int:
        # random() is several times cheaper than randint(); the die is just as fair
        return int(self.rng.random() * 6) + 1

    def _pick(self, count: int) -> int:
        """A uniformly random index below ``count`` (the neighbour choosing a card)."""
        return int(self.rng.random() * count)

    def _draw_card(self, events: list[Event], player: int) -> int | None:
        if not self.draw_pile:
            if not self.discard:
                events.append(Event("draw", "Both piles are empty: no card to draw (R14).", player))
                return None
            self.draw_pile = self.discard
            self.discard = []
            self.rng.shuffle(self.draw_pile)
            events.append(
                Event(
                    "shuffle",
                    f"The draw pile is empty: the {len(self.draw_pile)} "
                    "discarded cards are shuffled into a new draw pile.",
                    None,
                    {"cards": len(self.draw_pile)},
                )
            )
        return self.draw_pile.pop()

    def _draw_for_turn(self, player: int, events: list[Event]) -> None:
        card = self._draw_card(events, player)
        if card is None:
            return
        kind = self.card_kind[card]
        hand = self.hands[player]
        if kind == DELETERIOUS:
            self.discard.append(card)
            lost = []
            if not self.blind:
                for _ in range(min(2, len(hand))):
                    lost.append(self._from_hand(player, self._pick(len(hand))))
                self.discard.extend(lost)
            what = ", ".join(self._card_label(c) for c in lost) or "nothing to lose"
            events.append(
                Event(
                    "deleterious",
                    f"{seat_name(player)} draws a deleterious mutation: "
                    f"it is discarded with two random cards ({what}).",
                    player,
                    {"lost": lost},
                )
            )
            return
        if self.blind:
            self._blind_mutation(player, card, events)
            return
        self._to_hand(player, card)
        events.append(Event("draw", f"{seat_name(player)} draws a mutation card.", player))

    def _deal_real_card(self, player: int, events: list[Event]) -> None:
        """Deal one non-deleterious card (setup and restart, R5); blind mode keeps no hand."""
        for _ in range(len(self.in_game)):
            card = self._draw_card(events, player)
            if card is None:
                return
            if self.world.cards[card].kind == DELETERIOUS:
                self.discard.append(card)
                events.append(
                    Event(
                        "draw",
                        "A deleterious card turns up while dealing a new "
                        "species' cards; it is discarded and another drawn (R5).",
                        player,
                    )
                )
                continue
            if self.blind:
                self.discard.append(card)
            else:
                self._to_hand(player, card)
                events.append(
                    Event("draw", f"{seat_name(player)} is dealt a mutation card.", player)
                )
            return

    def _blind_mutation(self, player: int, card: int, events: list[Event]) -> None:
        info = self.world.cards[card]
        self.discard.append(card)
        if info.kind != "mutation":
            events.append(
                Event(
                    "mutation",
                    f"{seat_name(player)}'s species gets a neutral mutation: nothing changes.",
                    player,
                )
            )
            return
        genome = self.genomes[player]
        value = genome[info.gene] + info.step
        gene_name = GENE_NAMES[info.gene]
        if not 1 <= value <= 4:
            events.append(
                Event(
                    "mutation",
                    f"A {self._card_label(card)} mutation strikes "
                    f"{seat_name(player)}'s species, but {gene_name} is already at its "
                    "limit: no effect.",
                    player,
                )
            )
            return
        trial = list(genome)
        trial[info.gene] = value
        position = self.positions[player]
        label = self._card_label(card)
        if position is None or self._adapted(trial, self._habitat_index(position)):
            genome[info.gene] = value
            events.append(
                Event(
                    "mutation",
                    f"A random mutation sets {seat_name(player)}'s {gene_name} gene to "
                    f"{value} (R12).",
                    player,
                    {"gene": info.gene, "value": value},
                )
            )
            return
        edge = [
            cell
            for cell in self._reachable(player, 1, include_self=False)
            if self._adapted(trial, self._habitat_index(cell))
        ]
        if not edge:
            events.append(
                Event(
                    "selection",
                    f"A {label} mutation arises in {seat_name(player)}'s "
                    "species, but its carriers are unfit here and selection removes "
                    "it (R12).",
                    player,
                )
            )
            return
        cell = edge[self._pick(len(edge))]
        genome[info.gene] = value
        self.positions[player] = cell
        habitat = self._habitat_of(player).name.lower()
        events.append(
            Event(
                "mutation",
                f"A {label} mutation arises in {seat_name(player)}'s "
                f"species: its carriers are unfit at home but thrive in the "
                f"{habitat} next door, and the lineage shifts to cell {cell} (R12).",
                player,
                {"gene": info.gene, "value": value, "cell": cell},
            )
        )
        self._award_token(player, events)

    # -- extinction and tokens -----------------------------------------------------------------
    def _go_extinct(self, player: int, events: list[Event]) -> None:
        habitat = self._habitat_of(player)
        self.discard.extend(self.hands[player])
        self.hands[player] = []
        self.counts[player] = [0] * 6
        self.tokens[player] = 0b0001
        self.extinctions[player] += 1
        self.genomes[player] = [1, 1, 1]
        self.positions[player] = None
        self.pending_moves = ()
        self.phase = "restart"
        events.append(
            Event(
                "extinction",
                f"{seat_name(player)}'s species cannot adapt to the "
                f"{habitat.name.lower()} and goes extinct. It loses its cards and "
                "all tokens but the savannah one, and will restart in the savannah "
                "with genome 1-1-1 (R10).",
                player,
                {"habitat": habitat.key},
            )
        )

    def _award_token(self, player: int, events: list[Event]) -> bool:
        """Give the token of the current habitat if new (R8); True if that wins the game."""
        index = self._habitat_index(self.positions[player])
        if self.tokens[player] & (1 << index):
            return False
        self.tokens[player] |= 1 << index
        name = self.world.habitats[index].name.lower()
        events.append(
            Event(
                "token",
                f"{seat_name(player)} earns the {name} token "
                f"({self._token_count(player)} of {self.options['tokens_to_win']}).",
                player,
                {"habitat": index},
            )
        )
        if self._token_count(player) >= self.options["tokens_to_win"]:
            self.winners = [player]
            self.phase = "over"
            self.pending_moves = ()
            events.append(
                Event(
                    "game_over",
                    f"{seat_name(player)} wins, having lived in "
                    f"{self._token_count(player)} habitats!",
                    player,
                    {"winners": [player]},
                )
            )
            return True
        return False

    def _token_count(self, player: int) -> int:
        return self.tokens[player].bit_count()

    # -- geometry and adaptation ---------------------------------------------------------------
    def _habitat_index(self, cell: int) -> int:
        return self.world.boards[self.temperature - 1][cell - 1]

    def _habitat_of(self, player: int):
        return self.world.habitats[self._habitat_index(self.positions[player])]

    @staticmethod
    def _adapted(genome, habitat_index: int) -> bool:
        value = habitat_index + 1
        return (genome[0] == value) + (genome[1] == value) + (genome[2] == value) >= 2

    def _free_cells_of(self, habitat_index: int) -> list[int]:
        board = self.world.boards[self.temperature - 1]
        taken = set(self.positions)
        return [
            c
            for c in range(1, self.world.cells + 1)
            if board[c - 1] == habitat_index and c not in taken
        ]

    def _reachable(self, player: int, steps: int, include_self: bool = True) -> list[int]:
        """Cells within ``steps`` orthogonal moves through empty cells (R1)."""
        start = self.positions[player]
        taken = set(self.positions)
        seen = {start}
        frontier = [start]
        for _ in range(steps):
            nxt = []
            for cell in frontier:
                for near in self.world.neighbours[cell - 1]:
                    if near not in seen and near not in taken:
                        seen.add(near)
                        nxt.append(near)
            frontier = nxt
        if not include_self:
            seen.discard(start)
        return sorted(seen)

    @staticmethod
    def _cost(genome, target, counts: list[int]) -> int | None:
        """Cards needed to turn ``genome`` into ``target``, or None if the hand cannot pay."""
        total = 0
        for gene in range(3):
            delta = target[gene] - genome[gene]
            if delta > 0:
                if counts[gene * 2] < delta:
                    return None
                total += delta
            elif delta < 0:
                if counts[gene * 2 + 1] < -delta:
                    return None
                total -= delta
        return total

    def _genomes_for(self, player: int, habitat_index: int, counts) -> list[tuple[tuple, int]]:
        """Each distinct affordable genome adapted to the habitat, with its cost (R2)."""
        genome = tuple(self.genomes[player])
        value = habitat_index + 1
        if (genome[0] == value) + (genome[1] == value) + (genome[2] == value) >= 2:
            return [(genome, 0)]
        if self.blind or not any(counts):
            return []  # R12: no chosen mutations; or an empty hand cannot pay
        found: dict[tuple, int] = {}
        for pair in ((0, 1), (0, 2), (1, 2), (0, 1, 2)):
            target = list(genome)
            for gene in pair:
                target[gene] = value
            target_t = tuple(target)
            if target_t in found:
                continue
            cost = self._cost(genome, target_t, counts)
            if cost is not None:
                found[target_t] = cost
        return sorted(found.items(), key=lambda item: (item[1], item[0]))

    def _moves_to(self, cells, player: int, blind: bool, stay: bool = False) -> list[Move]:
        counts = self.counts[player]
        here = self.positions[player]
        board = self.world.boards[self.temperature - 1]
        moves = []
        by_habitat: dict[int, list] = {}
        for cell in cells:
            habitat_index = board[cell - 1]
            options = by_habitat.get(habitat_index)
            if options is None:
                options = by_habitat[habitat_index] = self._genomes_for(
                    player, habitat_index, counts
                )
            staying = stay or cell == here
            for (body, colour, metabolism), cost in options:
                key = (cell, body, colour, metabolism, cost, staying)
                move = _MOVES.get(key)
                if move is None:
                    move = _MOVES[key] = Move(*key)
                moves.append(move)
        return moves

    def _preadapt_options(self, player: int) -> list[Preadapt]:
        """Every single-gene change the hand can pay for that keeps two genes adapted (R6)."""
        if self.blind or self.positions[player] is None:
            return []
        counts = self.counts[player]
        if not any(counts):
            return []
        genome = self.genomes[player]
        value = self._habitat_index(self.positions[player]) + 1
        options = []
        for gene in range(3):
            current = genome[gene]
            others = (
                (genome[0] == value)
                + (genome[1] == value)
                + (genome[2] == value)
                - (current == value)
            )
            if others < 1:
                continue  # no single-gene change keeps two genes adapted
            low = max(1, current - counts[gene * 2 + 1])
            high = min(4, current + counts[gene * 2])
            for new in range(low, high + 1):
                if new != current and (others >= 2 or new == value):
                    options.append(_PREADAPTS[gene, new, abs(new - current)])
        return options

    def _pay_for_genome(self, player: int, target, events: list[Event], verb: str = "adapts"):
        genome = self.genomes[player]
        if tuple(genome) == tuple(target):
            return
        hand = self.hands[player]
        spent = []
        for gene in range(3):
            delta = target[gene] - genome[gene]
            step = 1 if delta > 0 else -1
            slot = _slot(gene, step)
            for _ in range(abs(delta)):
                card = min(c for c in hand if self.card_slot[c] == slot)
                spent.append(self._from_hand(player, hand.index(card)))
        self.discard.extend(spent)
        old = "-".join(map(str, genome))
        genome[:] = list(target)
        new = "-".join(map(str, genome))
        events.append(
            Event(
                "adapt",
                f"{seat_name(player)} {verb}: genome {old} becomes {new}, "
                f"spending {len(spent)} mutation card{'s' if len(spent) != 1 else ''}.",
                player,
                {"genome": list(genome), "spent": spent},
            )
        )

    def _card_label(self, card: int) -> str:
        return self.world.cards[card].label(self.world.genes)

    # -- what players see ----------------------------------------------------------------------
    def _observe(self, player: int | None) -> dict[str, Any]:
        """Everything is public except hands: others see only how many cards each holds."""
        deleterious_from_top = [
            depth
            for depth, card in enumerate(reversed(self.draw_pile), start=1)
            if self.world.cards[card].kind == DELETERIOUS
        ]
        species = []
        for p in range(self.num_players):
            cell = self.positions[p]
            habitat = None if cell is None else self._habitat_index(cell)
            species.append(
                {
                    "player": p,
                    "cell": cell,
                    "habitat": habitat,
                    "genome": list(self.genomes[p]),
                    "adapted": habitat is not None and self._adapted(self.genomes[p], habitat),
                    "tokens": [h for h in range(4) if self.tokens[p] & (1 << h)],
                    "hand_size": len(self.hands[p]),
                    "extinctions": self.extinctions[p],
                }
            )
        obs: dict[str, Any] = {
            "round": self.round,
            "turns": self.turns,
            "phase": self.phase,
            "roll": self.roll,
            "temperature": self.temperature,
            "temperature_log": list(self.temperature_log),
            "after_change": self.after_change,
            "species": species,
            "draw_pile": len(self.draw_pile),
            "deleterious_from_top": deleterious_from_top,
            "discard": [self._card_label(c) for c in self.discard],
        }
        if player is not None:
            obs["hand"] = sorted(self._card_label(c) for c in self.hands[player])
        return obs

    def metrics(self) -> list[dict[str, Any]]:
        rows = []
        for p in range(self.num_players):
            genome = self.genomes[p]
            cell = self.positions[p]
            if cell is None:
                matches, habitat = 0, None
            else:
                habitat = self._habitat_index(cell)
                value = habitat + 1
                matches = (genome[0] == value) + (genome[1] == value) + (genome[2] == value)
            rows.append(
                {
                    "turn": self.turns,
                    "round": self.round,
                    "player": p,
                    "body": genome[0],
                    "colour": genome[1],
                    "metabolism": genome[2],
                    "matches": matches,
                    "habitat": None if habitat is None else self.world.habitats[habitat].key,
                    "cards": len(self.hands[p]),
                    "tokens": self._token_count(p),
                    "extinctions": self.extinctions[p],
                    "temperature": self.temperature,
                }
            )
        return rows

    def summary(self) -> dict[str, Any]:
        row = super().summary()
        row["rounds"] = self.round
        row["final_temperature"] = self.temperature
        row["climate_changes"] = sum(
            1
            for a, b in zip(self.temperature_log, self.temperature_log[1:], strict=False)
            if a != b
        )
        row["extinctions"] = sum(self.extinctions)
        row["timed_out"] = (
            self.is_over
            and self.round >= self.round_cap
            and not any(
                self._token_count(p) >= self.options["tokens_to_win"]
                for p in range(self.num_players)
            )
        )
        return row
