"""A counted game: the usual game widget, whose game lives in the class service.

The class service deals the game and holds its state (docs/class_service.md); the kernel holds
only what the student's seat may see, as the service sends it in a *game payload*: the seat's
observation, its legal choices (on its turn), the log as seen from the seat, the plotted
metric rows and, at the end, how the service recorded the result. No seed, no other seat's
observation and no bot's choices ever reach the kernel, so nothing in it (Python or the page)
can show a hidden card.

:class:`ServedSession` gives :class:`~evo_lessons.widgets.game_widget.GameWidget` what it reads
of a session, built from the payload alone. What the widget uses of a session, and what it
gets here:

* read: ``spec``, ``game``, ``options``, ``seats``, ``humans`` (the student's seat),
  ``bot_names``, ``seed`` (None: never sent), ``teacher`` (False), ``position`` and
  ``actions`` (the move number: the timeline's length), ``rows`` (the metric rows, growing as
  the game goes on), ``log``, ``scenario_code_ready`` (False), ``is_human_turn()``;
* ``state``: a :class:`ServedState` offering ``observation(seat)`` of the student's seat only
  (the game's own view functions draw the board from it, so the page looks exactly as a local
  game's), ``current_player``, ``is_over``, ``winners``, ``num_players``, ``history``;
* moves: ``act_index(i)`` sends ``{"move", "index"}``; ``bot_step()`` on the student's turn
  sends the helper's move ``{"move", "helper": true}`` (recorded by the service as the
  helper's); the answer is the payload after every bot move up to the student's next decision;
* refused, with one sentence (:data:`NOT_IN_A_COUNTED_GAME`): ``undo``, ``seek``,
  ``new_game``, ``set_seat``, ``scenario_code`` and ``result_code`` (the service records the
  result itself: a counted game needs no code and no hand-in).

:class:`ServedGame` is the widget: a GameWidget on a ServedSession. It refuses a loaded scenario
code too, tells the page it is a counted game (the page then hides Undo, the timeline, New
game, the seat menus and the scenario code rows, with a line saying why), and shows the
service's verdict under the finished game instead of a result code.
"""

from __future__ import annotations

import contextlib
import copy
import uuid
from collections.abc import Callable
from typing import Any

from evo_lessons import GAMES, game_spec
from evo_lessons.engine import IllegalAction, action_from_json
from evo_lessons.engine.words import is_whole
from evo_lessons.i18n import pgettext, pN_, tr
from evo_lessons.live.client import NoAnswer, ServiceRefusal, TooMany
from evo_lessons.widgets.game_widget import GameWidget
from evo_lessons.widgets.session import HUMAN, GameSession

# (each sentence is marked here and translated where it is shown: ``tr(NO_PLAY_TO_END)``)
NOT_IN_A_COUNTED_GAME = pN_(
    "class",
    "This is a counted game, dealt and recorded by your class: it has no undo, rewind, seat "
    "change, new game or scenario code. Practice games in the lesson have them all.",
)
# Translators: "Step" is the game widget's button of that name: use its translation
SERVED_LINE = pN_(
    "class",
    "A counted game, dealt by your class: every move is recorded as you make it (Step lets the "
    "helper move for you, and is recorded as the helper's).",
)
# Translators: "Play to end" and "Step" are the game widget's buttons: use their translations
NO_PLAY_TO_END = pN_(
    "class",
    "Play to end is off in a counted game: press Step to let the helper make one move for you "
    "(recorded as the helper's).",
)
UNREACHABLE = pN_("class", "Your class did not answer: try again in a moment.")
#: a move that never reached the service (down, or a wrong address): certainly not made
MOVE_NOT_SENT = pN_(
    "class", "Your class could not be reached, so your move was not made: try again in a moment."
)
#: a move whose answer was lost, resolved by asking the service (issue 40.4): what it found
MOVE_MADE = pN_(
    "class", "Your class was slow to answer, so it was asked again: your move was made."
)
MOVE_NOT_MADE = pN_(
    "class", "Your move was not made (the game had moved on): look at the board and try again."
)
MOVE_NOT_KNOWN = pN_(
    "class",
    "Your class did not answer, so it is not known yet whether your move was made: press Step "
    "or a choice in a moment, and your class is asked first.",
)
EARLIER_MOVE_MADE = pN_(
    "class",
    "Your earlier move was made after all: the board shows the game as it is now. Choose again.",
)
#: a move refused by the service's limits (429: too many of the student's requests at once)
# Translators: {sentence} is the class service's own sentence (why it asks to wait)
MOVE_TOO_MANY = pN_("class", "Your move was not made: {sentence} Try again in a moment.")
#: how long a check after a lost answer waits (seconds)
RESOLVE_TIMEOUT = 5.0
#: the most log lines and metric rows a payload may hold (a long game has a few thousand)
MAX_LOG, MAX_ROWS, MAX_LEGAL = 50_000, 200_000, 5_000
#: log lines kept in the kernel (the widget shows the last 80)
KEPT_LOG = 200


