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
  time earns its token (one per type). To end the turn a player may *plan ahead*: change one
  gene with cards, as long as two genes stay adapted to the current habitat, to be ready for a
  habitat they mean to visit. (The text calls this move "preadaptation"; in biology that word,
  or *exaptation*, means a trait that evolved for one use and later serves another, never a
  change made in advance on purpose. We name the move for what it is: foresight, which real
  evolution does not have.) Whoever ends a turn with
  more than five cards loses random cards down to five.
* **The climate.** After every round a die roll of 4-6 changes the climate; a second roll says
  down (1-3) or up (4-6), one step, never below 1 or above 5. Species keep their cell numbers,
  so many suddenly stand in a new habitat. In the round after a change, a player who rolls 1-3
  must be, or become, adapted to their cell; a player who rolls 4-6 may move up to two steps (not
  through occupied cells) and must be adapted where they stop. A species that cannot manage it
  goes extinct, and extinction is final: that lineage is lost, with its cards and tokens. The
  player plays on with a **new lineage** that colonises an empty savannah cell of their choice,
  with genome 1-1-1, the savannah token and two new cards (the text says the species
  "restarts"; a lost species never returns, so we call it what it would be in nature: another
  population arriving from elsewhere).
* **Winning.** The first species to hold all four habitat tokens wins.

