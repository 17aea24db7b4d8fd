"""The end of the game and the scorecard: who fits their habitats best.

The rules in our words
----------------------
Players who already hold four niche cards play on, and may still change their niches. The game
ends at the end of the turn in which the last player gets their fourth niche card.

Then each player applies their adaptation cards to their creature's features, choosing the order
where several cards touch one feature (a step up from 5 or down from 1 does nothing). For each
habitat they hold and each feature, the score is the distance between the feature and the
habitat's selection pressure, at most 4. The sum over habitats and features is the player's
*unfit* score: higher is worse, and the lowest wins. In the variants, a habitat score above 8 is
an extinction there (fewest extinctions win), or, with the same habitats for all, the player best
fitted in the most habitats wins.

Rulings: R12 (when the end is checked), R13 (the order of the cards), R14 (winners), R19 (a
round cap for a short class, and the safety net). The rulings are written out in ``rules.py``;
the arithmetic of the scorecard is in :mod:`.scoring`.
"""

from __future__ import annotations

from typing import Any

from evo_lessons.engine import Action, Event
from evo_lessons.engine.words import seat_name, winners_sentence
from evo_lessons.i18n import pgettext

from . import scoring
from .actions import ORDER, OVER, WORLD, OrderCards, habitat_name
from .shared import Table
from .tables import intern
from .words import creature_name, feature_word

#: R19: the most rounds a game lasts (the round cap's upper bound, and the cap when none is set)
ROUND_LIMIT = 500


class Ending(Table):
    """The part of :class:`~.rules.AdaptOrDieState` that ends the game and fills the scorecards."""

    def _end_turn(self, events: list[Event]) -> None:
        """R12: the end is checked after every turn; otherwise the next player rolls."""
        if all(len(held) == self.target for held in self.niches):
            events.append(
                Event(
                    "end",
                    pgettext(
                        "adapt_or_die log",
                        "Every player holds {n} niche cards: the game ends. Scoring.",
                    ).format(n=self.target),
                )
            )
            self._start_scoring(events)
            return
        cap = self.options["max_rounds"]
        limit = ROUND_LIMIT if cap is None else cap
        if self.round >= limit and self.turn_player == self.num_players - 1:
            events.append(
                Event(
                    "end",
                    pgettext(
                        "adapt_or_die log",
                        "Time is up after {n} rounds (R19): scoring as it stands.",
                    ).format(n=self.round),
                )
            )
            self._start_scoring(events)
            return
        self.turn_player = (self.turn_player + 1) % self.num_players
        if self.turn_player == 0:
            self.round += 1
        self._start_turn(events)

    # -- scoring (R13, R14) --------------------------------------------------------------------
    def pressures_of(self, habitat: int) -> tuple[int, ...]:
        """A placed habitat's five pressures."""
        return self.mat_values[self.mats.index(habitat)]  # type: ignore[return-value]

    def _start_scoring(self, events: list[Event]) -> None:
        self.phase = ORDER
        self.roll = None
        queue = []
        for seat in range(self.num_players):
            groups = scoring.feature_cards(self.adaptations[seat])
            start = WORLD.creature(self.creatures[seat]).features
            for feature, cards in enumerate(groups):
                outcomes = scoring.orders_by_end(start[feature], cards)
                if len(outcomes) > 1:
                    queue.append((seat, feature))
                else:
                    self.orders[seat][feature] = outcomes[0][1] if cards else ()
        self.order_queue = queue
        if not queue:
            self._finish(events)

    def _order_options(self) -> list[Action]:
        seat, feature = self.order_queue[0]
        start = WORLD.creature(self.creatures[seat]).features[feature]
        cards = scoring.feature_cards(self.adaptations[seat])[feature]
        return [
            intern(OrderCards, feature, order, end)
            for end, order in scoring.orders_by_end(start, cards)
        ]

    def _order(self, action: OrderCards, events: list[Event]) -> None:
        seat, feature = self.order_queue.pop(0)
        self.orders[seat][feature] = action.cards
        then = pgettext("adapt_or_die choice; between card symbols: ++, then -", ", then ")
        symbols = then.join(WORLD.kinds[WORLD.cards[c].kind].symbol for c in action.cards)
        events.append(
            Event(
                "order",
                pgettext(
                    "adapt_or_die log",
                    "{who} applies the {feature} cards {symbols}: {feature} ends at {end}.",
                ).format(
                    who=seat_name(seat),
                    feature=feature_word(feature),
                    symbols=symbols,
                    end=action.end,
                ),
                seat,
            )
        )
        if not self.order_queue:
            self._finish(events)

    def scorecard(self, seat: int) -> scoring.Scorecard:
        """The seat's scorecard with its chosen orders (or, before the end, card order)."""
        start = WORLD.creature(self.creatures[seat]).features
        groups = scoring.feature_cards(self.adaptations[seat])
        orders = [o if o is not None else tuple(groups[f]) for f, o in enumerate(self.orders[seat])]
        columns = [(h, self.pressures_of(h)) for h in self.niches[seat]]
        return scoring.scorecard(start, orders, columns)

    def _finish(self, events: list[Event]) -> None:
        n = self.num_players
        cards = [self.scorecard(seat) for seat in range(n)]
        limit = WORLD.extinction_above
        final: list[dict[str, Any]] = [
            {
                "total": card.total,
                "extinctions": sum(1 for t in card.habitat_totals if t > limit),
                "habitats": dict(zip(card.habitats, card.habitat_totals, strict=True)),
                "features": [row.end for row in card.rows],
                "best_in": 0,
            }
            for card in cards
        ]
        self.final = final
        for habitat in {h for held in self.niches for h in held}:
            scores = {
                s: final[s]["habitats"][habitat] for s in range(n) if habitat in self.niches[s]
            }
            best = min(scores.values())
            for s, value in scores.items():
                if value == best:
                    final[s]["best_in"] += 1
        most = max(len(held) for held in self.niches)
        complete = [s for s in range(n) if len(self.niches[s]) == most]  # R19
        if self.scoring == "extinctions":
            key = lambda s: final[s]["extinctions"]  # noqa: E731
        elif self.scoring == "habitats":
            key = lambda s: -final[s]["best_in"]  # noqa: E731
        else:
            key = lambda s: final[s]["total"]  # noqa: E731
        best = min(key(s) for s in complete)
        self.winners = [s for s in complete if key(s) == best]
        for seat, result in enumerate(self.final):
            per = pgettext("list separator", ", ").join(
                f"{habitat_name(h)} {v}" for h, v in result["habitats"].items()
            )
            events.append(
                Event(
                    "score",
                    pgettext(
                        "adapt_or_die log",
                        "{who} ({creature}) scores {total} unfit ({per}); extinct in "
                        "{extinct}, best in {best}.",
                    ).format(
                        who=seat_name(seat),
                        creature=creature_name(self.creatures[seat]),
                        total=result["total"],
                        per=per or pgettext("adapt_or_die log", "no habitats"),
                        extinct=result["extinctions"],
                        best=result["best_in"],
                    ),
                    seat,
                    {"total": result["total"]},
                )
            )
        events.append(
            Event("game_over", winners_sentence(self.winners), None, {"winners": self.winners})
        )
        self.phase = OVER
