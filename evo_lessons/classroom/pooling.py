"""A class's result codes, pooled: each one read, checked by replaying it, and tabled.

Codes come from anywhere a teacher has them: pasted into a box, in students' hand-in files
(HTML or Markdown), uploaded through a FileUpload widget, or in a shared folder on a JupyterHub.
Each code is decoded and checked (:mod:`evo_lessons.engine.results`); a game is replayed move by
move through its rules, and a population run is run again from its settings. The numbers in a
row come from that replay, never from the code, so a forged or tampered code is listed as
rejected, with the reason, and never counted.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from evo_lessons import game_spec
from evo_lessons.engine import results
from evo_lessons.engine.results import ResultCodeError

if TYPE_CHECKING:
    import pandas as pd

#: files read in a folder (hand-ins are HTML and Markdown; a teacher's list may be text)
SUFFIXES = (".html", ".htm", ".md", ".markdown", ".txt")
#: a folder is read this deep and this far, so a wrong path cannot walk a whole disk
MAX_FILES = 5_000
MAX_FILE_BYTES = 5_000_000
HUMAN = "human"
#: in pasted text, anything shaped like one of our codes (damaged ones too, to say why)
_LOOSE = re.compile(r"EV[A-Z]\d*-[^\s<>\"'`]*")
#: the population run a result code may ask to re-run (individuals x generations)
MAX_POPULATION_WORK = 50_000_000


@dataclass
class Attempt:
    """One code as found: its text and where it came from (a file, an upload, "pasted")."""

    code: str
    source: str


@dataclass
class Pooled:
    """What :func:`pool` found: accepted rows and rejected codes with their reasons."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[dict[str, Any]] = field(default_factory=list)


# -- finding codes ----------------------------------------------------------------------------
def _from_text(text: str, source: str, loose: bool) -> list[Attempt]:
    """Codes in a text: in pasted text every line is an attempt (so junk is reported)."""
    found = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):  # a blank line or a comment in a list of codes
            continue
        matches = (_LOOSE if loose else results.CODE_PATTERN).findall(line)
        if matches:
            found += [Attempt(m, source) for m in matches]
        elif loose:
            found.append(Attempt(line, source))
    return found


def _from_file(path: Path, label: str | None = None) -> list[Attempt]:
    name = label or path.name
    if path.stat().st_size > MAX_FILE_BYTES:
        return [Attempt("", f"{name} (larger than {MAX_FILE_BYTES:,} bytes, not read)")]
    text = path.read_bytes().decode("utf-8", errors="replace")
    loose = path.suffix.lower() == ".txt"  # a teacher's own list: report every line
    return _from_text(text, name, loose)


def _from_folder(folder: Path) -> list[Attempt]:
    found: list[Attempt] = []
    count = 0
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))  # .evo_work, checkpoints
        for name in sorted(files):
            if name.startswith(".") or not name.lower().endswith(SUFFIXES):
                continue
            count += 1
            if count > MAX_FILES:
                return found
            path = Path(root) / name
            found += _from_file(path, path.relative_to(folder).as_posix())
    return found


def _upload(item: Mapping[str, Any]) -> list[Attempt]:
    """A file from an ipywidgets FileUpload (``{"name": ..., "content": memoryview}``)."""
    name = str(item.get("name", "upload"))[:120]
    content = bytes(item.get("content", b""))
    if len(content) > MAX_FILE_BYTES:
        return [Attempt("", f"{name} (larger than {MAX_FILE_BYTES:,} bytes, not read)")]
    text = content.decode("utf-8", errors="replace")
    return _from_text(text, name, loose=name.lower().endswith(".txt"))


