"""The live page's words, in the page's language: the page (service/static/) holds no English.

The teacher's page is served with its words already in place (``{{key}}`` in live_page.html)
and with every word its script writes as a JSON block (``<script id="live-words">``); the
script's ``t("key", {vars})`` reads them. Both are made once per language (cached), never per
request. The page's language: ``?lang=`` in its address, then the teacher's choice on the page
(a cookie), then the class's own if it has one (:func:`.rulings.set_class_lang`, the handler
asks), then the browser's ``Accept-Language``, then English (:func:`page_lang`).

Plurals: each plural entry is sent as its ``one`` and ``other`` forms (the page picks ``one``
for 1); a language with more forms gets its forms for 1 and 2 (enough for the languages
shipped: English and Spanish).
"""

from __future__ import annotations

import functools
import html
import json
import re
from collections.abc import Callable
from typing import Any

from evo_lessons import GAMES, game_spec
from evo_lessons.i18n import (
    PSEUDO_LANG,
    SOURCE_LANG,
    Msg,
    _,
    npgettext,
    pgettext,
    pN_,
    speaking,
    text_direction,
    tr,
)

from . import language
from .rulings import DEFAULT_CLASS_NAME
from .summary import short_title

#: the confidence level of every interval the page shows (percent)
CONFIDENCE = 95
#: the cookie remembering the teacher's choice of language on the page
LANG_COOKIE = "evo_live_lang"

