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

Where each part of the rules lives
----------------------------------
``board.py`` the habitat boards and their cells (R1); ``genome.py`` genes, adaptation and what
a change costs (R2, R6); ``mutation_deck.py`` the deck and the hands (R4, R5, R14); ``shared.py``
the species on the map; ``turns.py`` placing, rolling, moving and the end of a turn (R1-R3, R6,
R7, R13); ``mutations.py`` the turn's card (R5, R12); ``climate_change.py`` the climate die and
the end of time (R9, R11); ``lineages.py`` extinction, colonisation and tokens (R8, R10, R15).
This module holds the game's state and its contract. ``tables.py`` only makes it fast.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from evo_lessons.engine import Action, Event, GameState
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import pgettext

from . import board, genome
from .actions import ACTION_TYPES, Move, Place, PlanAhead
from .climate_change import ROUND_LIMIT, TRENDS
from .data import World
from .lineages import HOMES, SAVANNAH, TUNDRA, home_habitat, lineage_genome
from .mutation_deck import MutationDeck
from .observation import ClimateSeen, Species
from .tables import CARD_LABEL, END_TURN, PLACES, WORLD
from .turns import Turns
from .words import habitat_word


class ClimateState(Turns, GameState):
    """The whole table: the climate, the species (cells, genomes, tokens), the mutation deck.

    The rules' parts are its bases (see "Where each part of the rules lives" above); this class
    holds the state and the contract: whose decision it is, what they may do, what they see.
    The deck and the hands are a :class:`MutationDeck`, what a genome costs is :mod:`.genome`'s
    business and the geometry of cells :mod:`.board`'s.
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
            said = (
                pgettext("climate log", "{who} moves to cell {cell} ({habitat}).")
                if moved
                else pgettext("climate log", "{who} stays on cell {cell} ({habitat}).")
            )
            events.append(
                Event(
                    "move",
                    said.format(
                        who=seat_name(player), cell=action.cell, habitat=habitat_word(habitat)
                    ),
                    player,
                    {"cell": action.cell},
                )
            )
            if not self._award_token(player, events):
                self._enter_end_phase()
        elif isinstance(action, PlanAhead):
            target = list(self.genomes[player])
            target[action.gene] = action.value
            self._adapt(player, target, events, ahead=True)
            self.phase = "done"
        else:  # EndTurn
            self.phase = "done"
        while self.phase == "done":
            self._finish_turn(events)
        return events

    def _observe(self, player: int | None) -> ClimateSeen:
        """Everything is public except hands: others see only how many cards each holds."""
        species: list[Species] = []
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
        obs: ClimateSeen = {
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
        every later shuffle and roll, is reseeded. While a move is pending (phases "move" and
        "end") the acting player keeps their hand: the choices on offer were worked out from it,
        and a twin with those choices but another hand is a state the rules never make.
        """
        twin = self.clone()
        assert isinstance(twin, ClimateState)
        keep = (self.turn_player,) if self.phase in ("move", "end") else ()
        twin.deck.deal_secrets_anew(seat, rng, keep=keep)
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


__all__ = [
    "HOMES",
    "ROUND_LIMIT",
    "SAVANNAH",
    "TRENDS",
    "TUNDRA",
    "ClimateState",
    "home_habitat",
    "lineage_genome",
]