def find_codes(sources: Any) -> list[Attempt]:
    """Every code attempt in ``sources``: a code, pasted text, a file or folder path, an
    upload (a FileUpload's value), or a list of any of these."""
    if isinstance(sources, Attempt):
        return [sources]
    if isinstance(sources, os.PathLike):
        path = Path(sources)
        if path.is_dir():
            return _from_folder(path)
        if path.is_file():
            return _from_file(path)
        return [Attempt("", f"{str(path)[:80]} (no such file or folder)")]
    if isinstance(sources, bytes | bytearray | memoryview):
        return _from_text(bytes(sources).decode("utf-8", errors="replace"), "bytes", True)
    if isinstance(sources, Mapping):
        return _upload(sources)
    if isinstance(sources, str):
        text = sources.strip()
        if "\n" not in text and len(text) < 4096 and not text.startswith("EV"):
            path = Path(os.path.expanduser(text))
            if text and path.exists():
                return find_codes(path)
        if "\n" in text:
            return _from_text(text, "pasted", loose=True)
        return [Attempt(text, "pasted")] if text else []
    if isinstance(sources, Iterable):
        found: list[Attempt] = []
        for item in sources:
            found += find_codes(item)
        return found
    return [Attempt(repr(sources)[:60], "not text")]


# -- checking one code ------------------------------------------------------------------------
def _student_seat(seats: list[str] | None) -> int | None:
    if seats is None:
        return 0
    return seats.index(HUMAN) if HUMAN in seats else None


def setup_key(game: str, options: Mapping[str, Any], seats: list[str] | None) -> str:
    """The setup a game was played in, in words: what "the same setup" means for chance."""
    parts = [f"{k}={options[k]}" for k in sorted(options)]
    who = "/".join(seats) if seats else "not recorded"
    return f"{game} ({', '.join(parts)}; seats {who})"


def game_row(spec, state, seats: list[str] | None) -> dict[str, Any]:
    """The numbers of a finished game: winners, the spec's metrics at the end, the student's.

    ``you_won`` and ``you_<metric>`` are the student's seat's (the first "human" seat; seat 0
    when the seats are not recorded), the columns the class is compared on.
    """
    row: dict[str, Any] = {
        "kind": "game",
        "game": spec.name,
        "setup": setup_key(spec.name, state.options, seats),
        "seed": state.seed,
        "seats": "/".join(seats) if seats else None,
    }
    row.update(state.summary())
    row["winner"] = state.winners[0] if len(state.winners) == 1 else None
    seat = _student_seat(seats)
    row["student_seat"] = seat
    row.update(you_numbers(spec, state.metrics(), state.winners, seat))
    return row


def you_numbers(spec, metrics: list[dict[str, Any]], winners, seat: int | None) -> dict:
    """The student's seat's numbers at the end: won (1/0) and each per-player number."""
    numbers: dict[str, Any] = {"you_won": None if seat is None else int(seat in winners)}
    for metric in measured_metrics(spec):
        numbers[f"you_{metric.name}"] = None if seat is None else metrics[seat][metric.name]
    return numbers


def measured_metrics(spec) -> list:
    """The spec's per-player metrics that are numbers (labels are tabled, never averaged)."""
    return [m for m in spec.metrics if m.per_player and m.kind in (int, float)]


def _check_game(data: dict[str, Any]) -> dict[str, Any]:
    save = data["save"]
    try:
        spec = game_spec(save["game"])
    except ValueError:
        raise ResultCodeError(
            "game", f"there is no game called {save['game'][:40]!r} in this evo_lessons"
        ) from None
    seats = save.get("seats")
    if seats is not None:
        unknown = [s for s in seats if s != HUMAN and s not in spec.bots]
        if unknown:
            raise ResultCodeError("field", f"a seat names no bot of {spec.title}: {unknown[0]!r}")
    state = results.replay_game_result(spec, data)
    return game_row(spec, state, seats)


def _check_population(data: dict[str, Any]) -> dict[str, Any]:
    from evo_lessons.population import Settings, run

    try:
        settings = Settings.from_json(json.dumps(data["settings"]))
    except ValueError as error:
        raise ResultCodeError("settings", f"the run's settings are refused ({error})") from None
    work = settings.size * max(settings.generations, 1)
    if work > MAX_POPULATION_WORK:
        raise ResultCodeError(
            "size", f"this run is too large to re-run here ({work:,} individual-generations)"
        )
    summary = population_summary(run(settings))
    claimed = data["summary"]
    if not _same_summary(summary, claimed):
        raise ResultCodeError("forged", "its summary is not what its settings give when run again")
    row: dict[str, Any] = {
        "kind": "population",
        "game": settings.game,
        "setup": f"population in {settings.game} ({settings.to_json()[:200]})",
        "seed": settings.seed,
    }
    row.update({k: v for k, v in summary.items() if k != "frequencies"})
    row.update({f"freq {k}": v for k, v in summary["frequencies"].items()})
    return row


