"""The class service answers in the request's language; its codes never change with it.

- ``Accept-Language`` picks the sentence of a refusal (es, the pseudo-locale en_XA, else
  English); a malformed header is English, never an error; the refusal's ``code`` (and
  ``field``) are the same in every language.
- A served game's status, choices and log come in the student's language (the kernel sends
  the lesson's), and its codes and numbers are the same as in English.
- The live page's words: ``?lang=``, then the teacher's cookie, then Accept-Language, then
  English; ``<html lang dir>`` set; no template key left; made once per language.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

import pytest

from evo_lessons.service import language, page_words

from .helpers import Running, join

SPANISH = "es-MX,es;q=0.9,en;q=0.5"


def ask(url, method, path, body=None, token=None, lang=None, cookie=None):
    """(status, answer, headers) of one request with the given Accept-Language."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, method=method, data=data)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"token {token}")
    if lang is not None:
        request.add_header("Accept-Language", lang)
    if cookie:
        request.add_header("Cookie", cookie)
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            status, text, headers = answer.status, answer.read(), answer.headers
    except urllib.error.HTTPError as error:
        status, text, headers = error.code, error.read(), error.headers
    kind = headers["Content-Type"] or ""
    found = json.loads(text) if kind.startswith("application/json") else text.decode("utf-8")
    return status, found, headers


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    running = Running(tmp_path_factory.mktemp("languages"))
    yield running
    running.stop()


# -- choosing the language -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("es", "es"),
        ("es-MX", "es"),
        ("es-419,en;q=0.5", "es"),
        ("en;q=0.9, es", "es"),  # the weights decide, not the order
        ("fr, es;q=0.8, en;q=0.5", "es"),  # French is not shipped: the next one wanted
        ("fr, en;q=0.5, es;q=0.4", "en"),
        ("en-XA", "en_XA"),
        ("es;q=0, en", "en"),  # q=0: "not this one"
        ("*", "en"),
        ("", "en"),
        (None, "en"),
        ("es;q=2", "en"),  # malformed: English, never an error
        ("es;;;", "en"),
        ("ñ-ñ", "en"),
        ("x" * 2000, "en"),
    ],
)
def test_the_best_shipped_language_of_a_header(header, lang):
    assert language.best(header) == lang


def test_the_page_language_order():
    assert page_words.page_lang("es", "en", "en") == "es"  # ?lang= first
    assert page_words.page_lang(None, "es", "en") == "es"  # then the teacher's choice
    assert page_words.page_lang("zz", None, "es") == "es"  # an unknown choice is passed over
    assert page_words.page_lang(None, None, None) == "en"


# -- refusals --------------------------------------------------------------------------------
def test_a_refusal_speaks_the_request_language_and_keeps_its_code(live):
    body = {"join_code": "ZZZZ-ZZZZ", "name": "Ada"}
    answers = {}
    for lang in ("en", SPANISH, "en-XA", "xx;;", None):
        status, answer, _ = ask(live.url, "POST", "/api/join", body, lang=lang)
        assert status == 403
        answers[lang] = answer
    codes = {a["code"] for a in answers.values()}
    assert codes == {"bad_join_code"}
    english = "That is not this class's join code: check it with your teacher."
    assert answers["en"]["error"] == english
    spanish = "Ese no es el código de esta clase: revísalo con tu docente."
    assert answers[SPANISH]["error"] == spanish
    assert answers["en-XA"]["error"].startswith("⟦") and answers["en-XA"]["error"].endswith("⟧")
    assert answers["xx;;"] == answers["en"] == answers[None]


def test_a_field_refusal_names_its_field_in_every_language(live):
    token = join(live.url, live.join_code, "Grace")
    body = {"game": "climate", "colour": "red"}
    english = ask(live.url, "POST", "/api/games", body, token, lang="en")
    spanish = ask(live.url, "POST", "/api/games", body, token, lang="es")
    assert english[0] == spanish[0] == 400
    assert english[1]["code"] == spanish[1]["code"] == "unknown_field"
    assert english[1]["field"] == spanish[1]["field"] == "colour"
    assert english[1]["error"] == "Unexpected field 'colour' in the request."
    assert spanish[1]["error"] == "Campo inesperado 'colour' en la solicitud."


def test_a_refusal_made_on_the_services_threads_is_in_the_request_language(live):
    """A ruling (on the service's threads) refuses in the request's language."""
    token = join(live.url, live.join_code, "Alan")
    body = {"game": "no_such_game"}
    english = ask(live.url, "POST", "/api/games", body, token, lang="en")
    spanish = ask(live.url, "POST", "/api/games", body, token, lang="es")
    assert english[1]["code"] == spanish[1]["code"] == "no_such_game"
    assert english[1]["error"] == "There is no game called 'no_such_game'."
    assert spanish[1]["error"] == "No hay ningún juego llamado 'no_such_game'."


def test_a_served_game_speaks_the_students_language_with_the_same_codes(live):
    """Two students, one Spanish, one English, in one class: each payload in its language,
    the game's numbers the same (the teacher's seed deals both the same game)."""
    status, _, _ = ask(live.url, "POST", "/api/deal", {"game": "climate", "seed": 7},
                       live.teacher)  # fmt: skip
    assert status == 200
    payloads = {}
    for lang, name in (("en", "Rosalind"), ("es", "Rosalinda")):
        token = join(live.url, live.join_code, name)
        status, payload, _ = ask(live.url, "POST", "/api/games", {"game": "climate"}, token,
                                 lang=lang)  # fmt: skip
        assert status == 200, payload
        payloads[lang] = payload
    en, es = payloads["en"], payloads["es"]
    assert en["status"] == "Your move: choose an action."
    assert es["status"] == "Te toca: elige una acción."
    for key in ("version", "move", "seat", "seats", "current_player", "options", "metrics"):
        assert en[key] == es[key], key


