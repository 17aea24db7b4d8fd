"""Handouts keep the promises their own text makes.

* A diagnostic's keyed option is never the longest one of its item: students who know nothing
  learn to pick the longest, most careful-sounding answer, and a pre/post comparison then
  measures test-wiseness, not biology (the Climate plan says its options are of equal length on
  purpose). The keys are read from the lesson plans, the options from the student sheets.
* The glossary's "words added by the lessons" are in alphabetical order, as it says they are.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SHEETS = sorted((REPO / "teacher" / "handouts").glob("*_diagnostic.md"))
#: an option line: "(a) text" or "* A. text"
OPTION = re.compile(r"^(?:\(([a-dA-D])\)|\* ([A-D])\.) (.+)$")
#: an item's key in a plan: "Answer **C**", "**Answer: (c).**", "Answer (2 marks): (b)"
KEY = re.compile(r"Answer(?: \(\d marks?\))?:?\**:? \**\(?([A-Da-d])\)?[.*\s]")


def items_of(sheet: Path) -> dict[int, dict[str, str]]:
    """Each numbered item's lettered options (items without options are left out)."""
    items: dict[int, dict[str, str]] = {}
    number = 0
    for line in sheet.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^\*\*(\d)\.", line)
        if heading:
            number = int(heading.group(1))
            continue
        option = OPTION.match(line)
        if option and number and not set(option.group(3)) <= {"_"}:
            letter = (option.group(1) or option.group(2)).lower()
            items.setdefault(number, {})[letter] = option.group(3).strip()
    return items


def keys_of(plan: Path) -> dict[int, str]:
    """The keyed letter of each numbered diagnostic item in a plan's diagnostic section."""
    text = plan.read_text(encoding="utf-8")
    start = re.search(r"^#+ .*[Dd]iagnostic.*$", text, re.M)
    assert start, f"{plan.name} has no diagnostic section"
    section = text[start.end() :]
    end = re.search(r"^#+ ", section, re.M)
    section = section[: end.start()] if end else section
    keys = {}
    for item in re.split(r"^(?=\d\. )", section, flags=re.M):
        number = re.match(r"(\d)\. ", item)
        key = KEY.search(item)
        if number and key:
            keys[int(number.group(1))] = key.group(1).lower()
    return keys


def test_every_diagnostic_has_items_with_options():
    assert len(SHEETS) == 6
    assert sum(len(items_of(sheet)) for sheet in SHEETS) >= 9


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.stem)
def test_a_diagnostics_key_is_never_the_longest_option(sheet: Path):
    plan = REPO / "teacher" / "lesson_plans" / sheet.name.replace("_diagnostic", "")
    items, keys = items_of(sheet), keys_of(plan)
    for number, options in items.items():
        assert number in keys, f"{plan.name}: no key found for item {number}"
        key = keys[number]
        assert key in options, f"{sheet.name} item {number}: the key ({key}) is not an option"
        others = max(len(text) for letter, text in options.items() if letter != key)
        assert len(options[key]) <= others, (
            f"{sheet.name} item {number}: the keyed option ({key}) is the longest"
        )


def test_the_glossarys_added_words_are_in_alphabetical_order():
    text = (REPO / "notebooks" / "handouts" / "glossary.md").read_text(encoding="utf-8")
    added = text.split("## Words added by the lessons", 1)[1]
    assert "alphabetically" in added.split("\n\n", 2)[1]
    words = re.findall(r"\n\n\*\*([^*]+)\*\*", added)
    assert len(words) > 20
    assert words == sorted(words, key=str.lower)
