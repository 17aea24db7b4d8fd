"""What the widget shows of a Climate game: a JSON view model, a text description, plot panels.

Built from the seat's observation (``ClimateObservation``, its only input), so a seat's view can
never contain another seat's hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from evo_lessons.engine import Action, Panel, View, seat_name, turn_sentence
from evo_lessons.i18n import N_, data_text, pgettext

from .actions import Move, Place, PlanAhead
from .data import world
from .observation import ClimateObservation
from .tables import CARD_LABEL, card_labels
from .words import gene_word, habitat_name, habitat_word

#: the live plot: one panel per gene, then adaptation (genes matching the current habitat)
PANELS = (
    Panel.whole_numbers("body", N_("Body gene (1 savannah … 4 tundra)"), 1, 4),
    Panel.whole_numbers("colour", N_("Colour gene"), 1, 4),
    Panel.whole_numbers("metabolism", N_("Metabolism gene"), 1, 4),
    Panel.whole_numbers("matches", N_("Genes matching the habitat (2+ = adapted)"), 0, 3),
    Panel.whole_numbers("tokens", N_("Habitat tokens"), 1, 4),
    Panel.whole_numbers("temperature", N_("Climate (board 1 cold … 5 warm)"), 1, 5, shared=True),
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
                "name": habitat_name(h),
                "short": data_text("climate", "habitats.short", h.short),
                "colour": h.colour,
                "gene_value": h.gene_value,
                "about": data_text("climate", "habitats.about", h.about),
            }
            for h in w.habitats
        ],
        "genes": [data_text("climate", "genes.name", g.name) for g in w.genes],
        # the words for each gene value: the drawing's text equivalent (1 savannah .. 4 tundra)
        "gene_variants": [
            [data_text("climate", "genes.variants", v) for v in g.variants] for g in w.genes
        ],
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
    counted = sorted(Counter(hand).items())
    labels = hand_labels([label for label, _ in counted])
    return [
        {"label": shown, "count": count} for shown, (_, count) in zip(labels, counted, strict=True)
    ]


def hand_labels(labels: list[str]) -> list[str]:
    """Cards of an observation (English labels: its data) as the current language names them."""
    shown = dict(zip(CARD_LABEL, card_labels(), strict=True))
    return [shown.get(label, label) for label in labels]


def describe(obs: ClimateObservation) -> str:
    """A plain-text account of the board for screen readers (and for curious students)."""
    w = world()
    cap = obs["options"]["max_rounds"]
    round_text = (
        pgettext("climate description", "Round {round} of at most {max}.").format(
            round=obs["round"], max=cap
        )
        if cap
        else pgettext("climate description", "Round {round}.").format(round=obs["round"])
    )
    climate_text = (
        pgettext(
            "climate description",
            "The climate is at board {board} of 5 (1 coldest, 5 warmest), and it changed at the "
            "end of the last round.",
        )
        if obs["after_change"]
        else pgettext(
            "climate description", "The climate is at board {board} of 5 (1 coldest, 5 warmest)."
        )
    ).format(board=obs["temperature"])
    lines = [f"{round_text} {climate_text}"]
    counts = Counter(w.boards[obs["temperature"] - 1])
    cells = pgettext("climate description", ", ").join(
        f"{habitat_word(h)} {counts[h.index]}" for h in w.habitats
    )
    lines.append(
        pgettext(
            "climate description",
            "Habitat cells: {cells}. North (row 1) is coldest; the east is wettest.",
        ).format(cells=cells)
    )
    for sp in obs["species"]:
        who = seat_name(sp["player"])
        if sp["cell"] is None or sp["habitat"] is None:  # (placed: both, or neither)
            lines.append(
                pgettext("climate description", "{who} has not placed a species yet.").format(
                    who=who
                )
            )
            continue
        habitat = habitat_word(w.habitats[sp["habitat"]])
        row, column = divmod(sp["cell"] - 1, w.columns)
        genome = ", ".join(f"{gene_word(g)} {v}" for g, v in enumerate(sp["genome"]))
        tokens = ", ".join(habitat_word(w.habitats[t]) for t in sp["tokens"])
        status = (
            pgettext("climate description", "adapted")
            if sp["adapted"]
            else pgettext("climate description", "NOT adapted")
        )
        lines.append(
            pgettext(
                "climate description",
                "{who}: cell {cell} (row {row}, column {column}), {habitat}, {status}; genes "
                "{genome}; {cards} cards; tokens: {tokens}; lineages lost: {lost}.",
            ).format(
                who=who,
                cell=sp["cell"],
                row=row + 1,
                column=column + 1,
                habitat=habitat,
                status=status,
                genome=genome,
                cards=sp["hand_size"],
                tokens=tokens,
                lost=sp["extinctions"],
            )
        )
    if "hand" in obs and obs["seat"] is not None:
        hand = ", ".join(hand_labels(obs["hand"])) or pgettext("climate description", "no cards")
        lines.append(
            pgettext("climate description", "Your hand ({who}): {hand}.").format(
                who=seat_name(obs["seat"]), hand=hand
            )
        )
    if obs["deleterious_from_top"]:
        where = ", ".join(str(d) for d in obs["deleterious_from_top"])
        lines.append(
            pgettext(
                "climate description",
                "Face-up deleterious cards lie at these depths of the draw pile: {where}.",
            ).format(where=where)
        )
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