class ServedState:
    """What the widget reads of a game's state, from one payload: the student's seat only."""

    def __init__(self, payload: dict[str, Any]) -> None:
        self.seat: int = payload["seat"]
        self.num_players: int = len(payload["seats"])
        self.current_player: int | None = payload["current_player"]
        self.is_over: bool = payload["is_over"]
        self.winners: list[int] = list(payload["winners"])
        self.options: dict[str, Any] = payload["options"]
        #: the moves made (only their number is known here; the service holds the moves)
        self.history = range(payload["move"])
        self._observation = payload["observation"]

    def observation(self, player: int | None = None) -> dict[str, Any]:
        """The student's seat's observation; any other seat's is not in the kernel at all."""
        if type(player) is not int or player != self.seat:
            raise ValueError(
                pgettext("class error", "A counted game shows only your own seat's view.")
            )
        return copy.deepcopy(self._observation)


class ServedSession:
    """A counted game played through the class service (see the module's docstring)."""

    teacher = False
    seed = None
    scenario_code_ready = False
    # the exports read only the metric rows, which are the same here as in a local session
    people_rows = GameSession.people_rows
    history = GameSession.history
    to_csv = GameSession.to_csv

    def __init__(
        self,
        client: Any,
        payload: dict[str, Any],
        on_call: Callable[[], None] | None = None,
    ) -> None:
        """``client``: a :class:`~evo_lessons.live.client.ServiceClient` with the
        student's token; ``on_call``: called after each answered request."""
        self._client = client
        self._on_call = on_call
        self.rows: list[dict[str, Any]] = []
        self.log: list[tuple[int, str]] = []
        #: a move whose answer was lost and could not be checked yet (asked first next time)
        self._pending: dict[str, Any] | None = None
        #: whether the service takes move ids (None: not known yet; False: an older service)
        self._move_ids: bool | None = True
        #: what the last move's answer needed saying ("your move was made", after a lost answer)
        self.notice = ""
        self._adopt(payload, expected=None)

    @classmethod
    def start(
        cls,
        client: Any,
        game: str,
        options: dict[str, Any],
        on_call: Callable[[], None] | None = None,
    ) -> ServedSession:
        """Ask the class for this student's counted game (``POST /api/games``)."""
        spec = game_spec(game)  # an unknown game is refused here, before any request
        answer = _ask(client, "POST", "/api/games", {"game": spec.name, "options": options})
        session = cls(client, checked_payload(answer, spec.name), on_call)
        return session

    # -- the payload ----------------------------------------------------------------------------
    def _adopt(self, payload: dict[str, Any], expected: str | None = None) -> None:
        if expected is not None and payload["id"] != expected:
            raise ValueError(
                pgettext(
                    "class error", "The class service answered about another game: nothing changed."
                )
            )
        self.id: str = payload["id"]
        self.spec = game_spec(payload["game"])
        self.options: dict[str, Any] = dict(payload["options"])
        self.seat: int = payload["seat"]
        self.seats: list[str] = [_seat_kind(kind) for kind in payload["seats"]]
        self.seats[self.seat] = HUMAN
        self.move: int = payload["move"]
        self.state = ServedState(payload)
        self.choices: list[dict[str, Any]] = self._targets(payload["legal"])
        lines = [(e["move"], e["text"]) for e in payload["log"]]
        log_since = payload.get("log_since")
        if log_since is None:  # the last lines, all of them
            self.log = lines
        else:  # only the lines after the version asked from (``?since=``): merged
            self.log = ([line for line in self.log if line[0] <= log_since] + lines)[-KEPT_LOG:]
        since = payload.get("since")
        if since is None:  # every row
            rows = payload["metrics"]
            if len(rows) >= len(self.rows):  # the same game, further on: keep the list (the
                self.rows.extend(rows[len(self.rows) :])  # plot feed sends only new rows)
            else:
                self.rows = list(rows)
        else:  # only the rows after the version asked from: merged
            held = len(self.rows)
            while held > 0 and self.rows[held - 1].get("step", 0) > since:
                held -= 1
            if held < len(self.rows):  # rows of moves the service does not hold (never in
                self.rows = self.rows[:held]  # practice): dropped, the plot drawn again
            self.rows.extend(payload["metrics"])
        self.result: dict[str, str] | None = payload["result"]

    def _targets(self, legal: list[Any]) -> list[dict[str, Any]]:
        """Each legal choice's label and the board element that makes it (when the service sends
        the action itself or its target; a label alone is a button in the list)."""
        choices = []
        view, types = self.spec.view, self.spec.state.action_types
        for entry in legal:
            if isinstance(entry, str):
                choices.append({"label": entry, "target": None})
                continue
            target = entry.get("target")
            if target is None and "action" in entry:
                try:
                    target = view.action_target(action_from_json(entry["action"], types))
                except ValueError:
                    target = None
            choices.append({"label": entry["label"], "target": target})
        return choices

    @property
    def game(self) -> str:
        return self.spec.name

    @property
    def url(self) -> str:
        """The class's address this game is played at."""
        return str(getattr(self._client, "url", ""))

    @property
    def humans(self) -> list[int]:
        return [self.seat]

    @property
    def bot_names(self) -> list[str]:
        return list(self.spec.bots)

    @property
    def good_bot(self) -> str:
        return self.spec.helper_bot

    @property
    def position(self) -> int:
        return self.move

    @property
    def actions(self) -> range:
        """The timeline's moves: their number is all the kernel knows of them."""
        return range(self.move)

    def is_human_turn(self) -> bool:
        return self.state.current_player == self.seat and not self.state.is_over

    # -- moves ----------------------------------------------------------------------------------
    def act_index(self, index: object) -> None:
        """The student's choice by its index among the legal choices, sent to the service."""
        # (isinstance narrows the type for the checker; is_whole refuses a bool)
        if not (isinstance(index, int) and is_whole(index) and 0 <= index < len(self.choices)):
            labels = [c["label"] for c in self.choices]
            raise IllegalAction(
                pgettext("class error", "choice number {index}").format(index=repr(index))[:60],
                labels,
                pgettext("error", "No such choice."),
            )
        if not self.is_human_turn():
            raise ValueError(
                pgettext("class error", "It is not your turn: the bots are still to move.")
            )
        self._act({"move": self.move, "index": int(index)})

    def bot_step(self) -> None:
        """On the student's turn, the helper's move (recorded as the helper's); otherwise the
        game as the service holds it now (its bots move by themselves)."""
        if self.state.is_over and self._pending is None:
            return
        if self._pending is not None or self.is_human_turn():
            self._act({"move": self.move, "helper": True})
            return
        before = self.move
        self.refresh()
        if self.move == before and not self.state.is_over and not self.is_human_turn():
            raise ValueError(
                pgettext(
                    "class error",
                    "Your class is still moving the bots: press Step again in a moment.",
                )
            )

    def note_shown(self, seat: int | None) -> None:
        """Nothing to note: the kernel holds only the student's own seat, and the service
        records what it deals and shows."""

    def run_bots(self) -> int:
        """Nothing to run: the service plays the bots up to the student's next decision."""
        return 0

    def refresh(self) -> None:
        """The game as the service holds it now (``GET /api/games/{id}``)."""
        answer = _ask(self._client, "GET", self._path())
        self._adopt(checked_payload(answer, self.game), expected=self.id)
        self._called()

    def _path(self, tail: str = "") -> str:
        """A request about this game, asking only for what came after the move held here
        (the service sends the new plot rows and log lines; :meth:`_adopt` merges them) and
        without the board and description (the widget draws them from the observation)."""
        return f"/api/games/{self.id}{tail}?since={self.move}&lean=1"

    def _act(self, body: dict[str, Any]) -> None:
        """One move, with its own ``move_id`` (contract 2: a repeat of it is answered as the
        first time, never applied twice). If its answer is lost, the service is asked what
        happened before anything is said (:meth:`_resolve`)."""
        # an earlier move whose answer never came is settled first; if it was made, this
        # click was made on the board before it, and is not sent
        if self._pending is not None and self._resolve(self._pending):
            self.notice = tr(EARLIER_MOVE_MADE)
            return
        body = {**body, "move_id": new_move_id()}
        self.notice = ""
        try:
            answer = self._post_act(body)
        except ServiceRefusal as refusal:
            if refusal.status == 409:  # the game moved on (a second tab) or the class is
                with contextlib.suppress(ValueError):  # paused: show the game as the service
                    self.refresh()  # holds it
            raise
        except TooMany as busy:  # the service's limits refused it before anything moved
            raise ValueError(tr(MOVE_TOO_MANY).format(sentence=_full_stop(str(busy)))) from None
        except NoAnswer:  # it went out and no answer came (a timeout...): was it made?
            if self._resolve(body):
                self.notice = tr(MOVE_MADE)
                return
            raise ValueError(tr(MOVE_NOT_MADE)) from None
        except OSError:  # it never reached the service (refused, no such host): not made
            raise ValueError(tr(MOVE_NOT_SENT)) from None
        self._adopt(checked_payload(answer, self.game), expected=self.id)
        self._called()

    def _post_act(self, body: dict[str, Any], timeout: float | None = None) -> dict[str, Any]:
        path = self._path("/act")
        if self._move_ids is False:
            body = {k: v for k, v in body.items() if k != "move_id"}
        try:
            return self._client.call("POST", path, body, timeout=timeout)
        except ServiceRefusal as refusal:
            # a service from before move ids names the field it does not know: the move is
            # sent as before (a repeat is then checked against the game's move number)
            if refusal.status == 400 and refusal.unknown_field("move_id") and "move_id" in body:
                self._move_ids = False
                plain = {k: v for k, v in body.items() if k != "move_id"}
                return self._client.call("POST", path, plain, timeout=timeout)
            raise

    def _resolve(self, body: dict[str, Any]) -> bool:
        """A move's answer was lost: ask the service what happened. True: the move was made
        (the game now shown as the service holds it); False: it was not (likewise). Neither
        known (no answer again): ValueError, and the move is kept to be asked about first at
        the next click."""
        self._pending = None
        try:
            if self._move_ids:  # the same move_id again: applied once, whatever happened
                answer = self._post_act(body, timeout=RESOLVE_TIMEOUT)
                self._adopt(checked_payload(answer, self.game), expected=self.id)
                self._called()
                return True
            answer = self._client.call("GET", self._path(), timeout=RESOLVE_TIMEOUT)
        except ServiceRefusal as refusal:
            if refusal.status != 409:
                raise
            answer = None  # the game is at another move than the one this was made at
        except OSError:
            self._pending = body
            raise ValueError(tr(MOVE_NOT_KNOWN)) from None
        if answer is None:
            try:
                answer = self._client.call("GET", self._path(), timeout=RESOLVE_TIMEOUT)
            except OSError:
                self._pending = body
                raise ValueError(tr(MOVE_NOT_KNOWN)) from None
        self._adopt(checked_payload(answer, self.game), expected=self.id)
        self._called()
        # without move ids (an older service) a repeat was not sent: the game's move number
        # says whether it moved on from the move this was made at
        return bool(self._move_ids is False and self.move > body["move"])

    def _called(self) -> None:
        if self._on_call is not None:
            self._on_call()

    # -- what a counted game does not do ---------------------------------------------------------
    def undo(self) -> bool:
        raise ValueError(tr(NOT_IN_A_COUNTED_GAME))

    def seek(self, position: int) -> None:
        raise ValueError(tr(NOT_IN_A_COUNTED_GAME))

    def new_game(self, seed: int | None = None) -> None:
        raise ValueError(tr(NOT_IN_A_COUNTED_GAME))

    def set_seat(self, seat: int, kind: str) -> None:
        raise ValueError(tr(NOT_IN_A_COUNTED_GAME))

    def scenario_code(self, include_moves: bool = True) -> str:
        raise ValueError(tr(NOT_IN_A_COUNTED_GAME))

    def result_code(self, name: str, lesson: str | None = None, **_: Any) -> str:
        raise ValueError(
            pgettext(
                "class error",
                "A counted game is recorded by your class as it ends: it needs no code.",
            )
        )


