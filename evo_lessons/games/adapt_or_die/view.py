"""What the widget shows of an Adapt or Die game: a JSON view model, a text account, plot panels.

Built from the seat's observation (``AdaptOrDieObservation``, its only input) and the public
board and card data only, so a view can never show what its seat may not see (the order of the
face-down piles).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from evo_lessons.engine import Action, Panel, View, seat_name, turn_sentence
from evo_lessons.i18n import N_, data_text, npgettext, pgettext, pN_, tr

from . import scoring
from .data import world
from .observation import AdaptOrDieObservation, Bug
from .rules import (
    ChooseCreature,
    ExchangeNiche,
    Exit,
    ForceNiche,
    GiveNiche,
    KeepNiche,
    Move,
    OfferAdaptations,
    OfferNiches,
    ReturnAdaptation,
    ReturnNiche,
    TakeAdaptation,
)
from .words import card_name, creature_name, feature_word, habitat_name

WORLD = world()

#: fixed axes, so that the live plot redraws its background only when the turns outgrow it: an
#: unfit score is rarely above 60, and one feature's distance never exceeds 6 habitats x 4 (six
#: habitats a player with the same-habitats variant, R15)
#: the scoring rules (R14) as the description names them (the option's values stay as they are)
SCORING_WORDS = {
    "total": pN_("adapt_or_die scoring rule", "total"),
    "extinctions": pN_("adapt_or_die scoring rule", "extinctions"),
    "habitats": pN_("adapt_or_die scoring rule", "habitats"),
}

#: the misfit panels' titles, one per feature in data.toml's order (catalogue entries)
MISFIT_TITLES = (
    N_("Leg length: distance to the held habitats"),
    N_("Segments: distance to the held habitats"),
    N_("Size: distance to the held habitats"),
    N_("Eyes: distance to the held habitats"),
    N_("Antennae: distance to the held habitats"),
)
assert [t.split(":")[0] for t in MISFIT_TITLES] == [f.name for f in WORLD.features]

PANELS = (
    Panel(
        "unfit", N_("Unfit score now (lower is better)"), (0, 60), (0, 10, 20, 30, 40, 50, 60), 0.3
    ),
    Panel.whole_numbers("niches", N_("Niche cards held"), 0, 6),
    *(
        Panel(
            f"{f.key}_misfit",
            title,
            (0, 24),
            (0, 4, 8, 12, 16, 20, 24),
            0.1,
        )
        for f, title in zip(WORLD.features, MISFIT_TITLES, strict=True)
    ),
)
TABLE_COLUMNS = (
    "turn",
    "player",
    "unfit",
    "niches",
    "extinctions",
    "leg_length",
    "segments",
    "size",
    "eyes",
    "antennae",
)


def action_target(action: Action) -> str | None:
    """The board element a click on which performs ``action`` (None: a button in the list)."""
    if isinstance(action, Move):
        return f"space-{action.space}"
    if isinstance(action, Exit):
        return f"place-{action.place}"
    if isinstance(action, TakeAdaptation):
        return f"pool-{action.card}"
    if isinstance(action, ReturnAdaptation):
        return f"held-card-{action.card}"
    if isinstance(action, ExchangeNiche | ReturnNiche):
        return f"held-niche-{action.habitat}"
    if isinstance(action, GiveNiche | ForceNiche):
        return f"bug-{action.player}"
    if isinstance(action, KeepNiche):
        return "offered"
    if isinstance(action, OfferNiches | OfferAdaptations):
        prefix = "niche" if isinstance(action, OfferNiches) else "card"
        return f"{prefix}-{action.player}-{action.get}"
    if isinstance(action, ChooseCreature):
        return f"creature-{action.creature}"
    return None  # answers, the end of a turn, the order of cards: buttons in the list


@cache
def _board_json(key: str) -> dict[str, Any]:
    board = WORLD.boards[key]
    edges = sorted(
        {(min(a, b), max(a, b)) for a in range(board.spaces) for b in board.neighbours[a]}
        - {(e, p.node) for p in board.places for e in p.exits}
    )
    return {
        "key": key,
        "name": data_text("adapt_or_die", "boards.name", board.name),
        "spaces": [list(xy) for xy in board.xy],
        "edges": [list(e) for e in edges if e[1] < board.spaces],
        "places": [
            {"place": p.number, "node": p.node, "x": p.x, "y": p.y, "exits": list(p.exits)}
            for p in board.places
        ],
        "start": board.start,
    }


def _habitat_json(number: int) -> dict[str, Any]:
    h = WORLD.habitat(number)
    return {
        "number": number,
        "key": h.key,
        "name": data_text("adapt_or_die", "habitats.name", h.name),
        "short": data_text("adapt_or_die", "habitats.short", h.short),
        "colour": h.colour,
        "about": data_text("adapt_or_die", "habitats.about", h.about),
        "fixed": [[f, v] for f, v in h.fixed],
        "why": [
            data_text("adapt_or_die", f"habitats.why.{WORLD.features[f].key}", why)
            for (f, _v), why in zip(h.fixed, h.why, strict=True)
        ],
    }


def _card_json(card: int) -> dict[str, Any]:
    info = WORLD.cards[card]
    return {
        "id": card,
        "label": card_name(card),
        "feature": info.feature,
        "symbol": WORLD.kinds[info.kind].symbol,
    }


def _scorecard(bug: Bug, pressures: Pressures) -> dict[str, Any] | None:
    """The bug's live scorecard: its cards in the chosen order if chosen, else the best one."""
    if not bug["features"]:
        return None
    start = bug["features"]
    habitats = [pressures[h] for h in bug["niches"]]
    groups = scoring.feature_cards(bug["adaptations"])
    best = scoring.best_features(start, bug["adaptations"], habitats)
    orders = []
    for f, cards in enumerate(groups):
        chosen = bug["orders"][f]
        if chosen is not None:
            orders.append(chosen)
            continue
        reach = dict(scoring.orders_by_end(start[f], cards))
        orders.append(list(reach.get(best[f], cards)))
    card = scoring.scorecard(start, orders, [(h, pressures[h]) for h in bug["niches"]])
    return {
        "habitats": list(card.habitats),
        "rows": [
            {
                "feature": data_text("adapt_or_die", "features.name", row.feature),
                "start": row.start,
                "adapt": row.adapt,
                "end": row.end,
                "cells": [list(c) for c in row.cells],
                "total": row.total,
            }
            for row in card.rows
        ],
        "habitat_totals": list(card.habitat_totals),
        "total": card.total,
    }


