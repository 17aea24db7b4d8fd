"""Playing a card: the play area, the rule of 4, and the special event cards.

The rules in our words
----------------------
After drawing, the player plays one card from their hand, so the hand is back to three. A trait
card goes into their play area. A special event card is placed before them, before another
player, or on the discard pile, as the card says, and its effect is carried out: a *Parasite*
joins another player's play area; a *Population crash* takes a card from another player at
random; *Gene flow* stays in the player's own play area as a copy of a trait from another
player's (they keep theirs); a *Mutation* reveals the top trait card, which may harm, help or do
nothing; *Migration* moves the player to a new environment; a *Mass extinction* makes everyone
discard a card; and a *Refuge* keeps other players' events away.

The rule of 4: a play area holds at most four cards; a two-trait card or a special card counts as
one (so does a Gene flow copy). Whoever must take a fifth card discards one of the cards already
there. Two copies of a trait may be in play; the second adds nothing but insurance.

Rulings: R6 (the rule of 4), R7 (targets, and Gene flow), R8 (Mutation), R9 (Migration), R10
(Mass extinction), R16 (who *suffers* an event). The rulings are written out in ``rules.py``.
"""

from __future__ import annotations

from evo_lessons.engine import Event
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import pgettext

from .actions import CARDS, PlayCard, card_name
from .data import PLAY_AREA_LIMIT
from .shared import Table
from .tables import CARD_MASK, ENV_MASK
from .words import environment_name


