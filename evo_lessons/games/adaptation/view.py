"""What the widget shows of an Adaptation game: a JSON view model, a text description, plot panels.

Built from the seat's observation (``AdaptationObservation``, its only input), so a seat's view
can never contain another seat's current card or the secret challenge. What a player remembers
is public (the round history), and the view lays it out so the student does not have to keep it
all in their head.
"""

from __future__ import annotations

from typing import Any

from evo_lessons.engine import Action, Panel, View, seat_name, seats_in_words, turn_sentence
from evo_lessons.engine.words import winners_sentence
from evo_lessons.i18n import N_, npgettext, pgettext

from .actions import ChooseChallenge, KeepCard, SwapCard
from .data import CARDS, CHALLENGES
from .observation import AdaptationObservation
from .words import challenge_word

#: the live plot: tokens per player, the scores of the cards shown, and the challenge itself
PANELS = (
    # no fixed limits: the variant plays with up to 20 tokens
    Panel("tokens", N_("Tokens (0 = extinct)"), dodge=0.05),
    # an extinct player shows no card: their scores are None and the line stops (no 0 tick:
    # no card scores 0)
    Panel(
        "number",
        N_("Number score of the card shown (1-4)"),
        ylim=(0.6, 4.4),
        yticks=(1, 2, 3, 4),
        dodge=0.05,
    ),
    Panel(
        "shape",
        N_("Shape score (sides, 3-6) of the card shown"),
        ylim=(2.6, 6.4),
        yticks=(3, 4, 5, 6),
        dodge=0.05,
    ),
    Panel(
        "colour",
        N_("Colour score (red 4, orange 3, yellow 2, green 1)"),
        ylim=(0.6, 4.4),
        yticks=(1, 2, 3, 4),
        dodge=0.05,
    ),
    # the challenge is a category: its axis names the three, and the table names it in words
    Panel(
        "challenge",
        N_("Challenge of the round"),
        ylim=(0.6, 3.4),
        yticks=(1, 2, 3),
        yticklabels=(N_("number"), N_("shape"), N_("colour")),
        shared=True,
    ),
)
#: the columns of the table shown beside the plot
TABLE_COLUMNS = (
    "turn",
    "player",
    "tokens",
    "number",
    "shape",
    "colour",
    "swapped",
    "defeated",
    "dealer",
    "challenge_name",
)
COLOUR_HEX = {"red": "#D7263D", "orange": "#F08A00", "yellow": "#F2D022", "green": "#2E9E4F"}
SHAPE_SIDES = {"triangle": 3, "square": 4, "pentagon": 5, "hexagon": 6}


def action_target(action: Action) -> str | None:
    """The board element a click on which performs ``action``."""
    if isinstance(action, KeepCard):
        return "keep"
    if isinstance(action, SwapCard):
        return "swap"
    if isinstance(action, ChooseChallenge):
        return f"challenge-{action.challenge}"
    return None


def _card(card_id: int | None) -> dict[str, Any] | None:
    if card_id is None or card_id < 0:
        return None
    return CARDS[card_id].to_json()


def _status(seat: int, obs: AdaptationObservation) -> str:
    """What this seat did this round, in a word or two."""
    if not obs["active"][seat]:
        return pgettext("adaptation seat status", "extinct")
    if obs["phase"] == "over":
        return pgettext("adaptation seat status", "winner") if seat in obs["winners"] else ""
    if seat == obs["dealer"]:
        if obs["dealer_redrew"] is None:
            return pgettext("adaptation seat status", "dealer: deciding")
        if obs["dealer_redrew"]:
            return pgettext("adaptation seat status", "dealer: redrew")
        return pgettext("adaptation seat status", "dealer: kept")
    if seat in obs["swapped"]:
        return pgettext("adaptation seat status", "swapped")
    if seat in obs["kept"]:
        return pgettext("adaptation seat status", "kept")
    if seat == obs["current_player"]:
        return pgettext("adaptation seat status", "deciding")
    return pgettext("adaptation seat status", "waiting")