#: each habitat on the board -> its pressures
Pressures = dict[int, list[int]]


def _pressures(obs: AdaptOrDieObservation) -> Pressures:
    """The pressures of each habitat on the board (a placed mat has both)."""
    return {
        p["habitat"]: p["pressures"]
        for p in obs["places"]
        if p["habitat"] is not None and p["pressures"] is not None
    }


def view_model(obs: AdaptOrDieObservation) -> dict[str, Any]:
    pressures = _pressures(obs)
    bugs = []
    for bug in obs["bugs"]:
        creature = bug["creature"]
        info = WORLD.creature(creature) if creature else None
        bugs.append(
            {
                "seat": bug["seat"],
                "position": bug["position"],
                "creature": None
                if info is None
                else {
                    "number": info.number,
                    "name": creature_name(info.number),
                    "about": data_text("adapt_or_die", "creatures.about", info.about),
                    "home": info.home,
                    "features": list(info.features),
                },
                "niches": [_habitat_json(h) for h in bug["niches"]],
                "adaptations": [_card_json(c) for c in bug["adaptations"]],
                "unfit": bug["unfit"],
                "scorecard": _scorecard(bug, pressures),
            }
        )
    offered = obs["offered"]
    return {
        "board": _board_json(obs["board"]),
        "features": [data_text("adapt_or_die", "features.name", f.name) for f in WORLD.features],
        "phase": obs["phase"],
        "turn": obs["turn"],
        "round": obs["round"],
        "turn_player": obs["turn_player"],
        "current": obs["current_player"],
        "roll": obs["roll"],
        "reachable": obs["reachable"],
        "target": obs["target"],
        "scoring": obs["scoring"],
        "scoring_name": tr(SCORING_WORDS.get(obs["scoring"], obs["scoring"])),
        "bugs": bugs,
        "places": [
            {
                "place": p["place"],
                "node": p["node"],
                "habitat": _habitat_json(p["habitat"]) if p["habitat"] else None,
                "pressures": p["pressures"],
            }
            for p in obs["places"]
        ],
        "mat_pile": obs["mat_pile"],
        "niche_pile": obs["niche_pile"],
        "pool": [_card_json(c) for c in obs["pool"]],
        "offered": None
        if offered is None
        else {"habitat": _habitat_json(offered["habitat"]), "spare": offered["spare"]},
        "returning": obs["returning"],
        "gains": obs["gains"],
        "offer": _offer_json(obs["offer"]),
        "selected": obs["selected"],
        "creatures": [
            {
                "number": c.number,
                "name": creature_name(c.number),
                "features": list(c.features),
                "home": c.home,
                "about": data_text("adapt_or_die", "creatures.about", c.about),
            }
            for c in WORLD.creatures
            if c.number in obs["creatures_left"]
        ],
        "final": obs["final"],
        "winners": obs["winners"],
    }


