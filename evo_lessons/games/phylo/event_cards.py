"""Changing the ecosystem: event cards (the rulebook's "environmental events").

An event card is played on top of a compatible species, and what its card says happens: a
wildfire burns the plant it is played on, a flood drowns small land species around it, a
disease spreads through neighbouring birds, a migration moves an animal, a strong wind lets
plants SPREAD... At most one event a turn, and it costs an action. Its domino effect is the
links it breaks: the other player then has a turn to react before cut-off cards go (R11).

Rulings: R10 (on which card an event may be played, where the cards go), R17 (migration and
mast year) and R19 (a wildfire burns any plant, whatever its terrain). Which species an event
may be played on is the card's own filter (``data.toml``).
"""

from __future__ import annotations

from typing import Any

from evo_lessons.engine import Action, Event
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import data_text, pgettext

from . import tables as T
from .actions import PlayEvent
from .placement import Placement
from .words import Said, card_name

CARDS = T.CARDS
#: the shared event actions of each grid (``tables.py``)
EVENTS = T.PerGrid(lambda columns: T.event_table(PlayEvent, columns))


class EventCards(Placement):
    """Playing event cards and their effects (a part of :class:`PhyloState`)."""

    event_played: bool

    def _event_actions(self, card: int, me: int) -> list[Action]:
        """R10: any species on top of a space that the card's filter names (yours if it says
        so), in reading order. (A turn counts them from ``index.aimed`` and names them only
        when an event is picked.)"""
        own = T.EVENT_OWN[card]
        targets = T.TARGETED[card]  # EVENT_TARGETS as truths
        top, card_of, owner_of = self.top, self.card_of, self.owner_of
        table = EVENTS[self.columns]
        base = card * 4096
        actions = []
        for space in self.index.occupied:
            instance = top[space]
            if not targets[card_of[instance]]:  # (never a HOME)
                continue
            if own and owner_of[instance] != me:
                continue
            actions.append(table[(base + space) * 4096 + card_of[instance]])
        return actions

    def _play_event(self, me: int, action: PlayEvent, events: list[Event]) -> None:
        event = T.AS_EVENT[action.card]
        space = self._space(action)
        instance = self._take_from_hand(me, action.card)
        self.discards[me].append(instance)
        self.event_played = True
        names = T.space_names(self.columns)
        events.append(
            Said(
                "event",
                # Translators: {text} is the event card's own sentence (what it does)
                lambda: pgettext(
                    "phylo log", "{who} plays {card} on {target} at {space}: {text}"
                ).format(
                    who=seat_name(me),
                    card=card_name(action.card),
                    target=card_name(action.target),
                    space=names[space],
                    text=data_text("phylo", "events.text", event.text),
                ),
                me,
                {"card": action.card, "space": space},
            )
        )
        effect = event.effect
        if effect in ("discard", "area", "contagion"):
            why = action.card  # (the event's victims: "is lost to the wildfire")
            for hit in self._event_victims(event, space):
                self._remove_at(hit, self.top[hit], events, why)
        elif effect == "wind":
            self.wind = True
            text = pgettext("phylo log", "The wind blows: SPREAD (wind) is possible this turn.")
            events.append(Event("wind", text, me))
        elif effect == "pollinator":
            self.pollinator = True
            events.append(
                Event(
                    "pollinator",
                    pgettext("phylo log", "Pollinators abound: SPREAD (pollinator) is possible."),
                    me,
                )
            )
        elif effect == "relocate":
            self._relocate(me, space, event.amount, events)
        elif effect == "draw":
            self._draw(me, event.amount, events)

    def _event_victims(self, event: Any, space: int) -> list[int]:
        """The spaces whose top species the event discards, the target's first."""
        victims = [space]
        if event.effect == "area":
            caught = T.CAUGHT[event.id]  # event.area.matches, worked out once
            for n in self.neighbours[space]:
                instance = self.top[n]
                if instance >= 2 and caught[self.card_of[instance]]:
                    victims.append(n)
        elif event.effect == "contagion":
            group = T.SPECIES[self.card_of[self.top[space]]].group
            frontier = [space]
            while frontier:
                here = frontier.pop()
                for n in self.neighbours[here]:
                    instance = self.top[n]
                    if (
                        instance >= 2
                        and n not in victims
                        and T.SPECIES[self.card_of[instance]].group == group
                    ):
                        victims.append(n)
                        frontier.append(n)
        return victims

    def _relocate(self, me: int, space: int, reach: int, events: list[Event]) -> None:
        """R17: migration moves its target like FLIGHT 3, to its safest place."""
        instance = self.top[space]
        places = self._destinations(instance, space, reach, 8)
        card = self.card_of[instance]
        if not places:
            events.append(
                Said(
                    "migrate",
                    lambda: pgettext("phylo log", "{card} has nowhere to migrate to.").format(
                        card=card_name(card)
                    ),
                    me,
                )
            )
            return
        # the safest place: the most compatible neighbours, then the first in reading order
        best = max(places, key=lambda d: (self._links_at(self.card_of[instance], d, space), -d))
        self._put(space, -1)
        self._put(best, instance, True)  # one of its destinations: compatible there (R7)
        names = T.space_names(self.columns)
        events.append(
            Said(
                "migrate",
                lambda: pgettext("phylo log", "{card} migrates from {start} to {space}.").format(
                    card=card_name(card), start=names[space], space=names[best]
                ),
                me,
                {"from": space, "space": best},
            )
        )

    def _links_at(self, card: int, space: int, leaving: int = -1) -> int:
        needs = T.NEEDS[card]
        return sum(
            1
            for n in self.neighbours[space]
            if n != leaving and self.top[n] >= 0 and needs >> self.card_of[self.top[n]] & 1
        )
