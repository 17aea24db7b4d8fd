"""What the widget shows of a Niche game: a JSON view model, a text description, plot panels.

Built from the seat's observation (``NicheObservation``, its only input), so a seat's view can
never contain another seat's hand or a face-down gene-pool card. Cards travel as small dicts
with their text labels (challenge short names such as COLD or DARK), so the board never relies
on colour alone.
"""

from __future__ import annotations

from typing import Any

from evo_lessons.engine import Action, Panel, View, seat_name, turn_sentence
from evo_lessons.i18n import N_, data_text, pgettext, pN_, tr

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
from .words import (
    card_name,
    challenge_about,
    challenge_name,
    challenge_short,
    environment_name,
)

#: the live plot: the match (share of the environment's challenges met; not fitness, R16), then
#: progress
PANELS = (
    Panel(
        "match",
        N_("Match to the environment (share of challenges met)"),
        ylim=(-0.05, 1.05),
        yticks=(0, 0.25, 0.5, 0.75, 1),
        dodge=0.01,
    ),
    Panel(
        "environments_completed",
        N_("Environments completed (3 wins)"),  # (ENVIRONMENTS_TO_WIN, checked below)
        ylim=(-0.3, 3.3),
        yticks=(0, 1, 2, 3),
        dodge=0.05,
    ),
    Panel(
        "cards_in_play",
        N_("Cards in play (rule of 4)"),  # (PLAY_AREA_LIMIT, checked below)
        ylim=(-0.3, 5.3),
        yticks=(0, 1, 2, 3, 4, 5),
        dodge=0.05,
    ),
    Panel("events_suffered", N_("Events suffered"), dodge=0.05),
)
# the panel titles are catalogue entries, so they spell the rules' numbers out
assert ENVIRONMENTS_TO_WIN == 3 and PLAY_AREA_LIMIT == 4  # else: update the panel titles
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


#: the kinds of adaptation a trait card names (data.toml's keys), as the cards say them
ADAPTATION_KINDS = {
    "structural": pN_("niche card; a kind of adaptation", "structural"),
    "behavioural": pN_("niche card; a kind of adaptation", "behavioural"),
    "functional": pN_("niche card; a kind of adaptation", "functional"),
}

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
    table = "events" if info.is_event else "traits"
    name = data_text("niche", f"{table}.name", info.name)
    return {
        "id": card,
        # the key picks the body part the drawing gives the trait (a copy draws the copied one)
        "key": shown.key,
        "name": name,
        "name_lines": name_lines(name),
        "kind": info.kind,
        "meets": [challenge_short(c) for c in shown.meets],
        "meets_names": [challenge_name(c) for c in shown.meets],
        "adaptation": list(info.adaptation),
        "adaptation_names": [tr(ADAPTATION_KINDS.get(k, k)) for k in info.adaptation],
        "copy_of": card_name(shown.id) if copies is not None else None,
        "text": data_text("niche", f"{table}.text", info.text),
        "fact": data_text("niche", f"{table}.fact", info.fact),
    }


