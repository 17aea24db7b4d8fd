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
    card_name,
)

C = T.COLLECTION
TERRAINS = {t["key"]: t for t in C.terrains}
CLIMATES = {c["key"]: c for c in C.climates}
DIETS = {d["key"]: d for d in C.diets}
SCALES = {s["scale"]: s["lengths"] for s in C.scales}

PANELS = (
    Panel("points", "Points on the table", dodge=0.1),
    Panel("species", "Web size: species on the table", dodge=0.1),
    Panel("links", "Web size: compatible links", dodge=0.1),
    Panel("chain", "Longest food chain (species)", dodge=0.05),
    Panel("at_risk", "Cards at risk", dodge=0.05),
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
    """A card face: everything printed on it, as words and symbols."""
    c = T.CARDS[card]
    if isinstance(c, EventCard):
        return {"id": card, "kind": "event", "name": c.name, "text": c.text, "fact": c.fact}
    diet = DIETS[c.diet]
    return {
        "id": card,
        "kind": "species",
        "name": c.name,
        "latin": c.latin,
        "group": c.group,
        "scale": c.scale,
        "lengths": SCALES[c.scale],
        "rank": c.rank,
        "diet": c.diet,
        "diet_label": diet["label"],
        "colour": diet["colour"],
        "terrains": [TERRAINS[t]["symbol"] for t in c.terrains],
        "terrain_names": [TERRAINS[t]["short"] for t in c.terrains],
        "climates": [CLIMATES[k]["symbol"] for k in c.climates],
        "climate_names": [CLIMATES[k]["short"] for k in c.climates],
        "keywords": list(c.keywords),
        "points": c.points,
        "realms": sorted(c.all_realms),
        "fact": c.fact,
    }


FACES = tuple(_face(card) for card in range(len(T.CARDS)))


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
        face = FACES[entry["card"]]
        key = f"{entry['space']}{'b' if entry['beneath'] else 't'}"
        nodes[key] = {
            "id": key,
            "space": entry["space"],
            "where": _space(*divmod(entry["space"], columns)),
            "card": entry["card"],
            "name": face["name"],
            "owner": entry["owner"],
            "rank": face["rank"],
            "diet_label": face["diet_label"],
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
        cells.append({**entry, "face": FACES[entry["card"]]})
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
        "hand": None if hand is None else [FACES[c] for c in hand],
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
        "discard_tops": [FACES[pile[-1]] if pile else None for pile in obs["discards"]],
        "discard_sizes": [len(pile) for pile in obs["discards"]],
        "scores": obs["scores"],
        "lost": obs["lost"],
        "picked": obs["picked"],
        # deck building: the collection (public: every card printed) to pick from, and the
        # viewer's own picks so far
        "collection": list(FACES) if obs["phase"] == "build" else [],
        "picks": [FACES[c] for c in obs.get("picks") or []],
        "deck_size": obs["options"]["deck_size"],
        "realism": obs["options"]["realism"],
        "winners": obs["winners"],
        "legend": {
            "diets": [{"label": d["label"], "colour": d["colour"]} for d in C.diets],
            "terrains": [{"symbol": t["symbol"], "name": t["name"]} for t in C.terrains],
            "climates": [{"symbol": c["symbol"], "name": c["name"]} for c in C.climates],
        },
    }


def _space(row: int, column: int) -> str:
    return T.space_name(row, column)


def describe(obs: PhyloObservation) -> str:
    """The board in words, for screen readers: the same facts the picture shows."""
    seat = obs["seat"]
    lines = []
    if obs["phase"] == "build":
        lines.append(
            f"Deck building: {seat_name(0)} has chosen {obs['picked'][0]} cards, "
            f"{seat_name(1)} {obs['picked'][1]}, of {obs['options']['deck_size']} each."
        )
    elif obs["phase"] == "preselect":
        sizes = obs["hand_sizes"]
        lines.append(
            f"Opening hands (R18): {seat_name(0)} has picked {sizes[0]} of 5 cards, "
            f"{seat_name(1)} {sizes[1]} of 5."
        )
        if obs.get("deck"):
            lines.append(
                "Your deck: " + ", ".join(FACES[card]["name"] for card in obs["deck"]) + "."
            )
    else:
        ending = f" The game ends after turn {obs['end_after']}." if obs["end_after"] else ""
        lines.append(
            f"Turn {obs['turn']}: {seat_name(obs['turn_player'])} plays, "
            f"{obs['actions_left']} action{'' if obs['actions_left'] == 1 else 's'} left"
            + (", event already played" if obs["event_played"] else "")
            + "."
            + ending
        )
        lines.append(
            f"Grid of {obs['rows']} rows and {obs['columns']} columns (A1 top left). "
            + "; ".join(
                f"{seat_name(p)}'s HOME at {_space(*divmod(s, obs['columns']))}"
                for p, s in enumerate(obs["homes"])
            )
            + "."
        )
    tops = {e["space"]: e for e in obs["table"] if not e["beneath"]}
    for entry in obs["table"]:
        face = FACES[entry["card"]]
        where = _space(entry["row"], entry["column"])
        status = " AT RISK (no compatible connection)" if entry["at_risk"] else ""
        if entry["beneath"]:
            host = tops.get(entry["space"])
            on = f" beneath {card_name(host['card'])}" if host else " alone"
            lines.append(
                f"{where}{on}: {seat_name(entry['owner'])}'s {face['name']} "
                f"(parasite, {_points(face['points'])}){status}."
            )
            continue
        eats = [
            card_name(tops[n]["card"])
            for n in _neighbours(entry["space"], obs["rows"], obs["columns"])
            if n in tops and T.EATS[entry["card"]] >> tops[n]["card"] & 1
        ]
        food = f", eats {', '.join(eats)}" if eats else ""
        lines.append(
            f"{where}: {seat_name(entry['owner'])}'s {face['name']} (rank {face['rank']}, "
            f"{face['diet']}, scale {face['scale']}, {'/'.join(face['terrain_names'])}, "
            f"{'/'.join(face['climate_names'])}, {_points(face['points'])}{food}){status}."
        )
    lines.extend(web_in_words(food_web(obs["table"], obs["columns"])))
    for p in (0, 1):
        lines.append(
            f"{seat_name(p)}: {obs['scores'][p]} points on the table, {obs['hand_sizes'][p]} "
            f"cards in hand, {obs['deck_sizes'][p]} in the deck, {obs['lost'][p]} lost."
        )
    if obs["hand"] is not None and seat is not None:
        names = ", ".join(card_name(c) for c in obs["hand"]) or "no cards"
        lines.append(f"Your hand ({seat_name(seat)}): {names}.")
    turn = turn_sentence(obs)
    if turn:
        lines.append(turn)
    return "\n".join(lines)


def web_in_words(web: dict[str, Any]) -> list[str]:
    """The food-web graph in words, level by level: what the picture beside the grid shows."""
    nodes = {n["id"]: n for n in web["nodes"]}
    if not nodes:
        return ["Food web graph: no species on the table yet."]
    feeding = sum(1 for e in web["edges"] if e["kind"] == "food")
    hosts = len(web["edges"]) - feeding
    lines = [
        f"Food web graph: {len(nodes)} species, {feeding} feeding link"
        + ("" if feeding == 1 else "s")
        + (f" and {hosts} host link" + ("" if hosts == 1 else "s") if hosts else "")
        + " (arrows run from a food to the species that eats it: energy flows upward)."
    ]

    def named(keys: list[str]) -> str:
        return ", ".join(f"{nodes[k]['name']} {nodes[k]['where']}" for k in keys)

    for rank in sorted({n["rank"] for n in nodes.values()}):
        level = "producers and decomposers: energy enters here" if rank == 1 else "consumers"
        parts = []
        for n in (n for n in web["nodes"] if n["rank"] == rank):
            bits = [f"{n['name']} {n['where']} ({seat_name(n['owner'])})"]
            if n["eats"]:
                bits.append(f"eats {named(n['eats'])}")
            elif n["diet_label"] == "PARASITE":
                bits.append("no host")
            elif rank > 1:
                bits.append("no food link")
            if n["eaten_by"]:
                bits.append(f"eaten by {named(n['eaten_by'])}")
            if n["at_risk"]:
                bits.append("AT RISK")
            parts.append(", ".join(bits))
        lines.append(f"Rank {rank} ({level}): " + "; ".join(parts) + ".")
    return lines


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _neighbours(space: int, rows: int, columns: int) -> tuple[int, ...]:
    return T.grid(rows, columns).neighbours[space]


VIEW = View(
    view_model=view_model,
    describe=describe,
    action_target=action_target,
    panels=PANELS,
    table_columns=TABLE_COLUMNS,
)
