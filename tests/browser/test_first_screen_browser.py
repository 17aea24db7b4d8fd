"""The lessons' games on a school laptop's first screen, and what the student walk found.

A student opens a lesson as README launches it: JupyterLab at 1280x800 with its file browser
open, the notebook 950 px wide. For each lesson's game widget (the very call the lesson makes),
at its opening and half-way through, with the widget's top at the top of the notebook view:

- the board's drawing, the player's own hand or creature (``[data-own]``) and the "Your
  choices" panel all end inside the first screen (the log, plots and tools may follow);
- in the dark theme as in the light one.

And what the walk reported (shared/reviews/new-user.md, 2a and 2c):

- Adapt or Die's bugs never catch a click meant for the space beneath them (the browser's own
  hit test at every outlined space, and a real click), and a bug standing on a mat leaves its
  name in sight; the scorecard fits its player's card;
- Phylo's grid shows every card it holds without cutting a column off, at 1280 and at 360 px,
  and a card selected in the hand is placed on the grid without scrolling;
- Adaptation's round history shows every player's column at 1280; Climate's genome boards fit
  the board at 360 px;
- the population widget draws its individuals and says its rule in words.

The figures (screens of height, where the own cards and the choices end) are printed, so a run
with ``-s`` reports them.
"""

from __future__ import annotations

import json

import pytest

from .lab import ARTIFACTS, notebook_of
from .test_layout_browser import _close_file_browser, _set_theme

pytestmark = pytest.mark.browser

#: (what, the lesson's call, the selector of its board's drawing, the person's moves that take
#: the game about half-way: measured with the helper bot, fixed so the page is quick to build)
LESSON_GAMES = [
    ("00 climate", 'GameWidget("climate", players=2, seed=1)', ".evo-climate-map", 12),
    (
        "01 climate",
        'GameWidget("climate", seed=2026, players=4, max_rounds=10)',
        ".evo-climate-map",
        5,
    ),
    ("02 niche", 'GameWidget("niche", seed=2026, players=4)', ".evo-niche-pool", 6),
    ("03 adaptation", 'GameWidget("adaptation", seed=2026, players=4)', ".evo-ad-table", 4),
    (
        "04 adapt_or_die",
        'GameWidget("adapt_or_die", seed=2028, seats=["human", "trader", "fitter", "trader"])',
        ".evo-aod-board",
        12,
    ),
    (
        "05 phylo",
        'GameWidget("phylo", seed=2039, seats=["human", "builder"], deck_1="woodland", '
        'deck_2="savanna")',
        ".evo-phylo-grid",
        8,
    ),
]

SETUP = '''from evo_lessons import GameWidget
from evo_lessons.population import PopulationWidget


def into_the_game(widget, moves):
    """The widget after its person's first ``moves`` moves (the helper bot making them)."""
    for _ in range(moves):
        widget.step()
    assert not widget.state.is_over
    return widget


def bug_on_a_mat():
    """An Adapt or Die game of bots, stopped when a bug stands on a laid mat."""
    widget = GameWidget("adapt_or_die", seed=5, seats=["trader", "fitter", "trader", "fitter"])
    while True:
        board = widget.view["board"]
        spaces = len(board["board"]["spaces"])
        if any(bug["position"] >= spaces for bug in board["bugs"]):
            return widget
        assert not widget.state.is_over, "no bug reached a mat"
        widget.step()
'''

#: (what, code) of each widget cell, in page order
CELLS = [
    *((f"{what} opening", call) for what, call, _, _ in LESSON_GAMES),
    *(
        (f"{what} middle", f"into_the_game({call}, {moves})")
        for what, call, _, moves in LESSON_GAMES
    ),
    ("adapt_or_die bug on a mat", "bug_on_a_mat()"),
    ("hot seat", 'GameWidget("climate", players=2, seats=["human", "human"], seed=1)'),
    ("population", 'PopulationWidget("climate", size=300, mutation_rate=0.01, seed=2)'),
]

