"""Trading at the end of a turn: one niche card and one adaptation card, with a willing player.

The rules in our words
----------------------
At the end of their turn a player may trade one niche card with any other willing player, and may
also trade one adaptation card with any other willing player. A trade never leaves anyone with two
copies of one niche.

The text limits the trades, not the offers: a declined offer leaves that kind of trade open, and
the player may look for another willing player (ruling R11, written out in ``rules.py``).
"""

from __future__ import annotations

from evo_lessons.engine import Action, Event
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import pgettext

from .actions import ANSWER, END_TURN, TRADE, OfferAdaptations, OfferNiches, card_name, habitat_name
from .shared import Table
from .tables import CARD_OFFERS, NICHE_OFFERS


class Trading(Table):
    """The part of :class:`~.rules.AdaptOrDieState` that offers, answers and makes trades."""

    def _to_trade(self) -> None:
        """The move and any niche business are done: the end-of-turn trades (R11)."""
        self.phase = TRADE

    def _trade_options(self) -> list[Action]:
        """End the turn, or offer a swap of each kind not yet traded this turn to any player who
        has not declined that kind this turn (R11)."""
        player = self.turn_player
        options: list[Action] = [END_TURN]
        mine = self.niches[player]
        declined = self.declined
        if "niche" not in self.traded and mine:
            for other in range(self.num_players):
                if other == player or ("niche", other) in declined:
                    continue
                theirs = self.niches[other]
                wanted = [get for get in theirs if get not in mine]  # never two copies
                if wanted:
                    offers = NICHE_OFFERS[other]
                    for give in mine:
                        if give not in theirs:
                            options.extend(map(offers[give].__getitem__, wanted))
        cards = self.adaptations[player]
        if "adaptation" not in self.traded and cards:
            for other in range(self.num_players):
                theirs = self.adaptations[other]
                if other != player and theirs and ("adaptation", other) not in declined:
                    card_offers = CARD_OFFERS[other]
                    for give in cards:
                        options.extend(map(card_offers[give].__getitem__, theirs))
        return options

    def _make_offer(self, action: OfferNiches | OfferAdaptations, events: list[Event]) -> None:
        player = self.turn_player
        kind = "niche" if type(action) is OfferNiches else "adaptation"
        self.offer = (kind, action.player, action.give, action.get)
        self.phase = ANSWER
        if kind == "niche":
            what = pgettext(
                "adapt_or_die log",
                "{who} offers {other} a trade: the {give} niche for the {get} niche.",
            )
            give, get = habitat_name(action.give), habitat_name(action.get)
        else:
            what = pgettext(
                "adapt_or_die log",
                "{who} offers {other} a trade: the {give} card for the {get} card.",
            )
            give, get = card_name(action.give), card_name(action.get)
        events.append(
            Event(
                "offer",
                what.format(
                    who=seat_name(player), other=seat_name(action.player), give=give, get=get
                ),
                player,
            )
        )

    def _answer(self, accept: bool, events: list[Event]) -> None:
        kind, other, give, get = self.offer  # type: ignore[misc]
        self.offer = None
        player = self.turn_player
        self.phase = TRADE
        if not accept:  # R11: the trade stays open, but not with this player this turn
            self.declined.append((kind, other))
            text = pgettext("adapt_or_die log", "{who} declines the trade.").format(
                who=seat_name(other)
            )
            events.append(Event("answer", text, other))
            return
        self.traded.add(kind)
        held = self.niches if kind == "niche" else self.adaptations
        mine, theirs = held[player], held[other]
        mine[mine.index(give)] = get
        theirs[theirs.index(get)] = give
        events.append(
            Event(
                "answer",
                pgettext("adapt_or_die log", "{who} accepts: the cards change hands.").format(
                    who=seat_name(other)
                ),
                other,
            )
        )
