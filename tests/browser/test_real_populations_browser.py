"""Lesson 07 in a real browser: the hand-fit slider waits behind its prediction, then redraws
the moth plot (with its table and source) as the student moves it with the keyboard."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .lab import REPO
from .test_lessons_browser import assert_clean, run_lesson, type_answer

pytestmark = pytest.mark.browser

NOTEBOOK = "07_real_populations.ipynb"


def test_the_slider_appears_after_the_prediction_and_redraws_the_fit(lab_page, jupyter_lab):
    target = Path(jupyter_lab.root) / "real"
    target.mkdir(exist_ok=True)
    shutil.copy(REPO / "notebooks" / NOTEBOOK, target / NOTEBOOK)
    question = run_lesson(lab_page, f"real/{NOTEBOOK}")
    page = lab_page.page
    assert "Write and save your prediction above" in lab_page.text_of_outputs()
    assert page.locator(".widget-slider").count() == 0

    type_answer(lab_page, question, "About 1 in 10 fewer: the allele fell slowly.")
    slider = page.locator(".widget-slider").first
    slider.wait_for(timeout=60_000)
    figure = page.locator("figure img[alt*='Line plot of the model']").first
    figure.wait_for(timeout=60_000)
    before = figure.get_attribute("alt")
    assert "selection 0.020" in before
    assert "Fisher & Ford" in page.locator("figure figcaption").first.text_content()
    assert page.locator("[aria-label='The numbers behind the plot'] table").count() >= 1

    slider.locator(".noUi-handle").first.focus()
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    # four steps of 0.005: the kernel redraws the plot for each value the slider passes
    page.wait_for_function(
        "() => { const img = document.querySelector(\"figure img[alt*='Line plot of the "
        "model']\"); return img && img.alt.includes('selection 0.040'); }",
        timeout=30_000,
    )
    assert figure.get_attribute("alt") != before
    assert_clean(lab_page)
