"""The language the class service answers in: a request's ``Accept-Language`` (the kernel sends
its lesson's language on every request; a browser sends its own), or the live page's choice.

Only what people read changes with it: a refusal's sentence, a served game's status, choices and
log, the live page's words. Result codes, JSON keys, a refusal's ``code`` and the CSV's columns
are the same in every language.

The service speaks the locales it ships (a compiled ``evo_lessons.mo`` in
``evo_lessons/locale/<ll>/LC_MESSAGES/``: ``es``, and the pseudo-locale ``en_XA`` the tests
build) and English, its source language. A header it cannot read is English, never an error.
"""

from __future__ import annotations

import functools
import re

from evo_lessons.i18n import DOMAIN, LOCALE_DIR, SOURCE_LANG, normalize

#: the most language ranges read from one header (a browser sends a handful)
MAX_RANGES = 20
#: one language range of Accept-Language (RFC 9110 12.5.4): ``es``, ``es-MX``, ``*``
RANGE = re.compile(r"^(\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)$")
QUALITY = re.compile(r"^[qQ]=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$")


@functools.lru_cache(maxsize=1)
def shipped() -> frozenset[str]:
    """The languages the service answers in: English and every locale with a compiled
    catalogue of the package's domain (read once)."""
    found = {SOURCE_LANG}
    for mo in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"):
        found.add(mo.parent.parent.name)
    return frozenset(found)


def _shipped_form(tag: str) -> str | None:
    """The shipped language a language tag names (``es-MX`` -> ``es``, ``en-XA`` -> ``en_XA``),
    or None."""
    try:
        lang = normalize(tag)
    except ValueError:
        return None
    offered = shipped()
    if lang in offered:
        return lang
    base = lang.split("_")[0]
    return base if base in offered else None


def ranges(header: str | None) -> list[tuple[str, float]]:
    """The header's language ranges with their weights, best first (a range of weight 0 is
    refused, not wanted); [] for a missing or malformed header."""
    if not header or len(header) > 1000:
        return []
    found: list[tuple[float, int, str]] = []
    for number, item in enumerate(header.split(",")[:MAX_RANGES]):
        parts = [p.strip() for p in item.split(";")]
        tag = parts[0]
        if not tag:
            continue
        if not RANGE.match(tag):
            return []  # not a header a browser sends: English
        weight = 1.0
        for param in parts[1:]:
            quality = QUALITY.match(param)
            if quality is None:
                return []
            weight = float(quality.group(1))
        found.append((weight, number, tag))
    found.sort(key=lambda entry: (-entry[0], entry[1]))
    return [(tag, weight) for weight, _number, tag in found]


@functools.lru_cache(maxsize=256)
def best(header: str | None) -> str:
    """The shipped language a request's ``Accept-Language`` prefers (English if none fits, the
    header is missing or cannot be read). Cached: a class's kernels send a few headers."""
    for tag, weight in ranges(header):
        if weight <= 0:
            continue
        if tag == "*":
            return SOURCE_LANG
        lang = _shipped_form(tag)
        if lang is not None:
            return lang
    return SOURCE_LANG


def chosen(value: str | None) -> str | None:
    """A language named by the page (``?lang=es``, its cookie): the shipped one it names, or
    None when it names none."""
    if not value or len(value) > 20:
        return None
    return _shipped_form(value)


__all__ = ["best", "chosen", "ranges", "shipped"]
