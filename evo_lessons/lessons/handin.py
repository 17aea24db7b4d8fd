"""Hand-in: a student's work for one lesson as one file to give the teacher.

Two forms of the same content: HTML that prints well (one page per lesson on A4 or Letter, no
widgets, no scripts) and Markdown (for an LMS text box, a wiki, or e-mail). Each holds the
student's name, every question with the student's answer (and whether the model answer was
seen first), the checkpoint results, the game each tracked widget shows, and a marked **results
section** with every finished game's and population run's result code: the only part the
teacher's class pooling reads (so a code typed into an answer is never pooled).

Everything the student typed is escaped: in the HTML as entities; in the Markdown, ``<``, ``>``
and ``&`` as entities and every other Markdown punctuation mark with a backslash, so a renderer
shows the text and runs nothing. Codes are checked to be code characters only and stand in
fenced blocks whose fence is longer than any run of backticks inside.

Both speak the lesson's language (the work's ``lang``, else ``$EVO_LESSONS_LANG``, else English;
the HTML says it in ``<html lang=... dir=...>``); the codes and the results section's marker are
the same in every language, so the teacher pools hand-ins of any language together.

The last line of each file is a machine-readable copy of the work with a SHA-256 checksum over
the copy and the whole file (see :mod:`evo_lessons.lessons.restore`), so period two can start
from the hand-in.
"""

from __future__ import annotations

import base64
import html
import json
import re
import zlib
from pathlib import Path
from typing import Any

from evo_lessons.classroom.seal import (
    seal_line,
)
from evo_lessons.i18n import Msg, get_translator, ngettext, pgettext, pN_, speaking, tr

from .language import html_lang
from .work import Work

FOLDER = "hand-in"
STAGE_NAMES: dict[str, Msg] = {
    "predict": pN_("lesson stage", "Predict"),
    "play": pN_("lesson stage", "Play"),
    "observe": pN_("lesson stage", "Observe"),
    "explain": pN_("lesson stage", "Explain"),
    "think": pN_("lesson stage", "Think"),
}
QUESTION = pN_("lesson stage", "Question")
_NAME = pN_("hand-in", "Name")
_SAVED = pN_("hand-in; when the work was last saved", "Saved")
_NO_NAME = pN_("hand-in", "(no name given)")
_QUESTIONS = pN_("hand-in heading", "Questions")
_NO_QUESTIONS = pN_("hand-in", "(no questions answered)")
_NO_ANSWER = pN_("hand-in", "(no answer)")
_CHECKPOINTS = pN_("hand-in heading", "Checkpoints")
_NO_CHECKPOINTS = pN_("hand-in", "(no checkpoints run)")
_NONE_RUN = pN_("hand-in; no checkpoints", "(none run)")
_GAMES = pN_("hand-in heading", "Games")
_NO_GAME = pN_("hand-in", "(no game recorded)")
# Translators: {call} is Python code, kept as it is
_OPEN_AGAIN = pN_("hand-in", "Open a game again with {call}.")
_RESULTS = pN_("hand-in heading", "Results for the class")
_NO_RESULTS = pN_("hand-in", "(no finished game or population run yet)")
_HANDIN_TITLE = pN_("hand-in; {title} is the lesson's title", "{title}: hand-in")
#: the one name of the results section the class pooling reads: ``<section id="evo-results">``
#: in the HTML, and the lines between ``<!-- evo-results -->`` and ``<!-- /evo-results -->``
#: in the Markdown
RESULTS_MARKER = "evo-results"
RESULTS_HTML_OPEN = f'<section id="{RESULTS_MARKER}">'
RESULTS_MD_OPEN = f"<!-- {RESULTS_MARKER} -->"
RESULTS_MD_CLOSE = f"<!-- /{RESULTS_MARKER} -->"
#: a scenario or result code: a short prefix, a dash, then base64url characters only
CODE_PATTERN = re.compile(r"[A-Z]{3}[0-9]{1,3}-[A-Za-z0-9_=-]{1,400000}")

