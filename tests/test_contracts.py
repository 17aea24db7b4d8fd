"""The class service's answers, its types and its documentation agree (issue 41.4).

docs/class_service.md lists the fields of the summary (``GET /api/summary``, the Teacher table)
and of the served game's payload (the "game payload" block); evo_lessons/service/contracts.py
types them (``Summary``, ``GamePayload``); a live service answers them. This test reads the
doc's lists, plays a small class (a served game finished, one in play, a code sent twice and a
damaged one) and compares the three, top level and each list's rows. A field added to an
answer fails here with the sentence saying where to add it.
"""

from __future__ import annotations

import re
import typing
import uuid
from pathlib import Path
from typing import Any

import pytest
from service.helpers import Running, call, finished_code, join, play_served, send, summary

from evo_lessons.service.contracts import GamePayload, Summary

REPO = Path(__file__).resolve().parents[1]
DOC = REPO / "docs" / "class_service.md"
CONTRACTS = "evo_lessons/service/contracts.py"
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+')

#: a doc's field list: key -> its fields (a dict), a list row's fields ([dict]), or None
Shape = dict[str, Any]
#: the key a field list gets when the doc writes "..." in it: the row has more fields (a game's
#: own metrics), and only those named are checked
OPEN = "..."


# -- reading the doc's loose JSON ("{"a", "b": [{"c"}], "d": {...}}") ---------------------
def parse(text: str) -> Shape:
    """The keys of a field list as the doc writes it (values and ``...`` are skipped)."""
    tokens = _TOKEN.findall(text)
    value, _ = _value(tokens, tokens.index("{"))
    assert isinstance(value, dict), text
    return value


def _value(tokens: list[str], at: int) -> tuple[Any, int]:
    if tokens[at] == "{":
        return _object(tokens, at + 1)
    if tokens[at] == "[":
        rows, at = None, at + 1
        while tokens[at] != "]":
            item, at = _value(tokens, at)
            rows = rows or ([item] if isinstance(item, dict) else None)
            at += tokens[at] == ","
        return rows, at + 1
    while tokens[at] not in (",", "}", "]"):  # a scalar: words, numbers, "or", "null", ...
        at += 1 if tokens[at] not in ("{", "[") else 0
        if tokens[at] in ("{", "["):
            _, at = _value(tokens, at)
    return None, at


def _object(tokens: list[str], at: int) -> tuple[Shape, int]:
    found: Shape = {}
    while tokens[at] != "}":
        token = tokens[at]
        if token.startswith('"') and tokens[at + 1] in (":", ",", "}"):
            key = token.strip('"')
            at += 1
            if tokens[at] == ":":
                found[key], at = _value(tokens, at + 1)
            else:
                found[key] = None
        elif token in ("{", "["):
            _, at = _value(tokens, at)
        else:
            if token.strip(".") == "":  # "...": more fields than the doc names (open)
                found[OPEN] = None
            at += 1
        at += tokens[at] == ","
    return found, at + 1


def documented_summary() -> Shape:
    row = next(
        line for line in DOC.read_text(encoding="utf-8").splitlines()
        if line.startswith("| `GET /api/summary`")
    )  # fmt: skip
    answer = row.split(" | ")[2]
    return parse(answer[answer.index("`{") + 1 : answer.rindex("}`") + 1])


def documented_payload() -> Shape:
    text = DOC.read_text(encoding="utf-8")
    block = text.split("A **game payload**", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    block = re.sub(r"//[^\n]*", "", block)  # the comments
    return parse(block)


# -- comparing ------------------------------------------------------------------------------
def typed_keys(kind: Any) -> Shape:
    """A TypedDict's fields, each list-of-TypedDict field with its row's fields."""
    found: Shape = {}
    for key, hint in typing.get_type_hints(kind).items():
        row = typing.get_args(hint)[0] if typing.get_origin(hint) is list else None
        found[key] = [typed_keys(row)] if typing.is_typeddict(row) else None
    return found


def disagreements(where: str, doc: Shape, typed: Shape | None, live: dict[str, Any]) -> list[str]:
    """Each field the three disagree on, as a sentence saying what to add where (``typed``
    None: the type says only "a dict", as for a game's own metric rows)."""
    found = []
    listed = set(doc) - {OPEN}
    if OPEN not in doc:
        for key in sorted(set(live) - listed):
            found.append(f"{where} sends {key!r}: add it to its field list in {DOC.name}")
    if typed is None:
        typed = {key: doc[key] for key in listed}
    elif OPEN not in doc:
        for key in sorted(set(live) - set(typed)):
            found.append(f"{where} sends {key!r}: add it to its TypedDict in {CONTRACTS}")
    for key in sorted((listed | set(typed)) - set(live)):
        found.append(
            f"{where}: {key!r} is in {DOC.name} or {CONTRACTS} but not sent: send it, or "
            "take it out of both"
        )
    for key in sorted(listed & set(typed) & set(live)):
        rows = live[key]
        if isinstance(doc[key], list) and isinstance(rows, list) and rows:
            typed_row = typed[key][0] if isinstance(typed[key], list) else None
            found += disagreements(f"{where} {key}[]", doc[key][0], typed_row, rows[0])
    return found


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A small class: Ada finished a served game, has one in play, sent a code twice and a
    damaged one."""
    running = Running(tmp_path_factory.mktemp("contracts") / "class")
    try:
        token = join(running.url, running.join_code, "Ada")
        finished = play_served(running.url, token, "climate")
        status, in_play = call(running.url, "POST", "/api/games", {"game": "phylo"}, token)
        assert status == 200, in_play
        code = finished_code("Ada", seed=9)
        for _ in range(2):
            send(running.url, token, code, uuid.uuid4().hex)
        send(running.url, token, "EVR2-damaged", uuid.uuid4().hex)
        yield {"summary": summary(running), "payload": finished, "in play": in_play}
    finally:
        running.stop()


def test_the_doc_lists_fields_the_reader_can_find():
    assert {"counted", "students", "setups", "paused"} <= set(documented_summary())
    assert {"id", "board", "legal", "result"} <= set(documented_payload())


def test_the_summary_answers_what_the_doc_and_the_type_say(played):
    problems = disagreements(
        "GET /api/summary", documented_summary(), typed_keys(Summary), played["summary"]
    )
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("which", ["payload", "in play"])
def test_a_served_game_payload_answers_what_the_doc_and_the_type_say(played, which):
    problems = disagreements(
        "the game payload", documented_payload(), typed_keys(GamePayload), played[which]
    )
    assert not problems, "\n".join(problems)
