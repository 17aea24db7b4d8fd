"""What the widget shows of a Climate game: a JSON view model, a text description, plot panels.

Built from the seat's observation (``ClimateObservation``, its only input), so a seat's view can
never contain another seat's hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from evo_lessons.engine import Action, Panel, View, seat_name, turn_sentence

from .actions import GENE_NAMES, Move, Place, PlanAhead
from .data import world
from .observation import ClimateObservation

#: the live plot: one panel per gene, then adaptation (genes matching the current habitat)
PANELS = (
    Panel.whole_numbers("body", "Body gene (1 savannah … 4 tundra)", 1, 4),
    Panel.whole_numbers("colour", "Colour gene", 1, 4),
    Panel.whole_numbers("metabolism", "Metabolism gene", 1, 4),
    Panel.whole_numbers("matches", "Genes matching the habitat (2+ = adapted)", 0, 3),
    Panel.whole_numbers("tokens", "Habitat tokens", 1, 4),
    Panel.whole_numbers("temperature", "Climate (board 1 cold … 5 warm)", 1, 5, shared=True),
)
#: the columns of the table shown beside the plot
TABLE_COLUMNS = (
    "turn",
    "player",
    "habitat",
    "body",
    "colour",
    "metabolism",
    "matches",
    "cards",
    "tokens",
    "extinctions",
    "temperature",
)


def action_target(action: Action) -> str | None:
    """The board element a click on which performs ``action``."""
    if isinstance(action, Place | Move):
        return f"cell-{action.cell}"
    if isinstance(action, PlanAhead):
        return f"gene-{action.gene}-{action.value}"
    return None


def view_model(obs: ClimateObservation) -> dict[str, Any]:
    w = world()
    temperature = obs["temperature"]
    return {
        "rows": w.rows,
        "columns": w.columns,
        "cells": list(w.boards[temperature - 1]),
        "temperature": temperature,
        "habitats": [
            {
                "key": h.key,
                "name": h.name,
                "short": h.short,
                "colour": h.colour,
                "gene_value": h.gene_value,
                "about": h.about,
            }
            for h in w.habitats
        ],
        "genes": [g.name for g in w.genes],
        # the words for each gene value: the drawing's text equivalent (1 savannah .. 4 tundra)
        "gene_variants": [list(g.variants) for g in w.genes],
        "species": obs["species"],
        "hand": _hand_summary(obs.get("hand")),
        "round": obs["round"],
        "max_rounds": obs["options"]["max_rounds"],
        "tokens_to_win": obs["options"]["tokens_to_win"],
        "after_change": obs["after_change"],
        "roll": obs["roll"],
        "phase": obs["phase"],
        "turn_player": obs["current_player"],
        "draw_pile": obs["draw_pile"],
        "discard": len(obs["discard"]),
        "deleterious_from_top": obs["deleterious_from_top"],
        "blind_mutation": obs["options"]["blind_mutation"],
        "temperature_log": obs["temperature_log"],
    }


def _hand_summary(hand: list[str] | None) -> list[dict[str, Any]] | None:
    if hand is None:
        return None
    return [{"label": label, "count": count} for label, count in sorted(Counter(hand).items())]


def describe(obs: ClimateObservation) -> str:
    """A plain-text account of the board for screen readers (and for curious students)."""
    w = world()
    cap = obs["options"]["max_rounds"]
    lines = [
        f"Round {obs['round']}"
        + (f" of at most {cap}. " if cap else ". ")
        + f"The climate is at board {obs['temperature']} of 5 (1 coldest, 5 warmest)"
        + (", and it changed at the end of the last round." if obs["after_change"] else "."),
    ]
    counts = Counter(w.boards[obs["temperature"] - 1])
    lines.append(
        "Habitat cells: "
        + ", ".join(f"{h.name.lower()} {counts[h.index]}" for h in w.habitats)
        + ". North (row 1) is coldest; the east is wettest."
    )
    for sp in obs["species"]:
        who = seat_name(sp["player"])
        if sp["cell"] is None or sp["habitat"] is None:  # (placed: both, or neither)
            lines.append(f"{who} has not placed a species yet.")
            continue
        habitat = w.habitats[sp["habitat"]].name.lower()
        row, column = divmod(sp["cell"] - 1, w.columns)
        genome = ", ".join(f"{GENE_NAMES[g]} {v}" for g, v in enumerate(sp["genome"]))
        tokens = ", ".join(w.habitats[t].name.lower() for t in sp["tokens"])
        status = "adapted" if sp["adapted"] else "NOT adapted"
        lines.append(
            f"{who}: cell {sp['cell']} (row {row + 1}, column {column + 1}), {habitat}, "
            f"{status}; genes {genome}; {sp['hand_size']} cards; tokens: {tokens}; "
            f"lineages lost: {sp['extinctions']}."
        )
    if "hand" in obs and obs["seat"] is not None:
        hand = ", ".join(obs["hand"]) or "no cards"
        lines.append(f"Your hand ({seat_name(obs['seat'])}): {hand}.")
    if obs["deleterious_from_top"]:
        where = ", ".join(str(d) for d in obs["deleterious_from_top"])
        lines.append(f"Face-up deleterious cards lie at these depths of the draw pile: {where}.")
    turn = turn_sentence(obs)
    if turn:
        lines.append(turn)
    return "\n".join(lines)


VIEW = View(
    view_model=view_model,
    describe=describe,
    action_target=action_target,
    panels=PANELS,
    table_columns=TABLE_COLUMNS,
    markers_key="temperature",
)