_CSS = """
body { font: 11pt/1.45 system-ui, -apple-system, "Segoe UI", Arial, sans-serif; color: #111;
       max-width: 46em; margin: 2em auto; padding: 0 1em; }
h1 { font-size: 1.4em; margin-bottom: 0.2em; }
h2 { font-size: 1.1em; border-bottom: 1px solid #999; margin-top: 1.6em; }
.who { margin: 0 0 1em; }
.question { margin: 0.9em 0; break-inside: avoid; page-break-inside: avoid; }
.prompt { font-weight: 600; margin: 0 0 0.3em; }
.answer { white-space: pre-wrap; border: 1px solid #bbb; border-radius: 4px;
          padding: 0.4em 0.6em; margin: 0; }
.missing { color: #555; font-style: italic; }
.note { color: #444; font-size: 0.9em; margin: 0.2em 0 0; }
code { font: 9pt/1.3 ui-monospace, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
ul { padding-left: 1.2em; }
@page { margin: 18mm; }
@media print { body { margin: 0; max-width: none; } a { color: inherit; } }
"""

#: marks that are Markdown anywhere in a line, and marks that are Markdown at its start
_MARKDOWN_ANYWHERE = re.compile(r"([\\`*_{}\[\]|~!])")
_MARKDOWN_LINE_START = re.compile(r"^(\s*)([#+=-]|\d+[.)])")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def file_stem(work: Work) -> str:
    """``01_climate-ada-lovelace``: the lesson and a file-safe form of the student's name."""
    name = re.sub(r"[^a-z0-9]+", "-", work.student.lower()).strip("-")[:40]
    return f"{work.lesson}-{name or 'no-name'}"


