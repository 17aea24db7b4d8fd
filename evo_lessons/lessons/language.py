"""A lesson's language: which one, which way it is written, and its translated model answers.

``start_lesson("01_climate", lang="es")`` (the first code cell of ``notebooks/es/01_climate``)
chooses Spanish; without ``lang``, ``$EVO_LESSONS_LANG``; without either, English. The language
is kept in the work file and the hand-in (``lang``, and ``dir="rtl"`` for a right-to-left
language), so a restored lesson and the teacher's pooled view know it. Result codes, ids and
seeds never depend on it.

The model answers behind the Reveal button come from the lesson's catalogue,
``evo_lessons/locale/<lang>/lessons/<lesson>.po`` (``answer:<question id>`` entries, built by
:mod:`evo_lessons.lessons.translate`); an answer not translated yet, or translated from English
that has changed since, stays English.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from evo_lessons import i18n
from evo_lessons.i18n import pgettext

from . import po
from .answers import AnswerKey

#: the environment variable that picks the language when ``start_lesson`` is given none
LANG_VARIABLE = i18n.ENV_VAR
DEFAULT = i18n.SOURCE_LANG
LOCALE = i18n.LOCALE_DIR


def lesson_language(lang: str | None = None) -> str:
    """``lang`` if given, else ``$EVO_LESSONS_LANG``, else English, spelled as gettext spells it
    ("es-mx" -> "es_MX"); a ``lang`` that is no language code is refused with a ValueError, a
    bad ``$EVO_LESSONS_LANG`` is ignored."""
    if lang is not None:
        if not isinstance(lang, str):
            raise ValueError(
                pgettext(
                    "error; keep 'lang' and 'es' (Python words)",
                    "lang is a language code such as 'es', got {value}",
                ).format(value=repr(str(lang)[:20]))
            )
        return i18n.normalize(lang)
    try:
        return i18n.normalize(os.environ.get(LANG_VARIABLE, ""))
    except ValueError:
        return DEFAULT


def text_direction(lang: str) -> str:
    """ "rtl" for a language written right to left, else "ltr"."""
    return i18n.text_direction(lang)


def html_lang(lang: str) -> str:
    """The language as an HTML ``lang`` attribute ("pt_BR" -> "pt-BR")."""
    return lang.replace("_", "-")


def _catalogue(lesson: str, lang: str, locale: Path) -> po.Catalogue | None:
    for code in (lang, lang.split("_")[0]):
        path = locale / code / "lessons" / f"{lesson}.po"
        if path.is_file():
            return po.read(path)
    return None


def translated_answers(key: AnswerKey, lang: str, locale: Path = LOCALE) -> AnswerKey:
    """The answer key with its title and model answers in ``lang`` where translated."""
    if lang == DEFAULT:
        return key
    catalogue = _catalogue(key.lesson, lang, locale)
    if catalogue is None:
        return key
    questions = {}
    for question_id, entry in key.questions.items():
        answer = catalogue.translation(f"answer:{question_id}", entry.answer)
        questions[question_id] = replace(entry, answer=answer) if answer else entry
    title = catalogue.translation("title", key.title) or key.title
    return replace(key, title=title, questions=questions)


__all__ = [
    "LANG_VARIABLE",
    "html_lang",
    "lesson_language",
    "text_direction",
    "translated_answers",
]