class ServedGame(GameWidget):
    """The game widget on a counted game (see the module's docstring)."""

    def __init__(self, session: ServedSession, *, plot: bool = True) -> None:
        #: the same object as ``self.session`` (a WidgetSession there), typed as what it is:
        #: a counted game never adopts another session (a scenario code, a new game: refused)
        self.served = session
        self._notice = ""  # a line under the counted-game line ("taken up again at move 12")
        super().__init__(session.spec, session=session, plot=plot)

    def note(self, text: str) -> None:
        """Show one more sentence on the counted-game line (until the next note)."""
        self._notice = text
        self._refresh(plot=False)

    def _choices(self) -> list[dict[str, Any]]:
        return [{"index": i, **choice} for i, choice in enumerate(self.served.choices)]

    def _served(self) -> dict[str, str]:
        result = self.served.result if self.state.is_over else None
        notes = [n for n in (getattr(self, "_notice", ""), self.served.notice) if n]
        line = " ".join([tr(SERVED_LINE), *notes])
        if result is None:
            return {"text": line, "result": ""}
        status, reason = result.get("status", ""), result.get("reason", "")
        words = {
            "counted": pgettext("class result", "Counted by your class."),
            "apart": pgettext("class result", "Recorded by your class, listed apart"),
            "refused": pgettext("class result", "Not counted by your class"),
        }.get(status) or pgettext("class result", "Recorded by your class")
        if reason and status != "counted":
            # Translators: {words} is one of the "class result" sentences, {reason} the class's
            text = pgettext("class result", "{words}: {reason}").format(words=words, reason=reason)
        else:
            text = words
        return {"text": line, "result": text}

    def _run_bots(self, frames: bool = True) -> None:
        """The service plays the bots; each answer already stands at the student's turn."""

    def _note_finished(self) -> None:
        """One counted game per widget, recorded by the service (no result code to keep)."""
        if not self._finished.entries:
            self._finished.entries.append(
                {
                    "label": pgettext("class", "{game}, counted game").format(
                        game=self.session.spec.title
                    ),
                    "number": 1,
                    "result_code": None,
                    "helped": False,
                }
            )
            self.finished_count = 1

    def _result(self) -> None:
        return None  # the page shows the service's verdict on the counted-game line instead

    def play_to_end(self) -> None:
        raise ValueError(tr(NO_PLAY_TO_END))

    def _on_load_code(self, content: dict) -> None:
        raise ValueError(tr(NOT_IN_A_COUNTED_GAME))

    def _on_code(self, content: dict) -> None:
        raise ValueError(tr(NOT_IN_A_COUNTED_GAME))

    def refresh(self) -> None:
        """Show the game as the service holds it now (after a pause, or from another tab)."""
        self.served.refresh()
        self._refresh()