#: the page's words (the HTML's and the script's), by key
WORDS: dict[str, Msg] = {
    # -- the top: join line and counts
    "doc_title": pN_("live page", "Our class, live"),
    "skip": pN_("live page", "Skip to the class against chance"),
    # Translators: followed by the class's address in large type ("Join at http://10.0.0.5:8765")
    "join_at": pN_("live page", "Join at"),
    # Translators: followed by the join code in large type ("with the code K7P-4QX")
    "with_code": pN_("live page", "with the code"),
    "counts_label": pN_("live page, screen-reader label", "The class now"),
    # Translators: after a number, in large type on the projector ("12 joined")
    "joined": pN_("live page, count", "joined"),
    "playing": pN_("live page, count", "playing"),
    "finished": pN_("live page, count", "finished"),
    "stuck": pN_("live page, count", "stuck"),
    "hide_names": pN_("live page, switch", "Hide names"),
    "teacher_panel": pN_("live page, button", "Teacher's panel"),
    "loading": pN_("live page", "Loading the class…"),
    # -- the plots
    "setups_title": pN_("live page, heading", "Our class against chance"),
    "our_class": pN_("live page, plot", "our class"),
    "chance": pN_("live page, plot", "chance"),
    # Translators: {level} is a percentage ("95%", written as the "percent" entry says)
    "interval": pN_("live page, plot", "{level} interval"),
    # Translators: how a percentage is written in your language (Spanish: "{n} %")
    "percent": pN_("live page, number format", "{n}%"),
    "no_counted_game": pN_(
        "live page", "No counted game yet: counted games are the ones the class deals."
    ),
    "no_counted_game_short": pN_("live page", "No counted game yet."),
    "nothing_to_measure": pN_("live page, plot", "nothing to measure"),
    "not_simulated": pN_("live page, plot", "not simulated"),
    "simulating": pN_("live page, plot", "simulating…"),
    # Translators: what a screen reader says of one side of a plot: "our class 40% (95%
    # interval 20% to 60%), 12 games"; {range} is the interval's sentence below or nothing
    "side_value": pN_("live page, screen-reader label", "{label} {value}{range}, {games}"),
    "side_range": pN_("live page, screen-reader label", " ({level} interval {low} to {high})"),
    "side_missing": pN_("live page, screen-reader label", "{label}: {missing}"),
    "plot_words": pN_("live page, screen-reader label", "{measure}: {ours}; {theirs}"),
    # Translators: {counted} is "12 counted games", {deal} one of the two "chance on" words
    "card_n": pN_("live page, plot", "{counted} · chance on {deal}"),
    "deal_class": pN_("live page, plot", "the class's deal"),
    "deal_fresh": pN_("live page, plot", "fresh deals"),
    # -- who is doing what
    "grid_title": pN_("live page, heading", "Who is doing what"),
    "student_n": pN_("live page", "Student {id}"),
    "a_student": pN_("live page", "a student"),
    "doing_stuck": pN_("live page, student's state", "stuck {minutes} min · {game}"),
    "doing_playing": pN_("live page, student's state", "{game} · move {moves}"),
    "doing_finished": pN_("live page, student's state", "finished · {counted}"),
    "doing_practice": pN_("live page, student's state", "not started · {practice}"),
    "doing_none": pN_("live page, student's state", "not started"),
    "nobody": pN_("live page", "Nobody has joined yet."),
    # -- the teacher's panel
    "teacher_title": pN_("live page, heading", "Teacher's panel"),
    "teacher_hint": pN_("live page", "(hidden in the projector layout: seeds and controls)"),
    "language": pN_("live page, label", "Language"),
    "controls_label": pN_("live page, screen-reader label", "The class"),
    "pause": pN_("live page, button", "Pause the class"),
    "resume": pN_("live page, button", "Start the class again"),
    "download_csv": pN_("live page, link", "Download results (CSV)"),
    # Translators: pool is the name of a function of the class tools: keep it
    "download_codes": pN_("live page, link", "Download codes (for pool)"),
    "deal_title": pN_("live page, heading", "Deal again"),
    "deal_hint": pN_(
        "live page",
        "Every student's next counted game of this kind is a new deal. A seed or a scenario "
        "code gives the whole class the same deal; leave both empty for a secret deal each.",
    ),
    "deal_game": pN_("live page, label", "Game"),
    "deal_seed": pN_("live page, label", "Seed (optional)"),
    "deal_scenario": pN_("live page, label", "Scenario code (optional)"),
    "deal_submit": pN_("live page, button", "Deal again"),
    "deals_title": pN_("live page, heading", "Deals now"),
    "students_title": pN_("live page, heading", "Who joined"),
    "playing_title": pN_("live page, heading", "Games in play"),
    "numbers_title": pN_("live page, heading", "The numbers behind the plots"),
    "practice_title": pN_(
        "live page, heading", "Practice (codes sent from local games: not counted)"
    ),
    "apart_title": pN_("live page, heading", "Listed apart (genuine, not counted)"),
    "refused_title": pN_("live page, heading", "Refused (damaged or forged)"),
    "confirm_title": pN_("live page, dialog", "Are you sure?"),
    "cancel": pN_("live page, button", "Cancel"),
    "yes": pN_("live page, button", "Yes"),
    # -- the teacher's tables
    "col_measure": pN_("live page, column", "measure"),
    "col_who": pN_("live page, column", "who"),
    "col_games": pN_("live page, column", "games"),
    "col_value": pN_("live page, column", "value"),
    "col_interval": pN_("live page, column", "{level} interval"),
    "col_student": pN_("live page, column", "student"),
    "col_counted": pN_("live page, column", "counted"),
    "col_practice": pN_("live page, column", "practice"),
    "col_apart": pN_("live page, column", "apart"),
    "col_refused": pN_("live page, column", "refused"),
    "col_lost": pN_("live page, column", "lost their place?"),
    "col_game": pN_("live page, column", "game"),
    "col_deal": pN_("live page, column", "deal"),
    "col_how": pN_("live page, column", "how"),
    "col_moves": pN_("live page, column", "moves"),
    "col_last_move": pN_("live page, column", "last move"),
    "col_codes": pN_("live page, column", "codes"),
    "col_won": pN_("live page, column", "won ({level} interval)"),
    "col_setup": pN_("live page, column", "setup"),
    "col_why": pN_("live page, column", "why"),
    "col_reason": pN_("live page, column", "reason"),
    "interval_range": pN_("live page, table", "{low} to {high}"),
    "won_range": pN_("live page, table", "{value} ({low} to {high})"),
    "numbers_region": pN_("live page, screen-reader label", "The numbers behind the plot: {title}"),
    "joined_n": pN_("live page, table caption", "{n} joined"),
    "may_rejoin": pN_("live page", "may join again"),
    "let_join_again": pN_("live page, button", "Let join again"),
    "let_join_again_label": pN_("live page, screen-reader label", "Let join again: {name}"),
    "deal_round": pN_("live page, table", "deal {round}"),
    "deal_seed_words": pN_("live page, table", "seed {seed}: one deal for the whole class"),
    "deal_scenario_words": pN_("live page, table", "a scenario code: one deal for the whole class"),
    "deal_secret_words": pN_("live page, table", "a secret deal for each student"),
    "first_deal": pN_("live page", "The first deal of every game: a secret deal for each student."),
    "games_count": pN_("live page", "{playing} playing, {finished} finished."),
    "minutes_ago": pN_("live page, table", "{minutes} min ago"),
    "no_game_in_play": pN_("live page", "No game in play."),
    "none": pN_("live page", "None."),
    # -- the status line
    "n_apart": pN_("live page, status", "{n} apart"),
    "n_refused": pN_("live page, status", "{n} refused"),
    "paused_line": pN_("live page, status", "Paused by the teacher."),
    "status_line": pN_("live page, status", "{counts}. Checked {time}."),
    "needs_token": pN_(
        "live page, status",
        "This page needs the teacher's address (the one ending in ?token=…) again.",
    ),
    "no_answer": pN_("live page, status", "The class service did not answer; trying again."),
    "unreachable": pN_("live page, status", "The class service cannot be reached; trying again."),
    "not_changed": pN_("live page", "The class service cannot be reached: nothing was changed."),
    # -- let join again, deal again
    "rejoin_title": pN_("live page, dialog", "Let {name} join again?"),
    "rejoin_text": pN_(
        "live page, dialog",
        "The seat and its results go to whoever joins next with this name and the one-time "
        "code shown here next. Do this only for a student who lost their place (another "
        "computer, a deleted file).",
    ),
    "not_done": pN_("live page", "Not done: {error}"),
    # Translators: {code} is a one-time join code: the student types it as the class's code
    "rejoin_code": pN_(
        "live page",
        '{who} joins again with the name "{name}" and this code (once, within two hours): {code}',
    ),
    "rejoin_done": pN_("live page", '{who} may join again with the name "{name}".'),
    "seed_invalid": pN_(
        "live page", "Not dealt: a seed is a whole number (digits only, at most 15)."
    ),
    "how_seed": pN_("live page, dialog", "seed {seed}: the same deal for everyone"),
    "how_scenario": pN_("live page, dialog", "the scenario code: the same deal for everyone"),
    "deal_confirm_title": pN_("live page, dialog", "Deal {game} again for the whole class?"),
    "deal_confirm_text": pN_(
        "live page, dialog",
        "Every student's next counted {game} game will be a new deal ({how}). Games in play go "
        "on as they are.",
    ),
    "not_dealt": pN_("live page", "Not dealt."),
    "dealt": pN_("live page", "Dealt again: {game}, deal {round}, {how}."),
    "not_dealt_because": pN_("live page", "Not dealt: {error}"),
}

