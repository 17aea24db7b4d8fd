"""What the widget shows of a Phylo game: the grid with our card faces, food links, cards at risk.

Everything is built from the seat's observation (``PhyloObservation``, its only input): the
other player's hand and both deck orders never reach the browser. Card faces carry words as well
as colours (the diet is written on the card, terrains and climates have symbols and short
labels), so nothing relies on colour.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from evo_lessons.engine import Action, Panel, View, seat_name, turn_sentence
from evo_lessons.engine.words import winners_sentence
from evo_lessons.i18n import N_, data_text, ngettext, npgettext, per_language, pgettext

from . import tables as T
from .data import EventCard
from .observation import PhyloObservation
from .rules import (
    DiscardToDraw,
    MoveSpecies,
    PickCard,
    PlayEvent,
    PlayInvasive,
    PlayParasite,
    PlaySpecies,
    RemoveCard,
    Spread,
)
from .words import (
    card_name,
    card_names,
    climate_names,
    diet_band,
    diet_label,
    group_word,
    home_name,
    keywords,
    terrain_names,
)

C = T.COLLECTION
DIETS = {d["key"]: d for d in C.diets}
SCALES = {s["scale"]: s["lengths"] for s in C.scales}

PANELS = (
    Panel("points", N_("Points on the table"), dodge=0.1),
    Panel("species", N_("Web size: species on the table"), dodge=0.1),
    Panel("links", N_("Web size: compatible links"), dodge=0.1),
    Panel("chain", N_("Longest food chain (species)"), dodge=0.05),
    Panel("at_risk", N_("Cards at risk"), dodge=0.05),
)
TABLE_COLUMNS = (
    "turn",
    "player",
    "points",
    "species",
    "links",
    "connectance",
    "chain",
    "at_risk",
    "lost",
)


def _face(card: int) -> dict[str, Any]:
    """A card face: everything printed on it, as words and symbols (in the current language;
    ``diet``, ``group`` and ``realms`` are the data's keys)."""
    c = T.CARDS[card]
    name = card_names()[card]
    if isinstance(c, EventCard):
        return {
            "id": card,
            "kind": "event",
            "name": name,
            "text": data_text("phylo", "events.text", c.text),
            "fact": data_text("phylo", "events.fact", c.fact),
        }
    diet = DIETS[c.diet]
    terrains, climates = terrain_names(), climate_names()
    return {
        "id": card,
        "kind": "species",
        "name": name,
        "latin": c.latin,
        "group": c.group,
        "group_word": group_word(c.group),
        "scale": c.scale,
        "lengths": data_text("phylo", "scales.lengths", SCALES[c.scale]),
        "rank": c.rank,
        "diet": c.diet,
        "diet_label": data_text("phylo", "diets.label", diet["label"]),
        "band": diet_band(c.diet),
        "colour": diet["colour"],
        "terrains": [terrains[t][0] for t in c.terrains],
        "terrain_names": [terrains[t][1] for t in c.terrains],
        "climates": [climates[k][0] for k in c.climates],
        "climate_names": [climates[k][1] for k in c.climates],
        "keywords": list(keywords(c)),
        "points": c.points,
        "realms": sorted(c.all_realms),
        "fact": data_text("phylo", "species.fact", c.fact),
    }


@per_language
def faces() -> tuple[dict[str, Any], ...]:
    """``faces()[card]``: every card face in the current language, built once per language."""
    return tuple(_face(card) for card in range(len(T.CARDS)))


def action_target(action: Action) -> str | None:
    """The board element a click on which performs ``action`` (see renderer.js)."""
    if isinstance(action, PlaySpecies | PlayInvasive | PlayParasite | Spread | PlayEvent):
        return f"put-{action.card}-{action.row}-{action.column}"
    if isinstance(action, MoveSpecies):
        return f"move-{action.from_row}-{action.from_column}-{action.row}-{action.column}"
    if isinstance(action, DiscardToDraw):
        return f"discard-{action.card}"
    if isinstance(action, RemoveCard):
        return f"remove-{action.row}-{action.column}-{action.card}"
    if isinstance(action, PickCard):
        return f"pick-{action.card}"
    return None  # a challenge and a pass: buttons in the list


def food_links(table: Sequence[Mapping[str, Any]], columns: int) -> list[dict[str, Any]]:
    """Arrows of energy flow: from each food to the species on top beside it that eats it,
    and from a host to the parasite beneath it."""
    tops = {e["space"]: e for e in table if not e["beneath"]}
    arrows = []
    for entry in tops.values():
        eats = T.EATS[entry["card"]]
        r, c = divmod(entry["space"], columns)
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            food = tops.get(rr * columns + cc) if 0 <= cc < columns else None
            if food is not None and eats >> food["card"] & 1:
                arrows.append({"from": food["space"], "to": entry["space"], "kind": "food"})
    for entry in table:
        host = tops.get(entry["space"])
        if entry["beneath"] and host and T.HOSTS[entry["card"]] >> host["card"] & 1:
            arrows.append({"from": entry["space"], "to": entry["space"], "kind": "host"})
    return arrows


def food_web(table: Sequence[Mapping[str, Any]], columns: int) -> dict[str, Any]:
    """The species on the table as a graph: one node per card, arrows from food to eater.

    Nodes carry the card's rank, so the renderer can stack the web by trophic level (energy
    enters at rank 1 and flows up); ``eats`` and ``eaten_by`` name the other nodes in words for
    screen readers. Edges are the same food links the grid draws, plus host -> parasite.
    """
    nodes: dict[str, dict[str, Any]] = {}
    for entry in table:
        face = faces()[entry["card"]]
        key = f"{entry['space']}{'b' if entry['beneath'] else 't'}"
        nodes[key] = {
            "id": key,
            "space": entry["space"],
            "where": _space(*divmod(entry["space"], columns)),
            "card": entry["card"],
            "name": face["name"],
            "owner": entry["owner"],
            "rank": face["rank"],
            "diet": face["diet"],
            "diet_label": face["diet_label"],
            "band": face["band"],
            "colour": face["colour"],
            "beneath": entry["beneath"],
            "at_risk": entry["at_risk"],
            "eats": [],
            "eaten_by": [],
        }
    edges = []
    for link in food_links(table, columns):
        food = f"{link['from']}t"
        eater = f"{link['to']}{'t' if link['kind'] == 'food' else 'b'}"
        edges.append({"from": food, "to": eater, "kind": link["kind"]})
        nodes[food]["eaten_by"].append(eater)
        nodes[eater]["eats"].append(food)
    ordered = sorted(nodes.values(), key=lambda n: (n["rank"], n["space"] % columns, n["space"]))
    return {"nodes": ordered, "edges": edges}


def view_model(obs: PhyloObservation) -> dict[str, Any]:
    seat = obs["seat"]
    cells = []
    for entry in obs["table"]:
        cells.append({**entry, "face": faces()[entry["card"]]})
    hand = obs["hand"]
    return {
        "phase": obs["phase"],
        "rows": obs["rows"],
        "columns": obs["columns"],
        "homes": [
            {"space": s, "row": s // obs["columns"], "column": s % obs["columns"], "owner": p}
            for p, s in enumerate(obs["homes"])
        ],
        "cells": cells,
        "links": food_links(obs["table"], obs["columns"]),
        "web": food_web(obs["table"], obs["columns"]),
        "hand": None if hand is None else [faces()[c] for c in hand],
        "viewer": seat,
        "turn": obs["turn"],
        "turn_player": obs["turn_player"],
        "current_player": obs["current_player"],
        "actions_left": obs["actions_left"],
        "event_played": obs["event_played"],
        "wind": obs["wind"],
        "pollinator": obs["pollinator"],
        "end_after": obs["end_after"],
        "deck_sizes": obs["deck_sizes"],
        "hand_sizes": obs["hand_sizes"],
        "discard_tops": [faces()[pile[-1]] if pile else None for pile in obs["discards"]],
        "discard_sizes": [len(pile) for pile in obs["discards"]],
        "scores": obs["scores"],
        "lost": obs["lost"],
        "picked": obs["picked"],
        # deck building: the collection (public: every card printed) to pick from, and the
        # viewer's own picks so far
        "collection": list(faces()) if obs["phase"] == "build" else [],
        "picks": [faces()[c] for c in obs.get("picks") or []],
        "deck_size": obs["options"]["deck_size"],
        "realism": obs["options"]["realism"],
        "winners": obs["winners"],
        "winners_text": winners_sentence(obs["winners"]) if obs["winners"] else "",
        "legend": {
            "diets": [{"label": diet_label(d["key"]), "colour": d["colour"]} for d in C.diets],
            "terrains": [
                {"symbol": symbol, "name": name} for symbol, _s, name in terrain_names().values()
            ],
            "climates": [
                {"symbol": symbol, "name": name} for symbol, _s, name in climate_names().values()
            ],
        },
        "home_name": home_name(),
    }


def _space(row: int, column: int) -> str:
    return T.space_name(row, column)


def describe(obs: PhyloObservation) -> str:
    """The board in words, for screen readers: the same facts the picture shows."""
    seat = obs["seat"]
    lines = []
    if obs["phase"] == "build":
        lines.append(
            pgettext(
                "phylo description",
                "Deck building: {who1} has chosen {n1} cards, {who2} {n2}, of {size} each.",
            ).format(
                who1=seat_name(0),
                n1=obs["picked"][0],
                who2=seat_name(1),
                n2=obs["picked"][1],
                size=obs["options"]["deck_size"],
            )
        )
    elif obs["phase"] == "preselect":
        sizes = obs["hand_sizes"]
        lines.append(
            pgettext(
                "phylo description",
                "Opening hands (R18): {who1} has picked {n1} of 5 cards, {who2} {n2} of 5.",
            ).format(who1=seat_name(0), n1=sizes[0], who2=seat_name(1), n2=sizes[1])
        )
        if obs.get("deck"):
            names = pgettext("list separator", ", ").join(card_name(c) for c in obs["deck"])
            lines.append(pgettext("phylo description", "Your deck: {cards}.").format(cards=names))
    else:
        ending = (
            pgettext("phylo description", " The game ends after turn {turn}.").format(
                turn=obs["end_after"]
            )
            if obs["end_after"]
            else ""
        )
        left = obs["actions_left"]
        turn_line = (
            npgettext(
                "phylo description",
                "Turn {turn}: {who} plays, {n} action left, event already played.",
                "Turn {turn}: {who} plays, {n} actions left, event already played.",
                left,
            )
            if obs["event_played"]
            else npgettext(
                "phylo description",
                "Turn {turn}: {who} plays, {n} action left.",
                "Turn {turn}: {who} plays, {n} actions left.",
                left,
            )
        )
        lines.append(
            turn_line.format(turn=obs["turn"], who=seat_name(obs["turn_player"]), n=left) + ending
        )
        homes = [_space(*divmod(s, obs["columns"])) for s in obs["homes"]]
        lines.append(
            # Translators: {home} is the HOME card's name; {first} and {second} are spaces
            pgettext(
                "phylo description",
                "Grid of {rows} rows and {columns} columns (A1 top left). {who1}'s {home} at "
                "{first}; {who2}'s {home} at {second}.",
            ).format(
                rows=obs["rows"],
                columns=obs["columns"],
                who1=seat_name(0),
                who2=seat_name(1),
                home=home_name(),
                first=homes[0],
                second=homes[1],
            )
        )
    tops = {e["space"]: e for e in obs["table"] if not e["beneath"]}
    at_risk = pgettext("phylo description", " AT RISK (no compatible connection)")
    for entry in obs["table"]:
        face = faces()[entry["card"]]
        where = _space(entry["row"], entry["column"])
        status = at_risk if entry["at_risk"] else ""
        who = seat_name(entry["owner"])
        if entry["beneath"]:
            host = tops.get(entry["space"])
            line = (
                pgettext(
                    "phylo description",
                    "{space} beneath {host}: {who}'s {card} (parasite, {points}){status}.",
                )
                if host
                else pgettext(
                    "phylo description",
                    "{space} alone: {who}'s {card} (parasite, {points}){status}.",
                )
            )
            lines.append(
                line.format(
                    space=where,
                    host=card_name(host["card"]) if host else "",
                    who=who,
                    card=face["name"],
                    points=_points(face["points"]),
                    status=status,
                )
            )
            continue
        eats = [
            card_name(tops[n]["card"])
            for n in _neighbours(entry["space"], obs["rows"], obs["columns"])
            if n in tops and T.EATS[entry["card"]] >> tops[n]["card"] & 1
        ]
        food = (
            pgettext("phylo description", ", eats {food}").format(
                food=pgettext("list separator", ", ").join(eats)
            )
            if eats
            else ""
        )
        lines.append(
            # Translators: {terrains} and {climates} are short labels joined by "/"
            pgettext(
                "phylo description",
                "{space}: {who}'s {card} (rank {rank}, {diet}, scale {scale}, {terrains}, "
                "{climates}, {points}{food}){status}.",
            ).format(
                space=where,
                who=who,
                card=face["name"],
                rank=face["rank"],
                diet=face["diet_label"].lower(),
                scale=face["scale"],
                terrains="/".join(face["terrain_names"]),
                climates="/".join(face["climate_names"]),
                points=_points(face["points"]),
                food=food,
                status=status,
            )
        )
    lines.extend(web_in_words(food_web(obs["table"], obs["columns"])))
    for p in (0, 1):
        lines.append(
            pgettext(
                "phylo description",
                "{who}: {points} points on the table, {hand} cards in hand, {deck} in the deck, "
                "{lost} lost.",
            ).format(
                who=seat_name(p),
                points=obs["scores"][p],
                hand=obs["hand_sizes"][p],
                deck=obs["deck_sizes"][p],
                lost=obs["lost"][p],
            )
        )
    if obs["hand"] is not None and seat is not None:
        names = pgettext("list separator", ", ").join(card_name(c) for c in obs["hand"])
        lines.append(
            pgettext("phylo description", "Your hand ({who}): {cards}.").format(
                who=seat_name(seat), cards=names or pgettext("phylo description", "no cards")
            )
        )
    turn = turn_sentence(obs)
    if turn:
        lines.append(turn)
    return "\n".join(lines)


def web_in_words(web: dict[str, Any]) -> list[str]:
    """The food-web graph in words, level by level: what the picture beside the grid shows."""
    nodes = {n["id"]: n for n in web["nodes"]}
    if not nodes:
        return [pgettext("phylo description", "Food web graph: no species on the table yet.")]
    feeding = sum(1 for e in web["edges"] if e["kind"] == "food")
    hosts = len(web["edges"]) - feeding
    links = npgettext("phylo description", "{n} feeding link", "{n} feeding links", feeding).format(
        n=feeding
    )
    if hosts:
        links = npgettext(
            "phylo description", "{links} and {n} host link", "{links} and {n} host links", hosts
        ).format(links=links, n=hosts)
    lines = [
        pgettext(
            "phylo description",
            "Food web graph: {n} species, {links} (arrows run from a food to the species that "
            "eats it: energy flows upward).",
        ).format(n=len(nodes), links=links)
    ]
    sep = pgettext("list separator", ", ")

    def named(keys: list[str]) -> str:
        return sep.join(f"{nodes[k]['name']} {nodes[k]['where']}" for k in keys)

    for rank in sorted({n["rank"] for n in nodes.values()}):
        level = (
            pgettext("phylo description", "producers and decomposers: energy enters here")
            if rank == 1
            else pgettext("phylo description", "consumers")
        )
        parts = []
        for n in (n for n in web["nodes"] if n["rank"] == rank):
            bits = [f"{n['name']} {n['where']} ({seat_name(n['owner'])})"]
            if n["eats"]:
                bits.append(
                    pgettext("phylo description", "eats {food}").format(food=named(n["eats"]))
                )
            elif n["diet"] == "parasite":
                bits.append(pgettext("phylo description", "no host"))
            elif rank > 1:
                bits.append(pgettext("phylo description", "no food link"))
            if n["eaten_by"]:
                bits.append(
                    pgettext("phylo description", "eaten by {eaters}").format(
                        eaters=named(n["eaten_by"])
                    )
                )
            if n["at_risk"]:
                bits.append(pgettext("phylo description", "AT RISK"))
            parts.append(sep.join(bits))
        lines.append(
            pgettext("phylo description", "Rank {rank} ({level}): {species}.").format(
                rank=rank, level=level, species="; ".join(parts)
            )
        )
    return lines


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _neighbours(space: int, rows: int, columns: int) -> tuple[int, ...]:
    return T.grid(rows, columns).neighbours[space]


VIEW = View(
    view_model=view_model,
    describe=describe,
    action_target=action_target,
    panels=PANELS,
    table_columns=TABLE_COLUMNS,
)