FIRST_SCREEN = r"""(root, board) => {
  const view = document.querySelector('.jp-NotebookPanel-notebook').getBoundingClientRect();
  const box = root.getBoundingClientRect();
  const end = (sel) => {
    const node = root.querySelector(sel);
    return node && node.getClientRects().length ? Math.round(node.getBoundingClientRect().bottom)
                                                : null;
  };
  return { top: Math.round(view.top), bottom: Math.round(view.bottom),
           widgetTop: Math.round(box.top), screens: box.height / (view.bottom - view.top),
           board: end(board), own: end('[data-own]'), choices: end('.evo-turn'),
           firstChoice: end('.evo-actions button') };
}"""


def _notebook() -> str:
    return json.dumps(notebook_of([SETUP, *(code for _, code in CELLS)]))


def _open(lab_page, theme: str):
    """The page with every widget drawn, at 1280x800 with the file browser open."""
    lab = lab_page.lab
    name = f"first_screen_{theme}.ipynb"
    (lab.root / name).write_text(_notebook(), encoding="utf-8")
    _set_theme(lab, "JupyterLab Dark" if theme == "dark" else "JupyterLab Light")
    page = lab_page.page
    page.set_viewport_size({"width": 1280, "height": 800})
    lab_page.open_notebook(name)
    lab_page.run_all()
    selector = ".evo-root[data-position], .evo-pop[data-generation]"
    page.wait_for_function(
        """([selector, count]) => document.querySelectorAll(selector).length >= count ||
             document.querySelector('.jupyter-widgets-error-widget') !== null""",
        arg=[selector, len(CELLS)],
        timeout=400_000,
    )
    assert not page.locator(".jupyter-widgets-error-widget").count()
    # README's launch: the file browser stays open beside the notebook
    assert page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").count() == 1
    roots = page.locator(selector)
    return page, {what: roots.nth(k) for k, (what, _) in enumerate(CELLS)}


def _top(root) -> None:
    """The widget's top at the top of the notebook view, as a student scrolls to it."""
    root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    root.page.wait_for_function(
        """(el) => Math.abs(el.getBoundingClientRect().top - document.querySelector(
             '.jp-NotebookPanel-notebook').getBoundingClientRect().top) < 2""",
        arg=root.element_handle(),
    )


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_board_own_cards_and_choices_share_the_first_screen(lab_page, theme):
    page, roots = _open(lab_page, theme)
    failures, figures = [], []
    for what, _, board, _ in LESSON_GAMES:
        for stage in ("opening", "middle"):
            root = roots[f"{what} {stage}"]
            _top(root)
            m = root.evaluate(FIRST_SCREEN, board)
            figures.append(
                f"{what} {stage}: {m['screens']:.2f} screens; board ends {m['board']}, own "
                f"cards {m['own']}, choices {m['choices']} (first screen ends {m['bottom']})"
            )
            wrong = [
                f"no {part} drawn"
                if m[part] is None
                else f"the {part} ends at {m[part]}, below the first screen ({m['bottom']})"
                for part in ("board", "own", "choices", "firstChoice")
                if m[part] is None or m[part] > m["bottom"] + 1
            ]
            if wrong:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                slug = f"first_screen_{what}_{stage}_{theme}".replace(" ", "_")
                page.screenshot(path=str(ARTIFACTS / f"{slug}.png"))
                failures += [f"{what} {stage}: {w}" for w in wrong]
    print("\n".join(["", f"first screen at 1280x800 ({theme}):", *figures]))
    assert not failures, "\n".join(failures)
    assert not lab_page.console_errors, lab_page.console_errors


TARGETS_HIT = r"""(root) => {
  // the browser's own hit test at the middle of every outlined place on the board
  const missed = [];
  for (const t of root.querySelectorAll('.evo-aod-board .evo-target')) {
    const r = t.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!hit || hit.closest('.evo-target') !== t) {
      const by = hit ? (hit.closest('[aria-label]') || hit).getAttribute('aria-label') : 'nothing';
      missed.push(`${t.getAttribute('aria-label')} is covered by ${by}`);
    }
  }
  return { count: root.querySelectorAll('.evo-aod-board .evo-target').length, missed };
}"""