def md_escape(text: str) -> str:
    """One line a student typed, safe in Markdown: shown as typed, never markup or HTML.

    ``<``, ``>`` and ``&`` become entities (safe in every Markdown, even those that pass raw
    HTML through); emphasis, code, link and table marks get a backslash anywhere, and list,
    heading and quote marks at the start of the line.
    """
    text = _CONTROL.sub("", str(text))
    text = _MARKDOWN_ANYWHERE.sub(r"\\\1", text)
    text = _MARKDOWN_LINE_START.sub(lambda m: f"{m[1]}{m[2][:-1]}\\{m[2][-1]}", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def md_line(text: str) -> str:
    """One line of escaped text (a name, a label, a prompt): line breaks become spaces."""
    return md_escape(" ".join(str(text).split()))


def safe_code(code: Any) -> str:
    """A code if it is made of code characters only, else "" (a damaged code is left out)."""
    return code if isinstance(code, str) and CODE_PATTERN.fullmatch(code) else ""


def fenced(text: str) -> list[str]:
    """A fenced code block whose fence no run of backticks in ``text`` can close."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence, text, fence]


def _revealed_note(record: dict) -> str:
    if not record.get("revealed"):
        return ""
    if record.get("answer", "") != record.get("answer_when_revealed", ""):
        return pgettext("hand-in", "Changed after the model answer was shown.")
    return pgettext("hand-in", "Written before the model answer was shown.")


def _check_line(record: dict) -> str:
    """The checkpoint's message as the student saw it (it starts with ✓ or ✗)."""
    message = str(record.get("message", "")).strip()
    if message.startswith(("✓", "✗")):
        return message
    return f"{'✓' if record.get('passed') else '✗'} {message}"


def shown_game(game: str) -> str:
    """A game's short name as people read it, in the current language ("Clima" for
    "climate"); a game without one (Phylo: a name in every language) keeps its id."""
    from evo_lessons.population.worlds import WORLDS, get_world

    return get_world(game).shown_title() if game in WORLDS else game


def _game_name(label: str, record: dict) -> str:
    game = str(record.get("game", ""))
    return label if label == game or not game else f"{label} ({shown_game(game)})"


def game_state(record: dict) -> str:
    """What the hand-in says of the game a widget shows now."""
    moves = record.get("moves")
    count = ""
    if isinstance(moves, int):
        count = ngettext(", {n} move", ", {n} moves", moves).format(n=moves)
    if record.get("over"):
        return pgettext("hand-in; {count} is ', 12 moves' or empty", "finished{count}").format(
            count=count
        )
    if safe_code(record.get("code")):
        return pgettext("hand-in; {count} is ', 12 moves' or empty", "in progress{count}").format(
            count=count
        )
    return pgettext(
        "hand-in; {count} is ', 12 moves' or empty",
        "in progress{count}: its scenario code is given when the game is over (mid-game it "
        "would show the other players' hidden cards)",
    ).format(count=count)


def result_title(record: dict) -> str:
    label, game = record.get("label", ""), record.get("game", "")
    if record.get("kind") == "population":
        title = pgettext(
            "hand-in; {game} is a game's name such as 'Climate'",
            "{label}: population run of {game}",
        )
    elif record.get("helped"):
        title = pgettext(
            "hand-in; {game} is a game's name such as 'Climate'",
            "{label}: game of {game} (played to the end by the helper bot)",
        )
    else:
        title = pgettext(
            "hand-in; {game} is a game's name such as 'Climate'", "{label}: game of {game}"
        )
    return title.format(label=label, game=shown_game(str(game)) if game else game)


def in_lesson_order(work: Work) -> list[tuple[str, dict]]:
    """The work's questions in the lesson's order (its answer key lists them as the notebook
    asks them), whatever order they came back in (a restore brings them sorted by id);
    questions the key does not name follow, in the order they were saved."""
    questions = list(work.questions.items())
    try:
        from .answers import load_answers

        order = {qid: n for n, qid in enumerate(load_answers(work.lesson).questions)}
    except (OSError, ValueError):
        return questions
    last = len(order)
    ranked = sorted(enumerate(questions), key=lambda item: (order.get(item[1][0], last), item[0]))
    return [question for _n, question in ranked]


def handin_title(title: str) -> str:
    """ "<lesson title>: hand-in" in the current language."""
    return tr(_HANDIN_TITLE).format(title=title)


def work_lang(work: Work) -> str:
    """The language of a hand-in: the work's (the lesson's), else the environment's."""
    return get_translator(getattr(work, "lang", None) or None).lang


def to_markdown(work: Work, title: str) -> str:
    """The hand-in as Markdown: everything typed escaped, codes in fenced blocks."""
    with speaking(work_lang(work)):
        return _to_markdown(work, title)


def _to_markdown(work: Work, title: str) -> str:
    lines = [f"# {handin_title(md_line(title))}", ""]
    name = md_line(work.student) if work.student.strip() else f"*{tr(_NO_NAME)}*"
    lines += [f"**{tr(_NAME)}:** {name}  ", f"**{tr(_SAVED)}:** {md_line(work.updated)}", ""]
    lines += [f"## {tr(_QUESTIONS)}", ""]
    if not work.questions:
        lines += [f"*{tr(_NO_QUESTIONS)}*", ""]
    for number, (question_id, record) in enumerate(in_lesson_order(work), start=1):
        stage = tr(STAGE_NAMES.get(record.get("stage", ""), QUESTION))
        prompt = md_line(record.get("prompt", ""))
        lines += [f"**{number}. {stage}.** {prompt} *({md_line(question_id)})*", ""]
        answer = str(record.get("answer", "")).strip()
        quoted = [f"> {md_escape(line)}".rstrip() for line in answer.splitlines()]
        lines += [*(quoted or [f"> *{tr(_NO_ANSWER)}*"]), ""]
        note = _revealed_note(record)
        if note:
            lines += [f"*{note}*", ""]
    lines += [f"## {tr(_CHECKPOINTS)}", ""]
    lines += [
        f"- {md_line(_check_line(r))} *({md_line(cid)})*" for cid, r in work.checkpoints.items()
    ] or [f"*{tr(_NO_CHECKPOINTS)}*"]
    lines += ["", f"## {tr(_GAMES)}", ""]
    opened = False
    for label, record in work.games.items():
        lines.append(f"- {md_line(_game_name(label, record))}: {md_line(game_state(record))}")
        code = safe_code(record.get("code"))
        if code:
            lines += ["", *fenced(code), ""]
            opened = True
    if not work.games:
        lines.append(f"*{tr(_NO_GAME)}*")
    elif opened:
        lines += ["", tr(_OPEN_AGAIN).format(call="`GameWidget.from_scenario(code)`")]
    lines += ["", f"## {tr(_RESULTS)}", "", RESULTS_MD_OPEN, ""]
    results = [(r, safe_code(r.get("code"))) for r in work.results]
    for number, (record, code) in enumerate(((r, c) for r, c in results if c), start=1):
        lines += [f"**{number}. {md_line(result_title(record))}**", "", *fenced(code), ""]
    if not any(code for _, code in results):
        lines += [f"*{tr(_NO_RESULTS)}*", ""]
    lines += [RESULTS_MD_CLOSE]
    return "\n".join(lines) + "\n"


def to_html(work: Work, title: str) -> str:
    """The hand-in as a standalone HTML page that prints well (no scripts, no outside files)."""
    lang = work_lang(work)
    with speaking(lang) as t:
        return _to_html(work, title, lang, t.dir)


def _to_html(work: Work, title: str, lang: str, direction: str) -> str:
    e = html.escape
    no_name = tr(_NO_NAME)
    parts = [
        "<!doctype html>",
        f'<html lang="{e(html_lang(lang))}" dir="{direction}"><head><meta charset="utf-8">',
        f"<title>{e(handin_title(title))}: {e(work.student or no_name)}</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>{e(handin_title(title))}</h1>",
        f'<p class="who"><strong>{e(tr(_NAME))}:</strong> {e(work.student or no_name)}<br>'
        f"<strong>{e(tr(_SAVED))}:</strong> {e(work.updated)}</p>",
        f"<h2>{e(tr(_QUESTIONS))}</h2>",
    ]
    if not work.questions:
        parts.append(f'<p class="missing">{e(tr(_NO_QUESTIONS))}</p>')
    for number, (question_id, record) in enumerate(in_lesson_order(work), start=1):
        stage = tr(STAGE_NAMES.get(record.get("stage", ""), QUESTION))
        answer = str(record.get("answer", "")).strip()
        shown = e(answer) if answer else f'<span class="missing">{e(tr(_NO_ANSWER))}</span>'
        note = _revealed_note(record)
        parts += [
            f'<section class="question" id="q-{e(question_id)}">',
            f'<p class="prompt">{number}. {e(stage)}. {e(record.get("prompt", ""))}</p>',
            f'<p class="answer">{shown}</p>',
            f'<p class="note">{e(note)}</p>' if note else "",
            "</section>",
        ]
    parts.append(f"<h2>{e(tr(_CHECKPOINTS))}</h2>")
    checks = [f"<li>{e(_check_line(r))}</li>" for r in work.checkpoints.values()]
    none_run = f'<p class="missing">{e(tr(_NONE_RUN))}</p>'
    parts.append(f"<ul>{''.join(checks)}</ul>" if checks else none_run)
    parts.append(f"<h2>{e(tr(_GAMES))}</h2>")
    games = []
    for label, record in work.games.items():
        code = safe_code(record.get("code"))
        shown = f"<br><code>{e(code)}</code>" if code else ""
        games.append(f"<li>{e(_game_name(label, record))}: {e(game_state(record))}{shown}</li>")
    if games:
        parts.append(f"<ul>{''.join(games)}</ul>")
        if any(safe_code(r.get("code")) for r in work.games.values()):
            opener = "<code>GameWidget.from_scenario(code)</code>"
            parts.append(f'<p class="note">{e(tr(_OPEN_AGAIN)).format(call=opener)}</p>')
    else:
        parts.append(f'<p class="missing">{e(tr(_NO_GAME))}</p>')
    parts += [RESULTS_HTML_OPEN, f"<h2>{e(tr(_RESULTS))}</h2>"]
    items = [
        f"<li>{e(result_title(r))}<br><code>{e(safe_code(r.get('code')))}</code></li>"
        for r in work.results
        if safe_code(r.get("code"))
    ]
    parts.append(
        f"<ol>{''.join(items)}</ol>" if items else f'<p class="missing">{e(tr(_NO_RESULTS))}</p>'
    )
    parts += ["</section>", "</body></html>"]
    return "\n".join(p for p in parts if p) + "\n"


def work_payload(work: Work) -> str:
    """The work as compressed JSON in standard base64 (no "-", so it sits in a comment)."""
    text = json.dumps(work.to_dict(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")


def with_work(body: str, work: Work) -> str:
    """The file's text with the machine-readable copy of the work as its last line."""
    return body + seal_line(work_payload(work), body)


def write_hand_in(work: Work, title: str, folder: Path) -> list[Path]:
    """Write ``<folder>/hand-in/<lesson>-<name>.html`` and ``.md``; return both paths."""
    target = folder / FOLDER
    target.mkdir(parents=True, exist_ok=True)
    ignore = target / ".gitignore"
    if not ignore.exists():
        ignore.write_text("# students' hand-in files: never committed\n*\n", encoding="utf-8")
    stem = file_stem(work)
    written = []
    for suffix, text in ((".html", to_html(work, title)), (".md", to_markdown(work, title))):
        path = target / f"{stem}{suffix}"
        path.write_text(with_work(text, work), encoding="utf-8")
        written.append(path)
    return written
