"""Actions are the only way a game changes: frozen, hashable, JSON-able values.

A game declares its action types as small frozen dataclasses whose fields are ints, strings,
bools or tuples of ints. Saves store actions as plain dicts (``{"type": "Move", "cell": 12}``);
:func:`action_from_json` rebuilds them strictly, so a tampered save cannot smuggle in a field
or a type the game does not know. Legality is checked separately, by the state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar


class IllegalAction(ValueError):
    """A move against the rules. The state that raised it is unchanged."""

    def __init__(self, action: object, legal: Iterable[object], reason: str = "") -> None:
        self.action = action
        self.legal = list(legal)
        shown = "; ".join(str(a) for a in self.legal[:12])
        more = f" (and {len(self.legal) - 12} more)" if len(self.legal) > 12 else ""
        why = f" {reason}" if reason else ""
        if self.legal:
            message = f"Illegal action: {action}.{why} Legal now: {shown}{more}."
        else:
            message = f"Illegal action: {action}.{why} No action is legal now (the game is over)."
        super().__init__(message)


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions. Subclasses add fields and a plain-English ``__str__``."""

    kind: ClassVar[str] = "Action"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": type(self).__name__}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data


_SCALARS = (int, str, bool)


def action_from_json(data: object, types: Mapping[str, type[Action]]) -> Action:
    """Rebuild an action from its JSON dict, refusing anything the game does not declare."""
    if not isinstance(data, dict):
        raise ValueError(f"an action must be a JSON object, got {type(data).__name__}")
    name = data.get("type")
    if name not in types:
        raise ValueError(f"unknown action type {name!r}; this game knows {sorted(types)}")
    cls = types[name]
    fields = {f.name: f for f in dataclasses.fields(cls)}
    given = set(data) - {"type"}
    if given != set(fields):
        raise ValueError(
            f"action {name} needs exactly the fields {sorted(fields)}, got {sorted(given)}"
        )
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key == "type":
            continue
        if isinstance(value, list):
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise ValueError(f"action {name}.{key} must be a list of whole numbers")
            value = tuple(value)
        elif not isinstance(value, _SCALARS) or isinstance(value, float):
            raise ValueError(f"action {name}.{key} has a value of the wrong type: {value!r}")
        elif isinstance(value, bool) != (fields[key].type in ("bool", bool)):
            # JSON true is not the number 1, nor 1 the value true: the types must match
            raise ValueError(f"action {name}.{key} has a value of the wrong type: {value!r}")
        values[key] = value
    return cls(**values)
