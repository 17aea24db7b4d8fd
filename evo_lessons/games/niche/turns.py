"""A turn, the trait deck behind the gene pool, and the end of the game.

The rules in our words
----------------------
Play goes round the table clockwise. On their turn a player draws one available card from the
gene pool and plays one card from their hand (or, after completing an environment, draws a new
environment instead). Then what the played card set off is resolved: events, the rule of 4, the
cards of the gene pool that are turned face up, a stack that must be dealt again, and whether the
player has now adapted to their environment. A stack whose last card was drawn is dealt again from
the trait deck; when the deck runs short, the discard pile is shuffled into a new deck. The game
ends when a player completes a third environment.

Rulings: R2 (the end of a turn, in order), R4 (drawing comes first), R11 (completion at the end of
the turn), R14 (time runs out). The rulings are written out in ``rules.py``; the gene pool itself
is :mod:`.gene_pool`.
"""

from __future__ import annotations

from evo_lessons.engine import Event
from evo_lessons.engine.words import seats_in_words
from evo_lessons.i18n import npgettext, pgettext

from .shared import Table
from .tables import ENV_MASK, rebuild_events


class Turns(Table):
    """The part of :class:`~.rules.NicheState` that runs the turns and ends the game."""

    def _after_decision(self, events: list[Event]) -> None:
        """Hand the next queued discard decision over, or finish the turn."""
        if self.pending:
            self.phase = "discard"
            self._current = self.pending[0][0]
            return
        player = self._current = self.turn_player
        env = self.environment[player]
        if env >= 0:
            need = ENV_MASK[env]
            if self.covered(player) & need == need:
                self._check_completion(player, events)
        self._end_turn(events)

    def _start_turn(self, player: int, events: list[Event]) -> None:
        if self.turns >= self.max_turns:
            self._time_runs_out(events)
            return
        self.turns += 1
        self.turn_player = player
        self._current = player
        self.phase = "environment" if self.environment[player] < 0 else "draw"

    def _end_turn(self, events: list[Event]) -> None:
        """R2: rebuild emptied stacks, turn up uncovered cards; then the next player's turn."""
        if self.phase == "over":
            return
        pool = self.gene_pool
        if 0 in pool.present:  # a stack with no card left (most turns: none, so skip the call)
            for stack in pool.emptied():
                self._rebuild(stack, events)
        pool.turn_up(events)
        # the next player's turn (R14: unless time has run out)
        if self.turns >= self.max_turns:
            self._time_runs_out(events)
            return
        player = self.turn_player = self._current = (self.turn_player + 1) % self._n
        self.turns += 1
        self.phase = "environment" if self.environment[player] < 0 else "draw"

    def _finish(self, winners: list[int], events: list[Event], text: str) -> None:
        for player in range(self._n):
            env = self.environment[player]
            if env >= 0:
                self._log_environment(player, env, "unfinished")
        self.winners = winners
        self.phase = "over"
        self._current = None
        self.pending = []
        events.append(Event("win", text, None, {"winners": list(winners)}))

    def _time_runs_out(self, events: list[Event]) -> None:
        """R14: the most completed environments wins; ties by share of the current one met."""
        self.ended_by_time = True

        def standing(player: int) -> tuple[int, float]:
            return (len(self.completed[player]), self.match(player))

        best = max(standing(p) for p in range(self._n))
        winners = [p for p in range(self._n) if standing(p) == best]
        names = seats_in_words(winners)
        self._finish(
            winners,
            events,
            npgettext(
                "niche log",
                "Time runs out after {rounds} rounds: {who} wins.",
                "Time runs out after {rounds} rounds: {who} share the win.",
                len(winners),
            ).format(rounds=self.options["max_rounds"], who=names),
        )

    def _draw_trait(self, events: list[Event]) -> int:
        """Top card of the trait deck, reshuffling the discard pile if needed (-1 if none)."""
        if not self.trait_deck:
            self._reshuffle_discard(events)
            if not self.trait_deck:
                return -1
        return self.trait_deck.pop()

    def _reshuffle_discard(self, events: list[Event]) -> None:
        if not self.discard:
            return
        self.trait_deck = self.discard + self.trait_deck
        self.discard = []
        self.rng.shuffle(self.trait_deck)
        events.append(
            Event(
                "shuffle",
                pgettext(
                    "niche log",
                    "The trait deck has run out: the discard pile is shuffled into a new deck.",
                ),
                None,
                {},
            )
        )

    def _rebuild(self, stack: int, events: list[Event]) -> None:
        """R2: deal an emptied stack again, reshuffling the discard pile if the deck runs out."""
        dealt = self.gene_pool.build(stack, self.trait_deck, lambda: self._draw_trait(events))
        if dealt:
            events.append(rebuild_events()[stack, dealt])
