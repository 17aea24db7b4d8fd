"""Speed machinery for the Adaptation rules: precomputed tables and interned objects.

A random game takes a few microseconds a decision, and at that rate building an action, a seat
order or a sentence for the log costs as much as the rule that needs it. So everything the rules
use every round is made here once: one object for each distinct action, the seat orders of R3
for every table size and dealer, one shared :class:`Event` for each fixed sentence of a seat, and
the text of every card a seat can show under every challenge. ``rules.py`` imports these and
reads like the rulebook; nothing here decides anything, it only remembers.

Everything is derived from the rules' own definitions (the deck in ``data.toml``, the action
classes, the seat names of ``engine/words.py``) and is read-only: events are shared between
games, so nobody may change one after ``apply`` returns it (see ``engine/events.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from evo_lessons.engine import Action, Event
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import per_language, pgettext

from .actions import ChooseChallenge, KeepCard, SwapCard
from .data import CARDS, CHALLENGES, DECK_SIZE, SCORES

#: the largest table the rules allow (``MAX_PLAYERS`` in rules.py): the tables cover every seat
MOST_PLAYERS = 8

# -- actions: one object each -------------------------------------------------------------------
KEEP, SWAP = KeepCard(), SwapCard()
#: the dealer's three choices, in the order of CHALLENGES
CHOICES: tuple[ChooseChallenge, ...] = tuple(ChooseChallenge(name) for name in CHALLENGES)
#: the legal lists of the two kinds of decision (the engine copies them before handing them out)
KEEP_OR_SWAP: list[Action] = [KEEP, SWAP]
CHOOSE_ONE: list[Action] = list(CHOICES)
#: a challenge's name to its index in CHALLENGES and SCORES
CHALLENGE_INDEX: dict[str, int] = {name: index for index, name in enumerate(CHALLENGES)}

# -- seat orders ----------------------------------------------------------------------------------
#: ORDERS[players][dealer]: R3's order, the dealer's left first and the dealer last
ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((d + step) % n for step in range(1, n + 1)) for d in range(n))
    for n in range(1, MOST_PLAYERS + 1)
}


# -- the log's fixed sentences --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Sayings:
    """The fixed sentences of one seat's decisions, made once (events are read-only values)."""

    redraw: Event
    dealer_keep: Event
    lay_challenge: Event
    swap: Event
    keep: Event
    next_dealer: Event
    extinct: Event


def _sayings(seat: int) -> Sayings:
    who = seat_name(seat)
    return Sayings(
        Event(
            "redraw",
            pgettext(
                "adaptation log", "The dealer, {who}, discards their card and draws again."
            ).format(who=who),
            seat,
        ),
        Event(
            "keep",
            pgettext("adaptation log", "The dealer, {who}, keeps their card.").format(who=who),
            seat,
        ),
        Event(
            "challenge_chosen",
            pgettext(
                "adaptation log", "The dealer, {who}, lays a challenge card face down."
            ).format(who=who),
            seat,
        ),
        Event(
            "swap",
            pgettext("adaptation log", "{who} discards their card and draws a new one.").format(
                who=who
            ),
            seat,
        ),
        Event("keep", pgettext("adaptation log", "{who} keeps their card.").format(who=who), seat),
        Event(
            "dealer", pgettext("adaptation log", "{who} is the next dealer.").format(who=who), seat
        ),
        Event(
            "extinct",
            pgettext("adaptation log", "{who} has no tokens left and is extinct.").format(who=who),
            seat,
        ),
    )


@per_language
def said() -> tuple[Sayings, ...]:
    """said()[seat]: that seat's fixed sentences, in the current language."""
    return tuple(_sayings(seat) for seat in range(MOST_PLAYERS))


#: SAID[seat]: the fixed sentences as the kernel's language says them at import (the rules read
#: said(), in the language of the widget playing)
SAID: tuple[Sayings, ...] = said()


@per_language
def shown() -> tuple[tuple[tuple[str, ...], ...], ...]:
    """shown()[seat][challenge][card]: "Player 2 3 red squares (4)", a seat's card at a reveal."""
    labels = tuple(str(card) for card in CARDS)
    return tuple(
        tuple(
            tuple(
                f"{seat_name(seat)} {labels[card]} ({SCORES[c][card]})" for card in range(DECK_SIZE)
            )
            for c in range(len(CHALLENGES))
        )
        for seat in range(MOST_PLAYERS)
    )


#: SHOWN[seat][challenge][card], as at import (the rules read shown())
SHOWN = shown()