class Playing(Table):
    """The part of :class:`~.rules.NicheState` that puts cards into play and carries out events."""

    def _play_event(self, player: int, action: PlayCard, events: list[Event]) -> None:
        """Play an event card (already out of the hand) and carry out its effect (R7-R10)."""
        card = action.card
        info = CARDS[card]
        name = card_name(card)
        effect = info.effect
        target = action.target
        if info.target == "other" and target < 0:
            self.discard.append(card)
            events.append(
                Event(
                    "play",
                    pgettext(
                        "niche log",
                        "{who} plays {card}, but no player can be targeted, so it is discarded "
                        "with no effect.",
                    ).format(who=seat_name(player), card=name),
                    player,
                    {"card": card},
                )
            )
            return
        if effect == "parasite":
            self.suffered[target] += 1
            events.append(
                Event(
                    "play",
                    pgettext("niche log", "{who} places a {card} in {other}'s play area.").format(
                        who=seat_name(player), card=name, other=seat_name(target)
                    ),
                    player,
                    {"card": card, "target": target},
                )
            )
            self._arrive(target, card)
        elif effect == "bottleneck":
            self.discard.append(card)
            area = self.play[target]
            lost = area[self.rng.randrange(len(area))]
            self._leave_play(target, lost)
            self.suffered[target] += 1
            events.append(
                Event(
                    "play",
                    pgettext(
                        "niche log", "{who} plays {card} on {other}, who loses {lost} at random."
                    ).format(
                        who=seat_name(player),
                        card=name,
                        other=seat_name(target),
                        lost=card_name(lost),
                    ),
                    player,
                    {"card": card, "target": target, "lost": lost},
                )
            )
        elif effect == "gene_flow":
            self.copies[card] = action.take
            events.append(
                Event(
                    "play",
                    pgettext(
                        "niche log",
                        "{who} plays {card}: migrants from {other}'s population bring {copied}, "
                        "and {other} keeps theirs.",
                    ).format(
                        who=seat_name(player),
                        card=name,
                        other=seat_name(target),
                        copied=card_name(action.take),
                    ),
                    player,
                    {"card": card, "target": target, "copied": action.take},
                )
            )
            self._arrive(player, card)
        elif effect == "mutation":
            self._mutation(player, card, events)
        elif effect == "migration":
            self._migration(player, card, events)
        elif effect == "mass_extinction":
            self.discard.append(card)
            events.append(
                Event(
                    "play",
                    pgettext(
                        "niche log",
                        "{who} plays {card}: every player without a Refuge discards one card from "
                        "their play area.",
                    ).format(who=seat_name(player), card=name),
                    player,
                    {"card": card},
                )
            )
            for step in range(self._n):
                victim = (player + step) % self._n
                if self.play[victim] and not self.protected(victim):
                    self.suffered[victim] += 1
                    self.pending.append((victim, -1))
        else:  # refuge
            events.append(
                Event(
                    "play",
                    pgettext(
                        "niche log", "{who} plays {card}: other players' events cannot touch them."
                    ).format(who=seat_name(player), card=name),
                    player,
                    {"card": card},
                )
            )
            self._arrive(player, card)

    def _arrive(self, player: int, card: int) -> None:
        """Put ``card`` into a play area; a fifth card means a discard decision (R6)."""
        area = self.play[player]
        area.append(card)
        if len(area) > PLAY_AREA_LIMIT:
            self.pending.append((player, card))

    def _leave_play(self, player: int, card: int) -> None:
        """A card leaves a play area for the discard pile (a Gene flow copy ends with it, R7)."""
        self.play[player].remove(card)
        self.copies.pop(card, None)
        self.discard.append(card)

    def _mutation(self, player: int, card: int, events: list[Event]) -> None:
        """R8: a random mutation, blind to need: harmful, helpful or no different."""
        if not self.trait_deck:
            self._reshuffle_discard(events)
        if not self.trait_deck:
            events.append(
                Event(
                    "play",
                    pgettext(
                        "niche log", "{who} plays {card}, but no trait card is left to reveal."
                    ).format(who=seat_name(player), card=card_name(card)),
                    player,
                    {"card": card},
                )
            )
            self.discard.append(card)
            return
        revealed = self.trait_deck.pop()
        who = seat_name(player)
        said = pgettext("niche log", "{who} plays {card} and reveals {revealed}").format(
            who=who, card=card_name(card), revealed=card_name(revealed)
        )
        details = {"card": card, "revealed": revealed}
        env = self.environment[player]
        unmet = ENV_MASK[env] & ~self.covered(player) if env >= 0 else 0
        if CARDS[revealed].kind == "event":
            self.discard.append(revealed)
            area = self.play[player]
            if area:
                lost = area[self.rng.randrange(len(area))]
                self._leave_play(player, lost)
                self.suffered[player] += 1
                text = pgettext(
                    "niche log; {said} is the sentence before",
                    "{said}: a harmful mutation, and {who} loses {lost} at random.",
                ).format(said=said, who=who, lost=card_name(lost))
                details["lost"] = lost
            else:
                text = pgettext(
                    "niche log; {said} is the sentence before",
                    "{said}: a harmful mutation, but {who} has no card in play to lose.",
                ).format(said=said, who=who)
            events.append(Event("play", text, player, details))
        elif CARD_MASK[revealed] & unmet:
            text = pgettext(
                "niche log; {said} is the sentence before",
                "{said}: a helpful variant, which joins the play area.",
            ).format(said=said)
            events.append(Event("play", text, player, details))
            self._arrive(player, revealed)
        else:
            self.discard.append(revealed)
            events.append(
                Event(
                    "play",
                    pgettext(
                        "niche log; {said} is the sentence before",
                        "{said}: it meets no unmet challenge here, so the mutation makes no "
                        "difference.",
                    ).format(said=said),
                    player,
                    details,
                )
            )
        self.discard.append(card)

    def _migration(self, player: int, card: int, events: list[Event]) -> None:
        self.discard.append(card)
        old = self.environment[player]
        new = self._take_environment(events)
        self.environment[player] = new
        self._log_environment(player, old, "migrated")
        self._shuffle_in(old)
        events.append(
            Event(
                "play",
                pgettext(
                    "niche log", "{who} plays {card}: they leave the {old} for the {new}."
                ).format(
                    who=seat_name(player),
                    card=card_name(card),
                    old=environment_name(old),
                    new=environment_name(new),
                ),
                player,
                {"card": card, "from": old, "to": new},
            )
        )
