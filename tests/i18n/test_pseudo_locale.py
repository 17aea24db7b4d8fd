"""Under the pseudo-locale en_XA every string the package shows is marked ⟦…⟧ and 40% longer:
a text without the marker was never put through the catalogue.

These tests read what the widget sends its page (the view model, the page's strings, the plot's
spec), the same text a browser test would see, after a few moves of every game (Phylo's, move by
move to the end in each of its variants).
"""

from __future__ import annotations

import re

import pytest

from evo_lessons import GAMES
from evo_lessons.i18n import PSEUDO_LANG
from evo_lessons.widgets.game_widget import GameWidget

MARKED = re.compile(r"\u27e6[^\u27e6\u27e7]*\u27e7")  # innermost first: markers nest


def unmarked(text: str) -> str:
    """What is left of a text once its marked parts, numbers and punctuation are taken out."""
    rest, before = text, None
    while rest != before:
        before, rest = rest, MARKED.sub(" ", rest)
    return " ".join(w for w in re.findall(r"[^\W\d_]{2,}", rest))


def _texts(widget: GameWidget) -> dict[str, list[str]]:
    view = widget.view
    return {
        "page strings": list(widget.strings.values()),
        "title": [view["title"]],
        "status": [view["status"]],
        "choices": [a["label"] for a in view["actions"]],
        "description": view["description"].splitlines(),
        "log": [line["text"] for line in view["log"]],
        "table columns": view["table"]["columns"],
        "plot": [p["title"] for p in widget.plot_spec.get("panels", [])]
        + [widget.plot_spec.get("alt", ""), widget.plot_spec.get("x_label", "")],
        "seats": [s["name"] for s in view["seats"]],
    }


def _played(game: str) -> GameWidget:
    widget = GameWidget(game, seed=5, lang=PSEUDO_LANG)
    for _ in range(4):  # a few moves of the person, then the bots' replies
        if widget.state.is_over or not widget.view["actions"]:
            break
        widget.act(0)
    return widget


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_text_of_a_game_is_marked_under_the_pseudo_locale(game):
    widget = _played(game)
    missing = {part: [t for t in texts if unmarked(t)] for part, texts in _texts(widget).items()}
    missing = {part: texts[:3] for part, texts in missing.items() if texts}
    assert not missing, f"English left on screen in {game}: {missing}"


def test_pseudo_strings_are_at_least_40_percent_longer():
    widget = GameWidget("climate", seed=5, lang=PSEUDO_LANG)
    for key, text in widget.strings.items():
        assert text.startswith("\u27e6"), key
    en = GameWidget("climate", seed=5, lang="en").strings
    for key, text in widget.strings.items():
        assert len(text) >= 1.4 * len(en[key]), key


def test_the_finished_game_line_and_winners_are_marked():
    widget = GameWidget("climate", seed=5, lang=PSEUDO_LANG, players=2)
    widget.play_to_end()
    assert not unmarked(widget.view["status"])
    assert widget.view["result"] and not unmarked(widget.view["result"]["note"])


@pytest.mark.parametrize(
    "options",
    [{}, {"decks": "build"}, {"decks": "pool", "preselect": True}, {"realism": True}],
    ids=["themed", "build", "pool-preselect", "realism"],
)
def test_a_phylo_game_played_to_the_end_is_marked(options):
    """Phylo's every log line, choice and description, move by move, to the end (its sentences
    are shared events built once per language: a table built in English must never leak)."""
    from evo_lessons.games.phylo import Challenge

    seed, other = (1, "random") if options.get("realism") else (11, "attacker")
    widget = GameWidget("phylo", seed=seed, lang=PSEUDO_LANG, seats=["human", other], **options)
    seen: dict[str, set[str]] = {}
    challenged = False
    for _ in range(400):  # the person's moves (a bot's pick for them) and the bot's replies
        for part, texts in _texts(widget).items():
            seen.setdefault(part, set()).update(t for t in texts if unmarked(t))
        if widget.state.is_over:
            break
        bluff = [a for a in widget.state.legal_actions() if isinstance(a, Challenge)]
        if bluff and not challenged:  # call a bluff once: its verdict, the removal's choices
            widget.act(bluff[0])
            challenged = True
        else:
            widget.step()
    assert widget.state.is_over
    assert challenged == bool(options.get("realism"))
    log = [text for _step, text in widget.session.log]
    seen["whole log"] = {t for t in log if unmarked(t)}
    missing = {part: sorted(texts)[:3] for part, texts in seen.items() if texts}
    assert not missing, f"English left on screen in phylo {options}: {missing}"