def population_summary(result) -> dict[str, Any]:
    """A population run's end in numbers: what a population result code carries."""
    last = -1
    frequencies = {
        f"{trait}={label}": round(float(result.frequencies[last, c]), 6)
        for c, (trait, _value, label) in enumerate(result.columns)
        if result.frequencies[last, c] == result.frequencies[last, c]  # NaN once extinct
    }
    size = int(result.sizes[last].sum())
    return {
        "generations": int(result.generations[last]),
        "size": size,
        "mean_fitness": round(float(result.mean_fitness[last]), 6) if size else 0.0,
        "extinct": size == 0,
        "frequencies": frequencies,
    }


def _same_summary(mine: dict[str, Any], claimed: dict[str, Any]) -> bool:
    if {k: v for k, v in mine.items() if k not in ("mean_fitness", "frequencies")} != {
        k: v for k, v in claimed.items() if k not in ("mean_fitness", "frequencies")
    }:
        return False
    if set(mine["frequencies"]) != set(claimed["frequencies"]):
        return False
    pairs = [(mine["mean_fitness"], claimed["mean_fitness"])]
    pairs += [(v, claimed["frequencies"][k]) for k, v in mine["frequencies"].items()]
    return all(abs(a - b) <= 1e-6 for a, b in pairs)


def check_code(code: str) -> dict[str, Any]:
    """One code checked: its row (with the student's name), or a ResultCodeError."""
    data = results.parse_result(code)
    try:
        row = _check_game(data) if data["kind"] == "game" else _check_population(data)
    except ResultCodeError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as error:
        raise ResultCodeError(
            "field", f"it could not be checked ({type(error).__name__})"
        ) from None
    return {"name": data["name"], **row}


# -- the whole class --------------------------------------------------------------------------
def _short(code: str) -> str:
    code = " ".join(code.split())
    return code if len(code) <= 24 else code[:16] + "…" + code[-6:]


def _clip(sentence: str, limit: int = 240) -> str:
    return sentence if len(sentence) <= limit else sentence[: limit - 1] + "…"


def pool_codes(sources: Any) -> Pooled:
    """Check every code in ``sources``; see :func:`evo_lessons.classroom.pool`."""
    pooled = Pooled()
    seen: dict[str, dict[str, Any]] = {}  # code text -> its row (a hand-in's .html and .md)
    games: dict[str, str] = {}  # the game itself -> the first name that handed it in
    for number, attempt in enumerate(find_codes(sources), start=1):
        code = attempt.code.strip()
        if code in seen:
            seen[code]["sources"] += f", {attempt.source}"
            continue
        try:
            if not code:
                raise ResultCodeError("missing", "no code could be read here")
            row = check_code(code)
        except ResultCodeError as error:
            pooled.rejected.append(
                {
                    "number": number,
                    "source": attempt.source,
                    "code": _short(code),
                    "problem": error.problem,
                    "reason": _clip(error.sentence),
                }
            )
            continue
        fingerprint = _fingerprint(code)
        row["duplicate_of"] = games.get(fingerprint)
        games.setdefault(fingerprint, row["name"])
        row["sources"] = attempt.source
        row["code"] = code
        seen[code] = row
        pooled.rows.append(row)
    return pooled


def _fingerprint(code: str) -> str:
    """The result without its name: the same game handed in under two names matches."""
    data = results.parse_result(code)
    body = data.get("save") or data.get("settings")
    if isinstance(body, dict):
        body = {k: v for k, v in body.items() if k != "seats"}
    return json.dumps(body, sort_keys=True)


def frames(pooled: Pooled) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The accepted rows and the rejected codes as two DataFrames."""
    import pandas as pd

    first = ["name", "kind", "game", "setup", "you_won", "winners", "finished", "actions"]
    table = pd.DataFrame(pooled.rows)
    if not table.empty:
        table = table[[c for c in first if c in table] + [c for c in table if c not in first]]
    rejected = pd.DataFrame(
        pooled.rejected, columns=["number", "source", "code", "problem", "reason"]
    )
    return table, rejected
