"""What the package shows people, in their language: gettext (stdlib) with contexts.

The language is chosen once, in this order: a ``lang=`` argument (a widget's), then the
kernel's lesson language (``start_lesson(..., lang="es")`` calls :func:`set_default_lang`), then
the environment variable ``EVO_LESSONS_LANG`` (read when first needed; :func:`reload` reads it
again), then English. English is the source language: its
text is in the code, so English needs no catalogue and a string nobody translated yet shows in
English (never blank).

Two ways to translate:

* a :class:`Translator` object, from :func:`get_translator` (``lang``, ``domain``): what a widget
  keeps, so two widgets in one kernel speak two languages. ``es`` adds one domain per lesson
  (``get_translator("es", domain="lesson_01")``), each in ``locale/<ll>/LC_MESSAGES/<domain>.mo``
  or in a ``localedir`` of its own.
* the module functions ``_``, ``pgettext``, ``ngettext``, ``npgettext``: they speak the language
  of the nearest :func:`speaking` block (a widget wraps its drawing in one), else the
  environment's. Game code (views, log lines, error messages) calls these, so a game's rules
  never need to know who is reading.

Result codes, scenario codes, seeds, card ids, fingerprints and CSV column names are never
translated: they are data, the same in every language (``tests/i18n`` checks it).

Strings defined at import time (constants, tables) are marked with :func:`N_` or :func:`pN_`
(the extractor finds them) and translated where they are shown, with ``_()`` / :func:`tr`.
"""

# i18n: developer-only: the translation machinery itself (it passes its callers' contexts on);
# its one error is about lang= passed in code

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext as _gettext
import os
import pathlib
from collections.abc import Callable, Iterator
from typing import NamedTuple, TypeVar

_T = TypeVar("_T")

#: the package's own domain: games, widgets, lesson helpers, the hand-in, the live page, the CLI
DOMAIN = "evo_lessons"
#: the games' data words (names, facts, descriptions in each game's data.toml), apart because
#: they are many and read like a field guide: a locale may ship before they are all translated
DATA_DOMAIN = "evo_lessons_data"
#: where the catalogues live: locale/<ll>/LC_MESSAGES/<domain>.po and its compiled .mo
LOCALE_DIR = pathlib.Path(__file__).parent / "locale"
#: the environment variable that picks the language when no ``lang=`` is given
ENV_VAR = "EVO_LESSONS_LANG"
#: the source language: its text is in the code
SOURCE_LANG = "en"
#: languages written right to left (their pages get ``dir="rtl"``)
RTL_LANGS = frozenset({"ar", "fa", "he", "iw", "ps", "sd", "ug", "ur", "yi"})
#: the generated pseudo-locale: every string marked and longer (tests/i18n builds it)
PSEUDO_LANG = "en_XA"


def normalize(lang: str) -> str:
    """``es-MX`` / ``es_mx`` / ``ES`` -> ``es_MX`` / ``es``: gettext's spelling of a language."""
    text = lang.strip().replace("-", "_")
    if not text:
        return SOURCE_LANG
    base, _sep, region = text.partition("_")
    base = base.lower()
    if not base.isalpha() or len(base) > 8:
        raise ValueError(f"{lang[:20]!r} is not a language code (like 'en', 'es' or 'pt_BR').")
    region = region.split(".")[0].split("@")[0]  # es_MX.UTF-8 -> es_MX
    return f"{base}_{region.upper()}" if region else base


_default_lang: str | None = None


def set_default_lang(lang: str | None) -> None:
    """The kernel's language from now on (a lesson's: ``start_lesson(..., lang="es")``), for
    every widget made without ``lang=``; None goes back to ``$EVO_LESSONS_LANG`` / English."""
    global _default_lang
    _default_lang = normalize(lang) if lang else None