# -- the live page ---------------------------------------------------------------------------
def _page(live, query="", lang=None, cookie=None):
    login = f"evo_teacher={_session(live)}"
    cookies = "; ".join(c for c in (login, cookie) if c)
    status, text, _ = ask(live.url, "GET", f"/teacher{query}", lang=lang, cookie=cookies)
    assert status == 200, text
    return text


_SESSIONS: dict[str, str] = {}


class _KeepRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _sign_in(url: str, token: str, query: str = "") -> str:
    """The session cookie's value a teacher gets opening ``/teacher?token=...`` (the page
    answers with a redirect that drops the token and keeps the rest of the address)."""
    opener = urllib.request.build_opener(_KeepRedirects)
    with pytest.raises(urllib.error.HTTPError) as raised:
        opener.open(f"{url}/teacher?token={token}{query}", timeout=60)
    error = raised.value
    assert error.code == 302
    assert error.headers["Location"].endswith("/teacher" + query.replace("&", "?", 1))
    return re.search(r"evo_teacher=([^;]+)", error.headers["Set-Cookie"]).group(1)


def _session(live) -> str:
    """The teacher page's session cookie (``?token=`` once, as a teacher opens the page; the
    language in the address is kept)."""
    if live.url not in _SESSIONS:
        _SESSIONS[live.url] = _sign_in(live.url, live.teacher, "&lang=es")
    return _SESSIONS[live.url]


def _words(text: str) -> dict:
    block = re.search(r'<script type="application/json" id="live-words">(.*?)</script>', text)
    assert block is not None
    return json.loads(block.group(1))


@pytest.mark.parametrize(
    ("query", "lang", "cookie", "expected"),
    [
        ("", None, None, "en"),
        ("?lang=es", None, None, "es"),
        ("", "es-AR,es;q=0.8", None, "es"),
        ("", "en", "evo_live_lang=es", "es"),  # the teacher's choice over the browser's
        ("?lang=en", "es", "evo_live_lang=es", "en"),  # the address over both
        ("?lang=en_XA", None, None, "en_XA"),
    ],
)
def test_the_live_page_is_served_in_its_language(live, query, lang, cookie, expected):
    text = _page(live, query, lang, cookie)
    assert f'<html lang="{expected.replace("_", "-")}" dir="ltr">' in text
    assert "{{" not in text
    words = _words(text)
    assert words["lang"] == expected
    if expected == "es":
        assert "<title>Nuestra clase, en vivo</title>" in text
        assert words["words"]["pause"] == "Pausar la clase"
        assert words["games"]["niche"]["short"] == "Nichos"
        assert {"lang": "es", "name": "Español"} in words["languages"]
        assert all(entry["lang"] != "en_XA" for entry in words["languages"])


def test_every_word_of_the_page_is_marked_under_the_pseudo_locale(live):
    """en_XA marks every string ⟦…⟧: every word the page and its script get is marked."""
    found = page_words.page_words("en_XA")
    unmarked = [k for k, text in found["words"].items() if not text.startswith("⟦")]
    assert unmarked == []
    for forms in found["plurals"].values():
        assert all(text.startswith("⟦") for text in forms.values())
    text = _page(live, "?lang=en_XA")
    body = re.sub(r"<script.*?</script>|<!--.*?-->|<[^>]+>", "\n", text, flags=re.S)
    lines = [line.strip() for line in body.splitlines() if re.search(r"[A-Za-z]{2}", line)]
    assert all("⟦" in line for line in lines), [line for line in lines if "⟦" not in line]


def test_the_page_is_made_once_per_language():
    page_words.page_words.cache_clear()
    for _ in range(3):
        page_words.page_words("es")
        page_words.page_words("en")
    assert page_words.page_words.cache_info().misses == 2


def test_a_class_made_in_spanish_opens_its_page_in_spanish(live):
    """A class's own language: after the address's and the teacher's choice, before the
    browser's. A language the service does not ship is refused."""
    from evo_lessons.service.rulings import class_lang, create_class, set_class_lang

    with live.service.Session() as db:
        made = create_class(db, "Biología 2B", lang="es-MX")
        token, class_id = made.new_teacher_token, made.id
        assert class_lang(db, class_id) == "es"
        with pytest.raises(ValueError, match="no language 'fr'"):
            set_class_lang(db, class_id, "fr")
        with pytest.raises(ValueError, match="no language"):
            create_class(db, "Klasse", lang="de")

    login = f"evo_teacher={_sign_in(live.url, token)}"
    for lang, cookie, expected in (
        ("en", login, "es"),  # the class's language over the browser's
        ("en", f"{login}; evo_live_lang=en", "en"),  # the teacher's choice over the class's
    ):
        status, text, _ = ask(live.url, "GET", "/teacher", lang=lang, cookie=cookie)
        assert status == 200
        assert _words(text)["lang"] == expected
    status, text, _ = ask(live.url, "GET", "/teacher?lang=en", lang="es", cookie=login)
    assert _words(text)["lang"] == "en"  # the address over everything
    with live.service.Session() as db:
        set_class_lang(db, class_id, None)
        assert class_lang(db, class_id) is None
    assert _words(ask(live.url, "GET", "/teacher", lang="en", cookie=login)[1])["lang"] == "en"
