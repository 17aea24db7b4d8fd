"""Exits and niches: the niche cards a bug wins at a habitat, and the adaptation cards with them.

The rules in our words
----------------------
A player whose bug exits at a habitat and who lacks its niche card takes one from the pile. They
may keep it, exchange it for one of their own niche cards (which goes back to the pile), or give
it to another player with fewer than four niche cards, who may not refuse. A player who already
holds four must exchange or give.

A player who already held that habitat's niche must either return a different niche card to the
pile, as in an exchange, or force the card on someone else: coming back to a habitat is the way to
get rid of an unwanted niche, the only one besides trading.

Whoever gains a niche card takes an adaptation card with it from the face-up cards. Whenever a
niche card goes back to the pile, an adaptation card of its holder's choice goes back too, so
everyone always holds as many adaptation cards as niche cards. Nobody ever holds two copies of one
niche, or ends a turn with more than four.

In the variant where everyone receives the same habitats, a habitat selected by one player is
received by all, each taking an adaptation card, clockwise from the player who selected it. That
variant works best with 5 or 6 habitats per player; with 6 habitats and 5 players no adaptation
card is left for the last habitat.

Rulings: R6-R8 (the niche decision and who may receive a card), R10 (niche and adaptation cards
move together), R15 (the same habitats for all), R17 (a single card to return goes at once), R20
(when the adaptation cards run out). The
rulings are written out in ``rules.py``.
"""

from __future__ import annotations

from typing import Any

from evo_lessons.engine import Action, Event
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import pgettext

from .actions import (
    KEEP,
    NICHE,
    PICK,
    RETURN,
    WORLD,
    ExchangeNiche,
    ForceNiche,
    GiveNiche,
    KeepNiche,
    ReturnNiche,
    card_name,
    habitat_name,
    with_article,
)
from .shared import Table
from .tables import intern


