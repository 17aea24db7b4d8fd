"""The PopulationWidget in a real browser: step, play, pause and change the climate, by mouse and
keyboard; its plots drawn with the kit's live plots from the rows the kernel sends (a page shown
after a run began asks for the run so far); the plots as a PNG download; offline and without
console errors.

No lesson notebook holds the widget yet (that is a later phase), so the test writes a two-cell
notebook into the lab's own temporary folder; the repository's notebooks are untouched.
"""

from __future__ import annotations

import json

import pytest

from .lab import notebook_of
from .visible_text import VISIBLE_TEXTS

pytestmark = pytest.mark.browser

NOTEBOOK = "population_widget_test.ipynb"
CODE = (
    "from evo_lessons.population import PopulationWidget\n"
    "widget = PopulationWidget('climate', size=500, mutation_rate=0.01, seed=1)\n"
    "widget.step(30)  # before the page shows it: the page asks for the run so far\n"
    "widget"
)


def _write_notebook(folder) -> None:
    (folder / NOTEBOOK).write_text(json.dumps(notebook_of([CODE])), encoding="utf-8")


def _generation(widget) -> int:
    return int(widget.get_attribute("data-generation"))


def _wait_for_generation(page, widget, test: str, timeout: float = 30_000) -> None:
    page.wait_for_function(
        f"(el) => {{ const g = Number(el.dataset.generation); return {test}; }}",
        arg=widget.element_handle(),
        timeout=timeout,
    )


def test_population_widget_steps_plays_and_changes_the_climate(lab_page):
    _write_notebook(lab_page.lab.root)
    page = lab_page.page
    lab_page.open_notebook(NOTEBOOK)
    lab_page.run_all()
    page.wait_for_function(
        """() => document.querySelector('.evo-pop[data-generation]') !== null ||
                 document.querySelector('.jupyter-widgets-error-widget') !== null""",
        timeout=120_000,
    )
    assert not page.locator(".jupyter-widgets-error-widget").count()
    widget = page.locator(".evo-pop").first
    assert _generation(widget) == 30
    # the plots missed generations 0..29: they asked for them and drew the whole run
    page.wait_for_function(
        "(el) => el.dataset.plotted === '30'", arg=widget.element_handle(), timeout=30_000
    )
    assert "Temperature 3 of 5" in widget.locator(".evo-pop-environment-text").text_content()

    # mouse: one generation
    widget.get_by_role("button", name="Step 1 generation").click()
    _wait_for_generation(page, widget, "g === 31")

    # keyboard: Enter and Space on a focused button each breed ten more
    step10 = widget.get_by_role("button", name="Step 10 generations")
    step10.focus()
    page.keyboard.press("Enter")
    _wait_for_generation(page, widget, "g === 41")
    page.keyboard.press(" ")
    _wait_for_generation(page, widget, "g === 51")

    # a climate step: the cell under the population turns from savannah to temperate forest
    widget.get_by_role("button", name="Climate step: cooler").click()
    page.wait_for_function(
        "(el) => el.querySelector('.evo-pop-environment-text').textContent"
        ".includes('temperate forest')",
        arg=widget.element_handle(),
        timeout=30_000,
    )

    # a slider, by keyboard: selection strength up one notch
    slider = widget.get_by_label("Selection strength")
    slider.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "(el) => el.querySelector('.evo-pop-description').textContent.includes('exp(-1.05')",
        arg=widget.element_handle(),
        timeout=30_000,
    )

    # play, then pause: generations run on their own and stop when paused
    play = widget.locator(".evo-pop-play")
    play.click()
    assert play.get_attribute("aria-pressed") == "true"
    _wait_for_generation(page, widget, "g >= 70")
    play.click()
    assert play.get_attribute("aria-pressed") == "false"
    page.wait_for_timeout(500)  # a step already asked for may still arrive
    paused_at = _generation(widget)
    page.wait_for_timeout(1000)
    assert _generation(widget) == paused_at

    # the plots, their tables and the description follow the numbers
    page.wait_for_function(
        "(el) => el.dataset.plotted === el.dataset.generation",
        arg=widget.element_handle(),
        timeout=30_000,
    )
    plots = widget.locator(".evo-pop-plots .evo-liveplot[role='img']")
    assert plots.count() == 5  # three genes, fitness, size
    assert "Body: a line for 1 savannah" in plots.first.get_attribute("aria-label")
    labels = widget.locator(".evo-pop-plots .evo-lp-legend li").all_text_contents()
    assert any("3 temperate forest" in label for label in labels)
    # every line drawn, ending at the newest generation with its marker (the others hidden)
    lines = widget.evaluate(
        """(el) => [...el.querySelectorAll('.evo-lp-lines > path')].map((p) => ({
             drawn: (p.getAttribute('d') || '').length > 0,
             markers: [...p.nextElementSibling.children].filter(
               (m) => getComputedStyle(m).display !== 'none').length }))"""
    )
    assert len(lines) == 3 * 4 + 2
    assert all(line["drawn"] and line["markers"] == 1 for line in lines), lines
    # every line label and title is whole: none runs out of its box
    clipped = widget.evaluate(
        "(el) => [...el.querySelectorAll('.evo-lp-legend li, .evo-pop-title')]"
        ".filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent)"
    )
    assert not clipped, f"clipped labels: {clipped}"
    # the numbers under a plot: each line's shares from generation 0 to the newest
    numbers = widget.locator(".evo-pop-numbers").first
    numbers.locator("summary").click()
    numbers.locator("thead th").first.wait_for()  # the table fills on the "toggle" event
    head = numbers.locator("thead th").all_text_contents()
    assert head[0] == "Generation" and head[1] == "0" and head[-1] == str(paused_at)
    assert numbers.locator("tbody tr").count() == 4
    assert numbers.locator("tbody td").first.text_content().endswith("%")
    assert widget.locator(".evo-pop-table tbody tr").count() == 12
    description = widget.locator(".evo-pop-description").text_content()
    assert f"Generation {paused_at}" in description and "Nobody chooses" in description
    assert widget.locator(".evo-pop-error").is_hidden()

    # a long run: the page draws at most a few hundred points a line, the newest always
    widget.locator(".evo-pop-speed").select_option("20")
    play.click()
    _wait_for_generation(page, widget, "g >= 420", timeout=120_000)
    play.click()
    page.wait_for_timeout(500)
    page.wait_for_function(
        "(el) => el.dataset.plotted === el.dataset.generation",
        arg=widget.element_handle(),
        timeout=30_000,
    )
    # a line's points are its path's vertices: one "M", then an "H...V..." step for each next
    points = widget.evaluate(
        "(el) => [...el.querySelectorAll('.evo-lp-lines > path')]"
        ".map((p) => 1 + ((p.getAttribute('d') || '').match(/H/g) || []).length)"
    )
    assert all(100 < n <= 321 for n in points), points

    # the plots as a PNG file, drawn by the kernel
    with page.expect_download(timeout=60_000) as download:
        widget.get_by_role("button", name="Download plots (PNG)").click()
    assert download.value.suggested_filename == "population_climate_seed1.png"

    lab_page.wait_until_idle()
    lab_page.screenshot(widget, "population_widget.png")
    assert not lab_page.outside_requests, f"requests left 127.0.0.1: {lab_page.outside_requests}"
    assert not lab_page.console_errors, f"console errors: {lab_page.console_errors}"