Variants (keyword arguments of :func:`new_game`)
------------------------------------------------
``players`` 2-5; ``tokens_to_win`` 2-4; ``climate_change_faces`` 0-6, how many faces of the
climate die change the climate (3 in the rules: the lesson's main dial); ``climate_trend``
"random" (the rules), "warming" or "cooling"; ``max_rounds`` (see R9); ``blind_mutation`` (R12);
``start_habitat`` "savannah" (the rules), "tundra" or "mixed" (R15).

Rulings (where the text is silent; each is tested in tests/climate/test_rulings.py)
-----------------------------------------------------------------------------------
R1. *Neighbouring* means orthogonally adjacent on our 9 x 7 grid (no diagonals); "two steps" is a
    path of at most two such moves through empty cells. The boards are ours: a four-habitat
    toy map, cold in the north and wet in the east, loosely after the idea of a biome diagram but
    not a faithful Whittaker diagram (data.toml says how); every board holds all four habitats.
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
R6. Planning ahead (the text's "preadaptation", renamed: see the turn above) changes exactly one
    gene by any number of steps, paid with that gene's cards, at most once a turn, and only where
    two genes stay adapted to the current cell. It is the player's last act in a turn.
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
    cap stops the same way after 1,000 rounds, a billion years. At the default options no game
    between planner bots comes near it (the longest of 120 lasted 145 rounds), but random
    players, who blunder into extinction and lose their tokens, reach it in about one game in a
    hundred (one in thirty with two players): tests/climate/test_rulings.py measures both.
R10. Extinction is final; a new lineage colonises. The lost lineage's cards and tokens go with
    it. The player's new lineage is a savannah population (genome 1-1-1, adapted to its cell:
    R15 for the other home habitats) placed on an empty savannah cell of the player's choice; it
    holds the savannah token and two new cards (R5). The extinction ends that player's turn.
    The metric ``extinctions`` counts the lineages a player has lost.
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
    lose). Hands stay empty. No seat plans in a blind game: the planner bot, seated in one,
    moves, places and colonises like the random bot, on a random cell among those the rules
    allow, so no lineage is steered towards a goal (a person at the widget can still pick; the
    lesson's blind games are played by bots).
R13. Placement at the start goes in seat order, each species on an empty savannah cell of board 3.
    Seat 0 plays first (the text's "youngest player").
R14. If both the draw pile and the discard pile are empty, no card is drawn (the log says so).
R15. ``start_habitat`` (our variant, so that warming can harm someone): "tundra" gives every seat a
    tundra lineage (genome 4-4-4, the tundra token, placed on an empty tundra cell of board 3,
    and every new lineage after an extinction colonises an empty tundra cell the same way);
    "mixed" gives seats 1, 3, 5 (seat indices 0, 2, 4) savannah lineages and seats 2 and 4
    (indices 1, 3) tundra lineages. A seat keeps its home habitat all game. If no cell of the
    home habitat is empty when a new lineage must colonise (board 5 has only four tundra
    cells), a savannah lineage colonises instead: every board has more savannah cells than there
    can be players.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from evo_lessons.engine import Action, Event, GameState
from evo_lessons.engine.words import seat_name, seats_in_words

from . import board, genome
from .actions import ACTION_TYPES, GENE_NAMES, Move, Place, PlanAhead
from .data import Habitat, World
from .mutation_deck import MutationDeck, pick
from .tables import (
    CARD_KIND,
    CARD_LABEL,
    DELETERIOUS,
    DRAWS_A_CARD,
    END_TURN,
    MUTATION,
    PLACES,
    ROLLS,
    WORLD,
    move,
)

TRENDS = ("random", "warming", "cooling")
#: R15: where each seat's lineages come from
HOMES = ("savannah", "tundra", "mixed")
#: R9: with no cap set, a game that somehow runs this long (a billion years) still ends
ROUND_LIMIT = 1_000
SAVANNAH = 0
TUNDRA = 3


def home_habitat(start: str, seat: int) -> int:
    """R15: the habitat a seat's lineages start in and colonise from."""
    if start == "mixed":
        return TUNDRA if seat % 2 else SAVANNAH
    return TUNDRA if start == "tundra" else SAVANNAH


def lineage_genome(habitat: int) -> list[int]:
    """A new lineage carries its home habitat's value in every gene (1-1-1 in the savannah)."""
    return [habitat + 1] * 3


class ClimateState(GameState):
    """The whole table: the climate, the species (cells, genomes, tokens), the mutation deck.

    The state keeps the turn structure; the deck and the hands are a :class:`MutationDeck`,
    what a genome costs is :mod:`.genome`'s business and the geometry of cells :mod:`.board`'s.
    """

    action_types: ClassVar[dict[str, type[Action]]] = ACTION_TYPES
    #: the boards and cards, shared by every game (read-only)
    world: ClassVar[World] = WORLD

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        super().__init__(options, seed)
        self.blind: bool = options["blind_mutation"]
        n = options["players"]
        self.temperature = WORLD.start_temperature
        self.positions: list[int | None] = [None] * n
        #: R15: the habitat each seat's next lineage colonises (its home, unless that is full)
        self.colonists: list[int] = [home_habitat(options["start_habitat"], p) for p in range(n)]
        self.genomes: list[list[int]] = [lineage_genome(h) for h in self.colonists]
        self.tokens: list[int] = [1 << h for h in self.colonists]  # bit h = token of habitat h
        self.extinctions: list[int] = [0] * n
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
        self.pending_plans: tuple[PlanAhead, ...] = ()
        self.deck = MutationDeck.shuffled(n, self.rng, self.setup_events)
        for player in range(n):
            for _ in range(WORLD.start_cards):
                self.deck.deal(player, self.rng, self.setup_events, self.blind)

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
            habitat = self.colonists[self.turn_player]
            free = board.free_cells(self.temperature, habitat, self.positions)
            return [PLACES[cell] for cell in free]
        if self.phase == "move":
            return list(self.pending_moves)
        # phase "end"
        return [END_TURN, *self.pending_plans]

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        player = self.turn_player
        if isinstance(action, Place):
            self._place(player, action.cell, events)
        elif isinstance(action, Move):
            self._adapt(player, action.genome, events)
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
        elif isinstance(action, PlanAhead):
            target = list(self.genomes[player])
            target[action.gene] = action.value
            self._adapt(player, target, events, verb="plans ahead")
            self.phase = "done"
        else:  # EndTurn
            self.phase = "done"
        while self.phase == "done":
            self._finish_turn(events)
        return events

    # -- turn structure ------------------------------------------------------------------------
    def _place(self, player: int, cell: int, events: list[Event]) -> None:
        """Placement in seat order at the start (R13), or a new lineage colonising (R10)."""
        self.positions[player] = cell
        habitat = self._habitat_of(player).name.lower()
        if self.phase == "place":
            said = f"{seat_name(player)} places the species on cell {cell} ({habitat})."
        else:
            said = (
                f"A new lineage for {seat_name(player)} colonises cell {cell} ({habitat}), "
                f"genome {'-'.join(map(str, self.genomes[player]))} (R10)."
            )
        events.append(Event("place", said, player, {"cell": cell}))
        if self.phase == "place":
            if player + 1 < self.num_players:
                self.turn_player = player + 1
                return
            self.round = 1
            self.turn_player = 0
            self._start_turn(events)
        else:
            # restart after an extinction: two fresh cards, then the turn ends (R5, R10)
            for _ in range(WORLD.restart_cards):
                self.deck.deal(player, self.rng, events, self.blind)
            self.phase = "done"

    def _start_turn(self, events: list[Event]) -> None:
        """Draw a card, roll the die, and offer the moves the roll allows (if any)."""
        player = self.turn_player
        self.turns += 1
        self.roll = None
        self._draw_for_turn(player, events)
        if self.phase == "over":  # a blind mutation carried the lineage to its last token
            return
        here = self.positions[player]  # after the draw: a blind mutation may have moved it
        self.roll = roll = self._die()
        options: list[Move]
        if self.after_change:
            # the round after a climate change: be, or become, adapted, or go extinct
            if roll <= 3:
                events.append(ROLLS["stays and adapts"][player][roll])
                options = self._moves_to([here], player, stay=True)
            else:
                events.append(ROLLS["may move two"][player][roll])
                options = self._moves_to(board.reachable(here, 2, self.positions), player)
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
                events.append(ROLLS["stays"][player][roll])
                self._enter_end_phase()
                return
            near = board.reachable(here, 1, self.positions, include_start=False)
            options = self._moves_to(near, player)
            if not options:
                events.append(ROLLS["cannot move"][player][roll])  # R3
                self._enter_end_phase()
                return
            events.append(ROLLS["must move"][player][roll])
        self.phase = "move"
        self.pending_moves = tuple(options)

    def _enter_end_phase(self) -> None:
        """Offer preadaptation if there is any; otherwise the turn simply ends."""
        self.pending_moves = ()
        self.pending_plans = tuple(self._plans_ahead(self.turn_player))
        self.phase = "end" if self.pending_plans else "done"

    def _finish_turn(self, events: list[Event]) -> None:
        """Hand limit, next player, end of round; then start the next turn."""
        player = self.turn_player
        while len(self.deck.hands[player]) > WORLD.hand_limit:  # R7
            (card,) = self.deck.lose_at_random(player, 1, self.rng)
            events.append(
                Event(
                    "discard",
                    f"{seat_name(player)} holds more than {WORLD.hand_limit} cards and loses "
                    f"one at random ({CARD_LABEL[card]}).",
                    player,
                    {"card": card},
                )
            )
        self.pending_moves = ()
        self.pending_plans = ()
        if player + 1 < self.num_players:
            self.turn_player = player + 1
        else:
            self._end_round(events)
            if self.phase == "over":
                return
            self.turn_player = 0
        self._start_turn(events)

    def _end_round(self, events: list[Event]) -> None:
        """Roll for the climate; then the game ends if time is up (R9), or a new round starts."""
        self._roll_climate(events)
        self.temperature_log.append(self.temperature)
        if self.round >= self.round_cap:
            self._time_is_up(events)
            return
        self.round += 1

    def _roll_climate(self, events: list[Event]) -> None:
        """A roll above ``6 - climate_change_faces`` changes the climate one step (R11)."""
        self.after_change = False
        faces = self.options["climate_change_faces"]
        roll = self._die()
        if roll <= 6 - faces:
            events.append(
                Event(
                    "climate",
                    f"End of round {self.round}: the climate die shows "
                    f"{roll}; the climate holds at board {self.temperature}.",
                    None,
                    {"roll": roll, "temperature": self.temperature},
                )
            )
            return
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
        if after == before:
            events.append(
                Event(
                    "climate",
                    f"End of round {self.round}: the climate die shows "
                    f"{roll}, but the climate is already at its limit{note}.",
                    None,
                    {"roll": roll, "temperature": after},
                )
            )
            return
        self.temperature = after
        self.after_change = True
        word = "warms" if after > before else "cools"
        events.append(
            Event(
                "climate",
                f"End of round {self.round}: the climate die shows {roll} and the direction "
                f"die {direction_roll}: the world {word} to board {after}{note}.",
                None,
                {"roll": roll, "direction": direction_roll, "temperature": after, "before": before},
            )
        )

    def _time_is_up(self, events: list[Event]) -> None:
        """R9: the most tokens win; ties go to the fewer extinctions; a tie on both is shared."""
        ranks = [(self._token_count(p), -self.extinctions[p]) for p in range(self.num_players)]
        best = max(ranks)
        self.winners = [p for p in range(self.num_players) if ranks[p] == best]
        self.phase = "over"
        events.append(
            Event(
                "game_over",
                f"Time is up after {self.round} rounds (R9), about {self.round} million "
                f"years: {seats_in_words(self.winners)} won with {best[0]} tokens.",
                None,
                {"winners": list(self.winners)},
            )
        )

    # -- the draw ------------------------------------------------------------------------------
    def _draw_for_turn(self, player: int, events: list[Event]) -> None:
        """A turn's card: into the hand, or a deleterious one (R5), or at once (R12)."""
        card = self.deck.draw(self.rng, events, player)
        if card is None:
            return
        if CARD_KIND[card] == DELETERIOUS:
            self.deck.discard.append(card)
            lost = [] if self.blind else self.deck.lose_at_random(player, 2, self.rng)
            what = ", ".join(CARD_LABEL[c] for c in lost) or "nothing to lose"
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
        self.deck.to_hand(player, card)
        events.append(DRAWS_A_CARD[player])

    def _blind_mutation(self, player: int, card: int, events: list[Event]) -> None:
        """R12: the drawn mutation acts at once; selection keeps it, moves it or removes it."""
        info = WORLD.cards[card]
        self.deck.discard.append(card)
        who = seat_name(player)
        if info.kind != MUTATION:
            said = f"{who}'s species gets a neutral mutation: nothing changes."
            events.append(Event("mutation", said, player))
            return
        current = self.genomes[player]
        value = current[info.gene] + info.step
        gene_name = GENE_NAMES[info.gene]
        label = CARD_LABEL[card]
        if not 1 <= value <= 4:
            events.append(
                Event(
                    "mutation",
                    f"A {label} mutation strikes {who}'s species, but {gene_name} is already at "
                    "its limit: no effect.",
                    player,
                )
            )
            return
        mutant = list(current)
        mutant[info.gene] = value
        here = self.positions[player]
        if here is None or genome.adapted(mutant, self._habitat_at(here)):
            current[info.gene] = value
            events.append(
                Event(
                    "mutation",
                    f"A random mutation sets {who}'s {gene_name} gene to {value} (R12).",
                    player,
                    {"gene": info.gene, "value": value},
                )
            )
            return
        edge = [
            cell
            for cell in board.reachable(here, 1, self.positions, include_start=False)
            if genome.adapted(mutant, self._habitat_at(cell))
        ]
        if not edge:
            events.append(
                Event(
                    "selection",
                    f"A {label} mutation arises in {who}'s species, but its carriers are unfit "
                    "here and selection removes it (R12).",
                    player,
                )
            )
            return
        cell = edge[pick(self.rng, len(edge))]
        current[info.gene] = value
        self.positions[player] = cell
        habitat = self._habitat_of(player).name.lower()
        events.append(
            Event(
                "mutation",
                f"A {label} mutation arises in {who}'s species: its carriers are unfit at home "
                f"but thrive in the {habitat} next door, and the lineage shifts to cell {cell} "
                "(R12).",
                player,
                {"gene": info.gene, "value": value, "cell": cell},
            )
        )
        self._award_token(player, events)

    # -- adapting ------------------------------------------------------------------------------
    def _moves_to(self, cells: list[int], player: int, stay: bool = False) -> list[Move]:
        """Every move to one of ``cells`` that ends adapted and that the hand can pay (R2).

        Blind species (R12) choose no mutations: they move only where they are adapted already.
        """
        counts = self.deck.counts[player]
        here = self.positions[player]
        current = self.genomes[player]
        habitats = board.BOARDS[self.temperature - 1]
        by_habitat: dict[int, list[tuple[tuple[int, ...], int]]] = {}
        moves = []
        for cell in cells:
            habitat = habitats[cell - 1]
            options = by_habitat.get(habitat)
            if options is None:
                if self.blind:
                    adapted = genome.adapted(current, habitat)
                    options = [(tuple(current), 0)] if adapted else []
                else:
                    options = genome.adapted_genomes(current, habitat, counts)
                by_habitat[habitat] = options
            staying = stay or cell == here
            for target, cost in options:
                moves.append(move(cell, target, cost, staying))
        return moves

    def _plans_ahead(self, player: int) -> list[PlanAhead]:
        """R6 (none for blind species, R12, or one not on the board)."""
        here = self.positions[player]
        if self.blind or here is None:
            return []
        return genome.plans_ahead(
            self.genomes[player], self._habitat_at(here), self.deck.counts[player]
        )

    def _adapt(self, player: int, target, events: list[Event], verb: str = "adapts") -> None:
        """Pay for the genome ``target`` with the player's cards (R2) and say so."""
        current = self.genomes[player]
        if tuple(current) == tuple(target):
            return
        old = "-".join(map(str, current))
        spent = genome.pay(current, target, self.deck, player)
        new = "-".join(map(str, current))
        cards = "card" if len(spent) == 1 else "cards"
        events.append(
            Event(
                "adapt",
                f"{seat_name(player)} {verb}: genome {old} becomes {new}, "
                f"spending {len(spent)} mutation {cards}.",
                player,
                {"genome": list(current), "spent": spent},
            )
        )

    # -- extinction and tokens -----------------------------------------------------------------
    def _go_extinct(self, player: int, events: list[Event]) -> None:
        """R10: the lineage is lost for good; a new one will colonise (R15 says from where)."""
        habitat = self._habitat_of(player)
        self.deck.give_up_hand(player)
        self.extinctions[player] += 1
        self.positions[player] = None
        home = home_habitat(self.options["start_habitat"], player)
        if not board.free_cells(self.temperature, home, self.positions):
            home = SAVANNAH  # R15: the home habitat is full
        self.colonists[player] = home
        self.genomes[player] = lineage_genome(home)
        self.tokens[player] = 1 << home
        self.pending_moves = ()
        self.phase = "restart"
        arrival = WORLD.habitats[home].name.lower()
        events.append(
            Event(
                "extinction",
                f"{seat_name(player)}'s species is not adapted to the "
                f"{habitat.name.lower()} and cannot become so: it goes extinct, and its lineage "
                f"is lost for good, with its cards and tokens. A new {arrival} lineage will "
                f"colonise the map for {seat_name(player)} (R10).",
                player,
                {"habitat": habitat.key},
            )
        )

    def _award_token(self, player: int, events: list[Event]) -> bool:
        """Give the token of the current habitat if new (R8); True if that wins the game."""
        index = self._habitat_at(self.positions[player])
        if self.tokens[player] & (1 << index):
            return False
        self.tokens[player] |= 1 << index
        name = WORLD.habitats[index].name.lower()
        held, needed = self._token_count(player), self.options["tokens_to_win"]
        events.append(
            Event(
                "token",
                f"{seat_name(player)} earns the {name} token ({held} of {needed}).",
                player,
                {"habitat": index},
            )
        )
        if held < needed:
            return False
        self.winners = [player]
        self.phase = "over"
        self.pending_moves = ()
        events.append(
            Event(
                "game_over",
                f"{seat_name(player)} wins, having lived in {held} habitats!",
                player,
                {"winners": [player]},
            )
        )
        return True

    def _token_count(self, player: int) -> int:
        return self.tokens[player].bit_count()

    # -- chance and geometry -------------------------------------------------------------------
    def _die(self) -> int:
        # random() is several times cheaper than randint(); the die is just as fair
        return int(self.rng.random() * 6) + 1

    def _habitat_at(self, cell: int) -> int:
        """The habitat index of ``cell`` in today's climate."""
        return board.habitat_at(self.temperature, cell)

    def _habitat_of(self, player: int) -> Habitat:
        return WORLD.habitats[self._habitat_at(self.positions[player])]

    # -- what players see ----------------------------------------------------------------------
    def _observe(self, player: int | None) -> dict[str, Any]:
        """Everything is public except hands: others see only how many cards each holds."""
        species = []
        for p in range(self.num_players):
            cell = self.positions[p]
            habitat = None if cell is None else self._habitat_at(cell)
            species.append(
                {
                    "player": p,
                    "cell": cell,
                    "habitat": habitat,
                    "genome": list(self.genomes[p]),
                    "adapted": habitat is not None and genome.adapted(self.genomes[p], habitat),
                    "tokens": [h for h in range(4) if self.tokens[p] & (1 << h)],
                    "hand_size": len(self.deck.hands[p]),
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
            "draw_pile": len(self.deck.draw_pile),
            "deleterious_from_top": self.deck.deleterious_depths(),
            "discard": [CARD_LABEL[c] for c in self.deck.discard],
        }
        if player is not None:
            obs["hand"] = sorted(CARD_LABEL[c] for c in self.deck.hands[player])
        return obs

    def shuffle_secrets(self, seat: int | None, rng: random.Random) -> ClimateState:
        """A copy with everything ``seat`` may not see dealt anew, for the test suite.

        Secret are the other hands and the order of the draw pile, except its face-up
        deleterious cards (see ``MutationDeck.deal_secrets_anew``); the generator, which orders
        every later shuffle and roll, is reseeded.
        """
        twin = self.clone()
        assert isinstance(twin, ClimateState)
        twin.deck.deal_secrets_anew(seat, rng)
        twin.rng = random.Random(rng.random())
        return twin

    def metrics(self) -> list[dict[str, Any]]:
        rows = []
        for p in range(self.num_players):
            current = self.genomes[p]
            cell = self.positions[p]
            habitat = None if cell is None else self._habitat_at(cell)
            rows.append(
                {
                    "turn": self.turns,
                    "round": self.round,
                    "player": p,
                    "body": current[0],
                    "colour": current[1],
                    "metabolism": current[2],
                    "matches": 0 if habitat is None else genome.matches(current, habitat),
                    "habitat": None if habitat is None else WORLD.habitats[habitat].key,
                    "cards": len(self.deck.hands[p]),
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
