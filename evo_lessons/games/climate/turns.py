"""A turn on the map: placing, rolling, moving and adapting, planning ahead, the hand limit.

The rulebook: each player puts their species on a savannah cell of board 3. On a turn, the
player draws a mutation card and rolls the die: on 1-3 the species stays; on 4-6 it must move to
a neighbouring empty cell. Moving into another type of habitat needs adaptation, at least two
genes holding the new habitat's value, paid for with mutation cards. To end the turn, a player
may change one gene ahead of time as long as two genes stay adapted where they are (the text's
"preadaptation"; we say *plan ahead*). A player ending a turn with more than five cards loses
one at random. In the round after a climate change, a roll of 1-3 means being or becoming
adapted where the species stands, and 4-6 lets it move up to two steps; a species that cannot
become adapted goes extinct (``lineages.py``).

Rulings: R1 (neighbours), R2 (a move names its genome; the cards are paid automatically), R3 (a
species that must move but cannot stays), R6 (planning ahead), R7 (the hand limit), R13 (seat
order).
"""

from __future__ import annotations

from evo_lessons.engine import Event
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import npgettext, pgettext

from . import board, genome
from .actions import Move, PlanAhead
from .mutations import Mutations
from .tables import MOVES, WORLD, card_labels, move, rolls
from .words import habitat_word


class Turns(Mutations):
    """Placement, the turn's roll and moves, and its end (a part of :class:`ClimateState`)."""

    def _place(self, player: int, cell: int, events: list[Event]) -> None:
        """Placement in seat order at the start (R13), or a new lineage colonising (R10)."""
        self.positions[player] = cell
        habitat = habitat_word(self._habitat_of(player))
        who = seat_name(player)
        if self.phase == "place":
            said = pgettext(
                "climate log", "{who} places the species on cell {cell} ({habitat})."
            ).format(who=who, cell=cell, habitat=habitat)
        else:
            said = pgettext(
                "climate log",
                "A new lineage for {who} colonises cell {cell} ({habitat}), genome {genome} (R10).",
            ).format(
                who=who, cell=cell, habitat=habitat, genome="-".join(map(str, self.genomes[player]))
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
        here = self._cell_of(player)  # after the draw: a blind mutation may have moved it
        self.roll = roll = self._die()
        options: list[Move]
        if self.after_change:
            # the round after a climate change: be, or become, adapted, or go extinct
            if roll <= 3:
                events.append(rolls()["stays and adapts"][player][roll - 1])
                options = self._moves_to([here], player, stay=True)
            else:
                events.append(rolls()["may move two"][player][roll - 1])
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
                events.append(rolls()["stays"][player][roll - 1])
                self._enter_end_phase()
                return
            near = board.reachable(here, 1, self.positions, include_start=False)
            options = self._moves_to(near, player)
            if not options:
                events.append(rolls()["cannot move"][player][roll - 1])  # R3
                self._enter_end_phase()
                return
            events.append(rolls()["must move"][player][roll - 1])
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
                    pgettext(
                        "climate log",
                        "{who} holds more than {limit} cards and loses one at random ({card}).",
                    ).format(
                        who=seat_name(player), limit=WORLD.hand_limit, card=card_labels()[card]
                    ),
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

    def _moves_to(self, cells: list[int], player: int, stay: bool = False) -> list[Move]:
        """Every move to one of ``cells`` that ends adapted and that the hand can pay (R2).

        Blind species (R12) choose no mutations: they move only where they are adapted already.
        """
        counts = self.deck.counts[player]
        here = self.positions[player]
        current = self.genomes[player]
        habitats = board.BOARDS[self.temperature - 1]
        by_habitat: dict[int, list[tuple[tuple[int, ...], int]]] = {}
        known = MOVES.get  # the shared Move objects (tables.move makes a missing one)
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
                shared = known((cell, target[0], target[1], target[2], cost, staying))
                moves.append(shared or move(cell, target, cost, staying))
        return moves

    def _plans_ahead(self, player: int) -> list[PlanAhead]:
        """R6 (none for blind species, R12, or one not on the board)."""
        here = self.positions[player]
        if self.blind or here is None:
            return []
        return genome.plans_ahead(
            self.genomes[player], self._habitat_at(here), self.deck.counts[player]
        )

    def _adapt(self, player: int, target, events: list[Event], ahead: bool = False) -> None:
        """Pay for the genome ``target`` with the player's cards (R2) and say so."""
        current = self.genomes[player]
        if tuple(current) == tuple(target):
            return
        old = "-".join(map(str, current))
        spent = genome.pay(current, target, self.deck, player)
        new = "-".join(map(str, current))
        if ahead:
            said = npgettext(
                "climate log",
                "{who} plans ahead: genome {old} becomes {new}, spending {n} mutation card.",
                "{who} plans ahead: genome {old} becomes {new}, spending {n} mutation cards.",
                len(spent),
            )
        else:
            said = npgettext(
                "climate log",
                "{who} adapts: genome {old} becomes {new}, spending {n} mutation card.",
                "{who} adapts: genome {old} becomes {new}, spending {n} mutation cards.",
                len(spent),
            )
        events.append(
            Event(
                "adapt",
                said.format(who=seat_name(player), old=old, new=new, n=len(spent)),
                player,
                {"genome": list(current), "spent": spent},
            )
        )
