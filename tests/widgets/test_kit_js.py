"""The kit's pure JavaScript functions, run in Node (`.ci/run` installs Debian's nodejs).

The browser tests prove the widgets draw; these pin the small rules the drawing rests on: round
text without a limit, tick values, domains that double, and how choices are grouped.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from evo_lessons import GAMES, game_spec
from evo_lessons.widgets.frontend import game_module

NODE = shutil.which("node") or "node"


def run_js(expression: str, game: str = "climate"):
    """Evaluate ``expression`` after a game widget's whole module (without its export)."""
    module = game_module(game_spec(game).renderer).replace("export default { render };", "")
    script = f"{module}\nprocess.stdout.write(JSON.stringify({expression}));\n"
    # on standard input: the whole module is longer than one command-line argument may be
    out = subprocess.run([NODE, "-"], input=script, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_games_module_parses_and_registers_its_own_renderer_only(game):
    assert run_js("Object.keys(RENDERERS)", game) == [game]


def test_round_text_names_the_limit_only_when_there_is_one():
    assert run_js("[roundText(3, 10), roundText(3, null), roundText(1, undefined)]") == [
        "Round 3 of 10",
        "Round 3",
        "Round 1",
    ]


def test_ticks_are_round_numbers_across_the_domain():
    assert run_js("[niceTicks(0, 16), niceTicks(0, 1), niceTicks(-2, 8)]") == [
        [0, 5, 10, 15],
        [0, 0.2, 0.4, 0.6, 0.8, 1],
        [-2, 0, 2, 4, 6, 8],
    ]


def test_a_domain_doubles_until_it_holds_the_values():
    assert run_js("[grownDomain([0, 1], 0, 5), grownDomain([0, 8], -3, 2)]") == [
        [0, 8],
        [-4, 8],
    ]


def label_groups(labels: list[str]):
    actions = [{"index": i, "label": text, "target": None} for i, text in enumerate(labels)]
    expression = (
        f"groupActions({json.dumps(actions)}).map((g) => [g.head, g.items.map((i) => i.short)])"
    )
    return run_js(expression)


def test_choices_that_differ_in_their_place_share_one_heading():
    groups = label_groups(["Move to space 1", "Move to space 5", "End the turn"])
    assert groups == [["Move to space \u2026", ["1", "5"]], [None, ["End the turn"]]]


def test_a_choice_with_no_family_stays_a_whole_button():
    groups = label_groups(["Keep your card", "Discard your card and draw a new one"])
    assert groups == [
        [None, ["Keep your card"]],
        [None, ["Discard your card and draw a new one"]],
    ]


def test_each_card_groups_its_own_places():
    groups = label_groups(
        [
            "Play Nile crocodile at F1",
            "Play Giraffe at D1",
            "Play Nile crocodile at G2",
            "Play Giraffe at C2",
        ]
    )
    assert groups == [
        ["Play Nile crocodile at \u2026", ["F1", "G2"]],
        ["Play Giraffe at \u2026", ["D1", "C2"]],
    ]


def test_a_grouped_choice_button_still_holds_the_whole_sentence():
    actions = [
        {"index": i, "label": f"Move to cell {n} (already adapted)", "target": None}
        for i, n in enumerate((36, 37))
    ]
    texts = run_js(
        f"groupActions({json.dumps(actions)})[0].items"
        ".map((i) => [i.before, i.short, i.after].filter(Boolean).join(' '))"
    )
    assert texts == [a["label"] for a in actions]


def log_splice(shown: list[str], sent: list[str]) -> dict:
    return run_js(f"logSplice({json.dumps(shown)}, {json.dumps(sent)})")


def test_a_log_that_slides_on_keeps_its_entries_and_adds_the_new_ones():
    # the kernel sends the latest entries: two left the window and three came in
    assert log_splice(["a", "b", "c", "d"], ["c", "d", "e", "f", "g"]) == {"drop": 2, "keep": 2}


def test_a_log_with_nothing_new_is_left_as_it_is():
    assert log_splice(["a", "b"], ["a", "b"]) == {"drop": 0, "keep": 2}


def test_a_first_log_is_drawn_whole():
    assert log_splice([], ["a", "b"]) == {"drop": 0, "keep": 0}


def test_a_rewound_log_is_drawn_again():
    # Undo: the sent entries stop before the shown ones' end, so nothing shown can stay
    assert log_splice(["a", "b", "c"], ["a", "b"]) == {"drop": 3, "keep": 0}


def test_a_log_of_another_game_is_drawn_again():
    assert log_splice(["a", "b"], ["x", "y"]) == {"drop": 2, "keep": 0}


def test_repeated_entries_keep_the_longest_overlap():
    # the same words twice in a row: the overlap is the longest tail that starts the new list
    assert log_splice(["p", "p", "p"], ["p", "p", "p", "q"]) == {"drop": 0, "keep": 3}


def test_tick_labels_are_short_enough_for_the_margin():
    assert run_js("[0, 950, 1500, 50000, 1200000, -2000].map(compactNumber)") == [
        "0",
        "950",
        "1.5k",
        "50k",
        "1.2M",
        "-2k",
    ]


def test_fitted_text_keeps_what_fits_and_cuts_the_rest_with_an_ellipsis():
    short, cut, width = run_js(
        '[fitText("Lynx", 100, 12), fitText("Eurasian red squirrel", 60, 12, true),'
        ' textWidth("Eurasian red squirrel", 12, true)]'
    )
    assert short == "Lynx"
    assert cut.endswith("…") and "Eurasian red squirrel".startswith(cut[:-1])
    assert width > 60
    assert run_js(f'textWidth("{cut}", 12, true)') <= 60


def test_bold_text_is_measured_wider_than_regular():
    regular, bold = run_js('[textWidth("Grey wolf", 10), textWidth("Grey wolf", 10, true)]')
    assert 0 < regular < bold