def environment_view(env: int, met: list[int] | None = None) -> dict[str, Any]:
    info = ENVIRONMENTS[env]
    met = met or []
    return {
        "id": env,
        "key": info.key,
        "name": environment_name(env),
        "about": data_text("niche", "environments.about", info.about),
        "challenges": [
            {"short": challenge_short(c), "name": challenge_name(c), "met": c in met}
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
                "completed": [environment_name(e) for e in s["completed"]],
                "play_area": [card_view(c, copies.get(c)) for c in s["play_area"]],
                "hand_size": s["hand_size"],
                "protected": s["protected"],
                "events_suffered": s["events_suffered"],
                "match": s["match"],
            }
        )
    pending = obs["pending_discard"]
    return {
        "challenges": [
            {
                "short": challenge_short(c.index),
                "name": challenge_name(c.index),
                "about": challenge_about(c.index),
            }
            for c in CHALLENGES
        ],
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
    meets = " + ".join(card["meets_names"])
    if card["copy_of"]:
        return pgettext("niche description", "{card} (a copy of {other}: {meets})").format(
            card=card["name"], other=card["copy_of"], meets=meets
        )
    if card["kind"] == "event":
        return pgettext("niche description", "{card} (event: {text})").format(
            card=card["name"], text=card["text"]
        )
    return pgettext("niche description", "{card} ({meets})").format(card=card["name"], meets=meets)


def describe(obs: NicheObservation) -> str:
    """A plain-text account of the board for screen readers (and for curious students)."""
    b = view_model(obs)
    sep = pgettext("list separator", ", ")
    nothing = pgettext("niche description", "nothing")
    lines = [
        pgettext(
            "niche description",
            "Round {round} of at most {max_rounds}. Trait deck {trait_deck} cards, discard pile "
            "{discard}, environment deck {environment_deck}.",
        ).format(
            round=b["round"],
            max_rounds=b["max_rounds"],
            trait_deck=b["trait_deck"],
            discard=b["discard"],
            environment_deck=b["environment_deck"],
        ),
    ]
    for number, stack in enumerate(b["gene_pool"], start=1):
        available = [_card_text(s["card"]) for s in stack if s["available"]]
        hidden = sum(1 for s in stack if s["present"] and not s["face_up"])
        covered = [s["card"]["name"] for s in stack if s["face_up"] and not s["available"]]
        lines.append(
            pgettext(
                "niche description",
                "Gene pool {n}: can be drawn: {available}; face up but covered: {covered}; "
                "face down: {hidden}.",
            ).format(
                n=number,
                available=sep.join(available) or nothing,
                covered=sep.join(covered) or pgettext("niche description", "none"),
                hidden=hidden,
            )
        )
    for p in b["players"]:
        who = seat_name(p["seat"])
        env = p["environment"]
        if env is None and b["phase"] == "keep":
            where = pgettext("niche description", "{who} is choosing an environment.")
        elif env is None:
            where = pgettext(
                "niche description", "{who} is between environments (draws a new one next turn)."
            )
        else:
            met, not_met = (
                pgettext("niche description; a challenge", "{challenge} met"),
                pgettext("niche description; a challenge", "{challenge} NOT met"),
            )
            parts = sep.join(
                (met if c["met"] else not_met).format(challenge=c["name"])
                for c in env["challenges"]
            )
            where = pgettext("niche description", "{who} is in the {environment}: {challenges}.")
            where = where.replace("{environment}", env["name"]).replace("{challenges}", parts)
        play = sep.join(_card_text(c) for c in p["play_area"]) or nothing
        done = sep.join(p["completed"]) or pgettext("niche description", "none yet")
        line = where.replace("{who}", who) + pgettext(
            "niche description; follows the sentence on where the player is",
            " In play ({n} of {limit}): {play}. Completed: {done}. {hand} cards in hand.",
        ).format(
            n=len(p["play_area"]), limit=b["play_limit"], play=play, done=done, hand=p["hand_size"]
        )
        if p["protected"]:
            line += pgettext("niche description", " Protected by a Refuge.")
        lines.append(line)
    if b["dealt"]:
        names = pgettext("niche description", " or ").join(e["name"] for e in b["dealt"])
        lines.append(
            pgettext("niche description", "Choose the environment to keep: {names}.").format(
                names=names
            )
        )
    if b["hand"] is not None and obs["seat"] is not None:
        hand = sep.join(_card_text(c) for c in b["hand"]) or pgettext(
            "niche description", "no cards"
        )
        lines.append(
            pgettext("niche description", "Your hand ({who}): {hand}.").format(
                who=seat_name(obs["seat"]), hand=hand
            )
        )
    if b["pending_discard"]:
        who = seat_name(b["pending_discard"]["player"])
        lines.append(
            pgettext("niche description", "{who} must discard a card from their play area.").format(
                who=who
            )
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
)