# -- checking what the service sends ---------------------------------------------------------
def new_move_id() -> str:
    """A move's own id (contract 2: 8-64 of ``[A-Za-z0-9_-]``)."""
    return uuid.uuid4().hex


def _full_stop(sentence: str) -> str:
    sentence = sentence.strip()
    return sentence if sentence.endswith((".", "!", "?")) else sentence + "."


def _ask(client: Any, method: str, path: str, body: dict[str, Any] | None = None) -> dict:
    """One request for a game; a ValueError a student can read if it fails."""
    try:
        return client.call(method, path, body)
    except TooMany as busy:  # the service's limits (429), with its sentence
        # Translators: {sentence} is the class service's own sentence (why it asks to wait)
        text = pgettext("class error", "Your class asks you to wait: {sentence}")
        raise ValueError(text.format(sentence=_full_stop(str(busy)))) from None
    except OSError:  # the client's ServiceUnreachable (no answer, a busy or failing service)
        raise ValueError(tr(UNREACHABLE)) from None


def _seat_kind(kind: str) -> str:
    """A seat as the widget names it: "human", or the bot's name ("bot: good" -> "good")."""
    return kind.split(":", 1)[1].strip() if kind.startswith("bot:") else kind


def _bad(what: str) -> ValueError:
    # Translators: {what} says what is wrong in it ("its seats", "another game")
    text = pgettext("class error", "The class service sent a game that cannot be shown ({what}).")
    return ValueError(text.format(what=what))