MAT_NAMES_CLEAR = r"""(root) => {
  const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom &&
                            b.top < a.bottom;
  const bugs = [...root.querySelectorAll('.evo-aod-bug')].map((b) => b.getBoundingClientRect());
  const names = [...root.querySelectorAll('.evo-aod-board [data-place] text[font-weight="bold"]')];
  const hidden = names.filter((n) => bugs.some((b) => overlap(b, n.getBoundingClientRect())))
    .map((n) => n.textContent);
  return { names: names.length, hidden };
}"""

SCORECARDS_FIT = r"""(root) => [...root.querySelectorAll('.evo-aod-card')].filter((card) => {
  const table = card.querySelector('.evo-aod-scorecard');
  return table && (table.getBoundingClientRect().right > card.getBoundingClientRect().right + 1 ||
                   table.parentElement.scrollWidth > table.parentElement.clientWidth + 1);
}).map((card) => card.dataset.player)"""


def test_adapt_or_die_bugs_let_clicks_through_and_leave_mat_names_in_sight(lab_page):
    page, roots = _open(lab_page, "light")
    # at the opening every bug stands on the centre, beside the spaces a roll reaches
    root = roots["04 adapt_or_die opening"]
    _top(root)
    hits = root.evaluate(TARGETS_HIT)
    assert hits["count"] > 0 and not hits["missed"], hits
    assert root.evaluate(SCORECARDS_FIT) == []
    # a real click (Playwright refuses one that another element would catch) on the outlined
    # space nearest the centre, where the bugs are
    position = int(root.get_attribute("data-position"))
    nearest = root.evaluate_handle(
        """(root) => {
          const centre = root.querySelector('.evo-aod-bug').getBoundingClientRect();
          const dist = (t) => { const r = t.getBoundingClientRect();
            return Math.hypot(r.left - centre.left, r.top - centre.top); };
          return [...root.querySelectorAll('.evo-aod-board .evo-target')]
            .sort((a, b) => dist(a) - dist(b))[0];
        }"""
    )
    nearest.as_element().click(timeout=10_000)
    page.wait_for_function(
        "([el, before]) => Number(el.dataset.position) > before",
        arg=[root.element_handle(), position],
    )
    # later: a bug on a laid mat stands beside it, its name in sight
    root = roots["adapt_or_die bug on a mat"]
    _top(root)
    clear = root.evaluate(MAT_NAMES_CLEAR)
    assert clear["names"] > 0 and clear["hidden"] == [], clear
    assert root.evaluate(SCORECARDS_FIT) == []
    assert not lab_page.console_errors, lab_page.console_errors


PHYLO_CARDS_SHOWN = r"""(root) => {
  // the spaces holding a card or a HOME that lie outside the grid's visible frame, and whether
  // the frame says it scrolls sideways
  const frame = root.querySelector('.evo-phylo-frame').getBoundingClientRect();
  const held = [...root.querySelectorAll('.evo-phylo-grid [data-space]')]
    .filter((g) => g.querySelectorAll('rect').length > 1);
  const cut = held.filter((g) => {
    const r = g.getBoundingClientRect();
    return r.left < frame.left - 1 || r.right > frame.right + 1;
  }).map((g) => g.dataset.space);
  const hint = root.querySelector('.evo-phylo-scroll-hint');
  return { held: held.length, cut, hint: !!hint && !hint.hidden };
}"""


CLIMATE_CARDS_OUT = r"""(root) => [
  ...root.querySelectorAll('.evo-climate-card, .evo-climate-card svg')]
  .filter((c) => c.getBoundingClientRect().right >
                 c.closest('.evo-board, .evo-own').getBoundingClientRect().right + 1).length"""