def _offer_json(offer: dict[str, Any] | None) -> dict[str, Any] | None:
    if offer is None:
        return None
    if offer["kind"] == "niche":
        give, get = habitat_name(offer["give"]), habitat_name(offer["get"])
    else:
        give, get = card_name(offer["give"]), card_name(offer["get"])
    return {**offer, "give_label": give, "get_label": get}


def _where(node: int, board_key: str) -> str:
    board = WORLD.boards[board_key]
    place = board.place_at(node)
    if place is not None:
        return pgettext("adapt_or_die description", "on mat place {n}").format(n=place.number)
    if node == board.start:
        return pgettext("adapt_or_die description", "on the centre space")
    return pgettext("adapt_or_die description", "on space {n}").format(n=node)


def _pressure_words(pressures: list[int]) -> str:
    sep = pgettext("list separator", ", ")
    return sep.join(f"{feature_word(f)} {v}" for f, v in enumerate(pressures))


def describe(obs: AdaptOrDieObservation) -> str:
    """A plain-text account of the table for screen readers (and for curious students)."""
    board = obs["board"]
    sep = pgettext("list separator", ", ")
    none = pgettext("adapt_or_die description", "none")
    lines = [
        pgettext(
            "adapt_or_die description",
            "Turn {turn}, round {round}. Each player aims for {target} niches; scoring: "
            "{scoring}. {mats} habitat mats are still face down.",
        ).format(
            turn=obs["turn"],
            round=obs["round"],
            target=obs["target"],
            scoring=tr(SCORING_WORDS.get(obs["scoring"], obs["scoring"])),
            mats=obs["mat_pile"],
        ),
    ]
    empty = [str(p["place"]) for p in obs["places"] if not p["habitat"]]
    for p in obs["places"]:
        if not p["habitat"] or p["pressures"] is None:  # (a mat placed has both)
            continue
        h = WORLD.habitat(p["habitat"])
        left = obs["niche_pile"][h.number - 1]
        lines.append(
            npgettext(
                "adapt_or_die description",
                "Mat place {place}: {habitat} (habitat {n}); pressures {pressures}; "
                "{left} niche card left in the pile.",
                "Mat place {place}: {habitat} (habitat {n}); pressures {pressures}; "
                "{left} niche cards left in the pile.",
                left,
            ).format(
                place=p["place"],
                habitat=habitat_name(h.number),
                n=h.number,
                pressures=_pressure_words(p["pressures"]),
                left=left,
            )
        )
    if empty:
        lines.append(
            pgettext(
                "adapt_or_die description",
                "Empty mat places: {places}.",
            ).format(places=sep.join(empty))
        )
    pressures = _pressures(obs)
    for bug in obs["bugs"]:
        who = seat_name(bug["seat"])
        if not bug["creature"] or bug["features"] is None:  # (a creature chosen has both)
            lines.append(
                pgettext(
                    "adapt_or_die description",
                    "{who} has not chosen a creature yet.",
                ).format(who=who)
            )
            continue
        features = _pressure_words(bug["features"])
        scores = pgettext("adapt_or_die description", "{habitat} (scores {score})")
        niches = sep.join(
            scores.format(
                habitat=habitat_name(h),
                score=scoring.habitat_score(_now(bug, pressures), pressures[h]),
            )
            for h in bug["niches"]
        )
        cards = sep.join(card_name(c) for c in bug["adaptations"])
        lines.append(
            pgettext(
                "adapt_or_die description",
                "{who}: the {creature} ({features}), {where}; niches: {niches}; adaptation "
                "cards: {cards}; unfit score now {unfit}.",
            ).format(
                who=who,
                creature=creature_name(bug["creature"]),
                features=features,
                where=_where(bug["position"], board),
                niches=niches or none,
                cards=cards or none,
                unfit=bug["unfit"],
            )
        )
    lines.append(
        pgettext("adapt_or_die description", "Face-up adaptation cards: {cards}.").format(
            cards=sep.join(card_name(c) for c in obs["pool"]) or none
        )
    )
    lines.extend(_decision_words(obs))
    return "\n".join(lines)


