"""Every widget's layout on real screens, in JupyterLab's light and dark themes, at every stage.

One notebook per theme holds, for each shipped game, its default widget at the opening, in the
middle of a game (half of the moves a game with the helper bot takes, made by Step) and at the
end (``play_to_end``), a population widget of every world after a run with its plots full, and
the lesson boxes a student writes in, each with the longest text the shipped lessons give it (the
name box with its upload box open and a refusal shown, a question waiting for an answer, one
answered with its model answer revealed, a result waiting for its prediction, a number read off
wrongly and one rightly, the hand-in with its downloads).
At 1280x800 (a school laptop), 1920x1080 and 360x740 (a phone), with Lab's file browser closed,
each widget in turn is scrolled to the top of the page and:

- the widget is no wider than the page, and nothing in it sticks out of its sides (except
  inside a box that scrolls on purpose);
- no label's text overflows its box (HTML: scrollWidth past clientWidth), no SVG text runs out
  of its card or tile (its box: the smallest rectangle drawn before it in its group or an
  enclosing one that holds its middle) or out of its drawing, and no word is broken mid-word;
- where a person is to move, the current player's choices are inside the viewport, and at
  1280x800 so is every place on the board the student can click now (other players' cards drawn
  below the board, which trades click, may lie lower: the choices list offers them too); at
  1920 the board and the plot sit side by side;
- every text, HTML or drawn, is readable against what lies behind it: a contrast of at least
  4.5:1, 3:1 for large text (WCAG AA; a disabled control is exempt);
- nothing is logged to the console as an error.

One page per theme, every position on it, so the suite stays quick; every problem of a theme is
gathered and reported together, each failing widget's screenshot kept in tests/artifacts/.
"""

from __future__ import annotations

import ast
import json
import os
import urllib.request
from pathlib import Path

import pytest

from evo_lessons import GAMES
from evo_lessons.lessons import available_lessons, load_answers
from evo_lessons.population import WORLDS

from .lab import ARTIFACTS, notebook_of

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1920, 1080), (360, 740)]
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
#: the themes to check, comma-separated (every theme if unset): a commit's ``.ci/run`` that
#: changes no CSS or JavaScript, so no colour, checks one (by the commit's hash; the layout
#: checks are the same in both themes, the contrast of unchanged colours is unchanged)
ONLY_THEMES = "EVO_CI_THEMES"


def themes_to_check() -> list[str]:
    named = [t.strip() for t in os.environ.get(ONLY_THEMES, "").split(",") if t.strip() in THEMES]
    return named or list(THEMES)


SHIPPED = [name for name in GAMES if GAMES[name].startswith("evo_lessons.")]
STAGES = ("opening", "middle", "end")

