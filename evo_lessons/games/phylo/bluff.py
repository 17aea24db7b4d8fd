"""Call your bluff (the rulebook's optional rule; ``realism=True``), R14.

Two cards may be placed together by the rules' mechanics although the pair could never happen:
the species live on different continents, or one does not really eat the other. The opponent
may then call the bluff and look up the evidence; whoever is right removes any card on the
table, with immediate consequences (no turn to react).

In our version every species card carries its native realms (and those it was carried to) and
its real diet, so the data decides at once (R14): a link is a bluff if the two share no realm,
or if it is a food link and the food's group is not in the eater's diet.
"""

from __future__ import annotations

from evo_lessons.engine import Action, Event
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import pgettext

from . import tables as T
from .actions import Challenge, RemoveCard
from .broken_links import BrokenLinks
from .decks import WHY_DOMINO
from .words import card_name, group_word, list_words, realm_word

CARDS = T.CARDS


def link_is_bluff(card: int, other: int) -> tuple[bool, str]:
    """The realism mode's verdict on ``card`` kept compatible by its neighbour ``other`` (R14)."""
    a, b = T.SPECIES[card], T.SPECIES[other]
    eater, food_name = card_name(card), card_name(other)
    if not a.all_realms & b.all_realms:
        return True, pgettext(
            "phylo bluff", "{eater} and {food} never meet in nature (no realm in common)"
        ).format(eater=eater, food=food_name)
    food = T.EATS[card] >> other & 1
    if food and b.group not in a.eats:
        # Translators: {group} is the food's group ("bird"); {diet} what the eater really eats
        return True, pgettext(
            "phylo bluff", "{eater} does not eat that kind of food ({group}; it eats {diet})"
        ).format(eater=eater, group=group_word(b.group), diet=_diet(a))
    shared = realm_word(sorted(a.all_realms & b.all_realms)[0])
    if food:
        # Translators: {realm} is a biogeographic realm ("nearctic")
        return False, pgettext(
            "phylo bluff", "both live in the {realm} realm and {eater} eats {diet}"
        ).format(realm=shared, eater=eater, diet=_diet(a))
    return False, pgettext("phylo bluff", "both live in the {realm} realm").format(realm=shared)


def _diet(species) -> str:
    return list_words([group_word(g) for g in species.eats])


class CallYourBluff(BrokenLinks):
    """Challenges and the winner's removal (a part of :class:`PhyloState`)."""

    challenged: bool
    chooser: int

    def _challenge_actions(self, me: int) -> list[Action]:
        """R14: a link of a species to the neighbour keeping it compatible, one card not yours."""
        actions: list[Action] = []
        top, card_of, owner_of = self.top, self.card_of, self.owner_of
        for space, instance in enumerate(top):
            if instance < 2:
                continue
            card = card_of[instance]
            needs = T.NEEDS[card]
            for n in self.neighbours[space]:
                other = top[n]
                if other < 2 or not needs >> card_of[other] & 1:
                    continue
                if owner_of[instance] == me and owner_of[other] == me:
                    continue
                r, c = self._rc(space)
                orow, ocol = self._rc(n)
                actions.append(T.interned(Challenge, card, r, c, card_of[other], orow, ocol))
        return actions

    def _removal_actions(self) -> list[Action]:
        """After a challenge: any species on the table (R14)."""
        found = []
        for space in range(len(self.top)):
            for instance in (self.top[space], self.under[space]):
                if instance >= 2:
                    r, c = self._rc(space)
                    found.append(T.interned(RemoveCard, self.card_of[instance], r, c))
        return found

    def _challenge(self, me: int, action: Challenge, events: list[Event]) -> None:
        self.challenged = True
        bluff, reason = link_is_bluff(action.card, action.other)
        winner = me if bluff else 1 - me
        text = (
            # Translators: {reason} says why ("both live in the nearctic realm ...")
            pgettext(
                "phylo log",
                "{who} calls the bluff on {card} beside {other}. The data says the link is a "
                "bluff: {reason}. {winner} removes a card of their choice.",
            )
            if bluff
            else pgettext(
                "phylo log",
                "{who} calls the bluff on {card} beside {other}. The data says the link is "
                "real: {reason}. {winner} removes a card of their choice.",
            )
        )
        events.append(
            Event(
                "challenge",
                text.format(
                    who=seat_name(me),
                    card=card_name(action.card),
                    other=card_name(action.other),
                    reason=reason,
                    winner=seat_name(winner),
                ),
                me,
                {"bluff": bluff, "winner": winner},
            )
        )
        self.chooser = winner
        self.phase = "remove"

    def _challenge_removal(self, me: int, action: RemoveCard, events: list[Event]) -> None:
        space = self._space(action)
        instance = self.top[space]
        if instance < 2 or self.card_of[instance] != action.card:
            instance = self.under[space]
        before = self._unconnected()
        self._remove_at(space, instance, events, -1 - me)  # "is removed by Player 1"
        # immediate consequences (R14): whatever this leaves unconnected goes at once
        while True:
            newly = [(s, i) for s, i in self._unconnected() if (s, i) not in before]
            if not newly:
                break
            for s, i in newly:
                self._remove_at(s, i, events, WHY_DOMINO)
        self.phase = "play"
