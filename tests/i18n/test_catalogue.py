"""The catalogue is current, compiled, complete for shipped locales, and its placeholders match.

``tools/i18n/catalog.py all`` rebuilds what these tests compare against."""

from __future__ import annotations

import gettext
import importlib.util
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("i18n_catalog", ROOT / "tools/i18n/catalog.py")
assert _spec and _spec.loader
catalog = importlib.util.module_from_spec(_spec)
sys.modules["i18n_catalog"] = catalog
_spec.loader.exec_module(catalog)


def test_the_template_holds_every_marked_string_of_the_code():
    assert catalog.POT.exists()
    assert catalog._stable(catalog.POT.read_bytes()) == catalog._stable(catalog.pot_bytes()), (
        "a marked string changed: run `python tools/i18n/catalog.py all` and commit"
    )


@pytest.mark.parametrize("locale", [loc for loc, _ in catalog.po_paths()])
def test_each_locale_is_merged_with_the_template(locale):
    po = dict(catalog.po_paths())[locale]
    assert catalog._stable(po.read_bytes()) == catalog._stable(catalog.updated(locale, po)), (
        "run `python tools/i18n/catalog.py all` and commit"
    )


def test_every_compiled_catalogue_matches_its_source():
    stale = [
        str(mo.relative_to(ROOT))
        for mo, data in catalog.compiled().items()
        if not mo.exists() or mo.read_bytes() != data
    ]
    assert not stale, f"stale .mo files (run tools/i18n/catalog.py compile): {stale}"


def test_the_compiled_spanish_says_what_the_po_says():
    po = catalog.read(dict(catalog.po_paths())["es"], "es")
    mo = dict(catalog.po_paths())["es"].with_suffix(".mo")
    with mo.open("rb") as f:
        t = gettext.GNUTranslations(f)
    for message in po:
        if message.id and isinstance(message.id, str) and message.string:
            if message.context:
                assert t.pgettext(message.context, message.id) == message.string
            else:
                assert t.gettext(message.id) == message.string


def test_shipped_locales_translate_every_entry(capsys):
    table = catalog.table()
    with capsys.disabled():  # the coverage table, printed in CI's log
        print("\ntranslation coverage (both domains)\n" + table)
    for domain in catalog.DOMAINS:
        for locale, done, _fuzzy, total in catalog.stats(domain):
            if locale in catalog.SHIPPED:
                assert done == total, f"{domain} {locale}: {total - done} entries to translate"


PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.mark.parametrize(
    ("domain", "locale"),
    [(d, loc) for d in catalog.DOMAINS for loc, _ in catalog.po_paths(d)],
)
def test_every_translation_keeps_the_placeholders_of_its_english(domain, locale):
    """The same {names} in the translation as in the English (msgfmt's check is for %-formats
    and python-brace-format only where flagged; this one reads every entry)."""
    po = dict(catalog.po_paths(domain))[locale]
    wrong = []
    for message in catalog.read(po, locale):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = sorted(set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0])))
        for string in strings:
            if string and sorted(set(PLACEHOLDER.findall(string))) != wanted:
                wrong.append((message.context, ids[0][:50], string[:50]))
    assert not wrong, f"{po.name}: placeholders differ from the English: {wrong[:5]}"


@pytest.mark.parametrize("locale", [loc for loc, _ in catalog.po_paths()])
def test_placeholders_survive_translation(locale, tmp_path):
    if shutil.which("msgfmt") is None:  # .ci/run installs gettext; a developer may not have it
        if "EVO_CI_FULL" in os.environ:
            pytest.fail("gettext's msgfmt is not installed")
        pytest.skip("gettext's msgfmt is not installed (apt install gettext)")
    po = dict(catalog.po_paths())[locale]
    run = subprocess.run(
        ["msgfmt", "--check-format", "--check-header", "-o", str(tmp_path / "x.mo"), str(po)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr


def test_the_pseudo_locale_marks_every_string_and_keeps_placeholders():
    text = catalog.pseudo_text("Round {round} of {max}")
    assert text.startswith("\u27e6") and text.endswith("\u27e7")
    assert "{round}" in text and "{max}" in text
    assert len(text) >= 1.4 * len("Round {round} of {max}")


#: the games whose data words (the evo_lessons_data domain) each shipped locale translates
#: completely; a game joins its locale's list when its last data word is translated
COMPLETE_DATA_GAMES = {"es": ("climate", "niche", "adapt_or_die", "phylo")}


def _data_entries(locale: str) -> dict[str, list]:
    """The locale's data-word entries by game (a context reads "<game>: <table>.<field>")."""
    po = dict(catalog.po_paths(catalog.DATA_DOMAIN))[locale]
    games: dict[str, list] = {}
    for message in catalog.read(po, locale):
        if message.id:
            games.setdefault(message.context.split(":")[0], []).append(message)
    return games


@pytest.mark.parametrize("locale", sorted(COMPLETE_DATA_GAMES))
def test_complete_games_translate_every_data_word(locale, capsys):
    games = _data_entries(locale)
    with capsys.disabled():  # the data words' coverage by game, printed in CI's log
        print(f"\ndata words translated ({locale}), by game")
        for game, entries in sorted(games.items()):
            done = sum(1 for m in entries if m.string and not m.fuzzy)
            print(f"  {game:<14} {done:>4} of {len(entries):>4}")
    for game in COMPLETE_DATA_GAMES[locale]:
        assert games.get(game), f"no data words of {game!r}: is the game's name right?"
        missing = [m.id for m in games[game] if not m.string or m.fuzzy]
        assert not missing, f"{locale} {game}: {len(missing)} untranslated: {missing[:5]}"


@pytest.mark.parametrize("locale", sorted(COMPLETE_DATA_GAMES))
def test_short_labels_stay_short(locale):
    """A habitat's or challenge's short label sits in a tag sized for the English one."""
    games = _data_entries(locale)
    long = [
        (m.id, m.string)
        for game in COMPLETE_DATA_GAMES[locale]
        for m in games[game]
        if m.context.endswith(".short") and len(m.string) > len(m.id) + 2
    ]
    assert not long, f"short labels more than 2 characters longer than the English: {long}"