#: each game's short name on the projector (the page's titles and the deal form's choices)
SHORT_TITLES: dict[str, Msg] = {
    "climate": pN_("live page, game", "Climate"),
    "niche": pN_("live page, game", "Niche"),
    "adaptation": pN_("live page, game", "Adaptation"),
    "adapt_or_die": pN_("live page, game", "Adapt or Die"),
    "phylo": pN_("live page, game", "Phylo"),
}


def _plurals() -> dict[str, dict[str, str]]:
    """The plural entries, as their forms for 1 and for more (in the current language)."""

    def forms(make: Callable[[int], str]) -> dict[str, str]:
        return {"one": make(1), "other": make(2)}

    return {
        "n_games": forms(lambda n: npgettext("live page", "{n} game", "{n} games", n)),
        "n_counted": forms(
            lambda n: npgettext("live page", "{n} counted game", "{n} counted games", n)
        ),
        "n_practice": forms(
            lambda n: npgettext("live page", "{n} practice code", "{n} practice codes", n)
        ),
    }


def _games() -> dict[str, dict[str, Any]]:
    """Each game's title, short name and measures' names in the current language: the
    summary names a measure in English (it is one for every page), the page shows this."""
    from evo_lessons.classroom.compare import measures_of

    found: dict[str, dict[str, Any]] = {}
    for name in GAMES:
        spec = game_spec(name)
        with speaking(SOURCE_LANG):
            english = [label for _column, label in measures_of(spec)]
        ours = [label for _column, label in measures_of(spec)]
        found[name] = {
            "title": _(spec.title),
            "short": tr(SHORT_TITLES[name]) if name in SHORT_TITLES else _(spec.title),
            "measures": dict(zip(english, ours, strict=True)),
        }
    return found


