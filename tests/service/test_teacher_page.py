"""The teacher's live page in Chromium.

- It fills as a served game ends, and draws with the kit (no outside request, no console error).
- The projector layout holds a class of 30 playing five games in one 1920x1080 screen, light and
  dark, shows no seed and no control, and axe-core finds nothing in either layout.
- The teacher's panel is reached from the keyboard; "Deal again" and "Let join again" ask first
  in a real dialog (Escape cancels); layout and "Hide names" survive a reload.
- It never has two summary requests out at once and asks with If-None-Match (304 when nothing
  changed).

``EVO_LIVE_PAGE_SHOTS=<folder>`` keeps the projector screenshots there (docs/images has them).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import os
import pathlib
import re

import pytest
from browser.visible_text import VISIBLE_TEXTS
from sqlalchemy import select, update

from evo_lessons.service.db import Move, ServedGame, Student
from evo_lessons.service.page_words import languages

from .helpers import Running, call, finished_code, join, play_served, send, status_says, summary

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1920, "height": 1080}
GAMES = ["climate", "niche", "adaptation", "adapt_or_die", "phylo"]
#: Adapt or Die played by "first choice each time" takes thousands of moves: a short one
OPTIONS = {"adapt_or_die": {"max_rounds": 4}}
NAMES = [
    "Ada Lovelace", "Grace Hopper", "Zoë Núñez", "Alan Turing", "Rosalind Franklin",
    "Charles Darwin", "Mary Anning", "Gregor Mendel", "Barbara McClintock", "Alfred Wallace",
    "Lynn Margulis", "Rachel Carson", "Jane Goodall", "Ernst Mayr", "Dian Fossey",
    "Motoo Kimura", "Sewall Wright", "Theodosius Dobzhansky", "Peter Grant", "Rosemary Grant",
    "Tomoko Ohta", "Nettie Stevens", "Ronald Fisher", "Janaki Ammal", "Jennifer Doudna",
    "E. O. Wilson", "Svante Pääbo", "Sydney Brenner", "Hope Jahren", "Kamal Bawa",
]  # fmt: skip
AXE_VERSION = "4.14.1"


# -- a class of 30 playing five games ----------------------------------------------------------
def _deal(live, token: str, game: str) -> dict:
    body = {"game": game, "options": OPTIONS.get(game, {})}
    status, payload = call(live.url, "POST", "/api/games", body, token)
    assert status == 200, payload
    return payload


def _move(live, token: str, payload: dict) -> dict:
    body = {"move": payload["move"], "index": 0}
    status, payload = call(live.url, "POST", f"/api/games/{payload['id']}/act", body, token)
    assert status == 200, payload
    return payload


def fill_class_of_30(live) -> dict[str, int]:
    """30 joined: 25 finished a counted game (5 of each game), then 15 of them and 3 others
    started another; 3 of those made no move for 6 minutes (stuck); 2 only joined (one sent a
    practice code). The teacher dealt Climate again with seed 4242 (never on the projector).
    Returns the counts the page should show."""
    tokens = [join(live.url, live.join_code, name) for name in NAMES]
    for i, token in enumerate(tokens[:25]):
        play_served(live.url, token, GAMES[i % 5], OPTIONS.get(GAMES[i % 5]))
    dealt = call(live.url, "POST", "/api/deal", {"game": "climate", "seed": 4242}, live.teacher)
    assert dealt[0] == 200
    for i in [*range(18), 25, 26, 27]:
        payload = _deal(live, tokens[i], GAMES[(i + 1) % 5])
        for _ in range(i % 3):
            payload = _move(live, tokens[i], payload)
    assert send(live.url, tokens[28], finished_code(NAMES[28], "niche"))[0] == 200
    idle = dt.datetime.now(dt.UTC).replace(tzinfo=None) - dt.timedelta(minutes=6)
    with live.service.Session() as db:
        stuck = db.scalars(
            select(ServedGame.id)
            .join(Student, Student.id == ServedGame.student_id)
            .where(Student.name.in_(NAMES[15:18]), ServedGame.over.is_(False))
        ).all()
        db.execute(update(ServedGame).where(ServedGame.id.in_(stuck)).values(started=idle))
        db.execute(update(Move).where(Move.game_id.in_(stuck)).values(at=idle))
        db.commit()
    return {"joined": 30, "playing": 18, "finished": 7, "stuck": 3}


@pytest.fixture(scope="module")
def class_of_30(tmp_path_factory):
    running = Running(tmp_path_factory.mktemp("class30") / "class")
    running.counts = fill_class_of_30(running)
    yield running
    running.stop()


# -- pages ------------------------------------------------------------------------------------
def _open(chromium, **options):
    """A page on its own computer (a fresh context), collecting problems and requests."""
    context = chromium.new_machine(**options)
    opened = context.new_page()
    opened.problems = []
    opened.on("pageerror", lambda error: opened.problems.append(str(error)))
    opened.on(
        "console",
        lambda message: opened.problems.append(message.text) if message.type == "error" else None,
    )
    opened.on(
        "request",
        lambda request: (
            None
            if request.url.startswith(("http://127.0.0.1", "data:"))
            else opened.problems.append(f"outside request: {request.url}")
        ),
    )
    return context, opened


@pytest.fixture
def page(chromium):
    context, opened = _open(chromium)
    yield opened
    context.close()


@contextlib.contextmanager
def _projector(chromium, live, lang: str = "", **options):
    """The class of 30's projector layout on a 1920x1080 computer of its own (``?lang=`` when
    ``lang`` is given), once every card's plot has its chance: checked to be one screen that
    counts the class and shows no seed."""
    context, page = _open(chromium, viewport=PROJECTOR, **options)
    try:
        asked = f"&lang={lang}" if lang else ""
        page.goto(f"{live.url}/teacher?token={live.teacher}{asked}")
        # the token went into a cookie, not the address; the language is kept
        kept = f"?lang={lang}" if lang else ""
        assert page.url == f"{live.url}/teacher{kept}"
        assert page.evaluate("document.documentElement.lang") == (lang or "en").replace("_", "-")
        page.wait_for_function("document.querySelectorAll('#setups figure.card').length === 5")
        # chance is simulated beside (a few seconds a game): wait for every plot to have it
        page.wait_for_function(
            "!document.querySelector('#setups').textContent.includes("
            "JSON.parse(document.getElementById('live-words').textContent).words.simulating)",
            timeout=240_000,
        )
        sizes = page.evaluate(
            "[document.documentElement.scrollHeight, document.documentElement.scrollWidth]"
        )
        assert sizes[0] <= PROJECTOR["height"] and sizes[1] <= PROJECTOR["width"], sizes
        for state, n in live.counts.items():
            assert page.inner_text(f"#n-{state}") == str(n), state
        assert "4242" not in page.inner_text("body")  # no seed on the projector
        yield page
    finally:
        context.close()


def _teacher(page, live) -> None:
    page.goto(f"{live.url}/teacher?token={live.teacher}")
    assert page.url == f"{live.url}/teacher"  # the token went into a cookie, not the address
    status_says(page, "counted game")


#: what has the keyboard's focus (its id, else its class)
FOCUSED = "document.activeElement.id || document.activeElement.className"


def _answer_says(page, text: str) -> None:
    """The deal form's answer line starts with ``text`` (it is written once the dialog closed)."""
    page.wait_for_function(
        "(text) => document.querySelector('#deal-answer').textContent.startsWith(text)",
        arg=text,
        timeout=10_000,
    )