def resolve_lang(lang: str | None = None) -> str:
    """The language to speak: ``lang`` if given, else the kernel's (:func:`set_default_lang`),
    else ``$EVO_LESSONS_LANG``, else English."""
    if lang:
        return normalize(lang)
    if _default_lang:
        return _default_lang
    env = os.environ.get(ENV_VAR, "")
    return normalize(env) if env.strip() else SOURCE_LANG


#: the POSIX locale's variables, in the order gettext reads them for messages (LANGUAGE, a
#: GNU list of preferences, is left out: it applies only beside a locale that is not C)
POSIX_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")


def command_line_lang(environ: dict[str, str] | os._Environ[str] | None = None) -> str:
    """The language of a command line tool (``evo-teacher``, ``python -m evo_lessons.classroom``):
    ``$EVO_LESSONS_LANG``, then the POSIX locale (the first of LC_ALL, LC_MESSAGES and LANG
    that is set; ``C`` and ``POSIX`` are English), then English. A locale that is not a
    language code (a typo) is English too: a tool must not fail on its environment."""
    env = os.environ if environ is None else environ
    chosen = env.get(ENV_VAR, "").strip()
    if not chosen:
        chosen = next((env[v] for v in POSIX_VARS if env.get(v, "").strip()), "").strip()
        if chosen.split(".")[0] in ("C", "POSIX"):
            return SOURCE_LANG
    try:
        return normalize(chosen) if chosen else SOURCE_LANG
    except ValueError:
        return SOURCE_LANG


def text_direction(lang: str | None = None) -> str:
    """``"rtl"`` for a right-to-left language, else ``"ltr"`` (a page's ``dir``)."""
    return "rtl" if resolve_lang(lang).split("_")[0] in RTL_LANGS else "ltr"


