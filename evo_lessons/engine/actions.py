"""Actions are the only way a game changes: frozen, hashable, JSON-able values.

A game declares its action types as small frozen dataclasses whose fields are ints, strings,
bools or tuples of ints. Saves store actions as plain dicts (``{"type": "Move", "cell": 12}``);
:func:`action_from_json` rebuilds them strictly (every field of its declared type), so a tampered
save cannot smuggle in a field or a type the game does not know. Legality is checked separately,
by the state, which acts only on its own legal action objects.

Nothing here ever formats a forged action with the game's own ``__str__``: a label may look a
field up in a table, and a forged value would turn a clear refusal into an IndexError.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Iterable, Mapping
from typing import Any

from evo_lessons.i18n import pgettext, pN_, tr

from .words import short_repr


class IllegalAction(ValueError):
    """A move against the rules. The state that raised it is unchanged."""

    def __init__(self, action: object, legal: Iterable[object], reason: str = "") -> None:
        self.action = action
        self.legal = list(legal)
        if isinstance(action, Action):
            action = describe_action(action)
        elif not isinstance(action, str):
            action = short_repr(action)
        # (the message is built only when a move is refused: never on a game's hot path)
        shown = "; ".join(str(a) for a in self.legal[:12])
        more = ""
        if len(self.legal) > 12:
            # Translators: after a list of the first 12 legal moves; {n} is how many are not shown
            more = pgettext("refused move", " (and {n} more)").format(n=len(self.legal) - 12)
        why = f" {reason}" if reason else ""
        if self.legal:
            # Translators: {action} is the refused move, {why} an optional reason (with its own
            # leading space), {shown} the legal moves separated by "; ", {more} " (and 3 more)"
            message = pgettext(
                "refused move", "Illegal action: {action}.{why} Legal now: {shown}{more}."
            ).format(action=action, why=why, shown=shown, more=more)
        else:
            message = pgettext(
                "refused move",
                "Illegal action: {action}.{why} No action is legal now (the game is over).",
            ).format(action=action, why=why)
        super().__init__(message)


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions. Subclasses add fields and a plain-English ``__str__``.

    An action is a value: a frozen dataclass whose fields are themselves immutable (the
    conformance suite hashes every legal action). A copy of a state (``GameState.clone``) can
    therefore share its actions, as it would share numbers, instead of copying each one.
    """

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": type(self).__name__}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data


def describe_action(action: Action) -> str:
    """``Move(cell=30.0)``: an action as its fields, safe for any forged value."""
    fields = ", ".join(
        f"{f.name}={short_repr(getattr(action, f.name, None), 24)}"
        for f in dataclasses.fields(action)
    )
    return f"{type(action).__name__}({fields})"


def exact_match(action: Action, own: Action) -> bool:
    """Equal and of the same types, field by field (``30.0 == 30`` but is not an int)."""
    if type(action) is not type(own):
        return False
    for field in dataclasses.fields(own):
        mine, theirs = getattr(own, field.name), getattr(action, field.name)
        if type(mine) is not type(theirs) or mine != theirs:
            return False
        if type(mine) is tuple and any(
            type(a) is not type(b) for a, b in zip(mine, theirs, strict=True)
        ):
            return False
    return True


@functools.cache
def _field_kinds(cls: type[Action]) -> dict[str, tuple[type, bool]]:
    """Each field's declared type: (int | str | bool | tuple, may it be None?)."""
    kinds = {}
    hints = typing.get_type_hints(cls)
    for field in dataclasses.fields(cls):
        hint = hints[field.name]
        args = typing.get_args(hint)
        optional = type(None) in args
        if optional:
            hint = next(a for a in args if a is not type(None))
        base = typing.get_origin(hint) or hint
        if base not in (int, str, bool, tuple):
            raise TypeError(  # a game author's declaration: a Python programmer's error
                f"{cls.__name__}.{field.name}: actions hold ints, words, flags, tuples"
            )
        kinds[field.name] = (base, optional)
    return kinds


def action_from_json(data: object, types: Mapping[str, type[Action]]) -> Action:
    """Rebuild an action from its JSON dict, refusing anything the game does not declare."""
    if not isinstance(data, dict):
        raise ValueError(
            # Translators: in a refused save; {kind} is a JSON type's name (list, str, ...)
            pgettext("refused save", "an action must be a JSON object, got {kind}").format(
                kind=type(data).__name__
            )
        )
    name = data.get("type")
    if not isinstance(name, str) or name not in types:
        raise ValueError(
            # Translators: {name} is the save's action type, {known} the game's (kept in English)
            pgettext("refused save", "unknown action type {name}; this game knows {known}").format(
                name=short_repr(name, 30), known=sorted(types)
            )
        )
    cls = types[name]
    fields = {f.name: f for f in dataclasses.fields(cls)}
    given = set(data) - {"type"}
    if given != set(fields):
        raise ValueError(
            # Translators: {name} is an action type, {fields} and {given} lists of field names
            pgettext(
                "refused save", "action {name} needs exactly the fields {fields}, got {given}"
            ).format(name=name, fields=sorted(fields), given=sorted(given))
        )
    values: dict[str, Any] = {}
    # (an Action class is hashable; mypy reads the instances' __hash__ as the class's)
    for key, (kind, optional) in _field_kinds(cls).items():  # type: ignore[arg-type]
        value = data[key]
        if value is None and optional:
            values[key] = None
            continue
        if kind is tuple:
            if type(value) is not list or not all(type(v) is int for v in value):
                raise ValueError(
                    # Translators: {name}.{key} is an action's field (Move.cell), kept in English
                    pgettext(
                        "refused save", "action {name}.{key} must be a list of whole numbers"
                    ).format(name=name, key=key)
                )
            value = tuple(value)
        elif type(value) is not kind:
            # JSON true is not the number 1, nor "3" the number 3: the types must match exactly
            raise ValueError(
                # Translators: {name}.{key} is an action's field (Move.cell), {kind} "a whole
                # number", "a word" or "true or false", {value} the value found
                pgettext("refused save", "action {name}.{key} must be {kind}, got {value}").format(
                    name=name, key=key, kind=tr(_KIND_WORDS[kind]), value=short_repr(value, 24)
                )
            )
        values[key] = value
    return cls(**values)


_KIND_WORDS = {
    int: pN_("refused save", "a whole number"),
    str: pN_("refused save", "a word"),
    bool: pN_("refused save", "true or false"),
}