def checked_payload(data: Any, game: str) -> dict[str, Any]:
    """The fields of a game payload this kernel uses, each of the type the contract gives
    (anything else in it is dropped, unread). ValueError if one is missing or wrong."""
    if not isinstance(data, dict):
        raise _bad(pgettext("class error", "not a table"))
    if data.get("game") != game or game not in GAMES:
        raise _bad(pgettext("class error", "another game"))
    out: dict[str, Any] = {"game": game}
    for name, kind in (("id", str), ("options", dict), ("seats", list), ("observation", dict)):
        if not isinstance(data.get(name), kind):
            raise _bad(pgettext("class error", "no field '{name}'").format(name=name))
    if len(data["id"]) > 100 or not data["id"].replace("-", "").isalnum():
        raise _bad(pgettext("class error", "its id"))
    seats = data["seats"]
    if not 1 <= len(seats) <= 16 or not all(isinstance(s, str) and len(s) < 60 for s in seats):
        raise _bad(pgettext("class error", "its seats"))
    for name in ("seat", "move"):
        if type(data.get(name)) is not int or data[name] < 0:
            raise _bad(pgettext("class error", "its field '{name}'").format(name=name))
    if data["seat"] >= len(seats):
        raise _bad(pgettext("class error", "its seat"))
    current = data.get("current_player")
    if current is not None and not (type(current) is int and 0 <= current < len(seats)):
        raise _bad(pgettext("class error", "whose turn it is"))
    if type(data.get("is_over")) is not bool:
        raise _bad(pgettext("class error", "whether it is over"))
    winners = data.get("winners", [])
    if not isinstance(winners, list) or not all(type(w) is int for w in winners):
        raise _bad(pgettext("class error", "its winners"))
    legal = data.get("legal") or []
    if not isinstance(legal, list) or len(legal) > MAX_LEGAL or not all(map(_choice, legal)):
        raise _bad(pgettext("class error", "its choices"))
    targets = data.get("targets")
    if isinstance(targets, list) and len(targets) == len(legal):  # the board element of each
        if not all(t is None or (isinstance(t, str) and len(t) <= 200) for t in targets):
            raise _bad(pgettext("class error", "its choices' places on the board"))
        legal = [
            {"label": c, "target": t} if isinstance(c, str) else c
            for c, t in zip(legal, targets, strict=True)
        ]
    if current != data["seat"]:
        legal = []  # another seat's choices are never shown (the service sends none)
    log = data.get("log", [])
    if not isinstance(log, list) or len(log) > MAX_LOG or not all(map(_log_line, log)):
        raise _bad(pgettext("class error", "its log"))
    rows = data.get("metrics", [])
    if not isinstance(rows, list) or len(rows) > MAX_ROWS or not all(map(_row, rows)):
        raise _bad(pgettext("class error", "its plot rows"))
    since, log_since = data.get("metrics_since"), data.get("log_since")
    for value in (since, log_since):  # the version its rows (its log lines) are sent after
        if value is not None and not (type(value) is int and 0 <= value <= data["move"]):
            raise _bad(pgettext("class error", "what it sent since"))
    result = data.get("result")
    if result is not None and not (
        isinstance(result, dict)
        and all(isinstance(result.get(k, ""), str) for k in ("status", "reason"))
    ):
        raise _bad(pgettext("class error", "its result"))
    out.update(
        id=data["id"],
        options=data["options"],
        seats=seats,
        seat=data["seat"],
        move=data["move"],
        current_player=current,
        is_over=data["is_over"],
        winners=winners,
        observation=data["observation"],
        legal=legal,
        log=[{"move": e["move"], "text": e["text"]} for e in log],
        metrics=rows,
        since=since,
        log_since=log_since,
        result=None
        if result is None
        else {k: result.get(k, "")[:400] for k in ("status", "reason")},
    )
    return out


def _choice(entry: Any) -> bool:
    if isinstance(entry, str):
        return len(entry) <= 400
    if not isinstance(entry, dict) or not isinstance(entry.get("label"), str):
        return False
    target = entry.get("target")
    return len(entry["label"]) <= 400 and (target is None or isinstance(target, str))


def _log_line(entry: Any) -> bool:
    return (
        isinstance(entry, dict)
        and type(entry.get("move")) is int
        and isinstance(entry.get("text"), str)
    )


def _row(row: Any) -> bool:
    return isinstance(row, dict) and all(isinstance(k, str) for k in row)