class Translator:
    """One language's catalogue for one domain: ``gettext``, ``pgettext``, ``ngettext``.

    Made by :func:`get_translator` (cached). A language or domain with no catalogue translates
    nothing: the English source text is shown.
    """

    def __init__(
        self, lang: str, domain: str = DOMAIN, localedir: str | os.PathLike | None = None
    ) -> None:
        self.lang = lang
        self.domain = domain
        self.dir = text_direction(lang)
        where = str(localedir if localedir is not None else LOCALE_DIR)
        self._t: _gettext.NullTranslations = _gettext.translation(
            domain, where, languages=_fallbacks(lang), fallback=True
        )
        #: no catalogue: every text is its English source (the module functions skip the lookup)
        self.null = type(self._t) is _gettext.NullTranslations

    @property
    def translated(self) -> bool:
        """Does a catalogue stand behind this translator (False: English source text)?"""
        return not self.null

    def gettext(self, message: str) -> str:
        return self._t.gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        return self._t.pgettext(context, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._t.npgettext(context, singular, plural, n)

    def tr(self, message: str | Msg) -> str:
        """A string marked with :func:`N_` or :func:`pN_`, translated."""
        if isinstance(message, Msg):
            return self._t.pgettext(message.context, message.text)
        return self._t.gettext(message)

    _ = gettext

    def __repr__(self) -> str:
        return f"Translator({self.lang!r}, domain={self.domain!r})"


def _fallbacks(lang: str) -> list[str]:
    """``es_MX`` looks in ``es_MX`` then ``es``; English looks nowhere (it is the source)."""
    if lang == SOURCE_LANG:
        return ["_none_"]
    base = lang.split("_")[0]
    return [lang] if base == lang else [lang, base]


@functools.lru_cache(maxsize=64)
def _cached(lang: str, domain: str, localedir: str | None) -> Translator:
    return Translator(lang, domain, localedir)


def get_translator(
    lang: str | None = None,
    domain: str = DOMAIN,
    localedir: str | os.PathLike | None = None,
) -> Translator:
    """The translator of ``lang`` (resolved: ``lang`` > ``$EVO_LESSONS_LANG`` > English) for
    ``domain`` (default: the package's), from ``localedir`` (default: the package's catalogues).

    This is the stable entry point for other domains too (one per lesson)."""
    return _cached(resolve_lang(lang), domain, None if localedir is None else str(localedir))


#: translator(lang) reads better where a widget keeps one
translator = get_translator


def reload() -> None:
    """Forget loaded catalogues (after rebuilding a .mo in a running kernel, or in tests)."""
    _cached.cache_clear()
    _env_translator[:] = [None, None]
    _gettext._translations.clear()  # type: ignore[attr-defined]


# -- the language of the code running now ----------------------------------------------------
_speaking: contextvars.ContextVar[Translator | None] = contextvars.ContextVar(
    "evo_lessons_speaking", default=None
)


@contextlib.contextmanager
def speaking(lang: str | Translator | None) -> Iterator[Translator]:
    """Within this block, ``_()`` and friends speak ``lang`` (a widget drawing its view)."""
    t = lang if isinstance(lang, Translator) else get_translator(lang)
    token = _speaking.set(t)
    try:
        yield t
    finally:
        _speaking.reset(token)


def current() -> Translator:
    """The translator in use here: the nearest :func:`speaking` block's, else the environment's."""
    return _speaking.get() or _kernels()


def _kernels() -> Translator:
    # games call this for every log line: the environment is read once (reload() reads it again)
    if _env_translator[0] is not _default_lang or _env_translator[1] is None:
        _env_translator[:] = [_default_lang, get_translator()]
    return _env_translator[1]


_env_translator: list = [None, None]


def current_lang() -> str:
    return current().lang


def _(message: str) -> str:
    """``message`` in the current language."""
    t = _speaking.get() or _kernels()
    return message if t.null else t._t.gettext(message)


gettext = _


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English by ``context``."""
    t = _speaking.get() or _kernels()  # (the game's log calls this on every move: kept short)
    return message if t.null else t._t.pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural (as the language counts) of a sentence about ``n`` things."""
    return current().ngettext(singular, plural, n)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return current().npgettext(context, singular, plural, n)


def data_text(game: str, field: str, text: str) -> str:
    """A word or sentence of a game's data.toml in the current language: ``field`` is its
    table and key (``"habitats.name"``), the catalogue's context is ``"<game>: <field>"``."""
    if not text:
        return text
    lang = current().lang
    if lang == SOURCE_LANG:
        return text
    look_up = get_translator(lang, DATA_DOMAIN).pgettext  # (not a call the extractor reads)
    return look_up(f"{game}: {field}", text)


def per_language(build: Callable[[], _T]) -> Callable[[], _T]:
    """A table built once per language: ``build`` runs in the current language the first time
    each language asks (games keep their log's fixed sentences as shared events this way)."""
    cache: dict[Translator, _T] = {}

    @functools.wraps(build)
    def table() -> _T:
        t = _speaking.get() or _kernels()  # (read on every move of a game: kept short)
        found = cache.get(t)
        if found is None:
            with speaking(t):
                found = cache[t] = build()
        return found

    return table


class Msg(NamedTuple):
    """A string marked for translation with a context, translated later (:func:`tr`)."""

    context: str
    text: str

    def __str__(self) -> str:
        return current().pgettext(self.context, self.text)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (a constant)."""
    return message


def pN_(context: str, message: str) -> Msg:
    """Mark ``message`` with a context for the catalogue; translate it later with :func:`tr`."""
    return Msg(context, message)


def tr(message: str | Msg) -> str:
    """A string marked with :func:`N_` / :func:`pN_`, in the current language."""
    return current().tr(message)


__all__ = [
    "DATA_DOMAIN",
    "DOMAIN",
    "ENV_VAR",
    "LOCALE_DIR",
    "N_",
    "PSEUDO_LANG",
    "Msg",
    "Translator",
    "_",
    "command_line_lang",
    "current",
    "current_lang",
    "data_text",
    "get_translator",
    "gettext",
    "ngettext",
    "normalize",
    "npgettext",
    "pN_",
    "per_language",
    "pgettext",
    "reload",
    "resolve_lang",
    "set_default_lang",
    "speaking",
    "text_direction",
    "tr",
    "translator",
]
