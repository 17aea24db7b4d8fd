"""What the widget shows of a Peppered moths game: a view model, a description, plot panels.

Every function takes the seat's observation (``MothsObservation``) and nothing else, so a seat's
page can never hold another seat's face-down moth or the order of the bark deck.
"""

from __future__ import annotations

from typing import Any

from evo_lessons.engine import Panel, View, seat_name, turn_sentence

from .data import BARKS, MOTHS
from .observation import MothsObservation
from .rules import Rest

_BARK = {bark.key: bark for bark in BARKS}


def view_model(obs: MothsObservation) -> dict[str, Any]:
    """The JSON the renderer draws for the observation's seat (None: the public view)."""
    return {
        "round": obs["round"],
        "rounds": obs["rounds"],
        "bark_left": obs["bark_left"],
        "bark": [{"key": key, "name": _BARK[key].name} for key in obs["bark_turned"]],
        "moths": [{"key": m.key, "name": m.name, "colour": m.colour} for m in MOTHS],
        "mine": obs["my_moth"],
        "players": [
            {"rested": rested, "shown": shown, "survivors": survivors}
            for rested, shown, survivors in zip(
                obs["rested"], obs["shown"], obs["survivors"], strict=True
            )
        ],
    }


def describe(obs: MothsObservation) -> str:
    """The same in words, for screen readers."""
    lines = [f"Round {obs['round']} of {obs['rounds']}; {obs['bark_left']} bark cards face down."]
    if obs["bark_turned"]:
        lines.append(f"The last bark turned up was {_BARK[obs['bark_turned'][-1]].name}.")
    for player, survivors in enumerate(obs["survivors"]):
        rested = " (has rested a moth)" if obs["rested"][player] else ""
        lines.append(f"{seat_name(player)}: {survivors} moths survived{rested}.")
    if obs["my_moth"] is not None:
        lines.append(f"Your moth this round: {obs['my_moth']}.")
    turn = turn_sentence(obs, "rest a moth")  # "Player 2 is to rest a moth." or who won
    if turn:
        lines.append(turn)
    return "\n".join(lines)


def action_target(action: Rest) -> str:
    """The board element a click on which rests this moth: the moth's own picture."""
    return f"moth-{MOTHS[action.moth].key}"


VIEW = View(
    view_model=view_model,
    describe=describe,
    action_target=action_target,
    panels=(
        Panel("survivors", "Moths that survived", dodge=0.05),
        Panel(
            "bark",
            "Bark turned up",
            ylim=(0.6, 3.4),
            yticks=(1, 2, 3),
            yticklabels=tuple(bark.key for bark in BARKS),
            shared=True,
        ),
    ),
    table_columns=("round", "player", "survivors", "moth"),
    markers_key=None,
    x_label="round",
)