def _axe_script() -> pathlib.Path:
    """axe-core's script: EVO_AXE_CORE, else the copy pinned in tools/axe (`npm ci` there).

    Under .ci/run (which installs it) a missing script fails the test; a developer's machine
    without it skips, saying how to install it."""
    given = os.environ.get("EVO_AXE_CORE")
    script = (
        pathlib.Path(given)
        if given
        else pathlib.Path(__file__).resolve().parents[2]
        / "tools/axe/node_modules/axe-core/axe.min.js"
    )
    if not script.exists():
        message = f"axe-core {AXE_VERSION} is not at {script}: run `npm ci` in tools/axe"
        if "EVO_CI_FULL" in os.environ:
            pytest.fail(message)
        pytest.skip(message)
    return script


def _axe(page) -> list[str]:
    """axe-core's violations on the page as it is (id, impact, the first node)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(_axe_script()))
    return page.evaluate(
        """async () => (await axe.run(document)).violations.map(
            (v) => `${v.id} (${v.impact}): ${v.nodes[0].html.slice(0, 120)}`)"""
    )


def _shot(page, name: str) -> None:
    folder = os.environ.get("EVO_LIVE_PAGE_SHOTS")
    if folder:
        pathlib.Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(pathlib.Path(folder) / name))


# -- the tests ----------------------------------------------------------------------------------
def test_the_live_page_fills_as_a_served_game_ends(live, page):
    ada = join(live.url, live.join_code, "Ada Lovelace")
    _teacher(page, live)
    status_says(page, "0 counted")
    assert "Ada Lovelace" in page.inner_text("#grid")
    assert page.inner_text("#n-joined") == "1"
    play_served(live.url, ada, "climate")
    status_says(page, "1 counted game")
    page.wait_for_function("document.querySelectorAll('#setups svg.interval').length >= 1")
    svg = page.locator("#setups svg.interval").first
    assert "our class" in svg.get_attribute("aria-label")
    card = page.locator("#setups figure.card").first
    title = card.locator(".card-title").bounding_box()
    assert "Climate" in card.locator(".card-title").inner_text()
    assert title["y"] + title["height"] <= svg.bounding_box()["y"]  # the title is above its plot
    assert page.inner_text("#n-finished") == "1"
    # hide names, from the keyboard: every name goes, the grid leaves the projector
    page.focus("#hide-names")
    page.keyboard.press("Space")
    page.wait_for_function("!document.body.textContent.includes('Lovelace')")
    assert not page.locator("#grid").is_visible()
    assert page.problems == []


def test_the_page_refuses_a_students_token(live, page):
    ada = join(live.url, live.join_code, "Ada")
    answer = page.goto(f"{live.url}/teacher?token={ada}")
    assert answer.status == 403
    answer = page.goto(f"{live.url}/teacher")
    assert answer.status == 401 and "printed" in page.inner_text("body")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_class_of_30_playing_five_games_fits_one_projector_screen(class_of_30, chromium, scheme):
    with _projector(chromium, class_of_30, color_scheme=scheme) as page:
        assert page.locator("#grid li.stuck").count() == 3
        assert "25 counted games, 1 practice code" in page.inner_text("#status")
        assert "stuck 6 min" in page.inner_text("#grid")
        assert not page.locator("#teacher").is_visible()
        assert "seed" not in page.inner_text("body").lower()  # not even the word
        # read from the back of the room: the join code, counts, titles and plot text are large
        sizes = page.evaluate(
            """() => {
              const px = (sel) => Math.min(...[...document.querySelectorAll(sel)].map(
                (el) => parseFloat(getComputedStyle(el).fontSize) *
                  (el.ownerSVGElement ? el.ownerSVGElement.getScreenCTM().a : 1)));
              return {code: px('#join-code'), count: px('.count .n'), title: px('.card-title'),
                      plot: px('svg.interval text.value'), side: px('svg.interval text.side')};
            }"""
        )
        assert sizes["code"] >= 56 and sizes["count"] >= 48 and sizes["title"] >= 28, sizes
        assert sizes["plot"] >= 18 and sizes["side"] >= 17, sizes
        assert _axe(page) == []
        _shot(page, f"live_page_projector_{scheme}.png")
        # a smaller projector (1280x720, 1024x768) shows the same screen, scaled down
        for width, height in ((1280, 720), (1024, 768)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function(  # the page scales itself on the resize event
                """([w, h]) => document.documentElement.scrollWidth <= w &&
                   document.documentElement.scrollHeight <= h""",
                arg=[width, height],
                timeout=5_000,
            )
        page.set_viewport_size(PROJECTOR)
        # the teacher's layout: the panel (with the seed), still axe-clean
        page.click("#layout")
        assert page.locator("#teacher").is_visible()
        assert "seed 4242" in page.inner_text("#deals")
        assert _axe(page) == []
        # names hidden: the projector shows no name and gives the plots the grid's room
        page.click("#layout")
        page.check("#hide-names")
        assert all(name not in page.inner_text("body") for name in (NAMES[0], NAMES[2]))
        assert page.evaluate("document.documentElement.scrollHeight") <= PROJECTOR["height"]
        assert _axe(page) == []
        _shot(page, f"live_page_projector_names_hidden_{scheme}.png")
        assert page.problems == []


def _visible_texts(page) -> list[list[str]]:
    """Every text the page shows or reads aloud (its body's, and its title)."""
    return [*page.locator("body").evaluate(VISIBLE_TEXTS), ["TITLE", page.title()]]


def _without(texts: list[list[str]], data: set[str]) -> list[list[str]]:
    """The texts without ``data`` (names, codes, setups: in no language) and without the
    English the page is given by modules not wrapped yet (on tests/i18n's PENDING list): the
    measures' names (classroom/compare.py) and a game's title (its __init__.py). The page shows
    what the catalogue gives it (page_words): each leaves this list when its module is
    wrapped, and the check then covers it. A name cut short to fit ("Games won by the…") goes
    too."""
    from i18n.test_wrapped_strings import PENDING

    from evo_lessons import GAMES, game_spec
    from evo_lessons.classroom.compare import measures_of

    english = set(data)
    for game in GAMES:
        spec = game_spec(game)
        if "classroom/compare.py" in PENDING:
            english |= {label for _, label in measures_of(spec)}
        if f"games/{game}/__init__.py" in PENDING:
            english.add(spec.title)
    found = []
    for where, text in texts:
        for words in sorted(english, key=len, reverse=True):
            text = text.replace(words, " ")
        cut = re.search(r"([^⟦⟧]+)…$", text)
        if cut and any(w.startswith(cut.group(1).strip()) for w in english):
            text = text[: cut.start()]
        found.append([where, text])
    return found


@pytest.mark.parametrize("lang", ["es", "en_XA"])
def test_the_projector_in_another_language_fits_and_is_all_translated(class_of_30, chromium, lang):
    """The projector layout of a class of 30 with ``?lang=``: <html lang> set, every word in
    the language (under en_XA every visible text marked ⟦…⟧, names hidden: they are data),
    still one 1920x1080 screen, axe-clean. ``EVO_LIVE_PAGE_SHOTS`` keeps the Spanish one."""
    from browser.test_pseudo_locale_browser import english_left  # the pseudo-locale's marker

    live = class_of_30
    with _projector(chromium, live, lang) as page:
        text = page.inner_text("body")
        if lang == "es":
            assert "Nuestra clase frente al azar" in text
            assert "25 partidas que cuentan, 1 código de práctica" in page.inner_text("#status")
            assert "atascado 6 min" in page.inner_text("#grid")
            assert "Nichos" in page.inner_text("#setups")
            assert _axe(page) == []
            _shot(page, "live_page_projector_es.png")
        else:
            page.check("#hide-names")  # the students' names are data, in no language
            page.wait_for_function("!document.body.textContent.includes('Lovelace')")
            data = {live.join_code}  # the join code: data, in no language
            # the language list names each other language in itself ("Español"): data here
            data |= {x["name"] for x in languages(lang) if x["lang"] != lang}
            left = english_left(_without(_visible_texts(page), data))
            assert left == [], left
            assert page.evaluate("document.documentElement.scrollHeight") <= PROJECTOR["height"]
            assert _axe(page) == []
            page.click("#layout")  # the teacher's layout too
            page.uncheck("#hide-names")
            tables = summary(live)  # the teacher's tables: names and setups are data too
            data |= set(NAMES) | {x["setup"] for x in tables["setups"] + tables["practice_setups"]}
            left = english_left(_without(_visible_texts(page), data))
            assert left == [], left
        assert page.problems == []


def test_the_teacher_switches_the_language_and_it_is_kept(live, page):
    join(live.url, live.join_code, "Ada")
    _teacher(page, live)
    assert page.evaluate("document.documentElement.lang") == "en"
    page.click("#layout")
    assert page.inner_text("#language option:checked") == "English"
    with page.expect_navigation():
        page.select_option("#language", "es")
    status_says(page, "Revisado")
    assert page.evaluate("document.documentElement.lang") == "es"
    assert page.inner_text("#pause") == "Pausar la clase"
    page.goto(f"{live.url}/teacher")  # the choice is kept (its cookie)
    status_says(page, "Revisado")
    assert page.inner_text("#language option:checked") == "Español"
    # a refusal the page shows comes in the page's language (its requests say it)
    if not page.locator("#teacher").is_visible():
        page.click("#layout")
    page.fill("#deal-scenario", "EVO1-not-a-code")
    page.click("#deal-submit")
    page.click("#confirm-yes")
    _answer_says(page, "No se repartió: Ese código de escenario se rechaza")
    assert [p for p in page.problems if "status of 400" not in p] == []  # (the refusal's)


def test_the_teacher_panel_is_reached_by_keyboard_and_asks_before_it_acts(live, page):
    join(live.url, live.join_code, "Ada")
    _teacher(page, live)
    assert not page.locator("#pause").is_visible()  # the projector layout: no control
    page.focus("#hide-names")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "layout"
    page.keyboard.press("Enter")
    assert page.get_attribute("#layout", "aria-pressed") == "true"
    # Tab on: the pause button, the downloads, the deal form, then each student's button
    reached = []
    for _ in range(12):
        page.keyboard.press("Tab")
        reached.append(page.evaluate(FOCUSED))
    for wanted in ("pause", "csv", "codes", "deal-game", "deal-seed", "deal-submit", "rejoin"):
        assert wanted in reached, (wanted, reached)
    # pause from the keyboard (not destructive: no question)
    page.focus("#pause")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#pause').ariaPressed === 'true'")
    assert summary(live)["paused"] is True
    # deal again: a dialog; Escape leaves the class as it was
    page.select_option("#deal-game", "niche")
    page.focus("#deal-submit")
    page.keyboard.press("Enter")
    dialog = page.locator("#confirm")
    dialog.wait_for(state="visible")
    assert "Niche" in dialog.inner_text()
    assert page.evaluate("document.activeElement.id") == "confirm-cancel"
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert summary(live)["deals"] == {}
    _answer_says(page, "Not dealt.")
    # again, and yes (Tab to it, Enter)
    page.focus("#deal-submit")
    page.keyboard.press("Enter")
    dialog.wait_for(state="visible")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "confirm-yes"
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#deal-answer').textContent.startsWith('Dealt')")
    deals = summary(live)["deals"]
    assert deals["niche"]["round"] == 2
    # a seed the browser refuses says so (and nothing is dealt)
    page.fill("#deal-seed", "abc")
    page.click("#deal-submit")
    _answer_says(page, "Not dealt: a seed is a whole number")
    assert not dialog.is_visible()
    page.fill("#deal-seed", "")
    # let join again: Cancel keeps the seat; yes opens it
    rejoin = page.locator("#students button.rejoin")
    assert "Let join again" in rejoin.get_attribute("aria-label")
    rejoin.click()
    dialog.wait_for(state="visible")
    assert "Ada" in dialog.inner_text()
    page.click("#confirm-cancel")
    dialog.wait_for(state="hidden")
    assert summary(live)["students"][0]["may_rejoin"] is False
    rejoin.click()
    page.click("#confirm-yes")
    page.wait_for_function("document.querySelector('#students').innerText.includes('may join')")
    # the one-time code the student joins with (the teacher's panel only)
    page.wait_for_function(
        "/[A-Z0-9]{3}-[A-Z0-9]{3}/.test(document.querySelector('#rejoin-answer').textContent)"
    )
    assert page.problems == []


def test_layout_and_hidden_names_survive_a_reload(live, page):
    join(live.url, live.join_code, "Ada Lovelace")
    _teacher(page, live)
    page.check("#hide-names")
    page.click("#layout")
    page.reload()
    status_says(page, "counted game")
    assert page.is_checked("#hide-names")
    assert page.get_attribute("body", "data-layout") == "teacher"
    assert page.locator("#teacher").is_visible()
    assert "Lovelace" not in page.inner_text("body") and "Student 1" in page.inner_text("#students")
    page.uncheck("#hide-names")
    page.click("#layout")
    page.reload()
    status_says(page, "counted game")
    assert not page.is_checked("#hide-names") and not page.locator("#teacher").is_visible()
    assert "Ada Lovelace" in page.inner_text("#grid")


#: counts the page's summary requests in the page itself: how many are out at once, at most
COUNT_FETCHES = """
window.summaryAsks = { out: 0, most: 0, tags: [] };
const plainFetch = window.fetch;
window.fetch = async (url, options) => {
  if (!String(url).includes("api/summary")) return plainFetch(url, options);
  const asks = window.summaryAsks;
  asks.out += 1;
  asks.most = Math.max(asks.most, asks.out);
  asks.tags.push((options && options.headers && options.headers["If-None-Match"]) || null);
  try {
    return await plainFetch(url, options);
  } finally {
    asks.out -= 1;
  }
};
"""


def test_the_page_waits_for_each_answer_and_asks_what_changed(live, page, monkeypatch):
    from evo_lessons.service import handlers

    plain = handlers.SummaryHandler.get

    async def slowly(self, *args):
        await asyncio.sleep(2.5)  # slower than the page's 2 s between polls
        return await plain(self, *args)

    answers = []
    page.on("response", lambda r: answers.append(r.status) if "/api/summary" in r.url else None)
    page.add_init_script(COUNT_FETCHES)
    _teacher(page, live)
    monkeypatch.setattr(handlers.SummaryHandler, "get", slowly)
    page.click("#hide-names")  # redraws, never asks
    page.wait_for_timeout(9_000)
    asks = page.evaluate("window.summaryAsks")
    assert asks["most"] == 1, asks
    assert len(asks["tags"]) >= 3 and asks["tags"][0] is None and all(asks["tags"][1:]), asks
    assert 304 in answers
