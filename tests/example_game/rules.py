"""Peppered moths: rest your moths where the birds cannot see them (the guide's example game).

The rules, in our own words:

1. Two to four players each keep a population of moths in one wood. The bark deck (``data.toml``:
   lichen, mottled and soot-blackened bark) is shuffled face down at the start.
2. Every round, each player in seat order rests one moth on the bark, face down: a pale, a
   speckled or a dark one.
3. When every player has rested a moth, the top bark card is turned. A moth that the bark hides
   survives and scores one; every other moth is eaten by a bird.
4. After the last round (six, or as many as the ``rounds`` option says), the player with the most
   surviving moths wins.

Rulings (the gaps we decided; each is tested in ``test_rules.py``):

- R1. Seats rest their moths in seat order every round. The moths lie face down until the bark
  is turned, so a later seat learns nothing from an earlier one: another seat's resting moth is
  hidden information, and so is the order of the bark deck.
- R2. The bark cards turned so far are public (they stay face up), so counting them to guess the
  next one is fair play: the naturalist bot does exactly that.
- R3. Players who tie for the most survivors share the win.
- R4. A game has at most as many rounds as the deck has cards (12), so the deck never runs out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from evo_lessons.engine import Action, Event, GameState
from evo_lessons.engine.words import seat_name, winners_sentence
from evo_lessons.i18n import pgettext

from .data import BARKS, DECK, MOTHS, bark_name, moth_name
from .observation import MothsSeen

MIN_PLAYERS, MAX_PLAYERS = 2, 4
DEFAULT_ROUNDS = 6
MAX_ROUNDS = len(DECK)  # R4


@dataclass(frozen=True, slots=True)
class Rest(Action):
    """Rest a moth of one colour on the bark, face down (``moth`` indexes ``MOTHS``)."""

    moth: int

    def __str__(self) -> str:  # the button's label, in the reader's language
        return pgettext("peppered_moths choice", "Rest a {moth} on the bark").format(
            moth=moth_name(MOTHS[self.moth])
        )


#: every action class by name, for saves
ACTION_TYPES: dict[str, type[Action]] = {"Rest": Rest}
#: the legal actions never change, so the rules hand out the same objects every turn
_CHOICES: tuple[Rest, ...] = tuple(Rest(m) for m in range(len(MOTHS)))


class PepperedMothsState(GameState):
    """A game of Peppered moths: whose turn, the face-down moths, the bark deck, the scores."""

    action_types = ACTION_TYPES

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        super().__init__(options, seed)
        self.players: int = options["players"]
        self.rounds: int = options["rounds"]
        self.round = 1
        self.bark_deck = list(DECK)
        self.rng.shuffle(self.bark_deck)  # rule 1: chance comes from the state's own generator
        self.turned: list[int] = []  # the bark cards turned so far, face up (R2)
        self.resting: list[int | None] = [None] * self.players  # this round's face-down moths
        self.shown: list[int | None] = [None] * self.players  # each seat's last revealed moth
        self.survivors = [0] * self.players
        self.to_rest: int | None = 0
        self.setup_events = [
            Event("shuffle", pgettext("peppered_moths log", "The bark deck is shuffled face down."))
        ]

    # -- the five members every game implements -----------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.to_rest

    def _legal_actions(self) -> list[Action]:
        return list(_CHOICES)

    def _apply(self, action: Action) -> list[Event]:
        seat = self.to_rest
        # the base class applies only an action of the legal list, never to a finished game
        assert seat is not None and isinstance(action, Rest)
        self.resting[seat] = action.moth
        text = pgettext("peppered_moths log", "{who} rests a moth face down.")
        events = [Event("rest", text.format(who=seat_name(seat)), seat)]
        if seat + 1 < self.players:
            self.to_rest = seat + 1
            return events
        return events + self._turn_bark()

    def _turn_bark(self) -> list[Event]:
        """Rule 3: turn the top bark card; the moths it hides survive, the birds eat the rest."""
        bark = self.bark_deck.pop()
        self.turned.append(bark)
        text = pgettext("peppered_moths log", "The bark turned up is {bark}.")
        events = [Event("bark", text.format(bark=bark_name(BARKS[bark])), None, {"bark": bark})]
        for seat, moth in enumerate(self.resting):
            assert moth is not None
            self.shown[seat] = moth
            if moth == BARKS[bark].hides:
                self.survivors[seat] += 1
                text = pgettext("peppered_moths log", "{who}'s {moth} is hidden and survives.")
            else:
                text = pgettext("peppered_moths log", "{who}'s {moth} is seen and eaten by a bird.")
            fate = text.format(who=seat_name(seat), moth=moth_name(MOTHS[moth]))
            events.append(Event("fate", fate, seat))
        self.resting = [None] * self.players
        if self.round == self.rounds:  # rule 4
            best = max(self.survivors)
            self.winners = [p for p, n in enumerate(self.survivors) if n == best]  # R3
            self.to_rest = None
            events.append(Event("over", winners_sentence(self.winners)))
        else:
            self.round += 1
            self.to_rest = 0
        return events

    def _observe(self, player: int | None) -> MothsSeen:
        mine = None if player is None else self.resting[player]
        return {
            "round": self.round,
            "rounds": self.rounds,
            "bark_turned": [BARKS[b].key for b in self.turned],
            "bark_left": len(self.bark_deck),  # how many, never which (R1)
            "rested": [moth is not None for moth in self.resting],  # who, never what (R1)
            "my_moth": None if mine is None else MOTHS[mine].key,
            "shown": [None if m is None else MOTHS[m].key for m in self.shown],
            "survivors": list(self.survivors),
        }

    def metrics(self) -> list[dict[str, Any]]:
        last = self.turned[-1] + 1 if self.turned else None  # 1 lichen, 2 mixed, 3 soot
        return [
            {
                "round": self.round,
                "player": p,
                "survivors": self.survivors[p],
                "moth": None if (shown := self.shown[p]) is None else MOTHS[shown].key,
                "bark": last,
            }
            for p in range(self.players)
        ]

    # -- for the conformance suite: everything a seat may not see, dealt anew -----------------
    def shuffle_secrets(self, seat: int | None, rng: random.Random) -> PepperedMothsState:
        """A copy with the deck's order and the other seats' face-down moths dealt anew (R1),
        and a fresh generator: what ``seat`` sees of it must not change."""
        twin = self.clone()
        assert isinstance(twin, PepperedMothsState)
        rng.shuffle(twin.bark_deck)
        for other, moth in enumerate(twin.resting):
            if other != seat and moth is not None:
                twin.resting[other] = rng.randrange(len(MOTHS))
        twin.rng = random.Random(rng.random())
        return twin
