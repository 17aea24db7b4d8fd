"""What the widget shows of a Niche game: a JSON view model, a text description, plot panels.

Built from the seat's observation (``NicheObservation``, its only input), so a seat's view can
never contain another seat's hand or a face-down gene-pool card. Cards travel as small dicts
with their text labels (challenge short names such as COLD or DARK), so the board never relies
on colour alone.
"""

from __future__ import annotations

from typing import Any

from evo_lessons.engine import Action, Panel, View, seat_name, turn_sentence

from .data import PLAY_AREA_LIMIT
from .observation import NicheObservation
from .pyramid import ACROSS, LAYER_OF
from .rules import (
    CARDS,
    CHALLENGES,
    ENVIRONMENTS,
    ENVIRONMENTS_TO_WIN,
    DiscardFromPlay,
    DrawEnvironment,
    DrawFromGenePool,
    KeepEnvironment,
    PlayCard,
)

#: the live plot: the match (share of the environment's challenges met; not fitness, R16), then
#: progress
PANELS = (
    Panel(
        "match",
        "Match to the environment (share of challenges met)",
        ylim=(-0.05, 1.05),
        yticks=(0, 0.25, 0.5, 0.75, 1),
        dodge=0.01,
    ),
    Panel(
        "environments_completed",
        f"Environments completed ({ENVIRONMENTS_TO_WIN} wins)",
        ylim=(-0.3, 3.3),
        yticks=(0, 1, 2, 3),
        dodge=0.05,
    ),
    Panel(
        "cards_in_play",
        f"Cards in play (rule of {PLAY_AREA_LIMIT})",
        ylim=(-0.3, 5.3),
        yticks=(0, 1, 2, 3, 4, 5),
        dodge=0.05,
    ),
    Panel("events_suffered", "Events suffered", dodge=0.05),
)
#: the columns of the table shown beside the plot
TABLE_COLUMNS = (
    "turn",
    "player",
    "match",
    "environments_completed",
    "cards_in_play",
    "events_suffered",
)


def action_target(action: Action) -> str | None:
    """The board element a click on which performs ``action``."""
    if isinstance(action, DrawFromGenePool):
        return f"pool-{action.stack}-{action.position}"
    if isinstance(action, PlayCard):
        return f"hand-{action.card}"
    if isinstance(action, DiscardFromPlay):
        return f"play-{action.card}"
    if isinstance(action, KeepEnvironment):
        return f"dealt-{action.environment}"
    if isinstance(action, DrawEnvironment):
        return "environment-deck"
    return None


#: the widest line of a card's name on the gene-pool cards (the renderer's card fits it at 11 px)
NAME_LINE = 16


def name_lines(name: str, width: int = NAME_LINE) -> list[str]:
    """A card's name broken between words into lines of at most ``width`` characters."""
    lines: list[str] = []
    for word in name.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def card_view(card: int, copies: int | None = None) -> dict[str, Any]:
    """A card as the renderer draws it; ``copies``: the trait a Gene flow card copies (R7)."""
    info = CARDS[card]
    shown = CARDS[copies] if copies is not None else info
    return {
        "id": card,
        # the key picks the body part the drawing gives the trait (a copy draws the copied one)
        "key": shown.key,
        "name": info.name,
        "name_lines": name_lines(info.name),
        "kind": info.kind,
        "meets": [CHALLENGES[c].short for c in shown.meets],
        "meets_names": [CHALLENGES[c].name for c in shown.meets],
        "adaptation": list(info.adaptation),
        "copy_of": shown.name if copies is not None else None,
        "text": info.text,
        "fact": info.fact,
    }


def environment_view(env: int, met: list[int] | None = None) -> dict[str, Any]:
    info = ENVIRONMENTS[env]
    met = met or []
    return {
        "id": env,
        "key": info.key,
        "name": info.name,
        "about": info.about,
        "challenges": [
            {"short": CHALLENGES[c].short, "name": CHALLENGES[c].name, "met": c in met}
            for c in info.challenges
        ],
    }


