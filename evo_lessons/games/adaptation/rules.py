"""Adaptation: a bluffing card game where the environment (the challenge) decides who is fit.

The game shows selection by a changing environment: a card that is the best under one challenge
can be the worst under the next, and a card is safe only if it is not the lowest of those present.
(That is the game's sense of doing well. In biology, fitness is relative reproductive success; the
game has no reproduction, which the lesson and evo_lessons.population supply.)

The rules in our own words
==========================
*Cards.* 66 playing cards each show some identical objects of one shape and one colour. Three
challenge cards say how a playing card is scored: **number** (how many objects), **shape** (its
sides: triangle 3, square 4, pentagon 5, hexagon 6) or **colour** (red 4, orange 3, yellow 2,
green 1). Each of 2 to 8 players starts with 3 tokens, kept in plain view.

*Round one* only decides who deals next: every player gets one card face down, the number
challenge is shown, all cards are turned up, and the lowest card (or cards) is defeated but loses
nothing.

*Every later round.* The dealer may first throw away their card and draw a new one. Then the
dealer secretly picks one of the three challenges and lays it face down. Going round to the
dealer's left, each other player in turn keeps their card or throws it away and draws a new one,
trying to guess the challenge from what the dealer did and from the cards they remember. Then the
challenge and every card are shown; each player with the lowest score (all of them on a tie)
loses one token.

*The next dealer* is the defeated player; with several, the first of them going round from the
dealer's left. A player without tokens is extinct and cannot deal: then the first defeated player
who still has tokens deals, and if there is none, the player with the fewest tokens (ties again
settled going round from the dealer's left).

*The end.* An extinct player is out. The last player with tokens wins; if all the remaining players
lose their last token in the same round, they share the win. When the draw pile runs out, the
discards are shuffled into a new draw pile. A variant plays with more tokens each.

Rulings (gaps in the text, decided here and tested in tests/adaptation/test_rulings.py)
======================================================================================
R1. The deck: every combination of count 1-4, four shapes and four colours once (64 cards) plus a
    second copy of "2 orange triangles" and "2 orange pentagons" (66). Each level of each property
    is on 16-18 cards and the three properties are uncorrelated (every pairwise |r| < 0.01), so no
    challenge is the safest for every card and every challenge is the safest for some.
R2. Seats are numbered clockwise: a player's left neighbour is the next seat. Seat 0 stands for
    the youngest player and deals round one. Seat k is shown to people as "Player k+1", like
    the text's players. (The text's examples all read right with its Player 1 dealing.)
R3. "Going round from the dealer's left" is the order dealer+1, dealer+2, ..., ending with the
    dealer, so a defeated dealer deals again only if no other defeated player comes first (the
    shape example: Players 1 and 4 defeated, Player 1 dealing, Player 4 deals next).
R4. Round one has no decisions: the dealer deals one card to each player starting at their left,
    the number challenge is resolved, no token is lost, and players keep their cards (turned face
    down) into round two. It is played inside ``new_game``; its events are the game's
    ``setup_events``.
R5. The dealer may redraw at most once a round, before choosing, and sees the new card before
    choosing the challenge. Each other player with tokens decides exactly once, in turn, seeing
    their own card, every earlier decision of the round, and never the challenge.
R6. A swap (or the dealer's redraw) discards first, then draws. If the draw pile is empty at that
    moment, the whole discard pile, the card just discarded included, is shuffled into a new draw
    pile.
R7. Tokens: 3 by default; the variant allows more, up to 20 (the text only ever adds tokens).
R8. An extinct player holds no card, makes no decisions and never deals; their last card goes to
    the discard pile at the end of the round in which they went extinct.
R9. The next dealer, in one rule covering all the text's cases: the first defeated player who still
    has tokens in the order of R3; if there is none, the player with tokens who has the fewest,
    the first of them in the same order.
R10. After a reveal, if nobody has tokens left, every player who had tokens when the round began
    wins (a shared win); if exactly one player has tokens, that player wins.
R11. No cap on the length of a game is needed: every round after round one takes at least one
    token (some card is always the lowest), so a game has at most 1 + players x tokens rounds.
R12. Public information: whether the dealer redrew, who kept and who swapped, the sizes of the
    two piles, and every card shown at a reveal (the round history in every observation is what a
    player with a perfect memory would know). Secret: each player's current card (only its owner
    sees it), the chosen challenge (only the dealer, until the reveal) and the order of the piles.
R13. Every player tied for the lowest score is defeated, even when all players tie.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from evo_lessons.engine import Action, Event, GameState
from evo_lessons.engine.words import seat_name, seats_in_words
from evo_lessons.i18n import npgettext, pgettext

from .actions import ACTION_TYPES, SwapCard
from .data import CARDS, CHALLENGES, DECK_SIZE, SCORES
from .observation import AdaptationSeen
from .tables import CHALLENGE_INDEX, CHOOSE_ONE, KEEP_OR_SWAP, ORDERS, said
from .tables import shown as shown_cards
from .words import challenge_word

MIN_PLAYERS, MAX_PLAYERS = 2, 8
DEFAULT_TOKENS, MAX_TOKENS = 3, 20

# phases of a round after round one
DEALER_DRAW, CHOOSE, ADAPT, OVER = 0, 1, 2, 3
PHASE_NAMES = ("dealer_draw", "choose", "adapt", "over")


def next_dealer(dealer: int, defeated: list[int], tokens: list[int]) -> int:
    """Who deals next (R9), given who was defeated this round and the tokens after it."""
    order = ORDERS[len(tokens)][dealer]
    beaten = set(defeated)
    for seat in order:
        if seat in beaten and tokens[seat] > 0:
            return seat
    alive = [seat for seat in order if tokens[seat] > 0]
    if not alive:
        raise ValueError("nobody has tokens left, so nobody can deal")
    fewest = min(tokens[seat] for seat in alive)
    return next(seat for seat in alive if tokens[seat] == fewest)


class AdaptationState(GameState):
    """The whole table: piles, hands, tokens, dealer, the secret challenge and the history."""

    action_types: ClassVar[dict[str, type[Action]]] = ACTION_TYPES

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        super().__init__(options, seed)
        players = self.players = options["players"]
        self.tokens = [options["tokens"]] * players
        #: hands[seat] = card id, or -1 once extinct (R8)
        self.hands = [-1] * players
        self.draw_pile = list(range(DECK_SIZE))  # the top of the pile is the end of the list
        self.discard_pile: list[int] = []
        self.refills = 0
        self.round = 1
        self.dealer = 0
        self.phase = DEALER_DRAW
        self.challenge = -1  # index into CHALLENGES, -1 until chosen
        self.redrew = False
        self.swapped = [False] * players
        self.kept = [False] * players
        self._queue: list[int] = []  # players still to keep or swap this round, in turn
        self._current: int | None = None
        self._refilled_this_round = False
        #: one record per finished round: what everybody saw at the reveal (R12)
        self.rounds: list[dict[str, Any]] = []
        self.setup_events = self._play_round_one()

    # -- the contract --------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def num_players(self) -> int:
        return self.players

    def _legal_actions(self) -> list[Action]:
        return CHOOSE_ONE if self.phase == CHOOSE else KEEP_OR_SWAP

    def _apply(self, action: Action) -> list[Event]:
        player = self._current
        if player is None:  # the engine offers no action once the game is over
            raise RuntimeError("Adaptation: nobody is to act, so no action can be applied")
        says = said()[player]
        if self.phase == DEALER_DRAW:
            self.phase = CHOOSE
            if type(action) is SwapCard:
                self.redrew = True
                events = [says.redraw]
                self._discard_and_draw(player, events)
                return events
            return [says.dealer_keep]
        if self.phase == CHOOSE:
            self.challenge = CHALLENGE_INDEX[action.challenge]  # type: ignore[attr-defined]
            self.phase = ADAPT
            if self._queue:
                self._current = self._queue.pop(0)
                return [says.lay_challenge]
            return [says.lay_challenge, *self._reveal()]
        # ADAPT: a player keeps or swaps
        if type(action) is SwapCard:
            self.swapped[player] = True
            events = [says.swap]
            self._discard_and_draw(player, events)
        else:
            self.kept[player] = True
            events = [says.keep]
        if self._queue:
            self._current = self._queue.pop(0)
        else:
            events.extend(self._reveal())
        return events

    # -- the steps of a round ------------------------------------------------------------------
    def _discard_and_draw(self, player: int, events: list[Event]) -> None:
        """R6: discard first, then draw, refilling an empty draw pile from the discards."""
        self.discard_pile.append(self.hands[player])
        if not self.draw_pile:
            self._refill(events)
        self.hands[player] = self.draw_pile.pop()

    def _refill(self, events: list[Event]) -> None:
        """R6: the discards, shuffled, become the new draw pile (the log says how many)."""
        pile = self.discard_pile
        self.discard_pile = []
        self.rng.shuffle(pile)
        self.draw_pile = pile
        self.refills += 1
        self._refilled_this_round = True
        events.append(
            Event(
                "refill",
                pgettext(
                    "adaptation log",
                    "The draw pile is empty: the {n} discarded cards are shuffled into a new draw "
                    "pile.",
                ).format(n=len(pile)),
                data={"cards": len(pile)},
            )
        )

    def _play_round_one(self) -> list[Event]:
        """R4: shuffle, deal, and let the number challenge pick the first real dealer."""
        self.rng.shuffle(self.draw_pile)
        events = [
            Event(
                "shuffle",
                pgettext("adaptation log", "The {n} playing cards are shuffled.").format(
                    n=DECK_SIZE
                ),
            )
        ]
        for seat in ORDERS[self.players][self.dealer]:
            self.hands[seat] = self.draw_pile.pop()
        events.append(
            Event(
                "deal",
                pgettext(
                    "adaptation log",
                    "{who}, the youngest, deals one card face down to each player.",
                ).format(who=seat_name(self.dealer)),
                self.dealer,
            )
        )
        self.challenge = 0
        events.extend(self._reveal(costs_tokens=False))
        return events

    def _reveal(self, costs_tokens: bool = True) -> list[Event]:
        """Show the challenge and every card; the lowest lose a token (R13); then R10 or R9."""
        n = self.players
        dealer = self.dealer
        challenge = self.challenge
        table = SCORES[challenge]
        hands = self.hands
        tokens = self.tokens
        cards = [-1] * n  # what each seat showed (-1: extinct, nothing shown)
        shown = [-1] * n  # its score under the challenge
        order = []  # the seats that showed a card, in the order of R3
        parts = []
        shown_now = shown_cards()
        low = 99
        for seat in ORDERS[n][dealer]:
            if tokens[seat] > 0:
                card = hands[seat]
                score = table[card]
                order.append(seat)
                cards[seat] = card
                shown[seat] = score
                parts.append(shown_now[seat][challenge][card])
                if score < low:
                    low = score
        defeated = [seat for seat in order if shown[seat] == low]
        name = CHALLENGES[challenge]
        events = [
            Event(
                "reveal",
                pgettext(
                    "adaptation log", "The challenge is {challenge}. Cards shown: {cards}."
                ).format(challenge=challenge_word(name), cards="; ".join(parts)),
                dealer,
                {"challenge": name},
            )
        ]
        extinct: list[int] = []
        losers = seats_in_words(defeated)
        if costs_tokens:
            for seat in defeated:
                tokens[seat] -= 1
                if tokens[seat] == 0:
                    extinct.append(seat)
            text = npgettext(
                "adaptation log; {challenge} is number, shape or colour",
                "Lowest {challenge} score {low}: {losers} loses a token.",
                "Lowest {challenge} score {low}: {losers} lose a token each.",
                len(defeated),
            ).format(challenge=challenge_word(name), low=low, losers=losers)
        else:
            text = pgettext(
                "adaptation log",
                "Lowest number {low}: {losers} defeated, but round one costs no token.",
            ).format(low=low, losers=losers)
        events.append(Event("defeat", text, data={"defeated": defeated}))
        for seat in extinct:  # R8: out, and the last card goes to the discards
            events.append(said()[seat].extinct)
            self.discard_pile.append(hands[seat])
            hands[seat] = -1
        record: dict[str, Any] = {
            "round": self.round,
            "dealer": dealer,
            "challenge": name,
            "redrew": self.redrew if costs_tokens else None,
            "swapped": [seat for seat, done in enumerate(self.swapped) if done],
            "cards": cards,
            "scores": shown,
            "defeated": defeated,
            "extinct": extinct,
            "tokens": list(tokens),
            "refilled": self._refilled_this_round,
            "next_dealer": None,
        }
        self.rounds.append(record)
        survivors = [seat for seat in order if tokens[seat] > 0]
        if len(survivors) <= 1:
            events.append(self._end(survivors, order))
            return events
        new_dealer = next_dealer(dealer, defeated, tokens)
        record["next_dealer"] = new_dealer
        events.append(said()[new_dealer].next_dealer)
        self._start_round(new_dealer)
        return events

    def _end(self, survivors: list[int], showed: list[int]) -> Event:
        """R10: the last player with tokens wins; if nobody has any, all who showed a card share."""
        self.winners = survivors if survivors else sorted(showed)
        self.phase = OVER
        self._current = None
        self._queue = []
        if survivors:
            return Event(
                "win",
                pgettext("adaptation log", "{who} is the last with tokens and wins.").format(
                    who=seat_name(survivors[0])
                ),
                survivors[0],
                {"winners": self.winners},
            )
        return Event(
            "win",
            pgettext(
                "adaptation log",
                "Every remaining player went extinct in the same round: {who} share the win.",
            ).format(who=seats_in_words(self.winners)),
            data={"winners": self.winners},
        )

    def _start_round(self, dealer: int) -> None:
        """A new round: the dealer decides first, then the others with tokens in R3's order."""
        n = self.players
        self.round += 1
        self.dealer = dealer
        self.phase = DEALER_DRAW
        self.challenge = -1
        self.redrew = False
        self.swapped = [False] * n
        self.kept = [False] * n
        self._refilled_this_round = False
        tokens = self.tokens
        self._queue = [seat for seat in ORDERS[n][dealer][:-1] if tokens[seat] > 0]
        self._current = dealer

    # -- views ---------------------------------------------------------------------------------
    def card_of(self, player: int) -> int:
        """The card id ``player`` holds (-1 if extinct). Secret: for the rules and tests only."""
        return self.hands[player]

    def _observe(self, player: int | None) -> AdaptationSeen:
        """What ``player`` may see (R12); ``None`` is what everybody may see."""
        own = player is not None
        over = self.phase == OVER
        challenge = None
        if self.challenge >= 0 and (over or (own and player == self.dealer)):
            challenge = CHALLENGES[self.challenge]
        if over:
            challenge = self.rounds[-1]["challenge"]
        my_card = None
        if player is not None and self.hands[player] >= 0:
            my_card = CARDS[self.hands[player]].to_json()
        n = self.players
        return {
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "dealer": self.dealer,
            "tokens": list(self.tokens),
            "active": [t > 0 for t in self.tokens],
            "hand": my_card,
            "challenge": challenge,
            "challenge_chosen": self.phase in (ADAPT, OVER),
            "dealer_redrew": self.redrew if self.phase != DEALER_DRAW else None,
            "swapped": [seat for seat in range(n) if self.swapped[seat]],
            "kept": [seat for seat in range(n) if self.kept[seat]],
            "to_decide": list(self._queue),
            "draw_pile": len(self.draw_pile),
            "discard_pile": len(self.discard_pile),
            "refills": self.refills,
            "history": [_copy_record(record) for record in self.rounds],
        }

    def shuffle_secrets(self, seat: int | None, rng: random.Random) -> AdaptationState:
        """A copy with everything ``seat`` may not see dealt anew (R12), for the test suite.

        The other players' cards and both piles are one face-down pool, dealt again with each
        pile keeping its size; the challenge is chosen anew unless ``seat`` dealt it or it was
        shown; the generator (which orders every later shuffle) is reseeded.
        """
        twin = self.clone()
        assert isinstance(twin, AdaptationState)
        others = [s for s in range(twin.players) if s != seat and twin.hands[s] >= 0]
        pool = [twin.hands[s] for s in others] + twin.draw_pile + twin.discard_pile
        rng.shuffle(pool)
        for s in others:
            twin.hands[s] = pool.pop()
        twin.draw_pile = pool[: len(self.draw_pile)]
        twin.discard_pile = pool[len(self.draw_pile) :]
        if twin.phase == ADAPT and seat != twin.dealer:
            twin.challenge = rng.randrange(len(CHALLENGES))
        twin.rng = random.Random(rng.random())
        return twin

    def metrics(self) -> list[dict[str, Any]]:
        """Per player, the last round shown: tokens, the card's three scores, swapped, defeated.

        An extinct player shows no card, so their three scores are None (not 0, which no card
        can score): plots skip them instead of drawing an impossible value.

        Also who dealt and the challenge of that round (1 number, 2 shape, 3 colour, and its
        name for tables), the same in every player's row, so plots can mark when the
        environment changed.

        Only revealed cards are used, so the metrics never leak a secret card mid-round.
        """
        last = self.rounds[-1]
        challenge = CHALLENGE_INDEX[last["challenge"]] + 1  # 1 number, 2 shape, 3 colour
        defeated = set(last["defeated"])
        swapped = set(last["swapped"])
        rows = []
        for seat in range(self.players):
            card = last["cards"][seat]
            number, shape, colour = CARDS[card].scores if card >= 0 else (None, None, None)
            rows.append(
                {
                    "player": seat,
                    "turn": last["round"],
                    "tokens": last["tokens"][seat],
                    "number": number,
                    "shape": shape,
                    "colour": colour,
                    "swapped": int(
                        seat in swapped or (seat == last["dealer"] and bool(last["redrew"]))
                    ),
                    "defeated": int(seat in defeated),
                    "dealer": int(seat == last["dealer"]),
                    "challenge": challenge,
                    "challenge_name": last["challenge"],
                }
            )
        return rows

    def round_rows(self) -> list[dict[str, Any]]:
        """The whole game so far, one row per player per finished round (for tables and plots).

        Each row: the round, the challenge, the player's tokens after it, the three scores of
        the card they showed (None once extinct), and whether they changed their card, were
        defeated, dealt, or went extinct that round.
        """
        rows = []
        for record in self.rounds:
            changed = set(record["swapped"])
            if record["redrew"]:
                changed.add(record["dealer"])
            for seat in range(self.players):
                card = record["cards"][seat]
                number, shape, colour = CARDS[card].scores if card >= 0 else (None,) * 3
                rows.append(
                    {
                        "round": record["round"],
                        "player": seat,
                        "challenge": record["challenge"],
                        "tokens": record["tokens"][seat],
                        "number": number,
                        "shape": shape,
                        "colour": colour,
                        "swapped": seat in changed,
                        "defeated": seat in record["defeated"],
                        "dealer": seat == record["dealer"],
                        "extinct": seat in record["extinct"],
                    }
                )
        return rows

    def summary(self) -> dict[str, Any]:
        row = super().summary()
        row["rounds"] = len(self.rounds)
        row["shared_win"] = len(self.winners) > 1
        row["refills"] = self.refills
        for seat in range(self.players):
            # the last card the seat showed (with bots that never swap: the only one it had)
            row[f"p{seat}_last_card"] = next(
                (r["cards"][seat] for r in reversed(self.rounds) if r["cards"][seat] >= 0), None
            )
            # the round in which the seat went extinct (None: it never did)
            row[f"p{seat}_extinct_round"] = next(
                (r["round"] for r in self.rounds if seat in r["extinct"]), None
            )
        return row


def _copy_record(record: dict[str, Any]) -> dict[str, Any]:
    return {key: list(value) if type(value) is list else value for key, value in record.items()}