PSEUDO_NOTEBOOK = "population_widget_languages.ipynb"
PSEUDO_CODE = (
    "from evo_lessons.population import PopulationWidget\n"
    "pseudo = PopulationWidget('niche', size=300, seed=2, lang='en_XA')\n"
    "pseudo.step(5)\n"
    "pseudo"
)
SPANISH_CODE = "PopulationWidget('climate', size=300, seed=2, lang='es')"


def test_the_population_widget_speaks_its_language(lab_page):
    """Under the pseudo-locale every word of the page is marked (the page holds no English);
    in Spanish the buttons read Spanish."""
    from tests.i18n.test_pseudo_locale import unmarked

    notebook = notebook_of([PSEUDO_CODE, SPANISH_CODE])
    (lab_page.lab.root / PSEUDO_NOTEBOOK).write_text(json.dumps(notebook), encoding="utf-8")
    page = lab_page.page
    lab_page.open_notebook(PSEUDO_NOTEBOOK)
    lab_page.run_all()
    page.wait_for_function(
        "() => document.querySelectorAll('.evo-pop[data-generation]').length === 2",
        timeout=120_000,
    )
    pseudo, spanish = page.locator(".evo-pop").nth(0), page.locator(".evo-pop").nth(1)
    page.wait_for_function(
        "(el) => el.dataset.plotted === '5'", arg=pseudo.element_handle(), timeout=30_000
    )
    for details in pseudo.locator("details").all():  # the tables and the result code, opened
        details.locator("summary").first.click()
    pseudo.locator(".evo-pop-numbers thead th").first.wait_for()
    # every text of the widget, shown or read aloud (hidden ones too: a click shows them)
    texts = [text for _, text in pseudo.evaluate(VISIBLE_TEXTS, {"every": True})]
    assert len(texts) > 100  # the whole page: buttons, sliders, flock, plots, tables, code box
    left = [text for text in texts if unmarked(text)]
    assert not left, f"English on the pseudo-locale's page: {left[:10]}"
    assert pseudo.get_attribute("lang") == "en_XA"

    assert spanish.get_attribute("lang") == "es"
    spanish.get_by_role("button", name="Paso de 1 generación").click()
    _wait_for_generation(page, spanish, "g === 1")
    assert "Temperatura 3 de 5" in spanish.locator(".evo-pop-environment-text").text_content()
    assert not lab_page.console_errors, f"console errors: {lab_page.console_errors}"