def view_model(obs: AdaptationObservation) -> dict[str, Any]:
    seat = obs["seat"]
    history = obs["history"]
    last = history[-1]
    over = obs["phase"] == "over"
    changed = set(obs["swapped"])
    if obs["dealer_redrew"]:
        changed.add(obs["dealer"])
    seats = []
    for s in range(obs["players"]):
        own = seat is not None and s == seat
        shown = last["cards"][s] if last["cards"][s] >= 0 else None
        seats.append(
            {
                "seat": s,
                "tokens": obs["tokens"][s],
                "active": obs["active"][s],
                "dealer": s == obs["dealer"] and not over,
                "you": own,
                # the card on the table: face up only for its owner (or after the last reveal)
                "card": _card(obs["hand"]["id"]) if own and obs["hand"] else None,
                "face_down": obs["active"][s] and not own and not over,
                "last_shown": _card(shown),
                "changed_since": s in changed,
                "status": _status(s, obs),
                "to_decide": s in obs["to_decide"],
            }
        )
    if over:
        for entry in seats:
            entry["card"] = entry["last_shown"]
    rounds = []
    for record in history:
        rounds.append(
            {
                "round": record["round"],
                "dealer": record["dealer"],
                "challenge": record["challenge"],
                "redrew": record["redrew"],
                "swapped": record["swapped"],
                "cards": [_card(c) for c in record["cards"]],
                "scores": [s if s >= 0 else None for s in record["scores"]],
                "defeated": record["defeated"],
                "extinct": record["extinct"],
                "tokens": record["tokens"],
            }
        )
    return {
        "players": obs["players"],
        "viewer": seat,
        "round": obs["round"],
        "phase": obs["phase"],
        "dealer": obs["dealer"],
        "current": obs["current_player"],
        "max_tokens": obs["options"]["tokens"],
        "seats": seats,
        "challenge": obs["challenge"],
        "challenge_chosen": obs["challenge_chosen"],
        "challenges": list(CHALLENGES),
        "dealer_redrew": obs["dealer_redrew"],
        "draw_pile": obs["draw_pile"],
        "discard_pile": obs["discard_pile"],
        "refills": obs["refills"],
        "history": rounds,
        "winners": obs["winners"],
        "colours": COLOUR_HEX,
        "sides": SHAPE_SIDES,
    }


def _who(seat: int, viewer: int | None) -> str:
    if seat == viewer:
        return pgettext("adaptation description", "{who} (you)").format(who=seat_name(seat))
    return seat_name(seat)


def _card_text(card: dict[str, Any] | None) -> str:
    if card is None:
        return pgettext("adaptation description", "no card")
    s = card["scores"]
    return pgettext(
        "adaptation description",
        "{card} (number {number}, shape {shape}, colour {colour})",
    ).format(card=card["label"], number=s["number"], shape=s["shape"], colour=s["colour"])


def describe(obs: AdaptationObservation) -> str:
    """A plain-text account of the table for screen readers (and for curious students)."""
    seat = obs["seat"]
    board = view_model(obs)
    lines = []
    over = board["phase"] == "over"
    if over:
        lines.append(
            pgettext("adaptation description", "After {n} rounds: {winners}").format(
                n=len(board["history"]), winners=winners_sentence(board["winners"])
            )
        )
    else:
        lines.append(
            pgettext(
                "adaptation description",
                "Round {round}. {who} is the dealer. Draw pile {draw} cards, discard pile "
                "{discard}.",
            ).format(
                round=board["round"],
                who=seat_name(board["dealer"]),
                draw=board["draw_pile"],
                discard=board["discard_pile"],
            )
        )
        if board["challenge"]:
            lines.append(
                pgettext(
                    "adaptation description",
                    "You chose the {challenge} challenge (secret until the reveal).",
                ).format(challenge=challenge_word(board["challenge"]))
            )
        elif board["challenge_chosen"]:
            lines.append(
                pgettext(
                    "adaptation description",
                    "The dealer has chosen a challenge face down: it stays hidden until the "
                    "reveal.",
                )
            )
        else:
            lines.append(
                pgettext("adaptation description", "The dealer has not chosen the challenge yet.")
            )
    for entry in board["seats"]:
        who = _who(entry["seat"], seat)
        if not entry["active"]:
            lines.append(pgettext("adaptation description", "{who}: extinct.").format(who=who))
            continue
        parts = [
            npgettext("adaptation description", "{n} token", "{n} tokens", entry["tokens"]).format(
                n=entry["tokens"]
            )
        ]
        if entry["dealer"]:
            parts.append(pgettext("adaptation description", "dealer"))
        if entry["card"] is not None:
            held = (
                pgettext("adaptation description", "holds {card}")
                if entry["you"]
                else pgettext("adaptation description", "showed {card}")
            )
            parts.append(held.format(card=_card_text(entry["card"])))
        if not entry["you"] and not over:
            shown = entry["last_shown"]
            since = (
                pgettext("adaptation description", "changed since")
                if entry["changed_since"]
                else pgettext("adaptation description", "still holds it")
            )
            what = shown["label"] if shown else pgettext("adaptation description", "nothing")
            parts.append(
                pgettext("adaptation description", "last showed {card}, {since}").format(
                    card=what, since=since
                )
            )
        if entry["status"]:
            parts.append(entry["status"])
        lines.append(
            pgettext("adaptation description", "{who}: {parts}.").format(
                who=who, parts="; ".join(parts)
            )
        )
    last = board["history"][-1]
    shown = "; ".join(
        f"{seat_name(s)} {card['label']} ({last['scores'][s]})"
        for s, card in enumerate(last["cards"])
        if card is not None
    )
    lost = seats_in_words(last["defeated"])
    if last["round"] == 1:
        cost = pgettext("adaptation description", "{who} defeated (round one costs no token).")
    else:
        cost = pgettext("adaptation description", "{who} lost a token.")
    lines.append(
        pgettext(
            "adaptation description", "Last reveal, round {round}, {challenge} challenge: {shown}."
        ).format(round=last["round"], challenge=challenge_word(last["challenge"]), shown=shown)
        + " "
        + cost.format(who=lost)
    )
    if not over:  # (a game over was said first, with how many rounds it took)
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
    markers_key="challenge",
    x_label=N_("round"),
)
