"""What the widget shows of a Peppered moths game: a view model, a description, plot panels.

Every function takes the seat's observation (``MothsObservation``) and nothing else, so a seat's
page can never hold another seat's face-down moth or the order of the bark deck.
"""

from __future__ import annotations

from typing import Any

from evo_lessons.engine import Panel, View, seat_name, turn_sentence
from evo_lessons.i18n import N_, ngettext, pgettext

from .data import BARKS, MOTHS, bark_name, moth_name
from .observation import MothsObservation
from .rules import Rest

_BARK = {bark.key: bark for bark in BARKS}


def view_model(obs: MothsObservation) -> dict[str, Any]:
    """The JSON the renderer draws for the observation's seat (None: the public view).

    The page has no translator: every word it draws is written here, in the reader's language
    (the widget draws inside its language), so renderer.js holds no English."""
    return {
        "round": obs["round"],
        "rounds": obs["rounds"],
        "round_label": pgettext("peppered_moths board", "Round {round} of {rounds}").format(
            round=obs["round"], rounds=obs["rounds"]
        ),
        "bark_left": obs["bark_left"],
        "bark_left_label": ngettext(
            "{n} bark card face down", "{n} bark cards face down", obs["bark_left"]
        ).format(n=obs["bark_left"]),
        "bark": [{"key": key, "name": bark_name(_BARK[key])} for key in obs["bark_turned"]],
        "moths": [
            {
                "key": m.key,
                "name": moth_name(m),
                "colour": m.colour,
                # Translators: under your own resting moth
                "label": pgettext("peppered_moths board", "{moth} (yours)").format(
                    moth=moth_name(m)
                )
                if m.key == obs["my_moth"]
                else moth_name(m),
            }
            for m in MOTHS
        ],
        "mine": obs["my_moth"],
        "players": [
            {
                "rested": rested,
                "shown": shown,
                "survivors": survivors,
                "line": (
                    pgettext("peppered_moths board", "{who}: {n} survived (moth resting)")
                    if rested
                    else pgettext("peppered_moths board", "{who}: {n} survived")
                ).format(who=seat_name(seat), n=survivors),
            }
            for seat, (rested, shown, survivors) in enumerate(
                zip(obs["rested"], obs["shown"], obs["survivors"], strict=True)
            )
        ],
    }


def describe(obs: MothsObservation) -> str:
    """The same in words, for screen readers."""
    lines = [
        pgettext(
            "peppered_moths description", "Round {round} of {rounds}; {n} bark cards face down."
        ).format(round=obs["round"], rounds=obs["rounds"], n=obs["bark_left"])
    ]
    if obs["bark_turned"]:
        last = bark_name(_BARK[obs["bark_turned"][-1]])
        lines.append(
            pgettext("peppered_moths description", "The last bark turned up was {bark}.").format(
                bark=last
            )
        )
    for player, survivors in enumerate(obs["survivors"]):
        line = (
            pgettext("peppered_moths description", "{who}: {n} moths survived (has rested a moth).")
            if obs["rested"][player]
            else pgettext("peppered_moths description", "{who}: {n} moths survived.")
        )
        lines.append(line.format(who=seat_name(player), n=survivors))
    if obs["my_moth"] is not None:
        mine = next((moth_name(m) for m in MOTHS if m.key == obs["my_moth"]), obs["my_moth"])
        lines.append(
            pgettext("peppered_moths description", "Your moth this round: {moth}.").format(
                moth=mine
            )
        )
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
        Panel("survivors", N_("Moths that survived"), dodge=0.05),
        Panel(
            "bark",
            N_("Bark turned up"),
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