@functools.lru_cache(maxsize=16)
def page_words(lang: str) -> dict[str, Any]:
    """Every word of the live page in ``lang`` (made once per language)."""
    with speaking(lang) as t:
        return {
            "lang": t.lang,
            "dir": text_direction(t.lang),
            "words": {key: tr(msg) for key, msg in WORDS.items()},
            "plurals": _plurals(),
            "games": _games(),
            "languages": languages(t.lang),
            "default_class": DEFAULT_CLASS_NAME,
            # the summary names a student's game by its English short title ("Niche")
            "by_title": {short_title(game_spec(name)): name for name in GAMES},
        }


def languages(current: str) -> list[dict[str, str]]:
    """The languages the page offers (the service's shipped ones), each named in itself (the
    pseudo-locale only to a page already in it: it is the tests', not a teacher's)."""
    names = []
    for lang in sorted(language.shipped()):
        if lang == PSEUDO_LANG and current != PSEUDO_LANG:
            continue
        with speaking(lang):
            # Translators: the name of this language in itself ("Español" in Spanish)
            names.append({"lang": lang, "name": pgettext("language name", "English")})
    return names


TEMPLATE_KEY = re.compile(r"\{\{(\w+)\}\}")


@functools.lru_cache(maxsize=16)
def page_html(lang: str, template: str) -> bytes:
    """The live page in ``lang``: the template's ``{{key}}`` filled in (escaped), ``<html
    lang dir>`` set, and the script's words as a JSON block. Made once per language."""
    found = page_words(lang)
    words = found["words"]
    level = words["percent"].replace("{n}", str(CONFIDENCE))
    fill = {
        **{key: html.escape(text.replace("{level}", level)) for key, text in words.items()},
        "lang": html.escape(found["lang"].replace("_", "-")),
        "dir": found["dir"],
        # JSON inside <script>: "<" written as \u003c, so no text ends the block early
        "words_json": json.dumps(found, ensure_ascii=False).replace("<", "\\u003c"),
    }

    def one(match: re.Match[str]) -> str:
        return fill[match.group(1)]

    return TEMPLATE_KEY.sub(one, template).encode("utf-8")


def page_lang(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The page's language: ``?lang=``, then the teacher's choice kept in the cookie, then the
    browser's ``Accept-Language``, then English (each only if the service ships it)."""
    return language.chosen(query) or language.chosen(cookie) or language.best(accept)


__all__ = ["LANG_COOKIE", "SHORT_TITLES", "WORDS", "page_html", "page_lang", "page_words"]
