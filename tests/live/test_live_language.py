"""A student's kernel in a Spanish lesson: every sentence of the live class in Spanish (its own
and the service's, which it asks for with Accept-Language), the same codes and the same game.

Against the real service in this process; the lesson's language is set as ``start_lesson(...,
lang="es")`` sets it (:func:`evo_lessons.i18n.set_default_lang`).
"""

from __future__ import annotations

import pytest

from evo_lessons import i18n
from evo_lessons.live import join_class
from evo_lessons.live.client import ServiceClient, ServiceRefusal, accept_language
from evo_lessons.live.served import NOT_IN_A_COUNTED_GAME


@pytest.fixture
def spanish():
    i18n.set_default_lang("es")
    yield
    i18n.set_default_lang(None)


def test_the_kernel_asks_in_the_lessons_language(spanish):
    assert accept_language() == "es, en;q=0.1"
    i18n.set_default_lang("en")
    assert accept_language() == "en"
    i18n.set_default_lang("pt_BR")
    assert accept_language() == "pt-BR, en;q=0.1"


def test_a_spanish_lesson_hears_the_service_in_spanish(live, tmp_path, spanish):
    with pytest.raises(ValueError) as refused:
        join_class(live.url, "ZZZZ-ZZZZ", "Ada", work_dir=tmp_path)
    assert str(refused.value) == "Ese no es el código de esta clase: revísalo con tu docente."
    seat = join_class(live.url, live.join_code, "Ada", work_dir=tmp_path)
    game = seat.game("climate", players=2)
    assert game.served.state.current_player == game.served.seat
    # the service's status and the kernel's own sentences, in Spanish
    assert "Una partida que cuenta, repartida por tu clase" in game._served()["text"]
    with pytest.raises(ValueError) as undo:
        game.served.undo()
    assert str(undo.value) == str(NOT_IN_A_COUNTED_GAME) != NOT_IN_A_COUNTED_GAME.text
    assert str(undo.value).startswith("Esta es una partida que cuenta")
    with pytest.raises(ServiceRefusal) as paused:
        ServiceClient(live.url, seat.token).call("POST", "/api/games", {"game": "nope"})
    assert paused.value.code == "no_such_game"
    assert str(paused.value) == "No hay ningún juego llamado 'nope'."


def test_a_spanish_and_an_english_student_play_the_same_deal(live, tmp_path):
    """The teacher's seed: the same game for both, whatever language each reads it in."""
    from service.helpers import call

    dealt = call(live.url, "POST", "/api/deal", {"game": "niche", "seed": 11}, live.teacher)
    assert dealt[0] == 200
    games = {}
    for lang, name in (("en", "Ada"), ("es", "Grace")):
        i18n.set_default_lang(lang)
        try:
            seat = join_class(live.url, live.join_code, name, work_dir=tmp_path / lang)
            game = seat.game("niche")
            game.served.act_index(0)
            games[lang] = game.served
        finally:
            i18n.set_default_lang(None)
    en, es = games["en"], games["es"]
    assert en.move == es.move and en.rows == es.rows
    assert en.state.observation(en.seat) == es.state.observation(es.seat)
    assert [line[0] for line in en.log] == [line[0] for line in es.log]
    assert en.log != es.log  # the same moves, told in two languages


def test_an_unknown_field_is_told_by_its_code_not_its_words():
    spanish = ServiceRefusal("Campo inesperado 'move_id' en la solicitud.", 400,
                             "unknown_field", "move_id")  # fmt: skip
    other = ServiceRefusal("Campo inesperado 'colour' en la solicitud.", 400,
                           "unknown_field", "colour")  # fmt: skip
    older = ServiceRefusal("Unexpected field 'move_id' in the request.", 400)  # no code: English
    assert spanish.unknown_field("move_id") and not other.unknown_field("move_id")
    assert older.unknown_field("move_id")
