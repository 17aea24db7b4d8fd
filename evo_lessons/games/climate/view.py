"""What the widget shows of a Climate game: a JSON view model, a text description, plot panels.

Built from ``state.observation(seat)``, so a seat's view can never contain another seat's hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from evo_lessons.engine import Action

from .data import world
from .rules import GENE_NAMES, ClimateState, Move, Place, Preadapt

TITLE = "The Climate game"


def integer_panel(metric: str, title: str, low: int, high: int, shared: bool = False) -> dict:
    """A plot panel of whole numbers from ``low`` to ``high``: a tick on each, a little margin,
    players dodged apart so equal values stay visible (``shared``: one line for everyone)."""
    panel = {
        "metric": metric,
        "title": title,
        "ylim": (low - 0.4, high + 0.4),
        "yticks": list(range(low, high + 1)),
    }
    panel.update({"shared": True} if shared else {"dodge": 0.06})
    return panel


#: the live plot: one panel per gene, then adaptation (genes matching the current habitat)
PLOT_PANELS = [
    integer_panel("body", "Body gene (1 savannah … 4 tundra)", 1, 4),
    integer_panel("colour", "Colour gene", 1, 4),
    integer_panel("metabolism", "Metabolism gene", 1, 4),
    integer_panel("matches", "Genes matching the habitat (2+ = adapted)", 0, 3),
    integer_panel("tokens", "Habitat tokens", 1, 4),
    integer_panel("temperature", "Climate (board 1 cold … 5 warm)", 1, 5, shared=True),
]
#: dotted lines mark the turns at which the climate changed
PLOT_OPTIONS = {"markers_key": "temperature", "xlabel": "turn"}
#: the columns of the table shown beside the plot
TABLE_COLUMNS = [
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
]


def action_target(action: Action) -> str | None:
    """The board element a click on which performs ``action``."""
    if isinstance(action, Place | Move):
        return f"cell-{action.cell}"
    if isinstance(action, Preadapt):
        return f"gene-{action.gene}-{action.value}"
    return None


def view_model(state: ClimateState, seat: int | None) -> dict[str, Any]:
    obs = state.observation(seat)
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
        "species": obs["species"],
        "hand": _hand_summary(obs.get("hand")),
        "round": obs["round"],
        "max_rounds": obs["options"]["max_rounds"],
        "tokens_to_win": obs["options"]["tokens_to_win"],
        "after_change": obs["after_change"],
        "roll": obs["roll"],
        "phase": obs["phase"],
        "turn_player": obs["turn_player"],
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


def describe(state: ClimateState, seat: int | None) -> str:
    """A plain-text account of the board for screen readers (and for curious students)."""
    obs = state.observation(seat)
    w = world()
    lines = [
        f"Round {obs['round']} of at most {obs['options']['max_rounds']}. "
        f"The climate is at board {obs['temperature']} of 5 (1 coldest, 5 warmest)"
        + (", and it changed at the end of the last round." if obs["after_change"] else "."),
    ]
    counts = Counter(w.boards[obs["temperature"] - 1])
    lines.append(
        "Habitat cells: "
        + ", ".join(f"{h.name.lower()} {counts[h.index]}" for h in w.habitats)
        + ". North (row 1) is coldest; the east is wettest."
    )
    for sp in obs["species"]:
        who = f"Player {sp['player'] + 1}"
        if sp["cell"] is None:
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
            f"extinctions: {sp['extinctions']}."
        )
    if obs.get("hand") is not None:
        hand = ", ".join(obs["hand"]) or "no cards"
        lines.append(f"Your hand (Player {seat + 1}): {hand}.")
    if obs["deleterious_from_top"]:
        where = ", ".join(str(d) for d in obs["deleterious_from_top"])
        lines.append(f"Face-up deleterious cards lie at these depths of the draw pile: {where}.")
    if obs["winners"]:
        lines.append(
            "The game is over. Winner: "
            + ", ".join(f"Player {p + 1}" for p in obs["winners"])
            + "."
        )
    elif obs["turn_player"] is not None:
        lines.append(f"Player {obs['turn_player'] + 1} is to act.")
    return "\n".join(lines)