def test_nothing_is_cut_off_sideways_and_phylo_is_played_on_one_screen(lab_page):
    page, roots = _open(lab_page, "light")
    phylo = roots["05 phylo opening"]

    def sideways(size: str) -> None:
        for what in ("05 phylo opening", "05 phylo middle"):
            _top(roots[what])
            shown = roots[what].evaluate(PHYLO_CARDS_SHOWN)
            if size == "1280x800":  # a laptop shows every card of the table in play
                assert shown["cut"] == [] and not shown["hint"], (what, shown)
            else:  # a phone: the cards in play start in sight; the rest scrolls, and it says so
                assert len(shown["cut"]) < shown["held"], (what, shown)
                assert shown["hint"] == bool(shown["cut"]), (what, shown)
        # Climate's genome boards stay inside their box (at a phone's width too)
        for what in ("00 climate opening", "01 climate middle"):
            _top(roots[what])
            assert roots[what].evaluate(CLIMATE_CARDS_OUT) == 0, (what, size)

    sideways("1280x800")
    # Adaptation's round history: every player's column in sight at 1280
    history = roots["03 adaptation middle"]
    _top(history)
    columns = history.evaluate(
        """(root) => { const t = root.querySelector('.evo-ad-history table');
           const frame = t.parentElement.getBoundingClientRect();
           return [...t.querySelectorAll('th')].filter((th) =>
             th.getBoundingClientRect().right > frame.right + 1).map((th) => th.textContent); }"""
    )
    assert columns == []
    # Phylo: select a card in the hand, then place it on the grid, all on the first screen
    _top(phylo)
    bottom = page.evaluate(
        "() => document.querySelector('.jp-NotebookPanel-notebook').getBoundingClientRect().bottom"
    )
    card = phylo.locator(".evo-own .evo-phylo-card[role=button]").first
    assert card.bounding_box()["y"] + card.bounding_box()["height"] <= bottom
    card.click()
    target = phylo.locator(".evo-phylo-grid .evo-target").first
    target.wait_for()
    box = target.bounding_box()
    assert box["y"] + box["height"] <= bottom, "the places to play are below the first screen"
    position = int(phylo.get_attribute("data-position"))
    target.click()
    page.wait_for_function(
        "([el, before]) => Number(el.dataset.position) > before",
        arg=[phylo.element_handle(), position],
    )
    # a phone: the file browser closed (it covers the notebook there), 360 px wide
    page.set_viewport_size({"width": 360, "height": 740})
    _close_file_browser(page)
    sideways("360x740")
    page.set_viewport_size({"width": 1280, "height": 800})
    assert not lab_page.console_errors, lab_page.console_errors


def test_the_population_is_drawn_as_individuals_with_its_rule_in_words(lab_page):
    page, roots = _open(lab_page, "light")
    root = roots["population"]
    _top(root)
    flock = root.locator(".evo-flock")
    assert flock.locator(".evo-flock-svg > g").count() == 24
    label = flock.locator(".evo-flock-svg").get_attribute("aria-label")
    assert "24 individuals stand for all 300" in label and "Body" in label
    legend = flock.locator(".evo-flock-legend").text_content()
    assert all(trait in legend for trait in ("Body", "Colour", "Metabolism"))
    rule = flock.locator(".evo-flock-rule").text_content()
    assert "exp(" not in rule and "Nobody chooses" in rule and "37%" in rule
    # stepping redraws the crowd from the new counts
    root.locator(".evo-pop-step10").click()
    page.wait_for_function("(el) => el.dataset.generation === '10'", arg=root.element_handle())
    assert flock.locator(".evo-flock-svg > g").count() == 24
    assert not lab_page.console_errors, lab_page.console_errors


def test_a_covered_seat_shows_none_of_its_own_cards(lab_page):
    """People taking turns at one screen: while the board is covered for the next person,
    their own cards beside the choices are hidden too, until they press "Show my hand"."""
    page, roots = _open(lab_page, "light")
    root = roots["hot seat"]
    _top(root)
    cover, own = root.locator(".evo-cover"), root.locator(".evo-own")

    def show_my_hand(player: str) -> None:
        assert cover.is_visible() and own.is_hidden()
        cover.get_by_role("button", name="Show my hand").click()
        cover.wait_for(state="hidden")
        assert own.is_visible() and player in own.text_content()

    show_my_hand("Player 1")  # the first person sits down
    for _ in range(20):  # Player 1 moves until the turn passes to Player 2
        if cover.is_visible():
            break
        position = int(root.get_attribute("data-position"))
        root.locator(".evo-actions button").first.click()
        page.wait_for_function(
            "([el, before]) => Number(el.dataset.position) > before",
            arg=[root.element_handle(), position],
        )
    show_my_hand("Player 2")
    assert not lab_page.console_errors, lab_page.console_errors