def _now(bug: Bug, pressures: Pressures) -> tuple[int, ...]:
    assert bug["features"] is not None, "a bug's fitness is asked once it has a creature"
    held = [pressures[h] for h in bug["niches"]]
    return scoring.best_features(bug["features"], bug["adaptations"], held)


def _decision_words(obs: AdaptOrDieObservation) -> list[str]:
    lines = []
    if obs["phase"] == "move" and obs["roll"]:
        board = WORLD.boards[obs["board"]]
        spaces = [n for n in obs["reachable"] if n < board.spaces]
        places = [p.number for n in obs["reachable"] if (p := board.place_at(n)) is not None]
        who = seat_name(obs["turn_player"])
        if places:
            text = pgettext(
                "adapt_or_die description",
                "{who} rolled {roll} and may move to {n} spaces or exit to mat place(s) {places}.",
            )
        else:
            text = pgettext(
                "adapt_or_die description",
                "{who} rolled {roll} and may move to {n} spaces.",
            )
        sep = pgettext("list separator", ", ")
        lines.append(
            text.format(who=who, roll=obs["roll"], n=len(spaces), places=sep.join(map(str, places)))
        )
    if obs["offered"]:
        english = WORLD.habitat(obs["offered"]["habitat"]).name
        an = english[0] in "AEIOU"
        if obs["offered"]["spare"]:
            text = (
                pgettext(
                    "adapt_or_die description",
                    "On the table: an {habitat} niche card (a spare copy), waiting for a decision.",
                )
                if an
                else pgettext(
                    "adapt_or_die description",
                    "On the table: a {habitat} niche card (a spare copy), waiting for a decision.",
                )
            )
        else:
            text = (
                pgettext(
                    "adapt_or_die description",
                    "On the table: an {habitat} niche card, waiting for a decision.",
                )
                if an
                else pgettext(
                    "adapt_or_die description",
                    "On the table: a {habitat} niche card, waiting for a decision.",
                )
            )
        lines.append(text.format(habitat=habitat_name(obs["offered"]["habitat"])))
    for player, gained in obs["gains"]:
        lines.append(
            pgettext(
                "adapt_or_die description",
                "{who} is to take an adaptation card with the {habitat} niche card.",
            ).format(who=seat_name(player), habitat=habitat_name(gained))
        )
    offer = _offer_json(obs["offer"])
    if offer:
        lines.append(
            pgettext(
                "adapt_or_die description",
                "{who} offers {other} the {give} for the {get}.",
            ).format(
                who=seat_name(offer["from"]),
                other=seat_name(offer["to"]),
                give=offer["give_label"],
                get=offer["get_label"],
            )
        )
    if obs["final"]:
        for seat, result in enumerate(obs["final"]):
            lines.append(
                pgettext(
                    "adapt_or_die description",
                    "{who} scored {total} unfit, extinct in {extinct} habitat(s), best in {best}.",
                ).format(
                    who=seat_name(seat),
                    total=result["total"],
                    extinct=result["extinctions"],
                    best=result["best_in"],
                )
            )
    turn = turn_sentence(obs)
    if turn:
        lines.append(turn)
    return lines


VIEW = View(
    view_model=view_model,
    describe=describe,
    action_target=action_target,
    panels=PANELS,
    table_columns=TABLE_COLUMNS,
)
