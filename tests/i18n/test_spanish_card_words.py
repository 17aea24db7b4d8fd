"""The Spanish lessons and handouts name a card's word as the Spanish game prints it.

A lesson that says "resuelve COLD" beside a Niche card that reads FRÍO sends a student looking
for a word that is not on the table. The words checked are the short labels the games print on
cards (Niche's challenges, Adapt or Die's habitat columns, Phylo's diets, its HOME card and its
keywords), read from the catalogue, so a new translation of a label is checked at once.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from evo_lessons.i18n import get_translator
from evo_lessons.lessons import translate

SPANISH = translate.NOTEBOOKS / "es"
TEXTS = sorted(SPANISH.glob("[0-9][0-9]_*.ipynb")) + sorted((SPANISH / "handouts").glob("*.md"))
#: (catalogue domain, context, the English label) of each word printed on a card
LABELS = [
    *(("evo_lessons_data", "niche: challenges.short", w) for w in
      ("COLD", "HEAT", "DRY", "DARK", "FOOD", "WATER")),
    ("evo_lessons_data", "adapt_or_die: habitats.short", "AIR"),
    *(("evo_lessons_data", "phylo: diets.label", w) for w in
      ("PHOTOSYNTHETIC", "DECOMPOSER", "HERBIVORE", "CARNIVORE", "OMNIVORE", "PARASITE")),
    ("evo_lessons_data", "phylo: home.name", "HOME"),
    *(("evo_lessons", "phylo keyword", w) for w in
      ("MOVE {n}", "FLIGHT {n}", "POLLINATOR", "INVASIVE ({groups})")),
]  # fmt: skip


def _printed(domain: str, context: str, english: str) -> tuple[str, str]:
    """(the English word, the Spanish word) as the cards print them (placeholders dropped)."""
    spanish = get_translator("es", domain=domain).pgettext(context, english)
    word = re.sub(r"\s*[({].*$", "", english)
    return word, re.sub(r"\s*[({].*$", "", spanish)


def test_every_label_checked_has_a_spanish_word_of_its_own():
    for label in LABELS:
        word, spanish = _printed(*label)
        assert spanish and spanish != word, label


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.stem)
def test_a_spanish_lesson_names_each_card_word_as_the_spanish_card_prints_it(path: Path):
    text = path.read_text(encoding="utf-8")
    wrong = []
    for label in LABELS:
        word, spanish = _printed(*label)
        if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text):
            wrong.append(f"{word} (the card says {spanish})")
    assert not wrong, f"{path.name} names cards by their English words: {wrong}"