def view_model(obs: NicheObservation) -> dict[str, Any]:
    pool = []
    for stack in obs["gene_pool"]:
        pool.append(
            [
                {
                    "position": slot["position"],
                    "layer": LAYER_OF[slot["position"]],
                    # R1's geometry: where the card sits across the stack, in card widths
                    "across": ACROSS[slot["position"]],
                    "present": slot["present"],
                    "face_up": slot["face_up"],
                    "available": slot["available"],
                    "card": card_view(slot["card"]) if slot["card"] is not None else None,
                }
                for slot in stack
            ]
        )
    players = []
    for s in obs["seats"]:
        env = s["environment"]
        copies = dict((flow, trait) for flow, trait in s["copies"])
        players.append(
            {
                "seat": s["seat"],
                "environment": environment_view(env, s["challenges_met"])
                if env is not None
                else None,
                "completed": [ENVIRONMENTS[e].name for e in s["completed"]],
                "play_area": [card_view(c, copies.get(c)) for c in s["play_area"]],
                "hand_size": s["hand_size"],
                "protected": s["protected"],
                "events_suffered": s["events_suffered"],
                "match": s["match"],
            }
        )
    pending = obs["pending_discard"]
    return {
        "challenges": [{"short": c.short, "name": c.name, "about": c.about} for c in CHALLENGES],
        "gene_pool": pool,
        "players": players,
        "hand": [card_view(c) for c in obs["hand"]] if obs["hand"] is not None else None,
        "dealt": [environment_view(e) for e in obs["dealt_environments"] or []]
        if obs["phase"] == "keep"
        else [],
        "phase": obs["phase"],
        "turn": obs["turn"],
        "round": obs["round"],
        "max_rounds": obs["options"]["max_rounds"],
        "turn_player": obs["turn_player"],
        "current_player": obs["current_player"],
        "trait_deck": obs["trait_deck_size"],
        "discard": len(obs["discard"]),
        "discard_top": card_view(obs["discard"][-1]) if obs["discard"] else None,
        "environment_deck": obs["environment_deck_size"],
        "pending_discard": pending,
        "play_limit": PLAY_AREA_LIMIT,
        "to_win": ENVIRONMENTS_TO_WIN,
        "winners": obs["winners"],
        "ended_by_time": obs["ended_by_time"],
    }


def _card_text(card: dict[str, Any]) -> str:
    if card["copy_of"]:
        return f"{card['name']} (a copy of {card['copy_of']}: {' + '.join(card['meets_names'])})"
    if card["kind"] == "event":
        return f"{card['name']} (event: {card['text']})"
    return f"{card['name']} ({' + '.join(card['meets_names'])})"


def describe(obs: NicheObservation) -> str:
    """A plain-text account of the board for screen readers (and for curious students)."""
    b = view_model(obs)
    lines = [
        f"Round {b['round']} of at most {b['max_rounds']}. Trait deck {b['trait_deck']} cards, "
        f"discard pile {b['discard']}, environment deck {b['environment_deck']}.",
    ]
    for number, stack in enumerate(b["gene_pool"], start=1):
        available = [_card_text(s["card"]) for s in stack if s["available"]]
        hidden = sum(1 for s in stack if s["present"] and not s["face_up"])
        covered = [s["card"]["name"] for s in stack if s["face_up"] and not s["available"]]
        lines.append(
            f"Gene pool {number}: can be drawn: {', '.join(available) or 'nothing'}; "
            f"face up but covered: {', '.join(covered) or 'none'}; face down: {hidden}."
        )
    for p in b["players"]:
        who = seat_name(p["seat"])
        env = p["environment"]
        if env is None and b["phase"] == "keep":
            where = "choosing an environment"
        elif env is None:
            where = "between environments (draws a new one next turn)"
        else:
            parts = [f"{c['name']} {'met' if c['met'] else 'NOT met'}" for c in env["challenges"]]
            where = f"in the {env['name']}: {', '.join(parts)}"
        play = ", ".join(_card_text(c) for c in p["play_area"]) or "nothing"
        done = ", ".join(p["completed"]) or "none yet"
        lines.append(
            f"{who} is {where}. In play ({len(p['play_area'])} of {b['play_limit']}): {play}. "
            f"Completed: {done}. {p['hand_size']} cards in hand."
            + (" Protected by a Refuge." if p["protected"] else "")
        )
    if b["dealt"]:
        names = " or ".join(e["name"] for e in b["dealt"])
        lines.append(f"Choose the environment to keep: {names}.")
    if b["hand"] is not None and obs["seat"] is not None:
        hand = ", ".join(_card_text(c) for c in b["hand"]) or "no cards"
        lines.append(f"Your hand ({seat_name(obs['seat'])}): {hand}.")
    if b["pending_discard"]:
        who = seat_name(b["pending_discard"]["player"])
        lines.append(f"{who} must discard a card from their play area.")
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
)