class Niches(Table):
    """The part of :class:`~.rules.AdaptOrDieState` that deals in niche and adaptation cards."""

    def _take_niche(self, habitat: int, events: list[Event]) -> None:
        player = self.turn_player
        name = habitat_name(habitat)
        if not self.niche_pile[habitat - 1]:
            text = pgettext("adapt_or_die log", "No {habitat} niche card is left in the pile (R7).")
            events.append(Event("niche", text.format(habitat=name), player))
            self._to_trade()
            return
        self.niche_pile[habitat - 1] -= 1
        self.offered = habitat
        self.spare = habitat in self.niches[player]
        self.phase = NICHE
        if not self.spare:
            if with_article(WORLD.habitat(habitat).name)[:3] == "an ":  # "an Air over a pond"
                text = pgettext(
                    "adapt_or_die log", "{who} takes an {habitat} niche card from the pile."
                )
            else:
                text = pgettext(
                    "adapt_or_die log", "{who} takes a {habitat} niche card from the pile."
                )
            text = text.format(who=seat_name(player), habitat=name)
        elif self._niche_options():
            text = pgettext(
                "adapt_or_die log",
                "{who} already holds the {habitat} niche and takes a spare copy: they must "
                "return another niche card with it or force it on someone (R7).",
            ).format(who=seat_name(player), habitat=name)
        else:
            self.niche_pile[habitat - 1] += 1
            self.offered = 0
            events.append(
                Event(
                    "niche",
                    pgettext(
                        "adapt_or_die log",
                        "{who} already holds the {habitat} niche, but has no other niche card "
                        "to return and nobody can take a spare, so nothing happens (R7).",
                    ).format(who=seat_name(player), habitat=name),
                    player,
                )
            )
            self._to_trade()
            return
        events.append(Event("niche", text, player, {"habitat": habitat}))

    def _eligible(self, habitat: int) -> list[int]:
        """Players who may be given this niche card (R8)."""
        return [
            p
            for p in range(self.num_players)
            if p != self.turn_player
            and len(self.niches[p]) < self.target
            and habitat not in self.niches[p]
        ]

    def _niche_options(self) -> list[Action]:
        player = self.turn_player
        habitat = self.offered
        held = self.niches[player]
        if self.spare:  # R7
            options: list[Action] = [intern(ReturnNiche, h) for h in held if h != habitat]
            options += [intern(ForceNiche, p) for p in self._eligible(habitat)]
            return options
        options = [KEEP] if len(held) < self.target else []  # R6
        options += [intern(ExchangeNiche, h) for h in held]
        options += [intern(GiveNiche, p) for p in self._eligible(habitat)]
        return options

    def _decide_niche(self, action: Action, events: list[Event]) -> None:
        player = self.turn_player
        habitat, self.offered = self.offered, 0
        name = habitat_name(habitat)
        who = seat_name(player)
        kind = type(action)
        act: Any = action  # (told apart by its exact class: mypy does not narrow by ``kind``)
        if kind is KeepNiche:
            self.gains = [(player, habitat)]
            text = pgettext("adapt_or_die log", "{who} keeps the {habitat} niche card.").format(
                who=who, habitat=name
            )
        elif kind is ExchangeNiche:
            self.gains = [(player, habitat)]
            self.returning = act.habitat
            text = pgettext(
                "adapt_or_die log",
                "{who} keeps the {habitat} niche card and returns the {other} niche card to "
                "the pile.",
            ).format(who=who, habitat=name, other=habitat_name(act.habitat))
        elif kind is GiveNiche:
            self.gains = [(act.player, habitat)]
            to = seat_name(act.player)
            text = pgettext(
                "adapt_or_die log",
                "{who} gives the {habitat} niche card to {to}, who may not refuse (R8).",
            ).format(who=who, habitat=name, to=to)
        elif kind is ForceNiche:
            self.gains = [(act.player, habitat)]
            text = pgettext(
                "adapt_or_die log", "{who} forces the spare {habitat} niche card on {to}."
            ).format(who=who, habitat=name, to=seat_name(act.player))
        else:  # ReturnNiche
            self.niche_pile[habitat - 1] += 1
            self.returning = act.habitat
            text = pgettext(
                "adapt_or_die log",
                "{who} puts the spare {habitat} copy back and returns the {other} niche card "
                "to the pile.",
            ).format(who=who, habitat=name, other=habitat_name(act.habitat))
        self.spare = False
        events.append(Event("niche", text, player, {"habitat": habitat}))
        self.phase = RETURN if self.returning else PICK

    def _return_adaptation(self, card: int, events: list[Event]) -> None:
        """R10: the returned niche card and an adaptation card go back together."""
        player = self.turn_player
        habitat, self.returning = self.returning, 0
        self.niches[player].remove(habitat)
        self.niche_pile[habitat - 1] += 1
        self.adaptations[player].remove(card)
        self.pool[card] = True
        events.append(
            Event(
                "return",
                pgettext(
                    "adapt_or_die log",
                    "{who} returns the {card} adaptation card with the {habitat} niche card.",
                ).format(
                    who=seat_name(player), card=card_name(card), habitat=habitat_name(habitat)
                ),
                player,
                {"habitat": habitat, "card": card},
            )
        )
        if self.gains:
            self.phase = PICK
        else:
            self._to_trade()

    def _take_adaptation(self, card: int, events: list[Event]) -> None:
        """R10: the niche card waiting on the table and the chosen adaptation card, together."""
        player, habitat = self.gains.pop(0)
        self.niches[player].append(habitat)
        self.adaptations[player].append(card)
        self.pool[card] = False
        events.append(
            Event(
                "gain",
                pgettext(
                    "adapt_or_die log",
                    "{who} takes the {habitat} niche card and the {card} adaptation card "
                    "({n} of {target} niches).",
                ).format(
                    who=seat_name(player),
                    habitat=habitat_name(habitat),
                    card=card_name(card),
                    n=len(self.niches[player]),
                    target=self.target,
                ),
                player,
                {"habitat": habitat, "card": card},
            )
        )
        self._await_adaptations(events)

    def _await_adaptations(self, events: list[Event]) -> None:
        """The next niche card waits for its adaptation card; none waiting: on to the trades.

        R20: with the same habitats for all, 5 players and 6 habitats, the 25 adaptation cards
        are gone before the last habitat (5 x 5); as the text notes, nobody takes an adaptation
        card with it, and each player receives its niche card alone.
        """
        if self.gains and not any(self.pool):
            for player, habitat in self.gains:
                self.niches[player].append(habitat)
                events.append(
                    Event(
                        "gain",
                        pgettext(
                            "adapt_or_die log",
                            "{who} takes the {habitat} niche card; no adaptation card is left "
                            "to go with it ({n} of {target} niches, R20).",
                        ).format(
                            who=seat_name(player),
                            habitat=habitat_name(habitat),
                            n=len(self.niches[player]),
                            target=self.target,
                        ),
                        player,
                        {"habitat": habitat, "card": None},
                    )
                )
            self.gains = []
        if self.gains:
            self.phase = PICK
        else:
            self._to_trade()

    def _select_for_all(self, habitat: int, events: list[Event]) -> None:
        """R15: everyone receives a selected habitat, clockwise from the selector."""
        player = self.turn_player
        name = habitat_name(habitat)
        if habitat in self.selected or len(self.selected) >= self.target:
            events.append(
                Event(
                    "select",
                    pgettext(
                        "adapt_or_die log",
                        "The {habitat} is already selected: nothing more happens.",
                    ).format(habitat=name),
                    player,
                )
            )
            self._to_trade()
            return
        self.selected.append(habitat)
        n = self.num_players
        self.gains = [((player + k) % n, habitat) for k in range(n)]
        self.niche_pile[habitat - 1] -= n
        events.append(
            Event(
                "select",
                pgettext(
                    "adapt_or_die log",
                    "{who} selects the {habitat} ({n} of {target}): everyone receives its "
                    "niche card and takes an adaptation card, clockwise.",
                ).format(
                    who=seat_name(player), habitat=name, n=len(self.selected), target=self.target
                ),
                player,
                {"habitat": habitat},
            )
        )
        self._await_adaptations(events)
