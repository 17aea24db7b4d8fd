"""Hand-in: a student's work for one lesson as one file to give the teacher.

Two forms of the same content: HTML that prints well (one page per lesson on A4 or Letter, no
widgets, no scripts) and Markdown (for an LMS text box, a wiki, or e-mail). Each holds the
student's name, every question with the student's answer (and whether the model answer was
seen first), the checkpoint results, and the scenario code of each game they played, which
opens the same game and position with ``GameWidget.from_scenario(code)``.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from .work import Work

FOLDER = "hand-in"
STAGE_NAMES = {
    "predict": "Predict",
    "play": "Play",
    "observe": "Observe",
    "explain": "Explain",
    "think": "Think",
}

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


def file_stem(work: Work) -> str:
    """``01_climate-ada-lovelace``: the lesson and a file-safe form of the student's name."""
    name = re.sub(r"[^a-z0-9]+", "-", work.student.lower()).strip("-")[:40]
    return f"{work.lesson}-{name or 'no-name'}"


def _revealed_note(record: dict) -> str:
    if not record.get("revealed"):
        return ""
    if record.get("answer", "") != record.get("answer_when_revealed", ""):
        return "Changed after the model answer was shown."
    return "Written before the model answer was shown."


def _check_line(record: dict) -> str:
    """The checkpoint's message as the student saw it (it starts with ✓ or ✗)."""
    message = str(record.get("message", "")).strip()
    if message.startswith(("✓", "✗")):
        return message
    return f"{'✓' if record.get('passed') else '✗'} {message}"


def _game_name(label: str, record: dict) -> str:
    game = str(record.get("game", ""))
    return label if label == game or not game else f"{label} ({game})"


def to_markdown(work: Work, title: str) -> str:
    """The hand-in as Markdown: each answer quoted, so what the student typed stays as typed."""
    lines = [f"# {title}: hand-in", ""]
    lines += [f"**Name:** {work.student or '(no name given)'}  ", f"**Saved:** {work.updated}", ""]
    lines += ["## Questions", ""]
    if not work.questions:
        lines += ["*(no questions answered)*", ""]
    for number, (question_id, record) in enumerate(work.questions.items(), start=1):
        stage = STAGE_NAMES.get(record.get("stage", ""), "Question")
        lines.append(f"**{number}. {stage}.** {record.get('prompt', '')} *({question_id})*")
        lines.append("")
        answer = record.get("answer", "").strip()
        quoted = [f"> {line}".rstrip() for line in answer.splitlines()] or ["> *(no answer)*"]
        lines += [*quoted, ""]
        note = _revealed_note(record)
        if note:
            lines += [f"*{note}*", ""]
    lines += ["## Checkpoints", ""]
    lines += [f"- {_check_line(r)} *({cid})*" for cid, r in work.checkpoints.items()] or [
        "*(no checkpoints run)*"
    ]
    lines += ["", "## Games", ""]
    for label, record in work.games.items():
        lines += [f"- {_game_name(label, record)}: `{record.get('code', '')}`"]
        if record.get("result"):
            lines += [f"  - result code: `{record['result']}`"]
    if not work.games:
        lines.append("*(no game recorded)*")
    else:
        lines += ["", "Open a game again with `GameWidget.from_scenario(code)`."]
    return "\n".join(lines) + "\n"


def to_html(work: Work, title: str) -> str:
    """The hand-in as a standalone HTML page that prints well (no scripts, no outside files)."""
    e = html.escape
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(title)}: hand-in: {e(work.student or 'no name')}</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>{e(title)}: hand-in</h1>",
        f'<p class="who"><strong>Name:</strong> {e(work.student or "(no name given)")}<br>'
        f"<strong>Saved:</strong> {e(work.updated)}</p>",
        "<h2>Questions</h2>",
    ]
    if not work.questions:
        parts.append('<p class="missing">(no questions answered)</p>')
    for number, (question_id, record) in enumerate(work.questions.items(), start=1):
        stage = STAGE_NAMES.get(record.get("stage", ""), "Question")
        answer = record.get("answer", "").strip()
        shown = e(answer) if answer else '<span class="missing">(no answer)</span>'
        note = _revealed_note(record)
        parts += [
            f'<section class="question" id="{e(question_id)}">',
            f'<p class="prompt">{number}. {e(stage)}. {e(record.get("prompt", ""))}</p>',
            f'<p class="answer">{shown}</p>',
            f'<p class="note">{e(note)}</p>' if note else "",
            "</section>",
        ]
    parts.append("<h2>Checkpoints</h2>")
    checks = [f"<li>{e(_check_line(r))}</li>" for r in work.checkpoints.values()]
    parts.append(f"<ul>{''.join(checks)}</ul>" if checks else '<p class="missing">(none run)</p>')
    parts.append("<h2>Games</h2>")
    games = [
        f"<li>{e(_game_name(label, r))}: <code>{e(r.get('code', ''))}</code>"
        + (f"<br>result code: <code>{e(r['result'])}</code>" if r.get("result") else "")
        + "</li>"
        for label, r in work.games.items()
    ]
    if games:
        parts.append(f"<ul>{''.join(games)}</ul>")
        opener = "<code>GameWidget.from_scenario(code)</code>"
        parts.append(f'<p class="note">Open a game again with {opener}.</p>')
    else:
        parts.append('<p class="missing">(no game recorded)</p>')
    parts.append("</body></html>")
    return "\n".join(p for p in parts if p) + "\n"


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
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