SETUP = '''from evo_lessons import GameWidget
from evo_lessons.population import PopulationWidget


def at(game, stage, seed=4):
    """The game's default widget at its opening, half-way through, or at its end."""
    widget = GameWidget(game, seed=seed)
    if stage == "middle":
        probe = GameWidget(game, seed=seed, plot=False)
        moves = 0
        while not probe.state.is_over:
            probe.step()
            moves += 1
        for _ in range(moves // 2):
            widget.step()
        assert not widget.state.is_over
    elif stage == "end":
        widget.play_to_end()
    return widget


def run(world, size=400, generations=150, **settings):
    """A population after some generations, the environment changed half-way."""
    widget = PopulationWidget(world, size=size, mutation_rate=0.01, seed=2, **settings)
    widget.step(generations // 2)
    widget.change_environment(**widget.population.world.choices(
        widget.population.environment)[0].changes)
    widget.step(generations - generations // 2)
    return widget
'''
#: (what, code) of each widget cell, in page order
CELLS = [
    *((f"{game} {stage}", f"at({game!r}, {stage!r})") for game in SHIPPED for stage in STAGES),
    *((f"population {world}", f"run({world!r})") for world in WORLDS),
    # the largest population the widget shows, in two places: six-figure numbers on its axis
    ("population largest", "run('climate', size=100_000, cells=[29, 30], generations=3)"),
]

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _longest_prompts() -> dict[str, str]:
    """The longest prompt of each kind of box (``question``, ``read_off``) in the shipped
    lessons, read from their notebooks' calls."""
    longest = {"question": "", "read_off": ""}
    for path in sorted(NOTEBOOKS.glob("[0-9]*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            try:
                tree = ast.parse("".join(cell["source"]))
            except SyntaxError:  # a cell of IPython magics
                continue
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                    continue
                kind = node.func.id
                if (
                    kind in longest
                    and len(node.args) > 1
                    and isinstance(node.args[1], ast.Constant)
                ):
                    longest[kind] = max(longest[kind], node.args[1].value, key=len)
    return longest


def _longest_model_answer() -> tuple[str, str, str]:
    """(lesson, question id, another question id of that lesson) of the longest model answer."""
    entries = [
        (len(entry.answer), lesson, question)
        for lesson in available_lessons()
        for question, entry in load_answers(lesson).questions.items()
    ]
    _, lesson, question = max(entries)
    other = next(q for q in load_answers(lesson).questions if q != question)
    return lesson, question, other


PROMPTS = _longest_prompts()
LESSON, ANSWERED, WAITING = _longest_model_answer()
#: a long name with a hyphen and letters beyond ASCII, as on a real class list
NAME = "Maria-Fernanda Oyelaran-Szczepańska"

LESSON_SETUP = """from evo_lessons.lessons import (
    hand_in, question, read_off, result, start_lesson, student,
)

start_lesson({lesson!r}, work_dir={folder!r}, show_results=False)
"""
#: (what, code) of each lesson cell after LESSON_SETUP; its whole output is measured
LESSON_CELLS = [
    (
        "lesson name and upload box",
        f"box = student()\nbox.name = {NAME!r}\nbox.restore('This is not a hand-in.')\nbox",
    ),
    ("lesson question waiting for an answer", f"question({WAITING!r}, {PROMPTS['question']!r})"),
    (
        "lesson question answered and revealed",
        f"box = question({ANSWERED!r}, {PROMPTS['question']!r}, stage='explain')\n"
        f"box.answer = {PROMPTS['question']!r}\nbox.reveal()\nbox",
    ),
    (
        "lesson result waiting for its prediction",
        f"@result({WAITING!r})\ndef waiting():\n    print('shown once the prediction is saved')",
    ),
    (
        "lesson number read off wrongly",
        f"box = read_off('layout-reading', {PROMPTS['read_off']!r}, 0.5, tolerance=0.01, "
        "unit='species')\nbox.typed = '123456.5'\nbox.check()\nbox",
    ),
    (
        "lesson number read off rightly",
        f"box = read_off('layout-right', {PROMPTS['read_off']!r}, 0.5, tolerance=0.01)\n"
        "box.typed = '50%'\nbox.check()\nbox",
    ),
    ("lesson hand-in", "box = hand_in()\nbox.hand_in()\nbox"),
]

MEASURE = r"""(root) => {
  const bad = [];
  const where = (node) => `${node.tagName.toLowerCase()}.${String(node.className.baseVal ??
    node.className).trim().replace(/\s+/g, '.')}`;
  const text = (node) => `"${node.textContent.trim().slice(0, 50)}"`;
  const shown = (node) => {
    const style = getComputedStyle(node);
    const folded = node.closest('details:not([open])');
    return style.display !== 'none' && style.visibility !== 'hidden' &&
           node.getClientRects().length > 0 && !(folded && !node.closest('summary'));
  };
  // anything that sticks out of the widget's sides (what lies in a box that scrolls on
  // purpose, such as a wide board in its frame, may)
  const edge = root.getBoundingClientRect();
  const scrolls = (node) => {
    for (let n = node.parentElement; n && n !== root; n = n.parentElement) {
      const o = getComputedStyle(n).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
    }
    return false;
  };
  for (const node of root.querySelectorAll('*')) {
    if (node.closest('svg') && node.tagName !== 'svg') continue;  // a drawing is one thing
    if (!shown(node)) continue;
    const r = node.getBoundingClientRect();
    if (r.width === 0 || (r.left >= edge.left - 1 && r.right <= edge.right + 1)) continue;
    if (scrolls(node)) continue;
    bad.push(`sticks out of the widget: ${where(node)} ${text(node)} ` +
             `(${Math.round(r.left)}..${Math.round(r.right)} in ` +
             `${Math.round(edge.left)}..${Math.round(edge.right)})`);
  }
  // HTML labels whose text runs out of their box (boxes that scroll on purpose are not labels)
  const sel = 'button, label, legend, summary, h3, h4, p, th, td, figcaption, li, output, ' +
              '.evo-seat, span, div';
  for (const node of root.querySelectorAll(sel)) {
    if (!shown(node) || getComputedStyle(node).display === 'inline') continue;
    if (node.closest('.evo-visually-hidden')) continue;  // read aloud, never shown
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own && !/^(BUTTON|LABEL|LEGEND|SUMMARY|H3|H4|P|TH|TD|FIGCAPTION|LI)$/.test(node.tagName))
      continue;
    const overflow = getComputedStyle(node).overflowX;
    if (overflow === 'auto' || overflow === 'scroll') continue;
    if (node.scrollWidth > node.clientWidth + 1) {
      bad.push(`overflows: ${where(node)} ${text(node)} ` +
               `(${node.scrollWidth} > ${node.clientWidth})`);
    }
  }
  // words broken across two lines (a hyphen or slash is a fair place to break)
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const parent = t.parentElement;
    if (!parent || parent.closest('svg, pre, textarea, input, script, style, ' +
                                  '.evo-visually-hidden')) continue;
    if (!shown(parent)) continue;
    for (const m of t.textContent.matchAll(/[^\s\-\/]{2,}/g)) {
      range.setStart(t, m.index);
      range.setEnd(t, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)));
      if (lines.size > 1) {
        bad.push(`word broken: "${m[0]}" in ${where(parent)} ${text(parent)}`);
        break;
      }
    }
  }
  // SVG text: inside its drawing, and inside its card or tile
  for (const svg of root.querySelectorAll('svg')) {
    if (!shown(svg) || svg.parentElement.closest('svg')) continue;
    const frame = svg.getBoundingClientRect();
    if (frame.width < 2) continue;
    for (const node of svg.querySelectorAll('text')) {
      if (!shown(node) || !node.textContent.trim()) continue;
      const r = node.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.left < frame.left - 1 || r.right > frame.right + 1 || r.top < frame.top - 1 ||
          r.bottom > frame.bottom + 1) {
        bad.push(`svg text out of its drawing: ${text(node)} in ${where(svg)}`);
        continue;
      }
      const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
      let box = null;
      for (let g = node.parentElement; g && g !== svg.parentElement && !box; g = g.parentElement) {
        for (const c of g.children) {
          if (c === node || c.contains(node)) break;  // only what is drawn before the text
          if (c.tagName !== 'rect' || !shown(c)) continue;
          const b = c.getBoundingClientRect();
          if (b.width < 8 || b.height < 8) continue;
          if (cx < b.left || cx > b.right || cy < b.top || cy > b.bottom) continue;
          if (!box || b.width * b.height < box.width * box.height) box = b;
        }
      }
      if (box && (r.left < box.left - 1 || r.right > box.right + 1 ||
                  r.top < box.top - 1.5 || r.bottom > box.bottom + 1.5)) {
        bad.push(`svg text out of its box: ${text(node)} ` +
                 `(${Math.round(r.width)}x${Math.round(r.height)} in ` +
                 `${Math.round(box.width)}x${Math.round(box.height)}) in ${where(svg)}`);
      }
    }
  }
  return bad;
}"""

CONTRAST = r"""(root) => {
  // WCAG 2 contrast of each text against what is painted behind it
  const bad = [];
  const rgba = (text) => {
    const m = /rgba?\(([^)]*)\)/.exec(text);
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, below) => below.map((v, i) => top[i] * top[3] + v * (1 - top[3]));
  const behind = (node) => {  // the backgrounds from the first opaque one up to the text
    const layers = [];
    for (let n = node; n; n = n.parentElement) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c && c[3] > 0) {
        layers.push(c);
        if (c[3] >= 1) break;
      }
    }
    return layers.reverse().reduce((below, c) => over(c, below), [255, 255, 255]);
  };
  const luminance = (c) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const faded = (node, stop) => {  // the opacity of a node and its groups, multiplied
    let alpha = 1;
    for (let n = node; n && n !== stop; n = n.parentElement) {
      alpha *= Number(getComputedStyle(n).opacity);
    }
    return alpha;
  };
  const judge = (node, ink, alpha, back, px, bold) => {
    const fore = over([ink[0], ink[1], ink[2], ink[3] * alpha], back);
    const [hi, lo] = [luminance(fore), luminance(back)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const large = px >= 24 || (px >= 18.66 && bold);
    if (ratio < (large ? 3 : 4.5) - 0.005) {
      bad.push(`low contrast ${ratio.toFixed(2)}:1: "${node.textContent.trim().slice(0, 40)}" ` +
               `(rgb(${fore.map(Math.round).join(', ')}) on ` +
               `rgb(${back.map(Math.round).join(', ')}))`);
    }
  };
  const shown = (node) => getComputedStyle(node).visibility !== 'hidden' &&
                          node.getClientRects().length > 0;
  // HTML text
  const seen = new Set();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const node = t.parentElement;
    if (!node || seen.has(node) || !t.textContent.trim()) continue;
    seen.add(node);
    // Lab's own prompts ("[12]:") are Lab's to colour, not ours
    if (node.closest('svg, script, style, .evo-visually-hidden, :disabled, .jp-OutputPrompt')) {
      continue;
    }
    if (!shown(node)) continue;
    const style = getComputedStyle(node);
    judge(node, rgba(style.color), faded(node, root.parentElement), behind(node),
          parseFloat(style.fontSize), Number(style.fontWeight) >= 700);
  }
  // SVG text: against the shapes painted before it whose fill covers its middle (rectangles,
  // circles, ellipses, polygons, paths: the browser's own hit test), over what lies behind the
  // drawing; a text with an outline (a halo of its own) is judged by the halo's maker, not here
  const painted = 'rect, circle, ellipse, polygon, path';
  for (const svg of root.querySelectorAll('svg')) {
    if (svg.parentElement.closest('svg') || !shown(svg)) continue;
    const base = behind(svg);
    const order = [...svg.querySelectorAll(`${painted}, text`)];
    order.forEach((node, at) => {
      if (node.tagName !== 'text' || !node.textContent.trim() || !shown(node)) return;
      const style = getComputedStyle(node);
      const ink = rgba(style.fill);
      if (!ink || (style.stroke !== 'none' && parseFloat(style.strokeWidth) > 0)) return;
      const r = node.getBoundingClientRect();
      if (r.width === 0) return;
      const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
      let back = base;
      for (const shape of order.slice(0, at)) {
        if (shape.tagName === 'text' || !shown(shape)) continue;
        const b = shape.getBoundingClientRect();
        if (cx < b.left || cx > b.right || cy < b.top || cy > b.bottom) continue;
        const toShape = shape.getScreenCTM();
        if (!toShape) continue;
        const point = new DOMPoint(cx, cy).matrixTransform(toShape.inverse());
        if (!shape.isPointInFill(point)) continue;
        const paint = getComputedStyle(shape);
        const fill = rgba(paint.fill);
        if (!fill) continue;  // no fill, or a pattern
        const alpha = fill[3] * Number(paint.fillOpacity) * faded(shape, svg);
        back = over([fill[0], fill[1], fill[2], alpha], back);
      }
      const scale = node.getScreenCTM() ? Math.abs(node.getScreenCTM().a) : 1;
      judge(node, ink, Number(style.fillOpacity) * faded(node, svg.parentElement), back,
            parseFloat(style.fontSize) * scale, Number(style.fontWeight) >= 700);
    });
  }
  return bad;
}"""

CHOICES_IN_VIEW = r"""(root) => {
  const inside = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 1 &&
                        r.right <= innerWidth + 1 && r.width > 0 && r.height > 0;
  const box = root.querySelector('.evo-actions').getBoundingClientRect();
  const first = root.querySelector('.evo-actions button');
  // the board's places a student clicks now (a renderer marks another player's card, drawn
  // below the board, "data-below-board": its places are also in the choices list)
  const out = [...root.querySelectorAll('.evo-board .evo-target')]
    .filter((t) => !t.closest('[data-below-board]'))
    .filter((t) => !inside(t.getBoundingClientRect()))
    .map((t) => `${t.getAttribute('aria-label')} at ${Math.round(t.getBoundingClientRect().top)}`);
  return { box: inside(box), first: first ? inside(first.getBoundingClientRect()) : false,
           count: root.querySelectorAll('.evo-actions button').length,
           rect: first ? [first.getBoundingClientRect().top, first.getBoundingClientRect().bottom]
                       : null,
           targetsOut: out };
}"""

SIDE_BY_SIDE = r"""(root) => {
  const board = root.querySelector('.evo-board-wrap').getBoundingClientRect();
  const plot = root.querySelector('.evo-plot').getBoundingClientRect();
  return plot.left >= board.right - 1 && plot.top < board.bottom;
}"""


def _notebook(theme: str) -> str:
    lesson = LESSON_SETUP.format(lesson=LESSON, folder=f"lesson_work_{theme}")
    sources = [SETUP, *(code for _, code in CELLS), lesson, *(code for _, code in LESSON_CELLS)]
    return json.dumps(notebook_of(sources))


def _set_theme(lab, theme: str) -> None:
    """Choose Lab's theme through its settings API (the page then loads in it)."""
    url = f"http://127.0.0.1:{lab.port}/lab/api/settings/@jupyterlab/apputils-extension:themes"
    body = json.dumps({"raw": json.dumps({"theme": theme})}).encode()
    request = urllib.request.Request(
        url,
        data=body,
        method="PUT",
        headers={"Authorization": f"token {lab.token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status in (200, 204)


def _close_file_browser(page) -> None:
    current = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
    if current.count():
        current.first.click()
        page.wait_for_function(
            "() => !document.querySelector('.jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current')"
        )


def _problems(page, root, what: str, width: int, height: int) -> list[str]:
    """Everything wrong with one widget at one size (empty: it fits)."""
    problems = []
    if root.evaluate("(el) => el.getBoundingClientRect().right > innerWidth + 1"):
        problems.append("the widget is wider than the page")
    problems += root.evaluate(MEASURE)
    problems += root.evaluate(CONTRAST)
    if what.startswith(("population", "lesson")):
        return problems
    choices = root.evaluate(CHOICES_IN_VIEW)
    to_move = not what.endswith(" end")
    if to_move and choices["count"] == 0:
        problems.append("no choices to make though a person is to move")
    if to_move and not (choices["box"] and choices["first"]):
        problems.append(f"the choices are out of view: {choices}")
    if to_move and width == 1280 and choices["targetsOut"]:
        problems.append(f"board places to click out of view: {choices['targetsOut'][:6]}")
    if width >= 1920 and not root.evaluate(SIDE_BY_SIDE):
        problems.append("the plot is not beside the board")
    return problems


@pytest.mark.parametrize("theme", themes_to_check())
def test_every_widget_fits_each_screen_at_every_stage(lab_page, theme):
    lab = lab_page.lab
    name = f"layout_{theme}.ipynb"
    (lab.root / name).write_text(_notebook(theme), encoding="utf-8")
    _set_theme(lab, THEMES[theme])
    page = lab_page.page
    page.set_viewport_size({"width": 1280, "height": 800})
    lab_page.open_notebook(name)
    lab_page.run_all()
    selector = ".evo-pop[data-generation], .evo-root[data-position]"
    page.wait_for_function(
        f"""(count) => document.querySelectorAll('{selector}').length >= count ||
                       document.querySelector('.jupyter-widgets-error-widget') !== null""",
        arg=len(CELLS),
        timeout=120_000,
    )
    assert not page.locator(".jupyter-widgets-error-widget").count()
    dark = page.evaluate("() => document.body.dataset.jpThemeLight === 'false'")
    assert dark == (theme == "dark")
    # the population plots have drawn their runs (asked for after the page showed them)
    page.wait_for_function(
        """() => [...document.querySelectorAll('.evo-pop')].every(
                   (el) => el.dataset.plotted === el.dataset.generation)""",
        timeout=60_000,
    )
    roots = page.locator(selector)
    assert roots.count() == len(CELLS)
    # each lesson cell's whole output; the hand-in's files are written and offered
    first = len(CELLS) + 2  # after the setup, the widgets and the lesson's setup
    outputs = page.locator(".jp-Notebook .jp-Cell")
    lessons = [
        outputs.nth(first + k).locator(".jp-Cell-outputArea") for k in range(len(LESSON_CELLS))
    ]
    page.wait_for_function(
        "() => document.querySelectorAll('.evo-lesson-files a').length === 2", timeout=60_000
    )
    # what a student opens: the upload box, and the revealed model answer
    page.locator(".evo-lesson-reveal:not([disabled])").click()
    page.wait_for_selector(".evo-lesson-model:not([hidden])")
    # every folded part opened, as a student opens them (a closed one's contents are not seen)
    page.evaluate(
        "() => document.querySelectorAll('.jp-Notebook details').forEach((d) => { d.open = true; })"
    )
    measured = [
        *((what, roots.nth(k)) for k, (what, _) in enumerate(CELLS)),
        *((what, lessons[k]) for k, (what, _) in enumerate(LESSON_CELLS)),
    ]
    failures = []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        _close_file_browser(page)
        page.wait_for_timeout(300)  # the layout settles after a resize
        for what, root in measured:
            root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
            problems = _problems(page, root, what, width, height)
            if problems:
                slug = what.replace(" ", "_")
                page.screenshot(path=str(ARTIFACTS / f"layout_{slug}_{theme}_{width}x{height}.png"))
                failures.append(f"{what} at {width}x{height} ({theme}): " + "; ".join(problems))
    page.set_viewport_size({"width": 1280, "height": 800})  # the kernel indicator shows again
    lab_page.wait_until_idle()
    assert not failures, "\n".join(failures)
    assert not lab_page.console_errors, f"console errors: {lab_page.console_errors}"
