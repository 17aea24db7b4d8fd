"""Attacks every game must survive: forged actions, mutated saves and damaged scenario codes.

Part of the conformance suite (:func:`evo_lessons.engine.testing.check_game`). Everything here
plays the part of a student who types the wrong thing, a notebook computing a cell number with
numpy, or someone editing a save by hand. The contract: an input from outside is refused with an
``IllegalAction`` or ``ValueError`` whose message can be printed, nothing changes, nothing hangs.
"""

# i18n: developer-only: a test harness (forged actions and damaged saves); a failing test reads it

from __future__ import annotations

import base64
import dataclasses
import json
import random
import zlib
from collections.abc import Callable, Iterator
from typing import Any

from .actions import Action, IllegalAction, exact_match
from .record import PREFIX, encode
from .state import GameState

#: values that equal or resemble a legal field value but are not of its exact type, or are
#: far out of range: what review found reaching the rules through ``apply`` and saves
_ODD_NUMBERS: tuple[Any, ...] = (-1, 10**9, -(10**9), 10**30, 10**5000, 2**63)


class _FakeInt:
    """Compares equal to an int, as numpy's integers do, without being one."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return other == self.value

    def __hash__(self) -> int:
        return hash(self.value)

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"FakeInt({self.value})"


def forged_variants(action: Action) -> Iterator[Action]:
    """Actions of the same class whose fields are forged: equal-but-wrong types, odd values."""
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        replacements: list[Any] = []
        if type(value) is int:
            replacements += [float(value), _FakeInt(value), str(value), None, [value]]
            replacements += [value + n for n in _ODD_NUMBERS]
            if value in (0, 1):
                replacements.append(bool(value))
            try:
                import numpy

                replacements.append(numpy.int64(value))
            except ImportError:  # numpy is optional; _FakeInt plays its part
                pass
        elif type(value) is bool:
            replacements += [int(value), float(value), "yes", None]
        elif type(value) is str:
            replacements += [value.upper() + "x", 3, None, value * 1000, [value]]
        elif type(value) is tuple:
            replacements += [list(value), tuple(float(v) for v in value), (*value, 0), None]
        for forged in replacements:
            try:
                twin = object.__new__(type(action))
                for other in dataclasses.fields(action):
                    object.__setattr__(twin, other.name, getattr(action, other.name))
                object.__setattr__(twin, field.name, forged)
            except (TypeError, AttributeError):
                continue
            yield twin


def check_forged_actions(state: GameState, limit: int = 40) -> int:
    """Every forged twin of a legal action is refused as illegal, and nothing changes."""
    before = state.fingerprint()
    legal = state.legal_actions()
    tried = 0
    for action in legal[:limit]:
        for forged in forged_variants(action):
            if any(exact_match(forged, other) for other in legal):
                continue  # not forged after all: another legal move (a cell next door, say)
            try:
                state.apply(forged)
            except IllegalAction as error:
                str(error)  # the message must be printable
            else:
                raise AssertionError(f"a forged action was accepted: {forged!r}")
            assert state.fingerprint() == before, f"a forged action changed the state: {forged!r}"
            tried += 1
    return tried


def _mutate_value(rng: random.Random, value: Any) -> Any:
    choices: list[Any] = [
        None,
        True,
        1.5,
        "x",
        [],
        {},
        -1,
        10**9,
        10**40,
        [[[[[]]]]],
        {"type": "Nonsense"},
    ]
    if isinstance(value, int) and not isinstance(value, bool):
        choices += [value + 1, value - 1, float(value), str(value), -value - 1]
    return rng.choice(choices)


def mutated_saves(text: str, rng: random.Random, count: int) -> Iterator[str]:
    """Damaged copies of a save: structural edits of its JSON, then damaged text."""
    data = json.loads(text)
    deep = "[" * 5000 + "]" * 5000
    yield deep
    yield json.dumps({**data, "options": json.loads("[" * 40 + "]" * 40)})
    yield text.replace('"actions":[', '"actions":[' + "[" * 3000 + "]" * 3000 + ",", 1)
    yield json.dumps({**data, "seed": str(data["seed"])})
    yield text.replace(f'"seed":{data["seed"]}', '"seed":1' + "0" * 5000, 1)
    yield json.dumps({**data, "seats": ["human"] * 3 + [7]})
    for _ in range(count):
        mutated = json.loads(text)
        kind = rng.randrange(6)
        actions = mutated["actions"]
        if kind == 0 and actions:
            action = actions[rng.randrange(len(actions))]
            keys = [k for k in action if k != "type"] or ["type"]
            action[rng.choice(keys)] = _mutate_value(rng, None)
        elif kind == 1 and actions:
            action = actions[rng.randrange(len(actions))]
            key = rng.choice([k for k in action if k != "type"] or ["type"])
            action[key] = _mutate_value(rng, action[key])
        elif kind == 2:
            key = rng.choice(sorted(mutated["options"]) or ["players"])
            mutated["options"][key] = _mutate_value(rng, mutated["options"].get(key))
        elif kind == 3 and actions:
            i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
            actions[i], actions[j] = actions[j], actions[i]
        elif kind == 4 and actions:
            del actions[rng.randrange(len(actions))]
        else:
            mutated[rng.choice(["seed", "game", "format", "version", "actions"])] = _mutate_value(
                rng, None
            )
        raw = json.dumps(mutated)
        yield raw
        if rng.random() < 0.3:
            cut = rng.randrange(len(raw))
            yield raw[:cut] + rng.choice(['"', "[", "}", "\\", "\x00", "é"]) + raw[cut + 1 :]


def damaged_codes(text: str, rng: random.Random, count: int) -> Iterator[str]:
    """Scenario codes: flipped, cut and padded characters, and codes packing hostile JSON."""
    code = encode(json.loads(text))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/ "
    packed = [b"[" * 150_000, b"\xff\xfe", b"{}" * 10, json.dumps({"format": 1}).encode()]
    for raw in packed:
        yield PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    yield PREFIX
    yield "EVO9-" + code[len(PREFIX) :]
    yield code + "AAAA"
    for _ in range(count):
        chars = list(code)
        where = rng.randrange(len(PREFIX), len(chars))
        kind = rng.randrange(3)
        if kind == 0:
            chars[where] = rng.choice(alphabet)
        elif kind == 1:
            del chars[where:]
        else:
            chars.insert(where, rng.choice(alphabet))
        yield "".join(chars)


def check_hostile_saves(
    load: Callable[[str], GameState], text: str, rng: random.Random, count: int = 200
) -> int:
    """Every damaged save or code either loads whole or raises a ValueError; nothing else."""
    tried = 0
    for bad in [*mutated_saves(text, rng, count), *damaged_codes(text, rng, count // 2)]:
        try:
            load(bad)
        except ValueError as error:  # IllegalAction is a ValueError too
            str(error)
        except Exception as error:
            raise AssertionError(
                f"a damaged save raised {type(error).__name__} ({error}), not ValueError: "
                f"{bad[:160]}"
            ) from error
        tried += 1
    return tried
