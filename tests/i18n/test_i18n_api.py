"""The translation API: which language is spoken, and two languages side by side."""

from __future__ import annotations

import pytest

from evo_lessons import i18n


def test_lang_argument_wins_over_the_environment(monkeypatch):
    monkeypatch.setenv(i18n.ENV_VAR, "es")
    assert i18n.resolve_lang("en") == "en"
    assert i18n.resolve_lang(None) == "es"


def test_english_without_argument_or_environment(monkeypatch):
    monkeypatch.delenv(i18n.ENV_VAR, raising=False)
    assert i18n.resolve_lang() == "en"
    assert i18n.get_translator().lang == "en"


@pytest.mark.parametrize(
    ("given", "spelled"), [("es-mx", "es_MX"), ("ES", "es"), ("pt_br", "pt_BR")]
)
def test_language_codes_are_spelled_as_gettext_spells_them(given, spelled):
    assert i18n.normalize(given) == spelled


def test_a_language_code_is_checked():
    with pytest.raises(ValueError):
        i18n.normalize("../../etc")


def test_an_unknown_language_shows_the_english_source():
    t = i18n.get_translator("zz")
    assert not t.translated
    assert t.pgettext("button", "Undo") == "Undo"


def test_two_translators_in_one_kernel_speak_two_languages():
    es, en = i18n.get_translator("es"), i18n.get_translator("en")
    assert es.pgettext("button", "Undo") != en.pgettext("button", "Undo")


def test_speaking_sets_the_language_of_the_module_functions_for_a_block():
    with i18n.speaking("es"):
        inside = i18n.pgettext("button", "Undo")
        with i18n.speaking("en"):
            assert i18n.pgettext("button", "Undo") == "Undo"
    assert inside != "Undo"
    assert i18n.current_lang() == i18n.resolve_lang()


def test_right_to_left_languages_get_dir_rtl():
    assert i18n.text_direction("ar") == "rtl"
    assert i18n.text_direction("es") == "ltr"


def test_other_domains_fall_back_to_english_when_absent(tmp_path):
    t = i18n.get_translator("es", domain="lesson_99", localedir=tmp_path)
    assert t.gettext("A sentence.") == "A sentence."


def test_a_lessons_language_is_the_kernels_default_below_lang_and_above_the_environment(
    monkeypatch,
):
    monkeypatch.setenv(i18n.ENV_VAR, "fr")
    i18n.set_default_lang("es")
    try:
        assert i18n.resolve_lang() == "es"
        assert i18n.resolve_lang("en") == "en"
    finally:
        i18n.set_default_lang(None)
    assert i18n.resolve_lang() == "fr"


def test_the_translation_module_imports_nothing_of_the_package():
    """The engine may read it (seat names, the log): so it must sit below everything."""
    import ast
    import pathlib

    tree = ast.parse(pathlib.Path(i18n.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0 and not (node.module or "").startswith("evo_lessons")
        elif isinstance(node, ast.Import):
            assert not any(a.name.startswith("evo_lessons") for a in node.names)
